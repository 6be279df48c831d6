//! Lining up an array before and after an edit, so the elements that did
//! not change keep their text: a longest common subsequence over the
//! middle that differs, after the common ends are set aside.

use serde_json::Value;

/// What became of the elements of an array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Old element `0` is new element `1`, unchanged.
    Keep(usize, usize),
    /// Old element `0` became new element `1` (changed in place).
    Change(usize, usize),
    /// Old element removed.
    Delete(usize),
    /// New element inserted.
    Insert(usize),
}

/// Above this many cell comparisons the middle is paired by position
/// rather than by a longest common subsequence (a table that large would
/// cost seconds; such edits do not come from one editor action).
const MAX_CELLS: usize = 4_000_000;

/// The steps turning `old` into `new`, in order.
pub fn align(old: &[Value], new: &[Value]) -> Vec<Step> {
    let prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let suffix = old[prefix..]
        .iter()
        .rev()
        .zip(new[prefix..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    let (a, b) = (
        &old[prefix..old.len() - suffix],
        &new[prefix..new.len() - suffix],
    );
    let mut steps: Vec<Step> = (0..prefix).map(|i| Step::Keep(i, i)).collect();
    let middle = if a.len().saturating_mul(b.len()) <= MAX_CELLS {
        lcs(a, b)
    } else {
        Vec::new()
    };
    let mut gap = Gap::default();
    let (mut i, mut j) = (0, 0);
    for (x, y) in middle.into_iter().chain([(a.len(), b.len())]) {
        gap.deleted.extend(i..x);
        gap.inserted.extend(j..y);
        gap.flush(prefix, &mut steps);
        if x < a.len() {
            steps.push(Step::Keep(prefix + x, prefix + y));
        }
        (i, j) = (x + 1, y + 1);
    }
    let (old_tail, new_tail) = (old.len() - suffix, new.len() - suffix);
    steps.extend((0..suffix).map(|k| Step::Keep(old_tail + k, new_tail + k)));
    steps
}

/// Elements removed and added between two kept ones: paired in order as
/// changes, the rest deleted or inserted.
#[derive(Default)]
struct Gap {
    deleted: Vec<usize>,
    inserted: Vec<usize>,
}

impl Gap {
    fn flush(&mut self, offset: usize, steps: &mut Vec<Step>) {
        let paired = self.deleted.len().min(self.inserted.len());
        for k in 0..paired {
            steps.push(Step::Change(
                offset + self.deleted[k],
                offset + self.inserted[k],
            ));
        }
        for &d in &self.deleted[paired..] {
            steps.push(Step::Delete(offset + d));
        }
        for &n in &self.inserted[paired..] {
            steps.push(Step::Insert(offset + n));
        }
        self.deleted.clear();
        self.inserted.clear();
    }
}

/// Index pairs of a longest common subsequence of `a` and `b`.
fn lcs(a: &[Value], b: &[Value]) -> Vec<(usize, usize)> {
    let (n, m) = (a.len(), b.len());
    let mut table = vec![0u32; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            table[at(i, j)] = if a[i] == b[j] {
                table[at(i + 1, j + 1)] + 1
            } else {
                table[at(i + 1, j)].max(table[at(i, j + 1)])
            };
        }
    }
    let mut pairs = Vec::new();
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if a[i] == b[j] {
            pairs.push((i, j));
            i += 1;
            j += 1;
        } else if table[at(i + 1, j)] >= table[at(i, j + 1)] {
            i += 1;
        } else {
            j += 1;
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn steps(a: Value, b: Value) -> Vec<Step> {
        align(a.as_array().expect("a"), b.as_array().expect("b"))
    }

    #[test]
    fn insertions_deletions_and_changes() {
        use Step::*;
        assert_eq!(
            steps(json!([1, 2, 3]), json!([1, 9, 2, 3])),
            [Keep(0, 0), Insert(1), Keep(1, 2), Keep(2, 3)]
        );
        assert_eq!(
            steps(json!([1, 2, 3]), json!([1, 3])),
            [Keep(0, 0), Delete(1), Keep(2, 1)]
        );
        assert_eq!(
            steps(json!([1, 2, 3]), json!([1, 5, 3])),
            [Keep(0, 0), Change(1, 1), Keep(2, 2)]
        );
        assert_eq!(steps(json!([]), json!([7])), [Insert(0)]);
        assert_eq!(
            steps(json!([4, 1, 2]), json!([1, 2, 4])),
            [Delete(0), Keep(1, 0), Keep(2, 1), Insert(2)]
        );
    }

    #[test]
    fn every_element_is_accounted_for_once() {
        let a: Vec<Value> = (0..40).map(|i| json!(i % 7)).collect();
        let b: Vec<Value> = (0..33).map(|i| json!((i * 3) % 5)).collect();
        let s = align(&a, &b);
        let mut old = vec![0; a.len()];
        let mut new = vec![0; b.len()];
        for step in s {
            match step {
                Step::Keep(i, j) | Step::Change(i, j) => {
                    old[i] += 1;
                    new[j] += 1;
                }
                Step::Delete(i) => old[i] += 1,
                Step::Insert(j) => new[j] += 1,
            }
        }
        assert!(old.iter().chain(&new).all(|&c| c == 1));
    }
}
