//! The scenario's live findings on the map screen: the editor reports what
//! `berthier-validate` reports for every bundled scenario and the
//! documents it names; a change to the map brings a finding that undo
//! clears; a stale result is dropped; clicking a finding centres its hex;
//! every hex with a finding is marked.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use berthier_editor::scenario_findings::{self, Selection, live};
use berthier_editor::screen::map::{MapScreen, Message};
use berthier_rules::Diagnostic;
use berthier_tools::project;

use crate::common::files::{root, scenarios_in};

fn repo() -> PathBuf {
    root().canonicalize().expect("repo")
}

/// The bundled scenarios, by their canonical paths (the validator's
/// selection is rooted at the canonical repository).
fn scenarios() -> Vec<PathBuf> {
    scenarios_in(&repo())
}

/// `berthier-validate` on the whole repository (its `berthier.toml` at the
/// root), once for all the tests.
fn validated() -> &'static [Diagnostic] {
    static ALL: OnceLock<Vec<Diagnostic>> = OnceLock::new();
    ALL.get_or_init(|| {
        berthier_validator::validate(&[repo()])
            .expect("validates")
            .diagnostics
    })
}

/// What the two must agree on. The map is checked as the editor would
/// save it, so its line numbers are not the file's; the other files' are.
fn key(d: &Diagnostic, map_file: &str) -> String {
    let line = if d.file == map_file {
        String::new()
    } else {
        format!("{}:{}", d.line, d.column)
    };
    format!(
        "{}[{}] {}:{line} {:?} {} {:?}",
        d.severity.as_str(),
        d.code,
        d.file,
        d.hex,
        d.message,
        d.help
    )
}

fn opened(path: &Path) -> MapScreen {
    let mut screen = MapScreen::new(project::open(path).expect("opens"));
    screen.check_live_now();
    screen
}

fn relative(path: &Path) -> String {
    path.canonicalize()
        .expect("exists")
        .strip_prefix(repo())
        .expect("inside")
        .to_string_lossy()
        .replace('\\', "/")
}

#[test]
fn the_editor_reports_what_the_validator_reports_for_every_scenario() {
    let all = scenarios();
    assert!(all.len() >= 18, "{all:?}");
    let mut compared = 0;
    for path in all {
        let screen = opened(&path);
        let map_file = relative(&screen.opened().path);
        let live = screen.live().expect("opened through a scenario");
        let outcome = live.outcome().expect("checked").as_ref().expect("ok");
        let selection = Selection::of(&path, &Default::default()).expect("sel");
        assert_eq!(selection.root, repo());
        // The validator on the same files, read from disk.
        let mut theirs = berthier_validator::validate_documents(
            &selection.root,
            &selection.files,
            &Default::default(),
        )
        .expect("validates")
        .diagnostics;
        scenario_findings::sort_by_code(&mut theirs);
        let mine: Vec<String> =
            outcome.findings.iter().map(|d| key(d, &map_file)).collect();
        let theirs: Vec<String> =
            theirs.iter().map(|d| key(d, &map_file)).collect();
        assert_eq!(mine, theirs, "{}", path.display());
        // And each is what `berthier-validate .` prints for the pack (where
        // a finding of a base inherited by several variants is printed
        // once, noting the first variant that found it).
        for d in &outcome.findings {
            assert!(
                validated().iter().any(|v| same(v, d, &map_file)),
                "{}: {d:#?}",
                path.display()
            );
        }
        compared += mine.len();
    }
    // Not a vacuous comparison: the bundled pack has findings (infos for
    // text kept as text, unknown ratings).
    assert!(compared > 0);
}

/// The same finding but for the note on which variant found it, and the
/// map's lines (the editor checks the map as it would save it).
fn same(a: &Diagnostic, b: &Diagnostic, map_file: &str) -> bool {
    let lines = a.file == map_file || (a.line, a.column) == (b.line, b.column);
    let note = |d: &Diagnostic| {
        let help = d.help.as_deref().unwrap_or_default();
        let own = help.split("found checking").next().unwrap_or(help);
        own.trim_end_matches([';', ' ']).to_owned()
    };
    lines
        && (a.code, &a.file, &a.message, a.hex, a.severity)
            == (b.code, &b.file, &b.message, b.hex, b.severity)
        && note(a) == note(b)
}

