#!/usr/bin/env bash
# Runs every check CI runs, headless: formatting, lints, the schema boundary,
# all tests, the bundled packs, and the external-tool checks.
set -euo pipefail
cd "$(dirname "$0")/.."
export ICED_TEST_BACKEND=tiny-skia
export CARGO_TERM_COLOR=never

step() { printf '\n== %s\n' "$*"; }

step "berthier-schema must not depend on a GUI toolkit"
if cargo tree -p berthier-schema -e normal --prefix none | grep -q '^iced'; then
    echo "berthier-schema depends on iced" >&2
    exit 1
fi

step "cargo fmt --check"
cargo fmt --all -- --check

step "cargo clippy -D warnings"
cargo clippy --workspace --all-targets --quiet -- -D warnings

step "cargo test --workspace"
# Benches are run by `cargo bench`, not here: built in debug they would
# take the CI budget.
cargo test --workspace --lib --bins --tests

step "berthier-validate on the bundled packs"
cargo run --quiet -p berthier-validator -- .

step "external tools: check-jsonschema, GitHub workflow schema, pre-commit"
bash ci/check-external.sh
