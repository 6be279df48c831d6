//! A new order of battle: a counters file with its id, name and series and
//! nothing else yet, written atomically and read back before it is
//! reported written; its sides, formations and units are then built on
//! the order of battle screen.

use std::path::{Path, PathBuf};

use berthier_schema::io::save_atomic;
use berthier_schema::{Format, LoadError};

/// Why the new file was not written.
#[derive(Debug, thiserror::Error)]
pub enum NewCountersError {
    /// The file name asks for neither format.
    #[error("{path}: the file name must end in .ron or .json", path = .0.display())]
    Extension(PathBuf),
    /// The text made does not load (a name the format cannot hold).
    #[error("the new file would not load: {0}")]
    Load(LoadError),
    /// The file could not be written.
    #[error("cannot write {path}: {1}", path = .0.display())]
    Write(PathBuf, std::io::Error),
}

/// The text of a counters file named `id` and `name` on `series` (as the
/// file will write it: a standard name or a path relative to it), with no
/// side yet.
pub fn text(id: &str, name: &str, series: &str, format: Format) -> String {
    match format {
        Format::Ron => format!(
            "// {name}: the order of battle, begun in Berthier's editor.\n\
             (\n    kind: counters,\n    format_version: 2,\n    \
             id: {id:?},\n    name: {name:?},\n    series: {series:?},\n    \
             sides: [],\n)\n"
        ),
        Format::Json => {
            let value = serde_json::json!({
                "kind": "counters",
                "format_version": 2,
                "id": id,
                "name": name,
                "series": series,
                "sides": [],
            });
            format!("{value:#}\n")
        }
    }
}

/// Writes the new counters file at `path` (over what is there: the caller
/// asked first), after checking that its text loads.
pub fn write(
    path: &Path,
    id: &str,
    name: &str,
    series: &str,
) -> Result<(), NewCountersError> {
    let format = Format::of_path(path)
        .ok_or_else(|| NewCountersError::Extension(path.to_owned()))?;
    let text = text(id, name, series, format);
    // Read back as the validator reads it: a name the format cannot
    // hold is refused here, not found later in a broken file.
    if let Err(e) = berthier_schema::load_document(&text, format) {
        return Err(NewCountersError::Load(e));
    }
    save_atomic(path, text.as_bytes())
        .map_err(|e| NewCountersError::Write(path.to_owned(), e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use berthier_schema::Document;

    #[test]
    fn both_formats_load_as_an_empty_order_of_battle() {
        for format in [Format::Ron, Format::Json] {
            let text = text(
                "vere-1809",
                "Combat de la Vère \"1809\"",
                "jours-de-gloire@1",
                format,
            );
            let Ok(Document::Counters(c)) =
                berthier_schema::load_document(&text, format)
            else {
                panic!("{text}");
            };
            assert_eq!(c.id, "vere-1809");
            assert_eq!(c.name, "Combat de la Vère \"1809\"");
            assert_eq!(c.series, "jours-de-gloire@1");
            assert!(c.sides.is_empty() && c.units.is_empty());
        }
    }

    #[test]
    fn a_file_is_written_and_a_bad_name_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("vere.counters.ron");
        write(&path, "vere", "Vère", "jours-de-gloire@1").unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.starts_with("// Vère: the order of battle"), "{text}");
        let bad = dir.path().join("vere.counters.txt");
        assert!(matches!(
            write(&bad, "vere", "Vère", "jours-de-gloire@1"),
            Err(NewCountersError::Extension(_))
        ));
        assert!(!bad.exists());
    }
}
