//! From arriving units to the movers of a column: stacks formed under the
//! series' stacking rules (Jours de Gloire enters by stacks) or single
//! units (Vive l'Empereur), each with its movement allowance and the cost
//! of the entry hex for it.

use berthier_schema::battle::Battle;
use berthier_schema::counters::Unit;
use berthier_schema::scenario::Placed;
use berthier_schema::series::{ColumnCost, Cost, Purpose};
use berthier_schema::stacking::StackUnit;
use berthier_schema::{HexId, Location};

use super::column::{HexCost, Mover};
use super::plan::terrain;

/// How the column at one entry is made up and pays.
pub struct Entry<'h> {
    /// The usable entry hexes.
    pub hexes: &'h [HexId],
    /// The road class the entry lies on, if any.
    pub road: Option<&'h str>,
    /// Forced-march multiplier (1 when not force-marching).
    pub factor: u32,
    /// Whether the forced march stands unchecked: the series denies it
    /// with an enemy unit near the entry hex, and where the enemy stands
    /// on this turn is not known from the setup.
    pub forced_unchecked: bool,
    /// Why the column does not force march where the series would let it
    /// (an enemy unit near the entry hex), for the delay's reason.
    pub no_forced: Option<String>,
    /// The series' column cost.
    pub column: ColumnCost,
    /// Most units a stack may hold as it enters (an entry stack limit);
    /// `None`: as the stacking rules allow.
    pub max_stack: Option<usize>,
}

/// The movers of a column of (non-leader) `units` entering at `entry`.
pub fn movers(
    battle: &Battle<'_>,
    units: &[&Unit],
    entry: &Entry<'_>,
) -> Vec<Mover> {
    let groups: Vec<Vec<&Unit>> = match entry.column {
        ColumnCost::MultiplyPerStack => {
            stacks(battle, units, entry.hexes, entry.max_stack)
        }
        ColumnCost::MinusOnePerUnit
        | ColumnCost::Flat
        | ColumnCost::PerPosition { .. } => {
            units.iter().map(|u| vec![*u]).collect()
        }
    };
    groups
        .into_iter()
        .map(|group| mover(battle, &group, entry))
        .collect()
}

fn mover(battle: &Battle<'_>, group: &[&Unit], entry: &Entry<'_>) -> Mover {
    let allowances: Vec<Option<u32>> =
        group.iter().map(|u| allowance(u)).collect();
    let allowance = if allowances.iter().any(Option::is_none) {
        None
    } else {
        allowances.into_iter().flatten().min()
    };
    let costs: Vec<HexCost> =
        group.iter().map(|u| entry_cost(battle, u, entry)).collect();
    Mover {
        units: group.iter().map(|u| u.id.clone()).collect(),
        allowance,
        factor: entry.factor,
        cost: worst(&costs),
    }
}

/// The best printed movement allowance of a unit over its counter sides
/// (the owner enters in the formation he likes); `None` when not printed.
pub fn allowance(unit: &Unit) -> Option<u32> {
    unit.ratings
        .values()
        .filter_map(|side| side.get("movement").copied().flatten())
        .filter_map(|mp| u32::try_from(mp).ok())
        .max()
}

/// The cheapest of the entry hexes for a unit (any unknown hex makes the
/// cost unknown: it might be the cheapest).
fn entry_cost(battle: &Battle<'_>, unit: &Unit, entry: &Entry<'_>) -> HexCost {
    let class = unit.class_for(Purpose::Movement);
    let costs: Vec<HexCost> = entry
        .hexes
        .iter()
        .map(|h| hex_cost(battle, *h, class, entry.road))
        .collect();
    if costs.contains(&HexCost::Unknown) {
        return HexCost::Unknown;
    }
    mp_values(&costs)
        .min()
        .map_or(HexCost::NotAllowed, HexCost::Mp)
}

/// The cost of one hex for a movement class: the road rate on a road
/// entry when the series prints it, else the hex terrain.
fn hex_cost(
    battle: &Battle<'_>,
    hex: HexId,
    class: &str,
    road: Option<&str>,
) -> HexCost {
    let series = &battle.series;
    let road_rate = road
        .and_then(|r| series.road_types.iter().find(|t| t.id == r))
        .and_then(|t| t.movement.get(class));
    if let Some(Cost::Mp(n)) = road_rate {
        // A prohibition no road lifts (VLE fortified farms, special rule
        // 2, seed 001 l. 3162) holds on a road entry too.
        if terrain(battle, hex).is_some_and(|t| t.barred_even_on_road(class)) {
            return HexCost::NotAllowed;
        }
        return HexCost::Mp(u32::from(*n));
    }
    let Some(terrain) = terrain(battle, hex) else {
        return HexCost::Unknown;
    };
    if terrain.impassable {
        return HexCost::NotAllowed;
    }
    match terrain.movement.get(class) {
        Some(Cost::Mp(n)) => HexCost::Mp(u32::from(*n)),
        Some(Cost::NotAllowed) => HexCost::NotAllowed,
        Some(Cost::UseOther | Cost::Unknown) | None => HexCost::Unknown,
    }
}

