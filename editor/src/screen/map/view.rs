//! The map screen's layout: toolbar, layer checkboxes, banners, the tool
//! panel, canvas and findings, and the status bar.

use iced::widget::Stack;
use iced::widget::{
    button, checkbox, column, container, pick_list, row, rule, scrollable, text,
};
use iced::{Element, Fill};

use super::{MapScreen, Message, Panel, panel, properties};
use crate::map_canvas::Layer;
use berthier_tools::recent::RecentFile;

impl MapScreen {
    /// The screen, with an empty Recent files list.
    pub fn view(&self) -> Element<'_, Message> {
        self.view_with(&[])
    }

    /// The screen; `recent` fills the Recent files list.
    pub fn view_with<'a>(
        &'a self,
        recent: &'a [RecentFile],
    ) -> Element<'a, Message> {
        let mut page = column![self.toolbar(recent), self.layer_bar()];
        if let Some(card) = self.header_card() {
            page = page.push(card);
        }
        if let Some(banner) = self.no_scan_banner() {
            page = page.push(banner);
        }
        if let Some(banner) = self.disk_banner() {
            page = page.push(banner);
        }
        if let Some(banner) = self.rewrite_banner() {
            page = page.push(banner);
        }
        if let Some(banner) = self.recovery_banner() {
            page = page.push(banner);
        }
        let mut body = row![];
        if self.panels.tools {
            body = body
                .push(container(panel::view(self)).width(230))
                .push(rule::vertical(1));
        }
        let map = self.canvas_parts().view().map(Message::Canvas);
        let over: Vec<Element<'_, Message>> =
            [self.victory_layer(), self.game_layer()]
                .into_iter()
                .flatten()
                .collect();
        let map: Element<'_, Message> = if over.is_empty() {
            map
        } else {
            Stack::with_children(std::iter::once(map).chain(over)).into()
        };
        // Clipped: iced 0.14's canvas draws unclipped, and a zoomed-in
        // map's labels and scan spilled over the panels and the status bar
        // (seen under Xvfb; the Setup screen's map is clipped the same way).
        body = body.push(crate::screen::clip::clipped(map));
        if self.panels.checks {
            // The scenario's findings include the map checks (pass 2).
            let mut checks = match &self.scenario.live {
                Some(live) => live.view().map(Message::Live),
                None => self.findings.view().map(Message::Findings),
            };
            if let Some(victory) = self.victory() {
                let list = scrollable(super::victory::view(&victory))
                    .height(iced::Length::Shrink);
                checks = column![
                    container(list).max_height(220).padding([4, 8]),
                    rule::horizontal(1),
                    checks
                ]
                .into();
            }
            if let Some(list) = self.game_list() {
                checks = column![
                    container(scrollable(list).height(iced::Length::Shrink))
                        .max_height(220)
                        .padding([4, 8]),
                    rule::horizontal(1),
                    checks
                ]
                .into();
            }
            body = body
                .push(rule::vertical(1))
                .push(container(checks).width(300));
        }
        page.push(rule::horizontal(1))
            .push(container(body).height(Fill))
            .push(rule::horizontal(1))
            .push(container(self.status_bar()).padding(6))
            .into()
    }

    /// Which banners and side panels show, as bits: when they change, the
    /// page below them moves.
    pub fn layout_key(&self) -> u32 {
        [
            self.header_card().is_some(),
            self.no_scan_banner().is_some(),
            self.disk_banner().is_some(),
            self.rewrite_banner().is_some(),
            self.recovery_banner().is_some(),
            self.panels.tools,
            self.panels.checks,
        ]
        .iter()
        .enumerate()
        .map(|(i, on)| u32::from(*on) << i)
        .sum()
    }

    fn toolbar<'a>(&'a self, recent: &'a [RecentFile]) -> Element<'a, Message> {
        let undo = self.paint.history.can_undo().then_some(Message::Undo);
        let redo = self.paint.history.can_redo().then_some(Message::Redo);
        row![
            button("New pack…").on_press(Message::NewPack),
            button("New map…").on_press(Message::NewMap),
            button("New order of battle…").on_press(Message::NewOob),
            button("Open…").on_press(Message::Open),
            button("Import VASSAL…").on_press(Message::ImportVassal),
            pick_list(recent, None::<RecentFile>, Message::OpenRecent)
                .placeholder("Recent files"),
            button("Save").on_press(Message::Save),
            button("Save as…").on_press(Message::SaveAs),
            button("Undo").on_press_maybe(undo),
            button("Redo").on_press_maybe(redo),
            button("Fit to window").on_press(Message::FitToWindow),
            button("Reload").on_press(Message::Reload),
            button("Scan…").on_press(Message::AttachScan),
            button("Properties…")
                .on_press(Message::Properties(properties::Message::Open)),
            button("Register grid").on_press(Message::RegisterGrid),
            button("Suggest terrain").on_press(Message::SuggestTerrain),
        ]
        .spacing(8)
        .padding(6)
        .align_y(iced::Center)
        // Wraps onto a second line in a narrow window rather than hiding
        // the last buttons.
        .wrap()
        .vertical_spacing(6)
        .into()
    }

    fn layer_bar(&self) -> Element<'_, Message> {
        let mut bar = row![text("Layers:")].spacing(14).padding([2, 8]);
        for layer in Layer::WINDOW {
            bar = bar.push(
                checkbox(self.visible.get(layer))
                    .label(layer.label())
                    .on_toggle(move |on| Message::ShowLayer(layer, on)),
            );
        }
        bar = bar.push(text("Panels:"));
        for (panel, label, on) in [
            (Panel::Tools, "Tools", self.panels.tools),
            (Panel::Checks, "Checks", self.panels.checks),
        ] {
            bar = bar.push(
                checkbox(on)
                    .label(label)
                    .on_toggle(move |on| Message::ShowPanel(panel, on)),
            );
        }
        // Wraps in a narrow window rather than cutting boxes off.
        bar.align_y(iced::Center).wrap().vertical_spacing(4).into()
    }

    fn status_bar(&self) -> Element<'_, Message> {
        let [hex, terrain, zoom] = self.status();
        let mut status = row![text(hex), text(terrain)].spacing(24);
        if let Some(level) = self.status_level() {
            status = status.push(text(level));
        }
        status = status.push(text(zoom));
        if let Some(building) = self.scan_status() {
            status = status.push(text(building));
        }
        if let Some(notice) = &self.notice {
            status = status.push(text(notice.clone()));
        }
        for w in &self.opened.warnings {
            status = status.push(text(w.clone()).style(text::danger));
        }
        status.into()
    }
}
