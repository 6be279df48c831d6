//! A scenario resolved against its series, map and counters: the context
//! every setup rule reads (who is where, in which formation and state,
//! with which current ratings), built once per scenario.

use std::borrow::Cow;
use std::collections::BTreeMap;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::counters::{Counters, Formation, Unit};
use crate::hex::HexId;
use crate::hex_terrain::HexTerrain;
use crate::map::Map;
use crate::scenario::{Placed, Scenario, TurnRef, TurnTrack, UnitSet};
use crate::series::{Purpose, Series};
use crate::stacking::StackUnit;
use crate::zone::SetupLookup;

pub use crate::pack::resolve_series;
pub use index::CountersIndex;

mod index;

/// A scenario with everything it refers to.
pub struct Battle<'a> {
    /// Effective series rules, scenario overrides applied (borrowed when
    /// the scenario overrides nothing: no copy per scenario).
    pub series: Cow<'a, Series>,
    /// The map.
    pub map: &'a Map,
    /// The counters.
    pub counters: &'a Counters,
    /// The scenario.
    pub scenario: &'a Scenario,
    /// Unit id to the formation an attachment of this scenario moves it
    /// to (other units are in their counters formation).
    attached: HashMap<&'a str, &'a str>,
    /// Unit id to its setup entry.
    placed: HashMap<&'a str, &'a Placed>,
    /// Unit id to steps lost at start (`each` losses only).
    losses: HashMap<&'a str, i32>,
    /// The counters by id: built here, or shared by every scenario on
    /// the counters ([`Battle::indexed`]).
    index: Cow<'a, CountersIndex>,
    /// The map's terrain by hex, hashed, when the caller built it once
    /// for the many scenarios on one map (else the map's own `BTreeMap`).
    terrain: Option<&'a HexTerrain>,
}

impl<'a> Battle<'a> {
    /// Resolves `scenario` against its (already resolved) `series`.
    pub fn new(
        series: &'a Series,
        map: &'a Map,
        counters: &'a Counters,
        scenario: &'a Scenario,
    ) -> Self {
        let index = Cow::Owned(CountersIndex::new(counters));
        Self::with_index(series, map, counters, index, scenario)
    }

    /// [`Battle::new`] with the index of `counters`, which must have been
    /// built from them as they are ([`CountersIndex::new`]): the
    /// validator builds it once for every scenario on the counters.
    pub fn indexed(
        series: &'a Series,
        map: &'a Map,
        (counters, index): (&'a Counters, &'a CountersIndex),
        scenario: &'a Scenario,
    ) -> Self {
        let index = Cow::Borrowed(index);
        Self::with_index(series, map, counters, index, scenario)
    }

    fn with_index(
        series: &'a Series,
        map: &'a Map,
        counters: &'a Counters,
        index: Cow<'a, CountersIndex>,
        scenario: &'a Scenario,
    ) -> Self {
        let series = match &scenario.rule_overrides {
            Some(overrides) => Cow::Owned(series.with_overrides(overrides)),
            None => Cow::Borrowed(series),
        };
        let mut battle = Self {
            series,
            map,
            counters,
            scenario,
            attached: HashMap::default(),
            placed: HashMap::default(),
            losses: HashMap::default(),
            index,
            terrain: None,
        };
        for side in &scenario.sides {
            for attachment in &side.attachments {
                for unit in battle.units_in(&attachment.units) {
                    battle.attached.insert(&unit.id, &attachment.to);
                }
            }
            for placed in &side.setup {
                battle.placed.insert(&placed.unit, placed);
            }
            for loss in &side.losses {
                let Some(each) = loss.each else { continue };
                for unit in battle.units_in(&loss.units) {
                    *battle.losses.entry(&unit.id).or_default() +=
                        i32::from(each);
                }
            }
        }
        battle
    }

    /// This battle reading hex terrain from `index`, which must have been
    /// built from this battle's map as it is ([`HexTerrain::new`]).
    #[must_use]
    pub fn with_terrain(mut self, index: &'a HexTerrain) -> Self {
        self.terrain = Some(index);
        self
    }

