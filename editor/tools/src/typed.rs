//! Numbers typed into a window's fields: empty is none, a word is
//! refused (the field then keeps its value, and the window says why).

/// What was typed where a whole number goes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("\"{0}\" is not a whole number")]
pub struct NotANumber(pub String);

/// A number typed in a field: empty is none; a word is an error (the
/// field is then left as it was).
pub fn number<T: std::str::FromStr>(
    typed: &str,
) -> Result<Option<T>, NotANumber> {
    let t = typed.trim();
    if t.is_empty() {
        return Ok(None);
    }
    t.parse().map(Some).map_err(|_| NotANumber(t.to_owned()))
}
