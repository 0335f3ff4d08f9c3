//! The CLI's CSV, written through the `csv` crate so that every field is quoted as RFC 4180 wants (a scheduler named
//! `gts[up=700,down=256]` stays one field): `asymlab run --format csv` and `asymlab sweep`.

use std::io::Write;

use engine::claims::cells::Row;
use engine::claims::lab::{sweep_records, SWEEP_COLUMNS};
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
            writer.write_record(SWEEP_COLUMNS).map_err(|e| e.to_string())?;
        }
        Ok(SweepCsv { writer })
    }

    /// One cell's records (one per run), flushed at once.
    pub fn row(&mut self, row: &Row) -> Result<(), String> {
        for record in sweep_records(row) {
            self.writer.write_record(&record).map_err(|e| e.to_string())?;
        }
        self.writer.flush().map_err(|e| e.to_string())
    }
}
