#!/usr/bin/env bash
# Set up (skipping what is installed) and run every test: formatting and lints, the
# engine's native tests, the JS API in headless Chromium (wasm-bindgen-test), and the
# end-to-end browser tests against the release build (screenshots in test-artifacts/).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
export CHROMEDRIVER=/usr/bin/chromedriver

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "cargo fmt --check"
cargo fmt --check
step "cargo clippy, native and wasm32 (warnings are errors)"
cargo clippy --all-targets --quiet -- -D warnings
cargo clippy --all-targets --features server --quiet -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --tests --quiet -- -D warnings
cargo clippy --target wasm32-unknown-unknown --lib --features worker --quiet -- -D warnings
step "engine tests (cargo test), and the benchmarks build"
cargo test --quiet
step "online play: carc serve with WebSocket clients on SQLite, the fault tests (SIGKILL; two instances on PostgreSQL), the parser fuzz loop"
cargo test --release --features server --test server --test server_fault
step "online play again, every server test on PostgreSQL (a throwaway cluster)"
CARC_TEST_STORE=postgres cargo test --release --features server --test server
cargo bench --no-run --quiet
step "JS API in headless Chromium (wasm-bindgen-test)"
cargo test --target wasm32-unknown-unknown --test web_api
step "release build (trunk build --release)"
trunk build --release
for wasm in dist/carcassonne_bg.wasm dist/carcassonne-bot_bg.wasm; do
  echo "release $wasm: $(stat -c%s "$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzipped"
done
step "the server for the online browser tests, and a throwaway PostgreSQL for two instances"
cargo build --release --features server --bin carc --example pgcluster
step "end-to-end browser tests"
node --test tests/e2e/
