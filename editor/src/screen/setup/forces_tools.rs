//! The Forces tab: each side's morale groups (name as printed, the units
//! counted by name, steps, demoralization level, desperate levels, the
//! losses the group starts with; its loss weights and level scopes:
//! [`super::morale_parts_tools`]), its losses at start (units, steps
//! each has lost) and its attachments. Typing into a field is one undo step; a number field
//! given a word says so and keeps its value; the lists are written back
//! only once edited, keeping the file's comments.

use berthier_schema::scenario::MoraleLevel;
use iced::widget::{Column, button, checkbox, column, row, text, text_input};
use iced::{Element, Fill};

use super::morale_parts_tools::{
    AttachmentEdit, PartEdit, apply_attachment, apply_part,
};
use super::{Message, SetupScreen};
use crate::screen::members;
use berthier_tools::setup::forces_edit::{self, SideForces};
use berthier_tools::unit_set::{self, Member};

/// A Forces tab edit, of side `.0`.
#[derive(Debug, Clone)]
pub enum ForcesEdit {
    /// Add a morale group to the side.
    AddGroup(usize),
    /// Group `.1`'s name typed.
    Name(usize, usize, String),
    /// Group `.1`'s steps typed.
    Steps(usize, usize, String),
    /// Group `.1`'s demoralization level typed (empty: none printed).
    Demoralization(usize, usize, String),
    /// Group `.1`'s desperate levels typed ("10, 14").
    Desperate(usize, usize, String),
    /// Group `.1`'s level is printed "None" in the morale table, or no
    /// longer.
    PrintedNone(usize, usize, MoraleLevel, bool),
    /// Group `.1`'s starting losses typed (empty: none).
    StartingLosses(usize, usize, String),
    /// Group `.1` counts this unit or formation too, or no longer.
    GroupMember(usize, usize, Member, bool),
    /// Delete group `.1`.
    DeleteGroup(usize, usize),
    /// Add losses at start to the side.
    AddLosses(usize),
    /// Losses `.1`: the steps each unit has lost, typed.
    Each(usize, usize, String),
    /// Losses `.1` strike this unit or formation too, or no longer.
    LossMember(usize, usize, Member, bool),
    /// Delete losses `.1`.
    DeleteLosses(usize, usize),
    /// An edit of group `.1`'s loss weights or level scopes.
    Part(usize, usize, PartEdit),
    /// An edit of the side's attachments.
    Attachment(usize, AttachmentEdit),
}

impl SetupScreen {
    /// Applies a Forces tab edit (typing merges into one undo step).
    pub(super) fn forces_edit(&mut self, edit: ForcesEdit) {
        self.levels_typed = match &edit {
            ForcesEdit::Desperate(s, g, v) => Some((*s, *g, v.clone())),
            _ => None,
        };
        let mut all = self.doc.forces();
        let mut merge = None;
        let changed = match edit {
            ForcesEdit::AddGroup(s) => side(&mut all, s).map(|f| {
                forces_edit::add_group(f, "New group");
            }),
            ForcesEdit::AddLosses(s) => side(&mut all, s).map(|f| {
                forces_edit::add_losses(f);
            }),
            ForcesEdit::DeleteGroup(s, g) => {
                side(&mut all, s).filter(|f| g < f.morale.len()).map(|f| {
                    f.morale.remove(g);
                })
            }
            ForcesEdit::DeleteLosses(s, l) => {
                side(&mut all, s).filter(|f| l < f.losses.len()).map(|f| {
                    f.losses.remove(l);
                })
            }
            ForcesEdit::PrintedNone(s, g, level, none) => group(&mut all, s, g)
                .map(|gr| forces_edit::set_printed_none(gr, level, none)),
            ForcesEdit::GroupMember(s, g, m, add) => {
                group(&mut all, s, g).map(|gr| {
                    let _ = members_edit(&mut gr.units, m, add);
                })
            }
            ForcesEdit::Part(s, g, part) => {
                merge = part_merge_key(s, g, &part);
                let group = group(&mut all, s, g);
                match group.map(|gr| apply_part(gr, part)) {
                    Some(Ok(true)) => Some(()),
                    Some(Err(e)) => {
                        self.notice =
                            Some(format!("{e}: the field keeps its value"));
                        None
                    }
                    _ => None,
                }
            }
            ForcesEdit::Attachment(s, edit) => {
                let first = self.first_formation(s);
                side(&mut all, s)
                    .map(|f| apply_attachment(f, edit, first.as_deref()))
                    .and_then(|changed| changed.then_some(()))
            }
            ForcesEdit::LossMember(s, l, m, add) => side(&mut all, s)
                .and_then(|f| f.losses.get_mut(l))
                .map(|ls| {
                    let _ = members_edit(&mut ls.units, m, add);
                }),
            typed => {
                merge = merge_key(&typed);
                match self.typed_field(&mut all, typed) {
                    Ok(()) => Some(()),
                    Err(e) => {
                        self.notice =
                            Some(format!("{e}: the field keeps its value"));
                        None
                    }
                }
            }
        };
        if changed.is_some() {
            self.doc.apply_forces(all, merge);
        }
    }

