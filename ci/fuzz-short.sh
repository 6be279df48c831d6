#!/usr/bin/env bash
# A short fuzzing run on every change: each of the seven targets for 15 s
# (about 2 minutes in all, on the debug build ci/test.sh made), the
# failing inputs kept in target/fuzz-ci (cache that folder between runs to
# keep the corpus: `berthier-fuzz` appends to it and never deletes).
# Exits 1 when a target found a panic, a broken property, a death, an
# input over its time budget or one over its memory budget; what it found
# is listed, each input beside a `.txt` saying what happened. Kept inputs
# become regressions by moving them to validator/fuzz/regressions/<target>/
# with a note on the fix (cargo test -p berthier-fuzz replays them).
set -euo pipefail
cd "$(dirname "$0")/.."

fuzz=${CARGO_TARGET_DIR:-target}/debug/berthier-fuzz
if [ ! -x "$fuzz" ]; then
    cargo build --quiet -p berthier-fuzz
fi
out=${CARGO_TARGET_DIR:-target}/fuzz-ci
mkdir -p "$out"
seed=${BERTHIER_FUZZ_SEED:-$(date +%s)}
echo "berthier-fuzz: seed $seed (rerun with BERTHIER_FUZZ_SEED=$seed)"

status=0
for target in parse load locate convert migrate pack vassal; do
    if ! "$fuzz" run --target "$target" --minutes 0.25 --out "$out" \
        --seed "$seed"; then
        status=1
    fi
done
if [ "$status" -ne 0 ]; then
    echo "berthier-fuzz found something; inputs under $out:" >&2
    find "$out/crashes" "$out/hangs" "$out/memory" "$out/problems" \
        -type f 2>/dev/null | sed 's/^/  /' >&2
fi
exit "$status"
