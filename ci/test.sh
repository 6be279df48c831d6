#!/usr/bin/env bash
# Runs every check CI runs, headless: formatting, lints, the schema boundary,
# all tests, the bundled packs, and the external-tool checks.
set -euo pipefail
cd "$(dirname "$0")/.."
export ICED_TEST_BACKEND=tiny-skia
export CARGO_TERM_COLOR=never

# Each step prints the seconds since the start, so a slow step shows in
# CI's log (the budget is 25 minutes on 2 cores with a cold cache).
started=$SECONDS
step() { printf '\n== [%ds] %s\n' "$((SECONDS - started))" "$*"; }

step "berthier-schema must not depend on a GUI toolkit"
if cargo tree -p berthier-schema -e normal --prefix none | grep -q '^iced'; then
    echo "berthier-schema depends on iced" >&2
    exit 1
fi

step "berthier-editor must not link the validator's CLI (allocator, file walking)"
# The editor links the rules library and berthier-validator's library
# without its `cli` feature (live findings), never the allocator or walking.
# The tree is captured first so that a failing `cargo tree` fails the step.
editor_tree=$(cargo tree -p berthier-editor -e normal --prefix none)
if grep -E '^(mimalloc|walkdir) ' <<<"$editor_tree"; then
    echo "berthier-editor depends on mimalloc or walkdir" >&2
    exit 1
fi

step "berthier-rules must not depend on a CLI, file walking, config or GUI"
rules_tree=$(cargo tree -p berthier-rules -e normal --prefix none)
if grep -E '^(clap|walkdir|mimalloc|toml|iced)[ _]' <<<"$rules_tree"; then
    echo "berthier-rules depends on one of the above" >&2
    exit 1
fi

step "berthier-validator's library must not depend on clap"
# Its API takes plain options (RunOptions, Conversion, SeriesAction,
# NewPack); only the binary's own `cli.rs` parses a command line.
validator_tree=$(cargo tree -p berthier-validator --no-default-features \
    -e normal --prefix none)
if grep -E '^clap ' <<<"$validator_tree"; then
    echo "berthier-validator's library depends on clap" >&2
    exit 1
fi

step "berthier-tools must not depend on a GUI toolkit or a CLI"
# The workshop library (libtiled to the editor) serves the command-line
# tools and the fuzzer, which must build no GUI.
tools_tree=$(cargo tree -p berthier-tools -e normal --prefix none)
if grep -E '^(iced|wgpu|winit|clap|rfd)[ _]' <<<"$tools_tree"; then
    echo "berthier-tools depends on one of the above" >&2
    exit 1
fi

step "berthier-tools (the command-line tools) must not link a GUI toolkit"
cli_tree=$(cargo tree -p berthier-tools-cli -e normal --prefix none)
if grep -E '^(iced|wgpu|winit|rfd)[ _]' <<<"$cli_tree"; then
    echo "berthier-tools-cli depends on one of the above" >&2
    exit 1
fi

step "berthier-lsp (the language server) must not link a GUI toolkit"
lsp_tree=$(cargo tree -p berthier-lsp -e normal --prefix none)
if grep -E '^(iced|wgpu|winit|rfd)[ _]' <<<"$lsp_tree"; then
    echo "berthier-lsp depends on one of the above" >&2
    exit 1
fi

step "every crate: no circle of imports between top-level modules"
# Layers drawn from the imports: editor above tools above validator and
# rules above schema, and inside each crate no two modules import each
# other, directly or around a circle.
python3 ci/module-cycles.py schema/src validator/rules/src validator/src \
    validator/lsp/src \
    editor/tools/src editor/cli/src editor/src

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings

step "the PDF reader the counter-sheet test reads its pages with (poppler)"
# tests/all/counter_pdf.rs measures the PDF through pdfinfo and pdftoppm.
if ! command -v pdftoppm >/dev/null || ! command -v pdfinfo >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get install -y -q --no-install-recommends poppler-utils >/dev/null
    else
        echo "missing: install Debian's poppler-utils" >&2
        exit 1
    fi
fi

step "cargo test --workspace"
# Benches are run by `cargo bench`, not here: built in debug they would
# take the CI budget.
cargo test --workspace --lib --bins --tests

# The later steps run the binaries this step built (target/debug): asking
# cargo for one package again (`cargo run -p`, `cargo build -p`) resolves
# that package's features alone, without the editor's and the tests', and
# compiles the shared dependencies a second time.
step "berthier-validate on the bundled packs"
target/debug/berthier-validate .

step "the language server with a real LSP client (pytest-lsp)"
bash ci/check-lsp.sh

step "the editor on wgpu (Mesa's lavapipe) draws as on tiny-skia"
bash ci/check-renderer.sh target/debug/berthier-editor

step "a pack in its own repository: cargo install, init, validate"
bash ci/pack-repo.sh

step "a short fuzzing run of every target (about 2 minutes)"
bash ci/fuzz-short.sh

step "external tools: check-jsonschema, GitHub workflow schema, pre-commit"
bash ci/check-external.sh

step "done"
