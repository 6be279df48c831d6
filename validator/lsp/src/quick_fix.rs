//! Quick fixes: a finding whose help says "did you mean `X`?" offers to
//! write `X` in place of what its range covers, quoted as that was.

use lsp_types::{
    CodeAction, CodeActionKind, Diagnostic, TextEdit, Uri, WorkspaceEdit,
};

use crate::diagnostics::SOURCE;

/// The name a finding's message suggests, if it suggests one.
pub fn suggested(message: &str) -> Option<&str> {
    let rest = message.split("did you mean `").nth(1)?;
    let name = rest.split('`').next()?;
    (!name.is_empty()).then_some(name)
}

/// The quick fixes for the findings of `uri` that the client sends back
/// (those at the cursor); `covered` gives the text a range covers now.
pub fn fixes(
    uri: &Uri,
    diagnostics: &[Diagnostic],
    covered: impl Fn(&lsp_types::Range) -> Option<String>,
) -> Vec<CodeAction> {
    diagnostics
        .iter()
        .filter(|d| d.source.as_deref() == Some(SOURCE))
        .filter_map(|d| {
            let name = suggested(&d.message)?;
            let was = covered(&d.range)?;
            let new_text = if was.starts_with('"') {
                serde_json::to_string(name).ok()?
            } else {
                name.to_owned()
            };
            if new_text == was {
                return None;
            }
            let edit = TextEdit {
                range: d.range,
                new_text,
            };
            let mut action =
                action(uri, format!("Replace with `{name}`"), edit);
            action.diagnostics = Some(vec![d.clone()]);
            action.is_preferred = Some(true);
            Some(action)
        })
        .collect()
}

/// A quick fix titled `title` that makes `edit` in `uri`.
// `WorkspaceEdit::changes` is keyed by lsp-types' `Uri`, which clippy
// takes for a mutable key (it caches its parsed parts); it hashes and
// compares by its text, which never changes.
#[allow(clippy::mutable_key_type)]
pub fn action(uri: &Uri, title: String, edit: TextEdit) -> CodeAction {
    let changes = [(uri.clone(), vec![edit])].into_iter().collect();
    CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        edit: Some(WorkspaceEdit {
            changes: Some(changes),
            ..WorkspaceEdit::default()
        }),
        ..CodeAction::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suggestion_is_read_from_the_help() {
        let message = "unknown field `facng`\nhelp: did you mean `facing`?";
        assert_eq!(suggested(message), Some("facing"));
        assert_eq!(suggested("unit `b9` is not in the counters file"), None);
    }
}
