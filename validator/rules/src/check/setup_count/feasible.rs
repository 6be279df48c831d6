//! SET007: a count no setup can satisfy, whatever the units' hexes: more
//! units than the zone's hexes allow, fewer units than places to fill,
//! bounds the wrong way round.

use berthier_schema::battle::Battle;
use berthier_schema::counters::Unit;
use berthier_schema::placement::{Count, Placement};
use berthier_schema::zone::Zone;

use super::Counted;

/// Why `count` cannot be satisfied, if it cannot.
pub(super) fn check(
    b: &Battle<'_>,
    zone: &Zone<'_>,
    counted: &Counted<'_, '_>,
    count: &Count,
) -> Option<String> {
    let n = counted.units.len();
    match count {
        Count::PerHex { min, max } => {
            if let Some(why) = reversed(*min, *max) {
                return Some(why);
            }
            per_hex(zone, counted, (*min, *max))
        }
        // SET009, in `per_formation`.
        Count::PerFormation { .. } => None,
        Count::OneEach(places) => (places.len() != n).then(|| {
            format!(
                "one unit each over {} locations, but the instruction \
                 places {n} units (leaders not counted)",
                places.len()
            )
        }),
        Count::InZone {
            zone: sub,
            units,
            min,
            max,
        } => {
            if let Some(why) = reversed(*min, *max) {
                return Some(why);
            }
            let pool: Vec<&Unit> = match units {
                Some(set) => {
                    let set = b.units_in(set);
                    (counted.units.iter())
                        .filter(|u| set.iter().any(|s| s.id == u.id))
                        .copied()
                        .collect()
                }
                None => counted.units.clone(),
            };
            let min = usize::from((*min)?);
            if min > pool.len() {
                return Some(format!(
                    "at least {min} units in the sub-zone, but only {} of \
                     the instruction's units can count",
                    pool.len()
                ));
            }
            unreachable_zone(zone, counted, sub, min)
        }
    }
}

fn reversed(min: Option<u16>, max: Option<u16>) -> Option<String> {
    match (min, max) {
        (Some(min), Some(max)) if min > max => {
            Some(format!("at least {min} but at most {max}"))
        }
        _ => None,
    }
}

/// Per-hex bounds against the number of hexes the placement allows.
fn per_hex(
    zone: &Zone<'_>,
    counted: &Counted<'_, '_>,
    (min, max): (Option<u16>, Option<u16>),
) -> Option<String> {
    let n = counted.units.len();
    let unit = counted.units.first()?;
    let hexes = zone.hexes_allowing(&counted.ins.placement, &unit.id).ok()?;
    let room = hexes.len();
    if let Some(max) = max
        && room * usize::from(max) < n
    {
        return Some(format!(
            "{n} units at most {max} per hex need {} hexes, but the \
             placement allows {room}",
            n.div_ceil(usize::from(max).max(1))
        ));
    }
    if let Some(min) = min
        && room * usize::from(min) > n
    {
        return Some(format!(
            "the placement's {room} hexes need at least {min} units each, \
             {} in all, but the instruction places {n}",
            room * usize::from(min)
        ));
    }
    None
}

/// A sub-zone that must hold units but shares no hex with the placement.
fn unreachable_zone(
    zone: &Zone<'_>,
    counted: &Counted<'_, '_>,
    sub: &Placement,
    min: usize,
) -> Option<String> {
    if min == 0 {
        return None;
    }
    let unit = counted.units.first()?;
    let both = Placement::All(vec![counted.ins.placement.clone(), sub.clone()]);
    let hexes = zone.hexes_allowing(&both, &unit.id).ok()?;
    hexes.is_empty().then(|| {
        format!(
            "at least {min} units in a sub-zone that shares no hex with the \
             instruction's placement"
        )
    })
}
