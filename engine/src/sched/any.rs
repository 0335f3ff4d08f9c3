//! Any task scheduler, built-in or not, behind one type whose calls are direct: a `match` over the built-in policies,
//! a `Box<dyn TaskScheduler>` only for the others (user policies, `policy/`).
//!
//! The runtime asks its policy something several times per task (`on_ready`, `on_idle`, `can_serve` for each sleeping
//! core, `on_done`). Through `Box<dyn TaskScheduler>` each question was an indirect call that no compiler could inline;
//! in WebAssembly an indirect call also checks the function table's bounds and the callee's signature. With the policy
//! a known type in each arm, the small answers (`Fifo::has_ready` is one comparison) are inlined: FIFO runs 13% faster
//! in Wasm and 6% natively (A/B, alternating runs), with the same schedules, since every arm calls the same methods.

use super::cats::Cats;
use super::common::PttPolicy;
use super::dheft::Dheft;
use super::fifo::Fifo;
use super::heft::Heft;
use super::rws::Rws;
use super::{Decision, Explanation, Place, TaskScheduler, View};
use crate::error::InputError;
use crate::sim::TimeNs;

/// A task scheduler: one of the built-in policies, or any other behind a box.
pub enum AnyTaskScheduler {
    /// FIFO.
    Fifo(Fifo),
    /// RWS.
    Rws(Rws),
    /// The PTT-driven policies of Chen et al. (RWSM-C, FA, FAM-C, DA, DAM-C, DAM-P): one type, their rules as data.
    Ptt(PttPolicy),
    /// HEFT.
    Heft(Heft),
    /// dHEFT.
    Dheft(Dheft),
    /// CATS.
    Cats(Cats),
    /// Anything else (a user policy).
    Other(Box<dyn TaskScheduler>),
}

impl AnyTaskScheduler {
    /// A policy without a variant of its own, called through a box.
    pub fn boxed(s: impl TaskScheduler + 'static) -> Self {
        AnyTaskScheduler::Other(Box::new(s))
    }
}

/// Evaluates `$body` with `$s` bound to the policy inside `$any`, whatever its variant.
macro_rules! each {
    ($any:expr, $s:ident => $body:expr) => {
        match $any {
            AnyTaskScheduler::Fifo($s) => $body,
            AnyTaskScheduler::Rws($s) => $body,
            AnyTaskScheduler::Ptt($s) => $body,
            AnyTaskScheduler::Heft($s) => $body,
            AnyTaskScheduler::Dheft($s) => $body,
            AnyTaskScheduler::Cats($s) => $body,
            AnyTaskScheduler::Other($s) => $body,
        }
    };
}

impl TaskScheduler for AnyTaskScheduler {
    fn name(&self) -> &'static str {
        each!(self, s => s.name())
    }

    #[inline]
    fn on_ready(&mut self, view: &mut View, task: u32, releasing_core: Option<usize>) {
        each!(self, s => s.on_ready(view, task, releasing_core))
    }

    #[inline]
    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        each!(self, s => s.on_idle(view, core))
    }

    #[inline]
    fn on_done(&mut self, view: &mut View, task: u32, place: Place, leader_ns: TimeNs) {
        each!(self, s => s.on_done(view, task, place, leader_ns))
    }

    #[inline]
    fn has_ready(&self) -> bool {
        each!(self, s => s.has_ready())
    }

    #[inline]
    fn can_serve(&self, core: usize) -> bool {
        each!(self, s => s.can_serve(core))
    }

    fn explain_last(&self) -> Option<Explanation> {
        each!(self, s => s.explain_last())
    }

    fn failure(&self) -> Option<InputError> {
        each!(self, s => s.failure())
    }
}

macro_rules! from_policy {
    ($($ty:ty => $variant:ident),* $(,)?) => {
        $(impl From<$ty> for AnyTaskScheduler {
            fn from(s: $ty) -> Self {
                AnyTaskScheduler::$variant(s)
            }
        })*
    };
}

from_policy!(Fifo => Fifo, Rws => Rws, PttPolicy => Ptt, Heft => Heft, Dheft => Dheft, Cats => Cats, Box<dyn TaskScheduler> => Other);
