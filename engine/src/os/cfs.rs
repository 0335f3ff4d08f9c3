//! The load-balancing machinery of Linux CFS (docs/model-reference.md §4c "Linux"), used by the `linux` policy: per-entity load tracking
//! (PELT: a geometric average of runnable time with a 32 ms half-life), scheduling domains built from the platform's
//! last-level caches (a cache level whose groups are single CPUs, and, with several caches, a top level whose groups are
//! the cache domains: the clusters of a big.LITTLE SoC), group statistics and the
//! imbalance rules of `load_balance()` (kernel `Documentation/scheduler/sched-domains.rst`, `sched-capacity.rst`,
//! `kernel/sched/fair.c`). Pure bookkeeping over a shadow of the run queues: the policy in `linux.rs` decides with it.

use super::{OsView, ThreadState};
use crate::sim::TimeNs;

/// PELT's half-life: the contribution of a period 32 ms ago is half that of the current one (`LOAD_AVG_PERIOD`, y^32 = 1/2).
pub const PELT_HALF_LIFE_NS: TimeNs = 32_000_000;
/// Full load of one nice-0 entity (`NICE_0_LOAD` after scaling down).
pub const NICE_0_LOAD: f64 = 1024.0;
/// A task fits a CPU when its utilisation × 1280/1024 stays below the CPU's capacity (`fits_capacity()`: 20% margin).
pub const FIT_MARGIN: f64 = 1280.0 / 1024.0;

/// Per-thread load tracking, advanced at every scheduler call (every state change of a thread reaches the policy).
#[derive(Default)]
pub struct Pelt {
    /// Runnable load average of each thread, out of 1024.
    pub load: Vec<f64>,
    runnable: Vec<bool>,
    last_ns: TimeNs,
}

impl Pelt {
    /// Brings every thread's average up to `view.now_ns`, assuming its state since the last call was the state seen then.
    pub fn observe(&mut self, view: &OsView) {
        let n = view.threads.len();
        if self.load.len() != n {
            // A new entity starts with the full weight as its load (`init_entity_runnable_average()`).
            self.load = vec![NICE_0_LOAD; n];
            self.runnable = vec![false; n];
            self.last_ns = view.now_ns;
        }
        let dt = view.now_ns.saturating_sub(self.last_ns);
        if dt > 0 {
            let y = libm::pow(0.5, dt as f64 / PELT_HALF_LIFE_NS as f64);
            for (load, &r) in self.load.iter_mut().zip(&self.runnable) {
                *load = *load * y + if r { NICE_0_LOAD * (1.0 - y) } else { 0.0 };
            }
            self.last_ns = view.now_ns;
        }
        for (t, th) in view.threads.iter().enumerate() {
            self.runnable[t] = matches!(th.state, ThreadState::Runnable | ThreadState::Running);
        }
    }
}

/// One scheduling domain: the CPUs it spans, split into groups, and its tunables (`sd_init()` defaults).
#[derive(Clone, Debug)]
pub struct Domain {
    /// Groups of CPUs (single CPUs at the cluster level, whole clusters at the top level).
    pub groups: Vec<Vec<usize>>,
    /// Percentage a group's load must exceed the local one's by before load is moved (117 within a cluster, 125 above).
    pub imbalance_pct: u32,
    /// Failed attempts tolerated before a running task is pushed by active balancing (`cache_nice_tries`).
    pub cache_nice_tries: u32,
    /// Shortest balancing interval, ms (= the domain's CPU count).
    pub min_interval_ms: u64,
    /// Longest balancing interval, ms (twice the CPU count).
    pub max_interval_ms: u64,
    /// A busy CPU balances `busy_factor` times less often.
    pub busy_factor: u64,
    /// Spread tasks evenly between groups by count (`SD_PREFER_SIBLING`, set where the child level shares a cache).
    pub prefer_sibling: bool,
}

impl Domain {
    fn new(groups: Vec<Vec<usize>>, top: bool) -> Domain {
        let weight = groups.iter().map(Vec::len).sum::<usize>().max(1) as u64;
        Domain {
            groups,
            imbalance_pct: if top { 125 } else { 117 },
            cache_nice_tries: 1,
            min_interval_ms: weight,
            max_interval_ms: 2 * weight,
            busy_factor: 16,
            prefer_sibling: top,
        }
    }

