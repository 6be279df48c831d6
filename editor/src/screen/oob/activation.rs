//! A formation's activation markers on the order of battle screen: on the
//! formation's page, one line each (its printed code and initiative
//! number, Delete) and **Add activation marker**; a marker selected in the
//! tree shows its counter and the same line. Each change is one undo step
//! (typing into one field merges into one step).

use iced::widget::{Column, button, row, text, text_input};
use iced::{Element, Fill};

use super::{Message, OobScreen};
use berthier_schema::Formation;
use berthier_schema::counters::ActivationMarker;
use berthier_tools::oob::activation;

/// An activation marker edit.
#[derive(Debug, Clone)]
pub enum Edit {
    /// Add a marker to the formation with this id.
    Add(String),
    /// Marker `.0`'s code typed.
    Code(String, String),
    /// Marker `.0`'s initiative typed.
    Initiative(String, String),
    /// Delete marker `.0`.
    Delete(String),
}

impl OobScreen {
    /// Applies an activation marker edit as one undo step.
    pub(super) fn activation(&mut self, edit: Edit) {
        let (e, key) = match &edit {
            Edit::Add(formation) => {
                let added = activation::add(&self.doc, formation);
                (added.map(|(e, _)| e), None)
            }
            Edit::Code(m, typed) => {
                let code =
                    Some(typed.trim().to_owned()).filter(|c| !c.is_empty());
                (
                    activation::set_code(&self.doc, m, code),
                    Some(format!("code {m}")),
                )
            }
            Edit::Initiative(m, typed) => match parse_initiative(typed) {
                Ok(n) => (
                    activation::set_initiative(&self.doc, m, n),
                    Some(format!("initiative {m}")),
                ),
                Err(()) => {
                    self.notice = Some(format!(
                        "An initiative is a whole number (\"{typed}\" is not); \
                         leave it empty when it is not known."
                    ));
                    return;
                }
            },
            Edit::Delete(m) => (activation::delete(&self.doc, m), None),
        };
        match e {
            Some(e) => self.doc.apply(e, key),
            None if matches!(edit, Edit::Add(_)) => {
                self.notice = Some(
                    "This formation is defined in an included file: edit its \
                     markers there."
                        .to_owned(),
                );
            }
            None => {}
        }
    }

    /// The markers of formation `f`, one line each, and the Add button
    /// (lines read only for a formation of an included file).
    pub(super) fn activation_lines<'a>(
        &'a self,
        f: &'a Formation,
    ) -> Element<'a, Message> {
        let own = self.doc.own().formations.iter().any(|o| o.id == f.id);
        let mut list = Column::new().spacing(6).push(
            text(format!(
                "Activation markers: {}",
                f.activation_markers.len()
            ))
            .size(14),
        );
        for m in &f.activation_markers {
            list = list.push(marker_line(m, own));
        }
        if own {
            let add = Message::Activation(Edit::Add(f.id.clone()));
            list = list.push(
                button(text("Add activation marker").size(13))
                    .style(button::secondary)
                    .on_press(add),
            );
        }
        list.into()
    }

    /// The page of marker `id`: its formation, its counter, its line.
    pub(super) fn activation_page(&self, id: &str) -> Element<'_, Message> {
        let Some(f) = activation::formation_of(&self.doc, id) else {
            return text("This marker is no longer in the file.").into();
        };
        let own = self.doc.own().formations.iter().any(|o| o.id == f.id);
        let Some(m) = f.activation_markers.iter().find(|m| m.id == id) else {
            return text("This marker is no longer in the file.").into();
        };
        Column::new()
            .spacing(10)
            .push(text(format!("Activation marker of {}", f.name)).size(20))
            .push(self.counter_faces(id))
            .push(marker_line(m, own))
            .push(self.origin_line(&f.id))
            .width(Fill)
            .into()
    }
}

/// Code, initiative and Delete for one marker.
fn marker_line(m: &ActivationMarker, editable: bool) -> Element<'_, Message> {
    let code = m.code.clone().unwrap_or_default();
    let initiative = m.initiative.map(|n| n.to_string()).unwrap_or_default();
    if !editable {
        return text(format!("Code {code} · initiative {initiative}"))
            .size(13)
            .into();
    }
    let id = m.id.clone();
    let (a, b, c) = (id.clone(), id.clone(), id);
    row![
        text("Code").size(13),
        text_input("O", &code)
            .on_input(move |v| Message::Activation(Edit::Code(a.clone(), v)))
            .width(48),
        text("Initiative").size(13),
        text_input("?", &initiative)
            .on_input(move |v| Message::Activation(Edit::Initiative(
                b.clone(),
                v
            )))
            .width(56),
        button(text("Delete").size(12))
            .style(button::danger)
            .on_press(Message::Activation(Edit::Delete(c))),
    ]
    .spacing(6)
    .align_y(iced::Center)
    .into()
}

/// The initiative typed: empty is not known.
fn parse_initiative(typed: &str) -> Result<Option<i16>, ()> {
    let t = typed.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse().map(Some).map_err(|_| ())
}
