//! Importing a VASSAL module's boards as Berthier maps, atomically.
//!
//! [`import`] writes into a fresh folder next to `out_dir` and renames it
//! to `out_dir` only once every file is written, so a bad module or a
//! failed write leaves nothing behind. For each board grid it writes:
//!
//! - `<board>.map.ron`: the map, its scan the board image, its grid and
//!   extent from [`super::to_berthier`];
//! - `<board>.<ext>`: the board image, copied from the module (file names
//!   are made from the board's name, never from paths in the zip);
//! - the map's `numbering`, when VASSAL's printed names are not the
//!   Berthier `CCRR` numbers and a Berthier numbering prints them all;
//! - `<board>.vassal-names.ron`, when none does (a VASSAL quirk, see
//!   [`super::printed`]): the table from each hex to its name.
//!
//! A board whose `ZonedGrid` gives zones their own hex grids becomes one
//! map in sheets ([`zones`]): the background grid keeps the hexes outside
//! such zones, each zone's sheet the hexes whose centres lie in it, every
//! sheet registered on the board image with its own grid. Only when the
//! zones' hexes are turned differently (sideways against upright) does
//! each grid stay a map of its own (`<board>-<zone>`), with a note.
//!
//! The series is not in a module: each map's `series` points at
//! `series.ron` beside it, which the import does not write; a comment in
//! the map and a provenance note say so.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use berthier_schema::HexId;
use berthier_schema::document::WriteError;

use super::grid::Cell;
use super::module::{self, Board, BoardGrid, ModuleError};
use super::to_berthier::{self, Conversion, ConvertError};

mod counters;
mod map_file;
mod markers;
mod series;
mod setup;
mod sheets;
mod sides;
mod zones;

/// The series path every imported map points at, for the modder to write.
pub const SERIES_PLACEHOLDER: &str = "series.ron";

/// What an import wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// The maps written.
    pub maps: Vec<ImportedMap>,
    /// Boards with no hex grid (square or region grids, none), by name.
    pub skipped: Vec<String>,
    /// What was left out, "board: what".
    pub notes: Vec<String>,
    /// The counters file written from the module's pieces, if any.
    pub counters: Option<PathBuf>,
    /// Counters in it.
    pub units: usize,
    /// The scenarios written from the at-start stacks, one per map, then
    /// from each predefined setup.
    pub scenarios: Vec<PathBuf>,
    /// The series stub, for the modder to complete.
    pub series: PathBuf,
}

/// One map written.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportedMap {
    /// The VASSAL board (and zone) it comes from.
    pub source: String,
    /// The map file.
    pub map: PathBuf,
    /// The scan file, if the board has an image.
    pub scan: Option<PathBuf>,
    /// The table of VASSAL names, when they differ from the hex numbers.
    pub names: Option<PathBuf>,
    /// Hexes on the map.
    pub hexes: usize,
}

/// Why an import failed (nothing is written then).
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The module is bad.
    #[error(transparent)]
    Module(#[from] ModuleError),
    /// A grid has no Berthier equivalent.
    #[error("board `{board}`: {source}")]
    Grid {
        /// The board.
        board: String,
        /// The cause.
        source: ConvertError,
    },
    /// The output folder is there and not empty.
    #[error("{0} already exists and is not empty; choose a new folder")]
    OutExists(PathBuf),
    /// Writing failed.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file or folder.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A file could not be serialised.
    #[error("cannot write {0}: {1}")]
    Serialize(PathBuf, WriteError),
    /// A bug in the import itself.
    #[error("internal error in the VASSAL import: {0}")]
    Internal(String),
}