/// Why the entry cost of `unit` at `entry` is unknown, for a message
/// ("the series prints no cost of Trail for cavalry"); `None` when it is
/// known.
pub fn unknown_cost_why(
    battle: &Battle<'_>,
    unit: &Unit,
    entry: &Entry<'_>,
) -> Option<String> {
    let class = unit.class_for(Purpose::Movement);
    let hex = entry.hexes.iter().copied().find(|h| {
        hex_cost(battle, *h, class, entry.road) == HexCost::Unknown
    })?;
    let series = &battle.series;
    if let Some(road) = entry.road {
        let name = series
            .road_types
            .iter()
            .find(|t| t.id == road)
            .map_or(road, |t| t.name.as_str());
        return Some(format!(
            "the series prints no cost of {name} for {class}, the entry \
             hex {hex}'s road"
        ));
    }
    Some(match terrain(battle, hex) {
        None => format!("the entry hex {hex}'s terrain is not painted"),
        Some(t) => format!(
            "the series prints no cost of {} for {class}, the entry hex \
             {hex}'s terrain",
            t.name
        ),
    })
}

/// The movement point costs among `costs`.
fn mp_values(costs: &[HexCost]) -> impl Iterator<Item = u32> + '_ {
    costs.iter().filter_map(|c| match c {
        HexCost::Mp(n) => Some(*n),
        _ => None,
    })
}

/// The least favourable cost of a stack.
fn worst(costs: &[HexCost]) -> HexCost {
    if costs.contains(&HexCost::NotAllowed) {
        return HexCost::NotAllowed;
    }
    if costs.contains(&HexCost::Unknown) || costs.is_empty() {
        return HexCost::Unknown;
    }
    mp_values(costs).max().map_or(HexCost::Unknown, HexCost::Mp)
}

/// A unit as the stacking rules see it, standing on `hex` in its default
/// state.
pub fn stack_unit(
    battle: &Battle<'_>,
    unit: &Unit,
    hex: HexId,
) -> Option<StackUnit> {
    battle.stack_unit(&Placed {
        unit: unit.id.clone(),
        hex,
        facing: None,
        formation: None,
        state: None,
        stack: None,
        on_hexside: None,
    })
}

/// Groups units into legal stacks of at most `max` units, first fit in
/// column order (no stacking rules: stacks of `max`, or one stack).
fn stacks<'u>(
    battle: &Battle<'_>,
    units: &[&'u Unit],
    hexes: &[HexId],
    max: Option<usize>,
) -> Vec<Vec<&'u Unit>> {
    let max = max.unwrap_or(usize::MAX).max(1);
    let Some(rules) = &battle.series.stacking else {
        return match max {
            usize::MAX => vec![units.to_vec()],
            _ => units.chunks(max).map(<[_]>::to_vec).collect(),
        };
    };
    let Some(hex) = hexes.first().copied() else {
        return vec![units.to_vec()];
    };
    let mut groups: Vec<(Vec<&Unit>, Vec<StackUnit>)> = Vec::new();
    for unit in units {
        let Some(su) = stack_unit(battle, unit, hex) else {
            continue;
        };
        // Try the unit on each group in turn (pushed, checked, taken
        // back unless it fits): no copy of the group per trial.
        let mut pending = Some(su);
        let mut fits = None;
        for (i, (_, members)) in groups.iter_mut().enumerate() {
            if members.len() >= max {
                continue;
            }
            let Some(su) = pending.take() else { break };
            members.push(su);
            if rules.violations(members).is_empty() {
                fits = Some(i);
                break;
            }
            pending = members.pop();
        }
        match (fits, pending) {
            // Its stack unit stayed in the group it fits.
            (Some(i), _) => groups[i].0.push(unit),
            (None, Some(su)) => groups.push((vec![*unit], vec![su])),
            // Not reached: a pop returns the unit just pushed.
            (None, None) => {}
        }
    }
    groups.into_iter().map(|(g, _)| g).collect()
}

/// The road class an entry comes in on: the entry point's road, or a road
/// through its only hex.
pub fn road_class<'a>(
    battle: &Battle<'a>,
    location: &Location,
    hexes: &[HexId],
) -> Option<&'a str> {
    let map = battle.map;
    let named = match location {
        Location::Entry(id) => map
            .entry_points
            .iter()
            .find(|e| &e.id == id)
            .and_then(|e| e.road.as_deref()),
        _ => None,
    };
    if let Some(road) = named.and_then(|r| map.road(r)) {
        return Some(&road.class);
    }
    let [hex] = hexes else { return None };
    map.roads
        .iter()
        .find(|r| r.hexes.contains(hex))
        .map(|r| r.class.as_str())
}
