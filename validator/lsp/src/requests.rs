//! Answers to the client's requests. A request that cannot be read is
//! answered with an error; one about a document that is not open, or a
//! place with nothing to say, with `null`.

use lsp_server::{ErrorCode, Request, Response};
use lsp_types::request::{
    CodeActionRequest, Completion, DocumentSymbolRequest, GotoDefinition,
    HoverRequest, References, Rename, Request as _,
};
use lsp_types::{
    CodeActionOrCommand, CodeActionParams, CompletionItem, CompletionItemKind,
    CompletionParams, CompletionResponse, CompletionTextEdit, DocumentSymbol,
    DocumentSymbolParams, DocumentSymbolResponse, GotoDefinitionParams,
    GotoDefinitionResponse, Hover, HoverContents, HoverParams, Location,
    MarkupContent, MarkupKind, Range, ReferenceParams, RenameParams,
    SymbolKind, TextDocumentPositionParams, TextEdit, WorkspaceEdit,
};
use serde_json::Value;

use std::collections::HashMap;
use std::path::PathBuf;

use crate::documents::{Document, Documents};
use crate::hover::FindingAt;
use crate::ids::Texts as _;
use crate::position::LineIndex;
use crate::references::{self as refs, Occurrence, RenameError};
use crate::{
    completion, context, definition, document_fix, hover, pack, quick_fix,
    symbols, uri,
};

/// What requests read: the open documents and their findings' places.
pub struct State<'a> {
    /// The open documents.
    pub documents: &'a Documents,
    /// The findings' codes and byte ranges, by canonical path.
    pub findings: &'a HashMap<PathBuf, Vec<FindingAt>>,
    /// The client's workspace folders.
    pub workspace: &'a [PathBuf],
}

/// The response to `request`. A bug that panics answering one request
/// becomes that request's error, not the end of the server the editor
/// relies on.
pub fn answer(server: &State<'_>, request: Request) -> Response {
    let id = request.id.clone();
    let method = request.method.clone();
    let answered =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            dispatch(server, request)
        }));
    answered.unwrap_or_else(|_| {
        let message = format!("berthier-lsp failed answering {method}");
        Response::new_err(id, ErrorCode::InternalError as i32, message)
    })
}

fn dispatch(server: &State<'_>, request: Request) -> Response {
    let id = request.id.clone();
    let result = match request.method.as_str() {
        HoverRequest::METHOD => read(&request).map(|p| hover(server, p)),
        Completion::METHOD => read(&request).map(|p| complete(server, p)),
        DocumentSymbolRequest::METHOD => {
            read(&request).map(|p| document_symbols(server, p))
        }
        References::METHOD => read(&request).map(|p| references(server, p)),
        Rename::METHOD => match read(&request) {
            Ok(p) => match rename(server, p) {
                Ok(value) => Ok(value),
                Err(e) => {
                    let message = e.to_string();
                    return error_response(
                        &request,
                        ErrorCode::RequestFailed,
                        message,
                    );
                }
            },
            Err(e) => Err(e),
        },
        GotoDefinition::METHOD => read(&request).map(|p| definition(server, p)),
        CodeActionRequest::METHOD => {
            read(&request).map(|p| code_actions(server, p))
        }
        _ => {
            let message = format!("unsupported request {}", request.method);
            return error_response(
                &request,
                ErrorCode::MethodNotFound,
                message,
            );
        }
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err(e) => {
            error_response(&request, ErrorCode::InvalidParams, e.to_string())
        }
    }
}

/// An error response to `request`.
fn error_response(
    request: &Request,
    code: ErrorCode,
    message: String,
) -> Response {
    Response::new_err(request.id.clone(), code as i32, message)
}

fn read<P: serde::de::DeserializeOwned>(
    request: &Request,
) -> Result<P, serde_json::Error> {
    serde_json::from_value(request.params.clone())
}

