//! How the winner's lead in victory points reads as a level of victory,
//! edited band by band on the Setup screen's Victory tab ("A difference
//! of 1-4 VPs is a minor victory, a difference over 5 VPs is a major
//! victory", Waterloo 1, seed 001 l. 2662). Each function changes the
//! levels and says whether they changed; the screen makes each change one
//! undo step.

use berthier_schema::scenario::{DifferenceBand, Outcome, VictoryLevels};

/// Adds a band after the last one (from the lead after its end; the first
/// from a lead of 1), a level above the last's; its index.
pub fn add_band(levels: &mut Option<VictoryLevels>) -> usize {
    let levels = levels.get_or_insert(VictoryLevels {
        by_difference: Vec::new(),
        tie_break: Vec::new(),
        text: None,
    });
    let last = levels.by_difference.last_mut();
    let (min, outcome) = match last {
        None => (1, Outcome::Minor),
        Some(band) => {
            // The last band ran on without end: it ends where this starts.
            let end = band.max.unwrap_or(band.min.saturating_add(3));
            band.max = Some(end);
            (end.saturating_add(1), above(band.outcome))
        }
    };
    levels.by_difference.push(DifferenceBand {
        min,
        max: None,
        outcome,
    });
    levels.by_difference.len() - 1
}

/// The level above `outcome` (a decisive victory stays decisive).
fn above(outcome: Outcome) -> Outcome {
    match outcome {
        Outcome::Draw => Outcome::Minor,
        Outcome::Minor => Outcome::Major,
        Outcome::Major | Outcome::Decisive => Outcome::Decisive,
    }
}

/// Takes band `b` out; levels with nothing left in them go.
pub fn remove_band(levels: &mut Option<VictoryLevels>, b: usize) -> bool {
    let Some(l) = levels.as_mut() else {
        return false;
    };
    if b >= l.by_difference.len() {
        return false;
    }
    l.by_difference.remove(b);
    if l.by_difference.is_empty() && l.tie_break.is_empty() && l.text.is_none()
    {
        *levels = None;
    }
    true
}

/// Changes band `b` with `change`.
pub fn edit_band(
    levels: &mut Option<VictoryLevels>,
    b: usize,
    change: impl FnOnce(&mut DifferenceBand),
) -> bool {
    let Some(band) = levels.as_mut().and_then(|l| l.by_difference.get_mut(b))
    else {
        return false;
    };
    let before = band.clone();
    change(band);
    *band != before
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_follow_one_another_and_go_when_the_last_is_taken_out() {
        let mut levels = None;
        assert_eq!(add_band(&mut levels), 0);
        assert!(edit_band(&mut levels, 0, |b| b.max = Some(4)));
        assert_eq!(add_band(&mut levels), 1);
        let bands = &levels.as_ref().expect("levels").by_difference;
        assert_eq!(
            bands.as_slice(),
            [
                DifferenceBand {
                    min: 1,
                    max: Some(4),
                    outcome: Outcome::Minor
                },
                DifferenceBand {
                    min: 5,
                    max: None,
                    outcome: Outcome::Major
                },
            ]
        );
        // A third closes the open one.
        add_band(&mut levels);
        let bands = &levels.as_ref().expect("levels").by_difference;
        assert_eq!((bands[1].max, bands[2].min), (Some(8), 9));
        assert_eq!(bands[2].outcome, Outcome::Decisive);
        assert!(!edit_band(&mut levels, 2, |b| b.min = 9), "unchanged");
        assert!(remove_band(&mut levels, 2));
        assert!(remove_band(&mut levels, 0));
        assert!(remove_band(&mut levels, 0));
        assert_eq!(levels, None);
        assert!(!remove_band(&mut levels, 0));
    }
}