fn rivoli() -> PathBuf {
    repo().join("scenarios/rivoli-1797/historical.scenario.ron")
}

/// The scenario at `path`, typed as the Setup screen holds it.
fn typed_scenario(path: &Path) -> berthier_schema::Scenario {
    let text = std::fs::read_to_string(path).expect("reads");
    let Ok(berthier_schema::Document::Scenario(scenario)) =
        berthier_schema::load_document(&text, berthier_schema::Format::Ron)
    else {
        panic!("not a scenario");
    };
    scenario
}

/// A place of the map that the scenario names.
fn named_place(screen: &MapScreen, scenario: &Path) -> String {
    let text = std::fs::read_to_string(scenario).expect("read");
    screen
        .opened()
        .map
        .places
        .iter()
        .map(|p| p.id.clone())
        .find(|id| text.contains(&format!("\"{id}\"")))
        .expect("the scenario names a place")
}

#[test]
fn deleting_a_place_the_scenario_names_is_a_finding_until_undone() {
    let mut screen = opened(&rivoli());
    let before = screen.live().unwrap().findings().to_vec();
    let place = named_place(&screen, &rivoli());
    screen.apply_edit(berthier_schema::edit::Edit::Place {
        id: place.clone(),
        to: None,
        at: None,
    });
    screen.check_live_now();
    let after = screen.live().unwrap().findings().to_vec();
    let new: Vec<&Diagnostic> =
        after.iter().filter(|d| !before.contains(d)).collect();
    assert!(
        new.iter().any(|d| d.message.contains(&place)),
        "{place}: {new:#?}"
    );
    let _ = screen.update(Message::Undo);
    screen.check_live_now();
    assert_eq!(screen.live().unwrap().findings(), before.as_slice());
}

#[test]
fn a_result_for_an_older_change_is_dropped() {
    let mut screen = opened(&rivoli());
    screen.check_live_now(); // change 2 is shown
    let ok = |s: &MapScreen| {
        s.live().unwrap().outcome().unwrap().as_ref().ok().cloned()
    };
    let shown = ok(&screen);
    assert!(shown.is_some());
    let stale = live::Message::Checked(
        1,
        std::sync::Arc::new(Ok(scenario_findings::Outcome::default())),
    );
    let _ = screen.update(Message::Live(stale));
    assert_eq!(ok(&screen), shown);
    let cancelled = live::Message::Checked(
        0,
        std::sync::Arc::new(Err(scenario_findings::FindingsError::Cancelled)),
    );
    let _ = screen.update(Message::Live(cancelled));
    assert_eq!(ok(&screen), shown);
}

/// A scenario with at least one finding that names a hex.
fn with_hex_finding() -> MapScreen {
    scenarios()
        .iter()
        .map(|p| opened(p))
        .find(|s| s.live().unwrap().findings().iter().any(|d| d.hex.is_some()))
        .expect("a bundled scenario has a finding at a hex")
}

#[test]
fn clicking_a_finding_centres_its_hex_and_every_hex_is_marked() {
    let mut screen = with_hex_finding();
    let live = screen.live().unwrap();
    let mut hexes: Vec<_> =
        live.findings().iter().filter_map(|d| d.hex).collect();
    hexes.sort_unstable();
    hexes.dedup();
    assert_eq!(screen.marked_hexes(), hexes.as_slice());
    let (i, hex) = live
        .findings()
        .iter()
        .enumerate()
        .find_map(|(i, d)| Some((i, d.hex?)))
        .unwrap();
    let _ = screen.update(Message::Canvas(
        berthier_editor::map_canvas::Message::Resized(iced::Size::new(
            900.0, 700.0,
        )),
    ));
    let _ = screen.update(Message::Live(live::Message::Show(i)));
    assert_eq!(screen.live().unwrap().selected_index(), Some(i));
    let view = screen.viewport();
    let px = screen.opened().map.geometry().center_px(hex);
    let on_screen = (
        px[0] as f32 * view.zoom + view.offset.x,
        px[1] as f32 * view.zoom + view.offset.y,
    );
    assert!((on_screen.0 - 450.0).abs() < 1.0, "{on_screen:?}");
    assert!((on_screen.1 - 350.0).abs() < 1.0, "{on_screen:?}");
}

