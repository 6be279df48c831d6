//! The stack panel's formation and state chooser for the selected unit:
//! one button per choice the series allows at setup
//! ([`berthier_tools::setup::posture`]), the one set up highlighted; a press is one
//! undo step.

use iced::widget::{Column, button, column, text};
use iced::{Element, Fill};

use super::{Message, SetupScreen};
use berthier_tools::setup::posture::{self, Choice};
use berthier_tools::setup::stack::Member;

impl SetupScreen {
    /// A formation's or state's display name, by series id (the id when
    /// the series does not define it).
    pub(super) fn posture_name(&self, id: &str) -> String {
        let series = &self.doc.series;
        let formation = series.formations.iter().find(|f| f.id == id);
        let state = series.states.iter().find(|s| s.id == id);
        formation
            .map(|f| f.name.clone())
            .or_else(|| state.map(|s| s.name.clone()))
            .unwrap_or_else(|| id.to_owned())
    }

    /// The chooser for `m`, a unit of the stack shown.
    pub(super) fn posture(&self, m: &Member) -> Element<'_, Message> {
        let series = &self.doc.series;
        let Some(unit) =
            self.doc.counters.units.iter().find(|u| u.id == m.unit)
        else {
            return column![].into();
        };
        let formations = posture::formations(series, unit);
        let states = posture::states(series);
        let editable = self.doc.is_editable();
        let mut panel = Column::new().spacing(2);
        if !formations.is_empty() {
            panel = panel.push(text("Formation at setup").size(12));
            panel = panel.push(choices(
                &formations,
                m.formation.as_deref(),
                editable,
                |f| Message::SetFormation(m.unit.clone(), f),
            ));
        }
        if !states.is_empty() {
            panel = panel.push(text("State at setup").size(12));
            panel = panel.push(choices(
                &states,
                m.state.as_deref(),
                editable,
                |st| Message::SetState(m.unit.clone(), st),
            ));
        }
        panel.into()
    }
}

/// "None written" then one button per choice; the current one primary.
fn choices<'a>(
    list: &[Choice],
    current: Option<&str>,
    editable: bool,
    message: impl Fn(Option<String>) -> Message,
) -> Element<'a, Message> {
    let mut col = Column::new().spacing(1);
    let item = |label: String, id: Option<String>| {
        let on = current == id.as_deref();
        let style = if on {
            button::primary
        } else {
            button::secondary
        };
        button(text(label).size(11))
            .width(Fill)
            .padding([1, 6])
            .style(style)
            .on_press_maybe(editable.then(|| message(id)))
    };
    col = col.push(item("— none written".to_owned(), None));
    for c in list {
        col = col.push(item(c.name.clone(), Some(c.id.clone())));
    }
    col.into()
}
