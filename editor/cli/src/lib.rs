//! The workshop's subcommands: `render`, `counters`, `oob`,
//! `import-vassal`, `export-vassal`, `export-tiled`. The `berthier-tools`
//! binary runs them with no GUI toolkit linked; `berthier-editor` offers the
//! same subcommands through [`Command`] and [`run`].

#![allow(clippy::print_stdout, clippy::print_stderr)]

pub mod render;
pub mod sheet;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use berthier_tools::counter_art::sheet::SheetArgs;
use berthier_tools::render::RenderArgs;

/// A subcommand.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Draws a map to a PNG, with no window.
    Render(render::RenderCli),
    /// Draws every counter of a counters file, front and back, on a
    /// print-and-play sheet (PNG), or at true size in a PDF.
    Counters(sheet::SheetCli),
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

/// `oob`'s subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum OobCommand {
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

/// Runs `command`; `program` names the binary in error messages
/// (`berthier-tools` or `berthier-editor`).
pub fn run(command: Command, program: &str) -> ExitCode {
    match command {
        Command::Render(args) => run_render(&args.into(), program),
        Command::Counters(args) => run_counters(&args, program),
        Command::Oob(command) => run_oob(&command, program),
        Command::ImportVassal { module, out } => {
            run_import(&module, &out, program)
        }
        Command::ExportTiled { map, out } => {
            run_export_tiled(&map, &out, program)
        }
        Command::ExportVassal { battle, out } => {
            run_export_vassal(&battle, &out, program)
        }
        Command::SaveLoop { map, count } => {
            let ready = || println!("saving");
            match berthier_tools::files::save_loop::run(&map, count, ready) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{program} save-loop: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}

fn run_render(args: &RenderArgs, program: &str) -> ExitCode {
    let mut step =
        |step: berthier_tools::render::Step| eprintln!("render: {step}");
    match berthier_tools::render::run_with_progress(args, &mut step) {
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
            eprintln!("{program} render: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_counters(cli: &sheet::SheetCli, program: &str) -> ExitCode {
    if cli.out.is_none() && cli.pdf.is_none() {
        eprintln!(
            "{program} counters: say what to write: --out sheet.png, \
             --pdf sheet.pdf, or both"
        );
        return ExitCode::from(2);
    }
    let mut code = ExitCode::SUCCESS;
    if let Some(args) = cli.png() {
        code = run_sheet(&args, program);
    }
    if let Some(args) = cli.pdf()
        && let Err(e) = run_pdf(&args)
    {
        eprintln!("{program} counters: {e}");
        code = ExitCode::FAILURE;
    }
    code
}

fn run_pdf(
    args: &berthier_tools::counter_art::pdf::PdfArgs,
) -> Result<(), berthier_tools::counter_art::sheet::SheetError> {
    let report = berthier_tools::counter_art::pdf::run(args)?;
    eprintln!(
        "wrote {} ({} pages, {} counters of {} mm: fronts on odd pages, \
         backs on even pages; print duplex, flipped on the long edge)",
        args.out.display(),
        report.pages,
        report.placed.len(),
        args.size_mm
    );
    Ok(())
}

fn run_sheet(args: &SheetArgs, program: &str) -> ExitCode {
    match berthier_tools::counter_art::sheet::run(args) {
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
            eprintln!("{program} counters: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_oob(command: &OobCommand, program: &str) -> ExitCode {
    use berthier_tools::oob_csv::{self, Change};
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
            eprintln!("{program} oob: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_import(module: &Path, out: &Path, program: &str) -> ExitCode {
    match berthier_tools::vassal::import::import(module, out) {
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
                "wrote {}: a series STUB (`stub: true`) listing only the \
                 unit classes and ratings found. A VASSAL module holds no \
                 rules: complete it (arms, terrain and its costs, stacking, \
                 facing, entry; see schema/series/README.md) and remove the \
                 mark; until then berthier-validate warns of each missing \
                 part (REF046).",
                report.series.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{program} import-vassal: {}: {e}", module.display());
            ExitCode::FAILURE
        }
    }
}

fn run_export_tiled(map: &Path, out: &Path, program: &str) -> ExitCode {
    match berthier_tools::tiled::export(map, out) {
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
            eprintln!("{program} export-tiled: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_export_vassal(battle: &Path, out: &Path, program: &str) -> ExitCode {
    match berthier_tools::vassal::export::battle::export(battle, out) {
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
            eprintln!("{program} export-vassal: {e}");
            ExitCode::FAILURE
        }
    }
}
