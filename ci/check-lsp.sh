#!/usr/bin/env bash
# The language server driven by a real LSP client: pytest-lsp (from PyPI,
# installed into target/lsp-venv) starts target/debug/berthier-lsp, opens
# documents of a copy of the mini pack and compares what it publishes
# with target/debug/berthier-validate --format json; malformed messages, a
# 50 MB document and a million-entry setup must not crash or hang it.
# Both binaries are those `cargo test --workspace` built (ci/test.sh's
# test step): nothing is compiled again here.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/lsp-venv
if ! "$venv/bin/python" -c 'import pytest_lsp' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check \
        'pytest-lsp>=1,<2'
fi

target=${CARGO_TARGET_DIR:-target}
export BERTHIER_LSP=${BERTHIER_LSP:-$target/debug/berthier-lsp}
export BERTHIER_VALIDATE=${BERTHIER_VALIDATE:-$target/debug/berthier-validate}
for binary in "$BERTHIER_LSP" "$BERTHIER_VALIDATE"; do
    if [ ! -x "$binary" ]; then
        echo "missing $binary: run cargo test --workspace first" >&2
        exit 2
    fi
done
"$venv/bin/python" -m pytest -q -p no:cacheprovider validator/lsp/tests/e2e
