//! One finding, located in the text the author edits, plus the report of a
//! whole run.

use std::cmp::Ordering;

use berthier_schema::HexId;
use serde::Serialize;

use crate::code::Code;

pub use crate::severity::Severity;

/// The source line under a finding, cut a little after the column, and
/// before it only far into a long line, so a minified one-line file
/// cannot flood the terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snippet {
    /// The (possibly cut) line, control characters shown as spaces.
    pub text: String,
    /// Character index of the caret in `text`.
    pub caret: usize,
    /// Whether the start of the line was cut off (`text` then starts
    /// with `…`): the caret's index in `text` is not its column.
    pub cut_before: bool,
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

    /// Orders two findings as their [`Self::path`]s would order, without
    /// building either: sorting a million findings called `path` twice
    /// per comparison, an allocation each (a million duplicated
    /// setup entries in the bad-input corpus).
    pub fn cmp_path<'a>(&'a self, other: &'a Self) -> Ordering {
        let (a, b) = (self.path_prefix(), other.path_prefix());
        if a == b {
            return self.file.cmp(&other.file);
        }
        let joined = |(root, slash): (&'a str, &'a str), file: &'a str| {
            root.bytes().chain(slash.bytes()).chain(file.bytes())
        };
        joined(a, &self.file).cmp(joined(b, &other.file))
    }

    /// What [`Self::path`] writes before the file: the trimmed root and a
    /// slash, or nothing.
    fn path_prefix(&self) -> (&str, &str) {
        match self.root.trim_end_matches('/') {
            "" | "." => ("", ""),
            root => (root, "/"),
        }
    }

    /// Whether two findings are at the same place: path, line, column and
    /// code (what the report is sorted by).
    pub fn same_place(&self, other: &Self) -> bool {
        (self.line, self.column, self.code)
            == (other.line, other.column, other.code)
            && self.cmp_path(other) == Ordering::Equal
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

#[cfg(test)]
mod tests {
    use super::*;

    fn at(root: &str, file: &str) -> Diagnostic {
        Diagnostic {
            code: Code::Set003,
            severity: Severity::Error,
            root: root.to_owned(),
            file: file.to_owned(),
            line: 1,
            column: 1,
            pointer: String::new(),
            hex: None,
            message: String::new(),
            help: None,
            snippet: None,
        }
    }

    #[test]
    fn cmp_path_orders_as_the_joined_paths_do() {
        // Roots that sort one way as roots and the other way joined
        // ('-' < '/' < 'b'), "." and "" (no prefix), a trailing slash.
        let all = [
            at("a", "b"),
            at("a-", "x"),
            at("a/", "b"),
            at(".", "a/b"),
            at("", "a-/x"),
            at("a", "a"),
            at("", "z"),
            at("a/b", "c"),
        ];
        for x in &all {
            for y in &all {
                assert_eq!(
                    x.cmp_path(y),
                    x.path().cmp(&y.path()),
                    "{} against {}",
                    x.path(),
                    y.path()
                );
                assert_eq!(x.same_place(y), x.path() == y.path());
            }
        }
    }
}
