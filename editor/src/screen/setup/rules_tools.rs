//! The Rules tab: the scenario's special rules (title, the rule as
//! printed, its rulebook section, the option it holds under; Add rule,
//! Delete) and its options (name; Add option from a name, Delete only
//! when nothing holds under it). Typing into a field is one undo step;
//! each list is written back only once edited, keeping the file's
//! comments.

use iced::widget::{Column, button, column, row, text, text_input};
use iced::{Element, Fill};

use super::{Message, SetupScreen};
use berthier_tools::setup::rules_edit;

/// A Rules tab edit.
#[derive(Debug, Clone)]
pub enum RuleEdit {
    /// Add a rule at the end.
    AddRule,
    /// Rule `.0`'s title typed.
    Title(usize, String),
    /// Rule `.0`'s text typed.
    Text(usize, String),
    /// Rule `.0`'s section typed.
    Section(usize, String),
    /// Rule `.0` holds only under this option (by id), or always.
    Option(usize, Option<String>),
    /// Delete rule `.0`.
    DeleteRule(usize),
    /// The new option's name typed.
    NewOption(String),
    /// Add the option named in the field.
    AddOption,
    /// Option `.0`'s name typed.
    OptionName(usize, String),
    /// Delete option `.0`.
    DeleteOption(usize),
}

impl SetupScreen {
    /// Applies a Rules tab edit (typing merges into one undo step).
    pub(super) fn rule_edit(&mut self, edit: RuleEdit) {
        let scenario = self.doc.scenario();
        let mut rules = scenario.special_rules.clone();
        let mut options = scenario.options.clone();
        let field = |i: usize, what: &str| Some(format!("rule {i} {what}"));
        match edit {
            RuleEdit::AddRule => {
                rules_edit::add_rule(&mut rules);
                self.doc.apply_rules(rules, None);
            }
            RuleEdit::Title(i, v) => {
                if let Some(r) = rules.get_mut(i) {
                    r.title = v;
                }
                self.doc.apply_rules(rules, field(i, "title"));
            }
            RuleEdit::Text(i, v) => {
                if let Some(r) = rules.get_mut(i) {
                    r.text = v;
                }
                self.doc.apply_rules(rules, field(i, "text"));
            }
            RuleEdit::Section(i, v) => {
                if let Some(r) = rules.get_mut(i) {
                    r.section = Some(v).filter(|s| !s.trim().is_empty());
                }
                self.doc.apply_rules(rules, field(i, "section"));
            }
            RuleEdit::Option(i, id) => {
                if let Some(r) = rules.get_mut(i) {
                    r.option = id;
                }
                self.doc.apply_rules(rules, None);
            }
            RuleEdit::DeleteRule(i) => {
                if rules_edit::delete_rule(&mut rules, i) {
                    self.doc.apply_rules(rules, None);
                }
            }
            other => self.option_edit(other, &mut options),
        }
    }

    fn option_edit(
        &mut self,
        edit: RuleEdit,
        options: &mut Vec<berthier_schema::scenario::ScenarioOption>,
    ) {
        match edit {
            RuleEdit::NewOption(v) => self.new_option = v,
            RuleEdit::AddOption => {
                let name = self.new_option.trim().to_owned();
                if name.is_empty() {
                    return;
                }
                rules_edit::add_option(options, &name);
                self.doc.apply_options(options.clone(), None);
                self.new_option.clear();
            }
            RuleEdit::OptionName(i, v) => {
                if let Some(o) = options.get_mut(i) {
                    o.name = v;
                }
                self.doc.apply_options(
                    options.clone(),
                    Some(format!("option {i}")),
                );
            }
            RuleEdit::DeleteOption(i) => {
                let Some(id) = options.get(i).map(|o| o.id.clone()) else {
                    return;
                };
                let scenario = self.doc.scenario().clone();
                match rules_edit::delete_option(options, &scenario, &id) {
                    Ok(true) => self.doc.apply_options(options.clone(), None),
                    Ok(false) => {}
                    Err(in_use) => self.notice = Some(in_use.to_string()),
                }
            }
            _ => {}
        }
    }

    /// The tab's content.
    pub(super) fn rules_view(&self) -> Element<'_, Message> {
        let editable = self.doc.is_editable();
        let scenario = self.doc.scenario();
        let edit = |e: RuleEdit| Message::Rules(e);
        let mut page = Column::new().spacing(8).width(Fill);
        page = page.push(
            text(format!("Special rules: {}", scenario.special_rules.len()))
                .size(14),
        );
        for (i, r) in scenario.special_rules.iter().enumerate() {
            let mut title = text_input("Title", &r.title).size(13);
            let mut body = text_input("The rule as printed", &r.text).size(12);
            let section = r.section.clone().unwrap_or_default();
            let mut section =
                text_input("Section (rulebook line)", &section).size(12);
            if editable {
                title = title.on_input(move |v| edit(RuleEdit::Title(i, v)));
                body = body.on_input(move |v| edit(RuleEdit::Text(i, v)));
                section =
                    section.on_input(move |v| edit(RuleEdit::Section(i, v)));
            }
            let option = crate::screen::option_pick::option_row(
                "Holds:",
                &scenario.options,
                r.option.as_deref(),
                editable,
                move |id| edit(RuleEdit::Option(i, id)),
            );
            let delete = button(text("Delete").size(12))
                .style(button::danger)
                .on_press_maybe(
                    editable.then_some(edit(RuleEdit::DeleteRule(i))),
                );
            page = page.push(
                column![row![title, delete].spacing(6), body, section, option]
                    .spacing(3),
            );
        }
        page = page.push(
            button(text("Add rule").size(12))
                .style(button::secondary)
                .on_press_maybe(editable.then_some(edit(RuleEdit::AddRule))),
        );
        page.push(self.options_view(editable)).into()
    }

    fn options_view(&self, editable: bool) -> Element<'_, Message> {
        let edit = |e: RuleEdit| Message::Rules(e);
        let options = &self.doc.scenario().options;
        let mut list = Column::new().spacing(4).push(
            text(format!("Scenario options: {}", options.len())).size(14),
        );
        for (i, o) in options.iter().enumerate() {
            let mut name = text_input("Name", &o.name).size(13);
            if editable {
                name = name.on_input(move |v| edit(RuleEdit::OptionName(i, v)));
            }
            list = list.push(
                row![
                    name,
                    button(text("Delete").size(12))
                        .style(button::danger)
                        .on_press_maybe(
                            editable.then_some(edit(RuleEdit::DeleteOption(i)))
                        ),
                ]
                .spacing(6),
            );
        }
        let mut field =
            text_input("New option's name", &self.new_option).size(13);
        if editable {
            field = field.on_input(move |v| edit(RuleEdit::NewOption(v)));
        }
        list.push(
            row![
                field,
                button(text("Add option").size(12))
                    .style(button::secondary)
                    .on_press_maybe(
                        editable.then_some(edit(RuleEdit::AddOption))
                    ),
            ]
            .spacing(6),
        )
        .into()
    }
}
