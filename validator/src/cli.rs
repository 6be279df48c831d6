//! Command-line arguments (clap derive): the binary's own module, so the
//! library's API names no clap type. Each turns into the library's plain
//! options (`RunOptions`, `Conversion`, `SeriesAction`, `NewPack`).

use std::path::PathBuf;

use berthier_validator::convert::Conversion;
use berthier_validator::init::{NewPack, PreCommitHook};
use berthier_validator::render::OutputFormat;
use berthier_validator::series_command::SeriesAction;
use berthier_validator::{RunError, RunOptions};
use clap::{Parser, Subcommand, ValueEnum};

/// Checks Berthier scenario packs: every series, map, counters and scenario
/// document under PATH against its JSON Schema, then the references between
/// them. Exit status: 0 no errors, 1 findings, 2 could not run or found
/// no document.
#[derive(Debug, Parser)]
#[command(
    name = "berthier-validate",
    version,
    args_conflicts_with_subcommands = true
)]
pub struct Args {
    /// Files or directories to check (default: the current directory).
    /// Directories are walked, skipping `target/`, hidden entries and the
    /// `exclude` prefixes of a `berthier.toml` at their root.
    pub paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    pub format: Format,
    /// Exit 0 when the paths hold no pack document (by default that is
    /// exit status 2: a wrong path should not pass).
    #[arg(long)]
    pub allow_empty: bool,
    /// Report CODE as an error; `--deny warnings` makes every warning an
    /// error. Repeatable; wins over `[severity]` in `berthier.toml`.
    #[arg(long, value_name = "CODE|warnings")]
    pub deny: Vec<String>,
    /// Report CODE as a warning. Repeatable.
    #[arg(long, value_name = "CODE")]
    pub warn: Vec<String>,
    /// Do not report CODE. Repeatable.
    #[arg(long, value_name = "CODE")]
    pub allow: Vec<String>,
    /// Validate only shard I of N (1-based): the walked files, in path
    /// order, are dealt round-robin into N shards, so N CI runners check
    /// a large pack together. A shard reads the documents its scenarios
    /// need but reports only its own files' findings; merge the shards'
    /// SARIF logs with `merge-sarif`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<berthier_validator::shard::Shard>,
    /// Print the documentation of CODE (what it checks, why, an example,
    /// the rulebook section) and exit.
    #[arg(long, value_name = "CODE")]
    pub explain: Option<String>,
    /// Another action than validating.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Actions other than validating.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Writes the four JSON Schemas (`series`, `map`, `counters`,
    /// `scenario`.schema.json).
    ExportSchema(ExportArgs),
    /// Converts a document between RON and JSON; the result reads back as
    /// an equal document. `$schema` is kept in JSON only.
    Convert(ConvertArgs),
    /// Rewrites documents of an older `format_version` to the current one,
    /// in place, keeping every comment and the layout of the rest.
    Migrate(MigrateArgs),
    /// Merges the SARIF logs of the shards of one pack (`--shard I/N
    /// --format sarif`) into one log with one run, for one upload.
    MergeSarif(MergeSarifArgs),
    /// Explains a finding code, e.g. `rule REF007` (same as `--explain`).
    Rule {
        /// The code.
        code: String,
    },
    /// The standard series embedded in this binary, which a document
    /// names instead of a path: `series: "vive-l-empereur"` (newest
    /// version) or `series: "vive-l-empereur@1"` (pinned).
    #[command(subcommand)]
    Series(SeriesCommand),
    /// Starts a scenario pack in DIR (default: the current folder): a
    /// `berthier.toml`, `maps/`, `counters/`, `scenarios/`, an example
    /// battle on a standard series, the GitHub workflow, a pre-commit
    /// configuration, and VS Code settings with the JSON Schemas. Never
    /// overwrites a file.
    Init(InitArgs),
}

/// `series` subcommands.
#[derive(Debug, Subcommand)]
pub enum SeriesCommand {
    /// Lists every standard series: the name to write, its versions, its
    /// title and where it comes from.
    List,
    /// Prints a standard series as shipped (`NAME` or `NAME@VERSION`).
    Show {
        /// The series' name.
        name: String,
    },
    /// Writes a copy of a standard series to start a modded one: a new id
    /// (`--id`, or FILE's name without `.series.ron`), the name marked
    /// "(modded)", the comments kept (RON) and made to read outside
    /// Berthier's repository. JSON when FILE ends in `.json`.
    Export {
        /// The series' name.
        name: String,
        /// The copy's id (default: FILE's name without `.series.ron`, or
        /// NAME-modded when that is a standard series' name).
        #[arg(long)]
        id: Option<String>,
        /// The file to write.
        #[arg(long)]
        out: PathBuf,
        /// Overwrite FILE if it exists.
        #[arg(long)]
        force: bool,
    },
}

