//! Every kind of edit the editor makes, on every bundled map, in RON as
//! shipped and in JSON: the save keeps every comment, reads back as the
//! edited map, and changes only the lines of what was edited.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::{Path, PathBuf};

use berthier_schema::correction::Correction;
use berthier_schema::document::{parse, to_text};
use berthier_schema::edit::Edit;
use berthier_schema::map::{EntryPoint, HexsideFeature, MapEdge, Place, Road};
use berthier_schema::preserve::{comment_count, keeps_comments, patch_text};
use berthier_schema::{Format, HexId, Hexside, Map};

fn bundled_maps() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps");
    let mut maps: Vec<PathBuf> = std::fs::read_dir(&root)
        .expect("maps folder")
        .flat_map(|d| {
            std::fs::read_dir(d.expect("entry").path()).expect("map folder")
        })
        .map(|f| f.expect("file").path())
        .filter(|p| p.to_string_lossy().ends_with(".map.ron"))
        .collect();
    maps.sort();
    assert!(maps.len() >= 5, "{maps:?}");
    maps
}

/// A hex of the extent not painted yet (any hex when all are), and a
/// neighbour of it on the map.
fn free_hexes(map: &Map) -> (HexId, HexId) {
    let all: Vec<HexId> =
        map.extent.iter().flat_map(|e| e.hexes()).skip(7).collect();
    let free = |h: &HexId| !map.hexes.contains_key(h);
    let hex = all.iter().copied().find(free).unwrap_or(all[0]);
    let next = map
        .grid
        .neighbours(hex)
        .into_iter()
        .filter(|n| map.contains(*n))
        .min_by_key(|n| !free(n))
        .expect("a neighbour");
    (hex, next)
}

type EditFn = fn(&mut Map);

