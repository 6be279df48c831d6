//! The order of battle screen's layout: toolbar, notices, the tree on
//! the left, the selection's details and ratings on the right, the
//! stacking gaps in the status bar.

use iced::widget::{
    Column, button, column, container, row, rule, scrollable, space, text,
    text_input,
};
use iced::{Element, Fill};

use super::{Csv, Message, OobScreen, Target};
use berthier_tools::oob::ops;
use berthier_tools::oob::ratings::{self, units_within};
use berthier_tools::oob::tree::{self, Kind, count};

/// The id of the selection's name field (tests type into it).
pub const NAME_FIELD: &str = "oob-name";

/// The tree panel's width: room for a brigade's name four levels deep.
const TREE_WIDTH: f32 = 430.0;

impl OobScreen {
    /// The window's content.
    pub fn view(&self) -> Element<'_, Message> {
        let mut page = column![self.toolbar()];
        if let Some(offer) = self.recovery.view(Message::Recovery) {
            page = page.push(offer);
        }
        for warning in &self.doc.warnings {
            page =
                page.push(text(warning.clone()).style(text::danger).size(14));
        }
        if let Some(error) = &self.csv_error {
            page = page.push(
                container(text(error.clone()).style(text::danger).size(14))
                    .padding([2, 8]),
            );
        }
        if let Some(comments) = self.rewrite {
            page = page.push(crate::screen::rewrite::question(
                comments,
                Message::Rewrite(true),
                Message::Rewrite(false),
            ));
        }
        let body = row![
            container(self.tree()).width(TREE_WIDTH).height(Fill),
            rule::vertical(1),
            container(scrollable(container(self.details()).padding(12)))
                .width(Fill)
                .height(Fill),
        ];
        page.push(rule::horizontal(1))
            .push(body.height(Fill))
            .push(rule::horizontal(1))
            .push(container(self.status()).padding([4, 8]))
            .into()
    }

    fn toolbar(&self) -> Element<'_, Message> {
        let doc = &self.doc;
        let undo = button("Undo")
            .on_press_maybe(doc.can_undo().then_some(Message::Undo));
        let redo = button("Redo")
            .on_press_maybe(doc.can_redo().then_some(Message::Redo));
        let save = button("Save")
            .on_press_maybe(doc.is_dirty().then_some(Message::Save));
        let back = self
            .back()
            .map(|_| button("Back to map").on_press(Message::Back));
        let mut bar = row![
            back,
            button("Open…").on_press(Message::Open),
            save,
            undo,
            redo,
            button("Expand all").on_press(Message::ExpandAll),
            button("Collapse all").on_press(Message::CollapseAll),
            button("Add side").on_press(Message::AddSide),
            button("Import CSV…").on_press(Message::PickCsv(Csv::Import)),
            button("Export CSV…").on_press(Message::PickCsv(Csv::Export)),
        ]
        .spacing(6)
        .align_y(iced::Center);
        if let Some(notice) = &self.notice {
            bar = bar.push(text(notice.clone()).size(14));
        }
        container(bar).padding(6).into()
    }

    /// Side, counts and what is still missing, for the status bar.
    fn status(&self) -> Element<'_, Message> {
        let merged = self.doc.merged();
        let series = self.doc.series.as_ref();
        let mut line = format!(
            "{} · {} · {}",
            count(merged.sides.len(), "side"),
            count(merged.formations.len(), "formation"),
            count(merged.units.len(), "unit")
        );
        for gap in ratings::stacking_gaps(series, merged.units.iter()) {
            line.push_str(&format!(
                " · {} of {} units still lack {} (the stacking limits sum it)",
                gap.missing.len(),
                gap.of,
                gap.rating
            ));
        }
        text(line).size(14).into()
    }

    fn details(&self) -> Element<'_, Message> {
        let Some(item) = &self.selected else {
            return self.overview();
        };
        let mut page: Column<'_, Message> = column![].spacing(10);
        if let Some(confirm) = &self.confirm {
            page = page.push(super::tree::confirm_delete(confirm));
        }
        let merged = self.doc.merged();
        let part = match item.kind {
            Kind::Side => self.side_details(&item.id),
            Kind::Unattached => {
                let loose: Vec<_> = merged
                    .units
                    .iter()
                    .filter(|u| u.side == item.id)
                    .filter(|u| {
                        u.formation
                            .as_deref()
                            .is_none_or(|f| merged.formation(f).is_none())
                    })
                    .collect();
                column![
                    text("Units in no formation").size(20),
                    self.item_actions(true, false),
                    super::grid::groups(&self.doc, &loose),
                ]
                .spacing(10)
                .into()
            }
            Kind::Formation => self.formation_details(&item.id),
            Kind::Unit | Kind::Leader => self.unit_details(&item.id),
            Kind::Activation | Kind::Marker => self.marker_details(item),
        };
        page.push(part).into()
    }

    /// Before anything is selected: the file, its series and includes,
    /// each side's size and what its units still lack.
    fn overview(&self) -> Element<'_, Message> {
        let own = self.doc.own();
        let merged = self.doc.merged();
        let series = self.doc.series.as_ref();
        let mut page = column![
            text(own.name.clone()).size(20),
            text(format!(
                "Series: {}",
                series.map_or(own.series.as_str(), |s| s.name.as_str())
            )),
        ]
        .spacing(8);
        for include in &own.include {
            page = page.push(text(format!(
                "Includes {} (its formations and units are shown greyed, \
                 edited in that file)",
                include.path
            )));
        }
        for side in &merged.sides {
            let units: Vec<_> =
                merged.units.iter().filter(|u| u.side == side.id).collect();
            let formations = merged
                .formations
                .iter()
                .filter(|f| f.side == side.id)
                .count();
            page = page.push(text(format!(
                "{}: {formations} formations, {} units",
                side.name,
                units.len()
            )));
            page = page.push(super::grid::gap_line(&self.doc, &units));
        }
        let hint = if merged.sides.is_empty() {
            "This file has no side yet: Add side (in the toolbar) starts one."
        } else {
            "Select a side, a formation or a unit in the tree."
        };
        page.push(text(hint).style(text::secondary)).into()
    }

    fn side_details(&self, id: &str) -> Element<'_, Message> {
        let merged = self.doc.merged();
        let Some(side) = merged.sides.iter().find(|s| s.id == id) else {
            return text("This side is no longer in the file.").into();
        };
        let units = merged.units.iter().filter(|u| u.side == id).count();
        let own = self.own_selected().is_some();
        column![
            self.name_field(&side.name),
            text(format!("Side `{}` · {units} units", side.id)),
            self.side_nationalities(side, own),
            self.item_actions(true, true),
        ]
        .spacing(10)
        .into()
    }

    fn formation_details(&self, id: &str) -> Element<'_, Message> {
        let merged = self.doc.merged();
        let Some(f) = merged.formation(id) else {
            return text("This formation is no longer in the file.").into();
        };
        let commander = f
            .commander
            .as_deref()
            .map(|c| merged.unit(c).map_or(c, |u| u.name.as_str()))
            .unwrap_or("none");
        let units: Vec<_> = units_within(merged, id).collect();
        let mut page = column![
            self.name_field(&f.name),
            text(format!(
                "Formation `{}` · {} · commander: {commander} · {} units within",
                f.id,
                f.level,
                units.len()
            )),
        ]
        .spacing(10);
        page = page.push(self.formation_fields(f));
        page = page.push(self.activation_lines(f));
        page = page.push(self.origin_line(id));
        page =
            page.push(self.move_picker(&f.side, Some(id), f.parent.as_deref()));
        page = page.push(self.item_actions(true, true));
        page = page.push(super::grid::gap_line(&self.doc, &units));
        page.push(super::grid::groups(&self.doc, &units)).into()
    }

    fn unit_details(&self, id: &str) -> Element<'_, Message> {
        let merged = self.doc.merged();
        let Some(u) = merged.unit(id) else {
            return text("This unit is no longer in the file.").into();
        };
        let side = merged
            .sides
            .iter()
            .find(|s| s.id == u.side)
            .map_or(u.side.as_str(), |s| s.name.as_str());
        let facts = format!("Unit `{}` · {side}", u.id);
        let mut page = column![
            self.name_field(&u.name),
            text(facts),
            self.counter_faces(&u.id),
            self.unit_fields(u),
            self.unit_nationality(u),
        ]
        .spacing(10);
        if !u.tags.is_empty() {
            page = page.push(text(format!("Tags: {}", u.tags.join(", "))));
        }
        if let Some(note) = &u.note {
            page = page.push(text(format!("Note: {note}")).size(14));
        }
        page = page.push(self.origin_line(id));
        page =
            page.push(self.move_picker(&u.side, None, u.formation.as_deref()));
        page = page.push(self.item_actions(true, false));
        page.push(super::grid::groups(&self.doc, &[u])).into()
    }

    fn marker_details(
        &self,
        item: &berthier_tools::oob::tree::Item,
    ) -> Element<'_, Message> {
        let merged = self.doc.merged();
        if let Some(m) = merged.markers.iter().find(|m| m.id == item.id) {
            let mut page = column![self.name_field(&m.name)].spacing(10);
            if let Some(t) = &m.text {
                page = page.push(text(t.clone()));
            }
            return page.push(self.origin_line(&m.id)).into();
        }
        self.activation_page(&item.id)
    }

    /// The selection's name, editable when the file itself defines it.
    fn name_field(&self, name: &str) -> Element<'_, Message> {
        let mut field =
            text_input("Name", name).id(NAME_FIELD).size(20).width(Fill);
        if self.own_selected().is_some() {
            field = field.on_input(Message::Rename);
        }
        field.into()
    }

    /// "Defined in armee-du-nord-1815 (read only here)".
    pub(super) fn origin_line(&self, id: &str) -> Element<'_, Message> {
        match self.doc.defined_in(id) {
            Some(file) => text(format!(
                "Defined in the included file {file}: shown here, edited there."
            ))
            .style(text::secondary)
            .into(),
            None => column![].into(),
        }
    }

    /// "In: <formation> [Move to…]", and when asked, the formations it
    /// can move into as buttons (a list, not a drag: see the README).
    fn move_picker(
        &self,
        side: &str,
        moving: Option<&str>,
        current: Option<&str>,
    ) -> Element<'_, Message> {
        let merged = self.doc.merged();
        let now = current
            .and_then(|f| merged.formation(f))
            .map_or_else(|| "no formation".to_owned(), target_label);
        let own = self.own_selected().is_some();
        let toggle = if self.moving {
            "Cancel move"
        } else {
            "Move to…"
        };
        let line = row![
            text(format!("In: {now}")),
            button(toggle).on_press_maybe(
                own.then_some(Message::MovePicker(!self.moving))
            ),
        ]
        .spacing(10)
        .align_y(iced::Center);
        if !(own && self.moving) {
            return line.into();
        }
        let mut list = column![line].spacing(2);
        if current.is_some() {
            list = list.push(move_button(Target {
                id: None,
                label: "→ no formation (straight under the side)".to_owned(),
            }));
        }
        // In the tree's order, indented as there.
        let allowed = ops::move_targets(&self.doc, side, moving);
        let open = std::collections::BTreeSet::new();
        let rows = tree::rows(merged, self.doc.series.as_ref(), &open);
        for r in rows.iter().filter(|r| r.item.kind == Kind::Formation) {
            let Some(f) = allowed.iter().find(|f| f.id == r.item.id) else {
                continue;
            };
            if Some(f.id.as_str()) == current {
                continue;
            }
            let target = Target {
                id: Some(f.id.clone()),
                label: format!("→ {}", target_label(f)),
            };
            #[allow(clippy::cast_precision_loss)]
            let indent = r.depth.saturating_sub(1) as f32 * 14.0;
            list = list.push(row![space().width(indent), move_button(target)]);
        }
        list.into()
    }

    /// Add, duplicate and delete for the selection.
    fn item_actions(
        &self,
        units: bool,
        formations: bool,
    ) -> Element<'_, Message> {
        let own = self
            .selected
            .as_ref()
            .is_some_and(|i| self.doc.is_own(&i.id));
        let mut bar = row![].spacing(6);
        if formations {
            bar = bar
                .push(button("Add formation").on_press(Message::AddFormation));
        }
        if units {
            bar = bar.push(button("Add unit").on_press(Message::AddUnit));
        }
        let kind = self.selected.as_ref().map(|i| i.kind);
        if let Some(Kind::Side) = kind {
            // A side goes only once nothing is on it.
            let empty = self
                .own_selected()
                .is_some_and(|i| ops::delete_side(&self.doc, &i.id).is_some());
            bar = bar.push(
                button("Delete side")
                    .style(button::danger)
                    .on_press_maybe(empty.then_some(Message::Delete)),
            );
        }
        if matches!(kind, Some(Kind::Formation | Kind::Unit | Kind::Leader)) {
            bar = bar
                .push(
                    button("Duplicate")
                        .on_press_maybe(own.then_some(Message::Duplicate)),
                )
                .push(
                    button("Delete")
                        .style(button::danger)
                        .on_press_maybe(own.then_some(Message::Delete)),
                );
        }
        bar.into()
    }
}

/// `Division Massena · wing`.
fn target_label(f: &berthier_schema::Formation) -> String {
    format!("{} · {}", f.name, f.level)
}

fn move_button<'a>(target: Target) -> Element<'a, Message> {
    button(text(target.label.clone()).size(14))
        .style(button::secondary)
        .padding([2, 8])
        .on_press(Message::MoveTo(target))
        .into()
}
