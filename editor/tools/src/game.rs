//! A game on several maps as the editor opens it (`*.game.ron`,
//! `berthier_schema::game`, "Combining games", seed 001 l. 3000-3110):
//! its battles grouped by the map they are played on (one tab each), and
//! on each map the ends of the off-map transfer routes and the seams where
//! two maps join, with what a designer needs to read at them (route,
//! the other map, hours by arm). Drawing them is in [`marks`].

pub mod marks;
pub mod new;

use std::path::{Component, Path, PathBuf};

use berthier_schema::game::{ArmHours, Transfer};
use berthier_schema::map::Map;
use berthier_schema::pack::{beside, load_scenario};
use berthier_schema::placement::Location;
use berthier_schema::zone::{NoSetup, Zone};
use berthier_schema::{Document, Game, HexId};

use crate::project::{self, OpenError};

/// A game file opened: its maps, each with its battles and marks.
#[derive(Debug, Clone)]
pub struct GameDoc {
    /// The game file.
    pub path: PathBuf,
    /// The game's name.
    pub name: String,
    /// One per map, in the order the battles first name them.
    pub maps: Vec<GameMap>,
    /// Battles that could not be opened, with why (the validator reports
    /// them too); the others still open.
    pub warnings: Vec<String>,
}

/// One map of a game.
#[derive(Debug, Clone)]
pub struct GameMap {
    /// The map file (as the first battle's scenario names it).
    pub path: PathBuf,
    /// The map's name.
    pub name: String,
    /// The battles played on it, in the game's order.
    pub battles: Vec<BattleFile>,
    /// Transfer ends and joins on this map.
    pub marks: Vec<Mark>,
}

/// A battle of the game and its scenario file.
#[derive(Debug, Clone, PartialEq)]
pub struct BattleFile {
    /// The battle's id in the game.
    pub id: String,
    /// Its scenario (or variant) file.
    pub scenario: PathBuf,
    /// The scenario's name.
    pub name: String,
}

/// What a mark is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// Units leave this map here, by a transfer route.
    Exit,
    /// Units come onto this map here, by a transfer route.
    Entry,
    /// The map continues into another one here.
    Join,
}

/// Hexes of one map where a transfer route starts or ends, or where the
/// map joins another; routes with the same hexes, other map and hours are
/// one mark (Wavre 1, 5 and 6 all leave by the road to Ohain).
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// Exit, entry or join.
    pub kind: MarkKind,
    /// The transfer ids (for a join: the road id, or "join").
    pub routes: Vec<String>,
    /// Where on this map, as the map names it ("Road to Ohain").
    pub place: String,
    /// The other map's name.
    pub other_map: String,
    /// Hours on the way by arm, "cavalry 2 h, infantry and artillery
    /// 3 h" (empty for a join).
    pub hours: String,
    /// The hexes, as the location resolves on this map (empty when it
    /// does not: REF034).
    pub hexes: Vec<HexId>,
}

impl Mark {
    /// The line the map screen lists: "Exit by Road to Ohain to Waterloo
    /// (ohain, w5-ohain): cavalry 2 h, infantry and artillery 3 h".
    pub fn label(&self) -> String {
        let way = match self.kind {
            MarkKind::Exit => "Exit by",
            MarkKind::Entry => "Entry at",
            MarkKind::Join => "Join at",
        };
        let to = match self.kind {
            MarkKind::Exit => "to",
            MarkKind::Entry => "from",
            MarkKind::Join => "with",
        };
        let mut out = format!(
            "{way} {} {to} {} ({})",
            self.place,
            self.other_map,
            self.routes.join(", ")
        );
        if !self.hours.is_empty() {
            out.push_str(": ");
            out.push_str(&self.hours);
        }
        if self.hexes.is_empty() {
            out.push_str(" — not on this map");
        }
        out
    }
}

impl GameDoc {
    /// Opens the game at `path`: every battle's scenario and map; a
    /// battle that does not open is a warning, a game with no map that
    /// opens is an error.
    pub fn open(path: &Path) -> Result<Self, OpenError> {
        Self::open_document(path, project::read_document(path)?)
    }

