//! The map's header on the map screen: the Properties form (id, name,
//! scale, series, extent; applying is one `Edit::Properties`, one undo
//! step) and the id and name asked before Save As, so that a copy does not
//! go out under the original's id. A header change reads the series and
//! scan again (see [`MapScreen::files_changed`]).

use std::path::PathBuf;

use berthier_schema::Extent;
use berthier_schema::edit::{Edit, Properties};
use iced::widget::{button, column, row, text, text_input};
use iced::{Element, Task};

use super::file::banner;
use super::{MapScreen, Message as MapMessage};
use crate::map_form::{self, Bound, ExtentInput, Field, Problems, labelled};
use berthier_tools::project;

/// The Properties form's messages.
#[derive(Debug, Clone)]
pub enum Message {
    /// Show the form.
    Open,
    /// The id typed.
    Id(String),
    /// The name typed.
    Name(String),
    /// The scale typed.
    Scale(String),
    /// The series path typed (relative to the map file).
    Series(String),
    /// Pick the series file with a dialog.
    ChooseSeries,
    /// The series dialog closed (`None`: cancelled).
    SeriesPicked(Option<PathBuf>),
    /// A bound of the extent typed.
    Extent(Bound, String),
    /// Check the fields and apply them as one undo step.
    Apply,
    /// Close the form without changes.
    Cancel,
}

/// The Properties form's fields.
#[derive(Debug, Clone)]
pub struct Form {
    id: String,
    name: String,
    scale: String,
    series: String,
    /// `None` on a map of several sheets, whose extents are edited in the
    /// file.
    extent: Option<ExtentInput>,
    problems: Problems,
}

/// The id and name asked before Save As.
#[derive(Debug, Clone)]
pub struct CopyForm {
    id: String,
    name: String,
    problems: Problems,
}

/// The Save As question's messages.
#[derive(Debug, Clone)]
pub enum CopyMessage {
    /// The copy's id typed.
    Id(String),
    /// The copy's name typed.
    Name(String),
    /// Check them, then ask where to save.
    Choose,
    /// Do not save a copy.
    Cancel,
}

impl MapScreen {
    /// Handles the Properties form.
    pub(super) fn properties_message(
        &mut self,
        m: Message,
    ) -> Task<MapMessage> {
        if let Message::Open = m {
            self.properties = Some(Form::of(self));
            return Task::none();
        }
        let Some(form) = self.properties.as_mut() else {
            return Task::none();
        };
        match m {
            Message::Open => {}
            Message::Id(v) => form.id = v,
            Message::Name(v) => form.name = v,
            Message::Scale(v) => form.scale = v,
            Message::Series(v) => form.series = v,
            Message::Extent(b, v) => {
                if let Some(e) = form.extent.as_mut() {
                    e.set(b, v);
                }
            }
            Message::ChooseSeries => return series_dialog(&self.opened.path),
            Message::SeriesPicked(Some(p)) => {
                form.series =
                    berthier_tools::files::path_from(&self.opened.path, &p);
            }
            Message::SeriesPicked(None) => {}
            Message::Cancel => self.properties = None,
            Message::Apply => return self.apply_properties(),
        }
        Task::none()
    }

    fn apply_properties(&mut self) -> Task<MapMessage> {
        let Some(form) = self.properties.as_mut() else {
            return Task::none();
        };
        let mut problems = Problems::default();
        let header = form.read(&self.opened, &mut problems);
        form.problems = problems;
        let Some(header) = header else {
            return Task::none();
        };
        self.properties = None;
        self.set_header(header)
    }

    /// Applies a new header as one undo step, reading the series and
    /// scan again.
    pub(super) fn set_header(
        &mut self,
        header: Properties,
    ) -> Task<MapMessage> {
        let edit = Edit::Properties(Box::new(header));
        if edit.is_noop(&self.opened.map) {
            return Task::none();
        }
        self.apply_edit(edit);
        self.files_changed()
    }

