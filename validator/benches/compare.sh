#!/usr/bin/env bash
# Berthier against schema-only validators on the benchmark pack (issue 16):
# writes the synthetic pack (benches/synthetic) at 1,000 and 10,000
# scenarios, converts the 1,000-scenario pack to JSON file by file with
# `berthier-validate convert`, then measures
# - wall and CPU time with hyperfine (`berthier-validate` on the RON pack,
#   each schema-only tool on the JSON copy, one call per document kind);
# - peak memory with `/usr/bin/time -v` (maximum resident set size).
#
# Tools looked for (each row is skipped when its tool is missing):
#   jsonschema-cli    cargo install jsonschema-cli --locked --root /tmp/tools
#   hyperfine         cargo install hyperfine --version 1.20.0 --locked --root /tmp/tools
#   ajv (ajv-cli 5)   npm install --prefix /tmp/ajv ajv-cli
#   check-jsonschema  python3 -m venv /tmp/cj && /tmp/cj/bin/pip install check-jsonschema
# Override their paths with JSONSCHEMA, HYPERFINE, AJV, CHECK_JSONSCHEMA.
#
# Run from the repository root after
#   cargo build --release -p berthier-validator
#   validator/benches/compare.sh [WORK_FOLDER]   (default /tmp/berthier-compare)
# The machine should be quiet: wall times are meaningless under load (CPU
# times and memory are steadier); hyperfine takes the mean and min of runs.
set -euo pipefail
cd "$(dirname "$0")/../.."

work=${1:-/tmp/berthier-compare}
validate=$PWD/target/release/berthier-validate
hyperfine=${HYPERFINE:-$(command -v hyperfine || echo /tmp/tools/bin/hyperfine)}
jsonschema=${JSONSCHEMA:-$(command -v jsonschema-cli || echo /tmp/tools/bin/jsonschema-cli)}
ajv=${AJV:-$(command -v ajv || echo /tmp/ajv/node_modules/.bin/ajv)}
check=${CHECK_JSONSCHEMA:-$(command -v check-jsonschema || echo /tmp/cj/bin/check-jsonschema)}
schemas=$PWD/schema/json
kinds="series map counters scenario"

[ -x "$validate" ] || { echo "build it first: cargo build --release -p berthier-validator" >&2; exit 2; }

write_pack() { # scenarios folder
    [ -d "$2" ] && return
    BERTHIER_BENCH_SCENARIOS=$1 BERTHIER_BENCH_WRITE=$2 \
        cargo bench -q -p berthier-validator --bench pack
}
write_pack 1000 "$work/p1000"
write_pack 10000 "$work/p10000"

json=$work/pj1000
if [ ! -d "$json" ]; then
    mkdir -p "$json"
    for f in "$work"/p1000/*.ron; do
        name=$(basename "$f" .ron)
        "$validate" convert "$f" --to json --out "$json/$name.json"
    done
fi

# One command line per tool, each checking every kind of the JSON copy.
# $3: how the files are given: "each" (`-i F` per file, jsonschema-cli),
# "glob" (one quoted pattern the tool expands, ajv), "list" (the shell
# expands it, check-jsonschema).
per_kind() { # before-schema before-files mode
    local line="" files
    for k in $kinds; do
        case $3 in
            each) files=$(printf -- "$2 %s " "$json"/*."$k".json) ;;
            glob) files="$2 '$json/*.$k.json'" ;;
            *) files="$2 $json/*.$k.json" ;;
        esac
        line+="$1 $schemas/$k.schema.json $files >/dev/null && "
    done
    echo "${line}true"
}
commands=("$validate $work/p1000")
names=("berthier-validate (RON, everything)")
if [ -x "$jsonschema" ]; then
    commands+=("$(per_kind "$jsonschema validate --errors-only --offline" -i each)")
    names+=("jsonschema-cli (JSON, schema only)")
fi
if [ -x "$ajv" ]; then
    commands+=("$(per_kind "$ajv validate --spec=draft2020 --strict=false --validate-formats=false -s" -d glob)")
    names+=("ajv-cli (JSON, schema only)")
fi
if [ -x "$check" ]; then
    commands+=("$(per_kind "$check --schemafile" "" list)")
    names+=("check-jsonschema (JSON, schema only)")
fi

echo "== peak memory and CPU (/usr/bin/time -v), 1,000 scenarios"
for i in "${!commands[@]}"; do
    /usr/bin/time -v sh -c "${commands[$i]}" 2>"$work/time.txt" >/dev/null || true
    awk -v n="${names[$i]}" -F': ' '
        /User time/ {u=$2} /System time/ {s=$2} /Elapsed/ {w=$2}
        /Maximum resident/ {m=$2}
        END {printf "%-40s wall %s user %s s sys %s s peak %.1f MB\n", n, w, u, s, m/1024}' \
        "$work/time.txt"
done
for n in 1000 10000; do
    /usr/bin/time -v "$validate" "$work/p$n" 2>"$work/time.txt" >/dev/null || true
    awk -v n="berthier-validate, $n scenarios" -F': ' '
        /User time/ {u=$2} /System time/ {s=$2} /Elapsed/ {w=$2}
        /Maximum resident/ {m=$2}
        END {printf "%-40s wall %s user %s s sys %s s peak %.1f MB\n", n, w, u, s, m/1024}' \
        "$work/time.txt"
done

if [ -x "$hyperfine" ]; then
    echo "== wall and CPU time (hyperfine), 1,000 scenarios"
    args=()
    for i in "${!commands[@]}"; do
        args+=(-n "${names[$i]}" "${commands[$i]}")
    done
    # check-jsonschema takes about a minute a run: few runs.
    "$hyperfine" --warmup 1 --min-runs 3 --max-runs 10 -i \
        --export-markdown "$work/hyperfine.md" "${args[@]}"
    "$hyperfine" --warmup 1 --min-runs 3 --max-runs 5 -i \
        -n "berthier-validate, 10,000 scenarios" "$validate $work/p10000"
fi
