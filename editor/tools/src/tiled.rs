//! `berthier-editor export-tiled MAP --out map.tmx`: a map as a hexagonal
//! Tiled map. Tiled's grid matches the map's (orientation, stagger axis and
//! index, hex side length from the registration, rounded to whole pixels);
//! terrain and elevation are tile layers over two generated tilesets
//! (written beside the TMX as `<stem>-terrain.png` and `<stem>-level.png`,
//! each tile carrying its terrain id or level as a property); roads,
//! hexside features, places and entry points are object layers with their
//! names; the scan is an image layer placed so the hexes line up.

pub mod layout;
mod objects;
pub mod tileset;
pub mod tmx;

use std::path::{Path, PathBuf};

use berthier_schema::HexId;
use berthier_schema::map::Map;

use crate::palette::Palette;
use crate::project::{self, OpenError};
use layout::{Layout, LayoutError};
use tileset::{Tile, Tileset};
use tmx::{ImageLayer, TileLayer, TilesetRef, Tmx};

/// What an export wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    /// Files written, the TMX last.
    pub written: Vec<PathBuf>,
    /// Hexes on the terrain layer.
    pub hexes: usize,
    /// Tiled's tile width and height, in pixels.
    pub tile: [u32; 2],
    /// How far, at most, a hex centre on the Tiled grid is from the same
    /// hex on the scan image layer (rounding to whole-pixel tiles, and the
    /// rotation or corrections Tiled cannot show), in pixels.
    pub scan_drift_px: Option<f64>,
    /// What the export could not carry over.
    pub notes: Vec<String>,
}

