//! A standard series copied for modding (`berthier-validate series
//! export`): the copy gets an id of its own, so a pack's documents name
//! the file and the standard series stays what it is; its comments are
//! made to read outside Berthier's repository, where "seed 001" or a file
//! name of the rulebook texts Berthier was written from means nothing.

use crate::Format;
use crate::preserve::patch_text;
use crate::series::Series;

use super::StandardSeries;

/// A rulebook the standard series cite: the number and file name of the
/// plain-text copy Berthier was written from, and its title and edition.
struct Rulebook {
    number: &'static str,
    file: &'static str,
    title: &'static str,
}

/// Every rulebook the standard series cite.
const RULEBOOKS: [Rulebook; 3] = [
    Rulebook {
        number: "000",
        file: "000_ad94fe0c3b075507.txt",
        title: "the Rivoli 1797 rulebook: Jours de Gloire series rules \
                (classic), Rivoli's battle rules, scenarios and charts",
    },
    Rulebook {
        number: "001",
        file: "001_20a723eb3f18919f.txt",
        title: "the Le Retour de l'Empereur rulebook: Vive l'Empereur! \
                standard rules, version 3.2 (October 2011), and the \
                Quatre-Bras, Ligny, Waterloo and Wavre battles",
    },
    Rulebook {
        number: "002",
        file: "002_d267035788ddfa78.txt",
        title: "the Canope 1801 rulebook: Jours de Gloire Empire series \
                rules and Canope's special rules",
    },
];

/// Why a modded copy cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ModdedError {
    /// The id asked for is a standard series' name: documents naming it
    /// would get the standard series, not the copy.
    #[error(
        "`{0}` is the name of a standard series; give the copy an id of \
         its own (`--id my-{0}`)"
    )]
    StandardId(String),
    /// The id is empty or holds a character a series reference cannot.
    #[error("`{0}` cannot be a series id: use letters, digits, `-` and `_`")]
    BadId(String),
    /// The shipped text does not load or cannot be rewritten.
    #[error("{0}")]
    Shipped(String),
}

/// The id a modded copy written to a file named `file_name` takes when
/// none is given: the file's name without `.series.ron` (or `.json`), or
/// `NAME-modded` when that is the standard series' own name.
pub fn derived_id(series: &StandardSeries, file_name: &str) -> String {
    let stem = [".series.ron", ".series.json", ".ron", ".json"]
        .iter()
        .find_map(|end| file_name.strip_suffix(end))
        .unwrap_or(file_name);
    if stem.is_empty() || super::is_standard_name(stem) || !is_id(stem) {
        format!("{}-modded", series.name)
    } else {
        stem.to_owned()
    }
}

fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// `series` copied for modding as `id`, in `format`: the id and the
/// display name changed (`(modded)` added), and, in RON, the comments
/// kept, the rulebook texts' file names replaced by their numbers and a
/// header saying where the copy comes from and what the numbers cite.
pub fn modded_copy(
    series: &StandardSeries,
    id: &str,
    format: Format,
) -> Result<String, ModdedError> {
    if super::is_standard_name(id) {
        return Err(ModdedError::StandardId(id.to_owned()));
    }
    if !is_id(id) {
        return Err(ModdedError::BadId(id.to_owned()));
    }
    let shipped = series
        .document()
        .map_err(|e| ModdedError::Shipped(e.to_string()))?;
    let copy = Series {
        id: id.to_owned(),
        name: format!("{} (modded)", shipped.name),
        ..shipped
    };
    match format {
        Format::Json => crate::text::to_text(&copy, Format::Json)
            .map_err(|e| ModdedError::Shipped(e.to_string())),
        Format::Ron => {
            let text = cited_by_number(series.text);
            let body =
                patch_text(&text, Format::Ron, &copy).ok_or_else(|| {
                    ModdedError::Shipped(format!(
                        "{}: the copy cannot keep the shipped text's \
                         comments",
                        series.file
                    ))
                })?;
            Ok(format!("{}{body}", header(series, id, &text)))
        }
    }
}

/// `text` with each rulebook text's file name (and the folder before it)
/// replaced by its number: `seed 000_ad94fe0c3b075507.txt` becomes
/// `seed 000`, which the header explains.
fn cited_by_number(text: &str) -> String {
    let mut out = text.to_owned();
    for book in &RULEBOOKS {
        out = out
            .replace(&format!("/work/shared/seeds/{}", book.file), book.number);
        out = out.replace(book.file, book.number);
    }
    out
}

