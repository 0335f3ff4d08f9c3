//! The TypeScript types of the Wasm boundary are generated from the Rust types (ts-rs) into
//! `web/src/engine/generated/engine-types.ts`; this test fails when that file is out of date
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

fn generated() -> String {
    let mut out = String::from(
        "// Generated from the engine's Rust types by ts-rs (engine/tests/it/ts_types.rs); do not edit.\n\
         // Refresh: UPDATE_EXPECT=1 cargo test --release --features ts ts_types\n\n",
    );
    // In the file's order: one line per engine module.
    let decls: Vec<String> = decls![
        engine::model::Level,
        engine::registry::SchedulerInfo,
        engine::summary::RunSummary, engine::summary::PlatformSummary, engine::summary::ClusterSummary, engine::summary::RecordLabels, engine::summary::RunInfo,
        engine::metrics::Metrics,
        engine::run::Extras,
        engine::runtime::TaskExtras, engine::runtime::TaskMetrics, engine::runtime::metrics::PlaceShare, engine::runtime::metrics::PlaceRef, engine::runtime::metrics::PttHistory,
        engine::sched::PttSnapshot,
        engine::loops::LoopExtras, engine::loops::LoopMetrics, engine::loops::metrics::LoopStat,
        engine::os::OsMetrics,
        engine::trace::FreqInterval, engine::trace::InterferenceInterval, engine::trace::Migration,
        engine::runtime::DecisionLog, engine::runtime::DecisionRecord,
        engine::sched::Explanation, engine::sched::Candidate,
        engine::claims::ClaimResult, engine::claims::exercise::ExerciseVerdict,
        engine::catalogue::claim::ClaimInfo, engine::catalogue::claim::Status,
        engine::claims::evaluate::Bounds, engine::claims::Stats, engine::claims::Verdict, engine::claims::Cell, engine::claims::Row,
        serde_json::Value,
    ];
    for d in decls {
        out.push_str(&d);
        out.push('\n');
    }
    out
}

#[test]
fn generated_typescript_types_are_current() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/src/engine/generated/engine-types.ts");
    let want = generated();
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::create_dir_all(path.parent().expect("folder")).expect("create folder");
        std::fs::write(&path, &want).expect("write");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(have == want, "{} is out of date: run UPDATE_EXPECT=1 cargo test --release --features ts ts_types", path.display());
}
