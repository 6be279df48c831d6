//! `counters`' command line: the print-and-play sheet's options.

use std::path::PathBuf;

use berthier_tools::counter_art::sheet::{
    DEFAULT_COLUMNS, DEFAULT_DPI, DEFAULT_SIZE_MM, SheetArgs,
};

/// `counters FILE --out PNG [--size-mm MM] [--dpi DPI] [--columns N]`.
#[derive(Debug, Clone, clap::Args)]
pub struct SheetCli {
    /// The counters file (*.counters.ron / .json).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The PNG to write.
    #[arg(long, short, value_name = "PNG")]
    pub out: PathBuf,
    /// Side of one counter, in millimetres (printed counters: 16 mm).
    #[arg(long, value_name = "MM", default_value_t = DEFAULT_SIZE_MM)]
    pub size_mm: f64,
    /// Printer resolution, in dots per inch.
    #[arg(long, value_name = "DPI", default_value_t = DEFAULT_DPI)]
    pub dpi: u32,
    /// Counters per row on each half of the sheet.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_COLUMNS)]
    pub columns: usize,
}

impl From<SheetCli> for SheetArgs {
    fn from(cli: SheetCli) -> Self {
        Self {
            file: cli.file,
            out: cli.out,
            size_mm: cli.size_mm,
            dpi: cli.dpi,
            columns: cli.columns,
        }
    }
}
