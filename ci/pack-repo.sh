#!/usr/bin/env bash
# A scenario pack in a repository of its own, as a pack maintainer makes
# one: installs berthier-validate with `cargo install` into a temporary root
# (reusing this tree's debug build: --debug --target-dir target --locked
# --offline, so it costs a link, not a release build), runs `init` in an
# empty folder outside the repository and validates it (exit 0), adds a
# broken scenario (exit 1, with its file and line), then validates the
# Rivoli folders copied out with `series:` naming the standard series.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cargo install --quiet --path validator --root "$tmp/root" \
    --offline --locked --debug --target-dir target
validate="$tmp/root/bin/berthier-validate"
cd "$tmp"

"$validate" init pack >/dev/null
(cd pack && "$validate") || {
    echo "pack-repo: the pack written by init does not validate" >&2
    exit 1
}
echo "pack-repo: init writes a pack that validates (exit 0)"

scenarios=pack/scenarios/example
sed -e 's/example\.counters\.ron/nowhere.counters.ron/' \
    -e 's/id: "example"/id: "broken"/' \
    "$scenarios/example.scenario.ron" >"$scenarios/broken.scenario.ron"
line=$(grep -n 'nowhere\.counters\.ron' "$scenarios/broken.scenario.ron" |
    cut -d: -f1)
status=0
out=$(cd pack && "$validate") || status=$?
where="--> scenarios/example/broken.scenario.ron:$line:"
if [ "$status" != 1 ] || ! grep -qF -- "$where" <<<"$out"; then
    echo "pack-repo: expected exit 1 and '$where', got exit $status:" >&2
    echo "$out" >&2
    exit 1
fi
echo "pack-repo: a broken scenario gives exit 1 at $where"

for folder in scenarios maps counters; do
    mkdir -p "rivoli/$folder"
    cp -R "$repo/$folder/rivoli-1797" "rivoli/$folder/"
done
sed -i 's|series: "\.\./\.\./schema/series/jours-de-gloire\.series\.ron"|series: "jours-de-gloire"|' \
    rivoli/*/rivoli-1797/*.ron
if grep -rq 'schema/series' rivoli; then
    echo "pack-repo: a Rivoli file still names a series path" >&2
    exit 1
fi
out=$(cd rivoli && "$validate") || {
    echo "pack-repo: Rivoli on the standard series does not validate:" >&2
    echo "$out" >&2
    exit 1
}
echo "pack-repo: Rivoli copied out, on the standard series, validates"
