//! The selected arrival's alternative entries on the Timeline: **Or
//! enters by** the map's entry points and edges chosen by name, whether
//! only their road hexes count, and the delay table rolled when one is
//! chosen, row by row (the roll, the turns late, who chooses). Each
//! change is one undo step; typing a number is one step, and a word is
//! refused with a notice, the field keeping its value.

use berthier_schema::placement::Location;
use berthier_schema::scenario::{Arrival, Chooser, DelayRow};
use iced::Element;
use iced::widget::{
    Column, button, checkbox, pick_list, row, text, text_input,
};

use super::{Message, TimelineScreen};
use berthier_tools::timeline::alternatives;
use berthier_tools::typed;
use berthier_tools::ways::{self, Way};

/// An edit of the selected arrival's alternative entries.
#[derive(Debug, Clone)]
pub enum AlternativeEdit {
    /// Add this entry point or edge.
    Add(Location),
    /// Take alternative `.0` out.
    Remove(usize),
    /// Only the alternatives' road hexes count, or all their hexes.
    RoadHexesOnly(bool),
    /// Add a row to the delay table.
    AddRow,
    /// Take row `.0` out.
    RemoveRow(usize),
    /// Row `.0`'s lowest roll typed.
    RollFrom(usize, String),
    /// Row `.0`'s highest roll typed.
    RollTo(usize, String),
    /// Row `.0`'s turns of delay typed.
    Delay(usize, String),
    /// Who chooses the entry on row `.0`'s roll.
    Chooser(usize, Chooser),
}

/// Who chooses, as the list says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Who(Chooser);

impl std::fmt::Display for Who {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.0 {
            Chooser::Owner => "the owner chooses",
            Chooser::Opponent => "the opponent chooses",
        })
    }
}

impl TimelineScreen {
    /// Applies an edit to the selected arrival's alternatives.
    pub(super) fn alternative_edit(&mut self, edit: AlternativeEdit) {
        use AlternativeEdit as E;
        let typed = match &edit {
            E::RollFrom(r, t) | E::RollTo(r, t) | E::Delay(r, t) => {
                match typed::number::<u8>(t) {
                    // An emptied field is left as it was until typed again.
                    Ok(n) => n.map(|n| (*r, n)),
                    Err(e) => {
                        self.notice =
                            Some(format!("{e}: the field keeps its value"));
                        return;
                    }
                }
            }
            _ => None,
        };
        let merge = match &edit {
            E::RollFrom(r, _) => Some(format!("alternative roll from {r}")),
            E::RollTo(r, _) => Some(format!("alternative roll to {r}")),
            E::Delay(r, _) => Some(format!("alternative delay {r}")),
            _ => None,
        };
        self.edit_arrival_merging(merge, |a| match (edit, typed) {
            (E::Add(l), _) => alternatives::add_entry(a, l),
            (E::Remove(k), _) => alternatives::remove_entry(a, k),
            (E::RoadHexesOnly(on), _) => {
                alternatives::set_road_hexes_only(a, on)
            }
            (E::AddRow, _) => alternatives::add_row(a),
            (E::RemoveRow(r), _) => alternatives::remove_row(a, r),
            (E::Chooser(r, c), _) => {
                alternatives::edit_row(a, r, |row| row.chooser = c)
            }
            (E::RollFrom(..), Some((r, n))) => {
                alternatives::edit_row(a, r, |row| {
                    row.roll = [n, row.roll[1].max(n)];
                })
            }
            (E::RollTo(..), Some((r, n))) => {
                alternatives::edit_row(a, r, |row| {
                    row.roll = [row.roll[0].min(n), n];
                })
            }
            (E::Delay(..), Some((r, n))) => {
                alternatives::edit_row(a, r, |row| row.delay_turns = n)
            }
            _ => false,
        });
    }

