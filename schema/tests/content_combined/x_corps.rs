//! Variations valid for the four games, 2 - Entering the X corps (seed
//! 001 l. 3124-3136): each item's variant against its base, counted unit
//! by unit. The X Corps (Lamarque) has no printed unit (l. 3128): where it
//! comes, the variant names the formation, whose units are unknown.

use berthier_schema::placement::Placement;
use berthier_schema::scenario::{Arrival, Scenario};

use super::vle_common::side;
use super::{arrival_units, combat, counts, scenario, when};

/// Variations valid for the four games, 2 - Entering the X corps, item 1
/// (l. 3130): on Ligny 1, Mouton's VI Corps (units 102 to 113, l. 2199)
/// comes with the Guard at 1330 by the road to Charleroi to Fleurus
/// (l. 2197) instead of 1900; every other arrival and unit is Ligny 1's.
#[test]
fn x_corps_mouton_at_ligny_matches_the_rulebook() {
    let (v, c) = scenario("variation-x-corps-1-mouton-at-ligny.scenario.ron");
    let (b, _) = scenario("../ligny-1815/ligny1-historical.scenario.ron");
    let arrivals = |s: &Scenario| -> Vec<(String, Option<String>, usize)> {
        side(s, "french")
            .reinforcements
            .iter()
            .map(|a| {
                let entry = a.entry.as_ref().map(|e| e.to_string());
                (when(a), entry, combat(&c, &arrival_units(&c, a)))
            })
            .collect()
    };
    let (va, ba) = (arrivals(&v), arrivals(&b));
    assert_eq!(va.len(), ba.len());
    let vi = |s: &Scenario| {
        side(s, "french")
            .reinforcements
            .iter()
            .position(|a| a.formation.as_deref() == Some("fr-vi"))
            .expect("VI Corps arrival")
    };
    let (i, guard) = (
        vi(&v),
        va.iter()
            .position(|a| a.2 > 0 && a.0 == "13:30")
            .expect("Guard"),
    );
    assert_eq!((ba[i].0.as_str(), va[i].0.as_str()), ("19:00", "13:30"));
    assert_eq!(va[i].1, va[guard].1, "by the Guard's road");
    assert_eq!(va[i].2, 12, "units 102 to 113");
    assert!(guard < i, "after the Guard");
    for (k, (a, b)) in va.iter().zip(&ba).enumerate() {
        if k != i {
            assert_eq!(a, b);
        }
    }
    assert_eq!(counts(&v, &c, "prussian"), counts(&b, &c, "prussian"));
}

/// Variations valid for the four games, 2 - Entering the X corps, item 5
/// (l. 3134): on Waterloo 1, Vandamme's III Corps (units 67 to 79 and 82
/// to 84 with Vandamme, its cavalry 80, 81 being with the VI Corps, l.
/// 2944, 2604) is present, its placement kept as the rulebook's words: no
/// unit of it is laid out or scheduled, and every other unit is Waterloo
/// 1's.
#[test]
fn x_corps_vandamme_at_waterloo_matches_the_rulebook() {
    let (v, c) =
        scenario("variation-x-corps-5-vandamme-at-waterloo.scenario.ron");
    let (b, _) = scenario("../waterloo-1815/w1-historical.scenario.ron");
    let iii: Vec<String> = c
        .units
        .iter()
        .filter(|u| c.in_formation(u, "fr-iii"))
        .map(|u| u.id.clone())
        .collect();
    assert_eq!(combat(&c, &iii), 16, "units 67 to 79 and 82 to 84");
    assert!(iii.iter().any(|u| u == "fr-vandamme"));
    let (fr, base) = (side(&v, "french"), side(&b, "french"));
    for u in &iii {
        assert!(base.absent.contains(u), "{u} absent from Waterloo 1");
        assert!(!fr.absent.contains(u), "{u} present in the variation");
    }
    let kept: Vec<&String> =
        base.absent.iter().filter(|u| !iii.contains(u)).collect();
    assert_eq!(fr.absent.iter().collect::<Vec<_>>(), kept);
    let ins = fr
        .instructions
        .iter()
        .find(|i| i.id.as_deref() == Some("iii-corps"))
        .expect("III Corps instruction");
    let mut named = ins.units.units.clone();
    named.sort();
    let mut want = iii.clone();
    want.sort();
    assert_eq!(named, want);
    assert!(matches!(ins.placement, Placement::Unstructured(_)));
    assert!(ins.text.as_deref().is_some_and(|t| t.contains("l. 3134")));
    // Nothing invented: the same units set up and arriving as Waterloo 1.
    for s in ["french", "anglo-allied", "prussian"] {
        assert_eq!(counts(&v, &c, s), counts(&b, &c, s), "{s}");
    }
    assert_eq!(fr.instructions.len(), base.instructions.len() + 1);
}

