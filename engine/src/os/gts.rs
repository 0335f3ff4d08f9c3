//! Global Task Scheduling (GTS, ARM big.LITTLE MP; Chronaki et al. §3.2): every core visible; a thread whose tracked load
//! is above the up-threshold goes to (or is pulled by) an idle big core, one below the down-threshold to a little core.
//! Load is the simulator's decaying average of the time a thread is runnable, waiting in a run queue as well as running
//! (the patches' `load_avg_ratio`; docs/model-reference.md §4c: 32 ms half-life, 700 and 512 of 1024, the Linaro big.LITTLE
//! MP defaults). As in the Linaro patches (`hmp_idle_pull`, run from the idle balance), a big core that goes idle pulls the
//! heaviest thread above the up-threshold from a little core at once, not only at the next tick; at the tick a crowded big
//! core offloads a starved waiter to an idle little core (`hmp_offload_down`).

use super::{big_and_little, fill_idle_big, idle_in, pull_queued, BalanceReason, Move, OsScheduler, OsView, ThreadState};

/// See the module doc.
pub struct Gts {
    /// Up-migration, idle pull and count balancing on or off (placement at wake-up always follows the load).
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
        let (first, second) = if t.load > up {
            (&big, &little)
        } else if t.load < down {
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
                if th.load < down && th.movable && th.state == ThreadState::Running {
                    let Some(dst) = idle_little.next() else { break };
                    moves.push(Move { thread: t, to_core: dst });
                }
            }
            moves.extend(offload_down(view, &big, &mut idle_little, &moves));
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

/// Most queued threads the offload looks at on a big core (`hmp_max_tasks` in the big.LITTLE MP patches).
const OFFLOAD_LOOKS_AT: usize = 5;

/// Offload (`hmp_offload_down`, run at the tick): while no big core is idle, a big core with threads waiting sends the
/// lightest of the first few waiting there to an idle little core, if that thread is starved (it ran at most 3/4 of the
/// time it was runnable).
fn offload_down(view: &OsView, big: &[usize], idle_little: &mut impl Iterator<Item = usize>, planned: &[Move]) -> Vec<Move> {
    let mut moves = Vec::new();
    if big.iter().any(|&c| view.cores[c].online && view.cores[c].is_idle()) {
        return moves;
    }
    for &c in big {
        let lightest = view.cores[c]
            .queued
            .iter()
            .take(OFFLOAD_LOOKS_AT)
            .copied()
            .filter(|&t| view.threads[t].movable && !planned.iter().any(|m| m.thread == t))
            .min_by(|&a, &b| view.threads[a].load.partial_cmp(&view.threads[b].load).unwrap_or(std::cmp::Ordering::Equal).then(a.cmp(&b)));
        let Some(t) = lightest else { continue };
        let th = &view.threads[t];
        if th.util <= STARVED * th.load {
            let Some(dst) = idle_little.next() else { break };
            moves.push(Move { thread: t, to_core: dst });
        }
    }
    moves
}

/// A thread is starved when it ran at most this share of the time it was runnable (768 of 1024 in `hmp_offload_down`).
const STARVED: f64 = 0.75;

/// The candidate with the highest load above `up` (lowest thread id on ties).
fn heaviest_above(view: &OsView, candidates: &[usize], up: f64) -> Option<usize> {
    candidates.iter().copied().filter(|&t| view.threads[t].load > up).max_by(|&a, &b| {
        view.threads[a].load.partial_cmp(&view.threads[b].load).unwrap_or(std::cmp::Ordering::Equal).then(b.cmp(&a))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::os::{test_balance, test_view_parts};

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
        threads[4].load = little_util;
        test_balance(&mut Gts { lb: true, up: None, down: None }, &threads, &cores, &infos, BalanceReason::Idle(0))
    }

    /// 2 big + 1 little core: big core 0 runs thread 0 with threads 1 and 2 waiting, big core 1 runs thread 3, the little
    /// core is idle; thread 1 ran `ran` of the 1000 it was runnable, thread 2 is heavier (1024).
    fn offload_at_tick(ran: f64, big_core_1_idle: bool) -> Vec<Move> {
        let (mut threads, mut cores, infos) = test_view_parts(2, 1, &[(6, 4)]);
        for (t, core) in [(0, 0), (1, 0), (2, 0), (3, 1)] {
            let th = &mut threads[t];
            th.state = if t == 1 || t == 2 { ThreadState::Runnable } else { ThreadState::Running };
            th.core = Some(core);
            th.prev_core = Some(core);
        }
        cores[0].running = Some(0);
        cores[0].queued = vec![1, 2];
        cores[1].running = Some(3);
        if big_core_1_idle {
            threads[3].state = ThreadState::Blocked;
            threads[3].core = None;
            cores[1].running = None;
        }
        threads[1].load = 1000.0;
        threads[1].util = ran;
        test_balance(&mut Gts { lb: true, up: None, down: None }, &threads, &cores, &infos, BalanceReason::Tick)
    }

    #[test]
    fn a_crowded_big_core_offloads_its_lightest_starved_waiter_to_an_idle_little_core() {
        // Thread 1 ran 60% of the time it was runnable: starved, it goes to the little core 2.
        assert_eq!(offload_at_tick(600.0, false), vec![Move { thread: 1, to_core: 2 }]);
        // Running 80% of that time it is not starved, and stays in the big cluster.
        assert!(!offload_at_tick(800.0, false).iter().any(|m| m.to_core == 2));
        // With a big core idle the offload waits (the idle big core's own balance takes the waiter).
        assert!(!offload_at_tick(600.0, true).iter().any(|m| m.to_core == 2));
    }

    #[test]
    fn a_big_core_that_goes_idle_pulls_a_heavy_little_core_thread_at_once() {
        assert_eq!(idle_big_core_balance(1000.0), vec![Move { thread: 4, to_core: 0 }]);
        // Below the up-threshold the thread stays on its little core.
        assert!(idle_big_core_balance(600.0).is_empty());
    }
}
