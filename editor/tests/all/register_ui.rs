//! The register and suggest screens through the app's view (iced_test):
//! buttons, simulated clicks on the map, typed printed numbers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use berthier_editor::app::{App, Message, Screen};
use berthier_editor::screen::register::view::NUMBER_ID;
use berthier_editor::screen::{register, suggest};
use berthier_schema::HexId;
use berthier_tools::project;
use berthier_tools::recent::Recent;
use iced::{keyboard, widget};

use crate::app_ui;
use app_ui::{click_scan, demo_hexes, printed_truth, register, with_ui};

fn app() -> App {
    let recent = std::env::temp_dir()
        .join(format!("berthier-register-ui-{}", std::process::id()));
    App::with_recent(Some(&project::demo_map_path()), Recent::at(Some(recent)))
}

fn id(s: &str) -> HexId {
    s.parse().expect("id")
}

#[test]
fn three_clicked_landmarks_fit_the_grid_and_show_residuals() {
    let mut app = app();
    with_ui(&mut app, |ui| {
        ui.click("Register grid").expect("toolbar button");
    });
    // First frame: the canvas learns its size and fits the scan.
    with_ui(&mut app, |_| {});
    with_ui(&mut app, |ui| {
        ui.click("Three-point fit").expect("checkbox");
    });
    let truth = register(&app).grid().clone();
    for (hex, err) in [
        ("0202", [0.4, -0.3]),
        ("1403", [-0.3, 0.2]),
        ("0811", [0.2, 0.4]),
    ] {
        let c = truth.center_px(id(hex));
        let view = register(&app).viewport();
        with_ui(&mut app, |ui| {
            click_scan(ui, view, [c[0] + err[0], c[1] + err[1]])
        });
        with_ui(&mut app, |ui| {
            ui.click(widget::Id::new(NUMBER_ID)).expect("number input");
            let _ = ui.typewrite(hex);
            let _ = ui.tap_key(keyboard::key::Named::Enter);
        });
    }
    let (marks, residuals) = register(&app).landmarks();
    assert_eq!(marks.len(), 3);
    assert_eq!(residuals.len(), 3);
    assert!(
        register(&app)
            .status()
            .starts_with("Fitted to 3 points: RMS"),
        "{}",
        register(&app).status()
    );
    let fitted = register(&app).grid().clone();
    assert!(
        (fitted.hex_radius_px - truth.hex_radius_px).abs() < 0.3,
        "{fitted:?}"
    );
    // The residual texts and RMS line show in the landmark list.
    let text = format!("{:.2} px", residuals[0]);
    with_ui(&mut app, |ui| {
        ui.find(text.as_str()).expect("residual text");
        ui.find(widget::Id::new(NUMBER_ID)).expect("input");
    });
    // Arrow keys nudge the origin by 0.1 px.
    let before = register(&app).grid().origin_px;
    with_ui(&mut app, |ui| {
        let _ = ui.tap_key(keyboard::key::Named::ArrowRight);
    });
    let after = register(&app).grid().origin_px;
    assert!(
        (after[0] - before[0] - 0.1).abs() < 1e-9,
        "{before:?} {after:?}"
    );
    with_ui(&mut app, |ui| {
        ui.click("Accept").expect("accept");
    });
    match app.screen() {
        Screen::Map(s) => assert_eq!(s.opened().map.grid.origin_px, after),
        _ => panic!("back on the map"),
    }
}

