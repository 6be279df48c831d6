//! Victory conditions made of others: "Papelotte and Fichermont
//! controlled: 1 VP" (every one, Waterloo 1, seed 001 l. 2645), "by doing
//! two of the following" (at least), "either ... or" (any); and the
//! conditions that decide who wins a tie ("In case the totals are equal,
//! the side controlling the entry hex of the road to Brussels wins",
//! l. 2662). The Victory tab combines the selected condition with another
//! of the same side, splits a combination back into its parts (to edit a
//! part, then combine again), changes how many parts must be met, and
//! moves a condition into or out of the tie-break list. Nothing a
//! condition carries is dropped: an edit that would lose an id, a level,
//! points or an option is refused with the reason.

use berthier_schema::scenario::{Condition, VictoryCondition, VictoryLevels};

/// How many parts of a combination must be met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Combination {
    /// Every one.
    All,
    /// At least one.
    Any,
    /// At least this many.
    AtLeast(u8),
}

/// Why an edit of the combinations is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CombineError {
    /// The two conditions are not for the same side.
    #[error("a combination counts for one side: these two are for {0} and {1}")]
    Sides(String, String),
    /// A condition carries something the edit would lose.
    #[error(
        "condition {index} has its own {what}, which the edit would drop: \
         change it in the file"
    )]
    WouldDrop {
        /// Its place in the list, counted from 1.
        index: usize,
        /// What it carries ("id", "level of victory", ...).
        what: &'static str,
    },
    /// There is no such condition.
    #[error("there is no condition {0}")]
    Missing(usize),
    /// The condition is not a combination.
    #[error("condition {0} is not made of others")]
    NotCombined(usize),
    /// A combination needs two parts.
    #[error("a condition cannot be combined with itself")]
    Itself,
}

/// What of `vc`'s own, beside its side and condition, an edit that
/// dissolves it would drop; words are kept by joining them.
fn own_parts(vc: &VictoryCondition) -> Option<&'static str> {
    if vc.id.is_some() {
        Some("id (a variant may name it)")
    } else if vc.outcome.is_some() {
        Some("level of victory")
    } else if vc.points.is_some() {
        Some("points for the whole")
    } else if vc.option.is_some() {
        Some("scenario option")
    } else {
        None
    }
}

/// Combines condition `i` with condition `j` (same side) as `how`: the
/// combination takes `i`'s place and keeps what `i` carries; a
/// combination of the same kind as `i` gains `j` as one more part. Both
/// conditions' rulebook words are kept, joined. The combination's index.
pub fn combine(
    list: &mut Vec<VictoryCondition>,
    i: usize,
    j: usize,
    how: Combination,
) -> Result<usize, CombineError> {
    if i == j {
        return Err(CombineError::Itself);
    }
    let first = list.get(i).ok_or(CombineError::Missing(i + 1))?;
    let second = list.get(j).ok_or(CombineError::Missing(j + 1))?;
    if first.side != second.side {
        return Err(CombineError::Sides(
            first.side.clone(),
            second.side.clone(),
        ));
    }
    if let Some(what) = own_parts(second) {
        return Err(CombineError::WouldDrop { index: j + 1, what });
    }
    if first.outcome.is_some() || first.points.is_some() {
        // The level or points were given for `i` alone; they would now
        // need both to be met.
        let what = own_parts(first).unwrap_or("level of victory");
        return Err(CombineError::WouldDrop { index: i + 1, what });
    }
    let second = list.remove(j);
    let at = if j < i { i - 1 } else { i };
    let first = &mut list[at];
    first.text = join_words(first.text.take(), second.text);
    let condition =
        std::mem::replace(&mut first.condition, Condition::All(Vec::new()));
    first.condition = grow(condition, second.condition, how);
    Ok(at)
}

/// `first` and `second` as one combination of kind `how`: a part is
/// added to a combination already of that kind rather than nesting it.
fn grow(first: Condition, second: Condition, how: Combination) -> Condition {
    match (parts_of(first, how), parts_of(second, how)) {
        (Ok((count, mut of)), Ok((_, more))) => {
            of.extend(more);
            make(of, count.map_or(how, Combination::AtLeast))
        }
        (Ok((count, mut of)), Err(second)) => {
            of.push(*second);
            make(of, count.map_or(how, Combination::AtLeast))
        }
        (Err(first), Ok((count, mut of))) => {
            of.insert(0, *first);
            make(of, count.map_or(how, Combination::AtLeast))
        }
        (Err(first), Err(second)) => make(vec![*first, *second], how),
    }
}

