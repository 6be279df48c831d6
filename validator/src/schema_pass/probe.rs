//! Pass 1's probes of a decoded file: empty or binary, its `kind` and its
//! `format_version`, read without typing the whole document.

use berthier_schema::document::{FORMAT_VERSION, ron_options};
use berthier_schema::locate::{Located, locate, scalar_at};
use berthier_schema::migrate::OLDEST_FORMAT_VERSION;
use berthier_schema::{DocKind, Format};

use crate::code::Code;
use crate::diagnostic::Diagnostic;
use crate::source::SourceFile;

/// Empty files. (A binary file, one holding a NUL byte, was reported by
/// [`super::decode::decode`] already.)
pub(super) fn precheck(source: &SourceFile) -> Option<Diagnostic> {
    source
        .text
        .trim()
        .is_empty()
        .then(|| source.at_offset(Code::Sch005, 0, "", "the file is empty"))
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

pub(super) enum KindProbe {
    Kind(DocKind),
    NotADocument,
    Finding(Diagnostic),
}

pub(super) fn kind_of(source: &SourceFile, named: bool) -> KindProbe {
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
        let hint =
            DocKind::of_file_name(&source.at.rel).map_or("map", |k| k.as_str());
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
                berthier_schema::text::ron_message(&e.code),
            ))
        }
    }
}

/// What a file's `format_version` says.
pub(super) enum Version {
    /// The current version, or none written (the schema reports that).
    Current,
    /// An older version, read through the migration.
    Old(Diagnostic),
    /// A version this release does not read.
    Unsupported(Diagnostic),
}

pub(super) fn version_finding(source: &SourceFile) -> Version {
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
