#!/usr/bin/env bash
# Set up, build the engine, and start the Vite dev server (prints its URL).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
exec npx --no-install vite "$@"
