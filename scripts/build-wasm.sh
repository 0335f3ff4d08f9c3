#!/usr/bin/env bash
# Builds the engine to WebAssembly (+ JS bindings) and the native CLI target/release/asymlab. Run scripts/setup.sh first.
# Two modules from the same crate: web/src/engine/pkg-core (the task level's simulation: what the first chart needs, loaded at
# start, with catalogue.json and catalogue-texts.json beside it: the presets as the page reads them, written by the native
# CLI) and
# web/src/engine/pkg (feature `full`: also the loop and OS levels, the catalogue and claims, trace import, export,
# calibration, OS-level catalog and sweeps, loaded by the worker on first use).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

# The Wasm modules build in their own target directory, so that cargo's lock on the native one does not serialise them
# with the CLI: each build spends most of its time compiling the engine on one core (one codegen unit), so the two run
# side by side on a two-core machine.
WASM_TARGET="$CARGO_TARGET/wasm-build"

# build_module FEATURES OUT_DIR
build_module() {
  local features=$1 out_dir=$2
  log "cargo build (wasm32, release${features:+, features $features})"
  CARGO_TARGET_DIR="$WASM_TARGET" cargo build --release --target wasm32-unknown-unknown -p engine --lib --no-default-features \
    ${features:+--features "$features"}
  log "wasm-bindgen --target web → $out_dir"
  "$TOOLS/bin/wasm-bindgen" --target web --out-dir "$out_dir" \
    "$WASM_TARGET/wasm32-unknown-unknown/release/engine.wasm"
  # binaryen from npm (version 132); Debian's /usr/bin/wasm-opt breaks the output.
  log "wasm-opt -O3 (npm binaryen)"
  npx --no-install wasm-opt -O3 \
    --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue --enable-simd \
    "$out_dir/engine_bg.wasm" -o "$out_dir/engine_bg.wasm"
  log "wasm $out_dir: $(wc -c < "$out_dir/engine_bg.wasm") bytes ($(gzip -9 -c "$out_dir/engine_bg.wasm" | wc -c) gzip)"
}

# The native CLI, in the background beside the Wasm modules. With feature `ts`, as `npm test` builds the engine
# (`cargo test --features engine/ts`), so the tests reuse this library and binary instead of compiling them again.
# With --with-tests (scripts/test.sh) the test binaries build here too (`cargo test --no-run`, which also builds the CLI):
# the Wasm builds leave the second core partly idle, and the tests then start at once (on two cores about as fast as
# building them after; measured 2026-12-02).
if [ "${1:-}" = "--with-tests" ]; then
  log "cargo test --no-run (native CLI and test binaries, release, features ts; beside the Wasm modules)"
  cargo test --release --workspace --features engine/ts --no-run &
else
  log "cargo build (native CLI, release, features ts; beside the Wasm modules)"
  cargo build --release -p engine --bin asymlab --features ts &
fi
native_pid=$!
trap 'kill "$native_pid" 2>/dev/null || true' EXIT

build_module "" web/src/engine/pkg-core
build_module full web/src/engine/pkg

wait "$native_pid"
trap - EXIT

# The core module has no catalogue: the page reads presets, platforms, papers and their JSON from this file.
log "asymlab catalogue → web/src/engine/pkg-core/catalogue.json, catalogue-texts.json"
"$CARGO_TARGET/release/asymlab" catalogue --out web/src/engine/pkg-core
