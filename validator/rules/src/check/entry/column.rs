//! Column entry: which stacks (or units) of a column of reinforcements can
//! pay their way onto the map through one entry, and at what cost. Pure
//! arithmetic over movement allowances and entry costs, so the rules of
//! both series are tested without a map.

use berthier_schema::series::ColumnCost;

/// The cost of the entry hex for one mover.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HexCost {
    /// This many movement points.
    Mp(u32),
    /// Its class may not enter the hex.
    NotAllowed,
    /// Not printed, unpainted, or read from another terrain: not checked.
    Unknown,
}

/// What enters in one go: a stack (Jours de Gloire) or a unit (Vive
/// l'Empereur).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mover {
    /// Unit ids, in column order.
    pub units: Vec<String>,
    /// Printed movement allowance (the weakest unit of a stack); `None`
    /// when not printed.
    pub allowance: Option<u32>,
    /// Forced-march multiplier (1 when not force-marching).
    pub factor: u32,
    /// Cost of the entry hex (the least favourable unit of a stack).
    pub cost: HexCost,
}

/// How the k-th mover of a column pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// The k-th stack pays k times the entry cost (Jours de Gloire 5.2).
    Multiply,
    /// The k-th unit has k - 1 movement points fewer (Vive l'Empereur
    /// XIII, on a road or trail).
    MinusOne,
    /// Every mover pays the entry cost once.
    Flat,
    /// The k-th unit spends `first + step × (k - 1)` points more than the
    /// entry cost (`ColumnCost::PerPosition`).
    Linear {
        /// Points the first spends.
        first: u32,
        /// Points each next one spends more.
        step: u32,
    },
}

impl Rule {
    /// The series' column cost; `road` says whether the entry is on a road
    /// (Vive l'Empereur's penalty applies only there).
    pub fn of(cost: ColumnCost, road: bool) -> Self {
        match cost {
            ColumnCost::MultiplyPerStack => Self::Multiply,
            ColumnCost::MinusOnePerUnit if road => Self::MinusOne,
            ColumnCost::MinusOnePerUnit | ColumnCost::Flat => Self::Flat,
            ColumnCost::PerPosition {
                road_only: true, ..
            } if !road => Self::Flat,
            ColumnCost::PerPosition { first, step, .. } => Self::Linear {
                first: u32::from(first),
                step: u32::from(step),
            },
        }
    }
}

/// A mover that could not enter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// Index of the mover in the column.
    pub mover: usize,
    /// Why, with the computation ("stack 3 pays 3×2 = 6 MP > 5 MP").
    pub reason: String,
    /// It could not enter even first in the column.
    pub never: bool,
}

impl Mover {
    /// Movement points available on entering.
    fn available(&self) -> Option<u32> {
        self.allowance.map(|a| a * self.factor)
    }

    /// The last position (1-based) in the column this mover can pay for;
    /// `None` when unbounded or unknown (never a false failure). An
    /// unknown entry cost is taken as 0 MP, the least it can be: a position
    /// is refused only when even a free entry hex leaves the mover short
    /// (Waterloo 1's fifth unit with 4 MP, seed 001 l. 2668).
    fn capacity(&self, rule: Rule) -> Option<u32> {
        let cost = match self.cost {
            HexCost::NotAllowed => return Some(0),
            HexCost::Unknown => 0,
            HexCost::Mp(cost) => cost,
        };
        let available = self.available()?;
        match rule {
            Rule::Multiply => available.checked_div(cost),
            // `then`: `available - cost` is worked out only when it is
            // not negative (`then_some` evaluates it first).
            Rule::MinusOne => (available >= cost)
                .then(|| available - cost + 1)
                .or(Some(0)),
            Rule::Flat => (available < cost).then_some(0),
            Rule::Linear { first, step } => {
                match available.checked_sub(cost + first) {
                    None => Some(0),
                    Some(_) if step == 0 => None,
                    Some(spare) => Some(spare / step + 1),
                }
            }
        }
    }

