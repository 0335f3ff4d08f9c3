#!/usr/bin/env bash
# Long fuzzing run: `npm run fuzz -- --minutes N` (default 10). The engine's decoders (trace importers, scenario JSON,
# sweep grids, calibration) run for N minutes (engine/tests/it/fuzz.rs, `fuzz_long`); link decoding (web/src/url,
# fast-check) for N/4 more. A failing input is minimised into engine/tests/fuzz-corpus/<target>/, which `npm test` replays.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

minutes=10
seed=$(date +%s)
while [[ $# -gt 0 ]]; do
  case "$1" in
    --minutes) minutes="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    *) echo "usage: npm run fuzz -- [--minutes N] [--seed S]" >&2; exit 2 ;;
  esac
done

log "engine decoders: $minutes min (seed $seed)"
ASYMLAB_FUZZ_MINUTES="$minutes" ASYMLAB_FUZZ_SEED="$seed" \
  cargo test --release -p engine --test it fuzz_long -- --ignored --nocapture 2>&1 | grep -E '^fuzz|test result'

web_minutes=$(awk -v m="$minutes" 'BEGIN { w = m / 4; if (w < 0.25) w = 0.25; print w }')
log "link decoding: $web_minutes min"
FUZZ_MINUTES="$web_minutes" npx --no-install vitest run web/src/url/link-fuzz.test.ts
