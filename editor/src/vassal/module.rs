//! Reading a VASSAL module (`.vmod`) safely: its boards, their images and
//! their hex grids.
//!
//! A module is a zip holding `buildFile.xml` (or, in modules older than
//! VASSAL 3.5, `buildFile`), `moduledata` and `images/`. The build file is
//! XML whose elements are named after VASSAL's classes. Boards sit in
//! `...Map/...BoardPicker/...Board` (`image`, `name`; `width` and `height`
//! when there is no image); a board's grid is a `...HexGrid` (attributes
//! in [`HexGrid`]) with an optional `...HexGridNumbering`, or a
//! `...ZonedGrid` holding `...Zone`s (`name`, `path` = `x,y;x,y;..` in
//! board pixels), each with its own grid, plus an optional background
//! grid. Zone grids use board coordinates (VASSAL's `Zone.snapTo` passes
//! the point straight to the zone's grid), so they read like board grids.
//!
//! Bad modules get a [`ModuleError`] naming what is wrong, before anything
//! is inflated: not a zip, an entry whose path would leave an output folder
//! (`..`, absolute), declared uncompressed sizes over [`Limits`] (a zip
//! bomb: sizes are checked from the central directory, and each read stops
//! at the declared size), no build file, a board image that is not in the
//! module, a hex grid of size zero.

use std::fs::File;
use std::io::{Read, Seek};
use std::path::Path;

use zip::ZipArchive;

use super::grid::HexGrid;
use super::numbering::{self, Numbering};

/// Most bytes the import inflates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most uncompressed bytes of one entry.
    pub entry_bytes: u64,
    /// Most uncompressed bytes of all entries together.
    pub total_bytes: u64,
}

impl Default for Limits {
    /// 512 MiB per entry (a board scan at 600 dpi is well under), 4 GiB
    /// in all.
    fn default() -> Self {
        Self {
            entry_bytes: 512 << 20,
            total_bytes: 4 << 30,
        }
    }
}

/// Why a module cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ModuleError {
    /// The file could not be opened or read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The module.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not a zip archive.
    #[error("not a VASSAL module: the file is not a zip archive ({0})")]
    NotZip(String),
    /// An entry name is absolute or climbs out with `..`.
    #[error(
        "the module holds an entry `{0}` whose path leaves the folder it is \
         extracted to (absolute or with `..`); refusing the whole module"
    )]
    UnsafeEntry(String),
    /// An entry declares more uncompressed bytes than allowed.
    #[error(
        "the module entry `{name}` would inflate to {declared} bytes, over \
         the limit of {limit} bytes (a zip bomb, or a file far larger than \
         any board image)"
    )]
    TooLarge {
        /// The entry.
        name: String,
        /// Its declared uncompressed size.
        declared: u64,
        /// The limit.
        limit: u64,
    },
    /// All entries together declare more than allowed.
    #[error(
        "the module's entries would inflate to {declared} bytes in all, \
         over the limit of {limit} bytes"
    )]
    TooLargeTotal {
        /// The declared total.
        declared: u64,
        /// The limit.
        limit: u64,
    },
    /// Neither `buildFile.xml` nor `buildFile` is in the archive.
    #[error(
        "not a VASSAL module: the zip has no buildFile.xml (or legacy \
         buildFile)"
    )]
    NoBuildFile,
    /// An entry could not be inflated.
    #[error("cannot inflate the module entry `{name}`: {reason}")]
    Entry {
        /// The entry.
        name: String,
        /// The cause.
        reason: String,
    },
    /// The build file is not well-formed XML.
    #[error("the module's {file} is not well-formed XML: {reason}")]
    Xml {
        /// `buildFile.xml` or `buildFile`.
        file: String,
        /// The parser's message.
        reason: String,
    },
    /// A board names an image the module does not hold.
    #[error(
        "board `{board}` of map `{map}` shows image `{image}`, which is not \
         in the module (looked for images/{image})"
    )]
    MissingImage {
        /// The map.
        map: String,
        /// The board.
        board: String,
        /// The image file name.
        image: String,
    },
    /// A board image whose size cannot be read.
    #[error(
        "cannot read the size of image `{image}` of board `{board}`: {reason}"
    )]
    Image {
        /// The board.
        board: String,
        /// The image.
        image: String,
        /// The cause.
        reason: SizeError,
    },
    /// A hex grid with no size.
    #[error(
        "board `{board}` of map `{map}` has a hex grid of size zero (dx = \
         {dx}, dy = {dy}): VASSAL draws no hexes from it"
    )]
    ZeroSizeGrid {
        /// The map.
        map: String,
        /// The board.
        board: String,
        /// `dx`.
        dx: f64,
        /// `dy`.
        dy: f64,
    },
    /// An attribute that does not read as its type.
    #[error("board `{board}`: attribute {attr} of {element} does not read")]
    Attribute {
        /// The board.
        board: String,
        /// The element's class.
        element: String,
        /// The attribute and value.
        attr: String,
    },
}

