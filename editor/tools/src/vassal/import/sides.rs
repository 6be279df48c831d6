//! Which side a piece is on, read from every place a module holds it, in
//! this order, and which of them said so:
//!
//! 1. a `Marker` property: `Side`, `Army`, `Faction`, `Player` or `Owner`,
//!    else any property whose name holds `side`, `army`, `faction` or
//!    `nation` (`Unit Side`, `Army Name`; not the nationality's own
//!    `Nationality` or `Nation`);
//! 2. the name of a palette tab or list holding the piece, when it is one
//!    of the module's sides: an entry of its player roster, or a side
//!    another piece's property names;
//! 3. the name of a prototype the piece uses, likewise.
//!
//! A piece none of them places is on no side (`unknown`): nothing is
//! guessed from names or pictures.

use std::collections::BTreeSet;

use super::super::module::Slot;
use super::normal;

/// Property names that are a side, letters and digits only, lowercase.
const EXACT: &[&str] = &["side", "army", "faction", "player", "owner"];
/// Parts of a property name that make it a side.
const PARTS: &[&str] = &["side", "army", "faction", "nation"];
/// Properties that hold something else although their name has a part:
/// the nationality, the side id `export-vassal` writes, and a counter's
/// designation (desig-nation).
const NOT_SIDES: &[&str] = &["nationality", "nation", "sideid", "designation"];

/// A piece's side and where the module says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct SideOf {
    /// The side's name as the module writes it.
    pub name: String,
    /// Where it was read: ``property `Unit Side` ``, ``palette `France` ``.
    pub source: String,
}

/// The sides a module names: its roster and its pieces' side properties.
pub(super) struct Sides {
    known: Vec<String>,
}

impl Sides {
    /// The sides of a module with `roster` and pieces `slots`.
    pub fn of<'a>(
        roster: &[String],
        slots: impl IntoIterator<Item = &'a Slot>,
    ) -> Self {
        let mut seen = BTreeSet::new();
        let mut known = Vec::new();
        let named = slots
            .into_iter()
            .filter_map(|s| from_property(s).map(|(_, v)| v.to_owned()));
        for name in roster.iter().cloned().chain(named) {
            if seen.insert(normal(&name)) {
                known.push(name);
            }
        }
        Self { known }
    }

    /// The side of `slot`, if any place says it.
    pub fn side(&self, slot: &Slot) -> Option<SideOf> {
        if let Some((key, value)) = from_property(slot) {
            return Some(SideOf {
                name: value.to_owned(),
                source: format!("property `{key}`"),
            });
        }
        let palette = slot.palette.iter().rev().map(|n| ("palette", n));
        let prototypes = slot.piece.prototypes.iter().map(|n| ("prototype", n));
        palette.chain(prototypes).find_map(|(place, name)| {
            let side = self.known.iter().find(|k| normal(k) == normal(name))?;
            Some(SideOf {
                name: side.clone(),
                source: format!("{place} `{name}`"),
            })
        })
    }
}

/// The side property of `slot` (name, value): an exact name first, then
/// one holding a part.
fn from_property(slot: &Slot) -> Option<(&str, &str)> {
    let filled = || {
        slot.piece
            .properties
            .iter()
            .filter(|(_, v)| !v.trim().is_empty())
            .map(|(k, v)| (k.as_str(), v.trim()))
    };
    let exact = filled().find(|(k, _)| EXACT.contains(&normal(k).as_str()));
    exact.or_else(|| {
        filled().find(|(k, _)| {
            let k = normal(k);
            !NOT_SIDES.contains(&k.as_str())
                && PARTS.iter().any(|part| k.contains(part))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vassal::piece::Piece;

    fn slot(props: &[(&str, &str)], palette: &[&str], protos: &[&str]) -> Slot {
        Slot {
            name: "p".into(),
            gpid: String::new(),
            piece: Piece {
                properties: props
                    .iter()
                    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                    .collect(),
                prototypes: protos.iter().map(|p| (*p).to_owned()).collect(),
                ..Piece::default()
            },
            palette: palette.iter().map(|p| (*p).to_owned()).collect(),
        }
    }

    #[test]
    fn a_property_whose_name_holds_side_is_read() {
        let s =
            slot(&[("Unit Side", "France"), ("Nationality", "FR")], &[], &[]);
        let sides = Sides::of(&[], [&s]);
        let found = sides.side(&s).expect("side");
        assert_eq!(found.name, "France");
        assert_eq!(found.source, "property `Unit Side`");
    }

    #[test]
    fn a_nationality_alone_is_not_a_side() {
        let s = slot(&[("Nationality", "FR"), ("Side ID", "fr")], &[], &[]);
        assert_eq!(Sides::of(&[], [&s]).side(&s), None);
    }

    #[test]
    fn palettes_and_prototypes_name_roster_sides() {
        let roster = ["France".to_owned(), "Prussia".to_owned()];
        let tab = slot(&[], &["Counters", "Prussia"], &[]);
        let proto = slot(&[], &["Counters"], &["Unit", "france"]);
        let neither = slot(&[], &["Markers"], &["Marker"]);
        let sides = Sides::of(&roster, [&tab, &proto, &neither]);
        let found = sides.side(&tab).expect("tab");
        assert_eq!(
            (found.name.as_str(), found.source.as_str()),
            ("Prussia", "palette `Prussia`")
        );
        let found = sides.side(&proto).expect("prototype");
        assert_eq!(
            (found.name.as_str(), found.source.as_str()),
            ("France", "prototype `france`")
        );
        assert_eq!(sides.side(&neither), None);
    }

    #[test]
    fn a_side_one_piece_names_places_another_by_its_palette() {
        let named = slot(&[("Side", "Austria")], &[], &[]);
        let tab = slot(&[], &["Austria"], &[]);
        let sides = Sides::of(&[], [&named, &tab]);
        assert_eq!(sides.side(&tab).expect("tab").name, "Austria");
    }
}
