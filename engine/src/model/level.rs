//! The three scheduling levels of the model (docs/model-reference.md §0): a task runtime, OpenMP loops, and the OS scheduler.
//!
//! A workload belongs to exactly one level, and so does every scheduler; a run's record and extras are tagged with it.

use serde::{Deserialize, Serialize};

/// Which kind of scheduler runs a workload.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// A task runtime schedules the tasks of a DAG (FIFO, RWS … DAM-P).
    Tasks,
    /// An OpenMP runtime schedules the iterations of parallel loops (static, dynamic, guided, AID).
    Loops,
    /// The operating system schedules the threads of applications (Linux, GTS, PBS, LCSS …).
    Os,
}

impl Level {
    /// Every level, in the order pickers show them.
    pub const ALL: [Level; 3] = [Level::Tasks, Level::Loops, Level::Os];

    /// The name used in scenarios, the CLI and the summary (`tasks`, `loops`, `os`).
    pub fn name(self) -> &'static str {
        match self {
            Level::Tasks => "tasks",
            Level::Loops => "loops",
            Level::Os => "os",
        }
    }

    /// The level called `name`, if any.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// What a record's `item` is at this level.
    pub fn item_label(self) -> &'static str {
        match self {
            Level::Tasks => "task",
            Level::Loops => "loop instance",
            Level::Os => "thread",
        }
    }

    /// What a record's `group` is at this level.
    pub fn group_label(self) -> &'static str {
        match self {
            Level::Tasks => "task type",
            Level::Loops => "activity",
            Level::Os => "application",
        }
    }
}
