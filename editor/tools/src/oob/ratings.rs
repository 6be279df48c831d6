//! The ratings grid's columns, from the series: each class's counter
//! sides and the ratings printed on each (Vive l'Empereur infantry: fire,
//! range, melee, movement, morale and steps on the line side, seed 001
//! §III.1; Jours de Gloire: strength, cohesion, engagement and movement,
//! seed 000 §0.3), why a rating is unknown, and how many units still lack
//! a rating the stacking rules sum.

use berthier_schema::series::Purpose;
use berthier_schema::stacking::Measure;
use berthier_schema::{Counters, Provenance, Series, Unit};

/// One column of the grid: a rating on one counter side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    /// Counter side id (`line`, `good_order`).
    pub side: String,
    /// Rating id (`fire`, `steps`).
    pub rating: String,
}

/// The columns of `class`: its counter sides in the series' order, each
/// with its ratings in printed order. Without a series (or for a class it
/// does not define), the sides and ratings the units already carry.
pub fn columns(
    series: Option<&Series>,
    class: &str,
    units: &[&Unit],
) -> Vec<Column> {
    let defined = series
        .and_then(|s| s.unit_classes.iter().find(|c| c.id == class))
        .map(|c| &c.ratings);
    let mut out = Vec::new();
    if let Some(sides) = defined {
        for side in side_order(series, sides) {
            for rating in &sides[&side] {
                out.push(Column {
                    side: side.clone(),
                    rating: rating.clone(),
                });
            }
        }
        return out;
    }
    for unit in units {
        for (side, ratings) in &unit.ratings {
            for rating in ratings.keys() {
                let column = Column {
                    side: side.clone(),
                    rating: rating.clone(),
                };
                if !out.contains(&column) {
                    out.push(column);
                }
            }
        }
    }
    out
}

/// Counter sides front first: the side printing the most ratings (Vive
/// l'Empereur infantry prints its range on the line side only, in the
/// series' infantry class, §III.1), then in the order the series' formations and states name them
/// (Jours de Gloire: good order before disordered).
fn side_order(
    series: Option<&Series>,
    sides: &std::collections::BTreeMap<String, Vec<String>>,
) -> Vec<String> {
    let rank = |side: &str| -> usize {
        let Some(series) = series else {
            return usize::MAX;
        };
        let named = series
            .formations
            .iter()
            .filter_map(|f| f.counter_side.as_deref())
            .chain(
                series
                    .states
                    .iter()
                    .filter_map(|s| s.counter_side.as_deref()),
            )
            .chain(["front", "back"]);
        named
            .enumerate()
            .find(|(_, s)| *s == side)
            .map_or(usize::MAX, |(i, _)| i)
    };
    let mut order: Vec<String> = sides.keys().cloned().collect();
    order.sort_by_key(|s| (std::cmp::Reverse(sides[s].len()), rank(s)));
    order
}

/// A unit's value in a column: `Some(n)` known, `None` unknown (not
/// printed in the sources, or not yet entered).
pub fn value(unit: &Unit, column: &Column) -> Option<i16> {
    unit.rating(&column.side, &column.rating)
}

/// Why a unit's unknown ratings are unknown: the file's provenance note
/// about this unit (by id, printed number or name), else its note about
/// ratings or unit values; `None` when the file says nothing.
pub fn provenance<'a>(
    notes: &'a [Provenance],
    unit: &Unit,
) -> Option<&'a Provenance> {
    let names_unit = |p: &&Provenance| {
        let about = p.about.to_lowercase();
        about.contains(&unit.id.to_lowercase())
            || about.contains(&unit.name.to_lowercase())
            || unit.printed.as_ref().is_some_and(|n| {
                about.split(|c: char| !c.is_alphanumeric()).any(|w| w == n)
            })
    };
    let about_values = |p: &&Provenance| {
        let about = p.about.to_lowercase();
        about.contains("rating") || about.contains("value")
    };
    notes
        .iter()
        .find(names_unit)
        .or_else(|| notes.iter().find(about_values))
}

/// One line about a provenance note: `unknown, 001 §III.1: note`.
pub fn describe(p: &Provenance) -> String {
    let source = format!("{:?}", p.source).to_lowercase();
    let mut out = format!("{} ({source}", p.about);
    if let Some(r) = &p.reference {
        out.push_str(", ");
        out.push_str(r);
    }
    out.push(')');
    if let Some(note) = &p.note {
        out.push_str(": ");
        out.push_str(note);
    }
    out
}

