//! The Timeline screen: a scenario's reinforcement schedule on its turn
//! track. Each arriving group is a card on its turn; a card moves to
//! another turn by dragging it onto the turn's column or with the
//! Earlier/Later buttons (arrow keys), one undo step each; saving keeps
//! the file's comments and layout. The selected card's entry is drawn on
//! a small map. "Play the schedule" steps through the turns with the
//! validator's own entry simulation. Laid out in `view`, the map in
//! `minimap`, the played turn in `play`.

mod alternatives_tools;
mod arrival_tools;
mod condition_tools;
mod entry;
mod group_tools;
mod live;
mod minimap;
mod play;
mod view;

pub use alternatives_tools::AlternativeEdit;
pub use condition_tools::ConditionEdit;
pub use entry::location_at;
pub use group_tools::GroupEdit;
pub use minimap::Mark;

use std::path::PathBuf;

use berthier_rules::schedule::{Played, play};
use berthier_schema::HexId;

use crate::screen::{rewrite, unsaved};
use berthier_tools::timeline::TimelineDoc;
use berthier_tools::timeline::arrival_edit;
use berthier_tools::timeline::cards::{Card, cards};
use berthier_tools::timeline::names::Names;

/// Which card: an arrival, and for a cadenced arrival one of its groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardKey {
    /// Index of the side in the scenario.
    pub side: usize,
    /// Index of the arrival in the side's `reinforcements`.
    pub index: usize,
    /// The group of a cadenced arrival.
    pub group: Option<usize>,
}

impl CardKey {
    /// The key of a card.
    pub fn of(card: &Card) -> Self {
        Self {
            side: card.side,
            index: card.index,
            group: card.group.map(|(g, _)| g),
        }
    }
}

/// The screen's state.
#[derive(Debug)]
pub struct TimelineScreen {
    doc: TimelineDoc,
    /// The schedule as cards, rebuilt after every change.
    cards: Vec<Card>,
    selected: Option<CardKey>,
    /// The card being dragged, and the turn under the pointer.
    dragging: Option<(CardKey, Option<u16>)>,
    /// The turn shown by "Play the schedule" (`None`: not playing).
    playing: Option<u16>,
    /// Last save result or refusal.
    notice: Option<String>,
    /// Comments a whole rewrite would lose, while the save asks.
    rewrite: Option<usize>,
    /// The map, drawn once.
    backdrop: minimap::Backdrop,
    /// The hexes highlighted on the map.
    marks: Vec<(HexId, Mark)>,
    /// The map with the marks, as shown.
    map_image: Option<iced::widget::image::Handle>,
    /// The schedule played by the entry simulation, while playing (`None`
    /// also when the map, counters or series did not load).
    played: Option<Played>,
    /// Names of the units, formations and entries the schedule names.
    names: Names,
    /// The next click on the small map sets the selected arrival's entry.
    picking_entry: bool,
    /// The pointer over the small map, and the map's size there.
    map_pointer: Option<(iced::Point, iced::Size)>,
    /// The scenario's live findings, checked after every move.
    live: crate::scenario_findings::live::Live,
    /// The schedule changed since the live findings were last asked for.
    live_due: bool,
    /// The transfer ends and joins of the game the scenario is a battle
    /// of, ringed on the small map (see [`berthier_tools::game`]).
    game_marks: Vec<berthier_tools::game::Mark>,
    /// The autosave found at opening, offered back.
    recovery: crate::screen::recovery::Offer,
}

/// The screen's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// The autosave's question, or time to autosave.
    Recovery(crate::screen::recovery::Message),
    /// A card was pressed: selects it and starts a drag.
    Grab(CardKey),
    /// The pointer entered a turn's column.
    Hover(u16),
    /// The mouse button was released over a turn's column.
    Drop(u16),
    /// The selected card one turn earlier.
    Earlier,
    /// The selected card one turn later.
    Later,
    /// Start playing the schedule at turn 1, or stop.
    Play(bool),
    /// Show this turn of the played schedule.
    PlayTurn(u16),
    /// Undo.
    Undo,
    /// Redo.
    Redo,
    /// Save through the comment-keeping writer.
    Save,
    /// The answer to the rewrite question: rewrite the whole file, or
    /// keep it.
    Rewrite(bool),
    /// Back to the scenario's map.
    BackToMap,
    /// From the live findings panel.
    Live(crate::scenario_findings::live::Message),
    /// Arm (or disarm) picking the selected arrival's entry on the map.
    PickEntry(bool),
    /// The pointer moved over the small map (where, the map's size).
    MapPointer(iced::Point, iced::Size),
    /// The small map was pressed.
    MapPress,
    /// Add an arrival to this side (by index) and select it.
    AddArrival(usize),
    /// Duplicate the selected arrival.
    DuplicateArrival,
    /// Delete the selected arrival.
    DeleteArrival,
    /// The selected arrival brings this too.
    AddMember(berthier_tools::unit_set::Member),
    /// The selected arrival no longer brings this.
    RemoveMember(berthier_tools::unit_set::Member),
    /// Name the selected arrival's time by the clock (`true`) or by turn
    /// number.
    ByClock(bool),
    /// The selected arrival may not force march.
    NoForcedMarch(bool),
    /// The selected arrival comes in groups (`true`, one an hour at
    /// first) or at once.
    InGroups(bool),
    /// The minutes between its groups, typed.
    GroupMinutes(String),
    /// The selected arrival comes only with this scenario option (by id),
    /// or always.
    ArrivalOption(Option<String>),
    /// An edit of the selected arrival's alternative entries.
    Alternative(AlternativeEdit),
    /// An edit of the selected arrival's condition.
    Condition(ConditionEdit),
    /// An edit of the selected arrival's groups.
    Group(GroupEdit),
}