#[test]
fn a_landmark_that_contradicts_the_others_is_named_and_accept_waits() {
    let mut app = app();
    with_ui(&mut app, |ui| {
        ui.click("Register grid").expect("toolbar button");
    });
    with_ui(&mut app, |_| {});
    with_ui(&mut app, |ui| {
        ui.click("Three-point fit").expect("checkbox");
    });
    let truth = register(&app).grid().clone();
    // Three good points, then 0404's centre typed as 0504 (the trial's
    // reproduction: a number misread by one column).
    for (at, typed) in [
        ("0202", "0202"),
        ("1403", "1403"),
        ("0811", "0811"),
        ("0404", "0504"),
    ] {
        let c = truth.center_px(id(at));
        let view = register(&app).viewport();
        with_ui(&mut app, |ui| click_scan(ui, view, c));
        with_ui(&mut app, |ui| {
            ui.click(widget::Id::new(NUMBER_ID)).expect("number input");
            let _ = ui.typewrite(typed);
            let _ = ui.tap_key(keyboard::key::Named::Enter);
        });
    }
    let off = register(&app).contradicting();
    assert!(
        off.iter().any(|(h, _)| *h == id("0504")),
        "the misread landmark is named: {off:?}"
    );
    assert!(!register(&app).can_accept(), "Accept waits");
    assert!(
        register(&app)
            .warnings()
            .iter()
            .any(|w| w.starts_with("Landmarks disagree with the grid (0504 by")),
        "{:?}",
        register(&app).warnings()
    );
    // Removing it: the three good points fit, Accept is offered again.
    let _ = app.update(Message::Register(register::Message::RemoveLandmark(3)));
    assert!(register(&app).contradicting().is_empty());
    assert!(register(&app).can_accept());
}

#[test]
fn automatic_proposal_lands_on_the_printed_grid() {
    let mut app = app();
    with_ui(&mut app, |ui| {
        ui.click("Register grid").expect("toolbar button");
    });
    // Start from a grid a designer has only roughly placed.
    let truth = register(&app).grid().clone();
    let start = berthier_schema::Grid {
        origin_px: [truth.origin_px[0] + 9.0, truth.origin_px[1] - 6.0],
        hex_radius_px: 38.0,
        rotation_deg: 0.0,
        ..truth.clone()
    };
    let _ = app.update(Message::Register(register::Message::Field(
        register::Field::OriginX,
        start.origin_px[0].to_string(),
    )));
    let _ = app.update(Message::Register(register::Message::Radius(38.0)));
    let _ = app.update(Message::Register(register::Message::Rotation(0.0)));
    with_ui(&mut app, |ui| {
        ui.click("Propose automatically").expect("button");
    });
    // The button started a background task; run the same job here.
    let job = register(&app).job().expect("demo has a scan");
    let _ = app.update(Message::Register(register::Message::Proposed(job())));
    let hexes: Vec<HexId> = berthier_tools::scene::all_hexes(
        &project::open(&project::demo_map_path()).expect("demo").map,
    )
    .collect();
    let err = berthier_tools::registration::max_centre_error(
        register(&app).grid(),
        &truth,
        &hexes,
    );
    assert!(err < 1.0, "{err}: {}", register(&app).status());
    assert!(register(&app).status().starts_with("Proposed: 192 hexes"));
}

/// Opens the register screen with the origin typed at `origin`, then
/// proposes automatically (the background job run here).
fn proposed_from(origin: [f64; 2]) -> App {
    let mut app = app();
    with_ui(&mut app, |ui| {
        ui.click("Register grid").expect("toolbar button");
    });
    with_ui(&mut app, |_| {});
    for (field, v) in [
        (register::Field::OriginX, origin[0]),
        (register::Field::OriginY, origin[1]),
    ] {
        let m = register::Message::Field(field, v.to_string());
        let _ = app.update(Message::Register(m));
    }
    with_ui(&mut app, |ui| {
        ui.click("Propose automatically").expect("button");
    });
    let job = register(&app).job().expect("demo has a scan");
    let _ = app.update(Message::Register(register::Message::Proposed(job())));
    app
}

fn off_by(app: &App, truth: &berthier_schema::Grid) -> f64 {
    berthier_tools::registration::max_centre_error(
        register(app).grid(),
        truth,
        &demo_hexes(),
    )
}

