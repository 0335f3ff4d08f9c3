//! Linux (LIN, Zhang et al.): asymmetry-unaware. New threads go to a random idle core, woken threads to their previous core
//! when it is idle (else a random idle core), and balancing equalises runnable threads per core, ignoring core speed.
//! Its random placement makes completion times vary from run to run (Zhang et al.'s jitter).

use super::{pull_queued, BalanceReason, Move, OsScheduler, OsView};

/// See the module doc.
pub struct Linux {
    /// Runnable-count balancing on or off.
    pub lb: bool,
}

impl OsScheduler for Linux {
    fn place(&mut self, view: &mut OsView, thread: usize, wake: bool) -> usize {
        let prev = view.threads[thread].prev_core;
        if wake {
            if let Some(p) = prev {
                if view.cores[p].online && view.cores[p].is_idle() {
                    return p;
                }
            }
        }
        let idle = view.idle_cores();
        if let Some(c) = view.pick(&idle) {
            return c;
        }
        let min_load = view.cores.iter().filter(|c| c.online).map(|c| c.load()).min().unwrap_or(0);
        let least: Vec<usize> = (0..view.cores.len()).filter(|&c| view.cores[c].online && view.cores[c].load() == min_load).collect();
        view.pick(&least).or(prev).unwrap_or(0)
    }

    fn balance(&mut self, view: &mut OsView, reason: BalanceReason) -> Vec<Move> {
        if !self.lb {
            return Vec::new();
        }
        let all: Vec<usize> = (0..view.cores.len()).collect();
        pull_queued(view, &all, reason == BalanceReason::Tick)
    }
}
