#!/usr/bin/env bash
# Set up (skipping what is installed) and run every test: formatting and lints, the
# engine's and the online server's native tests (SQLite, then PostgreSQL), the JS API in
# headless Chromium (wasm-bindgen-test), and the end-to-end browser tests against the
# release build (screenshots in test-artifacts/). Each step's time is printed at its end.
#
#   scripts/test.sh           everything (what CI runs through .ci/run)
#   scripts/test.sh --quick   the developer's loop: format, clippy and the native tests
set -euo pipefail
cd "$(dirname "$0")/.."
quick=false
[ "${1:-}" = "--quick" ] && quick=true
if $quick; then scripts/setup.sh; else scripts/setup.sh --tests; fi
export PATH="$HOME/.cargo/bin:$PWD/node_modules/.bin:$PATH"
export CHROMEDRIVER=/usr/bin/chromedriver

started=$SECONDS
last=
step() {
  [ -z "$last" ] || printf '   (%d s)\n' $((SECONDS - last))
  last=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$*"
}
trap 'printf "\n== tests took %d s\n" $((SECONDS - started))' EXIT

step "cargo fmt --check"
cargo fmt --check
# One native pass covers the engine, the CLI, the server, the tests, the examples and the
# benchmarks (--all-targets: they are type-checked here, so no separate LTO build of the
# benchmarks); the plain library and binary are checked too, since `carc` without the
# server has its own stub.
step "cargo clippy, native and wasm32 (warnings are errors)"
cargo clippy --all-targets --features server --quiet -- -D warnings
cargo clippy --lib --bins --quiet -- -D warnings
$quick || cargo clippy --target wasm32-unknown-unknown --lib --tests --quiet -- -D warnings
$quick || cargo clippy --target wasm32-unknown-unknown --lib --features worker --quiet -- -D warnings
# The page's module and a text pack (docs/ARCHITECTURE.md, "Text packs").
$quick || cargo clippy --target wasm32-unknown-unknown --lib --features page --quiet -- -D warnings
$quick || cargo clippy --target wasm32-unknown-unknown --lib --features pack-de --quiet -- -D warnings
# Every native test in one build: the engine's, and online play with WebSocket clients on
# SQLite, the fault tests (SIGKILL; two instances on PostgreSQL) and the parser fuzz loop.
step "native tests: the engine, and online play on SQLite with the fault tests (cargo test --features server)"
cargo test --features server
step "online play again, every server test on PostgreSQL (a throwaway cluster)"
CARC_TEST_STORE=postgres cargo test --features server --test server --test server_clock --test server_lobby --test server_accounts --test server_ratings --test server_duplicate
$quick && exit 0

step "JS API in headless Chromium (wasm-bindgen-test)"
cargo test --target wasm32-unknown-unknown --test web_api
step "release build (node scripts/build.mjs)"
node scripts/build.mjs
for wasm in dist/carcassonne_bg.wasm dist/carcassonne-bot_bg.wasm; do
  echo "release $wasm: $(stat -c%s "$wasm") bytes, $(gzip -9c "$wasm" | wc -c) gzipped"
done
# The browser tests serve with the native tests' own `carc` and pgcluster (built above with
# --features server): the same code, so no second, release build of the server.
export CARC_BIN="$PWD/target/debug/carc" CARC_PGCLUSTER="$PWD/target/debug/examples/pgcluster"
step "end-to-end browser tests: the measured figures alone, then the others three files at a time"
# Both parts run, so that one failure does not hide the other's results.
e2e=0
node --test tests/e2e/perf.test.mjs || e2e=1
node --test --test-concurrency=3 $(ls tests/e2e/*.test.mjs | grep -v '/perf\.test\.mjs$') || e2e=1
step "done"
exit $e2e
