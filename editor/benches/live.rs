//! Live findings on a large battle: the validator's synthetic pack
//! (`validator/benches/synthetic`: a 10,000-hex map, 125 × 80, every hex
//! painted, 300 units, 280 of them set up) opened in the map screen
//! through its scenario; a change to the map (one hex painted) until its
//! findings are shown, against one full validation of the same scenario
//! and the documents it names read from disk (`validate_documents`, the
//! three passes `berthier-validate` runs).
//!
//! The change is timed on one thread: the edit, the check (the map handed
//! over typed, what did not change kept from the run before), the panel
//! updated; the previous way (the map written out as text and read back,
//! nothing kept) is timed in the same run for comparison; the window adds the
//! debounce ([`DEBOUNCE`]) before the worker starts, printed apart.
//!
//! Run: `cargo bench -p berthier-editor --bench live`.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stdout)]

#[path = "../../validator/benches/synthetic/mod.rs"]
mod synthetic;

use std::time::{Duration, Instant};

use berthier_editor::project;
use berthier_editor::scenario_findings::Selection;
use berthier_editor::scenario_findings::live::DEBOUNCE;
use berthier_editor::screen::map::MapScreen;
use berthier_schema::HexId;
use berthier_schema::edit::Edit;

const RUNS: usize = 5;

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
    let change = best(|| {
        turn += 1;
        let terrain = if turn % 2 == 0 { "clear" } else { "woods" };
        screen.apply_edit(Edit::Terrain {
            hex: HexId::new(62, 21),
            to: Some(terrain.to_owned()),
        });
        screen.check_live_now();
    });
    // The way a change was checked before the kept runs: the map written
    // out as text and read back, every file read and checked again.
    let map = screen.opened().path.canonicalize().unwrap();
    let round_trip = best(|| {
        let text = berthier_editor::files::map_text(&screen.opened().map, &map)
            .unwrap();
        let mut texts = berthier_editor::scenario_findings::Texts::new();
        texts.insert(map.clone(), text.into());
        let outcome =
            berthier_editor::scenario_findings::check(&scenario, &texts);
        std::hint::black_box(outcome.unwrap());
    });
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{hexes} hexes, 300 units, {findings} findings at the start; best \
         of {RUNS}"
    );
    println!("full validation of the scenario: {:.1} ms", ms(validation));
    println!(
        "change to findings shown: {:.1} ms of work ({:.2}x the \
         validation), plus the {} ms debounce: {:.1} ms",
        ms(change),
        change.as_secs_f64() / validation.as_secs_f64(),
        DEBOUNCE.as_millis(),
        ms(change + DEBOUNCE),
    );
    println!(
        "the same check through the map's text, nothing kept: {:.1} ms \
         ({:.2}x the validation)",
        ms(round_trip),
        round_trip.as_secs_f64() / validation.as_secs_f64(),
    );
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
