//! Lists `engine/catalogue/` at build time so that a new platform, class set or preset is one data file: every JSON file
//! under it is embedded with `include_str!` in the generated `catalogue_files.rs`, sorted by path.

use std::path::{Path, PathBuf};

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            json_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let root = Path::new(&manifest).join("catalogue");
    println!("cargo:rerun-if-changed=catalogue");
    let mut files = Vec::new();
    json_files(&root, &mut files);
    files.sort();
    let mut code = String::from("/// Every catalogue file: its path under `engine/catalogue/` and its text.\npub static FILES: &[(&str, &str)] = &[\n");
    for file in &files {
        let relative = file.strip_prefix(&root).unwrap_or(file).to_string_lossy().replace('\\', "/");
        code.push_str(&format!("    ({relative:?}, include_str!({:?})),\n", file.to_string_lossy()));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_else(|_| ".".into())).join("catalogue_files.rs");
    if let Err(e) = std::fs::write(&out, code) {
        panic!("cannot write {}: {e}", out.display());
    }
}
