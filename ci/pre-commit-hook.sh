#!/bin/sh
# The `berthier-validate` hook of .pre-commit-hooks.yaml, run by pre-commit
# from its clone of this repository: builds berthier-validate from that
# clone with the crate versions CI tested (`--locked`: Cargo.lock, which
# pre-commit's own `language: rust` would ignore, as `cargo install` does
# without --locked), once, then runs it on the pack with the hook's
# arguments. Later runs find the build up to date in a fraction of a second.
set -e
clone=$(cd "$(dirname "$0")/.." && pwd)
cargo build --quiet --release --locked \
    --manifest-path "$clone/Cargo.toml" --target-dir "$clone/target" \
    -p berthier-validator --bin berthier-validate
exec "$clone/target/release/berthier-validate" "$@"
