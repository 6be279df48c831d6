//! The module's pieces as a Berthier counters file, their images copied
//! beside it.
//!
//! Each palette piece is a counter, and so is each piece of an at-start
//! stack that is not one already (a palette slot is a kind of piece a
//! player may take any number of; a stacked piece is one counter on the
//! board): a stacked piece uses up the first unused palette counter with
//! its name and face, else becomes a counter of its own.
//!
//! What a counter is comes only from what the module says: its side as
//! [`super::sides`] reads it (a side-like property, else a palette list or
//! prototype named for a side), its `Marker` properties its nationality (`Nationality`, `Nation`), formation
//! (`Formation`, `Brigade`, `Division`, `Corps`, `Command`) and class
//! (`Class`, `Type`, `Unit Type`, `Arm`, `Kind`), case and spaces aside;
//! any other property with a whole-number value is a rating, `Name` on
//! its front and `Name (face)` on another face, its id the one the
//! `Rating IDs` property (`id=name;..`) gives the name, else the name
//! made an id. A `Side ID` property is the side's id, `Side` then its
//! printed name; likewise `Formation ID` and `Formation Level` beside a
//! `Formation` that is the formation's name. A `Unit ID` property (as
//! `export-vassal` writes it) is the counter's id as written (its case
//! kept), and tells apart counters of the same name and image; `Printed`,
//! `Designation` and `Tags` are those fields. Without them the side is
//! `unknown` and the class `unknown`, tagged so; nothing is guessed from
//! names or pictures. Pieces the module files as markers
//! ([`super::markers`]) become markers, not units.
//!
//! Counters have no image field: the faces go to
//! `<id>.vassal-images.ron`, a table from counter id to face to image
//! file, faces named `front` (the basic piece's image) and after each
//! layer's level (or `<layer>-<n>` when the level has no name).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::io::{Read, Seek};
use std::path::Path;

use berthier_schema::counters::{
    ActivationMarker, Formation, Marker, Nationality, Side, Unit,
};
use berthier_schema::document::{Format, to_text};
use berthier_schema::{Counters, Provenance, Source};

use super::super::module::{AtStart, Module, Slot};
use super::super::sequence::decode;
use super::markers::marker_source;
use super::sides::Sides;
use super::{ImportError, normal, slug, unique};

/// The side and class of a counter the module does not name.
pub const UNKNOWN: &str = "unknown";

/// What the counters import wrote and found.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Written {
    /// The counters file, if the module has pieces.
    pub file: Option<String>,
    /// Counters written.
    pub units: usize,
    /// The counter of each piece of each at-start stack, in order.
    pub stacks: Vec<Vec<String>>,
    /// The same for each predefined setup's stacks.
    pub setups: Vec<Vec<Vec<String>>>,
    /// Unit classes found (the series stub lists them).
    pub classes: BTreeSet<String>,
    /// Rating names found.
    pub ratings: BTreeSet<String>,
    /// Each unit's side.
    pub sides: BTreeMap<String, String>,
    /// Markers written (to `markers` or a formation's activation markers).
    pub markers: usize,
    /// Marker pieces of at-start stacks and setups left out of the
    /// scenarios (a setup places units).
    pub markers_left_out_of_setups: usize,
    /// How many pieces had their side read from each kind of place.
    pub side_sources: BTreeMap<String, usize>,
}

/// One counter being built.
struct Counter {
    unit: Unit,
    /// The module's own words for its side, nationality and formation
    /// (the unit holds their ids).
    names: [Option<String>; 3],
    faces: BTreeMap<String, String>,
    key: (String, String, String),
    /// Where the module files it as a marker, when it does.
    marker: Option<String>,
    /// Where its side was read, when it was.
    side_source: Option<String>,
    /// Its formation's level, when the module gives it (`Formation Level`,
    /// as `export-vassal` writes it).
    formation_level: Option<String>,
}

/// What tells a stacked piece's palette counter: name, front image and
/// the `Unit ID` property, if any.
fn key(slot: &Slot) -> (String, String, String) {
    let id = property(slot, UNIT_ID).unwrap_or("").to_owned();
    (slot.name.clone(), slot.piece.image.clone(), id)
}