fn hover(server: &State<'_>, params: HoverParams) -> Value {
    let at = params.text_document_position_params;
    let Some(document) = server.documents.get(&at.text_document.uri) else {
        return Value::Null;
    };
    let Some(path) = document.path.as_deref() else {
        return Value::Null;
    };
    let offset = document.lines.offset(&document.text, at.position);
    let findings = document
        .canonical
        .as_ref()
        .and_then(|c| server.findings.get(c))
        .map_or(&[][..], Vec::as_slice);
    let found =
        hover::hover(path, &document.text, offset, findings, server.documents);
    let Some((markdown, range)) = found else {
        return Value::Null;
    };
    let hover = Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: markdown,
        }),
        range: range.map(|r| range_of(document, r)),
    };
    serde_json::to_value(hover).unwrap_or(Value::Null)
}

fn complete(server: &State<'_>, params: CompletionParams) -> Value {
    let at = params.text_document_position;
    let Some(document) = server.documents.get(&at.text_document.uri) else {
        return Value::Null;
    };
    let Some(path) = document.path.as_deref() else {
        return Value::Null;
    };
    let offset = document.lines.offset(&document.text, at.position);
    let items =
        completion::complete(path, &document.text, offset, server.documents);
    let items: Vec<CompletionItem> =
        items.into_iter().map(|i| to_item(document, i)).collect();
    serde_json::to_value(CompletionResponse::Array(items))
        .unwrap_or(Value::Null)
}

fn definition(server: &State<'_>, params: GotoDefinitionParams) -> Value {
    let at = params.text_document_position_params;
    let Some(document) = server.documents.get(&at.text_document.uri) else {
        return Value::Null;
    };
    let Some(path) = document.path.as_deref() else {
        return Value::Null;
    };
    let offset = document.lines.offset(&document.text, at.position);
    let found =
        definition::definition(path, &document.text, offset, server.documents);
    let Some((target, offset)) = found else {
        return Value::Null;
    };
    let Some(text) = server.documents.text(&target) else {
        return Value::Null;
    };
    let position = LineIndex::new(&text).position(&text, offset);
    let Some(target) = uri::from_path(&target) else {
        return Value::Null;
    };
    let location = Location::new(target, Range::new(position, position));
    serde_json::to_value(GotoDefinitionResponse::Scalar(location))
        .unwrap_or(Value::Null)
}

fn document_symbols(server: &State<'_>, params: DocumentSymbolParams) -> Value {
    let Some(document) = server.documents.get(&params.text_document.uri) else {
        return Value::Null;
    };
    let format = document
        .path
        .as_deref()
        .and_then(berthier_schema::Format::of_path);
    let Some(format) = format else {
        return Value::Null;
    };
    let found = symbols::symbols(&document.text, format);
    let nested: Vec<DocumentSymbol> =
        found.into_iter().map(|s| to_symbol(document, s)).collect();
    serde_json::to_value(DocumentSymbolResponse::Nested(nested))
        .unwrap_or(Value::Null)
}

#[allow(deprecated)] // `deprecated` is a field the type still requires
fn to_symbol(document: &Document, symbol: symbols::Symbol) -> DocumentSymbol {
    let range = range_of(document, symbol.span);
    let children: Vec<DocumentSymbol> = symbol
        .children
        .into_iter()
        .map(|c| to_symbol(document, c))
        .collect();
    DocumentSymbol {
        name: symbol.name,
        detail: Some(symbol.detail),
        kind: SymbolKind::OBJECT,
        tags: None,
        deprecated: None,
        range,
        selection_range: range,
        children: (!children.is_empty()).then_some(children),
    }
}

/// The id under the cursor and the root of its pack.
fn id_at(
    server: &State<'_>,
    at: &TextDocumentPositionParams,
) -> Option<(String, PathBuf)> {
    let document = server.documents.get(&at.text_document.uri)?;
    let path = document.path.as_deref()?;
    let format = berthier_schema::Format::of_path(path)?;
    let offset = document.lines.offset(&document.text, at.position);
    let (id, range) = context::scalar(&document.text, format, offset)?;
    // Only a string value is an id (not a key, a number or a variant).
    document.text.get(range)?.starts_with('"').then_some(())?;
    Some((id, pack::root_of(path, server.workspace)))
}

