//! `render`'s command line: a map or scenario, the PNG, the layers.

use std::path::PathBuf;

use berthier_tools::render::{self, RenderArgs};
use berthier_tools::scene::Layer;

/// `render FILE --out PNG [--layers LIST] [--scanify]`.
#[derive(Debug, Clone, PartialEq, clap::Parser)]
#[command(
    name = "render",
    about = "Draws a map to a PNG, with no window",
    after_help = render::usage()
)]
pub struct RenderCli {
    /// Map or scenario file.
    #[arg(
        value_name = "FILE",
        help = "A *.map.ron / *.map.json, or a *.scenario.ron (its map)"
    )]
    pub input: PathBuf,
    /// PNG to write.
    #[arg(short, long, value_name = "PNG", help = "The PNG to write")]
    pub out: PathBuf,
    /// Layers, or `None` for the defaults.
    #[arg(
        long,
        value_name = "LIST",
        value_delimiter = ',',
        value_parser = render::parse_layer,
        help = "Comma-separated layer names, drawn bottom to top (below)"
    )]
    pub layers: Option<Vec<Layer>>,
    /// Produce a synthetic scan and report its registration.
    #[arg(
        long,
        help = "Print on a clean grid, then turn, scale, blur and grain it \
                like a scan; prints the matching grid registration"
    )]
    pub scanify: bool,
}

impl From<RenderCli> for RenderArgs {
    fn from(cli: RenderCli) -> Self {
        Self {
            input: cli.input,
            out: cli.out,
            layers: cli.layers,
            scanify: cli.scanify,
        }
    }
}

/// Reads `FILE --out PNG [--layers a,b] [--scanify]` (the arguments after
/// `render`); the error is clap's.
pub fn parse_args(args: &[String]) -> Result<RenderArgs, clap::Error> {
    use clap::Parser as _;
    RenderCli::try_parse_from(
        std::iter::once("render").chain(args.iter().map(String::as_str)),
    )
    .map(RenderArgs::from)
}
