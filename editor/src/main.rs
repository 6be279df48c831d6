//! `berthier-editor [FILE]` opens a map or scenario in a window (the demo
//! battle without FILE); `berthier-editor render ...` draws a map to PNG;
//! `berthier-editor import-vassal ...` turns a VASSAL module's hex boards
//! into maps; `export-vassal` writes a battle as a module.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::PathBuf;
use std::process::ExitCode;

use berthier_editor::render::{self, RenderArgs};
use clap::Parser;

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "berthier-editor",
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

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Draws a map to a PNG, with no window.
    Render(RenderArgs),
    /// Draws every counter of a counters file, front and back, on a
    /// print-and-play sheet (PNG).
    Counters(berthier_editor::counter_art::sheet::SheetArgs),
    /// The order of battle as CSV, one row per unit.
    #[command(subcommand)]
    Oob(OobCommand),
    /// Writes each hex-grid board of a VASSAL module (.vmod) as a map, its
    /// board image as the scan and its grid and numbering as VASSAL's.
    ImportVassal {
        /// The module.
        #[arg(value_name = "MODULE.vmod")]
        module: PathBuf,
        /// The folder to write (new or empty).
        #[arg(long, short, value_name = "DIR")]
        out: PathBuf,
    },
    /// Writes a battle as a VASSAL module (.vmod): the map's scan (or the
    /// map drawn) as the board with its hex grid and numbering, one piece
    /// per counter (front, and back as a flip layer), and the scenario's
    /// setup as at-start stacks.
    ExportVassal {
        /// A scenario (its map, counters and setup), or a map file, or a
        /// folder holding one map (board and grid only).
        #[arg(value_name = "BATTLE")]
        battle: PathBuf,
        /// The module to write (replaced atomically).
        #[arg(long, short, value_name = "FILE.vmod")]
        out: PathBuf,
    },
    /// Writes a map as a hexagonal Tiled map (TMX): terrain and elevation
    /// tile layers, roads, hexsides, places and entry points as object
    /// layers, the scan as an image layer.
    ExportTiled {
        /// The map (or a scenario, for its map).
        #[arg(value_name = "MAP")]
        map: PathBuf,
        /// The TMX to write; its tilesets are written beside it.
        #[arg(long, short, value_name = "FILE.tmx")]
        out: PathBuf,
    },
    /// Saves a map's two versions (as read, renamed) in turn through the
    /// editor's save, COUNT times (forever when 0): the crash-safety
    /// test kills it mid-save.
    #[command(hide = true)]
    SaveLoop {
        /// The map to save over.
        #[arg(value_name = "MAP")]
        map: PathBuf,
        /// How many saves (0: until killed).
        #[arg(long, default_value_t = 0)]
        count: u64,
    },
}