    /// Index of the group holding `cpu`.
    pub fn group_of(&self, cpu: usize) -> Option<usize> {
        self.groups.iter().position(|g| g.contains(&cpu))
    }
}

/// The domains each CPU belongs to, bottom-up: the CPUs sharing its last-level cache (the MC level, groups of one CPU),
/// then, with several such domains, the whole platform (the DIE level, one group per cache domain). On a big.LITTLE SoC
/// each cluster has its own L2, so the cache domains are the clusters; on a platform whose cores all share one cache
/// (Zhang et al.'s gem5 systems) there is one level over every CPU (`Documentation/scheduler/sched-domains.rst`).
pub fn build_domains(view: &OsView) -> Vec<Vec<Domain>> {
    let n = view.cores.len();
    let n_llc = view.cores.iter().map(|c| c.llc + 1).max().unwrap_or(0);
    let caches: Vec<Vec<usize>> = (0..n_llc).map(|k| (0..n).filter(|&c| view.cores[c].llc == k).collect()).filter(|g: &Vec<usize>| !g.is_empty()).collect();
    let cache_domains: Vec<Domain> = caches.iter().map(|cl| Domain::new(cl.iter().map(|&c| vec![c]).collect(), false)).collect();
    let top = Domain::new(caches.clone(), true);
    (0..n)
        .map(|cpu| {
            let mut ds = Vec::new();
            if let Some(k) = caches.iter().position(|cl| cl.contains(&cpu)) {
                if caches[k].len() > 1 {
                    ds.push(cache_domains[k].clone());
                }
            }
            if caches.len() > 1 {
                ds.push(top.clone());
            }
            ds
        })
        .collect()
}

/// The run queues as the balancer sees them, updated by the moves it plans.
pub struct Shadow {
    /// Running thread per CPU.
    pub running: Vec<Option<usize>>,
    /// Queued threads per CPU, oldest first.
    pub queued: Vec<Vec<usize>>,
    /// False while offline.
    pub online: Vec<bool>,
    /// Threads that may be moved (not paying a migration cost).
    pub movable: Vec<bool>,
}

impl Shadow {
    /// A copy of the view's run queues.
    pub fn of(view: &OsView) -> Shadow {
        Shadow {
            running: view.cores.iter().map(|c| c.running).collect(),
            queued: view.cores.iter().map(|c| c.queued.clone()).collect(),
            online: view.cores.iter().map(|c| c.online).collect(),
            movable: view.threads.iter().map(|t| t.movable).collect(),
        }
    }

    /// Runnable plus running threads of `cpu` (`rq->nr_running`).
    pub fn nr(&self, cpu: usize) -> usize {
        self.queued[cpu].len() + usize::from(self.running[cpu].is_some())
    }

    /// True when `cpu` is online with nothing to run.
    pub fn idle(&self, cpu: usize) -> bool {
        self.online[cpu] && self.nr(cpu) == 0
    }

    /// The CPU's load: the sum of its runnable threads' tracked loads (`cfs_rq->avg.load_avg`, blocked load left out).
    pub fn load(&self, cpu: usize, pelt: &Pelt) -> f64 {
        self.running[cpu].iter().chain(&self.queued[cpu]).map(|&t| pelt.load.get(t).copied().unwrap_or(NICE_0_LOAD)).sum()
    }

    /// Moves a queued thread (or, for active balancing, the running one) from `from` to `to` (run at once when idle, else queued).
    pub fn apply(&mut self, thread: usize, from: usize, to: usize) {
        if self.running[from] == Some(thread) {
            self.running[from] = None;
        } else {
            self.queued[from].retain(|&q| q != thread);
        }
        if self.running[to].is_none() {
            // It starts at once and pays the migration cost there: not movable again in this pass.
            self.running[to] = Some(thread);
            self.movable[thread] = false;
        } else {
            self.queued[to].push(thread);
        }
    }
}

