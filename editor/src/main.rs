//! `berthier-editor [FILE]` opens a map or scenario in a window (the demo
//! battle without FILE). The workshop's subcommands (`render`, `counters`,
//! `oob`, `import-vassal`, `export-vassal`, `export-tiled`) are
//! `berthier-tools`' own, offered here too.

#![allow(clippy::print_stderr)]

use std::path::PathBuf;
use std::process::ExitCode;

use berthier_tools::render;
use berthier_tools_cli::Command;
use clap::Parser;

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "berthier-editor",
    version,
    about = "Berthier's map editor: opens a map or scenario in a window",
    args_conflicts_with_subcommands = true,
    after_help = after_help()
)]
struct Cli {
    /// The file to open.
    #[arg(
        value_name = "FILE",
        help = "A *.map.ron / *.map.json, or a *.scenario.ron (its map opens)"
    )]
    file: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

/// The window's FILE, then `render` with its layers.
fn after_help() -> String {
    format!(
        "Without FILE the demo battle opens, from a copy written on first \
         use to $BERTHIER_DATA_DIR (default: the user's data folder, \
         berthier/demo).\n\n\
         berthier-editor render FILE --out PNG [--layers LIST] [--scanify]\n\
         draws a map to PNG (berthier-editor render --help).\n{}",
        render::usage()
    )
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
            eprintln!("\n{}", render::usage());
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(command) => berthier_tools_cli::run(command, "berthier-editor"),
        None => match berthier_editor::app::run(cli.file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("berthier-editor: {e}");
                ExitCode::FAILURE
            }
        },
    }
}
