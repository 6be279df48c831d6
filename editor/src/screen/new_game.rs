//! The New game screen: a form for a game on several maps ("Combining
//! games", seed 001 l. 3000-3110) from the scenarios of the pack: name,
//! id, the first day on the game clock, the battles (a scenario each, its
//! id in the game and its first turn on the clock, by default the
//! scenario's own first turn), and the transfer routes between their maps
//! (from an entry point or edge of one battle's map to one of another's,
//! by name, with the hours by arm of the series). Create writes
//! `scenarios/<id>/<id>.game.ron`, never over an existing file, and the
//! application opens it in tabs, one per map.

use std::path::PathBuf;

use iced::widget::{
    Column, button, checkbox, column, pick_list, row, text, text_input,
};
use iced::{Element, Fill};

use crate::map_form::{self, Field, Problems, labelled};
use crate::screen::new_file::{self, Destination};
use crate::screen::new_scenario::Choice;
use berthier_schema::DocKind;
use berthier_tools::files::path_from;
use berthier_tools::game::new::{
    BattleSource, NewBattle, NewGame, NewTransfer, Place, is_date,
};
use berthier_tools::pack::Pack;
use berthier_tools::setup::new::clock;

/// A battle row of the form.
#[derive(Debug, Clone)]
struct BattleRow {
    scenario: Choice,
    id: String,
    time: String,
    /// What the scenario offers, or why it cannot be read.
    source: Result<BattleSource, String>,
}

/// A transfer row: battles by their row's index.
#[derive(Debug, Clone)]
struct TransferRow {
    from: usize,
    from_at: Option<Place>,
    to: usize,
    to_at: Option<Place>,
    /// Hours typed, by arm.
    hours: Vec<(String, String)>,
    both_ways: bool,
}

/// A battle offered as a transfer's end, by its row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BattlePick {
    /// The row.
    pub row: usize,
    /// As shown.
    pub name: String,
}

impl std::fmt::Display for BattlePick {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// Which end of a transfer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// Where units leave.
    From,
    /// Where they come on.
    To,
}

/// The form's state.
#[derive(Debug)]
pub struct NewGameScreen {
    destination: Destination,
    named: map_form::NameAndId,
    date: String,
    scenarios: Vec<Choice>,
    battles: Vec<BattleRow>,
    transfers: Vec<TransferRow>,
    problems: Problems,
}

/// What the form handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// The name typed (the id follows it until typed itself).
    Name(String),
    /// The id typed.
    Id(String),
    /// The first day, `YYYY-MM-DD`.
    Date(String),
    /// Add a battle on the next scenario not yet in the game.
    AddBattle,
    /// A battle's scenario.
    Scenario(usize, Choice),
    /// A battle's id typed.
    BattleId(usize, String),
    /// A battle's first turn on the game clock typed.
    Start(usize, String),
    /// Take a battle out (and the transfers it ends).
    RemoveBattle(usize),
    /// Add a transfer between the first two battles.
    AddTransfer,
    /// A transfer's battle at one end.
    TransferBattle(usize, End, BattlePick),
    /// A transfer's place at one end.
    TransferPlace(usize, End, Place),
    /// Hours typed for an arm (by index) of a transfer.
    Hours(usize, usize, String),
    /// Whether the route goes both ways.
    BothWays(usize, bool),
    /// Take a transfer out.
    RemoveTransfer(usize),
    /// Check the form and write the file.
    Create,
    /// Leave without a new game.
    Cancel,
}

/// What the screen asks of the application.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The game was written: open it.
    Created(PathBuf),
    /// Back to what was shown before.
    Cancelled,
}

