//! `--shard I/N`: one CI runner validates a deterministic share of a pack
//! too large for one machine. The walked files, sorted by path, are dealt
//! round-robin: the k-th file (from 0) belongs to shard `k mod N + 1`.
//! Scenarios are spread evenly, and every other file (maps, counters,
//! series, files no scenario uses) belongs to exactly one shard too, so
//! the shards together check every file once. A shard still reads the
//! documents its scenarios depend on (through the run's cache), but
//! reports their own findings only in the shard they belong to. A finding
//! a variant's check locates in its base scenario belongs to the base's
//! shard, which checks the variants of its bases too (the pipeline's
//! `inheriting_variants`): the shards' findings add up to the unsharded
//! run's exactly, text included, in every format (`tests/shard.rs`), and
//! their SARIF logs merge into one upload (`berthier-validate
//! merge-sarif`).

use std::fmt;
use std::str::FromStr;

/// Shard `index` of `count` (1-based, as CI matrices count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shard {
    /// From 1 to `count`.
    pub index: usize,
    /// How many shards the files are dealt into.
    pub count: usize,
}

impl Shard {
    /// Whether the `position`-th walked file (from 0, in path order)
    /// belongs to this shard.
    pub fn owns(self, position: usize) -> bool {
        position % self.count + 1 == self.index
    }
}

/// Why a `--shard` value is not one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// No `/`.
    #[error("`{0}` is not I/N (for example 2/4)")]
    NotAFraction(String),
    /// I or N is not a whole number.
    #[error("`{part}` in `{text}` is not a number")]
    NotANumber {
        /// The part that is not.
        part: String,
        /// The whole value.
        text: String,
    },
    /// I is 0 or above N, or N is 0.
    #[error("`{0}`: the shard must be between 1 and N, N at least 1")]
    OutOfRange(String),
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(text: &str) -> Result<Self, ShardError> {
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| ShardError::NotAFraction(text.to_owned()))?;
        let number = |s: &str| {
            s.trim()
                .parse::<usize>()
                .map_err(|_| ShardError::NotANumber {
                    part: s.to_owned(),
                    text: text.to_owned(),
                })
        };
        let (index, count) = (number(index)?, number(count)?);
        if count == 0 || index == 0 || index > count {
            return Err(ShardError::OutOfRange(text.to_owned()));
        }
        Ok(Self { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

#[cfg(test)]
mod tests {
    use super::Shard;

    #[test]
    fn shards_parse_and_deal_every_file_once() {
        let shards: Vec<Shard> =
            (1..=3).map(|i| format!("{i}/3").parse().unwrap()).collect();
        for position in 0..10 {
            let owners = shards.iter().filter(|s| s.owns(position)).count();
            assert_eq!(owners, 1, "{position}");
        }
        assert!("0/3".parse::<Shard>().is_err());
        assert!("4/3".parse::<Shard>().is_err());
        assert!("1/0".parse::<Shard>().is_err());
        assert!("1-3".parse::<Shard>().is_err());
        assert_eq!("2/5".parse::<Shard>().unwrap().to_string(), "2/5");
    }
}
