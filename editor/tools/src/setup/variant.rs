//! Scenario variants on the Setup screen: "New variant of this scenario"
//! writes a file that names the scenario as its `base` and states nothing
//! else yet (a `ScenarioVariant`: every field it leaves out is inherited,
//! `schema::scenario::variant`), and a variant is compared with its base,
//! read-only: setup, schedule and victory, each line an addition, a
//! removal or a change, and what is inherited unchanged counted.

use std::path::{Path, PathBuf};

use berthier_schema::Scenario;
use berthier_schema::io::save_atomic;
use berthier_schema::pack::load_scenario;
use berthier_schema::scenario::{Arrival, Placed, VictoryCondition};

/// Why a new variant was not written; the text is what the Setup screen
/// shows.
#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    /// The base is not a `.scenario.ron` file (a variant is written in RON
    /// beside it).
    #[error("{}: not a .scenario.ron file", .0.display())]
    NotRon(PathBuf),
    /// Every name from `-variant` to `-variant-99` is taken.
    #[error("too many variants of {} already", .0.display())]
    NoFreeName(PathBuf),
    /// The file could not be written.
    #[error("cannot write {path}: {1}", path = .0.display())]
    Write(PathBuf, std::io::Error),
    /// The file written does not resolve against its base (removed).
    #[error("the new variant does not resolve: {0}")]
    Resolve(String),
}

/// Writes a new variant of the scenario at `base` beside it (a new file,
/// never one that exists) and checks that it resolves; its path.
pub fn create(
    base: &Path,
    scenario: &Scenario,
) -> Result<PathBuf, VariantError> {
    let path = free_name(base)?;
    let file = base
        .file_name()
        .ok_or_else(|| VariantError::NotRon(base.to_owned()))?
        .to_string_lossy()
        .into_owned();
    let text = format!(
        "// A variant of {file}: state here only what differs from it; every\n\
         // field left out (setup, schedule, victory...) is inherited.\n\
         (\n    kind: scenario,\n    format_version: 2,\n    id: {id:?},\n    \
         name: {name:?},\n    base: {file:?},\n)\n",
        id = format!("{}-variant", scenario.id),
        name = format!("{} (variant)", scenario.name),
    );
    save_atomic(&path, text.as_bytes())
        .map_err(|e| VariantError::Write(path.clone(), e))?;
    if let Err(e) = load_scenario(&path) {
        let _ = std::fs::remove_file(&path);
        return Err(VariantError::Resolve(e.to_string()));
    }
    Ok(path)
}

/// `name-variant.scenario.ron`, else `name-variant-2...`, beside `base`.
fn free_name(base: &Path) -> Result<PathBuf, VariantError> {
    let name = base.file_name().unwrap_or_default().to_string_lossy();
    let stem = name
        .strip_suffix(".scenario.ron")
        .ok_or_else(|| VariantError::NotRon(base.to_owned()))?;
    let dir = base.parent().unwrap_or(Path::new("."));
    (1..100)
        .map(|n| match n {
            1 => dir.join(format!("{stem}-variant.scenario.ron")),
            n => dir.join(format!("{stem}-variant-{n}.scenario.ron")),
        })
        .find(|p| !p.exists())
        .ok_or_else(|| VariantError::NoFreeName(base.to_owned()))
}

/// One part of the comparison.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Section {
    /// "Setup", "Schedule", "Victory".
    pub title: String,
    /// What differs, one line each (`+` added, `-` removed, `~` changed).
    pub changes: Vec<String>,
    /// How many entries are inherited unchanged.
    pub inherited: usize,
}

/// The variant (resolved) compared with its base (resolved).
pub fn diff(base: &Scenario, variant: &Scenario) -> Vec<Section> {
    vec![
        setup(base, variant),
        schedule(base, variant),
        victory(base, variant),
    ]
}

fn setup(base: &Scenario, variant: &Scenario) -> Section {
    let all = |s: &Scenario| -> Vec<(String, Placed)> {
        s.sides
            .iter()
            .flat_map(|side| {
                side.setup.iter().map(|p| (side.side.clone(), p.clone()))
            })
            .collect()
    };
    let words = |p: &Placed| {
        let mut w = format!("{} in {}", p.unit, p.hex);
        for (k, v) in [("formation", &p.formation), ("state", &p.state)] {
            if let Some(v) = v {
                w += &format!(", {k} {v}");
            }
        }
        if let Some(f) = p.facing {
            w += &format!(", facing {f}");
        }
        w
    };
    let key = |(side, p): &(String, Placed)| format!("{side}/{}", p.unit);
    compare("Setup", &all(base), &all(variant), key, |(side, p)| {
        format!("{side}: {}", words(p))
    })
}

fn schedule(base: &Scenario, variant: &Scenario) -> Section {
    let all = |s: &Scenario| -> Vec<(String, Arrival)> {
        s.sides
            .iter()
            .flat_map(|side| {
                side.reinforcements
                    .iter()
                    .map(|a| (side.side.clone(), a.clone()))
            })
            .collect()
    };
    let key = |(side, a): &(String, Arrival)| format!("{side}/{:?}", a.units);
    compare("Schedule", &all(base), &all(variant), key, |(side, a)| {
        let entry = a
            .entry
            .as_ref()
            .map_or("no entry".to_owned(), |e| format!("by {e:?}"));
        format!("{side}: {} at {:?}, {entry}", units(a), a.at)
    })
}

fn units(a: &Arrival) -> String {
    let list = &a.units.units;
    match (&a.formation, list.len()) {
        (Some(f), _) => f.clone(),
        (None, 0) => format!("{:?}", a.units),
        (None, 1..=3) => list.join(", "),
        (None, n) => format!("{} ... ({n} units)", list[0]),
    }
}

fn victory(base: &Scenario, variant: &Scenario) -> Section {
    let all = |s: &Scenario| -> Vec<(usize, VictoryCondition)> {
        s.victory.iter().cloned().enumerate().collect()
    };
    let key = |(i, v): &(usize, VictoryCondition)| match &v.id {
        Some(id) => id.clone(),
        None => format!("#{i} {}: {:?}", v.side, v.condition),
    };
    compare("Victory", &all(base), &all(variant), key, |(_, v)| {
        let id =
            v.id.as_deref()
                .map_or(String::new(), |id| format!("{id}: "));
        format!("{id}{}: {:?}", v.side, v.condition)
    })
}

/// Lines for what `variant` adds, removes and changes from `base`, items
/// matched by `key`.
fn compare<T: PartialEq>(
    title: &str,
    base: &[T],
    variant: &[T],
    key: impl Fn(&T) -> String,
    words: impl Fn(&T) -> String,
) -> Section {
    let mut out = Section {
        title: title.to_owned(),
        ..Section::default()
    };
    for v in variant {
        match base.iter().find(|b| key(b) == key(v)) {
            None => out.changes.push(format!("+ {}", words(v))),
            Some(b) if b != v => {
                out.changes
                    .push(format!("~ {} (was {})", words(v), words(b)));
            }
            Some(_) => out.inherited += 1,
        }
    }
    for b in base {
        if !variant.iter().any(|v| key(v) == key(b)) {
            out.changes.push(format!("- {}", words(b)));
        }
    }
    out
}
