//! Shared partitions (docs/model-reference.md §3a): the cores of a moldable task draw its work from one pool, as XiTAO's kernels take
//! row blocks from an atomic counter (synthmat.h, synthcopy.h, synthstencil.h in CHART-Team/xitao), instead of each
//! running an even share.
//!
//! A member drains the pool from when it starts, at its own speed over its L1 factor, slowed by `1 + σ·(k − 1)` while
//! `k` members run together; the pool empties for all of them at once. A member that reaches the task when the pool is
//! empty leaves at once (it only reads the counter). The task commits when its last member has come and gone, and the
//! leader's time is its own part, from its start to its end, as XiTAO's leader times itself. The members leave the
//! emptied pool in a drawn order (optionally weighted by their block times, `RuntimeOptions::slow_member_commits`); the
//! last one commits.
//!
//! ```text
//!  dispatch ──▶ Pool{remaining = work} ──member starts──▶ settle, k += 1, re-time every member
//!                          │ speed change: settle, re-time          │ pool empty: every member ends together
//! ```

use super::{Ev, Running, TaskRuntime};
use crate::sim::{Kernel, TimeNs};

/// The shared work of one moldable task in flight.
pub(super) struct Pool {
    /// Reference work left.
    remaining: f64,
    /// When `remaining` was last brought up to date.
    last_ns: TimeNs,
    /// Cores draining it now, with each one's L1 factor.
    members: Vec<(usize, f64)>,
    /// Whether some member has drained it (until then even an empty pool is joined, so that every task has a part).
    drained: bool,
}

/// Work left below this is rounding, not work (reference ns).
const EMPTY: f64 = 1e-6;

impl TaskRuntime<'_> {
    /// True when `task` runs with a shared pool (a moldable task of a class with `shared_partitions`).
    pub(super) fn pooled(&self, task: u32) -> bool {
        self.pools.contains_key(&task)
    }

    /// Opens `task`'s pool at dispatch onto `width` cores, if its class shares its partitions.
    pub(super) fn open_pool(&mut self, now_ns: TimeNs, task: u32, width: u32) {
        let t = task as usize;
        let class = self.graph.class[t] as usize;
        if width > 1 && self.classes.get(class).is_some_and(|k| k.shared_partitions) {
            self.pools.insert(task, Pool { remaining: self.graph.work_ns[t], last_ns: now_ns, members: Vec::new(), drained: false });
        }
    }

    /// Total draining rate of the pool (reference work per ns).
    fn pool_rate(&self, pool: &Pool, sigma: f64) -> f64 {
        let speeds = || pool.members.iter().filter_map(|&(c, l1)| self.cores[c].running.as_ref().map(|r| (r.speed, l1)));
        let active = speeds().filter(|&(s, _)| s > 0.0).count();
        let stretch = 1.0 + sigma * (active.max(1) - 1) as f64;
        speeds().map(|(s, l1)| s.max(0.0) / (l1 * stretch)).sum()
    }

    fn sigma_of(&self, task: u32) -> f64 {
        let class = self.graph.class[task as usize] as usize;
        self.classes.get(class).map_or(0.0, |k| k.parallel_overhead)
    }

    /// Brings `task`'s pool up to `now_ns` at the members' current speeds.
    pub(super) fn settle_pool(&mut self, now_ns: TimeNs, task: u32) {
        let sigma = self.sigma_of(task);
        let Some(pool) = self.pools.get(&task) else { return };
        let rate = self.pool_rate(pool, sigma);
        let elapsed = now_ns.saturating_sub(pool.last_ns) as f64;
        if let Some(pool) = self.pools.get_mut(&task) {
            pool.remaining = (pool.remaining - elapsed * rate).max(0.0);
            pool.last_ns = now_ns;
        }
    }

    /// Schedules the end of `task`'s pool for every member (stale events are invalidated by the cores' generations).
    pub(super) fn retime_pool(&mut self, kernel: &mut Kernel<Ev>, task: u32) {
        let sigma = self.sigma_of(task);
        let Some(pool) = self.pools.get(&task) else { return };
        let rate = self.pool_rate(pool, sigma);
        let remaining = pool.remaining;
        let members: Vec<usize> = pool.members.iter().map(|&(c, _)| c).collect();
        for core in members {
            let gen = self.bump(core);
            if rate > 0.0 {
                let dt = (remaining / rate).ceil().max(0.0);
                let dt_ns = if dt >= u64::MAX as f64 { u64::MAX / 4 } else { dt as TimeNs };
                kernel.schedule_in(dt_ns, Ev::PartDone { core: core as u32, gen });
            }
        }
    }

    /// `core` starts its part of pooled `task`: it joins the drain, or leaves at once when nothing is left.
    pub(super) fn join_pool(&mut self, kernel: &mut Kernel<Ev>, core: usize, task: u32, speed: f64, l1: f64) {
        let now = kernel.now_ns();
        self.settle_pool(now, task);
        let (left, drained) = self.pools.get(&task).map_or((0.0, true), |p| (p.remaining, p.drained));
        self.cores[core].running = Some(Running { task, start_ns: now, remaining: 0.0, last_ns: now, speed });
        if left <= EMPTY && drained {
            // Nothing left to take: the member reads the counter and leaves.
            let gen = self.bump(core);
            kernel.schedule_in(0, Ev::PartDone { core: core as u32, gen });
            return;
        }
        if let Some(pool) = self.pools.get_mut(&task) {
            pool.members.push((core, l1));
            pool.drained = true;
        }
        self.retime_pool(kernel, task);
    }

    /// The cores still draining pooled `task` when its part on `core` is done: every member when the pool is empty, none
    /// when `core` only passed through, or None when the pool is not empty yet (a rounding early event: it is re-timed).
    pub(super) fn pool_leavers(&mut self, kernel: &mut Kernel<Ev>, core: usize, task: u32) -> Option<Vec<usize>> {
        let now = kernel.now_ns();
        self.settle_pool(now, task);
        let pool = self.pools.get_mut(&task)?;
        if !pool.members.iter().any(|&(c, _)| c == core) {
            return Some(Vec::new());
        }
        if pool.remaining > EMPTY {
            self.retime_pool(kernel, task);
            return None;
        }
        pool.remaining = 0.0;
        Some(pool.members.drain(..).map(|(c, _)| c).collect())
    }

    /// Orders the members leaving an emptied pool; the last one commits. By default every order is equally likely. With
    /// `slow_member_commits` each member's lag behind the emptying is a uniform fraction of its own block time (XiTAO's
    /// kernels take row blocks until the counter runs out, so a member leaves when its block in hand ends), which is
    /// inversely proportional to its speed (the members share a cluster, hence an L1 factor): a member at half speed is
    /// last about three times in four.
    pub(super) fn leaving_order(&mut self, kernel: &mut Kernel<Ev>, members: &mut [usize]) {
        if !self.slow_member_commits {
            kernel.rng.shuffle(members);
            return;
        }
        let mut lags: Vec<(f64, usize)> = Vec::with_capacity(members.len());
        for &m in members.iter() {
            let rate = self.cores[m].running.as_ref().map_or(0.0, |r| r.speed).max(f64::MIN_POSITIVE);
            lags.push((kernel.rng.unit_f64() / rate, m));
        }
        lags.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        for (slot, (_, m)) in members.iter_mut().zip(lags) {
            *slot = m;
        }
    }

    /// Closes `task`'s pool once the task has committed.
    pub(super) fn close_pool(&mut self, task: u32) {
        self.pools.remove(&task);
    }
}
