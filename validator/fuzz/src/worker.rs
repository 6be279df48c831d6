//! The worker process: mutates seeds and runs one target on each input
//! until its deadline, catching panics, saving what fails, and writing
//! each input to `current-<target>` first so the supervisor can save the
//! input that killed or hung it.

use std::collections::BTreeSet;
use std::io::Write;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fastrand::Rng;

use crate::mutate::mutate;
use crate::seeds::{self, Seed};
use crate::target::{Scratch, Target, Verdict, execute, in_scratch};

/// The last panic's message and location (the hook writes it; the worker
/// reads it after `catch_unwind`).
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

/// Replaces the panic hook with one that records the panic quietly.
pub fn record_panics() {
    std::panic::set_hook(Box::new(|info| {
        let at = info
            .location()
            .map_or(String::new(), |l| format!("{}:{}", l.file(), l.line()));
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = Some(format!("panic at {at}: {message}"));
        }
    }));
}

/// How one input ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// No panic, no broken property.
    Fine,
    /// A panic, with its location and message.
    Panic(String),
    /// A broken property.
    Problem(String),
}

impl Outcome {
    /// What makes two failures the same (for minimizing and counting): the
    /// panic's location, or the problem's first clause.
    pub fn signature(&self) -> Option<String> {
        match self {
            Self::Fine => None,
            Self::Panic(m) => {
                Some(m.split(": ").next().unwrap_or(m).to_string())
            }
            Self::Problem(m) => {
                Some(m.split(':').next().unwrap_or(m).to_string())
            }
        }
    }
}

/// Runs `target` on `input`, catching a panic.
pub fn run_one(
    target: Target,
    scratch: &Scratch,
    seed: &Seed,
    input: &[u8],
) -> Outcome {
    let result = catch_unwind(AssertUnwindSafe(|| {
        execute(target, scratch, seed, input)
    }));
    if target == Target::Pack {
        // A panic may have left the mutated file in the scratch pack.
        let _ = std::fs::write(in_scratch(scratch, seed), &seed.bytes);
    }
    match result {
        Ok(Verdict::Fine) => Outcome::Fine,
        Ok(Verdict::Problem(m)) => Outcome::Problem(m),
        Err(_) => {
            let message = LAST_PANIC.lock().ok().and_then(|mut m| m.take());
            Outcome::Panic(message.unwrap_or_else(|| "panic".into()))
        }
    }
}

/// The worker's settings.
#[derive(Debug, Clone)]
pub struct Settings {
    /// What to fuzz.
    pub target: Target,
    /// Where findings and the current input go.
    pub out: PathBuf,
    /// The random seed.
    pub seed: u64,
    /// When to stop.
    pub until: Instant,
    /// The repository root (seeds).
    pub root: PathBuf,
}

/// Counts written to `stats-<target>` as the worker goes.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Inputs run.
    pub execs: u64,
    /// Panics caught.
    pub panics: u64,
    /// Broken properties.
    pub problems: u64,
}

/// The seeds `target` starts from.
pub fn seeds_for(target: Target, root: &Path) -> std::io::Result<Vec<Seed>> {
    Ok(match target {
        Target::Vassal => {
            let xml = seeds::vassal(root)?;
            let zipped = crate::supervise::zip_module(&xml.bytes)
                .map_err(std::io::Error::other)?;
            let module = Seed {
                rel: "validator/fuzz/seeds/module.vmod".into(),
                bytes: zipped,
                in_pack: false,
            };
            vec![xml, module]
        }
        Target::Pack => seeds::documents(root)
            .into_iter()
            .filter(|s| s.in_pack)
            .collect(),
        // Every bundled document is at the current version, which
        // `migrate` leaves alone: its seeds say version 1.
        Target::Migrate => seeds::documents(root)
            .into_iter()
            .map(seeds::at_version_1)
            .collect(),
        _ => seeds::documents(root),
    })
}

/// Fuzzes until the deadline.
pub fn work(settings: &Settings) -> std::io::Result<Stats> {
    record_panics();
    let seeds = seeds_for(settings.target, &settings.root)?;
    if seeds.is_empty() {
        return Err(std::io::Error::other("no seeds found"));
    }
    let scratch = Scratch::new(&settings.root)?;
    let mut rng = Rng::with_seed(settings.seed);
    let mut stats = Stats::default();
    let mut seen = BTreeSet::new();
    let name = settings.target.name();
    let current = settings.out.join(format!("current-{name}"));
    let mut last_stats = Instant::now();
    while Instant::now() < settings.until {
        let seed = &seeds[rng.usize(0..seeds.len())];
        let donors: Vec<&[u8]> = (0..3)
            .map(|_| seeds[rng.usize(0..seeds.len())].bytes.as_slice())
            .collect();
        let input = mutate(&mut rng, &seed.bytes, &donors);
        write_current(&current, seed, &input)?;
        let outcome = run_one(settings.target, &scratch, seed, &input);
        stats.execs += 1;
        if let Some(signature) = outcome.signature() {
            let kind = if matches!(outcome, Outcome::Panic(_)) {
                "crashes"
            } else {
                "problems"
            };
            stats.panics += u64::from(kind == "crashes");
            stats.problems += u64::from(kind == "problems");
            if seen.insert(signature) {
                let small = crate::minimize::minimize(
                    settings.target,
                    &scratch,
                    seed,
                    &input,
                    &outcome,
                );
                save(
                    &settings.out,
                    kind,
                    settings.target,
                    seed,
                    &small,
                    &outcome,
                )?;
            }
        }
        if last_stats.elapsed() > Duration::from_secs(2) {
            write_stats(&settings.out, settings.target, stats)?;
            last_stats = Instant::now();
        }
    }
    write_stats(&settings.out, settings.target, stats)?;
    let _ = std::fs::remove_file(&current);
    let _ = std::fs::remove_file(current.with_extension("seed"));
    Ok(stats)
}

