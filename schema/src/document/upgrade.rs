//! A document read at an older `format_version`, brought to the current
//! one as it is read (`parse_document`); `crate::migrate` writes the same
//! upgrade back into a file.
//!
//! Version 2 only adds to version 1 (new fields with defaults, new
//! variants), so the step from 1 to 2 changes the version number and
//! nothing else. A future step that reshapes data adds one function here
//! and one line to [`STEPS`].

use super::Document;
use crate::format::{FORMAT_VERSION, OLDEST_FORMAT_VERSION};

/// One step from a version to the next: what it did, in words, or
/// nothing when the document needed no change besides its version.
type Step = fn(&mut Document) -> Vec<String>;

/// The steps, in order: `STEPS[i]` takes version `OLDEST + i` to the next.
const STEPS: [Step; 1] = [version_1_to_2];

/// Version 2 adds sheets, richer locations, counts, unit filters, scenario
/// variants, richer arrivals, time, victory and games; nothing of
/// version 1 changes shape.
fn version_1_to_2(_: &mut Document) -> Vec<String> {
    Vec::new()
}

/// What an upgrade changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upgrade {
    /// The version the document said.
    pub from: u32,
    /// The version it says now ([`FORMAT_VERSION`]).
    pub to: u32,
    /// The changes besides the version number, in words.
    pub changes: Vec<String>,
}

/// Brings a document read at any supported version to the current one.
/// `None` when it is current already (or newer: the reader refuses those).
pub fn upgrade(document: &mut Document) -> Option<Upgrade> {
    let from = document.format_version();
    if !(OLDEST_FORMAT_VERSION..FORMAT_VERSION).contains(&from) {
        return None;
    }
    let mut changes = Vec::new();
    for version in from..FORMAT_VERSION {
        let step = STEPS[(version - OLDEST_FORMAT_VERSION) as usize];
        changes.extend(step(document));
        set_version(document, version + 1);
    }
    Some(Upgrade {
        from,
        to: FORMAT_VERSION,
        changes,
    })
}

fn set_version(document: &mut Document, version: u32) {
    match document {
        Document::Series(d) => d.format_version = version,
        Document::Map(d) => d.format_version = version,
        Document::Counters(d) => d.format_version = version,
        Document::Scenario(d) => d.format_version = version,
        Document::Variant(d) => d.format_version = version,
        Document::Game(d) => d.format_version = version,
    }
}
