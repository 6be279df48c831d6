//! The schedule as cards: each arrival on its turn, a cadenced arrival
//! expanded into one card per group ("one division an hour", seed 001
//! l. 3019), with what a designer reads on a card (units, entry, state,
//! alternatives with their delay table) and where it falls on the track.

use berthier_schema::battle::{Battle, OffTrack};
use berthier_schema::scenario::{Arrival, TurnRef};
use berthier_schema::{Location, Scenario};

use super::names::Names;

/// One card of the timeline.
#[derive(Debug, Clone, PartialEq)]
pub struct Card {
    /// Index of the side in the scenario.
    pub side: usize,
    /// The side id.
    pub side_id: String,
    /// Index of the arrival in the side's `reinforcements`.
    pub index: usize,
    /// For a cadenced arrival: this card's group (0-based) and how many.
    pub group: Option<(usize, usize)>,
    /// The turn it arrives on, or why its time is on no turn.
    pub turn: Result<u16, NoTurn>,
    /// The time as written.
    pub at: String,
    /// The formation bringing it, or its first units.
    pub title: String,
    /// Its units (ids), in counters order when the counters loaded.
    pub units: Vec<String>,
    /// Its units as the counters name them, in the same order.
    pub unit_names: Vec<String>,
    /// Where it enters, in words with the map's names (`None`: not
    /// printed).
    pub entry: Option<String>,
    /// The entry's name alone, for the card ("no entry" when not
    /// printed).
    pub short_entry: String,
    /// Other lines to show: placement, state, alternatives, condition.
    pub notes: Vec<String>,
    /// It brings a formation whose units the rulebook never prints (the
    /// X Corps, 001 l. 3128): its count is unknown, not 0.
    pub units_unknown: bool,
}

/// Every card of the scenario, side by side, in schedule order.
pub fn cards(scenario: &Scenario, battle: Option<&Battle<'_>>) -> Vec<Card> {
    let names = battle.map(Names::of).unwrap_or_default();
    let mut out = Vec::new();
    for (side, s) in scenario.sides.iter().enumerate() {
        for (index, arrival) in s.reinforcements.iter().enumerate() {
            let turn = turn_of(scenario, battle, &arrival.at);
            let base = Card {
                side,
                side_id: s.side.clone(),
                index,
                group: None,
                turn: turn.clone(),
                at: at_text(&arrival.at),
                title: String::new(),
                units: unit_ids(battle, &arrival.units),
                unit_names: Vec::new(),
                entry: arrival.entry.as_ref().map(|l| entry_words(&names, l)),
                short_entry: arrival.entry.as_ref().map_or_else(
                    || "no entry".to_owned(),
                    |l| names.location(l),
                ),
                notes: notes(&names, scenario, arrival),
                units_unknown: arrival
                    .units
                    .formations
                    .iter()
                    .any(|f| names.units_unknown(f).is_some()),
            };
            match &arrival.cadence {
                Some(cadence) => {
                    let count = cadence.groups.len();
                    for (g, group) in cadence.groups.iter().enumerate() {
                        let minutes =
                            u32::from(cadence.every_minutes) * g as u32;
                        out.push(Card {
                            group: Some((g, count)),
                            turn: turn
                                .clone()
                                .and_then(|t| later_turn(scenario, t, minutes)),
                            units: unit_ids(battle, group),
                            ..base.clone()
                        });
                    }
                }
                None => out.push(base),
            }
        }
    }
    for card in &mut out {
        card.unit_names = card
            .units
            .iter()
            .map(|u| names.unit(u).to_owned())
            .collect();
        card.title = title(scenario, &names, card);
    }
    out
}

/// Why a card's time is on no turn of the track (the card is listed
/// apart, with this reason).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NoTurn {
    /// The battle's reading, as the validator says it.
    #[error(transparent)]
    OffTrack(#[from] OffTrack),
    /// A clock time no turn of the track starts at.
    #[error("{0} starts no turn")]
    StartsNoTurn(String),
    /// A dated time needs the battle, which did not resolve.
    #[error("{date} {clock}: the counters or map did not load")]
    NotResolved {
        /// As written.
        date: String,
        /// As written.
        clock: String,
    },
    /// The track's first time does not read.
    #[error("the track's first time")]
    NoFirstTime,
    /// A cadenced group falls after the last turn.
    #[error("{0} is after the last turn")]
    AfterLastTurn(String),
}

/// The turn of a time: the battle's reading when it resolved (the same
/// as the validator's), else the track's own for clock times.
fn turn_of(
    scenario: &Scenario,
    battle: Option<&Battle<'_>>,
    at: &TurnRef,
) -> Result<u16, NoTurn> {
    if let Some(battle) = battle {
        return Ok(battle.turn_of(at)?);
    }
    match at {
        TurnRef::Turn(n) => Ok(*n),
        TurnRef::Clock(c) => scenario
            .turns
            .turn_at(c)
            .ok_or_else(|| NoTurn::StartsNoTurn(c.clone())),
        TurnRef::Dated { date, clock } => Err(NoTurn::NotResolved {
            date: date.clone(),
            clock: clock.clone(),
        }),
    }
}

