//! The game's marks drawn on a map: each transfer exit and entry ringed
//! in its kind's ink with its words beside it (which way, the other map,
//! the place, the hours by arm); each join's seam hexes the same.

use berthier_schema::map::Map;

use super::{Mark, MarkKind};
use crate::scene::{Px, Shape};

/// Exits: units leave the map here.
pub const EXIT_INK: [u8; 3] = [0xd0, 0x60, 0x00];
/// Entries: units come on here.
pub const ENTRY_INK: [u8; 3] = [0x00, 0x80, 0x70];
/// Joins: the map goes on into another.
pub const JOIN_INK: [u8; 3] = [0x60, 0x40, 0xb0];

/// The ink of a kind of mark.
pub fn ink(kind: MarkKind) -> [u8; 3] {
    match kind {
        MarkKind::Exit => EXIT_INK,
        MarkKind::Entry => ENTRY_INK,
        MarkKind::Join => JOIN_INK,
    }
}

/// A mark's words, drawn at a fixed size on screen beside its hexes.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    /// The centre of the hex it is written beside, in scan pixels.
    pub at: Px,
    /// Written to the left of the hex (it is in the map's east half), so
    /// the words stay over the map.
    pub leftward: bool,
    /// The lines ([`label_lines`]).
    pub lines: Vec<String>,
    /// Their ink.
    pub colour: [u8; 3],
}

/// The rings of `marks` on `map` (each hex shaded and outlined in its
/// kind's ink), in scan pixels.
pub fn shapes(marks: &[Mark], map: &Map) -> Vec<Shape> {
    let r = map.grid.hex_radius_px;
    let mut out = Vec::new();
    for mark in marks {
        let colour = ink(mark.kind);
        for hex in &mark.hexes {
            let ring = crate::scene::marks::inset_ring(map, *hex);
            out.push(Shape::Fill {
                points: ring.clone(),
                colour,
                alpha: 0.3,
            });
            out.push(Shape::Line {
                points: ring,
                width: 0.16 * r,
                colour,
            });
        }
    }
    out
}

/// The words of `marks` on `map`, beside the middle hex of each.
pub fn labels(marks: &[Mark], map: &Map) -> Vec<Label> {
    let placed = map.geometry();
    let xs: Vec<f64> = crate::scene::all_hexes(map)
        .map(|h| placed.center_px(h)[0])
        .collect();
    let lo = xs.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = xs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mid = (lo + hi) / 2.0;
    marks
        .iter()
        .filter_map(|mark| {
            let hex = mark.hexes.get(mark.hexes.len() / 2)?;
            let at = placed.center_px(*hex);
            Some(Label {
                at,
                leftward: at[0] > mid,
                lines: label_lines(mark),
                colour: ink(mark.kind).map(|v| v / 2),
            })
        })
        .collect()
}

/// What is written on the map: one line, "ENTRY ← Wavre: Road to Ohain",
/// a long place name cut ("Trail on the eastern edge sou…"). The hours by
/// arm and the whole names are in the panel's list of routes: on the map
/// they made cards a third of the map wide.
pub fn label_lines(mark: &Mark) -> Vec<String> {
    let other = short(&mark.other_map);
    let place = cut(&mark.place, PLACE_CHARS);
    let head = match mark.kind {
        MarkKind::Exit => format!("EXIT → {other}: {place}"),
        MarkKind::Entry => format!("ENTRY ← {other}: {place}"),
        MarkKind::Join => format!("JOINS {other}: {place}"),
    };
    vec![head]
}

/// The longest place name written whole on the map.
const PLACE_CHARS: usize = 28;

/// `text` cut to `max` characters, the last being "…".
fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let kept: String = text.chars().take(max - 1).collect();
    format!("{}…", kept.trim_end())
}

/// A map's name up to its first comma ("Waterloo, 18 June 1815" is
/// "Waterloo" on the map).
pub fn short(name: &str) -> &str {
    name.split(',').next().unwrap_or(name).trim()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_place_is_cut_and_a_short_one_kept() {
        assert_eq!(cut("Road to Ohain", PLACE_CHARS), "Road to Ohain");
        let long = "Trail on the eastern edge south of La Chapelle St Lambert";
        let shown = cut(long, PLACE_CHARS);
        assert_eq!(shown.chars().count(), PLACE_CHARS);
        assert!(
            shown.ends_with('…')
                && long.starts_with(shown.trim_end_matches('…'))
        );
    }
}
