//! The Instructions tab's own edits: add an instruction to a side,
//! duplicate or delete the one selected, and choose what it places (units
//! and formations by name). Each is one undo step; the zone itself is
//! moved with the map tools (`zone_tools`).

use iced::widget::{Column, button, row, text};
use iced::{Element, Fill};

use super::{Message, SetupScreen};
use crate::screen::members;
use berthier_tools::setup::Instructions;
use berthier_tools::setup::instruction_edit::{self, Member};

impl SetupScreen {
    /// Adds an instruction to `side` and selects it.
    pub(super) fn add_instruction(&mut self, side: usize) {
        let names = self.doc.names();
        let mut all = self.doc.instructions();
        let added = instruction_edit::add(&mut all, side, &names);
        if let Some(i) = added {
            self.apply(all, Some((side, i)));
        }
    }

    /// Duplicates the selected instruction and selects the copy.
    pub(super) fn duplicate_instruction(&mut self) {
        let Some((side, i)) = self.selected_instruction() else {
            return;
        };
        let mut all = self.doc.instructions();
        if let Some(copy) = instruction_edit::duplicate(&mut all, side, i) {
            self.apply(all, Some((side, copy)));
        }
    }

    /// Deletes the selected instruction.
    pub(super) fn delete_instruction(&mut self) {
        let Some((side, i)) = self.selected_instruction() else {
            return;
        };
        let mut all = self.doc.instructions();
        if instruction_edit::delete(&mut all, side, i) {
            self.apply(all, None);
        }
    }

    /// Adds to, or takes from, what the selected instruction places.
    pub(super) fn edit_members(&mut self, member: Member, add: bool) {
        let Some((side, i)) = self.selected_instruction() else {
            return;
        };
        let mut all = self.doc.instructions();
        let changed = match add {
            true => instruction_edit::add_member(&mut all, side, i, member),
            false => {
                instruction_edit::remove_member(&mut all, side, i, &member)
            }
        };
        if changed {
            self.apply(all, Some((side, i)));
        }
    }

    /// Ties the selected instruction to a scenario option, or to none.
    pub(super) fn set_instruction_option(&mut self, option: Option<String>) {
        let Some((side, i)) = self.selected_instruction() else {
            return;
        };
        let mut all = self.doc.instructions();
        if instruction_edit::set_option(&mut all, side, i, option) {
            self.apply(all, Some((side, i)));
        }
    }

    fn selected_instruction(&self) -> Option<(usize, usize)> {
        self.instruction.as_ref().map(|(at, _)| *at)
    }

    /// Applies the new lists as one undo step, then selects `select`.
    fn apply(&mut self, all: Instructions, select: Option<(usize, usize)>) {
        if !self.doc.is_editable() {
            self.notice = Some(
                "A variant's instructions are its base's: open the base to \
                 edit them."
                    .to_owned(),
            );
            return;
        }
        self.doc.apply_instructions(all);
        self.refresh();
        match select {
            Some((side, i)) => self.select_instruction(side, i),
            None => self.instruction = None,
        }
    }

    /// Duplicate, Delete, and what the selected instruction places, with
    /// the lists to add a formation or a unit of its side.
    pub(super) fn instruction_tools(&self) -> Element<'_, Message> {
        let Some((side, i)) = self.selected_instruction() else {
            return Column::new().into();
        };
        let scenario = self.doc.scenario();
        let (Some(side_entry), Some(ins)) = (
            scenario.sides.get(side),
            scenario.sides.get(side).and_then(|s| s.instructions.get(i)),
        ) else {
            return Column::new().into();
        };
        let editable = self.doc.is_editable();
        let small = |label: &'static str, m: Message| {
            button(text(label).size(12))
                .padding([2, 6])
                .on_press_maybe(editable.then_some(m))
        };
        let counters = &self.doc.counters;
        let placed = members::placed(counters, &ins.units);
        let offered = members::of_side(counters, &side_entry.side);
        let tools = row![
            small("Duplicate", Message::DuplicateInstruction),
            small("Delete", Message::DeleteInstruction).style(button::danger),
            members::pickers(
                offered,
                placed.clone(),
                Message::AddMember,
                Message::RemoveMember
            ),
        ]
        .spacing(6)
        .wrap()
        .vertical_spacing(4);
        Column::new()
            .spacing(4)
            .push(tools)
            .push(text(members::line("Places", &placed)).size(12).width(Fill))
            .push(crate::screen::option_pick::option_row(
                "Set up:",
                &scenario.options,
                ins.option.as_deref(),
                editable,
                Message::InstructionOption,
            ))
            .into()
    }
}
