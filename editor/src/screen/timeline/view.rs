//! The Timeline screen's layout: toolbar, the turn track with its cards
//! (one column per turn, night, fog and weather turns shaded, a new day
//! marked), and below it the selected card's details beside the map
//! with its entry drawn (or, while playing, the played turn).

use iced::widget::{
    Column, button, column, container, mouse_area, row, rule, scrollable, text,
};
use iced::{Background, Border, Color, Element, Fill, Length};

use super::{CardKey, Message, TimelineScreen};
use berthier_tools::timeline::cards::Card;
use berthier_tools::timeline::track::{self, Turn};

/// Width of one turn's column: room for a card's title and entry.
const TURN_WIDTH: f32 = 132.0;

/// The page's background.
const PAGE: Color = Color::from_rgb(0.99, 0.99, 0.985);

/// Height of the details and map panel under the track.
const PANEL_HEIGHT: f32 = 300.0;

impl TimelineScreen {
    /// The window's content.
    pub fn view(&self) -> Element<'_, Message> {
        let mut page = column![self.toolbar()];
        if let Some(offer) = self.recovery.view(Message::Recovery) {
            page = page.push(offer);
        }
        for warning in &self.doc.warnings {
            page =
                page.push(text(warning.clone()).style(text::danger).size(14));
        }
        let panel = row![
            container(scrollable(
                container(self.details()).padding(8).width(Fill)
            ))
            .width(Fill)
            .height(Fill),
            rule::vertical(1),
            container(self.live.view().map(Message::Live))
                .width(340)
                .height(Fill),
            rule::vertical(1),
            container(self.minimap()).width(420).height(Fill),
        ];
        let page = page
            .push(rule::horizontal(1))
            .push(
                scrollable(self.track())
                    .direction(scrollable::Direction::Horizontal(
                        scrollable::Scrollbar::default(),
                    ))
                    .height(Fill),
            )
            .push(rule::horizontal(1))
            .push(panel.height(PANEL_HEIGHT));
        // An opaque page of its own off-white: the CPU renderer repaints
        // all of it after the map screen (with the theme's white it left
        // strips of the map in the panels, seen under Xvfb).
        container(page)
            .width(Fill)
            .height(Fill)
            .style(|_| container::background(PAGE))
            .into()
    }

    fn toolbar(&self) -> Element<'_, Message> {
        let doc = &self.doc;
        let movable =
            self.selected().is_some_and(|c| c.turn.is_ok()) && !doc.variant;
        let play = match self.playing {
            Some(_) => button("Stop playing").on_press(Message::Play(false)),
            None => button("Play the schedule").on_press(Message::Play(true)),
        };
        let mut bar = row![
            button("Back to map").on_press(Message::BackToMap),
            button("Save").on_press_maybe(
                (doc.is_dirty() && !doc.variant).then_some(Message::Save)
            ),
            button("Undo")
                .on_press_maybe(doc.can_undo().then_some(Message::Undo)),
            button("Redo")
                .on_press_maybe(doc.can_redo().then_some(Message::Redo)),
            button("◀ Earlier")
                .on_press_maybe(movable.then_some(Message::Earlier)),
            button("Later ▶").on_press_maybe(movable.then_some(Message::Later)),
            button("Pick entry on map")
                .style(if self.picking_entry {
                    button::success
                } else {
                    button::primary
                })
                .on_press_maybe(
                    (self.selected().is_some() && !doc.variant)
                        .then_some(Message::PickEntry(!self.picking_entry))
                ),
            play,
        ]
        .spacing(6)
        .align_y(iced::Center);
        if let Some(notice) = &self.notice {
            bar = bar.push(text(notice.clone()).size(14));
        } else if doc.variant {
            bar = bar.push(
                text("A variant: its schedule is shown, not edited.").size(14),
            );
        }
        crate::screen::rewrite::under(
            container(bar).padding(6),
            self.rewrite,
            Message::Rewrite(true),
            Message::Rewrite(false),
        )
    }

    /// One column per turn, then one for the cards on no turn.
    fn track(&self) -> Element<'_, Message> {
        let turns = track::turns(&self.doc.scenario().turns);
        let mut columns = row![].spacing(2);
        for turn in &turns {
            let cards = self.cards.iter().filter(|c| c.turn == Ok(turn.number));
            columns = columns.push(self.turn_column(turn, cards));
        }
        let off: Vec<&Card> =
            self.cards.iter().filter(|c| c.turn.is_err()).collect();
        if !off.is_empty() {
            let mut list = Column::new()
                .spacing(4)
                .push(text("Not on the track").size(13).style(text::danger));
            for card in off {
                list = list.push(self.card(card));
            }
            columns = columns
                .push(container(list).width(TURN_WIDTH * 1.5).padding(4));
        }
        container(columns.height(Fill))
            .padding(4)
            .height(Fill)
            .into()
    }

    fn turn_column<'a>(
        &'a self,
        turn: &Turn,
        cards: impl Iterator<Item = &'a Card>,
    ) -> Element<'a, Message> {
        let day = if turn.day > 0 && turn_starts_day(&self.doc, turn) {
            format!("Day {} · ", turn.day + 1)
        } else {
            String::new()
        };
        let mut kind = Vec::new();
        if turn.night {
            kind.push("night".to_owned());
        }
        if turn.fog {
            kind.push("fog".to_owned());
        }
        if let Some(w) = &turn.weather {
            kind.push(w.clone());
        }
        if turn.minutes != self.doc.scenario().turns.minutes_per_turn {
            kind.push(format!("{} min", turn.minutes));
        }
        let mut list = Column::new()
            .spacing(4)
            .push(text(format!("{day}Turn {}", turn.number)).size(12))
            .push(text(turn.clock.clone()).size(16))
            .push(text(kind.join(", ")).size(11));
        for card in cards {
            list = list.push(self.card(card));
        }
        let shade = turn_shade(turn, self.target() == Some(turn.number));
        let played = self.playing == Some(turn.number);
        let body = container(list)
            .width(TURN_WIDTH)
            .height(Length::Fill)
            .padding(4)
            .style(move |_| container::Style {
                background: Some(Background::Color(shade)),
                border: Border {
                    color: Color::from_rgb8(0xc0, 0x60, 0x00),
                    width: if played { 3.0 } else { 0.0 },
                    radius: 3.0.into(),
                },
                ..container::Style::default()
            });
        mouse_area(body)
            .on_release(Message::Drop(turn.number))
            .on_enter(Message::Hover(turn.number))
            .into()
    }

    /// The turn a dragged card is over.
    fn target(&self) -> Option<u16> {
        self.dragging.and_then(|(_, over)| over)
    }

    fn card<'a>(&'a self, card: &'a Card) -> Element<'a, Message> {
        let key = CardKey::of(card);
        let selected = self.selected == Some(key);
        let ink = side_colour(card.side);
        let entry = card.short_entry.clone();
        let body = column![
            text(card.title.clone()).size(13),
            text(format!(
                "{} · {}",
                self.side_name(&card.side_id),
                units_count(card)
            ))
            .size(11),
            text(entry).size(11),
        ]
        .spacing(1);
        let boxed = container(body).width(Fill).padding(4).style(move |_| {
            container::Style {
                background: Some(Background::Color(Color::WHITE)),
                border: Border {
                    color: ink,
                    width: if selected { 3.0 } else { 1.0 },
                    radius: 4.0.into(),
                },
                ..container::Style::default()
            }
        });
        mouse_area(boxed).on_press(Message::Grab(key)).into()
    }

    /// The selected card in full, or the played turn.
    fn details(&self) -> Element<'_, Message> {
        if let Some(turn) = self.playing {
            return self.play_view(turn);
        }
        let tools = self.arrival_tools();
        let Some(card) = self.selected() else {
            let hint = text(
                "Select a card to see its units and entry; drag it to \
                 another turn, or use Earlier and Later (arrow keys).",
            )
            .size(14);
            return column![tools, hint].spacing(6).into();
        };
        let mut lines = column![
            tools,
            text(format!(
                "{} — {}",
                card.title,
                self.side_name(&card.side_id)
            ))
            .size(16),
            text(format!("At {}", card.at)).size(14),
        ]
        .spacing(3);
        if let Err(why) = &card.turn {
            lines =
                lines.push(text(why.to_string()).size(14).style(text::danger));
        }
        let entry = card.entry.clone().unwrap_or_else(|| {
            "No entry printed: the entry simulation leaves it out.".into()
        });
        lines = lines.push(text(format!("Enters by {entry}")).size(14));
        lines = lines.push(
            text(format!("Units: {}", card.unit_names.join(", "))).size(13),
        );
        for note in &card.notes {
            lines = lines.push(text(note.clone()).size(13));
        }
        lines.into()
    }
}

