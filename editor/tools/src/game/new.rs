//! A new game on several maps (`*.game.ron`, "Combining games", seed 001
//! l. 3000-3110): the scenarios of the pack played together on one clock,
//! each battle's first turn on that clock, and the off-map transfer routes
//! between their maps with the hours they take by arm ("cavalry takes 4
//! hours, infantry and artillery 6"). Written atomically and read back
//! before it is reported written; joins, overlaps and choices are then
//! written in the file. What the form offers for a scenario (its first
//! turn's time, the entry points and edges of its map by name, its
//! series' arms) is read by [`BattleSource::read`].

use std::path::{Path, PathBuf};

use berthier_schema::game::{
    ArmHours, Game, GameBattle, GameTime, Transfer, TransferEnd,
};
use berthier_schema::io::save_atomic;
use berthier_schema::pack::{beside, load_scenario, load_series_named};
use berthier_schema::placement::Location;
use berthier_schema::{Document, Format, LoadError};

/// One battle of the new game, as the form read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBattle {
    /// Its id in the game.
    pub id: String,
    /// Its scenario, relative to the game file.
    pub scenario: String,
    /// Its first turn on the game clock.
    pub date: String,
    /// `HH:MM`.
    pub time: String,
}

/// One transfer route of the new game.
#[derive(Debug, Clone, PartialEq)]
pub struct NewTransfer {
    /// Its id in the game.
    pub id: String,
    /// The battle units leave, and where on its map.
    pub from: (String, Location),
    /// The battle they come on, and where.
    pub to: (String, Location),
    /// Hours on the way, by arm.
    pub hours: Vec<(String, u16)>,
    /// The route may be taken the other way too.
    pub both_ways: bool,
}

/// What a new game is made of.
#[derive(Debug, Clone, PartialEq)]
pub struct NewGame {
    /// Its id (unique in the pack).
    pub id: String,
    /// Its name.
    pub name: String,
    /// The battles.
    pub battles: Vec<NewBattle>,
    /// The transfer routes.
    pub transfers: Vec<NewTransfer>,
}

/// Why the new file was not written.
#[derive(Debug, thiserror::Error)]
pub enum NewGameError {
    /// The file name asks for neither format.
    #[error("{path}: the file name must end in .ron or .json", path = .0.display())]
    Extension(PathBuf),
    /// The text made does not load.
    #[error("the new file would not load: {0}")]
    Load(LoadError),
    /// The model could not be written as text.
    #[error("the new file cannot be written as text: {0}")]
    Text(#[from] berthier_schema::text::WriteError),
    /// The file could not be written.
    #[error("cannot write {path}: {1}", path = .0.display())]
    Write(PathBuf, std::io::Error),
}

impl NewGame {
    /// The game as the model holds it.
    pub fn game(&self) -> Game {
        let time = |b: &NewBattle| GameTime {
            date: b.date.clone(),
            time: b.time.clone(),
        };
        let end = |(battle, at): &(String, Location)| TransferEnd {
            battle: battle.clone(),
            at: at.clone(),
        };
        Game {
            schema: None,
            kind: Default::default(),
            format_version: 2,
            id: self.id.clone(),
            name: self.name.clone(),
            battles: self
                .battles
                .iter()
                .map(|b| GameBattle {
                    id: b.id.clone(),
                    scenario: b.scenario.clone(),
                    start: time(b),
                    release: None,
                    schedule: Default::default(),
                    note: None,
                })
                .collect(),
            joins: Vec::new(),
            overlaps: Vec::new(),
            transfers: self
                .transfers
                .iter()
                .map(|t| Transfer {
                    id: t.id.clone(),
                    from: end(&t.from),
                    to: end(&t.to),
                    hours: t
                        .hours
                        .iter()
                        .map(|(arm, hours)| ArmHours {
                            arms: vec![arm.clone()],
                            hours: *hours,
                        })
                        .collect(),
                    both_ways: t.both_ways,
                    note: None,
                    provenance: None,
                })
                .collect(),
            travel: None,
            weather: Vec::new(),
            choices: Vec::new(),
            note: None,
            provenance: Vec::new(),
        }
    }

    /// The file's text: a comment naming it, then the game.
    pub fn text(&self, format: Format) -> Result<String, NewGameError> {
        let body = berthier_schema::text::to_text(&self.game(), format)?;
        Ok(match format {
            Format::Ron => format!(
                "// {}: a game on several maps, begun in Berthier's editor.\n{body}",
                self.name
            ),
            Format::Json => body,
        })
    }

