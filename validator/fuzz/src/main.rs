//! `berthier-fuzz`: runs a fuzz target for a while and keeps what fails;
//! replays kept inputs. See the README's reliability section.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use berthier_fuzz::seeds::{Seed, default_root};
use berthier_fuzz::supervise::{Summary, supervise};
use berthier_fuzz::target::{Scratch, Target};
use berthier_fuzz::worker::{
    self, Outcome, Settings, record_panics, run_one, seed_rel_of,
};
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "berthier-fuzz",
    about = "Mutation fuzzing of Berthier's loaders and validator"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Fuzz targets for a number of minutes each, one after another.
    Run {
        /// Targets (all when none given).
        #[arg(long = "target", value_enum)]
        targets: Vec<Target>,
        /// Minutes per target.
        #[arg(long, default_value_t = 1.0)]
        minutes: f64,
        /// Where failing inputs and counts go.
        #[arg(long, default_value = "target/fuzz")]
        out: PathBuf,
        /// First random seed (each restart adds one).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The repository whose documents are the seeds.
        #[arg(long)]
        root: Option<PathBuf>,
    },
    /// Run kept inputs again (exit 1 when one still fails).
    Replay {
        /// The target they were found by.
        #[arg(long, value_enum)]
        target: Target,
        /// The inputs (their names say which seed they came from).
        files: Vec<PathBuf>,
        /// The repository.
        #[arg(long)]
        root: Option<PathBuf>,
    },
    /// One worker process (started by `run`).
    #[command(hide = true)]
    Worker {
        #[arg(long, value_enum)]
        target: Target,
        #[arg(long)]
        out: PathBuf,
        #[arg(long)]
        seed: u64,
        #[arg(long)]
        seconds: f64,
        #[arg(long)]
        root: PathBuf,
    },
}

#[allow(
    clippy::print_stdout,
    clippy::print_stderr,
    reason = "a command-line tool's report"
)]
fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Cmd::Run {
            targets,
            minutes,
            out,
            seed,
            root,
        } => {
            let targets = if targets.is_empty() {
                Target::ALL.to_vec()
            } else {
                targets
            };
            let root = root.unwrap_or_else(default_root);
            run(&targets, minutes, &out, seed, &root)
        }
        Cmd::Replay {
            target,
            files,
            root,
        } => replay(target, &files, &root.unwrap_or_else(default_root)),
        Cmd::Worker {
            target,
            out,
            seed,
            seconds,
            root,
        } => {
            let settings = Settings {
                target,
                out,
                seed,
                until: Instant::now() + Duration::from_secs_f64(seconds),
                root,
            };
            worker::work(&settings).map(|_| true)
        }
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(e) => {
            eprintln!("berthier-fuzz: {e}");
            ExitCode::from(2)
        }
    }
}

#[allow(clippy::print_stdout, reason = "the run's summary")]
fn run(
    targets: &[Target],
    minutes: f64,
    out: &std::path::Path,
    seed: u64,
    root: &std::path::Path,
) -> std::io::Result<bool> {
    let mut clean = true;
    for target in targets {
        let Summary {
            stats,
            deaths,
            hangs,
            memory,
        } = supervise(*target, minutes, out, seed, root)?;
        let line = format!(
            "{}: {minutes} min, {} inputs, {} panics, {} broken properties, {deaths} deaths, {hangs} hangs, {memory} over memory",
            target.name(),
            stats.execs,
            stats.panics,
            stats.problems
        );
        println!("{line}");
        let mut log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(out.join("summary.txt"))?;
        std::io::Write::write_all(&mut log, format!("{line}\n").as_bytes())?;
        clean &= stats.panics + stats.problems + deaths + hangs + memory == 0;
    }
    Ok(clean)
}

#[allow(clippy::print_stdout, reason = "the replay's report")]
fn replay(
    target: Target,
    files: &[PathBuf],
    root: &std::path::Path,
) -> std::io::Result<bool> {
    record_panics();
    let scratch = Scratch::new(root)?;
    let mut clean = true;
    for file in files {
        let outcome = replay_one(target, &scratch, root, file)?;
        println!("{}: {outcome:?}", file.display());
        clean &= outcome == Outcome::Fine;
    }
    Ok(clean)
}

/// Runs one kept input on the seed its name records.
fn replay_one(
    target: Target,
    scratch: &Scratch,
    root: &std::path::Path,
    file: &std::path::Path,
) -> std::io::Result<Outcome> {
    let input = std::fs::read(file)?;
    let name = file
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let rel = seed_rel_of(&name).unwrap_or_else(|| name.clone());
    let bytes = std::fs::read(root.join(&rel)).unwrap_or_default();
    let in_pack = berthier_fuzz::seeds::PACK_FOLDERS
        .iter()
        .any(|f| rel.starts_with(f));
    let seed = Seed {
        rel,
        bytes,
        in_pack,
    };
    Ok(run_one(target, scratch, &seed, &input))
}