/// Whether `turn` is the first turn of its day on the track.
fn turn_starts_day(
    doc: &berthier_tools::timeline::TimelineDoc,
    turn: &Turn,
) -> bool {
    let turns = track::turns(&doc.scenario().turns);
    let before = usize::from(turn.number).checked_sub(2);
    before.is_none_or(|i| turns.get(i).is_none_or(|t| t.day != turn.day))
}

fn units_count(card: &Card) -> String {
    match card.units.len() {
        0 if card.units_unknown => "units unknown".to_owned(),
        1 => "1 unit".to_owned(),
        n => format!("{n} units"),
    }
}

/// Night turns dark, fog grey, weather blue, the drop target yellow.
fn turn_shade(turn: &Turn, target: bool) -> Color {
    if target {
        Color::from_rgb8(0xff, 0xf1, 0xb0)
    } else if turn.night {
        Color::from_rgb8(0xb8, 0xc0, 0xd8)
    } else if turn.fog {
        Color::from_rgb8(0xdd, 0xdd, 0xdd)
    } else if turn.weather.is_some() {
        Color::from_rgb8(0xd4, 0xe8, 0xf4)
    } else {
        Color::from_rgb8(0xf4, 0xf1, 0xe8)
    }
}

/// A colour per side (the first side blue, the second red...).
pub(super) fn side_colour(side: usize) -> Color {
    const INKS: [[u8; 3]; 4] = [
        [0x1f, 0x4e, 0xa8],
        [0xb0, 0x22, 0x22],
        [0x2e, 0x7d, 0x32],
        [0x6a, 0x1b, 0x9a],
    ];
    let [r, g, b] = INKS[side % INKS.len()];
    Color::from_rgb8(r, g, b)
}