/// Writes `<id>.counters.ron`, its image table and `images/` into `dir`.
pub fn write<R: Read + Seek>(
    module: &mut Module<R>,
    id: &str,
    dir: &Path,
) -> Result<Written, ImportError> {
    let Matched {
        counters,
        stacks,
        setups,
    } = matched(module);
    if counters.is_empty() {
        return Ok(Written::default());
    }
    // Markers are not units: a setup places units only.
    let markers: BTreeSet<String> = counters
        .iter()
        .filter(|c| c.marker.is_some())
        .map(|c| c.unit.id.clone())
        .collect();
    let (stacks, mut left_out) = without(stacks, &markers);
    let setups = setups
        .into_iter()
        .map(|group| {
            let (kept, left) = without(group, &markers);
            left_out += left;
            kept
        })
        .collect();
    let images = copy_images(module, &counters, dir)?;
    let doc = document(&module.name, id, &counters)?;
    let file = format!("{id}.counters.ron");
    let mut text = String::from(
        "// Imported from a VASSAL module. Side, class, formation and ratings\n\
         // are the pieces' own properties; `unknown` where the module says\n\
         // nothing (tagged side-unknown / class-unknown): never guessed.\n",
    );
    text.push_str(
        &to_text(&doc, Format::Ron)
            .map_err(|e| ImportError::Serialize(dir.join(&file), e))?,
    );
    write_file(&dir.join(&file), &text)?;
    write_image_table(
        &counters,
        &images,
        &dir.join(format!("{id}.vassal-images.ron")),
    )?;
    let mut written = summary(&counters);
    written.file = Some(file);
    written.markers = markers.len();
    written.markers_left_out_of_setups = left_out;
    written.stacks = stacks;
    written.setups = setups;
    Ok(written)
}

/// The counters of a module's pieces and the counter of each piece of
/// each at-start stack and predefined setup.
struct Matched {
    counters: Vec<Counter>,
    stacks: Vec<Vec<String>>,
    setups: Vec<Vec<Vec<String>>>,
}

/// A counter per palette piece, then per stacked piece that is none of
/// them (see [`match_stacks`]); sides read as [`Sides`] says.
fn matched<R>(module: &Module<R>) -> Matched {
    let mut used = BTreeMap::new();
    let stacked = module
        .stacks
        .iter()
        .chain(module.setups.iter().flat_map(|s| &s.stacks));
    let sides = Sides::of(
        &module.roster,
        module.pieces.iter().chain(stacked.flat_map(|s| &s.pieces)),
    );
    let mut counters: Vec<Counter> = module
        .pieces
        .iter()
        .map(|slot| counter(slot, &sides, &mut used))
        .collect();
    let palette = counters.len();
    let mut make = |slot: &Slot, used: &mut BTreeMap<String, u32>| {
        counter(slot, &sides, used)
    };
    let mut group = |stacks: &[AtStart], counters: &mut Vec<Counter>| {
        match_stacks(stacks, palette, counters, &mut used, &mut make)
    };
    let stacks = group(&module.stacks, &mut counters);
    let setups = module
        .setups
        .iter()
        .map(|s| group(&s.stacks, &mut counters))
        .collect();
    Matched {
        counters,
        stacks,
        setups,
    }
}

/// Writes the table from each counter's faces to their image files.
fn write_image_table(
    counters: &[Counter],
    images: &BTreeMap<String, String>,
    path: &Path,
) -> Result<(), ImportError> {
    let table: BTreeMap<&str, BTreeMap<&str, &str>> = counters
        .iter()
        .map(|c| {
            let faces = c
                .faces
                .iter()
                .map(|(face, image)| (face.as_str(), images[image].as_str()))
                .collect();
            (c.unit.id.as_str(), faces)
        })
        .collect();
    let mut text = String::from(
        "// The image of each face of each counter (counter id: face: file),\n\
         // from the VASSAL module's pieces and their layers.\n",
    );
    text.push_str(
        &to_text(&table, Format::Ron)
            .map_err(|e| ImportError::Serialize(path.to_owned(), e))?,
    );
    write_file(path, &text)
}

