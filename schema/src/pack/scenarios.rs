//! Scenario variants by reference: a scenario file that names a `base`
//! is resolved by reading the chain of bases down to a full scenario and
//! applying each variant's changes ([`apply_variant`]), keeping where every
//! resolved part was written. One implementation, over any way of reading
//! files ([`ScenarioFiles`]): the disk ([`load_scenario`], for the editor
//! and the tests) or the validator's loaded pack.

use std::path::{Path, PathBuf};

use super::{FileError, beside, read_document};
use crate::counters::Counters;
use crate::document::{DocKind, Document};
use crate::scenario::{
    Issue, Layer, Scenario, ScenarioVariant, StepOrigins, apply_variant,
};

/// Longest chain of variants followed before calling it a loop.
pub const MAX_VARIANT_CHAIN: usize = 8;

/// How a chain of scenario files is read.
pub trait ScenarioFiles {
    /// A file's identity (a canonical path).
    type File: Clone + PartialEq;
    /// Why a reference cannot be read.
    type Error;
    /// The document `reference` names, relative to the file `from`.
    fn read(
        &mut self,
        from: &Self::File,
        reference: &str,
    ) -> Result<(Self::File, Document), Self::Error>;
    /// The identity of the file `reference` names, relative to `from`,
    /// without reading it (`None` when it cannot be found): whether two
    /// scenarios are played on the same map.
    fn identity(
        &mut self,
        from: &Self::File,
        reference: &str,
    ) -> Option<Self::File>;
    /// The counters `reference` names, relative to `from`, if they load
    /// (to know which units a formation holds).
    fn counters(
        &mut self,
        from: &Self::File,
        reference: &str,
    ) -> Option<Counters>;
}

/// A scenario with its chain of bases resolved.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedScenario<F> {
    /// The scenario every tool checks and shows; its paths are relative
    /// to the top file.
    pub scenario: Scenario,
    /// Each variant's file and origins, from the one nearest the full
    /// scenario to the top file.
    layers: Vec<(F, StepOrigins)>,
    /// The full scenario at the bottom of the chain.
    bottom: F,
    /// Changes that could not be applied, with the file that states them.
    pub issues: Vec<(F, Issue)>,
}

impl<F: Clone> ResolvedScenario<F> {
    /// Where the resolved value at `pointer` was written: the file and
    /// the pointer in that file.
    pub fn origin(&self, pointer: &str) -> (F, String) {
        let mut pointer = pointer.to_owned();
        for (file, origins) in self.layers.iter().rev() {
            match origins.lookup(&pointer) {
                (Layer::Variant, written) => return (file.clone(), written),
                (Layer::Base, written) => pointer = written,
            }
        }
        (self.bottom.clone(), pointer)
    }

    /// Whether the top file is a variant.
    pub fn is_variant(&self) -> bool {
        !self.layers.is_empty()
    }

    /// Every file of the chain, the full scenario at its bottom first: the
    /// files a finding about the resolved scenario may be located in.
    pub fn files(&self) -> impl Iterator<Item = &F> {
        std::iter::once(&self.bottom).chain(self.layers.iter().map(|(f, _)| f))
    }
}

/// Why a chain of bases does not resolve.
#[derive(Debug, Clone, PartialEq)]
pub enum ChainError<F, E> {
    /// The `base` of `file` cannot be read.
    Read {
        /// The variant whose `base` fails.
        file: F,
        /// Why.
        error: E,
    },
    /// The `base` of `file` is not a scenario.
    NotScenario {
        /// The variant.
        file: F,
        /// The kind found.
        kind: DocKind,
    },
    /// The `base` of `file` leads back to a file of the chain, or the chain
    /// is longer than [`MAX_VARIANT_CHAIN`].
    Cycle {
        /// The variant.
        file: F,
        /// Files in the chain when it was stopped.
        length: usize,
    },
}

/// The chain error of a way of reading files.
pub type ChainErrorOf<S> =
    ChainError<<S as ScenarioFiles>::File, <S as ScenarioFiles>::Error>;

/// Resolves the scenario `document` read from `file` (a full scenario is
/// returned as it is).
pub fn resolve_scenario<S: ScenarioFiles>(
    files: &mut S,
    file: S::File,
    document: &Document,
) -> Result<ResolvedScenario<S::File>, ChainErrorOf<S>>
where
    S::Error: std::fmt::Display,
{
    resolve_in(files, file, document, &mut Vec::new())
}

