//! `berthier-editor render`: draws a map to a PNG with no window, from the
//! same scene shapes the editor shows. With `--scanify` it prints the map
//! on a clean grid and then "scans" it (turn, scale, blur, grain), and
//! reports the grid registration that matches the result.

pub mod raster;
pub mod scanify;

use std::path::{Path, PathBuf};

use ab_glyph::FontRef;
use berthier_schema::{Format, Grid, Map};
use image::{RgbImage, RgbaImage, imageops};

use crate::palette::Palette;
use crate::project::{self, OpenError};
use crate::scene::{self, Layer, Px, Shape};
use scanify::ScanTransform;

/// What `render` draws and where (the command line's `render FILE --out
/// PNG [--layers LIST] [--scanify]`, parsed by `berthier-tools-cli`).
#[derive(Debug, Clone, PartialEq)]
pub struct RenderArgs {
    /// Map or scenario file.
    pub input: PathBuf,
    /// PNG to write.
    pub out: PathBuf,
    /// Layers drawn bottom to top, or `None` for the defaults.
    pub layers: Option<Vec<Layer>>,
    /// Print on a clean grid, then "scan" it, and report the grid
    /// registration that matches the result.
    pub scanify: bool,
}

/// What `render` did.
#[derive(Debug, Clone)]
pub struct Report {
    /// Image size.
    pub size: [u32; 2],
    /// Image pixel of the map's scan pixel (0, 0) (see [`Rendering`]).
    pub offset: Px,
    /// With `--scanify`: the grid registration that matches the scan.
    pub grid: Option<Grid>,
}

impl Report {
    /// The registration in RON, ready to paste into the map's `grid`.
    pub fn grid_ron(&self) -> Option<String> {
        berthier_schema::document::to_text(self.grid.as_ref()?, Format::Ron)
            .ok()
    }
}

/// The layers part of `render`'s help: what `--layers` takes and every
/// layer, one line each.
pub fn usage() -> String {
    let printed: Vec<_> = PRINTED.iter().map(|l| l.name()).collect();
    let mut out = format!(
        "LIST is comma-separated layer names, drawn bottom to top. Default:\n\
         all of them; with --scanify, {}.\n",
        printed.join(",")
    );
    for layer in Layer::ALL {
        out += &format!("  {:<10} {}\n", layer.name(), layer.about());
    }
    out
}

/// A `--layers` name that names no layer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown layer `{0}`; layers are {names}", names = layer_names())]
pub struct UnknownLayer(String);

fn layer_names() -> String {
    let all: Vec<_> = Layer::ALL.iter().map(|l| l.name()).collect();
    all.join(",")
}

/// One `--layers` name.
pub fn parse_layer(name: &str) -> Result<Layer, UnknownLayer> {
    Layer::from_name(name.trim()).ok_or_else(|| UnknownLayer(name.to_owned()))
}

/// What `--scanify` prints unless `--layers` says otherwise: what a
/// printed map shows, without the editor's marks (and what made
/// `maps/demo/demo-scan.png`, which must not change with the defaults).
pub const PRINTED: [Layer; 6] = [
    Layer::Terrain,
    Layer::Hexsides,
    Layer::Roads,
    Layer::Grid,
    Layer::Numbers,
    Layer::Names,
];

/// A step of a render, for a status line while a big map is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// About to draw `layer`, the `index`th (from 1) of `count`.
    Layer {
        /// The layer.
        layer: Layer,
        /// Its place in the list, from 1.
        index: usize,
        /// How many layers are drawn.
        count: usize,
    },
    /// Reducing the supersampled picture to its size.
    Reducing,
    /// Writing the PNG.
    Writing,
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Layer {
                layer,
                index,
                count,
            } => write!(f, "drawing {} ({index}/{count})", layer.name()),
            Self::Reducing => write!(f, "reducing"),
            Self::Writing => write!(f, "writing the PNG"),
        }
    }
}

/// Maps with at least this many hexes report their steps: a debug build
/// takes seconds on Ligny's 2128, and a silent wait looks like a hang.
pub const BIG_MAP_HEXES: usize = 1000;

/// Runs the subcommand.
pub fn run(args: &RenderArgs) -> Result<Report, OpenError> {
    run_with_progress(args, &mut |_| {})
}