/// Imports the module at `module_path` into `out_dir` (created; must not
/// exist or be empty).
pub fn import(
    module_path: &Path,
    out_dir: &Path,
) -> Result<Report, ImportError> {
    if fs::read_dir(out_dir).is_ok_and(|mut d| d.next().is_some()) {
        return Err(ImportError::OutExists(out_dir.to_owned()));
    }
    let mut module = module::open(module_path)?;
    let parent = match out_dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    };
    let leaf = out_dir
        .file_name()
        .map_or("import".into(), |n| n.to_string_lossy().into_owned());
    remove_stale_staging(&parent, &leaf);
    let staging =
        parent.join(format!(".{leaf}.importing-{}", std::process::id()));
    let write = |path: &Path, source| ImportError::Write {
        path: path.to_owned(),
        source,
    };
    fs::create_dir_all(&staging).map_err(|e| write(&staging, e))?;
    // A panic still removes the staging folder, then goes on as a panic
    // (a bug to see, not an error to hide).
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        write_all(&mut module, &staging)
    }));
    let report = match result {
        Ok(Ok(report)) => report,
        Ok(Err(e)) => {
            let _ = fs::remove_dir_all(&staging);
            return Err(e);
        }
        Err(panic) => {
            let _ = fs::remove_dir_all(&staging);
            std::panic::resume_unwind(panic);
        }
    };
    // An empty out_dir is replaced; rename fails over a non-empty one.
    if out_dir.is_dir() {
        let _ = fs::remove_dir(out_dir);
    }
    if let Err(e) = fs::rename(&staging, out_dir) {
        let _ = fs::remove_dir_all(&staging);
        return Err(write(out_dir, e));
    }
    let moved =
        |p: &PathBuf| out_dir.join(p.strip_prefix(&staging).unwrap_or(p));
    Ok(Report {
        maps: report
            .maps
            .into_iter()
            .map(|m| ImportedMap {
                map: moved(&m.map),
                scan: m.scan.as_ref().map(moved),
                names: m.names.as_ref().map(moved),
                ..m
            })
            .collect(),
        skipped: report.skipped,
        notes: report.notes,
        counters: report.counters.as_ref().map(moved),
        units: report.units,
        scenarios: report.scenarios.iter().map(moved).collect(),
        series: moved(&report.series),
    })
}

/// Removes the staging folders (`.<leaf>.importing-<pid>`) that earlier
/// imports into `leaf` left in `parent` when they were killed or aborted
/// (an allocation failure ends the process without unwinding): those
/// whose process no longer runs. An import under way is left alone.
fn remove_stale_staging(parent: &Path, leaf: &str) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    let prefix = format!(".{leaf}.importing-");
    for entry in entries.flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .and_then(|pid| pid.parse::<u32>().ok());
        let Some(pid) = pid else { continue };
        if pid != std::process::id()
            && !berthier_schema::io::may_still_run(pid, &entry)
        {
            let _ = fs::remove_dir_all(entry.path());
        }
    }
}

/// Writes every map into `dir`.
fn write_all<R: std::io::Read + std::io::Seek>(
    module: &mut module::Module<R>,
    dir: &Path,
) -> Result<Report, ImportError> {
    let mut report = Report {
        maps: Vec::new(),
        skipped: Vec::new(),
        notes: Vec::new(),
        counters: None,
        units: 0,
        scenarios: Vec::new(),
        series: dir.join(SERIES_PLACEHOLDER),
    };
    let mut targets = Vec::new();
    let mut used = BTreeMap::new();
    let boards = module.boards.clone();
    // Scans first: a board's image serves its maps or its sheet.
    let (scans, bases) =
        copy_scans(module, &boards, &mut used, &mut report, dir)?;
    let mut in_sheets = Vec::new();
    let from = sheets::Boards {
        module: &module.name,
        boards: &boards,
        scans: &scans,
    };
    for (map_name, slots) in &module.layouts {
        let id = unique(&mut used, &slug(map_name));
        if let Some(w) =
            sheets::write(&from, map_name, slots, &id, dir, &mut report.notes)?
        {
            report.maps.push(w.map);
            targets.extend(w.targets);
            in_sheets.extend(w.boards);
        }
    }
    for (bi, board) in boards.iter().enumerate() {
        let Some(base) = bases.get(&bi).filter(|_| !in_sheets.contains(&bi))
        else {
            continue;
        };
        let scan = scans.get(&bi).map(String::as_str);
        let at = Place { dir, scan, base };
        let t = write_board(&module.name, board, &at, &mut used, &mut report)?;
        targets.extend(t);
    }
    write_pieces(module, &boards, &targets, &mut report, dir)?;
    Ok(report)
}

/// Where a board's maps go: the folder, its scan file, its base name.
struct Place<'a> {
    dir: &'a Path,
    scan: Option<&'a str>,
    base: &'a str,
}

/// Writes one board (not in sheets): its zoned grids as one map in
/// sheets, else each grid as a map; returns the grids stacks look up.
fn write_board(
    module: &str,
    board: &Board,
    at: &Place<'_>,
    used: &mut BTreeMap<String, u32>,
    report: &mut Report,
) -> Result<Vec<setup::Target>, ImportError> {
    let Place { dir, scan, base } = *at;
    if board.grids.iter().any(|g| g.zone.is_some()) {
        let notes = &mut report.notes;
        if let Some(w) = zones::write(module, board, base, scan, dir, notes)? {
            report.maps.push(w.map);
            return Ok(w.targets);
        }
    }
    let mut targets = Vec::new();
    for grid in &board.grids {
        let id = match &grid.zone {
            Some(z) => unique(used, &format!("{base}-{}", slug(&z.name))),
            // The board's own grid takes the name reserved above.
            None => base.to_owned(),
        };
        let (map, conv) = map_file::write(module, board, grid, &id, scan, dir)?;
        report.maps.push(map);
        targets.push(setup::Target {
            vassal_map: board.map.clone(),
            board: board.name.clone(),
            grid: grid.clone(),
            size: board.size,
            id,
            hexes: conv.hexes.into_iter().collect(),
        });
    }
    Ok(targets)
}

