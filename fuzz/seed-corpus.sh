#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from traces/ (the gz sample is unpacked for chrome_json).
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus/{ftrace,systrace,chrome_json,taskflow,paraver}
cp ../traces/fixtures/*.txt corpus/ftrace/
cp ../traces/*.html ../traces/fixtures/*.html corpus/systrace/
cp ../traces/fixtures/chrome-*.json corpus/chrome_json/
gunzip -c ../traces/worker0.pt.trace.json.gz | head -c 200000 > corpus/chrome_json/worker0-head.json
cp ../traces/dreamplace.json ../traces/fixtures/taskflow-*.json corpus/taskflow/
cp ../traces/fixtures/*.prv corpus/paraver/