/// What the units (not the markers) carry: classes, ratings and sides,
/// and where the sides were read.
fn summary(counters: &[Counter]) -> Written {
    let units = || counters.iter().filter(|c| c.marker.is_none());
    let mut side_sources = BTreeMap::new();
    for c in counters {
        if let Some(source) = &c.side_source {
            *side_sources.entry(source.clone()).or_insert(0) += 1;
        }
    }
    Written {
        units: units().count(),
        classes: units().map(|c| c.unit.class.clone()).collect(),
        ratings: units()
            .flat_map(|c| c.unit.ratings.values().flat_map(|r| r.keys()))
            .cloned()
            .collect(),
        sides: units()
            .map(|c| (c.unit.id.clone(), c.unit.side.clone()))
            .collect(),
        side_sources,
        ..Written::default()
    }
}

/// `stacks` without the pieces in `markers`, empty stacks dropped; and
/// how many pieces were taken out.
fn without(
    stacks: Vec<Vec<String>>,
    markers: &BTreeSet<String>,
) -> (Vec<Vec<String>>, usize) {
    let mut taken = 0;
    let kept = stacks
        .into_iter()
        .map(|stack| {
            let before = stack.len();
            let kept: Vec<String> = stack
                .into_iter()
                .filter(|id| !markers.contains(id))
                .collect();
            taken += before - kept.len();
            kept
        })
        .collect();
    (kept, taken)
}

/// The counter of each piece of each of `stacks`: a palette counter
/// (one of the first `palette`) with its name, face and id, not used yet
/// by these stacks, else a new counter. Each group of stacks (the
/// at-start stacks, each predefined setup) uses the palette afresh.
fn match_stacks(
    stacks: &[AtStart],
    palette: usize,
    counters: &mut Vec<Counter>,
    used: &mut BTreeMap<String, u32>,
    make: &mut impl FnMut(&Slot, &mut BTreeMap<String, u32>) -> Counter,
) -> Vec<Vec<String>> {
    let mut taken = vec![false; palette];
    let mut out = Vec::new();
    for stack in stacks {
        let mut ids = Vec::new();
        for slot in &stack.pieces {
            let key = key(slot);
            let free = counters.iter().enumerate().position(|(i, c)| {
                i < taken.len() && !taken[i] && c.key == key
            });
            match free {
                Some(i) => {
                    taken[i] = true;
                    ids.push(counters[i].unit.id.clone());
                }
                None => {
                    let c = make(slot, used);
                    ids.push(c.unit.id.clone());
                    counters.push(c);
                }
            }
        }
        out.push(ids);
    }
    out
}

/// The property of `piece` under one of `keys` (case, spaces, dashes and
/// underscores aside).
fn property<'a>(slot: &'a Slot, keys: &[&str]) -> Option<&'a str> {
    keys.iter().find_map(|want| {
        slot.piece
            .properties
            .iter()
            .find(|(k, v)| normal(k) == *want && !v.trim().is_empty())
            .map(|(_, v)| v.trim())
    })
}

const SIDE: &[&str] = &["side", "army", "faction", "player", "owner"];
const NATION: &[&str] = &["nationality", "nation"];
const FORMATION: &[&str] =
    &["formation", "brigade", "division", "corps", "command"];
const CLASS: &[&str] = &["class", "type", "unittype", "arm", "kind"];
/// A Berthier counter id (`Unit ID`, as `export-vassal` writes it).
const UNIT_ID: &[&str] = &["unitid", "berthierid"];
/// The side's id beside its printed name (as `export-vassal` writes it).
const SIDE_ID: &[&str] = &["sideid"];
/// Rating names to ids, `id=name;..` (as `export-vassal` writes it).
const RATING_IDS: &[&str] = &["ratingids"];
/// The number printed on the counter (as `export-vassal` writes it; a
/// number, so never a rating).
const PRINTED: &[&str] = &["printed"];
/// The counter's designation (as `export-vassal` writes it).
const DESIGNATION: &[&str] = &["designation"];
/// The counter's tags, `;`-separated (as `export-vassal` writes them).
const TAGS: &[&str] = &["tags"];
/// The formation's id beside its name in `Formation` (as `export-vassal`
/// writes it), and its level.
const FORMATION_ID: &[&str] = &["formationid"];
const FORMATION_LEVEL: &[&str] = &["formationlevel"];

