//! The order of battle as a tree per side, flattened into the rows shown:
//! a side, then each formation with the formations below it, its units
//! (leaders first) and its activation markers; units of no formation and
//! the side's special markers last. Collapsed formations hide what is
//! below them.

use std::collections::BTreeSet;

use berthier_schema::{Counters, Series, Unit};

/// What a row shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A side (army).
    Side,
    /// A node of the command hierarchy.
    Formation,
    /// A combat unit.
    Unit,
    /// A leader (a class the series marks `leader`).
    Leader,
    /// An activation marker of a formation.
    Activation,
    /// A special marker (Furia Francese).
    Marker,
    /// The heading of a side's units in no formation.
    Unattached,
}

/// What is selected: an id with its kind (ids may repeat across kinds
/// only in a broken file).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    /// Its kind.
    pub kind: Kind,
    /// Its id (the side's id for a side or its unattached heading).
    pub id: String,
}

/// One visible row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The item.
    pub item: Item,
    /// Indentation depth.
    pub depth: usize,
    /// The label shown.
    pub label: String,
    /// Whether it has rows below it (shows a collapse toggle).
    pub has_children: bool,
    /// Whether those are hidden.
    pub collapsed: bool,
}

/// The rows of every side, with `collapsed` formations (and sides) shut.
pub fn rows(
    c: &Counters,
    series: Option<&Series>,
    collapsed: &BTreeSet<String>,
) -> Vec<Row> {
    let mut out = Vec::new();
    for side in &c.sides {
        let shut = collapsed.contains(&side.id);
        out.push(Row {
            item: Item {
                kind: Kind::Side,
                id: side.id.clone(),
            },
            depth: 0,
            label: side.name.clone(),
            has_children: true,
            collapsed: shut,
        });
        if !shut {
            side_rows(c, series, &side.id, collapsed, &mut out);
        }
    }
    out
}

fn side_rows(
    c: &Counters,
    series: Option<&Series>,
    side: &str,
    collapsed: &BTreeSet<String>,
    out: &mut Vec<Row>,
) {
    let walk = Walk {
        c,
        series,
        collapsed,
    };
    for f in c
        .formations
        .iter()
        .filter(|f| f.side == side && is_top(c, f))
    {
        walk.formation(&f.id, 1, out);
    }
    let loose: Vec<&Unit> = c
        .units
        .iter()
        .filter(|u| u.side == side)
        .filter(|u| {
            u.formation
                .as_deref()
                .is_none_or(|f| c.formation(f).is_none())
        })
        .collect();
    if !loose.is_empty() {
        out.push(Row {
            item: Item {
                kind: Kind::Unattached,
                id: side.to_owned(),
            },
            depth: 1,
            label: format!("In no formation ({})", loose.len()),
            has_children: false,
            collapsed: false,
        });
        walk.units(&loose, 2, out);
    }
    for m in c.markers.iter().filter(|m| m.side.as_deref() == Some(side)) {
        out.push(leaf(Kind::Marker, &m.id, 1, format!("Marker: {}", m.name)));
    }
}

/// A formation with no parent, or whose parent is missing or of another
/// side (shown at the top rather than lost).
fn is_top(c: &Counters, f: &berthier_schema::Formation) -> bool {
    f.parent
        .as_deref()
        .and_then(|p| c.formation(p))
        .is_none_or(|p| p.side != f.side || p.id == f.id)
}

struct Walk<'a> {
    c: &'a Counters,
    series: Option<&'a Series>,
    collapsed: &'a BTreeSet<String>,
}

