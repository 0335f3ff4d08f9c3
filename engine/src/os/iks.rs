//! In-kernel switcher (IKS, Chronaki et al. §3.1): big core i and little core i form a pair that the OS sees as one CPU; each
//! pair runs on one of its two cores, switching to big when its utilisation (the time its CPU is busy, the sum of its
//! threads' utilisations) passes the up-threshold and back below the down-threshold. Cores without a partner (unequal
//! clusters) stand alone.

use super::{big_and_little, BalanceReason, Move, OsScheduler, OsView, ThreadState};

/// See the module doc.
pub struct Iks {
    /// Count balancing across pairs on or off.
    pub lb: bool,
    /// Up-threshold override (out of 1024).
    pub up: Option<f64>,
    /// Down-threshold override.
    pub down: Option<f64>,
    pairs: Vec<(Option<usize>, Option<usize>)>,
    on_big: Vec<bool>,
}

impl Iks {
    /// An IKS scheduler; pairs are formed on first use.
    pub fn new(lb: bool, up: Option<f64>, down: Option<f64>) -> Self {
        Iks { lb, up, down, pairs: Vec::new(), on_big: Vec::new() }
    }

    fn ensure_pairs(&mut self, view: &OsView) {
        if !self.pairs.is_empty() {
            return;
        }
        let (big, little) = big_and_little(view);
        let n = big.len().max(little.len());
        for i in 0..n {
            self.pairs.push((big.get(i).copied(), little.get(i).copied()));
            // Pairs start on the little core (background work at boot), unless they have none.
            self.on_big.push(little.get(i).is_none());
        }
    }

    fn active_core(&self, pair: usize) -> usize {
        let (b, l) = self.pairs[pair];
        if self.on_big[pair] {
            b.or(l).unwrap_or(0)
        } else {
            l.or(b).unwrap_or(0)
        }
    }

    fn pair_of(&self, core: usize) -> Option<usize> {
        self.pairs.iter().position(|&(b, l)| b == Some(core) || l == Some(core))
    }
}

impl OsScheduler for Iks {
    fn place(&mut self, view: &mut OsView, thread: usize, _wake: bool) -> usize {
        self.ensure_pairs(view);
        if let Some(pair) = view.threads[thread].prev_core.and_then(|p| self.pair_of(p)) {
            let c = self.active_core(pair);
            if view.cores[c].is_idle() {
                return c;
            }
        }
        let actives: Vec<usize> = (0..self.pairs.len()).map(|p| self.active_core(p)).collect();
        actives.iter().copied().filter(|&c| view.cores[c].online).min_by_key(|&c| (view.cores[c].load(), c)).unwrap_or(0)
    }

    fn balance(&mut self, view: &mut OsView, reason: BalanceReason) -> Vec<Move> {
        self.ensure_pairs(view);
        let up = self.up.unwrap_or(view.up_threshold);
        let down = self.down.unwrap_or(view.down_threshold);
        let mut moves = Vec::new();
        if reason == BalanceReason::Tick {
            for pair in 0..self.pairs.len() {
                let (Some(b), Some(l)) = self.pairs[pair] else { continue };
                let from = self.active_core(pair);
                let mut on_core: Vec<usize> = view.cores[from].queued.clone();
                on_core.extend(view.cores[from].running);
                // The pair's load as its cpufreq governor sees it: the share of time its CPU is busy, the sum of the
                // running-time utilisations of the threads it holds (at most 1024).
                let util = on_core.iter().map(|&t| view.threads[t].util).sum::<f64>().min(1024.0);
                let switch = if self.on_big[pair] { util < down } else { util > up && !on_core.is_empty() };
                if switch && on_core.iter().all(|&t| view.threads[t].movable) {
                    self.on_big[pair] = !self.on_big[pair];
                    let to = if self.on_big[pair] { b } else { l };
                    moves.extend(on_core.into_iter().map(|t| Move { thread: t, to_core: to }));
                }
            }
        }
        if self.lb && moves.is_empty() {
            // Count balancing across the pairs' active cores.
            let actives: Vec<usize> = (0..self.pairs.len()).map(|p| self.active_core(p)).collect();
            moves.extend(super::pull_queued(view, &actives, reason == BalanceReason::Tick));
            // Threads left on a pair's inactive core follow the pair.
            for (t, th) in view.threads.iter().enumerate() {
                if th.state == ThreadState::Runnable {
                    if let Some(pair) = th.core.and_then(|c| self.pair_of(c)) {
                        let a = self.active_core(pair);
                        if th.core != Some(a) {
                            moves.push(Move { thread: t, to_core: a });
                        }
                    }
                }
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::os::{test_balance, test_view_parts};

    /// One pair (big core 0, little core 1) running on its little core, with `n` threads there that each ran 450 of 1024.
    fn tick_with(n: usize) -> Vec<Move> {
        let (mut threads, mut cores, infos) = test_view_parts(1, 1, &[(6, 2)]);
        for (t, th) in threads.iter_mut().enumerate().take(n) {
            th.state = if t == 0 { ThreadState::Running } else { ThreadState::Runnable };
            th.core = Some(1);
            th.prev_core = Some(1);
            th.util = 450.0;
        }
        cores[1].running = Some(0);
        cores[1].queued = (1..n).collect();
        test_balance(&mut Iks::new(true, None, None), &threads, &cores, &infos, BalanceReason::Tick)
    }

    #[test]
    fn a_pair_switches_to_big_when_its_cpu_is_busy_whichever_thread_keeps_it_so() {
        // One thread running 44% of the time: the pair stays little.
        assert!(tick_with(1).is_empty());
        // Two such threads keep its CPU busy 88% of the time: the pair moves both to its big core.
        assert_eq!(tick_with(2), vec![Move { thread: 1, to_core: 0 }, Move { thread: 0, to_core: 0 }]);
    }
}