/// [`resolve_scenario`], with the files whose `DeploymentOf` placements are
/// being resolved (`stack`, a guard against cycles).
pub(super) fn resolve_in<S: ScenarioFiles>(
    files: &mut S,
    file: S::File,
    document: &Document,
    stack: &mut Vec<S::File>,
) -> Result<ResolvedScenario<S::File>, ChainErrorOf<S>>
where
    S::Error: std::fmt::Display,
{
    let top = file.clone();
    let mut variants: Vec<(S::File, ScenarioVariant)> = Vec::new();
    let (mut bottom_file, mut scenario) = match document {
        Document::Scenario(s) => (file, s.clone()),
        Document::Variant(v) => {
            variants.push((file, v.clone()));
            chain_bottom(files, &mut variants)?
        }
        other => {
            return Err(ChainError::NotScenario {
                file,
                kind: other.kind(),
            });
        }
    };
    let bottom = bottom_file.clone();
    let mut layers = Vec::new();
    let mut issues = Vec::new();
    for (file, variant) in variants.into_iter().rev() {
        let counters = files.counters(&bottom_file, &scenario.counters);
        let step = apply_variant(&scenario, &variant, counters.as_ref());
        issues.extend(step.issues.into_iter().map(|i| (file.clone(), i)));
        layers.push((file.clone(), step.origins));
        scenario = step.scenario;
        bottom_file = file;
    }
    let mut resolved = ResolvedScenario {
        scenario,
        layers,
        bottom,
        issues,
    };
    if super::deployment::any(&resolved.scenario) {
        super::deployment::substitute(files, &top, &mut resolved, stack);
    }
    Ok(resolved)
}

/// Follows `base` from the last variant down to a full scenario, pushing
/// the variants met.
fn chain_bottom<S: ScenarioFiles>(
    files: &mut S,
    variants: &mut Vec<(S::File, ScenarioVariant)>,
) -> Result<(S::File, Scenario), ChainErrorOf<S>> {
    loop {
        let Some((file, variant)) = variants.last() else {
            unreachable!("resolve_scenario pushes the first variant")
        };
        let file = file.clone();
        let (next, document) =
            files.read(&file, &variant.base).map_err(|error| {
                ChainError::Read {
                    file: file.clone(),
                    error,
                }
            })?;
        let looped = variants.iter().any(|(f, _)| *f == next);
        let full = variants.len() >= MAX_VARIANT_CHAIN;
        let cycle = ChainError::Cycle {
            file: file.clone(),
            length: variants.len(),
        };
        match document {
            _ if looped => return Err(cycle),
            Document::Scenario(s) => return Ok((next, s)),
            Document::Variant(_) if full => return Err(cycle),
            Document::Variant(v) => variants.push((next, v)),
            other => {
                return Err(ChainError::NotScenario {
                    file,
                    kind: other.kind(),
                });
            }
        }
    }
}

/// Reading from the disk, paths relative to each file.
struct Disk;

impl ScenarioFiles for Disk {
    type File = PathBuf;
    type Error = FileError;

    fn read(
        &mut self,
        from: &PathBuf,
        reference: &str,
    ) -> Result<(PathBuf, Document), FileError> {
        let path = beside(from, reference);
        let path = path.canonicalize().unwrap_or(path);
        let document = read_document(&path)?;
        Ok((path, document))
    }

    fn identity(&mut self, from: &PathBuf, reference: &str) -> Option<PathBuf> {
        beside(from, reference).canonicalize().ok()
    }

    fn counters(
        &mut self,
        from: &PathBuf,
        reference: &str,
    ) -> Option<Counters> {
        // The effective counters (with what they include), so that a
        // selection by formation sees an included army file's formations.
        super::load_counters(&beside(from, reference)).ok()
    }
}

/// Reads a scenario file and, for a variant, its chain of bases.
pub fn load_scenario(
    path: &Path,
) -> Result<ResolvedScenario<PathBuf>, ChainError<PathBuf, FileError>> {
    let document = read_document(path).map_err(|error| ChainError::Read {
        file: path.to_owned(),
        error,
    })?;
    let path = path.canonicalize().unwrap_or_else(|_| path.to_owned());
    resolve_scenario(&mut Disk, path, &document)
}