/// What the app must do for the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Show the scenario's map (asks about unsaved changes first).
    BackToMap(PathBuf),
    /// The file was saved.
    Saved(PathBuf),
}

impl TimelineScreen {
    /// The screen on an opened scenario.
    pub fn new(doc: TimelineDoc) -> Self {
        let backdrop = minimap::Backdrop::new(&doc);
        let live = crate::scenario_findings::live::Live::new(doc.path());
        let mut screen = Self {
            doc,
            cards: Vec::new(),
            selected: None,
            dragging: None,
            playing: None,
            notice: None,
            rewrite: None,
            backdrop,
            marks: Vec::new(),
            map_image: None,
            played: None,
            names: Names::default(),
            picking_entry: false,
            map_pointer: None,
            live,
            live_due: true,
            game_marks: Vec::new(),
            recovery: crate::screen::recovery::Offer::default(),
        };
        screen.recovery = crate::screen::recovery::Offer::of(&screen.doc);
        screen.map_image = screen.backdrop.with_marks(&screen.doc, &[]);
        screen.refresh();
        screen
    }

    /// The scenario being edited.
    /// Rings `marks`, a game's transfer ends and joins on this map, on
    /// the small map (an empty list removes them).
    pub fn set_game_marks(&mut self, marks: Vec<berthier_tools::game::Mark>) {
        if marks == self.game_marks {
            return;
        }
        self.backdrop = minimap::Backdrop::new(&self.doc);
        self.backdrop.ring_game_marks(&self.doc, &marks);
        self.map_image = self.backdrop.with_marks(&self.doc, &self.marks);
        self.game_marks = marks;
    }

    /// The game's marks ringed on the small map.
    pub fn game_marks(&self) -> &[berthier_tools::game::Mark] {
        &self.game_marks
    }

    pub fn doc(&self) -> &TimelineDoc {
        &self.doc
    }

    /// The schedule as cards.
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The selected card.
    pub fn selected(&self) -> Option<&Card> {
        let key = self.selected?;
        self.cards.iter().find(|c| CardKey::of(c) == key)
    }

    /// The turn played, while playing.
    pub fn playing(&self) -> Option<u16> {
        self.playing
    }

    /// The notice line.
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// Whether there are unsaved changes.
    pub fn is_dirty(&self) -> bool {
        self.doc.is_dirty()
    }

    /// `Timeline: name — file.scenario.ron *`.
    pub fn title(&self) -> String {
        let name = &self.doc.scenario().name;
        unsaved::title("Timeline: ", name, self.doc.path(), self.is_dirty())
    }

    /// The hexes highlighted on the map.
    pub fn marks(&self) -> &[(HexId, Mark)] {
        &self.marks
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        let event = self.handle(message);
        let mut marks = match self.playing {
            Some(turn) => self.played_marks(turn),
            None => self.card_marks(),
        };
        if let Some(hex) = self.finding_hex() {
            marks.push((hex, Mark::Finding));
        }
        if marks != self.marks {
            self.map_image = self.backdrop.with_marks(&self.doc, &marks);
            self.marks = marks;
        }
        event
    }

