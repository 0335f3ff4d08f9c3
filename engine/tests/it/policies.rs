//! User policies (`policy/`): the examples reproduce the built-in schedulers exactly on every task preset and on random
//! scenarios; user policies keep the runtime's invariants; errors name the policy and the line; limits stop hostile
//! policies; runs are deterministic.

use engine::model::Level;
use engine::policy::examples::{example, EXAMPLES};
use engine::policy::CustomScheduler;
use engine::run::Run as SchedulerRun;
use engine::scenario::Scenario;
use engine::InputError;

use crate::gen::random_scenario;
use crate::invariants::{check_exclusive_cores, check_lower_bounds, check_tasks_once_after_deps};

/// A policy that uses everything nondeterministic-looking a policy can: the run's generator, places around the core, the
/// PTT through `on_done`, priorities, two queues.
const RANDOM_MOLDABLE: &str = r#"
fn init() {
    this.urgent = queue();
    this.others = queue();
    this.done = 0;
}
fn on_ready(task, core) {
    if priority(task) > 0 { this.urgent.push(task); } else { this.others.push(task); }
}
fn on_idle(core) {
    let task = this.urgent.shift();
    if task == () {
        task = if rand(2) == 0 { this.others.shift() } else { this.others.pop() };
    }
    if task == () { return sleep(); }
    let around = places_of(core);
    let place = around[rand(around.len())];
    for c in place.leader..place.leader + place.width {
        if offline(c) { place = single(core); break; }
    }
    run(task, place).because(`random width ${place.width}; ${this.done} done so far`)
}
fn on_done(task, place, leader_ns) {
    this.done += 1;
    let predicted = ptt(task_type(task), place);
    if predicted < 0.0 { throw "a PTT entry is never negative"; }
}
"#;

fn custom(name: &str, source: &str) -> CustomScheduler {
    CustomScheduler { name: name.into(), level: "tasks".into(), source: source.into() }
}

/// `scenario` running `schedulers`, with `customs` defined (and no exercise, whose baseline may not be listed); checked by a
/// JSON round trip as a user's file would be.
fn with(mut scenario: Scenario, schedulers: &[&str], customs: Vec<CustomScheduler>) -> Scenario {
    scenario.schedulers = schedulers.iter().map(|s| s.to_string()).collect();
    scenario.custom_schedulers = customs;
    scenario.exercise = None;
    Scenario::from_json(&scenario.to_json()).unwrap_or_else(|e| panic!("{}: {e}", scenario.name))
}

fn assert_same_schedule(a: &SchedulerRun, b: &SchedulerRun, ctx: &str) {
    assert_eq!(a.metrics, b.metrics, "{ctx}: metrics differ");
    let (x, y) = (&a.record, &b.record);
    assert_eq!(x.len(), y.len(), "{ctx}: segment counts differ");
    assert_eq!(x.lane, y.lane, "{ctx}: lanes differ");
    assert_eq!(x.item, y.item, "{ctx}: tasks differ");
    assert_eq!(x.leader, y.leader, "{ctx}: places differ");
    assert_eq!(x.width, y.width, "{ctx}: widths differ");
    assert_eq!(x.kind, y.kind, "{ctx}: kinds differ");
    assert_eq!(x.start_ns, y.start_ns, "{ctx}: starts differ");
    assert_eq!(x.end_ns, y.end_ns, "{ctx}: ends differ");
}

/// Runs built-in `name` and its example side by side on `scenario` and checks that the schedules are identical.
fn check_example(scenario: &Scenario, name: &str, ctx: &str) -> u64 {
    let def = example(name).expect("example");
    let mine = def.name.clone();
    let s = with(scenario.clone(), &[name, &mine], vec![def]);
    let result = engine::run::run(&s).unwrap_or_else(|e| panic!("{ctx}, {name}: {e}"));
    assert_same_schedule(&result.runs[0], &result.runs[1], &format!("{ctx}, {name} vs {mine}"));
    result.runs[0].metrics.makespan_ns
}

#[test]
fn the_examples_reproduce_the_builtins_on_every_task_preset() {
    let mut checked = 0;
    for preset in engine::catalogue::presets() {
        let scenario = engine::catalogue::scenario(&preset.name).expect("preset");
        if scenario.workload.level() != Level::Tasks {
            continue;
        }
        for (name, _) in EXAMPLES {
            let makespan = check_example(&scenario, name, &preset.name);
            assert!(makespan > 0, "{}: empty run", preset.name);
            checked += 1;
        }
    }
    assert!(checked >= 3 * 10, "only {checked} preset × example pairs: are the task presets still there?");
}

#[test]
fn the_examples_reproduce_the_builtins_on_random_scenarios() {
    for seed in 0..60 {
        let scenario = random_scenario(seed);
        for (name, _) in EXAMPLES {
            check_example(&scenario, name, &format!("seed {seed}"));
        }
    }
}

