//! Mutation fuzzing of every Berthier loader and of the validator on a
//! whole pack.
//!
//! Structure-aware rather than coverage-guided: the inputs are the bundled
//! documents (RON and their JSON conversions), the bad-input corpus and a
//! VASSAL build file, mutated the way hand edits and broken tools damage
//! files (a block of lines duplicated or lost, brackets swapped, numbers
//! pushed to extremes, text spliced in from another document, deep
//! nesting, truncation, stray bytes). Coverage guidance on stable Rust
//! means `cargo afl`, which rebuilds every dependency instrumented: more
//! than this project's 2-core CI can afford per target, so the harness
//! runs in-process on the normal build and a supervisor process catches
//! what `catch_unwind` cannot (stack overflows, aborts) and hangs.
//!
//! A target fails in three ways: a panic, a hang (no answer in
//! [`HANG_SECONDS`]), or a broken property ([`Verdict::Problem`]): a
//! finding with neither a line nor a JSON pointer, a document that does
//! not survive `convert` or `migrate`, a VASSAL import that fails but
//! leaves files behind.

pub mod minimize;
pub mod mutate;
pub mod seeds;
pub mod supervise;
pub mod target;
mod unique;
pub mod worker;

/// An input that takes longer than this is a hang (the reliability
/// issue's threshold: over 10 s).
pub const HANG_SECONDS: u64 = 10;
