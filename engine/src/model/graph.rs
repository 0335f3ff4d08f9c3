//! The task DAG a workload builds: struct-of-arrays task columns, successors in compressed rows, and the passes over it
//! (topological order, longest paths, upward ranks).

/// A DAG in struct-of-arrays form with successors in compressed rows: about 30 bytes per task.
#[derive(Clone, Debug, Default)]
pub struct TaskGraph {
    /// Work per task, reference ns.
    pub work_ns: Vec<f64>,
    /// Class index per task.
    pub class: Vec<u16>,
    /// Task type index per task.
    pub task_type: Vec<u16>,
    /// 1 for high priority.
    pub priority: Vec<u8>,
    /// Number of predecessors per task.
    pub n_preds: Vec<u32>,
    /// `succ[succ_start[i]..succ_start[i + 1]]` are task i's successors.
    pub succ_start: Vec<u32>,
    /// Successor lists.
    pub succ: Vec<u32>,
    /// Task type names.
    pub type_names: Vec<String>,
    /// Working set per task type, KiB (empty or 0: no L1 effect).
    pub type_working_set_kb: Vec<f64>,
    /// Time factor per task type of a partition whose working set exceeds its core's L1.
    pub type_l1_miss_factor: Vec<f64>,
    /// Tasks pinned to a place by the scenario, as `(task, leader, width)` sorted by task.
    pub pinned: Vec<(u32, u32, u32)>,
}

impl TaskGraph {
    /// Number of tasks.
    pub fn len(&self) -> usize {
        self.work_ns.len()
    }

    /// True when there are no tasks.
    pub fn is_empty(&self) -> bool {
        self.work_ns.is_empty()
    }

    /// The place task `i` is pinned to by the scenario, as `(leader, width)`.
    pub fn pinned_place(&self, i: u32) -> Option<(u32, u32)> {
        if self.pinned.is_empty() {
            return None;
        }
        self.pinned.binary_search_by_key(&i, |p| p.0).ok().map(|k| (self.pinned[k].1, self.pinned[k].2))
    }

    /// Successors of task `i`.
    pub fn successors(&self, i: usize) -> &[u32] {
        &self.succ[self.succ_start[i] as usize..self.succ_start[i + 1] as usize]
    }

    /// Marks high priority exactly the tasks on a longest path by work (see [`TaskGraph::critical_by_bottom_level`]).
    pub fn mark_critical_by_bottom_level(&mut self) {
        self.priority = self.critical_by_bottom_level();
    }

    /// 1 for the tasks on a longest path by work (top level + bottom level within 1e-9 of the longest), 0 for the rest.
    pub fn critical_by_bottom_level(&self) -> Vec<u8> {
        let n = self.len();
        let Ok(order) = self.longest_path_order() else { return vec![0; n] };
        let mut top = vec![0.0f64; n];
        for k in 0..n {
            let t = order.at(k);
            let end = top[t] + self.work_ns[t];
            for &s in self.successors(t) {
                top[s as usize] = top[s as usize].max(end);
            }
        }
        let mut bottom = vec![0.0f64; n];
        for k in (0..n).rev() {
            let t = order.at(k);
            let below = self.successors(t).iter().map(|&s| bottom[s as usize]).fold(0.0, f64::max);
            bottom[t] = self.work_ns[t] + below;
        }
        let longest = (0..n).map(|t| top[t] + bottom[t]).fold(0.0, f64::max);
        (0..n).map(|t| u8::from(top[t] + bottom[t] >= longest * (1.0 - 1e-9))).collect()
    }

    /// Upward rank of every task (HEFT): its cost plus the largest rank among its successors, with `cost_ns[t]` per task.
    pub fn upward_rank(&self, cost_ns: &[f64]) -> Vec<f64> {
        let n = self.len();
        let mut rank = vec![0.0f64; n];
        let Ok(order) = self.longest_path_order() else { return rank };
        for k in (0..n).rev() {
            let t = order.at(k);
            let below = self.successors(t).iter().map(|&s| rank[s as usize]).fold(0.0, f64::max);
            rank[t] = cost_ns[t] + below;
        }
        rank
    }

    /// True when every edge goes from a lower to a higher task index, as in every generated DAG: `0..n` is then a
    /// topological order and the graph has no cycle.
    pub fn edges_go_forward(&self) -> bool {
        (0..self.len()).all(|i| self.successors(i).iter().all(|&s| s as usize > i))
    }

    /// A topological order for passes whose result is the same under any of them (longest paths, ranks): `0..n` without
    /// building it when edges go forward, else [`TaskGraph::topological_order`].
    fn longest_path_order(&self) -> Result<Order, u32> {
        if self.edges_go_forward() {
            Ok(Order::Identity)
        } else {
            self.topological_order().map(Order::Listed)
        }
    }

    /// A topological order, or the index of a task on a cycle. Ties are broken by the order tasks become ready from the
    /// sources (HEFT breaks equal ranks by this position).
    pub fn topological_order(&self) -> Result<Vec<u32>, u32> {
        let mut remaining = self.n_preds.clone();
        let mut order: Vec<u32> = (0..self.len() as u32).filter(|&i| remaining[i as usize] == 0).collect();
        let mut head = 0;
        while head < order.len() {
            let t = order[head] as usize;
            head += 1;
            for &s in self.successors(t) {
                remaining[s as usize] -= 1;
                if remaining[s as usize] == 0 {
                    order.push(s);
                }
            }
        }
        if order.len() == self.len() {
            Ok(order)
        } else {
            Err(remaining.iter().position(|&r| r > 0).unwrap_or(0) as u32)
        }
    }
}

/// A topological order as [`TaskGraph::longest_path_order`] gives it.
enum Order {
    /// Task `k` is the `k`-th.
    Identity,
    /// The listed order.
    Listed(Vec<u32>),
}

impl Order {
    /// The task at position `k`.
    fn at(&self, k: usize) -> usize {
        match self {
            Order::Identity => k,
            Order::Listed(order) => order[k] as usize,
        }
    }
}
