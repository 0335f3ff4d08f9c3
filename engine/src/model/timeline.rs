//! Applies the scenario's timeline events to the speed state during a run and keeps the frequency and interference history.

use crate::model::events::{Change, CoreOffline, CpuInterference, Dvfs, DvfsSquare, MemoryInterference};
use crate::model::{Platform, SpeedState, TimelineEvent};
use crate::sim::{Kernel, TimeNs};
use crate::trace::{FreqInterval, InterferenceInterval};

/// A timeline change queued in the kernel.
pub(crate) enum TimelineEv {
    /// An elementary change (interference or offline start or end).
    Change(Change),
    /// A DVFS step; with `end_ns`, the level before it comes back then.
    Dvfs { cluster: usize, freq_mhz: u32, end_ns: Option<TimeNs> },
    /// A square-wave toggle of event `idx`; `prev_mhz` is the level before the wave (0 until the first toggle).
    Square { idx: usize, high: bool, prev_mhz: u32 },
}

/// Frequency history and the events, for intervals at the end of the run.
pub(crate) struct Timeline {
    /// `(t_ns, freq_mhz)` per cluster, starting at time 0.
    freq_changes: Vec<Vec<(TimeNs, u32)>>,
    events: Vec<TimelineEvent>,
    cluster_cores: Vec<Vec<u32>>,
}

impl Timeline {
    pub(crate) fn new(platform: &Platform, events: &[TimelineEvent]) -> Self {
        Timeline {
            freq_changes: platform.clusters.iter().map(|c| vec![(0, c.freq_mhz)]).collect(),
            events: events.to_vec(),
            cluster_cores: platform
                .clusters
                .iter()
                .zip(platform.first_cores())
                .map(|(c, first)| (first as u32..first as u32 + c.cores).collect())
                .collect(),
        }
    }

    /// Queues every event's start (and end, for interference and offline events).
    pub(crate) fn schedule_initial<E: From<TimelineEv>>(&self, kernel: &mut Kernel<E>, events: &[TimelineEvent]) {
        for (idx, event) in events.iter().enumerate() {
            match event {
                TimelineEvent::Dvfs(Dvfs { cluster, freq_mhz, start_ns, end_ns }) => kernel.schedule_at(
                    *start_ns,
                    E::from(TimelineEv::Dvfs { cluster: *cluster as usize, freq_mhz: *freq_mhz, end_ns: *end_ns }),
                ),
                TimelineEvent::DvfsSquare(DvfsSquare { start_ns, .. }) => {
                    kernel.schedule_at(*start_ns, E::from(TimelineEv::Square { idx, high: true, prev_mhz: 0 }))
                }
                _ => {
                    let (starts, ends) = event.start_and_end_changes();
                    for change in starts {
                        kernel.schedule_at(event.start_ns(), E::from(TimelineEv::Change(change)));
                    }
                    if let Some(end) = event.end_ns() {
                        for change in ends {
                            kernel.schedule_at(end, E::from(TimelineEv::Change(change)));
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
    pub(crate) fn apply<E: From<TimelineEv>>(&mut self, kernel: &mut Kernel<E>, speed: &mut SpeedState, ev: TimelineEv) -> Vec<usize> {
        let now = kernel.now_ns();
        match ev {
            TimelineEv::Change(change) => speed.apply(&change),
            TimelineEv::Dvfs { cluster, freq_mhz, end_ns } => {
                let previous = speed.freq_mhz[cluster];
                if let Some(end) = end_ns {
                    kernel.schedule_at(end, E::from(TimelineEv::Dvfs { cluster, freq_mhz: previous, end_ns: None }));
                }
                self.set_freq(now, speed, cluster, freq_mhz)
            }
            TimelineEv::Square { idx, high, prev_mhz } => {
                let Some(TimelineEvent::DvfsSquare(DvfsSquare { cluster, high_mhz, low_mhz, high_ns, low_ns, end_ns, .. })) =
                    self.events.get(idx).cloned()
                else {
                    return vec![];
                };
                let cluster = cluster as usize;
                let prev = if prev_mhz == 0 { speed.freq_mhz[cluster] } else { prev_mhz };
                let (level, half) = if high { (high_mhz, high_ns) } else { (low_mhz, low_ns) };
                let next = now.saturating_add(half);
                match end_ns {
                    Some(end) if next >= end => kernel
                        .schedule_at(end, E::from(TimelineEv::Dvfs { cluster, freq_mhz: prev, end_ns: None })),
                    _ => kernel.schedule_at(next, E::from(TimelineEv::Square { idx, high: !high, prev_mhz: prev })),
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

    /// Interference and offline intervals clipped to `[0, makespan_ns]`.
    pub(crate) fn interference_intervals(&self, makespan_ns: TimeNs) -> Vec<InterferenceInterval> {
        let mut out = Vec::new();
        for event in &self.events {
            let start = event.start_ns();
            if start >= makespan_ns {
                continue;
            }
            let end = event.end_ns().unwrap_or(makespan_ns).min(makespan_ns);
            let interval = match event {
                TimelineEvent::CpuInterference(CpuInterference { cores, threads, .. }) => InterferenceInterval {
                    kind: "cpu",
                    cores: cores.clone(),
                    start_ns: start,
                    end_ns: end,
                    label: format!("{threads} co-running thread{}", if *threads == 1 { "" } else { "s" }),
                },
                TimelineEvent::MemoryInterference(MemoryInterference { cluster, intensity, .. }) => InterferenceInterval {
                    kind: "memory",
                    cores: self.cluster_cores.get(*cluster as usize).cloned().unwrap_or_default(),
                    start_ns: start,
                    end_ns: end,
                    label: format!("memory co-runner on cluster {cluster}, intensity {intensity}"),
                },
                TimelineEvent::CoreOffline(CoreOffline { core, .. }) => InterferenceInterval {
                    kind: "offline",
                    cores: vec![*core],
                    start_ns: start,
                    end_ns: end,
                    label: format!("core {core} offline"),
                },
                _ => continue,
            };
            out.push(interval);
        }
        out
    }
}
