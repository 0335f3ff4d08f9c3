#!/usr/bin/env bash
# Production build of the web app into dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build-wasm.sh
npx --no-install tsc -p tsconfig.json
npx --no-install vite build
