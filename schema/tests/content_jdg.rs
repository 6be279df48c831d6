//! The Jours de Gloire content (series, Rivoli 1797, Canope 1801) loads and
//! agrees with the rulebooks: seed 000 (Rivoli 1797, classic rules and
//! scenarios) and seed 002 (Canope 1801, Empire rules).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use berthier_schema::counters::Counters;
use berthier_schema::map::Map;
use berthier_schema::placement::{Location, Placement};
use berthier_schema::scenario::{
    Condition, Scenario, ScenarioSide, TurnRef, UnitSet,
};
use berthier_schema::series::Purpose;
use berthier_schema::stacking::StackUnit;
use berthier_schema::zone::{SetupLookup, Verdict, Zone};
use berthier_schema::{
    Document, Format, HexId, Hexside, Series, load_document,
};

const CLASSIC: &str = "schema/series/jours-de-gloire.series.ron";
const EMPIRE: &str = "schema/series/jours-de-gloire-empire.series.ron";
const CANOPE_SERIES: &str = "schema/series/canope-1801.series.ron";
const RIVOLI_MAP: &str = "maps/rivoli-1797/rivoli-1797.map.ron";
const RIVOLI_COUNTERS: &str = "counters/rivoli-1797/rivoli-1797.counters.ron";
const CANOPE_MAP: &str = "maps/canope-1801/canope-1801.map.ron";
const CANOPE_COUNTERS: &str = "counters/canope-1801/canope-1801.counters.ron";
const HISTORICAL: &str = "scenarios/rivoli-1797/historical.scenario.ron";
const FREE: &str = "scenarios/rivoli-1797/free-deployment.scenario.ron";
const OPTIONAL: &str =
    "scenarios/rivoli-1797/optional-reinforcements.scenario.ron";
const SCENARIOS: [&str; 3] = [HISTORICAL, FREE, OPTIONAL];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

fn load(rel: &str) -> Document {
    let path = repo().join(rel);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    load_document(&text, Format::Ron)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn series(rel: &str) -> Series {
    match load(rel) {
        Document::Series(s) => s,
        other => panic!("{rel}: not a series: {:?}", other.kind()),
    }
}

fn map(rel: &str) -> Map {
    match load(rel) {
        Document::Map(m) => m,
        other => panic!("{rel}: not a map: {:?}", other.kind()),
    }
}

fn counters(rel: &str) -> Counters {
    match load(rel) {
        Document::Counters(c) => c,
        other => panic!("{rel}: not counters: {:?}", other.kind()),
    }
}

fn scenario(rel: &str) -> Scenario {
    match load(rel) {
        Document::Scenario(s) => s,
        other => panic!("{rel}: not a scenario: {:?}", other.kind()),
    }
}

fn id(s: &str) -> HexId {
    s.parse().expect("hex id")
}

/// A path relative to a file, resolved from the repository root.
fn beside(file: &str, rel: &str) -> String {
    let dir = Path::new(file).parent().expect("dir");
    let mut parts: Vec<String> = dir
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    for part in Path::new(rel).components() {
        match part.as_os_str().to_string_lossy().as_ref() {
            ".." => {
                parts.pop();
            }
            "." => {}
            p => parts.push(p.to_owned()),
        }
    }
    parts.join("/")
}

/// Every unit id a unit set names, formations expanded.
fn expand(set: &UnitSet, oob: &Counters) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = set.units.iter().cloned().collect();
    for f in &set.formations {
        for u in &oob.units {
            if oob.in_formation(u, f) {
                out.insert(u.id.clone());
            }
        }
    }
    out
}

fn is_leader(series: &Series, oob: &Counters, unit: &str) -> bool {
    let u = oob.unit(unit).unwrap_or_else(|| panic!("no unit {unit}"));
    series.class(&u.class).is_some_and(|c| c.leader)
}

fn side<'a>(s: &'a Scenario, side: &str) -> &'a ScenarioSide {
    s.sides.iter().find(|x| x.side == side).expect("side")
}

/// (combat counters at start, combat counters arriving) for one side.
fn counts(
    s: &Scenario,
    side_id: &str,
    series: &Series,
    oob: &Counters,
) -> (usize, usize) {
    let side = side(s, side_id);
    let start = side
        .setup
        .iter()
        .filter(|p| !is_leader(series, oob, &p.unit))
        .count();
    let arriving: usize = side
        .reinforcements
        .iter()
        .map(|a| {
            expand(&a.units, oob)
                .iter()
                .filter(|u| !is_leader(series, oob, u))
                .count()
        })
        .sum();
    (start, arriving)
}

fn stack_unit(oob: &Counters, unit: &str, state: &str) -> StackUnit {
    let u = oob.unit(unit).unwrap_or_else(|| panic!("no unit {unit}"));
    StackUnit {
        id: u.id.clone(),
        class: u.class_for(Purpose::Stacking).to_owned(),
        formation: u.formation.clone().unwrap_or_default(),
        name: u.name.clone(),
        state: state.to_owned(),
        posture: None,
        ratings: BTreeMap::new(),
    }
}

