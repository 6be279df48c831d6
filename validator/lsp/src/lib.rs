//! `berthier-lsp`: a language server for Berthier scenario packs. It
//! publishes `berthier-validate`'s findings as the documents are edited
//! (the validator's own session checks the open buffers, so the findings
//! are those of `berthier-validate --format json` once saved), explains
//! a finding's code on hover, describes a unit or formation by its id,
//! and completes field names, enum values, ids and series names.

pub mod completion;
pub mod context;
pub mod definition;
pub mod diagnostics;
pub mod document_fix;
pub mod documents;
pub mod hover;
pub mod ids;
pub mod map_hover;
pub mod pack;
pub mod position;
pub mod quick_fix;
pub mod references;
mod requests;
pub mod schema_walk;
pub mod server;
pub mod symbols;
pub mod transport;
pub mod uri;
pub mod worker;

use lsp_server::{Connection, ProtocolError};
use lsp_types::{
    CodeActionProviderCapability, CompletionOptions, HoverProviderCapability,
    InitializeParams, InitializeResult, OneOf, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind,
};

/// Why the server stopped before the client asked it to.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The client broke the protocol during the handshake or shutdown.
    #[error("protocol: {0}")]
    Protocol(#[from] ProtocolError),
    /// The client's `initialize` parameters cannot be read.
    #[error("initialize parameters: {0}")]
    Initialize(#[from] serde_json::Error),
    /// Writing to the client failed.
    #[error("output: {0}")]
    Io(#[from] std::io::Error),
}

/// Serves one client over stdin and stdout until it exits.
pub fn serve_stdio() -> Result<(), ServeError> {
    let (connection, threads) = transport::stdio();
    serve(connection)?;
    threads.join()?;
    Ok(())
}

/// Serves one client over `connection`: the handshake, then the loop.
pub fn serve(connection: Connection) -> Result<(), ServeError> {
    let (id, params) = connection.initialize_start()?;
    let params: InitializeParams = serde_json::from_value(params)?;
    let result = InitializeResult {
        capabilities: capabilities(),
        server_info: Some(ServerInfo {
            name: "berthier-lsp".to_owned(),
            version: Some(env!("CARGO_PKG_VERSION").to_owned()),
        }),
    };
    connection.initialize_finish(id, serde_json::to_value(result)?)?;
    let mut server = server::Server::new(connection, &params);
    server.run()
}

/// What the server offers.
fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(
            TextDocumentSyncKind::FULL,
        )),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        code_action_provider: Some(CodeActionProviderCapability::Simple(true)),
        definition_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["\"".to_owned(), ":".to_owned()]),
            ..CompletionOptions::default()
        }),
        ..ServerCapabilities::default()
    }
}
