//! The print-and-play sheet: `berthier-tools counters FILE --out PNG`.
//!
//! Every unit of a counters file (includes merged), grouped by formation
//! in the order of the command tree, each group under its formation's
//! name and followed by the formation's activation markers. Fronts fill the left half of the sheet and backs the right half,
//! each row of backs mirrored, so that folding the sheet along the dashed
//! middle line puts every back behind its front.

use std::path::{Path, PathBuf};

use berthier_schema::Counters;
use berthier_schema::counters::{Formation, Unit};
use berthier_schema::pack::{self, FileError};
use berthier_schema::series::Series;
use image::RgbaImage;

use super::{Art, draw};
use crate::render::raster;
use crate::scene::Shape;

/// Millimetres in an inch.
const MM_PER_INCH: f64 = 25.4;
/// The largest counter drawn, in pixels (10 cm at 600 dpi is 2362).
const MAX_COUNTER_PX: u32 = 2400;
/// The largest sheet side, in pixels.
const MAX_SHEET_PX: u32 = 30_000;

/// The options of a sheet (`berthier-tools counters`).
#[derive(Debug, Clone)]
pub struct SheetArgs {
    /// The counters file (*.counters.ron / .json).
    pub file: PathBuf,
    /// The PNG to write.
    pub out: PathBuf,
    /// Side of one counter, in millimetres (see [`DEFAULT_SIZE_MM`]).
    pub size_mm: f64,
    /// Printer resolution, in dots per inch (see [`DEFAULT_DPI`]).
    pub dpi: u32,
    /// Counters per row on each half of the sheet (see
    /// [`DEFAULT_COLUMNS`]).
    pub columns: usize,
}

/// The side of a printed counter, in millimetres.
pub const DEFAULT_SIZE_MM: f64 = 16.0;
/// A common printer resolution.
pub const DEFAULT_DPI: u32 = 300;
/// Counters per row on each half of the sheet.
pub const DEFAULT_COLUMNS: usize = 8;

/// Where each counter and header went on a sheet.
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    /// Sheet width and height in pixels.
    pub size: [u32; 2],
    /// Side of one counter in pixels.
    pub counter: u32,
    /// Each unit's counter: its id and the top-left pixels of its front
    /// and of its back.
    pub cells: Vec<Cell>,
    /// Each group's heading and where its text is centred.
    pub headers: Vec<(String, [f64; 2])>,
    /// The x of the fold line.
    pub fold: f64,
    /// How far right of the fronts' half the backs' half starts.
    pub back_shift: f64,
}

/// One counter on the sheet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// Unit id, or activation marker id.
    pub unit: String,
    /// For an activation marker, its formation's id.
    pub marker_of: Option<String>,
    /// Top-left pixel of the front.
    pub front: [u32; 2],
    /// Top-left pixel of the back.
    pub back: [u32; 2],
}

/// Why no sheet was written.
#[derive(Debug, thiserror::Error)]
pub enum SheetError {
    /// The counters file (or one it includes) does not load; the message
    /// names the file and the line:col.
    #[error("{0}")]
    Counters(FileError),
    /// Its series does not load.
    #[error("series of the counters file: {0}")]
    Series(FileError),
    /// Size, resolution or columns out of range.
    #[error("{0}")]
    Options(String),
    /// The PNG could not be written.
    #[error("{path}: cannot write: {1}", path = .0.display())]
    Write(PathBuf, String),
}

/// The counters file at `path`, includes merged, and its series.
pub fn load(path: &Path) -> Result<(Counters, Series), SheetError> {
    let counters = pack::load_counters(path).map_err(SheetError::Counters)?;
    let series = pack::load_series_named(path, &counters.series)
        .map_err(SheetError::Series)?;
    Ok((counters, series))
}

/// The counter side in pixels for a size and resolution.
pub fn counter_px(size_mm: f64, dpi: u32) -> Result<u32, SheetError> {
    let px = size_mm / MM_PER_INCH * f64::from(dpi);
    if !px.is_finite() || !(8.0..=f64::from(MAX_COUNTER_PX)).contains(&px) {
        return Err(SheetError::Options(format!(
            "a counter of {size_mm} mm at {dpi} dpi is {px:.0} px; it must \
             be 8 to {MAX_COUNTER_PX} px"
        )));
    }
    Ok(px.round() as u32)
}

