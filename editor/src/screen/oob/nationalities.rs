//! A side's nationalities on the order of battle screen: each one's name
//! (its id kept: units name it), deleted when no unit has it, a new one
//! added from a name; and a unit's nationality picked from its side's.
//! A nationality is the background colour the unit's counters are
//! printed in (the series' counter art).

use iced::widget::{Column, button, pick_list, row, text, text_input};
use iced::{Element, Fill};

use super::{Message, OobScreen};
use berthier_schema::Unit;
use berthier_schema::counters::Side;
use berthier_tools::oob::nationality;

/// A nationality edit.
#[derive(Debug, Clone)]
pub enum Edit {
    /// The name of nationality `.0` of the selected side changed.
    Name(String, String),
    /// Delete nationality `.0` of the selected side.
    Delete(String),
    /// The new nationality's name field changed.
    Typed(String),
    /// Add the nationality named in the field.
    Add,
    /// The selected unit's nationality was picked.
    OfUnit(Choice),
}

/// A unit's nationality as the list offers it: by name, or none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The id, `None` for no nationality.
    pub id: Option<String>,
    /// What the list shows.
    pub name: String,
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

impl OobScreen {
    /// Applies a nationality edit as one undo step (typing into one name
    /// merges into one step).
    pub(super) fn nationality(&mut self, edit: Edit) {
        let side = match &self.selected {
            Some(item) => item.id.clone(),
            None => return,
        };
        match edit {
            Edit::Name(id, name) => {
                if let Some(e) =
                    nationality::rename(&self.doc, &side, &id, &name)
                {
                    self.doc.apply(e, Some(format!("nationality {side} {id}")));
                }
            }
            Edit::Delete(id) => {
                match nationality::delete(&self.doc, &side, &id) {
                    Ok(Some(e)) => self.doc.apply(e, None),
                    Ok(None) => {}
                    Err(in_use) => self.notice = Some(in_use.to_string()),
                }
            }
            Edit::Typed(name) => self.new_nationality = name,
            Edit::Add => {
                let name = self.new_nationality.trim().to_owned();
                if name.is_empty() {
                    return;
                }
                if let Some((e, _)) = nationality::add(&self.doc, &side, &name)
                {
                    self.doc.apply(e, None);
                    self.new_nationality.clear();
                }
            }
            Edit::OfUnit(choice) => {
                self.edit_unit("nationality", |u| u.nationality = choice.id);
            }
        }
    }

    /// The side's nationalities, editable when the file defines the side.
    pub(super) fn side_nationalities<'a>(
        &'a self,
        side: &'a Side,
        own: bool,
    ) -> Element<'a, Message> {
        let edit = |e: Edit| Message::Nationality(e);
        let mut list = Column::new()
            .spacing(6)
            .push(text("Nationalities (the counters' colour)").size(15));
        if side.nationalities.is_empty() {
            list = list.push(text("None yet.").size(13));
        }
        for n in &side.nationalities {
            let units = nationality::units_with(&self.doc, &side.id, &n.id);
            let mut name = text_input("Name", &n.name).width(Fill);
            let mut delete =
                button(text("Delete").size(13)).style(button::danger);
            if own {
                let id = n.id.clone();
                name = name.on_input(move |s| edit(Edit::Name(id.clone(), s)));
                delete = delete.on_press_maybe(
                    (units == 0).then(|| edit(Edit::Delete(n.id.clone()))),
                );
            }
            let used = text(match units {
                0 => "no unit".to_owned(),
                1 => "1 unit".to_owned(),
                n => format!("{n} units"),
            })
            .size(13);
            list = list.push(
                row![name, used, delete].spacing(8).align_y(iced::Center),
            );
        }
        if own {
            let field = text_input(
                "New nationality, e.g. Brunswick",
                &self.new_nationality,
            )
            .on_input(move |s| edit(Edit::Typed(s)))
            .on_submit(edit(Edit::Add))
            .width(Fill);
            let add = button(text("Add nationality").size(13)).on_press_maybe(
                (!self.new_nationality.trim().is_empty())
                    .then(|| edit(Edit::Add)),
            );
            list = list.push(row![field, add].spacing(8));
        }
        list.into()
    }

    /// The unit's nationality, picked from its side's when the file
    /// defines the unit.
    pub(super) fn unit_nationality<'a>(
        &'a self,
        u: &'a Unit,
    ) -> Element<'a, Message> {
        let merged = self.doc.merged();
        let side = merged.sides.iter().find(|s| s.id == u.side);
        let mut choices = vec![Choice {
            id: None,
            name: "none".to_owned(),
        }];
        choices.extend(side.into_iter().flat_map(|s| &s.nationalities).map(
            |n| Choice {
                id: Some(n.id.clone()),
                name: n.name.clone(),
            },
        ));
        let current = choices
            .iter()
            .find(|c| c.id == u.nationality)
            .cloned()
            .unwrap_or_else(|| Choice {
                id: u.nationality.clone(),
                name: format!(
                    "{} (not a nationality of the side)",
                    u.nationality.as_deref().unwrap_or("")
                ),
            });
        let picker: Element<'a, Message> = if self.doc.is_own(&u.id) {
            pick_list(choices, Some(current), |c| {
                Message::Nationality(Edit::OfUnit(c))
            })
            .into()
        } else {
            text(current.name).into()
        };
        row![text("Nationality"), picker]
            .spacing(8)
            .align_y(iced::Center)
            .into()
    }
}
