//! The Victory tab's holds, combinations and tie-breaks. A hold ("Sombreffe
//! (but the Chateau)", Ligny 1, seed 001 l. 2233) is placed like an
//! objective, and "Leave out hexes" makes each map click leave a hex (or
//! the smaller place under it) out, or count it again. A condition is
//! combined with another of its side ("Papelotte and Fichermont
//! controlled: 1 VP", l. 2645), a combination says how many of its parts
//! count and splits back into them; a condition moves into the list that
//! decides a tie ("the side controlling the entry hex of the road to
//! Brussels wins", l. 2662) and back. Each change is one undo step; an
//! edit that would drop what a condition carries is refused with the
//! reason ([`victory_combine::CombineError`]).

use iced::widget::{Column, button, pick_list, row, text};
use iced::{Element, Fill};

use super::{Message, SetupScreen};
use berthier_schema::HexId;
use berthier_schema::scenario::{
    Condition, Control, HoldHexes, VictoryCondition,
};
use berthier_tools::setup::victory_combine::{self, Combination};
use berthier_tools::setup::victory_hold;

/// An edit of a hold, a combination or the tie-break.
#[derive(Debug, Clone)]
pub enum VictoryEdit {
    /// Add a hold for this side (by index) and select it.
    AddHold(usize),
    /// Arm (or disarm) leaving hexes out of the selected hold by clicks.
    LeaveOut(bool),
    /// Every hex of the selected hold, or any one.
    Hexes(HoldHexes),
    /// What holding the selected hold means.
    Control(Control),
    /// Combine the selected condition with this one (by index).
    CombineWith(usize),
    /// How many parts of the selected combination count.
    Combination(Combination),
    /// Replace the selected combination by its parts.
    Split,
    /// Move the selected condition into the tie-break.
    ToTieBreak,
    /// Move this tie-break (by index) back to the conditions.
    FromTieBreak(usize),
}

/// A choice of a pick list, with the words it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice<T> {
    value: T,
    label: String,
}

impl<T> std::fmt::Display for Choice<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

fn choice<T>(value: T, label: &str) -> Choice<T> {
    Choice {
        value,
        label: label.to_owned(),
    }
}

impl SetupScreen {
    /// Applies an edit of a hold, a combination or the tie-break.
    pub(super) fn victory_part_edit(&mut self, edit: VictoryEdit) {
        match edit {
            VictoryEdit::AddHold(side) => self.add_hold(side),
            VictoryEdit::LeaveOut(on) => {
                self.leaving_out = on;
                self.picking_objective = false;
            }
            VictoryEdit::Hexes(h) => self.edit_objective(|list, i| {
                victory_hold::edit_hold(list, i, |p| *p.hexes = h)
            }),
            VictoryEdit::Control(c) => self.edit_objective(|list, i| {
                victory_hold::edit_hold(list, i, |p| *p.control = c)
            }),
            VictoryEdit::CombineWith(j) => self.combine_with(j),
            VictoryEdit::Combination(how) => self.edit_objective(|list, i| {
                victory_combine::set_combination(list, i, how)
            }),
            VictoryEdit::Split => self.split_condition(),
            VictoryEdit::ToTieBreak => self.move_to_tie_break(),
            VictoryEdit::FromTieBreak(t) => self.move_from_tie_break(t),
        }
    }

    fn add_hold(&mut self, side: usize) {
        let Some(id) =
            self.doc.scenario().sides.get(side).map(|s| s.side.clone())
        else {
            return;
        };
        let mut list = self.doc.scenario().victory.clone();
        let i = victory_hold::add_hold(&mut list, &id, &self.doc.opened.map);
        self.apply_victory(list, Some(i));
    }

    /// A map click while leaving hexes out of the selected hold; whether
    /// it was one. The tool stays armed for the next hex.
    pub(super) fn leave_out_click(&mut self, hex: HexId) -> bool {
        if !self.leaving_out {
            return false;
        }
        let Some(i) = self.condition else {
            self.leaving_out = false;
            return false;
        };
        let mut list = self.doc.scenario().victory.clone();
        match victory_hold::toggle_except(
            &mut list,
            i,
            hex,
            &self.doc.opened.map,
        ) {
            Ok(true) => self.apply_victory(list, Some(i)),
            Ok(false) => self.leaving_out = false,
            Err(e) => {
                self.notice = Some(crate::screen::sentence(&e.to_string()))
            }
        }
        true
    }

