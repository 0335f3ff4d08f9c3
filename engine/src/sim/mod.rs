//! Domain-free discrete-event kernel: integer nanosecond time, an event queue ordered by (time, sequence), a seeded generator and stepping.
//!
//! Nothing here knows about cores, clusters or tasks: a [`Model`] gives the events their meaning.
//! Stale events are the model's business: it stores a generation counter next to whatever an event refers to
//! and ignores an event whose generation no longer matches, instead of searching the queue for it.

pub mod meter;
mod queue;
mod rng;

pub use meter::{Meter, Progress, Stop};
pub use queue::EventQueue;
pub use rng::Rng;

/// Simulated time in integer nanoseconds since the start of the run.
pub type TimeNs = u64;

/// What the kernel hands to a model while it handles an event: the clock, the queue and the generator.
pub struct Kernel<E> {
    now_ns: TimeNs,
    queue: EventQueue<E>,
    /// The run's only source of randomness, seeded from the scenario.
    pub rng: Rng,
    events_handled: u64,
}

impl<E> Kernel<E> {
    /// A kernel at time 0 with an empty queue and a generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Kernel { now_ns: 0, queue: EventQueue::new(), rng: Rng::new(seed), events_handled: 0 }
    }

    /// The current simulated time.
    pub fn now_ns(&self) -> TimeNs {
        self.now_ns
    }

    /// Schedules `event` at absolute time `t_ns` (never before now).
    pub fn schedule_at(&mut self, t_ns: TimeNs, event: E) {
        self.queue.push(t_ns.max(self.now_ns), event);
    }

    /// Schedules `event` `delay_ns` after now.
    pub fn schedule_in(&mut self, delay_ns: TimeNs, event: E) {
        self.queue.push(self.now_ns.saturating_add(delay_ns), event);
    }

    /// How many events have been handled so far.
    pub fn events_handled(&self) -> u64 {
        self.events_handled
    }

    /// The time of the next pending event, if any.
    pub fn next_time_ns(&self) -> Option<TimeNs> {
        self.queue.peek_time()
    }
}

/// A simulated system: it reacts to its own events and says when it is finished.
pub trait Model {
    /// The model's event type.
    type Event;
    /// Handles one event at `kernel.now_ns()`.
    fn handle(&mut self, kernel: &mut Kernel<Self::Event>, event: Self::Event);
    /// True when the model has nothing left to do, even if events (a periodic DVFS wave) are still queued.
    fn is_finished(&self) -> bool;
}

/// Why stepping stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepOutcome {
    /// One event was handled; the simulation can go on.
    Handled,
    /// The model is finished; further steps do nothing.
    Finished,
    /// The queue is empty but the model is not finished: it is stuck and cannot resume.
    Stalled,
}

/// A model driven by a kernel: `step`, `step_until` and `run_to_end`.
pub struct Simulation<M: Model> {
    /// The kernel (clock, queue, generator).
    pub kernel: Kernel<M::Event>,
    /// The simulated system.
    pub model: M,
}

impl<M: Model> Simulation<M> {
    /// Wraps a model with a kernel seeded with `seed`.
    pub fn new(model: M, seed: u64) -> Self {
        Simulation { kernel: Kernel::new(seed), model }
    }

    /// Handles the next event.
    pub fn step(&mut self) -> StepOutcome {
        if self.model.is_finished() {
            return StepOutcome::Finished;
        }
        let Some((t_ns, event)) = self.kernel.queue.pop() else {
            return StepOutcome::Stalled;
        };
        self.kernel.now_ns = t_ns;
        self.kernel.events_handled += 1;
        self.model.handle(&mut self.kernel, event);
        StepOutcome::Handled
    }

    /// Handles every event at or before `t_ns`.
    pub fn step_until(&mut self, t_ns: TimeNs) -> StepOutcome {
        loop {
            if self.model.is_finished() {
                return StepOutcome::Finished;
            }
            match self.kernel.next_time_ns() {
                Some(next) if next <= t_ns => {
                    self.step();
                }
                Some(_) => return StepOutcome::Handled,
                None => return StepOutcome::Stalled,
            }
        }
    }

    /// Runs until the model is finished or stuck.
    pub fn run_to_end(&mut self) -> StepOutcome {
        loop {
            match self.step() {
                StepOutcome::Handled => continue,
                other => return other,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Recorder {
        seen: Vec<(TimeNs, u32)>,
        until: usize,
    }

    impl Model for Recorder {
        type Event = u32;
        fn handle(&mut self, kernel: &mut Kernel<u32>, event: u32) {
            self.seen.push((kernel.now_ns(), event));
            if event == 1 {
                kernel.schedule_in(5, 9);
            }
        }
        fn is_finished(&self) -> bool {
            self.seen.len() >= self.until
        }
    }

    #[test]
    fn events_run_in_time_then_sequence_order() {
        let mut sim = Simulation::new(Recorder { seen: vec![], until: 10 }, 1);
        sim.kernel.schedule_at(10, 2);
        sim.kernel.schedule_at(10, 3);
        sim.kernel.schedule_at(0, 1);
        assert_eq!(sim.run_to_end(), StepOutcome::Stalled);
        assert_eq!(sim.model.seen, vec![(0, 1), (5, 9), (10, 2), (10, 3)]);
    }

    #[test]
    fn step_until_stops_at_the_boundary_and_finished_stops_early() {
        let mut sim = Simulation::new(Recorder { seen: vec![], until: 2 }, 1);
        sim.kernel.schedule_at(0, 1);
        sim.kernel.schedule_at(100, 4);
        assert_eq!(sim.step_until(3), StepOutcome::Handled);
        assert_eq!(sim.model.seen.len(), 1);
        assert_eq!(sim.run_to_end(), StepOutcome::Finished);
        assert_eq!(sim.kernel.events_handled(), 2);
    }
}
