#!/usr/bin/env bash
# Install what this project needs, skipping whatever is already there.
#   scripts/setup.sh          tools to build and serve the game (wasm target, wasm-bindgen, npm's
#                             binaryen; scripts/build.mjs builds the site with them)
#   scripts/setup.sh --tests  also what the tests need (Chromium, chromedriver, npm packages, and
#                             Debian's PostgreSQL server for the online suite's second store)
set -euo pipefail
cd "$(dirname "$0")/.."

want_tests=false
[ "${1:-}" = "--tests" ] && want_tests=true
say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

export PATH="$HOME/.cargo/bin:$PATH"
command -v cargo >/dev/null || { echo "Rust (cargo) is needed: https://rustup.rs" >&2; exit 1; }

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

# `carc serve`'s passkeys (webauthn-rs) link OpenSSL: its headers and pkg-config.
if ! pkg-config --exists openssl 2>/dev/null; then
  say "installing OpenSSL's headers (libssl-dev) and pkg-config from Debian"
  sudo_="" ; [ "$(id -u)" = 0 ] || sudo_="sudo"
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq libssl-dev pkg-config >/dev/null
fi

# wasm-bindgen-cli must equal the crate's wasm-bindgen version exactly (Cargo.lock).
wbg=$(awk '/^name = "wasm-bindgen"$/{getline; gsub(/[^0-9.]/,""); print; exit}' Cargo.lock 2>/dev/null || true)
if [ -n "$wbg" ] && ! wasm-bindgen --version 2>/dev/null | grep -q " $wbg\$"; then
  say "installing wasm-bindgen-cli $wbg (a few minutes, once)"
  cargo install wasm-bindgen-cli --version "$wbg" --locked || cargo install wasm-bindgen-cli --version "$wbg"
fi

# npm packages: wasm-opt (binaryen; Debian's is too old), playwright-core and axe-core for tests.
if [ ! -x node_modules/.bin/wasm-opt ] || { $want_tests && { [ ! -d node_modules/playwright-core ] || [ ! -f node_modules/axe-core/axe.min.js ]; }; }; then
  if command -v npm >/dev/null; then
    say "installing npm packages (binaryen, playwright-core, axe-core)"
    npm ci --no-audit --no-fund --loglevel=error
  else
    say "npm not found: release builds skip wasm-opt"
  fi
fi

if $want_tests; then
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    say "installing Chromium and chromedriver from Debian"
    sudo_="" ; [ "$(id -u)" = 0 ] || sudo_="sudo"
    $sudo_ apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
  # The tests start their own throwaway cluster with these programs (tests/support/postgres.rs).
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    say "installing Debian's PostgreSQL server"
    sudo_="" ; [ "$(id -u)" = 0 ] || sudo_="sudo"
    $sudo_ apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq postgresql >/dev/null
  fi
fi
say "ready"