    /// A number or name typed into a group's or losses' field.
    fn typed_field(
        &self,
        all: &mut [SideForces],
        edit: ForcesEdit,
    ) -> Result<(), forces_edit::NotANumber> {
        match edit {
            ForcesEdit::Name(s, g, v) => {
                if let Some(gr) = group(all, s, g) {
                    gr.name = v;
                }
            }
            ForcesEdit::Steps(s, g, v) => {
                let n = forces_edit::number::<u16>(&v)?;
                if let Some(gr) = group(all, s, g) {
                    gr.steps = n.unwrap_or(0);
                }
            }
            ForcesEdit::Demoralization(s, g, v) => {
                let n = forces_edit::number(&v)?;
                if let Some(gr) = group(all, s, g) {
                    forces_edit::set_demoralization(gr, n);
                }
            }
            ForcesEdit::Desperate(s, g, v) => {
                let n = forces_edit::levels(&v)?;
                if let Some(gr) = group(all, s, g) {
                    forces_edit::set_desperate(gr, n);
                }
            }
            ForcesEdit::StartingLosses(s, g, v) => {
                let n = forces_edit::number(&v)?;
                if let Some(gr) = group(all, s, g) {
                    gr.starting_losses = n;
                }
            }
            ForcesEdit::Each(s, l, v) => {
                let n = forces_edit::number(&v)?;
                if let Some(ls) = side(all, s).and_then(|f| f.losses.get_mut(l))
                {
                    ls.each = n;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The tab: each side's groups and losses.
    pub(super) fn forces_view(&self) -> Element<'_, Message> {
        let mut page = Column::new().spacing(10).width(Fill);
        for (s, (side, f)) in self
            .doc
            .scenario()
            .sides
            .iter()
            .zip(self.doc.forces())
            .enumerate()
        {
            page =
                page.push(text(self.side_name(&side.side).to_owned()).size(15));
            page = page.push(self.side_forces(s, &side.side, f));
        }
        page.into()
    }

    fn side_forces(
        &self,
        s: usize,
        side: &str,
        f: SideForces,
    ) -> Element<'_, Message> {
        let editable = self.doc.is_editable();
        let msg = |e: ForcesEdit| Message::Forces(e);
        let mut col = Column::new().spacing(6);
        col = col
            .push(text(format!("Morale groups: {}", f.morale.len())).size(13));
        for (g, gr) in f.morale.iter().enumerate() {
            col = col.push(self.group_card(s, g, gr, side, editable));
        }
        col = col.push(
            button(text("Add morale group").size(12))
                .style(button::secondary)
                .on_press_maybe(
                    editable.then_some(msg(ForcesEdit::AddGroup(s))),
                ),
        );
        col.push(self.side_losses(s, side, &f.losses, editable))
            .push(self.side_attachments(s, side, editable))
            .into()
    }

    /// One morale group: its name, levels and units.
    fn group_card<'a>(
        &'a self,
        s: usize,
        g: usize,
        gr: &berthier_schema::scenario::MoraleGroup,
        side: &str,
        editable: bool,
    ) -> Element<'a, Message> {
        let counters = &self.doc.counters;
        let msg = |e: ForcesEdit| Message::Forces(e);
        let field =
            |label: &'static str,
             value: String,
             on: fn(usize, usize, String) -> ForcesEdit| {
                let mut input =
                    text_input("not given", &value).size(12).width(64);
                if editable {
                    input =
                        input.on_input(move |v| Message::Forces(on(s, g, v)));
                }
                column![text(label).size(11), input].spacing(1)
            };
        let number =
            |n: Option<u16>| n.map(|n| n.to_string()).unwrap_or_default();
        let desperate = match &self.levels_typed {
            Some((ts, tg, typed)) if (*ts, *tg) == (s, g) => typed.clone(),
            _ => {
                let levels: Vec<String> =
                    gr.desperate.iter().map(ToString::to_string).collect();
                levels.join(", ")
            }
        };
        let mut name = text_input("Name as printed", &gr.name).size(13);
        if editable {
            name = name
                .on_input(move |v| Message::Forces(ForcesEdit::Name(s, g, v)));
        }
        let placed = members::placed(counters, &gr.units);
        column![
            row![
                name,
                button(text("Delete").size(12))
                    .style(button::danger)
                    .on_press_maybe(
                        editable.then_some(msg(ForcesEdit::DeleteGroup(s, g)))
                    ),
            ]
            .spacing(6),
            row![
                field("Steps", gr.steps.to_string(), ForcesEdit::Steps),
                field(
                    "Demoralized at",
                    number(gr.demoralization),
                    ForcesEdit::Demoralization
                ),
                field("Desperate at", desperate, ForcesEdit::Desperate),
                field(
                    "Losses at start",
                    number(gr.starting_losses),
                    ForcesEdit::StartingLosses
                ),
            ]
            .spacing(6)
            .wrap()
            .vertical_spacing(4),
            self.printed_none(s, g, gr, editable),
            members::pickers(
                members::of_side(counters, side),
                placed.clone(),
                move |m| Message::Forces(ForcesEdit::GroupMember(
                    s, g, m, true
                )),
                move |m| Message::Forces(ForcesEdit::GroupMember(
                    s, g, m, false
                )),
            ),
            text(members::line("Counts", &placed)).size(12),
            self.group_parts(s, g, gr, side, editable),
        ]
        .spacing(3)
        .into()
    }

