//! Berthier's map and scenario editor: the window. Its screens sit on the
//! GUI-free workshop library, `berthier-tools` (documents, interop,
//! rendering, scans), as Tiled's editor sits on libtiled.

pub mod app;
pub mod job;
pub mod map_canvas;
pub mod map_form;
pub mod scan_view;
pub mod scenario_findings;
pub mod screen;