/// Writes the input about to run (and its seed's path on a second file),
/// so the supervisor can keep it if the process dies or hangs on it.
fn write_current(
    current: &Path,
    seed: &Seed,
    input: &[u8],
) -> std::io::Result<()> {
    std::fs::write(current.with_extension("seed"), &seed.rel)?;
    std::fs::write(current, input)
}

fn write_stats(
    out: &Path,
    target: Target,
    stats: Stats,
) -> std::io::Result<()> {
    let text = format!("{} {} {}\n", stats.execs, stats.panics, stats.problems);
    std::fs::write(out.join(format!("stats-{}", target.name())), text)
}

/// Reads the counts a worker last wrote.
pub fn read_stats(out: &Path, target: Target) -> Stats {
    let text =
        std::fs::read_to_string(out.join(format!("stats-{}", target.name())))
            .unwrap_or_default();
    let n: Vec<u64> = text
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    match n.as_slice() {
        [execs, panics, problems] => Stats {
            execs: *execs,
            panics: *panics,
            problems: *problems,
        },
        _ => Stats::default(),
    }
}

/// The file name a failing input is kept under: a hash, then the seed's
/// path with `/` as `%` (the regression test writes it back there).
pub fn artifact_name(seed_rel: &str, input: &[u8]) -> String {
    use std::hash::{DefaultHasher, Hash, Hasher};
    let mut hasher = DefaultHasher::new();
    input.hash(&mut hasher);
    format!("{:016x}--{}", hasher.finish(), seed_rel.replace('/', "%"))
}

/// The seed path an artifact name records.
pub fn seed_rel_of(artifact: &str) -> Option<String> {
    Some(artifact.split_once("--")?.1.replace('%', "/"))
}

/// Keeps a failing input and what went wrong under `out/kind/target/`.
pub fn save(
    out: &Path,
    kind: &str,
    target: Target,
    seed: &Seed,
    input: &[u8],
    outcome: &Outcome,
) -> std::io::Result<()> {
    let dir = out.join(kind).join(target.name());
    std::fs::create_dir_all(&dir)?;
    let name = artifact_name(&seed.rel, input);
    std::fs::write(dir.join(&name), input)?;
    let mut why = std::fs::File::create(dir.join(format!("{name}.txt")))?;
    writeln!(why, "{outcome:?}")
}

/// The whole-pack target: the mutation written over its seed in the
/// scratch copy, the validator run on the copy; every finding about a
/// file must say where in it (a line or a JSON pointer).
pub fn pack(scratch: &Scratch, seed: &Seed, input: &[u8]) -> Verdict {
    let path = in_scratch(scratch, seed);
    if std::fs::write(&path, input).is_err() {
        return Verdict::Fine;
    }
    let report = berthier_validator::validate(&[scratch.path().to_path_buf()]);
    let _ = std::fs::write(&path, &seed.bytes);
    let Ok(report) = report else {
        return Verdict::Fine;
    };
    let unlocated = report
        .diagnostics
        .iter()
        .find(|d| !d.file.is_empty() && d.line == 0 && d.pointer.is_empty());
    match unlocated {
        Some(d) => Verdict::Problem(format!(
            "{} finding without a location: {}: {}",
            d.code.as_str(),
            d.file,
            d.message
        )),
        None => Verdict::Fine,
    }
}

/// The VASSAL target: the mutated build file zipped with two board
/// images (or, one time in four, the zip's own bytes damaged), imported;
/// a refused module must leave no file behind.
pub fn vassal(scratch: &Scratch, input: &[u8]) -> Verdict {
    let module = scratch.path().join("module.vmod");
    let out = scratch.path().join("imported");
    let Ok(bytes) = crate::supervise::zip_module(input) else {
        return Verdict::Fine;
    };
    if std::fs::write(&module, bytes).is_err() {
        return Verdict::Fine;
    }
    let _ = std::fs::remove_dir_all(&out);
    let result = berthier_tools::vassal::import::import(&module, &out);
    let left = out.exists() || leftover_staging(scratch.path());
    let _ = std::fs::remove_dir_all(&out);
    match result {
        Err(e) if left => {
            Verdict::Problem(format!("import failed but left files: {e}"))
        }
        _ => Verdict::Fine,
    }
}

fn leftover_staging(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries.filter_map(Result::ok).any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with(".imported.importing")
        })
    })
}
