//! The order of battle screen: a counters file as a tree per side on the
//! left, the selected item and its ratings grid on the right. Edits are
//! commands of [`crate::oob`] (one undo step each; typing into one field
//! is one step); saving keeps the file's comments and layout. Laid out in
//! `view`, the tree in `tree`, the grid in `grid`.

mod fields;
mod grid;
mod tree;
mod view;

pub use view::NAME_FIELD;

use std::collections::BTreeSet;
use std::path::PathBuf;

use berthier_schema::{Formation, Unit};

use crate::oob::edit::OobEdit;
use crate::oob::ratings::Column;
use crate::oob::tree::{Item, Kind};
use crate::oob::{OobDoc, SaveOutcome, ops, refs};

/// The screen's state.
#[derive(Debug)]
pub struct OobScreen {
    doc: OobDoc,
    selected: Option<Item>,
    /// Sides and formations shut in the tree.
    collapsed: BTreeSet<String>,
    /// Last save result or refusal, shown under the toolbar.
    notice: Option<String>,
    /// A deletion waiting for "Delete" because things name the item.
    confirm: Option<Confirm>,
    /// The "Move to…" list is open.
    moving: bool,
    /// A save refused because the file could only be rewritten whole:
    /// the comments that would be lost.
    rewrite: Option<usize>,
    /// The scenario whose map this was opened from ("Back to map").
    back: Option<PathBuf>,
}

/// A deletion to confirm.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Confirm {
    /// What would be deleted.
    pub item: Item,
    /// What names it.
    pub named_by: Vec<String>,
}

/// Where "Move to…" can put the selection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// The formation (`None`: straight under the side).
    pub id: Option<String>,
    /// Its name and level.
    pub label: String,
}

/// The screen's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// A tree row was clicked.
    Select(Item),
    /// A formation's (or side's) collapse toggle.
    Toggle(String),
    /// Open every formation.
    ExpandAll,
    /// Shut every formation below the sides.
    CollapseAll,
    /// The name field of the selection changed.
    Rename(String),
    /// A unit's class was picked.
    SetClass(String),
    /// A unit's printed number field changed.
    SetPrinted(String),
    /// A formation's level was picked.
    SetLevel(String),
    /// Open or close the "Move to…" list.
    MovePicker(bool),
    /// "Move to…" picked a formation.
    MoveTo(Target),
    /// A new side.
    AddSide,
    /// A unit under the selection.
    AddUnit,
    /// A formation under the selection.
    AddFormation,
    /// A copy of the selection.
    Duplicate,
    /// Delete the selection (asks first when something names it).
    Delete,
    /// The answer to the deletion question.
    ConfirmDelete(bool),
    /// A rating cell (or a whole-group cell) changed.
    Rating {
        /// The units it sets.
        units: Vec<String>,
        /// The column.
        side: String,
        /// See `side`.
        rating: String,
        /// What is typed.
        text: String,
    },
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Save through the comment-keeping writer.
    Save,
    /// The answer to "rewrite the whole file?".
    Rewrite(bool),
    /// Open another file.
    Open,
    /// Back to the scenario's map this was opened from.
    Back,
}

/// What the app must do for the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Show the Open dialog.
    Open,
    /// The file was saved (remember it in the recent list).
    Saved(PathBuf),
    /// Show this scenario's map again.
    Back(PathBuf),
}

impl OobScreen {
    /// The screen on an opened counters file, its command structure
    /// open and the formations holding only units shut.
    pub fn new(doc: OobDoc) -> Self {
        Self {
            collapsed: crate::oob::tree::shut_at_start(doc.merged()),
            doc,
            selected: None,
            notice: None,
            confirm: None,
            rewrite: None,
            moving: false,
            back: None,
        }
    }

    /// The scenario whose map "Back to map" shows (`None`: no button).
    pub fn set_back(&mut self, scenario: Option<PathBuf>) {
        self.back = scenario;
    }

    /// See [`Self::set_back`].
    pub fn back(&self) -> Option<&PathBuf> {
        self.back.as_ref()
    }

    /// The file being edited.
    pub fn doc(&self) -> &OobDoc {
        &self.doc
    }

    /// The selection.
    pub fn selected(&self) -> Option<&Item> {
        self.selected.as_ref()
    }

    /// The deletion being asked about.
    pub fn confirm(&self) -> Option<&Confirm> {
        self.confirm.as_ref()
    }

