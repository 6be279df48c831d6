//! A board whose `ZonedGrid` gives zones their own hex grids, as one map
//! in sheets: the board's background grid (if any) is sheet A, each zone
//! with a grid the next letter, every sheet with the board image as its
//! scan and its own registration (`Sheet::grid`) and numbering, holding
//! the hexes whose centres lie in it (the background's stop at the zones,
//! as VASSAL's `ZonedGrid` clips it there).
//!
//! A zone is usually an inset (a town at a larger scale, a holding box),
//! not a continuation of the board: the sheets are laid side by side on
//! the canonical grid, each two columns right of the last, tops aligned,
//! so that no hex of one sheet is adjacent to another's. When a zone's
//! hexes are turned differently from the first sheet's (sideways against
//! upright) they cannot share one canonical grid: the board's grids stay
//! separate maps, with a note.

use std::path::Path;

use berthier_schema::sheet::Sheet;
use berthier_schema::{Map, Provenance, Source};

use super::super::module::Board;
use super::super::to_berthier::Conversion;
use super::setup::Target;
use super::sheets::write_map;
use super::{ImportError, ImportedMap, SERIES_PLACEHOLDER, convert_sheet};

/// The zoned board's map and the grids stacks look up.
pub(super) struct Written {
    pub map: ImportedMap,
    pub targets: Vec<Target>,
}

/// Writes `board`'s grids as sheets of map `id`, or `Ok(None)` (with a
/// note) when they cannot share one canonical grid.
pub(super) fn write(
    module: &str,
    board: &Board,
    id: &str,
    scan: Option<&str>,
    dir: &Path,
    notes: &mut Vec<String>,
) -> Result<Option<Written>, ImportError> {
    let mut convs = Vec::new();
    for (k, grid) in board.grids.iter().enumerate() {
        let letter = b'A' + u8::try_from(k.min(25)).unwrap_or(0);
        let conv =
            convert_sheet(board, grid, Some(letter)).map_err(|source| {
                ImportError::Grid {
                    board: board.name.clone(),
                    source,
                }
            })?;
        convs.push(conv);
    }
    let orientation = convs[0].grid.orientation;
    if board.grids.len() > 26
        || convs.iter().any(|c| c.grid.orientation != orientation)
    {
        notes.push(format!(
            "board `{}`: its zones' hexes are turned differently (or there \
             are over 26): each grid stays a map of its own",
            board.name
        ));
        return Ok(None);
    }
    let map = sheet_map(module, board, id, scan, &convs);
    let path = dir.join(format!("{id}.map.ron"));
    write_map(&map, &path)?;
    let targets = targets(board, &convs, id);
    Ok(Some(Written {
        map: ImportedMap {
            source: format!(
                "{} ({} grids as sheets)",
                board.name,
                board.grids.len()
            ),
            map: path,
            scan: scan.map(|s| dir.join(s)),
            names: None,
            hexes: convs.iter().map(|c| c.hexes.len()).sum(),
        },
        targets,
    }))
}

/// Each grid as the at-start stacks look it up.
fn targets(board: &Board, convs: &[Conversion], id: &str) -> Vec<Target> {
    board
        .grids
        .iter()
        .zip(convs)
        .map(|(grid, conv)| Target {
            vassal_map: board.map.clone(),
            board: board.name.clone(),
            grid: grid.clone(),
            size: board.size,
            id: id.to_owned(),
            hexes: conv.hexes.iter().cloned().collect(),
        })
        .collect()
}

/// The map: the first grid canonical, one sheet per grid, side by side.
fn sheet_map(
    module: &str,
    board: &Board,
    id: &str,
    scan: Option<&str>,
    convs: &[Conversion],
) -> Map {
    let mut map = Map::blank(
        id.to_owned(),
        board.name.clone(),
        SERIES_PLACEHOLDER.to_owned(),
        convs[0].grid.clone(),
        convs.iter().map(|c| c.extent.clone()).collect(),
    );
    let mut next_col = 0i32;
    let top = i32::from(convs[0].extent.rows[0]);
    for (k, (grid, conv)) in board.grids.iter().zip(convs).enumerate() {
        let [c0, c1] = conv.extent.cols.map(i32::from);
        let mut dc = if k == 0 { 0 } else { next_col - c0 };
        // Keep the lower columns lower: an odd shift flips the parity.
        if (conv.grid.shift != map.grid.shift) != (dc.rem_euclid(2) == 1) {
            dc += 1;
        }
        let dr = if k == 0 {
            0
        } else {
            top - i32::from(conv.extent.rows[0])
        };
        next_col = c1 + dc + 2;
        map.sheets.push(Sheet {
            letter: char::from(b'A' + u8::try_from(k).unwrap_or(0)),
            name: Some(grid.zone.as_ref().map_or_else(
                || format!("{} (outside the zones)", board.name),
                |z| z.name.clone(),
            )),
            offset: [dc, dr],
            scan: scan.map(str::to_owned),
            grid: Some(conv.grid.clone()),
            numbering: conv.numbering.clone(),
        });
    }
    map.provenance = vec![Provenance {
        about: "sheets".into(),
        source: Source::Inferred,
        reference: Some(format!(
            "VASSAL module `{module}`, board `{}`",
            board.name
        )),
        note: Some(
            "One sheet per hex grid of the board's ZonedGrid (the \
             background, then each zone with its own grid), each \
             registered on the board image with VASSAL's grid; laid side \
             by side, not adjacent."
                .into(),
        ),
    }];
    map
}
