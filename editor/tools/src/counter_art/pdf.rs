//! Counters to PDF at true size, to print and play on paper:
//! `berthier-tools counters FILE --pdf sheet.pdf`.
//!
//! Each counter is `size_mm` square on the page whatever the printer's
//! resolution (the faces are drawn at `dpi` and placed at their size in
//! points). Fronts fill the odd pages and backs the even ones, each row of
//! backs mirrored across the page, so a duplex print flipped on its long
//! edge (or the two pages glued back to back) puts every back behind its
//! front. Each counter's background runs `BLEED_MM` past its cut line, so
//! a cut a little off shows no white edge, and crop marks outside the
//! bleed show where to cut. The counters come in the sheet's order
//! ([`super::sheet::groups`]: by formation, in the order of the command
//! tree), as many as fit on A4 or Letter.

use std::path::PathBuf;

use image::RgbaImage;
use pdf_writer::{Content, Filter, Finish, Name, Pdf, Rect, Ref};

use super::sheet::{self, SheetError};
use super::{Art, Counter, draw};
use crate::render::raster;

/// Points in a millimetre (72 to the inch).
const PT_PER_MM: f64 = 72.0 / 25.4;
/// How far a counter's colour runs past its cut line.
pub const BLEED_MM: f64 = 1.0;
/// Page margin.
const MARGIN_MM: f64 = 10.0;
/// Between two counters: two bleeds and room for the crop marks.
const GAP_MM: f64 = 2.0 * BLEED_MM + 2.0;
/// Length of a crop mark.
const MARK_MM: f64 = 1.5;

/// A page size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    /// 210 × 297 mm.
    A4,
    /// 8½ × 11 in.
    Letter,
}

impl Paper {
    /// Width and height in millimetres.
    pub fn size_mm(self) -> [f64; 2] {
        match self {
            Paper::A4 => [210.0, 297.0],
            Paper::Letter => [215.9, 279.4],
        }
    }
}

/// The options of a PDF sheet.
#[derive(Debug, Clone)]
pub struct PdfArgs {
    /// The counters file.
    pub file: PathBuf,
    /// The PDF to write.
    pub out: PathBuf,
    /// Side of one counter, in millimetres (5/8" is 15.875, 1/2" 12.7).
    pub size_mm: f64,
    /// Resolution the faces are drawn at.
    pub dpi: u32,
    /// The page size.
    pub paper: Paper,
}

/// Where one counter goes: its page pair, and the bottom-left of its cut
/// square on the fronts' page, in millimetres from the page's bottom-left.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// Unit id, or activation marker id.
    pub unit: String,
    /// For an activation marker, its formation's id.
    pub marker_of: Option<String>,
    /// The page pair (0: pages 1 and 2).
    pub sheet: usize,
    /// Bottom-left of the front's cut square.
    pub front_mm: [f64; 2],
    /// Bottom-left of the back's cut square on the next page: mirrored
    /// across the page.
    pub back_mm: [f64; 2],
}

/// What was written.
#[derive(Debug, Clone, PartialEq)]
pub struct PdfReport {
    /// Every counter, in order.
    pub placed: Vec<Placed>,
    /// Pages written (twice the page pairs).
    pub pages: usize,
}

/// Where every counter of `counters` goes on `paper`.
pub fn layout(
    counters: &berthier_schema::Counters,
    size_mm: f64,
    paper: Paper,
) -> Result<Vec<Placed>, SheetError> {
    let [w, h] = paper.size_mm();
    let pitch = size_mm + GAP_MM;
    let columns = ((w - 2.0 * MARGIN_MM + GAP_MM) / pitch).floor() as usize;
    let rows = ((h - 2.0 * MARGIN_MM + GAP_MM) / pitch).floor() as usize;
    if columns == 0 || rows == 0 {
        return Err(SheetError::Options(format!(
            "a {size_mm} mm counter does not fit on the page"
        )));
    }
    let mut out = Vec::new();
    let mut k = 0usize;
    for group in sheet::groups(counters) {
        let units = group.units.iter().map(|u| (u.id.clone(), None));
        let markers = group.formation.iter().flat_map(|f| {
            let of = Some(f.id.clone());
            f.activation_markers
                .iter()
                .map(move |m| (m.id.clone(), of.clone()))
        });
        for (unit, marker_of) in units.chain(markers) {
            let (sheet, at) = (k / (columns * rows), k % (columns * rows));
            let (row, col) = (at / columns, at % columns);
            let x = MARGIN_MM + col as f64 * pitch;
            let y = h - MARGIN_MM - size_mm - row as f64 * pitch;
            out.push(Placed {
                unit,
                marker_of,
                sheet,
                front_mm: [x, y],
                back_mm: [w - x - size_mm, y],
            });
            k += 1;
        }
    }
    Ok(out)
}

/// Loads the counters file, lays the counters out and writes the PDF.
pub fn run(args: &PdfArgs) -> Result<PdfReport, SheetError> {
    if !(5.0..=100.0).contains(&args.size_mm) {
        return Err(SheetError::Options(format!(
            "--size-mm {} is not a counter's size (5 to 100 mm)",
            args.size_mm
        )));
    }
    let px = sheet::counter_px(args.size_mm, args.dpi)?;
    let (counters, series) = sheet::load(&args.file)?;
    let placed = layout(&counters, args.size_mm, args.paper)?;
    let art = Art::new(&counters, &series);
    let faces = |p: &Placed| counter_of(&counters, &art, p);
    let bytes = write(&placed, faces, px, args);
    berthier_schema::io::save_atomic(&args.out, &bytes)
        .map_err(|e| SheetError::Write(args.out.clone(), e.to_string()))?;
    let pages = placed.last().map_or(0, |p| 2 * (p.sheet + 1));
    Ok(PdfReport { placed, pages })
}

