//! "Play the schedule": the turn played, with buttons to step, and what
//! arrives on it.

use iced::Element;
use iced::widget::{Column, button, row, text};

use super::{Message, TimelineScreen};

impl TimelineScreen {
    /// The played turn: its time and the cards due on it.
    pub(super) fn play_view(&self, turn: u16) -> Element<'_, Message> {
        let track = &self.doc.scenario().turns;
        let clock = crate::timeline::track::turns(track)
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
        let mut page = Column::new().spacing(4).push(steps);
        let due: Vec<_> =
            self.cards.iter().filter(|c| c.turn == Ok(turn)).collect();
        if due.is_empty() {
            page = page.push(text("Nobody is due this turn.").size(14));
        }
        for card in due {
            let entry = card.entry.clone().unwrap_or_else(|| "no entry".into());
            page = page.push(
                text(format!(
                    "{} ({}): {} by {entry}",
                    card.title,
                    card.side_id,
                    card.units.join(", ")
                ))
                .size(13),
            );
        }
        page.into()
    }
}
