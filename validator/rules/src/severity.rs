//! How bad a finding is: the one scale the codes' defaults, `berthier.toml`
//! and every renderer use (below both the codes and the findings).

use serde::Serialize;

/// How bad a finding is. Only errors make the run fail.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The pack is broken.
    Error,
    /// Probably a mistake.
    Warning,
    /// Worth knowing.
    Info,
}

impl Severity {
    /// Lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Error => "error",
            Self::Warning => "warning",
            Self::Info => "info",
        }
    }
}
