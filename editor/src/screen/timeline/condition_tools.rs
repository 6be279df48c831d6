//! The selected arrival's condition on the Timeline: "Comes only if", a
//! list of parts by kind ("not before 14:00", "once Wellington is on the
//! map", "if the Prussian army is still on the map at turn 9", "if
//! “Grouchy marches” is chosen"), each with its units (of every side, by
//! name), its turn (− and +) or its option, and whether every part or any
//! one is enough. Each change is one undo step; a part of a kind the list
//! cannot edit (a zone reached, nested parts) is shown in words and can
//! be taken out.

use berthier_schema::scenario::{Arrival, Trigger};
use iced::widget::{Column, button, checkbox, pick_list, row, text};
use iced::{Element, Fill};

use super::{Message, TimelineScreen};
use crate::screen::members;
use berthier_tools::timeline::condition_edit::{self, PartKind};
use berthier_tools::unit_set::Member;

/// An edit of the selected arrival's condition.
#[derive(Debug, Clone)]
pub enum ConditionEdit {
    /// Add a part of this kind.
    Add(PartKind),
    /// Take part `.0` out.
    Remove(usize),
    /// Any one part is enough (`true`), or every one must hold.
    Any(bool),
    /// Part `.0` watches this unit or formation too (`true`), or no
    /// longer.
    Member(usize, Member, bool),
    /// Move part `.0`'s turn by this many turns.
    Turn(usize, i32),
    /// Part `.0` waits for this option (by id).
    Option(usize, String),
}

/// A scenario option as the list names it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Named {
    id: String,
    name: String,
}

impl std::fmt::Display for Named {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

impl TimelineScreen {
    /// Applies an edit of the selected arrival's condition.
    pub(super) fn condition_edit(&mut self, edit: ConditionEdit) {
        use ConditionEdit as E;
        let options: Vec<String> = self
            .doc
            .scenario()
            .options
            .iter()
            .map(|o| o.id.clone())
            .collect();
        let track = self.doc.scenario().turns.clone();
        let mut refused = None;
        self.edit_arrival_merging(None, |a| match edit {
            E::Add(kind) => condition_edit::add(a, kind, &options)
                .unwrap_or_else(|e| {
                    refused = Some(e);
                    false
                }),
            E::Remove(k) => condition_edit::remove(a, k),
            E::Any(any) => condition_edit::set_any(a, any),
            E::Member(k, m, add) => condition_edit::member(a, k, m, add),
            E::Turn(k, by) => condition_edit::shift_turn(a, k, by, &track),
            E::Option(k, id) => condition_edit::edit_part(a, k, |p| {
                if let Trigger::Chosen(old) = p {
                    *old = id;
                }
            }),
        });
        if let Some(e) = refused {
            self.notice = Some(crate::screen::sentence(&e.to_string()));
        }
    }

    /// "Comes only if": the parts, each with its tools, then "Add
    /// condition".
    pub(super) fn condition_tools<'a>(
        &'a self,
        arrival: &'a Arrival,
        editable: bool,
    ) -> Element<'a, Message> {
        let (any, parts) = condition_edit::parts(arrival);
        let mut col = Column::new().spacing(3);
        col = match parts.is_empty() {
            true => col.push(text("Comes whatever happens.").size(12)),
            false => col.push(text("Comes only if:").size(12)),
        };
        if parts.len() > 1 {
            col = col.push(
                checkbox(any)
                    .label("Any one is enough (else every one)")
                    .size(14)
                    .text_size(12)
                    .on_toggle_maybe(editable.then_some(|a| {
                        Message::Condition(ConditionEdit::Any(a))
                    })),
            );
        }
        for (k, part) in parts.iter().enumerate() {
            col = col.push(self.part_row(k, part, editable));
        }
        col.push(
            pick_list(PartKind::ALL, None::<PartKind>, move |kind| {
                Message::Condition(ConditionEdit::Add(kind))
            })
            .placeholder("Add condition…")
            .text_size(12),
        )
        .into()
    }

    /// One part: its words and ×, then its units, turn or option.
    fn part_row<'a>(
        &'a self,
        k: usize,
        part: &'a Trigger,
        editable: bool,
    ) -> Element<'a, Message> {
        let option_name = |id: &str| {
            let options = &self.doc.scenario().options;
            let o = options.iter().find(|o| o.id == id);
            o.map_or_else(|| id.to_owned(), |o| format!("“{}”", o.name))
        };
        let words = condition_edit::words(part, &self.names, &option_name);
        let small = |label: &str, m: ConditionEdit| {
            button(text(label.to_owned()).size(11))
                .padding([0, 4])
                .on_press_maybe(editable.then_some(Message::Condition(m)))
        };
        let mut col = Column::new().spacing(2).push(
            row![
                text(format!("• {words}")).size(12).width(Fill),
                small("×", ConditionEdit::Remove(k)).style(button::danger),
            ]
            .spacing(4)
            .align_y(iced::Center),
        );
        let mut part = part.clone();
        if let Some(units) = condition_edit::units_of(&mut part)
            && let Some(counters) = self.doc.counters.as_ref()
        {
            let placed = members::placed(counters, units);
            let offered: Vec<_> = counters
                .sides
                .iter()
                .flat_map(|s| members::of_side(counters, &s.id))
                .collect();
            col = col.push(members::pickers(
                offered,
                placed,
                move |m| Message::Condition(ConditionEdit::Member(k, m, true)),
                move |m| Message::Condition(ConditionEdit::Member(k, m, false)),
            ));
        }
        if condition_edit::turn_of(&mut part).is_some() {
            col = col.push(
                row![
                    small("− turn", ConditionEdit::Turn(k, -1)),
                    small("+ turn", ConditionEdit::Turn(k, 1)),
                ]
                .spacing(4),
            );
        }
        if let Trigger::Chosen(id) = &part {
            let options: Vec<Named> = self
                .doc
                .scenario()
                .options
                .iter()
                .map(|o| Named {
                    id: o.id.clone(),
                    name: o.name.clone(),
                })
                .collect();
            let chosen = options.iter().find(|o| &o.id == id).cloned();
            col = col.push(
                pick_list(options, chosen, move |o: Named| {
                    Message::Condition(ConditionEdit::Option(k, o.id))
                })
                .text_size(12),
            );
        }
        col.into()
    }
}