/// One group of the sheet: a formation's units and activation markers.
pub struct Group<'a> {
    /// The heading.
    pub name: String,
    /// The formation (none for the units with no known formation).
    pub formation: Option<&'a Formation>,
    /// Its units.
    pub units: Vec<&'a Unit>,
}

/// The units in sheet order: grouped by formation, formations in the
/// order of the command tree (each after its parent, siblings in file
/// order), then the units with no known formation. A formation with
/// neither units nor activation markers has no group.
pub fn groups(counters: &Counters) -> Vec<Group<'_>> {
    let known = |id: &str| counters.formation(id).is_some();
    let mut order: Vec<&Formation> = Vec::new();
    let mut stack: Vec<&Formation> = counters
        .formations
        .iter()
        .filter(|f| !f.parent.as_deref().is_some_and(known))
        .rev()
        .collect();
    while let Some(f) = stack.pop() {
        if order.iter().any(|o| o.id == f.id) {
            continue; // a cycle, which the validator reports
        }
        order.push(f);
        let children = counters
            .formations
            .iter()
            .filter(|c| c.parent.as_deref() == Some(f.id.as_str()));
        stack.extend(children.collect::<Vec<_>>().into_iter().rev());
    }
    let mut out: Vec<Group<'_>> = order
        .into_iter()
        .map(|f| Group {
            name: f.name.clone(),
            formation: Some(f),
            units: counters
                .units
                .iter()
                .filter(|u| u.formation.as_deref() == Some(f.id.as_str()))
                .collect(),
        })
        .filter(|g| {
            !g.units.is_empty()
                || g.formation
                    .is_some_and(|f| !f.activation_markers.is_empty())
        })
        .collect();
    let loose: Vec<&Unit> = counters
        .units
        .iter()
        .filter(|u| !u.formation.as_deref().is_some_and(known))
        .collect();
    if !loose.is_empty() {
        out.push(Group {
            name: "No formation".to_owned(),
            formation: None,
            units: loose,
        });
    }
    out
}

/// Where every counter goes, `counter` pixels a side, `columns` a row.
pub fn layout(
    counters: &Counters,
    counter: u32,
    columns: usize,
) -> Result<Layout, SheetError> {
    if columns == 0 {
        return Err(SheetError::Options("--columns must be at least 1".into()));
    }
    let c = f64::from(counter);
    let (gap, margin, header) = (c * 0.08, c * 0.4, c * 0.45);
    let cols = columns as f64;
    let half = cols * c + (cols - 1.0) * gap;
    let fold_gap = c * 0.8;
    let back_x0 = margin + half + fold_gap;
    let mut cells = Vec::new();
    let mut headers = Vec::new();
    let mut y = margin + header; // room for "Fronts" / "Backs"
    for group in groups(counters) {
        headers.push((group.name, [margin + half / 2.0, y + header / 2.0]));
        y += header;
        let units = group.units.iter().map(|u| (u.id.clone(), None));
        let markers = group.formation.iter().flat_map(|f| {
            let of = Some(f.id.clone());
            f.activation_markers
                .iter()
                .map(move |m| (m.id.clone(), of.clone()))
        });
        let items: Vec<(String, Option<String>)> =
            units.chain(markers).collect();
        for row in items.chunks(columns) {
            for (i, (id, marker_of)) in row.iter().enumerate() {
                let x = margin + i as f64 * (c + gap);
                let mirrored = back_x0 + (cols - 1.0 - i as f64) * (c + gap);
                cells.push(Cell {
                    unit: id.clone(),
                    marker_of: marker_of.clone(),
                    front: [x.round() as u32, y.round() as u32],
                    back: [mirrored.round() as u32, y.round() as u32],
                });
            }
            y += c + gap;
        }
    }
    let width = (back_x0 + half + margin).ceil();
    let height = (y + margin).ceil();
    if width > f64::from(MAX_SHEET_PX) || height > f64::from(MAX_SHEET_PX) {
        return Err(SheetError::Options(format!(
            "the sheet would be {width}x{height} px (at most {MAX_SHEET_PX}); \
             choose a smaller --size-mm or --dpi, or more --columns"
        )));
    }
    Ok(Layout {
        size: [width as u32, height as u32],
        counter,
        cells,
        headers,
        fold: margin + half + fold_gap / 2.0,
        back_shift: half + fold_gap,
    })
}

