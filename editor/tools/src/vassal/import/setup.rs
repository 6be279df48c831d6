//! The module's at-start stacks as a scenario setup: each stack's pieces
//! on the Berthier hex its position falls in.
//!
//! A stack stands on its `owningBoard` (or the only board of its map) at
//! `x`, `y` in that board's pixels, or at a `location` named in the board
//! grid's numbering (VASSAL's `SetupStack`). The hex is the one VASSAL
//! snaps a piece dropped there to ([`HexGrid::cell_at`]), in the zone
//! grid whose outline holds the point, else the board's own grid; that
//! cell's Berthier number comes from the same conversion that wrote the
//! map, so the setup and the map agree by construction. One scenario is
//! written per map holding stacks (`<map>.scenario.ron`), and one per map
//! and predefined setup (`<map>-<setup>.scenario.ron`, named as the
//! setup; its stacks stand in map pixels, which are the board's on a map
//! of one board without edge buffer, as an export writes); a stack on no
//! hex is left out with a note naming it. A module has no turn track:
//! the scenario's is a marked placeholder for the modder to replace.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use berthier_schema::document::{Format, parse, to_text};
use berthier_schema::scenario::{Placed, Scenario, ScenarioSide};
use berthier_schema::{HexId, Provenance, Source};

use super::super::grid::Cell;
use super::super::module::{AtStart, BoardGrid, StackAt};
use super::{ImportError, SERIES_PLACEHOLDER, in_polygon};

/// A Berthier map written from one board grid, as stacks look it up.
pub(super) struct Target {
    /// The VASSAL map (`mapName`) of the board.
    pub vassal_map: String,
    /// The board's name.
    pub board: String,
    /// The board grid.
    pub grid: BoardGrid,
    /// The board's size in pixels.
    pub size: [u32; 2],
    /// The Berthier map id (file `<id>.map.ron`).
    pub id: String,
    /// Berthier number of each cell on the map.
    pub hexes: BTreeMap<Cell, HexId>,
}

/// What the setup import needs from the counters import.
pub(super) struct Units<'a> {
    /// The counters file name.
    pub file: &'a str,
    /// Each counter's side.
    pub sides: &'a BTreeMap<String, String>,
}

/// A group of stacks making one setup: the module's at-start stacks, or
/// one predefined setup.
pub(super) struct Group<'a> {
    /// The predefined setup's name; `None` for the at-start stacks.
    pub setup: Option<&'a str>,
    /// The stacks.
    pub stacks: &'a [AtStart],
    /// The counter of each piece of each stack.
    pub ids: &'a [Vec<String>],
}

/// Writes one scenario per map holding stacks of `group` (for a
/// predefined setup with none, one on the only map); returns the files.
pub(super) fn write(
    module: &str,
    group: &Group<'_>,
    units: &Units<'_>,
    targets: &[Target],
    dir: &Path,
    notes: &mut Vec<String>,
) -> Result<Vec<PathBuf>, ImportError> {
    let stacks = group.stacks;
    // map id -> side -> placements
    let mut setups: BTreeMap<&str, BTreeMap<String, Vec<Placed>>> =
        BTreeMap::new();
    for (i, stack) in stacks.iter().enumerate() {
        let Some((target, hex)) = locate(stack, targets) else {
            notes.push(format!(
                "at-start stack `{}` ({}) is on no hex of an imported grid: \
                 left out of the setup",
                stack.name,
                describe(stack)
            ));
            continue;
        };
        let ids = group.ids.get(i).map_or(&[][..], Vec::as_slice);
        let n = ids.len();
        for (k, unit) in ids.iter().enumerate() {
            let side = units.sides.get(unit).cloned().unwrap_or_default();
            let mut placed = placed(unit, &hex)?;
            // VASSAL lists a stack bottom first; Berthier counts 0 = top.
            if n > 1 {
                placed.stack = u8::try_from(n - 1 - k).ok();
            }
            setups
                .entry(target.id.as_str())
                .or_default()
                .entry(side)
                .or_default()
                .push(placed);
        }
    }
    let mut maps: Vec<&str> = targets.iter().map(|t| t.id.as_str()).collect();
    maps.dedup();
    if let (Some(_), [only]) = (group.setup, maps.as_slice()) {
        setups.entry(only).or_default();
    }
    let mut written = Vec::new();
    for (map, sides) in setups {
        let (file, id, name) = match group.setup {
            None => (
                format!("{map}.scenario.ron"),
                format!("{map}-at-start"),
                format!("{module}: at-start setup ({map})"),
            ),
            Some(setup) => {
                let stem = format!("{map}-{}", super::slug(setup));
                (format!("{stem}.scenario.ron"), stem, setup.to_owned())
            }
        };
        let path = dir.join(file);
        let mut doc = scenario(module, map, units.file, sides)?;
        doc.id = id;
        doc.name = name;
        if let Some(setup) = group.setup {
            doc.provenance[0].reference = Some(format!(
                "VASSAL module `{module}`, predefined setup `{setup}`"
            ));
        }
        let mut text = String::from(
            "// A setup of a VASSAL module, each stack on the hex VASSAL snaps\n\
             // it to. TODO(modder): a module has no turn track; the `turns`\n\
             // below are a placeholder (see provenance), as is the series.\n",
        );
        text.push_str(
            &to_text(&doc, Format::Ron)
                .map_err(|e| ImportError::Serialize(path.clone(), e))?,
        );
        fs::write(&path, text).map_err(|source| ImportError::Write {
            path: path.clone(),
            source,
        })?;
        written.push(path);
    }
    Ok(written)
}

