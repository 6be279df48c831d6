//! The command-line tools' tests, through the library's argument parser
//! and through the `berthier-tools` binary; nothing here links a GUI.
#![allow(clippy::unwrap_used, clippy::expect_used)]

// Board images and zipped modules, shared with the workshop's VASSAL tests.
#[path = "../../../tools/tests/all/vassal_common/mod.rs"]
mod vassal_common;

mod import_vassal;
mod render;
mod render_layers;
