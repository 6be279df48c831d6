//! `berthier-validate convert`: RON to JSON and back through the model, so
//! the result reads back as an equal document.

use std::path::{Path, PathBuf};

use berthier_schema::document::WriteError;
use berthier_schema::json_schema::file_name;
use berthier_schema::{DocKind, Document, Format, load_document};

use crate::RunError;

/// One conversion: a document, the format to write it in, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conversion {
    /// The document to convert (`.ron` or `.json`).
    pub file: PathBuf,
    /// The format to write.
    pub to: Format,
    /// Write here (atomically) instead of returning the text.
    pub out: Option<PathBuf>,
    /// Replace `out` when it is an existing file.
    pub force: bool,
}

/// Converts `args.file`; returns the text when it goes to standard output.
pub fn convert(args: &Conversion) -> Result<Option<String>, RunError> {
    let path = &args.file;
    if let Some(out) = &args.out {
        check_out(out, args.force)?;
    }
    let format = Format::of_path(path).ok_or_else(|| RunError::Path {
        path: path.clone(),
        message: "expected a .ron or .json file".into(),
    })?;
    let text = berthier_schema::io::read_regular_text(path).map_err(|e| {
        RunError::Path {
            path: path.clone(),
            message: e.to_string(),
        }
    })?;
    let mut document =
        load_document(&text, format).map_err(|e| RunError::Document {
            path: path.clone(),
            message: e.to_string(),
        })?;
    if args.to == Format::Json && schema_of(&mut document).is_none() {
        let written = args.out.as_deref().unwrap_or(path);
        *schema_of(&mut document) = pack_schema(written, document.kind());
    }
    let output =
        to_text(document, args.to).map_err(|e| RunError::Document {
            path: path.clone(),
            message: e.to_string(),
        })?;
    match &args.out {
        None => Ok(Some(output)),
        Some(out) => {
            save(out, &output)?;
            Ok(None)
        }
    }
}

/// Writes `document` in `format`. `$schema` is a JSON-only field (RON has
/// no syntax for its name), so it is dropped when writing RON.
pub fn to_text(
    mut document: Document,
    format: Format,
) -> Result<String, WriteError> {
    if format == Format::Ron {
        *schema_of(&mut document) = None;
    }
    document.to_text(format)
}

/// Refuses an output that is not a regular file (a device, a pipe, a
/// folder: the atomic save would put a regular file in its place, and
/// `/dev/null` replaced breaks the system), and an existing file unless
/// `force` says to replace it.
fn check_out(out: &Path, force: bool) -> Result<(), RunError> {
    let refuse = |message: String| RunError::Write {
        path: out.to_path_buf(),
        message,
    };
    let Ok(meta) = std::fs::metadata(out) else {
        return Ok(());
    };
    if !meta.is_file() {
        let what = berthier_schema::io::special_kind(meta.file_type());
        return Err(refuse(format!("it is {what}, not a file: refused")));
    }
    if !force {
        return Err(refuse(
            "the file exists: give --force to replace it".to_owned(),
        ));
    }
    Ok(())
}

/// The document's `$schema` field.
fn schema_of(document: &mut Document) -> &mut Option<String> {
    match document {
        Document::Series(d) => &mut d.schema,
        Document::Map(d) => &mut d.schema,
        Document::Counters(d) => &mut d.schema,
        Document::Scenario(d) => &mut d.schema,
        Document::Variant(d) => &mut d.schema,
        Document::Game(d) => &mut d.schema,
    }
}

/// The `$schema` a JSON document written at `file` names: the path,
/// relative to its folder, of the schema `berthier-validate init` exported
/// into its pack (`schemas/` beside the `berthier.toml` of the nearest
/// folder that has one), when that file exists. A relative path and not the
/// published https address: an editor resolves it from the disk, offline,
/// where an address makes it fetch the schema and, without network,
/// validate nothing.
fn pack_schema(file: &Path, kind: DocKind) -> Option<String> {
    let folder = std::path::absolute(file).ok()?.parent()?.to_owned();
    let root = folder
        .ancestors()
        .find(|dir| dir.join("berthier.toml").is_file())?;
    let schema = Path::new(crate::init::SCHEMA_DIR).join(file_name(kind));
    if !root.join(&schema).is_file() {
        return None;
    }
    let depth = folder.strip_prefix(root).ok()?.components().count();
    let mut relative = "../".repeat(depth);
    relative.push_str(&schema.to_string_lossy().replace('\\', "/"));
    Some(relative)
}

fn save(out: &Path, text: &str) -> Result<(), RunError> {
    berthier_schema::io::save_atomic(out, text.as_bytes()).map_err(|e| {
        RunError::Write {
            path: PathBuf::from(out),
            message: e.to_string(),
        }
    })
}