    fn handle(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Grab(key) => {
                self.picking_entry = false;
                self.selected = Some(key);
                self.dragging = Some((key, None));
            }
            Message::Hover(turn) => {
                if let Some((_, over)) = &mut self.dragging {
                    *over = Some(turn);
                }
            }
            Message::Drop(turn) => {
                if let Some((key, _)) = self.dragging.take() {
                    self.move_to(key, turn);
                }
            }
            Message::AddArrival(side) => self.add_arrival(side),
            Message::DuplicateArrival => self.duplicate_arrival(),
            Message::DeleteArrival => self.delete_arrival(),
            Message::AddMember(m) => self.arrival_member(m, true),
            Message::RemoveMember(m) => self.arrival_member(m, false),
            Message::Recovery(m) => {
                let said = self.recovery.update(&mut self.doc, m);
                if said.is_some() {
                    self.notice = said;
                    self.refresh();
                }
            }
            Message::ByClock(on) => self.edit_arrival(|all, side, i, track| {
                arrival_edit::set_by_clock(all, side, i, track, on)
            }),
            Message::InGroups(on) => self.set_in_groups(on),
            Message::GroupMinutes(typed) => self.set_group_minutes(&typed),
            Message::NoForcedMarch(no) => {
                self.edit_arrival(|all, side, i, _| {
                    arrival_edit::set_no_forced_march(all, side, i, no)
                })
            }
            Message::Alternative(edit) => self.alternative_edit(edit),
            Message::Condition(edit) => self.condition_edit(edit),
            Message::Group(edit) => self.group_edit(edit),
            Message::ArrivalOption(id) => {
                self.edit_arrival(|all, side, i, _| {
                    arrival_edit::set_option(all, side, i, id)
                })
            }
            Message::Earlier => self.step_selected(-1),
            Message::Later => self.step_selected(1),
            Message::Play(on) => {
                self.playing = on.then_some(1);
                self.refresh();
            }
            Message::PlayTurn(turn) => {
                let last = self.doc.scenario().turns.count;
                self.playing = Some(turn.clamp(1, last));
            }
            Message::Undo => self.changed(|d| d.undo()),
            Message::Redo => self.changed(|d| d.redo()),
            Message::Save => return self.save(),
            Message::Rewrite(yes) => return self.answer_rewrite(yes),
            Message::BackToMap => {
                return Some(Event::BackToMap(self.doc.path().to_owned()));
            }
            Message::Live(m) => self.live_message(m),
            Message::PickEntry(on) => self.arm_entry_pick(on),
            Message::MapPointer(at, size) => self.map_pointer(at, size),
            Message::MapPress => self.map_pressed(),
        }
        None
    }

    /// Moves the selected card `by` turns; the whole arrival moves (a
    /// cadence's groups keep their spacing).
    fn step_selected(&mut self, by: i32) {
        let Some(card) = self.selected() else { return };
        let (Ok(turn), key) = (card.turn.clone(), CardKey::of(card)) else {
            return;
        };
        let first = self.arrival_turn(key).unwrap_or(turn);
        let target = i32::from(first) + by;
        let last = i32::from(self.doc.scenario().turns.count);
        if let Ok(target) = u16::try_from(target.clamp(1, last)) {
            self.move_arrival(key, target);
        }
    }

    /// Drops `key` on `turn`: the card's group lands there, so a cadenced
    /// arrival starts that many turns earlier or later.
    fn move_to(&mut self, key: CardKey, turn: u16) {
        let Some(card) = self.cards.iter().find(|c| CardKey::of(c) == key)
        else {
            return;
        };
        let (Ok(now), Some(first)) =
            (card.turn.clone(), self.arrival_turn(key))
        else {
            return;
        };
        let target = i32::from(first) + i32::from(turn) - i32::from(now);
        let last = i32::from(self.doc.scenario().turns.count);
        if let Ok(target) = u16::try_from(target.clamp(1, last)) {
            self.move_arrival(key, target);
        }
    }

    /// The turn of the arrival's first group.
    fn arrival_turn(&self, key: CardKey) -> Option<u16> {
        self.cards
            .iter()
            .find(|c| {
                c.side == key.side
                    && c.index == key.index
                    && c.group.is_none_or(|(g, _)| g == 0)
            })
            .and_then(|c| c.turn.clone().ok())
    }

    /// In a variant, says that its schedule is changed in the file that
    /// writes it, and is true: the edit is refused.
    fn refused_in_variant(&mut self) -> bool {
        if self.doc.variant {
            self.notice = Some(
                "This is a variant: its schedule is changed in the file \
                 that writes it."
                    .to_owned(),
            );
        }
        self.doc.variant
    }

    fn move_arrival(&mut self, key: CardKey, turn: u16) {
        if self.refused_in_variant() {
            return;
        }
        self.changed(|d| d.move_arrival(key.side, key.index, turn));
    }

    fn changed(&mut self, change: impl FnOnce(&mut TimelineDoc) -> bool) {
        if change(&mut self.doc) {
            self.notice = None;
            self.live_due = true;
            self.refresh();
        }
    }

    fn refresh(&mut self) {
        let battle = self.doc.battle();
        self.cards = cards(self.doc.scenario(), battle.as_ref());
        self.names = battle.as_ref().map(Names::of).unwrap_or_default();
        self.played = match (&battle, self.playing) {
            (Some(b), Some(_)) => Some(play(b)),
            _ => None,
        };
    }

    /// The schedule played, while playing.
    pub fn played(&self) -> Option<&Played> {
        self.played.as_ref()
    }

    fn save(&mut self) -> Option<Event> {
        let outcome = self.doc.save();
        rewrite::saved(outcome, &mut self.rewrite, &mut self.notice)
            .then(|| Event::Saved(self.doc.path().to_owned()))
    }

    fn answer_rewrite(&mut self, yes: bool) -> Option<Event> {
        let rewritten = yes.then(|| self.doc.rewrite());
        rewrite::answered(rewritten, &mut self.rewrite, &mut self.notice)
            .then(|| Event::Saved(self.doc.path().to_owned()))
    }

    /// Comments a whole rewrite would lose, while the save asks.
    pub fn rewrite_pending(&self) -> Option<usize> {
        self.rewrite
    }
}
