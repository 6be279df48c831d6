//! The Forces tab's finer parts of a side: in each morale group, the
//! units whose losses count several times ("If they take any loss, these
//! are counted as 5 losses on the morale demoralization level of the II
//! Corps", Quatre-Bras 1, seed 001 l. 2073) and the levels that strike
//! only some units ("only the non British and non KGL units are
//! demoralized", SR 5, l. 3219); and the side's attachments, units under
//! another formation for the scenario, with the option they come with.
//! Each change is one undo step; a factor typed as a word is refused with
//! a notice, the field keeping its value.

use berthier_schema::scenario::{Attachment, MoraleGroup, MoraleLevel};
use iced::widget::{Column, button, pick_list, row, text, text_input};
use iced::{Element, Fill};

use super::forces_tools::ForcesEdit;
use super::{Message, SetupScreen};
use crate::screen::{members, option_pick};
use berthier_tools::setup::forces_edit::{self, NotANumber, SideForces};
use berthier_tools::unit_set::{self, Member};

/// An edit of a group's loss weights or level scopes.
#[derive(Debug, Clone)]
pub enum PartEdit {
    /// Add units whose losses count twice.
    AddWeight,
    /// Weight `.0`'s factor typed.
    Factor(usize, String),
    /// Weight `.0` counts this unit or formation too, or no longer.
    WeightMember(usize, Member, bool),
    /// Take weight `.0` out.
    DeleteWeight(usize),
    /// Make another level strike only some units.
    AddScope,
    /// Scope `.0` is of this level.
    ScopeLevel(usize, MoraleLevel),
    /// Scope `.0` strikes this unit or formation too, or no longer.
    ScopeMember(usize, Member, bool),
    /// Take scope `.0` out.
    DeleteScope(usize),
}

/// An edit of a side's attachments.
#[derive(Debug, Clone)]
pub enum AttachmentEdit {
    /// Attach units to the side's first formation.
    Add,
    /// Attachment `.0` goes to this formation (by id).
    To(usize, String),
    /// Attachment `.0` moves this unit or formation too, or no longer.
    Member(usize, Member, bool),
    /// Attachment `.0` comes only with this option, or always.
    Option(usize, Option<String>),
    /// Take attachment `.0` out.
    Delete(usize),
}

/// A choice of a pick list: a value and its words.
#[derive(Debug, Clone, PartialEq)]
pub struct Named<T> {
    value: T,
    label: String,
}

impl<T> std::fmt::Display for Named<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

/// Applies `edit` to `group`; whether it changed (`Err`: a word typed
/// where the factor goes).
pub(super) fn apply_part(
    group: &mut MoraleGroup,
    edit: PartEdit,
) -> Result<bool, NotANumber> {
    let before = group.clone();
    match edit {
        PartEdit::AddWeight => {
            forces_edit::add_weight(group);
        }
        PartEdit::Factor(w, typed) => {
            let factor = forces_edit::number::<u8>(&typed)?;
            if let Some(weight) = group.loss_weights.get_mut(w) {
                weight.factor = factor.unwrap_or(1).max(1);
            }
        }
        PartEdit::WeightMember(w, m, add) => {
            if let Some(weight) = group.loss_weights.get_mut(w) {
                member(&mut weight.units, m, add);
            }
        }
        PartEdit::DeleteWeight(w) if w < group.loss_weights.len() => {
            group.loss_weights.remove(w);
        }
        PartEdit::AddScope => {
            forces_edit::add_scope(group);
        }
        PartEdit::ScopeLevel(k, level) => {
            if let Some(scope) = group.scopes.get_mut(k) {
                scope.level = level;
            }
        }
        PartEdit::ScopeMember(k, m, add) => {
            if let Some(scope) = group.scopes.get_mut(k) {
                member(&mut scope.units, m, add);
            }
        }
        PartEdit::DeleteScope(k) if k < group.scopes.len() => {
            group.scopes.remove(k);
        }
        PartEdit::DeleteWeight(_) | PartEdit::DeleteScope(_) => {}
    }
    Ok(*group != before)
}

/// Applies `edit` to a side's attachments, new ones going to
/// `first_formation`; whether they changed.
pub(super) fn apply_attachment(
    forces: &mut SideForces,
    edit: AttachmentEdit,
    first_formation: Option<&str>,
) -> bool {
    let before = forces.attachments.clone();
    let list = &mut forces.attachments;
    match edit {
        AttachmentEdit::Add => {
            if let Some(to) = first_formation {
                forces_edit::add_attachment(forces, to);
            }
        }
        AttachmentEdit::To(a, to) => {
            if let Some(at) = list.get_mut(a) {
                at.to = to;
            }
        }
        AttachmentEdit::Member(a, m, add) => {
            if let Some(at) = list.get_mut(a) {
                member(&mut at.units, m, add);
            }
        }
        AttachmentEdit::Option(a, option) => {
            if let Some(at) = list.get_mut(a) {
                at.option = option;
            }
        }
        AttachmentEdit::Delete(a) if a < list.len() => {
            list.remove(a);
        }
        AttachmentEdit::Delete(_) => {}
    }
    forces.attachments != before
}

fn member(
    units: &mut berthier_schema::scenario::UnitSet,
    m: Member,
    add: bool,
) {
    let _ = match add {
        true => unit_set::add(units, m),
        false => unit_set::remove(units, &m),
    };
}

