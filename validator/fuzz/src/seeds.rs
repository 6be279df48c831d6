//! The inputs mutations start from: every bundled pack document, its JSON
//! conversion, the bad-input corpus and a VASSAL build file.

use std::path::{Path, PathBuf};

use berthier_schema::{Format, load_document};
use walkdir::WalkDir;

/// One starting input.
#[derive(Debug, Clone)]
pub struct Seed {
    /// Where it lives, relative to the repository root (forward slashes);
    /// a JSON conversion has the RON file's path with `.json`.
    pub rel: String,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Whether it is a bundled pack document (the whole-pack target
    /// writes its mutations in its place).
    pub in_pack: bool,
}

impl Seed {
    /// The seed's format from its name (`None` for the VASSAL build file).
    pub fn format(&self) -> Option<Format> {
        Format::of_path(Path::new(&self.rel))
    }
}

/// The folders of the repository that hold pack documents.
pub const PACK_FOLDERS: &[&str] =
    &["schema/series", "maps", "counters", "scenarios"];

/// The VASSAL build file the module target starts from.
pub const VASSAL_SEED: &str = "validator/fuzz/seeds/buildFile.xml";

/// The repository root this binary was built in.
pub fn default_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every document seed under `root`: the bundled pack documents (RON),
/// their JSON conversions and the bad-input corpus.
pub fn documents(root: &Path) -> Vec<Seed> {
    let mut seeds = Vec::new();
    for folder in PACK_FOLDERS {
        for path in files(&root.join(folder)) {
            let Some(seed) = read(root, &path, true) else {
                continue;
            };
            if let Some(json) = as_json(&seed) {
                seeds.push(json);
            }
            seeds.push(seed);
        }
    }
    for path in files(&root.join("validator/tests/bad")) {
        seeds.extend(read(root, &path, false));
    }
    seeds.sort_by(|a, b| a.rel.cmp(&b.rel));
    seeds
}

/// The VASSAL build file seed.
pub fn vassal(root: &Path) -> std::io::Result<Seed> {
    Ok(Seed {
        rel: VASSAL_SEED.into(),
        bytes: std::fs::read(root.join(VASSAL_SEED))?,
        in_pack: false,
    })
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(walkdir::DirEntry::into_path)
        .filter(|p| Format::of_path(p).is_some())
        .collect();
    found.sort();
    found
}

fn read(root: &Path, path: &Path, in_pack: bool) -> Option<Seed> {
    let rel = path
        .strip_prefix(root)
        .ok()?
        .to_string_lossy()
        .replace('\\', "/");
    Some(Seed {
        rel,
        bytes: std::fs::read(path).ok()?,
        in_pack,
    })
}

/// A RON document converted to JSON through the model, as `convert` does.
fn as_json(seed: &Seed) -> Option<Seed> {
    if seed.format()? != Format::Ron {
        return None;
    }
    let text = std::str::from_utf8(&seed.bytes).ok()?;
    let document = load_document(text, Format::Ron).ok()?;
    let json =
        berthier_validator::convert::to_text(document, Format::Json).ok()?;
    let rel = seed.rel.strip_suffix(".ron")?;
    Some(Seed {
        rel: format!("{rel}.json"),
        bytes: json.into_bytes(),
        in_pack: false,
    })
}

/// `seed` with its `format_version` set to 1, so `migrate` rewrites it.
pub fn at_version_1(mut seed: Seed) -> Seed {
    let text = String::from_utf8_lossy(&seed.bytes)
        .replacen("format_version: 2", "format_version: 1", 1)
        .replacen("\"format_version\": 2", "\"format_version\": 1", 1);
    seed.bytes = text.into_bytes();
    seed
}