/// The editor's edits, each as it changes the model (through
/// `Edit::apply` where the editor uses it).
fn edits() -> Vec<(&'static str, EditFn, usize)> {
    vec![
        (
            "paint a new hex",
            |m| {
                let (hex, _) = free_hexes(m);
                Edit::Terrain {
                    hex,
                    to: Some("woods".into()),
                }
                .apply(m);
            },
            4,
        ),
        (
            "repaint and level a hex",
            |m| {
                let (hex, _) = free_hexes(m);
                Edit::Terrain {
                    hex,
                    to: Some("woods".into()),
                }
                .apply(m);
                Edit::Level { hex, to: Some(2) }.apply(m);
            },
            4,
        ),
        (
            "add a named river hexside",
            |m| {
                let (a, b) = free_hexes(m);
                let feature = HexsideFeature {
                    at: Hexside::between(b, a).expect("adjacent"),
                    feature: "river".into(),
                    high: None,
                    name: Some("Ru de l'\u{c9}tang".into()),
                };
                Edit::Hexside {
                    feature,
                    present: true,
                    at: None,
                }
                .apply(m);
            },
            4,
        ),
        (
            "remove the first hexside",
            |m| {
                if let Some(feature) = m.hexsides.first().cloned() {
                    Edit::Hexside {
                        feature,
                        present: false,
                        at: None,
                    }
                    .apply(m);
                }
            },
            2,
        ),
        (
            "add a road",
            |m| {
                let (a, b) = free_hexes(m);
                let road = Road {
                    id: "new-road".into(),
                    name: Some("Chemin neuf".into()),
                    class: "road".into(),
                    hexes: vec![a, b],
                };
                Edit::Road {
                    id: road.id.clone(),
                    to: Some(road),
                    at: None,
                }
                .apply(m);
            },
            4,
        ),
        (
            "extend and delete roads",
            |m| {
                if let Some(mut road) = m.roads.first().cloned() {
                    let last = *road.hexes.last().expect("hexes");
                    if let Some(n) = m
                        .grid
                        .neighbours(last)
                        .into_iter()
                        .find(|n| !road.hexes.contains(n))
                    {
                        road.hexes.push(n);
                    }
                    Edit::Road {
                        id: road.id.clone(),
                        to: Some(road),
                        at: None,
                    }
                    .apply(m);
                }
                if let Some(road) = m.roads.get(1).cloned() {
                    Edit::Road {
                        id: road.id,
                        to: None,
                        at: None,
                    }
                    .apply(m);
                }
            },
            6,
        ),
        (
            "add, grow, rename and delete places",
            |m| {
                let (a, b) = free_hexes(m);
                let place = Place {
                    id: "ferme-du-pre".into(),
                    name: "Ferme du Pr\u{e9}".into(),
                    aliases: vec![],
                    category: Some("farm".into()),
                    hexes: vec![a],
                    provenance: None,
                };
                Edit::Place {
                    id: place.id.clone(),
                    to: Some(place),
                    at: None,
                }
                .apply(m);
                if let Some(mut first) = m.places.first().cloned() {
                    first.hexes.push(b);
                    first.name.push_str(" (north)");
                    Edit::Place {
                        id: first.id.clone(),
                        to: Some(first),
                        at: None,
                    }
                    .apply(m);
                }
                if m.places.len() > 2 {
                    let id = m.places[1].id.clone();
                    Edit::Place {
                        id,
                        to: None,
                        at: None,
                    }
                    .apply(m);
                }
            },
            12,
        ),
        (
            "add and delete entry points",
            |m| {
                let (a, _) = free_hexes(m);
                let entry = EntryPoint {
                    id: "entry-new".into(),
                    name: "New entry".into(),
                    hexes: vec![a],
                    edge: None,
                    road: None,
                    provenance: None,
                };
                Edit::EntryPoint {
                    id: entry.id.clone(),
                    to: Some(entry),
                    at: None,
                }
                .apply(m);
                if m.entry_points.len() > 1 {
                    let id = m.entry_points[0].id.clone();
                    Edit::EntryPoint {
                        id,
                        to: None,
                        at: None,
                    }
                    .apply(m);
                }
            },
            8,
        ),
        (
            "add and delete map edges",
            |m| {
                let edge = MapEdge {
                    id: "east-2".into(),
                    name: Some("Far east".into()),
                    side: None,
                    hexes: vec![free_hexes(m).0],
                    sheet: None,
                };
                Edit::Edge {
                    id: edge.id.clone(),
                    to: Some(edge),
                    at: None,
                }
                .apply(m);
                if let Some(first) = m.edges.first().cloned() {
                    Edit::Edge {
                        id: first.id,
                        to: None,
                        at: None,
                    }
                    .apply(m);
                }
            },
            4,
        ),
        (
            "register the grid: rotation, aspect, origin, size",
            |m| {
                let mut grid = m.grid.clone();
                grid.rotation_deg = 0.5;
                grid.aspect = 1.01;
                grid.origin_px = [85.74, 86.14];
                grid.hex_radius_px *= 1.02;
                Edit::Grid(Box::new(grid)).apply(m);
            },
            6,
        ),
        (
            "bend for drift: corrections",
            |m| {
                let mut grid = m.grid.clone();
                let hexes: Vec<HexId> =
                    m.extent.iter().flat_map(|e| e.hexes()).take(4).collect();
                grid.corrections = hexes
                    .into_iter()
                    .map(|hex| Correction {
                        hex,
                        offset_px: [0.75, -1.25],
                    })
                    .collect();
                Edit::Grid(Box::new(grid)).apply(m);
            },
            8,
        ),
        (
            "properties: name, scale, scan, series",
            |m| {
                m.name.push_str(" (revised)");
                m.scale = Some("about 300 m per hex".into());
                m.scan = Some("scans/new scan.png".into());
                m.series = format!("../{}", m.series);
            },
            8,
        ),
    ]
}

/// Lines of `after` that are not lines of `before` in order, plus lines of
/// `before` that are gone (a line diff's size).
fn changed_lines(before: &str, after: &str) -> usize {
    let (a, b): (Vec<&str>, Vec<&str>) =
        (before.lines().collect(), after.lines().collect());
    let mut table = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for i in (0..a.len()).rev() {
        for j in (0..b.len()).rev() {
            table[i][j] = if a[i] == b[j] {
                table[i + 1][j + 1] + 1
            } else {
                table[i + 1][j].max(table[i][j + 1])
            };
        }
    }
    a.len() + b.len() - 2 * table[0][0]
}

