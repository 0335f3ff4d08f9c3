#!/usr/bin/env bash
# The whole test suite: Rust tests, typecheck, Vitest, Playwright.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

bash scripts/setup.sh --with-browser
bash scripts/build-wasm.sh --with-tests

log "cargo test --release --workspace (with the generated TypeScript types checked)"
cargo test --release --workspace --features engine/ts

log "typecheck (tsc)"
npx --no-install tsc -p tsconfig.json

log "vitest"
npx --no-install vitest run

log "playwright"
npx --no-install playwright test
