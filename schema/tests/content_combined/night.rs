//! Night and Rain turns (seed 001 l. 3098-3112) as the series' data: three
//! night turns, 2200-0100, 0100-0400 and 0400-0600; no charges, no fire,
//! infantry melee only from adjacency, in the night and in rain; one step
//! recovered at the end of the third night turn, rally at the end of the
//! fourth turn; and every night of the combined games' tracks is that one.

use berthier_schema::series::TurnRule;

use super::{night_turns, scenario, vle_common};

#[test]
fn the_series_night_is_the_rulebooks() {
    let series = vle_common::series();
    let night = series.night.as_ref().expect("night");
    let spans: Vec<(u32, u32)> = night
        .turns
        .iter()
        .map(|t| t.span().expect("times"))
        .collect();
    assert_eq!(spans, [(22 * 60, 180), (60, 180), (4 * 60, 120)]);
    let limits = [
        TurnRule::NoCavalryCharges,
        TurnRule::NoFire,
        TurnRule::MeleeOnlyFromAdjacency {
            arms: vec!["infantry".to_owned()],
        },
    ];
    assert_eq!(night.rules, limits);
    let rain = series
        .weather
        .iter()
        .find(|w| w.id == "rain")
        .expect("rain");
    assert_eq!(rain.rules, limits, "the same rules in rain (l. 3104)");
    let recovery = night.recovery.as_ref().expect("recovery");
    assert_eq!((recovery.steps, recovery.at_end_of_turn), (1, 3));
    assert!(recovery.not_eliminated);
    let rally = night.rally.as_ref().expect("rally");
    assert_eq!(rally.at_end_of_turn, 4);
    assert!(rally.instead_of_recovery);
    assert!(night.note.as_deref().is_some_and(|n| n.contains("Larrey")));
}

/// Each combined game's night runs three turns, as the series' night.
#[test]
fn every_combined_night_has_the_series_three_turns() {
    let files = [
        ("c2-quatre-bras-17-june.scenario.ron", vec![17, 18, 19]),
        ("c2-ligny-17-june.scenario.ron", vec![19, 20, 21]),
        (
            "c5-waterloo-campaign.scenario.ron",
            vec![1, 2, 3, 36, 37, 38],
        ),
        ("c5-wavre-campaign.scenario.ron", vec![1, 2, 3, 36, 37, 38]),
    ];
    for (file, want) in files {
        let (s, _) = scenario(file);
        assert_eq!(night_turns(&s), want, "{file}");
        let lengths: Vec<u16> =
            want.iter().map(|t| s.turns.length_of(*t)).collect();
        let three = [180, 180, 120];
        let expected: Vec<u16> =
            three.iter().cycle().take(want.len()).copied().collect();
        assert_eq!(lengths, expected, "{file}");
    }
}
