//! The permanent finding codes. A code is never renumbered or reused: CI
//! configurations, editor integrations and bug reports quote them, so a
//! retired rule keeps its number and a new rule takes the next one.
//! `RULES.md` is generated from this table (see `tests/rules_doc.rs`).

use crate::diagnostic::Severity;

/// One finding code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// Syntax error.
    Sch001,
    /// Schema violation.
    Sch002,
    /// Unknown or missing `kind`.
    Sch003,
    /// Unsupported `format_version`.
    Sch004,
    /// Empty, binary or unreadable file.
    Sch005,
    /// Referenced file missing.
    Ref001,
    /// Reference escapes the pack root.
    Ref002,
    /// Duplicate id.
    Ref003,
    /// Unknown unit.
    Ref004,
    /// Unknown formation.
    Ref005,
    /// Unknown place, road, edge or entry point.
    Ref006,
    /// Hex not on the map.
    Ref007,
    /// Id not defined by the series.
    Ref008,
    /// Hexside between non-adjacent hexes.
    Ref009,
    /// Referenced file has the wrong kind or does not load.
    Ref010,
    /// Unknown side, nationality or marker.
    Ref011,
    /// Road with a gap.
    Ref012,
    /// Series `extends` cycle.
    Ref013,
    /// Unstructured placement.
    Ref014,
    /// Directed hexside feature without a valid high hex.
    Ref015,
}

/// The documentation of one code.
pub struct Rule {
    /// One line, used as the SARIF short description.
    pub summary: &'static str,
    /// What it checks.
    pub what: &'static str,
    /// Why it matters.
    pub why: &'static str,
    /// A small example that triggers it.
    pub example: &'static str,
    /// The rulebook section it enforces, where there is one.
    pub rulebook: Option<&'static str>,
}

impl Code {
    /// Every code, in order.
    pub const ALL: [Code; 20] = [
        Self::Sch001,
        Self::Sch002,
        Self::Sch003,
        Self::Sch004,
        Self::Sch005,
        Self::Ref001,
        Self::Ref002,
        Self::Ref003,
        Self::Ref004,
        Self::Ref005,
        Self::Ref006,
        Self::Ref007,
        Self::Ref008,
        Self::Ref009,
        Self::Ref010,
        Self::Ref011,
        Self::Ref012,
        Self::Ref013,
        Self::Ref014,
        Self::Ref015,
    ];

    /// The code as printed, `REF007`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sch001 => "SCH001",
            Self::Sch002 => "SCH002",
            Self::Sch003 => "SCH003",
            Self::Sch004 => "SCH004",
            Self::Sch005 => "SCH005",
            Self::Ref001 => "REF001",
            Self::Ref002 => "REF002",
            Self::Ref003 => "REF003",
            Self::Ref004 => "REF004",
            Self::Ref005 => "REF005",
            Self::Ref006 => "REF006",
            Self::Ref007 => "REF007",
            Self::Ref008 => "REF008",
            Self::Ref009 => "REF009",
            Self::Ref010 => "REF010",
            Self::Ref011 => "REF011",
            Self::Ref012 => "REF012",
            Self::Ref013 => "REF013",
            Self::Ref014 => "REF014",
            Self::Ref015 => "REF015",
        }
    }

    /// The code printed as `text` (any case).
    pub fn from_name(text: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|c| c.as_str().eq_ignore_ascii_case(text))
    }

    /// The severity findings of this code have.
    pub fn severity(self) -> Severity {
        match self {
            Self::Ref014 => Severity::Info,
            _ => Severity::Error,
        }
    }

    /// One-line summary.
    pub fn summary(self) -> &'static str {
        self.rule().summary
    }

    /// The long explanation, as `berthier-validate rule CODE` prints it.
    pub fn explain(self) -> String {
        let rule = self.rule();
        let rulebook = rule
            .rulebook
            .unwrap_or("none: a data-integrity check, not a game rule");
        format!(
            "{} ({}): {}\n\n## What it does\n{}\n\n## Why\n{}\n\n\
             ## Example\n```\n{}\n```\n\nRulebook: {}\n",
            self.as_str(),
            self.severity().as_str(),
            rule.summary,
            rule.what,
            rule.why,
            rule.example,
            rulebook,
        )
    }

    /// The documentation table.
    pub fn rule(self) -> Rule {
        crate::rules::rule(self)
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}
