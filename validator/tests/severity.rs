//! Severities raised and lowered by `berthier.toml` `[severity]` and by
//! `--deny`, `--warn`, `--allow` (the command line wins); `--explain`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::{mutate, pack, run};

/// The mini pack with `b1` outside its placement (SET001, an error).
fn pack_with_set001() -> tempfile::TempDir {
    let dir = pack();
    mutate(
        dir.path(),
        "mini.scenario.ron",
        "(unit: \"b1\", hex: \"0202\"",
        "(unit: \"b1\", hex: \"0201\"",
    );
    mutate(
        dir.path(),
        "mini.scenario.ron",
        "placement: Within(of: Place(\"mill\"), hexes: 1)",
        "placement: Hex(\"0202\")",
    );
    dir
}

#[test]
fn command_line_levels() {
    let dir = pack_with_set001();
    let base = run(dir.path(), &["--allow", "TER004"]);
    assert_eq!(base.status, 1, "{}", base.stdout);
    assert!(base.stdout.contains("error[SET001]"), "{}", base.stdout);
    let warned = run(dir.path(), &["--allow", "TER004", "--warn", "SET001"]);
    assert_eq!(warned.status, 0, "{}", warned.stdout);
    assert!(warned.stdout.contains("warning[SET001]"));
    let allowed = run(dir.path(), &["--allow", "TER004", "--allow", "set001"]);
    assert_eq!(allowed.stdout, "All checks passed: 4 documents\n");
    let unknown = run(dir.path(), &["--allow", "XYZ999"]);
    assert_eq!(unknown.status, 2);
}

#[test]
fn pack_file_levels_and_deny_warnings() {
    let dir = pack_with_set001();
    std::fs::write(
        dir.path().join("berthier.toml"),
        "[severity]\nSET001 = \"warning\"\nTER004 = \"allow\"\n",
    )
    .expect("write");
    let out = run(dir.path(), &[]);
    assert_eq!(out.status, 0, "{}", out.stdout);
    assert!(out.stdout.contains("warning[SET001]"), "{}", out.stdout);
    let denied = run(dir.path(), &["--deny", "warnings"]);
    assert_eq!(denied.status, 1);
    assert!(denied.stdout.contains("error[SET001]"));
    let cli_wins = run(dir.path(), &["--deny", "SET001"]);
    assert!(cli_wins.stdout.contains("error[SET001]"));
    std::fs::write(
        dir.path().join("berthier.toml"),
        "[severity]\nSET001 = \"loud\"\n",
    )
    .expect("write");
    assert_eq!(run(dir.path(), &[]).status, 2);
}

#[test]
fn explain_prints_the_rule() {
    let dir = pack();
    let out = run(dir.path(), &["--explain", "stk001"]);
    assert_eq!(out.status, 0);
    assert!(out.stdout.starts_with("STK001 (error):"), "{}", out.stdout);
    assert!(out.stdout.contains("## Why") && out.stdout.contains("Rulebook:"));
    let alias = run(dir.path(), &["rule", "STK001"]);
    assert_eq!(alias.stdout, out.stdout);
}