#[test]
fn user_policies_keep_the_invariants_over_random_scenarios() {
    for seed in 100..220 {
        let rws = example("rws").expect("rws");
        let s = with(random_scenario(seed), &["my-rws", "random-moldable"], vec![rws, custom("random-moldable", RANDOM_MOLDABLE)]);
        let result = engine::run::run(&s).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let graph = result.graph.as_ref().expect("task level");
        for run in &result.runs {
            let ctx = format!("seed {seed}, {}", run.scheduler);
            check_exclusive_cores(run, s.platform.n_cores(), &ctx);
            check_tasks_once_after_deps(run, &s, graph, &ctx);
            check_lower_bounds(run, &s, graph, &ctx);
            assert_eq!(run.metrics.tasks as usize, graph.len(), "{ctx}");
        }
    }
}

#[test]
fn a_policy_is_deterministic_and_its_random_numbers_follow_the_seed() {
    let base = engine::catalogue::scenario("tx2-corunner").expect("preset");
    let s = with(base.clone(), &["random-moldable"], vec![custom("random-moldable", RANDOM_MOLDABLE)]);
    let a = engine::run::run(&s).expect("runs");
    let b = engine::run::run(&s).expect("runs");
    assert_same_schedule(&a.runs[0], &b.runs[0], "same seed");
    let mut other = s.clone();
    other.seed += 1;
    let c = engine::run::run(&other).expect("runs");
    assert_ne!(a.runs[0].record.lane, c.runs[0].record.lane, "another seed draws other places");
}

#[test]
fn explanations_reach_the_decision_log() {
    let base = engine::catalogue::scenario("tx2-corunner").expect("preset");
    let s = with(base, &["random-moldable"], vec![custom("random-moldable", RANDOM_MOLDABLE)]);
    let result = engine::run::run(&s).expect("runs");
    let extras = engine::run::tasks::detail(&s, &result, 0).expect("detail");
    let first = extras.decisions.decisions.first().expect("decisions");
    let why = first.explanation.as_ref().expect("explained");
    assert!(why.reason.starts_with("random width"), "{}", why.reason);
}

/// The error of running a tasks preset with one custom policy `source`.
fn error_of(source: &str) -> InputError {
    let base = engine::catalogue::scenario("tx2-corunner").expect("preset");
    let mut s = base;
    s.schedulers = vec!["rws".into(), "mine".into()];
    s.custom_schedulers = vec![custom("mine", source)];
    match Scenario::from_json(&s.to_json()) {
        Err(e) => e,
        Ok(s) => engine::run::run(&s).err().expect("must fail"),
    }
}

fn assert_names(e: &InputError, line: Option<usize>, words: &str) {
    assert_eq!(e.path, "custom_schedulers[0].source", "{e}");
    assert!(e.message.starts_with("policy 'mine'"), "{e}");
    if let Some(l) = line {
        assert!(e.message.contains(&format!("line {l}:")), "expected line {l}: {e}");
    }
    assert!(e.message.contains(words), "expected '{words}': {e}");
}

const FIFO_HEAD: &str = "fn init() { this.q = queue(); }\nfn on_ready(task, core) { this.q.push(task); }\n";

#[test]
fn an_endless_loop_is_stopped_at_its_line() {
    let e = error_of(&format!("{FIFO_HEAD}fn on_idle(core) {{\n  let i = 0;\n  loop {{\n    i += 1;\n  }}\n}}\n"));
    // Rhai positions limit errors at the hook's call; the sandbox follows the line being evaluated and names it.
    assert_names(&e, Some(6), "on_idle used more than 1000000 operations in one call and was stopped");
    let e = error_of("fn on_ready(task, core) {\n  while true {\n    task += 1;\n  }\n}\nfn on_idle(core) { sleep() }\n");
    assert_names(&e, Some(3), "on_ready used more than 1000000 operations");
}

#[test]
fn a_run_that_uses_too_many_operations_overall_is_stopped() {
    // Each call stays under the per-call budget; together they exceed the run's budget.
    let e = error_of(&format!("{FIFO_HEAD}fn on_idle(core) {{\n  for i in 0..300000 {{ }}\n  if this.q.is_empty() {{ return sleep(); }}\n  run(this.q.shift(), core)\n}}\n"));
    assert_names(&e, Some(4), "operations of the policy and was stopped");
}

#[test]
fn a_huge_allocation_is_refused() {
    let e = error_of(&format!("{FIFO_HEAD}fn on_idle(core) {{\n  let a = [];\n  a.pad(1000000000, 0);\n  sleep()\n}}\n"));
    assert_names(&e, Some(5), "too large in on_idle");
    let e = error_of(&format!("{FIFO_HEAD}fn on_idle(core) {{\n  let s = \"x\";\n  loop {{ s += s; }}\n}}\n"));
    assert_names(&e, Some(5), "too large");
    let e = error_of(&format!("{FIFO_HEAD}fn on_idle(core) {{\n  let q = queue();\n  loop {{ q.push(1); }}\n}}\n"));
    assert!(e.message.contains("operations") || e.message.contains("queues hold"), "{e}");
    let e = error_of(&format!("{FIFO_HEAD}fn deep(n) {{ deep(n + 1) }}\nfn on_idle(core) {{ deep(0) }}\n"));
    assert_names(&e, Some(3), "nested too deep");
}