/// A file or name per board, by the board's index in the module.
type ByBoard = BTreeMap<usize, String>;

/// Copies each board image with a hex grid into `dir`; returns the scan
/// file and the base name of each such board, by index.
fn copy_scans<R: std::io::Read + std::io::Seek>(
    module: &mut module::Module<R>,
    boards: &[Board],
    used: &mut BTreeMap<String, u32>,
    report: &mut Report,
    dir: &Path,
) -> Result<(ByBoard, ByBoard), ImportError> {
    let mut scans = BTreeMap::new();
    let mut bases = BTreeMap::new();
    let mut copied: BTreeMap<String, String> = BTreeMap::new();
    for (bi, board) in boards.iter().enumerate() {
        for note in &board.notes {
            report.notes.push(format!("{}: {note}", board.name));
        }
        if board.grids.is_empty() {
            report.skipped.push(board.name.clone());
            continue;
        }
        let base = unique(used, &slug(&board.name));
        // Boards sharing one image share its scan: copied once, so the
        // bytes written are the module's, not boards times the image.
        let shared = board.image.as_ref().and_then(|entry| copied.get(entry));
        if let Some(name) = shared {
            scans.insert(bi, name.clone());
        } else if let Some(entry) = &board.image {
            let ext = Path::new(entry)
                .extension()
                .map_or("png".into(), |e| e.to_string_lossy().to_lowercase());
            let name = format!("{base}.{ext}");
            let bytes = module.entry(entry)?;
            let path = dir.join(&name);
            fs::write(&path, bytes)
                .map_err(|source| ImportError::Write { path, source })?;
            copied.insert(entry.clone(), name.clone());
            scans.insert(bi, name);
        }
        bases.insert(bi, base);
    }
    Ok((scans, bases))
}

/// Writes the counters, the at-start scenarios and the series stub.
fn write_pieces<R: std::io::Read + std::io::Seek>(
    module: &mut module::Module<R>,
    boards: &[Board],
    targets: &[setup::Target],
    report: &mut Report,
    dir: &Path,
) -> Result<(), ImportError> {
    let id = match slug(&module.name).as_str() {
        "board" => "vassal".to_owned(),
        s => s.to_owned(),
    };
    let written = counters::write(module, &id, dir)?;
    report.counters = written.file.as_ref().map(|f| dir.join(f));
    report.units = written.units;
    report.notes.extend(piece_notes(&written));
    report.notes.extend(module.setup_notes.iter().cloned());
    if let Some(file) = &written.file {
        let units = setup::Units {
            file,
            sides: &written.sides,
        };
        let mut groups = vec![setup::Group {
            setup: None,
            stacks: &module.stacks,
            ids: &written.stacks,
        }];
        for (s, ids) in module.setups.iter().zip(&written.setups) {
            groups.push(setup::Group {
                setup: Some(&s.name),
                stacks: &s.stacks,
                ids,
            });
        }
        for group in &groups {
            let notes = &mut report.notes;
            let files =
                setup::write(&module.name, group, &units, targets, dir, notes)?;
            report.scenarios.extend(files);
        }
    }
    report.notes.extend(zone_notes(boards));
    let found = series::Found {
        module: &module.name,
        classes: &written.classes,
        ratings: &written.ratings,
    };
    series::write(&found, dir)?;
    Ok(())
}

/// Where the pieces' sides were read, and the markers set apart.
fn piece_notes(written: &counters::Written) -> Vec<String> {
    let mut notes = Vec::new();
    if written.file.is_some() {
        let read: Vec<String> = written
            .side_sources
            .iter()
            .map(|(source, n)| format!("{n} from {source}"))
            .collect();
        let unknown =
            written.sides.values().filter(|s| *s == counters::UNKNOWN);
        let unknown = unknown.count();
        notes.push(format!(
            "sides: {}; {unknown} units on no side the module names",
            if read.is_empty() {
                "none read".to_owned()
            } else {
                read.join(", ")
            }
        ));
    }
    if written.markers > 0 {
        notes.push(format!(
            "{} pieces the module files as markers are written as markers \
             (or their formation's activation markers), not units",
            written.markers
        ));
    }
    if written.markers_left_out_of_setups > 0 {
        notes.push(format!(
            "{} markers of at-start stacks or setups are left out of the \
             scenarios, which place units",
            written.markers_left_out_of_setups
        ));
    }
    notes
}