#[test]
fn the_panel_counts_what_is_not_checked() {
    // Ligny 1 keeps instructions and victory conditions as text and its
    // Vive l'Empereur units' steps are unknown in the sources.
    let path =
        repo().join("scenarios/ligny-1815/ligny1-historical.scenario.ron");
    let screen = opened(&path);
    let live = screen.live().unwrap();
    let unchecked = &live.outcome().unwrap().as_ref().unwrap().unchecked;
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        unchecked.text_placements,
        Some(text.matches("Unstructured(").count())
    );
    assert_eq!(
        unchecked.text_victory,
        Some(text.matches("condition: Text(").count())
    );
    assert!(unchecked.unknown_steps.is_some());
    let notes = live.notes().join("\n");
    assert!(notes.starts_with("Not checked"), "{notes}");
}

/// The live check hands the map over typed and keeps what did not change
/// between runs; after edits it still reports what a check of the map's
/// saved text reports (lines in the map aside), and a changed scenario
/// text is read again, not taken from the kept runs.
#[test]
fn the_kept_runs_report_what_a_fresh_check_reports() {
    let scenario = rivoli();
    let mut screen = opened(&scenario);
    let place = named_place(&screen, &scenario);
    screen.apply_edit(berthier_schema::edit::Edit::Place {
        id: place,
        to: None,
        at: None,
    });
    screen.check_live_now();
    let map = screen.opened().path.canonicalize().expect("map");
    let map_file = relative(&map);
    let kept: Vec<String> = screen
        .live()
        .unwrap()
        .findings()
        .iter()
        .map(|d| key(d, &map_file))
        .collect();
    let text = berthier_tools::files::map_text(&screen.opened().map, &map)
        .expect("text");
    let mut texts = scenario_findings::Texts::new();
    texts.insert(map.clone(), text.into());
    let fresh = scenario_findings::check(&scenario, &texts).expect("checks");
    let fresh: Vec<String> =
        fresh.findings.iter().map(|d| key(d, &map_file)).collect();
    assert_eq!(kept, fresh);
    // The scenario changed in memory: its new text is checked.
    let checker = scenario_findings::Checker::default();
    let memory = || scenario_findings::Memory {
        texts: texts.clone(),
        ..Default::default()
    };
    let first = checker.check(&scenario, memory()).expect("checks");
    let original = std::fs::read_to_string(&scenario).expect("reads");
    let broken = original.replacen("sides:", "sidez:", 1);
    assert_ne!(broken, original);
    let mut changed = memory();
    changed
        .texts
        .insert(scenario.canonicalize().expect("exists"), broken.into());
    let second = checker.check(&scenario, changed);
    assert_ne!(second.as_ref().ok(), Some(&first), "{second:?}");
    assert_eq!(checker.check(&scenario, memory()).expect("checks"), first);
}

/// A setup edit checked by a checker that kept the run before (the map's
/// and the counters' checks, the series and counters the counts read)
/// reports what a fresh checker reports, counts included.
#[test]
fn a_kept_check_after_a_setup_edit_equals_a_cold_one() {
    let path = rivoli();
    let mut scenario = typed_scenario(&path);
    let memory = |s: &berthier_schema::Scenario| {
        let (_, make) = scenario_findings::scenario_texts(&path, s, false);
        scenario_findings::Memory {
            texts: make(),
            ..Default::default()
        }
    };
    let kept = scenario_findings::Checker::default();
    let first = kept.check(&path, memory(&scenario)).expect("checks");
    // A unit moved off the map: a new finding.
    scenario.sides[0].setup[0].hex = "9950".parse().expect("hex");
    let after = kept.check(&path, memory(&scenario)).expect("checks");
    let cold = scenario_findings::Checker::default()
        .check(&path, memory(&scenario))
        .expect("checks");
    assert_eq!(after, cold);
    assert_ne!(after.findings, first.findings);
    assert!(after.unchecked.text_placements.is_some(), "{after:?}");
}