fn synthetic(
    id: &str,
    class: &str,
    formation: &str,
    state: &str,
    sp: i32,
) -> StackUnit {
    StackUnit {
        id: id.to_owned(),
        class: class.to_owned(),
        formation: formation.to_owned(),
        name: id.to_owned(),
        state: state.to_owned(),
        posture: None,
        ratings: BTreeMap::from([("strength".to_owned(), sp)]),
    }
}

struct Setup<'a> {
    side: &'a ScenarioSide,
    oob: &'a Counters,
}

impl SetupLookup for Setup<'_> {
    fn unit_hex(&self, unit: &str) -> Option<HexId> {
        self.side
            .setup
            .iter()
            .find(|p| p.unit == unit)
            .map(|p| p.hex)
    }
    fn formation_hexes(
        &self,
        formation: Option<&str>,
        except: &str,
    ) -> Vec<HexId> {
        self.side
            .setup
            .iter()
            .filter(|p| p.unit != except)
            .filter(|p| {
                formation.is_none_or(|f| {
                    self.oob
                        .unit(&p.unit)
                        .is_some_and(|u| self.oob.in_formation(u, f))
                })
            })
            .map(|p| p.hex)
            .collect()
    }
}

// ---------------------------------------------------------------- series

#[test]
fn classic_series_has_the_required_vocabulary() {
    let s = series(CLASSIC);
    for t in [
        "clear",
        "difficult",
        "orchard",
        "woods",
        "marsh",
        "town",
        "village",
        "castle",
        "fortification",
        "sea",
        "lake",
        "ruins",
        "dry_lake",
    ] {
        let terrain =
            s.terrain_type(t).unwrap_or_else(|| panic!("terrain {t}"));
        assert!(terrain.colour.is_some(), "terrain {t} colour");
    }
    for h in [
        "river",
        "stream",
        "slope",
        "steep_slope",
        "crest",
        "bridge",
        "ford",
        "redoubt",
        "fortification",
    ] {
        let side = s.hexside_type(h).unwrap_or_else(|| panic!("hexside {h}"));
        assert!(side.colour.is_some(), "hexside {h} colour");
    }
    let roads: Vec<&str> = s.road_types.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(roads, ["road", "track"]);
    for c in [
        "infantry",
        "cavalry",
        "heavy_cavalry",
        "artillery",
        "commander",
    ] {
        assert!(s.class(c).is_some(), "class {c}");
    }
    assert!(s.class("commander").expect("commander").leader);
    let square = s
        .formations
        .iter()
        .find(|f| f.id == "square")
        .expect("square");
    assert_eq!(square.only_in, ["clear"]);
    // TEC rows that survive (000 Charts).
    use berthier_schema::series::Cost::{Mp, Unknown};
    let clear = &s.terrain_type("clear").expect("clear").movement;
    assert_eq!(clear["artillery"], Mp(2));
    assert_eq!(
        s.terrain_type("orchard").expect("o").movement["cavalry"],
        Mp(3)
    );
    assert_eq!(
        s.terrain_type("woods").expect("w").movement["infantry"],
        Mp(2)
    );
    assert_eq!(
        s.terrain_type("woods").expect("w").movement["cavalry"],
        Unknown
    );
    assert!(s.terrain_type("sea").expect("sea").impassable);
    assert!(s.hexside_type("river").expect("river").impassable);
    let entry = s.entry.as_ref().expect("entry");
    assert_eq!(entry.forced_march_factor, Some(2));
    // 000 l. 333: no forced march with an enemy unit "five hexes or less
    // from the entry hex".
    assert_eq!(entry.forced_march_enemy_radius, Some(5));
    assert_eq!(entry.keep_out_radius, Some(1));
}

#[test]
fn empire_series_differs_where_the_rulebooks_differ() {
    use berthier_schema::series::EntryDelay;
    let classic = series(CLASSIC);
    let empire = series(EMPIRE);
    assert_eq!(
        classic.entry.as_ref().expect("e").delay,
        EntryDelay::NextActivation
    );
    assert_eq!(
        empire.entry.as_ref().expect("e").delay,
        EntryDelay::NextTurnFirstActivation
    );
    assert!(empire.class("horse_artillery").is_some());
    assert!(classic.class("horse_artillery").is_none());
}

