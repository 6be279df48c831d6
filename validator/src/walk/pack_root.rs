//! The pack a path given on the command line belongs to.
//!
//! A folder holding `berthier.toml` is a pack root. A folder or file given
//! from inside such a pack is checked against that root, so that
//! `berthier-validate scenarios/rivoli-1797` resolves the scenario's
//! `../../maps/...` as a run from the pack root does, instead of reporting
//! every such path as leaving the pack (REF002). A path the pack's
//! `exclude` leaves out is not part of it (a test fixture that is a pack of
//! its own) and keeps the root it had before: the folder given, or for a
//! file the working directory or its own folder.

use std::path::{Path, PathBuf};

use super::{read_config, relative, shown};
use crate::RunError;

/// The pack root enclosing a given path.
#[derive(Debug)]
pub(super) struct Enclosing {
    /// Canonical directory holding `berthier.toml`.
    pub dir: PathBuf,
    /// How to reach it from the working directory, for display.
    pub shown: String,
}

/// The nearest folder strictly above the folder `canonical` (or holding
/// the file `canonical`) with a `berthier.toml` that does not exclude it;
/// `None` when `canonical` is itself a pack root or no pack encloses it.
pub(super) fn enclosing_pack(
    canonical: &Path,
) -> Result<Option<Enclosing>, RunError> {
    for dir in canonical.ancestors() {
        if !dir.join("berthier.toml").is_file() {
            continue;
        }
        if dir == canonical {
            return Ok(None);
        }
        let rel = relative(dir, canonical).unwrap_or_default();
        let config = read_config(dir)?;
        if excludes(&config.exclude, &rel) {
            return Ok(None);
        }
        return Ok(Some(Enclosing {
            dir: dir.to_path_buf(),
            shown: shown_from_working_dir(dir),
        }));
    }
    Ok(None)
}

/// Whether `rel` (forward slashes, relative to the pack root) lies under
/// one of the `exclude` prefixes.
pub(super) fn excludes(prefixes: &[String], rel: &str) -> bool {
    prefixes.iter().any(|prefix| {
        let prefix = prefix.trim_matches('/');
        rel == prefix || rel.starts_with(&format!("{prefix}/"))
    })
}

/// `dir` as a path from the working directory: `.`, `sub/dir` or `../..`;
/// absolute when neither holds the other.
fn shown_from_working_dir(dir: &Path) -> String {
    let Some(cwd) = std::env::current_dir().and_then(|d| d.canonicalize()).ok()
    else {
        return shown(dir);
    };
    if let Some(rel) = relative(&cwd, dir) {
        return if rel.is_empty() { ".".to_owned() } else { rel };
    }
    match cwd.strip_prefix(dir) {
        Ok(up) => vec![".."; up.components().count()].join("/"),
        Err(_) => shown(dir),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exclude_prefixes_match_whole_components() {
        let prefixes =
            vec!["validator/tests".to_owned(), "/editor/".to_owned()];
        assert!(excludes(&prefixes, "validator/tests"));
        assert!(excludes(&prefixes, "validator/tests/fixtures/a"));
        assert!(excludes(&prefixes, "editor/x.ron"));
        assert!(!excludes(&prefixes, "validator/testsuite"));
        assert!(!excludes(&prefixes, "scenarios/x"));
    }
}
