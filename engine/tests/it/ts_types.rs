//! The TypeScript types of the Wasm boundary are generated from the Rust types (ts-rs) into
//! `web/src/engine/generated/` (`engine-types.ts` re-exports three files of one part each); this test fails when one is out of date
//! (refresh with `UPDATE_EXPECT=1 cargo test --release --features ts ts_types`).

#![cfg(feature = "ts")]

use std::path::Path;

use ts_rs::{Config, TS};

/// One exported declaration.
fn decl<T: TS>(cfg: &Config) -> String {
    let docs = T::docs().unwrap_or_default();
    format!("{docs}export {}\n", T::decl(cfg))
}

/// The declarations of the listed types, in order.
macro_rules! decls {
    ($($t:ty),* $(,)?) => {{
        let cfg = Config::new().with_large_int("number");
        vec![$(decl::<$t>(&cfg)),*]
    }};
}

/// The generated files, by name, each with the declarations of one part of the boundary, in order.
fn parts() -> Vec<(&'static str, Vec<String>)> {
    vec![
        // What every run returns: the summary, its platform, metrics and recorded intervals.
        ("run-types.ts", decls![
            engine::model::Level,
            engine::registry::SchedulerInfo,
            engine::summary::RunSummary, engine::summary::PlatformSummary, engine::summary::ClusterSummary, engine::summary::RecordLabels, engine::summary::RunInfo,
            engine::metrics::Metrics,
            engine::run::Extras,
            engine::trace::FreqInterval, engine::trace::InterferenceInterval, engine::trace::Migration,
        ]),
        // What each level adds: the task runtime's places, PTT and decisions, the loop and OS levels' metrics.
        ("level-types.ts", decls![
            engine::runtime::TaskExtras, engine::runtime::TaskMetrics, engine::runtime::metrics::PlaceShare, engine::runtime::metrics::PlaceRef, engine::runtime::metrics::PttHistory,
            engine::sched::PttSnapshot,
            engine::runtime::DecisionLog, engine::runtime::DecisionRecord,
            engine::sched::Explanation, engine::sched::Candidate,
            engine::loops::LoopExtras, engine::loops::LoopMetrics, engine::loops::metrics::LoopStat,
            engine::os::OsMetrics,
        ]),
        // The papers' claims and the exercises' verdicts.
        ("claim-types.ts", decls![
            engine::claims::ClaimResult, engine::claims::exercise::ExerciseVerdict,
            engine::catalogue::claim::ClaimInfo, engine::catalogue::claim::Status,
            engine::claims::evaluate::Bounds, engine::claims::Stats, engine::claims::Verdict, engine::claims::Cell, engine::claims::Row,
            serde_json::Value,
        ]),
    ]
}

const HEADER: &str = "// Generated from the engine's Rust types by ts-rs (engine/tests/it/ts_types.rs); do not edit.\n\
                      // Refresh: UPDATE_EXPECT=1 cargo test --release --features ts ts_types\n";

/// The name a declaration exports (`export type Name = …`).
fn declared_name(decl: &str) -> &str {
    let after = decl.split("export type ").nth(1).unwrap_or("");
    after.split([' ', '<', '=']).next().unwrap_or("")
}

/// `text` without its `/** … */` doc comments, which may name types they do not use.
fn code(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        out.push_str(&rest[..start]);
        rest = rest[start..].split_once("*/").map_or("", |(_, after)| after);
    }
    out.push_str(rest);
    out
}

/// True when `text` uses `name` as a whole word.
fn uses(text: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(name).any(|(i, _)| {
        !text[..i].chars().next_back().is_some_and(word) && !text[i + name.len()..].chars().next().is_some_and(word)
    })
}

/// Every generated file by name: the parts, each importing the types it uses from the others, and `engine-types.ts`,
/// which re-exports them all.
fn generated() -> Vec<(String, String)> {
    let parts = parts();
    let names: Vec<(&str, Vec<&str>)> = parts.iter().map(|(file, decls)| (*file, decls.iter().map(|d| declared_name(d)).collect())).collect();
    let mut files = Vec::new();
    let mut index = format!("{HEADER}// The engine's types, in three files of one part each.\n");
    for (file, decls) in &parts {
        let body: String = decls.iter().map(|d| format!("{d}\n")).collect();
        let mut out = format!("{HEADER}\n");
        for (other, declared) in names.iter().filter(|(other, _)| other != file) {
            let used: Vec<&str> = declared.iter().copied().filter(|n| uses(&code(&body), n)).collect();
            if !used.is_empty() {
                out.push_str(&format!("import type {{ {} }} from \"./{}\";\n", used.join(", "), other.trim_end_matches(".ts")));
            }
        }
        out.push('\n');
        out.push_str(&body);
        index.push_str(&format!("export type * from \"./{}\";\n", file.trim_end_matches(".ts")));
        files.push((file.to_string(), out));
    }
    files.push(("engine-types.ts".to_string(), index));
    files
}

#[test]
fn generated_typescript_types_are_current() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/engine/generated");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    for (file, want) in generated() {
        let path = folder.join(&file);
        if update {
            std::fs::create_dir_all(&folder).expect("create folder");
            std::fs::write(&path, &want).expect("write");
            continue;
        }
        let have = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(have == want, "{} is out of date: run UPDATE_EXPECT=1 cargo test --release --features ts ts_types", path.display());
    }
}