#[test]
fn classic_stacking_judges_real_stacks_as_000_5_1() {
    let s = series(CLASSIC);
    let oob = counters(RIVOLI_COUNTERS);
    let st = s.stacking.as_ref().expect("stacking");
    let ok = |units: &[StackUnit]| st.violations(units).is_empty();
    let u = |id: &str| stack_unit(&oob, id, "good_order");
    // Two units of the same type and formation.
    assert!(ok(&[u("lebley-1"), u("lebley-2")]));
    // Lebley and Sandos are both Joubert infantry.
    assert!(ok(&[u("lebley-1"), u("sandos-1")]));
    // Three infantry: never in the classic rules.
    assert!(!ok(&[u("sandos-1"), u("sandos-2"), u("sandos-3")]));
    // One artillery of any formation with one or two infantry.
    assert!(ok(&[u("reserve-artillery"), u("sandos-1"), u("sandos-2")]));
    assert!(ok(&[u("joubert-artillery"), u("sandos-3")]));
    // Two artillery of any formations.
    assert!(ok(&[u("reserve-artillery"), u("massena-artillery")]));
    // Artillery may not stack with cavalry.
    assert!(!ok(&[u("joubert-artillery"), u("lassalle")]));
    // Infantry of two formations.
    assert!(!ok(&[u("lebley-1"), u("rampon-1")]));
    // Cavalry of two formations (Lassalle 1617 and Leclerc 1618 stay apart).
    assert!(!ok(&[u("lassalle"), u("leclerc")]));
    // Infantry with cavalry of one formation: different types.
    assert!(!ok(&[u("lebley-1"), u("lassalle")]));
    // Routed: type is free, formation is not; never with non-routed.
    let r = |id: &str| stack_unit(&oob, id, "routed");
    assert!(ok(&[r("lebley-1"), r("lassalle")]));
    assert!(!ok(&[r("lebley-1"), r("rampon-1")]));
    assert!(!ok(&[r("lebley-1"), u("lebley-2")]));
    // Commanders do not count.
    assert!(ok(&[u("bonaparte"), u("reserve-39")]));
    // Squares with non-squares.
    let mut sq = u("lebley-1");
    sq.posture = Some("square".into());
    assert!(!ok(&[sq, u("lebley-2")]));
}

#[test]
fn rivoli_overrides_limit_a_name_to_two_and_forbid_squares() {
    let s = series(CLASSIC);
    let oob = counters(RIVOLI_COUNTERS);
    for rel in SCENARIOS {
        let sc = scenario(rel);
        let merged =
            s.with_overrides(sc.rule_overrides.as_ref().expect("overrides"));
        assert!(merged.formations.iter().all(|f| f.id != "square"), "{rel}");
        let st = merged.stacking.as_ref().expect("stacking");
        let u = |id: &str| stack_unit(&oob, id, "good_order");
        assert!(st.violations(&[u("lebley-1"), u("lebley-2")]).is_empty());
        // Three routed Sandos: the name limit bites as well.
        let r = |id: &str| stack_unit(&oob, id, "routed");
        let found =
            st.violations(&[r("sandos-1"), r("sandos-2"), r("sandos-3")]);
        assert!(found.iter().any(|v| v.contains("Sandos")), "{found:?}");
    }
}

#[test]
fn empire_and_canope_stacking_judge_real_stacks_as_002_5_1() {
    let empire = series(EMPIRE);
    let canope = series(CANOPE_SERIES);
    assert_eq!(canope.extends.as_deref(), Some("jours-de-gloire-empire@2"));
    // 002 l. 423: "within 5 hexes or less from the entry hex".
    let entry = empire.entry.as_ref().expect("entry");
    assert_eq!(entry.forced_march_enemy_radius, Some(5));
    let merged =
        empire.with_overrides(canope.overrides.as_ref().expect("overrides"));
    assert!(merged.terrain_type("ruins").expect("ruins").six_fronts);
    let e = empire.stacking.as_ref().expect("stacking");
    let c = merged.stacking.as_ref().expect("stacking");
    let ok = |st: &berthier_schema::stacking::Stacking, units: &[StackUnit]| {
        st.violations(units).is_empty()
    };
    let g = "good_order";
    // 1 artillery + 1 cavalry: legal in Empire (illegal in classic).
    let art_cav = [
        synthetic("a", "horse_artillery", "x", g, 2),
        synthetic("c", "cavalry", "y", g, 2),
    ];
    assert!(ok(e, &art_cav));
    assert!(!ok(
        series(CLASSIC).stacking.as_ref().expect("s"),
        &[
            synthetic("a", "artillery", "x", g, 2),
            synthetic("c", "cavalry", "y", g, 2)
        ]
    ));
    // Infantry with cavalry: forbidden.
    assert!(!ok(
        e,
        &[
            synthetic("i", "infantry", "x", g, 2),
            synthetic("c", "cavalry", "x", g, 2)
        ]
    ));
    // Three infantry of one formation: at most 6 SP.
    let three = |sp: i32| {
        [
            synthetic("i1", "infantry", "x", g, sp),
            synthetic("i2", "infantry", "x", g, sp),
            synthetic("i3", "infantry", "x", g, 2),
        ]
    };
    assert!(ok(e, &three(2)));
    assert!(!ok(e, &three(3)));
    // Routed: formation free, type not.
    let r = "routed";
    assert!(ok(
        e,
        &[
            synthetic("i1", "infantry", "x", r, 2),
            synthetic("i2", "infantry", "y", r, 2)
        ]
    ));
    assert!(!ok(
        e,
        &[
            synthetic("i1", "infantry", "x", r, 2),
            synthetic("c", "cavalry", "x", r, 2)
        ]
    ));
    // Canope 5.1: three cavalry per hex whatever their strength.
    let cav3 = [
        synthetic("c1", "cavalry", "x", g, 3),
        synthetic("c2", "cavalry", "x", g, 3),
        synthetic("c3", "heavy_cavalry", "x", g, 3),
    ];
    assert!(!ok(e, &cav3), "9 SP of cavalry is too much in plain Empire");
    assert!(ok(c, &cav3), "Canope: three cavalry per hex");
    let mut cav4 = cav3.to_vec();
    cav4.push(synthetic("c4", "cavalry", "x", g, 1));
    assert!(!ok(c, &cav4));
    // The Dromadaire stacks as infantry (Canope 0.3).
    let oob = counters(CANOPE_COUNTERS);
    let drom = stack_unit(&oob, "dromadaire", g);
    assert_eq!(drom.class, "infantry");
    assert!(ok(
        c,
        &[drom.clone(), synthetic("i", "infantry", "bron", g, 2)]
    ));
    assert!(!ok(
        c,
        &[drom.clone(), synthetic("c", "cavalry", "bron", g, 2)]
    ));
    let d = oob.unit("dromadaire").expect("dromadaire");
    assert_eq!(d.class_for(Purpose::Movement), "cavalry");
    assert_eq!(d.class_for(Purpose::Victory), "cavalry");
    assert_eq!(d.class_for(Purpose::Combat), "infantry");
    assert_eq!(d.formation.as_deref(), Some("bron"));
}

