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
use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Seek};
use std::path::Path;

use zip::ZipArchive;

use super::grid::HexGrid;
use super::numbering::Numbering;

mod archive;
mod board;
mod error;
mod image_size;
mod pieces;
mod setups;

pub use error::ModuleError;
pub use image_size::SizeError;
pub use pieces::{AtStart, Slot, StackAt};
pub use setups::Setup;

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
    /// The names of every zone of its `ZonedGrid`, with or without a grid
    /// of their own (often terrain: the series stub lists them).
    pub zones: Vec<String>,
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
    /// The pieces of the piece palette, in document order.
    pub pieces: Vec<Slot>,
    /// The at-start stacks of every map, in document order.
    pub stacks: Vec<AtStart>,
    /// The predefined setups (saved games in the module), in document
    /// order.
    pub setups: Vec<Setup>,
    /// Predefined setups left out, one sentence each.
    pub setup_notes: Vec<String>,
    /// Each map's default board layout (its `BoardPicker`'s `setup`), by
    /// map name; maps without one are absent.
    pub layouts: BTreeMap<String, Vec<BoardSlot>>,
    /// The player sides of its `PlayerRoster` (its `entry` elements), in
    /// order; empty when it has none.
    pub roster: Vec<String>,
    zip: ZipArchive<R>,
    limits: Limits,
}
/// The sides of the module's `PlayerRoster`: the text of each `entry`
/// element (VASSAL keeps one per side), blanks left out.
fn roster(doc: &roxmltree::Document<'_>) -> Vec<String> {
    doc.descendants()
        .filter(|n| class(n) == Some("PlayerRoster"))
        .flat_map(|r| r.children().filter(|c| c.tag_name().name() == "entry"))
        .map(|e| e.children().filter_map(|c| c.text()).collect::<String>())
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .collect()
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
    archive::check_entries(&mut zip, limits)?;
    let build_file = ["buildFile.xml", "buildFile"]
        .into_iter()
        .find(|n| zip.index_for_name(n).is_some())
        .ok_or(ModuleError::NoBuildFile)?
        .to_owned();
    let bytes = archive::entry(&mut zip, &build_file, limits)?;
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
        boards.push(board::board(&mut zip, limits, node)?);
    }
    let (pieces, stacks) = pieces::read(&zip, &doc)?;
    let (setups, setup_notes) = setups::read(&mut zip, &doc, limits)?;
    let layouts = doc
        .descendants()
        .filter(|n| class(n) == Some("BoardPicker"))
        .filter_map(|picker| {
            let map = picker
                .ancestors()
                .find_map(|a| a.attribute("mapName"))
                .unwrap_or("");
            let setup =
                picker.children().find(|c| c.tag_name().name() == "setup")?;
            let text: String =
                setup.children().filter_map(|c| c.text()).collect();
            Some((map.to_owned(), layout(text.trim())))
        })
        .collect();
    let roster = roster(&doc);
    Ok(Module {
        roster,
        name,
        build_file,
        boards,
        pieces,
        stacks,
        setups,
        setup_notes,
        layouts,
        zip,
        limits,
    })
}

impl<R: Read + Seek> Module<R> {
    /// The bytes of an entry, within the limits.
    pub fn entry(&mut self, name: &str) -> Result<Vec<u8>, ModuleError> {
        archive::entry(&mut self.zip, name, self.limits)
    }
}
/// A board's place in a map's layout of boards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardSlot {
    /// The board's name.
    pub board: String,
    /// Its column of boards, from 0 at the left.
    pub col: u32,
    /// Its row of boards, from 0 at the top.
    pub row: u32,
    /// Turned half a turn (`rev`).
    pub reversed: bool,
}

/// Reads a `BoardPicker` setup: `<map>BoardPicker`, then for each board
/// its name (`name/rev` when reversed), column and row, tab-separated
/// (VASSAL's `BoardPicker.encode`). Boards whose place does not read are
/// left out.
fn layout(text: &str) -> Vec<BoardSlot> {
    let tokens = super::sequence::decode(text, '\t');
    tokens
        .get(1..)
        .unwrap_or(&[])
        .chunks_exact(3)
        .filter_map(|t| {
            let name = super::sequence::decode(&t[0], '/');
            Some(BoardSlot {
                board: name.first()?.clone(),
                reversed: name.get(1).is_some_and(|r| r == "rev"),
                col: t[1].trim().parse().ok()?,
                row: t[2].trim().parse().ok()?,
            })
        })
        .collect()
}

/// The last part of an element's class name (`Board` for
/// `VASSAL.build.module.map.boardPicker.Board`).
pub(crate) fn class<'a>(node: &roxmltree::Node<'a, '_>) -> Option<&'a str> {
    let tag = node.tag_name().name();
    node.is_element()
        .then(|| tag.rsplit('.').next().unwrap_or(tag))
}
