//! The small forms of the gazetteer tools: name a place or an entry point
//! at the clicked hex (or add the hex to an existing one), and add or
//! remove named compass edges.

use berthier_schema::edit::Edit;
use berthier_schema::map::{Compass, EntryPoint, MapEdge, Place};
use berthier_schema::{HexId, Map};
use iced::widget::{button, column, pick_list, row, text, text_input};
use iced::{Element, Fill};

use berthier_tools::history::Step;
use berthier_tools::tool::fresh_id;

/// An open form.
#[derive(Debug, Clone, PartialEq)]
pub enum Form {
    /// Name a place, or add the hex to one.
    Place(HexForm),
    /// Name an entry point, or add the hex to one.
    Entry(HexForm),
    /// Add or remove map edges.
    Edge(EdgeForm),
}

/// A form about one clicked hex.
#[derive(Debug, Clone, PartialEq)]
pub struct HexForm {
    /// The clicked hex.
    pub hex: HexId,
    /// Name of a new item (or the new name of the chosen one).
    pub name: String,
    /// Category of a new place ("farm", "village"); empty: none.
    pub category: String,
    /// Existing item to add the hex to, rename or shrink.
    pub target: Option<Choice>,
}

/// An existing place or entry point, as the list shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// The edge form.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EdgeForm {
    /// Compass side of the new edge.
    pub side: Option<Side>,
    /// Its name.
    pub name: String,
}

/// A compass side, for the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side(pub Compass);

impl Side {
    /// The four sides.
    pub const ALL: [Side; 4] = [
        Side(Compass::North),
        Side(Compass::East),
        Side(Compass::South),
        Side(Compass::West),
    ];
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.0 {
            Compass::North => "North",
            Compass::East => "East",
            Compass::South => "South",
            Compass::West => "West",
        })
    }
}

/// What the forms send.
#[derive(Debug, Clone)]
pub enum Message {
    /// The name field changed.
    Name(String),
    /// An existing item was chosen.
    Target(Choice),
    /// Make a new item at the hex.
    Create,
    /// Add the hex to the chosen item.
    AddToTarget,
    /// Close the form.
    Close,
    /// The edge side was chosen.
    Side(Side),
    /// Add the edge.
    AddEdge,
    /// Remove the edge with this id.
    RemoveEdge(String),
    /// The place category field changed.
    Category(String),
    /// Give the chosen item the typed name (and category).
    Rename,
    /// Take the clicked hex out of the chosen item (deleting it if that
    /// was its last hex).
    RemoveHex,
}

/// Ids of the name fields (tests focus them).
pub const PLACE_NAME: &str = "place-name";
/// See [`PLACE_NAME`].
pub const PLACE_CATEGORY: &str = "place-category";
/// See [`PLACE_NAME`].
pub const ENTRY_NAME: &str = "entry-name";
/// See [`PLACE_NAME`].
pub const EDGE_NAME: &str = "edge-name";

impl Form {
    /// The place form at `hex`, with the place already there chosen.
    pub fn place(hex: HexId, map: &Map) -> Self {
        let target = map
            .places
            .iter()
            .find(|p| p.hexes.contains(&hex))
            .map(|p| choice(&p.id, &p.name));
        Self::Place(HexForm {
            hex,
            name: String::new(),
            category: String::new(),
            target,
        })
    }

    /// The entry point form at `hex`.
    pub fn entry(hex: HexId, map: &Map) -> Self {
        let target = map
            .entry_points
            .iter()
            .find(|e| e.hexes.contains(&hex))
            .map(|e| choice(&e.id, &e.name));
        Self::Entry(HexForm {
            hex,
            name: String::new(),
            category: String::new(),
            target,
        })
    }

    /// Applies a field change; returns the step a button asks for, and
    /// whether the form should close.
    pub fn update(
        &mut self,
        message: Message,
        map: &Map,
    ) -> (Option<Step>, bool) {
        match (self, message) {
            (_, Message::Close) => (None, true),
            (Form::Place(f) | Form::Entry(f), Message::Name(n)) => {
                f.name = n;
                (None, false)
            }
            (Form::Edge(f), Message::Name(n)) => {
                f.name = n;
                (None, false)
            }
            (Form::Place(f) | Form::Entry(f), Message::Target(c)) => {
                f.target = Some(c);
                (None, false)
            }
            (Form::Place(f), Message::Category(c)) => {
                f.category = c;
                (None, false)
            }
            (Form::Place(f), Message::Rename) => (rename_place(f, map), true),
            (Form::Entry(f), Message::Rename) => (rename_entry(f, map), true),
            (Form::Place(f), Message::RemoveHex) => {
                (remove_from_place(f, map), true)
            }
            (Form::Entry(f), Message::RemoveHex) => {
                (remove_from_entry(f, map), true)
            }
            (Form::Edge(f), Message::Side(s)) => {
                f.side = Some(s);
                (None, false)
            }
            (Form::Place(f), Message::Create) => (create_place(f, map), true),
            (Form::Entry(f), Message::Create) => (create_entry(f, map), true),
            (Form::Place(f), Message::AddToTarget) => {
                (add_to_place(f, map), true)
            }
            (Form::Entry(f), Message::AddToTarget) => {
                (add_to_entry(f, map), true)
            }
            (Form::Edge(f), Message::AddEdge) => {
                let step = add_edge(f, map);
                if step.is_some() {
                    *f = EdgeForm::default();
                }
                (step, false)
            }
            (Form::Edge(_), Message::RemoveEdge(id)) => {
                let step = Edit::Edge {
                    id,
                    to: None,
                    at: None,
                };
                (Some(step), false)
            }
            _ => (None, false),
        }
    }
}

