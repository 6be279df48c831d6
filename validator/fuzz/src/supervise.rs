//! The supervisor: runs a worker process and restarts it when it dies
//! (a stack overflow or an abort, which `catch_unwind` cannot catch) or
//! hangs, keeping the input it died or hung on.

use std::io::{Cursor, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant, SystemTime};

use crate::target::Target;
use crate::worker::{Stats, artifact_name, read_stats};

/// The board image every fuzzed module carries.
const BOARD_PNG: &[u8] = include_bytes!("../seeds/board.png");

/// A module zip holding `build_file` as `buildFile.xml` and the board
/// image; an input that is already a zip (starts with `PK`) is used as
/// it is, so the zip reader is fuzzed too.
pub fn zip_module(build_file: &[u8]) -> zip::result::ZipResult<Vec<u8>> {
    if build_file.starts_with(b"PK") {
        return Ok(build_file.to_vec());
    }
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default();
    writer.start_file("buildFile.xml", options)?;
    writer.write_all(build_file)?;
    writer.start_file("images/board.png", options)?;
    writer.write_all(BOARD_PNG)?;
    Ok(writer.finish()?.into_inner())
}

/// What a supervised run found.
#[derive(Debug, Default, Clone, Copy)]
pub struct Summary {
    /// Worker counts, summed over restarts.
    pub stats: Stats,
    /// Workers that died (each input kept under `crashes/`).
    pub deaths: u64,
    /// Inputs that used more CPU time than their target's budget
    /// ([`Target::seconds`], kept under `hangs/`).
    pub hangs: u64,
    /// Inputs that took the worker past its memory budget
    /// ([`Target::memory_bytes`], kept under `memory/`).
    pub memory: u64,
}

/// Fuzzes `target` for `minutes` with workers started from this
/// executable, writing into `out`.
pub fn supervise(
    target: Target,
    minutes: f64,
    out: &Path,
    seed: u64,
    root: &Path,
) -> std::io::Result<Summary> {
    std::fs::create_dir_all(out)?;
    let until = Instant::now() + Duration::from_secs_f64(minutes * 60.0);
    let current = out.join(format!("current-{}", target.name()));
    let mut summary = Summary::default();
    let mut next_seed = seed;
    while Instant::now() < until {
        let _ = std::fs::remove_file(&current);
        let left = until
            .saturating_duration_since(Instant::now())
            .as_secs_f64();
        let mut child = spawn(target, out, next_seed, left, root)?;
        next_seed += 1;
        let end = watch(&mut child, &current, target)?;
        let stats = read_stats(out, target);
        summary.stats.execs += stats.execs;
        summary.stats.panics += stats.panics;
        summary.stats.problems += stats.problems;
        match end {
            End::Finished => {}
            End::Died => {
                summary.deaths += 1;
                keep(&current, out, "crashes", target)?;
            }
            End::Hung => {
                summary.hangs += 1;
                keep(&current, out, "hangs", target)?;
            }
            End::TooMuchMemory => {
                summary.memory += 1;
                keep(&current, out, "memory", target)?;
            }
        }
        let _ =
            std::fs::remove_file(out.join(format!("stats-{}", target.name())));
    }
    Ok(summary)
}

fn spawn(
    target: Target,
    out: &Path,
    seed: u64,
    seconds: f64,
    root: &Path,
) -> std::io::Result<Child> {
    Command::new(std::env::current_exe()?)
        .arg("worker")
        .args(["--target", target.name()])
        .arg("--out")
        .arg(out)
        .args(["--seed", &seed.to_string()])
        .args(["--seconds", &format!("{seconds:.1}")])
        .arg("--root")
        .arg(root)
        .spawn()
}

enum End {
    Finished,
    Died,
    Hung,
    TooMuchMemory,
}

/// Waits for the worker to end; a hang is one input using more than its
/// target's CPU seconds (not wall time: fuzzing runs at low priority
/// beside other work, and a starved worker is not a hung one), and a
/// worker past its target's memory budget is stopped on its input.
fn watch(
    child: &mut Child,
    current: &Path,
    target: Target,
) -> std::io::Result<End> {
    let budget = Duration::from_secs(target.seconds());
    let mut input_started: Option<(SystemTime, Duration)> = None;
    loop {
        if resident_bytes(child.id()).is_some_and(|b| b > target.memory_bytes())
        {
            child.kill()?;
            child.wait()?;
            return Ok(End::TooMuchMemory);
        }
        if let Some(status) = child.try_wait()? {
            return Ok(if status.success() {
                End::Finished
            } else {
                End::Died
            });
        }
        let written =
            std::fs::metadata(current).and_then(|m| m.modified()).ok();
        let used = cpu_time(child.id());
        let hung = match (written, used) {
            (Some(at), Some(cpu)) => match input_started {
                Some((seen, start)) if seen == at => {
                    cpu.saturating_sub(start) > budget
                }
                _ => {
                    input_started = Some((at, cpu));
                    false
                }
            },
            // No CPU clock to read (not Linux): fall back to wall time.
            (Some(at), None) => SystemTime::now()
                .duration_since(at)
                .is_ok_and(|age| age > budget),
            _ => false,
        };
        if hung {
            child.kill()?;
            child.wait()?;
            return Ok(End::Hung);
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}

/// The resident memory of process `pid` (`/proc/PID/status`'s `VmRSS`);
/// `None` where it cannot be read (not Linux).
fn resident_bytes(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// The CPU time process `pid` has used (`/proc/PID/stat`'s user and
/// system ticks, at the kernel's usual 100 per second).
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()?
        + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Moves the input a worker died or hung on under `out/kind/target/`.
fn keep(
    current: &Path,
    out: &Path,
    kind: &str,
    target: Target,
) -> std::io::Result<()> {
    let Ok(input) = std::fs::read(current) else {
        return Ok(());
    };
    let seed_rel = std::fs::read_to_string(current.with_extension("seed"))
        .unwrap_or_default();
    let dir: PathBuf = out.join(kind).join(target.name());
    std::fs::create_dir_all(&dir)?;
    std::fs::write(dir.join(artifact_name(&seed_rel, &input)), input)
}