    /// Reads the series and scan again after the header changed (an edit,
    /// its undo or redo): the palette, map checks and the scan follow.
    pub(super) fn files_changed(&mut self) -> Task<MapMessage> {
        let scan_changed = project::refresh_files(&mut self.opened);
        self.paint.catalog = berthier_tools::tool::Catalog::new(
            self.opened.series.as_deref(),
            &self.opened.map,
            &self.opened.palette,
        );
        self.findings = super::findings::Findings::new(&self.opened);
        self.caches.clear();
        if !scan_changed {
            return Task::none();
        }
        self.scan_progress = None;
        self.fit();
        self.load_scan()
    }

    /// Save As asks first for the copy's id and name.
    pub(super) fn ask_copy(&mut self) {
        let map = &self.opened.map;
        self.copy = Some(CopyForm {
            id: format!("{}-copy", map.id),
            name: format!("{} (copy)", map.name),
            problems: Problems::default(),
        });
    }

    /// Handles the Save As question.
    pub(super) fn copy_message(&mut self, m: CopyMessage) -> Task<MapMessage> {
        let Some(copy) = self.copy.as_mut() else {
            return Task::none();
        };
        match m {
            CopyMessage::Id(v) => copy.id = v,
            CopyMessage::Name(v) => copy.name = v,
            CopyMessage::Cancel => self.copy = None,
            CopyMessage::Choose => {
                let mut problems = Problems::default();
                let id = map_form::read_id(&copy.id, &mut problems);
                let name = map_form::read_name(&copy.name, &mut problems);
                copy.problems = problems;
                if let (Some(id), Some(_)) = (id, name) {
                    return self.save_as_dialog(&format!("{id}.map.ron"));
                }
            }
        }
        Task::none()
    }

    /// The copy's id and name, asked before the Save As dialog opened.
    pub(super) fn copy_names(&mut self) -> Option<(String, String)> {
        let copy = self.copy.take()?;
        Some((copy.id.trim().to_owned(), copy.name.trim().to_owned()))
    }

    /// The Properties form or the Save As question, across the top.
    pub(super) fn header_card(&self) -> Option<Element<'_, MapMessage>> {
        if let Some(form) = &self.properties {
            return Some(banner(form.view().map(MapMessage::Properties)));
        }
        let copy = self.copy.as_ref()?;
        Some(banner(copy.view().map(MapMessage::SaveCopy)))
    }
}

impl Form {
    fn of(screen: &MapScreen) -> Self {
        let map = &screen.opened.map;
        let extent = match map.extent.as_slice() {
            [one] => Some(ExtentInput::of(one)),
            _ => None,
        };
        Self {
            id: map.id.clone(),
            name: map.name.clone(),
            scale: map.scale.clone().unwrap_or_default(),
            series: map.series.clone(),
            extent,
            problems: Problems::default(),
        }
    }

    /// The header the fields give, or `None` with the problems recorded.
    fn read(
        &self,
        opened: &project::OpenedMap,
        problems: &mut Problems,
    ) -> Option<Properties> {
        let map = &opened.map;
        let id = map_form::read_id(&self.id, problems);
        let name = map_form::read_name(&self.name, problems);
        let series = self.series.trim().to_owned();
        if let Some(problem) = series_problem(&opened.path, &series) {
            problems.add(Field::Series, problem);
        }
        let extent = match &self.extent {
            Some(input) => {
                let (cols, rows) = input.read(9999, problems)?;
                vec![Extent {
                    cols,
                    rows,
                    ..map.extent[0].clone()
                }]
            }
            None => map.extent.clone(),
        };
        if !problems.is_empty() {
            return None;
        }
        Some(Properties {
            id: id?,
            name: name?,
            series,
            scan: map.scan.clone(),
            scale: berthier_tools::tool::name_of(&self.scale),
            extent,
        })
    }

