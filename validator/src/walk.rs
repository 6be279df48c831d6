//! Finds the files to check under each path given on the command line.
//!
//! Directories are walked without following links (a link to a file inside
//! the root is checked; anything leaving the root is ignored), skipping
//! `target/`, hidden entries, and the `exclude` prefixes of a `berthier.toml`
//! at the root. Only `.ron` and `.json` files are candidates; which of them
//! are pack documents is decided from their content by the schema pass.
//! What cannot be walked or read as a file is not dropped in silence: a
//! folder that cannot be read, and a `.ron`/`.json` name that is a folder
//! or a special file, come back as [`Skipped`] with the reason.

use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use serde::Deserialize;
#[cfg(feature = "cli")]
use walkdir::WalkDir;

use crate::RunError;

mod pack_root;

/// A pack root: every reference must stay inside it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root {
    /// Canonical directory.
    pub dir: PathBuf,
    /// As the user gave it (forward slashes), for display.
    pub shown: String,
}

/// One file to check.
#[derive(Debug, Clone)]
pub struct Candidate {
    /// Its pack root.
    pub root: Arc<Root>,
    /// Canonical path.
    pub path: PathBuf,
    /// Path relative to the root, forward slashes.
    pub rel: String,
}

/// A path under a pack root that was not checked, and why.
#[derive(Debug, Clone)]
pub struct Skipped {
    /// Its pack root.
    pub root: Arc<Root>,
    /// Path relative to the root, forward slashes.
    pub rel: String,
    /// Why it was skipped.
    pub why: SkipReason,
}

/// Why a path was skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SkipReason {
    /// A folder (or the file list of one) that cannot be read: the
    /// documents in it, if any, are not checked.
    Unreadable(String),
    /// A folder whose name is a document's (`x.scenario.ron/`).
    FolderNamedLikeADocument,
    /// A named pipe, device or socket with a document's name.
    NotARegularFile(&'static str),
}

/// What a walk found.
#[derive(Debug, Default)]
pub struct Walked {
    /// The files to check.
    pub candidates: Vec<Candidate>,
    /// What was not checked, and why.
    pub skipped: Vec<Skipped>,
}

/// `berthier.toml` at a pack root.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Config {
    /// Path prefixes (relative to the root) not to walk.
    #[serde(default)]
    exclude: Vec<String>,
    /// Code name to `error`, `warning`, `info` or `allow`.
    #[serde(default)]
    severity: std::collections::BTreeMap<String, String>,
    /// The series the pack's new documents name (a standard name, or a
    /// series file relative to the root): the editor's New forms offer it
    /// first. Checked here so that a typo is found, not passed on.
    #[serde(default)]
    series: Option<String>,
}

/// The candidates under `paths` (a file given explicitly is always a
/// candidate). A path inside a pack (a folder above it holding
/// `berthier.toml` that does not exclude it) has that pack's root; else a
/// folder is its own root, and a file's root is the working directory when
/// it lies inside it, else its own directory.
pub fn collect(paths: &[PathBuf]) -> Result<Vec<Candidate>, RunError> {
    Ok(collect_walked(paths)?.candidates)
}

