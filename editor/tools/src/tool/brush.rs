//! Hex sets for the brushes: a radius around a hex, a flood fill, and the
//! hexes between two (when the mouse skips some while dragging).

use std::collections::{BTreeSet, VecDeque};

use berthier_schema::{HexId, Map};

/// The printed hexes within `radius` of `centre`, centre first.
pub fn in_radius(map: &Map, centre: HexId, radius: u8) -> Vec<HexId> {
    let mut out = vec![centre];
    out.extend(
        map.hex(centre)
            .range(u32::from(radius))
            .filter_map(|h| map.id_at(h, centre.sheet))
            .filter(|h| *h != centre && map.contains(*h)),
    );
    out
}

/// The connected printed hexes with the same terrain as `start` (painted
/// or not), `start` first. Empty when `start` is off the map.
pub fn flood(map: &Map, start: HexId) -> Vec<HexId> {
    if !map.contains(start) {
        return Vec::new();
    }
    let terrain = |h: &HexId| map.hexes.get(h).and_then(|d| d.terrain.as_ref());
    let wanted = terrain(&start);
    let mut seen = BTreeSet::from([start]);
    let mut queue = VecDeque::from([start]);
    let mut out = Vec::new();
    while let Some(h) = queue.pop_front() {
        out.push(h);
        for n in map.neighbours(h) {
            if map.contains(n) && terrain(&n) == wanted && seen.insert(n) {
                queue.push_back(n);
            }
        }
    }
    out
}

/// The hexes after `from` up to and including `to`, each adjacent to the
/// one before (hexx's line), stopping at the first one off the map.
pub fn steps(map: &Map, from: HexId, to: HexId) -> Vec<HexId> {
    // Without declared sheets, hexes of two lettered extents are not on
    // one grid; with them, a line crosses the seam.
    if from.sheet != to.sheet && !map.has_sheets() {
        return Vec::new();
    }
    map.hex(from)
        .line_to(map.hex(to))
        .skip(1)
        .map(|h| map.id_at(h, from.sheet).filter(|id| map.contains(*id)))
        .take_while(Option::is_some)
        .flatten()
        .collect()
}
