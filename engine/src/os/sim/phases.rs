//! An application's phases in the thread simulator: which item of work a thread takes, how a phase starts (threads with
//! work become runnable, pthreads threads woken from a barrier owe their wake-up) and how the last arrival ends it.

use super::{Ev, OsSim};
use crate::model::apps::{Phase, Split};
use crate::os::{BalanceReason, ThreadState};
use crate::sim::Kernel;

impl OsSim<'_> {
    /// Takes the thread's next item of work in its application's current phase.
    pub(super) fn take_item(&mut self, t: usize) -> Option<f64> {
        let a = self.threads[t].app;
        let app = &self.apps[a];
        let phase = app.phases.get(self.app_st[a].phase)?;
        match phase {
            Phase::Serial { work_ns } => {
                if self.threads[t].local == 0 && !self.threads[t].taken {
                    self.threads[t].taken = true;
                    Some(*work_ns)
                } else {
                    None
                }
            }
            Phase::Parallel { work_ns, split, chunks } => match self.split_override.unwrap_or(*split) {
                Split::Even => {
                    if self.threads[t].taken {
                        None
                    } else {
                        self.threads[t].taken = true;
                        Some(work_ns / app.threads as f64)
                    }
                }
                Split::Pool => {
                    let st = &mut self.app_st[a];
                    if st.chunks_left == 0 {
                        None
                    } else {
                        st.chunks_left -= 1;
                        Some(work_ns / (*chunks).max(1) as f64)
                    }
                }
            },
        }
    }

    /// Starts phase `app_st[a].phase`: threads with work become runnable, the others wait at the barrier.
    /// `waker` is the thread whose arrival released the barrier (`None` at the start): in the pthreads version
    /// (no split override) every other thread slept in the kernel and owes `barrier_wake_ns` before it runs,
    /// where libgomp's barrier spins and the loop versions resume at once (docs/model.md §3c).
    pub(super) fn setup_phase(&mut self, kernel: &mut Kernel<Ev>, a: usize, waker: Option<usize>) {
        let wake = waker.is_some();
        let wake_ns = if self.split_override.is_none() { self.options.barrier_wake_ns } else { 0 };
        let first = self.app_st[a].first_thread;
        let n = self.apps[a].threads as usize;
        self.app_st[a].arrived = 0;
        self.app_st[a].chunks_left = match self.apps[a].phases.get(self.app_st[a].phase) {
            Some(Phase::Parallel { chunks, .. }) => *chunks,
            _ => 0,
        };
        for t in first..first + n {
            self.threads[t].taken = false;
        }
        let mut workers = Vec::new();
        for t in first..first + n {
            match self.take_item(t) {
                Some(w) => {
                    self.threads[t].work_left = w;
                    if wake && waker != Some(t) {
                        self.threads[t].wake_ns = wake_ns;
                    }
                    workers.push(t);
                }
                None => {
                    self.threads[t].state = ThreadState::Blocked;
                    self.app_st[a].arrived += 1;
                }
            }
        }
        for t in workers {
            let core = self.place(kernel, t, wake && self.threads[t].prev_core.is_some());
            self.threads[t].state = ThreadState::Runnable;
            self.enqueue(kernel, core, t);
        }
    }

    /// `t` reached the end of its phase: the last thread to arrive starts the next phase (or ends the application).
    pub(super) fn arrive(&mut self, kernel: &mut Kernel<Ev>, t: usize) {
        let a = self.threads[t].app;
        self.threads[t].state = ThreadState::Blocked;
        self.threads[t].core = None;
        self.app_st[a].arrived += 1;
        if self.app_st[a].arrived < self.apps[a].threads {
            return;
        }
        self.app_st[a].phase += 1;
        if self.app_st[a].phase >= self.apps[a].phases.len() {
            self.app_st[a].done_ns = Some(kernel.now_ns());
            self.apps_left -= 1;
            let first = self.app_st[a].first_thread;
            for th in &mut self.threads[first..first + self.apps[a].threads as usize] {
                th.state = ThreadState::Done;
            }
            return;
        }
        self.setup_phase(kernel, a, Some(t));
        self.balance(kernel, BalanceReason::Wake);
    }
}