/// [`collect`], with what was skipped.
pub fn collect_walked(paths: &[PathBuf]) -> Result<Walked, RunError> {
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    for path in paths {
        let canonical = path.canonicalize().map_err(|e| RunError::Path {
            path: path.clone(),
            message: e.to_string(),
        })?;
        let enclosing = pack_root::enclosing_pack(&canonical)?;
        if canonical.is_dir() {
            walk_root(path, canonical, enclosing, &mut out, &mut skipped)?;
        } else {
            out.push(single_file(path, canonical, enclosing)?);
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out.dedup_by(|a, b| a.path == b.path);
    Ok(Walked {
        candidates: out,
        skipped,
    })
}

fn single_file(
    given: &Path,
    canonical: PathBuf,
    enclosing: Option<pack_root::Enclosing>,
) -> Result<Candidate, RunError> {
    let (dir, shown_root) = match enclosing {
        Some(pack) => (pack.dir, pack.shown),
        None => own_root(given, &canonical),
    };
    let rel = relative(&dir, &canonical).ok_or_else(|| RunError::Path {
        path: given.to_path_buf(),
        message: "not inside its root".into(),
    })?;
    Ok(Candidate {
        root: Arc::new(Root {
            dir,
            shown: shown_root,
        }),
        path: canonical,
        rel,
    })
}

/// The root of a file outside any pack: the working directory when the
/// file lies inside it, else the file's own folder.
fn own_root(given: &Path, canonical: &Path) -> (PathBuf, String) {
    let cwd = std::env::current_dir()
        .and_then(|d| d.canonicalize())
        .ok()
        .filter(|d| canonical.starts_with(d));
    match cwd {
        Some(dir) => (dir, ".".to_owned()),
        None => {
            let parent = canonical
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_default();
            let shown_parent = given
                .parent()
                .map(shown)
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| ".".to_owned());
            (parent, shown_parent)
        }
    }
}

/// Walks the folder `given` (canonically `dir`): under the pack that
/// encloses it, else as a pack root of its own.
#[cfg(feature = "cli")]
fn walk_root(
    given: &Path,
    dir: PathBuf,
    enclosing: Option<pack_root::Enclosing>,
    out: &mut Vec<Candidate>,
    skipped: &mut Vec<Skipped>,
) -> Result<(), RunError> {
    let root = Arc::new(match enclosing {
        Some(pack) => Root {
            dir: pack.dir,
            shown: pack.shown,
        },
        None => Root {
            dir: dir.clone(),
            shown: shown(given),
        },
    });
    walk(&root, &dir, out, skipped)
}

/// Without the command line's folder walking (the editor's build), a
/// folder is refused.
#[cfg(not(feature = "cli"))]
fn walk_root(
    given: &Path,
    _: PathBuf,
    _: Option<pack_root::Enclosing>,
    _: &mut Vec<Candidate>,
    _: &mut Vec<Skipped>,
) -> Result<(), RunError> {
    Err(RunError::Path {
        path: given.to_owned(),
        message: "folders are walked only by the command line (feature \
                  `cli`)"
            .into(),
    })
}

#[cfg(feature = "cli")]
fn walk(
    root: &Arc<Root>,
    start: &Path,
    out: &mut Vec<Candidate>,
    skipped: &mut Vec<Skipped>,
) -> Result<(), RunError> {
    let config = read_config(&root.dir)?;
    let walker = WalkDir::new(start)
        .follow_links(false)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            e.depth() == 0 || !excluded(root, &config, e.path(), e.file_type())
        });
    let mut skip = |path: &Path, why: SkipReason| {
        skipped.push(Skipped {
            root: Arc::clone(root),
            rel: relative(&root.dir, path).unwrap_or_default(),
            why,
        });
    };
    for entry in walker {
        let entry = match entry {
            Ok(entry) => entry,
            Err(e) => {
                let path = e.path().unwrap_or(&root.dir).to_path_buf();
                let why = e
                    .io_error()
                    .map_or_else(|| e.to_string(), ToString::to_string);
                skip(&path, SkipReason::Unreadable(why));
                continue;
            }
        };
        if !has_pack_extension(entry.path()) {
            continue;
        }
        let path = if entry.path_is_symlink() {
            // Follow a link only when it lands on a file inside the root.
            match entry.path().canonicalize() {
                Ok(p) if p.starts_with(&root.dir) && p.is_file() => p,
                _ => continue,
            }
        } else if entry.file_type().is_file() {
            entry.path().to_path_buf()
        } else if entry.file_type().is_dir() {
            // The folder given on the command line is walked whatever its
            // name; one inside it named like a document is a mistake.
            if entry.depth() > 0 {
                skip(entry.path(), SkipReason::FolderNamedLikeADocument);
            }
            continue;
        } else {
            let what = berthier_schema::io::special_kind(entry.file_type());
            skip(entry.path(), SkipReason::NotARegularFile(what));
            continue;
        };
        if let Some(rel) = relative(&root.dir, entry.path()) {
            out.push(Candidate {
                root: Arc::clone(root),
                path,
                rel,
            });
        }
    }
    Ok(())
}