impl NewGameScreen {
    /// A form for a game of `pack`, on its first two scenarios.
    pub fn new(pack: &Pack) -> Self {
        let scenarios: Vec<Choice> = pack
            .of_kind(DocKind::Scenario)
            .map(|f| Choice {
                name: f.name.clone(),
                path: f.path.clone(),
            })
            .collect();
        let mut form = Self {
            destination: Destination {
                folder: pack.root.join("scenarios"),
                own_folder: true,
            },
            named: map_form::NameAndId::default(),
            date: String::new(),
            scenarios,
            battles: Vec::new(),
            transfers: Vec::new(),
            problems: Problems::default(),
        };
        form.add_battle();
        form.add_battle();
        form
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Name(v) => self.named.name_typed(v, &mut self.problems),
            Message::Id(v) => self.named.id_typed(v, &mut self.problems),
            Message::Date(v) => {
                self.problems.clear(Field::Day);
                self.date = v;
            }
            Message::Create => return self.create(),
            Message::Cancel => return Some(Event::Cancelled),
            other => {
                self.problems.clear(Field::Battles);
                self.edit_rows(other);
            }
        }
        None
    }

    /// The battle and transfer rows' messages.
    fn edit_rows(&mut self, message: Message) {
        match message {
            Message::AddBattle => self.add_battle(),
            Message::Scenario(i, c) => {
                if let Some(row) = self.battles.get_mut(i) {
                    *row = battle_row(c);
                }
                self.fit_transfers();
            }
            Message::BattleId(i, v) => self.battle(i, |b| b.id = v),
            Message::Start(i, v) => self.battle(i, |b| b.time = v),
            Message::RemoveBattle(i) => self.remove_battle(i),
            Message::AddTransfer => self.add_transfer(),
            Message::TransferBattle(i, end, pick) => {
                self.transfer(i, |t| match end {
                    End::From => (t.from, t.from_at) = (pick.row, None),
                    End::To => (t.to, t.to_at) = (pick.row, None),
                });
                self.fit_transfers();
            }
            Message::TransferPlace(i, end, place) => {
                self.transfer(i, |t| match end {
                    End::From => t.from_at = Some(place),
                    End::To => t.to_at = Some(place),
                });
            }
            Message::Hours(i, arm, v) => self.transfer(i, |t| {
                if let Some(h) = t.hours.get_mut(arm) {
                    h.1 = v;
                }
            }),
            Message::BothWays(i, on) => self.transfer(i, |t| t.both_ways = on),
            Message::RemoveTransfer(i) if i < self.transfers.len() => {
                self.transfers.remove(i);
            }
            _ => {}
        }
    }

    fn battle(&mut self, i: usize, change: impl FnOnce(&mut BattleRow)) {
        if let Some(row) = self.battles.get_mut(i) {
            change(row);
        }
    }

    fn transfer(&mut self, i: usize, change: impl FnOnce(&mut TransferRow)) {
        if let Some(row) = self.transfers.get_mut(i) {
            change(row);
        }
    }

    /// A battle on the first scenario not yet played in the game.
    fn add_battle(&mut self) {
        let used = |c: &Choice| self.battles.iter().any(|b| b.scenario == *c);
        let next = self.scenarios.iter().find(|c| !used(c)).cloned();
        if let Some(c) = next {
            self.battles.push(battle_row(c));
        }
    }

    fn remove_battle(&mut self, i: usize) {
        if i >= self.battles.len() {
            return;
        }
        self.battles.remove(i);
        self.transfers.retain(|t| t.from != i && t.to != i);
        for t in &mut self.transfers {
            t.from -= usize::from(t.from > i);
            t.to -= usize::from(t.to > i);
        }
    }

    /// A transfer from the first battle to the second.
    fn add_transfer(&mut self) {
        if self.battles.len() < 2 {
            self.problems.add(
                Field::Battles,
                "a transfer joins two battles: add another",
            );
            return;
        }
        self.transfers.push(TransferRow {
            from: 0,
            from_at: None,
            to: 1,
            to_at: None,
            hours: Vec::new(),
            both_ways: false,
        });
        self.fit_transfers();
    }

    /// Each transfer's hours list the arms of its two battles' series.
    fn fit_transfers(&mut self) {
        for t in &mut self.transfers {
            let mut arms: Vec<String> = Vec::new();
            for row in [t.from, t.to] {
                let source = self.battles.get(row).map(|b| &b.source);
                for arm in source
                    .and_then(|s| s.as_ref().ok())
                    .into_iter()
                    .flat_map(|s| &s.arms)
                {
                    if !arms.contains(arm) {
                        arms.push(arm.clone());
                    }
                }
            }
            let typed = std::mem::take(&mut t.hours);
            t.hours = arms
                .into_iter()
                .map(|arm| {
                    let was = typed.iter().find(|(a, _)| *a == arm);
                    let hours = was.map(|(_, h)| h.clone()).unwrap_or_default();
                    (arm, hours)
                })
                .collect();
        }
    }

    /// The arms transfer `i` gives hours for, in order.
    pub fn transfer_arms(&self, i: usize) -> Vec<String> {
        let t = self.transfers.get(i);
        t.map(|t| t.hours.iter().map(|(a, _)| a.clone()).collect())
            .unwrap_or_default()
    }

    /// The battles' ids, in order.
    pub fn battle_ids(&self) -> Vec<String> {
        self.battles.iter().map(|b| b.id.clone()).collect()
    }

    /// The file the game will be written to.
    pub fn target(&self) -> PathBuf {
        self.destination.file(self.named.id.trim(), "game.ron")
    }

    /// The problem shown beside `field`.
    pub fn problem(&self, field: Field) -> Option<&str> {
        self.problems.of(field)
    }

    /// Checks the form, then writes the game.
    fn create(&mut self) -> Option<Event> {
        let mut problems = Problems::default();
        let game = self.read(&mut problems);
        let path = self.target();
        let exists = "this game exists: choose another id";
        let write = game.map(|g| move |p: &std::path::Path| g.write(p));
        let written =
            self.destination.create(&path, &mut problems, exists, write);
        self.problems = problems;
        written.then_some(Event::Created(path))
    }

    /// The game the fields describe; `None` with the problems noted.
    fn read(&self, problems: &mut Problems) -> Option<NewGame> {
        let id = map_form::read_id(&self.named.id, problems);
        let name = if self.named.name.trim().is_empty() {
            problems.add(Field::Name, "type the game's name");
            None
        } else {
            map_form::read_name(&self.named.name, problems)
        };
        if !is_date(self.date.trim()) {
            problems.add(
                Field::Day,
                "the first day is written YYYY-MM-DD, as 1815-06-16",
            );
        }
        let battles = self.read_battles(problems);
        let transfers = self.read_transfers(problems);
        Some(NewGame {
            id: id?,
            name: name?,
            battles: battles?,
            transfers: transfers?,
        })
    }

    fn read_battles(&self, problems: &mut Problems) -> Option<Vec<NewBattle>> {
        let path = self.target();
        let mut why: Option<String> = match self.battles.len() {
            0 => Some("the pack has no scenario yet: make one first".into()),
            _ => None,
        };
        let mut out = Vec::new();
        for (i, b) in self.battles.iter().enumerate() {
            let label = format!("battle {} ({})", i + 1, b.scenario.name);
            let id = b.id.trim();
            if let Err(e) = &b.source {
                why.get_or_insert(format!("{label}: {e}"));
            } else if !map_form::is_id(id) {
                why.get_or_insert(format!(
                    "{label}: its id uses lowercase letters, digits and -"
                ));
            } else if self.battles[..i].iter().any(|o| o.id.trim() == id) {
                why.get_or_insert(format!(
                    "{label}: another battle has the id {id}"
                ));
            } else if clock(&b.time).is_none() {
                why.get_or_insert(format!(
                    "{label}: its first turn is written HH:MM"
                ));
            }
            out.push(NewBattle {
                id: id.to_owned(),
                scenario: path_from(&path, &b.scenario.path),
                date: self.date.trim().to_owned(),
                time: b.time.trim().to_owned(),
            });
        }
        match why {
            Some(w) => {
                problems.add(Field::Battles, w);
                None
            }
            None => Some(out),
        }
    }

    fn read_transfers(
        &self,
        problems: &mut Problems,
    ) -> Option<Vec<NewTransfer>> {
        let mut out = Vec::new();
        for (i, t) in self.transfers.iter().enumerate() {
            let label = format!("transfer {}", i + 1);
            let ids = (self.battles.get(t.from), self.battles.get(t.to));
            let ((Some(a), Some(b)), Some(from), Some(to)) =
                (ids, &t.from_at, &t.to_at)
            else {
                problems.add(
                    Field::Transfers,
                    format!(
                        "{label}: choose where it leaves and where it comes on"
                    ),
                );
                return None;
            };
            if t.from == t.to {
                problems.add(
                    Field::Transfers,
                    format!("{label}: it joins two different battles"),
                );
                return None;
            }
            let mut hours = Vec::new();
            for (arm, typed) in &t.hours {
                match typed.trim().parse::<u16>() {
                    Ok(h) => hours.push((arm.clone(), h)),
                    Err(_) if typed.trim().is_empty() => {}
                    Err(_) => {
                        problems.add(
                            Field::Transfers,
                            format!(
                                "{label}: hours for {arm} are a whole number"
                            ),
                        );
                        return None;
                    }
                }
            }
            if hours.is_empty() {
                problems.add(
                    Field::Transfers,
                    format!("{label}: give the hours for at least one arm"),
                );
                return None;
            }
            out.push(NewTransfer {
                id: format!("{}-to-{}", a.id.trim(), b.id.trim()),
                from: (a.id.trim().to_owned(), from.location.clone()),
                to: (b.id.trim().to_owned(), to.location.clone()),
                hours,
                both_ways: t.both_ways,
            });
        }
        // Two routes between the same battles get their number.
        let mut seen: Vec<String> = Vec::new();
        for t in &mut out {
            let base = t.id.clone();
            let n = seen.iter().filter(|s| **s == base).count();
            seen.push(base.clone());
            if n > 0 {
                t.id = format!("{base}-{}", n + 1);
            }
        }
        Some(out)
    }
}

