//! The New order of battle screen: a form for a new battle's counters file
//! (name, id, series, file). Create writes the file atomically with no side
//! yet, never over an existing file without asking; the application then
//! opens it on the order of battle screen, where its sides, formations and
//! units are built. Dialog answers are messages, so tests give them
//! without a dialog.

use std::path::{Path, PathBuf};

use iced::widget::{column, container, scrollable, text, text_input};
use iced::{Element, Fill, Task};

use crate::map_form::{self, Field, Problems, labelled};
use crate::screen::new_file;
use crate::screen::new_map::SeriesChoice;
use crate::screen::new_map::series_choice;
use berthier_tools::oob::new as new_counters;

/// The form's state.
#[derive(Debug)]
pub struct NewOobScreen {
    /// Where the file goes unless another is chosen.
    folder: PathBuf,
    /// In a pack, each order of battle gets a folder of its own.
    own_folder: bool,
    /// The name, and the id that follows it until typed.
    named: map_form::NameAndId,
    series: Vec<SeriesChoice>,
    series_chosen: Option<SeriesChoice>,
    /// The file chosen with the Save dialog.
    file: Option<PathBuf>,
    /// An existing file the author is asked about replacing.
    replace: Option<PathBuf>,
    problems: Problems,
}

/// What the form handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// The name typed (the id follows it until typed itself).
    Name(String),
    /// The id typed.
    Id(String),
    /// A series from the list.
    Series(SeriesChoice),
    /// Pick another series file with a dialog.
    ChooseSeries,
    /// The series dialog closed (`None`: cancelled).
    SeriesPicked(Option<PathBuf>),
    /// Pick the file with the Save dialog.
    ChooseFile,
    /// The Save dialog closed.
    FilePicked(Option<PathBuf>),
    /// Check the form and write the file.
    Create,
    /// Replace the existing file asked about.
    Replace,
    /// Keep the existing file asked about.
    KeepFile,
    /// Leave without a new order of battle.
    Cancel,
}

/// What the screen asks of the application.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The counters file was written: open it.
    Created(PathBuf),
    /// Back to what was shown before.
    Cancelled,
}

impl NewOobScreen {
    /// A form whose file goes in `folder` (the folder of the file shown,
    /// else the data folder `data`), offering the series found beside
    /// either and every standard series, `current` (what the file shown
    /// names) first.
    pub fn new(
        folder: Option<&Path>,
        current: Option<SeriesChoice>,
        data: Option<&Path>,
    ) -> Self {
        let mut series =
            series_choice::offered(map_form::find_series(folder, data));
        if let Some(own) = current.as_ref().filter(|o| !series.contains(o)) {
            series.insert(0, own.clone());
        }
        let series_chosen = current.or_else(|| series.first().cloned());
        Self {
            folder: folder
                .or(data)
                .map_or_else(|| PathBuf::from("."), Path::to_owned),
            own_folder: false,
            named: map_form::NameAndId::default(),
            series,
            series_chosen,
            file: None,
            replace: None,
            problems: Problems::default(),
        }
    }

    /// Handles a message.
    pub fn update(
        &mut self,
        message: Message,
    ) -> (Task<Message>, Option<Event>) {
        match message {
            Message::Name(v) => self.named.name_typed(v, &mut self.problems),
            Message::Id(v) => self.named.id_typed(v, &mut self.problems),
            Message::Series(s) => {
                self.problems.clear(Field::Series);
                self.series_chosen = Some(s);
            }
            Message::SeriesPicked(Some(path)) => self.add_series(path),
            Message::FilePicked(Some(path)) => {
                self.problems.clear(Field::File);
                self.file = Some(path);
            }
            Message::KeepFile => self.replace = None,
            Message::Cancel => return (Task::none(), Some(Event::Cancelled)),
            Message::Create => return (Task::none(), self.create(false)),
            Message::Replace => return (Task::none(), self.create(true)),
            Message::ChooseSeries => {
                let folder = &self.folder;
                let task =
                    new_file::series_dialog(folder, Message::SeriesPicked);
                return (task, None);
            }
            Message::ChooseFile => {
                let name = format!("{}.counters.ron", self.named.id.trim());
                let task = new_file::save_dialog(
                    &self.folder,
                    &name,
                    "order of battle",
                    Message::FilePicked,
                );
                return (task, None);
            }
            Message::SeriesPicked(None) | Message::FilePicked(None) => {}
        }
        (Task::none(), None)
    }

