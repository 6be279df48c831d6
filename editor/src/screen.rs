//! The editor's screens, one module each (halloy style).

pub mod error;
pub mod map;
