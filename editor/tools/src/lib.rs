//! Berthier's workshop without a window, as Tiled's libtiled is to Tiled:
//! everything the editor does that does not draw a window. The editor's
//! screens sit on it, and so do the command-line tools (`berthier-tools`),
//! which therefore build no GUI toolkit.
//!
//! | Module | What it holds |
//! |---|---|
//! | [`opened`] | opening any file the editor shows, read once: a map or scenario, an order of battle, a game |
//! | [`project`] | opening a map (directly or through a scenario) with its series and scan |
//! | [`edited`] | the one way every document is saved: path, format, undo history, disk stamp, keeping comments or asking first |
//! | [`files`] | a map's autosave and recovery, saving a map as a new file |
//! | [`undo`], [`history`] | the undo stack every document uses, and the map's edits on it |
//! | [`tool`] | the map's painting tools and their catalogue |
//! | [`oob`], [`oob_csv`] | orders of battle (counters files): model, edits, CSV in and out |
//! | [`setup`], [`timeline`], [`victory`], [`game`] | a scenario's set-up, arrivals, objectives, and games on several maps |
//! | [`gazetteer`] | the map's named features and what uses them |
//! | [`scene`], [`render`], [`counter_art`], [`palette`] | shapes to draw, PNG rendering, counter faces and sheets, colours |
//! | [`scan`], [`registration`], [`suggest`] | scans of any size, grid registration, suggested terrain |
//! | [`vassal`], [`tiled`] | VASSAL modules in and out, Tiled maps out |
//! | [`pack`] | a scenario pack's root and its documents by kind and name |
//! | [`demo`], [`folders`], [`recent`] | the demo battle, the user's folders, recent files |

pub mod autosave;
pub mod counter_art;
pub mod demo;
pub mod edited;
pub mod files;
pub mod folders;
pub mod game;
pub mod gazetteer;
pub mod history;
pub mod list_edit;
pub mod naming;
pub mod oob;
pub mod oob_csv;
pub mod opened;
pub mod pack;
pub mod palette;
pub mod project;
pub mod recent;
pub mod registration;
pub mod render;
pub mod scan;
pub mod scene;
pub mod setup;
pub mod suggest;
pub mod tiled;
pub mod timeline;
pub mod tool;
pub mod typed;
pub mod undo;
pub mod unit_set;
pub mod vassal;
pub mod victory;
pub mod ways;