/// Why a map could not be exported.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The map (or the scenario naming it) does not open.
    #[error("{0}")]
    Open(#[from] OpenError),
    /// The grid cannot be drawn by Tiled.
    #[error("{0}")]
    Layout(#[from] LayoutError),
    /// A tileset image could not be drawn.
    #[error("tileset: {0}")]
    Image(String),
    /// A file could not be written.
    #[error("{}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Exports the map `input` (or the map of the scenario `input`) to `out`.
pub fn export(input: &Path, out: &Path) -> Result<Report, ExportError> {
    let (path, map) = project::resolve_map(input)?;
    let palette = Palette::new(project::series_for(&path, &map).as_ref());
    let layout = Layout::of(&map)?;
    let terrain = terrain_tileset(&map, &palette);
    let levels = level_tileset(&map);
    let stem = out
        .file_stem()
        .map_or_else(|| "map".to_owned(), |s| s.to_string_lossy().into_owned());
    let dir = out.parent().unwrap_or(Path::new(""));
    let flat = layout.stagger_x;
    let mut written = Vec::new();
    let mut refs = Vec::new();
    let mut first_gid = 1;
    for set in [&terrain, &levels] {
        let name = format!("{stem}-{}.png", set.name);
        let png = set.png(layout.tile, flat).map_err(ExportError::Image)?;
        write(&dir.join(&name), &png)?;
        written.push(dir.join(&name));
        refs.push(TilesetRef {
            set,
            first_gid,
            image: name,
        });
        first_gid += u32::try_from(set.tiles.len().max(1)).unwrap_or(1);
    }
    let (image, scan_drift_px, mut notes) =
        scan_layer(&path, &map, &layout, out);
    let tiles = vec![
        terrain_layer(&map, &layout, &terrain, refs[0].first_gid),
        level_layer(&map, &layout, &levels, refs[1].first_gid),
    ];
    let (objects, object_notes) = objects::layers(&map, &layout);
    notes.extend(object_notes);
    let tmx = Tmx {
        layout: &layout,
        tilesets: refs,
        image,
        tiles,
        objects,
        properties: vec![
            ("berthier-map", map.id.clone()),
            ("name", map.name.clone()),
        ],
    };
    let bytes = tmx.write().map_err(|source| ExportError::Write {
        path: out.to_owned(),
        source,
    })?;
    write(out, &bytes)?;
    written.push(out.to_owned());
    Ok(Report {
        written,
        hexes: layout.cells.len(),
        tile: layout.tile,
        scan_drift_px,
        notes,
    })
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    berthier_schema::io::save_atomic(path, bytes).map_err(|source| {
        ExportError::Write {
            path: path.to_owned(),
            source,
        }
    })
}

/// One tile per terrain painted on the map, in id order, and a first tile
/// (value "") for hexes with no terrain.
fn terrain_tileset(map: &Map, palette: &Palette) -> Tileset {
    let mut ids: Vec<&str> = (map.hexes.values())
        .filter_map(|h| h.terrain.as_deref())
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let mut tiles = vec![Tile {
        value: String::new(),
        colour: crate::palette::UNKNOWN,
    }];
    tiles.extend(ids.into_iter().map(|id| Tile {
        value: id.to_owned(),
        colour: palette.terrain(id),
    }));
    Tileset {
        name: "terrain",
        tiles,
    }
}

/// One tile per elevation level on the map, lowest first.
fn level_tileset(map: &Map) -> Tileset {
    let mut levels: Vec<i8> =
        map.hexes.values().filter_map(|h| h.level).collect();
    levels.sort_unstable();
    levels.dedup();
    let (lo, hi) = (levels.first().copied(), levels.last().copied());
    let tiles = levels
        .iter()
        .map(|l| Tile {
            value: l.to_string(),
            colour: tileset::level_colour(*l, lo.unwrap_or(0), hi.unwrap_or(0)),
        })
        .collect();
    Tileset {
        name: "level",
        tiles,
    }
}

fn terrain_layer(
    map: &Map,
    layout: &Layout,
    set: &Tileset,
    gid: u32,
) -> TileLayer {
    let gids = cell_gids(layout, |id| {
        let terrain = (map.hexes.get(id))
            .and_then(|h| h.terrain.as_deref())
            .unwrap_or("");
        Some(gid + set.id(terrain).unwrap_or(0))
    });
    TileLayer {
        name: "terrain",
        gids,
        opacity: 0.6,
        visible: true,
    }
}

fn level_layer(
    map: &Map,
    layout: &Layout,
    set: &Tileset,
    gid: u32,
) -> TileLayer {
    let gids = cell_gids(layout, |id| {
        let level = map.hexes.get(id).and_then(|h| h.level)?;
        Some(gid + set.id(&level.to_string())?)
    });
    // Hidden at first: opaque greys would hide the terrain.
    TileLayer {
        name: "elevation",
        gids,
        opacity: 0.6,
        visible: false,
    }
}

/// One global id per cell, row by row: `gid_of` each hex, 0 for none.
fn cell_gids(
    layout: &Layout,
    gid_of: impl Fn(&HexId) -> Option<u32>,
) -> Vec<u32> {
    let mut gids = vec![0; (layout.size[0] * layout.size[1]) as usize];
    for (id, cell) in &layout.cells {
        if let Some(gid) = gid_of(id) {
            gids[(cell.y * layout.size[0] + cell.x) as usize] = gid;
        }
    }
    gids
}

/// The scan as an image layer, its offset taken at the grid's origin hex
/// (or the first hex), and the largest distance between a hex's Tiled
/// centre and its centre on the placed scan.
fn scan_layer(
    path: &Path,
    map: &Map,
    layout: &Layout,
    out: &Path,
) -> (Option<ImageLayer>, Option<f64>, Vec<String>) {
    let Some(scan) = map.scan.as_deref() else {
        return (None, None, vec!["no scan: no image layer".to_owned()]);
    };
    let geometry = map.geometry();
    let on_scan = |id| geometry.fract_to_px(map.hex(id).as_vec2());
    let anchor = (layout.cells.get_key_value(&map.grid.origin_hex))
        .or_else(|| layout.cells.iter().next());
    let Some((id, cell)) = anchor else {
        return (None, None, Vec::new());
    };
    let s = on_scan(*id);
    // Whole pixels: readers such as pytmx take layer offsets as integers.
    let offset = [
        (cell.centre[0] - s[0]).round(),
        (cell.centre[1] - s[1]).round(),
    ];
    let drift = (layout.cells.iter())
        .map(|(id, c)| {
            let p = on_scan(*id);
            let (dx, dy) = (
                p[0] + offset[0] - c.centre[0],
                p[1] + offset[1] - c.centre[1],
            );
            (dx * dx + dy * dy).sqrt()
        })
        .fold(0.0, f64::max);
    let mut notes = Vec::new();
    if map.grid.rotation_deg != 0.0 || !map.grid.corrections.is_empty() {
        notes.push(
            "the scan's rotation and corrections cannot be shown by a Tiled \
             image layer: it is placed at the origin hex"
                .to_owned(),
        );
    }
    let scan = berthier_schema::pack::beside(path, scan);
    let size = match image::image_dimensions(&scan) {
        Ok((w, h)) => [w, h],
        Err(e) => {
            notes.push(format!("scan {}: {e}: no image layer", scan.display()));
            return (None, None, notes);
        }
    };
    let image = relative_path(&scan, out.parent().unwrap_or(Path::new("")));
    (
        Some(ImageLayer {
            image,
            offset,
            size,
        }),
        Some(drift),
        notes,
    )
}

/// `target` as a path relative to the folder `from` (both made absolute
/// from the working folder), `/`-separated as TMX files write them.
fn relative_path(target: &Path, from: &Path) -> String {
    let absolute =
        |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_owned());
    let (target, from) = (absolute(target), absolute(from));
    let (t, f): (Vec<_>, Vec<_>) =
        (target.components().collect(), from.components().collect());
    let common = t.iter().zip(&f).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); f.len() - common];
    parts.extend(
        t[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}
