//! `--shard I/N`: one CI runner validates a deterministic share of a pack
//! too large for one machine. The walked files, sorted by path, are dealt
//! round-robin: the k-th file (from 0) belongs to shard `k mod N + 1`.
//! Scenarios are spread evenly, and every other file (maps, counters,
//! series, files no scenario uses) belongs to exactly one shard too, so
//! the shards together check every file once. A shard still reads the
//! documents its scenarios depend on (through the run's cache), but
//! reports their own findings only in the shard they belong to: the union
//! of the shards' findings is the unsharded run's
//! (`tests/shard.rs`), and their SARIF logs merge into one upload
//! (`berthier-validate merge-sarif`).

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

impl FromStr for Shard {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let (index, count) = text
            .split_once('/')
            .ok_or_else(|| format!("`{text}` is not I/N (for example 2/4)"))?;
        let number = |s: &str| {
            s.trim()
                .parse::<usize>()
                .map_err(|_| format!("`{s}` in `{text}` is not a number"))
        };
        let (index, count) = (number(index)?, number(count)?);
        if count == 0 || index == 0 || index > count {
            return Err(format!(
                "`{text}`: the shard must be between 1 and N, N at least 1"
            ));
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
