//! An application's phases in the thread simulator: which item of work a thread takes (and what `loop-dynamic`'s removals
//! of its iterations add to it), how a phase starts (threads with work become runnable, pthreads threads woken from a
//! barrier owe their wake-up) and how the last arrival ends it.

use super::OsSim;
use crate::model::apps::{AppRun, Phase, Split};
use crate::model::items::share;
use crate::os::runqueue::QueueEv;
use crate::os::{BalanceReason, ThreadState};
use crate::sim::Kernel;

impl OsSim<'_> {
    /// Takes the thread's next item of work in its application's current phase.
    pub(super) fn take_item(&mut self, t: usize) -> Option<f64> {
        let (a, local) = (self.rq.threads[t].info.app, self.rq.threads[t].info.local);
        let w = &mut self.work;
        let app = &w.apps[a];
        let phase_index = w.app_st[a].phase;
        let phase = app.phases.get(phase_index)?;
        let items = w.items[a].get(phase_index).and_then(|i| i.as_ref());
        match phase {
            Phase::Serial { work_ns } => {
                if local == 0 && !w.taken[t] {
                    w.taken[t] = true;
                    Some(*work_ns)
                } else {
                    None
                }
            }
            Phase::Parallel { work_ns, split, chunks } => match w.split_override.unwrap_or(*split) {
                Split::Even => {
                    if w.taken[t] {
                        None
                    } else {
                        w.taken[t] = true;
                        Some(work_ns * share(items, local, app.threads))
                    }
                }
                Split::Pool => {
                    let n = pool_chunks(app, *split, *chunks, w.split_override);
                    let st = &mut w.app_st[a];
                    if st.chunks_left == 0 {
                        None
                    } else {
                        let j = n.saturating_sub(st.chunks_left);
                        st.chunks_left -= 1;
                        Some(work_ns * share(items, j, n))
                    }
                }
            },
        }
    }

    /// Starts phase `app_st[a].phase`: threads with work become runnable, the others wait at the barrier.
    /// `waker` is the thread whose arrival released the barrier (`None` at the start): in the pthreads version
    /// (no split override) every other thread slept in the kernel and owes `barrier_wake_ns` before it runs; in the
    /// loop versions a thread still on its core (spinning, or the waker) goes on there at once, one whose spin ran out
    /// slept and owes the wake-up, and one without work starts a new spin (docs/model-reference.md §3c).
    pub(super) fn setup_phase(&mut self, kernel: &mut Kernel<QueueEv>, a: usize, waker: Option<usize>) {
        let wake = waker.is_some();
        let spins = self.spins();
        let wake_ns = self.rq.options().barrier_wake_ns;
        let first = self.work.app_st[a].first_thread;
        let n = self.work.apps[a].threads as usize;
        self.work.app_st[a].arrived = 0;
        self.work.app_st[a].chunks_left = match self.work.apps[a].phases.get(self.work.app_st[a].phase) {
            Some(Phase::Parallel { chunks, split, .. }) => pool_chunks(&self.work.apps[a], *split, *chunks, self.work.split_override),
            _ => 0,
        };
        self.work.taken[first..first + n].fill(false);
        let mut workers = Vec::new();
        for t in first..first + n {
            let on_core = if spins { self.rq.threads[t].info.core } else { None };
            match self.take_item(t) {
                Some(w) => {
                    if let Some(core) = on_core {
                        let w = w * self.removal_stretch(t, core);
                        self.rq.set_item(kernel, t, w, false);
                        continue;
                    }
                    self.rq.threads[t].work_left = w;
                    // libgomp starts its team's threads at the first parallel region: one that never ran owes no wake-up.
                    let slept = self.work.split_override.is_none() || self.rq.threads[t].info.prev_core.is_some();
                    if wake && waker != Some(t) && slept {
                        self.rq.threads[t].wake_ns = wake_ns;
                    }
                    workers.push(t);
                }
                None => {
                    if on_core.is_some() {
                        let spin = self.spin_work(t);
                        self.rq.set_item(kernel, t, spin, true);
                    } else {
                        self.rq.threads[t].info.state = ThreadState::Blocked;
                    }
                    self.work.app_st[a].arrived += 1;
                }
            }
        }
        for t in workers {
            let core = self.place(kernel, t, wake && self.rq.threads[t].info.prev_core.is_some());
            self.rq.threads[t].work_left *= self.removal_stretch(t, core);
            self.rq.enqueue(kernel, &mut self.work, core, t);
        }
    }

    /// `t` reached the end of its phase (and sleeps, blocked): the last thread to arrive starts the next phase (or ends
    /// the application).
    pub(super) fn arrive(&mut self, kernel: &mut Kernel<QueueEv>, t: usize) {
        let a = self.rq.threads[t].info.app;
        let (apps, st) = (self.work.apps, &mut self.work.app_st[a]);
        st.arrived += 1;
        if st.arrived < apps[a].threads {
            return;
        }
        st.phase += 1;
        if st.phase >= apps[a].phases.len() {
            st.done_ns = Some(kernel.now_ns());
            let first = st.first_thread;
            self.work.apps_left -= 1;
            for th in first..first + apps[a].threads as usize {
                if self.rq.threads[th].info.core.is_some() {
                    // A waiter still spinning or queued (or the last arrival) stops spinning: it leaves its core as its
                    // item ends (after any migration under way), `item_done` seeing the application done.
                    let spinning = self.rq.threads[th].spinning;
                    self.rq.set_item(kernel, th, 0.0, spinning);
                } else {
                    self.rq.threads[th].info.state = ThreadState::Done;
                }
            }
            return;
        }
        self.setup_phase(kernel, a, Some(t));
        self.rq.balance(kernel, &mut self.work, BalanceReason::Wake);
    }

    /// How much longer `t`'s item takes on `core` for libgomp's removals of its iterations: 1 unless `loop-dynamic` runs
    /// a region over a loop whose iterations are finer than its items (the profile's `loop_iteration_ns`, blackscholes'
    /// options). Each iteration then costs the thread a removal (docs/model-reference.md §3d), as at the loop level: a
    /// local part of `removal_ns` on the fastest core, longer on slower ones in proportion and growing with the threads,
    /// and the hold of the pool's line, `cross_cluster_ns` more with the chance that a thread of another cluster held it
    /// last (the share of the other online cores there). Charged as work of the item, the removals take `R` ns against
    /// the iteration's `loop_iteration_ns / ratio` on a core of ratio `ratio`.
    pub(super) fn removal_stretch(&self, t: usize, core: usize) -> f64 {
        let th = &self.rq.threads[t];
        let a = th.info.app;
        let app = &self.work.apps[a];
        let Some(iteration_ns) = app.profile.loop_iteration_ns else { return 1.0 };
        let pooled_loop = matches!(app.phases.get(self.work.app_st[a].phase), Some(Phase::Parallel { split: Split::Even, .. }));
        if !pooled_loop || self.work.split_override != Some(Split::Pool) {
            return 1.0;
        }
        let o = self.rq.options();
        let online = || (0..self.rq.n_cores()).filter(|&c| self.rq.is_online(c));
        let fastest = self.fastest_ratio(th.class);
        let ratio = self.rq.base_ratio(core, th.class);
        let elsewhere = online().filter(|&c| self.rq.cluster_of(c) != self.rq.cluster_of(core)).count();
        let cross_chance = elsewhere as f64 / online().count().saturating_sub(1).max(1) as f64;
        let contention = 1.0 + o.removal_growth * app.threads.saturating_sub(1) as f64;
        let removal_work = o.removal_ns * fastest * contention + (o.line_ns + o.cross_cluster_ns * cross_chance) * ratio;
        1.0 + removal_work / iteration_ns
    }
}

/// The chunks a pooled region hands out. OpenMP's `schedule(dynamic)` takes one iteration at a time by default (Saez et
/// al. §4.2: "a default value of 1 is used"), so when `loop-dynamic` pools a region the profile splits evenly, its pool
/// holds the loop's iterations (`AppRun::loop_iterations`: swaptions' 128 swaptions, fluidanimate's one grid block per
/// thread); a region the profile itself pools keeps its `chunks` (docs/model-reference.md §3d).
fn pool_chunks(app: &AppRun, split: Split, chunks: u32, split_override: Option<Split>) -> u32 {
    if split == Split::Even && split_override == Some(Split::Pool) {
        app.loop_iterations()
    } else {
        chunks.max(1)
    }
}