// ---------------------------------------------------------------- maps

#[test]
fn rivoli_map_holds_the_hexes_the_rulebook_names() {
    let m = map(RIVOLI_MAP);
    for h in [
        "0104", "0105", "0321", "0901", "1009", "1112", "1122", "1722", "1821",
        "1904", "1921", "2008", "2022", "2209", "2215", "2409", "2608", "3101",
        "3401", "3503",
    ] {
        assert!(m.contains(id(h)), "{h} outside the map");
    }
    // No hex is painted: the rulebook names no terrain.
    assert!(m.hexes.values().all(|h| h.terrain.is_none()));
    let pipolo = m.place("mont-pipolo").expect("Mont Pipolo");
    let hexes = &pipolo.hexes;
    assert_eq!(hexes.len(), 3);
    assert!(
        m.grid.adjacent(hexes[0], hexes[1])
            && m.grid.adjacent(hexes[1], hexes[2])
    );
    // Mont Pipolo is not adjacent to the French entry 1722 (seed-jdg §2.1).
    assert!(hexes.iter().all(|h| m.grid.distance(*h, id("1722")) >= 2));
    assert_eq!(
        m.place("chapelle-san-marco").expect("chapel").hexes,
        [id("2409")]
    );
    let entries: BTreeSet<HexId> = m
        .entry_points
        .iter()
        .flat_map(|e| e.hexes.iter().copied())
        .collect();
    let want: BTreeSet<HexId> =
        ["1722", "0321", "0105", "3101", "0901", "3401"]
            .map(id)
            .into();
    assert_eq!(entries, want);
    // Austrian entries are on the north edge, 1722 on the south edge.
    let north = m.edges.iter().find(|e| e.id == "north").expect("north");
    let north = m.edge_hexes(north);
    for h in ["0901", "3101", "3401"] {
        assert!(north.contains(&id(h)), "{h} not on the north edge");
    }
    let south = m.edges.iter().find(|e| e.id == "south").expect("south");
    assert!(m.edge_hexes(south).contains(&id("1722")));
}

#[test]
fn rivoli_free_deployment_lines_are_straight_only_with_odd_columns_shifted() {
    let m = map(RIVOLI_MAP);
    let straight = |a: &str, b: &str| {
        let (a, b) = (m.grid.to_hex(id(a)), m.grid.to_hex(id(b)));
        let d = a - b;
        d.x() == 0 || d.y() == 0 || d.x() + d.y() == 0
    };
    for (a, b) in [
        ("0104", "1009"),
        ("1009", "1904"),
        ("1904", "2608"),
        ("2608", "3503"),
        ("1122", "1112"),
        ("1112", "2008"),
        ("2008", "2209"),
        ("2209", "2215"),
    ] {
        assert!(straight(a, b), "{a}-{b}");
    }
    // The printed "2609 to 3503" is not a hex line: read as 2608.
    assert!(!straight("2609", "3503"));
}