impl Walk<'_> {
    fn formation(&self, id: &str, depth: usize, out: &mut Vec<Row>) {
        let Some(f) = self.c.formation(id) else {
            return;
        };
        // A parent cycle in a broken file must not recurse forever.
        if out
            .iter()
            .any(|r| r.item.kind == Kind::Formation && r.item.id == id)
        {
            return;
        }
        let children: Vec<&str> = self
            .c
            .formations
            .iter()
            .filter(|x| x.parent.as_deref() == Some(id) && x.side == f.side)
            .filter(|x| x.id != id)
            .map(|x| x.id.as_str())
            .collect();
        let units: Vec<&Unit> = self
            .c
            .units
            .iter()
            .filter(|u| u.formation.as_deref() == Some(id))
            .collect();
        let shut = self.collapsed.contains(id);
        let (leaders, combat): (Vec<&Unit>, Vec<&Unit>) =
            units.iter().partition(|u| self.is_leader(u));
        let mut label = format!("{} · {}", f.name, f.level);
        if !combat.is_empty() {
            label.push_str(&format!(" · {}", count(combat.len(), "unit")));
        }
        // A corps the rulebook names without its units (the X Corps,
        // 001 l. 3128): say so, and what it prints instead.
        if let Some(unknown) = &f.units_unknown {
            label.push_str(&format!(
                " · units unknown: {}",
                unknown.composition
            ));
            if let Some(steps) = unknown.steps {
                label.push_str(&format!(", {steps} steps"));
            }
        }
        out.push(Row {
            item: Item {
                kind: Kind::Formation,
                id: id.to_owned(),
            },
            depth,
            label,
            has_children: !children.is_empty()
                || !units.is_empty()
                || !f.activation_markers.is_empty(),
            collapsed: shut,
        });
        if shut {
            return;
        }
        for u in leaders {
            let mut label = unit_label(u);
            if f.commander.as_deref() == Some(u.id.as_str()) {
                label.push_str(" · commands");
            }
            out.push(leaf(Kind::Leader, &u.id, depth + 1, label));
        }
        for child in children {
            self.formation(child, depth + 1, out);
        }
        self.units(&combat, depth + 1, out);
        for (n, m) in f.activation_markers.iter().enumerate() {
            let code = m.code.as_deref().unwrap_or("?");
            let initiative =
                m.initiative.map_or("?".to_owned(), |i| i.to_string());
            // Markers carry no name: told apart by their rank.
            let label = format!(
                "Activation marker {} · code {code} · initiative {initiative}",
                n + 1
            );
            out.push(leaf(Kind::Activation, &m.id, depth + 1, label));
        }
    }

    /// Leaders first, then units, each in file order.
    fn units(&self, units: &[&Unit], depth: usize, out: &mut Vec<Row>) {
        let (leaders, combat): (Vec<&Unit>, Vec<&Unit>) =
            units.iter().partition(|u| self.is_leader(u));
        let label = |u: &Unit| {
            // Several counters print one name (Rivoli's two Lebley, seed
            // 000 Scenarios): the id tells them apart.
            let namesake =
                units.iter().any(|x| x.id != u.id && x.name == u.name);
            if namesake {
                format!("{} · {}", unit_label(u), u.id)
            } else {
                unit_label(u)
            }
        };
        for u in leaders {
            out.push(leaf(Kind::Leader, &u.id, depth, label(u)));
        }
        for u in combat {
            out.push(leaf(Kind::Unit, &u.id, depth, label(u)));
        }
    }

    fn is_leader(&self, u: &Unit) -> bool {
        self.series.is_some_and(|s| {
            s.unit_classes.iter().any(|c| c.id == u.class && c.leader)
        })
    }
}

/// `1 unit`, `3 units`.
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `043 Marcognet artillery · artillery`.
pub fn unit_label(u: &Unit) -> String {
    match &u.printed {
        Some(n) if !u.name.contains(n.as_str()) => {
            format!("{n} {} · {}", u.name, u.class)
        }
        _ => format!("{} · {}", u.name, u.class),
    }
}

fn leaf(kind: Kind, id: &str, depth: usize, label: String) -> Row {
    Row {
        item: Item {
            kind,
            id: id.to_owned(),
        },
        depth,
        label,
        has_children: false,
        collapsed: false,
    }
}

/// The formations to show shut when a file opens: those holding units
/// and no formation (brigades), so the command structure shows first.
pub fn shut_at_start(c: &Counters) -> BTreeSet<String> {
    c.formations
        .iter()
        .filter(|f| {
            !c.formations
                .iter()
                .any(|x| x.parent.as_deref() == Some(&f.id))
        })
        .filter(|f| {
            c.units
                .iter()
                .any(|u| u.formation.as_deref() == Some(&f.id))
        })
        .map(|f| f.id.clone())
        .collect()
}