/// Where a stack says it is, for notes.
fn describe(stack: &AtStart) -> String {
    let board = stack.board.as_deref().unwrap_or("the map's only board");
    match &stack.at {
        StackAt::Pixel([x, y]) => format!("{board} at x={x}, y={y}"),
        StackAt::Location(l) => format!("{board} at location `{l}`"),
    }
}

/// The map and hex a stack stands on.
fn locate<'a>(
    stack: &AtStart,
    targets: &'a [Target],
) -> Option<(&'a Target, HexId)> {
    let on_map: Vec<&Target> = targets
        .iter()
        .filter(|t| t.vassal_map == stack.map)
        .collect();
    let board = match &stack.board {
        Some(b) => b.clone(),
        None => {
            // Without an owning board, x and y are map pixels: the same as
            // board pixels only when the map has one board.
            let first = on_map.first()?;
            if on_map.iter().any(|t| t.board != first.board) {
                return None;
            }
            first.board.clone()
        }
    };
    let grids: Vec<&Target> =
        on_map.into_iter().filter(|t| t.board == board).collect();
    match &stack.at {
        StackAt::Pixel(p) => {
            let pf = p.map(f64::from);
            let zone = grids.iter().find(|t| {
                t.grid
                    .zone
                    .as_ref()
                    .is_some_and(|z| in_polygon(&z.path, pf))
            });
            let target =
                zone.or_else(|| grids.iter().find(|t| t.grid.zone.is_none()))?;
            let cell = target.grid.grid.cell_at(*p);
            Some((target, *target.hexes.get(&cell)?))
        }
        StackAt::Location(name) => grids.iter().find_map(|t| {
            let numbering = t.grid.numbering.as_ref()?;
            let cell = numbering.cell_of(&t.grid.grid, t.size, name)?;
            Some((*t, *t.hexes.get(&cell)?))
        }),
    }
}

/// A placement of `unit` on `hex`, every other field at its default
/// (parsed, so fields added to the model later stay defaulted).
fn placed(unit: &str, hex: &HexId) -> Result<Placed, ImportError> {
    let mut p: Placed = parse("(unit: \"\", hex: \"0101\")", Format::Ron)
        .map_err(|e| ImportError::Internal(e.to_string()))?;
    p.unit = unit.to_owned();
    p.hex = *hex;
    Ok(p)
}

/// The scenario of one map.
fn scenario(
    module: &str,
    map: &str,
    counters: &str,
    sides: BTreeMap<String, Vec<Placed>>,
) -> Result<Scenario, ImportError> {
    let internal = |e: berthier_schema::document::ParseError| {
        ImportError::Internal(e.to_string())
    };
    let skeleton = "(kind: scenario, format_version: 2, id: \"\", name: \"\", \
                    series: \"\", map: \"\", counters: \"\", \
                    turns: (first: \"00:00\", minutes_per_turn: 60, count: 1), \
                    sides: [])";
    let mut doc: Scenario = parse(skeleton, Format::Ron).map_err(internal)?;
    doc.series = SERIES_PLACEHOLDER.to_owned();
    doc.map = format!("{map}.map.ron");
    doc.counters = counters.to_owned();
    for (side, setup) in sides {
        let mut s: ScenarioSide =
            parse("(side: \"\")", Format::Ron).map_err(internal)?;
        s.side = side;
        s.setup = setup;
        doc.sides.push(s);
    }
    doc.provenance = vec![
        Provenance {
            about: "setup".into(),
            source: Source::Inferred,
            reference: Some(format!(
                "VASSAL module `{module}`, at-start stacks"
            )),
            note: Some(
                "Each stack on the hex VASSAL snaps its position to.".into(),
            ),
        },
        Provenance {
            about: "turns".into(),
            source: Source::Unknown,
            reference: None,
            note: Some(
                "A VASSAL module has no turn track: first 00:00, 60 minutes, \
                 one turn is a placeholder to replace."
                    .into(),
            ),
        },
    ];
    Ok(doc)
}
