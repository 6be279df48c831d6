//! "Play the schedule": the turn played, with buttons to step, read from
//! the validator's own entry simulation (`berthier_rules::schedule`):
//! the activation markers in the pool and those entering it, each column
//! that entered in order with the hex each unit took and the movement it
//! has left, entry hexes held by the side's own units, and who is
//! delayed and why.

use berthier_rules::schedule::{Column, Delay, Outcome, Played, PlayedTurn};
use iced::widget::{Column as Col, button, row, text};
use iced::{Element, Font};

use super::{Message, TimelineScreen};
use berthier_tools::timeline::names::Names;

impl TimelineScreen {
    /// The played turn.
    pub(super) fn play_view(&self, turn: u16) -> Element<'_, Message> {
        let track = &self.doc.scenario().turns;
        let clock = berthier_tools::timeline::track::turns(track)
            .get(usize::from(turn) - 1)
            .map(|t| t.clock.clone())
            .unwrap_or_default();
        let steps = row![
            button("◀ Turn").on_press_maybe(
                (turn > 1).then_some(Message::PlayTurn(turn.saturating_sub(1)))
            ),
            text(format!("Turn {turn} of {} — {clock}", track.count)).size(16),
            button("Turn ▶").on_press_maybe(
                (turn < track.count).then_some(Message::PlayTurn(turn + 1))
            ),
        ]
        .spacing(8)
        .align_y(iced::Center);
        let mut page = Col::new().spacing(3).push(steps);
        let Some(played) = &self.played else {
            return page
                .push(
                    text(
                        "The schedule cannot be played: the scenario's map, \
                         counters or series did not load.",
                    )
                    .size(14),
                )
                .into();
        };
        for line in self.turn_lines(played, turn) {
            page = page.push(line);
        }
        page.into()
    }

    fn turn_lines(
        &self,
        played: &Played,
        turn: u16,
    ) -> Vec<Element<'_, Message>> {
        let index = usize::from(turn) - 1;
        let Some(now) = played.turns.get(index) else {
            return Vec::new();
        };
        let before = index.checked_sub(1).and_then(|i| played.turns.get(i));
        let mut lines = Vec::new();
        // Sides that bring their units with activation markers (Jours de
        // Gloire) have a pool; the others never do.
        if played.turns.iter().any(|t| !t.pool.is_empty()) {
            lines.push(small(pool_line(&self.names, now, before)));
        }
        if now.columns.is_empty() && now.delayed.is_empty() {
            lines.push(small("Nobody enters this turn.".to_owned()));
        }
        for column in &now.columns {
            lines.push(bold(format!(
                "{} enters at {}:",
                self.arrival_name(column.side, column.arrival),
                hex_list(&column.hexes)
            )));
            let names = &self.names;
            lines.extend(column_lines(names, column).into_iter().map(small));
        }
        for held in &now.held {
            let why = held.stacking.as_deref().map_or_else(
                || "no forced march through them".to_owned(),
                |s| format!("the first unit entering breaks: {s}"),
            );
            lines.push(small(format!(
                "Entry hex {} holds {} set up there: {why}.",
                held.hex,
                self.names.units(&held.occupants, ", ")
            )));
        }
        for delay in &now.delayed {
            lines.push(
                text(self.delay_line(delay))
                    .size(13)
                    .style(text::danger)
                    .into(),
            );
        }
        for card in self.cards.iter().filter(|c| c.turn == Ok(turn)) {
            if card.entry.is_none() {
                lines.push(small(format!(
                    "{}: no entry printed, left out of the simulation.",
                    card.title
                )));
            }
        }
        lines
    }

    /// The title of an arrival's (first) card.
    fn arrival_name(&self, side: usize, arrival: usize) -> String {
        self.cards
            .iter()
            .find(|c| c.side == side && c.index == arrival)
            .map_or_else(|| format!("arrival {arrival}"), |c| c.title.clone())
    }

    fn delay_line(&self, delay: &Delay) -> String {
        let outcome = match delay.outcome {
            Outcome::Entered(t) => format!("enters on turn {t}"),
            Outcome::Never => "can never enter".to_owned(),
            Outcome::AfterGame => "still waiting when the game ends".to_owned(),
        };
        format!(
            "Delayed: {} ({}) cannot enter: {}; {outcome}.",
            self.names.units(&delay.units, ", "),
            self.arrival_name(delay.side, delay.arrival),
            delay.reason
        )
    }
}

