//! The New map form: asked for after unsaved changes, checked field by
//! field, written as a map file that opens, and followed by Register grid
//! when a scan was chosen.

use berthier_editor::app::{Message, Screen};
use berthier_editor::map_form::Bound;
use berthier_editor::screen::new_map::Message as Form;
use berthier_schema::{HexId, Orientation, Shift};
use iced::keyboard;

use super::*;

fn ctrl_n() -> Message {
    let key = keyboard::Key::Character("n".into());
    Message::Key(keyboard::Event::KeyPressed {
        key: key.clone(),
        modified_key: key,
        physical_key: keyboard::key::Physical::Unidentified(
            keyboard::key::NativeCode::Unidentified,
        ),
        location: keyboard::Location::Standard,
        modifiers: keyboard::Modifiers::CTRL,
        text: None,
        repeat: false,
    })
}

fn on_form(app: &App) -> bool {
    matches!(app.screen(), Screen::NewMap(..))
}

#[test]
fn a_map_without_scan_is_written_with_its_numbering_and_opens() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "New map…");
    assert!(on_form(&app));
    assert!(shows(&mut app, "No scan: hexes start at 40 px"));
    form(&mut app, Form::Name("Combat de la Vère".into()));
    form(&mut app, Form::Orientation(Orientation::Pointy));
    form(&mut app, Form::Shift(Shift::Even));
    form(&mut app, Form::Extent(Bound::FirstCol, "3".into()));
    form(&mut app, Form::Extent(Bound::LastCol, "12".into()));
    form(&mut app, Form::Extent(Bound::FirstRow, "2".into()));
    form(&mut app, Form::Extent(Bound::LastRow, "9".into()));
    click(&mut app, "Create map");

    let path = dir
        .path()
        .join("maps/rivoli-1797/combat-de-la-vere.map.ron");
    let map = read_map(&path);
    assert_eq!(map.id, "combat-de-la-vere");
    assert_eq!(map.name, "Combat de la Vère");
    assert_eq!(map.series, "../../schema/series/jours-de-gloire.series.ron");
    assert_eq!(map.scan, None);
    assert_eq!(map.grid.orientation, Orientation::Pointy);
    assert_eq!(map.grid.shift, Shift::Even);
    assert_eq!(map.grid.hex_radius_px, 40.0);
    assert_eq!(map.grid.origin_hex, HexId::new(3, 2));
    assert_eq!((map.extent[0].cols, map.extent[0].rows), ([3, 12], [2, 9]));
    // Opened, on the map screen, with its series found.
    assert!(matches!(app.screen(), Screen::Map(_)));
    assert_eq!(map_of(&app).opened().path, path);
    assert!(map_of(&app).opened().warnings.is_empty());
    assert!(map_of(&app).opened().series.is_some());
    assert_eq!(app.title(), "Combat de la Vère — combat-de-la-vere.map.ron");
}

