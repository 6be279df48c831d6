//! Picking the selected arrival's entry on the small map: "Pick entry on
//! map" arms it, and the hex clicked gives the entry, the most specific
//! name first: an entry point holding the hex, else a place, else a map
//! edge, else the hex itself. One undo step; saved keeping comments.

use berthier_schema::{HexId, Location, Map};
use iced::{Point, Size};

use super::{Message, TimelineScreen};

impl TimelineScreen {
    /// Whether the next click on the small map sets the entry.
    pub fn picking_entry(&self) -> bool {
        self.picking_entry
    }

    /// Arms or disarms the pick.
    pub(super) fn arm_entry_pick(&mut self, on: bool) {
        self.picking_entry = on && self.selected().is_some();
        if self.picking_entry {
            self.notice = Some(
                "Click the entry on the map: an entry point, a place, an \
                 edge or a hex"
                    .to_owned(),
            );
        }
    }

    /// The small map was pressed where the pointer last was.
    pub(super) fn map_pressed(&mut self) {
        let Some((at, size)) = self.map_pointer else {
            return;
        };
        let Some(hex) = self.backdrop.hex_at(&self.doc, at, size) else {
            return;
        };
        if self.picking_entry {
            self.set_entry_at(hex);
        }
    }

    /// Gives the selected card's arrival the entry at `hex` (tests, and
    /// the map click).
    pub fn set_entry_at(&mut self, hex: HexId) {
        let Some(card) = self.selected() else { return };
        let (side, index) = (card.side, card.index);
        let Some(map) = &self.doc.map else { return };
        let entry = location_at(map, hex);
        let names = berthier_schema::placement::Names {
            map,
            counters: None,
            scenarios: &[],
        };
        let said = format!("Enters by {}", names.location(&entry));
        self.picking_entry = false;
        if self.refused_in_variant() {
            return;
        }
        self.changed(|d| d.set_entry(side, index, Some(entry)));
        self.notice = Some(said);
    }

    /// Where the pointer is over the small map.
    pub(super) fn map_pointer(&mut self, at: Point, size: Size) {
        self.map_pointer = Some((at, size));
    }
}

/// The most specific name of `hex` on `map`.
pub fn location_at(map: &Map, hex: HexId) -> Location {
    if let Some(e) = map.entry_points.iter().find(|e| e.hexes.contains(&hex)) {
        return Location::Entry(e.id.clone());
    }
    if let Some(p) = map.places.iter().find(|p| p.hexes.contains(&hex)) {
        return Location::Place(p.id.clone());
    }
    // An edge given by its compass side lists no hexes: its hexes are
    // the map's outermost on that side.
    if let Some(e) = map.edges.iter().find(|e| map.edge_hexes(e).contains(&hex))
    {
        return Location::Edge(e.id.clone());
    }
    Location::Hex(hex)
}

/// Used by the view: the message for a pointer move.
pub(super) fn pointer(size: Size) -> impl Fn(Point) -> Message {
    move |p| Message::MapPointer(p, size)
}
