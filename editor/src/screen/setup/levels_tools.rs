//! The Victory tab's levels of victory: how the winner's lead in points
//! reads ("a difference of 1-4 VPs is a minor victory, a difference over
//! 5 VPs is a major victory", Waterloo 1, seed 001 l. 2662), band by band:
//! the lead from and to (empty: or more), the level. Each change is one
//! undo step; typing a number is one step, a word is refused with a
//! notice and the field keeps its value. Who wins a tie is the list
//! under it ([`super::victory_parts`]).

use berthier_schema::scenario::{DifferenceBand, Outcome};
use iced::Element;
use iced::widget::{Column, button, pick_list, row, text, text_input};

use super::{Message, SetupScreen};
use berthier_tools::setup::levels_edit;
use berthier_tools::typed;

/// An edit of the levels of victory.
#[derive(Debug, Clone)]
pub enum LevelEdit {
    /// Add a band after the last.
    Add,
    /// Take band `.0` out.
    Remove(usize),
    /// Band `.0`'s smallest lead typed.
    From(usize, String),
    /// Band `.0`'s largest lead typed (empty: no limit).
    To(usize, String),
    /// Band `.0`'s level.
    Level(usize, Outcome),
}

/// A level as the list says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Level(Outcome);

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.0 {
            Outcome::Decisive => "decisive victory",
            Outcome::Major => "major victory",
            Outcome::Minor => "minor victory",
            Outcome::Draw => "draw",
        })
    }
}

const LEVELS: [Level; 4] = [
    Level(Outcome::Minor),
    Level(Outcome::Major),
    Level(Outcome::Decisive),
    Level(Outcome::Draw),
];

impl SetupScreen {
    /// Applies an edit of the levels of victory.
    pub(super) fn level_edit(&mut self, edit: LevelEdit) {
        let mut levels = self.doc.scenario().victory_levels.clone();
        let typed = match &edit {
            LevelEdit::From(_, t) | LevelEdit::To(_, t) => {
                match typed::number::<u16>(t) {
                    Ok(n) => n,
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
            LevelEdit::From(b, _) => Some(format!("level from {b}")),
            LevelEdit::To(b, _) => Some(format!("level to {b}")),
            _ => None,
        };
        let changed = match edit {
            LevelEdit::Add => {
                levels_edit::add_band(&mut levels);
                true
            }
            LevelEdit::Remove(b) => levels_edit::remove_band(&mut levels, b),
            LevelEdit::From(b, _) => {
                levels_edit::edit_band(&mut levels, b, |band| {
                    band.min = typed.unwrap_or(0);
                })
            }
            LevelEdit::To(b, _) => {
                levels_edit::edit_band(&mut levels, b, |band| {
                    band.max = typed;
                })
            }
            LevelEdit::Level(b, outcome) => {
                levels_edit::edit_band(&mut levels, b, |band| {
                    band.outcome = outcome
                })
            }
        };
        if changed {
            self.doc.apply_levels(levels, merge);
        }
    }

    /// "Levels of victory", each band on a line, and "Add level".
    pub(super) fn levels_view(&self, editable: bool) -> Element<'_, Message> {
        let bands = self
            .doc
            .scenario()
            .victory_levels
            .as_ref()
            .map(|l| l.by_difference.as_slice())
            .unwrap_or_default();
        let mut col = Column::new().spacing(3).push(
            text("Levels of victory, by the winner's lead in points:").size(13),
        );
        if bands.is_empty() {
            col = col.push(
                text("None yet: the side with more points wins.").size(12),
            );
        }
        for (b, band) in bands.iter().enumerate() {
            col = col.push(band_row(b, band, editable));
        }
        col.push(
            button(text("Add level").size(12))
                .padding([2, 6])
                .style(button::secondary)
                .on_press_maybe(
                    editable.then_some(Message::Level(LevelEdit::Add)),
                ),
        )
        .into()
    }
}

/// "Lead [1] to [4]: [minor victory] ×".
fn band_row(
    b: usize,
    band: &DifferenceBand,
    editable: bool,
) -> Element<'static, Message> {
    let field = |value: String,
                 placeholder: &'static str,
                 on: fn(usize, String) -> LevelEdit| {
        let mut input = text_input(placeholder, &value).size(12).width(40);
        if editable {
            input = input.on_input(move |t| Message::Level(on(b, t)));
        }
        input
    };
    let to = band.max.map(|m| m.to_string()).unwrap_or_default();
    row![
        text("Lead").size(12),
        field(band.min.to_string(), "0", LevelEdit::From),
        text("to").size(12),
        field(to, "more", LevelEdit::To),
        text(":").size(12),
        pick_list(LEVELS, Some(Level(band.outcome)), move |l: Level| {
            Message::Level(LevelEdit::Level(b, l.0))
        })
        .text_size(12),
        button(text("×").size(11))
            .padding([0, 4])
            .style(button::danger)
            .on_press_maybe(
                editable.then_some(Message::Level(LevelEdit::Remove(b)))
            ),
    ]
    .spacing(4)
    .align_y(iced::Center)
    .into()
}
