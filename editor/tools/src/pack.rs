//! A scenario pack as the editor lists it: its root (the folder holding
//! `berthier.toml`, as the validator finds it) and its documents by kind,
//! each with the name people read. The folders `berthier.toml` excludes
//! from validation are not listed (test copies, broken inputs). Only the
//! top of each file is read, so a pack of thousands of scenarios lists
//! quickly; a file whose name cannot be read is listed by its file name,
//! never dropped.

use std::path::{Path, PathBuf};

use berthier_schema::locate::{locate, scalar_at};
use berthier_schema::{DocKind, Format};

/// The file that makes a folder a pack's root.
pub const CONFIG: &str = "berthier.toml";

/// Folders never listed: tools' output and the JSON Schemas `init` copies.
const SKIPPED: [&str; 3] = ["target", "node_modules", "schemas"];

/// How deep below the root documents are looked for (a pack keeps them
/// at `maps/<battle>/x.map.ron`; fixtures may nest a little deeper).
const MAX_DEPTH: usize = 6;

/// A document of the pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackFile {
    /// Where it is (canonical, so it compares with an opened file's).
    pub path: PathBuf,
    /// What its file name says it is.
    pub kind: DocKind,
    /// Its `name`, or its file name when that cannot be read.
    pub name: String,
}

/// A pack's documents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pack {
    /// The folder holding `berthier.toml`.
    pub root: PathBuf,
    /// Every document found, by kind then name.
    pub files: Vec<PackFile>,
    /// The series its new documents name, as `berthier.toml` gives it (a
    /// standard name, or a file relative to the root).
    pub series: Option<String>,
}

impl Pack {
    /// Lists the pack rooted at `root`.
    pub fn list(root: &Path) -> Self {
        let config = read_config(root);
        let excluded: Vec<PathBuf> =
            config.exclude.iter().map(|e| root.join(e)).collect();
        let mut files = Vec::new();
        walk(root, &excluded, 0, &mut files);
        files.sort_by(|a, b| {
            order(a.kind)
                .cmp(&order(b.kind))
                .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
                .then_with(|| a.path.cmp(&b.path))
        });
        Self {
            root: root.to_owned(),
            files,
            series: config.series,
        }
    }

    /// The documents of one kind.
    pub fn of_kind(&self, kind: DocKind) -> impl Iterator<Item = &PackFile> {
        self.files.iter().filter(move |f| f.kind == kind)
    }

    /// The folder's name, as the pack is called in the window.
    pub fn title(&self) -> String {
        self.root.file_name().map_or_else(
            || self.root.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }
}

/// The pack `path` (a file or a folder) belongs to: the nearest folder at
/// or above it holding `berthier.toml`.
pub fn root_of(path: &Path) -> Option<PathBuf> {
    let absolute = std::path::absolute(path).ok()?;
    absolute
        .ancestors()
        .find(|dir| dir.join(CONFIG).is_file())
        .map(Path::to_owned)
}

/// The order kinds are listed in: what a battle is made of, then how it
/// is played.
fn order(kind: DocKind) -> u8 {
    match kind {
        DocKind::Map => 0,
        DocKind::Counters => 1,
        DocKind::Scenario => 2,
        DocKind::Game => 3,
        DocKind::Series => 4,
    }
}

/// The part of `berthier.toml` the listing follows.
#[derive(Debug, Default, serde::Deserialize)]
struct Config {
    #[serde(default)]
    exclude: Vec<String>,
    #[serde(default)]
    series: Option<String>,
}

/// The pack's `berthier.toml`; a missing or broken one excludes nothing
/// (the validator reports a broken one). As the validator, it reads
/// neither a link leading out of the pack nor a pipe or device (a named
/// pipe would block the listing for ever).
fn read_config(root: &Path) -> Config {
    let path = root.join(CONFIG);
    let inside = match (path.canonicalize(), root.canonicalize()) {
        (Ok(file), Ok(root)) => file.starts_with(root),
        _ => false,
    };
    if !inside {
        return Config::default();
    }
    berthier_schema::io::read_regular_text(&path)
        .ok()
        .and_then(|text| toml::from_str(&text).ok())
        .unwrap_or_default()
}

fn walk(
    dir: &Path,
    excluded: &[PathBuf],
    depth: usize,
    files: &mut Vec<PackFile>,
) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(std::fs::DirEntry::file_name);
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') {
            continue;
        }
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        let path = entry.path();
        if excluded.iter().any(|e| path.starts_with(e)) {
            continue;
        }
        if kind.is_dir() {
            if depth < MAX_DEPTH && !SKIPPED.contains(&name.as_str()) {
                walk(&path, excluded, depth + 1, files);
            }
        } else if let Some(kind) = DocKind::of_file_name(&name) {
            let shown = read_name(&path).unwrap_or(name);
            files.push(PackFile {
                path: path.canonicalize().unwrap_or(path),
                kind,
                name: shown,
            });
        }
    }
}

