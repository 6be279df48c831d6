//! The gazetteer on the map screen: under the place, entry point, edge
//! and road tools, each item's "used by" list (the scenarios' setup
//! instructions, arrivals and victory conditions that name it, from
//! [`berthier_tools::gazetteer`]), a Delete button that refuses while something
//! names the item, and a question before renaming a place, entry point
//! or road that scenarios name (its id stays, so they keep working; the
//! author is told so before the printed name changes). Roads are renamed
//! from the Roads list under the road tool.

use std::sync::Arc;

use berthier_schema::edit::Edit;
use iced::widget::{button, column, row, text, text_input};
use iced::{Element, Fill};

use super::{MapScreen, form};
use berthier_tools::gazetteer::{Kind, Use, UsedBy};
use berthier_tools::tool::Tool;

/// What the gazetteer section sends.
#[derive(Debug, Clone)]
pub enum Message {
    /// Delete the whole item (refused while something names it).
    Delete(Kind, String),
    /// Start renaming the road with this id.
    RenameRoad(String),
    /// The road's new name as typed.
    RoadName(String),
    /// Give the road the typed name (asked first when scenarios name it).
    ConfirmRoadName,
    /// Stop renaming the road.
    CancelRoadName,
}

/// Id of the road name field (tests focus it).
pub const ROAD_NAME: &str = "road-rename";

impl MapScreen {
    /// The uses of this map's items, read from the pack the first time a
    /// gazetteer tool needs them.
    pub fn used_by(&mut self) -> Arc<UsedBy> {
        let scenario = self.opened.scenario.clone();
        let path = self.opened.path.clone();
        Arc::clone(self.names.used_by.get_or_insert_with(|| {
            Arc::new(UsedBy::of_map(&path, scenario.as_deref()))
        }))
    }

    /// Handles a message of the section.
    pub(super) fn gazetteer_message(&mut self, message: Message) {
        match message {
            Message::Delete(kind, id) => self.delete(kind, &id),
            Message::RenameRoad(id) => {
                // Empty, as the place form's name: the field shows the
                // present name until something is typed.
                self.names.confirm_rename = None;
                self.names.road_name = Some((id, String::new()));
            }
            Message::RoadName(typed) => {
                if let Some((_, name)) = self.names.road_name.as_mut() {
                    *name = typed;
                }
            }
            Message::ConfirmRoadName => self.rename_road(),
            Message::CancelRoadName => {
                self.names.road_name = None;
                self.names.confirm_rename = None;
            }
        }
    }

    /// The road being renamed gets the typed name, its id kept, in one
    /// undo step; when a scenario names the road, the first press asks.
    fn rename_road(&mut self) {
        let Some((id, typed)) = self.names.road_name.clone() else {
            return;
        };
        let Some(name) = berthier_tools::tool::name_of(&typed) else {
            return;
        };
        let uses = self.used_by().of(Kind::Road, &id).len();
        if uses > 0 && self.names.confirm_rename.as_deref() != Some(&id) {
            self.notice = Some(format!(
                "road `{id}` is named by {uses} part(s) of scenarios: they \
                 name it by its id, which stays `{id}`; press Rename again \
                 to change the printed name"
            ));
            self.names.confirm_rename = Some(id);
            return;
        }
        self.names.confirm_rename = None;
        self.names.road_name = None;
        let Some(mut road) = self.opened.map.road(&id).cloned() else {
            return;
        };
        if road.name.as_deref() == Some(name.as_str()) {
            return;
        }
        road.name = Some(name);
        self.apply_step(Edit::Road {
            id,
            to: Some(road),
            at: None,
        });
        self.caches.clear();
    }

    fn delete(&mut self, kind: Kind, id: &str) {
        if let Some(why) = self.used_by().refusal(kind, id) {
            self.notice = Some(why);
            return;
        }
        let (id, at) = (id.to_owned(), None);
        let step = match kind {
            Kind::Place => Edit::Place { id, to: None, at },
            Kind::Road => Edit::Road { id, to: None, at },
            Kind::Entry => Edit::EntryPoint { id, to: None, at },
            Kind::Edge => Edit::Edge { id, to: None, at },
        };
        self.paint.form = None;
        self.apply_step(step);
    }

    /// Whether a form message may go ahead: removing an item's last hex
    /// (or an edge) that something names is refused, and renaming an item
    /// that something names is asked about first (a second Rename goes
    /// ahead).
    pub(super) fn form_allowed(&mut self, message: &form::Message) -> bool {
        let Some((kind, id, last)) = self.form_target() else {
            return true;
        };
        let removes = match message {
            form::Message::RemoveHex => last,
            form::Message::RemoveEdge(_) => true,
            _ => false,
        };
        let id = match message {
            form::Message::RemoveEdge(edge) => edge.clone(),
            _ => id,
        };
        let used = self.used_by();
        if removes && let Some(why) = used.refusal(kind, &id) {
            self.notice = Some(why);
            return false;
        }
        if !matches!(message, form::Message::Rename) {
            self.names.confirm_rename = None;
            return true;
        }
        let uses = used.of(kind, &id).len();
        if uses == 0 || self.names.confirm_rename.as_deref() == Some(&id) {
            self.names.confirm_rename = None;
            return true;
        }
        self.notice = Some(format!(
            "{} `{id}` is named by {uses} part(s) of scenarios: they name it \
             by its id, which stays `{id}`; press Rename again to change the \
             printed name",
            kind.noun()
        ));
        self.names.confirm_rename = Some(id);
        false
    }

