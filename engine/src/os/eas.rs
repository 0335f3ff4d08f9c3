//! Energy-aware wake-up placement (EAS, Linux 5.0+; `linux[eas=on]`, docs/model-reference.md §4c): the kernel's
//! `find_energy_efficient_cpu()` (kernel/sched/fair.c) over an energy model built from the platform's power table
//! (Documentation/scheduler/sched-energy.rst, Documentation/power/energy-model.rst).
//!
//! As in the kernel it applies only on a platform with asymmetric CPU capacities and only while the system is not
//! over-utilised (no CPU above 80% of its capacity); otherwise the caller falls back to `select_idle_sibling()`. The
//! previous CPU is always a candidate when the task fits it *by utilisation*, even while another thread runs there,
//! and another CPU (the one with the most spare capacity of each performance domain) is chosen only when it saves more
//! than 1/16 of the energy (`(prev_delta - best_delta) > ((prev_delta + base_energy) >> 4)`). A task with no utilisation
//! yet stays on its previous CPU.
//!
//! Utilisation here is the model's PELT-like running average per thread (out of 1024, `ThreadInfo::util`), made
//! capacity-invariant by the capacity of the CPU it last ran on; a CPU's utilisation counts its running and queued
//! threads and the blocked ones that last ran there (the kernel keeps their decaying utilisation on the run queue).

use super::{OsView, ThreadState};
use crate::model::Platform;

/// `fits_capacity()`: utilisation × 1280 < capacity × 1024 (20% headroom).
const FIT_MARGIN: f64 = 1.25;

/// One performance domain (a cluster: one frequency for its CPUs).
struct PerfDomain {
    /// Capacity of each of its CPUs at the top frequency, out of 1024 for the fastest CPU of the platform.
    cap: f64,
    /// Per operating point, ascending: (capacity at that frequency, cost = power × f_max / f).
    opps: Vec<(f64, f64)>,
}

/// The platform's energy model.
pub struct EnergyModel {
    pds: Vec<PerfDomain>,
    /// Performance domain of each core.
    pd_of: Vec<usize>,
}

impl EnergyModel {
    /// The model of `platform`, or `None` when every CPU has the same capacity (no `SD_ASYM_CPUCAPACITY` domain: EAS off).
    pub fn of(platform: &Platform) -> Option<EnergyModel> {
        let top = |c: &crate::model::Cluster| c.ratio * f64::from(*c.freqs_mhz.last().unwrap_or(&c.ref_freq_mhz)) / f64::from(c.ref_freq_mhz.max(1));
        let max = platform.clusters.iter().map(top).fold(0.0, f64::max);
        if max <= 0.0 {
            return None;
        }
        let pds: Vec<PerfDomain> = platform
            .clusters
            .iter()
            .map(|c| {
                let cap = 1024.0 * top(c) / max;
                let f_max = f64::from(*c.freqs_mhz.last().unwrap_or(&1)).max(1.0);
                let opps = c.freqs_mhz.iter().zip(&c.active_w).map(|(&f, &w)| (cap * f64::from(f) / f_max, w * f_max / f64::from(f.max(1)))).collect();
                PerfDomain { cap, opps }
            })
            .collect();
        let asymmetric = pds.iter().any(|p| (p.cap - pds[0].cap).abs() > 1e-9);
        asymmetric.then(|| EnergyModel { pds, pd_of: platform.cluster_of_cores() })
    }

    fn cap(&self, cpu: usize) -> f64 {
        self.pd_of.get(cpu).map_or(1024.0, |&p| self.pds[p].cap)
    }

    /// Capacity-invariant utilisation of a thread (scaled by the capacity of the CPU it last ran on).
    fn task_util(&self, view: &OsView, thread: usize) -> f64 {
        let t = &view.threads[thread];
        t.util * self.cap(t.core.or(t.prev_core).unwrap_or(0)) / 1024.0
    }

    /// `cpu_util_next()`: the utilisation of `cpu` if `thread` were placed on `dst` (none: removed from every CPU).
    fn cpu_util(&self, view: &OsView, cpu: usize, thread: usize, dst: Option<usize>) -> f64 {
        let on = |t: usize| {
            let th = &view.threads[t];
            th.state != ThreadState::Done && th.state != ThreadState::New && th.core.or(th.prev_core) == Some(cpu)
        };
        let others: f64 = (0..view.threads.len()).filter(|&t| t != thread && on(t)).map(|t| self.task_util(view, t)).sum();
        let mine = if dst == Some(cpu) { self.task_util(view, thread) } else { 0.0 };
        (others + mine).min(self.cap(cpu))
    }

    /// `cpu_overutilized()` on any online CPU: EAS steps aside for the load balancer.
    pub fn overutilized(&self, view: &OsView) -> bool {
        (0..view.cores.len()).any(|c| view.cores[c].online && self.cpu_util(view, c, usize::MAX, None) * FIT_MARGIN > self.cap(c))
    }

    /// `task_fits_cpu()` beside what `cpu` already holds: its utilisation with `thread` placed there keeps 20% headroom.
    pub fn fits_beside(&self, view: &OsView, thread: usize, cpu: usize) -> bool {
        self.cpu_util(view, cpu, thread, Some(cpu)) * FIT_MARGIN <= self.cap(cpu)
    }