    /// [`Self::open`] for `document`, already read from `path`.
    pub fn open_document(
        path: &Path,
        document: Document,
    ) -> Result<Self, OpenError> {
        let game = match document {
            Document::Game(g) => g,
            other => {
                return Err(whole(
                    path,
                    format!(
                        "expected a game, found a {}",
                        other.kind().as_str()
                    ),
                ));
            }
        };
        let mut doc = Self {
            path: path.to_owned(),
            name: game.name.clone(),
            maps: Vec::new(),
            warnings: Vec::new(),
        };
        let mut loaded: Vec<Loaded> = Vec::new();
        for battle in &game.battles {
            match doc.add_battle(path, &battle.id, &battle.scenario) {
                Ok((index, map)) => {
                    loaded.push((battle.id.clone(), index, map))
                }
                Err(e) => doc.warnings.push(format!("{}: {e}", battle.id)),
            }
        }
        doc.add_switched(path, &game);
        if doc.maps.is_empty() {
            let why = doc.warnings.join("; ");
            return Err(whole(
                path,
                format!("no battle of the game opens: {why}"),
            ));
        }
        let map_of = |id: &str| find(&loaded, id);
        for t in &game.transfers {
            let (Some(from), Some(to)) =
                (map_of(&t.from.battle), map_of(&t.to.battle))
            else {
                continue;
            };
            let hours = hours_text(&t.hours);
            let (from_name, to_name) =
                (doc.maps[from.1].name.clone(), doc.maps[to.1].name.clone());
            doc.mark(
                from.1,
                &from.2,
                MarkKind::Exit,
                t,
                &t.from.at,
                &to_name,
                &hours,
            );
            doc.mark(
                to.1,
                &to.2,
                MarkKind::Entry,
                t,
                &t.to.at,
                &from_name,
                &hours,
            );
        }
        doc.add_joins(&game, &loaded);
        Ok(doc)
    }

    /// Lists the scenarios the choices' options switch a battle to (Wavre
    /// 3, 5 or 6 in Combining games 3, 001 l. 3044) beside the battles, as
    /// `battle/option`, so they open from the map's tab too; a scenario
    /// already listed on its map is not listed twice.
    fn add_switched(&mut self, path: &Path, game: &Game) {
        for choice in &game.choices {
            for option in &choice.options {
                for switch in &option.scenarios {
                    let file = normal(&beside(path, &switch.scenario));
                    let listed = self.maps.iter().flat_map(|m| &m.battles);
                    if listed.clone().any(|b| normal(&b.scenario) == file) {
                        continue;
                    }
                    let id = format!("{}/{}", switch.battle, option.id);
                    if let Err(e) = self.add_battle(path, &id, &switch.scenario)
                    {
                        self.warnings.push(format!("{id}: {e}"));
                    }
                }
            }
        }
    }

    /// Reads one battle's scenario and map, adding the battle to its
    /// map's tab (a new one for a map not seen yet): the tab's index and
    /// the map.
    fn add_battle(
        &mut self,
        game: &Path,
        id: &str,
        written: &str,
    ) -> Result<(usize, Map), OpenError> {
        let scenario = beside(game, written);
        let name = load_scenario(&scenario)
            .map_err(|e| whole(&scenario, e.to_string()))?
            .scenario
            .name;
        let (map_path, map) = project::resolve_map(&scenario)?;
        let battle = BattleFile {
            id: id.to_owned(),
            scenario,
            name,
        };
        let key = normal(&map_path);
        let index = match self.maps.iter().position(|m| normal(&m.path) == key)
        {
            Some(i) => i,
            None => {
                self.maps.push(GameMap {
                    path: map_path,
                    name: map.name.clone(),
                    battles: Vec::new(),
                    marks: Vec::new(),
                });
                self.maps.len() - 1
            }
        };
        self.maps[index].battles.push(battle);
        Ok((index, map))
    }