#[cfg(feature = "cli")]
fn excluded(
    root: &Root,
    config: &Config,
    path: &Path,
    kind: std::fs::FileType,
) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if name.starts_with('.') || (kind.is_dir() && name == "target") {
        return true;
    }
    let Some(rel) = relative(&root.dir, path) else {
        return true;
    };
    pack_root::excludes(&config.exclude, &rel)
}

/// The `[severity]` levels of the `berthier.toml` in `root` (none when
/// there is no such file).
pub fn severity_levels(
    root: &Root,
) -> Result<crate::severity::Levels, RunError> {
    let config = read_config(&root.dir)?;
    crate::severity::from_table(
        &config.severity,
        &root.dir.join("berthier.toml"),
    )
}

fn read_config(dir: &Path) -> Result<Config, RunError> {
    let path = dir.join("berthier.toml");
    if let Some(why) = config_leaves_pack(dir, &path) {
        return Err(RunError::Config { path, message: why });
    }
    let text = match berthier_schema::io::read_regular_text(&path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Config::default());
        }
        // A folder that cannot be read has no readable configuration; the
        // walk reports the folder itself (SCH007).
        Err(_) if std::fs::read_dir(dir).is_err() => {
            return Ok(Config::default());
        }
        Err(e) => {
            return Err(RunError::Config {
                path,
                message: e.to_string(),
            });
        }
    };
    let config: Config =
        toml::from_str(&text).map_err(|e| RunError::Config {
            path: path.clone(),
            message: e.to_string(),
        })?;
    if let Some(series) = &config.series {
        check_series(dir, series).map_err(|e| RunError::Config {
            path,
            message: e.to_string(),
        })?;
    }
    Ok(config)
}

/// Why `path` (the configuration of the pack in `dir`) is not read: a link
/// landing outside the pack. A pack's CI runs on strangers' pull requests,
/// and a `berthier.toml` linked to `/proc/self/environ` would otherwise
/// put the runner's tokens in the parse error's quoted line. The message
/// names neither the target nor anything in it.
fn config_leaves_pack(dir: &Path, path: &Path) -> Option<String> {
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.file_type().is_symlink() {
        return None;
    }
    let root = dir.canonicalize().ok()?;
    match path.canonicalize() {
        Ok(target) if target.starts_with(&root) => None,
        Ok(_) => Some(
            "a link to a file outside the pack: not read (configuration, \
             like documents, is read only inside the pack)"
                .to_owned(),
        ),
        // A dangling or looping link: reading it fails as a missing file.
        Err(_) => None,
    }
}

/// Why the configuration's `series` names nothing.
#[derive(Debug, thiserror::Error)]
enum ConfigSeries {
    /// An unknown standard name (the error gives the nearest known one).
    #[error("series: {0}")]
    Unknown(#[from] berthier_schema::standard::NameError),
    /// No such file beside the configuration.
    #[error("series: no file `{0}` in the pack")]
    NoFile(String),
}

/// Whether the configuration's `series` names a standard series or a file
/// of the pack.
fn check_series(dir: &Path, series: &str) -> Result<(), ConfigSeries> {
    use berthier_schema::standard;
    if standard::is_name(series) {
        return Ok(standard::find(series).map(|_| ())?);
    }
    let inside = dir
        .join(series)
        .canonicalize()
        .ok()
        .zip(dir.canonicalize().ok());
    if inside
        .is_some_and(|(file, root)| file.starts_with(root) && file.is_file())
    {
        Ok(())
    } else {
        Err(ConfigSeries::NoFile(series.to_owned()))
    }
}

/// Whether the file name ends in `.ron` or `.json`.
pub fn has_pack_extension(path: &Path) -> bool {
    berthier_schema::Format::of_path(path).is_some()
}

/// `path` relative to `root` with forward slashes.
pub fn relative(root: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(root).ok()?;
    let parts: Vec<String> = rel
        .components()
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    Some(parts.join("/"))
}

/// A path as the user typed it, forward slashes, no trailing slash.
fn shown(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let trimmed = text.trim_end_matches('/');
    let trimmed = trimmed.strip_prefix("./").unwrap_or(trimmed);
    if trimmed.is_empty() {
        ".".to_owned()
    } else {
        trimmed.to_owned()
    }
}
