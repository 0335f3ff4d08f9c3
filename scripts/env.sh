# Shared settings for the scripts in this folder (sourced, not run).
# Tools live in a per-user cache outside the clone, so a fresh CI clone
# does not pay the ~95 s wasm-bindgen-cli build again.
TOOLS="${ASYMLAB_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/asymlab/tools}"
WASM_BINDGEN_VERSION="0.2.130"
CARGO_TARGET="${CARGO_TARGET_DIR:-target}"
export TOOLS WASM_BINDGEN_VERSION CARGO_TARGET
log() { printf '\033[1;34m[asymlab]\033[0m %s\n' "$*" >&2; }
