//! Berthier's map editor: a window showing a map's scan with its hex grid,
//! and a headless renderer that draws maps to PNG.

pub mod app;
pub mod counter_art;
pub mod demo;
pub mod files;
pub mod folders;
pub mod game;
pub mod gazetteer;
pub mod history;
pub mod job;
pub mod map_canvas;
pub mod map_form;
pub mod oob;
pub mod oob_csv;
pub mod palette;
pub mod project;
pub mod recent;
pub mod registration;
pub mod render;
pub mod scan;
pub mod scenario_findings;
pub mod scene;
pub mod screen;
pub mod setup;
pub mod suggest;
pub mod tiled;
pub mod timeline;
pub mod tool;
pub mod undo;
pub mod vassal;
pub mod victory;
