//! What in the pack names each place, road, entry point and map edge of a
//! map: the setup instructions, arrivals, victory conditions (and other
//! parts) of every scenario that plays on it. The map screen shows it as
//! the item's "used by" list, and refuses to delete an item that is used,
//! so that editing the gazetteer does not silently break a scenario (the
//! scenarios name these items by id: `Location::Place("frasnes")`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use berthier_schema::pack::{beside, load_scenario};
use serde_json::Value;

/// The kinds of gazetteer items a scenario names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A named place.
    Place,
    /// A road or track.
    Road,
    /// An entry point.
    Entry,
    /// A named map edge.
    Edge,
}

impl Kind {
    /// As a sentence names it.
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Place => "place",
            Kind::Road => "road",
            Kind::Entry => "entry point",
            Kind::Edge => "map edge",
        }
    }
}

/// One part of a scenario that names an item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Use {
    /// The scenario's file name.
    pub scenario: String,
    /// The part: "setup instruction 3 (french)", "arrival 2 (prussian)",
    /// "victory condition `hold-rivoli`".
    pub part: String,
}

impl std::fmt::Display for Use {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.scenario, self.part)
    }
}

/// The uses of every item of one map.
#[derive(Debug, Clone, Default)]
pub struct UsedBy {
    /// The scenarios that play on the map.
    pub scenarios: Vec<PathBuf>,
    uses: HashMap<(Kind, String), Vec<Use>>,
}

impl UsedBy {
    /// The uses of the map at `map` by the scenarios of its pack (the
    /// folder above it with a `berthier.toml`, else its parent's parent),
    /// and by `also` (the scenario it was opened through). Scenarios that
    /// do not load are left out (their own findings say why).
    pub fn of_map(map: &Path, also: Option<&Path>) -> Self {
        let map = canonical(map);
        let mut files = Vec::new();
        scenario_files(&pack_root(&map), 4, &mut files);
        files.extend(also.map(canonical));
        files.sort();
        files.dedup();
        let mut out = Self::default();
        let map_name =
            map.file_name().map(|n| n.to_string_lossy().into_owned());
        for file in files {
            if !names(&file, map_name.as_deref()) {
                continue;
            }
            let Ok(resolved) = load_scenario(&file) else {
                continue;
            };
            let scenario = resolved.scenario;
            if canonical(&beside(&file, &scenario.map)) != map {
                continue;
            }
            let Ok(value) = serde_json::to_value(&scenario) else {
                continue;
            };
            let name = file
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let mut found = Vec::new();
            walk(&value, "", &mut found);
            for (kind, id, pointer) in found {
                let part = part_of(&value, &pointer);
                let list = out.uses.entry((kind, id)).or_default();
                let one = Use {
                    scenario: name.clone(),
                    part,
                };
                if !list.contains(&one) {
                    list.push(one);
                }
            }
            out.scenarios.push(file);
        }
        out
    }

    /// What names the item `id` of kind `kind`.
    pub fn of(&self, kind: Kind, id: &str) -> &[Use] {
        self.uses
            .get(&(kind, id.to_owned()))
            .map_or(&[], Vec::as_slice)
    }

    /// Why the item may not be deleted, when something names it.
    pub fn refusal(&self, kind: Kind, id: &str) -> Option<String> {
        let uses = self.of(kind, id);
        let first = uses.first()?;
        let more = match uses.len() {
            1 => String::new(),
            n => format!(" and {} more", n - 1),
        };
        Some(format!(
            "{} `{id}` is used by {first}{more}: not removed (change those \
             first)",
            kind.noun()
        ))
    }
}

/// Every location in `value` that names a gazetteer item, with the
/// pointer of the location (externally tagged: `{"Place": "frasnes"}`).
fn walk(value: &Value, pointer: &str, out: &mut Vec<(Kind, String, String)>) {
    match value {
        Value::Object(members) => {
            if members.len() == 1 {
                for (tag, inner) in members {
                    named(tag, inner, pointer, out);
                }
            }
            for (key, inner) in members {
                let key = key.replace('~', "~0").replace('/', "~1");
                walk(inner, &format!("{pointer}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, inner) in items.iter().enumerate() {
                walk(inner, &format!("{pointer}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// The items a location tagged `tag` names.
fn named(
    tag: &str,
    inner: &Value,
    pointer: &str,
    out: &mut Vec<(Kind, String, String)>,
) {
    let mut push = |kind: Kind, id: Option<&Value>| {
        if let Some(Value::String(id)) = id {
            out.push((kind, id.clone(), pointer.to_owned()));
        }
    };
    match tag {
        "Place" => push(Kind::Place, Some(inner)),
        "Entry" => push(Kind::Entry, Some(inner)),
        "Edge" => push(Kind::Edge, Some(inner)),
        "Road" => push(Kind::Road, Some(inner)),
        "RoadStretch" => push(Kind::Road, inner.get("road")),
        "Crossing" => {
            push(Kind::Road, inner.get("road"));
            push(Kind::Road, inner.get("with"));
        }
        _ => {}
    }
}

/// The scenario part `pointer` lies in, as the list shows it.
fn part_of(scenario: &Value, pointer: &str) -> String {
    let parts: Vec<&str> = pointer.split('/').skip(1).collect();
    match parts.as_slice() {
        ["sides", side, list, index, ..] => {
            let side_id = scenario
                .pointer(&format!("/sides/{side}/side"))
                .and_then(Value::as_str)
                .unwrap_or(side);
            let what = match *list {
                "instructions" => "setup instruction",
                "reinforcements" => "arrival",
                "setup" => "placed unit",
                "retreat" => "retreat",
                "lines_of_communication" => "line of communication",
                "withdrawals" => "withdrawal",
                "releases" => "release",
                other => other,
            };
            let n = index.parse::<usize>().map_or(0, |i| i + 1);
            format!("{what} {n} ({side_id})")
        }
        ["victory", index, ..] => {
            let id = scenario
                .pointer(&format!("/victory/{index}/id"))
                .and_then(Value::as_str);
            match id {
                Some(id) => format!("victory condition `{id}`"),
                None => {
                    let n = index.parse::<usize>().map_or(0, |i| i + 1);
                    format!("victory condition {n}")
                }
            }
        }
        [first, ..] => (*first).replace('_', " "),
        [] => "the scenario".to_owned(),
    }
}

/// Whether the scenario at `file` may play on the map named `map_name`:
/// a full scenario names its map's file; a variant may inherit it.
fn names(file: &Path, map_name: Option<&str>) -> bool {
    let variant = file.to_string_lossy().contains(".variant.");
    match (variant, map_name, std::fs::read_to_string(file)) {
        (true, _, _) => true,
        (false, Some(name), Ok(text)) => text.contains(name),
        _ => false,
    }
}

/// The scenario files under `dir`, `depth` folders down at most.
fn scenario_files(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "target" {
            continue;
        }
        if path.is_dir() {
            if depth > 0 {
                scenario_files(&path, depth - 1, out);
            }
        } else if [".scenario.ron", ".scenario.json", ".variant.ron"]
            .iter()
            .any(|s| name.ends_with(s))
        {
            out.push(canonical(&path));
        }
    }
}

/// The folder above `map` with a `berthier.toml`, else its parent's
/// parent (a `maps/` folder beside `scenarios/`).
fn pack_root(map: &Path) -> PathBuf {
    map.ancestors()
        .skip(1)
        .find(|dir| dir.join("berthier.toml").is_file())
        .or_else(|| map.ancestors().nth(2))
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_owned())
}