/// Runs the subcommand, telling `progress` each step on a big map (see
/// [`BIG_MAP_HEXES`]; `--scanify` is not reported).
pub fn run_with_progress(
    args: &RenderArgs,
    progress: &mut dyn FnMut(Step),
) -> Result<Report, OpenError> {
    let (path, map) = project::resolve_map(&args.input)?;
    let palette = Palette::new(project::series_for(&path, &map).as_ref());
    let defaults: &[Layer] = if args.scanify { &PRINTED } else { &Layer::ALL };
    let mut layers = args.layers.clone().unwrap_or_else(|| defaults.to_vec());
    let save = |img: &RgbImage| {
        img.save(&args.out).map_err(|e| OpenError {
            file: args.out.clone(),
            line: 0,
            column: 0,
            message: e.to_string(),
        })
    };
    if args.scanify {
        // A scan of a scan would be circular.
        layers.retain(|l| *l != Layer::Scan);
        let (img, t) = scan_of(&map, &palette, &layers, DEMO_SEED);
        save(&img)?;
        let print = print_grid(&map).0;
        return Ok(Report {
            size: t.output,
            offset: [0.0; 2],
            grid: Some(t.grid(&print)),
        });
    }
    let scan = match (layers.contains(&Layer::Scan), map.scan.as_deref()) {
        (true, Some(scan)) => Some(project::load_rgba(
            &berthier_schema::pack::beside(&path, scan),
        )?),
        _ => None,
    };
    let mut quiet = |_: Step| {};
    let progress = if scene::all_hexes(&map).count() >= BIG_MAP_HEXES {
        progress
    } else {
        &mut quiet
    };
    let drawn =
        render_with_progress(&map, &palette, scan.as_ref(), &layers, progress);
    progress(Step::Writing);
    save(&drawn.image)?;
    Ok(Report {
        size: [drawn.image.width(), drawn.image.height()],
        offset: drawn.offset,
        grid: None,
    })
}

/// A rendered map.
#[derive(Debug, Clone)]
pub struct Rendering {
    /// The picture.
    pub image: RgbImage,
    /// Image pixel of the map's scan pixel (0, 0): zero over a scan; on
    /// paper, the whole-pixel shift that puts every hex of the extent and
    /// everything drawn (edge names outside the map too) inside the image
    /// with a margin.
    pub offset: Px,
}

/// Draws `layers` of `map`: over the scan when one is given (same size, in
/// its pixels), else on paper just large enough for the extent and every
/// shape. Drawn at twice the size and reduced, for smooth edges.
pub fn render(
    map: &Map,
    palette: &Palette,
    scan: Option<&RgbaImage>,
    layers: &[Layer],
) -> Rendering {
    render_with_progress(map, palette, scan, layers, &mut |_| {})
}

/// [`render`], telling `progress` as each layer is drawn.
pub fn render_with_progress(
    map: &Map,
    palette: &Palette,
    scan: Option<&RgbaImage>,
    layers: &[Layer],
    progress: &mut dyn FnMut(Step),
) -> Rendering {
    const SS: f64 = 2.0;
    let font = raster::font();
    // The scan is the background, not a layer of shapes.
    let drawn: Vec<(Layer, Vec<Shape>)> = layers
        .iter()
        .filter(|&&layer| layer != Layer::Scan)
        .map(|&layer| (layer, scene::shapes(map, palette, layer, &|_| true)))
        .collect();
    let (size, offset) = match scan {
        Some(s) => ([s.width(), s.height()], [0.0; 2]),
        None => paper(map, &font, drawn.iter().flat_map(|(_, s)| s)),
    };
    let big = size.map(|v| (f64::from(v) * SS) as u32);
    // Opaque, as the rasteriser needs: a scan's own alpha is dropped.
    let mut canvas = match scan {
        Some(s) => opaque(imageops::resize(
            s,
            big[0],
            big[1],
            imageops::FilterType::Triangle,
        )),
        None => raster::paper(big[0], big[1]),
    };
    // Shapes are scaled rather than the grid, so grid corrections (offsets
    // in scan pixels) scale with everything else.
    let shift = offset.map(|v| v * SS);
    for (i, (layer, shapes)) in drawn.iter().enumerate() {
        let (layer, index, count) = (*layer, i + 1, drawn.len());
        progress(Step::Layer {
            layer,
            index,
            count,
        });
        for shape in shapes {
            raster::draw(&mut canvas, &font, &shape.mapped(SS, shift));
        }
    }
    progress(Step::Reducing);
    let reduced = imageops::resize(
        &canvas,
        size[0],
        size[1],
        imageops::FilterType::Triangle,
    );
    Rendering {
        image: image::DynamicImage::ImageRgba8(reduced).into_rgb8(),
        offset,
    }
}

