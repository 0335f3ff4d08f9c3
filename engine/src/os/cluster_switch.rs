//! Cluster switching (CS, Chronaki et al. §3.1): only one cluster runs at a time. Threads start on the little cluster; when the
//! runnable threads' utilisation per active core passes the up-threshold everything moves to the big cluster, and back
//! below the down-threshold. Inside the active cluster it balances like Linux.

use super::{big_and_little, idle_in, pull_queued, BalanceReason, Move, OsScheduler, OsView, ThreadState};

/// See the module doc.
pub struct ClusterSwitch {
    /// Count balancing inside the active cluster on or off.
    pub lb: bool,
    /// Up-threshold override (out of 1024).
    pub up: Option<f64>,
    /// Down-threshold override.
    pub down: Option<f64>,
    /// True while the big cluster is the active one.
    pub on_big: bool,
}

impl ClusterSwitch {
    fn active(&self, view: &OsView) -> Vec<usize> {
        let (big, little) = big_and_little(view);
        if big.is_empty() || little.is_empty() {
            return (0..view.cores.len()).collect();
        }
        if self.on_big {
            big
        } else {
            little
        }
    }
}

impl OsScheduler for ClusterSwitch {
    fn place(&mut self, view: &mut OsView, thread: usize, _wake: bool) -> usize {
        let active = self.active(view);
        if let Some(p) = view.threads[thread].prev_core {
            if active.contains(&p) && view.cores[p].online && view.cores[p].is_idle() {
                return p;
            }
        }
        if let Some(&c) = idle_in(view, &active).first() {
            return c;
        }
        view.least_loaded(active.iter().copied()).unwrap_or(0)
    }

    fn balance(&mut self, view: &mut OsView, reason: BalanceReason) -> Vec<Move> {
        let up = self.up.unwrap_or(view.up_threshold);
        let down = self.down.unwrap_or(view.down_threshold);
        if reason == BalanceReason::Tick {
            let active = self.active(view);
            let demand: f64 = view
                .threads
                .iter()
                .filter(|t| matches!(t.state, ThreadState::Runnable | ThreadState::Running))
                .map(|t| t.util)
                .sum();
            let per_core = demand / active.len().max(1) as f64;
            let switch = if self.on_big { per_core < down } else { per_core > up };
            let (big, little) = big_and_little(view);
            if switch && !big.is_empty() && !little.is_empty() {
                self.on_big = !self.on_big;
                let target = self.active(view);
                let mut load = vec![0usize; view.cores.len()];
                let mut moves = Vec::new();
                for (t, th) in view.threads.iter().enumerate() {
                    if matches!(th.state, ThreadState::Runnable | ThreadState::Running) && th.movable {
                        let Some(&dst) = target.iter().min_by_key(|&&c| (load[c], c)) else { break };
                        load[dst] += 1;
                        moves.push(Move { thread: t, to_core: dst });
                    }
                }
                return moves;
            }
        }
        if !self.lb {
            return Vec::new();
        }
        let active = self.active(view);
        pull_queued(view, &active, reason == BalanceReason::Tick)
    }
}