    /// The notice line.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    /// `name — file.counters.ron *`.
    pub fn title(&self) -> String {
        let file = self.doc.path.file_name().unwrap_or_default();
        let dirty = if self.is_dirty() { " *" } else { "" };
        format!(
            "{} — {}{dirty} - Berthier",
            self.doc.own().name,
            file.to_string_lossy()
        )
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        let typing = matches!(
            message,
            Message::Rename(_)
                | Message::SetPrinted(_)
                | Message::Rating { .. }
        );
        if !typing {
            self.doc.seal();
        }
        match message {
            Message::Select(item) => self.select(item),
            Message::Toggle(id) => {
                if !self.collapsed.remove(&id) {
                    self.collapsed.insert(id);
                }
            }
            Message::ExpandAll => self.collapsed.clear(),
            Message::CollapseAll => self.collapse_all(),
            Message::Rename(name) => self.rename(&name),
            Message::SetClass(class) => {
                self.edit_unit("class", |u| u.class = class);
            }
            Message::SetPrinted(printed) => self.edit_unit("printed", |u| {
                let printed = printed.trim();
                u.printed = (!printed.is_empty()).then(|| printed.to_owned());
            }),
            Message::SetLevel(level) => {
                self.edit_formation(|f| f.level = level)
            }
            Message::MovePicker(open) => self.moving = open,
            Message::MoveTo(target) => {
                self.moving = false;
                self.move_to(target.id.as_deref());
            }
            Message::AddSide => self.add_side(),
            Message::AddUnit => self.add(true),
            Message::AddFormation => self.add(false),
            Message::Duplicate => self.duplicate(),
            Message::Delete => self.delete(),
            Message::ConfirmDelete(yes) => self.answer_delete(yes),
            Message::Rating {
                units,
                side,
                rating,
                text,
            } => self.rate(&units, &Column { side, rating }, &text),
            Message::Undo => {
                self.doc.undo();
            }
            Message::Redo => {
                self.doc.redo();
            }
            Message::Save => return self.save(),
            Message::Rewrite(yes) => return self.answer_rewrite(yes),
            Message::Open => return Some(Event::Open),
            Message::Back => return self.back.clone().map(Event::Back),
        }
        None
    }

    fn select(&mut self, item: Item) {
        self.confirm = None;
        self.moving = false;
        self.selected = Some(item);
    }

    fn collapse_all(&mut self) {
        self.collapsed = self
            .doc
            .merged()
            .formations
            .iter()
            .map(|f| f.id.clone())
            .collect();
    }

    /// The selection when the file itself defines it (so it can change).
    pub(super) fn own_selected(&self) -> Option<&Item> {
        self.selected.as_ref().filter(|i| match i.kind {
            Kind::Side => self.doc.own().sides.iter().any(|s| s.id == i.id),
            _ => self.doc.is_own(&i.id),
        })
    }

    fn rename(&mut self, name: &str) {
        let Some(item) = self.own_selected() else {
            return;
        };
        let id = item.id.clone();
        let edit = match item.kind {
            Kind::Side => ops::rename_side(&self.doc, &id, name),
            _ => ops::rename(&self.doc, &id, name),
        };
        if let Some(edit) = edit {
            self.doc.apply(edit, Some(format!("rename {id}")));
        }
    }

    fn add_side(&mut self) {
        let (edit, id) = ops::add_side(&self.doc);
        self.doc.apply(edit, None);
        self.selected = Some(Item {
            kind: Kind::Side,
            id,
        });
    }

    /// Changes the selected unit of the file; typing into one field is
    /// one undo step (`field` names it).
    fn edit_unit(&mut self, field: &str, change: impl FnOnce(&mut Unit)) {
        let Some(item) = self.own_selected() else {
            return;
        };
        let id = item.id.clone();
        if let Some(edit) = ops::edit_unit(&self.doc, &id, change) {
            self.doc.apply(edit, Some(format!("{field} {id}")));
        }
    }

    fn edit_formation(&mut self, change: impl FnOnce(&mut Formation)) {
        let Some(item) = self.own_selected() else {
            return;
        };
        let id = item.id.clone();
        if let Some(edit) = ops::edit_formation(&self.doc, &id, change) {
            self.doc.apply(edit, None);
        }
    }

    fn move_to(&mut self, to: Option<&str>) {
        let Some(item) = self.own_selected() else {
            return;
        };
        let id = item.id.clone();
        match ops::move_to(&self.doc, &id, to) {
            Some(edit) => self.doc.apply(edit, None),
            None => self.notice = Some("Cannot move it there.".to_owned()),
        }
    }

    /// The side and formation new items go under: the selected
    /// formation, or the selected side (or a unit's formation).
    fn insertion_point(&self) -> Option<(String, Option<String>)> {
        let item = self.selected.as_ref()?;
        let merged = self.doc.merged();
        match item.kind {
            Kind::Side | Kind::Unattached => Some((item.id.clone(), None)),
            Kind::Formation => {
                let f = merged.formation(&item.id)?;
                Some((f.side.clone(), Some(f.id.clone())))
            }
            Kind::Unit | Kind::Leader => {
                let u = merged.unit(&item.id)?;
                Some((u.side.clone(), u.formation.clone()))
            }
            Kind::Activation | Kind::Marker => None,
        }
    }

