//! The schedule's own edits: add an arrival to a side, duplicate or
//! delete the one selected, choose what it brings (units and formations
//! by name), whether its time is named by the clock or by turn number,
//! whether it may force march, and the scenario option it comes with.
//! Each is one undo step; its turn is changed by dragging its card, its
//! entry with Pick entry on map.

use berthier_schema::scenario::{Arrival, TurnTrack};
use iced::widget::{Column, button, checkbox, row, text, text_input};
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

    /// Applies `change` to the selected arrival as one undo step, merged
    /// into the last one when `merge` is the same (typing a number).
    pub(super) fn edit_arrival_merging(
        &mut self,
        merge: Option<String>,
        change: impl FnOnce(&mut Arrival) -> bool,
    ) {
        let Some(key) = self.selected else { return };
        if self.refused_in_variant() {
            return;
        }
        let (side, i) = (key.side, key.index);
        let mut all = arrival_edit::of(self.doc.scenario());
        let Some(arrival) = all.get_mut(side).and_then(|l| l.get_mut(i)) else {
            return;
        };
        if change(arrival) {
            let merge = merge.map(|m| format!("{m} {side} {i}"));
            self.changed(|d| d.apply_arrivals_merging(all, merge));
        }
    }

    fn apply_arrivals(
        &mut self,
        all: Arrivals,
        select: Option<(usize, usize)>,
    ) {
        if self.refused_in_variant() {
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

    /// The selected arrival in groups, one an hour at first, or at once;
    /// says why when it has too few formations and units to group.
    pub(super) fn set_in_groups(&mut self, on: bool) {
        let every = on.then_some(60);
        self.edit_arrival(|all, side, i, _| {
            arrival_edit::set_cadence(all, side, i, every)
        });
        let grouped = self.selected.is_some_and(|k| {
            let sides = &self.doc.scenario().sides;
            let arrival = sides
                .get(k.side)
                .and_then(|s| s.reinforcements.get(k.index));
            arrival.is_some_and(|a| a.cadence.is_some())
        });
        if on && !grouped {
            self.notice = Some(
                "Groups need at least two formations or units in the \
                 arrival: add them first."
                    .to_owned(),
            );
        }
    }

    /// The minutes between the selected arrival's groups, typed.
    pub(super) fn set_group_minutes(&mut self, typed: &str) {
        match typed.trim().parse::<u16>() {
            Ok(m) if m > 0 => {
                let Some(key) = self.selected else { return };
                let mut all = arrival_edit::of(self.doc.scenario());
                let (side, i) = (key.side, key.index);
                if arrival_edit::set_cadence(&mut all, side, i, Some(m)) {
                    // Typing "30" is one step, not two.
                    let merge = Some(format!("group minutes {side} {i}"));
                    self.changed(|d| d.apply_arrivals_merging(all, merge));
                }
            }
            _ => {
                self.notice = Some(format!(
                    "\"{typed}\" is not a whole number of minutes: the \
                     interval is kept"
                ));
            }
        }
    }

    /// "In groups, one every N min": the arrival's formations and units
    /// one after another, or all at once.
    fn groups_line<'a>(
        &'a self,
        arrival: &'a Arrival,
        editable: bool,
    ) -> Element<'a, Message> {
        let grouped = checkbox(arrival.cadence.is_some())
            .label("In groups, one every")
            .size(14)
            .text_size(12)
            .on_toggle_maybe(editable.then_some(Message::InGroups));
        let Some(c) = &arrival.cadence else {
            return grouped.into();
        };
        let mut minutes = text_input("60", &c.every_minutes.to_string())
            .size(12)
            .width(48);
        if editable {
            minutes = minutes.on_input(Message::GroupMinutes);
        }
        Column::new()
            .spacing(3)
            .push(
                // The details column is narrow: the words wrap under.
                row![
                    grouped,
                    minutes,
                    text(format!("min ({} groups)", c.groups.len())).size(12)
                ]
                .spacing(4)
                .align_y(iced::Center)
                .wrap(),
            )
            .push(self.group_list(c, editable))
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
            .push(self.groups_line(arrival, editable))
            .push(option_pick::option_row(
                "Arrives:",
                &self.doc.scenario().options,
                arrival.option.as_deref(),
                editable,
                Message::ArrivalOption,
            ))
            .push(self.alternatives_tools(arrival, editable))
            .push(self.condition_tools(arrival, editable))
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