    /// Writes the game at `path` after checking that its text loads.
    pub fn write(&self, path: &Path) -> Result<(), NewGameError> {
        let format = Format::of_path(path)
            .ok_or_else(|| NewGameError::Extension(path.to_owned()))?;
        let text = self.text(format)?;
        if let Err(e) = berthier_schema::load_document(&text, format) {
            return Err(NewGameError::Load(e));
        }
        save_atomic(path, text.as_bytes())
            .map_err(|e| NewGameError::Write(path.to_owned(), e))
    }
}

/// A place on a battle's map a transfer can start or end at, by name.
pub use crate::ways::Way as Place;

/// What the form needs of a scenario played as a battle.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BattleSource {
    /// The scenario's id (the battle's id by default).
    pub id: String,
    /// Its first turn's time.
    pub first: String,
    /// Its track's first date, `YYYY-MM-DD`, when it has one.
    pub first_date: Option<String>,
    /// The entry points and edges of its map.
    pub places: Vec<Place>,
    /// The arms of its series' unit classes, leaders left out.
    pub arms: Vec<String>,
}

/// Why a scenario cannot be a battle of the game.
#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    /// The scenario does not load.
    #[error("{0}")]
    Scenario(
        berthier_schema::pack::ChainError<
            PathBuf,
            berthier_schema::pack::FileError,
        >,
    ),
    /// Its map does not open.
    #[error("its map: {0}")]
    Map(#[from] crate::project::OpenError),
}

impl BattleSource {
    /// Reads the scenario at `path`, its map and its series.
    pub fn read(path: &Path) -> Result<Self, SourceError> {
        let scenario =
            load_scenario(path).map_err(SourceError::Scenario)?.scenario;
        let map_path = beside(path, &scenario.map);
        let (_, map) = crate::project::resolve_map(&map_path)?;
        let mut arms: Vec<String> = Vec::new();
        if let Ok(series) = load_series_named(path, &scenario.series) {
            for class in series.unit_classes.iter().filter(|c| !c.leader) {
                if !arms.contains(&class.arm) {
                    arms.push(class.arm.clone());
                }
            }
        }
        Ok(Self {
            id: scenario.id.clone(),
            first: scenario.turns.first.clone(),
            first_date: scenario.turns.first_date.clone(),
            places: crate::ways::of(&map),
            arms,
        })
    }
}

/// Whether `text` is a date `YYYY-MM-DD`.
pub fn is_date(text: &str) -> bool {
    berthier_schema::scenario::day_number(text).is_some() && text.len() == 10
}

/// The document at `path` is a game, as the pack lists it.
pub fn is_game(path: &Path) -> bool {
    matches!(crate::project::read_document(path), Ok(Document::Game(_)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> NewGame {
        NewGame {
            id: "vere-et-loire".into(),
            name: "La Vère et la Loire".into(),
            battles: vec![
                NewBattle {
                    id: "vere".into(),
                    scenario: "../vere/vere.scenario.ron".into(),
                    date: "1809-05-16".into(),
                    time: "09:00".into(),
                },
                NewBattle {
                    id: "loire".into(),
                    scenario: "../loire/loire.scenario.ron".into(),
                    date: "1809-05-16".into(),
                    time: "10:00".into(),
                },
            ],
            transfers: vec![NewTransfer {
                id: "vere-to-loire".into(),
                from: ("vere".into(), Location::Edge("east".into())),
                to: ("loire".into(), Location::Entry("road".into())),
                hours: vec![("cavalry".into(), 4), ("infantry".into(), 6)],
                both_ways: true,
            }],
        }
    }

    #[test]
    fn both_formats_load_as_the_game_described() {
        for format in [Format::Ron, Format::Json] {
            let text = game().text(format).expect("text");
            let Ok(Document::Game(g)) =
                berthier_schema::load_document(&text, format)
            else {
                panic!("{text}");
            };
            assert_eq!(g, game().game());
            assert_eq!(g.battles[1].start.time, "10:00");
            assert_eq!(g.transfers[0].hours[1].arms, ["infantry"]);
            assert!(g.transfers[0].both_ways);
        }
    }

    #[test]
    fn dates_are_read_as_the_model_reads_them() {
        assert!(is_date("1809-05-16"));
        assert!(!is_date("16 May 1809"));
        assert!(!is_date("1809-13-01"));
    }
}
