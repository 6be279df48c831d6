//! The reinforcement schedule played turn by turn, without dice and in the
//! owner's favour: each turn, the markers in the pool; each column at its
//! entry, who pays the entry cost and who is delayed (to the formation's
//! next marker the same turn, or to a later turn, as the series says);
//! entry hexes held by friendly units set up there.

use std::collections::{BTreeMap, BTreeSet};

use berthier_schema::HexId;
use berthier_schema::battle::Battle;
use berthier_schema::counters::Unit;
use berthier_schema::scenario::Placed;
use berthier_schema::series::{ColumnCost, EntryRules};

use super::column::{self, HexCost, Rule};
use super::movers::{self, Entry, road_class, stack_unit};
use super::plan::{Planned, is_leader};
use super::pool::Markers;
use super::record::{ColumnEntry, Entered};
use super::unstacked::{self, Unstacked};
use crate::check::Scene;

/// What the simulation found.
#[derive(Debug, Default)]
pub struct Simulation<'a> {
    /// Markers in the pool on each turn (index 0 is turn 1), per
    /// formation.
    pub pool: Vec<BTreeMap<&'a str, u8>>,
    /// Movers that could not enter when scheduled.
    pub delays: Vec<Delay>,
    /// Entry hexes held by friendly units set up there.
    pub crowding: Vec<Crowding>,
    /// The turn each arriving unit entered.
    pub entered: BTreeMap<&'a str, u16>,
    /// Entry hexes the setup fills up to an entry stack limit.
    pub unstacked: Vec<Unstacked>,
    /// Each activation of a column that let units in, in play order.
    pub columns: Vec<ColumnEntry>,
    /// Columns that force-marched where the series denies it with an enemy
    /// unit near the entry hex, on a turn whose enemy positions the setup
    /// does not give, and that would leave units waiting without it.
    pub forced_unchecked: Vec<ForcedUnchecked>,
    /// Units with a printed allowance let in through an entry hex whose
    /// cost is unknown: their entry is not checked.
    pub cost_unknown: Vec<CostUnknown>,
    /// Units whose movement allowance is not printed, let in without
    /// knowing whether they can pay the entry cost: not checked.
    pub allowance_unknown: Vec<AllowanceUnknown>,
}

/// Units of one arrival let in although their movement allowance is not
/// printed (once per arrival, on the first turn it happened).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AllowanceUnknown {
    /// Index of the arrival in the plan.
    pub arrival: usize,
    /// The turn they entered.
    pub turn: u16,
    /// The units.
    pub units: Vec<String>,
}

/// Units whose entry cost is unknown, counted as paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CostUnknown {
    /// Index of the arrival in the plan.
    pub arrival: usize,
    /// The turn they entered.
    pub turn: u16,
    /// Why the cost is unknown.
    pub why: String,
    /// The units.
    pub units: Vec<String>,
}

/// A column whose forced march could not be checked against the enemy's
/// nearness (Jours de Gloire 5.2, seed 000 l. 333).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForcedUnchecked {
    /// Index of the arrival in the plan.
    pub arrival: usize,
    /// The turn of the entry.
    pub turn: u16,
    /// The series' radius.
    pub radius: u8,
    /// The units that entered only by forced march.
    pub units: Vec<String>,
}

/// A mover (stack or unit) that could not enter on its turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delay {
    /// Index of its arrival in the plan.
    pub arrival: usize,
    /// Its units.
    pub units: Vec<String>,
    /// The turn it was due.
    pub scheduled: u16,
    /// Why it could not enter then, with the computation.
    pub reason: String,
    /// What became of it.
    pub outcome: Outcome,
}

/// Where a delayed mover ends up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// It entered on this turn.
    Entered(u16),
    /// No column order would ever let it in.
    Never,
    /// Still waiting when the game ends.
    AfterGame,
}