    fn combine_with(&mut self, j: usize) {
        let Some(i) = self.condition else { return };
        let mut list = self.doc.scenario().victory.clone();
        match victory_combine::combine(&mut list, i, j, Combination::All) {
            Ok(at) => self.apply_victory(list, Some(at)),
            Err(e) => self.notice = Some(self.named_error(&e)),
        }
    }

    fn split_condition(&mut self) {
        let Some(i) = self.condition else { return };
        let mut list = self.doc.scenario().victory.clone();
        match victory_combine::split(&mut list, i) {
            Ok(parts) => self.apply_victory(list, Some(parts.start)),
            Err(e) => self.notice = Some(self.named_error(&e)),
        }
    }

    fn move_to_tie_break(&mut self) {
        let Some(i) = self.condition else { return };
        let mut list = self.doc.scenario().victory.clone();
        let mut levels = self.doc.scenario().victory_levels.clone();
        if victory_combine::to_tie_break(&mut list, &mut levels, i).is_some() {
            self.apply_victory_and_levels(list, levels, None);
        }
    }

    fn move_from_tie_break(&mut self, t: usize) {
        let mut list = self.doc.scenario().victory.clone();
        let mut levels = self.doc.scenario().victory_levels.clone();
        if let Some(i) =
            victory_combine::from_tie_break(&mut list, &mut levels, t)
        {
            self.apply_victory_and_levels(list, levels, Some(i));
        }
    }

    fn apply_victory_and_levels(
        &mut self,
        list: Vec<VictoryCondition>,
        levels: Option<berthier_schema::scenario::VictoryLevels>,
        select: Option<usize>,
    ) {
        if !self.doc.is_editable() {
            self.notice = Some(
                "A variant's victory conditions are changed in its file."
                    .to_owned(),
            );
            return;
        }
        self.doc.apply_victory_and_levels(list, levels);
        self.refresh();
        self.condition = select;
    }

    /// The error with the sides called by their names.
    fn named_error(&self, e: &victory_combine::CombineError) -> String {
        let words = match e {
            victory_combine::CombineError::Sides(a, b) => format!(
                "a combination counts for one side: these two are for {} \
                 and {}",
                self.side_name(a),
                self.side_name(b)
            ),
            other => other.to_string(),
        };
        crate::screen::sentence(&words)
    }

