#!/usr/bin/env bash
# Set up (skipping what is installed) and run every test: formatting, lints, the engine's
# unit, scenario, property, perft, record and CLI tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"

echo "== cargo fmt --check"
cargo fmt --check
echo "== cargo clippy (warnings are errors)"
cargo clippy --all-targets --quiet -- -D warnings
echo "== cargo test"
cargo test --quiet 2>&1 | tee /tmp/carc-cargo-test.log
