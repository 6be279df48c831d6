//! Opening what the editor shows: a map (directly or through a scenario),
//! its series (for colours) and its scan. Errors keep file, line and column
//! so the error screen can say exactly where a file is wrong.

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use berthier_schema::pack::{
    self, FileError, load_scenario, load_series_named,
};
use berthier_schema::{Document, LoadError, Map, Series};

use crate::palette::Palette;
use crate::scan;

/// The demo battle in the source tree (tests and documentation use it;
/// the editor opens the copy made by [`crate::demo`], since an installed
/// binary has no source tree).
pub fn demo_map_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../maps/demo/demo.map.ron")
}

/// A map ready to show.
#[derive(Debug, Clone)]
pub struct OpenedMap {
    /// The map file (not the scenario that named it).
    pub path: PathBuf,
    /// The scenario (or variant) file the map was opened through, if any.
    pub scenario: Option<PathBuf>,
    /// The map.
    pub map: Arc<Map>,
    /// Colours from the series, or built-in ones.
    pub palette: Arc<Palette>,
    /// The series the map names, if it could be read (the editor's palette
    /// of terrain, hexside and road types).
    pub series: Option<Arc<Series>>,
    /// The decoded scan, if the map names one that could be read.
    pub scan: Option<Scan>,
    /// The sheets scanned apart (their own `scan` and `grid`), each drawn
    /// where its registration places it on the map.
    pub sheet_scans: Vec<SheetScan>,
    /// Problems that do not stop the map from showing (missing scan or
    /// series).
    pub warnings: Vec<String>,
}

/// A map's scan: its size (from the header) and what can be drawn.
#[derive(Debug, Clone)]
pub struct Scan {
    /// The image file.
    pub path: PathBuf,
    /// Size in pixels.
    pub width: u32,
    /// See `width`.
    pub height: u32,
    /// Decoded whole, tiled, or still being tiled.
    pub image: ScanImage,
}

/// One sheet's own scan and where it lies on the map's pixels.
#[derive(Debug, Clone)]
pub struct SheetScan {
    /// The sheet's letter.
    pub letter: char,
    /// The scan, decoded whole.
    pub scan: Scan,
    /// Where its pixels fall on the map's.
    pub place: berthier_schema::sheet::ScanPlacement,
}

/// How a scan is drawn.
#[derive(Debug, Clone)]
pub enum ScanImage {
    /// Small scans (at most [`WHOLE_MAX_SIDE`] a side): one image.
    Whole(scan::Pixels),
    /// Large scans: a tile pyramid, drawn a few tiles at a time.
    Tiled(scan::Tiles),
    /// A large scan whose pyramid is being built or read in the background
    /// (by the window); nothing is drawn yet.
    Pending,
    /// A large scan decoded, its pyramid still being written: a coarse
    /// copy drawn stretched over the whole scan.
    Preview(scan::Pixels),
}

/// Scans up to this many pixels a side are decoded whole when opened; larger
/// ones are tiled in the background.
pub const WHOLE_MAX_SIDE: u32 = 4096;

/// Why a file could not be opened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenError {
    /// The file at fault.
    pub file: PathBuf,
    /// 1-based line, 0 when unknown.
    pub line: usize,
    /// 1-based column, 0 when unknown.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if self.line > 0 {
            write!(f, ":{}:{}", self.line, self.column)?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for OpenError {}

impl OpenError {
    fn whole(file: &Path, message: impl Into<String>) -> Self {
        Self {
            file: file.to_owned(),
            line: 0,
            column: 0,
            message: message.into(),
        }
    }

    fn from_load(file: &Path, e: LoadError) -> Self {
        match e {
            LoadError::Parse(p) => Self {
                file: file.to_owned(),
                line: p.line,
                column: p.column,
                message: p.message,
            },
            schema @ LoadError::Schema(..) => {
                Self::whole(file, schema.to_string())
            }
        }
    }
}

/// Reads and loads one document as the validator does
/// (`berthier_schema::pack::read_document`: regular files only, so a named
/// pipe or a device never blocks the window), with the line and column of
/// what does not load.
pub fn read_document(path: &Path) -> Result<Document, OpenError> {
    pack::read_document(path).map_err(|e| match e {
        FileError::Load(file, load) => OpenError::from_load(&file, load),
        FileError::Extension(_) => {
            OpenError::whole(path, "expected a .ron or .json file")
        }
        FileError::Io(_, message) => {
            OpenError::whole(path, format!("cannot read: {message}"))
        }
        other => OpenError::whole(path, other.to_string()),
    })
}

/// The map a file is or names: a map file itself, or a scenario's map.
pub fn resolve_map(path: &Path) -> Result<(PathBuf, Map), OpenError> {
    resolve_map_of(path, read_document(path)?)
}

/// [`resolve_map`] for `document`, already read from `path`.
fn resolve_map_of(
    path: &Path,
    document: Document,
) -> Result<(PathBuf, Map), OpenError> {
    match document {
        Document::Map(map) => Ok((path.to_owned(), map)),
        Document::Scenario(s) => scenario_map(path, &s.map),
        Document::Variant(_) => {
            // A variant's map is its base's unless it states one.
            let resolved = load_scenario(path)
                .map_err(|e| OpenError::whole(path, e.to_string()))?;
            scenario_map(path, &resolved.scenario.map)
        }
        other => Err(OpenError::whole(
            path,
            format!(
                "the editor opens maps and scenarios, not {} files",
                other.kind().as_str()
            ),
        )),
    }
}

