//! The fuzz targets: each loader, `convert`, `migrate`, the locate reader,
//! the whole validator on a pack, and the VASSAL import; and the property
//! each must keep besides not panicking.

use std::path::{Path, PathBuf};

use berthier_schema::{
    Document, Format, load_document, locate, parse_document,
};
use berthier_validator::convert::to_text;

use crate::seeds::{PACK_FOLDERS, Seed};

/// What to fuzz.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// `probe_kind` and `parse_document`: the typed readers.
    Parse,
    /// `load_document`: typed reading plus the JSON Schema, as every tool
    /// loads.
    Load,
    /// The locate reader behind every finding's line and column.
    Locate,
    /// `convert` to JSON and to RON and back: the same document.
    Convert,
    /// `migrate`'s in-place rewrite: reads back as the upgraded document.
    Migrate,
    /// `berthier-validate` on a copy of the bundled packs with one file
    /// replaced: every finding has a line or a pointer.
    Pack,
    /// `import-vassal` on a module whose build file (or zip) is damaged:
    /// an error leaves nothing behind.
    Vassal,
}

impl Target {
    /// Every target, in the order the README lists them.
    pub const ALL: [Target; 7] = [
        Self::Parse,
        Self::Load,
        Self::Locate,
        Self::Convert,
        Self::Migrate,
        Self::Pack,
        Self::Vassal,
    ];

    /// CPU seconds one input may use before it is kept as a hang: the
    /// readers answer a 4 MB input in well under a second, a whole pack or
    /// a module import in a few.
    pub fn seconds(self) -> u64 {
        match self {
            Self::Pack | Self::Vassal => crate::HANG_SECONDS,
            _ => crate::HANG_SECONDS / 2,
        }
    }

    /// Resident memory a worker may reach before its input is kept as a
    /// finding (`memory/`): the probe's largest run (a 50 MB file) peaked
    /// at 146 MB; a 4 GiB allocation for a 519-byte module is a defect.
    pub fn memory_bytes(self) -> u64 {
        match self {
            Self::Pack | Self::Vassal => 1536 << 20,
            _ => 1 << 30,
        }
    }

    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Self::Parse => "parse",
            Self::Load => "load",
            Self::Locate => "locate",
            Self::Convert => "convert",
            Self::Migrate => "migrate",
            Self::Pack => "pack",
            Self::Vassal => "vassal",
        }
    }
}

/// The result of one input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Accepted or refused with a located error.
    Fine,
    /// A property broken (the message says which).
    Problem(String),
}

/// What the file-based targets need: a scratch copy of the bundled packs
/// and a folder for modules.
pub struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    /// A scratch folder holding a copy of the pack folders under `root`.
    pub fn new(root: &Path) -> std::io::Result<Self> {
        let dir = tempfile::tempdir()?;
        for folder in PACK_FOLDERS {
            copy_tree(&root.join(folder), &dir.path().join(folder))?;
        }
        write_fan_out(&dir.path().join("counters/fan-out"))?;
        Ok(Self { dir })
    }

    /// The copy's root.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}

/// The first file of the fan-out chain, as a counters file in
/// `counters/<battle>/` names it.
pub const FAN_OUT_ENTRY: &str = "../fan-out/f0.counters.ron";

/// Sixteen counters files of a few hundred bytes, each including the next
/// four times (the reliability probe's case: past 60 s in the validator
/// and about 27 minutes in the editor while includes were followed per
/// path). The pack target checks them on every input, and a mutation
/// makes a bundled counters file include the first.
fn write_fan_out(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for k in 0..16 {
        let include = if k == 15 {
            String::new()
        } else {
            vec![format!("(path: \"f{}.counters.ron\")", k + 1); 4].join(", ")
        };
        let text = format!(
            "(kind: counters, format_version: 2, id: \"f{k}\", name: \"F{k}\",\n \
             series: \"../../schema/series/jours-de-gloire.series.ron\",\n \
             include: [{include}],\n sides: [(id: \"fan\", name: \"Fan\")])\n"
        );
        std::fs::write(dir.join(format!("f{k}.counters.ron")), text)?;
    }
    Ok(())
}

fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            copy_tree(&path, &to.join(entry.file_name()))?;
        } else {
            std::fs::copy(&path, to.join(entry.file_name()))?;
        }
    }
    Ok(())
}

/// Runs `target` on `input`, a mutation of `seed`.
pub fn execute(
    target: Target,
    scratch: &Scratch,
    seed: &Seed,
    input: &[u8],
) -> Verdict {
    let format = seed.format().unwrap_or(Format::Ron);
    let text = String::from_utf8_lossy(input);
    match target {
        Target::Parse => parse(&text, format),
        Target::Load => load(&text, format),
        Target::Locate => locate_all(&text, format, input),
        Target::Convert => convert(&text, format),
        Target::Migrate => migrate(&text, format),
        Target::Pack => crate::worker::pack(scratch, seed, input),
        Target::Vassal => crate::worker::vassal(scratch, input),
    }
}

