//! "Set up:" / "Arrives:" always, or only with one of the scenario's
//! options: the list shared by setup instructions and arrivals (an
//! optional balance, a schedule of several: Waterloo 8's "if the players
//! decide to balance the battle").

use berthier_schema::scenario::ScenarioOption;
use iced::Element;
use iced::widget::{pick_list, row, text};

/// A choice of the list: a scenario option by id, or none.
#[derive(Debug, Clone, PartialEq, Eq)]
struct OptionChoice {
    id: Option<String>,
    name: String,
}

impl std::fmt::Display for OptionChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// `label` and the list of `options` with `chosen` selected; read-only
/// text when not `editable`; a line saying so when there are none.
pub fn option_row<'a, M: Clone + 'a>(
    label: &'static str,
    options: &'a [ScenarioOption],
    chosen: Option<&'a str>,
    editable: bool,
    on_pick: impl Fn(Option<String>) -> M + 'a,
) -> Element<'a, M> {
    if options.is_empty() && chosen.is_none() {
        return text(format!("{label} always (the scenario has no options)."))
            .size(12)
            .into();
    }
    let named = |o: &ScenarioOption| format!("only with “{}”", o.name);
    if !editable {
        let shown = options
            .iter()
            .find(|o| Some(o.id.as_str()) == chosen)
            .map_or_else(|| "always".to_owned(), named);
        return row![text(label).size(12), text(shown).size(12)]
            .spacing(4)
            .into();
    }
    let mut choices = vec![OptionChoice {
        id: None,
        name: "always".to_owned(),
    }];
    choices.extend(options.iter().map(|o| OptionChoice {
        id: Some(o.id.clone()),
        name: named(o),
    }));
    let selected = choices.iter().find(|c| c.id.as_deref() == chosen).cloned();
    let list =
        pick_list(choices, selected, move |c: OptionChoice| on_pick(c.id))
            .text_size(12);
    row![text(label).size(12), list]
        .spacing(4)
        .align_y(iced::Center)
        .into()
}