/// The ratings of a piece: every other property with a whole-number
/// value, `Name` on the front and `Name (face)` on another face; the
/// rating's id is the one `Rating IDs` gives the name, else the name
/// made an id.
fn ratings(slot: &Slot) -> BTreeMap<String, BTreeMap<String, Option<i16>>> {
    let named: Vec<&str> = [
        SIDE,
        SIDE_ID,
        NATION,
        FORMATION,
        CLASS,
        UNIT_ID,
        RATING_IDS,
        PRINTED,
        DESIGNATION,
        TAGS,
        FORMATION_ID,
        FORMATION_LEVEL,
    ]
    .concat();
    let ids: BTreeMap<String, String> = property(slot, RATING_IDS)
        .map(|v| decode(v, ';'))
        .unwrap_or_default()
        .into_iter()
        .filter_map(|pair| {
            let (id, name) = pair.split_once('=')?;
            Some((name.to_owned(), id.to_owned()))
        })
        .collect();
    let mut out: BTreeMap<String, BTreeMap<String, Option<i16>>> =
        BTreeMap::new();
    for (k, v) in &slot.piece.properties {
        if named.contains(&normal(k).as_str()) {
            continue;
        }
        let Ok(value) = v.trim().parse::<i16>() else {
            continue;
        };
        let (name, face) = match k.trim().strip_suffix(')') {
            Some(rest) => match rest.rsplit_once(" (") {
                Some((name, face)) => (name, face_id(face)),
                None => (k.as_str(), "front".to_owned()),
            },
            None => (k.trim(), "front".to_owned()),
        };
        let id = ids.get(name).cloned().unwrap_or_else(|| slug(name));
        out.entry(face).or_default().insert(id, Some(value));
    }
    out
}

/// A face key as written (`good_order`) when it is one, else made one.
fn face_id(face: &str) -> String {
    let plain = !face.is_empty()
        && face.chars().all(|c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-'
        });
    if plain { face.to_owned() } else { slug(face) }
}

/// A counter for one piece.
fn counter(
    slot: &Slot,
    sides: &Sides,
    used: &mut BTreeMap<String, u32>,
) -> Counter {
    // The module's own id, as written, when it gives one (a Berthier
    // export does: `aa-15A` must stay `aa-15A` for the pack's setups to
    // name it), else one made from the name.
    let own = property(slot, UNIT_ID).filter(|id| is_id(id));
    let id = unique(used, &own.map_or_else(|| slug(&slot.name), str::to_owned));
    let found = sides.side(slot);
    let side = found.as_ref().map(|f| f.name.as_str());
    let class = property(slot, CLASS);
    let marker = marker_source(slot);
    let mut tags: Vec<String> = property(slot, TAGS)
        .map(|t| decode(t, ';'))
        .unwrap_or_default();
    if side.is_none() {
        tags.push("side-unknown".to_owned());
    }
    if class.is_none() {
        tags.push("class-unknown".to_owned());
    }
    let ratings = ratings(slot);
    let side_id = property(slot, SIDE_ID).map(str::to_owned);
    let mut note = format!("VASSAL piece `{}`", slot.name);
    if !slot.palette.is_empty() {
        note.push_str(&format!(" (palette: {})", slot.palette.join(" > ")));
    }
    for n in &slot.piece.notes {
        note.push_str(&format!("; {n}"));
    }
    if let Some(f) = &found {
        note.push_str(&format!("; side from its {}", f.source));
    }
    if let Some(why) = &marker {
        note.push_str(&format!("; a marker (its {why})"));
    }
    Counter {
        formation_level: property(slot, FORMATION_LEVEL).map(str::to_owned),
        marker,
        side_source: found.as_ref().map(|f| source_kind(&f.source)),
        names: [side, property(slot, NATION), property(slot, FORMATION)]
            .map(|n| n.map(str::to_owned)),
        key: key(slot),
        faces: faces(slot),
        unit: Unit {
            id,
            printed: property(slot, PRINTED).map(str::to_owned),
            name: slot.name.clone(),
            designation: property(slot, DESIGNATION).map(str::to_owned),
            side: side_id.or(side.map(slug)).unwrap_or(UNKNOWN.into()),
            nationality: property(slot, NATION).map(slug),
            class: class.map_or(UNKNOWN.into(), slug),
            class_as: BTreeMap::new(),
            formation: formation_id(slot),
            ratings,
            ratings_after_losses: Vec::new(),
            tags,
            note: Some(note),
        },
    }
}