/// `init` arguments.
#[derive(Debug, clap::Args)]
pub struct InitArgs {
    /// The pack's folder (created if needed).
    #[arg(default_value = ".")]
    pub dir: PathBuf,
    /// The series the pack's documents name: a standard one
    /// (`berthier-validate series list`; the newest version is pinned when
    /// none is given) or a series file of your own, copied into the pack's
    /// `series/` folder. The example battle is written only on Jours de
    /// Gloire, whose terrain it uses.
    #[arg(long, value_name = "NAME|FILE")]
    pub series: Option<String>,
    /// Write no example battle (the empty `maps/`, `counters/` and
    /// `scenarios/` folders only).
    #[arg(long)]
    pub no_example: bool,
    /// The berthier-validate the pre-commit hook runs: the one installed
    /// on the machine (works offline), or one pre-commit builds from
    /// Berthier's repository (`--locked`; the first run needs the network).
    #[arg(long, value_enum, default_value_t = HookArg::Installed)]
    pub hook: HookArg,
}

/// `init --hook` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum HookArg {
    /// `repo: local`, `language: system`: the installed berthier-validate.
    Installed,
    /// Built by pre-commit from Berthier's repository at this version.
    Build,
}

/// `export-schema` arguments.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    /// Directory to write into (created if needed). The default,
    /// `schema-json`, never overwrites the committed `schema/json/` by
    /// accident; pass `--out schema/json` to refresh those.
    #[arg(long, default_value = "schema-json")]
    pub out: PathBuf,
}

/// `migrate` arguments.
#[derive(Debug, clap::Args)]
pub struct MigrateArgs {
    /// Files or folders (folders are walked as for validating).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// Write nothing: list the files that would change and exit 1 if any
    /// would (for CI).
    #[arg(long)]
    pub check: bool,
}

/// `merge-sarif` arguments.
#[derive(Debug, clap::Args)]
pub struct MergeSarifArgs {
    /// The SARIF logs to merge.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Where to write the merged log (atomically).
    #[arg(long)]
    pub out: PathBuf,
}

/// `convert` arguments.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// The document to convert (`.ron` or `.json`).
    pub file: PathBuf,
    /// Target format.
    #[arg(long, value_enum)]
    pub to: Target,
    /// Write here (atomically) instead of to standard output. A device,
    /// pipe or folder is refused, and an existing file needs `--force`.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Replace the `--out` file when it exists.
    #[arg(long, requires = "out")]
    pub force: bool,
}

/// A conversion target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Target {
    /// JSON.
    Json,
    /// RON.
    Ron,
}

/// The output formats of `--format` (the library's [`OutputFormat`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people: each finding with its source line and a caret.
    Human,
    /// One JSON object with every finding, for scripts.
    Json,
    /// GitHub Actions workflow commands (annotations on the diff).
    Github,
    /// SARIF 2.1.0, for code-scanning dashboards.
    Sarif,
}

impl From<Format> for OutputFormat {
    fn from(format: Format) -> Self {
        match format {
            Format::Human => Self::Human,
            Format::Json => Self::Json,
            Format::Github => Self::Github,
            Format::Sarif => Self::Sarif,
        }
    }
}

impl Args {
    /// The validation these arguments ask for.
    pub fn run_options(&self) -> RunOptions {
        RunOptions {
            paths: self.paths.clone(),
            allow_empty: self.allow_empty,
            deny: self.deny.clone(),
            warn: self.warn.clone(),
            allow: self.allow.clone(),
            shard: self.shard,
        }
    }
}

impl From<&SeriesCommand> for SeriesAction {
    fn from(command: &SeriesCommand) -> Self {
        match command {
            SeriesCommand::List => Self::List,
            SeriesCommand::Show { name } => Self::Show { name: name.clone() },
            SeriesCommand::Export {
                name,
                id,
                out,
                force,
            } => Self::Export {
                name: name.clone(),
                id: id.clone(),
                out: out.clone(),
                force: *force,
            },
        }
    }
}

impl InitArgs {
    /// The pack to write: the example battle unless `--no-example` or a
    /// series it does not fit.
    pub fn new_pack(&self) -> Result<NewPack, RunError> {
        NewPack::new(self.dir.clone(), self.series.as_deref(), !self.no_example)
    }

    /// The pre-commit hook asked for.
    pub fn pre_commit_hook(&self) -> PreCommitHook {
        match self.hook {
            HookArg::Installed => PreCommitHook::Installed,
            HookArg::Build => PreCommitHook::Build,
        }
    }
}

impl From<&ConvertArgs> for Conversion {
    fn from(args: &ConvertArgs) -> Self {
        Self {
            file: args.file.clone(),
            to: match args.to {
                Target::Json => berthier_schema::Format::Json,
                Target::Ron => berthier_schema::Format::Ron,
            },
            out: args.out.clone(),
            force: args.force,
        }
    }
}
