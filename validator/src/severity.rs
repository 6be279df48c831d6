//! Raising and lowering severities per pack: `[severity]` in the pack
//! root's `berthier.toml` (`STK001 = "warning"`, `"allow"` drops a code),
//! then `--allow`, `--warn` and `--deny` on the command line, which win
//! over the file; `--deny warnings` makes every remaining warning an
//! error.

use std::collections::{BTreeMap, HashMap};

use crate::RunError;
use crate::code::Code;
use crate::diagnostic::{Diagnostic, Severity};

/// What a code is turned into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Reported with this severity.
    Report(Severity),
    /// Not reported.
    Allow,
}

impl Level {
    /// `error`, `warning`, `info` or `allow`.
    pub fn parse(text: &str) -> Option<Self> {
        Some(match text.to_ascii_lowercase().as_str() {
            "error" | "deny" => Self::Report(Severity::Error),
            "warning" | "warn" => Self::Report(Severity::Warning),
            "info" => Self::Report(Severity::Info),
            "allow" | "off" => Self::Allow,
            _ => return None,
        })
    }
}

/// Levels per code.
pub type Levels = BTreeMap<Code, Level>;

/// The command line's choices.
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// Per code, applied after a pack's own levels.
    pub codes: Levels,
    /// `--deny warnings`.
    pub deny_warnings: bool,
}

impl Overrides {
    /// From `--allow`, `--warn` and `--deny` (in that order, so `--deny`
    /// wins when a code is given twice).
    pub fn from_args(
        allow: &[String],
        warn: &[String],
        deny: &[String],
    ) -> Result<Self, RunError> {
        let mut out = Self::default();
        let groups = [
            (allow, Level::Allow),
            (warn, Level::Report(Severity::Warning)),
            (deny, Level::Report(Severity::Error)),
        ];
        for (names, level) in groups {
            for name in names {
                if level == Level::Report(Severity::Error)
                    && name.eq_ignore_ascii_case("warnings")
                {
                    out.deny_warnings = true;
                    continue;
                }
                let code = Code::from_name(name)
                    .ok_or_else(|| RunError::UnknownCode(name.clone()))?;
                out.codes.insert(code, level);
            }
        }
        Ok(out)
    }
}

/// Reads a `[severity]` table (code name to level name).
pub fn from_table(
    table: &BTreeMap<String, String>,
    path: &std::path::Path,
) -> Result<Levels, RunError> {
    let error = |message: String| RunError::Config {
        path: path.to_path_buf(),
        message,
    };
    let mut levels = Levels::new();
    for (name, level) in table {
        let code = Code::from_name(name).ok_or_else(|| {
            error(format!("[severity]: unknown code `{name}`"))
        })?;
        let level = Level::parse(level).ok_or_else(|| {
            error(format!(
                "[severity]: `{name} = \"{level}\"`: use error, warning, \
                 info or allow"
            ))
        })?;
        levels.insert(code, level);
    }
    Ok(levels)
}

/// Applies each pack's levels (by the root as shown) and then the command
/// line's to `diagnostics`.
pub fn apply(
    diagnostics: Vec<Diagnostic>,
    packs: &HashMap<String, Levels>,
    cli: &Overrides,
) -> Vec<Diagnostic> {
    diagnostics
        .into_iter()
        .filter_map(|mut d| {
            let pack = packs.get(&d.root).and_then(|l| l.get(&d.code));
            let level = cli.codes.get(&d.code).or(pack).copied();
            match level {
                Some(Level::Allow) => return None,
                Some(Level::Report(severity)) => d.severity = severity,
                None => {}
            }
            if cli.deny_warnings && d.severity == Severity::Warning {
                d.severity = Severity::Error;
            }
            Some(d)
        })
        .collect()
}
