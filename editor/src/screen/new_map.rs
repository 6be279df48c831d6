//! The New map screen: a form for a new battle's map (scan, series,
//! numbering, extent, id and name, file). Create writes the map file
//! atomically, with the series and scan named relative to it, never over
//! an existing file without asking; the application then opens it, and
//! goes on into Register grid when a scan was chosen. Dialog answers are
//! messages, so tests give them without a dialog.

pub mod series_choice;
mod view;

pub use series_choice::SeriesChoice;

use std::path::{Path, PathBuf};

use berthier_schema::{Extent, Format, Map, Orientation, Shift};
use iced::Task;

use crate::map_form::{self, Bound, ExtentInput, Field, Problems};
use crate::screen::new_file;
use berthier_tools::files;
use berthier_tools::project::OpenedMap;
use berthier_tools::scan;

/// The form's state.
#[derive(Debug)]
pub struct NewMapScreen {
    /// Where the file goes unless another is chosen.
    folder: PathBuf,
    /// In a pack, each map gets a folder of its own under `folder`.
    own_folder: bool,
    name: String,
    id: String,
    /// The id was typed: it no longer follows the name.
    id_typed: bool,
    scan: Option<ScanChoice>,
    series: Vec<SeriesChoice>,
    series_chosen: Option<SeriesChoice>,
    orientation: Orientation,
    shift: Shift,
    /// Columns of three digits (CCCRR) instead of two (CCRR).
    wide_columns: bool,
    sheet: String,
    extent: ExtentInput,
    /// The file chosen with the Save dialog.
    file: Option<PathBuf>,
    /// An existing file the author is asked about replacing.
    replace: Option<PathBuf>,
    problems: Problems,
}

/// The scan chosen, with its size read from the file's header.
#[derive(Debug, Clone, PartialEq)]
pub struct ScanChoice {
    /// The image.
    pub path: PathBuf,
    /// Its size in pixels, or why it cannot be read.
    pub size: Result<(u32, u32), scan::ScanError>,
}

/// What the form handles.
#[derive(Debug, Clone)]
pub enum Message {
    /// The name typed (the id follows it until typed itself).
    Name(String),
    /// The id typed.
    Id(String),
    /// Pick the scan with a dialog.
    ChooseScan,
    /// The scan dialog closed (`None`: cancelled).
    ScanPicked(Option<PathBuf>),
    /// No scan.
    NoScan,
    /// A series from the list.
    Series(SeriesChoice),
    /// Pick another series file with a dialog.
    ChooseSeries,
    /// The series dialog closed.
    SeriesPicked(Option<PathBuf>),
    /// Flat or pointy hexes.
    Orientation(Orientation),
    /// Odd or even columns (rows) shifted.
    Shift(Shift),
    /// Three-digit columns.
    WideColumns(bool),
    /// The sheet letter typed.
    Sheet(String),
    /// A bound of the extent typed.
    Extent(Bound, String),
    /// Pick the file with the Save dialog.
    ChooseFile,
    /// The Save dialog closed.
    FilePicked(Option<PathBuf>),
    /// Check the form and write the map.
    Create,
    /// Replace the existing file asked about.
    Replace,
    /// Keep the existing file asked about.
    KeepFile,
    /// Leave without a new map.
    Cancel,
}

/// What the screen asks of the application.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The map was written: open it, and register its grid on its scan
    /// when it has one.
    Created {
        /// The new map file.
        path: PathBuf,
        /// Whether it has a scan.
        scan: bool,
    },
    /// Back to what was shown before.
    Cancelled,
}