/// "Demoralization", "Desperate 2".
fn level_words(level: MoraleLevel) -> String {
    match level {
        MoraleLevel::Demoralization => "demoralization".to_owned(),
        MoraleLevel::Desperate(0) => "desperate".to_owned(),
        MoraleLevel::Desperate(k) => format!("desperate {}", k + 1),
    }
}

impl SetupScreen {
    /// A group's loss weights and level scopes.
    pub(super) fn group_parts<'a>(
        &'a self,
        s: usize,
        g: usize,
        gr: &MoraleGroup,
        side: &str,
        editable: bool,
    ) -> Element<'a, Message> {
        let counters = &self.doc.counters;
        let on = move |e: PartEdit| Message::Forces(ForcesEdit::Part(s, g, e));
        let small = |label: &str, m: Message| {
            button(text(label.to_owned()).size(11))
                .padding([1, 5])
                .on_press_maybe(editable.then_some(m))
        };
        let mut col = Column::new().spacing(3);
        for (w, weight) in gr.loss_weights.iter().enumerate() {
            let mut factor = text_input("2", &weight.factor.to_string())
                .size(12)
                .width(40);
            if editable {
                factor = factor.on_input(move |t| on(PartEdit::Factor(w, t)));
            }
            col = col
                .push(
                    row![
                        text("Each loss of these counts").size(12),
                        factor,
                        text("times").size(12),
                        small("×", on(PartEdit::DeleteWeight(w)))
                            .style(button::danger),
                    ]
                    .spacing(4)
                    .align_y(iced::Center),
                )
                .push(members::chooser(
                    counters,
                    side,
                    &weight.units,
                    "Weighs",
                    move |m| on(PartEdit::WeightMember(w, m, true)),
                    move |m| on(PartEdit::WeightMember(w, m, false)),
                ));
        }
        let levels: Vec<Named<MoraleLevel>> = forces_edit::levels_of(gr)
            .into_iter()
            .map(|l| Named {
                value: l,
                label: level_words(l),
            })
            .collect();
        for (k, scope) in gr.scopes.iter().enumerate() {
            let chosen =
                levels.iter().find(|l| l.value == scope.level).cloned();
            col = col
                .push(
                    row![
                        text("The").size(12),
                        pick_list(levels.clone(), chosen, move |l| on(
                            PartEdit::ScopeLevel(k, l.value)
                        ))
                        .text_size(12),
                        text("level strikes only").size(12),
                        small("×", on(PartEdit::DeleteScope(k)))
                            .style(button::danger),
                    ]
                    .spacing(4)
                    .align_y(iced::Center),
                )
                .push(members::chooser(
                    counters,
                    side,
                    &scope.units,
                    "Strikes",
                    move |m| on(PartEdit::ScopeMember(k, m, true)),
                    move |m| on(PartEdit::ScopeMember(k, m, false)),
                ));
        }
        col.push(
            row![
                small("Losses that count more", on(PartEdit::AddWeight))
                    .style(button::secondary),
                small("A level for some units only", on(PartEdit::AddScope))
                    .style(button::secondary),
            ]
            .spacing(6)
            .wrap(),
        )
        .into()
    }

    /// A side's attachments: the units, the formation they join, the
    /// option they come with.
    pub(super) fn side_attachments<'a>(
        &'a self,
        s: usize,
        side: &str,
        editable: bool,
    ) -> Element<'a, Message> {
        let counters = &self.doc.counters;
        let attachments: &'a [Attachment] = self
            .doc
            .scenario()
            .sides
            .get(s)
            .map(|sd| sd.attachments.as_slice())
            .unwrap_or_default();
        let on = move |e: AttachmentEdit| {
            Message::Forces(ForcesEdit::Attachment(s, e))
        };
        let formations: Vec<Named<String>> = counters
            .formations
            .iter()
            .filter(|f| f.side == side)
            .map(|f| Named {
                value: f.id.clone(),
                label: f.name.clone(),
            })
            .collect();
        let mut col = Column::new()
            .spacing(4)
            .push(text(format!("Attachments: {}", attachments.len())).size(13));
        for (a, at) in attachments.iter().enumerate() {
            let chosen = formations.iter().find(|f| f.value == at.to).cloned();
            col = col
                .push(
                    row![
                        text("Under").size(12),
                        pick_list(formations.clone(), chosen, move |f| on(
                            AttachmentEdit::To(a, f.value)
                        ))
                        .text_size(12)
                        .width(Fill),
                        button(text("Delete").size(12))
                            .style(button::danger)
                            .on_press_maybe(
                                editable
                                    .then_some(on(AttachmentEdit::Delete(a)))
                            ),
                    ]
                    .spacing(6)
                    .align_y(iced::Center),
                )
                .push(members::chooser(
                    counters,
                    side,
                    &at.units,
                    "Moves",
                    move |m| on(AttachmentEdit::Member(a, m, true)),
                    move |m| on(AttachmentEdit::Member(a, m, false)),
                ))
                .push(option_pick::option_row(
                    "Attached:",
                    &self.doc.scenario().options,
                    at.option.as_deref(),
                    editable,
                    move |o| on(AttachmentEdit::Option(a, o)),
                ));
        }
        let add = button(text("Add attachment").size(12))
            .style(button::secondary)
            .on_press_maybe(
                (editable && !formations.is_empty())
                    .then_some(on(AttachmentEdit::Add)),
            );
        col.push(add).into()
    }
}