/// A battle row on `scenario`, its id and first turn the scenario's own.
fn battle_row(scenario: Choice) -> BattleRow {
    let source = BattleSource::read(&scenario.path).map_err(|e| e.to_string());
    let (id, time) = source
        .as_ref()
        .map(|s| (s.id.clone(), s.first.clone()))
        .unwrap_or_default();
    BattleRow {
        scenario,
        id,
        time,
        source,
    }
}

impl NewGameScreen {
    /// The form.
    pub fn view(&self) -> Element<'_, Message> {
        let p = &self.problems;
        let target = match self.named.id.trim().is_empty() {
            true => self.destination.file("<id>", "game.ron"),
            false => self.target(),
        };
        let form = column![
            text("New game").size(24),
            text(
                "Battles of the pack played together on one clock, each on \
                 its own map, and the routes units take between the maps. \
                 Joins, overlaps and choices are then written in the file."
            )
            .size(14),
            labelled(
                "Name",
                text_input("La Vère et la Loire", &self.named.name)
                    .on_input(Message::Name),
                p.of(Field::Name),
            ),
            labelled(
                "Id",
                text_input("vere-et-loire", &self.named.id)
                    .on_input(Message::Id),
                p.of(Field::Id),
            ),
            labelled(
                "First day",
                text_input("1809-05-16", &self.date).on_input(Message::Date),
                p.of(Field::Day),
            ),
            labelled("Battles", self.battle_rows(), p.of(Field::Battles)),
            labelled("Transfers", self.transfer_rows(), p.of(Field::Transfers)),
            labelled(
                "Save to",
                text(target.display().to_string()),
                p.of(Field::File)
            ),
            new_file::buttons("Create game", Message::Create, Message::Cancel),
        ];
        new_file::page(form, 900.0)
    }

    fn battle_rows(&self) -> Element<'_, Message> {
        let mut rows = Column::new().spacing(6);
        for (i, b) in self.battles.iter().enumerate() {
            let scenario = pick_list(
                self.scenarios.as_slice(),
                Some(b.scenario.clone()),
                move |c| Message::Scenario(i, c),
            )
            .width(Fill);
            let line = row![
                scenario,
                text_input("id", &b.id)
                    .on_input(move |v| Message::BattleId(i, v))
                    .width(140),
                text("starts").size(13),
                text_input("HH:MM", &b.time)
                    .on_input(move |v| Message::Start(i, v))
                    .width(70),
                button(text("Remove").size(12))
                    .style(button::secondary)
                    .on_press(Message::RemoveBattle(i)),
            ]
            .spacing(6)
            .align_y(iced::Center);
            rows = rows.push(line);
            if let Err(e) = &b.source {
                rows = rows.push(text(e.clone()).size(12).style(text::danger));
            }
        }
        let add = button(text("Add battle").size(13))
            .style(button::secondary)
            .on_press_maybe(
                (self.battles.len() < self.scenarios.len())
                    .then_some(Message::AddBattle),
            );
        rows.push(add).into()
    }

    fn battle_picks(&self) -> Vec<BattlePick> {
        self.battles
            .iter()
            .enumerate()
            .map(|(row, b)| BattlePick {
                row,
                name: format!("{} ({})", b.scenario.name, b.id.trim()),
            })
            .collect()
    }

    /// The entry points and edges of battle `row`'s map, by name.
    pub fn places(&self, row: usize) -> Vec<Place> {
        self.battles
            .get(row)
            .and_then(|b| b.source.as_ref().ok())
            .map(|s| s.places.clone())
            .unwrap_or_default()
    }

    fn transfer_rows(&self) -> Element<'_, Message> {
        let picks = self.battle_picks();
        let mut rows = Column::new().spacing(8);
        for (i, t) in self.transfers.iter().enumerate() {
            let end = |end: End, battle: usize, at: &Option<Place>| {
                let chosen = picks.get(battle).cloned();
                row![
                    pick_list(picks.clone(), chosen, move |p| {
                        Message::TransferBattle(i, end, p)
                    })
                    .text_size(13),
                    pick_list(self.places(battle), at.clone(), move |p| {
                        Message::TransferPlace(i, end, p)
                    })
                    .placeholder("entry point or edge")
                    .text_size(13),
                ]
                .spacing(4)
            };
            let mut hours = row![text("Hours:").size(13)]
                .spacing(6)
                .align_y(iced::Center);
            for (arm_i, (arm, typed)) in t.hours.iter().enumerate() {
                hours = hours.push(text(arm.clone()).size(13)).push(
                    text_input("–", typed)
                        .on_input(move |v| Message::Hours(i, arm_i, v))
                        .width(48),
                );
            }
            rows = rows.push(
                column![
                    row![
                        text("From").size(13),
                        end(End::From, t.from, &t.from_at)
                    ]
                    .spacing(6)
                    .align_y(iced::Center),
                    row![text("To").size(13), end(End::To, t.to, &t.to_at)]
                        .spacing(6)
                        .align_y(iced::Center),
                    hours.wrap(),
                    row![
                        checkbox(t.both_ways)
                            .label("Both ways")
                            .text_size(13)
                            .on_toggle(move |on| Message::BothWays(i, on)),
                        button(text("Remove").size(12))
                            .style(button::secondary)
                            .on_press(Message::RemoveTransfer(i)),
                    ]
                    .spacing(12),
                ]
                .spacing(4),
            );
        }
        let add = button(text("Add transfer").size(13))
            .style(button::secondary)
            .on_press(Message::AddTransfer);
        rows.push(add).into()
    }
}