    /// The terrain id painted on `hex` (`None` when unpainted or not on
    /// the map).
    pub fn terrain_id(&self, hex: HexId) -> Option<&'a str> {
        match self.terrain {
            Some(index) => index.get(hex),
            None => self.map.hexes.get(&hex)?.terrain.as_deref(),
        }
    }

    /// The units a set names: listed units plus every unit of the listed
    /// formations and their sub-formations (every unit of the counters when
    /// it lists neither but filters by class or arm), kept to its `classes`
    /// and `arms`, minus its `except`. Unknown ids are skipped (the
    /// reference pass reports them). `choose` is not applied: these are
    /// the units the player picks from. Every rule reading a `UnitSet`
    /// goes through here.
    pub fn units_in(&self, set: &UnitSet) -> Vec<&'a Unit> {
        let named = self.units_named(set);
        if !set.is_filtered() {
            return named;
        }
        let except: Vec<&Unit> = match &set.except {
            Some(except) => self.units_in(except),
            None => Vec::new(),
        };
        named
            .into_iter()
            .filter(|u| {
                set.classes.is_empty() || set.classes.contains(&u.class)
            })
            .filter(|u| {
                set.arms.is_empty()
                    || self
                        .series
                        .class(&u.class)
                        .is_some_and(|c| set.arms.contains(&c.arm))
            })
            .filter(|u| !except.iter().any(|e| e.id == u.id))
            .collect()
    }

    /// The units a set lists or whose formations it lists.
    fn units_named(&self, set: &UnitSet) -> Vec<&'a Unit> {
        let units = &self.counters.units;
        if set.units.is_empty()
            && set.formations.is_empty()
            && !(set.classes.is_empty() && set.arms.is_empty())
        {
            return units.iter().collect();
        }
        let members = |f: &str| self.index.members(f).iter();
        if let ([], [formation]) = (&set.units[..], &set.formations[..]) {
            return members(formation).map(|i| &units[*i]).collect();
        }
        let mut named = vec![false; units.len()];
        for i in set.formations.iter().flat_map(|f| members(f)) {
            named[*i] = true;
        }
        if self.index.unique_units() {
            // Each listed id found through the index rather than every
            // unit of the counters tested against the list.
            for i in set.units.iter().filter_map(|id| self.index.unit(id)) {
                if let Some(n) = named.get_mut(i) {
                    *n = true;
                }
            }
        } else if !set.units.is_empty() {
            let listed: HashSet<&str> =
                set.units.iter().map(String::as_str).collect();
            for (i, u) in units.iter().enumerate() {
                named[i] |= listed.contains(u.id.as_str());
            }
        }
        units
            .iter()
            .zip(named)
            .filter_map(|(u, n)| n.then_some(u))
            .collect()
    }

    /// The unit with `id`.
    pub fn unit(&self, id: &str) -> Option<&'a Unit> {
        let units: &'a [Unit] = &self.counters.units;
        units.get(self.index.unit(id)?)
    }

    /// The parent of formation `id` (by the counters).
    fn parent(&self, id: &str) -> Option<&'a str> {
        let formations: &'a [Formation] = &self.counters.formations;
        formations.get(self.index.parent_of(id)?)?.parent.as_deref()
    }

    /// Whether `unit` is in `formation` or one of its sub-formations, by
    /// its counters formation (as `Counters::in_formation`).
    fn in_formation(&self, unit: &Unit, formation: &str) -> bool {
        let mut current = unit.formation.as_deref();
        for _ in 0..=self.index.parent_count() {
            match current {
                Some(id) if id == formation => return true,
                Some(id) => current = self.parent(id),
                None => return false,
            }
        }
        false // a cycle; reported by the validator
    }

    /// The formation a unit belongs to in this scenario.
    pub fn formation_of(&self, unit: &str) -> Option<&'a str> {
        // Tested first: most scenarios attach nothing, and a lookup in an
        // empty table still hashes the id.
        if !self.attached.is_empty()
            && let Some(to) = self.attached.get(unit)
        {
            return Some(to);
        }
        let units: &'a [Unit] = &self.counters.units;
        units
            .get(self.index.formation_of(unit)?)?
            .formation
            .as_deref()
    }

    /// The setup entry of a unit.
    pub fn placed(&self, unit: &str) -> Option<&'a Placed> {
        self.placed.get(unit).copied()
    }

    /// Units set up per hex, in stack order.
    pub fn occupancy(&self) -> BTreeMap<HexId, Vec<&'a Placed>> {
        let mut hexes: BTreeMap<HexId, Vec<&'a Placed>> = BTreeMap::new();
        for side in &self.scenario.sides {
            for placed in &side.setup {
                hexes.entry(placed.hex).or_default().push(placed);
            }
        }
        for stack in hexes.values_mut() {
            stack.sort_by_key(|p| p.stack.unwrap_or(u8::MAX));
        }
        hexes
    }

    /// The state a placed unit is in (the series default when unset).
    pub fn state_of(&self, placed: &Placed) -> String {
        placed.state.clone().unwrap_or_else(|| {
            self.series
                .states
                .iter()
                .find(|s| s.default)
                .map(|s| s.id.clone())
                .unwrap_or_default()
        })
    }

    /// A placed unit as the stacking rules see it.
    pub fn stack_unit(&self, placed: &Placed) -> Option<StackUnit> {
        let unit = self.unit(&placed.unit)?;
        // Borrowed until the StackUnit is built: this runs for every unit
        // set up, and the stacking rule is the validator's busiest.
        let state: &str = match &placed.state {
            Some(state) => state,
            None => self.default_state().unwrap_or(""),
        };
        let side: &str = self
            .series
            .states
            .iter()
            .find(|s| s.id == state)
            .and_then(|s| s.counter_side.as_deref())
            .unwrap_or(state);
        let mut ratings: BTreeMap<String, i32> = unit
            .ratings
            .get(side)
            .or_else(|| unit.ratings.values().next())
            .into_iter()
            .flatten()
            .filter_map(|(k, v)| v.map(|v| (k.clone(), i32::from(v))))
            .collect();
        if let (Some(steps), Some(lost)) =
            (ratings.get_mut("steps"), self.losses.get(unit.id.as_str()))
        {
            *steps = (*steps - lost).max(0);
        }
        Some(StackUnit {
            id: unit.id.clone(),
            class: unit.class_for(Purpose::Stacking).to_owned(),
            formation: self.formation_of(&unit.id).unwrap_or("").to_owned(),
            name: unit.name.clone(),
            state: state.to_owned(),
            posture: placed.formation.clone(),
            ratings,
        })
    }

    /// The id of the series' default state.
    fn default_state(&self) -> Option<&str> {
        let states = &self.series.states;
        states.iter().find(|s| s.default).map(|s| s.id.as_str())
    }

    /// The turn a schedule entry names, or why it is not on the track.
    pub fn turn_of(&self, at: &TurnRef) -> Result<u16, OffTrack> {
        let track = &self.scenario.turns;
        match at {
            TurnRef::Turn(n) if (1..=track.count).contains(n) => Ok(*n),
            TurnRef::Turn(n) => Err(OffTrack::OutsideGame {
                turn: *n,
                count: track.count,
            }),
            TurnRef::Clock(clock) => {
                track.turn_at(clock).ok_or_else(|| OffTrack::NotATurnStart {
                    clock: clock.clone(),
                    first: track.first.clone(),
                    minutes_per_turn: track.minutes_per_turn,
                    count: track.count,
                })
            }
            // A dated time inside a longer turn is read as that turn ("0500:
            // Vincke" in the 0400-0600 night turn, seed 001 l. 3032);
            // [`Battle::inside_turn`] says so, for a warning (ENT015).
            TurnRef::Dated { date, clock } => {
                match dated_turn(track, date, clock) {
                    Err(OffTrack::InsideTurn { turn, .. }) => Ok(turn),
                    other => other,
                }
            }
        }
    }

    /// For a dated time that falls inside a turn rather than at its start,
    /// the turn it is read as ([`OffTrack::InsideTurn`]); `None` for every
    /// other reference.
    pub fn inside_turn(&self, at: &TurnRef) -> Option<OffTrack> {
        let TurnRef::Dated { date, clock } = at else {
            return None;
        };
        match dated_turn(&self.scenario.turns, date, clock) {
            Err(inside @ OffTrack::InsideTurn { .. }) => Some(inside),
            _ => None,
        }
    }
}