/// A polygonal zone of a `ZonedGrid`.
#[derive(Debug, Clone, PartialEq)]
pub struct Zone {
    /// Its name.
    pub name: String,
    /// Its outline in board pixels.
    pub path: Vec<[i32; 2]>,
}

/// One hex grid of a board: the board's own, a zone's, or a zoned board's
/// background.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardGrid {
    /// The zone it covers; `None` for the whole board (or a zoned board's
    /// background, outside every zone).
    pub zone: Option<Zone>,
    /// Its geometry.
    pub grid: HexGrid,
    /// Its numbering, if any.
    pub numbering: Option<Numbering>,
}

/// A board of a map.
#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    /// The map (`mapName`) it belongs to.
    pub map: String,
    /// Its name.
    pub name: String,
    /// Its image's entry in the module (`images/...`), if it has one.
    pub image: Option<String>,
    /// Its size in pixels: its image's, or `width` × `height`.
    pub size: [u32; 2],
    /// Its hex grids (none when its grid is square, a region grid, or
    /// absent).
    pub grids: Vec<BoardGrid>,
    /// What the import leaves out (square and region grids, oblique
    /// numbering), one sentence each.
    pub notes: Vec<String>,
}

/// An opened module.
#[derive(Debug)]
pub struct Module<R> {
    /// The module's name (`name` of the root element).
    pub name: String,
    /// The build file's entry name.
    pub build_file: String,
    /// Every board of every map, in document order.
    pub boards: Vec<Board>,
    zip: ZipArchive<R>,
    limits: Limits,
}

/// Opens the module at `path` with the default [`Limits`].
pub fn open(path: &Path) -> Result<Module<File>, ModuleError> {
    let file = File::open(path).map_err(|source| ModuleError::Io {
        path: path.display().to_string(),
        source,
    })?;
    read(file, Limits::default())
}

/// Reads a module from `reader`.
pub fn read<R: Read + Seek>(
    reader: R,
    limits: Limits,
) -> Result<Module<R>, ModuleError> {
    let mut zip = ZipArchive::new(reader)
        .map_err(|e| ModuleError::NotZip(e.to_string()))?;
    check_entries(&mut zip, limits)?;
    let build_file = ["buildFile.xml", "buildFile"]
        .into_iter()
        .find(|n| zip.index_for_name(n).is_some())
        .ok_or(ModuleError::NoBuildFile)?
        .to_owned();
    let bytes = entry(&mut zip, &build_file, limits)?;
    let text = String::from_utf8_lossy(&bytes);
    let doc = super::xml::parse_bounded(
        &text,
        roxmltree::ParsingOptions {
            allow_dtd: false,
            ..roxmltree::ParsingOptions::default()
        },
    )
    .map_err(|e| ModuleError::Xml {
        file: build_file.clone(),
        reason: e.to_string(),
    })?;
    let name = doc
        .root_element()
        .attribute("name")
        .unwrap_or("")
        .to_owned();
    let mut boards = Vec::new();
    for node in doc.descendants().filter(|n| class(n) == Some("Board")) {
        boards.push(board(&mut zip, limits, node)?);
    }
    Ok(Module {
        name,
        build_file,
        boards,
        zip,
        limits,
    })
}

