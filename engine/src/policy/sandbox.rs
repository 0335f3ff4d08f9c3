//! The sandbox: a Rhai engine with nothing but the language (no I/O, clock, modules or `eval`), size limits, an operation
//! budget, and errors that name the policy and the line.

use std::cell::Cell;
use std::rc::Rc;

use rhai::packages::{
    ArithmeticPackage, BasicArrayPackage, BasicIteratorPackage, BasicMapPackage, BasicMathPackage, BasicStringPackage, LanguageCorePackage, LogicPackage, Package,
};
use rhai::debugger::{DebuggerCommand, DebuggerEvent};
use rhai::{Engine, EvalAltResult, ParseError, Position, AST};

use super::CustomScheduler;
use crate::error::{InputError, InputResult};

/// What one policy may use. The defaults keep a policy's memory within about 100 MB in the worst case (variables × the
/// largest value each may hold) and a run's time within seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Operations in one call of a hook (an endless loop stops here).
    pub ops_per_call: u64,
    /// Operations over a whole run.
    pub ops_per_run: u64,
    /// Items in one array, nested arrays included.
    pub array_items: usize,
    /// Entries in one object map, nested maps included.
    pub map_entries: usize,
    /// Bytes in one string (and in the strings of one array or map together).
    pub string_bytes: usize,
    /// Variables alive at once, over every call level.
    pub variables: usize,
    /// Nested function calls.
    pub call_levels: usize,
    /// Tasks held by all of a policy's `queue()` and `deques()` together.
    pub queued_tasks: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            ops_per_call: 1_000_000,
            ops_per_run: 50_000_000,
            array_items: 50_000,
            map_entries: 10_000,
            string_bytes: 16 * 1024,
            variables: 64,
            call_levels: 16,
            queued_tasks: 1 << 20,
        }
    }
}

/// An engine with the language's core library (operators, strings, ranges, arrays, maps, maths through `libm`; no blobs,
/// bit fields or extra string functions, to keep the Wasm module small), the limits, and `print`/`debug` silenced.
pub fn engine(limits: &Limits) -> Engine {
    let mut engine = Engine::new_raw();
    for module in [
        LanguageCorePackage::new().as_shared_module(),
        ArithmeticPackage::new().as_shared_module(),
        LogicPackage::new().as_shared_module(),
        BasicStringPackage::new().as_shared_module(),
        BasicIteratorPackage::new().as_shared_module(),
        BasicArrayPackage::new().as_shared_module(),
        BasicMapPackage::new().as_shared_module(),
        BasicMathPackage::new().as_shared_module(),
    ] {
        engine.register_global_module(module);
    }
    engine
        .set_max_operations(limits.ops_per_call)
        .set_max_array_size(limits.array_items)
        .set_max_map_size(limits.map_entries)
        .set_max_string_size(limits.string_bytes)
        .set_max_variables(limits.variables)
        .set_max_call_levels(limits.call_levels)
        .set_max_functions(256)
        .set_max_expr_depths(64, 32)
        .set_strict_variables(true)
        .set_fail_on_invalid_map_property(true);
    engine.disable_symbol("eval");
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    engine
}

/// Follows the position of every statement and expression the policy evaluates, for the errors that Rhai positions at the
/// call rather than where they arose (the limits: operations, sizes, call depth, variables). Rhai's debugger interface,
/// stepping into everything, is the one place that sees each node's position; the cell holds the last one.
pub fn track_position(engine: &mut Engine) -> Rc<Cell<Position>> {
    let last = Rc::new(Cell::new(Position::NONE));
    let cell = last.clone();
    #[allow(deprecated)] // "volatile", not deprecated (Rhai's words)
    engine.register_debugger(
        |_, debugger| debugger,
        move |_, event, _, _, pos| {
            if matches!(event, DebuggerEvent::Step) && !pos.is_none() {
                cell.set(pos);
            }
            Ok(DebuggerCommand::StepInto)
        },
    );
    last
}

/// The hooks a policy defines: `(name, parameters, required)`.
pub const HOOKS: &[(&str, &[&str], bool)] = &[
    ("init", &[], false),
    ("on_ready", &["task", "core"], true),
    ("on_idle", &["core"], true),
    ("on_done", &["task", "place", "leader_ns"], false),
];