/// The turn a dated time starts, or why it starts none.
fn dated_turn(
    track: &TurnTrack,
    date: &str,
    clock: &str,
) -> Result<u16, OffTrack> {
    let at = format!("{date} {clock}");
    let Some(minutes) = track.minutes_on(date, clock) else {
        return Err(OffTrack::Undated { at });
    };
    track.turn_holding(minutes).map_err(|inside| match inside {
        Some(turn) => {
            let start = track.start_minutes().unwrap_or_default()
                [usize::from(turn) - 1];
            let end = i64::from(start) + i64::from(track.length_of(turn));
            OffTrack::InsideTurn {
                at: at.clone(),
                turn,
                from: clock_text(i64::from(start)),
                to: clock_text(end),
            }
        }
        None => OffTrack::OutsideDates { at: at.clone() },
    })
}

/// `HH:MM` of minutes after midnight of any day.
fn clock_text(minutes: i64) -> String {
    let m = minutes.rem_euclid(1440);
    format!("{:02}:{:02}", m / 60, m % 60)
}

/// Why a schedule entry's time is not a turn of the track
/// ([`Battle::turn_of`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OffTrack {
    /// A turn number past the last turn (or 0).
    #[error("turn {turn} is outside the game (turns 1 to {count})")]
    OutsideGame {
        /// The turn named.
        turn: u16,
        /// The number of turns.
        count: u16,
    },
    /// A clock time no turn starts at.
    #[error(
        "{clock} does not start a turn of the track ({first} plus \
         {minutes_per_turn} minutes per turn, {count} turns)"
    )]
    NotATurnStart {
        /// The time named.
        clock: String,
        /// The track's first turn.
        first: String,
        /// Its turn length.
        minutes_per_turn: u16,
        /// The number of turns.
        count: u16,
    },
    /// A dated time on a track with no `first_date` (or a date that does
    /// not read).
    #[error(
        "{at} names a date, but the turn track has no `first_date` to count \
         days from"
    )]
    Undated {
        /// The date and time named.
        at: String,
    },
    /// A dated time inside a turn rather than at its start ("0500 falls
    /// inside the 0400-0600 night turn"): [`Battle::turn_of`] reads it as
    /// that turn, [`Battle::inside_turn`] reports it.
    #[error("{at} falls inside turn {turn} ({from}-{to}), not at its start")]
    InsideTurn {
        /// The date and time named.
        at: String,
        /// The turn it falls in.
        turn: u16,
        /// Its start, `HH:MM`.
        from: String,
        /// Its end, `HH:MM`.
        to: String,
    },
    /// A dated time before the first turn or after the last.
    #[error("{at} is outside the game's turns")]
    OutsideDates {
        /// The date and time named.
        at: String,
    },
}

impl SetupLookup for Battle<'_> {
    fn unit_hex(&self, unit: &str) -> Option<HexId> {
        self.placed(unit).map(|p| p.hex)
    }

    fn formation_hexes(
        &self,
        formation: Option<&str>,
        except: &str,
    ) -> Vec<HexId> {
        let side = self.unit(except).map(|u| u.side.as_str());
        self.placed
            .values()
            .filter(|p| p.unit != except)
            .filter(|p| {
                let Some(unit) = self.unit(&p.unit) else {
                    return false;
                };
                let leader =
                    self.series.class(&unit.class).is_some_and(|c| c.leader);
                match formation {
                    Some(f) => self.in_formation(unit, f),
                    None => Some(unit.side.as_str()) == side && !leader,
                }
            })
            .map(|p| p.hex)
            .collect()
    }
}
