//! MAP007: a hex numbering whose printed labels do not read back as the
//! hexes they were printed on (two hexes with one label, or a label the
//! numbering cannot split), so a player could not find a hex by its
//! number.

use berthier_schema::HexId;
use berthier_schema::map::Map;

use super::Finding;
use crate::code::Code;
use crate::pointer::{Pointer, at};

/// MAP007 for the map's numbering and each sheet's: the first hex of each
/// whose label reads back as another hex, or as none. Plain column-row
/// labels are checked too once any numbering is given, since a sheet's
/// prefix can collide with another sheet's letter.
pub fn check(map: &Map) -> Vec<Finding> {
    let any = map.numbering.is_some()
        || map.sheets.iter().any(|s| s.numbering.is_some());
    if !any {
        return Vec::new();
    }
    let mut owners: Vec<Pointer> = Vec::new();
    let mut out = Vec::new();
    for hex in map.extent.iter().flat_map(|e| e.hexes()) {
        let pointer = owner(map, hex);
        if owners.contains(&pointer) {
            continue;
        }
        if let Some(finding) = unread(map, hex, &pointer) {
            owners.push(pointer);
            out.push(finding);
        }
    }
    out
}

/// Where the numbering that prints `hex` is written: its sheet's, the
/// map's, or (plain labels) its sheet or the map's extent.
fn owner(map: &Map, hex: HexId) -> Pointer {
    let sheet = map.sheets.iter().position(|s| Some(s) == map.sheet_of(hex));
    match sheet {
        Some(i) if map.sheets[i].numbering.is_some() => {
            at("sheets").index(i).field("numbering")
        }
        _ if map.numbering.is_some() => at("numbering"),
        Some(i) => at("sheets").index(i),
        None => at("extent"),
    }
}

/// MAP007 at `pointer` unless the label of `hex` reads back as it.
fn unread(map: &Map, hex: HexId, pointer: &Pointer) -> Option<Finding> {
    {
        let label = map.label(hex);
        let read = map.read_label(&label);
        if read == Some(hex) {
            return None;
        }
        let message = match read {
            Some(other) => format!(
                "hex {hex} is printed `{label}`, which reads as hex {other}: \
                 two hexes share a label"
            ),
            None => format!(
                "hex {hex} is printed `{label}`, which the numbering cannot \
                 read back"
            ),
        };
        Some(Finding::new(Code::Map007, pointer.clone(), message).hex(hex).help(
            "give each sheet its own prefix, a separator between the two \
             names, or enough digits for the last name",
        ))
    }
}
