//! The two validation passes.

pub mod references;
pub mod schema;
