//! The New scenario screen: a form for a scenario of the pack on one of
//! its maps and one of its orders of battle: name, id, date, the turn
//! track (first and last turn's times and the turn's length, from which
//! the number of turns follows), which side sets up and which moves first
//! (by their names). Create writes the file in `scenarios/<id>/` with one
//! entry per side and nothing set up, never over an existing file; the
//! application then opens it on the Setup screen.

use std::path::{Path, PathBuf};

use iced::widget::{column, pick_list, row, text, text_input};
use iced::{Element, Fill};

use crate::map_form::{self, Field, Problems, labelled};
use crate::screen::new_file::{self, Destination};
use crate::screen::new_map::SeriesChoice;
use berthier_schema::DocKind;
use berthier_tools::files::path_from;
use berthier_tools::pack::{Pack, PackFile};
use berthier_tools::setup::new::{NewScenario, clock, turn_count};

/// A document of the pack offered in a list, by its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// Its name.
    pub name: String,
    /// Its file.
    pub path: PathBuf,
}

impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// A side of the order of battle chosen, by its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideChoice {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
}

impl std::fmt::Display for SideChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name)
    }
}

/// The form's state.
#[derive(Debug)]
pub struct NewScenarioScreen {
    destination: Destination,
    named: map_form::NameAndId,
    date: String,
    maps: Vec<Choice>,
    map: Option<Choice>,
    orders: Vec<Choice>,
    counters: Option<Choice>,
    /// The sides of the order of battle chosen.
    sides: Vec<SideChoice>,
    first: String,
    last: String,
    minutes: String,
    sets_up_first: Option<SideChoice>,
    moves_first: Option<SideChoice>,
    problems: Problems,
}

/// What the form handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// The name typed (the id follows it until typed itself).
    Name(String),
    /// The id typed.
    Id(String),
    /// The date typed.
    Date(String),
    /// A map of the pack.
    Map(Choice),
    /// An order of battle of the pack.
    Counters(Choice),
    /// The first turn's time.
    First(String),
    /// The last turn's time.
    Last(String),
    /// Minutes per turn.
    Minutes(String),
    /// The side that sets up first.
    SetsUpFirst(SideChoice),
    /// The side that moves first.
    MovesFirst(SideChoice),
    /// Check the form and write the file.
    Create,
    /// Leave without a new scenario.
    Cancel,
}

/// What the screen asks of the application.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The scenario was written: set it up.
    Created(PathBuf),
    /// Back to what was shown before.
    Cancelled,
}