fn check(path: &Path, format: Format, text: &str, failures: &mut Vec<String>) {
    let before: Map = parse(text, format).expect("bundled map reads");
    let comments = comment_count(text, format);
    let mut session = (text.to_owned(), before.clone());
    for (name, edit, max_lines) in edits() {
        let mut edited = before.clone();
        edit(&mut edited);
        let what = format!("{} ({format:?}): {name}", path.display());
        let Some(out) = patch_text(text, format, &edited) else {
            failures.push(format!("{what}: no patch"));
            continue;
        };
        assert_eq!(
            parse::<Map>(&out, format).expect("reads"),
            edited,
            "{what}"
        );
        assert!(
            keeps_comments(text, &out, format),
            "{what}: lost a comment\n{out}"
        );
        assert_eq!(comment_count(&out, format), comments, "{what}");
        let changed = changed_lines(text, &out);
        if let Some(dir) = std::env::var_os("PRESERVE_DUMP") {
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            let file = format!(
                "{stem}-{format:?}-{}.txt",
                name.replace([' ', ':', ','], "_")
            );
            std::fs::write(Path::new(&dir).join(file), &out).expect("dump");
        }
        let limit = if format == Format::Json {
            max_lines * 6
        } else {
            max_lines
        };
        if changed > limit {
            failures.push(format!(
                "{what}: {changed} lines changed (at most {limit})"
            ));
        }
        assert!(!out.contains("\\'"), "{what}: needless escape\n{out}");
        // The same edit on top of the previous ones, as in one session.
        edit(&mut session.1);
        match patch_text(&session.0, format, &session.1) {
            Some(text) => session.0 = text,
            None => failures.push(format!("{what}: no patch in a session")),
        }
    }
    assert!(keeps_comments(text, &session.0, format), "{}", session.0);
}

#[test]
fn every_edit_on_every_bundled_map_keeps_comments_and_layout() {
    let mut failures = Vec::new();
    for path in bundled_maps() {
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(comment_count(&text, Format::Ron) > 0, "{}", path.display());
        check(&path, Format::Ron, &text, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_edit_on_every_bundled_map_in_json() {
    let mut failures = Vec::new();
    for path in bundled_maps() {
        let text = std::fs::read_to_string(&path).expect("read");
        let map: Map = parse(&text, Format::Ron).expect("map");
        let json = to_text(&map, Format::Json).expect("json");
        check(&path, Format::Json, &json, &mut failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn one_new_hexside_is_one_new_line_like_its_neighbours() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../maps/demo/demo.map.ron");
    let text = std::fs::read_to_string(path).expect("demo");
    let mut map: Map = parse(&text, Format::Ron).expect("map");
    let last = map.hexsides.last().cloned().expect("demo has hexsides");
    let (a, b) = free_hexes(&map);
    let feature = HexsideFeature {
        at: Hexside::between(a, b).expect("adjacent"),
        feature: last.feature.clone(),
        high: None,
        name: last.name.clone(),
    };
    Edit::Hexside {
        feature,
        present: true,
        at: None,
    }
    .apply(&mut map);
    let out = patch_text(&text, Format::Ron, &map).expect("patched");
    assert_eq!(changed_lines(&text, &out), 1, "{out}");
    let added = out
        .lines()
        .find(|l| !text.lines().any(|t| t == *l))
        .expect("a new line");
    let neighbour = text
        .lines()
        .find(|l| l.contains(&format!("feature: \"{}\"", last.feature)))
        .expect("neighbour");
    let indent = |l: &str| l.len() - l.trim_start().len();
    assert_eq!(indent(added), indent(neighbour), "{added}\n{neighbour}");
    assert!(added.trim_start().starts_with("(at: "), "{added}");
}
