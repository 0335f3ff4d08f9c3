//! Global Task Scheduling (GTS, ARM big.LITTLE MP; Chronaki et al. §3.2): every core visible; a thread whose tracked utilisation
//! is above the up-threshold goes to (or is pulled by) an idle big core, one below the down-threshold to a little core.
//! Utilisation is the simulator's decaying average (docs/model-reference.md §4c: 32 ms half-life, 700 and 512 of 1024, the Linaro
//! big.LITTLE MP defaults). As in the Linaro patches (`hmp_idle_pull`, run from the idle balance), a big core that goes idle
//! pulls the heaviest thread above the up-threshold from a little core at once, not only at the next tick.

use super::{big_and_little, fill_idle_big, idle_in, pull_queued, BalanceReason, Move, OsScheduler, OsView, ThreadState};

/// See the module doc.
pub struct Gts {
    /// Up-migration, idle pull and count balancing on or off (placement at wake-up always follows utilisation).
    pub lb: bool,
    /// Up-threshold override (out of 1024).
    pub up: Option<f64>,
    /// Down-threshold override.
    pub down: Option<f64>,
}

impl Gts {
    fn thresholds(&self, view: &OsView) -> (f64, f64) {
        (self.up.unwrap_or(view.up_threshold), self.down.unwrap_or(view.down_threshold))
    }
}

impl OsScheduler for Gts {
    fn place(&mut self, view: &mut OsView, thread: usize, _wake: bool) -> usize {
        let (up, down) = self.thresholds(view);
        let (big, little) = big_and_little(view);
        let t = &view.threads[thread];
        let prev = t.prev_core;
        let prev_idle = prev.filter(|&p| view.cores[p].online && view.cores[p].is_idle());
        let (first, second) = if t.util > up {
            (&big, &little)
        } else if t.util < down {
            (&little, &big)
        } else {
            // Between the thresholds a thread stays on its cluster type.
            match prev {
                Some(p) if !view.cores[p].big => (&little, &big),
                _ => (&big, &little),
            }
        };
        if let Some(p) = prev_idle {
            if first.contains(&p) {
                return p;
            }
        }
        if let Some(&c) = idle_in(view, first).first() {
            return c;
        }
        if let Some(p) = prev_idle {
            return p;
        }
        if let Some(&c) = idle_in(view, second).first() {
            return c;
        }
        view.least_loaded(first.iter().copied()).or_else(|| view.least_loaded(0..view.cores.len())).unwrap_or(0)
    }

    fn balance(&mut self, view: &mut OsView, reason: BalanceReason) -> Vec<Move> {
        if !self.lb {
            return Vec::new();
        }
        let (up, down) = self.thresholds(view);
        if reason != BalanceReason::Tick {
            // Idle pull: a big core that just went idle takes the heaviest thread above the up-threshold from a little core.
            if let BalanceReason::Idle(core) = reason {
                if view.cores[core].big {
                    let moves = fill_idle_big(view, |v, candidates, _| heaviest_above(v, candidates, up));
                    if !moves.is_empty() {
                        return moves;
                    }
                }
            }
            // Otherwise between ticks only runnable-count balancing inside a cluster type (newidle balance).
            let (big, little) = big_and_little(view);
            let mut moves = pull_queued(view, &big, false);
            moves.extend(pull_queued(view, &little, false));
            return moves;
        }
        // Up-migration and idle pull, at the periodic check: an idle big core takes the busiest thread above the up-threshold from a little core.
        let mut moves = fill_idle_big(view, |v, candidates, _| heaviest_above(v, candidates, up));
        if reason == BalanceReason::Tick {
            // Down-migration: a thread below the down-threshold leaves its big core for an idle little core.
            let (big, little) = big_and_little(view);
            let mut idle_little = idle_in(view, &little).into_iter();
            for &c in &big {
                let Some(t) = view.cores[c].running else { continue };
                let th = &view.threads[t];
                if th.util < down && th.movable && th.state == ThreadState::Running {
                    let Some(dst) = idle_little.next() else { break };
                    moves.push(Move { thread: t, to_core: dst });
                }
            }
        }
        if moves.is_empty() {
            // Within each cluster type, runnable-count balancing as in Linux.
            let (big, little) = big_and_little(view);
            let tick = reason == BalanceReason::Tick;
            moves.extend(pull_queued(view, &big, tick));
            moves.extend(pull_queued(view, &little, tick));
        }
        moves
    }
}

/// The candidate with the highest utilisation above `up` (lowest thread id on ties).
fn heaviest_above(view: &OsView, candidates: &[usize], up: f64) -> Option<usize> {
    candidates.iter().copied().filter(|&t| view.threads[t].util > up).max_by(|&a, &b| {
        view.threads[a].util.partial_cmp(&view.threads[b].util).unwrap_or(std::cmp::Ordering::Equal).then(b.cmp(&a))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::os::test_view_parts;
    use crate::sim::Rng;

    /// 4 big + 1 little core, five threads: threads 1–3 run on big cores 1–3, thread 4 on the little core 4, big core 0 just went idle.
    fn idle_big_core_balance(little_util: f64) -> Vec<Move> {
        let (mut threads, mut cores, infos) = test_view_parts(4, 1, &[(6, 5)]);
        threads[0].state = ThreadState::Blocked;
        for (t, (th, core)) in threads.iter_mut().zip(cores.iter_mut()).enumerate().skip(1) {
            th.state = ThreadState::Running;
            th.core = Some(t);
            th.prev_core = Some(t);
            core.running = Some(t);
        }
        threads[4].util = little_util;
        let mut rng = Rng::new(1);
        let mut view = OsView { now_ns: 1_000_000, threads: &threads, cores: &cores, apps: &infos, up_threshold: 700.0, down_threshold: 512.0, rng: &mut rng };
        Gts { lb: true, up: None, down: None }.balance(&mut view, BalanceReason::Idle(0))
    }

    #[test]
    fn a_big_core_that_goes_idle_pulls_a_heavy_little_core_thread_at_once() {
        assert_eq!(idle_big_core_balance(1000.0), vec![Move { thread: 4, to_core: 0 }]);
        // Below the up-threshold the thread stays on its little core.
        assert!(idle_big_core_balance(600.0).is_empty());
    }
}
