//! The reinforcement schedule played turn by turn, by the same simulation
//! the entry rules (ENT001 to ENT008) read: for tools that show it, such
//! as the editor's Timeline. Without dice and in the owner's favour, as
//! the rules play it: each turn, the activation markers in the pool, each
//! column that entered (its order, the hex each mover took, the movement
//! it had left), who could not enter and why, and entry hexes held by the
//! owner's own units set up there.

use berthier_schema::HexId;
use berthier_schema::battle::Battle;

use crate::check::Scene;
use crate::check::entry::{plan, pool, sim};

pub use crate::check::entry::record::Entered;
pub use crate::check::entry::sim::Outcome;

/// The schedule played.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Played {
    /// One per turn of the track, turn 1 first.
    pub turns: Vec<PlayedTurn>,
}

/// What happened on one turn.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayedTurn {
    /// The turn (1-based).
    pub turn: u16,
    /// Activation markers in the pool, per formation.
    pub pool: Vec<(String, u8)>,
    /// Each activation of a column that let units in.
    pub columns: Vec<Column>,
    /// Movers due this turn (first due, or waiting from before) that
    /// could not enter.
    pub delayed: Vec<Delay>,
    /// Entry hexes held by the owner's units set up there.
    pub held: Vec<Held>,
}

/// A column that entered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// Index of the side in the scenario.
    pub side: usize,
    /// Index of its (first unit's) arrival in the side's
    /// `reinforcements`.
    pub arrival: usize,
    /// The usable entry hexes.
    pub hexes: Vec<HexId>,
    /// The movers that entered, in order.
    pub entered: Vec<Entered>,
}

/// A mover that could not enter when it was due.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delay {
    /// Index of the side in the scenario.
    pub side: usize,
    /// Index of its arrival in the side's `reinforcements`.
    pub arrival: usize,
    /// Its units.
    pub units: Vec<String>,
    /// The turn it was first due.
    pub scheduled: u16,
    /// Why it could not enter then, with the computation.
    pub reason: String,
    /// What became of it.
    pub outcome: Outcome,
}

/// An entry hex held by units of the arriving side set up there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    /// Index of the side in the scenario.
    pub side: usize,
    /// Index of the arrival in the side's `reinforcements`.
    pub arrival: usize,
    /// The entry hex.
    pub hex: HexId,
    /// The units set up there.
    pub occupants: Vec<String>,
    /// The stacking rules the first unit entering breaks with them;
    /// `None` when they only stop a forced march.
    pub stacking: Option<String>,
}

/// Plays the schedule of `battle`.
pub fn play(battle: &Battle<'_>) -> Played {
    let scene = Scene::new(battle);
    let plan = plan::plan(battle);
    let markers = pool::Markers::new(battle);
    let run = sim::simulate_with(&scene, &plan, &markers);
    let at = |i: usize| (plan[i].side, plan[i].index);
    let mut turns: Vec<PlayedTurn> = (1..=battle.scenario.turns.count)
        .map(|turn| PlayedTurn {
            turn,
            ..PlayedTurn::default()
        })
        .collect();
    for (turn, pool) in (1u16..).zip(&run.pool) {
        if let Some(t) = on(&mut turns, turn) {
            t.pool = pool.iter().map(|(f, n)| ((*f).to_owned(), *n)).collect();
        }
    }
    for column in run.columns {
        let (side, arrival) = at(column.arrival);
        if let Some(t) = on(&mut turns, column.turn) {
            t.columns.push(Column {
                side,
                arrival,
                hexes: column.hexes,
                entered: column.entered,
            });
        }
    }
    for delay in run.delays {
        let (side, arrival) = at(delay.arrival);
        if let Some(t) = on(&mut turns, delay.scheduled) {
            t.delayed.push(Delay {
                side,
                arrival,
                units: delay.units,
                scheduled: delay.scheduled,
                reason: delay.reason,
                outcome: delay.outcome,
            });
        }
    }
    for crowd in run.crowding {
        let (side, arrival) = at(crowd.arrival);
        if let Some(t) = on(&mut turns, crowd.turn) {
            t.held.push(Held {
                side,
                arrival,
                hex: crowd.hex,
                occupants: crowd.occupants,
                stacking: crowd.stacking,
            });
        }
    }
    Played { turns }
}

/// The played turn `turn` (1-based), if on the track.
fn on(turns: &mut [PlayedTurn], turn: u16) -> Option<&mut PlayedTurn> {
    turns.get_mut(usize::from(turn).checked_sub(1)?)
}
