//! `berthier-lsp`: the language server over stdio (see the crate's
//! README for each editor's configuration).

use std::process::ExitCode;

fn main() -> ExitCode {
    match berthier_lsp::serve_stdio() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            berthier_lsp::transport::log(&e.to_string());
            ExitCode::FAILURE
        }
    }
}
