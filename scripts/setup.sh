#!/usr/bin/env bash
# Idempotent set-up: wasm target, pinned wasm-bindgen-cli, npm packages and
# (with --with-browser) Debian's Chromium for Playwright. Safe to run often.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh

with_browser=0
for arg in "$@"; do
  case "$arg" in
    --with-browser) with_browser=1 ;;
    *) echo "usage: scripts/setup.sh [--with-browser]" >&2; exit 2 ;;
  esac
done

# 1. Rust target for WebAssembly.
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  log "adding rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

# 2. wasm-bindgen-cli, pinned to the crate version (no --locked: it fails).
if ! "$TOOLS/bin/wasm-bindgen" --version 2>/dev/null | grep -q " $WASM_BINDGEN_VERSION\$"; then
  log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION into $TOOLS (about 95 s)"
  mkdir -p "$TOOLS"
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --root "$TOOLS" --force
fi

# 3. npm packages, only when node_modules is missing or older than the lockfile.
stamp_file=node_modules/.asymlab-stamp
if [[ -f package-lock.json ]]; then
  want="$(sha256sum package-lock.json package.json | sha256sum | cut -d' ' -f1)"
  if [[ ! -d node_modules || ! -f "$stamp_file" || "$(cat "$stamp_file")" != "$want" ]]; then
    log "npm ci"
    npm ci --no-audit --no-fund
    echo "$want" > "$stamp_file"
  fi
else
  log "npm install (no lockfile yet)"
  npm install --no-audit --no-fund
  sha256sum package-lock.json package.json | sha256sum | cut -d' ' -f1 > "$stamp_file"
fi

# 4. Chromium for Playwright (npx playwright install cannot download here).
if [[ "$with_browser" == 1 && ! -x /usr/bin/chromium ]]; then
  log "installing Debian chromium"
  sudo_cmd=()
  if [[ "$(id -u)" != 0 ]]; then sudo_cmd=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update
  "${sudo_cmd[@]}" apt-get install -y chromium
fi
