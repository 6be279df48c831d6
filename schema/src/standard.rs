//! The standard series: the series files shipped in `schema/series/`,
//! embedded in every binary (validator and editor) so that a scenario pack
//! kept in a repository of its own names one instead of copying the file:
//! `series: "vive-l-empereur"` (the newest version shipped) or, pinned,
//! `series: "vive-l-empereur@1"`.
//!
//! **A name or a path.** A reference is a standard-series name when it has
//! no `/` or `\` and does not end in `.ron` or `.json`; anything else is a
//! path relative to the document, as before. `jdg.series.ron` is a file
//! beside the document; `jours-de-gloire` is the standard series.
//!
//! **Versions.** Each (name, version) is a frozen text: a test compares
//! every embedded text with the digest recorded here, so a shipped series
//! cannot change under a pack that pinned it. Changing a shipped file
//! means keeping its old text as `schema/series/archive/NAME@N.series.ron`,
//! adding a row for it, and raising the version of the current file.

use crate::Format;
use crate::document::{Document, LoadError, load_document};
use crate::series::Series;

mod modded;

pub use modded::{ModdedError, derived_id, modded_copy};

/// One series as shipped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StandardSeries {
    /// Its name, the file name without `.series.ron`.
    pub name: &'static str,
    /// Its version (1, 2, ...): a pinned reference says `name@version`.
    pub version: u32,
    /// Where it is kept in the Berthier repository.
    pub file: &'static str,
    /// The file as shipped (RON).
    pub text: &'static str,
    /// FNV-1a 64 of `text` without carriage returns, as frozen.
    pub digest: u64,
}

macro_rules! shipped {
    ($name:literal, $version:literal, $file:literal, $digest:literal) => {
        StandardSeries {
            name: $name,
            version: $version,
            file: concat!("schema/", $file),
            text: include_str!(concat!("../", $file)),
            digest: $digest,
        }
    };
}

/// Every standard series and version, by name then version.
static SHIPPED: &[StandardSeries] = &[
    shipped!(
        "canope-1801",
        1,
        "series/archive/canope-1801@1.series.ron",
        0x909a_8ab1_ff10_1dd9
    ),
    // Version 2: extends version 2 of jours-de-gloire-empire (no forced march
    // with an enemy near the entry hex, seed 002 l. 423).
    shipped!(
        "canope-1801",
        2,
        "series/canope-1801.series.ron",
        0x1ada_df99_e23d_3ef5
    ),
    shipped!(
        "jours-de-gloire",
        1,
        "series/archive/jours-de-gloire@1.series.ron",
        0x40e9_7bc1_e7b7_2d7e
    ),
    // Version 2: `entry.forced_march_enemy_radius: 5`, no forced march with an
    // enemy within five hexes of the entry hex (seed 000 l. 333).
    shipped!(
        "jours-de-gloire",
        2,
        "series/jours-de-gloire.series.ron",
        0x651e_2c29_85f3_b5f7
    ),
    shipped!(
        "jours-de-gloire-empire",
        1,
        "series/archive/jours-de-gloire-empire@1.series.ron",
        0xf9c5_2198_4732_49c9
    ),
    // Version 2: `entry.forced_march_enemy_radius: 5`, no forced march with
    // an enemy within 5 hexes of the entry hex (seed 002 l. 423).
    shipped!(
        "jours-de-gloire-empire",
        2,
        "series/jours-de-gloire-empire.series.ron",
        0x326d_9369_3be6_3524
    ),
    // The three Vive l'Empereur texts' digests were recorded again on
    // 2026-12-07 for one comment: line 3 cited the rulebook by a file path
    // of a development machine and now cites it by title and edition. No
    // value changed (before: 0xb0d6_1503_cf34_4759, 0xa619_6eeb_cdaa_9da0,
    // 0x91d3_522c_4397_ea8b), so a pack pinned to any of them reads the
    // same rules.
    shipped!(
        "vive-l-empereur",
        1,
        "series/archive/vive-l-empereur@1.series.ron",
        0x000a_3b68_9b92_f060
    ),
    // Version 2 adds the night of "Night and Rain turns" (`night`) and
    // rain's limits as data (`weather[].rules`), seed 001 l. 3098-3112.
    shipped!(
        "vive-l-empereur",
        2,
        "series/archive/vive-l-empereur@2.series.ron",
        0x9150_1930_de00_255b
    ),
    // Version 3: a road does not lift the fortified farm's ban on cavalry
    // and artillery (`not_lifted_by_road`), special rule 2, seed 001
    // l. 3162.
    shipped!(
        "vive-l-empereur",
        3,
        "series/vive-l-empereur.series.ron",
        0xdf7b_4b60_5e37_089a
    ),
];