#[test]
fn a_map_with_a_scan_fills_it_and_goes_on_to_register_the_grid() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    let _ = app.update(ctrl_n());
    assert!(on_form(&app), "Ctrl+N opens the form");
    form(&mut app, Form::ScanPicked(Some(scan_file(dir.path()))));
    assert!(shows(&mut app, "scan.png (1044×931 px)"));
    form(&mut app, Form::Name("Sheet B".into()));
    form(&mut app, Form::Sheet("B".into()));
    std::fs::create_dir_all(dir.path().join("new")).expect("folder");
    let path = dir.path().join("new/b.map.ron");
    form(&mut app, Form::FilePicked(Some(path.clone())));
    click(&mut app, "Create map");

    let map = read_map(&path);
    assert_eq!(map.id, "sheet-b");
    assert_eq!(map.scan.as_deref(), Some("../scans/scan.png"));
    assert_eq!(map.series, "../schema/series/jours-de-gloire.series.ron");
    assert_eq!(map.extent[0].sheet, Some('B'));
    assert_eq!(map.grid.origin_hex.to_string(), "B0101");
    // The 20×15 hexes roughly fill the 1044×931 scan, leaving a margin.
    let corners: Vec<[f64; 2]> = map.extent[0]
        .hexes()
        .flat_map(|h| map.grid.corners_px(h))
        .collect();
    let (lo, hi) =
        corners
            .iter()
            .fold(([f64::MAX; 2], [f64::MIN; 2]), |(lo, hi), c| {
                (
                    [lo[0].min(c[0]), lo[1].min(c[1])],
                    [hi[0].max(c[0]), hi[1].max(c[1])],
                )
            });
    assert!(lo[0] > -0.5 && lo[1] > -0.5, "{lo:?}");
    assert!(hi[0] < 1044.5 && hi[1] < 931.5, "{hi:?}");
    let fill = ((hi[0] - lo[0]) / 1044.0).max((hi[1] - lo[1]) / 931.0);
    assert!(fill > 0.9, "{lo:?} {hi:?}");
    // Straight on to Register grid, over the new map's scan.
    assert!(matches!(app.screen(), Screen::Register(..)));
    assert!(shows(&mut app, "Propose automatically"));
    assert_eq!(map_of(&app).opened().path, path);
    assert!(map_of(&app).opened().scan.is_some());
}

#[test]
fn wrong_fields_are_named_beside_them_and_nothing_is_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "New map…");
    click(&mut app, "Create map");
    assert!(shows(&mut app, "type the map's name"));
    assert!(shows(&mut app, "type an id, e.g. rivoli-1797"));
    form(&mut app, Form::Name("Ligny".into()));
    form(&mut app, Form::Id("Ligny 1815".into()));
    form(&mut app, Form::Extent(Bound::LastCol, "0".into()));
    form(&mut app, Form::Extent(Bound::LastRow, "120".into()));
    form(&mut app, Form::Sheet("bb".into()));
    click(&mut app, "Create map");
    assert!(shows(&mut app, "use lowercase letters, digits and -"));
    assert!(shows(&mut app, "last column must be ≥ first"));
    assert!(shows(
        &mut app,
        "last row must be at most 99 with this numbering"
    ));
    assert!(shows(&mut app, "one capital letter (A–Z), or empty"));
    assert!(on_form(&app));
    let folder = dir.path().join("maps/rivoli-1797");
    let files = std::fs::read_dir(folder).expect("folder").count();
    assert_eq!(files, 1, "only Rivoli is there");
    // Three-digit columns allow column 120.
    form(&mut app, Form::Id("ligny".into()));
    form(&mut app, Form::Extent(Bound::LastCol, "120".into()));
    form(&mut app, Form::Extent(Bound::LastRow, "30".into()));
    form(&mut app, Form::Sheet(String::new()));
    click(&mut app, "Create map");
    assert!(shows(
        &mut app,
        "last column must be at most 99 with this numbering"
    ));
    form(&mut app, Form::WideColumns(true));
    click(&mut app, "Create map");
    let map = read_map(&dir.path().join("maps/rivoli-1797/ligny.map.ron"));
    assert_eq!(map.extent[0].cols, [1, 120]);
}

#[test]
fn an_existing_file_is_replaced_only_when_asked() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let before = std::fs::read_to_string(&rivoli).expect("rivoli");
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "New map…");
    form(&mut app, Form::Name("Rivoli 1797".into()));
    click(&mut app, "Create map");
    assert!(shows(&mut app, "rivoli-1797.map.ron already exists."));
    click(&mut app, "Keep it");
    assert_eq!(std::fs::read_to_string(&rivoli).expect("kept"), before);
    click(&mut app, "Create map");
    click(&mut app, "Replace it");
    let map = read_map(&rivoli);
    assert!(map.places.is_empty(), "replaced by the blank map");
    assert!(matches!(app.screen(), Screen::Map(_)));
}