/// The document's top-level `name`, read without loading the document.
fn read_name(path: &Path) -> Option<String> {
    read_top(path, "/name")
}

/// The string at `pointer` in the document at `path` (its `/name`, its
/// `/map`), read without loading the document; `None` when absent or
/// blank.
pub fn read_top(path: &Path, pointer: &str) -> Option<String> {
    let format = Format::of_path(path)?;
    let text = std::fs::read_to_string(path).ok()?;
    let found = locate(&text, format, pointer);
    if !found.exact {
        return None;
    }
    scalar_at(&text, format, found.value).filter(|n| !n.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn lists_documents_by_kind_with_their_names() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        write(
            root,
            CONFIG,
            "exclude = [\"tests\"]\nseries = \"vive-l-empereur@1\"\n",
        );
        write(
            root,
            "tests/broken.map.ron",
            "(name: \"broken on purpose\")",
        );
        write(
            root,
            "maps/vere/vere.map.ron",
            "(kind: map, id: \"vere\", name: \"La Vère\")",
        );
        write(
            root,
            "counters/vere/vere.counters.json",
            "{\"kind\": \"counters\", \"name\": \"Armée de la Vère\"}",
        );
        write(
            root,
            "scenarios/vere/b.scenario.ron",
            "(name: \"Combat de la Vère\")",
        );
        write(
            root,
            "scenarios/vere/a.scenario.ron",
            "// no name yet\n(id: \"a\")",
        );
        write(root, "schemas/map.schema.json", "{}");
        write(root, ".hidden/x.map.ron", "(name: \"hidden\")");
        write(root, "notes.ron", "(name: \"not a document\")");

        let pack = Pack::list(root);
        assert_eq!(pack.series.as_deref(), Some("vive-l-empereur@1"));
        let shown: Vec<(DocKind, &str)> = pack
            .files
            .iter()
            .map(|f| (f.kind, f.name.as_str()))
            .collect();
        assert_eq!(
            shown,
            [
                (DocKind::Map, "La Vère"),
                (DocKind::Counters, "Armée de la Vère"),
                (DocKind::Scenario, "a.scenario.ron"),
                (DocKind::Scenario, "Combat de la Vère"),
            ]
        );
    }

    /// A configuration linked outside the pack is not read (its `series`
    /// would be offered in the New forms); one linked inside it is.
    #[cfg(unix)]
    #[test]
    fn a_configuration_linked_outside_the_pack_is_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("pack");
        write(dir.path(), "outside.toml", "series = \"elsewhere\"\n");
        write(&root, "inside.toml", "series = \"vive-l-empereur\"\n");
        std::os::unix::fs::symlink(
            dir.path().join("outside.toml"),
            root.join(CONFIG),
        )
        .unwrap();
        assert_eq!(Pack::list(&root).series, None);
        std::fs::remove_file(root.join(CONFIG)).unwrap();
        std::os::unix::fs::symlink("inside.toml", root.join(CONFIG)).unwrap();
        assert_eq!(
            Pack::list(&root).series.as_deref(),
            Some("vive-l-empereur")
        );
    }

    #[test]
    fn the_root_is_the_nearest_folder_with_berthier_toml() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("pack");
        write(&root, CONFIG, "");
        write(&root, "maps/vere/vere.map.ron", "()");
        let found = root_of(&root.join("maps/vere/vere.map.ron")).unwrap();
        assert_eq!(found, std::path::absolute(&root).unwrap());
        assert_eq!(
            root_of(&root).unwrap(),
            std::path::absolute(&root).unwrap()
        );
        assert_eq!(root_of(dir.path()), None);
    }
}
