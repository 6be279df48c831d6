//! A scenario's special rules and options, edited on the Setup screen's
//! Rules tab: a rule added (its title and text then typed), its section
//! and the option it holds under set, deleted; an option added from its
//! name (the id made from it), renamed (the id kept: instructions,
//! arrivals, losses and rules name it), and deleted only when nothing
//! names it. Each edit is of the whole list, one undo step.

use berthier_schema::Scenario;
use berthier_schema::scenario::{ScenarioOption, SpecialRule};

/// Adds an empty rule at the end; its index.
pub fn add_rule(rules: &mut Vec<SpecialRule>) -> usize {
    rules.push(SpecialRule {
        id: None,
        title: "New rule".to_owned(),
        text: String::new(),
        section: None,
        option: None,
    });
    rules.len() - 1
}

/// Deletes rule `i`; whether there was one.
pub fn delete_rule(rules: &mut Vec<SpecialRule>, i: usize) -> bool {
    crate::list_edit::delete(rules, i)
}

/// An option named `name` added; its id (made from the name, unique).
pub fn add_option(options: &mut Vec<ScenarioOption>, name: &str) -> String {
    let id = crate::tool::fresh_id(name, options.iter().map(|o| &o.id));
    options.push(ScenarioOption {
        id: id.clone(),
        name: name.to_owned(),
        chosen_by: None,
        group: None,
        default: false,
        text: None,
    });
    id
}

/// Why an option cannot be deleted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0} part(s) of the scenario hold only under this option: take them off it first"
)]
pub struct OptionInUse(pub usize);

/// How many parts of `scenario` (instructions, arrivals, losses,
/// attachments, rules, victory conditions...) hold only under option
/// `id`: every `option` field of the scenario that names it.
pub fn uses_of_option(scenario: &Scenario, id: &str) -> usize {
    let Ok(value) = serde_json::to_value(scenario) else {
        return 0;
    };
    count_option(&value, id)
}

fn count_option(value: &serde_json::Value, id: &str) -> usize {
    match value {
        serde_json::Value::Object(map) => {
            let own = map.get("option").is_some_and(|v| v.as_str() == Some(id));
            usize::from(own)
                + map.values().map(|v| count_option(v, id)).sum::<usize>()
        }
        serde_json::Value::Array(list) => {
            list.iter().map(|v| count_option(v, id)).sum()
        }
        _ => 0,
    }
}

/// Deletes option `id` of `scenario`'s list `options` when nothing names
/// it; whether it was there.
pub fn delete_option(
    options: &mut Vec<ScenarioOption>,
    scenario: &Scenario,
    id: &str,
) -> Result<bool, OptionInUse> {
    match uses_of_option(scenario, id) {
        0 => {
            let before = options.len();
            options.retain(|o| o.id != id);
            Ok(options.len() != before)
        }
        n => Err(OptionInUse(n)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use berthier_schema::{Document, Format};

    fn waterloo() -> Scenario {
        let text = include_str!(
            "../../../../scenarios/waterloo-1815/w1-historical.scenario.ron"
        );
        match berthier_schema::load_document(text, Format::Ron) {
            Ok(Document::Scenario(s)) => s,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_option_used_by_a_rule_cannot_go_and_a_new_one_can() {
        let s = waterloo();
        let mut options = s.options.clone();
        assert_eq!(uses_of_option(&s, "guard-activation"), 1, "its rule");
        assert_eq!(
            delete_option(&mut options, &s, "guard-activation"),
            Err(OptionInUse(1))
        );
        let id = add_option(&mut options, "Grouchy marches to the guns");
        assert_eq!(id, "grouchy-marches-to-the-guns");
        assert_eq!(delete_option(&mut options, &s, &id), Ok(true));
        assert_eq!(options, s.options);
    }

    #[test]
    fn rules_are_added_and_deleted() {
        let mut rules = Vec::new();
        assert_eq!(add_rule(&mut rules), 0);
        assert_eq!(rules[0].title, "New rule");
        assert!(delete_rule(&mut rules, 0));
        assert!(!delete_rule(&mut rules, 0));
    }
}
