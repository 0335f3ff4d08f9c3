//! Preference Based Scheduling (PBS, Zhang et al. §2.3, Algorithms 1–2). PBA: large cores go to the threads of the
//! highest-preference application first (first come, first served among equal preferences), small cores to the rest.
//! WPC: a woken thread returns to its previous core. PBB (load balancing): idle large cores take threads of the
//! highest-preference application from small cores, and a higher-preference thread on a small core swaps with a
//! lower-preference thread on a large core.

use super::{big_and_little, evict_occupants, fill_idle_big, pull_queued, place_planned, BalanceReason, Move, OsScheduler, OsView, ThreadState};

/// See the module doc.
pub struct Pbs {
    /// PBB on or off.
    pub lb: bool,
    target: Vec<usize>,
}

impl Pbs {
    /// A PBS scheduler; the PBA mapping is computed when the first thread is placed.
    pub fn new(lb: bool) -> Self {
        Pbs { lb, target: Vec::new() }
    }
}

/// Applications in decreasing preference, first come first served among equals.
pub fn by_preference(view: &OsView) -> Vec<usize> {
    let mut order: Vec<usize> = (0..view.apps.len()).collect();
    order.sort_by_key(|&a| (std::cmp::Reverse(view.apps[a].preference), a));
    order
}

/// Assigns cores to threads: `big_quota[a]` large cores to application `a`'s first threads, then small cores in order,
/// wrapping onto the least used cores when threads outnumber cores.
pub fn assign(view: &OsView, app_order: &[usize], big_quota: &[usize]) -> Vec<usize> {
    let (big, little) = big_and_little(view);
    let mut target = vec![0usize; view.threads.len()];
    let mut uses = vec![0usize; view.cores.len()];
    let mut next_big = 0;
    let mut next_little = 0;
    let mut first_thread = vec![0usize; view.apps.len()];
    let mut acc = 0;
    for (a, app) in view.apps.iter().enumerate() {
        first_thread[a] = acc;
        acc += app.threads as usize;
    }
    let mut rest = Vec::new();
    for &a in app_order {
        let n = view.apps[a].threads as usize;
        for i in 0..n {
            let t = first_thread[a] + i;
            if i < big_quota[a] && next_big < big.len() {
                target[t] = big[next_big];
                uses[big[next_big]] += 1;
                next_big += 1;
            } else {
                rest.push(t);
            }
        }
    }
    for t in rest {
        let core = if next_little < little.len() {
            next_little += 1;
            little[next_little - 1]
        } else if next_big < big.len() {
            next_big += 1;
            big[next_big - 1]
        } else {
            (0..view.cores.len()).min_by_key(|&c| (uses[c], c)).unwrap_or(0)
        };
        uses[core] += 1;
        target[t] = core;
    }
    target
}

impl OsScheduler for Pbs {
    fn place(&mut self, view: &mut OsView, thread: usize, wake: bool) -> usize {
        let plan = |view: &OsView| {
            let quota: Vec<usize> = view.apps.iter().map(|a| a.threads as usize).collect();
            assign(view, &by_preference(view), &quota)
        };
        place_planned(view, &mut self.target, plan, thread, wake)
    }

    fn balance(&mut self, view: &mut OsView, reason: BalanceReason) -> Vec<Move> {
        let evictions = evict_occupants(view);
        if !evictions.is_empty() || !self.lb {
            return evictions;
        }
        let order = by_preference(view);
        let rank = |a: usize| order.iter().position(|&x| x == a).unwrap_or(usize::MAX);
        let mut moves = fill_idle_big(view, |v, candidates, _| candidates.iter().copied().min_by_key(|&t| (rank(v.threads[t].app), t)));
        if moves.is_empty() {
            moves = pull_queued(view, &(0..view.cores.len()).collect::<Vec<_>>(), reason == BalanceReason::Tick);
        }
        if !matches!(reason, BalanceReason::Idle(_)) && moves.is_empty() {
            // Take large cores from lower-preference applications for higher-preference threads waiting on small cores.
            let (big, _) = big_and_little(view);
            let mut used = Vec::new();
            let mut needy: Vec<usize> = (0..view.threads.len()).filter(|&t| view.on_little(t)).collect();
            needy.sort_by_key(|&t| (rank(view.threads[t].app), t));
            for t in needy {
                let pref = view.apps[view.threads[t].app].preference;
                let victim = big.iter().copied().filter_map(|c| view.cores[c].running).filter(|&v| {
                    let th = &view.threads[v];
                    th.movable && th.state == ThreadState::Running && view.apps[th.app].preference < pref && !used.contains(&v)
                });
                let Some(v) = victim.min_by_key(|&v| (std::cmp::Reverse(rank(view.threads[v].app)), v)) else { continue };
                let (Some(big_core), Some(little_core)) = (view.threads[v].core, view.threads[t].core) else { continue };
                used.push(v);
                moves.push(Move { thread: v, to_core: little_core });
                moves.push(Move { thread: t, to_core: big_core });
            }
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::os::test_view_parts;
    use crate::sim::Rng;

    fn targets(apps: &[(i32, u32)], big: usize, little: usize) -> Vec<usize> {
        let (threads, cores, infos) = test_view_parts(big, little, apps);
        let mut rng = Rng::new(1);
        let mut view = OsView { now_ns: 0, threads: &threads, cores: &cores, apps: &infos, up_threshold: 700.0, down_threshold: 256.0, rng: &mut rng };
        let mut pbs = Pbs::new(true);
        (0..threads.len()).map(|t| pbs.place(&mut view, t, false)).collect()
    }

    #[test]
    fn pba_gives_large_cores_to_the_highest_preference_first_and_fcfs_among_equals() {
        // BF on 6L13S: blackscholes (3) first in the queue, freqmine (9) second; large cores are 0..6.
        let t = targets(&[(3, 8), (9, 8)], 6, 13);
        assert!(t[8..14].iter().all(|&c| c < 6), "freqmine's first six threads on large cores: {t:?}");
        assert!(t[14..].iter().chain(&t[..8]).all(|&c| c >= 6), "everything else on small cores: {t:?}");
        // BS: equal preferences, first come first served.
        let t = targets(&[(3, 8), (3, 8)], 8, 8);
        assert!(t[..8].iter().all(|&c| c < 8) && t[8..].iter().all(|&c| c >= 8), "{t:?}");
    }
}
