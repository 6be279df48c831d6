//! Importing VASSAL modules: VASSAL's hex grid geometry and numbering
//! restated, their conversion to Berthier grids, and a safe reader and
//! importer for `.vmod` files, and the export of a battle as one.
//!
//! A VASSAL module (`.vmod`) is a zip holding `buildFile.xml` (or the
//! legacy `buildFile`), `moduledata` and `images/`. Each board of a map
//! may carry a hex grid (`HexGrid`: `dx`, `dy`, `x0`, `y0`, `sideways`)
//! numbered by a `HexGridNumbering` (`first`, `sep`, `hType`/`vType`,
//! `hLeading`/`vLeading`, `hOff`/`vOff`, `hDescend`/`vDescend`,
//! `stagger`), or a `ZonedGrid` of zones each with its own grid.
//!
//! - [`grid`]: where VASSAL puts the centre of a cell, the pixel it snaps a
//!   piece to, and which cell a pixel falls in;
//! - [`numbering`]: the name VASSAL prints for a cell ("0507", "C12",
//!   "BB-3"), and the cell of a name;
//! - [`to_berthier`]: a Berthier [`Grid`](berthier_schema::Grid), extent
//!   and name table putting every hex of a board where VASSAL does;
//! - [`module`]: opening a `.vmod` safely and listing every board of every
//!   map with its image, size and hex grids (zones included), with a clear
//!   error for each kind of bad module and a note for what is left out;
//! - [`import`]: writing each board grid as a `<board>.map.ron` beside its
//!   image (and a table of VASSAL's names where they are not Berthier's
//!   `CCRR`), all or nothing.
//!
//! ```no_run
//! use std::path::Path;
//! use berthier_tools::vassal::import::import;
//!
//! let report = import(Path::new("Battle.vmod"), Path::new("maps/battle"))?;
//! for map in &report.maps {
//!     println!("{}: {} hexes in {}", map.source, map.hexes, map.map.display());
//! }
//! for note in &report.notes {
//!     println!("left out: {note}");
//! }
//! # Ok::<(), berthier_tools::vassal::import::ImportError>(())
//! ```
//!
//! # How exact
//!
//! VASSAL's lattice is regular (columns `dx` apart, hexes `dy` apart down
//! a column, odd columns half a hex lower; sideways, the same turned a
//! quarter), and so is Berthier's, so each Berthier centre is VASSAL's
//! exact centre to a few thousandths of a pixel. VASSAL draws its grid and
//! centre dots from those exact centres rounded to the nearest pixel (so
//! within 0.5 px), but snaps pieces to them truncated, with an odd
//! column's half step truncated on its own first: a snap point lies up to
//! one pixel left of and two above the exact centre (one and two swapped
//! when sideways). No Berthier grid can follow that truncation; a piece
//! dropped on a Berthier centre still snaps to the same VASSAL hex.
//!
//! Numbering follows VASSAL to the letter, quirks included: alphabetic
//! names run A..Z, AA, BB..; descending numbers count back from VASSAL's
//! board size in cells (computed from the other axis's spacing when not
//! sideways); a name read back with `stagger` and an odd count back lands
//! a row off, as VASSAL's Send-To-Location does.
//!
//! # Pieces, setups, sheets, series
//!
//! - [`piece`] and [`sequence`]: a piece's name, faces and properties read
//!   from VASSAL's piece definitions, prototypes resolved;
//! - the import writes a counters file (faces in `<id>.vassal-images.ron`
//!   and `images/`), one scenario per map holding at-start stacks, one
//!   per predefined setup, and a series stub `series.ron` for the modder
//!   to complete;
//! - several boards laid out in a map's rows and columns become sheets of
//!   one map when their grids line up, else separate maps (noted).
//!
//! # Not yet
//!
//! Zones with their own grid become sheets laid side by side, not
//! adjacent (a zone is usually an inset at another scale); square and
//! region grids and oblique numbering are noted and left out; GIF and SVG
//! boards are copied as they are (Berthier shows PNG, JPEG and TIFF); the
//! map format has no printed-numbering field for every VASSAL quirk, so
//! names no Berthier numbering prints go to a `<board>.vassal-names.ron`
//! table.
//!
//! # Export
//!
//! [`export`] writes a battle as a module (`export-vassal`): the board,
//! the grid and numbering, a piece per counter (ratings and side as
//! Marker properties) and the setup as at-start stacks, or each scenario
//! of a map as a predefined setup ([`saved_game`]); importing it gives
//! the battle back (round-trip tests).
//!
//! Everything here re-implements VASSAL's behaviour from a reading of its
//! reference manual and source (`HexGrid.java`, `HexGridNumbering.java`,
//! `RegularGridNumbering.java`, `Zone.java`, `Board.java`; LGPL); no
//! VASSAL code is copied, and each function cites the class and method it
//! follows.

pub mod export;
pub mod grid;
pub mod import;
pub mod module;
pub mod numbering;
pub mod piece;
pub mod printed;
pub mod saved_game;
pub mod sequence;
pub mod to_berthier;
pub mod xml;
