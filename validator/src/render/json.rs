//! JSON output: one object with the counts and every finding (with its
//! display `path` beside `root` and `file`), for scripts and the editor.

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Report, Severity};

#[derive(Serialize)]
struct Output<'a> {
    documents: usize,
    errors: usize,
    warnings: usize,
    infos: usize,
    diagnostics: Vec<Entry<'a>>,
}

#[derive(Serialize)]
struct Entry<'a> {
    path: String,
    #[serde(flatten)]
    diagnostic: &'a Diagnostic,
}

/// Renders the report as pretty JSON.
pub fn render(report: &Report) -> String {
    let output = Output {
        documents: report.documents,
        errors: report.count(Severity::Error),
        warnings: report.count(Severity::Warning),
        infos: report.count(Severity::Info),
        diagnostics: report
            .diagnostics
            .iter()
            .map(|d| Entry {
                path: d.path(),
                diagnostic: d,
            })
            .collect(),
    };
    let mut text = serde_json::to_string_pretty(&output)
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    text.push('\n');
    text
}
