//! `export-vassal`: a Berthier battle as a VASSAL module (`.vmod`).
//!
//! The battle is a scenario file (its map, its counters and its setup), or
//! a map with its scenarios (a map file, or a folder holding one map or
//! scenarios on one map; [`super::read`]): the module gets one map window
//! with one board, whose image is the map's scan, or the map drawn by
//! [`crate::render`] when it has none, and whose `HexGrid` and numbering
//! put every hex where Berthier does ([`super::hex_grid`]); a palette
//! with one piece per counter, its two faces drawn by
//! [`crate::counter_art`] (the back as a flip layer, [`super::piece`]);
//! and the setup: a scenario given alone as at-start stacks, one per hex,
//! each at the centre of its hex in board pixels; the scenarios of a map
//! as one predefined setup each ([`super::setups`]), which a player picks
//! from VASSAL's New Game menu. The zip is built in memory and written
//! through a temporary file renamed over `out`, so a failure leaves no
//! half-written module.
//!
//! What a module cannot hold is reported, not dropped silently: facing,
//! formation and state of placed units (a stack has none),
//! reinforcements and the turn track (VASSAL has no such components),
//! scenarios on other counters than the first's (a module has one
//! palette), and a map numbering other than Berthier's `CCRR` (the export
//! prints Berthier's numbers).

use std::collections::BTreeMap;
use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};

use berthier_schema::scenario::{Placed, Scenario};
use berthier_schema::{Grid, HexId, Map};

use super::build_file::{self, Build, Slot, Stack};
use super::counters::{Pieces, pieces};
use super::read::{Battle, ScenarioFile, read_battle};
use super::setups;
use super::{ExportError, Exported, hex_grid, hex_grid_xml};
use crate::counter_art;
use crate::palette::Palette;
use crate::project::{self, OpenError};
use crate::render;
use crate::scene::Layer;

/// What [`export`] wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct VmodReport {
    /// The module.
    pub module: PathBuf,
    /// The map file exported.
    pub map: PathBuf,
    /// The board image's source: the scan, or `None` when drawn.
    pub scan: Option<PathBuf>,
    /// Board size in pixels.
    pub size: [u32; 2],
    /// Board pixel of map pixel (0, 0): zero over a scan; the paper
    /// margin of a drawn map; for a scan turned upright, where the
    /// upright frame's (0, 0) lies.
    pub offset_px: [f64; 2],
    /// How far VASSAL's hex centres lie from Berthier's (whole-pixel
    /// origin, [`super::Exported::moved_px`]).
    pub moved_px: [f64; 2],
    /// Counters in the palette.
    pub counters: usize,
    /// At-start stacks, or stacks of the predefined setups (occupied
    /// hexes).
    pub stacks: usize,
    /// Pieces in the at-start stacks or predefined setups.
    pub placed: usize,
    /// The predefined setups, by name (one per scenario of a map).
    pub setups: Vec<String>,
    /// What the module cannot hold.
    pub notes: Vec<String>,
}