/// The scenario handed over typed, as the Setup and Timeline screens do
/// (its text made only for locating findings), reports what the text a
/// save writes reports, lines and counts included, before and after
/// edits, with one kept checker.
#[test]
fn a_typed_setup_check_equals_one_of_the_saved_text() {
    let path = rivoli();
    let mut scenario = typed_scenario(&path);
    let as_text = |s: &berthier_schema::Scenario| {
        let (_, make) = scenario_findings::scenario_texts(&path, s, false);
        let memory = scenario_findings::Memory {
            texts: make(),
            ..Default::default()
        };
        scenario_findings::Checker::default()
            .check(&path, memory)
            .expect("checks")
    };
    let kept = scenario_findings::Checker::default();
    let typed = |s: &berthier_schema::Scenario| {
        let (held, make) = scenario_findings::scenario_memory(&path, s, false);
        assert_eq!(held, vec![path.canonicalize().expect("exists")]);
        kept.check(&path, make()).expect("checks")
    };
    let home = scenario.sides[0].setup[0].hex;
    let mut seen = Vec::new();
    for hex in ["9950", "9951", &home.to_string()] {
        let now = typed(&scenario);
        let at = scenario.sides[0].setup[0].hex;
        assert_eq!(now, as_text(&scenario), "unit at {at}");
        assert!(!seen.contains(&now.findings), "nothing changed");
        seen.push(now.findings);
        scenario.sides[0].setup[0].hex = hex.parse().expect("hex");
    }
    // Back where it started: the first findings again.
    assert_eq!(typed(&scenario).findings, seen[0]);
}

/// Findings by file name, as `berthier-validate` reports them.
fn per_file(findings: &[Diagnostic]) -> Vec<(String, usize)> {
    let mut files: Vec<(String, usize)> = Vec::new();
    for d in findings {
        let name = d.file.rsplit('/').next().unwrap_or(&d.file).to_owned();
        match files.iter_mut().find(|(f, _)| *f == name) {
            Some((_, n)) => *n += 1,
            None => files.push((name, 1)),
        }
    }
    files.sort();
    files
}

/// Rivoli's historical scenario on the map screen lists the map's own
/// finding (MAP003) with the scenario's (four: ENT024's "entry not
/// checked" among them): the panel says so, file
/// by file, each count what `berthier-validate .` reports for that file,
/// the scenario's what it reports for the scenario alone.
#[test]
fn the_panel_counts_each_files_findings_as_the_validator_does() {
    let path = rivoli();
    let screen = opened(&path);
    let live = screen.live().expect("a scenario's panel");
    let alone = berthier_validator::validate(std::slice::from_ref(&path))
        .expect("validates");
    let selection = Selection::of(&path, &Default::default()).expect("names");
    let files: Vec<String> =
        selection.files.iter().map(|f| relative(f)).collect();
    let named: Vec<Diagnostic> = validated()
        .iter()
        .filter(|d| files.contains(&d.file))
        .cloned()
        .collect();
    let mut shown: Vec<(String, usize)> = live
        .by_file()
        .into_iter()
        .map(|(f, n)| (f.rsplit('/').next().unwrap_or(&f).to_owned(), n))
        .collect();
    assert_eq!(shown[0].0, "historical.scenario.ron", "the scenario first");
    assert_eq!(shown[0].1, alone.diagnostics.len());
    shown.sort();
    assert_eq!(shown, per_file(&named));
    assert!(shown.len() > 1, "{shown:?}");
    let total = live.findings().len();
    assert_eq!(total, named.len());
    assert_eq!(
        live.heading(),
        format!(
            "Scenario historical.scenario.ron: {total} findings in {} files",
            shown.len()
        )
    );
    let counts = &live.notes()[0];
    let own =
        format!("{} in historical.scenario.ron, ", alone.diagnostics.len());
    assert!(counts.starts_with(&own), "{counts}");
    assert!(counts.contains("1 in rivoli-1797.map.ron"), "{counts}");
}

/// Started on a scenario from the command line, the window gets the first
/// check of its findings to run (the panel said "checking…" for ever: the
/// task was made while opening and dropped, and the boot asked again for
/// nothing).
#[test]
fn a_scenario_opened_at_start_gets_its_first_check() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../scenarios/quatre-bras-1815/qb1-historical.scenario.ron");
    let recent = berthier_tools::recent::Recent::at(Some(dir.path().into()));
    let (app, task) = berthier_editor::app::App::start(Some(&path), recent);
    assert!(matches!(app.screen(), berthier_editor::app::Screen::Map(_)));
    assert!(task.units() > 0, "the first check is among the boot tasks");
}
