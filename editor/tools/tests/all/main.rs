//! The workshop library's integration tests in one binary (one link), none
//! of them linking a GUI: interop, rendering, scans and registration, the
//! document models. Each module is one former test file; `common` and
//! `vassal_common` are shared helpers (the editor's tests use them too).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod vassal_common;

mod autosave;
mod counter_pdf;
mod counter_sheet;
mod demo_map;
mod history;
mod oob_activation;
mod oob_csv;
mod oob_nationality;
mod oob_rename;
mod opened;
mod registration;
mod registration_rivoli;
mod scenario_open;
mod sheet_scans;
mod standard_series;
mod suggest;
mod tiled_export;
mod vassal_budgets;
mod vassal_export;
mod vassal_grid;
mod vassal_import;
mod vassal_module;
mod vassal_pieces;
mod vassal_rotated;
mod vassal_round_trip;
mod vassal_sheets;
mod vassal_sides;