fn parse(text: &str, format: Format) -> Verdict {
    let _ = berthier_schema::probe_kind(text, format);
    match parse_document(text, format) {
        Err(e) if e.line == 0 => {
            Verdict::Problem(format!("parse error without a line: {e}"))
        }
        _ => Verdict::Fine,
    }
}

fn load(text: &str, format: Format) -> Verdict {
    match load_document(text, format) {
        Err(berthier_schema::document::LoadError::Parse(e)) if e.line == 0 => {
            Verdict::Problem(format!("load error without a line: {e}"))
        }
        _ => Verdict::Fine,
    }
}

/// Pointers tried on every input besides those its own JSON shape holds.
const POINTERS: &[&str] = &[
    "",
    "/kind",
    "/format_version",
    "/units/0/id",
    "/setup/0/hex",
    "/sides/1/setup/3",
    "/cells/3/terrain",
    "/a~1b/~0/-/9999999999999999999999",
    "/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0/0",
];

fn locate_all(text: &str, format: Format, input: &[u8]) -> Verdict {
    let mut pointers: Vec<String> =
        POINTERS.iter().map(|p| (*p).to_string()).collect();
    let value = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .filter(|_| crate::unique::keys_unique(text));
    if let Some(value) = &value {
        collect_pointers(value, String::new(), &mut pointers);
    }
    let mut index = locate::LocateIndex::default();
    for (n, pointer) in pointers.iter().enumerate() {
        let found = locate::locate_indexed(text, format, pointer, &mut index);
        // The plain lookup costs a scan each: compared on the first 100.
        if n < 100 && locate::locate(text, format, pointer) != found {
            return Verdict::Problem(format!(
                "locate {pointer:?}: indexed and plain lookups differ"
            ));
        }
        if found.value > text.len() || !text.is_char_boundary(found.value) {
            return Verdict::Problem(format!(
                "locate {pointer:?}: offset {} not in the text",
                found.value
            ));
        }
        let exists =
            value.as_ref().is_some_and(|v| v.pointer(pointer).is_some());
        if format == Format::Json && !found.exact && exists {
            return Verdict::Problem(format!(
                "locate {pointer:?}: present but not found"
            ));
        }
        let _ = locate::value_span(text, format, pointer);
    }
    let step = (text.len() / 16).max(1);
    for offset in (0..text.len()).step_by(step) {
        if text.is_char_boundary(offset) {
            let _ = locate::scalar_at(text, format, offset);
        }
    }
    let _ = input;
    Verdict::Fine
}

/// Up to 2,000 pointers of `value`, depth first.
fn collect_pointers(
    value: &serde_json::Value,
    at: String,
    out: &mut Vec<String>,
) {
    if out.len() >= 2_000 {
        return;
    }
    match value {
        serde_json::Value::Object(map) => {
            for (key, child) in map {
                let key = locate::escape_segment(key);
                collect_pointers(child, format!("{at}/{key}"), out);
            }
        }
        serde_json::Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                collect_pointers(child, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

fn convert(text: &str, format: Format) -> Verdict {
    let Ok(document) = load_document(text, format) else {
        return Verdict::Fine;
    };
    for to in [Format::Json, Format::Ron] {
        if let Err(problem) = round_trip(&document, to) {
            return Verdict::Problem(problem);
        }
    }
    Verdict::Fine
}

fn round_trip(document: &Document, to: Format) -> Result<(), String> {
    let written = to_text(document.clone(), to)
        .map_err(|e| format!("convert to {to:?}: {e}"))?;
    let back = load_document(&written, to)
        .map_err(|e| format!("convert to {to:?} does not load back: {e}"))?;
    if same(document, &back) {
        Ok(())
    } else {
        Err(format!("convert to {to:?} and back changed the document"))
    }
}

/// Equal as JSON, leaving out `$schema` (a JSON-only field RON drops).
fn same(a: &Document, b: &Document) -> bool {
    let shape = |d: &Document| {
        d.to_json_value().ok().map(|mut v| {
            if let Some(map) = v.as_object_mut() {
                map.remove("$schema");
            }
            v
        })
    };
    shape(a) == shape(b)
}

fn migrate(text: &str, format: Format) -> Verdict {
    let Ok(Some(migration)) =
        berthier_schema::migrate::migrate_text(text, format)
    else {
        return Verdict::Fine;
    };
    let (Ok(before), Ok(after)) = (
        parse_document(text, format),
        parse_document(&migration.text, format),
    ) else {
        return Verdict::Problem("migrated text does not read back".into());
    };
    if same(&before, &after) {
        Verdict::Fine
    } else {
        Verdict::Problem("migrated text reads back as another document".into())
    }
}

/// The scratch file a seed's mutation is written over.
pub fn in_scratch(scratch: &Scratch, seed: &Seed) -> PathBuf {
    scratch.path().join(&seed.rel)
}