    /// The kind and id of the item the open form is about, and whether
    /// the form's hex is its last.
    fn form_target(&self) -> Option<(Kind, String, bool)> {
        let map = &self.opened.map;
        match self.paint.form.as_ref()? {
            form::Form::Place(f) => {
                let id = f.target.as_ref()?.id.clone();
                let last = map.place(&id).is_some_and(|p| p.hexes == [f.hex]);
                Some((Kind::Place, id, last))
            }
            form::Form::Entry(f) => {
                let id = f.target.as_ref()?.id.clone();
                let last = map.entry_points.iter().any(|e| {
                    e.id == id && e.hexes == [f.hex] && e.edge.is_none()
                });
                Some((Kind::Entry, id, last))
            }
            form::Form::Edge(_) => Some((Kind::Edge, String::new(), false)),
        }
    }
}

/// The section under the tool's form: the used-by lists.
pub fn view(screen: &MapScreen) -> Element<'_, Message> {
    let Some(used) = screen.names.used_by.as_deref() else {
        return column![].into();
    };
    let map = &screen.opened.map;
    let mut out = column![].spacing(6);
    match (&screen.paint.form, screen.paint.settings.tool) {
        (Some(form::Form::Place(f)), _) => {
            if let Some(t) = &f.target {
                out = out.push(item(used, Kind::Place, &t.id, &t.name));
            }
        }
        (Some(form::Form::Entry(f)), _) => {
            if let Some(t) = &f.target {
                out = out.push(item(used, Kind::Entry, &t.id, &t.name));
            }
        }
        (Some(form::Form::Edge(_)), _) => {
            for e in &map.edges {
                let name = e.name.as_deref().unwrap_or(&e.id);
                out = out.push(uses_of(used.of(Kind::Edge, &e.id), name));
            }
        }
        (None, Tool::Road) => {
            out = out.push(text("Roads").size(13));
            for r in &map.roads {
                let name = r.name.clone().unwrap_or_else(|| r.id.clone());
                let label = format!("{name} ({} hexes)", r.hexes.len());
                out = out.push(item(used, Kind::Road, &r.id, &label));
                out = out.push(road_rename(screen, &r.id));
            }
        }
        _ => {}
    }
    out.into()
}

/// An item's name, its used-by list and its Delete button.
fn item<'a>(
    used: &'a UsedBy,
    kind: Kind,
    id: &str,
    name: &str,
) -> Element<'a, Message> {
    let delete = button(text("Delete").size(13))
        .on_press(Message::Delete(kind, id.to_owned()));
    column![
        row![text(name.to_owned()).size(13).width(Fill), delete]
            .spacing(6)
            .align_y(iced::Center),
        uses_of(used.of(kind, id), name),
    ]
    .spacing(2)
    .into()
}

/// "Used by" and one line per use, or "Used by no scenario".
fn uses_of<'a>(uses: &[Use], name: &str) -> Element<'a, Message> {
    if uses.is_empty() {
        return text(format!("{name}: used by no scenario")).size(12).into();
    }
    let mut list =
        column![text(format!("{name}: used by {}", uses.len())).size(12)];
    for u in uses {
        list = list.push(text(format!("  {u}")).size(12));
    }
    list.spacing(1).into()
}

/// Under a road of the Roads list: a Rename button, or while that road is
/// renamed, the name field with Rename and Cancel.
fn road_rename<'a>(screen: &'a MapScreen, id: &str) -> Element<'a, Message> {
    match &screen.names.road_name {
        Some((editing, typed)) if editing == id => {
            let road = screen.opened.map.road(id);
            let placeholder = road
                .and_then(|r| r.name.clone())
                .unwrap_or_else(|| "Road name".to_owned());
            let ok = berthier_tools::tool::name_of(typed)
                .is_some()
                .then_some(Message::ConfirmRoadName);
            column![
                text_input(&placeholder, typed)
                    .id(ROAD_NAME)
                    .on_input(Message::RoadName)
                    .on_submit_maybe(ok.clone())
                    .size(13),
                row![
                    button(text("Rename").size(13)).on_press_maybe(ok),
                    button(text("Cancel").size(13))
                        .style(button::secondary)
                        .on_press(Message::CancelRoadName),
                ]
                .spacing(6),
            ]
            .spacing(4)
            .into()
        }
        _ => button(text("Rename…").size(13))
            .style(button::secondary)
            .on_press(Message::RenameRoad(id.to_owned()))
            .into(),
    }
}
