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
    /// A square-wave toggle of event `idx` into its high or low half, lasting `len_ns` (a full half except, with a random phase,
    /// the first); `prev_mhz` is the level before the wave (0 until the first toggle).
    Square { idx: usize, high: bool, prev_mhz: u32, len_ns: TimeNs },
    /// A turn of time-sliced event `idx` lasting `len_ns`: the co-runners `take` the cores, or the program gets them back
    /// (`first`: the run starts in the program's turn, nothing to give back).
    Slice { idx: usize, take: bool, first: bool, len_ns: TimeNs },
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
                TimelineEvent::DvfsSquare(DvfsSquare { start_ns, high_ns, low_ns, random_phase, .. }) => {
                    let (high, len_ns) = if *random_phase {
                        // An independent driver: the run starts at a uniformly drawn point of the cycle.
                        let cycle = high_ns.saturating_add(*low_ns).max(1);
                        let at = kernel.rng.below(cycle);
                        if at < *high_ns {
                            (true, high_ns - at)
                        } else {
                            (false, cycle - at)
                        }
                    } else {
                        (true, *high_ns)
                    };
                    kernel.schedule_at(*start_ns, E::from(TimelineEv::Square { idx, high, prev_mhz: 0, len_ns }))
                }
                TimelineEvent::CpuInterference(CpuInterference { start_ns, threads, slice_ns: Some(slice), .. }) => {
                    // CFS-like turns: the program's thread for one slice, then each co-runner for one; the run starts at a
                    // uniformly drawn point of that cycle.
                    let slice = (*slice).max(1);
                    let cycle = slice.saturating_mul(1 + *threads as u64);
                    let at = kernel.rng.below(cycle);
                    let (take, len_ns) = if at < slice { (false, slice - at) } else { (true, cycle - at) };
                    kernel.schedule_at(*start_ns, E::from(TimelineEv::Slice { idx, take, first: true, len_ns }));
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
        speed.advance(now);
        match ev {
            TimelineEv::Change(change) => speed.apply(&change),
            TimelineEv::Slice { idx, take, first, len_ns } => {
                let Some(TimelineEvent::CpuInterference(CpuInterference { cores, threads, end_ns, slice_ns: Some(slice), .. })) =
                    self.events.get(idx).cloned()
                else {
                    return vec![];
                };
                let next = now.saturating_add(len_ns);
                let give_back = |c: &u32| Change::Descheduled { core: *c as usize, descheduled: false };
                match end_ns {
                    Some(end) if next >= end => {
                        if take {
                            for c in &cores {
                                kernel.schedule_at(end, E::from(TimelineEv::Change(give_back(c))));
                            }
                        }
                    }
                    _ => {
                        let len_ns = if take { slice } else { slice.saturating_mul(threads as u64) };
                        kernel.schedule_at(next, E::from(TimelineEv::Slice { idx, take: !take, first: false, len_ns }));
                    }
                }
                if !take && first {
                    return vec![];
                }
                let mut changed = Vec::new();
                for c in &cores {
                    let change = if take { Change::Descheduled { core: *c as usize, descheduled: true } } else { give_back(c) };
                    changed.extend(speed.apply(&change));
                }
                changed
            }
            TimelineEv::Dvfs { cluster, freq_mhz, end_ns } => {
                let previous = speed.freq_mhz[cluster];
                if let Some(end) = end_ns {
                    kernel.schedule_at(end, E::from(TimelineEv::Dvfs { cluster, freq_mhz: previous, end_ns: None }));
                }
                self.set_freq(now, speed, cluster, freq_mhz)
            }
            TimelineEv::Square { idx, high, prev_mhz, len_ns } => {
                let Some(TimelineEvent::DvfsSquare(DvfsSquare { cluster, high_mhz, low_mhz, high_ns, low_ns, end_ns, .. })) =
                    self.events.get(idx).cloned()
                else {
                    return vec![];
                };
                let cluster = cluster as usize;
                let prev = if prev_mhz == 0 { speed.freq_mhz[cluster] } else { prev_mhz };
                let level = if high { high_mhz } else { low_mhz };
                let next = now.saturating_add(len_ns);
                let next_len_ns = if high { low_ns } else { high_ns };
                match end_ns {
                    Some(end) if next >= end => kernel
                        .schedule_at(end, E::from(TimelineEv::Dvfs { cluster, freq_mhz: prev, end_ns: None })),
                    _ => kernel.schedule_at(next, E::from(TimelineEv::Square { idx, high: !high, prev_mhz: prev, len_ns: next_len_ns })),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::events::{CpuInterference, DvfsSquare};
    use crate::sim::{Model, Simulation};

    /// Applies timeline events and logs, after each, core 0's descheduled flag and cluster 0's frequency.
    struct Log {
        timeline: Timeline,
        speed: SpeedState,
        seen: Vec<(TimeNs, bool, u32)>,
    }

    impl Model for Log {
        type Event = TimelineEv;
        fn handle(&mut self, kernel: &mut Kernel<TimelineEv>, ev: TimelineEv) {
            self.timeline.apply(kernel, &mut self.speed, ev);
            self.seen.push((kernel.now_ns(), self.speed.is_descheduled(0), self.speed.freq_mhz[0]));
        }
        fn is_finished(&self) -> bool {
            false
        }
    }

    fn run(events: Vec<TimelineEvent>, seed: u64, until_ns: TimeNs) -> Vec<(TimeNs, bool, u32)> {
        let platform = crate::catalogue::platform("jetson-tx2").expect("preset");
        let log = Log { timeline: Timeline::new(&platform, &events), speed: SpeedState::new(&platform, &[]), seen: Vec::new() };
        let mut sim = Simulation::new(log, seed);
        sim.model.timeline.schedule_initial(&mut sim.kernel, &events);
        sim.step_until(until_ns);
        sim.model.seen
    }

    /// Time core 0 spends descheduled in `[0, until_ns)`.
    fn descheduled_ns(seen: &[(TimeNs, bool, u32)], until_ns: TimeNs) -> TimeNs {
        let mut total = 0;
        for (i, &(t, off, _)) in seen.iter().enumerate() {
            let next = seen.get(i + 1).map_or(until_ns, |n| n.0.min(until_ns));
            if off && t < until_ns {
                total += next - t;
            }
        }
        total
    }

    #[test]
    fn a_sliced_corunner_takes_its_turns_and_gives_the_core_back_at_the_end() {
        let slice = 1_000_000;
        let ev = |end_ns| vec![TimelineEvent::CpuInterference(CpuInterference { cores: vec![0], threads: 2, start_ns: 0, end_ns, slice_ns: Some(slice) })];
        // Two co-runners: the program holds the core one slice in three, over whole cycles whatever the drawn phase.
        for seed in 1..6 {
            let seen = run(ev(None), seed, 30 * slice);
            let off = descheduled_ns(&seen, 30 * slice);
            assert!((off as i64 - 20 * slice as i64).abs() <= 2 * slice as i64, "seed {seed}: {off} ns descheduled of {}", 30 * slice);
        }
        let seen = run(ev(Some(10 * slice + 1)), 3, 30 * slice);
        assert_eq!(seen.last().map(|s| s.1), Some(false), "the core comes back when the interference ends");
        assert!(seen.iter().all(|s| s.0 <= 10 * slice + 1));
    }

    #[test]
    fn a_random_phase_square_wave_starts_anywhere_in_its_cycle() {
        let half = 5_000_000;
        let wave = |random_phase| {
            vec![TimelineEvent::DvfsSquare(DvfsSquare { cluster: 0, high_mhz: 2035, low_mhz: 345, high_ns: half, low_ns: half, start_ns: 0, end_ns: None, random_phase })]
        };
        let fixed = run(wave(false), 1, 4 * half);
        assert_eq!(fixed[..3].iter().map(|s| (s.0, s.2)).collect::<Vec<_>>(), vec![(0, 2035), (half, 345), (2 * half, 2035)]);
        let mut firsts = Vec::new();
        for seed in 1..9 {
            let seen = run(wave(true), seed, 4 * half);
            // After the first (partial) half, every half lasts `half` and the levels alternate.
            for w in seen[1..].windows(2) {
                assert_eq!(w[1].0 - w[0].0, half);
                assert_ne!(w[1].2, w[0].2);
            }
            firsts.push((seen[0].2, seen[1].0));
        }
        assert!(firsts.iter().any(|f| f.0 == 345) && firsts.iter().any(|f| f.0 == 2035), "{firsts:?}");
        assert!(firsts.iter().all(|f| f.1 > 0 && f.1 <= half));
    }
}
