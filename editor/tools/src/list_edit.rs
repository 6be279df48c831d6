//! Copying and deleting one entry of a document's list, as each
//! Duplicate and Delete button of the Setup and Timeline screens does
//! (instructions, arrivals, victory conditions).

/// Puts a copy of entry `i` right after it, `fresh` clearing what must
/// stay unique (an id); the copy's index.
pub fn duplicate<T: Clone>(
    list: &mut Vec<T>,
    i: usize,
    fresh: impl FnOnce(&mut T),
) -> Option<usize> {
    let mut copy = list.get(i)?.clone();
    fresh(&mut copy);
    list.insert(i + 1, copy);
    Some(i + 1)
}

/// Deletes entry `i`; whether there was one.
pub fn delete<T>(list: &mut Vec<T>, i: usize) -> bool {
    let there = i < list.len();
    if there {
        list.remove(i);
    }
    there
}
