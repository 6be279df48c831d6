//! SARIF 2.1.0: one run whose driver lists every rule, one result per
//! finding. Valid against the official schema (checked in the tests).

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

/// A relative URI reference for a path: percent-encodes what is not
/// allowed unescaped in a URI path.
fn uri(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
