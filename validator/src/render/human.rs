//! Human output in ruff's layout: a header with the code, an arrow with
//! `file:line:col`, the source line with a caret, an optional help line, and
//! a summary at the end.

use std::fmt::Write;

use berthier_rules::words::plural;

use crate::diagnostic::{Diagnostic, Report, Severity};

/// Renders every finding and the summary line.
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    for d in &report.diagnostics {
        diagnostic(&mut out, d);
        out.push('\n');
    }
    out.push_str(&summary(report));
    out.push('\n');
    out
}

fn diagnostic(out: &mut String, d: &Diagnostic) {
    let _ = writeln!(out, "{}[{}]: {}", d.severity.as_str(), d.code, d.message);
    let gutter = " ".repeat(d.line.to_string().len());
    if d.line == 0 {
        let _ = writeln!(out, "{gutter}--> {}", d.path());
    } else {
        let _ =
            writeln!(out, "{gutter}--> {}:{}:{}", d.path(), d.line, d.column);
    }
    if let Some(snippet) = &d.snippet {
        let _ = writeln!(out, "{gutter} |");
        let _ = writeln!(out, "{} | {}", d.line, snippet.text);
        let pad = " ".repeat(snippet.caret);
        let _ = writeln!(out, "{gutter} | {pad}^");
    }
    if let Some(help) = &d.help {
        let _ = writeln!(out, "{gutter} = help: {help}");
    }
}

/// "Found 3 errors, 1 warning in 2 files", "All checks passed: 4
/// documents", or, when there was nothing to check, says so.
pub fn summary(report: &Report) -> String {
    if report.diagnostics.is_empty() && report.documents == 0 {
        return "No pack document found: nothing was checked".to_owned();
    }
    if report.diagnostics.is_empty() {
        return format!(
            "All checks passed: {}",
            plural(report.documents, "document")
        );
    }
    let mut parts = Vec::new();
    let errors = report.count(Severity::Error);
    if errors > 0 {
        parts.push(plural(errors, "error"));
    }
    let warnings = report.count(Severity::Warning);
    if warnings > 0 {
        parts.push(plural(warnings, "warning"));
    }
    let infos = report.count(Severity::Info);
    if infos > 0 {
        parts.push(format!("{infos} info"));
    }
    format!(
        "Found {} in {}",
        parts.join(", "),
        plural(report.files_with_findings(), "file"),
    )
}
