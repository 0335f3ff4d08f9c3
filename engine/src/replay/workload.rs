//! The workload a trace ran: every thread as run bursts separated by sleeps, each released at its recorded wake-up (or start)
//! and, when a `sched_wakeup` names the waker, by a wake edge from the waker's burst; work in reference nanoseconds from
//! the frequency in force (docs/importing-traces.md, "Replay").

use serde_json::json;

use crate::import::ImportedTrace;
use crate::os::bursts::{Burst, BurstThread, Release};
use crate::trace::{SegmentKind, NO_ITEM};

use super::platform::TracePlatform;

/// Largest ratio between the upper and lower quartile of the per-thread speed ratios for the median to count as an estimate.
const MAX_QUARTILE_SPREAD: f64 = 4.0;

/// A recorded burst: contiguous running of one thread, maybe across CPUs.
#[derive(Clone, Debug)]
pub struct RawBurst {
    /// Running intervals: (CPU id or lane index, start, end).
    pub segs: Vec<(u32, u64, u64)>,
    /// When it became runnable: the last wake-up of the thread after its previous burst, else its first start.
    pub release_ns: u64,
    /// The thread that woke it, when known.
    pub waker: Option<u32>,
    /// No wake-up released it although the trace records wake-ups: the thread was preempted (or runnable when the
    /// recording began) and waited in its CPU's run queue.
    pub resumed: bool,
}

impl RawBurst {
    fn start(&self) -> u64 {
        self.segs.first().map_or(0, |s| s.1)
    }

    fn end(&self) -> u64 {
        self.segs.last().map_or(0, |s| s.2)
    }
}

/// Every thread's recorded bursts (threads without any are empty), and per CPU / lane its busy time.
#[derive(Clone, Debug)]
pub struct RawWorkload {
    /// Bursts per thread key (the trace's thread index, or the lane index for traces without CPUs).
    pub threads: Vec<Vec<RawBurst>>,
    /// Labels of the threads.
    pub labels: Vec<String>,
}

/// Collects run bursts: on CPU lanes for traces with CPUs (sched_switch), on every lane (top-level slices) otherwise.
pub fn raw_bursts(trace: &ImportedTrace) -> RawWorkload {
    let r = &trace.record;
    let has_cpus = trace.n_cpus() > 0;
    let n_keys = if has_cpus { trace.threads.len() } else { trace.lanes.len() };
    let mut segs: Vec<Vec<(u32, u64, u64)>> = vec![Vec::new(); n_keys];
    for i in 0..r.len() {
        if r.kind[i] != SegmentKind::Work as u8 || r.end_ns[i] <= r.start_ns[i] {
            continue;
        }
        let lane = &trace.lanes[r.lane[i] as usize];
        let (key, unit) = match (has_cpus, lane.cpu) {
            (true, Some(cpu)) if r.item[i] != NO_ITEM => (r.item[i] as usize, cpu),
            (false, _) if trace.depth.get(i).copied().unwrap_or(0) == 0 => (r.lane[i] as usize, r.lane[i]),
            _ => continue,
        };
        if let Some(list) = segs.get_mut(key) {
            list.push((unit, r.start_ns[i], r.end_ns[i]));
        }
    }
    let with_wakeups = has_cpus && !trace.wakeups.is_empty();
    let mut wakes: Vec<Vec<(u64, u32)>> = vec![Vec::new(); n_keys];
    if has_cpus {
        for w in &trace.wakeups {
            if let Some(list) = wakes.get_mut(w.wakee as usize) {
                list.push((w.t_ns, w.waker));
            }
        }
    }
    let threads = segs
        .into_iter()
        .zip(&wakes)
        .map(|(mut list, wakes)| {
            list.sort_by_key(|s| (s.1, s.2));
            let mut bursts: Vec<RawBurst> = Vec::new();
            let mut prev_end = 0u64;
            for (unit, start, end) in list {
                if let Some(last) = bursts.last_mut() {
                    if start <= last.end() {
                        // Back to back (or overlapping slices of one lane): the same burst.
                        let e = last.end().max(end);
                        let seg_start = last.end();
                        if e > seg_start {
                            last.segs.push((unit, seg_start, e));
                        }
                        prev_end = e;
                        continue;
                    }
                }
                let lo = wakes.partition_point(|w| w.0 <= prev_end);
                let hi = wakes.partition_point(|w| w.0 <= start);
                let (release_ns, waker, resumed) = match wakes[lo..hi].last() {
                    Some(&(t, waker)) => (t, (waker != NO_ITEM).then_some(waker), false),
                    None => (start, None, with_wakeups),
                };
                bursts.push(RawBurst { segs: vec![(unit, start, end)], release_ns, waker, resumed });
                prev_end = end;
            }
            bursts
        })
        .collect();
    let labels = if has_cpus { trace.threads.clone() } else { trace.lanes.iter().map(|l| l.label.clone()).collect() };
    RawWorkload { threads, labels }
}

impl RawWorkload {
    /// Busy time per core of `tp` (sum of running intervals on its CPU).
    pub fn busy_per_core(&self, tp: &TracePlatform) -> Vec<u64> {
        let mut busy = vec![0u64; tp.cpu_of_core.len()];
        for seg in self.threads.iter().flatten().flat_map(|b| &b.segs) {
            if let Some(core) = tp.core_of_cpu(seg.0) {
                busy[core] += seg.2 - seg.1;
            }
        }
        busy
    }

    /// End of the last burst.
    pub fn span_ns(&self) -> u64 {
        self.threads.iter().flatten().map(RawBurst::end).max().unwrap_or(0)
    }

