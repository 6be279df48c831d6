//! Pass 1: each file on its own. Decides whether a file is a pack document,
//! reads it, and checks it against its JSON Schema, locating every finding
//! in the original text.

use berthier_schema::validate::{ron_tree_is_valid, schema_violations};
use berthier_schema::{DocKind, Document, Format};

use probe::{KindProbe, Version, kind_of, precheck, version_finding};
use typed::{TypedError, source_error, typed};

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;
use crate::walk::Candidate;

mod decode;
mod probe;
mod typed;

/// A pack document after pass 1.
#[derive(Debug, Clone)]
pub struct Checked {
    /// The file.
    pub source: SourceFile,
    /// The kind it declares, when known.
    pub kind: Option<DocKind>,
    /// The typed document, when it passed.
    pub document: Option<Document>,
    /// Pass-1 findings.
    pub diagnostics: Vec<Diagnostic>,
    /// Why the file could not be read at all, when it could not: the
    /// documents that refer to it say they are not checked against it.
    pub unreadable: Option<String>,
}

impl Checked {
    fn fail(source: SourceFile, diagnostic: Diagnostic) -> Self {
        Self {
            source,
            kind: None,
            document: None,
            diagnostics: vec![diagnostic],
            unreadable: None,
        }
    }
}

/// Checks one candidate; `None` when it is not a pack document (a JSON
/// file with no `kind`, such as a schema or `package.json`).
pub fn check(candidate: &Candidate) -> Option<Checked> {
    check_in(candidate, &crate::Texts::new())
}

/// [`check`], reading the candidate from `texts` when it holds its path
/// (the editor's documents as they are in memory), else from disk.
pub fn check_in(
    candidate: &Candidate,
    texts: &crate::Texts,
) -> Option<Checked> {
    let format = Format::of_path(&candidate.path)?;
    let named = DocKind::of_file_name(&candidate.rel).is_some();
    let mut source = SourceFile::new(candidate.clone(), "".into(), format);
    let read = match texts.get(&candidate.path) {
        Some(text) => Ok(text.as_bytes().to_vec()),
        None => berthier_schema::io::read_regular(&candidate.path),
    };
    let bytes = match read {
        Ok(bytes) => bytes,
        Err(e) => {
            let d = source
                .bare(Code::Sch005, "", format!("cannot read: {e}"))
                .help(
                    "the documents that refer to this file are not checked \
                     against it (REF010 at each reference)",
                );
            let mut failed = Checked::fail(source, d);
            failed.unreadable = Some(e.to_string());
            return named.then_some(failed);
        }
    };
    if let Some(d) = decode::decode(&mut source, bytes) {
        return named.then(|| Checked::fail(source, d));
    }
    if let Some(d) = precheck(&source) {
        return named.then(|| Checked::fail(source, d));
    }
    let kind = match kind_of(&source, named) {
        KindProbe::Kind(kind) => kind,
        KindProbe::NotADocument => return None,
        KindProbe::Finding(d) => return Some(Checked::fail(source, d)),
    };
    let old_version = match version_finding(&source) {
        Version::Current => None,
        Version::Old(d) => Some(d),
        Version::Unsupported(d) => {
            let mut failed = Checked::fail(source, d);
            failed.kind = Some(kind);
            return Some(failed);
        }
    };
    let (document, diagnostics) = read_document(&source, kind, old_version);
    Some(Checked {
        source,
        kind: Some(kind),
        document,
        diagnostics,
        unreadable: None,
    })
}

/// The document in `source` and pass 1's findings on it, `old_version`
/// (SCH006) among them where the version is readable.
fn read_document(
    source: &SourceFile,
    kind: DocKind,
    old_version: Option<Diagnostic>,
) -> (Option<Document>, Vec<Diagnostic>) {
    let (mut document, mut diagnostics) = match source.format {
        Format::Json => check_json(source, kind),
        Format::Ron => check_ron(source, kind),
    };
    if document.is_some()
        && let Some(refused) = loader_refuses(source, source.format)
    {
        // What the validator passes, the editor opens: the loader the
        // editor and every tool use has the last word on a file the
        // validator read, and says why it refuses it here (a map too
        // large for the limits is one; a construct the two readers take
        // differently, another).
        diagnostics.extend(refused);
        document = None;
    }
    if let Some(document) = document.as_mut() {
        berthier_schema::migrate::upgrade(document);
    }
    // "Read through the migration" only where the version is readable for
    // this document: a variant claiming version 1 (variants are new in
    // version 2) is an error at the same place (SCH002), and an info
    // saying it reads would contradict it.
    let refused_version =
        diagnostics.iter().any(|d| d.pointer == "/format_version");
    diagnostics.extend(old_version.filter(|_| !refused_version));
    (document, diagnostics)
}

/// The findings of the loader the editor uses ([`berthier_schema::load_document`])
/// on a file pass 1 read; `None` when it loads.
fn loader_refuses(
    source: &SourceFile,
    format: Format,
) -> Option<Vec<Diagnostic>> {
    use berthier_schema::document::LoadError;
    let e = berthier_schema::load_document(&source.text, format).err()?;
    Some(match e {
        LoadError::Schema(_, found) => located(source, found),
        LoadError::Parse(e) => {
            let message =
                format!("the editor cannot open this file: {}", e.message);
            vec![match e.line {
                0 => source.bare(Code::Sch002, "", message),
                line => {
                    source.at_line_col(Code::Sch002, line, e.column, message)
                }
            }]
        }
    })
}

