#!/usr/bin/env bash
# Checks Berthier's published artefacts with tools that are not Berthier:
# - the committed JSON Schemas accept the fixture pack and every bundled
#   document (Python's check-jsonschema, an independent validator);
# - the GitHub workflow templates (one runner, and sharded) are valid
#   workflows;
# - .pre-commit-hooks.yaml is a valid pre-commit manifest, and the
#   .pre-commit-config.yaml and workflow `berthier-validate init` writes are
#   valid;
# - `berthier-tools export-tiled` writes maps that Tiled's own command line
#   and Python's pytmx read with the map's hexes and terrain (Debian's
#   `tiled` package, installed here when missing and allowed).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=target/ci-venv
if [ ! -x "$venv/bin/check-jsonschema" ] || [ ! -x "$venv/bin/pre-commit" ] \
    || ! "$venv/bin/python" -c 'import pytmx' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check \
        'check-jsonschema>=0.29' 'pre-commit>=3' 'pytmx>=3.32'
fi

# The binaries `cargo test --workspace` builds (a no-op after ci/test.sh's
# test step; building one package with -p would resolve other features
# and compile its dependencies again).
cargo test --quiet --workspace --lib --bins --tests --no-run
validate=target/debug/berthier-validate

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

checked=0
while IFS= read -r file; do
    kind=$(basename "$file" .ron)
    kind=${kind##*.}
    case "$kind" in series|map|counters|scenario|game) ;; *) continue ;; esac
    json="$out/$(echo "$file" | tr '/' '_').json"
    "$validate" convert "$file" --to json --out "$json"
    "$venv/bin/check-jsonschema" --quiet \
        --schemafile "schema/json/$kind.schema.json" "$json"
    checked=$((checked + 1))
done < <(find schema/tests/fixtures/mini schema/series maps counters scenarios \
    -name '*.ron' 2>/dev/null | sort)
echo "check-jsonschema: $checked documents valid against schema/json"

for workflow in ci/github/berthier-validate.yml \
    ci/github/berthier-validate-sharded.yml; do
    "$venv/bin/check-jsonschema" --quiet --builtin-schema vendor.github-workflows \
        "$workflow"
    echo "check-jsonschema: $workflow is a valid workflow"
done

"$venv/bin/pre-commit" validate-manifest .pre-commit-hooks.yaml
echo "pre-commit: .pre-commit-hooks.yaml is a valid manifest"

# The files `berthier-validate init` writes into a new pack.
"$validate" init "$out/pack" >/dev/null
"$venv/bin/pre-commit" validate-config "$out/pack/.pre-commit-config.yaml"
# and the building hook `init --hook build` writes instead.
"$validate" init "$out/built" --hook build --no-example >/dev/null
"$venv/bin/pre-commit" validate-config "$out/built/.pre-commit-config.yaml"
"$venv/bin/check-jsonschema" --quiet --builtin-schema vendor.github-workflows \
    "$out/pack/.github/workflows/berthier-validate.yml"
echo "pre-commit, check-jsonschema: the configuration and workflow init writes are valid"

if ! command -v tiled >/dev/null; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        apt-get install -y -q tiled >/dev/null
    else
        echo "Tiled's command line is missing: install Debian's 'tiled' package" >&2
        exit 1
    fi
fi
"$venv/bin/python" ci/check-tiled.py target/debug/berthier-tools "$validate" \
    "$(command -v tiled)" maps/*/*.map.ron 2> >(grep -v pygame >&2)
