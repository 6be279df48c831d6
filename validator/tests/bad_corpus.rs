//! The bad-input corpus (`tests/bad/`, see its README): every case gets
//! its expected findings at their `file:line:col` and exit status 1 (2
//! where nothing could be read), never a panic (101). The cases that
//! should not be committed (large, binary, links) are built here.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use std::path::{Path, PathBuf};

use common::{Run, fixture_dir, pack, run};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/bad")
}

/// One finding a case expects: code, file, line, column.
type Expected = (String, String, u64, u64);

/// Reads `expect`: `exit N`, then `CODE file:line:col` lines.
fn read_expect(path: &Path) -> (i32, Vec<Expected>) {
    let text = std::fs::read_to_string(path).expect("expect file");
    let mut lines = text.lines();
    let status = lines
        .next()
        .and_then(|l| l.strip_prefix("exit "))
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{}: first line `exit N`", path.display()));
    let findings = lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (code, at) = l.split_once(' ').expect("CODE file:line:col");
            let mut parts = at.rsplitn(3, ':');
            let column = parts.next().and_then(|c| c.parse().ok());
            let line = parts.next().and_then(|c| c.parse().ok());
            let file = parts.next().expect("file");
            let (Some(line), Some(column)) = (line, column) else {
                panic!("{}: bad line {l}", path.display());
            };
            (code.to_owned(), file.to_owned(), line, column)
        })
        .collect();
    (status, findings)
}

/// What is wrong with a run against what was expected (empty when right).
fn mismatches(
    case: &str,
    out: &Run,
    status: i32,
    expected: &[Expected],
) -> Vec<String> {
    let mut wrong = Vec::new();
    if out.status == 101 || out.stderr.contains("panicked") {
        wrong.push(format!("{case}: panicked: {}", out.stderr));
    }
    if out.status != status {
        wrong.push(format!(
            "{case}: exit {} instead of {status}\n{}{}",
            out.status, out.stdout, out.stderr
        ));
    }
    let json: serde_json::Value =
        serde_json::from_str(&out.stdout).unwrap_or_default();
    let found = json["diagnostics"].as_array().cloned().unwrap_or_default();
    for (code, file, line, column) in expected {
        let hit = found.iter().any(|d| {
            d["code"] == code.as_str()
                && d["file"] == file.as_str()
                && d["line"] == *line
                && d["column"] == *column
        });
        if !hit {
            wrong.push(format!(
                "{case}: no {code} at {file}:{line}:{column} in\n{}",
                out.stdout
            ));
        }
    }
    wrong
}

fn copy_case(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("case") {
        let path = entry.expect("entry").path();
        if path.file_name().is_some_and(|n| n != "expect") {
            std::fs::copy(&path, to.join(path.file_name().unwrap()))
                .expect("copy");
        }
    }
}