fn location(occurrence: &Occurrence) -> Option<Location> {
    let (path, text, range) = occurrence;
    let lines = LineIndex::new(text);
    let range = Range::new(
        lines.position(text, range.start),
        lines.position(text, range.end),
    );
    Some(Location::new(uri::from_path(path)?, range))
}

fn references(server: &State<'_>, params: ReferenceParams) -> Value {
    let Some((id, root)) = id_at(server, &params.text_document_position) else {
        return Value::Null;
    };
    let found = refs::find(&root, &id, server.documents);
    let locations: Vec<Location> = found.iter().filter_map(location).collect();
    serde_json::to_value(locations).unwrap_or(Value::Null)
}

// `WorkspaceEdit::changes` is keyed by lsp-types' `Uri`, which clippy
// takes for a mutable key (it caches its parsed parts); it hashes and
// compares by its text, which never changes.
#[allow(clippy::mutable_key_type)]
fn rename(
    server: &State<'_>,
    params: RenameParams,
) -> Result<Value, RenameError> {
    let Some((id, root)) = id_at(server, &params.text_document_position) else {
        return Ok(Value::Null);
    };
    let found = refs::rename(&root, &id, &params.new_name, server.documents)?;
    let new_text = serde_json::to_string(&params.new_name).unwrap_or_default();
    let mut changes: HashMap<lsp_types::Uri, Vec<TextEdit>> = HashMap::new();
    for occurrence in &found {
        if let Some(at) = location(occurrence) {
            let edit = TextEdit {
                range: at.range,
                new_text: new_text.clone(),
            };
            changes.entry(at.uri).or_default().push(edit);
        }
    }
    let edit = WorkspaceEdit {
        changes: Some(changes),
        ..WorkspaceEdit::default()
    };
    Ok(serde_json::to_value(edit).unwrap_or(Value::Null))
}

fn code_actions(server: &State<'_>, params: CodeActionParams) -> Value {
    let uri = params.text_document.uri;
    let Some(document) = server.documents.get(&uri) else {
        return Value::Null;
    };
    let covered = |range: &Range| {
        let start = document.lines.offset(&document.text, range.start);
        let end = document.lines.offset(&document.text, range.end);
        document.text.get(start..end).map(str::to_owned)
    };
    let mut actions: Vec<CodeActionOrCommand> =
        quick_fix::fixes(&uri, &params.context.diagnostics, covered)
            .into_iter()
            .map(CodeActionOrCommand::CodeAction)
            .collect();
    let format = document
        .path
        .as_deref()
        .and_then(berthier_schema::Format::of_path);
    if let Some(format) = format {
        let fixes = document_fix::fixes(
            &document.text,
            format,
            &params.context.diagnostics,
        );
        actions.extend(fixes.into_iter().map(|fix| {
            let edit = TextEdit {
                range: range_of(document, fix.range),
                new_text: fix.text,
            };
            CodeActionOrCommand::CodeAction(quick_fix::action(
                &uri, fix.title, edit,
            ))
        }));
    }
    serde_json::to_value(actions).unwrap_or(Value::Null)
}

fn to_item(document: &Document, item: completion::Item) -> CompletionItem {
    let kind = if item.is_field {
        CompletionItemKind::FIELD
    } else {
        CompletionItemKind::VALUE
    };
    let text_edit = item.replace.map(|r| {
        CompletionTextEdit::Edit(TextEdit {
            range: range_of(document, r),
            new_text: item.insert.clone(),
        })
    });
    CompletionItem {
        // Filtered on the id, with the quotes a string's edit replaces.
        filter_text: Some(item.insert.clone()),
        label: item.label,
        kind: Some(kind),
        detail: Some(item.detail),
        insert_text: Some(item.insert),
        text_edit,
        ..CompletionItem::default()
    }
}

fn range_of(document: &Document, bytes: std::ops::Range<usize>) -> Range {
    Range::new(
        document.lines.position(&document.text, bytes.start),
        document.lines.position(&document.text, bytes.end),
    )
}