/// Why an export failed (nothing is written then).
#[derive(Debug, thiserror::Error)]
pub enum VmodError {
    /// A file of the battle does not open.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// The battle is not a map or scenario, or a folder of one map.
    #[error("{}: {message}", path.display())]
    Battle {
        /// What was given.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The grid has no VASSAL equivalent.
    #[error("{}: {source}", map.display())]
    Grid {
        /// The map.
        map: PathBuf,
        /// The cause.
        source: ExportError,
    },
    /// The counters or their series do not load.
    #[error("counters: {0}")]
    Counters(counter_art::sheet::SheetError),
    /// The scan or a drawn image cannot be read or encoded.
    #[error("{}: {message}", path.display())]
    Image {
        /// The image.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The module cannot be written.
    #[error("cannot write {}: {message}", path.display())]
    Write {
        /// The module.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// Exports `battle` (a scenario; a map, or a folder holding one map or
/// scenarios, with its scenarios) as the module `out`.
pub fn export(battle: &Path, out: &Path) -> Result<VmodReport, VmodError> {
    let battle = read_battle(battle)?;
    let mut notes = Vec::new();
    let (board, grid, exported) = board_and_grid(&battle, &mut notes)?;
    let name = battle.map.name.clone();
    let image = format!("map-{}.{}", file_stem(&battle.map.id), board.ext);
    let mut files = vec![(format!("images/{image}"), board.bytes.clone())];
    let mut build = Build {
        name: name.clone(),
        description: format!("{name}, exported from Berthier"),
        map: "Main Map".to_owned(),
        board: name.clone(),
        image,
        grid_xml: hex_grid_xml(&exported.grid, &exported.numbering),
        palette: Vec::new(),
        stacks: Vec::new(),
        setups: Vec::new(),
    };
    let mut counts = Counts::default();
    let scenarios = same_counters(&battle.scenarios, &mut notes);
    if let Some(first) = scenarios.first() {
        let pieces = pieces(&first.counters, grid.hex_radius_px, &mut files)?;
        counts.counters = pieces.count;
        let at = |hex: HexId| {
            let c = grid.center_px(hex);
            [0, 1].map(|i| (c[i] + exported.moved_px[i]).round() as i32)
        };
        if battle.predefined {
            let on = setups::On {
                map: &build.map,
                module: &build.name,
                description: &build.description,
                at,
            };
            for s in &scenarios {
                let setup = setups::setup(s, &pieces, &on, &mut notes)
                    .map_err(|e| VmodError::Write {
                        path: out.to_owned(),
                        message: e.to_string(),
                    })?;
                counts.stacks += setup.stacks;
                counts.placed += setup.placed;
                build.setups.push((setup.name, setup.file.clone()));
                files.push((setup.file, setup.bytes));
                scenario_notes(&s.path, &s.scenario, &mut notes);
            }
        } else {
            build.stacks = stacks(&first.scenario, &pieces, at, &mut notes);
            counts.stacks = build.stacks.len();
            counts.placed = build.stacks.iter().map(|s| s.pieces.len()).sum();
            scenario_notes(&first.path, &first.scenario, &mut notes);
        }
        build.palette = pieces.palette;
    }
    write_module(out, &build, files)?;
    Ok(VmodReport {
        module: out.to_owned(),
        map: battle.map_path,
        scan: board.scan,
        size: board.size,
        offset_px: board.offset,
        moved_px: exported.moved_px,
        counters: counts.counters,
        stacks: counts.stacks,
        placed: counts.placed,
        setups: build.setups.into_iter().map(|(n, _)| n).collect(),
        notes,
    })
}

/// Counters, stacks and placed pieces exported.
#[derive(Default)]
struct Counts {
    counters: usize,
    stacks: usize,
    placed: usize,
}

/// The scenarios using the first one's counters (a module has one
/// palette); the others are noted and left out.
fn same_counters<'a>(
    scenarios: &'a [ScenarioFile],
    notes: &mut Vec<String>,
) -> Vec<&'a ScenarioFile> {
    let Some(first) = scenarios.first() else {
        return Vec::new();
    };
    let key = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_owned());
    let want = key(&first.counters);
    scenarios
        .iter()
        .filter(|s| {
            let same = key(&s.counters) == want;
            if !same {
                notes.push(format!(
                    "{}: its counters are not {}; left out (a module has \
                     one palette)",
                    s.path.display(),
                    first.counters.display()
                ));
            }
            same
        })
        .collect()
}

/// The board image, the map's grid on it, and VASSAL's grid.
fn board_and_grid(
    battle: &Battle,
    notes: &mut Vec<String>,
) -> Result<(BoardImage, Grid, Exported), VmodError> {
    let bad = |source| VmodError::Grid {
        map: battle.map_path.clone(),
        source,
    };
    if !battle.map.sheets.is_empty() {
        return Err(bad(ExportError::Unsupported("several sheets")));
    }
    if battle.map.numbering.is_some() {
        notes.push(
            "the map prints its own numbering; the module numbers hexes \
             with Berthier's CCRR"
                .to_owned(),
        );
    }
    let board = board_image(&battle.map_path, &battle.map)?;
    let mut grid = battle.map.grid.clone();
    grid.origin_px = [0, 1].map(|i| grid.origin_px[i] + board.offset[i]);
    if board.upright {
        notes.push(format!(
            "the scan is registered {}° off: the board is the scan turned \
             upright (resampled), as VASSAL's grid has no angle",
            grid.rotation_deg
        ));
        grid.rotation_deg = 0.0;
    }
    let exported = hex_grid(&grid).map_err(bad)?;
    Ok((board, grid, exported))
}

/// Zips the module and writes it through a temporary file.
fn write_module(
    out: &Path,
    build: &Build,
    files: Vec<(String, Vec<u8>)>,
) -> Result<(), VmodError> {
    let write = |message| VmodError::Write {
        path: out.to_owned(),
        message,
    };
    let bytes = zip_module(build, files).map_err(write)?;
    berthier_schema::io::save_atomic(out, &bytes)
        .map_err(|e| write(e.to_string()))
}

/// A board image ready for the zip.
struct BoardImage {
    bytes: Vec<u8>,
    ext: String,
    scan: Option<PathBuf>,
    size: [u32; 2],
    offset: [f64; 2],
    /// The scan turned upright for a grid registered at an angle.
    upright: bool,
}

/// The scan as it is (PNG, JPEG and GIF, which VASSAL shows; other
/// formats re-encoded as PNG), or the map drawn on paper.
fn board_image(map_path: &Path, map: &Map) -> Result<BoardImage, VmodError> {
    if let Some(scan) = map.scan.as_deref() {
        let path = berthier_schema::pack::beside(map_path, scan);
        let img = project::load_rgba(&path)?;
        if map.grid.rotation_deg != 0.0 {
            let up = super::derotate::upright(
                &img,
                map.grid.rotation_deg,
                map.grid.origin_px,
            );
            let size = [up.image.width(), up.image.height()];
            let upright = image::DynamicImage::ImageRgba8(up.image);
            return Ok(BoardImage {
                bytes: png(&upright, &path)?,
                ext: "png".into(),
                scan: Some(path),
                size,
                offset: up.offset,
                upright: true,
            });
        }
        let size = [img.width(), img.height()];
        let ext = path
            .extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .unwrap_or_default();
        let (bytes, ext) = if ["png", "jpg", "jpeg", "gif"].contains(&&*ext) {
            let bytes = std::fs::read(&path).map_err(|e| VmodError::Image {
                path: path.clone(),
                message: e.to_string(),
            })?;
            (bytes, ext)
        } else {
            (
                png(&image::DynamicImage::ImageRgba8(img), &path)?,
                "png".into(),
            )
        };
        return Ok(BoardImage {
            bytes,
            ext,
            scan: Some(path),
            size,
            offset: [0.0; 2],
            upright: false,
        });
    }
    let palette = Palette::new(project::series_for(map_path, map).as_ref());
    let layers: Vec<Layer> = Layer::ALL
        .into_iter()
        .filter(|l| *l != Layer::Scan)
        .collect();
    let drawn = render::render(map, &palette, None, &layers);
    let size = [drawn.image.width(), drawn.image.height()];
    Ok(BoardImage {
        bytes: png(&image::DynamicImage::ImageRgb8(drawn.image), map_path)?,
        ext: "png".into(),
        scan: None,
        size,
        offset: drawn.offset,
        upright: false,
    })
}

/// `img` as PNG bytes (`path` names it in errors).
pub(super) fn png(
    img: &image::DynamicImage,
    path: &Path,
) -> Result<Vec<u8>, VmodError> {
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| VmodError::Image {
            path: path.to_owned(),
            message: e.to_string(),
        })?;
    Ok(out.into_inner())
}

