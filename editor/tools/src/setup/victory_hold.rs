//! Holding a place at the end, with the hexes that do not count: "Sombreffe
//! (but the Chateau)" (Ligny 1, seed 001 l. 2233), "Braine l'Alleud (all 4
//! hexes)". The Setup screen's Victory tab adds a hold for a side, puts it
//! on the place under a click, toggles the hexes it leaves out with
//! further clicks, and sets whether every hex or any one counts, what
//! holding means, its points and who holds it at the start. Each function
//! changes the list and says whether it changed; the screen makes each
//! change one undo step.

use berthier_schema::HexId;
use berthier_schema::map::Map;
use berthier_schema::placement::Location;
use berthier_schema::scenario::{
    Condition, Control, HoldHexes, VictoryCondition,
};
use berthier_schema::zone::{NoSetup, Zone};

/// Why a hex cannot be left out of a hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExceptError {
    /// The hex is not one of the held location's.
    #[error(
        "hex {hex} is not part of {held}: only its own hexes can be left out"
    )]
    Outside {
        /// The hex clicked, as printed.
        hex: String,
        /// The held location, by name.
        held: String,
    },
    /// Leaving it out would leave nothing to hold.
    #[error("{held} would have no hex left to hold")]
    Nothing {
        /// The held location, by name.
        held: String,
    },
}

/// Adds a hold for `side` worth one point, on the map's first place (else
/// its middle hex); its index.
pub fn add_hold(
    list: &mut Vec<VictoryCondition>,
    side: &str,
    map: &Map,
) -> usize {
    let hold = Condition::Hold {
        at: super::victory_edit::first_place(map),
        except: Vec::new(),
        hexes: HoldHexes::All,
        control: Control::Series,
        points: 1,
        held_by: None,
    };
    list.push(super::victory_edit::condition(side, hold));
    list.len() - 1
}

/// The parts of hold `i` a screen edits.
pub struct HoldParts<'a> {
    /// Where.
    pub at: &'a mut Location,
    /// The hexes (or places) that do not count.
    pub except: &'a mut Vec<Location>,
    /// Every hex or any one.
    pub hexes: &'a mut HoldHexes,
    /// What holding means.
    pub control: &'a mut Control,
    /// Its points.
    pub points: &'a mut i32,
    /// Who holds it at the start.
    pub held_by: &'a mut Option<String>,
}

/// The parts of condition `i` when it is a hold.
pub fn hold(list: &mut [VictoryCondition], i: usize) -> Option<HoldParts<'_>> {
    match &mut list.get_mut(i)?.condition {
        Condition::Hold {
            at,
            except,
            hexes,
            control,
            points,
            held_by,
        } => Some(HoldParts {
            at,
            except,
            hexes,
            control,
            points,
            held_by,
        }),
        _ => None,
    }
}

/// Changes hold `i` with `change`; whether it changed.
pub fn edit_hold(
    list: &mut [VictoryCondition],
    i: usize,
    change: impl FnOnce(HoldParts<'_>),
) -> bool {
    let before = list.get(i).cloned();
    let Some(parts) = hold(list, i) else {
        return false;
    };
    change(parts);
    list.get(i).cloned() != before
}

/// Leaves `hex` out of hold `i`, or counts it again when it was left out.
/// A hex of a place other than the held one leaves that whole place out
/// (the Chateau inside Sombreffe); any other hex is left out alone.
/// `Ok(false)` when `i` is not a hold.
pub fn toggle_except(
    list: &mut [VictoryCondition],
    i: usize,
    hex: HexId,
    map: &Map,
) -> Result<bool, ExceptError> {
    let Some(parts) = hold(list, i) else {
        return Ok(false);
    };
    let zone = Zone::new(map, &NoSetup);
    let hexes_of = |l: &Location| zone.location_hexes(l).unwrap_or_default();
    let held = crate::victory::location_name(map, parts.at);
    if let Some(k) =
        parts.except.iter().position(|l| hexes_of(l).contains(&hex))
    {
        parts.except.remove(k);
        return Ok(true);
    }
    let held_hexes = hexes_of(parts.at);
    if !held_hexes.contains(&hex) {
        return Err(ExceptError::Outside {
            hex: map.label(hex),
            held,
        });
    }
    let inner = map.places.iter().find(|p| {
        Location::Place(p.id.clone()) != *parts.at && p.hexes.contains(&hex)
    });
    let left_out = match inner {
        Some(p) if p.hexes.len() < held_hexes.len() => {
            Location::Place(p.id.clone())
        }
        _ => Location::Hex(hex),
    };
    let mut remaining = held_hexes;
    for l in parts.except.iter().chain(std::iter::once(&left_out)) {
        let gone = hexes_of(l);
        remaining.retain(|h| !gone.contains(h));
    }
    if remaining.is_empty() {
        return Err(ExceptError::Nothing { held });
    }
    parts.except.push(left_out);
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use berthier_schema::map::Place;

    fn map() -> Map {
        let mut map = crate::setup::blank_test_map();
        let place = |id: &str, hexes: Vec<HexId>| Place {
            id: id.into(),
            name: id.to_uppercase(),
            aliases: Vec::new(),
            category: None,
            hexes,
            provenance: None,
        };
        map.places.push(place(
            "village",
            vec![HexId::new(3, 3), HexId::new(4, 3), HexId::new(3, 4)],
        ));
        map.places.push(place("chateau", vec![HexId::new(4, 3)]));
        map
    }

    #[test]
    fn a_hold_leaves_out_an_inner_place_and_a_hex_and_counts_them_again() {
        let map = map();
        let mut list = Vec::new();
        let i = add_hold(&mut list, "blue", &map);
        assert!(
            toggle_except(&mut list, i, HexId::new(4, 3), &map).unwrap(),
            "the chateau's hex"
        );
        assert!(
            toggle_except(&mut list, i, HexId::new(3, 4), &map).unwrap(),
            "a plain hex of the village"
        );
        let Condition::Hold { except, .. } = &list[i].condition else {
            panic!("a hold");
        };
        assert_eq!(
            except,
            &vec![
                Location::Place("chateau".into()),
                Location::Hex(HexId::new(3, 4))
            ]
        );
        let nothing = toggle_except(&mut list, i, HexId::new(3, 3), &map);
        assert!(
            matches!(nothing, Err(ExceptError::Nothing { .. })),
            "{nothing:?}"
        );
        let outside = toggle_except(&mut list, i, HexId::new(9, 9), &map);
        assert!(
            matches!(&outside, Err(ExceptError::Outside { held, .. }) if held == "VILLAGE"),
            "{outside:?}"
        );
        assert!(toggle_except(&mut list, i, HexId::new(4, 3), &map).unwrap());
        let Condition::Hold { except, .. } = &list[i].condition else {
            panic!("a hold");
        };
        assert_eq!(except, &vec![Location::Hex(HexId::new(3, 4))]);
    }

    #[test]
    fn a_hold_is_edited_part_by_part() {
        let map = map();
        let mut list = Vec::new();
        let i = add_hold(&mut list, "blue", &map);
        assert!(edit_hold(&mut list, i, |p| {
            *p.hexes = HoldHexes::Any;
            *p.control = Control::LastThrough;
            *p.held_by = Some("red".into());
        }));
        assert!(!edit_hold(&mut list, i, |p| *p.hexes = HoldHexes::Any));
        let e = crate::setup::victory_edit::add_elimination(&mut list, "red");
        assert!(!edit_hold(&mut list, e, |p| *p.points = 4), "not a hold");
        assert!(!toggle_except(&mut list, e, HexId::new(3, 3), &map).unwrap());
    }
}