    /// The levels the morale table prints as "None" (the Guard's "74 None
    /// None"): a level left empty and not ticked here is one the file does
    /// not know, which the validator reports as not checked (OOB014).
    fn printed_none<'a>(
        &self,
        s: usize,
        g: usize,
        gr: &berthier_schema::scenario::MoraleGroup,
        editable: bool,
    ) -> Element<'a, Message> {
        let tick = |label: &'static str, level: MoraleLevel| {
            checkbox(forces_edit::is_printed_none(gr, level))
                .label(label)
                .text_size(12)
                .on_toggle_maybe(editable.then_some(move |none| {
                    Message::Forces(ForcesEdit::PrintedNone(s, g, level, none))
                }))
        };
        row![
            text("Printed \u{201c}None\u{201d}:").size(12),
            tick("demoralization", MoraleLevel::Demoralization),
            tick("desperate", MoraleLevel::Desperate(0)),
        ]
        .spacing(8)
        .into()
    }

    fn side_losses(
        &self,
        s: usize,
        side: &str,
        losses: &[berthier_schema::scenario::Losses],
        editable: bool,
    ) -> Element<'_, Message> {
        let counters = &self.doc.counters;
        let mut col = Column::new()
            .spacing(4)
            .push(text(format!("Losses at start: {}", losses.len())).size(13));
        for (l, ls) in losses.iter().enumerate() {
            let each = ls.each.map(|n| n.to_string()).unwrap_or_default();
            let mut input = text_input("steps", &each).size(12).width(60);
            if editable {
                input = input.on_input(move |v| {
                    Message::Forces(ForcesEdit::Each(s, l, v))
                });
            }
            let placed = members::placed(counters, &ls.units);
            col = col.push(
                column![
                    row![
                        text("Each loses").size(12),
                        input,
                        text("step(s)").size(12),
                        button(text("Delete").size(12))
                            .style(button::danger)
                            .on_press_maybe(editable.then_some(
                                Message::Forces(ForcesEdit::DeleteLosses(s, l))
                            )),
                    ]
                    .spacing(6)
                    .align_y(iced::Center),
                    members::pickers(
                        members::of_side(counters, side),
                        placed.clone(),
                        move |m| Message::Forces(ForcesEdit::LossMember(
                            s, l, m, true
                        )),
                        move |m| Message::Forces(ForcesEdit::LossMember(
                            s, l, m, false
                        )),
                    ),
                    text(members::line("Strikes", &placed)).size(12),
                ]
                .spacing(3),
            );
        }
        col.push(
            button(text("Add losses at start").size(12))
                .style(button::secondary)
                .on_press_maybe(
                    editable
                        .then_some(Message::Forces(ForcesEdit::AddLosses(s))),
                ),
        )
        .into()
    }
}

impl SetupScreen {
    /// The first formation of side `s`, where a new attachment goes.
    fn first_formation(&self, s: usize) -> Option<String> {
        let side = &self.doc.scenario().sides.get(s)?.side;
        let formations = &self.doc.counters.formations;
        formations
            .iter()
            .find(|f| &f.side == side)
            .map(|f| f.id.clone())
    }
}

/// A loss weight's factor typed merges into one step per field.
fn part_merge_key(s: usize, g: usize, part: &PartEdit) -> Option<String> {
    match part {
        PartEdit::Factor(w, _) => Some(format!("forces factor {s} {g} {w}")),
        _ => None,
    }
}

/// The undo step a typed field's keystrokes merge into: one per field.
fn merge_key(edit: &ForcesEdit) -> Option<String> {
    let (field, s, i) = match edit {
        ForcesEdit::Name(s, g, _) => ("name", s, g),
        ForcesEdit::Steps(s, g, _) => ("steps", s, g),
        ForcesEdit::Demoralization(s, g, _) => ("demoralization", s, g),
        ForcesEdit::Desperate(s, g, _) => ("desperate", s, g),
        ForcesEdit::StartingLosses(s, g, _) => ("starting", s, g),
        ForcesEdit::Each(s, l, _) => ("each", s, l),
        _ => return None,
    };
    Some(format!("forces {field} {s} {i}"))
}

fn side(all: &mut [SideForces], s: usize) -> Option<&mut SideForces> {
    all.get_mut(s)
}

fn group(
    all: &mut [SideForces],
    s: usize,
    g: usize,
) -> Option<&mut berthier_schema::scenario::MoraleGroup> {
    all.get_mut(s)?.morale.get_mut(g)
}

fn members_edit(
    units: &mut berthier_schema::scenario::UnitSet,
    member: Member,
    add: bool,
) -> bool {
    match add {
        true => unit_set::add(units, member),
        false => unit_set::remove(units, &member),
    }
}