#[derive(Debug, clap::Subcommand)]
enum OobCommand {
    /// Writes the units of a counters file as CSV (one row per unit, the
    /// series' rating columns, unknown values empty).
    Export {
        /// The counters file.
        #[arg(value_name = "COUNTERS")]
        counters: PathBuf,
        /// The CSV to write.
        #[arg(long, short, value_name = "FILE.csv")]
        out: PathBuf,
    },
    /// Updates and adds units of a counters file from a CSV, keeping its
    /// comments; one bad row and nothing is written.
    Import {
        /// The counters file.
        #[arg(value_name = "COUNTERS")]
        counters: PathBuf,
        /// The CSV to read.
        #[arg(value_name = "FILE.csv")]
        csv: PathBuf,
        /// Check and list the changes without writing.
        #[arg(long)]
        dry_run: bool,
    },
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
                return ExitCode::SUCCESS; // --help
            }
            // Bad arguments: the layers too, as the help shows them.
            eprintln!("\n{}", render::usage());
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Some(Command::Render(args)) => run_render(&args),
        Some(Command::Counters(args)) => run_sheet(&args),
        Some(Command::Oob(command)) => run_oob(&command),
        Some(Command::ImportVassal { module, out }) => {
            run_import(&module, &out)
        }
        Some(Command::ExportTiled { map, out }) => run_export_tiled(&map, &out),
        Some(Command::ExportVassal { battle, out }) => {
            run_export_vassal(&battle, &out)
        }
        Some(Command::SaveLoop { map, count }) => {
            let ready = || println!("saving");
            match berthier_editor::files::save_loop::run(&map, count, ready) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("berthier-editor save-loop: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        None => match berthier_editor::app::run(cli.file) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("berthier-editor: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

fn run_render(args: &RenderArgs) -> ExitCode {
    let mut step = |step: render::Step| eprintln!("render: {step}");
    match render::run_with_progress(args, &mut step) {
        Ok(report) => {
            let ([w, h], [dx, dy]) = (report.size, report.offset);
            eprintln!("wrote {} ({w}x{h})", args.out.display());
            if [dx, dy] != [0.0, 0.0] {
                eprintln!("map pixel (0, 0) is image pixel ({dx}, {dy})");
            }
            if let Some(grid) = report.grid_ron() {
                // A reader that stops early (`| head`) is not an error.
                let mut out = std::io::stdout().lock();
                let _ = std::io::Write::write_all(
                    &mut out,
                    format!(
                        "// grid registration matching the scan:\n{grid}\n"
                    )
                    .as_bytes(),
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("berthier-editor render: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_sheet(
    args: &berthier_editor::counter_art::sheet::SheetArgs,
) -> ExitCode {
    match berthier_editor::counter_art::sheet::run(args) {
        Ok(report) => {
            let [w, h] = report.layout.size;
            eprintln!(
                "wrote {} ({w}x{h}, {} counters of {} px, fronts left, \
                 backs right)",
                args.out.display(),
                report.layout.cells.len(),
                report.layout.counter
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("berthier-editor counters: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_oob(command: &OobCommand) -> ExitCode {
    use berthier_editor::oob_csv::{self, Change};
    let result = match command {
        OobCommand::Export { counters, out } => oob_csv::export_file(counters)
            .and_then(|text| {
                berthier_schema::io::save_atomic(out, text.as_bytes())
                    .map_err(|e| {
                        oob_csv::OobCsvError::Write(out.clone(), e.to_string())
                    })?;
                eprintln!("wrote {}", out.display());
                Ok(())
            }),
        OobCommand::Import {
            counters,
            csv,
            dry_run,
        } => oob_csv::import_file(counters, csv, *dry_run).map(|report| {
            for change in &report.changes {
                match change {
                    Change::Created(id) => eprintln!("new unit {id}"),
                    Change::Updated(id, columns) => {
                        eprintln!("{id}: {}", columns.join(", "));
                    }
                }
            }
            let verb = if report.written {
                "wrote"
            } else {
                "would write"
            };
            let n = report.changes.len();
            if n == 0 {
                eprintln!("no change: {} left as it was", counters.display());
            } else {
                eprintln!("{verb} {} ({n} unit(s))", counters.display());
            }
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("berthier-editor oob: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_import(module: &std::path::Path, out: &std::path::Path) -> ExitCode {
    match berthier_editor::vassal::import::import(module, out) {
        Ok(report) => {
            for map in &report.maps {
                let names = map.names.as_ref().map_or(String::new(), |n| {
                    format!(", VASSAL's hex names in {}", n.display())
                });
                eprintln!(
                    "wrote {} ({}, {} hexes{names})",
                    map.map.display(),
                    map.source,
                    map.hexes
                );
            }
            if let Some(counters) = &report.counters {
                eprintln!(
                    "wrote {} ({} counters; their face images in images/)",
                    counters.display(),
                    report.units
                );
            }
            for scenario in &report.scenarios {
                eprintln!(
                    "wrote {} (a setup: the at-start stacks or a predefined \
                     setup; its turn track is a placeholder to replace)",
                    scenario.display()
                );
            }
            for board in &report.skipped {
                eprintln!("skipped board {board}: no hex grid");
            }
            for note in &report.notes {
                eprintln!("note: {note}");
            }
            eprintln!(
                "wrote {}: a series STUB listing only the unit classes, \
                 ratings and zone names found. A VASSAL module holds no \
                 rules: complete it (terrain costs, stacking, facing, entry; \
                 see schema/series/README.md) before validating.",
                report.series.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!(
                "berthier-editor import-vassal: {}: {e}",
                module.display()
            );
            ExitCode::FAILURE
        }
    }
}

fn run_export_tiled(map: &std::path::Path, out: &std::path::Path) -> ExitCode {
    match berthier_editor::tiled::export(map, out) {
        Ok(report) => {
            for file in &report.written {
                eprintln!("wrote {}", file.display());
            }
            let [w, h] = report.tile;
            eprintln!("{} hexes on {w}x{h} px tiles", report.hexes);
            if let Some(drift) = report.scan_drift_px {
                eprintln!(
                    "the scan image layer lines up within {drift:.1} px of \
                     the tiles"
                );
            }
            for note in &report.notes {
                eprintln!("note: {note}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("berthier-editor export-tiled: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_export_vassal(
    battle: &std::path::Path,
    out: &std::path::Path,
) -> ExitCode {
    match berthier_editor::vassal::export::battle::export(battle, out) {
        Ok(r) => {
            let [w, h] = r.size;
            let board = r.scan.as_ref().map_or_else(
                || "the map drawn".to_owned(),
                |s| format!("the scan {}", s.display()),
            );
            let setup = if r.setups.is_empty() {
                format!("{} at-start stacks", r.stacks)
            } else {
                format!(
                    "{} predefined setup(s) ({}) with {} stacks",
                    r.setups.len(),
                    r.setups.join("; "),
                    r.stacks
                )
            };
            eprintln!(
                "wrote {}: board {w}x{h} px from {board}; {} counters; \
                 {setup} holding {} pieces",
                r.module.display(),
                r.counters,
                r.placed
            );
            let [mx, my] = r.moved_px;
            eprintln!(
                "VASSAL's hex centres lie ({mx:.2}, {my:.2}) px from \
                 Berthier's (its grid origin is in whole pixels)"
            );
            for note in &r.notes {
                eprintln!("note: {note}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("berthier-editor export-vassal: {e}");
            ExitCode::FAILURE
        }
    }
}