impl NewScenarioScreen {
    /// A form for a scenario of `pack`, on its first map and order of
    /// battle unless others are chosen.
    pub fn new(pack: &Pack) -> Self {
        let list = |kind: DocKind| -> Vec<Choice> {
            pack.of_kind(kind).map(choice).collect()
        };
        let (maps, orders) = (list(DocKind::Map), list(DocKind::Counters));
        let mut form = Self {
            destination: Destination {
                folder: pack.root.join("scenarios"),
                own_folder: true,
            },
            named: map_form::NameAndId::default(),
            date: String::new(),
            map: maps.first().cloned(),
            maps,
            counters: None,
            orders,
            sides: Vec::new(),
            first: "09:00".into(),
            last: "18:00".into(),
            minutes: "60".into(),
            sets_up_first: None,
            moves_first: None,
            problems: Problems::default(),
        };
        if let Some(first) = form.orders.first().cloned() {
            form.choose_counters(first);
        }
        form
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Option<Event> {
        match message {
            Message::Name(v) => self.named.name_typed(v, &mut self.problems),
            Message::Id(v) => self.named.id_typed(v, &mut self.problems),
            Message::Date(v) => self.date = v,
            Message::Map(c) => {
                self.problems.clear(Field::Map);
                self.map = Some(c);
            }
            Message::Counters(c) => self.choose_counters(c),
            Message::First(v) => self.turns_typed(|f| f.first = v),
            Message::Last(v) => self.turns_typed(|f| f.last = v),
            Message::Minutes(v) => self.turns_typed(|f| f.minutes = v),
            Message::SetsUpFirst(s) => self.sets_up_first = Some(s),
            Message::MovesFirst(s) => self.moves_first = Some(s),
            Message::Create => return self.create(),
            Message::Cancel => return Some(Event::Cancelled),
        }
        None
    }

    fn turns_typed(&mut self, change: impl FnOnce(&mut Self)) {
        change(self);
        self.problems.clear(Field::Turns);
    }

    /// Chooses the order of battle and reads its sides (their names are
    /// what the side lists show).
    fn choose_counters(&mut self, counters: Choice) {
        self.problems.clear(Field::Counters);
        self.sides = match berthier_schema::pack::load_counters(&counters.path)
        {
            Ok(c) => c
                .sides
                .iter()
                .map(|s| SideChoice {
                    id: s.id.clone(),
                    name: s.name.clone(),
                })
                .collect(),
            Err(e) => {
                self.problems.add(Field::Counters, e.to_string());
                Vec::new()
            }
        };
        self.sets_up_first = self.sides.first().cloned();
        self.moves_first = self.sides.first().cloned();
        self.counters = Some(counters);
    }

    /// The maps of the pack offered.
    pub fn maps(&self) -> &[Choice] {
        &self.maps
    }

    /// The map chosen.
    pub fn map(&self) -> Option<&Choice> {
        self.map.as_ref()
    }

    /// The order of battle chosen.
    pub fn counters(&self) -> Option<&Choice> {
        self.counters.as_ref()
    }

    /// The sides of the order of battle chosen, as the lists name them.
    pub fn sides(&self) -> &[SideChoice] {
        &self.sides
    }

    /// The number of turns the times give, if they give one.
    pub fn turn_count(&self) -> Option<u16> {
        let minutes = self.minutes.trim().parse().ok()?;
        turn_count(&self.first, &self.last, minutes)
    }

    /// The file the scenario will be written to.
    pub fn target(&self) -> PathBuf {
        self.destination.file(self.named.id.trim(), "scenario.ron")
    }

    /// The problem shown beside `field`.
    pub fn problem(&self, field: Field) -> Option<&str> {
        self.problems.of(field)
    }

    /// Checks the form, then writes the scenario.
    fn create(&mut self) -> Option<Event> {
        let mut problems = Problems::default();
        let scenario = self.read(&mut problems);
        let path = self.target();
        let exists = "this scenario exists: choose another id";
        let write = scenario.map(|s| move |p: &Path| s.write(p));
        let written =
            self.destination.create(&path, &mut problems, exists, write);
        self.problems = problems;
        written.then_some(Event::Created(path))
    }

    /// The scenario the fields describe; `None` with the problems noted.
    fn read(&self, problems: &mut Problems) -> Option<NewScenario> {
        let id = map_form::read_id(&self.named.id, problems);
        let name = if self.named.name.trim().is_empty() {
            problems.add(Field::Name, "type the scenario's name");
            None
        } else {
            map_form::read_name(&self.named.name, problems)
        };
        let count = self.read_turns(problems);
        let path = self.target();
        let series = self.map.as_ref().and_then(|m| series_of(m, &path));
        if self.map.is_none() {
            problems.add(Field::Map, "the pack has no map yet: make one first");
        } else if series.is_none() {
            problems.add(Field::Map, "this map does not open: fix it first");
        }
        if self.counters.is_none() {
            problems.add(
                Field::Counters,
                "the pack has no order of battle yet: make one first",
            );
        } else if self.sides.is_empty()
            && problems.of(Field::Counters).is_none()
        {
            problems
                .add(Field::Counters, "this order of battle has no side yet");
        }
        let (map, counters) = (self.map.as_ref()?, self.counters.as_ref()?);
        Some(NewScenario {
            id: id?,
            name: name?,
            date: Some(self.date.trim().to_owned()).filter(|d| !d.is_empty()),
            series: series?,
            map: path_from(&path, &map.path),
            counters: path_from(&path, &counters.path),
            first: self.first.trim().to_owned(),
            minutes_per_turn: self.minutes.trim().parse().ok()?,
            count: count?,
            sides: self.sides.iter().map(|s| s.id.clone()).collect(),
            sets_up_first: self.sets_up_first.as_ref().map(|s| s.id.clone()),
            moves_first: self.moves_first.as_ref().map(|s| s.id.clone()),
        })
    }

    fn read_turns(&self, problems: &mut Problems) -> Option<u16> {
        let why = if clock(&self.first).is_none() || clock(&self.last).is_none()
        {
            "turn times are written HH:MM, as 09:00"
        } else if self.minutes.trim().parse::<u16>().map_or(true, |m| m == 0) {
            "a turn lasts a whole number of minutes"
        } else if self.turn_count().is_none() {
            "the last turn must be a whole number of turns after the first"
        } else {
            return self.turn_count();
        };
        problems.add(Field::Turns, why);
        None
    }

    /// The form.
    pub fn view(&self) -> Element<'_, Message> {
        let p = &self.problems;
        // Until there is an id, show where the file will go.
        let target = match self.named.id.trim().is_empty() {
            true => self.destination.file("<id>", "scenario.ron"),
            false => self.target(),
        };
        let form = column![
            text("New scenario").size(24),
            text(
                "A scenario on a map and an order of battle of the pack: \
                 its setup and arrivals are made on the next screens."
            )
            .size(14),
            self.names(),
            self.documents(),
            labelled("Turns", self.turns_field(), p.of(Field::Turns)),
            self.sides_fields(),
            labelled(
                "Save to",
                text(target.display().to_string()),
                p.of(Field::File)
            ),
            new_file::buttons(
                "Create scenario",
                Message::Create,
                Message::Cancel
            ),
        ];
        new_file::page(form, 820.0)
    }

