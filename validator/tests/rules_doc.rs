//! `validator/RULES.md` is generated from the code table
//! (`rules/src/code.rs`) and the codes' markdown files (`rules/docs/`), and
//! must stay in step with them. Regenerate with `BERTHIER_BLESS=1 cargo
//! test -p berthier-validator --test rules_doc`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_validator::Code;

fn rules_md() -> String {
    let mut text = String::from(
        "# berthier-validate rules\n\n\
         Every finding has a permanent code: codes are never renumbered or \
         reused. `berthier-validate rule CODE` prints one entry.\n\n\
         Generated from `rules/src/code.rs` and `rules/docs/<CODE>.md` by \
         `tests/rules_doc.rs`; do not edit by hand.\n\n| Code | Severity | Summary |\n|---|---|---|\n",
    );
    for code in Code::ALL {
        text.push_str(&format!(
            "| [{0}](#{1}) | {2} | {3} |\n",
            code.as_str(),
            code.as_str().to_lowercase(),
            code.severity().as_str(),
            code.summary()
        ));
    }
    for code in Code::ALL {
        let explain = code.explain();
        let body = explain.split_once('\n').map_or("", |(_, rest)| rest);
        text.push_str(&format!(
            "\n## {}\n\n**{}**: {}\n",
            code.as_str(),
            code.severity().as_str(),
            code.summary()
        ));
        text.push_str(&body.replace("\n## ", "\n### "));
    }
    text
}

#[test]
fn rules_md_is_fresh() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("RULES.md");
    let fresh = rules_md();
    if std::env::var_os("BERTHIER_BLESS").is_some() {
        std::fs::write(&path, &fresh).expect("write RULES.md");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "validator/RULES.md is stale: regenerate with BERTHIER_BLESS=1 cargo \
         test -p berthier-validator --test rules_doc"
    );
}

#[test]
fn codes_are_unique_and_read_back() {
    let mut names: Vec<&str> = Code::ALL.iter().map(|c| c.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), Code::ALL.len());
    for code in Code::ALL {
        assert_eq!(Code::from_name(code.as_str()), Some(code));
    }
}

#[test]
fn every_code_is_documented() {
    for code in Code::ALL {
        let rule = code.rule();
        assert!(!rule.summary.is_empty(), "{code}: no `# {code}: summary`");
        assert!(!rule.what.is_empty(), "{code}: no `## What it does`");
        assert!(!rule.why.is_empty(), "{code}: no `## Why`");
        assert!(!rule.example.is_empty(), "{code}: no `## Example`");
        assert!(
            code.doc().starts_with(&format!("# {code}: ")),
            "rules/docs/{code}.md must start with `# {code}: `"
        );
        assert!(code.as_str().starts_with(code.group().prefix()), "{code}");
    }
}

#[test]
fn every_docs_file_is_a_code() {
    let docs =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules/docs");
    for entry in std::fs::read_dir(docs).expect("rules/docs") {
        let name = entry.expect("entry").file_name();
        let name = name.to_string_lossy();
        let code = name.strip_suffix(".md").and_then(Code::from_name);
        assert!(code.is_some(), "rules/docs/{name} names no code");
    }
}
