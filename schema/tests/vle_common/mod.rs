//! What the Vive l'Empereur content tests share: loading a battle (map,
//! effective counters, scenarios with variants resolved), the consistency
//! walk over every scenario, and the count helpers.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use berthier_schema::counters::Counters;
use berthier_schema::map::Map;
use berthier_schema::placement::{Location, Placement};
use berthier_schema::scenario::{Condition, Losses, Scenario, ScenarioSide};
use berthier_schema::series::Series;
use berthier_schema::stacking::StackUnit;
use berthier_schema::zone::{SetupLookup, Verdict, Zone};
use berthier_schema::{Document, Format, HexId, load_document};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

pub fn load(path: &Path) -> Document {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    load_document(&text, Format::Ron)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

pub fn series() -> Series {
    match load(&root().join("schema/series/vive-l-empereur.series.ron")) {
        Document::Series(s) => s,
        other => panic!("not a series: {:?}", other.kind()),
    }
}

pub struct Battle {
    pub map: Map,
    pub counters: Counters,
    pub scenarios: BTreeMap<String, Scenario>,
}

pub fn battle(name: &str) -> Battle {
    let map = match load(&root().join(format!("maps/{name}/{name}.map.ron"))) {
        Document::Map(m) => m,
        _ => panic!("{name}: not a map"),
    };
    // The battle's effective counters: its own and the army file's.
    let path = root().join(format!("counters/{name}/{name}.counters.ron"));
    let counters = berthier_schema::pack::load_counters(&path)
        .unwrap_or_else(|e| panic!("{e}"));
    let dir = root().join(format!("scenarios/{name}"));
    let mut scenarios = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).expect("scenario dir") {
        let path = entry.expect("entry").path();
        let file = path.file_name().and_then(|f| f.to_str()).unwrap_or("");
        let Some(stem) = file.strip_suffix(".scenario.ron") else {
            continue;
        };
        // Variants (Ligny 7-9) are resolved on their base.
        let s = berthier_schema::pack::load_scenario(&path)
            .unwrap_or_else(|e| panic!("{file}: {e}"))
            .scenario;
        for rel in [&s.series, &s.map, &s.counters] {
            assert!(dir.join(rel).exists(), "{file}: {rel} does not exist");
        }
        scenarios.insert(stem.to_owned(), s);
    }
    Battle {
        map,
        counters,
        scenarios,
    }
}

pub fn hex(text: &str) -> HexId {
    text.parse().expect("hex id")
}

/// The hexes a location stands for (`schema::zone`'s reading); panics if
/// it names nothing.
pub fn hexes_of(map: &Map, loc: &Location) -> Vec<HexId> {
    Zone::new(map, &Nobody)
        .location_hexes(loc)
        .unwrap_or_else(|e| panic!("{}: {e}", map.id))
}

/// No units set up (to find locations only).
pub struct Nobody;

impl SetupLookup for Nobody {
    fn unit_hex(&self, _: &str) -> Option<HexId> {
        None
    }

    fn formation_hexes(&self, _: Option<&str>, _: &str) -> Vec<HexId> {
        Vec::new()
    }
}

/// Where a scenario's units stand, for `schema::zone`: "with any unit of"
/// means a combat unit of the same side.
pub struct Setup<'a> {
    pub counters: &'a Counters,
    pub side: &'a str,
    pub at: &'a BTreeMap<String, HexId>,
}

impl SetupLookup for Setup<'_> {
    fn unit_hex(&self, unit: &str) -> Option<HexId> {
        self.at.get(unit).copied()
    }

    fn formation_hexes(
        &self,
        formation: Option<&str>,
        except: &str,
    ) -> Vec<HexId> {
        self.at
            .iter()
            .filter(|(id, _)| id.as_str() != except)
            .filter_map(|(id, at)| {
                let u = self.counters.unit(id)?;
                let counts = u.side == self.side
                    && u.class != "leader"
                    && formation
                        .is_none_or(|f| self.counters.in_formation(u, f));
                counts.then_some(*at)
            })
            .collect()
    }
}

