//! Help > Rule codes: every finding code with the documentation
//! `berthier-validate rule CODE` prints (what it checks, why, an example,
//! the rulebook section), over the screen shown. Opened with F1, or on a
//! code by its heading in a findings panel; a filter finds a code by its
//! name or by words of its summary.

use iced::widget::{
    Column, button, column, container, opaque, row, scrollable, stack, text,
    text_input,
};
use iced::{Color, Element, Fill, Font};

use berthier_rules::Code;

/// The list's width.
const LIST_WIDTH: f32 = 340.0;
/// The list's scrollable, scrolled to the code shown when it opens.
const LIST_ID: &str = "rule-codes-list";

/// The panel's state: the filter typed and the code shown.
#[derive(Debug, Clone)]
pub struct RuleCodes {
    filter: String,
    shown: Code,
}

/// What the panel handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// The filter was edited.
    Filter(String),
    /// Show this code's documentation.
    Show(Code),
    /// Close the panel.
    Close,
}

/// What the panel asks of the application.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// The panel is to close.
    Closed,
}

impl RuleCodes {
    /// The panel showing `code`.
    pub fn new(code: Code) -> Self {
        Self {
            filter: String::new(),
            shown: code,
        }
    }

    /// The code shown.
    pub fn shown(&self) -> Code {
        self.shown
    }

    /// Scrolls the list so the code shown is in view (the rows are of
    /// nearly one height, so its place in the list is its place in the
    /// scrolled content).
    pub fn reveal<M: Send + 'static>(&self) -> iced::Task<M> {
        let listed = self.listed();
        let Some(at) = listed.iter().position(|c| *c == self.shown) else {
            return iced::Task::none();
        };
        let last = listed.len().saturating_sub(1).max(1);
        let y = at as f32 / last as f32;
        iced::widget::operation::snap_to(
            iced::widget::Id::new(LIST_ID),
            iced::widget::operation::RelativeOffset {
                x: None,
                y: Some(y),
            },
        )
    }

    /// The codes the filter keeps, in the documentation's order: a code
    /// whose name starts with the filter, or whose summary holds every
    /// word of it (any case).
    pub fn listed(&self) -> Vec<Code> {
        let filter = self.filter.trim().to_lowercase();
        let words: Vec<&str> = filter.split_whitespace().collect();
        Code::ALL
            .into_iter()
            .filter(|code| {
                let name = code.as_str().to_lowercase();
                let summary = code.summary().to_lowercase();
                name.starts_with(&filter)
                    || words.iter().all(|w| summary.contains(w))
            })
            .collect()
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Filter(filter) => {
                self.filter = filter;
                // The code shown is one of the list: the first, when the
                // filter left it out (so one code left is the one shown).
                let listed = self.listed();
                if let Some(first) = listed.first()
                    && !listed.contains(&self.shown)
                {
                    self.shown = *first;
                }
            }
            Message::Show(code) => {
                // Asked from a findings panel: a filter that hides the
                // code goes, so its row is in the list.
                if !self.listed().contains(&code) {
                    self.filter.clear();
                }
                self.shown = code;
            }
            Message::Close => return Some(Event::Closed),
        }
        None
    }

    /// The panel over `behind`, which cannot be used while it shows.
    pub fn view<'a, M: Clone + 'a>(
        &'a self,
        behind: Element<'a, M>,
        message: impl Fn(Message) -> M + Copy + 'a,
    ) -> Element<'a, M> {
        let panel = container(
            column![
                row![
                    text("Rule codes").size(20).width(Fill),
                    button("Close")
                        .style(button::secondary)
                        .on_press(message(Message::Close)),
                ],
                row![self.list(message), self.documentation()].spacing(12),
            ]
            .spacing(10),
        )
        .padding(14)
        .width(Fill)
        .height(Fill)
        .style(container::rounded_box);
        let dim =
            container(panel)
                .padding(30)
                .width(Fill)
                .height(Fill)
                .style(|_| {
                    container::background(Color::from_rgba(0., 0., 0., 0.3))
                });
        stack![behind, opaque(dim)].into()
    }

    fn list<'a, M: Clone + 'a>(
        &'a self,
        message: impl Fn(Message) -> M + Copy + 'a,
    ) -> Element<'a, M> {
        let filter = text_input("Filter: STK, stack, road…", &self.filter)
            .on_input(move |s| message(Message::Filter(s)));
        let mut codes = Column::new().spacing(2);
        for code in self.listed() {
            let style = if code == self.shown {
                button::primary
            } else {
                button::text
            };
            codes = codes.push(
                button(
                    column![
                        text(format!(
                            "{} · {}",
                            code.as_str(),
                            code.severity().as_str()
                        ))
                        .size(13),
                        text(code.summary()).size(12),
                    ]
                    .spacing(1),
                )
                .width(Fill)
                .style(style)
                .on_press(message(Message::Show(code))),
            );
        }
        column![filter, scrollable(codes).id(LIST_ID).height(Fill)]
            .spacing(8)
            .width(LIST_WIDTH)
            .into()
    }

    fn documentation<'a, M: 'a>(&'a self) -> Element<'a, M> {
        let mono = Font::MONOSPACE;
        let mut body = Column::new().spacing(6);
        // The explanation is markdown-like: `## ` headings, an example in
        // a fenced block shown in a fixed-width font.
        let mut in_example = false;
        for line in self.shown.explain().lines() {
            if line.starts_with("```") {
                in_example = !in_example;
                continue;
            }
            body = body.push(match line.strip_prefix("## ") {
                Some(heading) if !in_example => {
                    text(heading.to_owned()).size(16)
                }
                _ if in_example => text(line.to_owned()).size(12).font(mono),
                _ => text(line.to_owned()).size(13),
            });
        }
        scrollable(body).width(Fill).height(Fill).into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_finds_codes_by_name_and_by_summary_words() {
        let mut panel = RuleCodes::new(Code::ALL[0]);
        assert_eq!(panel.listed().len(), Code::ALL.len());
        panel.update(Message::Filter("stk0".into()));
        assert!(!panel.listed().is_empty());
        assert!(
            panel
                .listed()
                .iter()
                .all(|c| c.as_str().starts_with("STK0"))
        );
        let code = Code::ALL[Code::ALL.len() / 2];
        panel.update(Message::Filter(code.as_str().to_lowercase()));
        assert_eq!(panel.listed(), [code]);
        assert_eq!(panel.shown(), code, "the only one left is shown");
        let word = code
            .summary()
            .split_whitespace()
            .max_by_key(|w| w.len())
            .unwrap_or_default()
            .to_uppercase();
        panel.update(Message::Filter(word.clone()));
        assert!(panel.listed().contains(&code), "{word}");
    }
}
