//! Several boards of one VASSAL map as one Berthier map in sheets.
//!
//! A map's `BoardPicker` setup puts each board in a column and row of
//! boards; VASSAL places a board right of the widths of the boards left
//! of it in its row, and below the heights of those above it in its
//! column (`Map.getLocation`). When every board of the layout has one
//! hex grid (no zones), all of the same size and turn, and none is
//! reversed, the boards become sheets A, B, .. of one map: each sheet
//! keeps its board image as its own scan, its own registration and
//! numbering, and an `offset` putting its hexes on the map's canonical
//! grid. The result is checked hex by hex: each sheet hex's centre on the
//! whole map must be its board centre moved by the board's place, within
//! half a pixel, else the boards stay separate maps (with a note).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use berthier_schema::document::{Format, to_text};
use berthier_schema::sheet::Sheet;
use berthier_schema::{Map, Provenance, Source};

use super::super::module::{Board, BoardSlot};
use super::super::to_berthier;
use super::map_file::comment_series;
use super::setup::Target;
use super::{ImportError, ImportedMap, SERIES_PLACEHOLDER};

/// The module's boards and their copied scans.
pub(super) struct Boards<'a> {
    /// The module's name.
    pub module: &'a str,
    /// Every board of the module.
    pub boards: &'a [Board],
    /// The scan file written for each board, by index.
    pub scans: &'a BTreeMap<usize, String>,
}

/// A map written in sheets: the file, and the boards it took.
pub(super) struct Written {
    /// The map.
    pub map: ImportedMap,
    /// Each board's hexes, for the setup.
    pub targets: Vec<Target>,
    /// The boards (indexes into the module's boards) it holds.
    pub boards: Vec<usize>,
}

/// The boards of a layout with their map-pixel places, when they can be
/// sheets; else why not.
fn plan(
    map: &str,
    slots: &[BoardSlot],
    boards: &[Board],
) -> Result<Vec<(usize, [f64; 2])>, String> {
    if slots.len() < 2 || slots.len() > 26 {
        return Err("sheets need 2 to 26 boards".into());
    }
    let mut picked = Vec::new();
    for slot in slots {
        let i = boards
            .iter()
            .position(|b| b.map == map && b.name == slot.board)
            .ok_or_else(|| format!("board `{}` is not defined", slot.board))?;
        let b = &boards[i];
        if slot.reversed || picked.contains(&i) {
            return Err(format!("board `{}` is reversed or repeated", b.name));
        }
        if b.grids.len() != 1 || b.grids[0].zone.is_some() {
            return Err(format!("board `{}` has not exactly one grid", b.name));
        }
        picked.push(i);
    }
    let g0 = &boards[picked[0]].grids[0].grid;
    let same = |i: &usize| {
        let g = &boards[*i].grids[0].grid;
        (g.dx - g0.dx).abs() < 1e-9
            && (g.dy - g0.dy).abs() < 1e-9
            && g.sideways == g0.sideways
    };
    if !picked.iter().all(same) {
        return Err("the boards' hex grids differ in size or turn".into());
    }
    // Map.getLocation: widths of the boards left in the same row, heights
    // of those above in the same column.
    let size = |col: u32, row: u32| {
        slots
            .iter()
            .zip(&picked)
            .find(|(s, _)| s.col == col && s.row == row)
            .map_or([0, 0], |(_, i)| boards[*i].size)
    };
    Ok(slots
        .iter()
        .zip(&picked)
        .map(|(s, i)| {
            let x: u32 = (0..s.col).map(|c| size(c, s.row)[0]).sum();
            let y: u32 = (0..s.row).map(|r| size(s.col, r)[1]).sum();
            (*i, [f64::from(x), f64::from(y)])
        })
        .collect())
}

/// Writes map `id` in sheets, or `Ok(None)` (with a note) when the
/// layout's boards cannot be sheets of one grid.
pub(super) fn write(
    from: &Boards<'_>,
    map_name: &str,
    slots: &[BoardSlot],
    id: &str,
    dir: &Path,
    notes: &mut Vec<String>,
) -> Result<Option<Written>, ImportError> {
    let (module, boards) = (from.module, from.boards);
    let placed = match plan(map_name, slots, boards) {
        Ok(p) => p,
        Err(why) => {
            if slots.len() > 1 {
                notes.push(format!(
                    "map `{map_name}`: its boards stay separate maps ({why})"
                ));
            }
            return Ok(None);
        }
    };
    let convs = convert_boards(&placed, boards)?;
    let mut map = sheet_map(id, map_name, &placed, &convs, from);
    if !place_sheets(&mut map, &placed, &convs) {
        notes.push(format!(
            "map `{map_name}`: its boards' grids do not line up as one \
             lattice; they stay separate maps"
        ));
        return Ok(None);
    }
    for ((i, _), conv) in placed.iter().zip(&convs) {
        if !conv.labels.is_empty() && conv.numbering.is_none() {
            notes.push(format!(
                "board `{}`: VASSAL's hex names are not printable by a \
                 Berthier numbering and are not kept in sheets",
                boards[*i].name
            ));
        }
    }
    map.provenance = vec![provenance(module, map_name)];
    let path = dir.join(format!("{id}.map.ron"));
    write_map(&map, &path)?;
    let targets = targets(&placed, &convs, boards, map_name, id);
    Ok(Some(Written {
        map: ImportedMap {
            source: format!("{map_name} ({} boards as sheets)", placed.len()),
            map: path,
            scan: None,
            names: None,
            hexes: convs.iter().map(|c| c.hexes.len()).sum(),
        },
        targets,
        boards: placed.iter().map(|(i, _)| *i).collect(),
    }))
}

