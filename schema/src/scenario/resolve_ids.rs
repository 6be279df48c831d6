//! The document-level lists a variant edits by id: victory conditions and
//! special rules, stated whole, or inherited with some replaced or removed
//! by `id` and others added (as a side's instructions are).

use super::super::issue::{Issue, IssueKind};
use super::super::origin::{Layer, StepOrigins};
use super::super::{ScenarioVariant, SpecialRule, VictoryCondition};
use super::{Item, Step, item_list};

/// An element a variant can name by its optional `id`.
trait Keyed {
    fn key(&self) -> Option<&str>;
}

impl Keyed for VictoryCondition {
    fn key(&self) -> Option<&str> {
        self.id.as_deref()
    }
}

impl Keyed for SpecialRule {
    fn key(&self) -> Option<&str> {
        self.id.as_deref()
    }
}

/// One list's changes: `field`, `replace_<field>`, `remove_<field>`,
/// `add_<field>`.
struct Changes<'v, T> {
    field: &'static str,
    /// The element's name in messages.
    what: &'static str,
    whole: Option<&'v Vec<T>>,
    replace: &'v [T],
    remove: &'v [String],
    add: &'v [T],
}

/// Applies the variant's victory and special rule changes.
pub(super) fn edit_keyed_lists(step: &mut Step, v: &ScenarioVariant) {
    let victory = Changes {
        field: "victory",
        what: "victory condition",
        whole: v.victory.as_ref(),
        replace: &v.replace_victory,
        remove: &v.remove_victory,
        add: &v.add_victory,
    };
    let o = &mut step.origins;
    let issues = &mut step.issues;
    edit(o, issues, &mut step.scenario.victory, &victory);
    let rules = Changes {
        field: "special_rules",
        what: "special rule",
        whole: v.special_rules.as_ref(),
        replace: &v.replace_special_rules,
        remove: &v.remove_special_rules,
        add: &v.add_special_rules,
    };
    edit(o, issues, &mut step.scenario.special_rules, &rules);
}

fn edit<T: Clone + Keyed>(
    o: &mut StepOrigins,
    issues: &mut Vec<Issue>,
    slot: &mut Vec<T>,
    c: &Changes<'_, T>,
) {
    let field = c.field;
    let list = format!("/{field}");
    let (mut items, layer) = match c.whole {
        Some(whole) => {
            (item_list(whole, Layer::Variant, &list), Layer::Variant)
        }
        None => (item_list(slot, Layer::Base, &list), Layer::Base),
    };
    if c.whole.is_none() {
        replace(issues, &mut items, c);
        for (r, id) in c.remove.iter().enumerate() {
            let before = items.len();
            items.retain(|i| i.value.key() != Some(id.as_str()));
            if items.len() == before {
                issues.push(unknown(format!("/remove_{field}/{r}"), c, id));
            }
        }
    }
    let added_at = format!("/add_{field}");
    items.extend(item_list(c.add, Layer::Variant, &added_at));
    o.add(list.clone(), layer, list.clone());
    for (i, item) in items.iter().enumerate() {
        o.add(format!("{list}/{i}"), item.layer, item.at.clone());
    }
    *slot = items.into_iter().map(|i| i.value).collect();
}

/// `replace_<field>`: each element in the place of the inherited one with
/// its id.
fn replace<T: Clone + Keyed>(
    issues: &mut Vec<Issue>,
    items: &mut [Item<T>],
    c: &Changes<'_, T>,
) {
    for (r, new) in c.replace.iter().enumerate() {
        let at = format!("/replace_{}/{r}", c.field);
        let found = new.key().and_then(|id| {
            items.iter().position(|i| i.value.key() == Some(id))
        });
        match found {
            Some(k) => {
                items[k] = Item {
                    value: new.clone(),
                    layer: Layer::Variant,
                    at,
                    shifted: None,
                };
            }
            None => {
                let id = new.key().unwrap_or("(none)");
                issues.push(unknown(format!("{at}/id"), c, id));
            }
        }
    }
}

fn unknown<T>(pointer: String, c: &Changes<'_, T>, id: &str) -> Issue {
    Issue {
        pointer,
        kind: IssueKind::UnknownId {
            list: c.what,
            id: id.to_owned(),
        },
    }
}
