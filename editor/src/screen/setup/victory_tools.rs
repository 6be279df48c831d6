//! The Victory tab: the scenario's victory conditions by side name, Add
//! objective, hold, exit or points per loss for each side, and for the
//! selected objective its place (picked on the map: the place under the
//! click, else the hex), its points, who holds it at the start, Duplicate
//! and Delete (holds, combinations and tie-breaks: [`super::victory_parts`]). Each edit is
//! one undo step, saved with the setup through the comment-keeping writer.
//! The objectives and exits are drawn on the Setup map as the map screen
//! draws them ([`berthier_tools::victory`]), under the counters, and
//! follow every edit.

use iced::widget::{Column, button, checkbox, pick_list, row, text};
use iced::{Element, Fill};

use super::{Message, SetupScreen, VictoryEdit};
use crate::screen::members;
use berthier_schema::HexId;
use berthier_schema::scenario::{Condition, VictoryCondition};
use berthier_tools::setup::victory_edit;

/// Who holds an objective at the start, as the list offers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    /// The side's id (`None`: nobody).
    pub side: Option<String>,
    /// As shown.
    pub label: String,
}

impl std::fmt::Display for Holder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

impl SetupScreen {
    /// The victory conditions on the map, with the sides' names.
    pub fn victory(&self) -> berthier_tools::victory::Victory {
        let scenario = self.doc.scenario();
        let sides = scenario.sides.iter().map(|s| s.side.clone()).collect();
        let map = &self.doc.opened.map;
        berthier_tools::victory::Victory::of(&scenario.victory, sides, map)
            .named(|id| Some(self.side_name(id).to_owned()))
    }

    /// Adds an objective for side `side` (by index) and selects it.
    pub(super) fn add_objective(&mut self, side: usize) {
        let Some(id) =
            self.doc.scenario().sides.get(side).map(|s| s.side.clone())
        else {
            return;
        };
        let mut list = self.doc.scenario().victory.clone();
        let i =
            victory_edit::add_objective(&mut list, &id, &self.doc.opened.map);
        self.apply_victory(list, Some(i));
    }

    /// Adds an exit for side `side` (by index) and selects it; says so
    /// when the map has no entry point or edge to leave by.
    pub(super) fn add_exit(&mut self, side: usize) {
        let Some(id) =
            self.doc.scenario().sides.get(side).map(|s| s.side.clone())
        else {
            return;
        };
        let mut list = self.doc.scenario().victory.clone();
        match victory_edit::add_exit(&mut list, &id, &self.doc.opened.map) {
            Some(i) => self.apply_victory(list, Some(i)),
            None => {
                self.notice = Some(
                    "This map has no entry point or edge to exit by: add one \
                     on the map screen."
                        .to_owned(),
                );
            }
        }
    }

    /// Adds points per enemy unit eliminated for side `side`.
    pub(super) fn add_elimination(&mut self, side: usize) {
        let Some(id) =
            self.doc.scenario().sides.get(side).map(|s| s.side.clone())
        else {
            return;
        };
        let mut list = self.doc.scenario().victory.clone();
        let i = victory_edit::add_elimination(&mut list, &id);
        self.apply_victory(list, Some(i));
    }

    /// Duplicates the selected condition and selects the copy.
    pub(super) fn duplicate_condition(&mut self) {
        let Some(i) = self.condition else { return };
        let mut list = self.doc.scenario().victory.clone();
        if let Some(copy) = victory_edit::duplicate(&mut list, i) {
            self.apply_victory(list, Some(copy));
        }
    }

    /// Deletes the selected condition.
    pub(super) fn delete_condition(&mut self) {
        let Some(i) = self.condition else { return };
        let mut list = self.doc.scenario().victory.clone();
        if victory_edit::delete(&mut list, i) {
            self.apply_victory(list, None);
        }
    }

    /// Changes the selected objective (points, holder) with `change`.
    pub(super) fn edit_objective(
        &mut self,
        change: impl FnOnce(&mut Vec<VictoryCondition>, usize) -> bool,
    ) {
        let Some(i) = self.condition else { return };
        let mut list = self.doc.scenario().victory.clone();
        if change(&mut list, i) {
            self.apply_victory(list, Some(i));
        }
    }

    /// A map click while picking the objective's place; whether it was one.
    pub(super) fn objective_click(&mut self, hex: HexId) -> bool {
        if !self.picking_objective {
            return false;
        }
        self.picking_objective = false;
        let map = self.doc.opened.map.clone();
        self.edit_objective(|list, i| {
            victory_edit::place_at(list, i, hex, &map)
        });
        true
    }

    pub(super) fn apply_victory(
        &mut self,
        list: Vec<VictoryCondition>,
        select: Option<usize>,
    ) {
        if !self.doc.is_editable() {
            self.notice = Some(
                "A variant's victory conditions are changed in its file."
                    .to_owned(),
            );
            return;
        }
        self.doc.apply_victory(list);
        self.refresh();
        self.condition = select;
    }

