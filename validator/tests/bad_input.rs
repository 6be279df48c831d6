//! Issue 2 §5: each kind of bad input gets a located message and exit
//! status 1, never a panic. One test per case.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::Path;

use common::{mutate, pack, position, run};

/// Runs on `dir` and returns the JSON findings, asserting exit status 1.
fn findings(dir: &Path) -> Vec<serde_json::Value> {
    let out = run(dir, &["--format", "json"]);
    assert_eq!(
        out.status, 1,
        "stdout:\n{}\nstderr:\n{}",
        out.stdout, out.stderr
    );
    let value: serde_json::Value =
        serde_json::from_str(&out.stdout).expect("json output");
    value["diagnostics"].as_array().cloned().unwrap_or_default()
}

/// Asserts one finding `code` in `file` at `line:col`.
fn assert_finding(dir: &Path, code: &str, file: &str, at: (usize, usize)) {
    let all = findings(dir);
    let hit = all.iter().any(|d| {
        d["code"] == code
            && d["file"] == file
            && d["line"] == at.0
            && d["column"] == at.1
    });
    assert!(hit, "no {code} at {file}:{}:{} in {all:#?}", at.0, at.1);
}

#[test]
fn syntax_error() {
    let dir = pack();
    let text =
        mutate(dir.path(), "mini.map.ron", "id: \"mini\",", "id: \"mini\"");
    let at = position(&text, "name: \"Mini map\"");
    assert_finding(dir.path(), "SCH001", "mini.map.ron", at);
}

#[test]
fn wrong_type() {
    let dir = pack();
    let text = mutate(
        dir.path(),
        "mini.scenario.ron",
        "count: 4",
        "count: \"four\"",
    );
    let at = position(&text, "\"four\"");
    assert_finding(dir.path(), "SCH002", "mini.scenario.ron", at);
}

#[test]
fn unknown_field() {
    let dir = pack();
    let text = mutate(
        dir.path(),
        "mini.counters.ron",
        "(id: \"red\", name: \"Red\")",
        "(id: \"red\", name: \"Red\", colour: \"red\")",
    );
    let at = position(&text, "colour: \"red\"");
    assert_finding(dir.path(), "SCH002", "mini.counters.ron", at);
}

#[test]
fn unknown_field_in_json_points_at_the_key() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = "{\n  \"kind\": \"series\",\n  \"format_version\": 1,\n  \
                \"id\": \"s\",\n  \"name\": \"S\",\n  \"colour\": 1\n}\n";
    std::fs::write(dir.path().join("s.series.json"), text).expect("write");
    let at = position(text, "\"colour\"");
    assert_finding(dir.path(), "SCH002", "s.series.json", at);
}

/// The `SCH002` findings of `file`, as (line, column, message).
fn unexpected(dir: &Path, file: &str) -> Vec<(u64, u64, String)> {
    findings(dir)
        .iter()
        .filter(|d| d["code"] == "SCH002" && d["file"] == file)
        .map(|d| {
            let at = |k: &str| d[k].as_u64().unwrap_or(0);
            let message = d["message"].as_str().unwrap_or("").to_owned();
            (at("line"), at("column"), message)
        })
        .collect()
}

#[test]
fn several_unknown_fields_in_json_are_each_reported_at_their_key() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = "{\n  \"kind\": \"series\",\n  \"format_version\": 1,\n  \
                \"id\": \"s\",\n  \"name\": \"S\",\n  \"colour\": 1,\n  \
                \"flag\": 2\n}\n";
    std::fs::write(dir.path().join("s.series.json"), text).expect("write");
    let at = |needle: &str| {
        let (line, col) = position(text, needle);
        (line as u64, col as u64)
    };
    let found = unexpected(dir.path(), "s.series.json");
    let expected = |needle: &str, field: &str| {
        let (line, col) = at(needle);
        let message = format!(
            "Additional properties are not allowed ('{field}' was unexpected)"
        );
        (line, col, message)
    };
    assert_eq!(
        found,
        [
            expected("\"colour\"", "colour"),
            expected("\"flag\"", "flag")
        ]
    );
}