/// The boards' zones, listed and not written as terrain: a VASSAL zone is
/// any named region (a turn track box, a draw cup, a holding box) far more
/// often than a terrain type, and the module does not say which.
/// A zone with a hex grid of its own is a sheet of the map, not listed.
fn zone_notes(boards: &[Board]) -> Vec<String> {
    let mut notes = Vec::new();
    for b in boards {
        let sheets: Vec<&str> = b
            .grids
            .iter()
            .filter_map(|g| g.zone.as_ref().map(|z| z.name.as_str()))
            .collect();
        let regions: Vec<&str> = b
            .zones
            .iter()
            .map(String::as_str)
            .filter(|z| !sheets.contains(z))
            .collect();
        if !regions.is_empty() {
            notes.push(format!(
                "{}: zones {} are regions of the board, not written as \
                 terrain; add to the series' `terrain` those that are",
                b.name,
                regions.join(", ")
            ));
        }
    }
    notes
}

/// The Berthier grid of a board grid: the whole board, or a zone's hexes.
pub fn convert(
    board: &Board,
    grid: &BoardGrid,
) -> Result<Conversion, ConvertError> {
    convert_sheet(board, grid, None)
}

/// [`convert`], the hexes lettered for `sheet` (`b'A'..=b'Z'`).
pub fn convert_sheet(
    board: &Board,
    grid: &BoardGrid,
    sheet: Option<u8>,
) -> Result<Conversion, ConvertError> {
    let numbering = grid.numbering.as_ref();
    match &grid.zone {
        None => {
            // A zoned board's background grid stops where a zone with its
            // own grid begins (VASSAL's ZonedGrid clips it out there).
            let zones: Vec<&[[i32; 2]]> = board
                .grids
                .iter()
                .filter_map(|g| g.zone.as_ref().map(|z| z.path.as_slice()))
                .collect();
            if zones.is_empty() {
                return to_berthier::convert(
                    &grid.grid, numbering, board.size, sheet,
                );
            }
            let cells: Vec<Cell> =
                to_berthier::cells_on_board(&grid.grid, board.size)?
                    .into_iter()
                    .filter(|c| {
                        let p = grid.grid.center(*c);
                        !zones.iter().any(|z| in_polygon(z, p))
                    })
                    .collect();
            to_berthier::convert_cells(
                &grid.grid, numbering, board.size, sheet, cells,
            )
        }
        Some(zone) => {
            let cells: Vec<Cell> =
                to_berthier::cells_on_board(&grid.grid, board.size)?
                    .into_iter()
                    .filter(|c| in_polygon(&zone.path, grid.grid.center(*c)))
                    .collect();
            let xs = zone.path.iter().map(|p| p[0]);
            let ys = zone.path.iter().map(|p| p[1]);
            let span = |v: Vec<i32>| {
                let lo = v.iter().min().copied().unwrap_or(0);
                let hi = v.iter().max().copied().unwrap_or(0);
                // Whole i32 range: a zone from -2147483648 overflowed `hi - lo`.
                hi.abs_diff(lo)
            };
            let size = [span(xs.collect()), span(ys.collect())];
            to_berthier::convert_cells(
                &grid.grid, numbering, size, sheet, cells,
            )
        }
    }
}

/// Whether `p` is inside a polygon (even-odd rule).
fn in_polygon(poly: &[[i32; 2]], p: [f64; 2]) -> bool {
    let mut inside = false;
    for i in 0..poly.len() {
        let a = poly[i].map(f64::from);
        let b = poly[(i + 1) % poly.len()].map(f64::from);
        if (a[1] > p[1]) != (b[1] > p[1]) {
            let x = a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1]);
            if p[0] < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// A file-name-safe id: lowercase letters and digits, dashes between.
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_owned();
    if out.is_empty() { "board".into() } else { out }
}

/// A property, palette or prototype name as the import compares names:
/// lowercased, letters and digits only (`Unit Side` is `unitside`).
fn normal(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// `base`, or `base-2`, `base-3`.. if taken.
fn unique(used: &mut BTreeMap<String, u32>, base: &str) -> String {
    let n = used.entry(base.to_owned()).or_insert(0);
    *n += 1;
    if *n == 1 {
        base.to_owned()
    } else {
        format!("{base}-{n}")
    }
}

/// The Berthier hex of each VASSAL name in a names table file, for tests
/// and tools reading one back.
pub fn read_names(text: &str) -> Option<BTreeMap<HexId, String>> {
    let table: BTreeMap<String, String> =
        berthier_schema::document::ron_options()
            .from_str(text)
            .ok()?;
    table
        .into_iter()
        .map(|(h, l)| h.parse().ok().map(|h| (h, l)))
        .collect()
}