/// The parts of `condition` (and its count, for "at least") when it is
/// a combination of kind `how`; else the condition itself.
fn parts_of(
    condition: Condition,
    how: Combination,
) -> Result<(Option<u8>, Vec<Condition>), Box<Condition>> {
    match (condition, how) {
        (Condition::All(of), Combination::All)
        | (Condition::AnyOf(of), Combination::Any) => Ok((None, of)),
        (Condition::AtLeast { count, of }, Combination::AtLeast(_)) => {
            Ok((Some(count), of))
        }
        (other, _) => Err(Box::new(other)),
    }
}

fn make(of: Vec<Condition>, how: Combination) -> Condition {
    match how {
        Combination::All => Condition::All(of),
        Combination::Any => Condition::AnyOf(of),
        Combination::AtLeast(count) => Condition::AtLeast {
            count: count.clamp(1, of.len().try_into().unwrap_or(u8::MAX)),
            of,
        },
    }
}

fn join_words(a: Option<String>, b: Option<String>) -> Option<String> {
    match (a, b) {
        (Some(a), Some(b)) => Some(format!("{a}; {b}")),
        (a, b) => a.or(b),
    }
}

/// The parts of combination `i` and how many must be met.
pub fn combination(
    list: &[VictoryCondition],
    i: usize,
) -> Option<(Combination, &[Condition])> {
    match &list.get(i)?.condition {
        Condition::All(of) => Some((Combination::All, of)),
        Condition::AnyOf(of) => Some((Combination::Any, of)),
        Condition::AtLeast { count, of } => {
            Some((Combination::AtLeast(*count), of))
        }
        _ => None,
    }
}

/// Changes how many parts of combination `i` must be met (at least one,
/// at most all of them); whether it changed.
pub fn set_combination(
    list: &mut [VictoryCondition],
    i: usize,
    how: Combination,
) -> bool {
    let Some(vc) = list.get_mut(i) else {
        return false;
    };
    let before = vc.condition.clone();
    let of = match &mut vc.condition {
        Condition::All(of) | Condition::AnyOf(of) => std::mem::take(of),
        Condition::AtLeast { of, .. } => std::mem::take(of),
        _ => return false,
    };
    vc.condition = make(of, how);
    vc.condition != before
}

/// Replaces combination `i` by its parts, each a condition of the same
/// side, in order; the range they take. Refused when the combination
/// carries an id, a level, points, an option or words of its own, which
/// belong to the whole and no part could keep.
pub fn split(
    list: &mut Vec<VictoryCondition>,
    i: usize,
) -> Result<std::ops::Range<usize>, CombineError> {
    let vc = list.get(i).ok_or(CombineError::Missing(i + 1))?;
    if combination(list, i).is_none() {
        return Err(CombineError::NotCombined(i + 1));
    }
    let what = own_parts(vc).or(vc.text.as_ref().map(|_| "rulebook words"));
    if let Some(what) = what {
        return Err(CombineError::WouldDrop { index: i + 1, what });
    }
    let vc = list.remove(i);
    let of = match vc.condition {
        Condition::All(of) | Condition::AnyOf(of) => of,
        Condition::AtLeast { of, .. } => of,
        _ => unreachable!("checked to be a combination above"),
    };
    let n = of.len();
    for (k, condition) in of.into_iter().enumerate() {
        list.insert(i + k, super::victory_edit::condition(&vc.side, condition));
    }
    Ok(i..i + n)
}

/// Moves condition `i` to the end of the tie-break list; its index there.
pub fn to_tie_break(
    list: &mut Vec<VictoryCondition>,
    levels: &mut Option<VictoryLevels>,
    i: usize,
) -> Option<usize> {
    if i >= list.len() {
        return None;
    }
    let vc = list.remove(i);
    let levels = levels.get_or_insert(VictoryLevels {
        by_difference: Vec::new(),
        tie_break: Vec::new(),
        text: None,
    });
    levels.tie_break.push(vc);
    Some(levels.tie_break.len() - 1)
}