#[test]
fn several_unknown_fields_in_ron_are_each_reported_at_their_key() {
    let dir = pack();
    let text = mutate(
        dir.path(),
        "mini.counters.ron",
        "(id: \"red\", name: \"Red\")",
        "(id: \"red\", name: \"Red\", colour: \"red\", flag: 2)",
    );
    let found = unexpected(dir.path(), "mini.counters.ron");
    let places: Vec<(u64, u64)> =
        found.iter().map(|(line, col, _)| (*line, *col)).collect();
    let at = |needle: &str| {
        let (line, col) = position(&text, needle);
        (line as u64, col as u64)
    };
    assert_eq!(places, [at("colour: \"red\""), at("flag: 2")], "{found:#?}");
    assert_eq!(
        found[1].2,
        "Additional properties are not allowed ('flag' was unexpected)"
    );
}

#[test]
fn unknown_kind() {
    let dir = pack();
    let text = mutate(dir.path(), "mini.map.ron", "kind: map", "kind: atlas");
    let at = position(&text, "atlas");
    assert_finding(dir.path(), "SCH003", "mini.map.ron", at);
}

#[test]
fn unsupported_format_version() {
    let dir = pack();
    let text = mutate(
        dir.path(),
        "mini.counters.ron",
        "format_version: 2",
        "format_version: 9",
    );
    let at = position(&text, "9,");
    assert_finding(dir.path(), "SCH004", "mini.counters.ron", at);
}

#[test]
fn empty_file() {
    let dir = pack();
    std::fs::write(dir.path().join("mini.map.ron"), "  \n").expect("write");
    assert_finding(dir.path(), "SCH005", "mini.map.ron", (1, 1));
}

#[test]
fn binary_file() {
    let dir = pack();
    let bytes = b"(kind: map,\n\x00\x01\xff\xfe garbage";
    std::fs::write(dir.path().join("mini.map.ron"), bytes).expect("write");
    assert_finding(dir.path(), "SCH005", "mini.map.ron", (2, 1));
}

/// UTF-16 text is named as such, with or without a byte order mark, not
/// called binary; a file of zero bytes and noise still is binary.
#[test]
fn utf16_files_are_named_by_their_encoding() {
    let text =
        std::fs::read_to_string(common::fixture_dir().join("mini.map.ron"))
            .expect("fixture");
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let with_bom = |bom: &[u8], body: &[u8]| [bom, body].concat();
    let cases = [
        (with_bom(&[0xFF, 0xFE], &le), "UTF-16LE"),
        (with_bom(&[0xFE, 0xFF], &be), "UTF-16BE"),
        (le, "UTF-16LE"),
        (be, "UTF-16BE"),
    ];
    for (bytes, encoding) in cases {
        let dir = pack();
        std::fs::write(dir.path().join("mini.map.ron"), &bytes).expect("write");
        let all = findings(dir.path());
        let found = all
            .iter()
            .find(|d| d["code"] == "SCH005" && d["file"] == "mini.map.ron")
            .unwrap_or_else(|| panic!("no SCH005 for {encoding}: {all:#?}"));
        assert_eq!((&found["line"], &found["column"]), (&1.into(), &1.into()));
        let message = found["message"].as_str().unwrap();
        assert!(message.contains(encoding), "{encoding}: {message}");
        assert!(found["help"].as_str().unwrap().contains("UTF-8"), "{found}");
    }
}

#[test]
fn very_long_single_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let note = "x".repeat(2_000_000);
    let text = format!(
        "{{\"kind\": \"series\", \"format_version\": 1, \"id\": \"s\", \
         \"name\": \"S\", \"dice\": \"{note}\", \"edition\": 7}}"
    );
    std::fs::write(dir.path().join("long.series.json"), &text).expect("write");
    let at = position(&text, "7}");
    assert_finding(dir.path(), "SCH002", "long.series.json", at);
    let human = run(dir.path(), &[]).stdout;
    assert!(
        human.lines().all(|l| l.chars().count() < 300),
        "the source line is not cut"
    );
}

