//! Reading a module's pieces: the piece palette's `PieceSlot`s and the
//! maps' at-start stacks (`SetupStack`), prototypes resolved
//! ([`super::super::piece`]), every image checked to be in the module.
//!
//! A `SetupStack` (the manual's *At-Start Stack*) has `name`, `owningBoard`
//! (the board its position is on; none on a one-board map), `x` and `y`
//! in that board's pixels, or `useGridLocation="true"` and a `location`
//! named by the board's grid numbering (VASSAL's `SetupStack`); its
//! children are the `PieceSlot`s stacked there, bottom first.

use std::collections::BTreeMap;
use std::io::{Read, Seek};

use zip::ZipArchive;

use super::super::piece::{self, Piece};
use super::{ModuleError, class};

/// A piece of the palette or of an at-start stack.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// The slot's name, else the piece's.
    pub name: String,
    /// VASSAL's id of the slot (`gpid`), if any.
    pub gpid: String,
    /// The piece, prototypes resolved.
    pub piece: Piece,
    /// The names of the palette widgets holding it, outermost first
    /// (empty in an at-start stack).
    pub palette: Vec<String>,
}

/// Where an at-start stack stands.
#[derive(Debug, Clone, PartialEq)]
pub enum StackAt {
    /// `x`, `y` in pixels of its board.
    Pixel([i32; 2]),
    /// A location name of its board's grid.
    Location(String),
}

/// An at-start stack.
#[derive(Debug, Clone, PartialEq)]
pub struct AtStart {
    /// The map (`mapName`) it is on.
    pub map: String,
    /// Its name.
    pub name: String,
    /// Its owning board, if named.
    pub board: Option<String>,
    /// Its position.
    pub at: StackAt,
    /// Its pieces, bottom first.
    pub pieces: Vec<Slot>,
}

/// The palette's pieces and every at-start stack, in document order.
pub(super) fn read<R: Read + Seek>(
    zip: &ZipArchive<R>,
    doc: &roxmltree::Document<'_>,
) -> Result<(Vec<Slot>, Vec<AtStart>), ModuleError> {
    let prototypes = prototypes(doc);
    let mut palette = Vec::new();
    let mut stacks = Vec::new();
    for node in doc.descendants().filter(|n| class(n) == Some("PieceSlot")) {
        let in_stack =
            node.ancestors().any(|a| class(&a) == Some("SetupStack"));
        let in_prototype = node
            .ancestors()
            .any(|a| class(&a) == Some("PrototypeDefinition"));
        if !in_stack && !in_prototype {
            palette.push(slot(zip, node, &prototypes)?);
        }
    }
    for node in doc.descendants().filter(|n| class(n) == Some("SetupStack")) {
        stacks.push(at_start(zip, node, &prototypes)?);
    }
    Ok((palette, stacks))
}

/// Every prototype's definition, by name.
pub(super) fn prototypes(
    doc: &roxmltree::Document<'_>,
) -> BTreeMap<String, String> {
    doc.descendants()
        .filter(|n| class(n) == Some("PrototypeDefinition"))
        .map(|n| {
            let name = n.attribute("name").unwrap_or("").to_owned();
            (name, text(n))
        })
        .collect()
}

/// Refuses a piece whose face images are not in the module.
pub(super) fn check_images<R: Read + Seek>(
    zip: &ZipArchive<R>,
    slot: &Slot,
) -> Result<(), ModuleError> {
    let piece = &slot.piece;
    let images = std::iter::once(&piece.image)
        .chain(piece.layers.iter().flat_map(|l| l.images.iter()));
    for image in images.filter(|i| !i.is_empty()) {
        if zip.index_for_name(&format!("images/{image}")).is_none() {
            return Err(ModuleError::MissingPieceImage {
                piece: slot.name.clone(),
                image: image.clone(),
            });
        }
    }
    Ok(())
}

/// An element's text (a piece definition), trimmed of the indentation a
/// pretty-printed build file adds around it.
fn text(node: roxmltree::Node<'_, '_>) -> String {
    let raw: String =
        node.children().filter_map(|c| c.text()).collect::<String>();
    raw.trim_matches(['\n', '\r', ' ']).to_owned()
}

/// Reads one `PieceSlot`.
fn slot<R: Read + Seek>(
    zip: &ZipArchive<R>,
    node: roxmltree::Node<'_, '_>,
    prototypes: &BTreeMap<String, String>,
) -> Result<Slot, ModuleError> {
    let piece = piece::read(&text(node), prototypes);
    let name = node
        .attribute("name")
        .filter(|n| !n.is_empty())
        .map_or_else(|| piece.name.clone(), str::to_owned);
    let palette = node
        .ancestors()
        .skip(1)
        .take_while(|a| class(a) != Some("PieceWindow"))
        .filter(|a| class(a).is_some_and(|c| c.ends_with("Widget")))
        .filter_map(|a| a.attribute("entryName").or(a.attribute("name")))
        .filter(|n| !n.is_empty())
        .map(str::to_owned)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let slot = Slot {
        name,
        gpid: node.attribute("gpid").unwrap_or("").to_owned(),
        piece,
        palette,
    };
    check_images(zip, &slot)?;
    Ok(slot)
}

/// Reads one `SetupStack`.
fn at_start<R: Read + Seek>(
    zip: &ZipArchive<R>,
    node: roxmltree::Node<'_, '_>,
    prototypes: &BTreeMap<String, String>,
) -> Result<AtStart, ModuleError> {
    let name = node.attribute("name").unwrap_or("").to_owned();
    let bad = |attr: &str| ModuleError::Attribute {
        board: node.attribute("owningBoard").unwrap_or("").to_owned(),
        element: format!("SetupStack `{name}`"),
        attr: format!("{attr}=\"{}\"", node.attribute(attr).unwrap_or("")),
    };
    let at = if node.attribute("useGridLocation") == Some("true") {
        StackAt::Location(node.attribute("location").unwrap_or("").to_owned())
    } else {
        let int = |k: &str| {
            node.attribute(k)
                .unwrap_or("0")
                .trim()
                .parse::<i32>()
                .map_err(|_| bad(k))
        };
        StackAt::Pixel([int("x")?, int("y")?])
    };
    let mut pieces = Vec::new();
    for child in node.children().filter(|c| class(c) == Some("PieceSlot")) {
        let mut s = slot(zip, child, prototypes)?;
        s.palette.clear();
        pieces.push(s);
    }
    Ok(AtStart {
        map: node
            .ancestors()
            .find_map(|a| a.attribute("mapName"))
            .unwrap_or("")
            .to_owned(),
        board: node
            .attribute("owningBoard")
            .filter(|b| !b.is_empty())
            .map(str::to_owned),
        name,
        at,
        pieces,
    })
}