/// The X Corps as the counters define it: no unit, "2 divisions including
/// a brigade of Young Guard" (l. 3128), 36 steps (SR 5, l. 3199).
fn x_corps_is_unknown(c: &berthier_schema::Counters) {
    let x = c.formation("fr-x").expect("X Corps");
    let unknown = x.units_unknown.as_ref().expect("units unknown");
    assert_eq!(unknown.steps, Some(36));
    assert!(unknown.composition.contains("brigade of Young Guard"));
    assert!(!c.units.iter().any(|u| c.in_formation(u, "fr-x")));
}

/// The ids of units in `formation` (and its sub-formations).
fn members(c: &berthier_schema::Counters, formation: &str) -> Vec<String> {
    c.units
        .iter()
        .filter(|u| c.in_formation(u, formation))
        .map(|u| u.id.clone())
        .collect()
}

fn brings_x(a: &Arrival) -> bool {
    a.units.formations == ["fr-x"] && a.units.units.is_empty()
}

/// Item 2 (l. 3131) at Quatre-Bras: Quatre-Bras 1's three I Corps
/// arrivals (d'Erlon and 14 units, l. 2039-2041) go to Ligny and are
/// absent; the X Corps enters by the road to Charleroi at 1800.
#[test]
fn x_corps_lamarque_at_quatre_bras_matches_the_rulebook() {
    let (v, c) =
        scenario("variation-x-corps-2-lamarque-at-quatre-bras.scenario.ron");
    let (b, _) = scenario("../quatre-bras-1815/qb1-historical.scenario.ron");
    x_corps_is_unknown(&c);
    let (fr, base) = (side(&v, "french"), side(&b, "french"));
    let derlon: Vec<&Arrival> = base
        .reinforcements
        .iter()
        .filter(|a| a.formation.as_deref() == Some("fr-i"))
        .collect();
    assert_eq!(derlon.len(), 3, "1900, 1930, 2000");
    let gone: Vec<String> =
        derlon.iter().flat_map(|a| arrival_units(&c, a)).collect();
    assert_eq!(combat(&c, &gone), 14, "units 24 to 35, 42 and 43");
    for u in &gone {
        assert!(fr.absent.contains(u), "{u} absent");
    }
    assert_eq!(fr.absent.len(), base.absent.len() + gone.len());
    let x: Vec<&Arrival> =
        fr.reinforcements.iter().filter(|a| brings_x(a)).collect();
    assert_eq!(x.len(), 1);
    assert_eq!(when(x[0]), "18:00");
    let entry = x[0].entry.as_ref().map(ToString::to_string);
    let road = base.reinforcements[0]
        .entry
        .as_ref()
        .map(ToString::to_string);
    assert_eq!(entry, road, "the road to Charleroi (Jerome's, l. 2036)");
    let (vc, bc) = (counts(&v, &c, "french"), counts(&b, &c, "french"));
    assert_eq!(vc.0, bc.0, "the same French set up");
    assert_eq!(vc.1.iter().sum::<usize>() + 14, bc.1.iter().sum::<usize>());
    assert_eq!(fr.reinforcements.len(), base.reinforcements.len() - 2);
    assert!(!fr.morale.iter().any(|m| m.name == "I"));
    assert_eq!(
        counts(&v, &c, "anglo-allied"),
        counts(&b, &c, "anglo-allied")
    );
}

/// Item 2 (l. 3131) at Ligny: d'Erlon and the units of his corps Ligny 1
/// lists absent go to Ligny, their placement kept as text.
#[test]
fn x_corps_derlon_at_ligny_matches_the_rulebook() {
    let (v, c) = scenario("variation-x-corps-2-derlon-at-ligny.scenario.ron");
    let (b, _) = scenario("../ligny-1815/ligny1-historical.scenario.ron");
    let (fr, base) = (side(&v, "french"), side(&b, "french"));
    assert!(fr.absent.is_empty());
    let ins = fr
        .instructions
        .iter()
        .find(|i| i.id.as_deref() == Some("derlon"))
        .expect("d'Erlon's instruction");
    let (mut named, mut want) = (ins.units.units.clone(), base.absent.clone());
    named.sort();
    want.sort();
    assert_eq!(named, want);
    assert_eq!(combat(&c, &named), 14);
    assert!(named.iter().all(|u| members(&c, "fr-i").contains(u)));
    assert!(matches!(ins.placement, Placement::Unstructured(_)));
    for s in ["french", "prussian"] {
        assert_eq!(counts(&v, &c, s), counts(&b, &c, s), "{s}");
    }
}

