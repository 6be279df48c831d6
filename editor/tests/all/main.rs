//! The editor's integration tests in one binary: one link and one
//! executable instead of one per file (each was about 200 MB with iced, and
//! thirty of them filled the disk and the CI's link time). Each module is one
//! former test file; `common`, `app_ui` and `vassal_common` are their shared
//! helpers. Run with `ICED_TEST_BACKEND=tiny-skia`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod app_ui;
mod common;
mod vassal_common;
mod vassal_export;

mod autosave;
mod counter_sheet;
mod crash_save;
mod demo_map;
mod editing_ui;
mod findings_ui;
mod game_tabs;
mod gazetteer_ui;
mod history;
mod labels;
mod layout;
mod live_findings;
mod map_screen;
mod naming;
mod new_map;
mod oob;
mod oob_csv;
mod places_layer;
mod protect;
mod register_handles;
mod register_ui;
mod registration;
mod registration_rivoli;
mod render;
mod render_layers;
mod repaint;
mod road_rename;
mod save_comments;
mod scan;
mod scan_screen;
mod scenario_open;
mod setup;
mod sheet_scans;
mod shortcuts;
mod standard_series;
mod suggest;
mod tiled_export;
mod timeline;
mod tools;
mod vassal_grid;
mod vassal_import;
mod vassal_menu;
mod vassal_module;
mod vassal_pieces;
mod vassal_round_trip;
mod vassal_sheets;
mod victory_map;
mod window;