    /// `compute_energy()`: the energy of every performance domain with `thread` on `dst` (none: nowhere), as
    /// `em_cpu_energy()` = cost of the OPP that fits the domain's busiest CPU (schedutil's 25% headroom) × summed utilisation / capacity.
    fn energy(&self, view: &OsView, thread: usize, dst: Option<usize>) -> f64 {
        let mut max_util = vec![0.0f64; self.pds.len()];
        let mut sum_util = vec![0.0f64; self.pds.len()];
        for cpu in (0..view.cores.len()).filter(|&c| view.cores[c].online) {
            let p = self.pd_of[cpu];
            let u = self.cpu_util(view, cpu, thread, dst);
            max_util[p] = max_util[p].max(u);
            sum_util[p] += u;
        }
        self.pds
            .iter()
            .enumerate()
            .map(|(p, pd)| {
                let need = max_util[p] * FIT_MARGIN;
                let cost = pd.opps.iter().find(|o| o.0 >= need).or(pd.opps.last()).map_or(0.0, |o| o.1);
                cost * sum_util[p] / pd.cap.max(1e-9)
            })
            .sum()
    }

    /// `find_energy_efficient_cpu()`: the CPU to wake `thread` on, or `None` to fall back to `select_idle_sibling()`.
    pub fn wake_cpu(&self, view: &OsView, thread: usize, prev: usize) -> Option<usize> {
        if self.overutilized(view) {
            return None;
        }
        if self.task_util(view, thread) <= 0.0 {
            return Some(prev);
        }
        let base = self.energy(view, thread, None);
        let mut prev_delta = None;
        let mut best: Option<(f64, usize)> = None;
        for p in 0..self.pds.len() {
            let mut max_spare: Option<(f64, usize)> = None;
            for cpu in (0..view.cores.len()).filter(|&c| self.pd_of[c] == p && view.cores[c].online) {
                let util = self.cpu_util(view, cpu, thread, Some(cpu));
                if util * FIT_MARGIN > self.cap(cpu) {
                    continue;
                }
                if cpu == prev {
                    let d = self.energy(view, thread, Some(prev)) - base;
                    prev_delta = Some(d);
                    best = best.filter(|b| b.0 <= d).or(Some((d, prev)));
                }
                let spare = self.cap(cpu) - util;
                if max_spare.is_none_or(|m| spare > m.0) {
                    max_spare = Some((spare, cpu));
                }
            }
            if let Some((_, cpu)) = max_spare.filter(|m| m.1 != prev) {
                let d = self.energy(view, thread, Some(cpu)) - base;
                if best.is_none_or(|b| d < b.0) {
                    best = Some((d, cpu));
                }
            }
        }
        match (prev_delta, best) {
            (Some(prev_d), Some((best_d, cpu))) if prev_d - best_d > (prev_d + base) / 16.0 => Some(cpu),
            (Some(_), _) => Some(prev),
            (None, best) => best.map(|b| b.1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::calibrate::estimated_cluster;
    use crate::os::{test_view_parts, ThreadState};
    use crate::sim::Rng;

    fn platform(big_ratio: f64) -> Platform {
        let clusters = vec![estimated_cluster("big".into(), 2, &[500, 1000], 1000, big_ratio), estimated_cluster("LITTLE".into(), 2, &[500, 1000], 1000, 1.0)];
        Platform::of_clusters("t", clusters)
    }

    #[test]
    fn symmetric_platforms_have_no_energy_model() {
        assert!(EnergyModel::of(&platform(1.0)).is_none());
        assert!(EnergyModel::of(&platform(2.0)).is_some());
    }

    #[test]
    fn a_small_task_stays_on_its_busy_previous_cpu_and_an_overutilised_system_falls_back() {
        let em = EnergyModel::of(&platform(2.0)).expect("asymmetric");
        let (mut threads, mut cores, apps) = test_view_parts(2, 2, &[(0, 3)]);
        // Thread 0 runs on LITTLE CPU 2 at 10% utilisation; thread 1 (5%) last ran there and wakes: an idle sibling (CPU 3) exists.
        for (t, util) in [(0, 100.0), (1, 50.0), (2, 0.0)] {
            threads[t].util = util;
            threads[t].state = ThreadState::Blocked;
            threads[t].prev_core = Some(2);
        }
        threads[0].state = ThreadState::Running;
        threads[0].core = Some(2);
        cores[2].running = Some(0);
        let mut rng = Rng::new(1);
        let view = OsView { now_ns: 0, threads: &threads, cores: &cores, apps: &apps, up_threshold: 700.0, down_threshold: 256.0, rng: &mut rng };
        assert_eq!(em.wake_cpu(&view, 1, 2), Some(2), "same energy on either LITTLE CPU: the previous one stays");
        assert_eq!(em.wake_cpu(&view, 2, 2), Some(2), "no utilisation yet");
        threads[0].util = 1024.0;
        let view = OsView { now_ns: 0, threads: &threads, cores: &cores, apps: &apps, up_threshold: 700.0, down_threshold: 256.0, rng: &mut rng };
        assert_eq!(em.wake_cpu(&view, 1, 2), None, "CPU 2 is over-utilised: select_idle_sibling decides");
    }
}
