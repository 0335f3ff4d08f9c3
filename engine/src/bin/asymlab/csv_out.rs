//! The CLI's CSV, written through the `csv` crate so that every field is quoted as RFC 4180 wants (a scheduler named
//! `gts[up=700,down=256]` stays one field): `asymlab run --format csv` and `asymlab sweep`.

use std::io::Write;

use engine::run::sweep::Row;
use engine::run::ScenarioResult;

/// Columns of `asymlab run --format csv`; per-core and per-cluster values are joined with `;`.
const RUN_HEADER: [&str; 11] = [
    "scheduler",
    "makespan_ns",
    "tasks",
    "throughput_tasks_per_s",
    "energy_j",
    "edp_js",
    "avg_power_w",
    "busy_ns_per_core",
    "overhead_ns_per_core",
    "idle_ns_per_core",
    "utilisation_per_cluster",
];

/// Columns of `asymlab sweep`; absent numbers are empty, per-application values joined with `;`.
const SWEEP_HEADER: [&str; 15] = [
    "index",
    "scheduler",
    "config",
    "workload",
    "seed",
    "makespan_ns",
    "speedup",
    "ideal_speedup",
    "avg_power_w",
    "energy_j",
    "edp_js",
    "energy_norm",
    "edp_norm",
    "migrations",
    "app_done_ns",
];

fn joined<T: ToString>(values: &[T]) -> String {
    values.iter().map(T::to_string).collect::<Vec<_>>().join(";")
}

/// A header and one row per run.
pub fn run_csv(result: &ScenarioResult) -> Result<String, String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(RUN_HEADER).map_err(|e| e.to_string())?;
    for run in &result.runs {
        let m = &run.metrics;
        w.write_record([
            run.scheduler.clone(),
            m.makespan_ns.to_string(),
            m.tasks.to_string(),
            m.throughput_tasks_per_s.to_string(),
            m.energy_j.to_string(),
            m.edp_js.to_string(),
            m.avg_power_w.to_string(),
            joined(&m.busy_ns_per_core),
            joined(&m.overhead_ns_per_core),
            joined(&m.idle_ns_per_core),
            joined(&m.utilisation_per_cluster),
        ])
        .map_err(|e| e.to_string())?;
    }
    let bytes = w.into_inner().map_err(|e| e.to_string())?;
    String::from_utf8(bytes).map_err(|e| e.to_string())
}

/// Sweep rows written one by one as cells finish, so that a long sweep's output grows as it runs.
pub struct SweepCsv<W: Write> {
    writer: csv::Writer<W>,
}

impl<W: Write> SweepCsv<W> {
    /// A writer over `sink`, starting with the header unless `header` is false (appending shards).
    pub fn new(sink: W, header: bool) -> Result<Self, String> {
        let mut writer = csv::Writer::from_writer(sink);
        if header {
            writer.write_record(SWEEP_HEADER).map_err(|e| e.to_string())?;
        }
        Ok(SweepCsv { writer })
    }

    /// One cell's row, flushed at once.
    pub fn row(&mut self, r: &Row) -> Result<(), String> {
        let opt = |v: Option<f64>| v.map(|x| format!("{x:.6}")).unwrap_or_default();
        self.writer
            .write_record([
                r.cell.index.to_string(),
                r.cell.scheduler.clone(),
                r.cell.config.clone(),
                r.cell.workload.clone(),
                r.cell.seed.to_string(),
                r.makespan_ns.to_string(),
                opt(r.speedup),
                opt(r.ideal_speedup),
                format!("{:.6}", r.avg_power_w),
                format!("{:.6}", r.energy_j),
                format!("{:.6}", r.edp_js),
                format!("{:.6}", r.energy_norm),
                format!("{:.6}", r.edp_norm),
                r.migrations.to_string(),
                joined(&r.app_done_ns),
            ])
            .map_err(|e| e.to_string())?;
        self.writer.flush().map_err(|e| e.to_string())
    }
}