/// Clicks near `hex`'s true centre (a designer's click, 2 px off) and
/// types its printed number.
fn read_hex(app: &mut App, truth: &berthier_schema::Grid, hex: &str) {
    let c = truth.center_px(id(hex));
    let view = register(app).viewport();
    with_ui(app, |ui| click_scan(ui, view, [c[0] + 2.0, c[1] - 1.5]));
    with_ui(app, |ui| {
        ui.click(widget::Id::new(NUMBER_ID)).expect("number input");
        let _ = ui.typewrite(hex);
        let _ = ui.tap_key(keyboard::key::Named::Enter);
    });
}

#[test]
fn a_proposal_one_hex_off_waits_for_a_read_hex_that_renumbers_it() {
    let truth = printed_truth();
    // The review's case: the origin typed 60 px from 0101's centre.
    let mut app = proposed_from([140.0, 110.0]);
    let s = register(&app);
    assert!(
        off_by(&app, &truth) > 60.0,
        "reproduces the wrong numbering"
    );
    assert!(s.status().contains(register::numbering::NOT_ANCHORED));
    assert!(!s.can_accept());
    // The missing row shows as an amber warning in the side panel.
    let warning = "172 of 192 hexes of the extent measured";
    assert_eq!(s.warnings(), [warning.to_owned()]);
    with_ui(&mut app, |ui| {
        ui.find(warning).expect("warning in the panel");
        ui.click("Accept").expect("the button is there, disabled");
    });
    assert!(matches!(app.screen(), Screen::Register(..)), "not accepted");
    // The designer reads 0508 on the scan.
    read_hex(&mut app, &truth, "0508");
    let err = off_by(&app, &truth);
    assert!(err < 1.0, "{err}: {}", register(&app).status());
    let s = register(&app);
    // The proposal had numbered that hex one column off.
    assert_eq!(
        s.status(),
        "Numbering anchored on 0508: the grid had 0408 there, every number \
         moved. 172 of 192 hexes of the extent measured: Propose \
         automatically again to measure with the new numbering."
    );
    assert!(s.can_accept());
    // Undoing the renumbering unanchors the numbering again.
    with_ui(&mut app, |ui| {
        ui.click("Undo").expect("undo");
    });
    assert!(off_by(&app, &truth) > 60.0);
    let s = register(&app);
    assert!(!s.can_accept(), "{}", s.status());
    assert!(s.status().ends_with(register::numbering::NOT_ANCHORED));
    // Proposing again from the read hex measures the whole extent.
    let job = s.job().expect("scan");
    let _ = app.update(Message::Register(register::Message::Proposed(job())));
    let s = register(&app);
    assert!(
        s.status().starts_with("Proposed: 192 hexes"),
        "{}",
        s.status()
    );
    assert!(s.warnings().is_empty(), "{:?}", s.warnings());
    assert!(s.can_accept());
    with_ui(&mut app, |ui| {
        ui.click("Accept").expect("accept");
    });
    let Screen::Map(m) = app.screen() else {
        panic!("back on the map")
    };
    let hexes = demo_hexes();
    let err = berthier_tools::registration::max_centre_error(
        &m.opened().map.grid,
        &truth,
        &hexes,
    );
    assert!(err < 1.0, "{err}");
}

#[test]
fn numbering_checked_by_eye_allows_accept() {
    let truth = printed_truth();
    let c = truth.center_px(truth.origin_hex);
    let mut app = proposed_from([c[0] + 9.0, c[1] - 6.0]);
    assert!(off_by(&app, &truth) < 1.0);
    assert!(!register(&app).can_accept(), "right, but not confirmed");
    assert!(register(&app).warnings().is_empty());
    with_ui(&mut app, |ui| {
        ui.click("Numbering checked").expect("checkbox");
    });
    assert!(register(&app).can_accept());
    with_ui(&mut app, |ui| {
        ui.click("Accept").expect("accept");
    });
    assert!(matches!(app.screen(), Screen::Map(_)));
}

