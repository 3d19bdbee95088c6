#!/usr/bin/env bash
# The long runs (docs/testing.md): for about SECONDS in all (default 600), half on random
# games (competitive over every set combination, cooperative over every level, each game
# checked after every action; rounds of new seeds until the time is spent) and half on the
# fuzz targets (libFuzzer through cargo-fuzz when it and the nightly toolchain are here,
# else the stable mutation run). Prints the totals; exits non-zero on any finding.
#
#   scripts/long-run.sh 3600            # an hour
#   LONG_RUN_ROUND=20000 scripts/long-run.sh   # games per round (default 5000)
#   LONG_RUN_FROM=200000 scripts/long-run.sh   # the first seed (default 0): a later run
#                                              # plays games an earlier one did not
#   scripts/long-run.sh --fuzz-runs 10000000 actions tile_file
#                              # libFuzzer only: each target until it has run that many
#                              # inputs (from its corpus, so later runs go on from it)
#
# It talks to nothing outside this machine and stops by itself.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--fuzz-runs" ]; then
  runs=$2
  shift 2
  targets=${*:-actions tile_file}
  cargo +nightly fuzz --version >/dev/null 2>&1 || { echo "needs cargo-fuzz and the nightly toolchain (docs/testing.md)"; exit 2; }
  mkdir -p fuzz/corpus/tile_file fuzz/corpus/record fuzz/corpus/share_code fuzz/corpus/actions fuzz/corpus/pack_request
  cp -n tiles/*.toml fuzz/corpus/tile_file/
  cp -n tests/data/*.json fuzz/corpus/record/ 2>/dev/null || true
  for target in $targets; do
    log=fuzz/$target.log
    start=$SECONDS
    # No sanitizer (-s none): the crate is safe Rust, and AddressSanitizer made the runs
    # about eight times slower; panics, aborts and leaks of time are what is looked for.
    # The actions target's bytes only pick among listed moves and small numbers, so compare
    # tracing has no magic value to find there, and it took 40% of its time (perf).
    flags=(-s none)
    [ "$target" = actions ] && flags+=(--no-trace-compares)
    (cd fuzz && cargo +nightly fuzz run "${flags[@]}" "$target" -- -runs="$runs" -print_final_stats=1) >"$log" 2>&1 \
      || { tail -40 "$log"; echo "FINDING in $target: see fuzz/artifacts/$target/"; exit 1; }
    done_runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    echo "$target: ${done_runs:-?} executions in $((SECONDS - start)) s, clean (log: $log)"
  done
  exit 0
fi
total=${1:-600}
round=${LONG_RUN_ROUND:-5000}
games_until=$((SECONDS + total / 2))
log=$(mktemp)
trap 'rm -f "$log"' EXIT

echo "== random games for $((total / 2)) s, $round a round"
cargo test --release --quiet --test properties --test coop_properties --no-run 2>/dev/null
played=0 coop=0 from=${LONG_RUN_FROM:-0} rounds=0
while [ "$SECONDS" -lt "$games_until" ]; do
  CARC_PROPERTY_GAMES=$round CARC_PROPERTY_FROM=$from \
    cargo test --release --quiet --test properties thousands_of_random_games >"$log" 2>&1 \
    || { cat "$log"; echo "FINDING: a competitive game from seed $from broke an invariant"; exit 1; }
  played=$((played + round))
  CARC_PROPERTY_GAMES=$((round / 2)) CARC_PROPERTY_FROM=$from \
    cargo test --release --quiet --test coop_properties thousands_of_random_cooperative >"$log" 2>&1 \
    || { cat "$log"; echo "FINDING: a cooperative game from seed $from broke an invariant"; exit 1; }
  coop=$((coop + round / 2))
  from=$((from + round))
  rounds=$((rounds + 1))
  echo "   round $rounds: $played competitive and $coop cooperative games, all clean ($SECONDS s)"
done

fuzz_each=$(((total - total / 2) / 4))
[ "$fuzz_each" -ge 10 ] || fuzz_each=10
echo "== fuzz targets, $fuzz_each s each"
if cargo +nightly fuzz --version >/dev/null 2>&1; then
  # Seed corpora of valid inputs (docs/testing.md), so that the runs start from real games
  # and real tile files; libFuzzer keeps what it finds beside them (fuzz/corpus is ignored).
  mkdir -p fuzz/corpus/record fuzz/corpus/share_code fuzz/corpus/tile_file fuzz/corpus/actions
  cp -n tests/data/*.json fuzz/corpus/record/ 2>/dev/null || true
  cp -n tests/data/*.code fuzz/corpus/share_code/ 2>/dev/null || true
  cp -n tiles/*.toml fuzz/corpus/tile_file/
  for target in record share_code tile_file actions; do
    (cd fuzz && cargo +nightly fuzz run "$target" -- -max_total_time="$fuzz_each" -print_final_stats=1) >"$log" 2>&1 \
      || { tail -40 "$log"; echo "FINDING in $target: see fuzz/artifacts/$target/"; exit 1; }
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    echo "   $target: ${runs:-?} executions in $fuzz_each s, clean"
  done
else
  # No cargo-fuzz: the same checks on stable, by seeded mutation (tests/fuzz_smoke.rs), as
  # many cases as fit in the time (the round's rate measured first).
  start=$SECONDS
  CARC_FUZZ_CASES=2000 cargo test --release --quiet --test fuzz_smoke >"$log" 2>&1 \
    || { cat "$log"; echo "FINDING in the mutation run"; exit 1; }
  took=$((SECONDS - start)); [ "$took" -ge 1 ] || took=1
  cases=$((2000 * fuzz_each * 4 / took))
  CARC_FUZZ_CASES=$cases cargo test --release --quiet --test fuzz_smoke >"$log" 2>&1 \
    || { cat "$log"; echo "FINDING in the mutation run"; exit 1; }
  echo "   no cargo-fuzz here: $((cases + 2000)) mutations of each of the 4 targets' inputs, clean"
  echo "   (cargo install cargo-fuzz, with the nightly toolchain, for libFuzzer's coverage-guided runs)"
fi
echo "== totals: $played competitive and $coop cooperative random games (seeds ${LONG_RUN_FROM:-0} to $((from - 1))), every fuzz target clean, in $SECONDS s"
