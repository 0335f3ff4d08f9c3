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

fn generated() -> String {
    let cfg = Config::new().with_large_int("number");
    let mut out = String::from(
        "// Generated from the engine's Rust types by ts-rs (engine/tests/it/ts_types.rs); do not edit.\n\
         // Refresh: UPDATE_EXPECT=1 cargo test --release --features ts ts_types\n\n",
    );
    for d in [
        decl::<engine::model::Level>(&cfg),
        decl::<engine::registry::SchedulerInfo>(&cfg),
        decl::<engine::summary::RunSummary>(&cfg),
        decl::<engine::summary::PlatformSummary>(&cfg),
        decl::<engine::summary::ClusterSummary>(&cfg),
        decl::<engine::summary::RecordLabels>(&cfg),
        decl::<engine::summary::RunInfo>(&cfg),
        decl::<engine::metrics::Metrics>(&cfg),
        decl::<engine::run::Extras>(&cfg),
        decl::<engine::runtime::TaskExtras>(&cfg),
        decl::<engine::runtime::TaskMetrics>(&cfg),
        decl::<engine::runtime::metrics::PlaceShare>(&cfg),
        decl::<engine::runtime::metrics::PlaceRef>(&cfg),
        decl::<engine::runtime::metrics::PttHistory>(&cfg),
        decl::<engine::sched::PttSnapshot>(&cfg),
        decl::<engine::loops::LoopExtras>(&cfg),
        decl::<engine::loops::LoopMetrics>(&cfg),
        decl::<engine::loops::metrics::LoopStat>(&cfg),
        decl::<engine::os::OsMetrics>(&cfg),
        decl::<engine::trace::FreqInterval>(&cfg),
        decl::<engine::trace::InterferenceInterval>(&cfg),
        decl::<engine::trace::Migration>(&cfg),
        decl::<engine::runtime::DecisionLog>(&cfg),
        decl::<engine::runtime::DecisionRecord>(&cfg),
        decl::<engine::sched::Explanation>(&cfg),
        decl::<engine::sched::Candidate>(&cfg),
        decl::<engine::claims::ClaimResult>(&cfg),
        decl::<engine::catalogue::claim::ClaimInfo>(&cfg),
        decl::<engine::catalogue::claim::Status>(&cfg),
        decl::<engine::claims::evaluate::Bounds>(&cfg),
        decl::<engine::claims::Stats>(&cfg),
        decl::<engine::claims::Verdict>(&cfg),
        decl::<engine::claims::Cell>(&cfg),
        decl::<engine::claims::Row>(&cfg),
        decl::<serde_json::Value>(&cfg),
    ] {
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
