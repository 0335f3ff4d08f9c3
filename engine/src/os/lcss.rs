//! Large Core Splitting Scheduling (LCSS, Zhang et al. §3). LCSA: K large cores split evenly, K/N per application (spare ones
//! go to the applications with more threads, first come first served); WPC at wake-up; LCSB (load balancing) keeps the
//! split even as applications block or finish: an idle large core takes a small-core thread of the application that holds
//! the fewest large cores.

use super::pbs::assign;
use super::{big_and_little, evict_occupants, fill_idle_big, pull_queued, place_planned, BalanceReason, Move, OsScheduler, OsView, ThreadState};

/// See the module doc.
pub struct Lcss {
    /// LCSB on or off.
    pub lb: bool,
    target: Vec<usize>,
}

impl Lcss {
    /// An LCSS scheduler; the LCSA mapping is computed when the first thread is placed.
    pub fn new(lb: bool) -> Self {
        Lcss { lb, target: Vec::new() }
    }
}

/// Even split of `k` large cores among applications with `threads` each: K/N, spare ones to those that can use them.
pub fn split_large(k: usize, threads: &[usize]) -> Vec<usize> {
    let n = threads.len();
    let mut quota = vec![0usize; n];
    let mut left = k;
    loop {
        let wanting: Vec<usize> = (0..n).filter(|&a| quota[a] < threads[a]).collect();
        if left == 0 || wanting.is_empty() {
            break;
        }
        let share = (left / wanting.len()).max(1);
        for a in wanting {
            let give = share.min(threads[a] - quota[a]).min(left);
            quota[a] += give;
            left -= give;
        }
    }
    quota
}

impl OsScheduler for Lcss {
    fn place(&mut self, view: &mut OsView, thread: usize, wake: bool) -> usize {
        let plan = |view: &OsView| {
            let (big, _) = big_and_little(view);
            let threads: Vec<usize> = view.apps.iter().map(|a| a.threads as usize).collect();
            let order: Vec<usize> = (0..view.apps.len()).collect();
            assign(view, &order, &split_large(big.len(), &threads))
        };
        place_planned(view, &mut self.target, plan, thread, wake)
    }

    fn balance(&mut self, view: &mut OsView, reason: BalanceReason) -> Vec<Move> {
        let evictions = evict_occupants(view);
        if !evictions.is_empty() || !self.lb {
            return evictions;
        }
        let (big, _) = big_and_little(view);
        let mut held = vec![0usize; view.apps.len()];
        for &c in &big {
            for t in view.cores[c].running.iter().chain(view.cores[c].queued.iter()) {
                if matches!(view.threads[*t].state, ThreadState::Running | ThreadState::Runnable) {
                    held[view.threads[*t].app] += 1;
                }
            }
        }
        let moves = fill_idle_big(view, |v, candidates, moves| {
            let mut h = held.clone();
            for m in moves {
                h[v.threads[m.thread].app] += 1;
            }
            candidates.iter().copied().min_by_key(|&t| (h[v.threads[t].app], v.threads[t].app, t))
        });
        if !moves.is_empty() {
            return moves;
        }
        pull_queued(view, &(0..view.cores.len()).collect::<Vec<_>>(), reason == BalanceReason::Tick)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lcsa_splits_large_cores_evenly_and_passes_spares_on() {
        assert_eq!(split_large(8, &[8, 8]), vec![4, 4]);
        assert_eq!(split_large(6, &[2, 8]), vec![2, 4], "an application with fewer threads than K/N leaves the rest to the others");
        assert_eq!(split_large(5, &[8, 8]), vec![3, 2], "the odd core goes first come, first served");
        assert_eq!(split_large(4, &[8, 8, 8]), vec![2, 1, 1]);
        assert_eq!(split_large(0, &[8]), vec![0]);
    }
}