#[test]
fn landmark_residuals_follow_the_automatic_refinement() {
    let truth = printed_truth();
    let mut app = app();
    with_ui(&mut app, |ui| {
        ui.click("Register grid").expect("toolbar button");
    });
    with_ui(&mut app, |_| {});
    with_ui(&mut app, |ui| {
        ui.click("Three-point fit").expect("checkbox");
    });
    let errs = [
        ("0202", [1.2, -0.9]),
        ("1403", [-0.8, 0.6]),
        ("0811", [0.5, 1.0]),
    ];
    for (hex, e) in errs {
        let c = truth.center_px(id(hex));
        let view = register(&app).viewport();
        with_ui(&mut app, |ui| {
            click_scan(ui, view, [c[0] + e[0], c[1] + e[1]])
        });
        with_ui(&mut app, |ui| {
            ui.click(widget::Id::new(NUMBER_ID)).expect("number input");
            let _ = ui.typewrite(hex);
            let _ = ui.tap_key(keyboard::key::Named::Enter);
        });
    }
    let fitted = register(&app).landmarks().1.to_vec();
    assert_eq!(fitted.len(), 3);
    let job = register(&app).job().expect("scan");
    let _ = app.update(Message::Register(register::Message::Proposed(job())));
    assert!(off_by(&app, &truth) < 1.0);
    let (marks, residuals) = register(&app).landmarks();
    // Each residual is now the click's distance from the printed centre.
    for (l, r) in marks.iter().zip(residuals) {
        let c = truth.center_px(l.hex);
        let want = (l.px[0] - c[0]).hypot(l.px[1] - c[1]);
        assert!((r - want).abs() < 0.1, "{}: {r} vs {want}", l.hex);
    }
    assert_ne!(residuals, fitted.as_slice(), "not the three-point fit's");
    assert!(register(&app).can_accept(), "anchored by the clicked hexes");
    let shown = format!("{:.2} px", residuals[0]);
    with_ui(&mut app, |ui| {
        ui.find(shown.as_str()).expect("residual in the list");
    });
}

#[test]
fn bend_for_drift_says_what_it_adds() {
    // The demo scan has no drift: nothing is added, and the status says
    // by how little a correction would have helped.
    let truth = printed_truth();
    let c = truth.center_px(truth.origin_hex);
    let mut auto = proposed_from([c[0] + 9.0, c[1] - 6.0]);
    let grid = register(&auto).grid().clone();
    let steps = register(&auto).undo_steps();
    with_ui(&mut auto, |ui| {
        ui.click("Bend for drift").expect("button");
    });
    let s = register(&auto);
    assert!(
        s.status()
            .starts_with("No drift found: largest improvement 0.")
            && s.status().ends_with(" px; no corrections added"),
        "{}",
        s.status()
    );
    assert_eq!(*s.grid(), grid);
    assert_eq!(s.undo_steps(), steps, "nothing to undo");
    // Clicked hexes 2.5 px from where any regular grid can put them all
    // are kept, with the RMS before and after.
    let mut app = app();
    with_ui(&mut app, |ui| {
        ui.click("Register grid").expect("toolbar button");
    });
    with_ui(&mut app, |_| {});
    with_ui(&mut app, |ui| {
        ui.click("Three-point fit").expect("checkbox");
    });
    let pulls = [("0202", [2.5, 0.0]), ("1403", [0.0, 2.5])];
    let pulls = pulls.iter().chain(&[("0811", [-2.5, 0.0])]);
    for (hex, e) in pulls.chain(&[("1410", [0.0, -2.5])]) {
        let c = truth.center_px(id(hex));
        let view = register(&app).viewport();
        with_ui(&mut app, |ui| {
            click_scan(ui, view, [c[0] + e[0], c[1] + e[1]])
        });
        with_ui(&mut app, |ui| {
            ui.click(widget::Id::new(NUMBER_ID)).expect("number input");
            let _ = ui.typewrite(hex);
            let _ = ui.tap_key(keyboard::key::Named::Enter);
        });
    }
    with_ui(&mut app, |ui| {
        ui.click("Bend for drift").expect("button");
    });
    let s = register(&app);
    let kept = s.grid().corrections.len();
    let want = format!("{kept} corrections added; RMS ");
    assert!(kept > 0 && s.status().starts_with(&want), "{}", s.status());
    let rms: Vec<f64> = s.status()[want.len()..]
        .split(" px")
        .filter_map(|v| v.trim_start_matches(" -> ").parse().ok())
        .collect();
    assert!(rms.len() == 2 && rms[1] < rms[0], "{}", s.status());
}