    /// The movement points available, as printed in a message.
    fn available_text(&self) -> String {
        match (self.allowance, self.factor) {
            (Some(a), 1) => format!("{a} MP"),
            (Some(a), f) => format!("{} MP (forced march {f}×{a})", a * f),
            (None, _) => "an unknown allowance".into(),
        }
    }

    /// Why this mover cannot take position `slot`.
    fn reason(&self, rule: Rule, slot: u32) -> String {
        let cost = match self.cost {
            HexCost::Mp(cost) => cost,
            HexCost::NotAllowed => {
                return "its class may not enter the entry hex".into();
            }
            HexCost::Unknown => return self.reason_unknown(rule, slot),
        };
        let have = self.available_text();
        match rule {
            Rule::Multiply => format!(
                "stack {slot} pays {slot}×{cost} = {} MP > {have}",
                slot * cost
            ),
            Rule::MinusOne => {
                let left = self.available().unwrap_or(0);
                format!(
                    "unit {slot} on the road has {have} - {} = {} MP left < \
                     {cost} MP entry cost",
                    slot - 1,
                    left.saturating_sub(slot - 1)
                )
            }
            Rule::Flat => format!("the entry hex costs {cost} MP > {have}"),
            Rule::Linear { first, step } => {
                let extra = first + step * (slot - 1);
                format!(
                    "unit {slot} spends {cost} + {extra} = {} MP to enter > \
                     {have}",
                    cost + extra
                )
            }
        }
    }
}

impl Mover {
    /// Why this mover cannot take position `slot` whatever the unknown
    /// entry cost (even at 0 MP).
    fn reason_unknown(&self, rule: Rule, slot: u32) -> String {
        let have = self.available_text();
        match rule {
            Rule::MinusOne => format!(
                "unit {slot} on the road has {have} - {} MP, nothing left \
                 for the entry hex (its cost unknown)",
                slot - 1
            ),
            Rule::Linear { first, step } => format!(
                "unit {slot} spends at least {} MP to enter (the entry \
                 hex's own cost unknown) > {have}",
                first + step * (slot - 1)
            ),
            // A free entry hex never refuses these.
            Rule::Multiply | Rule::Flat => "entry cost unknown".into(),
        }
    }
}

/// A mover that entered: its place in the column and what it has left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Admitted {
    /// Index of the mover in the column.
    pub mover: usize,
    /// Its position (1-based) in its lane's column.
    pub slot: u32,
    /// The entry hex it takes (0-based, of the parallel entry hexes).
    pub lane: usize,
    /// Movement points it has left once on the entry hex; `None` when an
    /// allowance or cost is unknown.
    pub left: Option<u32>,
}

/// What became of a column: who entered, in order, and who was refused.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Admission {
    /// The movers that entered, in entry order.
    pub admitted: Vec<Admitted>,
    /// The movers that could not, by mover index.
    pub refused: Vec<Refusal>,
}

/// Enters a column through `lanes` parallel entry hexes (at least one):
/// the owner orders the column to let as many movers in as possible (the
/// least capable first), so a mover is refused only when no order would
/// let it in. With several hexes the column splits evenly among them.
#[cfg(test)] // the simulation calls `admit`
pub fn enter(movers: &[Mover], rule: Rule, lanes: usize) -> Vec<Refusal> {
    admit(movers, rule, lanes).refused
}

/// [`enter`], with the order of the movers that entered.
pub fn admit(movers: &[Mover], rule: Rule, lanes: usize) -> Admission {
    let lanes_n = lanes.max(1);
    let lanes = u32::try_from(lanes_n).unwrap_or(u32::MAX);
    let mut order: Vec<(usize, Option<u32>)> = movers
        .iter()
        .enumerate()
        .map(|(i, m)| (i, m.capacity(rule)))
        .collect();
    order.sort_by_key(|(i, cap)| (cap.is_none(), *cap, *i));
    let mut entered: u32 = 0;
    let mut out = Admission::default();
    for (i, capacity) in order {
        let slot = entered / lanes + 1;
        if capacity.is_none_or(|c| c >= slot) {
            out.admitted.push(Admitted {
                mover: i,
                slot,
                lane: (entered % lanes) as usize % lanes_n,
                left: movers[i].left(rule, slot),
            });
            entered += 1;
        } else {
            out.refused.push(Refusal {
                mover: i,
                reason: movers[i].reason(rule, slot),
                never: capacity == Some(0),
            });
        }
    }
    out.refused.sort_by_key(|r| r.mover);
    out
}