/// The setup as one at-start stack per hex.
fn stacks(
    scenario: &Scenario,
    pieces: &Pieces,
    at: impl Fn(HexId) -> [i32; 2],
    notes: &mut Vec<String>,
) -> Vec<Stack> {
    placed_by_hex(scenario, &pieces.by_unit, notes)
        .into_iter()
        .map(|(hex, placed)| Stack {
            name: hex.to_string(),
            at: at(hex),
            pieces: placed
                .iter()
                .filter_map(|p| pieces.by_unit.get(&p.unit).cloned())
                .collect(),
        })
        .collect()
}

/// The setup's units by hex, each hex's bottom first (Berthier's `stack`
/// counts 0 = top; unnumbered units keep the file's order, the first at
/// the bottom); units without a counter are noted and left out.
pub(super) fn placed_by_hex<'a>(
    scenario: &'a Scenario,
    by_unit: &BTreeMap<String, Slot>,
    notes: &mut Vec<String>,
) -> Vec<(HexId, Vec<&'a Placed>)> {
    let mut by_hex: BTreeMap<HexId, Vec<&Placed>> = BTreeMap::new();
    let mut lost = 0;
    for p in scenario.sides.iter().flat_map(|s| &s.setup) {
        if by_unit.contains_key(&p.unit) {
            by_hex.entry(p.hex).or_default().push(p);
        } else {
            notes.push(format!(
                "{}: setup: unit `{}` is not in the counters; left out",
                scenario.id, p.unit
            ));
        }
        if p.facing.is_some() || p.formation.is_some() || p.state.is_some() {
            lost += 1;
        }
    }
    if lost > 0 {
        notes.push(format!(
            "{}: setup: the facing, formation or state of {lost} placed \
             unit(s) is not exported (a VASSAL stack holds pieces only)",
            scenario.id
        ));
    }
    by_hex
        .into_iter()
        .map(|(hex, mut placed)| {
            placed.sort_by_key(|p| std::cmp::Reverse(p.stack.unwrap_or(0)));
            (hex, placed)
        })
        .collect()
}