impl<R: Read + Seek> Module<R> {
    /// The bytes of an entry, within the limits.
    pub fn entry(&mut self, name: &str) -> Result<Vec<u8>, ModuleError> {
        entry(&mut self.zip, name, self.limits)
    }
}

/// The last part of an element's class name (`Board` for
/// `VASSAL.build.module.map.boardPicker.Board`).
fn class<'a>(node: &roxmltree::Node<'a, '_>) -> Option<&'a str> {
    let tag = node.tag_name().name();
    node.is_element()
        .then(|| tag.rsplit('.').next().unwrap_or(tag))
}

/// Refuses unsafe names and oversized declared sizes before inflating.
fn check_entries<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    limits: Limits,
) -> Result<(), ModuleError> {
    let mut total: u64 = 0;
    for i in 0..zip.len() {
        let file = zip
            .by_index_raw(i)
            .map_err(|e| ModuleError::NotZip(e.to_string()))?;
        let name = match file.name() {
            Ok(name) => name.into_owned(),
            Err(_) => String::from_utf8_lossy(file.name_raw()).into_owned(),
        };
        let climbs = name.split(['/', '\\']).any(|part| part == "..");
        let absolute =
            name.starts_with(['/', '\\']) || name.get(1..2) == Some(":");
        if climbs || absolute || file.enclosed_name().is_none() {
            return Err(ModuleError::UnsafeEntry(name));
        }
        let declared = file.size();
        if declared > limits.entry_bytes {
            return Err(ModuleError::TooLarge {
                name,
                declared,
                limit: limits.entry_bytes,
            });
        }
        total = total.saturating_add(declared);
    }
    if total > limits.total_bytes {
        return Err(ModuleError::TooLargeTotal {
            declared: total,
            limit: limits.total_bytes,
        });
    }
    Ok(())
}

/// Inflates one entry, stopping at its declared size.
fn entry<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    name: &str,
    limits: Limits,
) -> Result<Vec<u8>, ModuleError> {
    let fail = |reason: String| ModuleError::Entry {
        name: name.to_owned(),
        reason,
    };
    let file = zip.by_name(name).map_err(|e| fail(e.to_string()))?;
    let declared = file.size();
    if declared > limits.entry_bytes {
        return Err(ModuleError::TooLarge {
            name: name.to_owned(),
            declared,
            limit: limits.entry_bytes,
        });
    }
    let mut out = Vec::with_capacity(usize::try_from(declared).unwrap_or(0));
    file.take(declared)
        .read_to_end(&mut out)
        .map_err(|e| fail(e.to_string()))?;
    Ok(out)
}