/// How busy a group is (`enum group_type`, the cases the count-based balancer tells apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum GroupType {
    /// Idle CPUs left (`group_has_spare`).
    HasSpare,
    /// One task per CPU (`group_fully_busy`).
    FullyBusy,
    /// A CPU runs a task that does not fit its capacity (`group_misfit_task`).
    Misfit,
    /// More tasks than CPUs (`group_overloaded`).
    Overloaded,
}

/// Statistics of one group (`struct sg_lb_stats`).
#[derive(Clone, Debug)]
pub struct GroupStats {
    /// Tasks runnable or running.
    pub nr_running: usize,
    /// Online CPUs with nothing to run.
    pub idle_cpus: usize,
    /// Online CPUs.
    pub weight: usize,
    /// Summed load.
    pub load: f64,
    /// Load per CPU (capacity-blind: every CPU counts as 1024).
    pub avg_load: f64,
    /// Classification.
    pub kind: GroupType,
}

/// The statistics of `group`; `misfit(cpu)` says whether the CPU runs a misfit task (always false when capacity-blind).
pub fn group_stats(shadow: &Shadow, pelt: &Pelt, group: &[usize], misfit: &dyn Fn(usize) -> bool) -> GroupStats {
    let cpus: Vec<usize> = group.iter().copied().filter(|&c| shadow.online[c]).collect();
    let nr_running = cpus.iter().map(|&c| shadow.nr(c)).sum();
    let idle_cpus = cpus.iter().filter(|&&c| shadow.idle(c)).count();
    let load: f64 = cpus.iter().map(|&c| shadow.load(c, pelt)).sum();
    let weight = cpus.len();
    let kind = if nr_running > weight {
        GroupType::Overloaded
    } else if cpus.iter().any(|&c| misfit(c)) {
        GroupType::Misfit
    } else if idle_cpus > 0 {
        GroupType::HasSpare
    } else {
        GroupType::FullyBusy
    };
    GroupStats { nr_running, idle_cpus, weight, load, avg_load: load / weight.max(1) as f64, kind }
}

/// `sibling_imbalance()`: tasks the busiest group holds beyond an even spread by CPU count (before halving).
pub fn sibling_imbalance(busiest: &GroupStats, local: &GroupStats) -> usize {
    if busiest.nr_running == 0 {
        return 0;
    }
    if busiest.weight == local.weight {
        return busiest.nr_running.saturating_sub(local.nr_running);
    }
    let (wb, wl) = (busiest.weight, local.weight);
    let imb = (wl * busiest.nr_running).saturating_sub(wb * local.nr_running);
    let imb = (2 * imb + wl + wb) / (wl + wb);
    if imb <= 1 && local.nr_running == 0 && busiest.nr_running > 1 {
        2
    } else {
        imb
    }
}

/// What to move (`enum migration_type`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Migration {
    /// Move this many tasks.
    Tasks(usize),
    /// Move queued tasks until this much load has moved.
    Load(f64),
    /// Move the misfit task to a bigger CPU.
    Misfit,
}