    fn names(&self) -> Element<'_, Message> {
        let p = &self.problems;
        column![
            labelled(
                "Name",
                text_input("Combat de la Vère", &self.named.name)
                    .on_input(Message::Name),
                p.of(Field::Name),
            ),
            labelled(
                "Id",
                text_input("combat-de-la-vere", &self.named.id)
                    .on_input(Message::Id),
                p.of(Field::Id),
            ),
            labelled(
                "Date",
                text_input("16 May 1809", &self.date).on_input(Message::Date),
                None,
            ),
        ]
        .spacing(10)
        .into()
    }

    fn documents(&self) -> Element<'_, Message> {
        let p = &self.problems;
        column![
            labelled(
                "Map",
                pick_list(self.maps.as_slice(), self.map.clone(), Message::Map)
                    .placeholder("No map in the pack yet")
                    .width(Fill),
                p.of(Field::Map),
            ),
            labelled(
                "Order of battle",
                pick_list(
                    self.orders.as_slice(),
                    self.counters.clone(),
                    Message::Counters
                )
                .placeholder("No order of battle in the pack yet")
                .width(Fill),
                p.of(Field::Counters),
            ),
        ]
        .spacing(10)
        .into()
    }

    fn sides_fields(&self) -> Element<'_, Message> {
        let list = |chosen: &Option<SideChoice>,
                    on: fn(SideChoice) -> Message| {
            pick_list(self.sides.as_slice(), chosen.clone(), on)
                .placeholder("a side of the order of battle")
        };
        column![
            labelled(
                "Sets up first",
                list(&self.sets_up_first, Message::SetsUpFirst),
                None
            ),
            labelled(
                "Moves first",
                list(&self.moves_first, Message::MovesFirst),
                None
            ),
        ]
        .spacing(10)
        .into()
    }

    fn turns_field(&self) -> Element<'_, Message> {
        let turns = match self.turn_count() {
            Some(n) => format!("{n} turns"),
            None => String::new(),
        };
        row![
            text("first"),
            text_input("09:00", &self.first)
                .on_input(Message::First)
                .width(70),
            text("last"),
            text_input("18:00", &self.last)
                .on_input(Message::Last)
                .width(70),
            text("minutes a turn"),
            text_input("60", &self.minutes)
                .on_input(Message::Minutes)
                .width(50),
            text(turns),
        ]
        .spacing(8)
        .align_y(iced::Center)
        .into()
    }
}

fn choice(file: &PackFile) -> Choice {
    Choice {
        name: file.name.clone(),
        path: file.path.clone(),
    }
}

/// The map's series as the scenario at `scenario` names it.
fn series_of(map: &Choice, scenario: &Path) -> Option<String> {
    let doc = berthier_tools::project::read_document(&map.path).ok()?;
    let berthier_schema::Document::Map(m) = doc else {
        return None;
    };
    SeriesChoice::of_map(&map.path, &m.series)
        .map(|s| s.reference_from(scenario))
}
