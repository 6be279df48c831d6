#!/usr/bin/env bash
# Runs every test of the workspace, headless, as CI does.
set -euo pipefail
cd "$(dirname "$0")/.."
export ICED_TEST_BACKEND=tiny-skia
export CARGO_TERM_COLOR=never

# The model crate must never depend on a GUI toolkit.
if cargo tree -p berthier-schema -e normal --prefix none | grep -q '^iced'; then
    echo "berthier-schema depends on iced" >&2
    exit 1
fi

cargo test --workspace --all-targets