/// Draws the sheet.
pub fn render(
    counters: &Counters,
    series: &Series,
    counter: u32,
    columns: usize,
) -> Result<(RgbaImage, Layout), SheetError> {
    let layout = layout(counters, counter, columns)?;
    let font = raster::font();
    let art = Art::new(counters, series);
    let [w, h] = layout.size;
    let mut img = RgbaImage::from_pixel(w, h, image::Rgba([255; 4]));
    let c = f64::from(counter);
    let ink = [0x20, 0x20, 0x20];
    let title = |text: &str, x: f64| Shape::Text {
        at: [x, c * 0.4 + c * 0.22],
        size: c * 0.28,
        text: text.to_owned(),
        colour: ink,
    };
    raster::draw(&mut img, &font, &title("Fronts", layout.fold / 2.0));
    let backs = "Backs (fold along the dashed line)";
    let right = layout.fold + (f64::from(w) - layout.fold) / 2.0;
    raster::draw(&mut img, &font, &title(backs, right));
    for (name, at) in &layout.headers {
        for x in [at[0], at[0] + layout.back_shift] {
            let text = Shape::Text {
                at: [x, at[1]],
                size: c * 0.22,
                text: name.clone(),
                colour: ink,
            };
            raster::draw(&mut img, &font, &text);
        }
    }
    dashed_fold(&mut img, layout.fold, c);
    for cell in &layout.cells {
        let Some(counter) = counter_of(counters, &art, cell) else {
            continue;
        };
        let at = |p: [u32; 2]| [f64::from(p[0]), f64::from(p[1])];
        draw::paint(&mut img, &counter.front, &font, at(cell.front), c);
        draw::paint(&mut img, &counter.back, &font, at(cell.back), c);
    }
    Ok((img, layout))
}

/// The counter a cell shows.
fn counter_of(
    counters: &Counters,
    art: &Art<'_>,
    cell: &Cell,
) -> Option<super::Counter> {
    counter_for(counters, art, &cell.unit, cell.marker_of.as_deref())
}

/// The counter of unit `id`, or of activation marker `id` of formation
/// `marker_of` (the PNG sheet and the PDF both draw these).
pub(super) fn counter_for(
    counters: &Counters,
    art: &Art<'_>,
    id: &str,
    marker_of: Option<&str>,
) -> Option<super::Counter> {
    match marker_of {
        None => Some(art.counter(counters.unit(id)?)),
        Some(formation) => {
            let formation = counters.formation(formation)?;
            let marker =
                formation.activation_markers.iter().find(|m| m.id == id)?;
            Some(art.activation_marker(formation, marker))
        }
    }
}

/// The fold line, dashed, down the whole sheet.
fn dashed_fold(img: &mut RgbaImage, x: f64, c: f64) {
    let dash = (c * 0.15).max(4.0);
    let mut y = 0.0;
    while y < f64::from(img.height()) {
        let line = [[x, y], [x, y + dash]];
        raster::line(img, &line, (c * 0.015).max(1.0), [0x80, 0x80, 0x80]);
        y += dash * 2.0;
    }
}

/// What `run` wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetReport {
    /// The sheet's layout.
    pub layout: Layout,
}

/// Loads the file, draws the sheet and writes the PNG.
pub fn run(args: &SheetArgs) -> Result<SheetReport, SheetError> {
    let counter = counter_px(args.size_mm, args.dpi)?;
    let (counters, series) = load(&args.file)?;
    let (img, layout) = render(&counters, &series, counter, args.columns)?;
    img.save(&args.out)
        .map_err(|e| SheetError::Write(args.out.clone(), e.to_string()))?;
    Ok(SheetReport { layout })
}
