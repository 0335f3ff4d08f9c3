//! HEFT (Topcuoglu et al., the static reference of Chronaki et al. 2019 §6 and Chen et al. §6): a plan made once, before the run, from the
//! platform's speeds at time 0; tasks in decreasing upward rank each go to the core that finishes them earliest.
//!
//! At run time every core runs its planned tasks in plan order, waiting for each to become ready; nothing is stolen,
//! so the plan ignores interference and DVFS that come later (which is what makes it a baseline).
//! Plan order on every core follows one topological order, so the earliest unfinished task is always ready and runnable.

use std::collections::VecDeque;

use super::{Decision, Place, TaskScheduler, View};

/// Static HEFT with width-1 places.
pub struct Heft {
    n_cores: usize,
    planned: bool,
    /// Tasks of each core in plan order.
    queues: Vec<VecDeque<u32>>,
    ready: Vec<bool>,
}

impl Heft {
    /// HEFT for `n_cores` cores.
    pub fn new(n_cores: usize) -> Self {
        Heft { n_cores: n_cores.max(1), planned: false, queues: Vec::new(), ready: Vec::new() }
    }

    fn plan(&mut self, view: &View) {
        let g = view.graph;
        let n = g.len();
        // Speeds at time 0 by (class, core), looked up once: the plan asks for each of them once per task and core.
        let n_classes = g.class.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
        let table: Vec<f64> = (0..n_classes).flat_map(|class| (0..self.n_cores).map(move |core| (class, core))).map(|(class, core)| view.speed.speed(core, class)).collect();
        let speed = |core: usize, t: usize| table[g.class[t] as usize * self.n_cores + core];
        // Mean cost over the cores that run at all (summed in core order, with no per-task allocation).
        let mean_cost: Vec<f64> = (0..n)
            .map(|t| {
                let (mut sum, mut count) = (-0.0f64, 0usize);
                for c in 0..self.n_cores {
                    let s = speed(c, t);
                    if s > 0.0 {
                        sum += g.work_ns[t] / s;
                        count += 1;
                    }
                }
                if count == 0 {
                    g.work_ns[t]
                } else {
                    sum / count as f64
                }
            })
            .collect();
        let rank = g.upward_rank(&mean_cost);
        let topo_pos = {
            let mut pos = vec![0usize; n];
            for (i, &t) in g.topological_order().unwrap_or_default().iter().enumerate() {
                pos[t as usize] = i;
            }
            pos
        };
        // Decreasing rank (in `f64::total_cmp`'s order), ties by topological position, then by index: sorted as plain
        // integer keys, which is the same order as comparing through `rank` and `topo_pos`, without their lookups.
        let mut keyed: Vec<(u64, u32, u32)> = (0..n).map(|t| (descending_key(rank[t]), topo_pos[t] as u32, t as u32)).collect();
        keyed.sort_unstable();
        let order: Vec<u32> = keyed.into_iter().map(|(_, _, t)| t).collect();
        let mut avail = vec![0.0f64; self.n_cores];
        let mut ready_at = vec![0.0f64; n];
        self.queues = vec![VecDeque::new(); self.n_cores];
        for &t in &order {
            let t = t as usize;
            let mut best = (f64::INFINITY, 0usize);
            for (core, &free) in avail.iter().enumerate() {
                let s = speed(core, t);
                if s <= 0.0 {
                    continue;
                }
                let finish = free.max(ready_at[t]) + g.work_ns[t] / s;
                if finish < best.0 {
                    best = (finish, core);
                }
            }
            let (finish, core) = if best.0.is_finite() { best } else { (avail[0].max(ready_at[t]), 0) };
            avail[core] = finish;
            self.queues[core].push_back(t as u32);
            for &s in g.successors(t) {
                ready_at[s as usize] = ready_at[s as usize].max(finish);
            }
        }
        self.ready = vec![false; n];
        self.planned = true;
    }
}

/// A key whose ascending order is `x`'s descending order under `f64::total_cmp` (whose bit transform it applies).
fn descending_key(x: f64) -> u64 {
    let mut bits = x.to_bits() as i64;
    bits ^= (((bits >> 63) as u64) >> 1) as i64;
    !((bits as u64) ^ (1 << 63))
}

impl TaskScheduler for Heft {
    fn name(&self) -> &'static str {
        "heft"
    }

    fn on_ready(&mut self, view: &mut View, task: u32, _releasing_core: Option<usize>) {
        if !self.planned {
            self.plan(view);
        }
        if let Some(r) = self.ready.get_mut(task as usize) {
            *r = true;
        }
    }

    /// Only a core whose next planned task is ready has anything to do (its `on_idle` changes nothing otherwise).
    fn can_serve(&self, core: usize) -> bool {
        self.queues.get(core).and_then(VecDeque::front).is_some_and(|&next| self.ready.get(next as usize).copied().unwrap_or(false))
    }

    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        let Some(&next) = self.queues.get(core).and_then(VecDeque::front) else { return Decision::Sleep };
        if !self.ready.get(next as usize).copied().unwrap_or(false) {
            return Decision::Sleep;
        }
        self.queues[core].pop_front();
        Decision::Run { task: next, place: Place::single(core), overhead_ns: view.costs.dispatch_ns }
    }
}

#[cfg(test)]
mod tests {
    use super::descending_key;

    /// Sorting by the key gives `total_cmp`'s descending order, signed zeros, infinities and NaNs included.
    #[test]
    fn descending_key_orders_as_total_cmp_reversed() {
        let mut xs = vec![3.5, -0.0, 0.0, -1e300, 1e-300, f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN, 2.0, -2.0, 7.25e6];
        let mut r = crate::sim::Rng::new(5);
        xs.extend((0..1000).map(|_| (r.unit_f64() - 0.5) * 1e9));
        let mut by_cmp = xs.clone();
        by_cmp.sort_by(|a, b| b.total_cmp(a));
        let mut by_key = xs;
        by_key.sort_by_key(|&x| descending_key(x));
        assert_eq!(by_cmp.iter().map(|x| x.to_bits()).collect::<Vec<_>>(), by_key.iter().map(|x| x.to_bits()).collect::<Vec<_>>());
    }
}