/// The formation's id: `Formation ID` as written when it is an id, else
/// the `Formation` property made one.
fn formation_id(slot: &Slot) -> Option<String> {
    let own = property(slot, FORMATION_ID).filter(|id| is_id(id));
    own.map(str::to_owned)
        .or_else(|| property(slot, FORMATION).map(slug))
}

/// Whether `id` can be a counter id as written: letters, digits, `-`,
/// `_` and `.`, not empty.
fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// What kind of place a side was read from, for the import's summary:
/// the property's name (``property `Unit Side` ``), else `palette tabs`
/// or `prototypes`.
fn source_kind(source: &str) -> String {
    if source.starts_with("property") {
        source.to_owned()
    } else if source.starts_with("palette") {
        "palette tab or list names".to_owned()
    } else {
        "prototype names".to_owned()
    }
}

/// Face name to image file: the basic piece's, then each layer level's.
fn faces(slot: &Slot) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    if !slot.piece.image.is_empty() {
        out.insert("front".to_owned(), slot.piece.image.clone());
    }
    for layer in &slot.piece.layers {
        for (i, image) in layer.images.iter().enumerate() {
            if image.is_empty() {
                continue;
            }
            let level = layer.levels.get(i).map_or("", |l| l.trim());
            let mut face = if level.is_empty() {
                format!("{}-{}", slug(&layer.name), i + 1)
            } else {
                slug(level)
            };
            while out.contains_key(&face) {
                face.push_str("-2");
            }
            out.insert(face, image.clone());
        }
    }
    out
}

/// Copies every face image to `dir/images/`, under a safe flat name;
/// returns module image name to written path (relative to `dir`).
fn copy_images<R: Read + Seek>(
    module: &mut Module<R>,
    counters: &[Counter],
    dir: &Path,
) -> Result<BTreeMap<String, String>, ImportError> {
    let wanted: BTreeSet<&String> =
        counters.iter().flat_map(|c| c.faces.values()).collect();
    let folder = dir.join("images");
    if !wanted.is_empty() {
        fs::create_dir_all(&folder).map_err(|source| ImportError::Write {
            path: folder.clone(),
            source,
        })?;
    }
    let mut names = BTreeMap::new();
    let mut used = BTreeMap::new();
    for image in wanted {
        let path = Path::new(image.as_str());
        let stem = path
            .file_stem()
            .map_or("image".into(), |s| slug(&s.to_string_lossy()));
        let ext = path.extension().map_or(String::new(), |e| {
            format!(".{}", slug(&e.to_string_lossy()))
        });
        let name = format!("{}{ext}", unique(&mut used, &stem));
        let bytes = module.entry(&format!("images/{image}"))?;
        let target = folder.join(&name);
        fs::write(&target, bytes).map_err(|source| ImportError::Write {
            path: target,
            source,
        })?;
        names.insert(image.clone(), format!("images/{name}"));
    }
    Ok(names)
}

