//! Answers to the client's requests. A request that cannot be read is
//! answered with an error; one about a document that is not open, or a
//! place with nothing to say, with `null`.

use lsp_server::{ErrorCode, Request, Response};
use lsp_types::request::{Completion, HoverRequest, Request as _};
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, CompletionResponse,
    CompletionTextEdit, Hover, HoverContents, HoverParams, MarkupContent,
    MarkupKind, Range, TextEdit,
};
use serde_json::Value;

use std::collections::HashMap;
use std::path::PathBuf;

use crate::documents::{Document, Documents};
use crate::hover::FindingAt;
use crate::{completion, hover};

/// What requests read: the open documents and their findings' places.
pub struct State<'a> {
    /// The open documents.
    pub documents: &'a Documents,
    /// The findings' codes and byte ranges, by canonical path.
    pub findings: &'a HashMap<PathBuf, Vec<FindingAt>>,
}

/// The response to `request`.
pub fn answer(server: &State<'_>, request: Request) -> Response {
    let id = request.id.clone();
    let result = match request.method.as_str() {
        HoverRequest::METHOD => read(&request).map(|p| hover(server, p)),
        Completion::METHOD => read(&request).map(|p| complete(server, p)),
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
