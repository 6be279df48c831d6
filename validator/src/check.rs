//! Pass 3: every rule of `berthier_rules` on each selected scenario. The
//! rules, their documentation and the [`Finding`] type live in
//! `berthier_rules::check` (re-exported here); this crate keeps the
//! runner, which gathers each scenario's documents from the pack, checks
//! scenarios in parallel and locates the findings in the scenario's text.

pub use berthier_rules::check::*;

pub mod run;
