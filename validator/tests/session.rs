//! A [`Session`] keeps what a change cannot have changed (each file's
//! first pass by its text, a typed map's schema check by hex, a map's and
//! a counters file's own rules with the values they read), and a run
//! that reuses it reports exactly what a cold run reports: the same
//! findings, in the same order, at the same lines, after each of a series
//! of edits to the map (held typed), the scenario, the counters and the
//! series (held as texts) of Rivoli, its map painted. Each edit is checked to change the
//! findings, so no comparison is of two empty lists. The scenario held
//! typed, its text the one a save writes and made only when a finding is
//! located in it, is checked against a run on that text in the same way.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use berthier_schema::map::HexData;
use berthier_schema::{Document, Format, HexId, Map, Scenario};
use berthier_validator::{Report, Session, Texts, Typed, TypedText};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .expect("repo")
}

/// The documents of a run: the map held typed, the others as texts
/// (those not held are read from disk).
#[derive(Clone)]
struct State {
    map: Map,
    texts: Texts,
}

struct Battle {
    files: Vec<PathBuf>,
    map_path: PathBuf,
    map_text: Arc<str>,
}

impl Battle {
    fn rivoli() -> Self {
        let root = repo();
        let files: Vec<PathBuf> = [
            "scenarios/rivoli-1797/historical.scenario.ron",
            "maps/rivoli-1797/rivoli-1797.map.ron",
            "counters/rivoli-1797/rivoli-1797.counters.ron",
            "schema/series/jours-de-gloire.series.ron",
        ]
        .iter()
        .map(|f| root.join(f))
        .collect();
        let map_path = files[1].clone();
        let map_text: Arc<str> =
            std::fs::read_to_string(&map_path).expect("map").into();
        Self {
            files,
            map_path,
            map_text,
        }
    }

    fn start(&self) -> State {
        let Ok(Document::Map(mut map)) =
            berthier_schema::load_document(&self.map_text, Format::Ron)
        else {
            panic!("not a map");
        };
        // Rivoli's map is not painted yet: every hex painted clear, as a
        // designer would start.
        let hexes: Vec<HexId> = map.extent[0].hexes().collect();
        for hex in hexes {
            let data = HexData {
                terrain: Some("clear".into()),
                ..HexData::default()
            };
            map.hexes.insert(hex, data);
        }
        State {
            map,
            texts: Texts::new(),
        }
    }

    fn run(&self, session: &Session, state: &State) -> Report {
        let mut typed = Typed::new();
        typed.insert(
            self.map_path.clone(),
            (
                Document::Map(state.map.clone()),
                Arc::clone(&self.map_text).into(),
            ),
        );
        berthier_validator::validate_documents_in(
            session,
            &repo(),
            &self.files,
            &state.texts,
            typed,
        )
        .expect("validates")
    }

    /// The file at `i` as held in `state`, with `from` replaced by `to`.
    fn edit_text(&self, state: &mut State, i: usize, from: &str, to: &str) {
        let path = &self.files[i];
        let now = match state.texts.get(path) {
            Some(text) => text.to_string(),
            None => std::fs::read_to_string(path).expect("reads"),
        };
        assert!(now.contains(from), "{from} in {}", path.display());
        state
            .texts
            .insert(path.clone(), now.replacen(from, to, 1).into());
    }
}

/// Codes and messages, to tell that an edit changed the findings.
fn seen(report: &Report) -> Vec<String> {
    let all = report.diagnostics.iter();
    all.map(|d| format!("{} {} {}", d.code, d.pointer, d.message))
        .collect()
}

fn hex(text: &str) -> HexId {
    text.parse().expect("hex")
}