    /// The tab: Add objective per side, the conditions, the selected one's
    /// tools.
    pub(super) fn victory_view(&self) -> Element<'_, Message> {
        let editable = self.doc.is_editable();
        let small = |label: String, m: Message| {
            button(text(label).size(12))
                .padding([2, 6])
                .on_press_maybe(editable.then_some(m))
        };
        let mut adds = row![].spacing(6);
        for (i, side) in self.doc.scenario().sides.iter().enumerate() {
            let name = self.side_name(&side.side);
            for (what, m) in [
                ("objective", Message::AddObjective(i)),
                ("hold", Message::Victory(VictoryEdit::AddHold(i))),
                ("exit", Message::AddExit(i)),
                ("VP per loss", Message::AddElimination(i)),
            ] {
                adds = adds.push(
                    small(format!("Add {what}: {name}"), m)
                        .style(button::secondary),
                );
            }
        }
        let mut col = Column::new()
            .spacing(4)
            .push(adds.wrap().vertical_spacing(4));
        for (i, vc) in self.doc.scenario().victory.iter().enumerate() {
            let style = if self.condition == Some(i) {
                button::primary
            } else {
                button::text
            };
            col = col.push(
                button(text(self.condition_words(vc)).size(13))
                    .style(style)
                    .width(Fill)
                    .on_press(Message::SelectCondition(i)),
            );
        }
        if self.doc.scenario().victory.is_empty() {
            col = col.push(text("No victory condition yet.").size(13));
        }
        col.push(self.condition_tools(&small))
            .push(self.levels_view(editable))
            .push(self.tie_break_view(editable))
            .into()
    }

    fn condition_tools<'a>(
        &'a self,
        small: &dyn Fn(String, Message) -> iced::widget::Button<'a, Message>,
    ) -> Element<'a, Message> {
        let Some(i) = self.condition else {
            return Column::new().into();
        };
        let Some(vc) = self.doc.scenario().victory.get(i) else {
            return Column::new().into();
        };
        let col = Column::new()
            .spacing(4)
            .push(
                row![
                    small("Duplicate".into(), Message::DuplicateCondition),
                    small("Delete".into(), Message::DeleteCondition)
                        .style(button::danger),
                    small(
                        "Use to break ties".into(),
                        Message::Victory(VictoryEdit::ToTieBreak)
                    ),
                ]
                .spacing(6)
                .wrap(),
            )
            .push(self.combine_tools(i, vc));
        let parts: Element<'a, Message> = match &vc.condition {
            Condition::Objective {
                points, held_by, ..
            } => self.objective_tools(*points, held_by, small),
            Condition::Hold {
                points, held_by, ..
            } => Column::new()
                .spacing(4)
                .push(self.objective_tools(*points, held_by, small))
                .push(self.hold_tools(vc, small))
                .into(),
            Condition::Exit { .. } => self.exit_tools(vc, small),
            Condition::Elimination { points } => points_row(*points, small),
            Condition::All(_)
            | Condition::AnyOf(_)
            | Condition::AtLeast { .. } => self.combination_tools(vc, small),
            _ => text("Its parts are edited in the file.").size(12).into(),
        };
        col.push(parts).into()
    }

    /// Where an objective or hold is (picked on the map), its points and
    /// who holds it at the start.
    fn objective_tools<'a>(
        &'a self,
        points: i32,
        held_by: &'a Option<String>,
        small: &dyn Fn(String, Message) -> iced::widget::Button<'a, Message>,
    ) -> Element<'a, Message> {
        let pick = small(
            "Pick on map".into(),
            Message::PickObjective(!self.picking_objective),
        )
        .style(if self.picking_objective {
            button::success
        } else {
            button::secondary
        });
        let holders = self.holders();
        let chosen = holders.iter().find(|h| &h.side == held_by).cloned();
        Column::new()
            .spacing(4)
            .push(
                row![
                    pick,
                    small("−".into(), Message::ObjectivePoints(points - 1)),
                    text(format!("{points} VP")).size(12),
                    small("+".into(), Message::ObjectivePoints(points + 1)),
                ]
                .spacing(6)
                .align_y(iced::Center),
            )
            .push(
                row![
                    text("Held at start by").size(12),
                    pick_list(holders, chosen, |h| Message::HeldBy(h.side))
                        .text_size(12),
                ]
                .spacing(6)
                .align_y(iced::Center),
            )
            .into()
    }

    /// The selected exit's way off the map, the units it counts (of its
    /// side, by name), how many, and whether it wins outright.
    fn exit_tools<'a>(
        &'a self,
        vc: &'a VictoryCondition,
        small: &dyn Fn(String, Message) -> iced::widget::Button<'a, Message>,
    ) -> Element<'a, Message> {
        let Condition::Exit {
            via,
            units,
            count,
            automatic,
        } = &vc.condition
        else {
            return Column::new().into();
        };
        let editable = self.doc.is_editable();
        let ways = berthier_tools::ways::of(&self.doc.opened.map);
        let chosen = ways.iter().find(|w| &w.location == via).cloned();
        let counters = &self.doc.counters;
        let placed = members::placed(counters, units);
        let offered = members::of_side(counters, &vc.side);
        Column::new()
            .spacing(4)
            .push(
                row![
                    text("By").size(12),
                    pick_list(ways, chosen, Message::ExitVia).text_size(12),
                ]
                .spacing(6)
                .align_y(iced::Center),
            )
            .push(members::pickers(
                offered,
                placed.clone(),
                |m| Message::ExitMember(m, true),
                |m| Message::ExitMember(m, false),
            ))
            .push(text(members::line("Counts", &placed)).size(12))
            .push(
                row![
                    small(
                        "−".into(),
                        Message::ExitCount(count.saturating_sub(1))
                    ),
                    text(format!("{count} unit(s)")).size(12),
                    small(
                        "+".into(),
                        Message::ExitCount(count.saturating_add(1))
                    ),
                    checkbox(*automatic)
                        .label("Wins outright")
                        .text_size(12)
                        .on_toggle_maybe(
                            editable.then_some(Message::ExitAutomatic)
                        ),
                ]
                .spacing(6)
                .align_y(iced::Center),
            )
            .into()
    }

    /// " (held by Red)", or nothing.
    fn held(&self, held_by: &Option<String>) -> String {
        held_by
            .as_ref()
            .map(|h| format!(" (held by {})", self.side_name(h)))
            .unwrap_or_default()
    }

    /// Nobody, then each side by name.
    fn holders(&self) -> Vec<Holder> {
        let nobody = Holder {
            side: None,
            label: "nobody".to_owned(),
        };
        let sides = self.doc.scenario().sides.iter().map(|s| Holder {
            side: Some(s.side.clone()),
            label: self.side_name(&s.side).to_owned(),
        });
        std::iter::once(nobody).chain(sides).collect()
    }

    /// "Blue: objective The hamlet, 3 VP (held by Red)".
    pub(super) fn condition_words(&self, vc: &VictoryCondition) -> String {
        let side = self.side_name(&vc.side);
        let names = self.doc.names();
        match &vc.condition {
            Condition::Objective {
                at,
                points,
                held_by,
            } => {
                format!(
                    "{side}: objective {}, {points} VP{}",
                    names.location(at),
                    self.held(held_by)
                )
            }
            Condition::Exit {
                via, units, count, ..
            } => {
                let placed = members::placed(&self.doc.counters, units);
                let who: Vec<&str> =
                    placed.iter().map(|o| o.label.as_str()).collect();
                let who = match who.is_empty() {
                    true => "units".to_owned(),
                    false => who.join(", "),
                };
                format!(
                    "{side}: exit {count} of {who} by {}",
                    names.location(via)
                )
            }
            Condition::Elimination { points } => {
                format!("{side}: {points} VP per enemy unit eliminated")
            }
            Condition::Hold {
                at,
                except,
                points,
                held_by,
                ..
            } => {
                let map = &self.doc.opened.map;
                let words =
                    berthier_tools::victory::hold_words(map, at, except);
                format!("{side}: {words}, {points} VP{}", self.held(held_by))
            }
            Condition::All(of)
            | Condition::AnyOf(of)
            | Condition::AtLeast { of, .. }
                if vc.text.is_none() =>
            {
                let how = match &vc.condition {
                    Condition::All(_) => "every one of".to_owned(),
                    Condition::AnyOf(_) => "any one of".to_owned(),
                    Condition::AtLeast { count, .. } => {
                        format!("at least {count} of")
                    }
                    _ => unreachable!("matched above"),
                };
                let parts: Vec<String> = of
                    .iter()
                    .map(|c| {
                        let one = self.condition_words(&VictoryCondition {
                            condition: c.clone(),
                            text: None,
                            ..vc.clone()
                        });
                        one.split_once(": ")
                            .map_or(one.clone(), |w| w.1.to_owned())
                    })
                    .collect();
                let worth =
                    vc.points.map(|p| format!(", {p} VP")).unwrap_or_default();
                format!("{side}: {how} ({}){worth}", parts.join("; "))
            }
            Condition::Text(words) => format!("{side}: {words}"),
            _ => match &vc.text {
                Some(words) => format!("{side}: {words}"),
                None => format!("{side}: a condition edited in the file"),
            },
        }
    }
}

/// − and + around an elimination's points.
fn points_row<'a>(
    points: i32,
    small: &dyn Fn(String, Message) -> iced::widget::Button<'a, Message>,
) -> Element<'a, Message> {
    row![
        small("−".into(), Message::ObjectivePoints(points - 1)),
        text(format!("{points} VP per unit")).size(12),
        small("+".into(), Message::ObjectivePoints(points + 1)),
    ]
    .spacing(6)
    .align_y(iced::Center)
    .into()
}
