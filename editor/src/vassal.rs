//! Importing VASSAL modules: VASSAL's hex grid geometry and numbering
//! restated, and their conversion to Berthier grids.
//!
//! A VASSAL module (`.vmod`) is a zip holding `buildFile.xml` (or the
//! legacy `buildFile`), `moduledata` and `images/`. Each board of a map
//! may carry a hex grid (`HexGrid`: `dx`, `dy`, `x0`, `y0`, `sideways`)
//! numbered by a `HexGridNumbering` (`first`, `sep`, `hType`/`vType`,
//! `hLeading`/`vLeading`, `hOff`/`vOff`, `hDescend`/`vDescend`,
//! `stagger`).
//!
//! - [`grid`]: where VASSAL puts the centre of a cell and which cell a
//!   pixel falls in;
//! - [`numbering`]: the name VASSAL prints for a cell, and back;
//! - [`to_berthier`]: a Berthier grid, extent and name table putting every
//!   hex of a board where VASSAL does;
//! - [`module`]: opening a `.vmod` safely and listing every board of every
//!   map with its image, size and hex grids (zones of a `ZonedGrid`
//!   included), with a clear error for each kind of bad module;
//! - [`import`]: writing each board grid as a `<board>.map.ron` beside its
//!   image (and a table of VASSAL's names where they are not Berthier's
//!   `CCRR`), all or nothing.
//!
//! Everything here re-implements VASSAL's behaviour from a reading of its
//! reference manual and source (`HexGrid.java`, `HexGridNumbering.java`,
//! `RegularGridNumbering.java`, LGPL); no VASSAL code is copied, and each
//! function cites the class and method it follows.

pub mod grid;
pub mod import;
pub mod module;
pub mod numbering;
pub mod to_berthier;
