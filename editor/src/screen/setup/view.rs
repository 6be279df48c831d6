//! The Setup screen's layout: toolbar, the roster or instructions on the
//! left, the map with its counters, and the stack panel of the selected
//! hex on the right.

use iced::widget::{
    Canvas, Column, button, column, container, mouse_area, row, rule,
    scrollable, stack, text,
};
use iced::{Element, Fill, Theme};

use super::layer::SetupLayer;
use super::{Message, STACK_WIDTH, SetupScreen, Tab};
use crate::map_canvas::Visible;
use crate::map_canvas::game_layer::GameLayer;
use crate::map_canvas::victory_layer::VictoryLayer;
use berthier_tools::game::marks;
use berthier_tools::setup::roster::{Entry, Row as RosterRow, Status};
use berthier_tools::setup::zone;

/// The left panel's width.
const LIST_WIDTH: f32 = 320.0;
/// The live findings panel's height, under the roster.
const FINDINGS_HEIGHT: f32 = 230.0;

impl SetupScreen {
    /// The window's content.
    pub fn view(&self) -> Element<'_, Message> {
        let left = column![
            container(self.list()).height(Fill),
            rule::horizontal(1),
            container(self.live.view().map(Message::Live))
                .height(FINDINGS_HEIGHT),
        ];
        let mut body = row![
            container(left).width(LIST_WIDTH).height(Fill).style(opaque),
            rule::vertical(1),
            self.map_view(),
        ];
        if self.hex.is_some() {
            body = body.push(rule::vertical(1)).push(
                container(scrollable(self.stack_panel()))
                    .width(STACK_WIDTH)
                    .height(Fill)
                    .padding(8)
                    .style(opaque),
            );
        }
        let mut page = column![self.toolbar()];
        if let Some(offer) = self.recovery.view(Message::Recovery) {
            page = page.push(offer);
        }
        if let Some(banner) = self.disk_banner() {
            page = page.push(banner);
        }
        page.push(rule::horizontal(1))
            .push(body.height(Fill))
            .into()
    }

    fn toolbar(&self) -> Element<'_, Message> {
        let doc = &self.doc;
        let mut bar = row![
            button("Back to map").on_press(Message::Back),
            button("Save")
                .on_press_maybe(doc.is_dirty().then_some(Message::Save)),
            button("Undo")
                .on_press_maybe(doc.can_undo().then_some(Message::Undo)),
            button("Redo")
                .on_press_maybe(doc.can_redo().then_some(Message::Redo)),
            button("New variant").on_press(Message::NewVariant),
            text(self.hint()).size(14),
        ]
        .spacing(6)
        .align_y(iced::Center);
        if let Some(notice) = &self.notice {
            bar = bar.push(text(notice.clone()).size(14).style(text::danger));
        }
        crate::screen::rewrite::under(
            container(bar).padding(6),
            self.rewrite,
            Message::Rewrite(true),
            Message::Rewrite(false),
        )
    }

    fn hint(&self) -> String {
        match self.zone_tool {
            Some(super::ZoneTool::Pick) => {
                return "Click the place or hex the zone is measured from"
                    .to_owned();
            }
            Some(super::ZoneTool::Draw) => {
                return "Click the region's corners in order (again: remove)"
                    .to_owned();
            }
            Some(super::ZoneTool::Line) => {
                return "Click the line's points in order (again: remove)"
                    .to_owned();
            }
            Some(super::ZoneTool::FirstEnd | super::ZoneTool::SecondEnd) => {
                return "Click the place or hex it runs to (a stretch of road \
                        ends there, a band reaches it)"
                    .to_owned();
            }
            None => {}
        }
        match (&self.unit, self.armed) {
            (Some(unit), true) => {
                let counters = &self.doc.counters;
                let name = counters
                    .units
                    .iter()
                    .find(|u| &u.id == unit)
                    .map_or(unit.as_str(), |u| u.name.as_str());
                format!("Click or drop on a hex to set up {name} (Esc: stop)")
            }
            (Some(_), false) => {
                "Drag a counter to move it · [ ] or Shift-drag turn · Delete removes"
                    .to_owned()
            }
            (None, _) => "Pick a unit in the roster, then a hex".to_owned(),
        }
    }

    fn map_view(&self) -> Element<'_, Message> {
        let opened = &self.doc.opened;
        let map = self.map.canvas(opened, Visible::default());
        let layer = SetupLayer {
            map: &opened.map,
            view: self.map.view,
            zone: self.zone(),
            illegal: &self.shown.illegal,
            art: &self.shown.art,
            cache: &self.counters_cache,
            selected: self.hex,
        };
        // The objectives and exits under the counters, which stay legible.
        let victory = VictoryLayer {
            shapes: self.victory().shapes(&opened.map),
            view: self.map.view,
        };
        let mut over = stack![
            map.view().map(Message::Canvas),
            Canvas::new(victory).width(Fill).height(Fill),
            Canvas::new(layer).width(Fill).height(Fill),
        ];
        if !self.game_marks.is_empty() {
            // A game's transfer ends, as the map screen draws them.
            over = over.push(
                Canvas::new(GameLayer {
                    shapes: marks::shapes(&self.game_marks, &opened.map),
                    labels: marks::labels(&self.game_marks, &opened.map),
                    radius: opened.map.grid.hex_radius_px,
                    view: self.map.view,
                })
                .width(Fill)
                .height(Fill),
            );
        }
        // Clipped: a canvas draws unclipped, and the map drawn before the
        // first fit spilled over the roster (seen under Xvfb).
        crate::screen::clip::clipped(over)
    }

    fn list(&self) -> Element<'_, Message> {
        let mut tabs = row![].spacing(4);
        for (i, side) in self.doc.scenario().sides.iter().enumerate() {
            let name = self.side_name(&side.side);
            tabs = tabs.push(tab_button(name, Tab::Roster(i), self.tab));
        }
        tabs =
            tabs.push(tab_button("Instructions", Tab::Instructions, self.tab));
        tabs = tabs.push(tab_button("Victory", Tab::Victory, self.tab));
        tabs = tabs.push(tab_button("Rules", Tab::Rules, self.tab));
        tabs = tabs.push(tab_button("Forces", Tab::Forces, self.tab));
        if self.variant_diff.is_some() {
            tabs = tabs.push(tab_button("Vs base", Tab::Variant, self.tab));
        }
        let content = match self.tab {
            Tab::Roster(i) => self.roster(i),
            Tab::Instructions => self.instructions(),
            Tab::Variant => self.variant_view(),
            Tab::Victory => self.victory_view(),
            Tab::Rules => self.rules_view(),
            Tab::Forces => self.forces_view(),
        };
        // Side names are long ("Armée anglo-alliée"): the tabs wrap.
        let tabs = tabs.wrap().vertical_spacing(4);
        let mut top = column![container(tabs).padding(6)];
        if self.tab == Tab::Instructions {
            top = top.push(container(self.zone_header()).padding([0, 8]));
        }
        top.push(scrollable(container(content).padding([4, 8])).height(Fill))
            .into()
    }

    /// The side's name from the order of battle ("Armée française", not
    /// `blue`); its id only when the order of battle lacks it.
    pub(super) fn side_name<'a>(&'a self, id: &'a str) -> &'a str {
        self.doc
            .counters
            .sides
            .iter()
            .find(|s| s.id == id)
            .map_or(id, |s| s.name.as_str())
    }

    fn roster(&self, side: usize) -> Element<'_, Message> {
        let Some(roster) = self.shown.rosters.get(side) else {
            return text("No side.").into();
        };
        let counts = |f: fn(&Status) -> bool| {
            roster.entries.iter().filter(|e| f(&e.status)).count()
        };
        let summary = format!(
            "{} set up · {} arriving · {} absent · {} errors",
            counts(|s| matches!(s, Status::SetUp(_))),
            counts(|s| matches!(s, Status::Arriving(_))),
            counts(|s| matches!(s, Status::Absent)),
            counts(Status::is_error),
        );
        let mut list = Column::new().spacing(2).push(text(summary).size(13));
        // Grouped as the order of battle's tree: a unit is pressed and
        // dragged onto the map from under its formation.
        for row in &roster.rows {
            let (shown, depth) = match row {
                RosterRow::Heading(label, depth) => (
                    text(label.clone()).size(13).style(text::primary).into(),
                    *depth,
                ),
                RosterRow::Unit(i, depth) => match roster.entries.get(*i) {
                    Some(entry) => (self.roster_row(entry), *depth),
                    None => continue,
                },
            };
            let indent = 12.0 * depth.min(6) as f32;
            list = list.push(row![iced::widget::space().width(indent), shown]);
        }
        list.into()
    }

    fn roster_row<'a>(&self, entry: &'a Entry) -> Element<'a, Message> {
        let selected = self.unit.as_deref() == Some(entry.unit.as_str());
        let status = text(entry.status.label()).size(12);
        let status = if entry.status.is_error() {
            status.style(text::danger)
        } else {
            status
        };
        let row = column![text(entry.label.clone()).size(14), status];
        mouse_area(
            container(row)
                .width(Fill)
                .padding([2, 4])
                .style(move |theme: &Theme| highlight(theme, selected)),
        )
        .on_press(Message::Pick(entry.unit.clone()))
        .into()
    }

    fn instructions(&self) -> Element<'_, Message> {
        let mut list = Column::new().spacing(4);
        let chosen = self.instruction.as_ref().map(|(at, _)| *at);
        for (i, side) in self.doc.scenario().sides.iter().enumerate() {
            list = list.push(text(self.side_name(&side.side)).size(15));
            let add = button(text("Add instruction").size(12))
                .padding([2, 6])
                .style(button::secondary)
                .on_press_maybe(
                    self.doc
                        .is_editable()
                        .then_some(Message::AddInstruction(i)),
                );
            for (k, ins) in side.instructions.iter().enumerate() {
                let words = text(zone::words(ins, &self.doc.names())).size(13);
                let words = if zone::is_text(&ins.placement) {
                    words.style(text::danger)
                } else {
                    words
                };
                let selected = chosen == Some((i, k));
                list = list.push(
                    button(words)
                        .width(Fill)
                        .style(move |theme: &Theme, status| {
                            let mut style = button::text(theme, status);
                            if selected {
                                style.background = Some(
                                    theme
                                        .extended_palette()
                                        .primary
                                        .weak
                                        .color
                                        .into(),
                                );
                            }
                            style
                        })
                        .on_press(Message::SelectInstruction(i, k)),
                );
            }
            list = list.push(add);
        }
        list.into()
    }

    fn stack_panel(&self) -> Element<'_, Message> {
        let Some(hex) = self.hex else {
            return column![].into();
        };
        let Some(report) = self.stack_report() else {
            return column![].into();
        };
        let mut panel = Column::new()
            .spacing(4)
            .push(text(format!("Hex {hex}")).size(16));
        if report.members.is_empty() {
            panel = panel.push(text("Empty.").size(13));
        }
        let last = report.members.len().saturating_sub(1);
        let counts_steps = counts_steps(&self.doc.series);
        for (i, m) in report.members.iter().enumerate() {
            // Steps only where the series' stacking counts them (Vive
            // l'Empereur); Jours de Gloire counts units, so a unit's steps
            // say nothing about its stack.
            let steps = counts_steps.then(|| {
                m.steps.map_or("steps unknown".to_owned(), |s| {
                    format!("{s} steps")
                })
            });
            let facing = m.facing.map(|f| format!("faces {f}"));
            let postures = [&m.formation, &m.state]
                .into_iter()
                .flatten()
                .map(|id| self.posture_name(id));
            let line: Vec<String> =
                steps.into_iter().chain(facing).chain(postures).collect();
            let selected = self.unit.as_deref() == Some(m.unit.as_str());
            let label = mouse_area(
                container(column![
                    text(m.name.clone()).size(13),
                    text(line.join(" · ")).size(11),
                ])
                .width(Fill)
                .style(move |theme: &Theme| highlight(theme, selected)),
            )
            .on_press(Message::SelectMember(m.unit.clone()));
            let up = button(text("▲").size(11)).on_press_maybe(
                (i > 0).then(|| Message::Raise(m.unit.clone())),
            );
            let down = button(text("▼").size(11)).on_press_maybe(
                (i < last).then(|| Message::Lower(m.unit.clone())),
            );
            panel = panel.push(row![label, up, down].spacing(2));
            if selected {
                panel = panel.push(self.posture(m));
            }
        }
        for limit in &report.limits {
            let line = text(limit.text.clone()).size(12);
            panel = panel.push(if limit.broken {
                line.style(text::danger)
            } else if limit.unknown {
                line.style(text::warning)
            } else {
                line
            });
        }
        if report.is_illegal() {
            panel =
                panel.push(text("Illegal stack").size(14).style(text::danger));
        }
        for problem in &report.problems {
            panel =
                panel.push(text(problem.clone()).size(12).style(text::danger));
        }
        if self
            .unit
            .as_ref()
            .is_some_and(|u| self.doc.placed(u).is_some())
        {
            panel =
                panel.push(button("Remove from map").on_press(Message::Remove));
        }
        panel.into()
    }
}