/// The demo map with three hexes unpainted, written next to the system's
/// temporary files with its scan and series named by absolute path.
fn demo_with_unpainted(hexes: &[(&str, &str)]) -> std::path::PathBuf {
    let demo = project::demo_map_path();
    let folder = demo.parent().expect("folder").canonicalize().expect("abs");
    let mut text = std::fs::read_to_string(&demo).expect("read");
    let abs = |p: &str| format!("{:?}", folder.join(p).display().to_string());
    let series = "../../schema/series/jours-de-gloire.series.ron";
    text = text
        .replace(&format!("{series:?}"), &abs(series))
        .replace("\"demo-scan.png\"", &abs("demo-scan.png"));
    for (hex, terrain) in hexes {
        let painted = format!("\"{hex}\": (terrain: \"{terrain}\", ");
        assert!(text.contains(&painted), "{painted}");
        text = text.replace(&painted, &format!("\"{hex}\": ("));
    }
    let dir = std::env::temp_dir()
        .join(format!("berthier-suggest-ui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("demo.map.ron");
    std::fs::write(&path, text).expect("write");
    path
}

#[test]
fn suggested_terrain_is_accepted_into_the_map() {
    let truth = project::open(&project::demo_map_path()).expect("demo").map;
    let unpainted = [("0303", "woods"), ("1403", "lake"), ("0808", "clear")];
    let path = demo_with_unpainted(&unpainted);
    let recent = path.with_file_name("recent");
    let mut app = App::with_recent(Some(&path), Recent::at(Some(recent)));
    with_ui(&mut app, |ui| {
        ui.click("Suggest terrain").expect("toolbar button");
    });
    with_ui(&mut app, |_| {});
    // Two samples per terrain type, clicked on the map.
    let mut per: std::collections::BTreeMap<String, Vec<HexId>> =
        Default::default();
    for (h, d) in &truth.hexes {
        if let Some(t) = &d.terrain
            && unpainted.iter().all(|(u, _)| id(u) != *h)
        {
            per.entry(t.clone()).or_default().push(*h);
        }
    }
    for (terrain, list) in per {
        let m = suggest::Message::Terrain(terrain);
        let _ = app.update(Message::Suggest(m));
        for h in list.into_iter().take(2) {
            let Screen::Suggest(s, _) = app.screen() else {
                panic!()
            };
            let view = s.viewport();
            with_ui(&mut app, |ui| {
                click_scan(ui, view, truth.grid.center_px(h))
            });
        }
    }
    let Screen::Suggest(s, _) = app.screen() else {
        panic!()
    };
    assert!(s.samples().len() >= 16, "{}", s.samples().len());
    with_ui(&mut app, |ui| {
        ui.click("Propose").expect("button");
    });
    // The button started a background task; run the same job here.
    let Screen::Suggest(s, _) = app.screen() else {
        panic!()
    };
    let job = s.job().expect("scan");
    let _ = app.update(Message::Suggest(suggest::Message::Proposed(job())));
    let Screen::Suggest(s, _) = app.screen() else {
        panic!()
    };
    assert_eq!(s.proposals().len(), 3, "only the unpainted hexes");
    with_ui(&mut app, |ui| {
        ui.click("Accept all").expect("button");
    });
    let Screen::Map(m) = app.screen() else {
        panic!("back on the map")
    };
    assert!(m.history().can_undo(), "the suggestion is one undo step");
    for (hex, terrain) in unpainted {
        let got = m.opened().map.hexes[&id(hex)].terrain.clone();
        assert_eq!(got.as_deref(), Some(terrain), "{hex}");
    }
}
