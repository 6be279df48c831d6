//! The units and formations an instruction places or an arrival brings,
//! offered and shown by their names ("Red brigade (formation)", "4e
//! Ligne"), with the lists that add one or take one out.

use iced::Element;
use iced::widget::{pick_list, row};

use berthier_schema::Counters;
use berthier_schema::scenario::UnitSet;
use berthier_tools::unit_set::Member;

/// A unit or formation, by its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offered {
    /// What it is.
    pub member: Member,
    /// Its name, with "(formation)" for a formation.
    pub label: String,
}

impl std::fmt::Display for Offered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

/// `member` by its name in `counters` (its id when it has none there).
pub fn offered(counters: &Counters, member: Member) -> Offered {
    let label = match &member {
        Member::Formation(id) => {
            let f = counters.formations.iter().find(|f| &f.id == id);
            format!(
                "{} (formation)",
                f.map_or(id.as_str(), |f| f.name.as_str())
            )
        }
        Member::Unit(id) => {
            let u = counters.units.iter().find(|u| &u.id == id);
            u.map_or(id.as_str(), |u| u.name.as_str()).to_owned()
        }
    };
    Offered { member, label }
}

/// What `set` names: its formations, then its units.
pub fn placed(counters: &Counters, set: &UnitSet) -> Vec<Offered> {
    let formations =
        set.formations.iter().map(|f| Member::Formation(f.clone()));
    let units = set.units.iter().map(|u| Member::Unit(u.clone()));
    formations
        .chain(units)
        .map(|m| offered(counters, m))
        .collect()
}

/// The formations, then the units, of `side`.
pub fn of_side(counters: &Counters, side: &str) -> Vec<Offered> {
    let formations = counters
        .formations
        .iter()
        .filter(|f| f.side == side)
        .map(|f| Member::Formation(f.id.clone()));
    let units = counters
        .units
        .iter()
        .filter(|u| u.side == side)
        .map(|u| Member::Unit(u.id.clone()));
    formations
        .chain(units)
        .map(|m| offered(counters, m))
        .collect()
}

/// "Places: 4e Ligne, Red brigade (formation) and 12 more": what a set
/// names, in a line or two (a corps can be eighteen units), after `verb`.
pub fn line(verb: &str, placed: &[Offered]) -> String {
    const SHOWN: usize = 6;
    if placed.is_empty() {
        return format!("{verb} no unit yet: Add… a formation or a unit.");
    }
    let names: Vec<&str> = placed
        .iter()
        .take(SHOWN)
        .map(|o| o.label.as_str())
        .collect();
    match placed.len().saturating_sub(SHOWN) {
        0 => format!("{verb}: {}", names.join(", ")),
        n => format!("{verb}: {} and {n} more", names.join(", ")),
    }
}

/// The "Add…" and "Take out…" lists.
pub fn pickers<'a, M: Clone + 'a>(
    offered: Vec<Offered>,
    placed: Vec<Offered>,
    add: impl Fn(Member) -> M + 'a,
    remove: impl Fn(Member) -> M + 'a,
) -> Element<'a, M> {
    row![
        pick_list(offered, None::<Offered>, move |o| add(o.member))
            .placeholder("Add…")
            .text_size(12),
        pick_list(placed, None::<Offered>, move |o| remove(o.member))
            .placeholder("Take out…")
            .text_size(12),
    ]
    .spacing(6)
    .wrap()
    .vertical_spacing(4)
    .into()
}

/// The "Add…" and "Take out…" lists for `set` (offered: the units and
/// formations of `side`), and the line naming what it holds ("Strikes:
/// 1st Line, Hussars").
pub fn chooser<'a, M: Clone + 'a>(
    counters: &Counters,
    side: &str,
    set: &UnitSet,
    verb: &str,
    add: impl Fn(Member) -> M + 'a,
    remove: impl Fn(Member) -> M + 'a,
) -> Element<'a, M> {
    let placed = placed(counters, set);
    let line = line(verb, &placed);
    iced::widget::column![
        pickers(of_side(counters, side), placed, add, remove),
        iced::widget::text(line).size(12),
    ]
    .spacing(3)
    .into()
}
