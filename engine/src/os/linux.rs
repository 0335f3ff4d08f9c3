//! Linux CFS (LIN, Zhang et al.'s baseline; docs/model-reference.md §4c): per-CPU run queues with PELT load tracking, periodic
//! load balancing up the scheduling domains (within a cluster, then across clusters) with the kernel's imbalance rules,
//! active balancing that pushes a lone running task after repeated failed attempts, newly-idle pulling, fork placement on
//! the idlest group and CPU, and wake-up placement on the previous CPU or an idle CPU sharing its cache. Like the kernel
//! Zhang et al. ran (2.6.27, no CPU capacities) it counts every CPU as equal, so it moves threads between large and small
//! cores by count, in either direction. `misfit=on` adds what capacity-aware kernels (4.20+) do: a running task that does
//! not fit a small CPU is pulled by a big CPU as soon as one is idle. Ties between equally idle CPUs or groups are broken
//! at random (they stand for the timing noise that decides them on real hardware), which gives Zhang et al.'s
//! run-to-run variation. `order=on` breaks fork-placement ties as the kernel's code does: `find_idlest_group()` keeps the
//! first of equally idle groups after the parent's and `find_idlest_cpu()` the parent's CPU, else the lowest-numbered
//! (Linux 2.6.27, `kernel/sched.c`), and a program's first thread is forked from CPU 0, where the launching shell runs.

use super::cfs::{build_domains, group_stats, imbalance, Domain, Migration, Pelt, Shadow, FIT_MARGIN, NICE_0_LOAD};
use super::eas::EnergyModel;
use super::{BalanceReason, Move, OsScheduler, OsView, ThreadState};
use crate::sim::TimeNs;

/// Per-CPU, per-domain balancing state (`sd->balance_interval`, `sd->nr_balance_failed`, `sd->last_balance`).
#[derive(Clone, Copy, Default)]
struct DomainState {
    interval_ms: u64,
    failed: u32,
    last_ns: TimeNs,
}

/// See the module doc.
pub struct Linux {
    /// Load balancing (periodic, active and newly-idle) on or off.
    pub lb: bool,
    /// Capacity-aware misfit migration (off: Zhang et al.'s capacity-blind kernel).
    pub misfit: bool,
    /// Energy-aware wake-up placement (`os/eas.rs`) on platforms with asymmetric capacities.
    pub eas: bool,
    /// Android's kernels (an Android phone's recording): synchronous wake-ups go to the waker's CPU, a woken task stays on
    /// its active previous CPU while it fits there (`find_best_target()`), and load balancing waits for over-utilisation.
    pub android: bool,
    /// Fork-placement ties in CPU order instead of at random (see the module doc).
    pub order: bool,
    energy: Option<EnergyModel>,
    pelt: Pelt,
    domains: Vec<Vec<Domain>>,
    state: Vec<Vec<DomainState>>,
}

impl Linux {
    /// A CFS model; domains are built from the platform on the first call.
    pub fn new(lb: bool, misfit: bool) -> Self {
        Linux { lb, misfit, eas: false, android: false, order: false, energy: None, pelt: Pelt::default(), domains: Vec::new(), state: Vec::new() }
    }

    /// With energy-aware wake-up placement (Android and capacity-aware kernels, 5.0+).
    pub fn with_eas(mut self, eas: bool) -> Self {
        self.eas = eas;
        self
    }

    /// With or without Android's wake-up path (see `wake_cpu`).
    pub fn with_android(mut self, android: bool) -> Self {
        self.android = android;
        self
    }

    /// With fork-placement ties broken in CPU order (see the module doc).
    pub fn with_order(mut self, order: bool) -> Self {
        self.order = order;
        self
    }

    fn prepare(&mut self, view: &OsView) {
        if self.domains.len() != view.cores.len() {
            self.domains = build_domains(view);
            self.state = self.domains.iter().map(|ds| ds.iter().map(|d| DomainState { interval_ms: d.min_interval_ms, failed: 0, last_ns: 0 }).collect()).collect();
        }
        self.pelt.observe(view);
    }

