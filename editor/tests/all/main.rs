//! The editor's integration tests in one binary: one link and one
//! executable instead of one per file (each was about 200 MB with iced, and
//! thirty of them filled the disk and the CI's link time). Each module is one
//! former test file; `common` and `app_ui` are their shared helpers. Tests
//! of what draws no window live with the workshop library
//! (`editor/tools/tests`) and the command-line tools (`editor/cli/tests`).
//! Run with `ICED_TEST_BACKEND=tiny-skia`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod app_ui;
mod common;

mod autosave;
mod crash_save;
mod editing_ui;
mod findings_ui;
mod game_tabs;
mod gazetteer_ui;
mod help;
mod labels;
mod layout;
mod live_findings;
mod map_screen;
mod menu_bar;
mod naming;
mod new_map;
mod oob;
mod places_layer;
mod protect;
mod register_handles;
mod register_ui;
mod repaint;
mod road_rename;
mod save_comments;
mod scan;
mod scan_screen;
mod setup;
mod shortcuts;
mod timeline;
mod tools;
mod vassal_menu;
mod victory_map;
mod window;
