//! `berthier-editor [FILE]` opens a map or scenario in a window (the demo
//! battle without FILE); `berthier-editor render ...` draws a map to PNG.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("-h" | "--help") => {
            println!("{}", USAGE);
            ExitCode::SUCCESS
        }
        Some("render") => render(&args[1..]),
        Some(_) if args.len() > 1 => {
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
        file => match berthier_editor::app::run(file.map(PathBuf::from)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("berthier-editor: {e}");
                ExitCode::FAILURE
            }
        },
    }
}

const USAGE: &str = "\
usage: berthier-editor [FILE]
       berthier-editor render FILE --out PNG [--layers scan,terrain,hexsides,roads,grid,numbers] [--scanify]

FILE is a *.map.ron / *.map.json, or a *.scenario.ron (its map opens).
Without FILE the demo battle opens, from a copy written on first use to
$BERTHIER_DATA_DIR (default: the user's data folder, berthier/demo).";

fn render(args: &[String]) -> ExitCode {
    use berthier_editor::render;
    let args = match render::parse_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("berthier-editor render: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match render::run(&args) {
        Ok(report) => {
            let [w, h] = report.size;
            eprintln!("wrote {} ({w}x{h})", args.out.display());
            if let Some(grid) = report.grid_ron() {
                println!("// grid registration matching the scan:\n{grid}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("berthier-editor render: {e}");
            ExitCode::FAILURE
        }
    }
}
