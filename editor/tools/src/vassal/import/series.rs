//! The series stub: a module carries no rules, so the import writes
//! `series.ron` listing only what it found, for the modder to complete
//! (`schema/series/README.md` walks through it).
//!
//! - `unit_classes`: every class the pieces' properties name (arm the
//!   class itself when it is one of the broad arms, else `unknown`);
//! - `ratings`: every whole-number property the pieces carry;
//! - no `terrain`: a board's zones are turn track boxes, cups and holding
//!   boxes far more often than terrain, and the module does not say which
//!   (the import lists them in a note).
//!
//! Stacking, facing, entry and everything else are left out. The stub is
//! marked `stub: true`: berthier-validate warns of each missing part
//! (REF046) until the modder completes it and removes the mark.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use berthier_schema::document::{Format, ParseError, parse, to_text};
use berthier_schema::series::{RatingDef, Series, UnitClass};
use berthier_schema::{Provenance, Source};

use super::{ImportError, SERIES_PLACEHOLDER, slug};

/// What the stub lists.
pub(super) struct Found<'a> {
    /// The module's name.
    pub module: &'a str,
    /// Unit classes.
    pub classes: &'a BTreeSet<String>,
    /// Rating ids.
    pub ratings: &'a BTreeSet<String>,
}

/// The broad arms a class may be (`UnitClass::arm`).
const ARMS: [&str; 4] = ["infantry", "cavalry", "artillery", "leader"];

/// Writes `dir/series.ron`.
pub(super) fn write(found: &Found<'_>, dir: &Path) -> Result<(), ImportError> {
    let internal = |e: ParseError| ImportError::Internal(e.to_string());
    let mut doc: Series = parse(
        "(kind: series, format_version: 2, id: \"\", name: \"\")",
        Format::Ron,
    )
    .map_err(internal)?;
    let module = if found.module.is_empty() {
        "VASSAL module"
    } else {
        found.module
    };
    // The mark that makes berthier-validate warn of each missing part
    // (REF046) until the modder completes the series.
    doc.stub = true;
    doc.id = format!("{}-series", slug(module));
    doc.name = format!("{module} (stub from a VASSAL import: complete it)");
    for class in found.classes {
        let mut c: UnitClass =
            parse("(id: \"\", name: \"\", arm: \"\")", Format::Ron)
                .map_err(internal)?;
        c.id.clone_from(class);
        c.name.clone_from(class);
        c.arm = if ARMS.contains(&class.as_str()) {
            class.clone()
        } else {
            "unknown".into()
        };
        doc.unit_classes.push(c);
    }
    for rating in found.ratings {
        let mut r: RatingDef =
            parse("(id: \"\", name: \"\")", Format::Ron).map_err(internal)?;
        r.id.clone_from(rating);
        r.name.clone_from(rating);
        doc.ratings.push(r);
    }
    doc.provenance = vec![Provenance {
        about: "series".into(),
        source: Source::Unknown,
        reference: Some(format!("VASSAL module `{module}`")),
        note: Some(
            "A stub: only the names the module's pieces carry. \
             Write terrain types and their costs, hexsides, class arms and ratings, \
             stacking, facing, formations and entry rules."
                .into(),
        ),
    }];
    let path = dir.join(SERIES_PLACEHOLDER);
    let mut text = String::from(
        "// TODO(modder): a VASSAL module holds no series. This stub lists\n\
         // only what the import found (unit classes and ratings from the\n\
         // pieces); complete it by following schema/series/README.md and\n\
         // remove `stub: true`, or point the map, counters and scenario at\n\
         // an existing series instead.\n",
    );
    text.push_str(
        &to_text(&doc, Format::Ron)
            .map_err(|e| ImportError::Serialize(path.clone(), e))?,
    );
    fs::write(&path, text).map_err(|source| ImportError::Write { path, source })
}