impl Mover {
    /// Movement points left once on the entry hex at position `slot`.
    fn left(&self, rule: Rule, slot: u32) -> Option<u32> {
        let HexCost::Mp(cost) = self.cost else {
            return None;
        };
        let available = self.available()?;
        let spent = match rule {
            Rule::Multiply => slot * cost,
            Rule::MinusOne => cost + slot - 1,
            Rule::Flat => cost,
            Rule::Linear { first, step } => cost + first + step * (slot - 1),
        };
        Some(available.saturating_sub(spent))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mover(id: &str, allowance: Option<u32>, cost: HexCost) -> Mover {
        Mover {
            units: vec![id.into()],
            allowance,
            factor: 1,
            cost,
        }
    }

    #[test]
    fn waterloo_prussians_spend_one_more_point_each() {
        // Waterloo 1 (seed 001 l. 2668): the first unit spends 1 MP to
        // enter, the next 2, and so on, on top of the road's 1 MP.
        let cost = ColumnCost::PerPosition {
            first: 1,
            step: 1,
            road_only: false,
        };
        let rule = Rule::of(cost, false);
        let movers: Vec<Mover> = (1..=5)
            .map(|i| mover(&format!("u{i}"), Some(5), HexCost::Mp(1)))
            .collect();
        let refused = enter(&movers, rule, 1);
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert_eq!(
            refused[0].reason,
            "unit 5 spends 1 + 5 = 6 MP to enter > 5 MP"
        );
        let road_only = ColumnCost::PerPosition {
            first: 1,
            step: 1,
            road_only: true,
        };
        assert_eq!(Rule::of(road_only, false), Rule::Flat);
        assert!(road_only.needs_road() && !cost.needs_road());
    }

    #[test]
    fn an_unknown_trail_cost_still_refuses_the_fifth_unit_with_4_mp() {
        // Waterloo 1 (seed 001 l. 2668) on a trail whose cost is not
        // printed: unit 5 spends at least 5 MP, more than 4, whatever the
        // trail costs; units 1-4 might enter, the cost unknown.
        let rule = Rule::Linear { first: 1, step: 1 };
        let movers: Vec<Mover> = (1..=5)
            .map(|i| mover(&format!("u{i}"), Some(4), HexCost::Unknown))
            .collect();
        let refused = enter(&movers, rule, 1);
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert_eq!(
            refused[0].reason,
            "unit 5 spends at least 5 MP to enter (the entry hex's own cost \
             unknown) > 4 MP"
        );
        assert!(!refused[0].never);
        // Unknown allowances: nothing is refused.
        let movers: Vec<Mover> = (1..=5)
            .map(|i| mover(&format!("u{i}"), None, HexCost::Unknown))
            .collect();
        assert!(enter(&movers, rule, 1).is_empty());
        // Vive l'Empereur's own road rule: unit 6 with 4 MP has 4 - 5 MP.
        let movers: Vec<Mover> = (1..=6)
            .map(|i| mover(&format!("u{i}"), Some(4), HexCost::Unknown))
            .collect();
        let refused = enter(&movers, Rule::MinusOne, 1);
        assert_eq!(refused.len(), 1, "{refused:?}");
        assert!(refused[0].reason.starts_with("unit 6 on the road"));
        // Stacks paying k times an unknown cost: no bound, no refusal.
        assert!(enter(&movers, Rule::Multiply, 1).is_empty());
    }

    #[test]
    fn third_stack_pays_three_times() {
        let movers: Vec<Mover> = ["a", "b", "c"]
            .iter()
            .map(|id| mover(id, Some(5), HexCost::Mp(2)))
            .collect();
        let refused = enter(&movers, Rule::Multiply, 1);
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].reason, "stack 3 pays 3×2 = 6 MP > 5 MP");
        assert!(!refused[0].never);
    }

    #[test]
    fn forced_march_doubles_the_allowance() {
        let mut movers: Vec<Mover> = (0..6)
            .map(|i| mover(&i.to_string(), Some(5), HexCost::Mp(2)))
            .collect();
        for m in &mut movers {
            m.factor = 2;
        }
        let refused = enter(&movers, Rule::Multiply, 1);
        assert_eq!(refused.len(), 1);
        assert_eq!(
            refused[0].reason,
            "stack 6 pays 6×2 = 12 MP > 10 MP (forced march 2×5)"
        );
    }

    #[test]
    fn the_weakest_stacks_go_first() {
        // A 2-MP stack can only be first; a 6-MP stack can be third.
        let movers = vec![
            mover("strong", Some(6), HexCost::Mp(2)),
            mover("weak", Some(2), HexCost::Mp(2)),
            mover("mid", Some(4), HexCost::Mp(2)),
        ];
        assert!(enter(&movers, Rule::Multiply, 1).is_empty());
    }

    #[test]
    fn each_further_unit_on_a_road_loses_one_mp() {
        let movers: Vec<Mover> = (0..4)
            .map(|i| mover(&i.to_string(), Some(4), HexCost::Mp(2)))
            .collect();
        let refused = enter(&movers, Rule::MinusOne, 1);
        assert_eq!(refused.len(), 1);
        assert_eq!(
            refused[0].reason,
            "unit 4 on the road has 4 MP - 3 = 1 MP left < 2 MP entry cost"
        );
    }

    #[test]
    fn unknown_allowances_and_costs_never_fail() {
        let movers = vec![
            mover("a", None, HexCost::Mp(9)),
            mover("b", Some(1), HexCost::Unknown),
        ];
        assert!(enter(&movers, Rule::Multiply, 1).is_empty());
        assert!(enter(&movers, Rule::Flat, 1).is_empty());
    }

    #[test]
    fn a_forbidden_hex_is_never_entered() {
        let movers = vec![mover("horse", Some(8), HexCost::NotAllowed)];
        let refused = enter(&movers, Rule::Flat, 1);
        assert!(refused[0].never);
    }

    #[test]
    fn flat_costs_compare_each_mover_once() {
        let movers = vec![
            mover("a", Some(3), HexCost::Mp(4)),
            mover("b", Some(4), HexCost::Mp(4)),
        ];
        let refused = enter(&movers, Rule::Flat, 1);
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].reason, "the entry hex costs 4 MP > 3 MP");
        assert!(refused[0].never);
    }

    #[test]
    fn the_admitted_keep_what_their_slot_leaves_them() {
        // Vive l'Empereur XIII on a road: the k-th unit has k - 1 MP less.
        let movers: Vec<Mover> = (0..3)
            .map(|i| mover(&i.to_string(), Some(4), HexCost::Mp(1)))
            .collect();
        let admission = admit(&movers, Rule::MinusOne, 1);
        let left: Vec<Option<u32>> =
            admission.admitted.iter().map(|a| a.left).collect();
        assert_eq!(left, [Some(3), Some(2), Some(1)]);
        let lanes: Vec<usize> = admit(&movers, Rule::Flat, 2)
            .admitted
            .iter()
            .map(|a| a.lane)
            .collect();
        assert_eq!(lanes, [0, 1, 0]);
    }

    #[test]
    fn parallel_entry_hexes_shorten_the_column() {
        let movers: Vec<Mover> = (0..4)
            .map(|i| mover(&i.to_string(), Some(4), HexCost::Mp(2)))
            .collect();
        assert_eq!(enter(&movers, Rule::Multiply, 1).len(), 2);
        assert!(enter(&movers, Rule::Multiply, 2).is_empty());
    }
}