    fn misfit_on(&self, view: &OsView, cpu: usize, thread: usize) -> bool {
        misfit_on(self.misfit, view, cpu, thread)
    }

    /// Fork placement (`find_idlest_group()` then `find_idlest_group_cpu()`), from the top domain down.
    fn fork_cpu(&self, view: &mut OsView, near: Option<usize>) -> usize {
        let shadow = Shadow::of(view);
        let start = near.unwrap_or(0).min(view.cores.len().saturating_sub(1));
        let mut span: Vec<usize> = (0..view.cores.len()).filter(|&c| shadow.online[c]).collect();
        if let Some(top) = self.domains.get(start).and_then(|ds| ds.last()) {
            if top.groups.len() > 1 {
                // The group with the most idle CPUs, then the fewest tasks; near-ties go either way.
                let key = |g: &Vec<usize>| {
                    let idle = g.iter().filter(|&&c| shadow.idle(c)).count();
                    let nr: usize = g.iter().map(|&c| shadow.nr(c)).sum();
                    (idle, std::cmp::Reverse(nr))
                };
                let best = top.groups.iter().map(key).max();
                let tied: Vec<usize> = (0..top.groups.len()).filter(|&g| Some(key(&top.groups[g])) == best).collect();
                // In CPU order: the first tied group after the parent's (the parent's own last).
                let local = top.groups.iter().position(|g| g.contains(&start)).unwrap_or(0);
                let n_groups = top.groups.len();
                let first_after = (1..=n_groups).map(|i| (local + i) % n_groups).find(|g| tied.contains(g));
                if let Some(g) = self.tie(view, &tied, first_after) {
                    span = top.groups[g].iter().copied().filter(|&c| shadow.online[c]).collect();
                }
            }
        }
        let idle: Vec<usize> = span.iter().copied().filter(|&c| shadow.idle(c)).collect();
        let lowest = idle.iter().copied().find(|&c| c == start).or_else(|| idle.first().copied());
        if let Some(c) = self.tie(view, &idle, lowest) {
            return c;
        }
        let min = span.iter().map(|&c| shadow.load(c, &self.pelt)).fold(f64::INFINITY, f64::min);
        let least: Vec<usize> = span.into_iter().filter(|&c| shadow.load(c, &self.pelt) <= min).collect();
        self.tie(view, &least, least.first().copied()).unwrap_or(start)
    }

    /// One of the tied `list`: `in_order` (the kernel code's choice) with `order=on`, else one at random.
    fn tie(&self, view: &mut OsView, list: &[usize], in_order: Option<usize>) -> Option<usize> {
        if self.order {
            in_order
        } else {
            view.pick(list)
        }
    }

    /// Wake-up placement (`select_idle_sibling()`): the previous CPU when idle, else an idle CPU sharing its last-level cache
    /// (`sd_llc`, scanned from the next CPU on: its cluster on a big.LITTLE SoC, every CPU when all share one cache), else
    /// the previous CPU's queue. Barrier wake-ups are one-to-many, so the waker's
    /// CPU is not preferred (`wake_wide()`).
    fn wake_cpu(&self, view: &OsView, thread: usize, prev: usize) -> Option<usize> {
        let shadow = Shadow::of(view);
        if !shadow.online[prev] {
            return None;
        }
        let fits_prev = !self.misfit_on(view, prev, thread);
        if shadow.idle(prev) && fits_prev {
            return Some(prev);
        }
        // Android's EAS (not over-utilised): `find_best_target()` puts a task that is not latency-sensitive on an active CPU
        // with spare capacity before it wakes an idle one, and `select_energy_cpu_brute()` keeps the previous CPU unless the
        // target saves energy; between active CPUs of one frequency domain it does not, so the previous CPU stays while the
        // task fits beside what already runs there (utilisations summed, with the kernel's 20% margin).
        if let (true, true, Some(em)) = (self.android, fits_prev, self.energy.as_ref()) {
            if !em.overutilized(view) && em.fits_beside(view, thread, prev) {
                return Some(prev);
            }
        }
        let n = view.cores.len();
        let llc = view.cores[prev].llc;
        let scan = (1..n).map(|i| (prev + i) % n).filter(|&c| view.cores[c].llc == llc || (!fits_prev && view.cores[c].big));
        let idle: Vec<usize> = scan.filter(|&c| shadow.idle(c)).collect();
        // With capacities known, a task that does not fit prefers an idle big CPU (`select_idle_capacity()`).
        idle.iter().copied().find(|&c| !fits_prev && view.cores[c].big).or_else(|| idle.first().copied()).or(Some(prev))
    }

