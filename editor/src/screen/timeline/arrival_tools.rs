//! The schedule's own edits: add an arrival to a side, duplicate or
//! delete the one selected, choose what it brings (units and formations
//! by name), whether its time is named by the clock or by turn number,
//! whether it may force march, and the scenario option it comes with.
//! Each is one undo step; its turn is changed by dragging its card, its
//! entry with Pick entry on map.

use berthier_schema::scenario::{Arrival, TurnTrack};
use iced::widget::{Column, button, checkbox, row, text};
use iced::{Element, Fill};

use super::{CardKey, Message, TimelineScreen};
use crate::screen::{members, option_pick};
use berthier_tools::timeline::arrival_edit::{self, Arrivals};
use berthier_tools::unit_set::Member;

impl TimelineScreen {
    /// Adds an arrival to `side` and selects its card.
    pub(super) fn add_arrival(&mut self, side: usize) {
        let mut all = arrival_edit::of(self.doc.scenario());
        let added = arrival_edit::add(
            &mut all,
            side,
            self.doc.scenario(),
            self.doc.map.as_ref(),
        );
        if let Some(index) = added {
            self.apply_arrivals(all, Some((side, index)));
        }
    }

    /// Duplicates the selected arrival and selects the copy.
    pub(super) fn duplicate_arrival(&mut self) {
        let Some(key) = self.selected else { return };
        let mut all = arrival_edit::of(self.doc.scenario());
        if let Some(copy) =
            arrival_edit::duplicate(&mut all, key.side, key.index)
        {
            self.apply_arrivals(all, Some((key.side, copy)));
        }
    }

    /// Deletes the selected arrival.
    pub(super) fn delete_arrival(&mut self) {
        let Some(key) = self.selected else { return };
        let mut all = arrival_edit::of(self.doc.scenario());
        if arrival_edit::delete(&mut all, key.side, key.index) {
            self.apply_arrivals(all, None);
        }
    }

    /// Adds to, or takes from, what the selected arrival brings.
    pub(super) fn arrival_member(&mut self, member: Member, add: bool) {
        let Some(key) = self.selected else { return };
        let mut all = arrival_edit::of(self.doc.scenario());
        let changed = match add {
            true => {
                arrival_edit::add_member(&mut all, key.side, key.index, member)
            }
            false => arrival_edit::remove_member(
                &mut all, key.side, key.index, &member,
            ),
        };
        if changed {
            self.apply_arrivals(all, Some((key.side, key.index)));
        }
    }

    /// Applies `change` to the selected arrival as one undo step (nothing
    /// when it changes nothing).
    pub(super) fn edit_arrival(
        &mut self,
        change: impl FnOnce(&mut Arrivals, usize, usize, &TurnTrack) -> bool,
    ) {
        let Some(key) = self.selected else { return };
        let mut all = arrival_edit::of(self.doc.scenario());
        if change(&mut all, key.side, key.index, &self.doc.scenario().turns) {
            self.apply_arrivals(all, Some((key.side, key.index)));
        }
    }

    fn apply_arrivals(
        &mut self,
        all: Arrivals,
        select: Option<(usize, usize)>,
    ) {
        if self.doc.variant {
            self.notice = Some(
                "This is a variant: its schedule is changed in the file \
                 that writes it."
                    .to_owned(),
            );
            return;
        }
        self.changed(|d| d.apply_arrivals(all));
        self.selected = select.map(|(side, index)| CardKey {
            side,
            index,
            group: None,
        });
        // A cadenced arrival's cards are its groups: select the first.
        if self.selected().is_none() {
            self.selected = self.selected.and_then(|k| {
                self.cards
                    .iter()
                    .find(|c| c.side == k.side && c.index == k.index)
                    .map(CardKey::of)
            });
        }
    }

    /// "Add arrival" for each side, and for the selected arrival
    /// Duplicate, Delete and what it brings.
    pub(super) fn arrival_tools(&self) -> Element<'_, Message> {
        let editable = !self.doc.variant;
        let small = |label: String, m: Message| {
            button(text(label).size(12))
                .padding([2, 6])
                .on_press_maybe(editable.then_some(m))
        };
        let mut adds = row![].spacing(6);
        for (i, side) in self.doc.scenario().sides.iter().enumerate() {
            let name = self.side_name(&side.side);
            adds = adds.push(
                small(format!("Add arrival: {name}"), Message::AddArrival(i))
                    .style(button::secondary),
            );
        }
        let mut col = Column::new().spacing(4).push(adds.wrap());
        let Some(key) = self.selected else {
            return col.into();
        };
        let (Some(counters), Some(side), Some(arrival)) = (
            self.doc.counters.as_ref(),
            self.doc.scenario().sides.get(key.side),
            self.doc
                .scenario()
                .sides
                .get(key.side)
                .and_then(|s| s.reinforcements.get(key.index)),
        ) else {
            return col.into();
        };
        let placed = members::placed(counters, &arrival.units);
        let offered = members::of_side(counters, &side.side);
        // The details column is narrow: the lists go on a line of their
        // own, under Duplicate and Delete.
        col = col
            .push(
                row![
                    small("Duplicate".into(), Message::DuplicateArrival),
                    small("Delete".into(), Message::DeleteArrival)
                        .style(button::danger),
                ]
                .spacing(6),
            )
            .push(members::pickers(
                offered,
                placed.clone(),
                Message::AddMember,
                Message::RemoveMember,
            ));
        col.push(text(members::line("Brings", &placed)).size(12).width(Fill))
            .push(self.timing_tools(arrival, editable))
            .into()
    }

    /// How the arrival's time is named, whether it may force march, and
    /// the scenario option it comes with.
    fn timing_tools<'a>(
        &'a self,
        arrival: &'a Arrival,
        editable: bool,
    ) -> Element<'a, Message> {
        let toggle = |on: bool, label: &'static str, m: fn(bool) -> Message| {
            checkbox(on)
                .label(label)
                .size(14)
                .text_size(12)
                .on_toggle_maybe(editable.then_some(m))
        };
        Column::new()
            .spacing(4)
            .push(toggle(
                arrival_edit::is_by_clock(arrival),
                "Time named by the clock (else by turn number)",
                Message::ByClock,
            ))
            .push(toggle(
                arrival.no_forced_march,
                "May not force march",
                Message::NoForcedMarch,
            ))
            .push(option_pick::option_row(
                "Arrives:",
                &self.doc.scenario().options,
                arrival.option.as_deref(),
                editable,
                Message::ArrivalOption,
            ))
            .into()
    }

    /// The side's name from the order of battle, its id without one.
    pub(super) fn side_name<'a>(&'a self, id: &'a str) -> &'a str {
        let sides = self.doc.counters.as_ref().map(|c| c.sides.as_slice());
        sides
            .and_then(|s| s.iter().find(|s| s.id == id))
            .map_or(id, |s| s.name.as_str())
    }
}