pub fn locations_in(p: &Placement, out: &mut Vec<Location>) {
    match p {
        Placement::At(l) | Placement::Within { of: l, .. } => {
            out.push(l.clone())
        }
        Placement::SideOfLine { line, .. } => out.extend(line.iter().cloned()),
        Placement::OnRoad { from, to, .. } => {
            out.push(from.clone());
            out.push(to.clone());
        }
        Placement::HalfwayBetween { a, b, .. }
        | Placement::LineBetween { a, b } => {
            out.push(a.clone());
            out.push(b.clone());
        }
        Placement::All(v) | Placement::AnyOf(v) => {
            v.iter().for_each(|p| locations_in(p, out));
        }
        Placement::Not(p) => locations_in(p, out),
        _ => {}
    }
}

/// Checks every scenario of a battle for consistency with its map,
/// counters and series; returns per scenario and side the combat units set
/// up and arriving.
pub fn check_battle(
    b: &Battle,
    series: &Series,
) -> BTreeMap<(String, String), (usize, usize)> {
    let map = &b.map;
    let stacking = series.stacking.as_ref().expect("stacking");
    for road in &map.roads {
        assert!(series.road_types.iter().any(|t| t.id == road.class));
        for w in road.hexes.windows(2) {
            assert!(
                map.adjacent(w[0], w[1]),
                "{}: {} breaks at {}",
                map.id,
                road.id,
                w[0]
            );
        }
        assert!(road.hexes.iter().all(|h| map.contains(*h)), "{}", road.id);
    }
    for p in &map.places {
        assert!(p.hexes.iter().all(|h| map.contains(*h)), "{}", p.id);
        let prov = p.provenance.as_ref().expect("place provenance");
        assert_eq!(
            prov.source,
            berthier_schema::Source::Reconstructed,
            "{}",
            p.id
        );
    }
    for e in &map.entry_points {
        assert!(e.hexes.iter().all(|h| map.contains(*h)), "{}", e.id);
        if let Some(r) = &e.road {
            let road = map.road(r).expect("entry road");
            assert!(e.hexes.iter().all(|h| road.hexes.contains(h)), "{}", e.id);
        }
        if let Some(edge) = &e.edge {
            let on_edge = hexes_of(map, &Location::Edge(edge.clone()));
            assert!(
                e.hexes.iter().all(|h| on_edge.contains(h)),
                "{} not on {edge}",
                e.id
            );
        }
    }
    let c = &b.counters;
    let mut seen = BTreeSet::new();
    for u in &c.units {
        assert!(seen.insert(u.id.clone()), "duplicate unit {}", u.id);
        assert!(
            series.class(&u.class).is_some(),
            "{}: class {}",
            u.id,
            u.class
        );
        if let Some(f) = &u.formation {
            assert!(c.formation(f).is_some(), "{}: formation {f}", u.id);
        }
    }
    for f in &c.formations {
        if let Some(p) = &f.parent {
            assert!(c.formation(p).is_some(), "{}: parent {p}", f.id);
        }
        if let Some(l) = &f.commander {
            assert_eq!(
                c.unit(l).map(|u| u.class.as_str()),
                Some("leader"),
                "{}",
                f.id
            );
        }
    }
    let mut counts = BTreeMap::new();
    for (name, s) in &b.scenarios {
        assert!(s.turns.start_minutes().is_some(), "{name}: turns");
        let mut at: BTreeMap<String, HexId> = BTreeMap::new();
        let mut everywhere = BTreeSet::new();
        for side in &s.sides {
            for p in &side.setup {
                assert!(
                    map.contains(p.hex),
                    "{name}: {} at {} is off the map",
                    p.unit,
                    p.hex
                );
                assert!(
                    at.insert(p.unit.clone(), p.hex).is_none(),
                    "{name}: {} placed twice",
                    p.unit
                );
            }
        }
        for side in &s.sides {
            let combat = |id: &String| {
                let u = c
                    .unit(id)
                    .unwrap_or_else(|| panic!("{name}: unknown unit {id}"));
                assert_eq!(u.side, side.side, "{name}: {id} on the wrong side");
                u.class != "leader"
            };
            let mut set_up = 0;
            for p in &side.setup {
                assert!(
                    everywhere.insert(p.unit.clone()),
                    "{name}: {} twice",
                    p.unit
                );
                if combat(&p.unit) {
                    set_up += 1;
                }
                let u = c.unit(&p.unit).expect("unit");
                if let Some(f) = &p.formation {
                    let def = series
                        .formations
                        .iter()
                        .find(|d| &d.id == f)
                        .unwrap_or_else(|| panic!("{name}: formation {f}"));
                    assert!(
                        def.classes.contains(&u.class),
                        "{name}: {} in {f}",
                        p.unit
                    );
                    assert!(
                        def.allowed_at_setup,
                        "{name}: {} set up in {f}",
                        p.unit
                    );
                }
            }
            let mut arriving = 0;
            for r in &side.reinforcements {
                let t = match &r.at {
                    berthier_schema::scenario::TurnRef::Clock(t) => s
                        .turns
                        .turn_at(t)
                        .unwrap_or_else(|| panic!("{name}: {t} off the track")),
                    berthier_schema::scenario::TurnRef::Turn(t) => *t,
                    berthier_schema::scenario::TurnRef::Dated { .. } => {
                        panic!("{name}: no dated arrival is bundled yet")
                    }
                };
                assert!(
                    t >= 1 && t <= s.turns.count,
                    "{name}: arrival turn {t}"
                );
                // An arrival enters by a location, is placed on the map
                // (§XIII), or says in its text that no entry is printed.
                match (&r.entry, &r.placed) {
                    (Some(entry), _) => {
                        hexes_of(map, entry);
                    }
                    (None, Some(_)) => {}
                    (None, None) => {
                        assert!(r.text.is_some(), "{name}: entry")
                    }
                }
                if let Some(f) = &r.formation {
                    assert!(c.formation(f).is_some(), "{name}: {f}");
                }
                for u in &r.units.units {
                    assert!(everywhere.insert(u.clone()), "{name}: {u} twice");
                    if combat(u) {
                        arriving += 1;
                    }
                }
            }
            for u in &side.absent {
                assert!(
                    everywhere.insert(u.clone()),
                    "{name}: absent {u} also used"
                );
                combat(u);
            }
            for l in side.lines_of_communication.iter().chain(&side.retreat) {
                hexes_of(map, l);
            }
            for a in &side.attachments {
                assert!(
                    c.formation(&a.to).is_some(),
                    "{name}: attach to {}",
                    a.to
                );
            }
            for m in &side.morale {
                for f in &m.units.formations {
                    assert!(c.formation(f).is_some(), "{name}: morale {f}");
                }
                let demo = m.demoralization.unwrap_or(0);
                assert!(demo <= m.steps, "{name}: {}", m.name);
                assert!(
                    m.desperate.iter().all(|d| *d > demo && *d <= m.steps),
                    "{name}: {}",
                    m.name
                );
            }
            let lookup = Setup {
                counters: c,
                side: &side.side,
                at: &at,
            };
            let zone = Zone::new(map, &lookup);
            for i in &side.instructions {
                let mut locs = Vec::new();
                locations_in(&i.placement, &mut locs);
                for l in &locs {
                    hexes_of(map, l);
                }
                for u in &i.units.units {
                    // Optional units (Waterloo 8's 31 to 41) need not be
                    // set up.
                    let Some(h) = at.get(u) else {
                        if i.option.is_some() {
                            continue;
                        }
                        panic!(
                            "{name}: instruction for {u}, which is not set up"
                        );
                    };
                    assert_ne!(
                        zone.allows(&i.placement, u, *h),
                        Verdict::No,
                        "{name}: {u} at {h} breaks {:?}",
                        i.placement
                    );
                }
            }
            counts
                .insert((name.clone(), side.side.clone()), (set_up, arriving));
        }
        let listed: BTreeSet<_> =
            c.units.iter().map(|u| u.id.clone()).collect();
        assert_eq!(
            everywhere, listed,
            "{name}: every counter is set up, arrives or is absent exactly once"
        );
        // Stacking as far as the data allows: steps are unknown, so only the
        // class, state and formation prohibitions can be checked.
        let mut hexes: BTreeMap<HexId, Vec<StackUnit>> = BTreeMap::new();
        for side in &s.sides {
            for p in &side.setup {
                let u = c.unit(&p.unit).expect("unit");
                hexes.entry(p.hex).or_default().push(StackUnit {
                    id: u.id.clone(),
                    class: u.class.clone(),
                    formation: u.formation.clone().unwrap_or_default(),
                    name: u.name.clone(),
                    state: p
                        .state
                        .clone()
                        .unwrap_or_else(|| "good_order".into()),
                    posture: p.formation.clone(),
                    ratings: BTreeMap::new(),
                });
            }
        }
        for (h, units) in &hexes {
            let v = stacking.violations(units);
            assert!(v.is_empty(), "{name}: {h}: {v:?}");
            let sides: BTreeSet<_> = units
                .iter()
                .map(|u| c.unit(&u.id).expect("unit").side.clone())
                .collect();
            assert_eq!(sides.len(), 1, "{name}: {h} holds both sides");
        }
        for v in &s.victory {
            match &v.condition {
                Condition::Objective { at, .. } => {
                    hexes_of(map, at);
                }
                Condition::Exit { via, units, .. } => {
                    hexes_of(map, via);
                    for f in &units.formations {
                        assert!(c.formation(f).is_some(), "{name}: exit {f}");
                    }
                }
                _ => {}
            }
        }
        assert!(!s.provenance.is_empty(), "{name}: provenance");
    }
    counts
}

