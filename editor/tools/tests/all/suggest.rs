//! Terrain suggested from the demo scan's colours, checked against the
//! demo map's own terrain.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![allow(clippy::print_stderr)] // the tests report the accuracy they measure

use std::collections::BTreeMap;

use berthier_schema::{HexId, Map};
use berthier_tools::project;
use berthier_tools::render;
use berthier_tools::scene;
use berthier_tools::suggest::{self, Sample};

fn demo() -> (Map, Vec<String>) {
    let (path, map) =
        project::resolve_map(&project::demo_map_path()).expect("demo map");
    let series = project::series_for(&path, &map).expect("demo series");
    (map, suggest::water_types(&series))
}

/// Two sample hexes of every terrain type the demo uses, the first two in
/// file order (the designer's first clicks).
fn samples(map: &Map) -> Vec<Sample> {
    let mut per: BTreeMap<String, Vec<HexId>> = BTreeMap::new();
    for (hex, data) in &map.hexes {
        if let Some(t) = &data.terrain {
            per.entry(t.clone()).or_default().push(*hex);
        }
    }
    per.into_iter()
        .flat_map(|(terrain, hexes)| {
            hexes.into_iter().take(2).map(move |hex| Sample {
                hex,
                terrain: terrain.clone(),
            })
        })
        .collect()
}

fn scan() -> image::RgbImage {
    image::open(render::demo_scan_path())
        .expect("scan")
        .into_rgb8()
}

#[test]
fn proposes_the_demo_terrain_for_nine_hexes_in_ten() {
    let (map, water) = demo();
    assert_eq!(water, ["sea", "lake"]);
    let samples = samples(&map);
    let others: Vec<HexId> = scene::all_hexes(&map)
        .filter(|h| samples.iter().all(|s| s.hex != *h))
        .collect();
    let proposals =
        suggest::propose(&scan(), &map.grid, &others, &samples, &water);
    assert_eq!(proposals.len(), others.len());
    let right = proposals
        .iter()
        .filter(|p| map.hexes[&p.hex].terrain.as_deref() == Some(&p.terrain))
        .count();
    let share = right as f64 / proposals.len() as f64;
    for p in proposals
        .iter()
        .filter(|p| map.hexes[&p.hex].terrain.as_deref() != Some(&p.terrain))
    {
        eprintln!(
            "{}: proposed {} ({:.2}), is {:?}",
            p.hex, p.terrain, p.confidence, map.hexes[&p.hex].terrain
        );
    }
    eprintln!("{right}/{} right ({:.1} %)", proposals.len(), share * 100.0);
    assert!(share >= 0.9, "{share}");
    assert!(proposals.iter().all(|p| !p.half_water), "no half-water hex");
}

#[test]
fn a_hex_half_under_water_is_flagged() {
    let (map, water) = demo();
    let mut img = scan();
    // Flood the west half of clear hex 0808 with the sea's printed colour.
    let hex: HexId = "0808".parse().expect("id");
    let sea_at = map.geometry().center_px("0112".parse().expect("id"));
    let sea = *img.get_pixel(sea_at[0] as u32, sea_at[1] as u32 + 8);
    let c = map.geometry().center_px(hex);
    let r = map.grid.hex_radius_px;
    for y in (c[1] - r) as u32..(c[1] + r) as u32 {
        for x in (c[0] - r) as u32..c[0] as u32 {
            img.put_pixel(x, y, sea);
        }
    }
    let proposals =
        suggest::propose(&img, &map.grid, &[hex], &samples(&map), &water);
    let p = &proposals[0];
    assert!(p.half_water, "{p:?}");
    assert!((0.4..0.6).contains(&p.water_share), "{p:?}");
}

#[test]
fn accepting_paints_in_one_undo_step() {
    let (mut map, water) = demo();
    let hexes: Vec<HexId> = ["0303", "1403", "0808"]
        .iter()
        .map(|h| h.parse().expect("id"))
        .collect();
    for h in &hexes {
        map.hexes.remove(h);
    }
    let proposals =
        suggest::propose(&scan(), &map.grid, &hexes, &samples(&map), &water);
    let undo = suggest::accept(&proposals).apply(&mut map);
    let painted: Vec<_> = hexes
        .iter()
        .map(|h| map.hexes[h].terrain.clone().unwrap_or_default())
        .collect();
    assert_eq!(painted, ["woods", "lake", "clear"]);
    undo.apply(&mut map);
    assert!(hexes.iter().all(|h| !map.hexes.contains_key(h)));
}

#[test]
fn no_samples_or_a_blank_image_give_no_proposals() {
    let (map, water) = demo();
    let hexes: Vec<HexId> = scene::all_hexes(&map).collect();
    assert!(
        suggest::propose(&scan(), &map.grid, &hexes, &[], &water).is_empty()
    );
    let tiny = image::RgbImage::new(4, 4);
    assert!(
        suggest::propose(&tiny, &map.grid, &hexes, &samples(&map), &water)
            .is_empty()
    );
}