/// Units that still lack a rating the stacking limits sum (Vive
/// l'Empereur's steps, §V.1, seed 001 l. 421): the rating, and the units
/// it is not known on every counter side of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gap {
    /// The rating summed (`steps`).
    pub rating: String,
    /// Units of the limited classes lacking it.
    pub missing: Vec<String>,
    /// Units of the limited classes.
    pub of: usize,
}

/// The stacking gaps of `units` (all units of a file, or of a formation).
pub fn stacking_gaps<'a>(
    series: Option<&Series>,
    units: impl Iterator<Item = &'a Unit> + Clone,
) -> Vec<Gap> {
    let Some(stacking) = series.and_then(|s| s.stacking.as_ref()) else {
        return Vec::new();
    };
    let mut gaps: Vec<Gap> = Vec::new();
    for limit in &stacking.limits {
        let Measure::Rating(rating) = &limit.measure else {
            continue;
        };
        let limited = units.clone().filter(|u| {
            let class = u.class_for(Purpose::Stacking);
            limit.classes.iter().any(|c| c == class)
                && !stacking.exempt_classes.iter().any(|c| c == class)
        });
        let at = match gaps.iter().position(|g| &g.rating == rating) {
            Some(at) => at,
            None => {
                gaps.push(Gap {
                    rating: rating.clone(),
                    missing: Vec::new(),
                    of: 0,
                });
                gaps.len() - 1
            }
        };
        let gap = &mut gaps[at];
        for u in limited {
            gap.of += 1;
            // The stacking rule reads the side its state shows, else the
            // first side (`Battle::stack_unit`): a rating known on one
            // side only (a line side's steps, not the column's) can still
            // be read as unknown, so every side printing it must carry it.
            let sides: Vec<Column> = columns(series, &u.class, &[u])
                .into_iter()
                .filter(|c| &c.rating == rating)
                .collect();
            let known = !sides.is_empty()
                && sides.iter().all(|c| value(u, c).is_some());
            if !known {
                gap.missing.push(u.id.clone());
            }
        }
    }
    gaps
}

/// The units of formation `id` and of every formation below it.
pub fn units_within<'a>(
    c: &'a Counters,
    id: &str,
) -> impl Iterator<Item = &'a Unit> + Clone {
    let id = id.to_owned();
    c.units.iter().filter(move |u| c.in_formation(u, &id))
}

#[cfg(test)]
mod tests {
    use super::*;
    use berthier_schema::{Counters, Format};

    fn series() -> Series {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../schema/series/vive-l-empereur.series.ron"
        );
        let text = std::fs::read_to_string(path).expect("bundled series");
        berthier_schema::parse(&text, Format::Ron).expect("parses")
    }

    fn units(ratings: &str) -> Counters {
        let text = format!(
            r#"(kind: counters, format_version: 2, id: "t", name: "T",
            series: "s.series.ron", sides: [(id: "a", name: "A")],
            units: [(id: "u1", name: "U1", side: "a", class: "infantry",
                     ratings: {ratings})])"#
        );
        berthier_schema::parse(&text, Format::Ron).expect("parses")
    }

    fn missing(ratings: &str) -> Vec<String> {
        let counters = units(ratings);
        let series = series();
        let gaps = stacking_gaps(Some(&series), counters.units.iter());
        let steps = gaps.iter().find(|g| g.rating == "steps");
        steps.expect("VlE sums steps").missing.clone()
    }

    #[test]
    fn steps_must_be_known_on_every_side_the_stacking_rule_may_read() {
        let both = r#"{"line": {"steps": 4}, "column": {"steps": 4}}"#;
        assert!(missing(both).is_empty());
        let line_only = r#"{"line": {"steps": 4}, "column": {"steps": None}}"#;
        assert_eq!(missing(line_only), ["u1"]);
        let one_side = r#"{"line": {"steps": 4}, "column": {}}"#;
        assert_eq!(missing(one_side), ["u1"]);
        // As the grid writes it when only the line side's steps are typed.
        let no_column = r#"{"line": {"steps": 4}}"#;
        assert_eq!(missing(no_column), ["u1"]);
        assert_eq!(missing("{}"), ["u1"]);
    }
}