impl SetupScreen {
    /// A variant against its base: per part, what it inherits unchanged
    /// and each change.
    fn variant_view(&self) -> Element<'_, Message> {
        let mut list = Column::new().spacing(3);
        let base = self.doc.variant_of.as_ref().and_then(|b| b.file_name());
        if let Some(base) = base {
            list = list.push(
                text(format!(
                    "Compared with its base, {}",
                    base.to_string_lossy()
                ))
                .size(13),
            );
        }
        match self.variant_diff.as_ref() {
            None => {}
            Some(Err(e)) => {
                list =
                    list.push(text(e.to_string()).size(12).style(text::danger));
            }
            Some(Ok(sections)) => {
                for s in sections {
                    list = list.push(
                        text(format!(
                            "{}: {} changed, {} inherited",
                            s.title,
                            s.changes.len(),
                            s.inherited
                        ))
                        .size(14),
                    );
                    for line in &s.changes {
                        list = list.push(text(line.clone()).size(11));
                    }
                }
            }
        }
        list.into()
    }

    /// The selected instruction's zone: its size, then its map tools.
    fn zone_header(&self) -> Element<'_, Message> {
        let mut list = Column::new().spacing(4).push(self.instruction_tools());
        if let Some(zone) = self.zone() {
            let mut line = format!("{} hexes allowed", zone.allowed.len());
            if let Some(why) = &zone.why {
                line += &format!(
                    "; {} cannot be decided: {why}",
                    zone.undecided.len()
                );
            }
            list = list.push(text(line).size(13));
            list = list.push(self.zone_tools());
        }
        list.into()
    }
}

fn tab_button(label: &str, tab: Tab, current: Tab) -> Element<'_, Message> {
    let b = button(text(label.to_owned()).size(14)).padding([2, 8]);
    let b = if tab == current {
        b.style(button::primary)
    } else {
        b.style(button::secondary)
    };
    b.on_press(Message::Show(tab)).into()
}

/// An opaque panel: without a background the software renderer can leave
/// pixels of the previous screen showing through (as `overlay::side_panel`).
fn opaque(theme: &Theme) -> container::Style {
    container::background(theme.extended_palette().background.base.color)
}

fn highlight(theme: &Theme, on: bool) -> container::Style {
    if on {
        container::background(theme.extended_palette().primary.weak.color)
    } else {
        container::Style::default()
    }
}

/// Whether `series`' stacking sums steps (a limit on the `steps` rating).
fn counts_steps(series: &berthier_schema::Series) -> bool {
    series.stacking.as_ref().is_some_and(|s| {
        s.limits.iter().any(|l| {
            matches!(&l.measure, berthier_schema::stacking::Measure::Rating(r) if r == "steps")
        })
    })
}