    /// Adds transfer `t`'s end `at` to map `index`, or its id to the mark
    /// already there with the same hexes, other map and hours.
    #[allow(clippy::too_many_arguments)]
    fn mark(
        &mut self,
        index: usize,
        map: &Map,
        kind: MarkKind,
        t: &Transfer,
        at: &Location,
        other_map: &str,
        hours: &str,
    ) {
        let hexes = Zone::new(map, &NoSetup)
            .location_hexes(at)
            .unwrap_or_default();
        let marks = &mut self.maps[index].marks;
        let same = marks.iter_mut().find(|m| {
            m.kind == kind
                && m.hexes == hexes
                && m.other_map == other_map
                && m.hours == hours
        });
        match same {
            Some(m) => m.routes.push(t.id.clone()),
            None => marks.push(Mark {
                kind,
                routes: vec![t.id.clone()],
                place: place_name(map, at),
                other_map: other_map.to_owned(),
                hours: hours.to_owned(),
                hexes,
            }),
        }
    }

    /// The joins: each side's hexes marked on its map.
    fn add_joins(&mut self, game: &Game, loaded: &[Loaded]) {
        let map_of = |id: &str| find(loaded, id);
        for join in &game.joins {
            let (Some(a), Some(b)) =
                (map_of(&join.a.battle), map_of(&join.b.battle))
            else {
                continue;
            };
            for (end, here, there) in [(&join.a, a, b), (&join.b, b, a)] {
                let road = end.road.as_deref();
                let place = road.and_then(|r| here.2.road(r)).map_or_else(
                    || "the map edge".to_owned(),
                    |r| r.name.clone().unwrap_or_else(|| r.id.clone()),
                );
                let mark = Mark {
                    kind: MarkKind::Join,
                    routes: vec![road.unwrap_or("join").to_owned()],
                    place,
                    other_map: self.maps[there.1].name.clone(),
                    hours: String::new(),
                    hexes: end
                        .hexes
                        .iter()
                        .copied()
                        .filter(|h| here.2.contains(*h))
                        .collect(),
                };
                if !self.maps[here.1].marks.contains(&mark) {
                    self.maps[here.1].marks.push(mark);
                }
            }
        }
    }

    /// The tab whose map is the file at `path` (compared without `..`).
    pub fn tab_of_map(&self, path: &Path) -> Option<usize> {
        let key = normal(path);
        self.maps.iter().position(|m| normal(&m.path) == key)
    }
}

/// A battle that opened: its id, its map's tab and its map.
type Loaded = (String, usize, Map);

fn find<'a>(loaded: &'a [Loaded], battle: &str) -> Option<&'a Loaded> {
    loaded.iter().find(|(b, ..)| b == battle)
}

/// "cavalry 2 h, infantry and artillery 3 h".
fn hours_text(hours: &[ArmHours]) -> String {
    hours
        .iter()
        .map(|h| format!("{} {} h", h.arms.join(" and "), h.hours))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A location as a designer reads it: an entry point, place or edge by
/// its printed name, anything else as messages name it.
fn place_name(map: &Map, at: &Location) -> String {
    let named = match at {
        Location::Entry(id) => map
            .entry_points
            .iter()
            .find(|e| &e.id == id)
            .map(|e| e.name.clone()),
        Location::Place(id) => map.place(id).map(|p| p.name.clone()),
        Location::Hex(h) => Some(format!("hex {h}")),
        _ => None,
    };
    named.unwrap_or_else(|| at.to_string())
}

fn whole(path: &Path, message: impl Into<String>) -> OpenError {
    OpenError {
        file: path.to_owned(),
        line: 0,
        column: 0,
        message: message.into(),
    }
}

/// `path` with `.` dropped and each `..` taking the folder before it, so
/// two ways of writing one file compare equal (no file system access:
/// symbolic links are not followed).
pub fn normal(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir
                if matches!(
                    out.components().next_back(),
                    Some(Component::Normal(_))
                ) =>
            {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}
