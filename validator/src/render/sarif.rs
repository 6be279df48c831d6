//! SARIF 2.1.0: one run whose driver lists every rule, one result per
//! finding. Valid against the official schema (checked in the tests).

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::{Value, json};

use crate::code::Code;
use crate::diagnostic::{Diagnostic, Report, Severity};

/// Renders the report as a SARIF log.
pub fn render(report: &Report) -> String {
    let rules: Vec<Value> = Code::ALL.iter().map(|c| rule(*c)).collect();
    let results: Vec<Value> = report.diagnostics.iter().map(result).collect();
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "berthier-validate",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    let mut text = serde_json::to_string_pretty(&log).unwrap_or_default();
    text.push('\n');
    text
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn rule(code: Code) -> Value {
    let doc = code.rule();
    json!({
        "id": code.as_str(),
        "shortDescription": {"text": doc.summary},
        "fullDescription": {"text": doc.what},
        "help": {"text": code.explain()},
        "defaultConfiguration": {"level": level(code.severity())},
    })
}

fn result(d: &Diagnostic) -> Value {
    let index = Code::ALL.iter().position(|c| *c == d.code).unwrap_or(0);
    let mut physical = json!({"artifactLocation": {"uri": uri(&d.path())}});
    if d.line > 0 {
        physical["region"] = json!({
            "startLine": d.line,
            "startColumn": d.column.max(1),
        });
    }
    let mut text = d.message.clone();
    if let Some(help) = &d.help {
        text.push_str("\nhelp: ");
        text.push_str(help);
    }
    let mut properties = json!({"pointer": d.pointer});
    if let Some(hex) = d.hex {
        properties["hex"] = json!(hex.to_string());
    }
    json!({
        "ruleId": d.code.as_str(),
        "ruleIndex": index,
        "level": level(d.severity),
        "message": {"text": text},
        "locations": [{"physicalLocation": physical}],
        "properties": properties,
    })
}

/// What a URI path may hold unescaped besides letters and digits
/// (RFC 3986 `pchar` and `/`).
const PATH: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/')
    .remove(b'!')
    .remove(b'$')
    .remove(b'&')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')')
    .remove(b'*')
    .remove(b'+')
    .remove(b',')
    .remove(b';')
    .remove(b'=')
    .remove(b':')
    .remove(b'@');

/// A relative URI reference for a path: percent-encodes what is not
/// allowed unescaped in a URI path.
fn uri(path: &str) -> String {
    utf8_percent_encode(path, PATH).to_string()
}

#[cfg(test)]
mod tests {
    use super::uri;

    #[test]
    fn uris_escape_what_a_path_may_not_hold() {
        assert_eq!(uri("maps/jdg-02.ron"), "maps/jdg-02.ron");
        assert_eq!(uri("a b/c%d#e?f"), "a%20b/c%25d%23e%3Ff");
        assert_eq!(uri("~!$&'()*+,;=:@"), "~!$&'()*+,;=:@");
        assert_eq!(uri("Vive l’Empereur"), "Vive%20l%E2%80%99Empereur");
    }
}