#[test]
fn invalid_decisions_name_the_policy_and_the_line() {
    let cases: &[(&str, Option<usize>, &str)] = &[
        (&format!("{FIFO_HEAD}fn on_idle(core) {{\n  run(999999, core)\n}}\n"), Some(4), "task 999999 does not exist"),
        (&format!("{FIFO_HEAD}fn on_idle(core) {{\n  if this.q.is_empty() {{ return sleep(); }}\n  let t = this.q.shift();\n  this.q.push(t);\n  run(t, core)\n}}\n"), Some(7), "is not ready"),
        (&format!("{FIFO_HEAD}fn on_idle(core) {{\n  if this.q.is_empty() {{ return sleep(); }}\n  run(this.q.shift(), 1, 2)\n}}\n"), Some(5), "not an execution place"),
        (&format!("{FIFO_HEAD}fn on_idle(core) {{\n  42\n}}\n"), None, "returned i64"),
        (&format!("{FIFO_HEAD}fn on_idle(core) {{\n  retry(-5)\n}}\n"), Some(4), "retry's delay must be between"),
        (&format!("{FIFO_HEAD}fn on_idle(core) {{\n  speed(core, 99)\n}}\n"), Some(4), "class 99 is not used"),
    ];
    for (source, line, what) in cases {
        assert_names(&error_of(source), *line, what);
    }
}

#[test]
fn script_errors_name_the_policy_and_the_line() {
    let e = error_of(&format!("{FIFO_HEAD}fn on_idle(core) {{\n  let x = ;\n}}\n"));
    assert_names(&e, Some(4), "syntax error");
    let e = error_of(&format!("{FIFO_HEAD}fn on_idle(core) {{\n  no_such_function(core)\n}}\n"));
    assert_names(&e, Some(4), "no_such_function");
    let e = error_of(&format!("{FIFO_HEAD}fn on_idle(core) {{\n  this.no_such_field.shift()\n}}\n"));
    assert_names(&e, Some(4), "no_such_field");
    let e = error_of("fn on_ready(task, core) { }\n");
    assert_names(&e, None, "define fn on_idle(core)");
    let e = error_of("fn on_ready(task) { }\nfn on_idle(core) { sleep() }\n");
    assert_names(&e, Some(1), "fn on_ready takes 2 parameter(s)");
    let e = error_of(&format!("{FIFO_HEAD}fn on_idle(core) {{\n  eval(\"1\")\n}}\n"));
    assert!(e.message.contains("eval"), "{e}");
}

#[test]
fn definitions_are_checked_with_their_field_paths() {
    let base = engine::catalogue::scenario("tx2-corunner").expect("preset");
    let fifo = example("fifo").expect("fifo");
    let check = |customs: Vec<CustomScheduler>, schedulers: &[&str]| {
        let mut s = base.clone();
        s.schedulers = schedulers.iter().map(|x| x.to_string()).collect();
        s.custom_schedulers = customs;
        Scenario::from_json(&s.to_json()).expect_err("invalid")
    };
    let e = check(vec![CustomScheduler { name: "rws".into(), ..fifo.clone() }], &["rws"]);
    assert_eq!(e.path, "custom_schedulers[0].name", "{e}");
    let e = check(vec![CustomScheduler { name: "a b".into(), ..fifo.clone() }], &["rws"]);
    assert_eq!(e.path, "custom_schedulers[0].name", "{e}");
    let e = check(vec![fifo.clone(), fifo.clone()], &["rws"]);
    assert_eq!(e.path, "custom_schedulers[1].name", "{e}");
    let e = check(vec![CustomScheduler { level: "loops".into(), ..fifo.clone() }], &["rws"]);
    assert_eq!(e.path, "custom_schedulers[0].level", "{e}");
    let e = check(vec![CustomScheduler { source: "x".repeat(20_000), ..fifo.clone() }], &["rws"]);
    assert_eq!(e.path, "custom_schedulers[0].source", "{e}");
    let e = check(vec![fifo.clone()], &["my-fifo[k=1]"]);
    assert_eq!(e.path, "schedulers[0]", "{e}");
    let e = check(vec![fifo.clone()], &["my-fif"]);
    assert!(e.message.contains("custom: my-fifo"), "{e}");
    // A loop-level scenario cannot list a task policy.
    let mut loops = engine::catalogue::scenario("aid-explained").expect("preset");
    loops.schedulers = vec!["my-fifo".into()];
    loops.custom_schedulers = vec![fifo];
    let e = Scenario::from_json(&loops.to_json()).expect_err("invalid");
    assert!(e.message.contains("custom task scheduler"), "{e}");
}

#[test]
fn a_failing_policy_leaves_the_engine_usable() {
    let _ = error_of(&format!("{FIFO_HEAD}fn on_idle(core) {{ loop {{ }} }}\n"));
    let s = engine::catalogue::scenario("tx2-corunner").expect("preset");
    let result = engine::run::run(&s).expect("the engine still runs");
    assert_eq!(result.runs.len(), s.schedulers.len());
}
