//! The order of battle screen's edits: each builds a command of
//! [`berthier_tools::oob::ops`] from the selection and applies it as one undo step
//! (typing into one field merges into one step).

use berthier_schema::{Formation, Unit};

use super::{Confirm, OobScreen};
use berthier_tools::oob::edit::OobEdit;
use berthier_tools::oob::ratings::Column;
use berthier_tools::oob::tree::{Item, Kind};
use berthier_tools::oob::{ops, refs};

impl OobScreen {
    pub(super) fn rename(&mut self, name: &str) {
        let Some(item) = self.own_selected() else {
            return;
        };
        let id = item.id.clone();
        if item.kind == Kind::Side {
            return self.rename_side(&id, name);
        }
        // A new item's id follows its name (see [`ops::rename`]): the
        // typing merges into one undo step by the item's position, and
        // the selection follows the id.
        let own = self.doc.own();
        let at = match item.kind {
            Kind::Formation => own.formations.iter().position(|f| f.id == id),
            _ => own.units.iter().position(|u| u.id == id),
        };
        let kind = item.kind;
        if let Some(edit) = ops::rename(&self.doc, &id, name) {
            let key = match at {
                Some(at) => format!("rename {kind:?} {at}"),
                None => format!("rename {id}"),
            };
            self.doc.apply(edit, Some(key));
        }
        let own = self.doc.own();
        let now = match (kind, at) {
            (Kind::Formation, Some(at)) => {
                own.formations.get(at).map(|f| &f.id)
            }
            (_, Some(at)) => own.units.get(at).map(|u| &u.id),
            _ => None,
        };
        if let Some(now) = now.cloned() {
            self.selected = Some(Item { kind, id: now });
        }
    }

    /// Renames a side; a new side's id follows its name (see
    /// [`ops::rename_side`]), so the typing is one undo step by the
    /// side's position and the selection follows the id.
    fn rename_side(&mut self, id: &str, name: &str) {
        let Some(at) = self.doc.own().sides.iter().position(|s| s.id == id)
        else {
            return;
        };
        if let Some(edit) = ops::rename_side(&self.doc, id, name) {
            self.doc.apply(edit, Some(format!("rename side {at}")));
        }
        if let Some(side) = self.doc.own().sides.get(at) {
            self.selected = Some(Item {
                kind: Kind::Side,
                id: side.id.clone(),
            });
        }
    }

    pub(super) fn add_side(&mut self) {
        let (edit, id) = ops::add_side(&self.doc);
        self.doc.apply(edit, None);
        self.selected = Some(Item {
            kind: Kind::Side,
            id,
        });
    }

    /// Changes the selected unit of the file; typing into one field is
    /// one undo step (`field` names it).
    pub(super) fn edit_unit(
        &mut self,
        field: &str,
        change: impl FnOnce(&mut Unit),
    ) {
        let Some(item) = self.own_selected() else {
            return;
        };
        let id = item.id.clone();
        if let Some(edit) = ops::edit_unit(&self.doc, &id, change) {
            self.doc.apply(edit, Some(format!("{field} {id}")));
        }
    }

    pub(super) fn edit_formation(
        &mut self,
        change: impl FnOnce(&mut Formation),
    ) {
        let Some(item) = self.own_selected() else {
            return;
        };
        let id = item.id.clone();
        if let Some(edit) = ops::edit_formation(&self.doc, &id, change) {
            self.doc.apply(edit, None);
        }
    }

    pub(super) fn move_to(&mut self, to: Option<&str>) {
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
    pub(super) fn insertion_point(&self) -> Option<(String, Option<String>)> {
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

    pub(super) fn add(&mut self, unit: bool) {
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

    pub(super) fn duplicate(&mut self) {
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

    pub(super) fn delete(&mut self) {
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

    pub(super) fn answer_delete(&mut self, yes: bool) {
        if let Some(confirm) = self.confirm.take()
            && yes
        {
            self.delete_now(&confirm.item);
        }
    }

    pub(super) fn delete_now(&mut self, item: &Item) {
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

    pub(super) fn rate(
        &mut self,
        units: &[String],
        column: &Column,
        text: &str,
    ) {
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
