//! The scenario's live findings on the Timeline screen: every move (and
//! undo) starts a debounced check of the whole battle off the window's
//! thread ([`crate::scenario_findings::live`]) with the schedule as it
//! would be saved. Clicking a finding selects the card of the arrival it
//! is about (or of the unit it names) and marks its hex on the small map.

use berthier_rules::Diagnostic;
use berthier_schema::HexId;
use iced::Task;

use super::{CardKey, Message, TimelineScreen};
use crate::scenario_findings;
use crate::scenario_findings::live::{self, Live};

impl TimelineScreen {
    /// The live findings.
    pub fn live(&self) -> &Live {
        &self.live
    }

    /// The task that checks the scenario as it is now, when a move (or the
    /// opening) asked for one.
    pub fn live_task(&mut self) -> Task<Message> {
        if !std::mem::take(&mut self.live_due) {
            return Task::none();
        }
        let variant = self.doc.variant;
        let task = self.live.scenario_changed(
            self.doc.path(),
            self.doc.scenario(),
            variant,
        );
        task.map(Message::Live)
    }

    /// Checks now on this thread and shows the result (tests).
    pub fn check_live_now(&mut self) {
        let variant = self.doc.variant;
        let message = self.live.check_scenario_now(
            self.doc.path(),
            self.doc.scenario(),
            variant,
        );
        self.live_due = false;
        self.live_message(message);
    }

    /// The hex of the finding last clicked, marked on the small map.
    pub fn finding_hex(&self) -> Option<HexId> {
        self.live.selected()?.hex
    }

    /// Handles a message of the live panel.
    pub(super) fn live_message(&mut self, message: live::Message) {
        let Some(finding) = self.live.update(message).cloned() else {
            return;
        };
        if let Some(key) = self.card_of(&finding) {
            self.selected = Some(key);
        }
        let hex = finding.hex.map(|h| format!(": hex {h}"));
        self.notice =
            Some(format!("{}{}", finding.code, hex.unwrap_or_default()));
    }

    /// The card a finding is about: the arrival its pointer names
    /// (`/sides/0/reinforcements/3/...`), else the first arrival bringing
    /// the unit it names.
    fn card_of(&self, finding: &Diagnostic) -> Option<CardKey> {
        let parts: Vec<&str> = finding.pointer.split('/').skip(1).collect();
        let name = self.doc.path().file_name()?.to_string_lossy().into_owned();
        if !finding.file.ends_with(&name) {
            return None;
        }
        if let ["sides", side, "reinforcements", index, ..] = parts.as_slice() {
            let side: usize = side.parse().ok()?;
            let index: usize = index.parse().ok()?;
            return self
                .cards
                .iter()
                .find(|c| c.side == side && c.index == index)
                .map(CardKey::of);
        }
        let unit = scenario_findings::unit_in(
            self.doc.path(),
            self.doc.scenario(),
            finding,
        )?;
        self.cards
            .iter()
            .find(|c| c.units.contains(&unit))
            .map(CardKey::of)
    }
}