    fn add_series(&mut self, path: PathBuf) {
        let path = path.canonicalize().unwrap_or(path);
        let choice = SeriesChoice::File(path);
        if !self.series.contains(&choice) {
            self.series.push(choice.clone());
        }
        self.problems.clear(Field::Series);
        self.series_chosen = Some(choice);
    }

    /// The file the order of battle will be written to.
    pub fn target(&self) -> PathBuf {
        self.file.clone().unwrap_or_else(|| {
            self.destination()
                .file(self.named.id.trim(), "counters.ron")
        })
    }

    /// The form for an order of battle of the pack: it goes in `counters`
    /// (a folder of its own), on the pack's `series` when it names one.
    pub fn in_pack(
        mut self,
        counters: PathBuf,
        series: Option<SeriesChoice>,
    ) -> Self {
        self.folder = counters;
        self.own_folder = true;
        new_file::prefer_series(
            &mut self.series,
            &mut self.series_chosen,
            series,
        );
        self
    }

    fn destination(&self) -> new_file::Destination {
        new_file::Destination {
            folder: self.folder.clone(),
            own_folder: self.own_folder && self.file.is_none(),
        }
    }

    /// Checks the form, then writes the file (asking first when it
    /// exists, unless `replace`).
    fn create(&mut self, replace: bool) -> Option<Event> {
        let mut problems = Problems::default();
        let id = map_form::read_id(&self.named.id, &mut problems);
        let name = if self.named.name.trim().is_empty() {
            problems.add(Field::Name, "type the order of battle's name");
            None
        } else {
            map_form::read_name(&self.named.name, &mut problems)
        };
        if self.series_chosen.is_none() {
            problems.add(Field::Series, "choose a series");
        }
        let path = self.target();
        if let Some(why) = self.destination().missing_folder(&path) {
            problems.add(Field::File, why);
        }
        self.problems = problems;
        let (id, name, series) = (id?, name?, self.series_chosen.as_ref()?);
        if !self.problems.is_empty() {
            return None;
        }
        if path.exists() && !replace {
            self.replace = Some(path);
            return None;
        }
        self.replace = None;
        if let Err(e) = self.destination().prepare(&path) {
            self.problems.add(Field::File, e.to_string());
            return None;
        }
        let series = series.reference_from(&path);
        match new_counters::write(&path, &id, &name, &series) {
            Ok(()) => Some(Event::Created(path)),
            Err(e) => {
                self.problems.add(Field::File, e.to_string());
                None
            }
        }
    }

    /// The problem shown beside `field`.
    pub fn problem(&self, field: Field) -> Option<&str> {
        self.problems.of(field)
    }

    /// The existing file the form asks about replacing.
    pub fn asks_replace(&self) -> Option<&Path> {
        self.replace.as_deref()
    }

    /// The form.
    pub fn view(&self) -> Element<'_, Message> {
        let p = &self.problems;
        let form = column![
            text("New order of battle").size(24),
            text(
                "A counters file for a new battle: its sides, formations \
                 and units are built on the next screen."
            )
            .size(14),
            labelled(
                "Name",
                text_input("Combat de la Vère 1809", &self.named.name)
                    .on_input(Message::Name),
                p.of(Field::Name),
            ),
            labelled(
                "Id",
                text_input("combat-de-la-vere-1809", &self.named.id)
                    .on_input(Message::Id),
                p.of(Field::Id),
            ),
            labelled(
                "Series",
                new_file::series_field(
                    &self.series,
                    self.series_chosen.clone(),
                    Message::Series,
                    Message::ChooseSeries,
                ),
                p.of(Field::Series),
            ),
            labelled("Save to", self.file_field(), p.of(Field::File)),
            self.actions(),
        ]
        .spacing(10)
        .padding(20)
        .max_width(820);
        scrollable(container(form).center_x(Fill)).into()
    }

    fn file_field(&self) -> Element<'_, Message> {
        // Until there is an id, show where the file will go.
        let placeholder = (self.file.is_none()
            && self.named.id.trim().is_empty())
        .then(|| self.destination().file("<id>", "counters.ron"));
        new_file::file_field(&self.target(), placeholder, Message::ChooseFile)
    }

    fn actions(&self) -> Element<'_, Message> {
        new_file::actions(
            self.replace.as_deref(),
            ("Create order of battle", Message::Create),
            Message::Cancel,
            Message::Replace,
            Message::KeepFile,
        )
    }
}