#[test]
fn deep_nesting() {
    let dir = tempfile::tempdir().expect("tempdir");
    let depth = 100_000;
    let text = format!(
        "{{\"kind\": \"map\", \"format_version\": 1, \"id\": {}{}}}",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    std::fs::write(dir.path().join("deep.map.json"), &text).expect("write");
    let all = findings(dir.path());
    assert!(
        all.iter().any(|d| d["code"] == "SCH001"
            && d["file"] == "deep.map.json"
            && d["line"] == 1
            && d["column"].as_u64().is_some_and(|c| c > 100)),
        "{all:#?}"
    );
    let ron = format!(
        "(kind: map, format_version: 1, grid: {})",
        "(".repeat(depth)
    );
    std::fs::write(dir.path().join("deep.map.ron"), &ron).expect("write");
    let all = findings(dir.path());
    assert!(
        all.iter()
            .any(|d| d["file"] == "deep.map.ron" && d["line"] == 1)
    );
}

#[test]
fn missing_referenced_file() {
    let dir = pack();
    let text = mutate(
        dir.path(),
        "mini.scenario.ron",
        "counters: \"mini.counters.ron\"",
        "counters: \"gone.counters.ron\"",
    );
    let at = position(&text, "\"gone.counters.ron\"");
    assert_finding(dir.path(), "REF001", "mini.scenario.ron", at);
}

#[test]
fn reference_escaping_the_pack() {
    let dir = pack();
    let text = mutate(
        dir.path(),
        "mini.map.ron",
        "series: \"mini.series.ron\"",
        "series: \"/etc/passwd\"",
    );
    let at = position(&text, "\"/etc/passwd\"");
    assert_finding(dir.path(), "REF002", "mini.map.ron", at);
}

#[cfg(unix)]
#[test]
fn link_leading_out_of_the_pack() {
    let outside = tempfile::tempdir().expect("outside");
    std::fs::copy(
        common::fixture_dir().join("mini.series.ron"),
        outside.path().join("real.series.ron"),
    )
    .expect("copy");
    let dir = pack();
    std::os::unix::fs::symlink(
        outside.path().join("real.series.ron"),
        dir.path().join("linked.series.ron"),
    )
    .expect("symlink");
    let text = mutate(
        dir.path(),
        "mini.map.ron",
        "series: \"mini.series.ron\"",
        "series: \"linked.series.ron\"",
    );
    let at = position(&text, "\"linked.series.ron\"");
    assert_finding(dir.path(), "REF002", "mini.map.ron", at);
}

/// A named pipe where a referenced file should be: reading it used to block
/// forever; special files are refused and the run ends with the reference
/// reported.
#[cfg(unix)]
#[test]
fn a_named_pipe_as_a_referenced_file_is_refused_not_waited_on() {
    use std::time::{Duration, Instant};
    let dir = pack();
    let series = dir.path().join("mini.series.ron");
    std::fs::remove_file(&series).expect("remove");
    let made = std::process::Command::new("mkfifo").arg(&series).status();
    if !made.is_ok_and(|s| s.success()) {
        return; // no mkfifo on this system: nothing to test
    }
    let mut child =
        std::process::Command::new(env!("CARGO_BIN_EXE_berthier-validate"))
            .arg(dir.path())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("runs");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!(
                "berthier-validate still waits on the named pipe after 60 s"
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = child.wait_with_output().expect("output");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(status.code(), Some(1), "{text}");
    assert!(
        text.contains("REF010") && text.contains("mini.series.ron"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn reading_a_special_file_names_what_it_is() {
    let err = berthier_schema::io::read_regular(Path::new("/dev/null"))
        .expect_err("a device");
    assert!(err.to_string().contains("a device"), "{err}");
    let err = berthier_schema::io::read_regular(Path::new("/"))
        .expect_err("a folder");
    assert!(err.to_string().contains("a folder"), "{err}");
}
