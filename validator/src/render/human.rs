//! Human output in rustc's and ruff's layout, drawn by rustc's own
//! renderer (`annotate-snippets`): a header with the code, an arrow with
//! `file:line:col`, the source line with a caret, an optional help line,
//! and a summary at the end; in colour when the output is a terminal.

use annotate_snippets::{
    AnnotationKind, Group, Level, Origin, Renderer, Snippet,
};
use berthier_rules::words::plural;

use crate::diagnostic::{Diagnostic, Report, Severity};

/// Whether the output has colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Colour {
    /// Plain text (a file, a pipe, `NO_COLOR`).
    #[default]
    Never,
    /// ANSI colours, for a terminal.
    Always,
}

/// Renders every finding and the summary line.
pub fn render(report: &Report, colour: Colour) -> String {
    let renderer = match colour {
        Colour::Never => Renderer::plain(),
        Colour::Always => Renderer::styled(),
    };
    let mut out = String::new();
    for d in &report.diagnostics {
        out.push_str(&diagnostic(&renderer, d));
        out.push_str("\n\n");
    }
    out.push_str(&summary(report));
    out.push('\n');
    out
}

/// One finding, drawn.
fn diagnostic(renderer: &Renderer, d: &Diagnostic) -> String {
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Info => Level::INFO,
    };
    let path = d.path();
    let code = d.code.to_string();
    let mut group =
        Group::with_title(level.primary_title(&d.message).id(&code));
    group = match &d.snippet {
        // The line from its start: the caret's column is the finding's.
        Some(s) if !s.cut_before && s.caret + 1 == d.column => {
            let at = s
                .text
                .char_indices()
                .nth(s.caret)
                .map_or(s.text.len(), |(i, _)| i);
            group.element(
                Snippet::source(&s.text)
                    .path(&path)
                    .line_start(d.line)
                    .annotation(AnnotationKind::Primary.span(at..at)),
            )
        }
        _ if d.line == 0 => group.element(Origin::path(&path)),
        _ => group
            .element(Origin::path(&path).line(d.line).char_column(d.column)),
    };
    if let Some(help) = &d.help {
        group = group.element(Level::HELP.message(help));
    }
    let report: [Group<'_>; 1] = [group];
    renderer.render(&report)
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
