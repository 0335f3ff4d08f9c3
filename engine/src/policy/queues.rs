//! Ready queues a policy can keep its tasks in: `queue()` (one FIFO) and `deques()` (one deque per core, with RWS's random
//! steal). They live in the engine, not in script arrays, so they are fast, and all of a policy's queues together hold at most
//! [`Limits::queued_tasks`](super::Limits) tasks. Copies share their contents, like objects in JavaScript.

use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::rc::Rc;

use rhai::{Dynamic, Engine, EvalAltResult, INT};

use super::host::{with_view, Shared};
use super::sandbox::host_error;

type Res<T> = Result<T, Box<EvalAltResult>>;

/// How many more tasks a policy's queues may hold.
#[derive(Clone)]
pub struct Budget {
    left: Rc<Cell<usize>>,
    cap: usize,
}

impl Budget {
    /// A budget of `cap` tasks.
    pub fn new(cap: usize) -> Self {
        Budget { left: Rc::new(Cell::new(cap)), cap }
    }

    fn take(&self) -> Res<()> {
        match self.left.get() {
            0 => Err(host_error(format!("the policy's queues hold {} tasks, the most they may", self.cap))),
            n => {
                self.left.set(n - 1);
                Ok(())
            }
        }
    }

    fn give(&self, n: usize) {
        self.left.set((self.left.get() + n).min(self.cap));
    }
}

fn task_id(task: INT) -> Res<u32> {
    u32::try_from(task).map_err(|_| host_error(format!("{task} is not a task id")))
}

fn some(task: Option<u32>) -> Dynamic {
    task.map_or(Dynamic::UNIT, |t| Dynamic::from(t as INT))
}

struct QueueData {
    items: RefCell<VecDeque<u32>>,
    budget: Budget,
}

impl Drop for QueueData {
    fn drop(&mut self) {
        self.budget.give(self.items.borrow().len());
    }
}

/// One FIFO queue of task ids: `push(task)`, `shift()` (oldest), `pop()` (newest), `len()`, `is_empty()`, `remove(task)`.
#[derive(Clone)]
pub struct Queue(Rc<QueueData>);

impl Queue {
    fn push(&self, task: INT) -> Res<()> {
        let t = task_id(task)?;
        self.0.budget.take()?;
        self.0.items.borrow_mut().push_back(t);
        Ok(())
    }

    fn take(&self, newest: bool) -> Dynamic {
        let mut items = self.0.items.borrow_mut();
        let t = if newest { items.pop_back() } else { items.pop_front() };
        if t.is_some() {
            self.0.budget.give(1);
        }
        some(t)
    }

    fn remove(&self, task: INT) -> bool {
        let mut items = self.0.items.borrow_mut();
        let Some(i) = items.iter().position(|&t| t as INT == task) else { return false };
        items.remove(i);
        self.0.budget.give(1);
        true
    }
}

struct DequesData {
    queues: RefCell<Vec<VecDeque<u32>>>,
    queued: Cell<usize>,
    next_initial: Cell<usize>,
    budget: Budget,
}

impl Drop for DequesData {
    fn drop(&mut self) {
        self.budget.give(self.queued.get());
    }
}

/// One deque per core: `push(core, task)` (core < 0: round robin, as RWS places initial tasks), `pop(core)` (newest),
/// `shift(core)` (oldest), `steal(core)` (the oldest task of a random other core, or `()`), `len()`, `len(core)`, `is_empty()`.
#[derive(Clone)]
pub struct Deques(Rc<DequesData>);

impl Deques {
    fn n(&self) -> usize {
        self.0.queues.borrow().len()
    }

    fn core(&self, core: INT) -> Res<usize> {
        let n = self.n();
        if core >= 0 && (core as u64) < n as u64 {
            Ok(core as usize)
        } else {
            Err(host_error(format!("core {core} does not exist (deques are 0 to {})", n.saturating_sub(1))))
        }
    }

    fn push(&self, core: INT, task: INT) -> Res<()> {
        let t = task_id(task)?;
        let core = if core < 0 {
            let c = self.0.next_initial.get();
            self.0.next_initial.set(c + 1);
            c % self.n()
        } else {
            self.core(core)?
        };
        self.0.budget.take()?;
        self.0.queues.borrow_mut()[core].push_back(t);
        self.0.queued.set(self.0.queued.get() + 1);
        Ok(())
    }

    fn take(&self, core: usize, newest: bool) -> Dynamic {
        let t = {
            let mut queues = self.0.queues.borrow_mut();
            if newest {
                queues[core].pop_back()
            } else {
                queues[core].pop_front()
            }
        };
        if t.is_some() {
            self.0.queued.set(self.0.queued.get() - 1);
            self.0.budget.give(1);
        }
        some(t)
    }

    fn len_of(&self, core: INT) -> Res<INT> {
        let core = self.core(core)?;
        Ok(self.0.queues.borrow()[core].len() as INT)
    }
}

/// Registers `queue()`, `deques()` and their methods.
pub fn register(engine: &mut Engine, ctx: &Shared, budget: &Budget) {
    engine.register_type_with_name::<Queue>("Queue").register_type_with_name::<Deques>("Deques");
    let b = budget.clone();
    engine.register_fn("queue", move || Queue(Rc::new(QueueData { items: RefCell::new(VecDeque::new()), budget: b.clone() })));
    engine
        .register_fn("push", |q: &mut Queue, task: INT| q.push(task))
        .register_fn("shift", |q: &mut Queue| q.take(false))
        .register_fn("pop", |q: &mut Queue| q.take(true))
        .register_fn("remove", |q: &mut Queue, task: INT| q.remove(task))
        .register_fn("len", |q: &mut Queue| q.0.items.borrow().len() as INT)
        .register_fn("is_empty", |q: &mut Queue| q.0.items.borrow().is_empty());
    let (b, c) = (budget.clone(), ctx.clone());
    engine.register_fn("deques", move || {
        let n = c.borrow().n_cores.max(1);
        let data = DequesData { queues: RefCell::new(vec![VecDeque::new(); n]), queued: Cell::new(0), next_initial: Cell::new(0), budget: b.clone() };
        Deques(Rc::new(data))
    });
    let c = ctx.clone();
    engine
        .register_fn("push", |d: &mut Deques, core: INT, task: INT| d.push(core, task))
        .register_fn("pop", |d: &mut Deques, core: INT| d.core(core).map(|c| d.take(c, true)))
        .register_fn("shift", |d: &mut Deques, core: INT| d.core(core).map(|c| d.take(c, false)))
        .register_fn("len", |d: &mut Deques| d.0.queued.get() as INT)
        .register_fn("len", |d: &mut Deques, core: INT| d.len_of(core))
        .register_fn("is_empty", |d: &mut Deques| d.0.queued.get() == 0)
        .register_fn("steal", move |d: &mut Deques, core: INT| -> Res<Dynamic> {
            // Exactly RWS's steal (sched/rws.rs): a victim drawn among the other cores, its oldest task.
            let n = d.n();
            let core = d.core(core)?;
            if n < 2 {
                return Ok(Dynamic::UNIT);
            }
            let mut victim = with_view(&c, |v, _| Ok(v.rng.below(n as u64 - 1) as usize))?;
            if victim >= core {
                victim += 1;
            }
            Ok(d.take(victim, false))
        });
}