    /// One CPU's balancing pass over its domains, bottom-up (`rebalance_domains()` or, when `newidle`, `newidle_balance()`).
    fn balance_cpu(&mut self, view: &OsView, shadow: &mut Shadow, cpu: usize, newidle: bool, moves: &mut Vec<Move>) {
        for level in 0..self.domains[cpu].len() {
            let idle = shadow.idle(cpu);
            let st = self.state[cpu][level];
            let domain = &self.domains[cpu][level];
            if !newidle {
                let interval_ms = if idle { st.interval_ms } else { st.interval_ms * domain.busy_factor };
                if view.now_ns < st.last_ns + interval_ms * 1_000_000 {
                    continue;
                }
                self.state[cpu][level].last_ns = view.now_ns;
            }
            let pulled = self.load_balance(view, shadow, cpu, level, newidle, moves);
            if newidle && pulled {
                break;
            }
        }
    }

    /// `load_balance()` at one level; true when something moved.
    fn load_balance(&mut self, view: &OsView, shadow: &mut Shadow, cpu: usize, level: usize, newidle: bool, moves: &mut Vec<Move>) -> bool {
        let domain = self.domains[cpu][level].clone();
        let Some(local) = domain.group_of(cpu) else { return false };
        // Only a bigger CPU sees a misfit task (`update_sd_pick_busiest()` skips it otherwise).
        let (enabled, dst_big) = (self.misfit, view.cores[cpu].big);
        let src = {
            let sh: &Shadow = shadow;
            let misfit = |c: usize| dst_big && sh.running[c].is_some_and(|t| misfit_on(enabled, view, c, t));
            let stats: Vec<_> = domain.groups.iter().map(|g| group_stats(sh, &self.pelt, g, &misfit)).collect();
            let Some((busiest, migration)) = imbalance(&domain, &stats, local, sh.idle(cpu)) else {
                let st = &mut self.state[cpu][level];
                st.failed = 0;
                st.interval_ms = (st.interval_ms * 2).min(domain.max_interval_ms);
                return false;
            };
            // `find_busiest_queue()`: the CPU of the busiest group with the most tasks (then the most load), or the misfit one.
            let pelt = &self.pelt;
            let src = domain.groups[busiest].iter().copied().filter(|&c| sh.online[c] && sh.nr(c) > 0).max_by(|&a, &b| {
                let key = |c: usize| (u8::from(misfit(c)), sh.nr(c));
                key(a).cmp(&key(b)).then(sh.load(a, pelt).partial_cmp(&sh.load(b, pelt)).unwrap_or(std::cmp::Ordering::Equal)).then(b.cmp(&a))
            });
            src.map(|s| (s, migration))
        };
        let idle = shadow.idle(cpu);
        let Some((src, migration)) = src else { return false };
        let mut moved = 0usize;
        if migration != Migration::Misfit {
            // `detach_tasks()`: queued tasks only, the least recently queued first, until the imbalance is met.
            let mut budget = migration;
            while let Some(&t) = shadow.queued[src].first() {
                let done = match budget {
                    Migration::Tasks(n) => moved >= n,
                    Migration::Load(l) => l <= 0.0,
                    Migration::Misfit => true,
                };
                if done || !shadow.movable[t] || shadow.nr(src) <= 1 {
                    break;
                }
                if let Migration::Load(l) = budget {
                    budget = Migration::Load(l - self.pelt.load.get(t).copied().unwrap_or(NICE_0_LOAD));
                }
                shadow.apply(t, src, cpu);
                moves.push(Move { thread: t, to_core: cpu });
                moved += 1;
            }
        }
        let st = &mut self.state[cpu][level];
        if moved > 0 {
            st.failed = 0;
            st.interval_ms = domain.min_interval_ms;
            return true;
        }
        // Nothing detachable: the busiest CPU runs its only task. Count the failure (not when newly idle) and push the
        // running task by active balancing once failures exceed cache_nice_tries + 2, or at once for a misfit task.
        if !newidle {
            // Unbalanced: keep trying at the shortest interval (`sd->balance_interval = sd->min_interval`).
            st.failed += 1;
            st.interval_ms = domain.min_interval_ms;
        }
        let active = migration == Migration::Misfit || (!newidle && st.failed > domain.cache_nice_tries + 2);
        let Some(t) = shadow.running[src] else { return false };
        if !active || !idle || !shadow.movable[t] || view.threads[t].state != ThreadState::Running {
            return false;
        }
        st.failed = domain.cache_nice_tries + 1;
        st.interval_ms = domain.min_interval_ms;
        shadow.apply(t, src, cpu);
        moves.push(Move { thread: t, to_core: cpu });
        true
    }
}