/// Every standard series and version, by name then version.
pub fn all() -> &'static [StandardSeries] {
    SHIPPED
}

/// The newest version of each standard series, by name.
pub fn newest() -> Vec<&'static StandardSeries> {
    let mut newest: Vec<&StandardSeries> = Vec::new();
    for series in SHIPPED {
        match newest.last_mut() {
            Some(last) if last.name == series.name => {
                if series.version > last.version {
                    *last = series;
                }
            }
            _ => newest.push(series),
        }
    }
    newest
}

pub use crate::reference::is_name;

/// Why a standard-series name does not resolve.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// No standard series has this name.
    #[error(
        "no standard series is named `{name}`{}; the standard series are \
         {}",
        did_you_mean(.suggestion.as_deref()),
        known_names()
    )]
    UnknownName {
        /// The name written.
        name: String,
        /// The closest known name, when one is close.
        suggestion: Option<String>,
    },
    /// The series exists, not in this version.
    #[error(
        "the standard series `{name}` has no version {version}; its \
         versions are {}",
        known_versions(name)
    )]
    UnknownVersion {
        /// The name written.
        name: String,
        /// The version written.
        version: u32,
    },
    /// What follows `@` is not a version number.
    #[error(
        "`{reference}`: after `@` comes a version number (`name@1`); the \
         standard series are {}",
        known_names()
    )]
    BadVersion {
        /// The reference written.
        reference: String,
    },
}

impl NameError {
    /// The closest known name or pinned name, for a "did you mean".
    pub fn suggestion(&self) -> Option<String> {
        match self {
            Self::UnknownName { suggestion, .. } => suggestion.clone(),
            Self::UnknownVersion { name, .. } => newest()
                .into_iter()
                .find(|s| s.name == name)
                .map(|s| format!("{}@{}", s.name, s.version)),
            Self::BadVersion { .. } => None,
        }
    }
}

fn did_you_mean(suggestion: Option<&str>) -> String {
    suggestion.map_or_else(String::new, |s| format!(" (did you mean `{s}`?)"))
}

/// `a@1, b@1 and c@2`: every standard series with its newest version.
pub fn known_names() -> String {
    let names: Vec<String> = newest()
        .iter()
        .map(|s| format!("`{}` (newest: {})", s.name, s.version))
        .collect();
    names.join(", ")
}

fn known_versions(name: &str) -> String {
    let versions: Vec<String> = SHIPPED
        .iter()
        .filter(|s| s.name == name)
        .map(|s| s.version.to_string())
        .collect();
    versions.join(", ")
}

/// The standard series `reference` names (`name` is its newest version,
/// `name@N` version N). Call it on names only ([`is_name`]).
pub fn find(reference: &str) -> Result<&'static StandardSeries, NameError> {
    let (name, version) = match reference.split_once('@') {
        None => (reference, None),
        Some((name, digits)) => match digits.parse::<u32>() {
            Ok(v) if digits.bytes().all(|b| b.is_ascii_digit()) => {
                (name, Some(v))
            }
            _ => {
                return Err(NameError::BadVersion {
                    reference: reference.to_owned(),
                });
            }
        },
    };
    let newest = newest();
    let Some(latest) = newest.iter().find(|s| s.name == name) else {
        return Err(NameError::UnknownName {
            name: name.to_owned(),
            suggestion: closest(name),
        });
    };
    match version {
        None => Ok(latest),
        Some(v) => SHIPPED
            .iter()
            .find(|s| s.name == name && s.version == v)
            .ok_or_else(|| NameError::UnknownVersion {
                name: name.to_owned(),
                version: v,
            }),
    }
}

/// Whether `name` is a standard series' name (any version).
fn is_standard_name(name: &str) -> bool {
    SHIPPED.iter().any(|s| s.name == name)
}

/// The known name nearest to `name`, when it is near enough to be a
/// misspelling (or `name` is a part of it).
fn closest(name: &str) -> Option<String> {
    crate::spelling::closest(name, newest().into_iter().map(|s| s.name))
        .map(str::to_owned)
}

impl StandardSeries {
    /// `name@version`.
    pub fn pinned(&self) -> String {
        format!("{}@{}", self.name, self.version)
    }

    /// The series as shipped (its own `extends` not applied).
    pub fn document(&self) -> Result<Series, ShippedError> {
        let file = self.file;
        match load_document(self.text, Format::Ron) {
            Ok(Document::Series(series)) => Ok(series),
            Ok(other) => Err(ShippedError::NotSeries {
                file,
                kind: other.kind().as_str(),
            }),
            Err(error) => Err(ShippedError::Load { file, error }),
        }
    }
}