    fn view(&self) -> Element<'_, Message> {
        let p = &self.problems;
        let mut form = column![
            text("Map properties").size(18),
            labelled(
                "Id",
                text_input("rivoli-1797", &self.id).on_input(Message::Id),
                p.of(Field::Id),
            ),
            labelled(
                "Name",
                text_input("Rivoli 1797", &self.name).on_input(Message::Name),
                p.of(Field::Name),
            ),
            labelled(
                "Scale",
                text_input("about 300 m per hex", &self.scale)
                    .on_input(Message::Scale),
                None,
            ),
            labelled(
                "Series",
                row![
                    text_input("series name or file", &self.series)
                        .on_input(Message::Series),
                    button("Choose…").on_press(Message::ChooseSeries),
                ]
                .spacing(8),
                p.of(Field::Series),
            ),
        ]
        .spacing(6);
        form = match &self.extent {
            Some(e) => form.push(extent_fields(e, p, Message::Extent)),
            None => form.push(text(
                "This map has several sheets: edit their extents in the file.",
            )),
        };
        form.max_width(760)
            .push(
                row![
                    button("Apply").on_press(Message::Apply),
                    button("Cancel")
                        .style(button::secondary)
                        .on_press(Message::Cancel),
                ]
                .spacing(8),
            )
            .into()
    }
}

impl CopyForm {
    fn view(&self) -> Element<'_, CopyMessage> {
        let p = &self.problems;
        column![
            text("Save a copy: give it its own id and name.").size(18),
            labelled(
                "Id of the copy",
                text_input("id", &self.id).on_input(CopyMessage::Id),
                p.of(Field::Id),
            ),
            labelled(
                "Name of the copy",
                text_input("name", &self.name).on_input(CopyMessage::Name),
                p.of(Field::Name),
            ),
            row![
                button("Choose file…").on_press(CopyMessage::Choose),
                button("Cancel")
                    .style(button::secondary)
                    .on_press(CopyMessage::Cancel),
            ]
            .spacing(8),
        ]
        .spacing(6)
        .max_width(760)
        .into()
    }
}

/// Columns and rows, first and last, with their problems.
pub fn extent_fields<'a, M: Clone + 'a>(
    e: &'a ExtentInput,
    p: &'a Problems,
    on: impl Fn(Bound, String) -> M + Copy + 'a,
) -> Element<'a, M> {
    let pair = |a: &'a String, b: &'a String, first: Bound, last: Bound| {
        row![
            text_input("first", a)
                .width(80)
                .on_input(move |v| on(first, v)),
            text("to"),
            text_input("last", b)
                .width(80)
                .on_input(move |v| on(last, v)),
        ]
        .spacing(8)
        .align_y(iced::Center)
    };
    column![
        labelled(
            "Columns",
            pair(&e.cols[0], &e.cols[1], Bound::FirstCol, Bound::LastCol),
            p.of(Field::Cols),
        ),
        labelled(
            "Rows",
            pair(&e.rows[0], &e.rows[1], Bound::FirstRow, Bound::LastRow),
            p.of(Field::Rows),
        ),
    ]
    .spacing(6)
    .into()
}

/// The native dialog for a series file, starting beside the map.
pub fn series_dialog(map: &std::path::Path) -> Task<MapMessage> {
    let mut dialog = rfd::AsyncFileDialog::new()
        .set_title("Series file")
        .add_filter("Series", &["ron", "json"]);
    if let Some(dir) = map.parent() {
        dialog = dialog.set_directory(dir);
    }
    Task::perform(dialog.pick_file(), |h| {
        MapMessage::Properties(Message::SeriesPicked(
            h.map(|h| h.path().to_owned()),
        ))
    })
}

/// What is wrong with `series` as the series of the map at `map_path`: a
/// standard series' name must be shipped, a path must lead to a file.
fn series_problem(map_path: &std::path::Path, series: &str) -> Option<String> {
    use berthier_schema::standard;
    if standard::is_name(series) {
        return standard::find(series).err().map(|e| e.to_string());
    }
    (!berthier_schema::pack::beside(map_path, series).is_file())
        .then(|| format!("no series file at {series}"))
}
