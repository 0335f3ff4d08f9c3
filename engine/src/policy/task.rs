//! [`ScriptScheduler`]: a compiled policy behind the [`TaskScheduler`] trait. It calls the script's hooks with the policy's
//! state bound to `this`, validates what `on_idle` returns, and on the first error stops deciding and keeps the error for
//! the runtime to report ([`TaskScheduler::failure`]).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use rhai::{CallFnOptions, Dynamic, Engine, FuncArgs, Map, Position, Scope, AST, INT};

use super::host::{self, place_map, Ctx, Shared};
use super::queues::{self, Budget};
use super::sandbox::{self, Limits};
use super::{decision, CustomScheduler};
use crate::error::{InputError, InputResult};
use crate::sched::common::SchedOptions;
use crate::sched::{Candidate, Costs, Decision, Explanation, Place, TaskScheduler, View};
use crate::sim::{Rng, TimeNs};

/// A user policy, ready to run.
pub struct ScriptScheduler {
    name: String,
    path: String,
    limits: Limits,
    engine: Engine,
    ast: AST,
    /// The policy's own state, `this` in every hook.
    state: Dynamic,
    ctx: Shared,
    /// Operations used by earlier calls of this run.
    ops_before: Rc<Cell<u64>>,
    /// Operations of the current call so far.
    ops_now: Rc<Cell<u64>>,
    /// The position the policy was last evaluating (for the limits' errors).
    position: Rc<Cell<Position>>,
    started: bool,
    has_init: bool,
    has_on_done: bool,
    /// Tasks handed to `on_ready` and not run yet.
    ready: Vec<bool>,
    /// The first error; once set, the policy decides nothing more.
    failure: Option<InputError>,
    /// The place and reason of the last `run`, for the step-through.
    last: Option<(Place, String)>,
}

impl ScriptScheduler {
    /// Compiles `def` (errors at `path`) into a scheduler for a run with `options`.
    pub fn new(def: &CustomScheduler, path: &str, options: &SchedOptions, limits: Limits) -> InputResult<Self> {
        let mut engine = sandbox::engine(&limits);
        let costs = Costs { steal_ns: 0, ptt_search_ns: 0, dispatch_ns: 0 };
        let ctx: Shared = Rc::new(RefCell::new(Ctx { now_ns: 0, n_cores: options.n_cores, costs, rng: Rng::new(0), snap: None }));
        host::register(&mut engine, &ctx);
        queues::register(&mut engine, &ctx, &Budget::new(limits.queued_tasks));
        decision::register(&mut engine);
        let ast = sandbox::compile_with(&engine, def, path)?;
        let position = sandbox::track_position(&mut engine);
        let (ops_before, ops_now) = (Rc::new(Cell::new(0u64)), Rc::new(Cell::new(0u64)));
        let (before, now, budget) = (ops_before.clone(), ops_now.clone(), limits.ops_per_run);
        engine.on_progress(move |ops| {
            now.set(ops);
            (before.get().saturating_add(ops) > budget)
                .then(|| Dynamic::from(format!("the run used more than {budget} operations of the policy and was stopped")))
        });
        let has = |name: &str| ast.iter_functions().any(|f| f.name == name);
        let (has_init, has_on_done) = (has("init"), has("on_done"));
        Ok(ScriptScheduler {
            name: def.name.clone(),
            path: path.to_string(),
            limits,
            engine,
            ast,
            state: Dynamic::from_map(Map::new()),
            ctx,
            ops_before,
            ops_now,
            position,
            started: false,
            has_init,
            has_on_done,
            ready: Vec::new(),
            failure: None,
            last: None,
        })
    }

    /// Calls `hook(args)` with `this` bound to the state; None after an error (kept in `failure`).
    fn call(&mut self, view: &mut View, hook: &str, args: impl FuncArgs) -> Option<Dynamic> {
        if self.failure.is_some() {
            return None;
        }
        self.ctx.borrow_mut().load(view);
        if !self.started {
            self.started = true;
            if self.has_init && self.invoke("init", ()).is_none() {
                self.ctx.borrow_mut().unload(view);
                return None;
            }
        }
        let out = self.invoke(hook, args);
        self.ctx.borrow_mut().unload(view);
        out
    }

    fn invoke(&mut self, hook: &str, args: impl FuncArgs) -> Option<Dynamic> {
        self.ops_now.set(0);
        self.position.set(Position::NONE);
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true).bind_this_ptr(&mut self.state);
        let result = self.engine.call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &self.ast, hook, args);
        self.ops_before.set(self.ops_before.get().saturating_add(self.ops_now.get()));
        match result {
            Ok(value) => Some(value),
            Err(e) => {
                self.failure = Some(sandbox::eval_error(&self.name, &self.path, hook, &e, &self.limits, self.position.get()));
                None
            }
        }
    }

    fn fail(&mut self, line: Option<usize>, message: String) {
        let at = line.map_or(String::new(), |l| format!(", line {l}"));
        self.failure = Some(InputError::new(self.path.clone(), format!("policy '{}'{at}: {message}", self.name)));
    }
}

impl TaskScheduler for ScriptScheduler {
    fn name(&self) -> &'static str {
        "custom"
    }

    fn on_ready(&mut self, view: &mut View, task: u32, releasing_core: Option<usize>) {
        if self.ready.len() != view.graph.len() {
            self.ready = vec![false; view.graph.len()];
        }
        if let Some(slot) = self.ready.get_mut(task as usize) {
            *slot = true;
        }
        let core = releasing_core.map_or(-1, |c| c as INT);
        self.call(view, "on_ready", (task as INT, core));
    }

    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        let Some(value) = self.call(view, "on_idle", (core as INT,)) else { return Decision::Sleep };
        match decision::validate(value, core, view.places, &mut self.ready, view.costs.dispatch_ns) {
            Ok((decision, reason)) => {
                if let Decision::Run { place, .. } = decision {
                    self.last = reason.map(|r| (place, r));
                }
                decision
            }
            Err(invalid) => {
                self.fail(invalid.line, invalid.message);
                Decision::Sleep
            }
        }
    }

    fn on_done(&mut self, view: &mut View, task: u32, place: Place, leader_ns: TimeNs) {
        if self.has_on_done {
            let place = place_map(place, view.places);
            self.call(view, "on_done", (task as INT, place, leader_ns.min(INT::MAX as u64) as INT));
        }
    }

    fn has_ready(&self) -> bool {
        self.failure.is_none()
    }

    fn explain_last(&self) -> Option<Explanation> {
        let (place, reason) = self.last.clone()?;
        Some(Explanation::plain(vec![Candidate::place(place, true)], reason))
    }

    fn failure(&self) -> Option<InputError> {
        self.failure.clone()
    }
}