#[test]
fn every_committed_case_gives_its_findings_and_status() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .expect("tests/bad")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 40, "{} cases", cases.len());
    let mut wrong = Vec::new();
    for case in &cases {
        let name = case.file_name().unwrap().to_string_lossy().into_owned();
        let (status, expected) = read_expect(&case.join("expect"));
        assert!(
            !expected.is_empty() || status == 0,
            "{name}: expects nothing"
        );
        let dir = pack();
        copy_case(case, dir.path());
        let out = run(dir.path(), &["--format", "json"]);
        wrong.extend(mismatches(&name, &out, status, &expected));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

/// Runs `case` on the mini pack after `prepare`; checks as a committed case.
fn generated(
    case: &str,
    prepare: impl FnOnce(&Path),
    status: i32,
    expected: &[(&str, &str, u64, u64)],
) {
    let dir = pack();
    prepare(dir.path());
    let out = run(dir.path(), &["--format", "json"]);
    let expected: Vec<Expected> = expected
        .iter()
        .map(|(c, f, l, col)| ((*c).to_owned(), (*f).to_owned(), *l, *col))
        .collect();
    let wrong = mismatches(case, &out, status, &expected);
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
}

/// The mini map with an unknown field at 11:30 (as the `field-unknown`
/// case), re-encoded by `encode`.
fn unknown_field_map(dir: &Path, encode: impl FnOnce(String) -> Vec<u8>) {
    let text = std::fs::read_to_string(fixture_dir().join("mini.map.ron"))
        .expect("map");
    let text = text.replacen(
        "hex_radius_px: 30.0",
        "hex_radius_px: 30.0, hex_radius: 30.0",
        1,
    );
    std::fs::write(dir.join("mini.map.ron"), encode(text)).expect("write");
}

#[test]
fn crlf_line_ends_give_the_same_positions() {
    generated(
        "crlf",
        |dir| unknown_field_map(dir, |t| t.replace('\n', "\r\n").into_bytes()),
        1,
        &[("SCH002", "mini.map.ron", 11, 30)],
    );
}

#[test]
fn a_utf8_byte_order_mark_is_named() {
    // The typed readers refuse it too (`convert` says "Expected opening
    // `(`"): the validator agrees, and names it.
    generated(
        "utf8-bom",
        |dir| unknown_field_map(dir, |t| format!("\u{feff}{t}").into_bytes()),
        1,
        &[("SCH005", "mini.map.ron", 1, 1)],
    );
}

#[test]
fn utf16_with_a_byte_order_mark_is_named() {
    generated(
        "utf16",
        |dir| {
            unknown_field_map(dir, |t| {
                [0xFF, 0xFE]
                    .into_iter()
                    .chain(t.encode_utf16().flat_map(u16::to_le_bytes))
                    .collect()
            });
        },
        1,
        &[("SCH005", "mini.map.ron", 1, 1)],
    );
}

#[test]
fn symlink_loops_end_and_are_not_followed() {
    use std::os::unix::fs::symlink;
    generated(
        "symlink-loops",
        |dir| {
            symlink(".", dir.join("loop")).expect("loop");
            symlink("..", dir.join("up")).expect("up");
            symlink("b.scenario.ron", dir.join("a.scenario.ron")).expect("a");
            symlink("a.scenario.ron", dir.join("b.scenario.ron")).expect("b");
            symlink("self.map.ron", dir.join("self.map.ron")).expect("self");
        },
        0,
        &[],
    );
}

#[test]
fn a_reference_to_a_looping_link_is_reported() {
    use std::os::unix::fs::symlink;
    generated(
        "reference-to-loop",
        |dir| {
            symlink("self.map.ron", dir.join("self.map.ron")).expect("self");
            common::mutate(
                dir,
                "mini.scenario.ron",
                "map: \"mini.map.ron\"",
                "map: \"self.map.ron\"",
            );
        },
        1,
        &[("REF001", "mini.scenario.ron", 7, 10)],
    );
}

#[test]
fn a_folder_named_like_a_document_is_reported() {
    generated(
        "folder-named-like-a-document",
        |dir| std::fs::create_dir(dir.join("x.scenario.ron")).expect("mkdir"),
        1,
        &[("SCH007", "x.scenario.ron", 0, 0)],
    );
}

#[test]
fn fifty_thousand_setup_entries_are_each_reported() {
    const ENTRY: &str =
        "                (unit: \"b1\", hex: \"0202\", facing: 0),\n";
    let dir = pack();
    let text = std::fs::read_to_string(dir.path().join("mini.scenario.ron"))
        .expect("read");
    let text = text.replacen(ENTRY, &ENTRY.repeat(50_000), 1);
    std::fs::write(dir.path().join("mini.scenario.ron"), text).expect("write");
    let out = run(dir.path(), &["--format", "json"]);
    assert_eq!(out.status, 1, "{}", out.stderr);
    let json: serde_json::Value =
        serde_json::from_str(&out.stdout).expect("json");
    let found = json["diagnostics"].as_array().expect("diagnostics");
    let repeats = found.iter().filter(|d| d["code"] == "SET003").count();
    assert!(repeats >= 49_999, "{repeats} SET003");
    // The illegal stack names the repeated unit once, with its count.
    let stack = found
        .iter()
        .find(|d| d["code"] == "STK001")
        .expect("STK001");
    let message = stack["message"].as_str().expect("message");
    assert!(message.len() < 500, "{} bytes", message.len());
    assert!(message.contains(" x50000"), "{message}");
    // The last repeat is located on its own line.
    assert!(
        found.iter().any(|d| d["line"] == 22 + 49_999),
        "no finding on the last entry"
    );
}

/// A million: the corpus case the reliability issue names (issue 14's
/// probe found time growing with the square of the repeats). About 75 s
/// and 1.3 GB in a debug build; GitHub annotations (one line a finding)
/// keep the captured output near 200 MB.
#[test]
fn a_million_setup_entries_are_each_reported() {
    const ENTRY: &str =
        "                (unit: \"b1\", hex: \"0202\", facing: 0),\n";
    let dir = pack();
    let text = std::fs::read_to_string(dir.path().join("mini.scenario.ron"))
        .expect("read");
    let text = text.replacen(ENTRY, &ENTRY.repeat(1_000_000), 1);
    std::fs::write(dir.path().join("mini.scenario.ron"), text).expect("write");
    let out = run(dir.path(), &["--format", "github"]);
    assert_eq!(out.status, 1, "{}", out.stderr);
    let repeats = out
        .stdout
        .lines()
        .filter(|l| l.contains("=SET003::"))
        .count();
    assert_eq!(repeats, 999_999);
    // The last repeat is located on its own line.
    assert!(out.stdout.contains("line=1000021,col=24,title=SET003"));
    let stack = out.stdout.lines().find(|l| l.contains("=STK001::"));
    let stack = stack.expect("STK001");
    assert!(stack.contains("1st Line x1000000,"), "{stack}");
}

#[test]
fn ten_thousand_files_in_one_folder() {
    generated(
        "ten-thousand-files",
        |dir| {
            let many = dir.join("many");
            std::fs::create_dir(&many).expect("mkdir");
            for i in 0..10_000 {
                std::fs::write(many.join(format!("f{i}.json")), "{\"a\": 1}\n")
                    .expect("write");
            }
        },
        0,
        &[],
    );
}

#[test]
fn an_empty_folder_is_exit_2() {
    let dir = tempfile::tempdir().expect("tempdir");
    let out = run(dir.path(), &["--format", "json"]);
    assert!(
        mismatches("empty", &out, 2, &[]).is_empty(),
        "{}",
        out.stdout
    );
}

/// A 50 MB map (half a million comment lines before the document): read,
/// checked and its error located past the padding, not refused or hung.
#[test]
fn a_fifty_megabyte_file_is_read_and_its_error_located() {
    const PAD_LINES: u64 = 520_000;
    generated(
        "fifty-megabytes",
        |dir| {
            let comment = format!("// {}\n", "x".repeat(96));
            let mut text = comment.repeat(PAD_LINES as usize);
            assert!(text.len() > 50_000_000);
            unknown_field_map(dir, |map| {
                text.push_str(&map);
                text.into_bytes()
            });
        },
        1,
        &[("SCH002", "mini.map.ron", PAD_LINES + 11, 30)],
    );
}

/// A `berthier.toml` linked to a file outside the pack (on a CI runner,
/// `/proc/self/environ`) is not read, and nothing of it is printed.
#[test]
fn a_configuration_linked_outside_the_pack_is_not_read() {
    use std::os::unix::fs::symlink;
    let outside = tempfile::tempdir().expect("tempdir");
    let secret = outside.path().join("environ");
    std::fs::write(&secret, "GITHUB_TOKEN=ghp_s3cr3t\n").expect("write");
    let dir = pack();
    symlink(&secret, dir.path().join("berthier.toml")).expect("link");
    for format in ["human", "json", "github", "sarif"] {
        let out = run(dir.path(), &["--format", format]);
        assert_eq!(out.status, 2, "{format}: {}{}", out.stdout, out.stderr);
        let all = format!("{}{}", out.stdout, out.stderr);
        assert!(!all.contains("s3cr3t"), "{format}: {all}");
        assert!(!all.contains("GITHUB_TOKEN"), "{format}: {all}");
        assert!(all.contains("outside the pack"), "{format}: {all}");
    }
}

/// A link inside the pack is the pack's own file, read as usual.
#[test]
fn a_configuration_linked_inside_the_pack_is_read() {
    use std::os::unix::fs::symlink;
    let dir = pack();
    let config = "exclude = [\"mini.counters.ron\"]\n";
    std::fs::write(dir.path().join("config.toml"), config).expect("write");
    symlink("config.toml", dir.path().join("berthier.toml")).expect("link");
    let out = run(dir.path(), &["--format", "json"]);
    let json: serde_json::Value =
        serde_json::from_str(&out.stdout).expect("json");
    // The scenario still reads the excluded counters; only 3 are walked.
    assert_eq!(json["documents"], 3, "{}{}", out.stdout, out.stderr);
}

/// `convert --out` onto a named pipe: refused, the pipe left in place
/// (before, the atomic save put a regular file where it was; as root on
/// `/dev/null`, that breaks the system).
#[test]
fn convert_refuses_a_special_file_as_its_output() {
    use std::os::unix::fs::FileTypeExt;
    let dir = pack();
    let pipe = dir.path().join("out.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let out = run(
        dir.path(),
        &[
            "convert",
            "mini.map.ron",
            "--to",
            "json",
            "--out",
            "out.json",
            "--force",
        ],
    );
    assert_eq!(out.status, 2, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("a named pipe"), "{}", out.stderr);
    let kind = std::fs::symlink_metadata(&pipe).expect("still there");
    assert!(kind.file_type().is_fifo(), "replaced: {kind:?}");
}

/// `convert --out` onto an existing file needs `--force`.
#[test]
fn convert_replaces_an_existing_file_only_with_force() {
    let dir = pack();
    let target = dir.path().join("out.json");
    std::fs::write(&target, "mine\n").expect("write");
    let args = [
        "convert",
        "mini.map.ron",
        "--to",
        "json",
        "--out",
        "out.json",
    ];
    let out = run(dir.path(), &args);
    assert_eq!(out.status, 2, "{}{}", out.stdout, out.stderr);
    assert!(out.stderr.contains("--force"), "{}", out.stderr);
    assert_eq!(std::fs::read_to_string(&target).expect("read"), "mine\n");
    let out = run(dir.path(), &[&args[..], &["--force"]].concat());
    assert_eq!(out.status, 0, "{}{}", out.stdout, out.stderr);
    let text = std::fs::read_to_string(&target).expect("read");
    assert!(text.contains("\"kind\": \"map\""), "{text}");
}

/// Runs the validator on `dir` and fails past `seconds` (the run is
/// killed, not waited for: a regression here is a hang).
fn run_within(dir: &Path, seconds: u64) -> Run {
    let mut child =
        std::process::Command::new(env!("CARGO_BIN_EXE_berthier-validate"))
            .args(["--format", "json"])
            .current_dir(dir)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("run berthier-validate");
    let started = std::time::Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if started.elapsed().as_secs() >= seconds {
            let _ = child.kill();
            let _ = child.wait();
            panic!("still running after {seconds} s");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let out = child.wait_with_output().expect("output");
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Sixteen counters files of a few hundred bytes, each including the next
/// four times (4^16 paths; past 60 s before each file was merged once).
#[test]
fn an_include_fan_out_is_checked_once_per_file() {
    let dir = pack();
    for k in 0..16 {
        let include = if k == 15 {
            String::new()
        } else {
            vec![format!("(path: \"f{}.counters.ron\")", k + 1); 4].join(", ")
        };
        let text = format!(
            "(kind: counters, format_version: 2, id: \"f{k}\", name: \"F{k}\",\n \
             series: \"mini.series.ron\", include: [{include}],\n \
             sides: [(id: \"blue\", name: \"Blue\")])\n"
        );
        std::fs::write(dir.path().join(format!("f{k}.counters.ron")), text)
            .expect("write");
    }
    let out = run_within(dir.path(), 30);
    assert!(
        mismatches("include-fan-out", &out, 0, &[]).is_empty(),
        "{}{}",
        out.stdout,
        out.stderr
    );
}

/// Eight scenarios, each placing ten units as the next one's deployment
/// (past 60 s before each was resolved once per placement level).
#[test]
fn a_chain_of_deployments_is_resolved_once_per_scenario() {
    let dir = pack();
    let base = std::fs::read_to_string(dir.path().join("mini.scenario.ron"))
        .expect("read");
    std::fs::write(dir.path().join("d7.scenario.ron"), &base).expect("write");
    let placed = "placement: Within(of: Place(\"mill\"), hexes: 1),";
    for k in 0..7 {
        let next = format!(
            "placement: DeploymentOf(scenario: \"d{}.scenario.ron\"),",
            k + 1
        );
        let ten = (0..10)
            .map(|_| format!("(units: (units: [\"b1\"]), {next}),\n"))
            .collect::<String>();
        let text = base
            .replacen(placed, &next, 1)
            .replacen("instructions: [", &format!("instructions: [\n{ten}"), 1)
            .replacen("id: \"mini-meeting\"", &format!("id: \"d{k}\""), 1);
        std::fs::write(dir.path().join(format!("d{k}.scenario.ron")), text)
            .expect("write");
    }
    let out = run_within(dir.path(), 30);
    assert_ne!(out.status, 101, "{}", out.stderr);
    assert_ne!(out.status, 2, "{}", out.stderr);
}

/// A 1 KB map of four billion hexes (`extent` up to 65535): refused at
/// the extent, as the loader refuses it, in well under the 210 s of CPU
/// it took (and a scenario on it is not checked against it).
#[test]
fn a_map_of_four_billion_hexes_is_refused_at_its_extent() {
    let dir = pack();
    common::mutate(
        dir.path(),
        "mini.map.ron",
        "extent: [(cols: (1, 6), rows: (1, 5))]",
        "extent: [(cols: (0, 65535), rows: (0, 65535))]",
    );
    let out = run_within(dir.path(), 30);
    let expected = [("SCH002".to_owned(), "mini.map.ron".to_owned(), 13, 25)];
    let wrong = mismatches("huge-extent", &out, 1, &expected);
    assert!(wrong.is_empty(), "{}", wrong.join("\n\n"));
    assert!(out.stdout.contains("cannot be printed"), "{}", out.stdout);
}

/// What the validator passes, the editor opens: `file` of the mini pack
/// rewritten by `edit` either validates clean and loads with the loader
/// the editor uses, or the validator reports an error in it (never clean
/// and then refused, as five constructs were). Returns the run.
fn validator_agrees_with_the_loader(
    case: &str,
    file: &str,
    edit: impl FnOnce(String) -> String,
) -> Run {
    let dir = pack();
    let path = dir.path().join(file);
    let text = edit(std::fs::read_to_string(&path).expect("read"));
    std::fs::write(&path, &text).expect("write");
    let out = run_within(dir.path(), 30);
    assert!(
        out.status == 0 || out.status == 1,
        "{case}: {}{}",
        out.stdout,
        out.stderr
    );
    let format = berthier_schema::Format::of_path(&path).expect("format");
    let loads = berthier_schema::load_document(&text, format);
    let json: serde_json::Value =
        serde_json::from_str(&out.stdout).expect("json");
    let errors_here = json["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .any(|d| d["file"] == file && d["severity"] == "error");
    assert!(
        loads.is_ok() || errors_here,
        "{case}: validates clean, and the loader says {:?}",
        loads.err().map(|e| e.to_string())
    );
    assert!(
        loads.is_err() || !errors_here || out.status == 1,
        "{case}: {}",
        out.stdout
    );
    out
}

#[test]
fn the_kind_written_as_a_string_is_read_alike() {
    validator_agrees_with_the_loader("kind-string", "mini.map.ron", |t| {
        t.replacen("kind: map,", "kind: \"map\",", 1)
    });
}

#[test]
fn a_struct_name_before_the_document_is_read_alike() {
    validator_agrees_with_the_loader("struct-name", "mini.map.ron", |t| {
        format!("Map{t}")
    });
}

#[test]
fn a_ron_extension_line_is_read_alike() {
    validator_agrees_with_the_loader("enable-line", "mini.map.ron", |t| {
        format!("#![enable(implicit_some)]\n{t}")
    });
}

#[test]
fn json_text_in_a_ron_file_is_read_alike() {
    validator_agrees_with_the_loader("json-in-ron", "mini.map.ron", |t| {
        let document =
            berthier_schema::load_document(&t, berthier_schema::Format::Ron)
                .expect("mini map");
        document
            .to_text(berthier_schema::Format::Json)
            .expect("json")
    });
}

/// `Not(` nested 58 to 126 deep passed the validator and stopped the
/// loader; the message names the nesting, not the developer's
/// `serde_stacker`.
#[test]
fn deep_nesting_is_read_alike_and_said_in_words() {
    for depth in [40, 58, 90, 126, 130] {
        let out = validator_agrees_with_the_loader(
            "deep-not",
            "mini.scenario.ron",
            |t| {
                let inner = "At(Place(\"mill\"))";
                let nested = format!(
                    "{}{inner}{}",
                    "Not(".repeat(depth),
                    ")".repeat(depth)
                );
                t.replacen("WithAnyUnitOf(None)", &nested, 1)
            },
        );
        assert!(
            !out.stdout.contains("serde_stacker"),
            "{depth}: {}",
            out.stdout
        );
    }
}

/// A hex painted twice in a map's `hexes` was silently overwritten.
#[test]
fn a_hex_painted_twice_is_an_error() {
    let out = validator_agrees_with_the_loader(
        "hex-twice",
        "mini.map.ron",
        |t| {
            t.replacen(
            "\"0305\": (terrain: \"lake\"),",
            "\"0305\": (terrain: \"lake\"),\n        \"0305\": (terrain: \"woods\"),",
            1,
        )
        },
    );
    assert_eq!(out.status, 1, "{}", out.stdout);
    assert!(
        out.stdout.contains("`0305` is written twice"),
        "{}",
        out.stdout
    );
}

/// A variant claiming format_version 1 (variants are new in version 2):
/// the error, without an info saying it is read through the migration.
#[test]
fn a_version_1_variant_is_an_error_not_also_read() {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/rules/REF023/clean/later.scenario.ron");
    let text = std::fs::read_to_string(fixtures).expect("variant");
    generated(
        "variant-version-1",
        |dir| {
            let old =
                text.replacen("format_version: 2", "format_version: 1", 1);
            std::fs::write(dir.join("later.scenario.ron"), old).expect("write");
        },
        1,
        &[("SCH002", "later.scenario.ron", 4, 21)],
    );
    let dir = pack();
    let old = text.replacen("format_version: 2", "format_version: 1", 1);
    std::fs::write(dir.path().join("later.scenario.ron"), old).expect("write");
    let out = run(dir.path(), &["--format", "json"]);
    assert!(!out.stdout.contains("SCH006"), "{}", out.stdout);
}
