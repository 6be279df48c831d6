//! `berthier-editor [FILE]` opens a map or scenario in a window (the demo
//! battle without FILE); `berthier-editor render ...` draws a map to PNG.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("-h" | "--help") => {
            println!("{}", usage());
            ExitCode::SUCCESS
        }
        Some("render") if args.iter().any(|a| a == "-h" || a == "--help") => {
            println!("{}", berthier_editor::render::usage());
            ExitCode::SUCCESS
        }
        Some("render") => render(&args[1..]),
        Some(_) if args.len() > 1 => {
            eprintln!("{}", usage());
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

/// The whole usage: the window, then `render` with its layers.
fn usage() -> String {
    format!(
        "usage: berthier-editor [FILE]\n       {}\n\
         FILE is a *.map.ron / *.map.json, or a *.scenario.ron (its map \
         opens).\nWithout FILE the demo battle opens, from a copy written \
         on first use to $BERTHIER_DATA_DIR (default: the user's data \
         folder, berthier/demo).",
        berthier_editor::render::usage()
    )
}

fn render(args: &[String]) -> ExitCode {
    use berthier_editor::render;
    let args = match render::parse_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("berthier-editor render: {e}\n\n{}", usage());
            return ExitCode::from(2);
        }
    };
    let mut step = |step: render::Step| eprintln!("render: {step}");
    match render::run_with_progress(&args, &mut step) {
        Ok(report) => {
            let ([w, h], [dx, dy]) = (report.size, report.offset);
            eprintln!("wrote {} ({w}x{h})", args.out.display());
            if [dx, dy] != [0.0, 0.0] {
                eprintln!("map pixel (0, 0) is image pixel ({dx}, {dy})");
            }
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