#[test]
fn canope_map_slopes_join_adjacent_hexes() {
    let m = map(CANOPE_MAP);
    assert_eq!(m.hexsides.len(), 2);
    for side in &m.hexsides {
        assert!(side.at.is_on(&m.grid), "{} not adjacent", side.at);
        assert_eq!(side.feature, "slope");
        for h in side.at.hexes() {
            assert!(m.contains(h), "{h} outside");
        }
    }
    let pair: Hexside = "0504/0403".parse().expect("side");
    let dune = m.hexsides.iter().find(|s| s.at == pair).expect("dune");
    assert_eq!(dune.high, Some(id("0403")));
    let slope: Hexside = "1808/1709".parse().expect("side");
    let slope = m.hexsides.iter().find(|s| s.at == slope).expect("slope");
    assert_eq!(slope.high, Some(id("1808")));
    assert_eq!(m.hexes[&id("2501")].terrain.as_deref(), Some("sea"));
    assert_eq!(m.hexes[&id("601")].terrain.as_deref(), Some("clear"));
    assert!(m.hexes[&id("1403")].redoubt.is_some());
    // Every painted terrain exists in the Canope series (with overrides).
    let canope = series(CANOPE_SERIES);
    let merged =
        series(EMPIRE).with_overrides(canope.overrides.as_ref().expect("o"));
    for (hex, data) in &m.hexes {
        if let Some(t) = &data.terrain {
            assert!(merged.terrain_type(t).is_some(), "{hex}: {t}");
        }
    }
    assert_eq!(beside(CANOPE_MAP, &m.series), CANOPE_SERIES);
}

// ---------------------------------------------------------------- Rivoli

#[test]
fn rivoli_files_point_at_each_other() {
    let oob = counters(RIVOLI_COUNTERS);
    assert_eq!(beside(RIVOLI_COUNTERS, &oob.series), CLASSIC);
    assert_eq!(beside(RIVOLI_MAP, &map(RIVOLI_MAP).series), CLASSIC);
    for rel in SCENARIOS {
        let s = scenario(rel);
        assert_eq!(beside(rel, &s.series), CLASSIC, "{rel}");
        assert_eq!(beside(rel, &s.map), RIVOLI_MAP, "{rel}");
        assert_eq!(beside(rel, &s.counters), RIVOLI_COUNTERS, "{rel}");
    }
}

#[test]
fn rivoli_orders_of_battle_count_as_printed() {
    let oob = counters(RIVOLI_COUNTERS);
    let per_formation = |f: &str| {
        oob.units
            .iter()
            .filter(|u| u.formation.as_deref() == Some(f))
            .count()
    };
    // Austrian columns: Ocskay 3, Köblös 4, Liptay 4 at start; Quasdanovitch
    // ten, Lusignan four, Wukassovitch five counters.
    for (f, n) in [
        ("ocskay", 3),
        ("koblos", 4),
        ("liptay", 4),
        ("quasdanovitch", 10),
        ("lusignan", 4),
        ("wukassovitch", 5),
        // Reserve: 39th + artillery; Joubert: 2+3+2 + Lassalle + artillery;
        // Masséna: Leclerc, Rampon 2, artillery, Monnier 2, Brune 2, Motte 3;
        // Rey: Baraguey 2 (+11th light), Murat 2.
        ("reserve", 2),
        ("joubert", 9),
        ("massena", 11),
        ("rey", 5),
    ] {
        assert_eq!(per_formation(f), n, "{f}");
    }
    for f in &oob.formations {
        if f.level != "army" {
            assert_eq!(f.activation_markers.len(), 2, "{} AMs", f.id);
        }
    }
    // Same-name counts the scenario prints.
    let named = |n: &str| oob.units.iter().filter(|u| u.name == n).count();
    assert_eq!(named("Lebley"), 2);
    assert_eq!(named("Sandos"), 3);
    assert_eq!(named("Vial"), 2);
    assert_eq!(named("Motte"), 3);
    // No rating is invented.
    assert!(oob.units.iter().all(|u| u.ratings.is_empty()));
    assert!(
        oob.formations
            .iter()
            .flat_map(|f| &f.activation_markers)
            .all(|a| a.initiative.is_none())
    );
}