    /// The selected hold's tools: where (picked on the map), the hexes
    /// left out, every hex or any, what holding means.
    pub(super) fn hold_tools<'a>(
        &'a self,
        vc: &'a VictoryCondition,
        small: &dyn Fn(String, Message) -> iced::widget::Button<'a, Message>,
    ) -> Element<'a, Message> {
        let Condition::Hold {
            except,
            hexes,
            control,
            ..
        } = &vc.condition
        else {
            return Column::new().into();
        };
        let map = &self.doc.opened.map;
        let left_out = match except.is_empty() {
            true => "Every hex counts.".to_owned(),
            false => {
                let names: Vec<String> = except
                    .iter()
                    .map(|l| berthier_tools::victory::location_name(map, l))
                    .collect();
                format!("Left out: {}.", names.join(", "))
            }
        };
        let arm = small(
            "Leave out hexes".into(),
            Message::Victory(VictoryEdit::LeaveOut(!self.leaving_out)),
        )
        .style(if self.leaving_out {
            button::success
        } else {
            button::secondary
        });
        let how_many = [
            choice(HoldHexes::All, "every hex"),
            choice(HoldHexes::Any, "any one hex"),
        ];
        let holding = [
            choice(Control::Series, "as the series says"),
            choice(Control::Occupied, "occupied alone at the end"),
            choice(Control::LastThrough, "last to occupy or pass"),
        ];
        let chosen_hexes = how_many.iter().find(|c| c.value == *hexes).cloned();
        let chosen_control =
            holding.iter().find(|c| c.value == *control).cloned();
        Column::new()
            .spacing(4)
            .push(row![arm, text(left_out).size(12)].spacing(6))
            .push(
                row![
                    text("Holding").size(12),
                    pick_list(how_many, chosen_hexes, |c| {
                        Message::Victory(VictoryEdit::Hexes(c.value))
                    })
                    .text_size(12),
                ]
                .spacing(6)
                .align_y(iced::Center),
            )
            .push(
                row![
                    text("Holding means").size(12),
                    pick_list(holding, chosen_control, |c| {
                        Message::Victory(VictoryEdit::Control(c.value))
                    })
                    .text_size(12),
                ]
                .spacing(6)
                .align_y(iced::Center),
            )
            .into()
    }

    /// "Combine with" the other conditions of the same side.
    pub(super) fn combine_tools<'a>(
        &'a self,
        i: usize,
        vc: &'a VictoryCondition,
    ) -> Element<'a, Message> {
        let others: Vec<Choice<usize>> = self
            .doc
            .scenario()
            .victory
            .iter()
            .enumerate()
            .filter(|(j, other)| *j != i && other.side == vc.side)
            .map(|(j, other)| choice(j, &self.condition_words(other)))
            .collect();
        if others.is_empty() {
            return Column::new().into();
        }
        row![
            text("Combine with").size(12),
            pick_list(others, None::<Choice<usize>>, |c| {
                Message::Victory(VictoryEdit::CombineWith(c.value))
            })
            .placeholder("another condition of this side")
            .width(Fill)
            .text_size(12),
        ]
        .spacing(6)
        .align_y(iced::Center)
        .into()
    }

    /// The selected combination: how many parts count, its parts, Split.
    pub(super) fn combination_tools<'a>(
        &'a self,
        vc: &'a VictoryCondition,
        small: &dyn Fn(String, Message) -> iced::widget::Button<'a, Message>,
    ) -> Element<'a, Message> {
        let Some((how, of)) =
            victory_combine::combination(std::slice::from_ref(vc), 0)
        else {
            return Column::new().into();
        };
        let n = u8::try_from(of.len()).unwrap_or(u8::MAX);
        let kinds = [
            choice(Combination::All, "every one of"),
            choice(Combination::Any, "any one of"),
            choice(
                Combination::AtLeast(n.saturating_sub(1).max(1)),
                "at least",
            ),
        ];
        let chosen = kinds
            .iter()
            .find(|k| {
                std::mem::discriminant(&k.value) == std::mem::discriminant(&how)
            })
            .cloned();
        let mut head = row![
            text("Met by").size(12),
            pick_list(kinds, chosen, |k| {
                Message::Victory(VictoryEdit::Combination(k.value))
            })
            .text_size(12),
        ]
        .spacing(6)
        .align_y(iced::Center);
        if let Combination::AtLeast(count) = how {
            let at = |c: u8| {
                Message::Victory(VictoryEdit::Combination(
                    Combination::AtLeast(c),
                ))
            };
            head = head
                .push(small("−".into(), at(count.saturating_sub(1).max(1))))
                .push(text(format!("{count} of {n}")).size(12))
                .push(small("+".into(), at(count.saturating_add(1).min(n))));
        }
        let mut col = Column::new().spacing(2).push(head);
        for part in of {
            let words = self.condition_words(&VictoryCondition {
                condition: part.clone(),
                ..vc.clone()
            });
            let words = words.split_once(": ").map_or(words.as_str(), |w| w.1);
            col = col.push(text(format!("• {words}")).size(12));
        }
        col.push(small(
            "Split into parts".into(),
            Message::Victory(VictoryEdit::Split),
        ))
        .into()
    }

    /// "Ties go to": each tie-break condition and "Back to conditions".
    pub(super) fn tie_break_view(
        &self,
        editable: bool,
    ) -> Element<'_, Message> {
        let tie_break = self
            .doc
            .scenario()
            .victory_levels
            .as_ref()
            .map(|l| l.tie_break.as_slice())
            .unwrap_or_default();
        if tie_break.is_empty() {
            return text(
                "Equal totals: no tie-break yet (select a condition, then \
                 Use to break ties).",
            )
            .size(12)
            .into();
        }
        let mut col = Column::new()
            .spacing(3)
            .push(text("Equal totals are won by, tried in order:").size(13));
        for (t, vc) in tie_break.iter().enumerate() {
            col = col.push(
                row![
                    text(format!("{}. {}", t + 1, self.condition_words(vc)))
                        .size(12)
                        .width(Fill),
                    button(text("Back to conditions").size(11))
                        .padding([0, 4])
                        .style(button::secondary)
                        .on_press_maybe(editable.then_some(Message::Victory(
                            VictoryEdit::FromTieBreak(t)
                        ))),
                ]
                .spacing(6)
                .align_y(iced::Center),
            );
        }
        col.into()
    }
}