/// The comment lines a modded copy starts with.
fn header(series: &StandardSeries, id: &str, text: &str) -> String {
    let mut lines = vec![
        format!(
            "// A modded copy of Berthier's standard series `{}`, written by \
             `berthier-validate series export`.",
            series.pinned()
        ),
        format!(
            "// Its id is `{id}`: a document names this file by its path \
             (`series: \"{id}.series.ron\"`);"
        ),
        format!(
            "// `series: \"{}\"` still names the standard series itself.",
            series.name
        ),
    ];
    let cited: Vec<&Rulebook> =
        RULEBOOKS.iter().filter(|b| cites(text, b.number)).collect();
    if !cited.is_empty() {
        lines.push(
            "// The comments below cite rulebooks by number (\"seed 001\", \
             \"001 l. 2668\": line 2668 of its text):"
                .to_owned(),
        );
        for book in cited {
            lines.push(format!("//   {}: {}.", book.number, book.title));
        }
    }
    lines.push(
        "// Paths such as schema/series/README.md are files of Berthier's \
         source repository."
            .to_owned(),
    );
    lines.push("//".to_owned());
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Whether `text` cites the rulebook numbered `number`.
fn cites(text: &str, number: &str) -> bool {
    text.contains(&format!("seed {number}"))
        || text.contains(&format!("{number} l."))
        || text.contains(&format!("({number}"))
        || text.contains(&format!("\"{number}\""))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standard::find;

    #[test]
    fn the_id_comes_from_the_file_name_unless_it_is_standard() {
        let vle = find("vive-l-empereur").expect("shipped");
        assert_eq!(derived_id(vle, "my-vle.series.ron"), "my-vle");
        assert_eq!(derived_id(vle, "my-vle.json"), "my-vle");
        assert_eq!(
            derived_id(vle, "vive-l-empereur.series.ron"),
            "vive-l-empereur-modded"
        );
        assert_eq!(derived_id(vle, "a b.ron"), "vive-l-empereur-modded");
    }

    #[test]
    fn a_copy_has_its_own_id_and_reads_outside_the_repository() {
        for series in crate::standard::newest() {
            let text =
                modded_copy(series, "my-copy", Format::Ron).expect(series.name);
            let copy: Series =
                crate::text::parse(&text, Format::Ron).expect("parses");
            assert_eq!(copy.id, "my-copy");
            assert!(copy.name.ends_with("(modded)"), "{}", copy.name);
            let shipped = series.document().expect("shipped");
            assert_eq!(copy.stacking, shipped.stacking, "{}", series.name);
            assert_eq!(copy.terrain, shipped.terrain, "{}", series.name);
            assert!(!text.contains("/work/"), "{}", series.name);
            for book in &RULEBOOKS {
                assert!(!text.contains(book.file), "{}", series.name);
            }
            assert!(text.starts_with("// A modded copy"), "{text}");
        }
    }

    #[test]
    fn the_header_names_the_rulebooks_the_comments_cite() {
        let vle = find("vive-l-empereur").expect("shipped");
        let text = modded_copy(vle, "my-vle", Format::Ron).expect("copy");
        let header: Vec<&str> =
            text.lines().take_while(|l| l.starts_with("//")).collect();
        let header = header.join("\n");
        assert!(
            header.contains("Le Retour de l'Empereur rulebook"),
            "{header}"
        );
        assert!(header.contains("version 3.2"), "{header}");
        assert!(!header.contains("Rivoli 1797 rulebook"), "{header}");
    }

    #[test]
    fn a_standard_or_malformed_id_is_refused() {
        let vle = find("vive-l-empereur").expect("shipped");
        assert_eq!(
            modded_copy(vle, "jours-de-gloire", Format::Ron),
            Err(ModdedError::StandardId("jours-de-gloire".into()))
        );
        assert_eq!(
            modded_copy(vle, "my/vle", Format::Ron),
            Err(ModdedError::BadId("my/vle".into()))
        );
    }

    #[test]
    fn a_json_copy_has_the_new_id() {
        let vle = find("vive-l-empereur").expect("shipped");
        let text = modded_copy(vle, "my-vle", Format::Json).expect("copy");
        let copy: Series =
            crate::text::parse(&text, Format::Json).expect("parses");
        assert_eq!(copy.id, "my-vle");
    }
}
