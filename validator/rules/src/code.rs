//! The permanent finding codes. A code is never renumbered or reused: CI
//! configurations, editor integrations and bug reports quote them, so a
//! retired rule keeps its number and a new rule takes the next one.
//! `RULES.md` is generated from this table (see
//! `validator/tests/rules_doc.rs`).

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
    /// Illegal stack under the series' stacking rules.
    Stk001,
    /// Friendly and enemy units in one hex.
    Stk002,
    /// Stacking limit not checkable: rating unknown.
    Stk003,
    /// Unit in an impassable hex.
    Ter001,
    /// Unit class may not be in this terrain.
    Ter002,
    /// Formation not allowed here, or mandatory formation missing.
    Ter003,
    /// Terrain of a setup hex unknown.
    Ter004,
    /// Setup hex outside the unit's placement.
    Set001,
    /// Placement cannot be decided.
    Set002,
    /// Unit accounted for zero or several times.
    Set003,
    /// Leader not with a unit it must join.
    Set004,
    /// Stacked units do not share a facing.
    Fac001,
    /// Mixed-order stack shares too few front hexes.
    Fac002,
    /// Formation hierarchy loops.
    Oob001,
    /// Formation without activation markers or a proper commander.
    Oob002,
    /// Attachment does not resolve.
    Oob003,
    /// Morale group steps differ from its units.
    Oob004,
    /// Demoralization level is not half the steps.
    Oob005,
    /// Morale group steps not checkable: steps unknown.
    Oob006,
    /// Victory location not on the map or not an edge.
    Vic001,
    /// Arrival time not a turn of the game.
    Ent001,
    /// Reinforcement entry without a passable hex.
    Ent002,
    /// Reinforcements cannot all enter on their turn.
    Ent003,
    /// Friendly units set up on their own entry hex.
    Ent004,
    /// Unit set up on or next to an enemy entry hex.
    Ent005,
    /// Activation markers not in the pool when needed.
    Ent006,
    /// Reinforcement entry hex not on a map edge.
    Ent007,
    /// Road crosses an impassable hexside without a bridge or ford.
    Map001,
    /// Slope whose high hex has the lower level.
    Map002,
    /// Map entry point not on a map edge.
    Map003,
    /// Level change between hexes with no slope between them.
    Map004,
}

/// The documentation of one code.
#[derive(Debug, Clone, PartialEq, Eq)]
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
    pub const ALL: [Code; 51] = [
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
        Self::Stk001,
        Self::Stk002,
        Self::Stk003,
        Self::Ter001,
        Self::Ter002,
        Self::Ter003,
        Self::Ter004,
        Self::Set001,
        Self::Set002,
        Self::Set003,
        Self::Set004,
        Self::Fac001,
        Self::Fac002,
        Self::Oob001,
        Self::Oob002,
        Self::Oob003,
        Self::Oob004,
        Self::Oob005,
        Self::Oob006,
        Self::Vic001,
        Self::Ent001,
        Self::Ent002,
        Self::Ent003,
        Self::Ent004,
        Self::Ent005,
        Self::Ent006,
        Self::Ent007,
        Self::Map001,
        Self::Map002,
        Self::Map003,
        Self::Map004,
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
            Self::Stk001 => "STK001",
            Self::Stk002 => "STK002",
            Self::Stk003 => "STK003",
            Self::Ter001 => "TER001",
            Self::Ter002 => "TER002",
            Self::Ter003 => "TER003",
            Self::Ter004 => "TER004",
            Self::Set001 => "SET001",
            Self::Set002 => "SET002",
            Self::Set003 => "SET003",
            Self::Set004 => "SET004",
            Self::Fac001 => "FAC001",
            Self::Fac002 => "FAC002",
            Self::Oob001 => "OOB001",
            Self::Oob002 => "OOB002",
            Self::Oob003 => "OOB003",
            Self::Oob004 => "OOB004",
            Self::Oob005 => "OOB005",
            Self::Oob006 => "OOB006",
            Self::Vic001 => "VIC001",
            Self::Ent001 => "ENT001",
            Self::Ent002 => "ENT002",
            Self::Ent003 => "ENT003",
            Self::Ent004 => "ENT004",
            Self::Ent005 => "ENT005",
            Self::Ent006 => "ENT006",
            Self::Ent007 => "ENT007",
            Self::Map001 => "MAP001",
            Self::Map002 => "MAP002",
            Self::Map003 => "MAP003",
            Self::Map004 => "MAP004",
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
            Self::Ref014
            | Self::Stk003
            | Self::Ter004
            | Self::Set002
            | Self::Oob005
            | Self::Oob006
            | Self::Map004 => Severity::Info,
            Self::Oob002
            | Self::Ent003
            | Self::Ent004
            | Self::Ent006
            | Self::Ent007
            | Self::Map002
            | Self::Map003 => Severity::Warning,
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