/// What of the scenario a module has no place for.
fn scenario_notes(path: &Path, s: &Scenario, notes: &mut Vec<String>) {
    let reinforcements: usize =
        s.sides.iter().map(|side| side.reinforcements.len()).sum();
    if reinforcements > 0 {
        notes.push(format!(
            "{}: {reinforcements} reinforcement group(s) and the turn track \
             are not exported (VASSAL has no such components); their units \
             are in the palette",
            path.display()
        ));
    }
}

/// The module zip: build file, module data, images.
fn zip_module(
    build: &Build,
    images: Vec<(String, Vec<u8>)>,
) -> Result<Vec<u8>, String> {
    use zip::write::SimpleFileOptions;
    let deflate = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    // PNG and JPEG are compressed already.
    let stored = SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored);
    let mut w = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let text = [
        ("buildFile.xml".to_owned(), build_file::build_file(build)),
        (
            "moduledata".to_owned(),
            build_file::module_data(&build.name, &build.description),
        ),
    ];
    let e = |e: &dyn std::fmt::Display| e.to_string();
    for (name, body) in text {
        w.start_file(name, deflate).map_err(|x| e(&x))?;
        w.write_all(body.as_bytes()).map_err(|x| e(&x))?;
    }
    for (name, bytes) in images {
        w.start_file(name, stored).map_err(|x| e(&x))?;
        w.write_all(&bytes).map_err(|x| e(&x))?;
    }
    Ok(w.finish().map_err(|x| e(&x))?.into_inner())
}

/// An id as a file name: letters, digits, `-` and `_`, others as `-`.
pub(super) fn file_stem(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if s.is_empty() { "board".into() } else { s }
}