/// The counter a placed cell shows.
fn counter_of(
    counters: &berthier_schema::Counters,
    art: &Art<'_>,
    p: &Placed,
) -> Option<Counter> {
    sheet::counter_for(counters, art, &p.unit, p.marker_of.as_deref())
}

/// The PDF's bytes: a fronts page then a backs page per page pair.
fn write(
    placed: &[Placed],
    faces: impl Fn(&Placed) -> Option<Counter>,
    px: u32,
    args: &PdfArgs,
) -> Vec<u8> {
    let font = raster::font();
    let [w, h] = args.paper.size_mm();
    let sheets = placed.last().map_or(0, |p| p.sheet + 1);
    let mut pdf = Pdf::new();
    let catalog = Ref::new(1);
    let tree = Ref::new(2);
    let mut next = 3;
    let mut fresh = || {
        next += 1;
        Ref::new(next - 1)
    };
    let pages: Vec<Ref> = (0..2 * sheets).map(|_| fresh()).collect();
    pdf.catalog(catalog).pages(tree);
    pdf.pages(tree)
        .kids(pages.iter().copied())
        .count(pages.len() as i32);
    for (page_index, page_ref) in pages.iter().enumerate() {
        let (sheet, backs) = (page_index / 2, page_index % 2 == 1);
        let mut content = Content::new();
        let mut images = Vec::new();
        for p in placed.iter().filter(|p| p.sheet == sheet) {
            let Some(counter) = faces(p) else { continue };
            let face = if backs { &counter.back } else { &counter.front };
            let at = if backs { p.back_mm } else { p.front_mm };
            let img = draw::image(face, &font, px);
            let name = format!("I{}", images.len());
            bleed(&mut content, face.background, at, args.size_mm);
            place(&mut content, &name, at, args.size_mm);
            crop_marks(&mut content, at, args.size_mm);
            images.push((name, fresh(), img));
        }
        let content_ref = fresh();
        let mut page = pdf.page(*page_ref);
        page.media_box(Rect::new(0.0, 0.0, pt(w), pt(h)));
        page.parent(tree);
        page.contents(content_ref);
        let mut resources = page.resources();
        let mut objects = resources.x_objects();
        for (name, r, _) in &images {
            objects.pair(Name(name.as_bytes()), *r);
        }
        objects.finish();
        resources.finish();
        page.finish();
        for (_, r, img) in &images {
            image_object(&mut pdf, *r, img);
        }
        pdf.stream(content_ref, &content.finish());
    }
    pdf.finish()
}

fn pt(mm: f64) -> f32 {
    (mm * PT_PER_MM) as f32
}

/// The counter's colour, `BLEED_MM` past its cut square.
fn bleed(c: &mut Content, colour: [u8; 3], at: [f64; 2], size: f64) {
    let [r, g, b] = colour.map(|v| f32::from(v) / 255.0);
    c.save_state();
    c.set_fill_rgb(r, g, b);
    let s = size + 2.0 * BLEED_MM;
    c.rect(pt(at[0] - BLEED_MM), pt(at[1] - BLEED_MM), pt(s), pt(s));
    c.fill_nonzero();
    c.restore_state();
}

/// The face image `name` on its cut square.
fn place(c: &mut Content, name: &str, at: [f64; 2], size: f64) {
    c.save_state();
    c.transform([pt(size), 0.0, 0.0, pt(size), pt(at[0]), pt(at[1])]);
    c.x_object(Name(name.as_bytes()));
    c.restore_state();
}

/// Short lines at each corner, outside the bleed, along the cut lines.
fn crop_marks(c: &mut Content, at: [f64; 2], size: f64) {
    c.save_state();
    c.set_line_width(0.25);
    c.set_stroke_gray(0.0);
    let out = BLEED_MM + 0.2;
    for (x, dx) in [(at[0], -1.0), (at[0] + size, 1.0)] {
        for (y, dy) in [(at[1], -1.0), (at[1] + size, 1.0)] {
            // Along the vertical cut line, past the bleed.
            c.move_to(pt(x), pt(y + dy * out));
            c.line_to(pt(x), pt(y + dy * (out + MARK_MM)));
            // Along the horizontal one.
            c.move_to(pt(x + dx * out), pt(y));
            c.line_to(pt(x + dx * (out + MARK_MM)), pt(y));
        }
    }
    c.stroke();
    c.restore_state();
}

/// `img` as a Flate-compressed RGB image XObject.
fn image_object(pdf: &mut Pdf, r: Ref, img: &RgbaImage) {
    let rgb: Vec<u8> = img.pixels().flat_map(|p| [p[0], p[1], p[2]]).collect();
    let data = miniz_oxide::deflate::compress_to_vec_zlib(&rgb, 6);
    let mut x = pdf.image_xobject(r, &data);
    x.filter(Filter::FlateDecode);
    x.width(img.width() as i32);
    x.height(img.height() as i32);
    x.color_space().device_rgb();
    x.bits_per_component(8);
    x.finish();
}