/// Reads one `Board` element.
fn board<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    limits: Limits,
    node: roxmltree::Node<'_, '_>,
) -> Result<Board, ModuleError> {
    let map = node
        .ancestors()
        .find_map(|a| a.attribute("mapName"))
        .unwrap_or("")
        .to_owned();
    let name = node.attribute("name").unwrap_or("").to_owned();
    let image = node.attribute("image").filter(|i| !i.is_empty());
    let mut unshown = Vec::new();
    let (image, size) = match image {
        Some(file) => {
            let entry_name = format!("images/{file}");
            if zip.index_for_name(&entry_name).is_none() {
                return Err(ModuleError::MissingImage {
                    map,
                    board: name,
                    image: file.to_owned(),
                });
            }
            let bytes = entry(zip, &entry_name, limits)?;
            let (size, format) =
                image_size(&bytes).map_err(|reason| ModuleError::Image {
                    board: name.clone(),
                    image: file.to_owned(),
                    reason,
                })?;
            if let Some(format) = format {
                unshown.push(format!(
                    "image `{file}` is {format}: Berthier shows PNG, JPEG and \
                     TIFF scans; convert it and point the map's `scan` at the copy"
                ));
            }
            (Some(entry_name), size)
        }
        None => {
            let dim = |key: &str| {
                node.attribute(key)
                    .map_or(Ok(500), |v| v.trim().parse::<u32>())
                    .map_err(|_| ModuleError::Attribute {
                        board: name.clone(),
                        element: "Board".into(),
                        attr: key.into(),
                    })
            };
            (None, [dim("width")?, dim("height")?])
        }
    };
    let mut grids = Vec::new();
    for child in node.children().filter(|c| c.is_element()) {
        match class(&child) {
            Some("HexGrid") => {
                grids.push(board_grid(&map, &name, child, None)?)
            }
            Some("ZonedGrid") => {
                for part in child.children().filter(|c| c.is_element()) {
                    match class(&part) {
                        Some("HexGrid") => {
                            grids.push(board_grid(&map, &name, part, None)?)
                        }
                        Some("Zone") => {
                            let zone = zone(&name, part)?;
                            let hex = part
                                .children()
                                .find(|g| class(g) == Some("HexGrid"));
                            if let Some(hex) = hex {
                                grids.push(board_grid(
                                    &map,
                                    &name,
                                    hex,
                                    Some(zone),
                                )?);
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    let notes = node
        .descendants()
        .filter_map(|d| {
            let c = class(&d)?;
            let grid =
                c.ends_with("Grid") && !matches!(c, "HexGrid" | "ZonedGrid");
            let numbering = c.ends_with("Numbering") && c != "HexGridNumbering";
            if !grid && !numbering {
                return None;
            }
            let zone = d
                .ancestors()
                .find(|a| class(a) == Some("Zone"))
                .map_or(String::new(), |z| {
                    format!(" in zone `{}`", z.attribute("name").unwrap_or(""))
                });
            Some(if grid {
                format!("{c}{zone} is not a hex grid: not imported")
            } else {
                format!(
                    "{c}{zone} is not read: its hexes are numbered from 0101"
                )
            })
        })
        .chain(unshown)
        .collect();
    Ok(Board {
        map,
        name,
        image,
        size,
        grids,
        notes,
    })
}

/// Reads a `Zone`'s name and outline.
fn zone(
    board: &str,
    node: roxmltree::Node<'_, '_>,
) -> Result<Zone, ModuleError> {
    let bad = || ModuleError::Attribute {
        board: board.to_owned(),
        element: "Zone".into(),
        attr: format!("path=\"{}\"", node.attribute("path").unwrap_or("")),
    };
    let mut path = Vec::new();
    for point in node.attribute("path").unwrap_or("").split(';') {
        if point.trim().is_empty() {
            continue;
        }
        let (x, y) = point.split_once(',').ok_or_else(bad)?;
        let x = x.trim().parse().map_err(|_| bad())?;
        let y = y.trim().parse().map_err(|_| bad())?;
        path.push([x, y]);
    }
    Ok(Zone {
        name: node.attribute("name").unwrap_or("").to_owned(),
        path,
    })
}

/// Reads a `HexGrid` element and its numbering.
fn board_grid(
    map: &str,
    board: &str,
    node: roxmltree::Node<'_, '_>,
    zone: Option<Zone>,
) -> Result<BoardGrid, ModuleError> {
    let bad = |attr: &str| ModuleError::Attribute {
        board: board.to_owned(),
        element: "HexGrid".into(),
        attr: format!("{attr}=\"{}\"", node.attribute(attr).unwrap_or("")),
    };
    let d = HexGrid::default();
    let float = |key: &str| {
        node.attribute(key)
            .map(|v| v.trim().parse::<f64>().map_err(|_| bad(key)))
            .transpose()
    };
    let int = |key: &str, default: i32| {
        node.attribute(key).map_or(Ok(default), |v| {
            v.trim().parse::<i32>().map_err(|_| bad(key))
        })
    };
    let flag = |key: &str| node.attribute(key) == Some("true");
    let dy = float("dy")?.unwrap_or(d.dy);
    // HexGrid.setAttribute: without its own dx, the width follows the
    // height in a regular hexagon's ratio.
    let dx = float("dx")?.unwrap_or(dy * 3f64.sqrt() / 2.0);
    if !(dx.is_finite() && dy.is_finite() && dx > 0.0 && dy > 0.0) {
        return Err(ModuleError::ZeroSizeGrid {
            map: map.to_owned(),
            board: board.to_owned(),
            dx,
            dy,
        });
    }
    let grid = HexGrid {
        dx,
        dy,
        x0: int("x0", d.x0)?,
        y0: int("y0", d.y0)?,
        sideways: flag("sideways"),
        edges_legal: flag("edgesLegal"),
        corners_legal: flag("cornersLegal"),
    };
    let numbering = node
        .children()
        .find(|c| class(c) == Some("HexGridNumbering"))
        .map(|n| {
            numbering::from_attrs(|k| n.attribute(k)).map_err(|attr| {
                ModuleError::Attribute {
                    board: board.to_owned(),
                    element: "HexGridNumbering".into(),
                    attr: attr.to_string(),
                }
            })
        })
        .transpose()?;
    Ok(BoardGrid {
        zone,
        grid,
        numbering,
    })
}

/// Why a board image's size cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum SizeError {
    /// The bytes could not be read.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// Not an image the image crate reads.
    #[error(transparent)]
    Image(#[from] image::ImageError),
    /// An SVG that is not XML (or nested too deep to read).
    #[error(transparent)]
    Svg(#[from] super::xml::XmlError),
    /// An SVG with no size.
    #[error("the SVG gives no width and height in pixels nor a viewBox")]
    SvgWithoutSize,
}

/// Width and height of a board image, and the name of its format when
/// Berthier cannot show it as a scan (GIF, SVG).
fn image_size(
    bytes: &[u8],
) -> Result<([u32; 2], Option<&'static str>), SizeError> {
    if bytes.starts_with(b"GIF8") && bytes.len() >= 10 {
        let w = u16::from_le_bytes([bytes[6], bytes[7]]);
        let h = u16::from_le_bytes([bytes[8], bytes[9]]);
        return Ok(([u32::from(w), u32::from(h)], Some("GIF")));
    }
    let head = &bytes[..bytes.len().min(4096)];
    if String::from_utf8_lossy(head).contains("<svg") {
        return svg_size(bytes).map(|size| (size, Some("SVG")));
    }
    let (w, h) = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()?
        .into_dimensions()?;
    Ok(([w, h], None))
}

/// An SVG's size in pixels: its `width` and `height` (plain or `px`
/// numbers), else its `viewBox`.
fn svg_size(bytes: &[u8]) -> Result<[u32; 2], SizeError> {
    let text = String::from_utf8_lossy(bytes);
    let doc =
        super::xml::parse_bounded(&text, roxmltree::ParsingOptions::default())?;
    let root = doc.root_element();
    let px = |key: &str| {
        let v = root.attribute(key)?.trim();
        let v = v.strip_suffix("px").unwrap_or(v);
        v.parse::<f64>().ok().filter(|v| *v > 0.0)
    };
    let view_box = || {
        let parts: Vec<f64> = root
            .attribute("viewBox")?
            .split([' ', ','])
            .filter(|p| !p.is_empty())
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        (parts.len() == 4).then(|| (parts[2], parts[3]))
    };
    let (w, h) = match (px("width"), px("height")) {
        (Some(w), Some(h)) => (w, h),
        _ => view_box().ok_or(SizeError::SvgWithoutSize)?,
    };
    Ok([w.round() as u32, h.round() as u32])
}