/// Where the sheets come from.
fn provenance(module: &str, map_name: &str) -> Provenance {
    Provenance {
        about: "sheets".into(),
        source: Source::Inferred,
        reference: Some(format!("VASSAL module `{module}`, map `{map_name}`")),
        note: Some(
            "One sheet per board of the map's default board layout, each \
             with its board image and VASSAL's grid; offsets from the \
             boards' places."
                .into(),
        ),
    }
}

/// Writes the map file, with the modder's series comment.
pub(super) fn write_map(map: &Map, path: &Path) -> Result<(), ImportError> {
    let text = to_text(map, Format::Ron)
        .map_err(|e| ImportError::Serialize(path.to_owned(), e))?;
    fs::write(path, comment_series(&text)).map_err(|source| {
        ImportError::Write {
            path: path.to_owned(),
            source,
        }
    })
}

/// Each placed board as the at-start stacks look it up.
fn targets(
    placed: &[(usize, [f64; 2])],
    convs: &[to_berthier::Conversion],
    boards: &[Board],
    map_name: &str,
    id: &str,
) -> Vec<Target> {
    placed
        .iter()
        .zip(convs)
        .map(|((i, _), conv)| Target {
            vassal_map: map_name.to_owned(),
            board: boards[*i].name.clone(),
            grid: boards[*i].grids[0].clone(),
            size: boards[*i].size,
            id: id.to_owned(),
            hexes: conv.hexes.iter().cloned().collect(),
        })
        .collect()
}

/// Each placed board's grid as a Berthier sheet, lettered A, B, ..
fn convert_boards(
    placed: &[(usize, [f64; 2])],
    boards: &[Board],
) -> Result<Vec<to_berthier::Conversion>, ImportError> {
    let mut convs = Vec::new();
    for (k, (i, _)) in placed.iter().enumerate() {
        let b = &boards[*i];
        let g = &b.grids[0];
        let letter = b'A' + u8::try_from(k).unwrap_or(0);
        let conv = to_berthier::convert(
            &g.grid,
            g.numbering.as_ref(),
            b.size,
            Some(letter),
        )
        .map_err(|source| ImportError::Grid {
            board: b.name.clone(),
            source,
        })?;
        convs.push(conv);
    }
    Ok(convs)
}

/// The map in sheets, offsets not yet set.
fn sheet_map(
    id: &str,
    map_name: &str,
    placed: &[(usize, [f64; 2])],
    convs: &[to_berthier::Conversion],
    from: &Boards<'_>,
) -> Map {
    let (boards, scans) = (from.boards, from.scans);
    let mut grid = convs[0].grid.clone();
    let p0 = placed[0].1;
    grid.origin_px = [grid.origin_px[0] + p0[0], grid.origin_px[1] + p0[1]];
    let extent = convs.iter().map(|c| c.extent.clone()).collect();
    let mut map = Map::blank(
        id.to_owned(),
        map_name.to_owned(),
        SERIES_PLACEHOLDER.to_owned(),
        grid,
        extent,
    );
    for (k, ((i, _), conv)) in placed.iter().zip(convs).enumerate() {
        map.sheets.push(Sheet {
            letter: char::from(b'A' + u8::try_from(k).unwrap_or(0)),
            name: Some(boards[*i].name.clone()),
            offset: [0, 0],
            scan: scans.get(i).cloned(),
            grid: Some(conv.grid.clone()),
            numbering: conv.numbering.clone(),
        });
    }
    map
}

/// Sets each sheet's offset from its first hex, then checks every hex;
/// `false` when some hex is off by half a pixel or more.
fn place_sheets(
    map: &mut Map,
    placed: &[(usize, [f64; 2])],
    convs: &[to_berthier::Conversion],
) -> bool {
    for (k, ((_, pos), conv)) in placed.iter().zip(convs).enumerate() {
        let Some((_, first)) = conv.hexes.first() else {
            return false;
        };
        let c = conv.grid.center_px(*first);
        let p = [c[0] + pos[0], c[1] + pos[1]];
        let Some(at) = map.grid.hex_at_px(p, None) else {
            return false;
        };
        map.sheets[k].offset = [
            i32::from(at.col) - i32::from(first.col),
            i32::from(at.row) - i32::from(first.row),
        ];
    }
    let geometry = map.geometry();
    placed.iter().zip(convs).all(|((_, pos), conv)| {
        conv.hexes.iter().all(|(_, id)| {
            let own = conv.grid.center_px(*id);
            let on_map = geometry.center_px(*id);
            (own[0] + pos[0] - on_map[0]).abs() < 0.5
                && (own[1] + pos[1] - on_map[1]).abs() < 0.5
        })
    })
}