#[test]
fn rivoli_scenarios_count_as_printed() {
    let s = series(CLASSIC);
    let oob = counters(RIVOLI_COUNTERS);
    // (scenario, French start, French arriving, Austrian start, Austrian arriving)
    for (rel, fs, fa, a_s, aa) in [
        (HISTORICAL, 12, 11, 11, 19),
        (FREE, 12, 11, 11, 19),
        (OPTIONAL, 12, 15, 11, 19),
    ] {
        let sc = scenario(rel);
        assert_eq!(counts(&sc, "french", &s, &oob), (fs, fa), "{rel} French");
        assert_eq!(
            counts(&sc, "austrian", &s, &oob),
            (a_s, aa),
            "{rel} Austrian"
        );
        // Every counter of a side is set up, arrives or is absent, once.
        for side in &sc.sides {
            let mut seen: BTreeMap<String, usize> = BTreeMap::new();
            for p in &side.setup {
                *seen.entry(p.unit.clone()).or_default() += 1;
            }
            for a in &side.reinforcements {
                for u in expand(&a.units, &oob) {
                    *seen.entry(u).or_default() += 1;
                }
            }
            for u in &side.absent {
                *seen.entry(u.clone()).or_default() += 1;
            }
            let all: BTreeSet<String> = oob
                .units
                .iter()
                .filter(|u| u.side == side.side)
                .map(|u| u.id.clone())
                .collect();
            let keys: BTreeSet<String> = seen.keys().cloned().collect();
            assert_eq!(keys, all, "{rel} {}", side.side);
            assert!(
                seen.values().all(|n| *n == 1),
                "{rel} {}: {seen:?}",
                side.side
            );
        }
        // AMs at start.
        assert_eq!(
            side(&sc, "french").markers_at_start,
            ["joubert", "reserve"]
        );
        assert_eq!(
            side(&sc, "austrian").markers_at_start,
            ["ocskay", "koblos", "liptay"]
        );
        assert_eq!(side(&sc, "french").special_markers, ["furia-francese"]);
    }
}

#[test]
fn rivoli_turn_track_and_arrivals_fall_on_the_printed_turns() {
    let m = map(RIVOLI_MAP);
    for rel in SCENARIOS {
        let sc = scenario(rel);
        let t = &sc.turns;
        assert_eq!(
            (t.first.as_str(), t.minutes_per_turn, t.count),
            ("04:00", 75, 13)
        );
        let night: BTreeSet<u16> = (1..=t.count)
            .filter(|n| {
                t.special
                    .iter()
                    .any(|s| s.night && (s.turns[0]..=s.turns[1]).contains(n))
            })
            .collect();
        assert_eq!(night, BTreeSet::from([1, 2, 3, 13]), "{rel}");
        let one_am: BTreeSet<u16> = (1..=t.count)
            .filter(|n| {
                t.special.iter().any(|s| {
                    s.markers_per_formation == Some(1)
                        && (s.turns[0]..=s.turns[1]).contains(n)
                })
            })
            .collect();
        assert_eq!(one_am, BTreeSet::from([1, 2]), "{rel}");
        assert_eq!(t.turn_at("19:00"), Some(13));
        let mut arrivals: Vec<(String, u16, String, usize)> = Vec::new();
        let oob = counters(RIVOLI_COUNTERS);
        for side in &sc.sides {
            for a in &side.reinforcements {
                let TurnRef::Clock(clock) = &a.at else {
                    panic!("clock times")
                };
                let turn = t
                    .turn_at(clock)
                    .unwrap_or_else(|| panic!("{clock} off the track"));
                let Some(Location::Entry(e)) = &a.entry else {
                    panic!("entry point")
                };
                let entry =
                    m.entry_points.iter().find(|x| &x.id == e).expect("entry");
                arrivals.push((
                    a.formation.clone().expect("formation"),
                    turn,
                    entry.hexes[0].to_string(),
                    expand(&a.units, &oob).len(),
                ));
            }
        }
        let mut want: Vec<(&str, u16, &str, usize)> = vec![
            ("massena", 5, "1722", 3),
            ("massena", 6, "1722", 4),
            ("rey", 9, "0321", 2),
            ("rey", 11, "0105", 2),
            ("quasdanovitch", 4, "3101", 10),
            ("lusignan", 4, "0901", 4),
            ("wukassovitch", 5, "3401", 5),
        ];
        if rel == OPTIONAL {
            want.push(("massena", 10, "1722", 3));
            want.push(("rey", 10, "0321", 1));
        }
        let mut got: Vec<(&str, u16, &str, usize)> = arrivals
            .iter()
            .map(|(f, t, h, n)| (f.as_str(), *t, h.as_str(), *n))
            .collect();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{rel}");
        // Lusignan may not force march in the historical scenario only.
        let lus = side(&sc, "austrian")
            .reinforcements
            .iter()
            .find(|a| a.formation.as_deref() == Some("lusignan"))
            .expect("Lusignan");
        assert_eq!(lus.no_forced_march, rel == HISTORICAL, "{rel}");
    }
}

