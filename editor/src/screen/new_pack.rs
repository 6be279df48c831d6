//! The New pack screen: a form for a new scenario pack (its folder, its
//! series, whether to start with the example battle). Create writes what
//! `berthier-validate init` writes, through the validator's own code, and
//! never over an existing file (the form names them); the application then
//! opens the pack. Dialog answers are messages, so tests give them without
//! a dialog.

use std::path::{Path, PathBuf};

use iced::widget::{button, checkbox, column, row, text, text_input};
use iced::{Element, Fill, Task};

use crate::map_form::{Field, Problems, labelled};
use crate::screen::new_file;
use crate::screen::new_map::SeriesChoice;
use berthier_schema::standard;
use berthier_validator::init::{NewPack, PackSeries, write_pack};

/// The form's state.
#[derive(Debug)]
pub struct NewPackScreen {
    /// The pack's folder, as typed or chosen.
    folder: String,
    series: Vec<SeriesChoice>,
    series_chosen: Option<SeriesChoice>,
    /// Start with the example battle (offered on Jours de Gloire only).
    example: bool,
    problems: Problems,
}

/// What the form handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// The folder typed.
    Folder(String),
    /// Pick the folder with a dialog.
    ChooseFolder,
    /// The folder dialog closed (`None`: cancelled).
    FolderPicked(Option<PathBuf>),
    /// A series from the list.
    Series(SeriesChoice),
    /// Pick a series file of one's own.
    ChooseSeries,
    /// The series dialog closed.
    SeriesPicked(Option<PathBuf>),
    /// Start with the example battle or not.
    Example(bool),
    /// Check the form and write the pack.
    Create,
    /// Leave without a new pack.
    Cancel,
}

/// What the screen asks of the application.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The pack was written in this folder: open it.
    Created(PathBuf),
    /// Back to what was shown before.
    Cancelled,
}

impl NewPackScreen {
    /// A form for a pack in a new folder under `parent` (the user's
    /// documents, or the folder of the file shown), offering every
    /// standard series at every version, the newest Jours de Gloire first.
    pub fn new(parent: &Path) -> Self {
        let mut series: Vec<SeriesChoice> = standard::newest()
            .into_iter()
            .map(|s| SeriesChoice::Standard(s.pinned()))
            .collect();
        let older = standard::all()
            .iter()
            .map(|s| SeriesChoice::Standard(s.pinned()))
            .filter(|s| !series.contains(s))
            .collect::<Vec<_>>();
        series.extend(older);
        let default =
            PackSeries::parse(berthier_validator::init::DEFAULT_SERIES).ok();
        let series_chosen = series
            .iter()
            .find(|s| Some(to_pack_series(s)) == default)
            .or(series.first())
            .cloned();
        Self {
            folder: parent.join("my-pack").display().to_string(),
            series,
            series_chosen,
            example: true,
            problems: Problems::default(),
        }
    }

    /// Handles a message.
    pub fn update(
        &mut self,
        message: Message,
    ) -> (Task<Message>, Option<Event>) {
        match message {
            Message::Folder(v) => {
                self.problems.clear(Field::File);
                self.folder = v;
            }
            Message::FolderPicked(Some(path)) => {
                self.problems.clear(Field::File);
                self.folder = path.display().to_string();
            }
            Message::Series(s) => {
                self.problems.clear(Field::Series);
                self.series_chosen = Some(s);
            }
            Message::SeriesPicked(Some(path)) => {
                let choice = SeriesChoice::File(path);
                if !self.series.contains(&choice) {
                    self.series.push(choice.clone());
                }
                self.problems.clear(Field::Series);
                self.series_chosen = Some(choice);
            }
            Message::Example(on) => self.example = on,
            Message::ChooseFolder => return (self.folder_dialog(), None),
            Message::ChooseSeries => {
                let near = self.parent();
                let task =
                    new_file::series_dialog(&near, Message::SeriesPicked);
                return (task, None);
            }
            Message::Create => return (Task::none(), self.create()),
            Message::Cancel => return (Task::none(), Some(Event::Cancelled)),
            Message::FolderPicked(None) | Message::SeriesPicked(None) => {}
        }
        (Task::none(), None)
    }

    /// Whether the chosen series takes the example battle (its terrain is
    /// Jours de Gloire's).
    pub fn example_fits(&self) -> bool {
        self.series_chosen
            .as_ref()
            .is_some_and(|s| to_pack_series(s).fits_example())
    }

    /// The folder above the pack's, where dialogs start.
    fn parent(&self) -> PathBuf {
        let folder = PathBuf::from(self.folder.trim());
        folder
            .parent()
            .filter(|p| p.is_dir())
            .map_or_else(|| PathBuf::from("."), Path::to_owned)
    }

    fn folder_dialog(&self) -> Task<Message> {
        let dialog = rfd::AsyncFileDialog::new()
            .set_title("Folder of the new pack")
            .set_directory(self.parent());
        Task::perform(dialog.pick_folder(), |h| {
            Message::FolderPicked(h.map(|h| h.path().to_owned()))
        })
    }

    /// Checks the form, then writes the pack.
    fn create(&mut self) -> Option<Event> {
        let mut problems = Problems::default();
        let folder = PathBuf::from(self.folder.trim());
        if self.folder.trim().is_empty() {
            problems.add(Field::File, "type or choose the pack's folder");
        } else if folder.is_file() {
            problems.add(Field::File, "this is a file, not a folder");
        }
        let Some(series) = self.series_chosen.as_ref() else {
            problems.add(Field::Series, "choose a series");
            self.problems = problems;
            return None;
        };
        self.problems = problems;
        if !self.problems.is_empty() {
            return None;
        }
        let series = to_pack_series(series);
        let example = self.example && series.fits_example();
        let pack = NewPack {
            dir: folder.clone(),
            series,
            example,
        };
        match write_pack(&pack) {
            Ok(_) => Some(Event::Created(folder)),
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

    /// The form.
    pub fn view(&self) -> Element<'_, Message> {
        let p = &self.problems;
        let fits = self.example_fits();
        let example = checkbox(self.example && fits)
            .label("Start with the example battle (a map, an order of battle and a scenario)")
            .on_toggle_maybe(fits.then_some(Message::Example));
        let example_note = if fits {
            "Leave it out to start from empty folders."
        } else {
            "The example battle is drawn on Jours de Gloire's terrain: on \
             this series the pack starts with empty folders."
        };
        let form = column![
            text("New pack").size(24),
            text(
                "A folder for a battle or a campaign: its maps, orders of \
                 battle and scenarios, with the validator's settings, a CI \
                 workflow and a pre-commit hook, as `berthier-validate \
                 init` writes them."
            )
            .size(14),
            labelled("Folder", self.folder_field(), p.of(Field::File)),
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
            example,
            text(example_note).size(13),
            new_file::buttons("Create pack", Message::Create, Message::Cancel),
        ];
        new_file::page(form, 820.0)
    }

    fn folder_field(&self) -> Element<'_, Message> {
        row![
            text_input("/home/me/vere-1809", &self.folder)
                .on_input(Message::Folder)
                .width(Fill),
            button("Choose…").on_press(Message::ChooseFolder),
        ]
        .spacing(8)
        .into()
    }
}

/// The series the pack's documents will name for a choice on the form.
fn to_pack_series(choice: &SeriesChoice) -> PackSeries {
    match choice {
        SeriesChoice::Standard(name) => PackSeries::Standard(name.clone()),
        SeriesChoice::File(path) => PackSeries::File(path.clone()),
    }
}
