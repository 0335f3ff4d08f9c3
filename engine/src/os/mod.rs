//! The OS-level thread simulator (docs/model-reference.md §3c, §4c): threads of applications with serial and parallel phases and barriers,
//! placed and migrated by an [`OsScheduler`], with time slicing, migration cost, wake-up placement and utilisation tracking.
//!
//! Same rules as the task runtime: a running thread keeps its remaining work; when its core's speed changes it is re-timed
//! and the old completion event is invalidated by bumping the core's generation counter.
//!
//! ```text
//!  app start ─▶ place(new) ─▶ core run queue ─▶ running ──item done──▶ next item (same core)
//!                                 ▲     │ slice end (4 ms, only when others wait)      │ none left
//!     wake (barrier released) ────┘     ▼                                              ▼
//!        place(wake)              back of the queue            blocked at the barrier ─▶ core idle ─▶ balance(idle)
//!  tick (4 ms): utilisation update, balance(tick) ─▶ migrations (cost paid when the thread next runs elsewhere)
//! ```

pub mod cfs;
pub mod cluster_switch;
pub mod eas;
pub mod gts;
pub mod iks;
pub mod lcss;
pub mod linux;
pub mod metrics;
pub mod pbs;
pub mod pinned;
pub mod bursts;
mod runqueue;
mod sim;

use crate::sim::{Rng, TimeNs};

pub use metrics::OsMetrics;
pub use runqueue::OsSetting;
pub use sim::{simulate, OsInput, OsOutput};

/// What an OS-level scheduler name stands for: threads under a policy, or the applications' task-based version.
pub enum OsMethod {
    /// Threads under an OS scheduler, optionally with every region's split forced (the loop variants).
    Threads {
        /// The policy.
        sched: Box<dyn OsScheduler>,
        /// Forced split of every parallel region.
        split: Option<crate::model::apps::Split>,
    },
    /// The applications' tasks under the task runtime's FIFO scheduler, barriers removed (Chronaki et al. §3.3).
    Tasks,
}

/// Where a thread is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThreadState {
    /// Its application has not started it yet.
    New,
    /// In a core's run queue.
    Runnable,
    /// Running on a core.
    Running,
    /// Waiting at a barrier.
    Blocked,
    /// Its application finished.
    Done,
}

/// What a scheduler sees of one thread.
#[derive(Clone, Debug)]
pub struct ThreadInfo {
    /// Application index (mix order = task-queue order).
    pub app: usize,
    /// Thread index inside its application.
    pub local: u32,
    /// State.
    pub state: ThreadState,
    /// Core whose queue holds it or that runs it (runnable or running).
    pub core: Option<usize>,
    /// Core it last ran on.
    pub prev_core: Option<usize>,
    /// Utilisation, a decaying average of the time it was running, out of 1024.
    pub util: f64,
    /// Tracked load, a decaying average of the time it was runnable (running or waiting in a run queue), out of 1024:
    /// the load that the big.LITTLE MP patches compare with their thresholds (`load_avg_ratio`, docs/model-reference.md §4c).
    pub load: f64,
    /// False while it pays a migration cost (it cannot be moved then).
    pub movable: bool,
}

/// What a scheduler sees of one core.
#[derive(Clone, Debug)]
pub struct CoreInfo {
    /// Cluster index.
    pub cluster: usize,
    /// Last-level cache domain: the cores sharing its cache (`Platform::llc_of_cores`; the cluster unless the platform shares one).
    pub llc: usize,
    /// True on the platform's fastest clusters ("large" cores).
    pub big: bool,
    /// Running thread.
    pub running: Option<usize>,
    /// Threads waiting in its run queue.
    pub queued: Vec<usize>,
    /// False while offline.
    pub online: bool,
}

impl CoreInfo {
    /// Runnable plus running threads.
    pub fn load(&self) -> usize {
        self.queued.len() + usize::from(self.running.is_some())
    }

    /// No thread running or waiting.
    pub fn is_idle(&self) -> bool {
        self.running.is_none() && self.queued.is_empty()
    }
}

/// What a scheduler sees of one application.
#[derive(Clone, Debug)]
pub struct AppInfo {
    /// Preference + supplement (Zhang et al.).
    pub preference: i32,
    /// Number of threads.
    pub threads: u32,
    /// True once it finished.
    pub done: bool,
}

/// Read-only state plus the run's generator.
pub struct OsView<'a> {
    /// Current time.
    pub now_ns: TimeNs,
    /// Every thread (global ids: the mix's applications in order, their threads in order).
    pub threads: &'a [ThreadInfo],
    /// Every core.
    pub cores: &'a [CoreInfo],
    /// Every application.
    pub apps: &'a [AppInfo],
    /// Up and down utilisation thresholds (out of 1024).
    pub up_threshold: f64,
    /// See `up_threshold`.
    pub down_threshold: f64,
    /// The run's only source of randomness.
    pub rng: &'a mut Rng,
}

