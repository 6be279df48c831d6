//! The live findings panel: a heading with the count (or "checking…"),
//! what is not checked, then the findings grouped by code, each headed as
//! `berthier-validate` heads it (`error[STK001]: illegal stack in hex
//! 0810 (...)` with its file) but with the names of the units, formations
//! and sides it quotes instead of their ids ("8e Hussards", not
//! `8e-hussards (8e Hussards)`: [`berthier_tools::naming`]), a button
//! that centres its hex when it names one.

use iced::widget::{Column, button, column, scrollable, text};
use iced::{Element, Fill};

use super::Unchecked;
use super::live::{Live, Message};
use berthier_rules::Diagnostic;

impl Live {
    /// The panel.
    pub fn view(&self) -> Element<'_, Message> {
        let mut list = Column::new().spacing(4);
        let mut code = None;
        for (i, d) in self.findings().iter().enumerate() {
            if code != Some(d.code) {
                code = Some(d.code);
                let n = self.findings().iter().filter(|f| f.code == d.code);
                // The code's heading opens its documentation.
                list = list.push(
                    button(
                        text(format!("{} ({})", d.code, n.count())).size(13),
                    )
                    .style(button::text)
                    .padding(0)
                    .on_press(Message::Explain(d.code)),
                );
            }
            let style = if self.selected_index() == Some(i) {
                button::primary
            } else {
                button::secondary
            };
            let where_ = self.place(d);
            list = list.push(
                button(column![
                    text(self.worded(d)).size(12),
                    text(where_).size(11)
                ])
                .width(Fill)
                .style(style)
                .on_press_maybe(d.hex.map(|_| Message::Show(i))),
            );
        }
        let mut notes = Column::new().spacing(2);
        for note in self.notes() {
            notes = notes.push(text(note).size(12));
        }
        column![
            text(self.heading()).size(14),
            notes,
            scrollable(list).height(Fill)
        ]
        .spacing(6)
        .padding(8)
        .into()
    }

    /// A finding as the panel words it: headed as `berthier-validate`
    /// heads it, the ids it quotes said by name.
    pub fn worded(&self, d: &Diagnostic) -> String {
        let outcome = self.outcome().and_then(|o| o.as_ref().ok());
        match outcome {
            Some(o) => format!(
                "{}[{}]: {}",
                d.severity.as_str(),
                d.code,
                o.naming.say(&d.message)
            ),
            None => worded(d),
        }
    }

    /// The name of the unit (formation, side) `id`, as the panel says
    /// it: its id when the order of battle could not be read.
    pub fn name_of<'a>(&'a self, id: &'a str) -> &'a str {
        let outcome = self.outcome().and_then(|o| o.as_ref().ok());
        outcome.and_then(|o| o.naming.name(id)).unwrap_or(id)
    }

    /// "Scenario x.scenario.ron: 3 findings", "… 4 findings in 2 files"
    /// (the scenario and the files it names), "… no findings",
    /// "checking…".
    pub fn heading(&self) -> String {
        let name = self
            .scenario()
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let state = match (self.outcome(), self.checking()) {
            (None, _) => "checking…".to_owned(),
            (Some(Err(_)), _) => "not checked".to_owned(),
            (Some(Ok(o)), busy) => {
                let mut found = match o.findings.len() {
                    0 => "no findings".to_owned(),
                    1 => "1 finding".to_owned(),
                    n => format!("{n} findings"),
                };
                let files = self.by_file().len();
                if files > 1 {
                    found = format!("{found} in {files} files");
                }
                if busy {
                    format!("{found} (checking…)")
                } else {
                    found
                }
            }
        };
        format!("Scenario {name}: {state}")
    }

    /// Why the scenario could not be checked, how many findings each file
    /// has when they are in several, and what is not checked.
    pub fn notes(&self) -> Vec<String> {
        match self.outcome() {
            Some(Err(e)) => vec![format!("Cannot check: {e}")],
            Some(Ok(o)) => {
                let by_file = self.by_file();
                let mut notes = Vec::new();
                if by_file.len() > 1 {
                    // The map's own findings (MAP003...) are listed with
                    // the scenario's: `berthier-validate` on the scenario
                    // alone reports only the scenario's.
                    let each: Vec<String> = by_file
                        .iter()
                        .map(|(file, n)| format!("{n} in {}", short(file)))
                        .collect();
                    notes.push(each.join(", "));
                }
                notes.extend(not_checked(&o.unchecked));
                notes
            }
            None => Vec::new(),
        }
    }

    /// The files the findings shown are in, the scenario first, each with
    /// its number of findings (as `berthier-validate` counts them when
    /// given the scenario and the files it names).
    pub fn by_file(&self) -> Vec<(String, usize)> {
        let name = self.scenario().file_name().map(|n| n.to_string_lossy());
        let mut files: Vec<(String, usize)> = Vec::new();
        for d in self.findings() {
            match files.iter_mut().find(|(f, _)| *f == d.file) {
                Some((_, n)) => *n += 1,
                None => files.push((d.file.clone(), 1)),
            }
        }
        let of_scenario =
            |f: &str| name.as_deref().is_some_and(|n| f.ends_with(n));
        files.sort_by_key(|(f, _)| !of_scenario(f));
        files
    }

    /// `--> file:line:col` as the validator prints it; a file read from
    /// memory has no line of its own yet (it is not saved).
    fn place(&self, d: &Diagnostic) -> String {
        let hex = d.hex.map(|h| format!(" (hex {h})")).unwrap_or_default();
        if d.line == 0 || self.in_memory(&d.file) {
            format!("--> {}{hex}", d.file)
        } else {
            format!("--> {}:{}:{}{hex}", d.file, d.line, d.column)
        }
    }
}

/// The file name of a finding's path (`maps/x/x.map.ron`: `x.map.ron`).
fn short(file: &str) -> &str {
    file.rsplit(['/', '\\']).next().unwrap_or(file)
}

/// `error[STK001]: message`, as `berthier-validate` heads a finding (the
/// panel says the ids by name: [`Live::worded`]).
pub fn worded(d: &Diagnostic) -> String {
    format!("{}[{}]: {}", d.severity.as_str(), d.code, d.message)
}

/// "Not checked: 2 setup instructions in text, ..." lines; "Everything the
/// rules cover was checked" when nothing is left out.
pub fn not_checked(u: &Unchecked) -> Vec<String> {
    let count = |n: Option<usize>, one: &str, many: &str| match n {
        None => format!("{many}: unknown (files unreadable)"),
        Some(1) => format!("1 {one}"),
        Some(n) => format!("{n} {many}"),
    };
    if !u.any() && u.unknown_steps.is_some() {
        return vec![
            "Not checked: nothing (no text placements, unknown \
                     steps or text victory conditions)"
                .to_owned(),
        ];
    }
    vec![
        "Not checked:".to_owned(),
        format!(
            "  {}",
            count(
                u.text_placements,
                "setup placement in text",
                "setup placements in text"
            )
        ),
        format!(
            "  {}",
            count(
                u.unknown_steps,
                "unit set up with unknown steps",
                "units set up with unknown steps"
            )
        ),
        format!(
            "  {}",
            count(
                u.text_victory,
                "victory condition in text",
                "victory conditions in text"
            )
        ),
    ]
}
