//! Why a module cannot be read: one variant per kind of bad module, each
//! naming what is wrong.

use super::image_size::SizeError;

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
    /// A piece names an image the module does not hold.
    #[error(
        "piece `{piece}` shows image `{image}`, which is not in the module \
         (looked for images/{image}); nothing was written"
    )]
    MissingPieceImage {
        /// The piece (its palette or stack slot name).
        piece: String,
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
    /// A zone's outline has more points than the import reads.
    #[error(
        "board `{board}`: zone `{zone}` has {points} points in its outline; \
         the import reads at most {limit}"
    )]
    ZoneTooLong {
        /// The board.
        board: String,
        /// The zone's name.
        zone: String,
        /// Points in its outline.
        points: usize,
        /// The limit.
        limit: usize,
    },
    /// An attribute that does not read as its type.
    #[error(
        "board `{board}`: attribute {attr} of {element} does not read (or \
         is past the import's limits)"
    )]
    Attribute {
        /// The board.
        board: String,
        /// The element's class.
        element: String,
        /// The attribute and value.
        attr: String,
    },
}