/// Why a shipped series does not load (a test keeps every one loading; a
/// pack reports it as the file's [`crate::pack::FileError`]).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ShippedError {
    /// The text does not load.
    #[error("{file}: {error}")]
    Load {
        /// Where it is kept in the Berthier repository.
        file: &'static str,
        /// Why.
        error: LoadError,
    },
    /// The text is a document of another kind.
    #[error("{file}: is a {kind} document, not a series")]
    NotSeries {
        /// Where it is kept in the Berthier repository.
        file: &'static str,
        /// The kind it is.
        kind: &'static str,
    },
}

/// FNV-1a 64 of `text` without carriage returns (so a checkout with CRLF
/// line ends digests as the committed file).
pub fn digest(text: &str) -> u64 {
    text.bytes()
        .filter(|b| *b != b'\r')
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_has_no_slash_and_no_document_ending() {
        assert!(is_name("vive-l-empereur"));
        assert!(is_name("vive-l-empereur@2"));
        assert!(!is_name("vive-l-empereur.series.ron"));
        assert!(!is_name("jdg.series.JSON"));
        assert!(!is_name("../series/jdg"));
        assert!(!is_name("series\\jdg"));
        assert!(!is_name(""));
    }

    #[test]
    fn names_resolve_to_the_newest_or_the_pinned_version() {
        let newest = find("jours-de-gloire").expect("known");
        assert_eq!(newest.name, "jours-de-gloire");
        assert_eq!(find("jours-de-gloire@1").expect("pinned").version, 1);
        assert_eq!(
            find("jours-de-gloire@7"),
            Err(NameError::UnknownVersion {
                name: "jours-de-gloire".into(),
                version: 7
            })
        );
        assert!(matches!(
            find("jours-de-gloire@x"),
            Err(NameError::BadVersion { .. })
        ));
    }

    #[test]
    fn a_misspelled_name_gets_the_nearest_known_one() {
        let error = find("vive-lempereur").expect_err("unknown");
        assert_eq!(error.suggestion().as_deref(), Some("vive-l-empereur"));
        let text = error.to_string();
        assert!(text.contains("did you mean `vive-l-empereur`"), "{text}");
        assert!(text.contains("`jours-de-gloire` (newest: 2)"), "{text}");
        let far = find("ancients").expect_err("unknown");
        assert_eq!(far.suggestion(), None);
    }

    #[test]
    fn every_shipped_text_is_frozen_at_its_version() {
        for series in all() {
            assert_eq!(
                digest(series.text),
                series.digest,
                "{} changed, but {} is frozen: keep the old text as \
                 schema/series/archive/{}.series.ron with a row in \
                 schema/src/standard.rs, then raise the version of the \
                 current file and record its digest ({:#x})",
                series.file,
                series.pinned(),
                series.pinned(),
                digest(series.text),
            );
        }
    }

    #[test]
    fn every_shipped_series_loads_and_is_named_by_its_id() {
        for series in all() {
            let document = series.document().expect(series.file);
            assert_eq!(document.id, series.name, "{}", series.file);
        }
    }

    #[test]
    fn a_document_names_a_standard_series_and_a_pack_series_extends_one() {
        use crate::pack::{FileError, load_series_named};
        use std::path::Path;
        let nowhere = Path::new("/no/such/pack/maps/m.map.ron");
        let canope =
            load_series_named(nowhere, "canope-1801@1").expect("chain");
        assert!(canope.terrain_type("dry_lake").is_some());
        assert!(canope.terrain_type("clear").is_some(), "the Empire's own");
        match load_series_named(nowhere, "jours-de-gloir") {
            Err(FileError::Standard(at, e)) => {
                assert_eq!(at, nowhere);
                assert_eq!(e.suggestion().as_deref(), Some("jours-de-gloire"));
            }
            other => panic!("expected an unknown name, got {other:?}"),
        }
        let dir = std::env::temp_dir()
            .join(format!("berthier-standard-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let own = dir.join("mod.series.ron");
        std::fs::write(
            &own,
            "(kind: series, format_version: 2, id: \"mod\", name: \"Mod\", \
             extends: \"vive-l-empereur@1\")",
        )
        .expect("write");
        let modded =
            load_series_named(&dir.join("m.map.ron"), "mod.series.ron");
        std::fs::remove_dir_all(&dir).expect("clean");
        let modded = modded.expect("extends by name");
        assert_eq!(modded.id, "mod");
        let base = find("vive-l-empereur@1").expect("shipped").document();
        assert_eq!(modded.terrain, base.expect("loads").terrain);
    }
}