/// The counters document.
fn document(
    module: &str,
    id: &str,
    counters: &[Counter],
) -> Result<Counters, ImportError> {
    // Counters keeps private lookup indexes, so it is built from the
    // smallest valid document rather than a struct literal.
    let skeleton = "(kind: counters, format_version: 2, id: \"\", name: \"\", \
                    series: \"\", sides: [])";
    let mut doc: Counters =
        berthier_schema::document::parse(skeleton, Format::Ron)
            .map_err(|e| ImportError::Internal(e.to_string()))?;
    doc.id = id.to_owned();
    doc.name = if module.is_empty() {
        id.to_owned()
    } else {
        module.to_owned()
    };
    doc.series = super::SERIES_PLACEHOLDER.to_owned();
    let mut sides: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    // Each formation's side and level (`formation` unless a piece says).
    let mut formations: BTreeMap<String, (String, String)> = BTreeMap::new();
    // Each id's display name: the module's own words where it has them.
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    for c in counters {
        if c.marker.is_some() && c.unit.side == UNKNOWN {
            continue; // a marker needs no side
        }
        let nations = sides.entry(c.unit.side.clone()).or_default();
        nations.extend(c.unit.nationality.iter().cloned());
        if let Some(f) = &c.unit.formation {
            let level = c.formation_level.clone();
            let entry = formations.entry(f.clone()).or_insert_with(|| {
                (c.unit.side.clone(), "formation".to_owned())
            });
            if let Some(level) = level {
                entry.1 = level;
            }
        }
        let ids = [
            Some(&c.unit.side),
            c.unit.nationality.as_ref(),
            c.unit.formation.as_ref(),
        ];
        for (id, name) in ids.into_iter().zip(&c.names) {
            if let (Some(id), Some(name)) = (id, name) {
                names.entry(id.clone()).or_insert(name.clone());
            }
        }
    }
    let name_of = |id: &String| names.get(id).unwrap_or(id).clone();
    doc.sides = sides
        .into_iter()
        .map(|(id, nations)| Side {
            name: if id == UNKNOWN {
                "Unknown (the module does not say)".into()
            } else {
                name_of(&id)
            },
            id,
            nationalities: nations
                .into_iter()
                .map(|n| Nationality {
                    name: name_of(&n),
                    id: n,
                })
                .collect(),
        })
        .collect();
    doc.formations = formations
        .into_iter()
        .map(|(id, (side, level))| Formation {
            name: name_of(&id),
            id,
            side,
            level,
            parent: None,
            commander: None,
            colour: None,
            activation_markers: Vec::new(),
            units_unknown: None,
        })
        .collect();
    doc.units = counters
        .iter()
        .filter(|c| c.marker.is_none())
        .map(|c| c.unit.clone())
        .collect();
    place_markers(&mut doc, counters);
    doc.provenance = vec![Provenance {
        about: "units".into(),
        source: Source::Inferred,
        reference: Some(format!("VASSAL module `{module}`")),
        note: Some(
            "Read from the module's pieces and their Marker properties; \
             a formation's level is its pieces' `Formation Level` (a \
             Berthier export writes it), else `formation`; parents, \
             commanders and activation markers are not in a module: write \
             them in the series and here."
                .into(),
        ),
    }];
    Ok(doc)
}

/// The marker pieces: each one whose `Formation` property names a
/// formation of the file becomes one of its activation markers, any other
/// a marker of `markers`, with its side when the module gives one.
fn place_markers(doc: &mut Counters, counters: &[Counter]) {
    for c in counters.iter().filter(|c| c.marker.is_some()) {
        let unit = &c.unit;
        let formation = unit
            .formation
            .as_ref()
            .and_then(|f| doc.formations.iter_mut().find(|x| &x.id == f));
        if let Some(formation) = formation {
            formation.activation_markers.push(ActivationMarker {
                id: unit.id.clone(),
                code: None,
                initiative: None,
            });
            continue;
        }
        doc.markers.push(Marker {
            id: unit.id.clone(),
            name: unit.name.clone(),
            side: (unit.side != UNKNOWN).then(|| unit.side.clone()),
            uses_per_game: None,
            text: unit.note.clone(),
        });
    }
}

/// Writes a file, mapping the error.
fn write_file(path: &Path, text: &str) -> Result<(), ImportError> {
    fs::write(path, text).map_err(|source| ImportError::Write {
        path: path.to_owned(),
        source,
    })
}
