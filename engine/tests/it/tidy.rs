//! House rules checked as tests: a `//!` line on every engine module, and wasm-bindgen only in `api.rs`.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_module_has_a_doc_line_and_only_api_knows_wasm_bindgen() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("tests"), &mut files);
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
