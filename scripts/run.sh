#!/usr/bin/env bash
# Set up (skipping what is installed) and play: for now the engine's command line plays
# 100 seeded random games and replays a sample game.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cargo run --release --quiet --bin carc -- selfplay --games 100 --seed 1
cargo run --release --quiet --bin carc -- replay tests/data/sample-game.json