/// `img` with every pixel's alpha set to 255 (through RGB, in the image
/// crate, which is built optimised even in debug builds).
fn opaque(img: RgbaImage) -> RgbaImage {
    let rgb = image::DynamicImage::ImageRgba8(img).into_rgb8();
    image::DynamicImage::ImageRgb8(rgb).into_rgba8()
}

fn draw_layers(
    img: &mut RgbaImage,
    map: &Map,
    palette: &Palette,
    layers: &[Layer],
) {
    let font = raster::font();
    for &layer in layers {
        for shape in scene::shapes(map, palette, layer, &|_| true) {
            raster::draw(img, &font, &shape);
        }
    }
}

/// Paper size and offset (see [`Rendering::offset`]) holding every corner
/// of every hex of the extent and every shape's ink, plus a margin of
/// three quarters of a hex radius all round.
fn paper<'s>(
    map: &Map,
    font: &FontRef<'_>,
    shapes: impl Iterator<Item = &'s Shape>,
) -> ([u32; 2], Px) {
    let margin = 0.75 * map.grid.hex_radius_px;
    let placed = map.geometry();
    let corners = scene::all_hexes(map).flat_map(|h| placed.corners_px(h));
    let inked = shapes.flat_map(|s| raster::shape_box(font, s));
    let (mut lo, mut hi) = ([f64::MAX; 2], [f64::MIN; 2]);
    for p in corners.chain(inked) {
        lo = [lo[0].min(p[0]), lo[1].min(p[1])];
        hi = [hi[0].max(p[0]), hi[1].max(p[1])];
    }
    if lo[0] > hi[0] {
        // Nothing to draw: a blank sheet of the margin's size.
        (lo, hi) = ([0.0; 2], [0.0; 2]);
    }
    // Whole pixels, so the map's pixel grid stays aligned with the image's.
    let offset = lo.map(|v| (margin - v).round());
    let size = [0, 1].map(|i| (hi[i] + offset[i] + margin).ceil() as u32);
    (size, offset)
}

/// Seed of the scan grain (any fixed value: the scan must be reproducible).
pub const DEMO_SEED: u64 = 0x00be_7781_e4de_0001;

/// Hex radius of the demo print, in print pixels (the scan halves it).
pub const PRINT_RADIUS: f64 = 80.0;

/// The clean printed grid for `map`: unrotated, `PRINT_RADIUS`, placed so
/// the sheet has a margin of 0.8 hex all round. Also returns the print size.
pub fn print_grid(map: &Map) -> (Grid, [u32; 2]) {
    let base = Grid {
        origin_px: [0.0, 0.0],
        hex_radius_px: PRINT_RADIUS,
        rotation_deg: 0.0,
        corrections: Vec::new(),
        ..map.grid.clone()
    };
    let (mut lo, mut hi) = ([f64::MAX; 2], [f64::MIN; 2]);
    for h in scene::all_hexes(map) {
        for c in base.corners_px(h) {
            lo = [lo[0].min(c[0]), lo[1].min(c[1])];
            hi = [hi[0].max(c[0]), hi[1].max(c[1])];
        }
    }
    let margin = PRINT_RADIUS * 0.8;
    let grid = Grid {
        origin_px: [margin - lo[0], margin - lo[1]],
        ..base
    };
    let size = [hi[0] - lo[0], hi[1] - lo[1]]
        .map(|v| (v + 2.0 * margin).ceil() as u32);
    (grid, size)
}

/// The synthetic scan of `map` and the transform that made it.
pub fn scan_of(
    map: &Map,
    palette: &Palette,
    layers: &[Layer],
    seed: u64,
) -> (RgbImage, ScanTransform) {
    let (grid, size) = print_grid(map);
    let t = scanify::demo_transform(size);
    let mut printed = map.clone();
    printed.grid = grid;
    let mut sheet = raster::paper(size[0], size[1]);
    draw_layers(&mut sheet, &printed, palette, layers);
    let sheet = image::DynamicImage::ImageRgba8(sheet).into_rgb8();
    (scanify::age(&t.resample(&sheet), seed), t)
}

/// Where `render` writes when asked for the demo scan (for docs and tests).
pub fn demo_scan_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/demo/demo-scan.png")
}
