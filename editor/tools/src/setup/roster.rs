//! The roster of a side: each unit of the counters as the scenario
//! accounts for it, by the validator's own count (SET003,
//! `berthier_rules::check::accounting`): set up on a hex, arriving on a
//! turn, absent, optional, unaccounted for, or in several of these at
//! once (an error). The rows are grouped as the order of battle's tree
//! groups them ([`crate::oob::tree`]): each formation a heading, its
//! units below it, so a designer finds a brigade where the tree has it.

use berthier_rules::check::accounting::{Mention, mentions};
use berthier_schema::HexId;
use berthier_schema::battle::Battle;

/// How the scenario accounts for one unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// Set up on a hex.
    SetUp(HexId),
    /// Arriving as a reinforcement on a turn (`None`: a time the turn
    /// track does not hold).
    Arriving(Option<u16>),
    /// Listed as absent.
    Absent,
    /// Placed only under a scenario option.
    Optional,
    /// Placed only by an instruction kept as text (not checked).
    InText,
    /// In none of these.
    Unaccounted,
    /// In several at once: what each says.
    Several(Vec<String>),
}

impl Status {
    /// Short text for the roster.
    pub fn label(&self) -> String {
        match self {
            Self::SetUp(hex) => format!("set up {hex}"),
            Self::Arriving(Some(turn)) => format!("arrives turn {turn}"),
            Self::Arriving(None) => "arrives (turn off the track)".to_owned(),
            Self::Absent => "absent".to_owned(),
            Self::Optional => "optional".to_owned(),
            Self::InText => "placed by text (not checked)".to_owned(),
            Self::Unaccounted => "unaccounted for".to_owned(),
            Self::Several(what) => {
                format!("error: in {} places ({})", what.len(), what.join(", "))
            }
        }
    }

    /// Whether the roster shows it as an error.
    pub fn is_error(&self) -> bool {
        matches!(self, Self::Several(_) | Self::Unaccounted)
    }
}

/// One roster row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Unit id.
    pub unit: String,
    /// Its name (and printed number).
    pub label: String,
    /// How it is accounted for.
    pub status: Status,
}

/// One side's roster, in counters order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roster {
    /// Side id.
    pub side: String,
    /// Its units.
    pub entries: Vec<Entry>,
    /// The rows shown: the entries grouped under their formations, in
    /// the order of battle's tree order.
    pub rows: Vec<Row>,
}

/// A row of the roster as shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    /// A formation (or "In no formation"): its label and depth.
    Heading(String, usize),
    /// An entry (index into `entries`) at a depth.
    Unit(usize, usize),
}

/// The roster of every side of the battle.
pub fn rosters(b: &Battle<'_>) -> Vec<Roster> {
    let seen = mentions(b);
    let tree = crate::oob::tree::rows(
        b.counters,
        Some(&b.series),
        &std::collections::BTreeSet::new(),
    );
    b.scenario
        .sides
        .iter()
        .map(|side| {
            let entries = entries(b, &seen, &side.side);
            let rows = grouped(&tree, &side.side, &entries);
            Roster {
                side: side.side.clone(),
                entries,
                rows,
            }
        })
        .collect()
}

/// The rows of side `side`: the tree's formations as headings, its units
/// as their entries, depths one less (the side itself is the tab); units
/// the tree does not show last.
fn grouped(tree: &[TreeRow], side: &str, entries: &[Entry]) -> Vec<Row> {
    use crate::oob::tree::Kind;
    let mut rows = Vec::new();
    let mut shown = vec![false; entries.len()];
    let mut inside = false;
    for r in tree {
        if r.item.kind == Kind::Side {
            inside = r.item.id == side;
            continue;
        }
        if !inside {
            continue;
        }
        let depth = r.depth.saturating_sub(1);
        match r.item.kind {
            Kind::Formation | Kind::Unattached => {
                rows.push(Row::Heading(r.label.clone(), depth));
            }
            Kind::Unit | Kind::Leader => {
                if let Some(i) =
                    entries.iter().position(|e| e.unit == r.item.id)
                {
                    shown[i] = true;
                    rows.push(Row::Unit(i, depth));
                }
            }
            _ => {}
        }
    }
    let rest = (0..entries.len()).filter(|i| !shown[*i]);
    rows.extend(rest.map(|i| Row::Unit(i, 0)));
    rows
}

type TreeRow = crate::oob::tree::Row;

/// The entries of side `side`, in counters order.
fn entries<S: std::hash::BuildHasher>(
    b: &Battle<'_>,
    seen: &std::collections::HashMap<&str, Vec<Mention>, S>,
    side: &str,
) -> Vec<Entry> {
    b.counters
        .units
        .iter()
        .filter(|u| u.side == side)
        .map(|u| Entry {
            unit: u.id.clone(),
            label: match &u.printed {
                Some(n) if !u.name.contains(n.as_str()) => {
                    format!("{n} {}", u.name)
                }
                _ => u.name.clone(),
            },
            status: match seen.get(u.id.as_str()) {
                Some(list) => status(b, list),
                None => Status::Unaccounted,
            },
        })
        .collect()
}

fn status(b: &Battle<'_>, list: &[Mention]) -> Status {
    let one = |m: &Mention| match *m {
        Mention::Setup(i, j) => Status::SetUp(b.scenario.sides[i].setup[j].hex),
        Mention::Arriving(i, j, _) => {
            let at = &b.scenario.sides[i].reinforcements[j].at;
            Status::Arriving(b.turn_of(at).ok())
        }
        Mention::Absent(..) => Status::Absent,
        Mention::Optional(..) => Status::Optional,
        Mention::InText(..) => Status::InText,
    };
    match list {
        [] => Status::Unaccounted,
        [m] => one(m),
        many => Status::Several(many.iter().map(|m| one(m).label()).collect()),
    }
}