/// Compiles `def`'s source and checks its hooks; errors name the field at `path`, the policy and the line.
pub fn compile(def: &CustomScheduler, path: &str) -> InputResult<AST> {
    compile_with(&engine(&Limits::default()), def, path)
}

/// [`compile`] with a given engine.
pub fn compile_with(engine: &Engine, def: &CustomScheduler, path: &str) -> InputResult<AST> {
    if def.source.len() > super::MAX_SOURCE_BYTES {
        return Err(InputError::new(path, format!("policy '{}' is {} bytes long; at most {} are accepted", def.name, def.source.len(), super::MAX_SOURCE_BYTES)));
    }
    let ast = engine.compile(&def.source).map_err(|e| parse_error(&def.name, path, &e))?;
    for &(hook, params, required) in HOOKS {
        let found: Vec<usize> = ast.iter_functions().filter(|f| f.name == hook).map(|f| f.params.len()).collect();
        if found.is_empty() && required {
            return Err(InputError::new(path, format!("policy '{}': define fn {hook}({}) (see the templates)", def.name, params.join(", "))));
        }
        if !found.is_empty() && !found.contains(&params.len()) {
            let line = line_of_fn(&def.source, hook);
            return Err(InputError::new(path, format!("{}fn {hook} takes {} parameter(s): {hook}({})", at(&def.name, line), params.len(), params.join(", "))));
        }
    }
    Ok(ast)
}

/// `policy 'NAME', line L: ` or `policy 'NAME': `.
fn at(name: &str, line: Option<usize>) -> String {
    match line {
        Some(l) => format!("policy '{name}', line {l}: "),
        None => format!("policy '{name}': "),
    }
}

/// The line of `fn NAME(` in `source`.
fn line_of_fn(source: &str, name: &str) -> Option<usize> {
    source.lines().position(|l| l.trim_start().strip_prefix("fn").is_some_and(|r| r.trim_start().starts_with(name))).map(|i| i + 1)
}

fn parse_error(name: &str, path: &str, e: &ParseError) -> InputError {
    InputError::new(path, format!("{}syntax error: {}", at(name, e.position().line()), e.err_type()))
}

/// An error a hook raised, in words: the innermost error's line (for a limit, which Rhai positions at the hook's call, the
/// line `last` was evaluating), and for the limits which limit it hit.
pub fn eval_error(name: &str, path: &str, hook: &str, err: &EvalAltResult, limits: &Limits, last: Position) -> InputError {
    let inner = err.unwrap_inner();
    let line = if inner.is_system_exception() { last.line() } else { None };
    let line = line.or_else(|| inner.position().line()).or_else(|| err.position().line());
    let what = match inner {
        EvalAltResult::ErrorTooManyOperations(_) => format!(
            "{hook} used more than {} operations in one call and was stopped (an endless loop?)",
            limits.ops_per_call
        ),
        EvalAltResult::ErrorTerminated(token, _) => token.to_string(),
        EvalAltResult::ErrorDataTooLarge(what, _) => format!(
            "{what} too large in {hook} (limits: {} array items, {} map entries, {} bytes of strings per value)",
            limits.array_items, limits.map_entries, limits.string_bytes
        ),
        EvalAltResult::ErrorStackOverflow(_) => format!("calls nested too deep in {hook} (at most {} levels)", limits.call_levels),
        EvalAltResult::ErrorTooManyVariables(_) => format!("too many variables alive at once in {hook} (at most {})", limits.variables),
        EvalAltResult::ErrorRuntime(message, _) => format!("{message} (in {hook})"),
        other => {
            let text = other.to_string();
            let plain = match text.rfind(" (line ") {
                Some(i) if text.ends_with(')') => &text[..i],
                _ => &text,
            };
            format!("{plain} (in {hook})")
        }
    };
    InputError::new(path, format!("{}{what}", at(name, line)))
}

/// An error raised by the host (a bad argument, an invalid decision), positioned at the call.
pub fn host_error(message: impl Into<String>) -> Box<EvalAltResult> {
    Box::new(EvalAltResult::ErrorRuntime(message.into().into(), Position::NONE))
}