/// One edit after another, each checked with the kept session and cold.
#[test]
fn a_kept_run_after_each_edit_reports_what_a_cold_run_reports() {
    let battle = Battle::rivoli();
    let session = Session::default();
    let mut state = battle.start();
    let mut before = battle.run(&session, &state);
    assert_eq!(
        before.diagnostics,
        battle.run(&Session::default(), &state).diagnostics
    );
    let first = *state.map.hexes.keys().next().expect("a painted hex");
    type Step = Box<dyn Fn(&Battle, &mut State)>;
    let steps: Vec<(&str, Step)> = vec![
        (
            "a hex painted with a terrain the series lacks (REF008)",
            Box::new(move |_, s| {
                s.map.hexes.get_mut(&first).unwrap().terrain =
                    Some("swamp-of-doubt".into());
            }),
        ),
        (
            "a hex painted off the map (REF007)",
            Box::new(|_, s| {
                s.map.hexes.insert(hex("9950"), HexData::default());
            }),
        ),
        (
            "a hex number the schema refuses, reported at /hexes",
            Box::new(|_, s| {
                s.map.hexes.insert(HexId::new(10000, 1), HexData::default());
            }),
        ),
        (
            "that hex removed: the hexes are split again",
            Box::new(|_, s| {
                s.map.hexes.remove(&HexId::new(10000, 1));
            }),
        ),
        (
            "the map's format version out of the schema's range",
            Box::new(|_, s| s.map.format_version = 9),
        ),
        (
            "the version back, the unknown terrain painted over",
            Box::new(move |_, s| {
                s.map.format_version = 2;
                s.map.hexes.get_mut(&first).unwrap().terrain =
                    Some("clear".into());
            }),
        ),
        (
            "the scenario edited (the map's rules kept)",
            Box::new(|b, s| b.edit_text(s, 0, "sides:", "sidez:")),
        ),
        (
            "the scenario back",
            Box::new(|b, s| b.edit_text(s, 0, "sidez:", "sides:")),
        ),
        (
            "the series loses a terrain the map paints",
            Box::new(|b, s| {
                b.edit_text(s, 3, "id: \"clear\"", "id: \"cleared\"")
            }),
        ),
        (
            "a unit's class renamed in the counters",
            Box::new(|b, s| b.edit_text(s, 2, "class: \"", "class: \"x-")),
        ),
    ];
    for (what, step) in steps {
        step(&battle, &mut state);
        let kept = battle.run(&session, &state);
        let cold = battle.run(&Session::default(), &state);
        assert_eq!(kept.diagnostics, cold.diagnostics, "{what}");
        assert_eq!(kept.documents, cold.documents, "{what}");
        assert_ne!(seen(&kept), seen(&before), "{what}: nothing changed");
        before = kept;
    }
    // And the same state again: everything kept, nothing different.
    assert_eq!(battle.run(&session, &state).diagnostics, before.diagnostics);
}

/// The text a save of `scenario` writes over `original`: the file patched
/// where it changed (comments kept), else written whole.
fn saved_text(original: &str, scenario: &Scenario) -> Arc<str> {
    berthier_schema::preserve::patch_text(original, Format::Ron, scenario)
        .or_else(|| {
            berthier_schema::document::to_text(scenario, Format::Ron).ok()
        })
        .expect("writes")
        .into()
}

/// A scenario held typed, checked with a kept session (its text made
/// only when needed, counted) and by a run on the text a save writes.
struct TypedScenario {
    /// The scenario, its map, counters and series.
    files: Vec<PathBuf>,
    original: Arc<str>,
    made: Arc<AtomicUsize>,
}

type Edit = Box<dyn Fn(&mut Scenario)>;

impl TypedScenario {
    fn kept(&self, session: &Session, scenario: &Scenario) -> Report {
        let (original, made) =
            (Arc::clone(&self.original), Arc::clone(&self.made));
        let held = scenario.clone();
        let make = move || {
            made.fetch_add(1, Ordering::SeqCst);
            saved_text(&original, &held)
        };
        let mut typed = Typed::new();
        typed.insert(
            self.files[0].clone(),
            (
                Document::Scenario(scenario.clone()),
                TypedText::Saved(Arc::new(make)),
            ),
        );
        berthier_validator::validate_documents_in(
            session,
            &repo(),
            &self.files,
            &Texts::new(),
            typed,
        )
        .expect("validates")
    }

    /// What `berthier-validate` reports once the scenario is saved.
    fn saved(&self, scenario: &Scenario) -> Report {
        let mut texts = Texts::new();
        let text = saved_text(&self.original, scenario);
        texts.insert(self.files[0].clone(), text);
        berthier_validator::validate_documents(&repo(), &self.files, &texts)
            .expect("validates")
    }

