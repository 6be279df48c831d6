//! `berthier-validate`: parses arguments, calls the library, prints, and
//! maps the outcome to the exit status (0 clean, 1 findings, 2 could not
//! run). The only place allowed to print.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

mod cli;

use berthier_validator::migrate::Outcome;
use berthier_validator::{RunError, render};
use clap::Parser;
use cli::{Args, Command};

/// The validator allocates and frees many small values (every document's
/// JSON shape, then its typed form); mimalloc does that markedly faster
/// than the system allocator on large packs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `print!` that never panics: when the reader of standard output has
/// gone (`berthier-validate . | head`), the rest is dropped quietly, as
/// command-line tools do, instead of a "broken pipe" panic.
macro_rules! out {
    ($($arg:tt)*) => {
        write_out(&format!($($arg)*))
    };
}

/// [`out!`] with a newline, as `println!`.
macro_rules! outln {
    ($($arg:tt)*) => {
        write_out(&format!("{}\n", format!($($arg)*)))
    };
}

fn main() -> ExitCode {
    berthier_validator::memory::no_huge_pages();
    let args = Args::parse();
    let outcome = match &args.command {
        None if args.explain.is_some() => {
            let code = args.explain.as_deref().unwrap_or_default();
            berthier_validator::explain(code).map(|text| {
                out!("{text}");
                0
            })
        }
        None => berthier_validator::run_with_status(&args.run_options()).map(
            |(report, status)| {
                let format = args.format.into();
                out!("{}", render::render_in(&report, format, colour()));
                if status == 2 {
                    eprintln!(
                        "error: no pack document found (pass --allow-empty if \
                     that is expected)"
                    );
                }
                status
            },
        ),
        Some(Command::ExportSchema(export)) => {
            berthier_validator::export_schema(&export.out).map(|written| {
                for path in written {
                    eprintln!("wrote {}", path.display());
                }
                0
            })
        }
        Some(Command::Convert(convert)) => {
            berthier_validator::convert::convert(&convert.into()).map(|text| {
                out!("{}", text.unwrap_or_default());
                0
            })
        }
        Some(Command::Migrate(migrate)) => {
            berthier_validator::migrate::migrate(&migrate.paths, migrate.check)
                .map(|outcomes| report_migration(&outcomes, migrate.check))
        }
        Some(Command::Series(series)) => {
            berthier_validator::series_command::run(&series.into()).map(
                |text| {
                    out!("{}", text.unwrap_or_default());
                    0
                },
            )
        }
        Some(Command::Init(init)) => init.new_pack().and_then(|pack| {
            let hook = init.pre_commit_hook();
            berthier_validator::init::write_pack_with(&pack, hook).map(
                |written| {
                    for path in &written {
                        outln!("wrote {}", path.display());
                    }
                    outln!("{}", berthier_validator::init::next_steps(&pack));
                    0
                },
            )
        }),
        Some(Command::MergeSarif(merge)) => {
            render::sarif_merge::merge_files(&merge.files).and_then(|text| {
                berthier_schema::io::save_atomic(&merge.out, text.as_bytes())
                    .map_err(|e| RunError::Write {
                    path: merge.out.clone(),
                    message: e.to_string(),
                })?;
                eprintln!(
                    "merged {} logs into {}",
                    merge.files.len(),
                    merge.out.display()
                );
                Ok(0)
            })
        }
        Some(Command::Rule { code }) => {
            berthier_validator::explain(code).map(|text| {
                out!("{text}");
                0
            })
        }
    };
    match outcome {
        Ok(status) => ExitCode::from(status),
        Err(e @ RunError::Document { .. }) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}

/// Prints what `migrate` did; the exit status: 2 when a file could not be
/// migrated, 1 when `--check` found files to migrate, else 0.
fn report_migration(outcomes: &[Outcome], check: bool) -> u8 {
    let verb = if check { "would migrate" } else { "migrated" };
    let (mut migrated, mut current, mut failed) = (0, 0, 0);
    for outcome in outcomes {
        match outcome {
            Outcome::Migrated { file, summary } => {
                migrated += 1;
                outln!("{verb} {file}: {summary}");
            }
            Outcome::Current => current += 1,
            Outcome::Failed { file, message } => {
                failed += 1;
                eprintln!("error: {file}: {message}");
            }
        }
    }
    let files = |n: usize| if n == 1 { "file" } else { "files" };
    outln!(
        "{migrated} {} {verb}, {current} already current{}",
        files(migrated),
        if failed > 0 {
            format!(", {failed} could not be migrated")
        } else {
            String::new()
        }
    );
    if failed > 0 {
        2
    } else {
        u8::from(check && migrated > 0)
    }
}

/// Colour when standard output is a terminal, unless `NO_COLOR` is set
/// (no-color.org); `CLICOLOR_FORCE` asks for it anyway (a pager that
/// shows colours).
fn colour() -> render::human::Colour {
    use std::io::IsTerminal;
    let set = |name| std::env::var_os(name).is_some_and(|v| !v.is_empty());
    let wanted = if set("NO_COLOR") {
        false
    } else {
        set("CLICOLOR_FORCE") || std::io::stdout().is_terminal()
    };
    if wanted {
        render::human::Colour::Always
    } else {
        render::human::Colour::Never
    }
}

/// Writes `text` to standard output; a closed pipe ends the output
/// quietly (the reader has what it wanted).
fn write_out(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        eprintln!("error: cannot write the output: {e}");
    }
}