#[test]
fn unsaved_changes_are_asked_about_first_and_cancel_comes_back() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    let properties = map::properties::Message::Name;
    send(
        &mut app,
        map::Message::Properties(map::properties::Message::Open),
    );
    send(
        &mut app,
        map::Message::Properties(properties("Rivoli".into())),
    );
    send(
        &mut app,
        map::Message::Properties(map::properties::Message::Apply),
    );
    assert!(map_of(&app).is_dirty());
    click(&mut app, "New map…");
    assert!(shows(&mut app, "Save them before starting a new map?"));
    click(&mut app, "Cancel");
    assert!(matches!(app.screen(), Screen::Map(_)));
    let _ = app.update(ctrl_n());
    click(&mut app, "Discard changes");
    assert!(on_form(&app));
    // The map waits behind the form.
    assert_eq!(map_of(&app).opened().map.name, "Rivoli");
    let autosave = berthier_tools::files::autosave_path(&rivoli);
    assert!(!autosave.exists(), "Discard deleted the autosave");
    click(&mut app, "Cancel");
    assert!(matches!(app.screen(), Screen::Map(_)));
    assert_eq!(map_of(&app).opened().path, rivoli);
    assert!(map_of(&app).is_dirty());
    assert!(autosave.exists(), "the map's changes are autosaved again");
}

#[test]
fn a_pack_outside_the_repository_is_offered_the_standard_series_by_name() {
    // A pack of its own: the Rivoli map naming its series by name, and no
    // series file anywhere near it.
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = dir.path().join("maps/rivoli-1797/rivoli-1797.map.ron");
    std::fs::create_dir_all(rivoli.parent().expect("folder")).expect("maps");
    let text = std::fs::read_to_string(super::source(
        "maps/rivoli-1797/rivoli-1797.map.ron",
    ))
    .expect("rivoli");
    let path = "../../schema/series/jours-de-gloire.series.ron";
    assert!(text.contains(path), "the bundled map names its series file");
    std::fs::write(&rivoli, text.replace(path, "jours-de-gloire"))
        .expect("write");
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "New map…");
    // The current map's series is chosen, shown as shipped with Berthier.
    let Screen::NewMap(screen, _) = app.screen() else {
        panic!("the form")
    };
    let chosen = screen.series_chosen().expect("a series chosen");
    assert_eq!(
        chosen.to_string(),
        "jours-de-gloire  (shipped with Berthier, version 2)"
    );
    form(
        &mut app,
        Form::Series(new_map::SeriesChoice::Standard("vive-l-empereur".into())),
    );
    form(&mut app, Form::Name("Plancenoit".into()));
    click(&mut app, "Create map");

    let path = dir.path().join("maps/rivoli-1797/plancenoit.map.ron");
    let map = read_map(&path);
    assert_eq!(map.series, "vive-l-empereur", "written by name, not a path");
    assert!(matches!(app.screen(), Screen::Map(_)));
    assert!(map_of(&app).opened().series.is_some(), "the name resolves");
    assert!(map_of(&app).opened().warnings.is_empty());
}

#[test]
fn a_fields_message_goes_as_soon_as_the_field_is_corrected() {
    let dir = tempfile::tempdir().expect("temp dir");
    let rivoli = pack(dir.path());
    let mut app = app_at(&rivoli, dir.path());
    click(&mut app, "New map…");
    form(&mut app, Form::Extent(Bound::LastCol, "0".into()));
    click(&mut app, "Create map");
    let Screen::NewMap(f, _) = app.screen() else {
        panic!("still on the form");
    };
    assert!(f.problem(berthier_editor::map_form::Field::Name).is_some());
    assert!(f.problem(berthier_editor::map_form::Field::Cols).is_some());
    form(&mut app, Form::Name("Combat de la Vère".into()));
    form(&mut app, Form::Extent(Bound::LastCol, "20".into()));
    let Screen::NewMap(f, _) = app.screen() else {
        panic!("still on the form");
    };
    assert_eq!(f.problem(berthier_editor::map_form::Field::Name), None);
    assert_eq!(f.problem(berthier_editor::map_form::Field::Cols), None);
}