    fn add(&mut self, unit: bool) {
        let Some((side, formation)) = self.insertion_point() else {
            return;
        };
        let (edit, id) = if unit {
            ops::add_unit(&self.doc, &side, formation.as_deref())
        } else {
            ops::add_formation(&self.doc, &side, formation.as_deref())
        };
        self.doc.apply(edit, None);
        if let Some(f) = &formation {
            self.collapsed.remove(f);
        }
        self.collapsed.remove(&side);
        let kind = if unit { Kind::Unit } else { Kind::Formation };
        self.selected = Some(Item { kind, id });
    }

    fn duplicate(&mut self) {
        let Some(item) = self.own_selected().cloned() else {
            return;
        };
        let made = match item.kind {
            Kind::Formation => ops::duplicate_formation(&self.doc, &item.id),
            Kind::Unit | Kind::Leader => {
                ops::duplicate_unit(&self.doc, &item.id)
            }
            _ => None,
        };
        if let Some((edit, id)) = made {
            self.doc.apply(edit, None);
            self.selected = Some(Item {
                kind: item.kind,
                id,
            });
        }
    }

    fn delete(&mut self) {
        let Some(item) = self.own_selected().cloned() else {
            return;
        };
        let named_by = refs::references(&self.doc, &item.id);
        if named_by.is_empty() {
            self.delete_now(&item);
        } else {
            self.confirm = Some(Confirm { item, named_by });
        }
    }

    fn answer_delete(&mut self, yes: bool) {
        if let Some(confirm) = self.confirm.take()
            && yes
        {
            self.delete_now(&confirm.item);
        }
    }

    fn delete_now(&mut self, item: &Item) {
        let merged = self.doc.merged();
        let (edit, then): (Option<OobEdit>, Option<Item>) = match item.kind {
            Kind::Side => (ops::delete_side(&self.doc, &item.id), None),
            Kind::Formation => {
                let f = merged.formation(&item.id);
                let up = f.map(|f| parent_item(f.parent.as_deref(), &f.side));
                (ops::delete_formation(&self.doc, &item.id), up)
            }
            Kind::Unit | Kind::Leader => {
                let u = merged.unit(&item.id);
                let up =
                    u.map(|u| parent_item(u.formation.as_deref(), &u.side));
                (ops::delete_unit(&self.doc, &item.id), up)
            }
            _ => (None, None),
        };
        if let Some(edit) = edit {
            self.doc.apply(edit, None);
            self.selected = then;
        }
    }

    fn rate(&mut self, units: &[String], column: &Column, text: &str) {
        let text = text.trim();
        let value = if text.is_empty() || text == "?" {
            None
        } else {
            match text.parse::<i16>() {
                Ok(v) => Some(v),
                // Not a number: the cell keeps its value.
                Err(_) => return,
            }
        };
        let edit = ops::set_rating(
            &self.doc,
            units,
            &column.side,
            &column.rating,
            value,
        );
        if let Some(edit) = edit {
            let key =
                format!("rate {units:?} {} {}", column.side, column.rating);
            self.doc.apply(edit, Some(key));
        }
    }

    fn save(&mut self) -> Option<Event> {
        match self.doc.save() {
            Ok(SaveOutcome::Saved) => {
                self.notice = Some("Saved.".to_owned());
                self.rewrite = None;
                Some(Event::Saved(self.doc.path.clone()))
            }
            Ok(SaveOutcome::NeedsRewrite { comments }) => {
                self.rewrite = Some(comments);
                None
            }
            Err(e) => {
                self.notice = Some(e);
                None
            }
        }
    }

    fn answer_rewrite(&mut self, yes: bool) -> Option<Event> {
        self.rewrite = None;
        if !yes {
            self.notice = Some("Not saved.".to_owned());
            return None;
        }
        match self.doc.rewrite() {
            Ok(()) => {
                self.notice = Some("Saved (file rewritten whole).".to_owned());
                Some(Event::Saved(self.doc.path.clone()))
            }
            Err(e) => {
                self.notice = Some(e);
                None
            }
        }
    }
}

/// The tree item above a unit or formation: its formation, else its side.
fn parent_item(formation: Option<&str>, side: &str) -> Item {
    match formation {
        Some(id) => Item {
            kind: Kind::Formation,
            id: id.to_owned(),
        },
        None => Item {
            kind: Kind::Side,
            id: side.to_owned(),
        },
    }
}
