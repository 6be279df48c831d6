//! ENT021: a turn track's run of night turns that is not the series' night
//! ("The night is divided in 3 turns: 2200-0100, 0100-0400 and 0400-0600",
//! seed 001 l. 3100).
//!
//! What follows is `docs/ENT021.md` (under `validator/rules/`), the text
//! `berthier-validate rule` and `RULES.md` print.
#![doc = include_str!("../../docs/ENT021.md")]

use berthier_schema::scenario::TurnTrack;
use berthier_schema::series::NightDef;

use super::{Finding, Scene};
use crate::code::Code;
use crate::pointer::Pointer;

/// ENT021 for each run of night turns of the scenario's track that is not
/// a stretch of the series' night, or stops short of it inside the track.
pub fn check(scene: &Scene<'_, '_>) -> Vec<Finding> {
    let b = scene.battle;
    let (Some(night), track) = (&b.series.night, &b.scenario.turns) else {
        return Vec::new();
    };
    let (Some(starts), Some(want)) = (track.start_minutes(), spans(night))
    else {
        return Vec::new();
    };
    runs(track)
        .into_iter()
        .filter_map(|(first, last)| {
            let got: Vec<(u32, u32)> = (first..=last)
                .map(|t| {
                    let start = starts[usize::from(t) - 1] % 1440;
                    (start, u32::from(track.length_of(t)))
                })
                .collect();
            let fits = fits(&got, &want, first == 1, last == track.count);
            (!fits).then(|| finding(track, first, last, &got, &want))
        })
        .collect()
}

/// The series' night turns as (start, length) in minutes; `None` when a
/// time does not read.
fn spans(night: &NightDef) -> Option<Vec<(u32, u32)>> {
    night.turns.iter().map(|t| t.span()).collect()
}

/// Each maximal run of consecutive night turns, (first, last).
fn runs(track: &TurnTrack) -> Vec<(u16, u16)> {
    let night = |t: u16| {
        track
            .special
            .iter()
            .any(|s| s.night && (s.turns[0]..=s.turns[1]).contains(&t))
    };
    let mut out: Vec<(u16, u16)> = Vec::new();
    for t in (1..=track.count).filter(|t| night(*t)) {
        match out.last_mut() {
            Some((_, last)) if *last + 1 == t => *last = t,
            _ => out.push((t, t)),
        }
    }
    out
}

/// Whether `got` is the series' night `want`, or a stretch of it cut only
/// where the track starts (`at_start`) or ends (`at_end`).
fn fits(
    got: &[(u32, u32)],
    want: &[(u32, u32)],
    at_start: bool,
    at_end: bool,
) -> bool {
    (0..want.len()).any(|k| {
        let Some(part) = want.get(k..k + got.len()) else {
            return false;
        };
        part == got
            && (k == 0 || at_start)
            && (k + got.len() == want.len() || at_end)
    })
}

fn finding(
    track: &TurnTrack,
    first: u16,
    last: u16,
    got: &[(u32, u32)],
    want: &[(u32, u32)],
) -> Finding {
    let words = |list: &[(u32, u32)]| {
        let spans: Vec<String> = list
            .iter()
            .map(|(s, l)| format!("{}-{}", clock(*s), clock(s + l)))
            .collect();
        spans.join(", ")
    };
    let special = track
        .special
        .iter()
        .position(|s| s.night && (s.turns[0]..=s.turns[1]).contains(&first));
    let at = Pointer::root().field("turns");
    let at = special.map_or(at.clone(), |i| at.field("special").index(i));
    Finding::new(
        Code::Ent021,
        at,
        format!(
            "night turns {first}-{last} ({}) are not the series' night ({})",
            words(got),
            words(want)
        ),
    )
    .help(
        "give the run the series' night turns, or say in the provenance \
         why this battle's night differs",
    )
}

/// `HH:MM` of minutes after midnight (the next day's past 24:00).
fn clock(minutes: u32) -> String {
    let m = minutes % 1440;
    format!("{:02}:{:02}", m / 60, m % 60)
}