/// The map a scenario at `path` names (`map`, relative to it).
fn scenario_map(path: &Path, map: &str) -> Result<(PathBuf, Map), OpenError> {
    let map_path = pack::beside(path, map);
    match read_document(&map_path)? {
        Document::Map(map) => Ok((map_path, map)),
        other => Err(OpenError::whole(
            &map_path,
            format!("expected a map, found a {}", other.kind().as_str()),
        )),
    }
}

/// Opens a map or scenario with its series and scan.
pub fn open(path: &Path) -> Result<OpenedMap, OpenError> {
    open_document(path, read_document(path)?)
}

/// [`open`] for `document`, already read from `path`.
pub fn open_document(
    path: &Path,
    document: Document,
) -> Result<OpenedMap, OpenError> {
    let given = path;
    let (path, map) = resolve_map_of(path, document)?;
    let scenario = (path != given).then(|| given.to_owned());
    let mut warnings = Vec::new();
    // The whole `extends` chain, so a battle's own terrain (Canope's dry
    // lake) is in the palette.
    let series = match load_series_named(&path, &map.series) {
        Ok(s) => Some(s),
        Err(e) => {
            warnings.push(format!("series: {e}"));
            None
        }
    };
    let scan = map.scan.as_deref().and_then(|scan| {
        load_scan(&pack::beside(&path, scan))
            .map_err(|e| warnings.push(format!("scan: {e}")))
            .ok()
    });
    let sheet_scans = sheet_scans(&path, &map, &mut warnings);
    Ok(OpenedMap {
        palette: Arc::new(Palette::new(series.as_ref())),
        series: series.map(Arc::new),
        path,
        scenario,
        map: Arc::new(map),
        scan,
        sheet_scans,
        warnings,
    })
}

/// The own scans of `map`'s sheets, each with its placement: decoded
/// whole when small; a larger one, or one that cannot be read, is a
/// warning (`sheet W scan: ...`) and the sheet shows on the map's scan.
fn sheet_scans(
    path: &Path,
    map: &Map,
    warnings: &mut Vec<String>,
) -> Vec<SheetScan> {
    let mut out = Vec::new();
    for sheet in &map.sheets {
        let (Some(file), Some(place)) =
            (sheet.scan.as_deref(), sheet.scan_placement(map))
        else {
            continue;
        };
        let letter = sheet.letter;
        match load_scan(&pack::beside(path, file)) {
            Ok(scan) if matches!(scan.image, ScanImage::Whole(_)) => {
                out.push(SheetScan {
                    letter,
                    scan,
                    place,
                });
            }
            Ok(scan) => warnings.push(format!(
                "sheet {letter} scan: {}x{} is larger than {WHOLE_MAX_SIDE} \
                 pixels a side; not drawn",
                scan.width, scan.height
            )),
            Err(e) => warnings.push(format!("sheet {letter} scan: {e}")),
        }
    }
    out
}

/// Reads again the series and scan that the map names, after its header
/// changed (a scan attached, another series chosen): their warnings are
/// replaced, and the scan is decoded again only when it is another file.
/// Returns whether the scan changed (a large one then still has to be
/// tiled, see [`ScanImage::Pending`]).
pub fn refresh_files(opened: &mut OpenedMap) -> bool {
    opened.warnings.retain(|w| {
        !w.starts_with("series: ")
            && !w.starts_with("scan: ")
            && !w.starts_with("sheet ")
    });
    opened.sheet_scans =
        sheet_scans(&opened.path, &opened.map, &mut opened.warnings);
    opened.series = match load_series_named(&opened.path, &opened.map.series) {
        Ok(s) => Some(Arc::new(s)),
        Err(e) => {
            opened.warnings.push(format!("series: {e}"));
            None
        }
    };
    opened.palette = Arc::new(Palette::new(opened.series.as_deref()));
    let wanted = opened
        .map
        .scan
        .as_deref()
        .map(|s| pack::beside(&opened.path, s));
    let loaded = opened.scan.as_ref().map(|s| s.path.clone());
    if wanted == loaded {
        return false;
    }
    opened.scan = wanted.and_then(|path| {
        load_scan(&path)
            .map_err(|e| opened.warnings.push(format!("scan: {e}")))
            .ok()
    });
    true
}

/// Loads series colours for a map without failing (the renderer's use).
pub fn series_for(path: &Path, map: &Map) -> Option<Series> {
    load_series_named(path, &map.series).ok()
}

/// Decodes a scan into RGBA, within the default pixel budget.
pub fn load_rgba(path: &Path) -> Result<image::RgbaImage, OpenError> {
    scan::decode::decode(path, &scan::Budget::default())
        .map(image::DynamicImage::into_rgba8)
        .map_err(|e| OpenError::whole(path, e.reason()))
}

/// Reads the scan's header; decodes it now if it is small, else leaves it
/// [`ScanImage::Pending`] for the screen to tile in the background.
fn load_scan(path: &Path) -> Result<Scan, OpenError> {
    let (width, height) = scan::decode::probe(path, &scan::Budget::default())
        .map_err(|e| OpenError::whole(path, e.reason()))?;
    let image = if width.max(height) <= WHOLE_MAX_SIDE {
        ScanImage::Whole(scan::Pixels::new(load_rgba(path)?))
    } else {
        ScanImage::Pending
    };
    Ok(Scan {
        path: path.to_owned(),
        width,
        height,
        image,
    })
}