impl<E: std::fmt::Display> std::fmt::Display for ChainError<PathBuf, E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Read { file, error } => {
                write!(f, "{}: base: {error}", file.display())
            }
            Self::NotScenario { file, kind } => write!(
                f,
                "{}: the base is a {} document, not a scenario",
                file.display(),
                kind.as_str()
            ),
            Self::Cycle { file, length } => write!(
                f,
                "{}: `base` loops back into its chain (or the chain is \
                 longer than {MAX_VARIANT_CHAIN}) after {length} files",
                file.display()
            ),
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::document::{Format, parse_document};

    /// Files in memory, by name; references are names.
    pub(in crate::pack) struct Memory(
        pub(in crate::pack) HashMap<&'static str, String>,
    );

    impl ScenarioFiles for Memory {
        type File = String;
        type Error = String;

        fn read(
            &mut self,
            _: &String,
            reference: &str,
        ) -> Result<(String, Document), String> {
            let text = self.0.get(reference).ok_or("missing")?;
            let document =
                parse_document(text, Format::Ron).map_err(|e| e.to_string())?;
            Ok((reference.to_owned(), document))
        }

        fn counters(&mut self, _: &String, _: &str) -> Option<Counters> {
            None
        }

        fn identity(&mut self, _: &String, reference: &str) -> Option<String> {
            Some(reference.to_owned())
        }
    }

    const FULL: &str = r#"(kind: scenario, format_version: 2, id: "l1",
        name: "L1", series: "s", map: "m", counters: "c",
        turns: (first: "13:00", minutes_per_turn: 30, count: 18),
        sides: [(side: "french", reinforcements: [
            (at: Clock("19:00"), units: (units: ["fr-102"]), entry: Edge("south")),
        ])])"#;

    fn variant(id: &str, base: &str, shift: i32) -> String {
        format!(
            r#"(kind: scenario, format_version: 2, id: "{id}", name: "{id}",
               base: "{base}", sides: [(side: "french",
               shift_arrivals: [(minutes: {shift})])])"#
        )
    }

    fn files(pairs: &[(&'static str, String)]) -> Memory {
        Memory(pairs.iter().cloned().collect())
    }

    fn resolve(
        files: &mut Memory,
        name: &str,
    ) -> Result<ResolvedScenario<String>, ChainError<String, String>> {
        let (file, document) = files.read(&String::new(), name).expect("top");
        resolve_scenario(files, file, &document)
    }

    #[test]
    fn a_chain_applies_every_step_and_maps_origins_to_each_file() {
        let mut files = files(&[
            ("l1", FULL.to_owned()),
            ("l9", variant("l9", "l1", -120)),
            ("l9b", variant("l9b", "l9", -60)),
        ]);
        let resolved = resolve(&mut files, "l9b").expect("chain");
        let at = &resolved.scenario.sides[0].reinforcements[0].at;
        assert_eq!(at, &crate::scenario::TurnRef::Clock("16:00".into()));
        assert_eq!(resolved.scenario.id, "l9b");
        let origin = |p: &str| resolved.origin(p);
        assert_eq!(
            origin("/sides/0/reinforcements/0/at"),
            ("l9b".into(), "/sides/0/shift_arrivals/0/minutes".into())
        );
        assert_eq!(
            origin("/sides/0/reinforcements/0/entry"),
            ("l1".into(), "/sides/0/reinforcements/0/entry".into())
        );
        assert_eq!(
            origin("/turns/count"),
            ("l1".into(), "/turns/count".into())
        );
        assert_eq!(origin("/name"), ("l9b".into(), "/name".into()));
    }

    #[test]
    fn a_cycle_a_long_chain_and_a_wrong_kind_are_errors() {
        let mut files = files(&[
            ("a", variant("a", "b", 0)),
            ("b", variant("b", "a", 0)),
            ("self", variant("self", "self", 0)),
            ("map", "(kind: map, format_version: 2)".to_owned()),
            ("v", variant("v", "map", 0)),
            ("gone", variant("gone", "nowhere", 0)),
        ]);
        for name in ["a", "self"] {
            assert!(matches!(
                resolve(&mut files, name),
                Err(ChainError::Cycle { .. })
            ));
        }
        assert!(matches!(
            resolve(&mut files, "gone"),
            Err(ChainError::Read { file, .. }) if file == "gone"
        ));
        let mut long: Vec<(&'static str, String)> = vec![("l1", FULL.into())];
        let names = ["v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9"];
        let mut below = "l1";
        for name in names {
            long.push((name, variant(name, below, 0)));
            below = name;
        }
        let mut long = files_from(long);
        assert!(resolve(&mut long, "v8").is_ok());
        assert!(matches!(
            resolve(&mut long, "v9"),
            Err(ChainError::Cycle {
                length: MAX_VARIANT_CHAIN,
                ..
            })
        ));
    }

    fn files_from(pairs: Vec<(&'static str, String)>) -> Memory {
        Memory(pairs.into_iter().collect())
    }
}
