#!/usr/bin/env bash
# Set up (skipping what is installed), build, and serve the game on http://127.0.0.1:8080/
# (PORT=… to change) with online play: `carc serve` serves the built game and its rooms
# (two browser windows can play each other at once; rooms are kept in carcassonne.db).
# The page opens to a playable game; Ctrl-C stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
port="${PORT:-8080}"
echo "Building the game and the server (the first build takes a few minutes)"
node scripts/build.mjs
cargo build --release --features server --bin carc
echo "Serving on http://127.0.0.1:$port/ (New game → Play online to invite friends by link)"
exec target/release/carc serve --port "$port" --dist dist --db "${DB:-carcassonne.db}"
