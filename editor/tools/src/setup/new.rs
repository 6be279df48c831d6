//! A new scenario: a scenario file on a map and an order of battle, with
//! its id, name, date and turn track, one entry per side of the order of
//! battle and nothing set up yet; written atomically and read back before
//! it is reported written. Its instructions, set-up and arrivals are then
//! made on the Setup and Timeline screens.

use std::path::{Path, PathBuf};

use berthier_schema::io::save_atomic;
use berthier_schema::{Format, LoadError};

/// What a new scenario is made of, as the form read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewScenario {
    /// Its id (unique in the pack).
    pub id: String,
    /// Its name, as printed.
    pub name: String,
    /// The date as printed ("16 May 1809"), if given.
    pub date: Option<String>,
    /// The series, as the file names it (a standard name or a path
    /// relative to the file).
    pub series: String,
    /// The map, relative to the file.
    pub map: String,
    /// The order of battle, relative to the file.
    pub counters: String,
    /// Clock time of turn 1, `HH:MM`.
    pub first: String,
    /// Minutes per turn.
    pub minutes_per_turn: u16,
    /// How many turns.
    pub count: u16,
    /// The sides' ids, as the order of battle has them.
    pub sides: Vec<String>,
    /// The side that sets up first and the side that moves first.
    pub sets_up_first: Option<String>,
    /// The side that moves first.
    pub moves_first: Option<String>,
}

/// Why the new file was not written.
#[derive(Debug, thiserror::Error)]
pub enum NewScenarioError {
    /// The file name asks for neither format.
    #[error("{path}: the file name must end in .ron or .json", path = .0.display())]
    Extension(PathBuf),
    /// The text made does not load (a field the format cannot hold).
    #[error("the new file would not load: {0}")]
    Load(LoadError),
    /// The file could not be written.
    #[error("cannot write {path}: {1}", path = .0.display())]
    Write(PathBuf, std::io::Error),
}

impl NewScenario {
    /// The file's text. RON is laid out as the bundled scenarios are, one
    /// side a line, so the first edits on the Setup screen make small
    /// diffs.
    pub fn text(&self, format: Format) -> String {
        match format {
            Format::Ron => self.ron(),
            Format::Json => format!("{:#}\n", self.json()),
        }
    }

    fn ron(&self) -> String {
        let date = self
            .date
            .as_ref()
            .map(|d| format!("date: {d:?}, "))
            .unwrap_or_default();
        let order = |field: &str, side: &Option<String>| {
            side.as_ref()
                .map(|s| format!("    {field}: {s:?},\n"))
                .unwrap_or_default()
        };
        let sides: String = self
            .sides
            .iter()
            .map(|s| format!("        (side: {s:?}),\n"))
            .collect();
        format!(
            "// {name}: the scenario, begun in Berthier's editor.\n(\n    \
             kind: scenario,\n    format_version: 2,\n    id: {id:?},\n    \
             name: {name_q:?},\n    series: {series:?},\n    map: {map:?},\n    \
             counters: {counters:?},\n    turns: ({date}first: {first:?}, \
             minutes_per_turn: {minutes}, count: {count}),\n{sets}{moves}    \
             sides: [\n{sides}    ],\n)\n",
            name = self.name,
            name_q = self.name,
            id = self.id,
            series = self.series,
            map = self.map,
            counters = self.counters,
            first = self.first,
            minutes = self.minutes_per_turn,
            count = self.count,
            sets = order("sets_up_first", &self.sets_up_first),
            moves = order("moves_first", &self.moves_first),
        )
    }