pub fn check_counts(
    counts: &BTreeMap<(String, String), (usize, usize)>,
    expected: &[(&str, &str, usize, usize)],
) {
    for (scenario, side, set_up, arriving) in expected {
        let got = counts
            .get(&((*scenario).to_owned(), (*side).to_owned()))
            .unwrap_or_else(|| panic!("{scenario}/{side} missing"));
        assert_eq!(
            *got,
            (*set_up, *arriving),
            "{scenario}/{side}: (set up, arriving)"
        );
    }
}

pub fn morale(
    b: &Battle,
    scenario: &str,
    side: &str,
) -> Vec<(String, u16, u16, Vec<u16>)> {
    b.scenarios[scenario]
        .sides
        .iter()
        .find(|s| s.side == side)
        .expect("side")
        .morale
        .iter()
        .map(|m| {
            (
                m.name.clone(),
                m.steps,
                m.demoralization.unwrap_or(0),
                m.desperate.clone(),
            )
        })
        .collect()
}

pub fn m(
    name: &str,
    steps: u16,
    demo: u16,
    desperate: &[u16],
) -> (String, u16, u16, Vec<u16>) {
    (name.to_owned(), steps, demo, desperate.to_vec())
}

/// A scenario's side by id.
pub fn side<'a>(s: &'a Scenario, id: &str) -> &'a ScenarioSide {
    s.sides.iter().find(|x| x.side == id).expect("side")
}

/// Steps a `Losses` entry takes: `each` per named unit, or its `total`.
pub fn steps(l: &Losses) -> u16 {
    match (l.each, l.total) {
        (Some(each), _) => u16::from(each) * l.units.units.len() as u16,
        (None, Some(total)) => total,
        (None, None) => panic!("losses with neither each nor total"),
    }
}

/// Every starting loss of a side, at setup and with its arrivals.
pub fn loss_total(s: &Scenario, id: &str) -> u16 {
    let side = side(s, id);
    let arriving = side.reinforcements.iter().flat_map(|r| &r.losses);
    side.losses.iter().chain(arriving).map(steps).sum()
}