/// `find_busiest_group()` + `calculate_imbalance()` for the local group `local` (index into `stats`), as seen by a CPU that is
/// idle (`idle`) or busy; `None` when the domain is balanced.
pub fn imbalance(domain: &Domain, stats: &[GroupStats], local: usize, idle: bool) -> Option<(usize, Migration)> {
    let l = &stats[local];
    // The busiest group: highest type first; among overloaded the highest average load, among the others the fewest idle
    // CPUs and then the most tasks (`update_sd_pick_busiest()`).
    let busiest = (0..stats.len()).filter(|&g| g != local && stats[g].nr_running > 0).max_by(|&a, &b| {
        let (x, y) = (&stats[a], &stats[b]);
        x.kind.cmp(&y.kind).then_with(|| match x.kind {
            GroupType::Overloaded => x.avg_load.partial_cmp(&y.avg_load).unwrap_or(std::cmp::Ordering::Equal),
            _ => y.idle_cpus.cmp(&x.idle_cpus).then(x.nr_running.cmp(&y.nr_running)),
        })
    })?;
    let b = &stats[busiest];
    if b.kind == GroupType::Misfit && idle {
        return Some((busiest, Migration::Misfit));
    }
    if l.kind == GroupType::HasSpare {
        if domain.prefer_sibling && idle && sibling_imbalance(b, l) > 1 {
            return Some((busiest, Migration::Tasks((sibling_imbalance(b, l) / 2).max(1))));
        }
        if b.kind != GroupType::Overloaded {
            if !idle || (b.weight > 1 && l.idle_cpus <= b.idle_cpus + 1) || b.nr_running <= 1 {
                return None;
            }
            let n = if b.weight == 1 { sibling_imbalance(b, l) } else { l.idle_cpus.saturating_sub(b.idle_cpus) };
            return (n / 2 > 0).then_some((busiest, Migration::Tasks(n / 2)));
        }
        // An overloaded busiest group: pull tasks so that its extra tasks reach the spare CPUs.
        let n = if b.weight == 1 { sibling_imbalance(b, l) / 2 } else { l.idle_cpus.saturating_sub(b.idle_cpus) / 2 };
        return Some((busiest, Migration::Tasks(n.max(1))));
    }
    if b.kind != GroupType::Overloaded || 100.0 * b.avg_load <= domain.imbalance_pct as f64 * l.avg_load {
        return None;
    }
    let total_weight: usize = stats.iter().map(|s| s.weight).sum();
    let avg = stats.iter().map(|s| s.load).sum::<f64>() / total_weight.max(1) as f64;
    let amount = ((b.avg_load - avg) * b.weight as f64).min((avg - l.avg_load) * l.weight as f64);
    (amount > 0.0).then_some((busiest, Migration::Load(amount)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(nr: usize, idle: usize, weight: usize) -> GroupStats {
        let kind = if nr > weight {
            GroupType::Overloaded
        } else if idle > 0 {
            GroupType::HasSpare
        } else {
            GroupType::FullyBusy
        };
        GroupStats { nr_running: nr, idle_cpus: idle, weight, load: nr as f64 * 1024.0, avg_load: nr as f64 * 1024.0 / weight as f64, kind }
    }

    #[test]
    fn the_top_level_evens_task_counts_between_clusters_and_single_cpus_never_swap_a_lone_task() {
        let top = Domain::new(vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]], true);
        // Cluster 0 has 3 idle CPUs, cluster 1 is fully busy: move (4 − 1) / 2 = 1 task.
        assert_eq!(imbalance(&top, &[stats(1, 3, 4), stats(4, 0, 4)], 0, true), Some((1, Migration::Tasks(1))));
        assert_eq!(imbalance(&top, &[stats(0, 4, 4), stats(4, 0, 4)], 0, true), Some((1, Migration::Tasks(2))));
        // A busy CPU does not pull from a group that is not overloaded.
        assert_eq!(imbalance(&top, &[stats(3, 1, 4), stats(4, 0, 4)], 0, false), None);
        let mc = Domain::new(vec![vec![0], vec![1]], false);
        assert_eq!(imbalance(&mc, &[stats(0, 1, 1), stats(1, 0, 1)], 0, true), None, "moving a lone task only moves the idle CPU");
        assert_eq!(imbalance(&mc, &[stats(0, 1, 1), stats(2, 0, 1)], 0, true), Some((1, Migration::Tasks(1))));
    }

    #[test]
    fn pelt_halves_in_32_ms() {
        let (threads, cores, apps) = crate::os::test_view_parts(1, 1, &[(3, 1)]);
        let mut rng = crate::sim::Rng::new(1);
        let mut view = OsView { now_ns: 0, threads: &threads, cores: &cores, apps: &apps, up_threshold: 700.0, down_threshold: 256.0, rng: &mut rng };
        let mut pelt = Pelt::default();
        pelt.observe(&view);
        view.now_ns = PELT_HALF_LIFE_NS;
        pelt.observe(&view);
        assert!((pelt.load[0] - 512.0).abs() < 1e-9, "a blocked (new) thread decays from 1024 to half: {}", pelt.load[0]);
    }
}