    /// "Or enters by", the road-hexes choice and the delay table.
    pub(super) fn alternatives_tools<'a>(
        &'a self,
        arrival: &'a Arrival,
        editable: bool,
    ) -> Element<'a, Message> {
        let msg = |e: AlternativeEdit| Message::Alternative(e);
        let offered: Vec<Way> = self
            .doc
            .map
            .as_ref()
            .map(ways::of)
            .unwrap_or_default()
            .into_iter()
            .filter(|w| arrival.entry.as_ref() != Some(&w.location))
            .collect();
        let listed = arrival.alternatives.as_ref();
        let mut col = Column::new().spacing(3);
        let mut line = row![text("Or enters by:").size(12)]
            .spacing(4)
            .align_y(iced::Center);
        for (k, entry) in listed
            .map(|a| a.entries.as_slice())
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            line = line.push(text(self.way_name(entry)).size(12)).push(
                button(text("×").size(11))
                    .padding([0, 4])
                    .style(button::danger)
                    .on_press_maybe(
                        editable.then_some(msg(AlternativeEdit::Remove(k))),
                    ),
            );
        }
        let add = pick_list(offered, None::<Way>, move |w: Way| {
            Message::Alternative(AlternativeEdit::Add(w.location))
        })
        .placeholder("Add…")
        .text_size(12);
        col = col.push(line.push(add).wrap().vertical_spacing(2));
        let Some(alternatives) = listed else {
            return col.into();
        };
        col = col.push(
            checkbox(alternatives.road_hexes_only)
                .label("Only their road hexes")
                .size(14)
                .text_size(12)
                .on_toggle_maybe(editable.then_some(move |on| {
                    Message::Alternative(AlternativeEdit::RoadHexesOnly(on))
                })),
        );
        for (r, row_) in alternatives.delay_table.iter().enumerate() {
            col = col.push(delay_row(r, row_, editable));
        }
        col.push(
            button(text("Add delay row").size(12))
                .padding([2, 6])
                .style(button::secondary)
                .on_press_maybe(
                    editable.then_some(msg(AlternativeEdit::AddRow)),
                ),
        )
        .into()
    }

    /// An entry point's or edge's name, as the map gives it.
    fn way_name(&self, entry: &Location) -> String {
        let ways = self.doc.map.as_ref().map(ways::of).unwrap_or_default();
        ways.into_iter()
            .find(|w| &w.location == entry)
            .map_or_else(|| format!("{entry:?}"), |w| w.name)
    }
}

/// "Roll [0] to [1]: [0] turns late, [the owner chooses] ×".
fn delay_row(
    r: usize,
    row_: &DelayRow,
    editable: bool,
) -> Element<'static, Message> {
    let field = |value: u8, on: fn(usize, String) -> AlternativeEdit| {
        let mut input = text_input("0", &value.to_string()).size(12).width(32);
        if editable {
            input = input.on_input(move |t| Message::Alternative(on(r, t)));
        }
        input
    };
    let who = [Who(Chooser::Owner), Who(Chooser::Opponent)];
    // A variant refuses the choice with a notice (pick lists cannot be
    // disabled).
    let chooser = pick_list(who, Some(Who(row_.chooser)), move |w: Who| {
        Message::Alternative(AlternativeEdit::Chooser(r, w.0))
    })
    .text_size(12);
    row![
        text("Roll").size(12),
        field(row_.roll[0], AlternativeEdit::RollFrom),
        text("to").size(12),
        field(row_.roll[1], AlternativeEdit::RollTo),
        text(":").size(12),
        field(row_.delay_turns, AlternativeEdit::Delay),
        text("turns late,").size(12),
        chooser,
        button(text("×").size(11))
            .padding([0, 4])
            .style(button::danger)
            .on_press_maybe(editable.then_some(Message::Alternative(
                AlternativeEdit::RemoveRow(r)
            ))),
    ]
    .spacing(4)
    .align_y(iced::Center)
    .wrap()
    .vertical_spacing(2)
    .into()
}
