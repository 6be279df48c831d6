//! Live findings on a large battle: the validator's synthetic pack
//! (`validator/benches/synthetic`: a 10,000-hex map, 125 × 80, every hex
//! painted, 300 units, 280 of them set up) opened in the map screen
//! through its scenario; a change to the map (one hex painted) until its
//! findings are shown, against one full validation of the same scenario
//! and the documents it names read from disk (`validate_documents`, the
//! three passes `berthier-validate` runs).
//!
//! The change is timed on one thread: the edit, the check (the map handed
//! over typed, what the change cannot have changed kept from the run
//! before: the schema check of the unchanged hexes, the counters' rules),
//! the panel updated. In the same run, the change is also checked by a
//! checker keeping only each file's first pass by its text (what the
//! editor kept before: [`Session::first_passes_only`]), and a change to
//! the setup (one unit moved) is checked three ways: the scenario written
//! as a save would write it and read back, with the first passes kept
//! and with everything kept, and held typed as the Setup screen hands it
//! over now (its text made only when a finding is located in it). The
//! window adds the debounce ([`DEBOUNCE`]) before the worker starts,
//! printed apart.
//!
//! Run: `cargo bench -p berthier-editor --bench live` (release), or with
//! `--profile dev`.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stdout)]

#[path = "../../validator/benches/synthetic/mod.rs"]
mod synthetic;

use std::time::{Duration, Instant};

use berthier_editor::scenario_findings::live::DEBOUNCE;
use berthier_editor::scenario_findings::{
    Checker, Memory, Selection, scenario_memory, scenario_texts,
};
use berthier_editor::screen::map::MapScreen;
use berthier_schema::HexId;
use berthier_schema::edit::Edit;
use berthier_schema::{Document, Scenario};
use berthier_tools::project;
use berthier_validator::Session;

const RUNS: usize = 7;

fn main() {
    let dir = tempfile::tempdir().expect("folder");
    let files = synthetic::generate(dir.path(), 1);
    let scenario = files
        .iter()
        .find(|f| f.to_string_lossy().ends_with(".scenario.ron"))
        .expect("scenario")
        .clone();
    let selection = Selection::of(&scenario, &Default::default()).unwrap();
    let validation = best(|| {
        let report = berthier_validator::validate_documents(
            &selection.root,
            &selection.files,
            &Default::default(),
        )
        .expect("validates");
        std::hint::black_box(report);
    });
    let mut screen = MapScreen::new(project::open(&scenario).expect("opens"));
    let hexes = screen.opened().map.hexes.len();
    screen.check_live_now();
    let findings = screen.live().unwrap().findings().len();
    let mut turn = 0;
    let mut paint = |screen: &mut MapScreen| {
        turn += 1;
        let terrain = if turn % 2 == 0 { "clear" } else { "woods" };
        screen.apply_edit(Edit::Terrain {
            hex: HexId::new(62, 21),
            to: Some(terrain.to_owned()),
        });
    };
    let change = best(|| {
        paint(&mut screen);
        screen.check_live_now();
    });
    // The same change checked with only the first passes kept (before),
    // and with everything kept (after), by checkers of their own.
    let map_change =
        |checker: &Checker,
         screen: &mut MapScreen,
         paint: &mut dyn FnMut(&mut MapScreen)| {
            checker.check(&scenario, screen.live_memory()).unwrap();
            best(|| {
                paint(screen);
                let outcome = checker.check(&scenario, screen.live_memory());
                std::hint::black_box(outcome.unwrap());
            })
        };
    let baseline = Checker::with_session(Session::first_passes_only());
    let map_before = map_change(&baseline, &mut screen, &mut paint);
    let map_after = map_change(&Checker::default(), &mut screen, &mut paint);
    let [setup_before, setup_after, setup_typed] = setup_changes(&scenario);
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let ratio = |d: Duration| d.as_secs_f64() / validation.as_secs_f64();
    println!(
        "{hexes} hexes, 300 units, {findings} findings at the start; best \
         of {RUNS}"
    );
    println!("full validation of the scenario: {:.1} ms", ms(validation));
    println!(
        "change to findings shown: {:.1} ms of work ({:.2}x the \
         validation), plus the {} ms debounce: {:.1} ms",
        ms(change),
        ratio(change),
        DEBOUNCE.as_millis(),
        ms(change + DEBOUNCE),
    );
    for (what, before, after) in [
        ("a hex painted", map_before, map_after),
        (
            "a unit moved, its text written and read",
            setup_before,
            setup_after,
        ),
    ] {
        println!(
            "{what}: first passes kept {:.1} ms ({:.2}x), everything kept \
             {:.1} ms ({:.2}x)",
            ms(before),
            ratio(before),
            ms(after),
            ratio(after),
        );
    }
    println!(
        "a unit moved, the scenario held typed (everything kept): {:.1} ms \
         ({:.2}x), plus the {} ms debounce: {:.1} ms",
        ms(setup_typed),
        ratio(setup_typed),
        DEBOUNCE.as_millis(),
        ms(setup_typed + DEBOUNCE),
    );
}

/// A change to the setup (the first unit placed moved one hex and back),
/// checked with the scenario's text made as a save makes it (first passes
/// kept, everything kept) and with the scenario held typed.
fn setup_changes(path: &std::path::Path) -> [Duration; 3] {
    let text = std::fs::read_to_string(path).unwrap();
    let format = berthier_schema::Format::of_path(path).unwrap();
    let Ok(Document::Scenario(mut scenario)) =
        berthier_schema::load_document(&text, format)
    else {
        panic!("not a scenario");
    };
    let home = scenario.sides[0].setup[0].hex;
    let mut turn = 0;
    let mut run = |checker: &Checker, scenario: &mut Scenario, typed: bool| {
        let check = |scenario: &Scenario| {
            let memory = if typed {
                scenario_memory(path, scenario, false).1()
            } else {
                let (_, make) = scenario_texts(path, scenario, false);
                Memory {
                    texts: make(),
                    ..Memory::default()
                }
            };
            std::hint::black_box(checker.check(path, memory).unwrap());
        };
        check(scenario);
        best(|| {
            turn += 1;
            let row = if turn % 2 == 0 {
                home.row
            } else {
                home.row + 1
            };
            scenario.sides[0].setup[0].hex = HexId { row, ..home };
            check(scenario);
        })
    };
    let baseline = Checker::with_session(Session::first_passes_only());
    let before = run(&baseline, &mut scenario, false);
    let after = run(&Checker::default(), &mut scenario, false);
    let typed = run(&Checker::default(), &mut scenario, true);
    [before, after, typed]
}

fn best(mut run: impl FnMut()) -> Duration {
    (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            run();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}
