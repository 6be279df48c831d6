//! Pass 1: each file on its own. Decides whether a file is a pack document,
//! reads it, and checks it against its JSON Schema, locating every finding
//! in the original text.

use berthier_schema::document::{FORMAT_VERSION, ron_options};
use berthier_schema::locate::{Located, locate, scalar_at};
use berthier_schema::migrate::OLDEST_FORMAT_VERSION;
use berthier_schema::validate::schema_violations;
use berthier_schema::{DocKind, Document, Format};
use serde::de::DeserializeOwned;

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;
use crate::walk::Candidate;

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
    let named = pack_name_kind(&candidate.rel).is_some();
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
    if let Some(encoding) = utf16(&bytes) {
        let d = source.at_offset(
            Code::Sch005,
            0,
            "",
            format!("the file is {encoding} text, not UTF-8"),
        );
        let d = d.help("save it as UTF-8 (without a byte order mark)");
        return named.then(|| Checked::fail(source, d));
    }
    if let Some(nul) = bytes.iter().position(|b| *b == 0) {
        source.set_text(String::from_utf8_lossy(&bytes[..nul]).as_ref().into());
        let d = source.at_offset(
            Code::Sch005,
            source.text.len(),
            "",
            "the file is binary (it holds a NUL byte), not RON or JSON text",
        );
        return named.then(|| Checked::fail(source, d));
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let valid = e.utf8_error().valid_up_to();
            let prefix = String::from_utf8_lossy(&e.as_bytes()[..valid]);
            source.set_text(prefix.as_ref().into());
            let d = source.at_offset(
                Code::Sch005,
                valid,
                "",
                "the file is not UTF-8 text (binary?)",
            );
            return named.then(|| Checked::fail(source, d));
        }
    };
    source.set_text(text.into());
    if source.text.starts_with('\u{feff}') {
        // The typed readers (and so `convert` and the editor) refuse it
        // as an unexpected character; say what it is.
        let d = source
            .at_offset(
                Code::Sch005,
                0,
                "",
                "the file starts with a UTF-8 byte order mark, which RON \
                 and JSON readers refuse",
            )
            .help("save it as UTF-8 without a byte order mark");
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
    let (mut document, mut diagnostics) = match format {
        Format::Json => check_json(&source, kind),
        Format::Ron => check_ron(&source, kind),
    };
    if let Some(document) = document.as_mut() {
        berthier_schema::migrate::upgrade(document);
    }
    diagnostics.extend(old_version);
    Some(Checked {
        source,
        kind: Some(kind),
        document,
        diagnostics,
        unreadable: None,
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

/// The UTF-16 encoding `bytes` are in, by their byte order mark or, without
/// one, by the zero byte every ASCII character has on one side in UTF-16
/// (RON and JSON documents are mostly ASCII): "UTF-16LE" or "UTF-16BE".
fn utf16(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0xFF, 0xFE, ..] => return Some("UTF-16LE"),
        [0xFE, 0xFF, ..] => return Some("UTF-16BE"),
        _ => {}
    }
    let pairs = bytes.chunks_exact(2).take(512);
    let (mut low_zero, mut high_zero, mut total) = (0usize, 0usize, 0usize);
    for pair in pairs {
        total += 1;
        match pair {
            [first, 0] if *first != 0 => low_zero += 1,
            [0, second] if *second != 0 => high_zero += 1,
            _ => {}
        }
    }
    // Nearly every pair ASCII-in-UTF-16 of one order; binary data is not.
    let most = total.saturating_mul(9) / 10;
    if total < 2 {
        None
    } else if low_zero >= most.max(1) {
        Some("UTF-16LE")
    } else if high_zero >= most.max(1) {
        Some("UTF-16BE")
    } else {
        None
    }
}

/// The kind a file name announces (`rivoli.map.ron`).
pub fn pack_name_kind(rel: &str) -> Option<DocKind> {
    let stem = rel
        .strip_suffix(".ron")
        .or_else(|| rel.strip_suffix(".json"))?;
    let (_, kind) = stem.rsplit_once('.')?;
    DocKind::from_name(kind)
}

/// Empty and binary files.
fn precheck(source: &SourceFile) -> Option<Diagnostic> {
    if source.text.trim().is_empty() {
        return Some(source.at_offset(
            Code::Sch005,
            0,
            "",
            "the file is empty",
        ));
    }
    let nul = source.text.find('\0')?;
    Some(source.at_offset(
        Code::Sch005,
        nul,
        "",
        "the file is binary (it holds a NUL byte), not RON or JSON text",
    ))
}

/// A top-level field (`/kind`, `/format_version`) found by reading the
/// root's members only up to it. `source.locate` would first index every
/// member of the root, reading the whole file for a field written on its
/// first line: 4% of the validator's time on the benchmark pack (issue
/// 16). Both find the same place (`locate`'s proptest
/// `an_index_finds_what_a_scan_finds`).
fn probe(source: &SourceFile, pointer: &str) -> Located {
    locate(&source.text, source.format, pointer)
}

enum KindProbe {
    Kind(DocKind),
    NotADocument,
    Finding(Diagnostic),
}

fn kind_of(source: &SourceFile, named: bool) -> KindProbe {
    let found = probe(source, "/kind");
    let looks_like_pack = named
        || source.format == Format::Ron
        || probe(source, "/format_version").exact;
    if !found.exact {
        if !(named || probe(source, "/format_version").exact) {
            return KindProbe::NotADocument;
        }
        if let Some(d) = syntax_finding(source) {
            return KindProbe::Finding(d);
        }
        let hint = pack_name_kind(&source.at.rel).map_or("map", |k| k.as_str());
        let d = source
            .at_offset(Code::Sch003, found.value, "/kind", "missing `kind`")
            .help(format!(
                "add `kind: {hint}` (one of series, map, counters, scenario)"
            ));
        return KindProbe::Finding(d);
    }
    let name = scalar_at(&source.text, source.format, found.value);
    if let Some(kind) = name.as_deref().and_then(DocKind::from_name) {
        return KindProbe::Kind(kind);
    }
    if !looks_like_pack {
        return KindProbe::NotADocument;
    }
    let shown = name.unwrap_or_else(|| "?".into());
    let d = source
        .at_offset(
            Code::Sch003,
            found.value,
            "/kind",
            format!("unknown kind `{shown}`"),
        )
        .help("expected series, map, counters or scenario");
    KindProbe::Finding(d)
}

/// A syntax error, if the text does not read at all.
fn syntax_finding(source: &SourceFile) -> Option<Diagnostic> {
    match source.format {
        Format::Json => {
            let e = serde_json::from_str::<serde::de::IgnoredAny>(&source.text)
                .err()?;
            Some(source.at_line_col(
                Code::Sch001,
                e.line(),
                e.column(),
                e.to_string(),
            ))
        }
        Format::Ron => {
            let e = ron_options().from_str::<ron::Value>(&source.text).err()?;
            Some(source.at_line_col(
                Code::Sch001,
                e.span.start.line,
                e.span.start.col,
                e.code.to_string(),
            ))
        }
    }
}

/// What a file's `format_version` says.
enum Version {
    /// The current version, or none written (the schema reports that).
    Current,
    /// An older version, read through the migration.
    Old(Diagnostic),
    /// A version this release does not read.
    Unsupported(Diagnostic),
}

fn version_finding(source: &SourceFile) -> Version {
    let found = probe(source, "/format_version");
    if !found.exact {
        return Version::Current; // the schema reports the missing field
    }
    let Some(version) = scalar_at(&source.text, source.format, found.value)
        .and_then(|text| text.parse::<u64>().ok())
    else {
        return Version::Current; // the schema reports the type
    };
    let readable = u64::from(OLDEST_FORMAT_VERSION)..=u64::from(FORMAT_VERSION);
    if version == u64::from(FORMAT_VERSION) {
        Version::Current
    } else if readable.contains(&version) {
        let d = source
            .at_offset(
                Code::Sch006,
                found.value,
                "/format_version",
                format!(
                    "format_version {version} is read through the migration \
                     to version {FORMAT_VERSION}"
                ),
            )
            .help(format!(
                "rewrite the file with `berthier-validate migrate {}`",
                source.at.rel
            ));
        Version::Old(d)
    } else {
        let d = source
            .at_offset(
                Code::Sch004,
                found.value,
                "/format_version",
                format!("format_version {version} is not supported"),
            )
            .help(format!(
                "this release reads format_version {OLDEST_FORMAT_VERSION} \
                 to {FORMAT_VERSION}"
            ));
        Version::Unsupported(d)
    }
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

/// The fast path for a valid RON file: its JSON shape read by the locate
/// tokenizer, checked against the schema, then typed from that value. It
/// costs less than the typed RON reader alone; any doubt (a construct the
/// shape reader does not read exactly, a violation, a typing error) returns
/// `None` and the precise path below runs and reports.
fn fast_ron(source: &SourceFile, kind: DocKind) -> Option<Document> {
    let shape = berthier_schema::locate::ron_json_shape(&source.text)?;
    if !schema_violations(kind, &shape).is_empty() {
        return None;
    }
    Document::from_json_value(kind, shape).ok()
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
                    unexpected_field(source, &v.pointer, field, message)
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
    source
        .at_offset(Code::Sch002, offset, &pointer, message)
        .help("remove the field or fix its spelling")
}

/// A typed-parse failure: code, line, column, message, help.
struct TypedError {
    code: Code,
    line: usize,
    column: usize,
    message: String,
    help: Option<String>,
}

fn source_error(source: &SourceFile, e: TypedError) -> Diagnostic {
    // RON reports a bad value where its parser started, which may be the
    // blank before it: point at the value itself.
    let d = if e.line == 0 {
        source.bare(e.code, "", e.message)
    } else {
        let at = source.offset_of(e.line, e.column);
        let blank = source.text[at..]
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(0);
        source.at_offset(e.code, at + blank, "", e.message)
    };
    match e.help {
        Some(help) => d.help(help),
        None => d,
    }
}

fn typed(
    kind: DocKind,
    text: &str,
    format: Format,
) -> Result<Document, TypedError> {
    Ok(match kind {
        DocKind::Series => Document::Series(parse(text, format)?),
        DocKind::Map => Document::Map(parse(text, format)?),
        DocKind::Counters => Document::Counters(parse(text, format)?),
        DocKind::Scenario
            if berthier_schema::document::is_variant(text, format) =>
        {
            Document::Variant(parse(text, format)?)
        }
        DocKind::Scenario => Document::Scenario(parse(text, format)?),
        DocKind::Game => Document::Game(parse(text, format)?),
    })
}

fn parse<T: DeserializeOwned>(
    text: &str,
    format: Format,
) -> Result<T, TypedError> {
    match format {
        Format::Json => serde_json::from_str(text).map_err(|e| TypedError {
            code: if e.is_data() {
                Code::Sch002
            } else {
                Code::Sch001
            },
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
            help: None,
        }),
        Format::Ron => ron_options().from_str(text).map_err(|e| TypedError {
            code: ron_code(&e.code),
            line: e.span.start.line,
            column: e.span.start.col,
            message: e.code.to_string(),
            help: suggestion(&e.code),
        }),
    }
}

/// Type and shape errors are schema violations; the rest is syntax.
fn ron_code(e: &ron::Error) -> Code {
    use ron::Error as E;
    match e {
        E::Message(_)
        | E::InvalidValueForType { .. }
        | E::ExpectedDifferentLength { .. }
        | E::NoSuchEnumVariant { .. }
        | E::NoSuchStructField { .. }
        | E::MissingStructField { .. }
        | E::DuplicateStructField { .. }
        | E::ExpectedDifferentStructName { .. }
        | E::IntegerOutOfBounds
        | E::ExpectedBoolean
        | E::ExpectedInteger
        | E::ExpectedFloat
        | E::ExpectedString
        | E::ExpectedChar
        | E::ExpectedArray
        | E::ExpectedMap
        | E::ExpectedStructLike
        | E::ExpectedNamedStructLike(_)
        | E::ExpectedUnit
        | E::ExpectedOption
        | E::ExpectedIdentifier => Code::Sch002,
        _ => Code::Sch001,
    }
}

/// "did you mean" for a misspelled field or variant.
fn suggestion(e: &ron::Error) -> Option<String> {
    let (expected, found) = match e {
        ron::Error::NoSuchStructField {
            expected, found, ..
        }
        | ron::Error::NoSuchEnumVariant {
            expected, found, ..
        } => (*expected, found.as_str()),
        _ => return None,
    };
    let best = expected
        .iter()
        .map(|name| (strsim::levenshtein(name, found), *name))
        .min()?;
    (best.0 <= found.len().max(3) / 2 + 1)
        .then(|| format!("did you mean `{}`?", best.1))
}