#[test]
fn rivoli_optional_entries_and_delay_table() {
    use berthier_schema::scenario::Chooser;
    let sc = scenario(OPTIONAL);
    for side in &sc.sides {
        for a in &side.reinforcements {
            let alt = a.alternatives.as_ref().expect("alternatives");
            let rows: Vec<([u8; 2], u8, Chooser)> = alt
                .delay_table
                .iter()
                .map(|r| (r.roll, r.delay_turns, r.chooser))
                .collect();
            assert_eq!(
                rows,
                [
                    ([0, 1], 0, Chooser::Owner),
                    ([2, 6], 1, Chooser::Owner),
                    ([7, 8], 2, Chooser::Owner),
                    ([9, 9], 0, Chooser::Opponent)
                ]
            );
            let edges: Vec<String> = alt
                .entries
                .iter()
                .map(|l| match l {
                    Location::Edge(e) => e.clone(),
                    other => panic!("{other:?}"),
                })
                .collect();
            let want: &[&str] = match a.formation.as_deref() {
                Some("massena") => &["south"],
                Some("rey") => &["south", "west"],
                _ => &["north"],
            };
            assert_eq!(edges, want);
            assert_eq!(alt.road_hexes_only, side.side == "austrian");
        }
    }
    for rel in [HISTORICAL, FREE] {
        let sc = scenario(rel);
        assert!(
            sc.sides
                .iter()
                .flat_map(|s| &s.reinforcements)
                .all(|a| a.alternatives.is_none())
        );
    }
}

#[test]
fn rivoli_victory_points_as_printed() {
    let m = map(RIVOLI_MAP);
    for rel in SCENARIOS {
        let sc = scenario(rel);
        let mut objectives: Vec<(Vec<HexId>, i32)> = Vec::new();
        let mut texts = String::new();
        let mut exit = None;
        for v in &sc.victory {
            match &v.condition {
                Condition::Objective { at, points, .. } => {
                    assert_eq!(v.side, "austrian");
                    let hexes = match at {
                        Location::Hex(h) => vec![*h],
                        Location::Place(p) => {
                            m.place(p).expect("place").hexes.clone()
                        }
                        other => panic!("{other:?}"),
                    };
                    objectives.push((hexes, *points));
                }
                Condition::Exit {
                    via,
                    count,
                    automatic,
                    ..
                } => {
                    exit = Some((via.clone(), *count, *automatic));
                }
                Condition::Elimination { points } => assert_eq!(*points, 2),
                Condition::Text(t) => texts.push_str(t),
                other => panic!("Rivoli prints no such condition: {other:?}"),
            }
        }
        objectives.sort();
        assert_eq!(
            objectives,
            [(vec![id("1722")], 5), (vec![id("2409")], 2)],
            "{rel}"
        );
        for needle in [
            "Zoanne: 5",
            "Affi: 3",
            "Rivoli: 3",
            "tie, the Austrian wins",
            "three Austrian formations",
        ] {
            assert!(texts.contains(needle), "{rel}: {needle}");
        }
        assert_eq!(exit, Some((Location::Hex(id("1722")), 2, true)));
        assert_eq!(
            side(&sc, "french").retreat,
            [Location::Edge("south".into())]
        );
        assert_eq!(
            side(&sc, "austrian").retreat,
            [Location::Edge("north".into())]
        );
    }
}

