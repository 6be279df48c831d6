//! Moving a tree row by dragging it onto a formation (or onto its side's
//! row, out of every formation): the drag the issue asks for beside
//! **Move to…**, with the same command and checks (`ops::move_to`: the
//! side's own formations, never under itself), one undo step per drop.
//!
//! iced 0.14 has no drag and drop between widgets, so each row is a mouse
//! area: pressing one starts the drag, entering another marks it as the
//! drop target, releasing over it moves; a release anywhere else (the
//! tree's own mouse area) ends the drag with nothing moved.

use berthier_tools::oob::tree::{Item, Kind};

use super::OobScreen;

/// A row being dragged, and the row under the pointer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drag {
    /// The row pressed.
    pub item: Item,
    /// The row the pointer is over, once it left the pressed one.
    pub over: Option<Item>,
}

impl OobScreen {
    /// The drag under way, if any.
    pub fn drag(&self) -> Option<&Drag> {
        self.drag.as_ref()
    }

    /// The left button went down on a row: select it, start a drag.
    pub(super) fn press_row(&mut self, item: Item) {
        self.select(item.clone());
        self.drag = Some(Drag { item, over: None });
    }

    /// The pointer entered a row.
    pub(super) fn enter_row(&mut self, item: Item) {
        if let Some(drag) = &mut self.drag {
            drag.over = (drag.item != item).then_some(item);
        }
    }

    /// The left button came up over a row: a drag from another row moves
    /// the dragged item into it.
    pub(super) fn release_row(&mut self, item: &Item) {
        let Some(drag) = self.drag.take() else {
            return;
        };
        if drag.item == *item {
            return;
        }
        if !matches!(
            drag.item.kind,
            Kind::Unit | Kind::Leader | Kind::Formation
        ) {
            self.notice = Some(
                "Only units, leaders and formations are moved.".to_owned(),
            );
            return;
        }
        if let Some(file) = self.doc.defined_in(&drag.item.id) {
            self.notice = Some(format!(
                "Defined in the included file {file}: moved there, not here."
            ));
            return;
        }
        let to = match item.kind {
            Kind::Formation => Some(item.id.clone()),
            Kind::Side
                if Some(item.id.as_str()) == self.side_of(&drag.item) =>
            {
                None
            }
            _ => {
                self.notice = Some(
                    "Drop it on a formation of its side, or on its side to \
                     take it out of every formation."
                        .to_owned(),
                );
                return;
            }
        };
        self.selected = Some(drag.item);
        self.move_to(to.as_deref());
        // Open the formation it went into, so the moved row stays seen.
        if let Some(f) = &to {
            self.collapsed.remove(f);
        }
    }

    /// The button came up anywhere: no drag any more.
    pub(super) fn end_drag(&mut self) {
        self.drag = None;
    }

    fn side_of(&self, item: &Item) -> Option<&str> {
        let merged = self.doc.merged();
        match item.kind {
            Kind::Formation => merged.formation(&item.id).map(|f| &*f.side),
            _ => merged.unit(&item.id).map(|u| &*u.side),
        }
    }
}
