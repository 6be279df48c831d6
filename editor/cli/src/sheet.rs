//! `counters`' command line: the print-and-play sheet's options, as a PNG
//! (`--out`) or as a PDF at true size (`--pdf`).

use std::path::PathBuf;

use berthier_tools::counter_art::pdf::{Paper, PdfArgs};
use berthier_tools::counter_art::sheet::{
    DEFAULT_COLUMNS, DEFAULT_DPI, DEFAULT_SIZE_MM, SheetArgs,
};

/// A page size, as the command line names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PaperCli {
    /// 210 × 297 mm.
    A4,
    /// 8½ × 11 in.
    Letter,
}

/// `counters FILE (--out PNG | --pdf PDF) [--size-mm MM] [--dpi DPI]
/// [--columns N] [--paper a4|letter]`.
#[derive(Debug, Clone, clap::Args)]
pub struct SheetCli {
    /// The counters file (*.counters.ron / .json).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// The PNG to write: fronts left, backs right, fold in the middle.
    #[arg(long, short, value_name = "PNG")]
    pub out: Option<PathBuf>,
    /// The PDF to write, counters at true size: fronts on odd pages, backs
    /// mirrored on even pages (print duplex, flip on the long edge), with
    /// bleed and crop marks.
    #[arg(long, value_name = "PDF")]
    pub pdf: Option<PathBuf>,
    /// The PDF's page size.
    #[arg(long, value_enum, default_value_t = PaperCli::A4)]
    pub paper: PaperCli,
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

impl SheetCli {
    /// The PNG sheet's options, when a PNG is asked for.
    pub fn png(&self) -> Option<SheetArgs> {
        Some(SheetArgs {
            file: self.file.clone(),
            out: self.out.clone()?,
            size_mm: self.size_mm,
            dpi: self.dpi,
            columns: self.columns,
        })
    }

    /// The PDF's options, when a PDF is asked for.
    pub fn pdf(&self) -> Option<PdfArgs> {
        Some(PdfArgs {
            file: self.file.clone(),
            out: self.pdf.clone()?,
            size_mm: self.size_mm,
            dpi: self.dpi,
            paper: match self.paper {
                PaperCli::A4 => Paper::A4,
                PaperCli::Letter => Paper::Letter,
            },
        })
    }
}