fn choice(id: &str, name: &str) -> Choice {
    Choice {
        id: id.to_owned(),
        name: name.to_owned(),
    }
}

fn create_place(f: &HexForm, map: &Map) -> Option<Step> {
    let name = f.name.trim();
    if name.is_empty() {
        return None;
    }
    let id = fresh_id(name, map.places.iter().map(|p| &p.id));
    Some(Edit::Place {
        to: Some(Place {
            id: id.clone(),
            name: name.to_owned(),
            aliases: Vec::new(),
            category: berthier_tools::tool::name_of(&f.category),
            hexes: vec![f.hex],
            provenance: None,
        }),
        id,
        at: None,
    })
}

fn create_entry(f: &HexForm, map: &Map) -> Option<Step> {
    let name = f.name.trim();
    if name.is_empty() {
        return None;
    }
    let id = fresh_id(name, map.entry_points.iter().map(|e| &e.id));
    // A road ending at the hex is the road the entry comes in on.
    let road = map
        .roads
        .iter()
        .find(|r| {
            r.hexes.first() == Some(&f.hex) || r.hexes.last() == Some(&f.hex)
        })
        .map(|r| r.id.clone());
    Some(Edit::EntryPoint {
        to: Some(EntryPoint {
            id: id.clone(),
            name: name.to_owned(),
            hexes: vec![f.hex],
            edge: None,
            road,
            provenance: None,
        }),
        id,
        at: None,
    })
}

fn add_to_place(f: &HexForm, map: &Map) -> Option<Step> {
    let target = f.target.as_ref()?;
    let mut place = map.place(&target.id)?.clone();
    if place.hexes.contains(&f.hex) {
        return None;
    }
    place.hexes.push(f.hex);
    Some(Edit::Place {
        id: place.id.clone(),
        to: Some(place),
        at: None,
    })
}

/// The chosen place renamed; its id stays, since scenarios refer to it.
fn rename_place(f: &HexForm, map: &Map) -> Option<Step> {
    let mut place = map.place(&f.target.as_ref()?.id)?.clone();
    if let Some(name) = berthier_tools::tool::name_of(&f.name) {
        place.name = name;
    }
    if let Some(category) = berthier_tools::tool::name_of(&f.category) {
        place.category = Some(category);
    }
    let id = place.id.clone();
    Some(Edit::Place {
        id,
        to: Some(place),
        at: None,
    })
}

fn rename_entry(f: &HexForm, map: &Map) -> Option<Step> {
    let id = &f.target.as_ref()?.id;
    let mut entry = map.entry_points.iter().find(|e| &e.id == id)?.clone();
    entry.name = berthier_tools::tool::name_of(&f.name)?;
    Some(Edit::EntryPoint {
        id: entry.id.clone(),
        to: Some(entry),
        at: None,
    })
}

/// The chosen place without the clicked hex; a place left with no hex
/// is deleted.
fn remove_from_place(f: &HexForm, map: &Map) -> Option<Step> {
    let mut place = map.place(&f.target.as_ref()?.id)?.clone();
    let left = without(&mut place.hexes, f.hex)?;
    let id = place.id.clone();
    Some(Edit::Place {
        id,
        to: left.then_some(place),
        at: None,
    })
}

fn remove_from_entry(f: &HexForm, map: &Map) -> Option<Step> {
    let id = &f.target.as_ref()?.id;
    let mut entry = map.entry_points.iter().find(|e| &e.id == id)?.clone();
    let left = without(&mut entry.hexes, f.hex)?;
    let id = entry.id.clone();
    Some(Edit::EntryPoint {
        id,
        to: left.then_some(entry),
        at: None,
    })
}

/// Takes `hex` out of `hexes`: whether any hex is left, or `None` when it
/// was not there.
fn without(hexes: &mut Vec<HexId>, hex: HexId) -> Option<bool> {
    let before = hexes.len();
    hexes.retain(|h| *h != hex);
    (hexes.len() < before).then_some(!hexes.is_empty())
}