#[test]
fn rivoli_setups_satisfy_their_instructions_and_the_rules() {
    let s = series(CLASSIC);
    let m = map(RIVOLI_MAP);
    let oob = counters(RIVOLI_COUNTERS);
    for rel in SCENARIOS {
        let sc = scenario(rel);
        let rules =
            s.with_overrides(sc.rule_overrides.as_ref().expect("overrides"));
        let stacking = rules.stacking.as_ref().expect("stacking");
        for side in &sc.sides {
            let lookup = Setup { side, oob: &oob };
            let zone = Zone::new(&m, &lookup);
            let mut covered = BTreeSet::new();
            for ins in &side.instructions {
                for unit in expand(&ins.units, &oob) {
                    let Some(placed) =
                        side.setup.iter().find(|p| p.unit == unit)
                    else {
                        panic!("{rel}: {unit} has an instruction but no setup");
                    };
                    // The simple kinds, by hand with Grid::distance.
                    let simple = match &ins.placement {
                        Placement::Hex(h) => Some(*h == placed.hex),
                        Placement::HexOrAdjacent(h) => {
                            Some(m.grid.distance(*h, placed.hex) <= 1)
                        }
                        Placement::Within {
                            of: Location::Hex(h),
                            hexes,
                        } => Some(
                            m.grid.distance(*h, placed.hex)
                                <= u32::from(*hexes),
                        ),
                        _ => None,
                    };
                    assert_ne!(
                        simple,
                        Some(false),
                        "{rel}: {unit} at {}",
                        placed.hex
                    );
                    // Every kind, with the shared evaluator.
                    assert_eq!(
                        zone.allows(&ins.placement, &unit, placed.hex),
                        Verdict::Yes,
                        "{rel}: {unit} at {} breaks {:?}",
                        placed.hex,
                        ins.placement
                    );
                    covered.insert(unit);
                }
            }
            let placed: BTreeSet<String> =
                side.setup.iter().map(|p| p.unit.clone()).collect();
            assert_eq!(
                covered, placed,
                "{rel} {}: setup without instruction",
                side.side
            );
            // In the map, one side per hex, legal stacks, shared facing.
            let mut hexes: BTreeMap<
                HexId,
                Vec<&berthier_schema::scenario::Placed>,
            > = BTreeMap::new();
            for p in &side.setup {
                assert!(
                    m.contains(p.hex),
                    "{rel}: {} at {} off the map",
                    p.unit,
                    p.hex
                );
                hexes.entry(p.hex).or_default().push(p);
            }
            for (hex, stack) in &hexes {
                let units: Vec<StackUnit> = stack
                    .iter()
                    .map(|p| stack_unit(&oob, &p.unit, "good_order"))
                    .collect();
                let found = stacking.violations(&units);
                assert!(found.is_empty(), "{rel} {hex}: {found:?}");
                let facings: BTreeSet<u8> = stack
                    .iter()
                    .filter(|p| !is_leader(&s, &oob, &p.unit))
                    .filter(|p| {
                        oob.unit(&p.unit)
                            .is_some_and(|u| u.class != "artillery")
                    })
                    .filter_map(|p| p.facing)
                    .collect();
                assert!(facings.len() <= 1, "{rel} {hex}: facings {facings:?}");
            }
            // No unit on or next to an enemy entry hex (000 §5.2).
            let enemy = sc
                .sides
                .iter()
                .find(|x| x.side != side.side)
                .expect("enemy");
            for a in &enemy.reinforcements {
                let Some(Location::Entry(e)) = &a.entry else {
                    continue;
                };
                let entry =
                    m.entry_points.iter().find(|x| &x.id == e).expect("entry");
                for p in &side.setup {
                    for h in &entry.hexes {
                        assert!(
                            m.grid.distance(*h, p.hex) > 1,
                            "{rel}: {} near {h}",
                            p.unit
                        );
                    }
                }
            }
            // Nor on an own entry hex (a force-marching column cannot enter).
            for a in &side.reinforcements {
                let Some(Location::Entry(e)) = &a.entry else {
                    continue;
                };
                let entry =
                    m.entry_points.iter().find(|x| &x.id == e).expect("entry");
                assert!(
                    side.setup.iter().all(|p| !entry.hexes.contains(&p.hex)),
                    "{rel}"
                );
            }
        }
        // The two armies never share a hex.
        let french: BTreeSet<HexId> =
            side(&sc, "french").setup.iter().map(|p| p.hex).collect();
        assert!(
            side(&sc, "austrian")
                .setup
                .iter()
                .all(|p| !french.contains(&p.hex))
        );
    }
}

#[test]
fn rivoli_free_deployment_zones_exclude_the_historical_austrian_south() {
    // seed-jdg §5.2: 1408, 1607, 2007 and 2408 lie south of the Austrian
    // line, so the free setup had to move those counters.
    let m = map(RIVOLI_MAP);
    let oob = counters(RIVOLI_COUNTERS);
    let sc = scenario(FREE);
    let austrian = side(&sc, "austrian");
    let lookup = Setup {
        side: austrian,
        oob: &oob,
    };
    let zone = Zone::new(&m, &lookup);
    let placement = &austrian.instructions[0].placement;
    for h in ["1408", "1607", "2007", "2408"] {
        assert_eq!(
            zone.allows(placement, "koblos-1", id(h)),
            Verdict::No,
            "{h}"
        );
    }
    // The line itself is not "north of" it: 0104 and 0205 touch entry 0105.
    for h in ["0104", "0205", "2608", "3503"] {
        assert_eq!(
            zone.allows(placement, "koblos-1", id(h)),
            Verdict::No,
            "{h}"
        );
    }
    let french = side(&sc, "french");
    let lookup = Setup {
        side: french,
        oob: &oob,
    };
    let zone = Zone::new(&m, &lookup);
    let placement = &french.instructions[0].placement;
    for h in ["1715", "1511", "2109", "1122", "2215"] {
        assert_eq!(
            zone.allows(placement, "lebley-1", id(h)),
            Verdict::Yes,
            "{h}"
        );
    }
    for h in ["1304", "1011", "2308"] {
        assert_eq!(
            zone.allows(placement, "lebley-1", id(h)),
            Verdict::No,
            "{h}"
        );
    }
}

// ---------------------------------------------------------------- Canope

#[test]
fn canope_counters_hold_only_what_the_seed_states() {
    let oob = counters(CANOPE_COUNTERS);
    assert_eq!(beside(CANOPE_COUNTERS, &oob.series), CANOPE_SERIES);
    let sides: Vec<&str> = oob.sides.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(sides, ["french", "british"]);
    let ids: BTreeSet<&str> = oob.units.iter().map(|u| u.id.as_str()).collect();
    assert_eq!(
        ids,
        BTreeSet::from([
            "menou",
            "reynier",
            "abercromby",
            "hutchinson",
            "dromadaire"
        ])
    );
    assert!(oob.units.iter().all(|u| u.ratings.is_empty()));
    let formations: Vec<&str> =
        oob.formations.iter().map(|f| f.id.as_str()).collect();
    assert_eq!(formations, ["bron"]);
}
