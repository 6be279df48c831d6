//! The selection's fields beside its name: a unit's class (from the
//! series) and printed number, a formation's level.

use berthier_schema::{Formation, Unit};
use iced::Element;
use iced::widget::{pick_list, row, text, text_input};

use super::{Message, OobScreen};
use berthier_tools::oob::ops::LEVELS;

/// Room for the longest level name.
const LEVEL_WIDTH: f32 = 180.0;

impl OobScreen {
    /// Class and printed number, editable on the file's own units; a
    /// printed number another unit of the side carries is named: the
    /// number is the unit's line on its army's loss sheet ("the 024 unit
    /// will appear on the 24th line", seed 001 §III.1, l. 120).
    pub(super) fn unit_fields<'a>(
        &'a self,
        u: &'a Unit,
    ) -> Element<'a, Message> {
        let own = self.doc.is_own(&u.id);
        let classes: Vec<String> = self.doc.series.as_ref().map_or_else(
            || vec![u.class.clone()],
            |s| s.unit_classes.iter().map(|c| c.id.clone()).collect(),
        );
        let class: Element<'a, Message> = if own {
            pick_list(classes, Some(u.class.clone()), Message::SetClass).into()
        } else {
            text(u.class.clone()).into()
        };
        let mut printed =
            text_input("none", u.printed.as_deref().unwrap_or("")).width(90);
        if own {
            printed = printed.on_input(Message::SetPrinted);
        }
        let mut line =
            row![text("Class"), class, text("Printed number"), printed]
                .spacing(8)
                .align_y(iced::Center);
        let twin = u.printed.as_ref().and_then(|n| {
            self.doc.merged().units.iter().find(|x| {
                x.id != u.id
                    && x.side == u.side
                    && x.printed.as_ref() == Some(n)
            })
        });
        if let Some(twin) = twin {
            line = line.push(
                text(format!("also printed on {}", twin.id))
                    .style(text::danger),
            );
        }
        line.into()
    }

    /// The level, from the hierarchy's ladder (and the file's own).
    pub(super) fn formation_fields<'a>(
        &'a self,
        f: &'a Formation,
    ) -> Element<'a, Message> {
        let mut levels: Vec<String> =
            LEVELS.iter().map(|l| (*l).to_owned()).collect();
        if !levels.contains(&f.level) {
            levels.push(f.level.clone());
        }
        let level: Element<'a, Message> = if self.doc.is_own(&f.id) {
            pick_list(levels, Some(f.level.clone()), Message::SetLevel)
                .width(LEVEL_WIDTH)
                .into()
        } else {
            text(f.level.clone()).into()
        };
        row![text("Level"), level]
            .spacing(8)
            .align_y(iced::Center)
            .into()
    }
}
