//! One finding, located in the text the author edits, plus the report of a
//! whole run.

use berthier_schema::HexId;
use serde::Serialize;

use crate::code::Code;

/// How bad a finding is. Only errors make the run fail.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The pack is broken.
    Error,
    /// Probably a mistake.
    Warning,
    /// Worth knowing.
    Info,
}

impl Severity {
    /// Lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
            Self::Info => "info",
        }
    }
}

/// The source line under a finding, cut around the column so a minified
/// one-line file cannot flood the terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    /// The (possibly cut) line, tabs shown as spaces.
    pub text: String,
    /// Character index of the caret in `text`.
    pub caret: usize,
}

/// One finding.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// Permanent code.
    #[serde(serialize_with = "code_str")]
    pub code: Code,
    /// Severity.
    pub severity: Severity,
    /// The pack root as given on the command line (forward slashes), so
    /// `root/file` opens the file from where the tool was run.
    pub root: String,
    /// Path relative to the pack root, forward slashes.
    pub file: String,
    /// 1-based line (0 when the finding is about the whole file).
    pub line: usize,
    /// 1-based column in characters (0 when unknown).
    pub column: usize,
    /// JSON Pointer to the value in the document's JSON shape ("" for the
    /// document or when unknown).
    pub pointer: String,
    /// The printed hex involved, so an editor can jump to it.
    #[serde(serialize_with = "hex_str")]
    pub hex: Option<HexId>,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    pub help: Option<String>,
    /// The source line, for the human renderer.
    #[serde(skip)]
    pub snippet: Option<Snippet>,
}

fn code_str<S: serde::Serializer>(
    code: &Code,
    s: S,
) -> Result<S::Ok, S::Error> {
    s.serialize_str(code.as_str())
}

fn hex_str<S: serde::Serializer>(
    hex: &Option<HexId>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match hex {
        Some(h) => s.serialize_str(&h.to_string()),
        None => s.serialize_none(),
    }
}

impl Diagnostic {
    /// Adds a help line.
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Names the printed hex involved.
    pub fn hex(mut self, hex: HexId) -> Self {
        self.hex = Some(hex);
        self
    }

    /// The path to show: the root as given joined with the file, without a
    /// leading `./`.
    pub fn path(&self) -> String {
        match self.root.trim_end_matches('/') {
            "" | "." => self.file.clone(),
            root => format!("{root}/{}", self.file),
        }
    }
}

/// The outcome of one validation run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    /// Pack documents checked.
    pub documents: usize,
    /// Every finding, sorted by path, line and column.
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// Findings of `severity`.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// Whether the run fails (exit status 1).
    pub fn has_errors(&self) -> bool {
        self.count(Severity::Error) > 0
    }

    /// Distinct files with findings.
    pub fn files_with_findings(&self) -> usize {
        let mut paths: Vec<String> =
            self.diagnostics.iter().map(Diagnostic::path).collect();
        paths.sort();
        paths.dedup();
        paths.len()
    }
}
