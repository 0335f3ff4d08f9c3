//! House rules checked as tests: a `//!` line on every engine module, and wasm-bindgen only in `api.rs`.

use std::path::Path;

use crate::files::rust_files;

#[test]
fn every_module_has_a_doc_line_and_only_api_knows_wasm_bindgen() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = rust_files(&root.join("src"));
    files.extend(rust_files(&root.join("tests")));
    assert!(files.len() > 10);
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable");
        assert!(text.starts_with("//!"), "{} does not start with a //! line", file.display());
        let is_api = file.ends_with("src/api.rs");
        if !is_api && file.starts_with(root.join("src")) {
            assert!(!text.contains("wasm_bindgen"), "{} mentions wasm_bindgen; keep it in api.rs", file.display());
        }
    }
}

/// The engine's layers, lowest first: a module may use only itself and the modules before it (ARCHITECTURE.md, `lib.rs`).
const LAYERS: &[&str] = &[
    "sim", "error", "spec", "trace", "model", "metrics", "sched", "policy", "runtime", "loops", "os", "registry", "scenario", "catalogue", "run", "claims", "import",
    "replay", "export",
    "summary", "api",
];

/// The top-level module a file under `src/` belongs to (`src/run/os.rs` → `run`, `src/spec.rs` → `spec`).
fn layer_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).ok()?;
    let first = rel.components().next()?.as_os_str().to_str()?;
    Some(first.trim_end_matches(".rs").to_string())
}

/// Modules named in `crate::X` paths of `text`, outside comments.
fn crate_uses(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + 7..];
            let name: String = after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
            if !name.is_empty() {
                out.push(name);
            }
            rest = after;
        }
        // `use crate::{a, b}` lists several.
        if let Some(at) = code.find("crate::{") {
            for part in code[at + 8..].split(['}', ',']) {
                let name: String = part.trim().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                if !name.is_empty() {
                    out.push(name);
                }
            }
        }
    }
    out
}

#[test]
fn no_module_uses_a_layer_above_its_own() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = rust_files(&src);
    let rank = |name: &str| LAYERS.iter().position(|l| *l == name);
    let mut violations = Vec::new();
    for file in files {
        let Some(layer) = layer_of(&src, &file) else { continue };
        let Some(own) = rank(&layer) else {
            assert!(["lib", "bin"].contains(&layer.as_str()), "{} is in no layer: add `{layer}` to LAYERS and ARCHITECTURE.md", file.display());
            continue;
        };
        let text = std::fs::read_to_string(&file).expect("readable");
        // Unit tests may borrow fixtures from any layer (a preset platform, a run).
        let code = text.split("#[cfg(test)]").next().unwrap_or("");
        for used in crate_uses(code) {
            if let Some(r) = rank(&used) {
                if r > own {
                    violations.push(format!("{} ({layer}) uses crate::{used}, a layer above it", file.display()));
                }
            }
        }
    }
    violations.sort();
    violations.dedup();
    assert!(violations.is_empty(), "upward imports:\n{}", violations.join("\n"));
}