    /// Work of a burst in reference ns on `tp`: each interval × the share of the top frequency in force × the cluster's ratio.
    fn work_ns(&self, b: &RawBurst, tp: &TracePlatform) -> f64 {
        b.segs
            .iter()
            .filter_map(|&(cpu, s, e)| {
                let c = tp.cluster_of_core[tp.core_of_cpu(cpu)?];
                Some(tp.freq_share_ns(c, s, e) * tp.platform.clusters[c].ratio)
            })
            .sum()
    }

    /// Speed ratio estimates per cluster from the same thread's bursts on different clusters (relative to cluster 0):
    /// the median over threads of the ratio of their mean frequency-scaled burst lengths, with its quartiles.
    pub fn estimate_ratios(&self, tp: &TracePlatform) -> (Vec<f64>, Vec<serde_json::Value>) {
        let n = tp.platform.clusters.len();
        let mut per_cluster: Vec<Vec<f64>> = vec![Vec::new(); n];
        for bursts in &self.threads {
            let mut sums = vec![(0.0f64, 0u32); n];
            for b in bursts {
                let clusters: Vec<usize> = b.segs.iter().filter_map(|s| tp.core_of_cpu(s.0).map(|k| tp.cluster_of_core[k])).collect();
                let Some(&c) = clusters.first() else { continue };
                if clusters.iter().any(|&x| x != c) {
                    continue;
                }
                sums[c].0 += b.segs.iter().map(|&(_, s, e)| tp.freq_share_ns(c, s, e)).sum::<f64>();
                sums[c].1 += 1;
            }
            if sums[0].1 == 0 {
                continue;
            }
            let base = sums[0].0 / sums[0].1 as f64;
            for c in 1..n {
                if sums[c].1 > 0 && sums[c].0 > 0.0 {
                    per_cluster[c].push(base / (sums[c].0 / sums[c].1 as f64));
                }
            }
        }
        let mut ratios = vec![1.0; n];
        let mut report = vec![json!({ "reference": true })];
        for (c, list) in per_cluster.iter_mut().enumerate().skip(1) {
            list.sort_by(f64::total_cmp);
            let q = |p: f64| list.get(((list.len() - 1) as f64 * p).round() as usize).copied();
            if list.is_empty() {
                report.push(json!({ "threads": 0, "note": "no thread ran on both this cluster and cluster 0" }));
                continue;
            }
            let (median, p25, p75) = (q(0.5).unwrap_or(1.0), q(0.25).unwrap_or(0.0), q(0.75).unwrap_or(0.0));
            let mut entry = json!({ "threads": list.len(), "median": round3(median), "p25": round3(p25), "p75": round3(p75) });
            if p25 > 0.0 && p75 <= p25 * MAX_QUARTILE_SPREAD {
                ratios[c] = median.clamp(0.05, 20.0);
            } else {
                // The threads disagree about which cluster is faster: no estimate; the ratio of top frequencies (the same
                // work per clock on both clusters) is the least assumption.
                let top = |k: usize| tp.platform.clusters[k].freqs_mhz.last().copied().unwrap_or(1).max(1) as f64;
                ratios[c] = (top(c) / top(0)).clamp(0.05, 20.0);
                entry["note"] = json!(format!("quartiles differ by more than {MAX_QUARTILE_SPREAD}×: the ratio of top frequencies, {}, is used", round3(ratios[c])));
            }
            report.push(entry);
        }
        (ratios, report)
    }

    /// The burst threads of the replay, with counts for the report.
    pub fn to_threads(&self, tp: &TracePlatform) -> (Vec<BurstThread>, Vec<usize>, serde_json::Value) {
        let mut keys = Vec::new();
        let mut out = Vec::new();
        let (mut edges, mut timed, mut resumed) = (0usize, 0usize, 0usize);
        let index_of_key: Vec<Option<usize>> = {
            let mut next = 0;
            self.threads.iter().map(|b| (!b.is_empty()).then(|| { next += 1; next - 1 })).collect()
        };
        for (key, bursts) in self.threads.iter().enumerate() {
            if bursts.is_empty() {
                continue;
            }
            let first_core = bursts[0].segs.first().and_then(|s| tp.core_of_cpu(s.0));
            let list = bursts
                .iter()
                .map(|b| {
                    let release = b
                        .waker
                        .and_then(|w| {
                            let wb = self.threads.get(w as usize)?;
                            let k = wb.partition_point(|x| x.start() <= b.release_ns).checked_sub(1)?;
                            let ok = wb[k].end() >= b.release_ns && wb[k].start() < b.start();
                            let thread = index_of_key[w as usize]? as u32;
                            // The recording queued the wakee on the CPU its waker was running on: the kernel took the
                            // synchronous path (an ordinary wake-up would have gone to the previous CPU or an idle one).
                            let waker_cpu = wb[k].segs.iter().find(|s| s.1 <= b.release_ns && b.release_ns <= s.2).map(|s| s.0);
                            let sync = waker_cpu.is_some() && waker_cpu == b.segs.first().map(|s| s.0);
                            ok.then_some(Release::Woken { thread, burst: k as u32, lag_ns: b.release_ns - wb[k].start(), sync })
                        })
                        .unwrap_or(if b.resumed { Release::Resume(b.release_ns) } else { Release::At(b.release_ns) });
                    match release {
                        Release::At(_) => timed += 1,
                        Release::Resume(_) => resumed += 1,
                        Release::Woken { .. } => edges += 1,
                    }
                    Burst { work_ns: self.work_ns(b, tp).max(1.0), release, recorded_core: b.segs.first().and_then(|s| tp.core_of_cpu(s.0)) }
                })
                .collect();
            keys.push(key);
            out.push(BurstThread { first_core, bursts: list });
        }
        let report = json!({ "threads": out.len(), "bursts": edges + timed + resumed, "wake_edges": edges, "timed_releases": timed, "resumed": resumed });
        (out, keys, report)
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
