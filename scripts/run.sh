#!/usr/bin/env bash
# Set up (skipping what is installed), build, and serve the game on http://127.0.0.1:8080/
# (PORT=… to change). The page opens to a playable game; Ctrl-C stops the server.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
port="${PORT:-8080}"
echo "Building and serving on http://127.0.0.1:$port/ (first build takes a minute)"
exec trunk serve --release --port "$port"
