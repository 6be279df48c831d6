//! The order of battle screen: a counters file as a tree per side on the
//! left, the selected item and its ratings grid on the right. Edits are
//! commands of [`berthier_tools::oob`] (one undo step each; typing into one field
//! is one step), built in `edits`; saving keeps the file's comments and
//! layout (`file`). Laid out in `view`, the tree in `tree`, the grid in
//! `grid`.

pub mod activation;
mod art;
mod drag;
mod edits;
mod fields;
mod file;
mod grid;
pub mod nationalities;
mod tree;
mod view;

pub use drag::Drag;
pub use view::NAME_FIELD;

use std::collections::BTreeSet;
use std::path::PathBuf;

use crate::screen::unsaved;
use berthier_tools::oob::OobDoc;
use berthier_tools::oob::ratings::Column;
use berthier_tools::oob::tree::{Item, Kind};

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
    /// Why the last CSV import changed nothing: every bad row by line.
    csv_error: Option<String>,
    /// The tree's counters, drawn once per face.
    icons: art::Icons,
    /// A tree row being dragged onto a formation.
    drag: Option<drag::Drag>,
    /// The side page's "New nationality" field.
    new_nationality: String,
    /// The autosave found at opening, offered back.
    recovery: crate::screen::recovery::Offer,
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
    /// The left button went down on a tree row (select it; a drag
    /// starts).
    RowPress(Item),
    /// The pointer entered a tree row.
    RowEnter(Item),
    /// The left button came up over a tree row (a drag from another row
    /// drops there).
    RowRelease(Item),
    /// The left button came up anywhere over the tree.
    DragEnd,
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
    /// A side's nationalities, or a unit's.
    Nationality(nationalities::Edit),
    /// A formation's activation markers.
    Activation(activation::Edit),
    /// The autosave's question, or time to autosave.
    Recovery(crate::screen::recovery::Message),
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
    /// "Import CSV…" or "Export CSV…": ask for the file.
    PickCsv(Csv),
    /// Import the order of battle from this CSV file, as one undo step.
    ImportCsv(PathBuf),
    /// Export the order of battle to this CSV file.
    ExportCsv(PathBuf),
}

/// Which way a CSV file goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Csv {
    /// Read into the order of battle.
    Import,
    /// Written from it.
    Export,
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
    /// Ask for a CSV file (starting at this one), then send
    /// [`Message::ImportCsv`] or [`Message::ExportCsv`].
    PickCsv(Csv, PathBuf),
}

impl OobScreen {
    /// The screen on an opened counters file, its command structure
    /// open and the formations holding only units shut.
    pub fn new(doc: OobDoc) -> Self {
        let recovery = crate::screen::recovery::Offer::of(&doc);
        Self {
            collapsed: berthier_tools::oob::tree::shut_at_start(doc.merged()),
            doc,
            selected: None,
            notice: None,
            confirm: None,
            rewrite: None,
            moving: false,
            back: None,
            csv_error: None,
            icons: art::Icons::default(),
            drag: None,
            new_nationality: String::new(),
            recovery,
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

    /// Why the last CSV import changed nothing, each bad row by its line.
    pub fn csv_error(&self) -> Option<&str> {
        self.csv_error.as_deref()
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    /// `name — file.counters.ron *`.
    pub fn title(&self) -> String {
        let name = &self.doc.own().name;
        unsaved::title("", name, self.doc.path(), self.is_dirty())
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
            Message::RowPress(item) => self.press_row(item),
            Message::RowEnter(item) => self.enter_row(item),
            Message::RowRelease(item) => self.release_row(&item),
            Message::DragEnd => self.end_drag(),
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
            Message::Nationality(edit) => self.nationality(edit),
            Message::Activation(edit) => self.activation(edit),
            Message::Recovery(m) => {
                if let Some(said) = self.recovery.update(&mut self.doc, m) {
                    self.notice = Some(said);
                }
            }
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
                self.drop_lost_side();
            }
            Message::Redo => {
                self.doc.redo();
                self.drop_lost_side();
            }
            Message::Save => return self.save(),
            Message::Rewrite(yes) => return self.answer_rewrite(yes),
            Message::Open => return Some(Event::Open),
            Message::Back => return self.back.clone().map(Event::Back),
            Message::PickCsv(way) => {
                return Some(Event::PickCsv(way, self.csv_path()));
            }
            Message::ImportCsv(path) => self.import_csv(&path),
            Message::ExportCsv(path) => self.export_csv(&path),
        }
        None
    }

    pub(super) fn select(&mut self, item: Item) {
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
    /// Clears the selection of a side undo or redo took away or gave
    /// back under another id (a new side whose id followed its name).
    fn drop_lost_side(&mut self) {
        let lost = self.selected.as_ref().is_some_and(|i| {
            i.kind == Kind::Side
                && !self.doc.merged().sides.iter().any(|s| s.id == i.id)
        });
        if lost {
            self.selected = None;
        }
    }

    pub(super) fn own_selected(&self) -> Option<&Item> {
        self.selected.as_ref().filter(|i| match i.kind {
            Kind::Side => self.doc.own().sides.iter().any(|s| s.id == i.id),
            _ => self.doc.is_own(&i.id),
        })
    }
}