fn add_to_entry(f: &HexForm, map: &Map) -> Option<Step> {
    let target = f.target.as_ref()?;
    let mut entry =
        map.entry_points.iter().find(|e| e.id == target.id)?.clone();
    if entry.hexes.contains(&f.hex) {
        return None;
    }
    entry.hexes.push(f.hex);
    Some(Edit::EntryPoint {
        id: entry.id.clone(),
        to: Some(entry),
        at: None,
    })
}

fn add_edge(f: &EdgeForm, map: &Map) -> Option<Step> {
    let side = f.side?;
    let name = f.name.trim();
    let label = if name.is_empty() {
        side.to_string()
    } else {
        name.to_owned()
    };
    let id = fresh_id(&label, map.edges.iter().map(|e| &e.id));
    let edge = MapEdge {
        id: id.clone(),
        name: (!name.is_empty()).then(|| name.to_owned()),
        side: Some(side.0),
        hexes: Vec::new(),
        sheet: None,
    };
    Some(Edit::Edge {
        id,
        to: Some(edge),
        at: None,
    })
}

/// The form's widgets.
pub fn view<'a>(form: &'a Form, map: &'a Map) -> Element<'a, Message> {
    match form {
        Form::Place(f) => {
            let holds = |id: &str| {
                map.place(id).is_some_and(|p| p.hexes.contains(&f.hex))
            };
            let category = text_input("Category (farm, village…)", &f.category)
                .id(PLACE_CATEGORY)
                .on_input(Message::Category);
            let form =
                hex_form(f, "New place", PLACE_NAME, choices_of_places(map));
            column![form, category, target_actions(f, holds)]
                .spacing(6)
                .into()
        }
        Form::Entry(f) => {
            let holds = |id: &str| {
                map.entry_points
                    .iter()
                    .any(|e| e.id == id && e.hexes.contains(&f.hex))
            };
            let form = hex_form(
                f,
                "New entry point",
                ENTRY_NAME,
                choices_of_entries(map),
            );
            column![form, target_actions(f, holds)].spacing(6).into()
        }
        Form::Edge(f) => edge_form(f, map),
    }
}

fn choices_of_places(map: &Map) -> Vec<Choice> {
    map.places.iter().map(|p| choice(&p.id, &p.name)).collect()
}

fn choices_of_entries(map: &Map) -> Vec<Choice> {
    map.entry_points
        .iter()
        .map(|e| choice(&e.id, &e.name))
        .collect()
}

fn hex_form<'a>(
    f: &'a HexForm,
    heading: &'a str,
    id: &'static str,
    choices: Vec<Choice>,
) -> Element<'a, Message> {
    let create = (!f.name.trim().is_empty()).then_some(Message::Create);
    let add = f.target.is_some().then_some(Message::AddToTarget);
    column![
        text(format!("Hex {}", f.hex)),
        text(heading).size(13),
        text_input("Name", &f.name)
            .id(id)
            .on_input(Message::Name)
            .on_submit_maybe(create.clone()),
        button("Create").on_press_maybe(create),
        text("or add the hex to").size(13),
        pick_list(choices, f.target.clone(), Message::Target)
            .placeholder("Existing…")
            .width(Fill),
        row![
            button("Add hex").on_press_maybe(add),
            button("Close").on_press(Message::Close)
        ]
        .spacing(6),
    ]
    .spacing(6)
    .into()
}

/// Rename the chosen item, or take the clicked hex out of it.
fn target_actions<'a>(
    f: &'a HexForm,
    holds: impl Fn(&str) -> bool,
) -> Element<'a, Message> {
    let Some(target) = &f.target else {
        return column![].into();
    };
    let rename = (!f.name.trim().is_empty() || !f.category.trim().is_empty())
        .then_some(Message::Rename);
    let remove = holds(&target.id).then_some(Message::RemoveHex);
    column![
        text(format!("{}:", target.name)).size(13),
        row![
            button("Rename").on_press_maybe(rename),
            button("Remove hex").on_press_maybe(remove),
        ]
        .spacing(6),
    ]
    .spacing(4)
    .into()
}

fn edge_form<'a>(f: &'a EdgeForm, map: &'a Map) -> Element<'a, Message> {
    let add = f.side.is_some().then_some(Message::AddEdge);
    let mut list = column![].spacing(4);
    for e in &map.edges {
        let label = e.name.clone().unwrap_or_else(|| e.id.clone());
        list = list.push(
            row![
                text(label).width(Fill),
                button("Remove").on_press(Message::RemoveEdge(e.id.clone()))
            ]
            .spacing(6)
            .align_y(iced::Center),
        );
    }
    column![
        text("New map edge").size(13),
        pick_list(&Side::ALL[..], f.side, Message::Side)
            .placeholder("Side…")
            .width(Fill),
        text_input("Name (optional)", &f.name)
            .id(EDGE_NAME)
            .on_input(Message::Name),
        button("Add edge").on_press_maybe(add),
        text("Edges").size(13),
        list,
    ]
    .spacing(6)
    .into()
}
