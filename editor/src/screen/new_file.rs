//! What the forms that start a new file (New map, New order of battle)
//! share: the series field, the question before replacing a file, and the
//! native dialogs. Each takes the form's own messages.

use std::path::{Path, PathBuf};

use iced::widget::{button, pick_list, row, text};
use iced::{Element, Fill, Task};

use crate::screen::new_map::SeriesChoice;

/// Where a new file goes when none was chosen with the Save dialog: in
/// `folder`, or, in a pack, in a folder of its own named by its id under
/// it (`maps/<id>/<id>.map.ron`, as the bundled battles are laid out).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// The folder the file (or its own folder) goes in.
    pub folder: PathBuf,
    /// Whether the file gets a folder of its own.
    pub own_folder: bool,
}

impl Destination {
    /// Straight into `folder`.
    pub fn in_folder(folder: PathBuf) -> Self {
        Self {
            folder,
            own_folder: false,
        }
    }

    /// The file for `id` with this `suffix` (`map.ron`).
    pub fn file(&self, id: &str, suffix: &str) -> PathBuf {
        let name = format!("{id}.{suffix}");
        match self.own_folder {
            true => self.folder.join(id).join(name),
            false => self.folder.join(name),
        }
    }

    /// Why `path` cannot be written, if it cannot: its folder is missing
    /// (in a pack, the folder above its own, which Create makes).
    pub fn missing_folder(&self, path: &Path) -> Option<&'static str> {
        let parent = path.parent()?;
        let made = self.own_folder && parent.parent() == Some(&self.folder);
        let there = if made { &self.folder } else { parent };
        (!there.is_dir()).then_some("this folder does not exist")
    }

    /// Makes the file's own folder, when it has one.
    pub fn prepare(&self, path: &Path) -> std::io::Result<()> {
        match path.parent() {
            Some(parent) if self.own_folder => std::fs::create_dir_all(parent),
            _ => Ok(()),
        }
    }

    /// A new document at `path`: checks its folder and that no file is
    /// there (`exists` says so beside the file field), then, when
    /// `problems` holds none, makes its folder and writes it with
    /// `write`. Whether it was written; why not is in `problems`.
    pub fn create<E: std::fmt::Display>(
        &self,
        path: &Path,
        problems: &mut crate::map_form::Problems,
        exists: &str,
        write: Option<impl FnOnce(&Path) -> Result<(), E>>,
    ) -> bool {
        use crate::map_form::Field;
        if let Some(why) = self.missing_folder(path) {
            problems.add(Field::File, why);
        } else if path.exists() {
            problems.add(Field::File, exists);
        }
        let Some(write) = write.filter(|_| problems.is_empty()) else {
            return false;
        };
        let written = self
            .prepare(path)
            .map_err(|e| e.to_string())
            .and_then(|()| write(path).map_err(|e| e.to_string()));
        match written {
            Ok(()) => true,
            Err(e) => {
                problems.add(Field::File, e);
                false
            }
        }
    }
}

/// Offers `series` first and chooses it (the pack's series), when given.
pub fn prefer_series(
    offered: &mut Vec<SeriesChoice>,
    chosen: &mut Option<SeriesChoice>,
    series: Option<SeriesChoice>,
) {
    let Some(series) = series else { return };
    if !offered.contains(&series) {
        offered.insert(0, series.clone());
    }
    *chosen = Some(series);
}

/// The series list with **Other…** beside it.
pub fn series_field<'a, M: Clone + 'a>(
    series: &'a [SeriesChoice],
    chosen: Option<SeriesChoice>,
    choose: impl Fn(SeriesChoice) -> M + 'a,
    other: M,
) -> Element<'a, M> {
    row![
        pick_list(series, chosen, choose)
            .placeholder("No series found: choose one")
            .width(Fill),
        button("Other…").on_press(other),
    ]
    .spacing(8)
    .into()
}

/// Where the file goes, with **Choose…**: `target`, or, until there is an
/// id, `placeholder` (`<id>.map.ron` in the folder).
pub fn file_field<'a, M: Clone + 'a>(
    target: &Path,
    placeholder: Option<PathBuf>,
    choose: M,
) -> Element<'a, M> {
    let shown = placeholder.unwrap_or_else(|| target.to_owned());
    row![
        text(shown.display().to_string()),
        button("Choose…").on_press(choose),
    ]
    .spacing(8)
    .align_y(iced::Center)
    .into()
}

/// The form's buttons: `create` and Cancel, or, while an existing file is
/// asked about, "x already exists. [Replace it] [Keep it]".
pub fn actions<'a, M: Clone + 'a>(
    existing: Option<&Path>,
    create: (&'a str, M),
    cancel: M,
    replace: M,
    keep: M,
) -> Element<'a, M> {
    if let Some(existing) = existing {
        let name = existing.file_name().unwrap_or_default();
        return row![
            text(format!("{} already exists.", name.display())),
            button("Replace it").style(button::danger).on_press(replace),
            button("Keep it").on_press(keep),
        ]
        .spacing(12)
        .align_y(iced::Center)
        .into();
    }
    row![
        button(create.0).on_press(create.1),
        button("Cancel").style(button::secondary).on_press(cancel),
    ]
    .spacing(12)
    .into()
}

/// The native dialog for another series file.
pub fn series_dialog<M: Send + 'static>(
    folder: &Path,
    picked: fn(Option<PathBuf>) -> M,
) -> Task<M> {
    let dialog = rfd::AsyncFileDialog::new()
        .set_title("Series file")
        .add_filter("Series", &["ron", "json"])
        .set_directory(folder);
    Task::perform(dialog.pick_file(), move |h| {
        picked(h.map(|h| h.path().to_owned()))
    })
}

/// The native Save dialog for the new file, `what` naming it ("map",
/// "order of battle") and its filters.
pub fn save_dialog<M: Send + 'static>(
    folder: &Path,
    name: &str,
    what: &str,
    picked: fn(Option<PathBuf>) -> M,
) -> Task<M> {
    let dialog = rfd::AsyncFileDialog::new()
        .set_title(format!("Save the new {what} as"))
        .add_filter(format!("{what} (RON)"), &["ron"])
        .add_filter(format!("{what} (JSON)"), &["json"])
        .set_directory(folder)
        .set_file_name(name);
    Task::perform(dialog.save_file(), move |h| {
        picked(h.map(|h| h.path().to_owned()))
    })
}

/// The Create and Cancel buttons that end every New form.
pub fn buttons<'a, M: Clone + 'a>(
    create: &'static str,
    on_create: M,
    on_cancel: M,
) -> Element<'a, M> {
    row![
        button(create).on_press(on_create),
        button("Cancel")
            .style(button::secondary)
            .on_press(on_cancel),
    ]
    .spacing(12)
    .into()
}

/// A New form's fields, centred in the window and scrolled when taller,
/// at most `width` wide.
pub fn page<'a, M: 'a>(
    fields: iced::widget::Column<'a, M>,
    width: f32,
) -> Element<'a, M> {
    let form = fields.spacing(10).padding(20).max_width(width);
    iced::widget::scrollable(iced::widget::container(form).center_x(Fill))
        .into()
}