impl OsView<'_> {
    /// Idle online cores, in core order.
    pub fn idle_cores(&self) -> Vec<usize> {
        (0..self.cores.len()).filter(|&c| self.cores[c].online && self.cores[c].is_idle()).collect()
    }

    /// The online core with the fewest threads among `candidates` (lowest index on ties); `None` when empty.
    pub fn least_loaded(&self, candidates: impl Iterator<Item = usize>) -> Option<usize> {
        candidates.filter(|&c| self.cores[c].online).min_by_key(|&c| (self.cores[c].load(), c))
    }

    /// A uniformly random element of `list`.
    pub fn pick(&mut self, list: &[usize]) -> Option<usize> {
        if list.is_empty() {
            None
        } else {
            Some(list[self.rng.below(list.len() as u64) as usize])
        }
    }

    /// True when `thread` is runnable or running on a non-big core and may be moved.
    pub fn on_little(&self, thread: usize) -> bool {
        let t = &self.threads[thread];
        t.movable && matches!(t.state, ThreadState::Runnable | ThreadState::Running) && t.core.is_some_and(|c| !self.cores[c].big)
    }
}

/// Why the simulator asks for balancing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BalanceReason {
    /// The periodic tick.
    Tick,
    /// `core` just became idle.
    Idle(usize),
    /// Threads just woke up (a barrier was released).
    Wake,
}

/// A migration a scheduler asks for: move `thread` to `to_core` (its run queue, or its affinity when blocked).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    /// Thread id.
    pub thread: usize,
    /// Destination core.
    pub to_core: usize,
}

/// An OS scheduling policy: where new and woken threads go, and which threads to move when balancing.
/// Like the task schedulers it decides and never mutates the simulation.
pub trait OsScheduler {
    /// Told the platform once before the run (the energy model of `linux[eas=on]`); nothing by default.
    fn attach(&mut self, _platform: &crate::model::Platform) {}
    /// The core a thread that becomes runnable goes to; `wake` is false for a new thread.
    fn place(&mut self, view: &mut OsView, thread: usize, wake: bool) -> usize;
    /// The core for a thread woken synchronously (`WF_SYNC`: the waker, running on `waker_core`, is about to sleep, as in a
    /// binder transaction); an ordinary wake-up by default.
    fn place_sync(&mut self, view: &mut OsView, thread: usize, waker_core: usize) -> usize {
        let _ = waker_core;
        self.place(view, thread, true)
    }
    /// Migrations to apply now (none by default).
    fn balance(&mut self, _view: &mut OsView, _reason: BalanceReason) -> Vec<Move> {
        Vec::new()
    }
}

/// Fills idle big cores with threads that run or wait on little cores, choosing the thread with `pick_thread`
/// among the candidates (shared by GTS's idle pull and the PBB / LCSB balancers).
pub fn fill_idle_big(view: &mut OsView, mut pick_thread: impl FnMut(&OsView, &[usize], &[Move]) -> Option<usize>) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    let idle_big: Vec<usize> = view.idle_cores().into_iter().filter(|&c| view.cores[c].big).collect();
    for core in idle_big {
        let candidates: Vec<usize> =
            (0..view.threads.len()).filter(|&t| view.on_little(t) && !moves.iter().any(|m| m.thread == t)).collect();
        let Some(t) = pick_thread(view, &candidates, &moves) else { break };
        moves.push(Move { thread: t, to_core: core });
    }
    moves
}

/// Runnable-count balancing that ignores core speed (Linux): every idle core pulls the last queued thread of the busiest
/// core (load ≥ 2) among `allowed`; at ticks, a core with two threads more than the least loaded one gives one away.
pub fn pull_queued(view: &OsView, allowed: &[usize], tick: bool) -> Vec<Move> {
    let mut load: Vec<usize> = view.cores.iter().map(CoreInfo::load).collect();
    let mut queues: Vec<Vec<usize>> = view.cores.iter().map(|c| c.queued.clone()).collect();
    let mut moves = Vec::new();
    let online: Vec<usize> = allowed.iter().copied().filter(|&c| view.cores[c].online).collect();
    while let Some(&dst) = online.iter().min_by_key(|&&c| (load[c], c)) {
        let Some(&src) = online.iter().filter(|&&c| !queues[c].is_empty()).max_by_key(|&&c| (load[c], std::cmp::Reverse(c))) else { break };
        let gap_needed = if tick { 2 } else { 1 };
        if load[src] < load[dst] + gap_needed || (!tick && load[dst] > 0) || load[src] < 2 {
            break;
        }
        let Some(t) = queues[src].pop() else { break };
        load[src] -= 1;
        load[dst] += 1;
        moves.push(Move { thread: t, to_core: dst });
    }
    moves
}

