//! A validator finding as the protocol's diagnostic: the same code,
//! severity, message and place, with the range of the token it points at
//! and a link to the code's documentation.

use std::str::FromStr;

use berthier_schema::Format;
use berthier_schema::locate::token_end;
use berthier_validator::{Diagnostic, Severity};
use lsp_types::{
    CodeDescription, DiagnosticSeverity, NumberOrString, Position, Range, Uri,
};

use crate::position::LineIndex;

/// The name clients show as the diagnostics' source.
pub const SOURCE: &str = "berthier-validate";

/// A finding located in `text` (the text it was found in), with the byte
/// range it covers.
pub fn to_lsp(
    finding: &Diagnostic,
    text: &str,
    lines: &LineIndex,
    format: Option<Format>,
) -> (lsp_types::Diagnostic, std::ops::Range<usize>) {
    let span = span(finding, text, lines, format);
    let range = Range::new(
        lines.position(text, span.start),
        lines.position(text, span.end),
    );
    let range = if finding.line == 0 {
        Range::new(Position::new(0, 0), Position::new(0, 0))
    } else {
        range
    };
    let message = match &finding.help {
        Some(help) => format!("{}\nhelp: {help}", finding.message),
        None => finding.message.clone(),
    };
    let data = serde_json::json!({
        "pointer": finding.pointer,
        "hex": finding.hex.map(|h| h.to_string()),
    });
    let diagnostic = lsp_types::Diagnostic {
        range,
        severity: Some(severity(finding.severity)),
        code: Some(NumberOrString::String(finding.code.as_str().to_owned())),
        code_description: documentation(finding.code.as_str())
            .map(|href| CodeDescription { href }),
        source: Some(SOURCE.to_owned()),
        message,
        related_information: None,
        tags: None,
        data: Some(data),
    };
    (diagnostic, span)
}

/// The bytes a finding covers: the token (key, string, number, opening
/// bracket) at its line and column; nothing for a finding about the
/// whole file.
fn span(
    finding: &Diagnostic,
    text: &str,
    lines: &LineIndex,
    format: Option<Format>,
) -> std::ops::Range<usize> {
    if finding.line == 0 {
        return 0..0;
    }
    let start = lines.offset_of_line_column(text, finding.line, finding.column);
    let end = format.map_or(start, |f| token_end(text, f, start));
    start..end.max(start)
}

/// A `berthier.toml` that stops the pack from being checked, as the
/// command line reports it (exit status 2).
pub fn config_error(message: String) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        range: Range::default(),
        severity: Some(DiagnosticSeverity::ERROR),
        source: Some(SOURCE.to_owned()),
        message: format!("the pack cannot be checked: {message}"),
        ..lsp_types::Diagnostic::default()
    }
}

/// The note closing a document's list when it has more findings than
/// are published.
pub fn more(left_out: usize) -> lsp_types::Diagnostic {
    lsp_types::Diagnostic {
        range: Range::default(),
        severity: Some(DiagnosticSeverity::INFORMATION),
        source: Some(SOURCE.to_owned()),
        message: format!(
            "{left_out} more findings in this file are not shown here; \
             `berthier-validate --format json` lists every one"
        ),
        ..lsp_types::Diagnostic::default()
    }
}

fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

/// The page documenting `code` in the project's repository (the text is
/// also what hovering the finding shows, offline).
pub fn documentation(code: &str) -> Option<Uri> {
    let repository = env!("CARGO_PKG_REPOSITORY");
    if !repository.contains("://") {
        return None;
    }
    Uri::from_str(&format!(
        "{repository}/blob/main/validator/rules/docs/{code}.md"
    ))
    .ok()
}