    /// Each edit after the other, checked with one kept session and by a
    /// run on the saved text; the text is made exactly when the scenario
    /// has findings (or a version to migrate from). Returns whether some
    /// edit left it unmade.
    fn edits(files: &[&str], steps: Vec<(&str, Edit)>) -> bool {
        let files: Vec<PathBuf> =
            files.iter().map(|f| repo().join(f)).collect();
        let original: Arc<str> =
            std::fs::read_to_string(&files[0]).expect("reads").into();
        let Ok(Document::Scenario(mut scenario)) =
            berthier_schema::load_document(&original, Format::Ron)
        else {
            panic!("not a scenario");
        };
        let name = files[0].file_name().expect("name").to_string_lossy();
        let held = Self {
            files: files.clone(),
            original,
            made: Arc::default(),
        };
        let session = Session::default();
        let mut before: Option<Report> = None;
        let mut unmade = false;
        for (what, step) in steps {
            step(&mut scenario);
            let made = held.made.load(Ordering::SeqCst);
            let kept = held.kept(&session, &scenario);
            let made = held.made.load(Ordering::SeqCst) - made;
            let saved = held.saved(&scenario);
            assert_eq!(kept.diagnostics, saved.diagnostics, "{what}");
            assert_eq!(kept.documents, saved.documents, "{what}");
            if let Some(before) = &before {
                assert_ne!(
                    seen(&kept),
                    seen(before),
                    "{what}: nothing changed"
                );
            }
            let located =
                kept.diagnostics.iter().any(|d| d.file.ends_with(&*name));
            let needed = located || scenario.format_version != 2;
            assert_eq!(made > 0, needed, "{what}: text made {made} times");
            assert!(made <= 1, "{what}: text made {made} times");
            unmade |= !needed;
            before = Some(kept);
        }
        unmade
    }
}

/// Rivoli's historical scenario (it has findings of its own: its text is
/// made on every run, and the findings' lines move with the edits).
#[test]
fn a_scenario_held_typed_reports_what_a_run_on_its_saved_text_reports() {
    let rivoli = &Battle::rivoli().files;
    let text = std::fs::read_to_string(&rivoli[0]).expect("reads");
    let Ok(Document::Scenario(s)) =
        berthier_schema::load_document(&text, Format::Ron)
    else {
        panic!("not a scenario");
    };
    let homes = [s.sides[0].setup[0].hex, s.sides[0].setup[1].hex];
    let steps: Vec<(&str, Edit)> = vec![
        ("as it is", Box::new(|_| {})),
        (
            "a unit set up off the map (REF, located in the made text)",
            Box::new(|s| s.sides[0].setup[0].hex = hex("9950")),
        ),
        (
            "a second unit off the map, a line further",
            Box::new(|s| s.sides[0].setup[1].hex = hex("9951")),
        ),
        (
            "both back",
            Box::new(move |s| {
                s.sides[0].setup[0].hex = homes[0];
                s.sides[0].setup[1].hex = homes[1];
            }),
        ),
        (
            "a hex number the schema refuses (read from the text)",
            Box::new(|s| s.sides[0].setup[0].hex = HexId::new(10000, 1)),
        ),
        (
            "that unit back",
            Box::new(move |s| s.sides[0].setup[0].hex = homes[0]),
        ),
        (
            "an unknown unit set up",
            Box::new(|s| s.sides[1].setup[0].unit = "nobody-at-all".into()),
        ),
        (
            "a format version the schema refuses (read from the text)",
            Box::new(|s| s.format_version = 9),
        ),
        ("the version back", Box::new(|s| s.format_version = 2)),
    ];
    let files = [
        "scenarios/rivoli-1797/historical.scenario.ron",
        "maps/rivoli-1797/rivoli-1797.map.ron",
        "counters/rivoli-1797/rivoli-1797.counters.ron",
        "schema/series/jours-de-gloire.series.ron",
    ];
    TypedScenario::edits(&files, steps);
}

/// A scenario with no findings: its text is not made until an edit
/// brings one, and not after the edit is undone.
#[test]
fn a_clean_scenario_held_typed_is_not_written_out() {
    let steps: Vec<(&str, Edit)> = vec![
        ("as it is", Box::new(|_| {})),
        (
            "a unit set up off the map",
            Box::new(|s| s.sides[0].setup[0].hex = hex("9950")),
        ),
        ("back", Box::new(|s| s.sides[0].setup[0].hex = hex("0202"))),
    ];
    let files = [
        "validator/tests/fixtures/pack/mini.scenario.ron",
        "validator/tests/fixtures/pack/mini.map.ron",
        "validator/tests/fixtures/pack/mini.counters.ron",
        "validator/tests/fixtures/pack/mini.series.ron",
    ];
    assert!(
        TypedScenario::edits(&files, steps),
        "the text was always made"
    );
}