/// An entry hex held by friendly units set up there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crowding {
    /// Index of the arrival in the plan.
    pub arrival: usize,
    /// The turn of the entry.
    pub turn: u16,
    /// The entry hex.
    pub hex: HexId,
    /// The units set up there.
    pub occupants: Vec<String>,
    /// The stacking rules broken by the first unit entering, when the
    /// series checks stacking at every step of the entry; `None` when the
    /// occupants block a forced march.
    pub stacking: Option<String>,
}

/// A unit waiting to enter.
#[derive(Clone, Copy)]
struct Pending<'a> {
    arrival: usize,
    unit: &'a Unit,
    delay: Option<usize>,
    /// The first turn it may try again (the series' delay).
    not_before: u16,
}

/// One column: a side's units due at one entry, brought by one formation
/// (the entry hexes borrowed from the plan: a key is made for every unit
/// due, each turn).
type Key<'b, 'a> = (usize, &'b [HexId], Option<&'a str>);

struct Run<'b, 'a> {
    battle: &'b Battle<'a>,
    plan: &'b [Planned<'a>],
    markers: &'b Markers<'b, 'a>,
    /// The setup, with its stacks per hex.
    scene: &'b Scene<'b, 'a>,
    in_pool: BTreeSet<&'a str>,
    on_map: BTreeSet<&'a str>,
    waiting: Vec<Pending<'a>>,
    out: Simulation<'a>,
}

/// Plays the schedule of `plan` on `battle`.
#[cfg(test)] // the rules call `simulate_with`
pub fn simulate<'a>(
    battle: &Battle<'a>,
    plan: &[Planned<'a>],
) -> Simulation<'a> {
    simulate_with(&Scene::new(battle), plan, &Markers::new(battle))
}

/// Plays the schedule of `plan` on the battle of `scene`, its markers
/// already read (the entry rules share one [`Markers`]).
pub fn simulate_with<'b, 'a>(
    scene: &'b Scene<'b, 'a>,
    plan: &'b [Planned<'a>],
    markers: &'b Markers<'b, 'a>,
) -> Simulation<'a> {
    let battle = scene.battle;
    let mut run = Run {
        battle,
        plan,
        in_pool: markers.at_start(),
        on_map: markers.on_map(&scene.entries),
        markers,
        scene,
        waiting: Vec::new(),
        out: Simulation::default(),
    };
    for turn in 1..=battle.scenario.turns.count {
        run.turn(turn);
    }
    for pending in std::mem::take(&mut run.waiting) {
        if let Some(d) = pending.delay {
            run.out.delays[d].outcome = Outcome::AfterGame;
        }
    }
    run.out
}

impl<'b, 'a> Run<'b, 'a> {
    fn turn(&mut self, turn: u16) {
        let (mut due, later): (Vec<_>, Vec<_>) =
            std::mem::take(&mut self.waiting)
                .into_iter()
                .partition(|p| p.not_before <= turn);
        self.waiting = later;
        for (i, planned) in self.plan.iter().enumerate() {
            if planned.turn == Ok(turn) {
                due.extend(planned.units.iter().map(|unit| Pending {
                    arrival: i,
                    unit,
                    delay: None,
                    not_before: turn,
                }));
            }
        }
        let mut columns: BTreeMap<Key<'b, 'a>, Vec<Pending<'a>>> =
            BTreeMap::new();
        for pending in due {
            columns.entry(self.key(&pending)).or_default().push(pending);
        }
        let due_formations: BTreeSet<&'a str> =
            columns.keys().filter_map(|k| k.2).collect();
        let pool = self.markers.pool(
            turn,
            &self.in_pool,
            &self.on_map,
            &due_formations,
        );
        let mut arrived = BTreeSet::new();
        for (key, members) in columns {
            let markers = key.2.and_then(|f| pool.get(f).copied());
            for unit in self.column(turn, &key, members, markers) {
                arrived.extend(self.markers.activating(unit));
                arrived.extend(key.2);
            }
        }
        self.on_map.extend(arrived.iter().copied());
        self.in_pool.extend(arrived);
        self.out.pool.push(pool);
    }