/// A thread's tracked utilisation does not fit a non-big CPU (`task_fits_cpu()` with a 20% margin); only when `enabled`.
fn misfit_on(enabled: bool, view: &OsView, cpu: usize, thread: usize) -> bool {
    enabled && !view.cores[cpu].big && view.threads[thread].util * FIT_MARGIN > NICE_0_LOAD
}

impl OsScheduler for Linux {
    fn attach(&mut self, platform: &crate::model::Platform) {
        self.energy = if self.eas || self.android { EnergyModel::of(platform) } else { None };
    }

    fn place(&mut self, view: &mut OsView, thread: usize, wake: bool) -> usize {
        self.prepare(view);
        let prev = view.threads[thread].prev_core;
        // `select_task_rq_fair()`: EAS first while the system is not over-utilised, then `select_idle_sibling()`.
        if let (true, true, Some(em), Some(p)) = (wake, self.eas, self.energy.as_ref(), prev) {
            if let Some(c) = em.wake_cpu(view, thread, p) {
                return c;
            }
        }
        if wake {
            if let Some(c) = prev.and_then(|p| self.wake_cpu(view, thread, p)) {
                return c;
            }
        }
        // A new thread is forked near the thread that ran its application last (the parent).
        let app = view.threads[thread].app;
        let parent = view.threads.iter().filter(|t| t.app == app).find_map(|t| t.prev_core);
        self.fork_cpu(view, prev.or(parent))
    }

    /// A synchronous wake-up (`WF_SYNC`: binder transactions, `wake_up_interruptible_sync()`, the waker about to sleep).
    /// With `android=on`, the sync hint of Android's kernels (`sysctl_sched_sync_hint_enable`, "sched/fair: add tunable to
    /// force selection at cpu granularity", honoured unconditionally for energy-aware wake-ups since "ANDROID: sched:
    /// Unconditionally honor sync flag for energy-aware wakeups"): the waker's CPU, when the task fits it. Mainline kernels
    /// only make the waker's CPU the target of `select_idle_sibling()`, which still prefers an idle CPU: an ordinary wake-up here.
    fn place_sync(&mut self, view: &mut OsView, thread: usize, waker_core: usize) -> usize {
        self.prepare(view);
        let online = view.cores.get(waker_core).is_some_and(|c| c.online);
        if self.android && online && !self.misfit_on(view, waker_core, thread) {
            return waker_core;
        }
        self.place(view, thread, true)
    }