impl NewMapScreen {
    /// A form next to `current` (the map shown, if any): the file goes in
    /// its folder, else in the data folder `data`; the series offered are
    /// those found beside either, the current map's chosen first.
    pub fn new(current: Option<&OpenedMap>, data: Option<&Path>) -> Self {
        let near = current.and_then(|o| o.path.parent());
        let folder = near
            .map(Path::to_owned)
            .or_else(|| data.map(Path::to_owned))
            .unwrap_or_else(|| PathBuf::from("."));
        let mut series =
            series_choice::offered(map_form::find_series(near, data));
        let own =
            current.and_then(|o| SeriesChoice::of_map(&o.path, &o.map.series));
        // A pinned name or a file outside the folders searched is offered
        // too, so the new map can name what the current one names.
        if let Some(own) = own.as_ref().filter(|o| !series.contains(o)) {
            series.insert(0, own.clone());
        }
        let series_chosen = series
            .iter()
            .find(|s| Some(*s) == own.as_ref())
            .or(series.first())
            .cloned();
        Self {
            folder,
            own_folder: false,
            name: String::new(),
            id: String::new(),
            id_typed: false,
            scan: None,
            series,
            series_chosen,
            orientation: Orientation::Flat,
            shift: Shift::Odd,
            wide_columns: false,
            sheet: String::new(),
            extent: ExtentInput {
                cols: ["1".into(), "20".into()],
                rows: ["1".into(), "15".into()],
            },
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
        // A field's message goes as soon as the field is edited.
        if let Some(field) = edited_field(&message) {
            self.problems.clear(field);
        }
        match message {
            Message::Name(v) => {
                if !self.id_typed {
                    self.problems.clear(Field::Id);
                    self.id = map_form::id_from_name(&v);
                }
                self.name = v;
            }
            Message::Id(v) => {
                self.id_typed = !v.is_empty();
                self.id = v;
            }
            Message::ScanPicked(Some(path)) => self.scan = Some(probe(path)),
            Message::NoScan => self.scan = None,
            Message::Series(s) => self.series_chosen = Some(s),
            Message::SeriesPicked(Some(path)) => self.add_series(path),
            Message::Orientation(o) => self.orientation = o,
            Message::Shift(s) => self.shift = s,
            Message::WideColumns(on) => self.wide_columns = on,
            Message::Sheet(v) => self.sheet = v,
            Message::Extent(b, v) => self.extent.set(b, v),
            Message::FilePicked(Some(path)) => self.file = Some(path),
            Message::KeepFile => self.replace = None,
            Message::Cancel => return (Task::none(), Some(Event::Cancelled)),
            Message::Create => return (Task::none(), self.create(false)),
            Message::Replace => return (Task::none(), self.create(true)),
            other => return (self.dialog(other), None),
        }
        (Task::none(), None)
    }

    fn dialog(&self, message: Message) -> Task<Message> {
        match message {
            Message::ChooseScan => view::scan_dialog(&self.folder),
            Message::ChooseSeries => {
                new_file::series_dialog(&self.folder, Message::SeriesPicked)
            }
            Message::ChooseFile => {
                let name = format!("{}.map.ron", self.id.trim());
                new_file::save_dialog(
                    &self.folder,
                    &name,
                    "map",
                    Message::FilePicked,
                )
            }
            _ => Task::none(),
        }
    }

    fn add_series(&mut self, path: PathBuf) {
        let path = path.canonicalize().unwrap_or(path);
        let choice = SeriesChoice::File(path);
        if !self.series.contains(&choice) {
            self.series.push(choice.clone());
        }
        self.series_chosen = Some(choice);
    }

    /// The file the map will be written to.
    pub fn target(&self) -> PathBuf {
        self.file.clone().unwrap_or_else(|| {
            self.destination().file(self.id.trim(), "map.ron")
        })
    }

    /// The form for a map of the pack: it goes in `maps` (a folder of its
    /// own), on the pack's `series` when it names one.
    pub fn in_pack(
        mut self,
        maps: PathBuf,
        series: Option<SeriesChoice>,
    ) -> Self {
        self.folder = maps;
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

    /// Checks the form, then writes the map (asking first when the file
    /// exists, unless `replace`).
    fn create(&mut self, replace: bool) -> Option<Event> {
        let mut problems = Problems::default();
        let map = self.read(&mut problems);
        let path = self.target();
        check_target(&path, &mut problems);
        if let Some(why) = self.destination().missing_folder(&path) {
            problems.add(Field::File, why);
        }
        self.problems = problems;
        let map = map.filter(|_| self.problems.is_empty())?;
        if path.exists() && !replace {
            self.replace = Some(path);
            return None;
        }
        self.replace = None;
        if let Err(e) = self.destination().prepare(&path) {
            self.problems.add(Field::File, e.to_string());
            return None;
        }
        let written = match replace {
            true => files::rewrite_map(&map, &path),
            false => files::save_map(&map, &path).map(|_| ()),
        };
        if let Err(e) = written {
            self.problems.add(Field::File, e.to_string());
            return None;
        }
        let scan = map.scan.is_some();
        Some(Event::Created { path, scan })
    }

    /// The map the fields describe, with its paths relative to the target
    /// file; `None` with the problems recorded.
    fn read(&self, problems: &mut Problems) -> Option<Map> {
        let id = map_form::read_id(&self.id, problems);
        let name = map_form::read_name(&self.name, problems);
        let sheet = map_form::read_sheet(&self.sheet, problems);
        let max_col = if self.wide_columns { 999 } else { 99 };
        let span = self.extent.read(max_col, problems);
        if self.series_chosen.is_none() {
            problems.add(Field::Series, "choose a series");
        }
        let size = match &self.scan {
            Some(ScanChoice { size: Err(e), .. }) => {
                let why = format!("cannot read this image: {}", e.reason());
                problems.add(Field::Scan, why);
                None
            }
            Some(ScanChoice { size: Ok(s), .. }) => Some(*s),
            None => None,
        };
        let ((cols, rows), sheet, series) =
            (span?, sheet?, self.series_chosen.as_ref()?);
        let extent = Extent {
            cols,
            rows,
            missing: Vec::new(),
            sheet,
        };
        let grid = map_form::starting_grid(
            self.orientation,
            self.shift,
            &extent,
            size,
        );
        let path = self.target();
        let mut map = Map::blank(
            id?,
            name?,
            series.reference_from(&path),
            grid,
            vec![extent],
        );
        map.scan = self.scan.as_ref().map(|s| files::path_from(&path, &s.path));
        Some(map)
    }

    /// The problem shown beside `field`.
    pub fn problem(&self, field: Field) -> Option<&str> {
        self.problems.of(field)
    }

    /// The series chosen.
    pub fn series_chosen(&self) -> Option<&SeriesChoice> {
        self.series_chosen.as_ref()
    }

    /// The existing file the form asks about replacing.
    pub fn asks_replace(&self) -> Option<&Path> {
        self.replace.as_deref()
    }
}

/// The field a message edits, if any.
fn edited_field(message: &Message) -> Option<Field> {
    Some(match message {
        Message::Name(_) => Field::Name,
        Message::Id(_) => Field::Id,
        Message::ScanPicked(Some(_)) | Message::NoScan => Field::Scan,
        Message::Series(_) | Message::SeriesPicked(Some(_)) => Field::Series,
        Message::Sheet(_) => Field::Sheet,
        Message::Extent(Bound::FirstCol | Bound::LastCol, _) => Field::Cols,
        Message::Extent(Bound::FirstRow | Bound::LastRow, _) => Field::Rows,
        Message::FilePicked(Some(_)) => Field::File,
        _ => return None,
    })
}

fn probe(path: PathBuf) -> ScanChoice {
    let size = scan::decode::probe(&path, &scan::Budget::default());
    ScanChoice { path, size }
}

fn check_target(path: &Path, problems: &mut Problems) {
    if Format::of_path(path).is_none() {
        problems.add(Field::File, "the file name must end in .ron or .json");
    }
}
