//! `berthier-validate`: parses arguments, calls the library, prints, and
//! maps the outcome to the exit status (0 clean, 1 findings, 2 could not
//! run). The only place allowed to print.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::process::ExitCode;

use berthier_validator::{Args, Command, RunError, render};
use clap::Parser;

/// The validator allocates and frees many small values (every document's
/// JSON shape, then its typed form); mimalloc does that markedly faster
/// than the system allocator on large packs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = Args::parse();
    let outcome = match &args.command {
        None if args.explain.is_some() => {
            let code = args.explain.as_deref().unwrap_or_default();
            berthier_validator::explain(code).map(|text| {
                print!("{text}");
                0
            })
        }
        None => berthier_validator::run(&args).map(|report| {
            print!("{}", render::render(&report, args.format));
            u8::from(report.has_errors())
        }),
        Some(Command::ExportSchema(export)) => {
            berthier_validator::export_schema(export).map(|written| {
                for path in written {
                    eprintln!("wrote {}", path.display());
                }
                0
            })
        }
        Some(Command::Convert(convert)) => {
            berthier_validator::convert::convert(convert).map(|text| {
                print!("{}", text.unwrap_or_default());
                0
            })
        }
        Some(Command::Rule { code }) => {
            berthier_validator::explain(code).map(|text| {
                print!("{text}");
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
