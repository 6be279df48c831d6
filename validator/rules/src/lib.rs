//! Berthier's rules as a library: the permanent finding codes and their
//! documentation, the finding and diagnostic types, and the checks that
//! documents already loaded decide (the map checks of pass 2, every
//! pass-3 rule on a scenario resolved into a
//! [`Battle`](berthier_schema::battle::Battle)).
//!
//! It reads no file, parses no command line and has no configuration:
//! callers load the documents (`berthier_schema::pack`) and locate the
//! findings in their text. `berthier-validate` runs it over whole packs;
//! the editor runs the map checks as the map is painted.

pub mod check;
pub mod code;
pub mod diagnostic;
pub mod pointer;
pub mod schedule;
pub mod severity;
pub mod words;

/// The checks of a map document that read no file: pass 2 runs them on
/// every map, and the editor's findings panel as the map is painted.
pub use check::map as map_checks;
pub use check::{Finding, registry::RULES};
pub use code::{Code, Group, Rule};
pub use diagnostic::{Diagnostic, Report, Severity};
pub use pointer::Pointer;