/// Markers in the pool, those new this turn first.
fn pool_line(
    names: &Names,
    now: &PlayedTurn,
    before: Option<&PlayedTurn>,
) -> String {
    if now.pool.is_empty() {
        return "No activation markers in the pool.".to_owned();
    }
    let had =
        |f: &str| before.is_some_and(|b| b.pool.iter().any(|(g, _)| g == f));
    let new: Vec<&str> = now
        .pool
        .iter()
        .filter(|(f, _)| !had(f))
        .map(|(f, _)| names.formation(f))
        .collect();
    let all: Vec<String> = now
        .pool
        .iter()
        .map(|(f, n)| format!("{} ×{n}", names.formation(f)))
        .collect();
    let mut line = format!("Pool: {}.", all.join(", "));
    if before.is_some() && !new.is_empty() {
        line.push_str(&format!(" Entering the pool: {}.", new.join(", ")));
    }
    line
}

/// One line per mover: position, units, hex, movement left; one line
/// for the whole column when nothing differs but the order (one entry
/// hex, no movement known).
fn column_lines(names: &Names, column: &Column) -> Vec<String> {
    let same_hex = column.entered.windows(2).all(|w| w[0].hex == w[1].hex);
    let unknown = column.entered.iter().all(|e| e.left.is_none());
    if same_hex && unknown && column.entered.len() > 1 {
        let order: Vec<String> = column
            .entered
            .iter()
            .map(|e| names.units(&e.units, " + "))
            .collect();
        let why = if column.entered.iter().all(|e| e.slot.is_none()) {
            "not costed (leaders, or an entry the rules cannot cost)"
        } else if column.entered.iter().all(|e| e.allowance.is_none()) {
            "movement left unknown (no printed allowance)"
        } else {
            "movement left unknown (the cost of the entry hex is unknown: \
             no terrain painted there, or no cost for it in the series)"
        };
        return vec![format!("  In this order: {}; {why}.", order.join(", "))];
    }
    column
        .entered
        .iter()
        .map(|e| {
            let hex = e.hex.map_or_else(|| "?".to_owned(), |h| h.to_string());
            let units = names.units(&e.units, " + ");
            match (e.slot, e.left, e.allowance) {
                (None, _, _) => format!(
                    "  {units} at {hex}: not costed (a leader, or an entry \
                     the rules cannot cost)"
                ),
                (Some(s), Some(l), Some(a)) => {
                    format!("  {s}. {units} at {hex}: {l} of {a} MP left")
                }
                (Some(s), None, Some(a)) => format!(
                    "  {s}. {units} at {hex}: {a} MP, movement left unknown \
                     (the cost of entering {hex} is unknown: no terrain \
                     painted there, or no cost for it in the series)"
                ),
                (Some(s), _, None) => format!(
                    "  {s}. {units} at {hex}: movement left unknown (no \
                     printed allowance)"
                ),
            }
        })
        .collect()
}

fn hex_list(hexes: &[berthier_schema::HexId]) -> String {
    if hexes.is_empty() {
        return "an entry that does not resolve".to_owned();
    }
    let all: Vec<String> = hexes.iter().map(ToString::to_string).collect();
    all.join(", ")
}

fn small<'a>(line: String) -> Element<'a, Message> {
    text(line).size(13).into()
}

fn bold<'a>(line: String) -> Element<'a, Message> {
    text(line)
        .size(14)
        .font(Font {
            weight: iced::font::Weight::Bold,
            ..crate::screen::FONT
        })
        .into()
}

#[cfg(test)]
mod tests {
    use berthier_rules::schedule::{Column, Entered};

    use super::column_lines;
    use berthier_tools::timeline::names::Names;

    fn entered(
        unit: &str,
        left: Option<u32>,
        allowance: Option<u32>,
    ) -> Entered {
        Entered {
            units: vec![unit.to_owned()],
            slot: Some(1),
            hex: Some(berthier_schema::HexId::new(3, 4)),
            left,
            allowance,
        }
    }

    fn lines(entered: Vec<Entered>) -> String {
        let column = Column {
            side: 0,
            arrival: 0,
            hexes: Vec::new(),
            entered,
        };
        column_lines(&Names::default(), &column).join("\n")
    }

    #[test]
    fn a_printed_allowance_is_not_called_missing() {
        let said = lines(vec![entered("a", None, Some(3))]);
        assert!(!said.contains("no printed allowance"), "{said}");
        assert!(said.contains("cost of entering"), "{said}");
        let said = lines(vec![
            entered("a", None, Some(3)),
            entered("b", None, Some(3)),
        ]);
        assert!(!said.contains("no printed allowance"), "{said}");
        assert!(said.contains("cost of the entry hex is unknown"), "{said}");
    }

    #[test]
    fn a_missing_allowance_is_said() {
        let said = lines(vec![entered("a", None, None)]);
        assert!(said.contains("no printed allowance"), "{said}");
    }
}
