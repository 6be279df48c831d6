//! The selected arrival's groups, when it comes group after group: each
//! group by name with the minutes after the first it comes, **Join next**,
//! **Split** and **Earlier**, and whether the owner chooses the order
//! ("one infantry brigade per hour": the brigades' order is not printed).
//! Each change is one undo step ([`berthier_tools::timeline::cadence_edit`]).

use berthier_schema::scenario::{Cadence, CadenceOrder};
use iced::widget::{Column, button, checkbox, row, text};
use iced::{Element, Fill};

use super::{Message, TimelineScreen};
use crate::screen::members;
use berthier_tools::timeline::cadence_edit;

/// An edit of the selected arrival's groups.
#[derive(Debug, Clone)]
pub enum GroupEdit {
    /// Group `.0` and the next become one.
    Join(usize),
    /// Group `.0` becomes one group per formation and unit.
    Split(usize),
    /// Group `.0` comes one place earlier.
    Earlier(usize),
    /// The owner chooses the order (`true`), or they come as listed.
    OwnersChoice(bool),
}

impl TimelineScreen {
    /// Applies an edit of the selected arrival's groups.
    pub(super) fn group_edit(&mut self, edit: GroupEdit) {
        self.edit_arrival_merging(None, |a| match edit {
            GroupEdit::Join(g) => cadence_edit::join_next(a, g),
            GroupEdit::Split(g) => cadence_edit::split(a, g),
            GroupEdit::Earlier(g) => cadence_edit::earlier(a, g),
            GroupEdit::OwnersChoice(on) => {
                cadence_edit::set_owners_choice(a, on)
            }
        });
    }

    /// Each group with its time and tools, then the order.
    pub(super) fn group_list<'a>(
        &'a self,
        cadence: &'a Cadence,
        editable: bool,
    ) -> Element<'a, Message> {
        let Some(counters) = self.doc.counters.as_ref() else {
            return Column::new().into();
        };
        let small = |label: &str, m: GroupEdit| {
            button(text(label.to_owned()).size(11))
                .padding([0, 4])
                .on_press_maybe(editable.then_some(Message::Group(m)))
        };
        let n = cadence.groups.len();
        let mut col = Column::new().spacing(2);
        for (g, group) in cadence.groups.iter().enumerate() {
            let names: Vec<String> = members::placed(counters, group)
                .into_iter()
                .map(|o| o.label)
                .collect();
            let after = u32::from(cadence.every_minutes) * g as u32;
            let mut tools = row![].spacing(3);
            if g > 0 {
                tools = tools.push(small("Earlier", GroupEdit::Earlier(g)));
            }
            if g + 1 < n {
                tools = tools.push(small("Join next", GroupEdit::Join(g)));
            }
            if group.formations.len() + group.units.len() > 1 {
                tools = tools.push(small("Split", GroupEdit::Split(g)));
            }
            col = col.push(
                text(format!("{}. +{after} min: {}", g + 1, names.join(", ")))
                    .size(12)
                    .width(Fill),
            );
            col = col.push(tools);
        }
        col.push(
            checkbox(cadence.order == CadenceOrder::OwnersChoice)
                .label("The owner chooses their order")
                .size(14)
                .text_size(12)
                .on_toggle_maybe(editable.then_some(|on| {
                    Message::Group(GroupEdit::OwnersChoice(on))
                })),
        )
        .into()
    }
}