/// The turn holding the moment `minutes` after the start of `turn`.
fn later_turn(
    scenario: &Scenario,
    turn: u16,
    minutes: u32,
) -> Result<u16, NoTurn> {
    let track = &scenario.turns;
    let starts = track.start_minutes().ok_or(NoTurn::NoFirstTime)?;
    let start = starts[usize::from(turn) - 1] + minutes;
    match track.turn_holding(i64::from(start)) {
        Ok(t) | Err(Some(t)) => Ok(t),
        Err(None) => {
            Err(NoTurn::AfterLastTurn(super::track::clock_text(start)))
        }
    }
}

/// An entry in words: "entry point Road to Charleroi", "Nivelles edge".
fn entry_words(names: &Names, location: &Location) -> String {
    match location {
        Location::Entry(_) => {
            format!("entry point {}", names.location(location))
        }
        Location::Place(_) => format!("place {}", names.location(location)),
        _ => names.location(location),
    }
}

/// A time as the rulebook writes it.
pub fn at_text(at: &TurnRef) -> String {
    match at {
        TurnRef::Turn(n) => format!("turn {n}"),
        TurnRef::Clock(c) => c.clone(),
        TurnRef::Dated { date, clock } => format!("{date} {clock}"),
    }
}

fn unit_ids(
    battle: Option<&Battle<'_>>,
    set: &berthier_schema::scenario::UnitSet,
) -> Vec<String> {
    match battle {
        Some(b) => b.units_in(set).iter().map(|u| u.id.clone()).collect(),
        None => {
            let mut ids = set.units.clone();
            ids.extend(set.formations.iter().cloned());
            ids
        }
    }
}

fn title(scenario: &Scenario, names: &Names, card: &Card) -> String {
    let arrival = &scenario.sides[card.side].reinforcements[card.index];
    let name = match (&arrival.formation, card.unit_names.as_slice()) {
        (Some(f), _) => names.formation(f).to_owned(),
        (None, [one]) => one.clone(),
        (None, [first, .., last]) => format!("{first} … {last}"),
        (None, []) => whole_formations(names, &arrival.units.formations),
    };
    match card.group {
        Some((g, n)) => format!("{name} ({}/{n})", g + 1),
        None => name,
    }
}

/// An arrival of formations with no unit defined (the X Corps, whose
/// units 001 never prints, l. 3128): their names, marked.
fn whole_formations(names: &Names, formations: &[String]) -> String {
    if formations.is_empty() {
        return "(no units)".to_owned();
    }
    let named: Vec<String> = formations
        .iter()
        .map(|f| match names.units_unknown(f) {
            Some(_) => format!("{} (units unknown)", names.formation(f)),
            None => names.formation(f).to_owned(),
        })
        .collect();
    named.join(", ")
}

fn notes(names: &Names, scenario: &Scenario, arrival: &Arrival) -> Vec<String> {
    let mut out = Vec::new();
    for f in &arrival.units.formations {
        if let Some(printed) = names.units_unknown(f) {
            out.push(format!(
                "{}: units unknown ({printed}); its entry is not simulated",
                names.formation(f)
            ));
        }
    }
    if let Some(placed) = &arrival.placed {
        out.push(format!("placed on the map: {placed:?}"));
    }
    if let Some(formation) = &arrival.formation {
        let formation = names.formation(formation);
        out.push(format!(
            "brought by the activation markers of {formation} (they enter \
             the pool with it where the series uses them)"
        ));
    }
    if let Some(state) = &arrival.state {
        out.push(format!("arrives {state}"));
    }
    if !arrival.losses.is_empty() {
        out.push("arrives with losses".to_owned());
    }
    if arrival.no_forced_march {
        out.push("may not force march".to_owned());
    }
    if let Some(cadence) = &arrival.cadence {
        out.push(format!(
            "cadence: a group every {} minutes ({:?} order)",
            cadence.every_minutes, cadence.order
        ));
    }
    let option = |id: &str| {
        let named = scenario.options.iter().find(|o| o.id == id);
        named.map_or_else(|| id.to_owned(), |o| format!("“{}”", o.name))
    };
    if let Some(id) = &arrival.option {
        out.push(format!("only with option {}", option(id)));
    }
    if let Some(condition) = &arrival.condition {
        let words = super::condition_edit::words(condition, names, &option);
        out.push(format!("only {words}"));
    }
    if let Some(alt) = &arrival.alternatives {
        let entries: Vec<String> =
            alt.entries.iter().map(|l| entry_words(names, l)).collect();
        out.push(format!("or enters by {}", entries.join(", ")));
        for row in &alt.delay_table {
            out.push(format!(
                "  roll {}-{}: {} turn(s) late, {:?} chooses",
                row.roll[0], row.roll[1], row.delay_turns, row.chooser
            ));
        }
    }
    out
}
