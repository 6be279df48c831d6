//! GitHub Actions workflow commands: `::error file=..,line=..,col=..,
//! title=REF007::message`, which GitHub shows as annotations on the diff.

use crate::diagnostic::{Diagnostic, Report, Severity};

/// One workflow command per finding.
pub fn render(report: &Report) -> String {
    report.diagnostics.iter().map(command).collect()
}

fn command(d: &Diagnostic) -> String {
    let level = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "notice",
    };
    let mut properties = vec![format!("file={}", property(&d.path()))];
    if d.line > 0 {
        properties.push(format!("line={}", d.line));
    }
    if d.column > 0 {
        properties.push(format!("col={}", d.column));
    }
    properties.push(format!("title={}", property(d.code.as_str())));
    let mut message = d.message.clone();
    if let Some(help) = &d.help {
        message.push_str("\nhelp: ");
        message.push_str(help);
    }
    format!("::{level} {}::{}\n", properties.join(","), data(&message))
}

/// Escapes a message (`%`, CR, LF), per the workflow-command rules.
pub fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a property value: as [`data`], plus `:` and `,`.
pub fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_per_the_workflow_rules() {
        assert_eq!(data("50% a\r\nb"), "50%25 a%0D%0Ab");
        assert_eq!(property("a:b,c%"), "a%3Ab%2Cc%25");
    }
}
