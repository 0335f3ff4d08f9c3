#!/usr/bin/env bash
# Long fuzzing run: `npm run fuzz -- --minutes N [--seed S] [--threads T]` (default 10 minutes, 1 thread). The engine's
# decoders (trace importers, scenario JSON, user policy sources, sweep grids, claim cells and rows, calibration) run for N minutes
# (engine/tests/it/fuzz.rs, `fuzz_long`, on T threads); link decoding (web/src/url, fast-check) for N/4 more. A failing
# input is minimised into engine/tests/fuzz-corpus/<target>/, which `npm test` replays. docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

minutes=10
threads=1
seed=$(date +%s)
while [[ $# -gt 0 ]]; do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    *) echo "usage: npm run fuzz -- [--minutes N] [--seed S] [--threads T]" >&2; exit 2 ;;
  esac
done

log "engine decoders: $minutes min on $threads thread(s) (seed $seed)"
ASYMLAB_FUZZ_MINUTES="$minutes" ASYMLAB_FUZZ_SEED="$seed" ASYMLAB_FUZZ_THREADS="$threads" \
  cargo test --release -p engine --test it fuzz_long -- --ignored --nocapture 2>&1 | grep -E '^fuzz|test result'

web_minutes=$(awk -v m="$minutes" 'BEGIN { w = m / 4; if (w < 0.25) w = 0.25; print w }')
log "link decoding: $web_minutes min"
FUZZ_MINUTES="$web_minutes" npx --no-install vitest run web/src/url/link-fuzz.test.ts
