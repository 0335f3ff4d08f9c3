#!/usr/bin/env bash
# Builds the engine to WebAssembly (+ JS bindings in web/src/engine/pkg)
# and the native CLI target/release/asymlab. Run scripts/setup.sh first.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

out_dir=web/src/engine/pkg

log "cargo build (wasm32, release)"
cargo build --release --target wasm32-unknown-unknown -p engine --lib --no-default-features

log "wasm-bindgen --target web"
"$TOOLS/bin/wasm-bindgen" --target web --out-dir "$out_dir" \
  "$CARGO_TARGET/wasm32-unknown-unknown/release/engine.wasm"

# binaryen from npm (version 132); Debian's /usr/bin/wasm-opt breaks the output.
log "wasm-opt -Os (npm binaryen)"
npx --no-install wasm-opt -Os \
  --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals --enable-reference-types --enable-multivalue \
  "$out_dir/engine_bg.wasm" -o "$out_dir/engine_bg.wasm"

log "cargo build (native CLI, release)"
cargo build --release -p engine --bin asymlab

log "wasm: $(wc -c < "$out_dir/engine_bg.wasm") bytes ($(gzip -c "$out_dir/engine_bg.wasm" | wc -c) gzip)"
