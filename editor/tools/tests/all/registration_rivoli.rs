//! The review's Rivoli case: the synthetic scan of the Rivoli map (as
//! `render --scanify` makes it), registered automatically from the map's
//! nominal origin, is numbered one column off; the coverage warnings say
//! so and one read hex renumbers it.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stderr)] // the test reports what it measures

use berthier_schema::HexId;
use berthier_schema::fit::Landmark;
use berthier_tools::palette::Palette;
use berthier_tools::registration::{
    self, Gray, anchor, auto, max_centre_error, piecewise,
};
use berthier_tools::render::{self, DEMO_SEED};
use berthier_tools::{project, scene};

#[test]
fn rivoli_from_its_nominal_origin_is_caught_and_renumbered() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../maps/rivoli-1797/rivoli-1797.map.ron");
    let (path, map) = project::resolve_map(&path).expect("rivoli");
    let palette = Palette::new(project::series_for(&path, &map).as_ref());
    let layers = [
        scene::Layer::Terrain,
        scene::Layer::Hexsides,
        scene::Layer::Roads,
        scene::Layer::Grid,
        scene::Layer::Numbers,
        scene::Layer::Names,
    ];
    let (img, t) = render::scan_of(&map, &palette, &layers, DEMO_SEED);
    let truth = t.grid(&render::print_grid(&map).0);
    let gray = Gray::from_rgb(&img);
    let hexes: Vec<HexId> = scene::all_hexes(&map).collect();
    let nominal = Landmark {
        hex: map.grid.origin_hex,
        px: map.geometry().center_px(map.grid.origin_hex),
    };
    let (_, refined) =
        auto::propose(&gray, truth.shift, nominal, &hexes).expect("proposal");
    let proposed = &refined.fit.grid;
    let off = max_centre_error(proposed, &truth, &hexes);
    let size = [gray.width, gray.height];
    let coverage =
        anchor::Coverage::new(proposed, &hexes, &refined.landmarks, size);
    eprintln!(
        "rivoli: {}x{}, rms {:.3}, off by {off:.1} px, {:?}",
        size[0],
        size[1],
        refined.rms(),
        coverage.warnings()
    );
    assert!(refined.rms() < 0.5, "the lattice itself fits");
    assert!(off > truth.hex_radius_px, "reproduces the wrong numbering");
    assert!(coverage.measured < coverage.inside, "{coverage:?}");
    assert!(!coverage.warnings().is_empty());
    // The designer reads 0403 near the top left.
    let c = truth.center_px("0403".parse().expect("id"));
    let read = Landmark {
        hex: "0403".parse().expect("id"),
        px: [c[0] + 2.0, c[1] + 1.0],
    };
    let anchored = anchor::anchor(proposed, &[read]).expect("anchored");
    let err = max_centre_error(&anchored.grid, &truth, &hexes);
    eprintln!("anchored by {:?}: {err:.3} px", anchored.delta);
    assert!(err < 1.0, "{err}");
    assert_ne!(anchored.delta, hexx::Hex::ZERO);
    // No drift on this scan either: with more centres than are corrected
    // one by one (smoothed candidates), Bend for drift still adds none.
    let mut renumbered = refined.clone();
    renumbered.landmarks =
        anchor::renumber_marks(proposed, &refined.landmarks, anchored.delta);
    renumbered.fit.grid = anchored.grid;
    let start = std::time::Instant::now();
    let bend = registration::refine_piecewise(&gray, &renumbered, &hexes);
    eprintln!(
        "bend: {} of {} kept, best gain {:.3} px, {:.1} s",
        bend.kept(),
        bend.candidates,
        bend.best_improvement,
        start.elapsed().as_secs_f64()
    );
    assert!(bend.landmarks.len() > piecewise::MAX_DIRECT);
    assert_eq!(bend.kept(), 0);
}
