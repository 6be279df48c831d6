//! A game on several maps (`berthier_schema::game`): the battles it
//! binds, where their maps meet, the routes between them and when each
//! starts. Pass 2 runs these checks on every game document with the
//! scenarios and maps it names loaded; each finding points into the game
//! file. One small module per code.

mod armies;
mod battles;
mod choices;
mod joins;
mod locations;
mod starts;
mod switch_starts;
mod transfer_arms;
mod weather;

use std::collections::BTreeMap;
use std::sync::Arc;

use berthier_schema::include::Merged;
use berthier_schema::series::Series;

use berthier_schema::map::Map;
use berthier_schema::scenario::Scenario;
use berthier_schema::{Game, HexId};

use super::Finding;

/// A game and what its battles name, loaded.
pub struct GameInputs<'a> {
    /// The game.
    pub game: &'a Game,
    /// Per battle (in order): the file its scenario path leads to, to tell
    /// a scenario listed twice; `None` when it leads nowhere.
    pub scenario_files: Vec<Option<String>>,
    /// Per battle: its scenario when it loads, and the scenario's map
    /// when that loads too.
    pub battles: Vec<Option<(&'a Scenario, Option<&'a Map>)>>,
    /// Per battle: each unit and formation id of its effective counters,
    /// with the file that defines it (as the pack shows it), when they
    /// load.
    pub definitions: Vec<Option<BTreeMap<String, String>>>,
    /// Per battle: its scenario's effective series and counters (includes
    /// merged), when they load.
    pub armies: Vec<Option<Army>>,
    /// The scenarios the choices' options switch to that load, by choice,
    /// option and switch index.
    pub switched: BTreeMap<[usize; 3], &'a Scenario>,
}

/// A battle's series and the counters it fields.
pub type Army = (Arc<Series>, Arc<Merged>);

impl<'a> GameInputs<'a> {
    /// The index and map of the battle with `id`.
    fn map_of(&self, id: &str) -> Option<&'a Map> {
        let i = self.game.battles.iter().position(|b| b.id == id)?;
        self.battles.get(i).copied().flatten()?.1
    }
}

/// Every check of a game, in order.
pub fn check(inputs: &GameInputs<'_>) -> Vec<Finding> {
    let mut out = battles::check(inputs);
    out.extend(armies::check(inputs));
    out.extend(locations::check(inputs));
    out.extend(joins::check(inputs));
    out.extend(starts::check(inputs));
    out.extend(choices::check(inputs));
    out.extend(switch_starts::check(inputs));
    out.extend(weather::check(inputs));
    out.extend(transfer_arms::check(inputs));
    out
}

/// Whether `hex` is on `map`'s edge: a printed neighbour of it is off the
/// map, or it has fewer than six printed neighbours.
fn on_edge(map: &Map, hex: HexId) -> bool {
    let neighbours = map.grid.neighbours(hex);
    neighbours.len() < 6 || neighbours.iter().any(|n| !map.contains(*n))
}