    fn key(&self, pending: &Pending<'a>) -> Key<'b, 'a> {
        let plan: &'b [Planned<'a>] = self.plan;
        let planned = &plan[pending.arrival];
        let formation = if self.markers.used_by(planned.side_id) {
            self.markers
                .bringing(planned.arrival.formation.as_deref(), pending.unit)
        } else {
            None
        };
        (planned.side, planned.entry.hexes(), formation)
    }

    /// Enters one column; returns the units that entered.
    fn column(
        &mut self,
        turn: u16,
        key: &Key<'b, 'a>,
        members: Vec<Pending<'a>>,
        markers: Option<u8>,
    ) -> Vec<&'a Unit> {
        let battle: &'b Battle<'a> = self.battle;
        let (Some(rules), false) = (&battle.series.entry, key.1.is_empty())
        else {
            self.record_unchecked(turn, key.1, &members);
            return self.enter_all(turn, &members);
        };
        let (leaders, mut left): (Vec<_>, Vec<_>) = members
            .into_iter()
            .partition(|p| is_leader(self.battle, p.unit));
        self.record_unchecked(turn, key.1, &leaders);
        let mut entered = self.enter_all(turn, &leaders);
        let entry = self.entry(turn, key, &left, rules);
        let span = rules.delay.span();
        for _ in 0..span.tries_in_turn(markers) {
            if left.is_empty() {
                break;
            }
            left = self.attempt(turn, &entry, left, &mut entered);
        }
        let again = turn.saturating_add(span.turns_to_wait());
        self.waiting.extend(left.into_iter().map(|p| Pending {
            not_before: again,
            ..p
        }));
        entered
    }

    /// The entry conditions of a column, recording crowded entry hexes.
    fn entry<'k>(
        &mut self,
        turn: u16,
        key: &'k Key<'b, 'a>,
        members: &[Pending<'a>],
        rules: &EntryRules,
    ) -> Entry<'k> {
        let hexes: &'k [HexId] = key.1;
        let first = members.first().map(|p| p.arrival);
        let no_forced = members
            .iter()
            .any(|p| self.plan[p.arrival].arrival.no_forced_march);
        let mut factor = match rules.forced_march_factor {
            Some(f) if !no_forced => u32::from(f),
            _ => 1,
        };
        let mut forced_unchecked = false;
        let mut no_forced_why = None;
        if let (Some(radius), Some(i), true) =
            (rules.forced_march_enemy_radius, first, factor > 1)
        {
            if turn > 1 {
                // Where the enemy stands once play has begun is not in
                // the setup: the column force-marches (the owner's
                // favour) and what depends on it is reported unchecked.
                forced_unchecked = true;
            } else if let Some(why) = self.enemy_near(i, hexes, radius) {
                factor = 1;
                no_forced_why = Some(why);
            }
        }
        let road = first.filter(|_| rules.column_cost.needs_road());
        let road = road.and_then(|i| {
            let entry = self.plan[i].arrival.entry.as_ref()?;
            road_class(self.battle, entry, hexes)
        });
        if let Some(i) = first
            && let Some(crowd) =
                self.crowding(i, turn, key, members, factor, rules)
        {
            if crowd.stacking.is_none() {
                factor = 1;
                forced_unchecked = false;
            }
            self.out.crowding.push(crowd);
        }
        let side = first.map(|i| self.plan[i].side_id);
        let limit = side.and_then(|s| unstacked::limit_for(rules, s));
        if let (Some(i), Some(side), Some(limit)) = (first, side, limit)
            && let Some(held) =
                unstacked::held(self.scene, (i, side), turn, hexes, limit)
        {
            self.out.unstacked.push(held);
        }
        Entry {
            hexes,
            road,
            factor,
            forced_unchecked,
            no_forced: no_forced_why,
            column: rules.column_cost,
            max_stack: limit.map(|l| usize::from(l.max_units)),
        }
    }

    /// Records `members` entering unchecked, each on the first entry hex.
    fn record_unchecked(
        &mut self,
        turn: u16,
        hexes: &[HexId],
        members: &[Pending<'a>],
    ) {
        let Some(first) = members.first() else { return };
        self.out.columns.push(ColumnEntry {
            turn,
            arrival: first.arrival,
            hexes: hexes.to_vec(),
            entered: members
                .iter()
                .map(|p| Entered {
                    units: vec![p.unit.id.clone()],
                    slot: None,
                    hex: hexes.first().copied(),
                    left: None,
                    allowance: None,
                })
                .collect(),
        });
    }

    /// Records the movers `admission` let in through `entry`.
    fn record_admitted(
        &mut self,
        turn: u16,
        arrival: usize,
        entry: &Entry<'_>,
        movers: &[column::Mover],
        admission: &column::Admission,
    ) {
        if admission.admitted.is_empty() {
            return;
        }
        let entered = admission
            .admitted
            .iter()
            .map(|a| {
                let mover = &movers[a.mover];
                Entered {
                    units: mover.units.clone(),
                    slot: Some(a.slot),
                    hex: entry.hexes.get(a.lane).copied(),
                    left: a.left,
                    allowance: mover.allowance.map(|m| m * mover.factor),
                }
            })
            .collect();
        self.out.columns.push(ColumnEntry {
            turn,
            arrival,
            hexes: entry.hexes.to_vec(),
            entered,
        });
    }

    /// Enters `members` unchecked (leaders, entries the rules cannot cost).
    fn enter_all(
        &mut self,
        turn: u16,
        members: &[Pending<'a>],
    ) -> Vec<&'a Unit> {
        for pending in members {
            self.entered(turn, pending);
        }
        members.iter().map(|p| p.unit).collect()
    }

    fn entered(&mut self, turn: u16, pending: &Pending<'a>) {
        self.out.entered.insert(pending.unit.id.as_str(), turn);
        if let Some(d) = pending.delay {
            self.out.delays[d].outcome = Outcome::Entered(turn);
        }
    }

    /// One activation of the column: enters who can pay, returns who waits.
    fn attempt(
        &mut self,
        turn: u16,
        entry: &Entry<'_>,
        left: Vec<Pending<'a>>,
        entered: &mut Vec<&'a Unit>,
    ) -> Vec<Pending<'a>> {
        let units: Vec<&Unit> = left.iter().map(|p| p.unit).collect();
        let movers = movers::movers(self.battle, &units, entry);
        let rule = Rule::of(entry.column, entry.road.is_some());
        let admission = column::admit(&movers, rule, entry.hexes.len());
        if let Some(first) = left.first() {
            let arrival = first.arrival;
            self.record_admitted(turn, arrival, entry, &movers, &admission);
            if entry.forced_unchecked {
                self.forced_unchecked(
                    turn, arrival, entry, &movers, &admission,
                );
            }
            self.cost_unknown(turn, arrival, entry, &movers, &admission);
            self.allowance_unknown(turn, arrival, &movers, &admission);
        }
        let refused = admission.refused;
        let mut waiting = Vec::new();
        let mut refused_ids: BTreeMap<&str, (usize, bool)> = BTreeMap::new();
        for (r, refusal) in refused.iter().enumerate() {
            for id in &movers[refusal.mover].units {
                refused_ids.insert(id, (r, refusal.never));
            }
        }
        let mut delay_of: BTreeMap<usize, usize> = BTreeMap::new();
        for mut pending in left {
            let Some(&(r, never)) = refused_ids.get(pending.unit.id.as_str())
            else {
                self.entered(turn, &pending);
                entered.push(pending.unit);
                continue;
            };
            if pending.delay.is_none() {
                let d = *delay_of.entry(r).or_insert_with(|| {
                    let reason = match &entry.no_forced {
                        Some(why) => format!("{} ({why})", refused[r].reason),
                        None => refused[r].reason.clone(),
                    };
                    self.out.delays.push(Delay {
                        arrival: pending.arrival,
                        units: movers[refused[r].mover].units.clone(),
                        scheduled: turn,
                        reason,
                        outcome: Outcome::AfterGame,
                    });
                    self.out.delays.len() - 1
                });
                pending.delay = Some(d);
            }
            if never {
                if let Some(d) = pending.delay {
                    self.out.delays[d].outcome = Outcome::Never;
                }
            } else {
                waiting.push(pending);
            }
        }
        waiting
    }

    /// Records the movers with a printed allowance that `admission` let in
    /// although their entry cost is unknown (once per arrival).
    fn cost_unknown(
        &mut self,
        turn: u16,
        arrival: usize,
        entry: &Entry<'_>,
        movers: &[column::Mover],
        admission: &column::Admission,
    ) {
        if self.out.cost_unknown.iter().any(|c| c.arrival == arrival) {
            return;
        }
        let units: Vec<String> = admission
            .admitted
            .iter()
            .map(|a| &movers[a.mover])
            .filter(|m| m.cost == HexCost::Unknown && m.allowance.is_some())
            .flat_map(|m| m.units.iter().cloned())
            .collect();
        let why = units
            .iter()
            .filter_map(|id| self.battle.unit(id))
            .find_map(|u| movers::unknown_cost_why(self.battle, u, entry));
        if let Some(why) = why {
            self.out.cost_unknown.push(CostUnknown {
                arrival,
                turn,
                why,
                units,
            });
        }
    }

    /// Records the units `admission` let in whose movement allowance is
    /// not printed (once per arrival): a mover without one has no bound
    /// on its place in the column, so it always enters, unchecked.
    fn allowance_unknown(
        &mut self,
        turn: u16,
        arrival: usize,
        movers: &[column::Mover],
        admission: &column::Admission,
    ) {
        if self
            .out
            .allowance_unknown
            .iter()
            .any(|a| a.arrival == arrival)
        {
            return;
        }
        let units: Vec<String> = admission
            .admitted
            .iter()
            .map(|a| &movers[a.mover])
            .filter(|m| m.allowance.is_none())
            .flat_map(|m| m.units.iter())
            .filter(|id| {
                self.battle
                    .unit(id)
                    .is_some_and(|u| movers::allowance(u).is_none())
            })
            .cloned()
            .collect();
        if !units.is_empty() {
            self.out.allowance_unknown.push(AllowanceUnknown {
                arrival,
                turn,
                units,
            });
        }
    }

    /// Records the units of a force-marching column that would wait
    /// without the forced march, when it could not be checked.
    fn forced_unchecked(
        &mut self,
        turn: u16,
        arrival: usize,
        entry: &Entry<'_>,
        movers: &[column::Mover],
        forced: &column::Admission,
    ) {
        let Some(radius) = self
            .battle
            .series
            .entry
            .as_ref()
            .and_then(|e| e.forced_march_enemy_radius)
        else {
            return;
        };
        let walking: Vec<column::Mover> = movers
            .iter()
            .map(|m| column::Mover {
                factor: 1,
                ..m.clone()
            })
            .collect();
        let rule = Rule::of(entry.column, entry.road.is_some());
        let normal = column::admit(&walking, rule, entry.hexes.len());
        let refused: BTreeSet<usize> =
            forced.refused.iter().map(|r| r.mover).collect();
        let units: Vec<String> = normal
            .refused
            .iter()
            .filter(|r| !refused.contains(&r.mover))
            .flat_map(|r| movers[r.mover].units.iter().cloned())
            .collect();
        if units.is_empty() {
            return;
        }
        // A later activation of the same turn adds to the first's record.
        let known = self
            .out
            .forced_unchecked
            .iter_mut()
            .find(|f| f.arrival == arrival && f.turn == turn);
        match known {
            Some(record) => {
                for unit in units {
                    if !record.units.contains(&unit) {
                        record.units.push(unit);
                    }
                }
            }
            None => self.out.forced_unchecked.push(ForcedUnchecked {
                arrival,
                turn,
                radius,
                units,
            }),
        }
    }

    /// An enemy unit set up `radius` hexes or fewer from every entry hex
    /// of the column of `arrival` (leaders are not counted), described for
    /// a delay's reason; on the first turn the setup is where the enemy
    /// stands (Jours de Gloire 5.2, seed 000 l. 333).
    fn enemy_near(
        &self,
        arrival: usize,
        hexes: &[HexId],
        radius: u8,
    ) -> Option<String> {
        let side = self.plan[arrival].side_id;
        let map = self.battle.map;
        let mut nearest: Option<(
            u32,
            HexId,
            &crate::check::common::Setup<'a>,
        )> = None;
        for hex in hexes {
            let closest = self
                .scene
                .setups
                .iter()
                .filter(|s| {
                    s.unit.is_some_and(|u| {
                        u.side != side && !is_leader(self.battle, u)
                    })
                })
                .map(|s| (map.distance(*hex, s.placed.hex), s))
                .filter(|(d, _)| *d <= u32::from(radius))
                .min_by_key(|(d, _)| *d);
            let (distance, setup) = closest?;
            if nearest.is_none_or(|(d, _, _)| distance > d) {
                nearest = Some((distance, *hex, setup));
            }
        }
        let (distance, hex, setup) = nearest?;
        let place = match distance {
            0 => format!("on the entry hex {hex}"),
            1 => format!("next to the entry hex {hex}"),
            d => format!("{d} hexes from the entry hex {hex}"),
        };
        Some(format!(
            "no forced march: enemy {} is set up {place} (within {radius})",
            setup.label()
        ))
    }

    /// Friendly units set up on every entry hex of a column: they block a
    /// forced march (Jours de Gloire 4.1.3) or, where units enter one by
    /// one (Vive l'Empereur), must stack with the first unit entering.
    fn crowding(
        &self,
        arrival: usize,
        turn: u16,
        key: &Key<'b, 'a>,
        members: &[Pending<'a>],
        factor: u32,
        rules: &EntryRules,
    ) -> Option<Crowding> {
        let side = self.plan[arrival].side_id;
        let friendly = |hex: &HexId| -> Vec<&'a Placed> {
            self.scene
                .stack(*hex)
                .iter()
                .map(|s| s.placed)
                .filter(|p| {
                    self.battle.unit(&p.unit).is_some_and(|u| u.side == side)
                })
                .collect()
        };
        let held: Vec<(HexId, Vec<&Placed>)> =
            key.1.iter().map(|h| (*h, friendly(h))).collect();
        if held.iter().any(|(_, o)| o.is_empty()) {
            return None;
        }
        let (hex, occupants) = held.into_iter().next()?;
        let stacking = if factor > 1 {
            None
        } else if rules.column_cost == ColumnCost::MultiplyPerStack {
            return None;
        } else {
            Some(self.broken(hex, &occupants, members)?)
        };
        Some(Crowding {
            arrival,
            turn,
            hex,
            occupants: occupants.iter().map(|p| p.unit.clone()).collect(),
            stacking,
        })
    }

    /// The stacking rules the first non-leader unit entering would break
    /// with the occupants.
    fn broken(
        &self,
        hex: HexId,
        occupants: &[&Placed],
        members: &[Pending<'a>],
    ) -> Option<String> {
        let rules = self.battle.series.stacking.as_ref()?;
        let first = members.iter().find(|p| !is_leader(self.battle, p.unit))?;
        let mut units: Vec<_> = occupants
            .iter()
            .filter_map(|p| self.battle.stack_unit(p))
            .collect();
        units.push(stack_unit(self.battle, first.unit, hex)?);
        let broken = rules.violations(&units);
        (!broken.is_empty()).then(|| broken.join("; "))
    }
}