/// Moves tie-break `t` back to the end of the conditions (to edit it, or
/// because it counts in every game); its index there. Levels left with
/// nothing in them go.
pub fn from_tie_break(
    list: &mut Vec<VictoryCondition>,
    levels: &mut Option<VictoryLevels>,
    t: usize,
) -> Option<usize> {
    let l = levels.as_mut()?;
    if t >= l.tie_break.len() {
        return None;
    }
    list.push(l.tie_break.remove(t));
    if l.by_difference.is_empty() && l.tie_break.is_empty() && l.text.is_none()
    {
        *levels = None;
    }
    Some(list.len() - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::victory_edit::{add_elimination, add_objective};
    use crate::setup::victory_hold::add_hold;
    use berthier_schema::scenario::Outcome;

    fn three() -> Vec<VictoryCondition> {
        let map = crate::setup::blank_test_map();
        let mut list = Vec::new();
        add_objective(&mut list, "blue", &map);
        add_hold(&mut list, "blue", &map);
        add_elimination(&mut list, "blue");
        list
    }

    #[test]
    fn combining_grows_one_combination_and_splitting_gives_back_the_parts() {
        let original = three();
        let mut list = original.clone();
        assert_eq!(combine(&mut list, 0, 1, Combination::All), Ok(0));
        assert_eq!(list.len(), 2);
        assert_eq!(combine(&mut list, 1, 0, Combination::All), Ok(0));
        assert_eq!(list.len(), 1);
        let (how, of) = combination(&list, 0).expect("a combination");
        assert_eq!(how, Combination::All);
        assert_eq!(of.len(), 3, "one combination of three, not nested");
        assert_eq!(of[0], original[2].condition, "the elimination first");
        assert!(set_combination(&mut list, 0, Combination::AtLeast(9)));
        assert_eq!(
            combination(&list, 0).map(|c| c.0),
            Some(Combination::AtLeast(3)),
            "at most every part"
        );
        assert!(!set_combination(&mut list, 0, Combination::AtLeast(3)));
        assert_eq!(split(&mut list, 0), Ok(0..3));
        let expected = vec![
            original[2].clone(),
            original[0].clone(),
            original[1].clone(),
        ];
        assert_eq!(list, expected, "the parts, in the combination's order");
    }

    #[test]
    fn nothing_a_condition_carries_is_dropped() {
        let mut list = three();
        list[1].id = Some("ferme".into());
        let refused = combine(&mut list, 0, 1, Combination::Any);
        assert!(
            matches!(refused, Err(CombineError::WouldDrop { index: 2, .. })),
            "{refused:?}"
        );
        list[1].id = None;
        list[0].outcome = Some(Outcome::Major);
        assert!(combine(&mut list, 0, 1, Combination::Any).is_err());
        list[0].outcome = None;
        list[0].text = Some("the mill".into());
        list[1].text = Some("the farm".into());
        assert_eq!(combine(&mut list, 0, 1, Combination::Any), Ok(0));
        assert_eq!(list[0].text.as_deref(), Some("the mill; the farm"));
        assert!(
            matches!(split(&mut list, 0), Err(CombineError::WouldDrop { .. })),
            "its words belong to the whole"
        );
        list.push(list[0].clone());
        list[2].side = "red".into();
        assert!(matches!(
            combine(&mut list, 1, 2, Combination::All),
            Err(CombineError::Sides(..))
        ));
        assert_eq!(split(&mut list, 1), Err(CombineError::NotCombined(2)));
    }

    #[test]
    fn a_condition_moves_into_the_tie_break_and_back() {
        let mut list = three();
        let mut levels = None;
        assert_eq!(to_tie_break(&mut list, &mut levels, 1), Some(0));
        assert_eq!(list.len(), 2);
        assert_eq!(levels.as_ref().map(|l| l.tie_break.len()), Some(1));
        assert_eq!(from_tie_break(&mut list, &mut levels, 0), Some(2));
        assert_eq!(levels, None, "nothing left in the levels");
        assert_eq!(from_tie_break(&mut list, &mut levels, 0), None);
    }
}
