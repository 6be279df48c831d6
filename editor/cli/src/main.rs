//! `berthier-tools`: the workshop's subcommands on a binary that links no
//! GUI toolkit, for a pack's CI and for scripts (a VASSAL module, a counter
//! sheet or a map PNG from the command line).

#![allow(clippy::print_stderr)]

use std::process::ExitCode;

use berthier_tools_cli::Command;
use clap::Parser;

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "berthier-tools",
    version,
    about = "Berthier's workshop without a window: maps to PNG, counter \
             sheets, orders of battle as CSV, VASSAL modules in and out, \
             Tiled maps out",
    after_help = berthier_tools::render::usage()
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            if !e.use_stderr() {
                return ExitCode::SUCCESS; // --help, --version
            }
            // Bad arguments: the layers too, as the help shows them.
            eprintln!("\n{}", berthier_tools::render::usage());
            return ExitCode::from(2);
        }
    };
    berthier_tools_cli::run(cli.command, "berthier-tools")
}