    fn json(&self) -> serde_json::Value {
        let mut turns = serde_json::json!({
            "first": self.first,
            "minutes_per_turn": self.minutes_per_turn,
            "count": self.count,
        });
        if let Some(date) = &self.date {
            turns["date"] = date.clone().into();
        }
        let mut value = serde_json::json!({
            "kind": "scenario",
            "format_version": 2,
            "id": self.id,
            "name": self.name,
            "series": self.series,
            "map": self.map,
            "counters": self.counters,
            "turns": turns,
            "sides": self.sides.iter().map(|s| serde_json::json!({"side": s})).collect::<Vec<_>>(),
        });
        if let Some(s) = &self.sets_up_first {
            value["sets_up_first"] = s.clone().into();
        }
        if let Some(s) = &self.moves_first {
            value["moves_first"] = s.clone().into();
        }
        value
    }

    /// Writes the scenario at `path` (over what is there: the caller asked
    /// first), after checking that its text loads.
    pub fn write(&self, path: &Path) -> Result<(), NewScenarioError> {
        let format = Format::of_path(path)
            .ok_or_else(|| NewScenarioError::Extension(path.to_owned()))?;
        let text = self.text(format);
        if let Err(e) = berthier_schema::load_document(&text, format) {
            return Err(NewScenarioError::Load(e));
        }
        save_atomic(path, text.as_bytes())
            .map_err(|e| NewScenarioError::Write(path.to_owned(), e))
    }
}

/// How many turns from `first` to `last` (both `HH:MM`, the last turn's
/// own time) at `minutes` a turn, across midnight when `last` is earlier;
/// `None` unless both are times and the span is whole turns.
pub fn turn_count(first: &str, last: &str, minutes: u16) -> Option<u16> {
    let (a, b) = (clock(first)?, clock(last)?);
    let span = if b >= a { b - a } else { b + 24 * 60 - a };
    let minutes = u32::from(minutes);
    if minutes == 0 || span % minutes != 0 {
        return None;
    }
    u16::try_from(span / minutes + 1).ok()
}

/// Minutes after midnight of `HH:MM`.
pub fn clock(text: &str) -> Option<u32> {
    let (h, m) = text.trim().split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    // `then`: a huge hour ("4294967295:00") must not reach `h * 60`.
    (h < 24 && m < 60 && text.trim().len() == 5).then(|| h * 60 + m)
}

#[cfg(test)]
mod tests {
    use super::*;
    use berthier_schema::Document;

    fn vere() -> NewScenario {
        NewScenario {
            id: "vere-1809".into(),
            name: "Combat de la Vère \"1809\"".into(),
            date: Some("16 May 1809".into()),
            series: "jours-de-gloire@1".into(),
            map: "../../maps/vere/vere.map.ron".into(),
            counters: "../../counters/vere/vere.counters.ron".into(),
            first: "09:00".into(),
            minutes_per_turn: 60,
            count: 6,
            sides: vec!["francais".into(), "autrichiens".into()],
            sets_up_first: Some("autrichiens".into()),
            moves_first: Some("francais".into()),
        }
    }

    #[test]
    fn both_formats_load_as_the_scenario_described() {
        for format in [Format::Ron, Format::Json] {
            let text = vere().text(format);
            let Ok(Document::Scenario(s)) =
                berthier_schema::load_document(&text, format)
            else {
                panic!("{text}");
            };
            assert_eq!(s.name, "Combat de la Vère \"1809\"");
            assert_eq!(s.turns.date.as_deref(), Some("16 May 1809"));
            assert_eq!(s.turns.count, 6);
            assert_eq!(s.sides.len(), 2);
            assert_eq!(s.sets_up_first.as_deref(), Some("autrichiens"));
        }
    }

    #[test]
    fn turns_are_counted_from_the_first_and_last_turns_times() {
        assert_eq!(turn_count("09:00", "14:00", 60), Some(6));
        assert_eq!(turn_count("11:00", "21:30", 30), Some(22));
        assert_eq!(turn_count("22:00", "02:00", 60), Some(5));
        assert_eq!(turn_count("09:00", "09:00", 60), Some(1));
        assert_eq!(turn_count("09:00", "14:20", 60), None);
        assert_eq!(turn_count("9h", "14:00", 60), None);
        assert_eq!(turn_count("09:00", "14:00", 0), None);
    }
}