/// Idle cores of `allowed` (online, nothing running or queued), in order.
pub fn idle_in(view: &OsView, allowed: &[usize]) -> Vec<usize> {
    allowed.iter().copied().filter(|&c| view.cores[c].online && view.cores[c].is_idle()).collect()
}

/// Big and little core lists.
pub fn big_and_little(view: &OsView) -> (Vec<usize>, Vec<usize>) {
    let big = (0..view.cores.len()).filter(|&c| view.cores[c].big).collect();
    let little = (0..view.cores.len()).filter(|&c| !view.cores[c].big).collect();
    (big, little)
}

/// PBS and LCSS placement: a new thread goes to its assigned core (`plan` makes every thread's assignment once, on the first
/// call, into `targets`) when that core is online and idle; otherwise, and on every wake-up, WPC applies (previous core,
/// else an idle core, large ones first).
pub fn place_planned(view: &OsView, targets: &mut Vec<usize>, plan: impl FnOnce(&OsView) -> Vec<usize>, thread: usize, wake: bool) -> usize {
    if targets.is_empty() {
        *targets = plan(view);
    }
    let target = targets.get(thread).copied().unwrap_or(0);
    if !wake && view.cores[target].online && view.cores[target].is_idle() {
        return target;
    }
    wake_previous(view, thread, target)
}

/// Wake-up on the previous core (WPC, Zhang et al.): a woken thread returns to its previous core even when another thread
/// took it meanwhile (that thread is then moved by [`evict_occupants`]); a thread without one goes to an idle core,
/// big ones first, else to `fallback`.
pub fn wake_previous(view: &OsView, thread: usize, fallback: usize) -> usize {
    let t = &view.threads[thread];
    if let Some(p) = t.prev_core {
        if view.cores[p].online {
            return p;
        }
    }
    let idle = view.idle_cores();
    if let Some(&c) = idle.iter().find(|&&c| view.cores[c].big) {
        return c;
    }
    if let Some(&c) = idle.first() {
        return c;
    }
    t.prev_core.unwrap_or(fallback)
}

/// The second half of WPC: when a woken thread waits on its previous core behind a thread that took the core meanwhile,
/// that occupant moves to an idle core (big first), or to the least loaded core.
pub fn evict_occupants(view: &OsView) -> Vec<Move> {
    let mut moves = Vec::new();
    let mut taken: Vec<usize> = Vec::new();
    for (c, core) in view.cores.iter().enumerate() {
        let Some(r) = core.running else { continue };
        if !view.threads[r].movable || !core.queued.iter().any(|&q| view.threads[q].prev_core == Some(c)) {
            continue;
        }
        let idle: Vec<usize> = view.idle_cores().into_iter().filter(|d| !taken.contains(d)).collect();
        let dst = idle.iter().copied().find(|&d| view.cores[d].big).or_else(|| idle.first().copied());
        let dst = dst.or_else(|| view.least_loaded((0..view.cores.len()).filter(|&d| d != c)));
        if let Some(d) = dst {
            taken.push(d);
            moves.push(Move { thread: r, to_core: d });
        }
    }
    moves
}

/// `sched`'s balance for `reason` over hand-built parts (the Linaro thresholds, 700 and 512), for scheduler unit tests.
#[cfg(test)]
pub(crate) fn test_balance(sched: &mut dyn OsScheduler, threads: &[ThreadInfo], cores: &[CoreInfo], apps: &[AppInfo], reason: BalanceReason) -> Vec<Move> {
    let mut rng = Rng::new(1);
    let mut view = OsView { now_ns: 1_000_000, threads, cores, apps, up_threshold: 700.0, down_threshold: 512.0, rng: &mut rng };
    sched.balance(&mut view, reason)
}

/// A hand-built view for scheduler unit tests: `big` large cores then `little` small ones, applications with
/// (preference, threads), every thread new.
#[cfg(test)]
pub(crate) fn test_view_parts(big: usize, little: usize, apps: &[(i32, u32)]) -> (Vec<ThreadInfo>, Vec<CoreInfo>, Vec<AppInfo>) {
    let cores = (0..big + little)
        .map(|c| CoreInfo { cluster: usize::from(c >= big), llc: usize::from(c >= big), big: c < big, running: None, queued: vec![], online: true })
        .collect();
    let mut threads = Vec::new();
    for (a, &(_, n)) in apps.iter().enumerate() {
        for local in 0..n {
            threads.push(ThreadInfo { app: a, local, state: ThreadState::New, core: None, prev_core: None, util: 1024.0, load: 1024.0, movable: true });
        }
    }
    let infos = apps.iter().map(|&(preference, threads)| AppInfo { preference, threads, done: false }).collect();
    (threads, cores, infos)
}