/// Pass 1 for a document an editor holds typed in memory, as it would be
/// saved: there is no text to read, so only its JSON value is checked
/// against the schema (what `check_in` would find in the text a save
/// writes), each finding located in `text`, the file as last read (its
/// lines are approximate once the document has changed).
pub fn check_typed(
    candidate: &Candidate,
    text: std::sync::Arc<str>,
    document: Document,
) -> Option<Checked> {
    let format = Format::of_path(&candidate.path)?;
    let source = SourceFile::new(candidate.clone(), text, format);
    let kind = document.kind();
    let found = match document.to_json_value() {
        Ok(value) => violations(&source, kind, &value),
        Err(e) => vec![source.bare(Code::Sch002, "", e.to_string())],
    };
    let document = found.is_empty().then_some(document);
    Some(Checked {
        source,
        kind: Some(kind),
        document,
        diagnostics: found,
        unreadable: None,
    })
}

fn check_json(
    source: &SourceFile,
    kind: DocKind,
) -> (Option<Document>, Vec<Diagnostic>) {
    let value: serde_json::Value = match serde_json::from_str(&source.text) {
        Ok(value) => value,
        Err(e) => {
            let d = source.at_line_col(
                Code::Sch001,
                e.line(),
                e.column(),
                e.to_string(),
            );
            return (None, vec![d]);
        }
    };
    let found = violations(source, kind, &value);
    if !found.is_empty() {
        return (None, found);
    }
    match typed(kind, &source.text, Format::Json) {
        Ok(document) => (Some(document), Vec::new()),
        Err(d) => (None, vec![source_error(source, d)]),
    }
}

fn check_ron(
    source: &SourceFile,
    kind: DocKind,
) -> (Option<Document>, Vec<Diagnostic>) {
    if let Some(document) = fast_ron(source, kind) {
        return (Some(document), Vec::new());
    }
    let document = match typed(kind, &source.text, Format::Ron) {
        Ok(document) => document,
        Err(e) => return (None, ron_errors(source, kind, e)),
    };
    let value = match document.to_json_value() {
        Ok(value) => value,
        Err(e) => {
            let d = source.bare(Code::Sch002, "", e.to_string());
            return (None, vec![d]);
        }
    };
    let found = violations(source, kind, &value);
    if found.is_empty() {
        (Some(document), found)
    } else {
        (None, found)
    }
}

/// The fast path for a valid RON file: read into a RON tree by the locate
/// tokenizer (its JSON shape, strings borrowed from the text), checked
/// against the schema and typed from the tree, with no
/// `serde_json::Value` built. It costs less than the typed RON reader
/// alone; any doubt (a construct the shape reader does not read exactly, a
/// violation, a typing error) returns `None` and the precise path below
/// runs and reports.
fn fast_ron(source: &SourceFile, kind: DocKind) -> Option<Document> {
    let tree = berthier_schema::locate::RonTree::read_ron(&source.text)?;
    if !ron_tree_is_valid(kind, &tree) {
        return None;
    }
    Document::from_ron_tree(kind, &tree)?.ok()
}

/// A RON file the typed reader rejects: the typed reader stops at its
/// first error, so when that error is about types or shape (not syntax),
/// the file is also read into its JSON shape without types and checked
/// against the schema, to report every error at once.
fn ron_errors(
    source: &SourceFile,
    kind: DocKind,
    e: TypedError,
) -> Vec<Diagnostic> {
    let first = source_error(source, e);
    if first.code == Code::Sch001 {
        return vec![first];
    }
    let Some(shape) = berthier_schema::locate::ron_json_shape(&source.text)
    else {
        return vec![first];
    };
    // The typed reader's message is the more helpful one ("did you mean"),
    // so it replaces a schema finding at the same place.
    let mut found = violations(source, kind, &shape);
    found.retain(|d| (d.line, d.column) != (first.line, first.column));
    found.push(first);
    found.sort_by_key(|d| (d.line, d.column));
    found
}

/// Every schema violation, located: each unexpected field at its key, any
/// other at the value (or the nearest ancestor for a missing field).
fn violations(
    source: &SourceFile,
    kind: DocKind,
    value: &serde_json::Value,
) -> Vec<Diagnostic> {
    located(source, schema_violations(kind, value))
}

/// The findings of `found`, a document's schema violations, located in
/// `source`.
pub(crate) fn located(
    source: &SourceFile,
    found: Vec<berthier_schema::validate::SchemaViolation>,
) -> Vec<Diagnostic> {
    found
        .into_iter()
        .flat_map(|v| {
            if v.unexpected.is_empty() {
                return vec![source.at_pointer(
                    Code::Sch002,
                    &v.pointer,
                    v.message,
                )];
            }
            let one = v.unexpected.len() == 1;
            v.unexpected
                .iter()
                .map(|field| {
                    // jsonschema names them all in one message; each
                    // finding names its own field.
                    let message = if one {
                        v.message.clone()
                    } else {
                        let rule = v.message.split(" (").next().unwrap_or("");
                        format!("{rule} ('{field}' was unexpected)")
                    };
                    let allowed = v.allowed.iter().map(String::as_str);
                    let help =
                        berthier_schema::spelling::did_you_mean(field, allowed);
                    unexpected_field(source, &v.pointer, field, message).help(
                        help.unwrap_or_else(|| {
                            "remove the field or fix its spelling".into()
                        }),
                    )
                })
                .collect()
        })
        .collect()
}

/// A field the schema does not allow, at its key.
fn unexpected_field(
    source: &SourceFile,
    parent: &str,
    field: &str,
    message: String,
) -> Diagnostic {
    let escaped = berthier_schema::locate::escape_segment(field);
    let pointer = format!("{parent}/{escaped}");
    let found = source.locate(&pointer);
    let offset = if found.exact {
        found.key_or_value()
    } else {
        found.value
    };
    source.at_offset(Code::Sch002, offset, &pointer, message)
}