    fn balance(&mut self, view: &mut OsView, reason: BalanceReason) -> Vec<Move> {
        self.prepare(view);
        // With energy-aware scheduling the load balancer stands aside while no CPU is over-utilised
        // (Documentation/scheduler/sched-energy.rst, "Overutilization"; Android's kernels as mainline 5.0+).
        let eas_holds = self.android && self.energy.as_ref().is_some_and(|em| !em.overutilized(view));
        if !self.lb || eas_holds {
            return Vec::new();
        }
        let mut shadow = Shadow::of(view);
        let mut moves = Vec::new();
        match reason {
            BalanceReason::Idle(cpu) if cpu < view.cores.len() => self.balance_cpu(view, &mut shadow, cpu, true, &mut moves),
            BalanceReason::Tick => {
                for cpu in 0..view.cores.len() {
                    if shadow.online[cpu] {
                        self.balance_cpu(view, &mut shadow, cpu, false, &mut moves);
                    }
                }
            }
            _ => {}
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::os::{test_view_parts, AppInfo, CoreInfo, ThreadInfo};
    use crate::sim::Rng;

    /// `big` + `little` cores and `n` threads; `at[i]` is the core of thread i (the first on a core runs, the rest queue).
    fn parts(big: usize, little: usize, at: &[usize]) -> (Vec<ThreadInfo>, Vec<CoreInfo>, Vec<AppInfo>) {
        let (mut threads, mut cores, apps) = test_view_parts(big, little, &[(3, at.len() as u32)]);
        for (t, &c) in at.iter().enumerate() {
            threads[t].core = Some(c);
            threads[t].prev_core = Some(c);
            if cores[c].running.is_none() {
                cores[c].running = Some(t);
                threads[t].state = ThreadState::Running;
            } else {
                cores[c].queued.push(t);
                threads[t].state = ThreadState::Runnable;
            }
        }
        (threads, cores, apps)
    }

    fn balance_at(linux: &mut Linux, parts: &(Vec<ThreadInfo>, Vec<CoreInfo>, Vec<AppInfo>), now_ns: TimeNs, reason: BalanceReason) -> Vec<Move> {
        let mut rng = Rng::new(7);
        let mut view = OsView { now_ns, threads: &parts.0, cores: &parts.1, apps: &parts.2, up_threshold: 700.0, down_threshold: 256.0, rng: &mut rng };
        linux.balance(&mut view, reason)
    }

    #[test]
    fn periodic_balancing_spreads_an_imbalanced_start_within_and_across_clusters() {
        // Eight threads stacked on core 0 of a 4 + 4 platform.
        let p = parts(4, 4, &[0; 8]);
        let moves = balance_at(&mut Linux::new(true, false), &p, 8_000_000, BalanceReason::Tick);
        let mut at = [0usize; 8];
        for m in &moves {
            at[m.thread] = m.to_core;
        }
        let per_core: Vec<usize> = (0..8).map(|c| at.iter().filter(|&&a| a == c).count()).collect();
        assert!(per_core.iter().all(|&n| n <= 2), "after one pass no core holds more than two: {per_core:?}");
        assert!(per_core[4..].iter().sum::<usize>() >= 3, "the other cluster takes its share by count: {per_core:?}");
        assert!(moves.iter().all(|m| m.thread != 0), "the running thread is not moved while queued ones can be");
    }

    #[test]
    fn a_newly_idle_cpu_pulls_a_queued_thread_but_not_a_lone_running_one() {
        let p = parts(2, 2, &[1, 1, 2]);
        let moves = balance_at(&mut Linux::new(true, false), &p, 1_000_000, BalanceReason::Idle(0));
        assert_eq!(moves, vec![Move { thread: 1, to_core: 0 }]);
        let p = parts(2, 2, &[1, 2, 3]);
        assert!(balance_at(&mut Linux::new(true, false), &p, 1_000_000, BalanceReason::Idle(0)).is_empty());
        assert!(balance_at(&mut Linux::new(false, false), &parts(2, 2, &[1, 1]), 1_000_000, BalanceReason::Idle(0)).is_empty(), "lb=off");
    }

    #[test]
    fn active_balancing_pushes_lone_running_threads_to_the_idle_cluster_after_repeated_failures() {
        // The big cluster (0–3) is idle, every little core runs one thread: the top level is unbalanced by count, but only
        // running threads could move, so the first attempts fail and the fourth failure pushes one (cache_nice_tries + 2 = 3).
        let p = parts(4, 4, &[4, 5, 6, 7]);
        let mut linux = Linux::new(true, false);
        let mut first = None;
        for tick in 1..=20u64 {
            let moves = balance_at(&mut linux, &p, tick * 4_000_000, BalanceReason::Tick);
            if !moves.is_empty() {
                first = Some((tick, moves));
                break;
            }
        }
        let (tick, moves) = first.expect("an active balance");
        assert!(tick >= 4, "not before three failed attempts: tick {tick}");
        assert!(moves.iter().all(|m| m.to_core < 4 && p.0[m.thread].state == ThreadState::Running), "{moves:?}");
        assert_eq!(moves.len(), 2, "the counts are evened (4 − 0) / 2, whatever the cores' speeds: {moves:?}");
    }

    #[test]
    fn misfit_migration_pulls_a_busy_little_thread_onto_an_idle_big_core_at_once() {
        let p = parts(2, 2, &[2]);
        assert!(balance_at(&mut Linux::new(true, false), &p, 1_000_000, BalanceReason::Idle(0)).is_empty(), "capacity-blind: a lone task stays");
        let moves = balance_at(&mut Linux::new(true, true), &p, 1_000_000, BalanceReason::Idle(0));
        assert_eq!(moves, vec![Move { thread: 0, to_core: 0 }]);
    }

    /// Where `linux` forks thread `t`, its random ties drawn from `seed`.
    fn fork_at(linux: &mut Linux, parts: (&[ThreadInfo], &[CoreInfo], &[AppInfo]), t: usize, seed: u64) -> usize {
        let mut rng = Rng::new(seed);
        let mut view = OsView { now_ns: 0, threads: parts.0, cores: parts.1, apps: parts.2, up_threshold: 700.0, down_threshold: 256.0, rng: &mut rng };
        linux.place(&mut view, t, false)
    }

    #[test]
    fn order_on_forks_onto_the_next_idle_cpus_after_the_parent_as_the_kernel_code_does() {
        // One cache shared by all four CPUs (one flat domain): the parent runs on CPU 1 and forks three threads.
        let (mut threads, mut cores, apps) = test_view_parts(2, 2, &[(3, 4)]);
        for core in &mut cores {
            core.llc = 0;
        }
        threads[0].state = ThreadState::Running;
        (threads[0].core, threads[0].prev_core, cores[1].running) = (Some(1), Some(1), Some(0));
        let mut ordered = Vec::new();
        let mut linux = Linux::new(true, false).with_order(true);
        for t in 1..4 {
            let c = fork_at(&mut linux, (&threads, &cores, &apps), t, t as u64);
            (threads[t].core, threads[t].prev_core, threads[t].state, cores[c].running) = (Some(c), Some(c), ThreadState::Running, Some(t));
            ordered.push(c);
        }
        assert_eq!(ordered, vec![2, 3, 0], "the first idle CPU after the parent's, wrapping round");
        // A program's first thread is forked from CPU 0: onto CPU 1, the first idle one after it.
        let (threads, mut cores, apps) = test_view_parts(2, 2, &[(3, 1)]);
        for core in &mut cores {
            core.llc = 0;
        }
        assert_eq!(fork_at(&mut Linux::new(true, false).with_order(true), (&threads, &cores, &apps), 0, 1), 1);
        // Without it the tie goes either way: over a few draws more than one CPU comes up.
        let picks: std::collections::BTreeSet<usize> = (0..16u64).map(|seed| fork_at(&mut Linux::new(true, false), (&threads, &cores, &apps), 0, seed)).collect();
        assert!(picks.len() > 1, "{picks:?}");
    }

    #[test]
    fn wake_up_goes_to_the_previous_cpu_or_an_idle_one_of_its_cluster() {
        let (mut threads, cores, apps) = parts(2, 2, &[2, 3]);
        threads[1].state = ThreadState::Blocked;
        let mut cores = cores;
        cores[3].running = None;
        let mut rng = Rng::new(1);
        let mut view = OsView { now_ns: 0, threads: &threads, cores: &cores, apps: &apps, up_threshold: 700.0, down_threshold: 256.0, rng: &mut rng };
        let mut linux = Linux::new(true, false);
        assert_eq!(linux.place(&mut view, 1, true), 3, "previous CPU idle");
        // Thread 2 woken with its previous CPU 3 busy, the little cluster full: it queues there rather than cross to big.
        let (mut threads, cores, apps) = parts(2, 2, &[2, 3, 2]);
        threads[2].prev_core = Some(3);
        let mut view = OsView { now_ns: 0, threads: &threads, cores: &cores, apps: &apps, up_threshold: 700.0, down_threshold: 256.0, rng: &mut rng };
        assert_eq!(linux.place(&mut view, 2, true), 3);
    }

    #[test]
    fn android_wake_ups_go_to_the_sync_waker_and_stay_on_a_busy_previous_cpu_that_fits() {
        use crate::import::calibrate::estimated_cluster;
        let clusters = vec![estimated_cluster("big".into(), 2, &[500, 1000], 1000, 2.0), estimated_cluster("LITTLE".into(), 3, &[500, 1000], 1000, 1.0)];
        let platform = crate::model::Platform::of_clusters("t", clusters);
        // Thread 0 runs on LITTLE CPU 2, thread 1 on CPU 3; thread 2 (10%) last ran on CPU 2 and wakes; CPU 4 is idle.
        let (mut threads, cores, apps) = parts(2, 3, &[2, 3, 2]);
        let mut cores = cores;
        cores[2].queued.clear();
        for (t, util) in [(0, 100.0), (1, 100.0), (2, 100.0)] {
            threads[t].util = util;
        }
        threads[2].state = ThreadState::Blocked;
        threads[2].core = None;
        let mut rng = Rng::new(1);
        let mut android = Linux::new(true, false).with_android(true);
        android.attach(&platform);
        let mut mainline = Linux::new(true, false);
        mainline.attach(&platform);
        let mut view = OsView { now_ns: 0, threads: &threads, cores: &cores, apps: &apps, up_threshold: 700.0, down_threshold: 256.0, rng: &mut rng };
        assert_eq!(android.place(&mut view, 2, true), 2, "the active previous CPU, not an idle one");
        assert_eq!(mainline.place(&mut view, 2, true), 4, "select_idle_sibling(): the idle CPU of its cluster");
        assert_eq!(android.place_sync(&mut view, 2, 3), 3, "a sync wake-up goes to the waker's CPU");
        assert_eq!(mainline.place_sync(&mut view, 2, 3), 4, "mainline: an ordinary wake-up");
        assert!(android.balance(&mut view, BalanceReason::Tick).is_empty(), "no balancing while nothing is over-utilised");
        // Over-utilised (a CPU above 80% of its capacity): the kernel's ordinary paths again.
        threads[0].util = 1024.0;
        let mut view = OsView { now_ns: 0, threads: &threads, cores: &cores, apps: &apps, up_threshold: 700.0, down_threshold: 256.0, rng: &mut rng };
        assert_eq!(android.place(&mut view, 2, true), 4, "CPU 2 is over-utilised");
    }
}
