//! Timeline events at the OS level: the same DVFS, interference and offline events as the task runtime, applied to the thread simulator's speed state.

use crate::model::events::{Change, DvfsSquare};
use crate::model::{Platform, SpeedState, TimelineEvent};
use crate::sim::{Kernel, TimeNs};
use crate::trace::{FreqInterval, InterferenceInterval};

use super::sim::Ev;

/// A timeline change queued in the kernel.
pub(crate) enum TimelineEv {
    /// An elementary change (interference or offline start or end).
    Change(Change),
    /// A DVFS step; with `end_ns`, the level before it comes back then.
    Dvfs { cluster: usize, freq_mhz: u32, end_ns: Option<TimeNs> },
    /// A square-wave toggle of event `idx`.
    Square { idx: usize, high: bool, prev_mhz: u32 },
}

/// Frequency history, for the record's intervals.
pub(crate) struct Timeline {
    freq_changes: Vec<Vec<(TimeNs, u32)>>,
    events: Vec<TimelineEvent>,
}

impl Timeline {
    pub(crate) fn new(platform: &Platform, events: &[TimelineEvent]) -> Self {
        Timeline { freq_changes: platform.clusters.iter().map(|c| vec![(0, c.freq_mhz)]).collect(), events: events.to_vec() }
    }

    /// Queues every event's start (and end).
    pub(crate) fn schedule_initial(&self, kernel: &mut Kernel<Ev>) {
        for (idx, event) in self.events.iter().enumerate() {
            match event {
                TimelineEvent::Dvfs(d) => kernel.schedule_at(
                    d.start_ns,
                    Ev::Timeline(TimelineEv::Dvfs { cluster: d.cluster as usize, freq_mhz: d.freq_mhz, end_ns: d.end_ns }),
                ),
                TimelineEvent::DvfsSquare(DvfsSquare { start_ns, .. }) => {
                    kernel.schedule_at(*start_ns, Ev::Timeline(TimelineEv::Square { idx, high: true, prev_mhz: 0 }))
                }
                _ => {
                    let (starts, ends) = event.start_and_end_changes();
                    for change in starts {
                        kernel.schedule_at(event.start_ns(), Ev::Timeline(TimelineEv::Change(change)));
                    }
                    if let Some(end) = event.end_ns() {
                        for change in ends {
                            kernel.schedule_at(end, Ev::Timeline(TimelineEv::Change(change)));
                        }
                    }
                }
            }
        }
    }

    fn set_freq(&mut self, now: TimeNs, speed: &mut SpeedState, cluster: usize, freq_mhz: u32) -> Vec<usize> {
        let history = &mut self.freq_changes[cluster];
        match history.last_mut() {
            Some(last) if last.0 == now => last.1 = freq_mhz,
            _ => history.push((now, freq_mhz)),
        }
        speed.apply(&Change::SetFreq { cluster, freq_mhz })
    }

    /// Applies one change; returns the cores whose speed may have changed.
    pub(crate) fn apply(&mut self, kernel: &mut Kernel<Ev>, speed: &mut SpeedState, ev: TimelineEv) -> Vec<usize> {
        let now = kernel.now_ns();
        match ev {
            TimelineEv::Change(change) => speed.apply(&change),
            TimelineEv::Dvfs { cluster, freq_mhz, end_ns } => {
                let previous = speed.freq_mhz[cluster];
                if let Some(end) = end_ns {
                    kernel.schedule_at(end, Ev::Timeline(TimelineEv::Dvfs { cluster, freq_mhz: previous, end_ns: None }));
                }
                self.set_freq(now, speed, cluster, freq_mhz)
            }
            TimelineEv::Square { idx, high, prev_mhz } => {
                let Some(TimelineEvent::DvfsSquare(sq)) = self.events.get(idx).cloned() else { return vec![] };
                let cluster = sq.cluster as usize;
                let prev = if prev_mhz == 0 { speed.freq_mhz[cluster] } else { prev_mhz };
                let (level, half) = if high { (sq.high_mhz, sq.high_ns) } else { (sq.low_mhz, sq.low_ns) };
                let next = now.saturating_add(half);
                match sq.end_ns {
                    Some(end) if next >= end => {
                        kernel.schedule_at(end, Ev::Timeline(TimelineEv::Dvfs { cluster, freq_mhz: prev, end_ns: None }))
                    }
                    _ => kernel.schedule_at(next, Ev::Timeline(TimelineEv::Square { idx, high: !high, prev_mhz: prev })),
                }
                self.set_freq(now, speed, cluster, level)
            }
        }
    }

    /// Frequency intervals of every cluster over `[0, makespan_ns]`.
    pub(crate) fn freq_intervals(&self, makespan_ns: TimeNs) -> Vec<FreqInterval> {
        let mut out = Vec::new();
        for (cluster, history) in self.freq_changes.iter().enumerate() {
            for (i, &(start, freq)) in history.iter().enumerate() {
                if start >= makespan_ns && !(start == 0 && makespan_ns == 0) {
                    break;
                }
                let end = history.get(i + 1).map_or(makespan_ns, |n| n.0.min(makespan_ns));
                if end > start || makespan_ns == 0 {
                    out.push(FreqInterval { cluster: cluster as u32, start_ns: start, end_ns: end, freq_mhz: freq });
                }
            }
        }
        out
    }

    /// Interference and offline intervals clipped to the run, labelled by kind.
    pub(crate) fn interference_intervals(&self, platform: &Platform, makespan_ns: TimeNs) -> Vec<InterferenceInterval> {
        let first = platform.first_cores();
        let mut out = Vec::new();
        for event in &self.events {
            let start = event.start_ns();
            if start >= makespan_ns {
                continue;
            }
            let end = event.end_ns().unwrap_or(makespan_ns).min(makespan_ns);
            let (kind, cores, label) = match event {
                TimelineEvent::CpuInterference(e) => ("cpu", e.cores.clone(), format!("{} co-running thread(s)", e.threads)),
                TimelineEvent::MemoryInterference(e) => {
                    let c = e.cluster as usize;
                    let n = platform.clusters.get(c).map_or(0, |k| k.cores);
                    let f = first.get(c).copied().unwrap_or(0) as u32;
                    ("memory", (f..f + n).collect(), format!("memory co-runner on cluster {c}, intensity {}", e.intensity))
                }
                TimelineEvent::CoreOffline(e) => ("offline", vec![e.core], format!("core {} offline", e.core)),
                _ => continue,
            };
            out.push(InterferenceInterval { kind, cores, start_ns: start, end_ns: end, label });
        }
        out
    }
}