/// Item 2 (l. 3131) at Waterloo: the X Corps is added to the initial set
/// up, as text; every unit set up or arriving is Waterloo 1's.
#[test]
fn x_corps_lamarque_at_waterloo_matches_the_rulebook() {
    let (v, c) =
        scenario("variation-x-corps-2-lamarque-at-waterloo.scenario.ron");
    let (b, _) = scenario("../waterloo-1815/w1-historical.scenario.ron");
    x_corps_is_unknown(&c);
    let (fr, base) = (side(&v, "french"), side(&b, "french"));
    assert_eq!(fr.instructions.len(), base.instructions.len() + 1);
    let ins = fr.instructions.last().expect("X Corps instruction");
    assert_eq!(ins.units.formations, ["fr-x"]);
    assert!(matches!(ins.placement, Placement::Unstructured(_)));
    assert_eq!(fr.absent, base.absent);
    for s in ["french", "anglo-allied", "prussian"] {
        assert_eq!(counts(&v, &c, s), counts(&b, &c, s), "{s}");
    }
}

/// Item 3 (l. 3132) on item 1: the X Corps in Mouton's place right behind
/// the Guard at 1330; the VI Corps (12 units and Mouton) absent.
#[test]
fn x_corps_lamarque_at_ligny_matches_the_rulebook() {
    let (v, c) = scenario("variation-x-corps-3-lamarque-at-ligny.scenario.ron");
    let (b, _) = scenario("variation-x-corps-1-mouton-at-ligny.scenario.ron");
    let (l1, _) = scenario("../ligny-1815/ligny1-historical.scenario.ron");
    let (fr, base) = (side(&v, "french"), side(&b, "french"));
    let vi = members(&c, "fr-vi");
    let vi_here: Vec<&String> = vi
        .iter()
        .filter(|u| {
            base.reinforcements
                .iter()
                .any(|a| a.units.units.contains(u))
        })
        .collect();
    assert_eq!(combat(&c, vi_here.iter().copied()), 12, "units 102 to 113");
    for u in &vi_here {
        assert!(fr.absent.contains(u), "{u} absent");
    }
    assert!(
        !fr.reinforcements
            .iter()
            .any(|a| a.formation.as_deref() == Some("fr-vi"))
    );
    let i = fr
        .reinforcements
        .iter()
        .position(brings_x)
        .expect("X Corps");
    let guard = fr
        .reinforcements
        .iter()
        .position(|a| a.formation.as_deref() == Some("fr-guard"))
        .expect("Guard");
    let (x, g) = (&fr.reinforcements[i], &fr.reinforcements[guard]);
    assert_eq!((when(x), when(g)), ("13:30".to_owned(), "13:30".to_owned()));
    assert_eq!(x.entry, g.entry, "by the Guard's road");
    assert!(guard < i, "after the Guard");
    assert_eq!(
        x.follows.as_ref().map(|f| f.formations.clone()),
        Some(vec!["fr-guard".to_owned()])
    );
    assert_eq!(
        fr.reinforcements.len(),
        side(&l1, "french").reinforcements.len()
    );
    assert!(!fr.morale.iter().any(|m| m.name == "VI"));
    assert_eq!(fr.morale.len(), base.morale.len() - 1);
    assert_eq!(counts(&v, &c, "prussian"), counts(&b, &c, "prussian"));
}

/// Item 4 (l. 3133) on Wavre 1: Vandamme's III Corps (units 67 to 79 and
/// 82 to 84) off with its losses and morale group, the X Corps present as
/// text; Grouchy, the IV Corps and the cavalry as in Wavre 1.
#[test]
fn x_corps_lamarque_at_wavre_matches_the_rulebook() {
    let (v, c) = scenario("variation-x-corps-4-lamarque-at-wavre.scenario.ron");
    let (b, _) = scenario("../wavre-1815/wavre1-historical.scenario.ron");
    x_corps_is_unknown(&c);
    let (fr, base) = (side(&v, "french"), side(&b, "french"));
    let iii: Vec<String> = members(&c, "fr-iii")
        .into_iter()
        .filter(|u| !base.absent.contains(u))
        .collect();
    assert_eq!(combat(&c, &iii), 16);
    assert!(iii.iter().any(|u| u == "fr-vandamme"));
    for u in &iii {
        assert!(fr.absent.contains(u), "{u} absent");
        assert!(!fr.setup.iter().any(|p| &p.unit == u), "{u} not set up");
    }
    assert_eq!(fr.absent.len(), base.absent.len() + iii.len());
    assert!(fr.setup.iter().any(|p| p.unit == "fr-grouchy"));
    let (vc, bc) = (counts(&v, &c, "french"), counts(&b, &c, "french"));
    assert_eq!((vc.0 + 16, &vc.1), (bc.0, &bc.1));
    let x = fr
        .instructions
        .iter()
        .find(|i| i.id.as_deref() == Some("x-corps"))
        .expect("X Corps instruction");
    assert_eq!(x.units.formations, ["fr-x"]);
    assert!(matches!(x.placement, Placement::Unstructured(_)));
    assert!(
        fr.losses.is_empty(),
        "the III Corps' 6 losses leave with it"
    );
    assert!(!fr.morale.iter().any(|m| m.name == "III"));
    assert_eq!(counts(&v, &c, "prussian"), counts(&b, &c, "prussian"));
}
