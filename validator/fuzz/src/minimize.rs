//! Shrinks a failing input to a small one that fails the same way, so a
//! regression fixture shows the cause: whole lines first, then bytes.

use std::time::{Duration, Instant};

use crate::seeds::Seed;
use crate::target::{Scratch, Target};
use crate::worker::{Outcome, run_one};

/// How long one failure may be shrunk.
const BUDGET: Duration = Duration::from_secs(30);

/// The smallest input found (within [`BUDGET`]) that still fails with
/// `outcome`'s signature.
pub fn minimize(
    target: Target,
    scratch: &Scratch,
    seed: &Seed,
    input: &[u8],
    outcome: &Outcome,
) -> Vec<u8> {
    let signature = outcome.signature();
    let started = Instant::now();
    let deadline = started + BUDGET;
    let mut fails = |candidate: &[u8]| {
        run_one(target, scratch, seed, candidate).signature() == signature
    };
    let mut best = input.to_vec();
    for unit in [Unit::Lines, Unit::Bytes] {
        best = shrink(best, unit, deadline, &mut fails);
    }
    best
}

#[derive(Clone, Copy)]
enum Unit {
    Lines,
    Bytes,
}

/// Removes chunks of `unit`s, halving the chunk size, while `fails` holds.
fn shrink(
    mut best: Vec<u8>,
    unit: Unit,
    deadline: Instant,
    fails: &mut impl FnMut(&[u8]) -> bool,
) -> Vec<u8> {
    let mut size = pieces(&best, unit).len() / 2;
    while size >= 1 {
        let mut start = 0;
        loop {
            let parts = pieces(&best, unit);
            if Instant::now() > deadline {
                return best;
            }
            if start >= parts.len() {
                break;
            }
            let end = (start + size).min(parts.len());
            let candidate: Vec<u8> = parts[..start]
                .iter()
                .chain(&parts[end..])
                .flat_map(|p| p.iter().copied())
                .collect();
            if fails(&candidate) {
                best = candidate;
            } else {
                start += size;
            }
        }
        size /= 2;
    }
    best
}

fn pieces(input: &[u8], unit: Unit) -> Vec<&[u8]> {
    match unit {
        Unit::Lines => input.split_inclusive(|b| *b == b'\n').collect(),
        Unit::Bytes => input.chunks(1).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinks_to_the_line_that_fails() {
        let input = b"a\nb\nBAD\nc\nd\n".to_vec();
        let mut fails = |c: &[u8]| c.windows(3).any(|w| w == b"BAD");
        let deadline = Instant::now() + BUDGET;
        let lines = shrink(input, Unit::Lines, deadline, &mut fails);
        assert_eq!(lines, b"BAD\n");
        assert_eq!(shrink(lines, Unit::Bytes, deadline, &mut fails), b"BAD");
    }
}
