//! Output formats. Each renderer turns a [`Report`] into text; only `main`
//! prints it.

pub mod github;
pub mod human;
pub mod json;
pub mod sarif;
pub mod sarif_merge;

use crate::diagnostic::Report;

/// The output formats of `--format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputFormat {
    /// For people: each finding with its source line and a caret.
    #[default]
    Human,
    /// One JSON object with every finding, for scripts.
    Json,
    /// GitHub Actions workflow commands (annotations on the diff).
    Github,
    /// SARIF 2.1.0, for code-scanning dashboards.
    Sarif,
}

/// Renders `report` in `format`, as plain text.
pub fn render(report: &Report, format: OutputFormat) -> String {
    render_in(report, format, human::Colour::Never)
}

/// [`render`], the human format in colour when `colour` says so (the other
/// formats are read by programs and never have colour).
pub fn render_in(
    report: &Report,
    format: OutputFormat,
    colour: human::Colour,
) -> String {
    match format {
        OutputFormat::Human => human::render(report, colour),
        OutputFormat::Json => json::render(report),
        OutputFormat::Github => github::render(report),
        OutputFormat::Sarif => sarif::render(report),
    }
}
