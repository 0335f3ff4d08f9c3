//! What a task-runtime run reports beyond the common metrics (Chen et al. 2020): where priority tasks ran (Fig. 5's pies,
//! labelled "(C2,4)"), tasks per core, the PTT over time, and the decision log for the step-through.

use serde::Serialize;

use super::DecisionLog;
use crate::model::{Place, Places};
use crate::sched::PttSnapshot;
use crate::trace::{ScheduleRecord, SegmentKind};

/// How many priority tasks ran on one execution place.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlaceShare {
    /// The paper's label: `(C{leader},{width})`, e.g. `(C2,4)` for cores 2–5.
    pub label: String,
    /// First core.
    pub leader: u32,
    /// Number of cores.
    pub width: u32,
    /// Priority tasks that ran there.
    pub tasks: u64,
    /// Share of all priority tasks, in [0, 1].
    pub fraction: f64,
}

/// One execution place, a column of the PTT.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlaceRef {
    /// First core.
    pub leader: u32,
    /// Number of cores.
    pub width: u32,
}

/// The PTT's layout and its snapshots over the run.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PttHistory {
    /// Columns of each snapshot's rows: every execution place, in the engine's order.
    pub places: Vec<PlaceRef>,
    /// Number of task types in each snapshot (rows of `places.len()` values each): the first ones, at most 64
    /// (`sched::ptt::MAX_PTT_ROWS`), so that the history stays small whatever the number of task types.
    pub n_types: usize,
    /// Snapshots by time; the last is the final table.
    pub snapshots: Vec<PttSnapshot>,
    /// True when `snapshots` follow the table over the run; false when a plain run kept only the final table
    /// (the run's detail, `Session.ptt_json(run)`, has the history).
    pub history: bool,
}

/// The extras of a task-level run: [`TaskMetrics`] (serialised) and the decision log (recorded on request, fetched on demand).
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TaskExtras {
    /// Priority places, tasks per core, PTT history.
    #[serde(flatten)]
    pub metrics: TaskMetrics,
    /// Every decision (bounded), for the step-through.
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub decisions: DecisionLog,
}

/// Metrics of a task-level run beyond the common ones.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TaskMetrics {
    /// Number of high-priority tasks.
    pub priority_tasks: u64,
    /// Places priority tasks ran on (Fig. 5), in the engine's place order, places never used left out.
    pub priority_places: Vec<PlaceShare>,
    /// Task partitions each core ran.
    pub tasks_per_core: Vec<u64>,
    /// Partitions of priority tasks each core ran.
    pub priority_tasks_per_core: Vec<u64>,
    /// The PTT over time.
    pub ptt: PttHistory,
}

/// The paper's label of a place: `(C{leader},{width})`.
pub fn place_label(leader: u32, width: u32) -> String {
    format!("(C{leader},{width})")
}

/// Derives the task metrics of a run.
pub fn compute(record: &ScheduleRecord, n_cores: usize, places: &Places, n_types: usize, snapshots: Vec<PttSnapshot>, history: bool) -> TaskMetrics {
    let mut per_place = vec![0u64; places.list.len()];
    let mut tasks_per_core = vec![0u64; n_cores];
    let mut priority_tasks_per_core = vec![0u64; n_cores];
    let mut priority_tasks = 0u64;
    for i in 0..record.len() {
        if record.kind[i] != SegmentKind::Work as u8 {
            continue;
        }
        let core = record.lane[i] as usize;
        if core < n_cores {
            tasks_per_core[core] += 1;
            if record.priority[i] == 1 {
                priority_tasks_per_core[core] += 1;
            }
        }
        // One count per task: the leader's partition.
        if record.priority[i] == 1 && record.lane[i] == record.leader[i] {
            priority_tasks += 1;
            let place = Place { leader: record.leader[i], width: record.width[i] };
            if let Some(p) = places.find(place) {
                per_place[p] += 1;
            }
        }
    }
    let priority_places = places
        .list
        .iter()
        .zip(&per_place)
        .filter(|(_, &n)| n > 0)
        .map(|(p, &n)| PlaceShare {
            label: place_label(p.leader, p.width),
            leader: p.leader,
            width: p.width,
            tasks: n,
            fraction: n as f64 / priority_tasks.max(1) as f64,
        })
        .collect();
    TaskMetrics {
        priority_tasks,
        priority_places,
        tasks_per_core,
        priority_tasks_per_core,
        ptt: PttHistory {
            places: places.list.iter().map(|p| PlaceRef { leader: p.leader, width: p.width }).collect(),
            n_types,
            snapshots,
            history,
        },
    }
}

impl TaskMetrics {
    /// Share of priority tasks that ran on the place labelled `label` (0 when none did).
    pub fn priority_share(&self, label: &str) -> f64 {
        self.priority_places.iter().find(|p| p.label == label).map_or(0.0, |p| p.fraction)
    }

    /// Share of priority tasks whose place includes `core`.
    pub fn priority_share_touching(&self, core: u32) -> f64 {
        self.priority_places.iter().filter(|p| p.leader <= core && core < p.leader + p.width).map(|p| p.fraction).sum()
    }
}
