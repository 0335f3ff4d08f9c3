//! Structure-aware generators for the fuzz harness (`fuzz.rs`), driven by `arbitrary::Unstructured` over seeded bytes:
//! trace files of every importer's format (ftrace, systrace, Chrome JSON, Taskflow, Paraver) built line by line and event by
//! event from extreme and ordinary values, and scenarios made by structured edits of the presets' JSON (a field set to an
//! extreme number, a wrong type, a deep array, a removed or repeated key, another workload kind, odd scheduler specs).

use arbitrary::{Result, Unstructured};
use serde_json::{json, Value};

/// Numbers a parser meets at the edges: zero, one, limits of every width, huge and tiny floats, negatives.
const NUMBERS: &[&str] = &[
    "0", "1", "-1", "7", "255", "256", "65535", "65536", "2147483647", "4294967295", "4294967296", "9007199254740993",
    "18446744073709551615", "18446744073709551616", "1e308", "-1e308", "1e-320", "4e9", "0.5", "-0.0", "1.5e3", "123456789012.345678",
];

fn number(u: &mut Unstructured) -> Result<String> {
    if u.ratio(2, 3)? {
        Ok(u.choose(NUMBERS)?.to_string())
    } else {
        Ok(u.int_in_range(0u64..=5_000_000)?.to_string())
    }
}

fn word(u: &mut Unstructured) -> Result<String> {
    let words = ["main", "worker", "kworker/0:1", "RenderThread", "POSIX timer 0", "a b", "", "é", "x\"y", "tab\there", "<idle>", "swapper/3"];
    let mut w = u.choose(&words)?.to_string();
    if u.ratio(1, 20)? {
        w = "w".repeat(u.int_in_range(100..=5000)?);
    }
    Ok(w)
}

/// An ftrace text: an optional header, then switch, wake-up, frequency, idle and mark events with edge values.
pub fn ftrace(u: &mut Unstructured) -> Result<Vec<u8>> {
    let mut out = String::new();
    if u.ratio(1, 2)? {
        out.push_str("# tracer: nop\n#\n#           TASK-PID   CPU#  ||||   TIMESTAMP  FUNCTION\n");
    }
    let n = u.int_in_range(0..=300)?;
    let mut t = 1000.0f64;
    for _ in 0..n {
        t += u.int_in_range(0..=5000)? as f64 / 1e6;
        let cpu = if u.ratio(1, 10)? { number(u)? } else { u.int_in_range(0..=7)?.to_string() };
        let pid = if u.ratio(1, 10)? { number(u)? } else { u.int_in_range(0..=50)?.to_string() };
        let ts = if u.ratio(1, 20)? { number(u)? } else { format!("{t:.6}") };
        let comm = word(u)?;
        let event = match u.int_in_range(0..=6)? {
            0 | 1 => format!(
                "sched_switch: prev_comm={comm} prev_pid={pid} prev_prio=120 prev_state={} ==> next_comm={} next_pid={} next_prio=120",
                u.choose(&["S", "R", "D", "R+", "X"])?,
                word(u)?,
                u.int_in_range(0..=50)?
            ),
            2 => format!("sched_wakeup: comm={comm} pid={} prio=120 target_cpu={cpu}", u.int_in_range(0..=50)?),
            3 => format!("cpu_frequency: state={} cpu_id={cpu}", number(u)?),
            4 => format!("cpu_idle: state={} cpu_id={cpu}", u.choose(&["0", "1", "4294967295", "-1"])?),
            5 => format!("tracing_mark_write: {}|{pid}|{}", u.choose(&["B", "E", "C", "S", "F"])?, word(u)?),
            _ => format!("{}: {}", word(u)?, word(u)?),
        };
        let cpu_field = if u.ratio(1, 30)? { String::new() } else { format!("[{cpu:0>3}]") };
        out.push_str(&format!("{comm:>16}-{pid:<5} {cpu_field} d..2 {ts}: {event}\n"));
    }
    Ok(out.into_bytes())
}

/// A systrace page: HTML around one or more `trace-data` blocks of ftrace text (or JSON).
pub fn systrace(u: &mut Unstructured) -> Result<Vec<u8>> {
    let mut out = b"<!DOCTYPE html>\n<html><head><title>trace</title></head><body>\n".to_vec();
    for _ in 0..u.int_in_range(1..=3)? {
        out.extend_from_slice(b"<script class=\"trace-data\" type=\"application/text\">\n");
        if u.ratio(1, 4)? {
            out.extend_from_slice(&chrome(u)?);
        } else {
            out.extend_from_slice(&ftrace(u)?);
        }
        if u.ratio(5, 6)? {
            out.extend_from_slice(b"</script>\n");
        }
    }
    out.extend_from_slice(b"</body></html>\n");
    Ok(out)
}

fn id_value(u: &mut Unstructured) -> Result<Value> {
    Ok(match u.int_in_range(0..=4)? {
        0 => json!(u.int_in_range(0..=20)?),
        1 => json!(u.int_in_range(0..=20)?.to_string()),
        2 => json!(word(u)?),
        3 => serde_json::from_str(&number(u)?).unwrap_or(Value::Null),
        _ => Value::Null,
    })
}

/// Chrome Trace Event JSON: object or array form, X/B/E/M/C/i/flow events with numeric or string ids and edge times.
pub fn chrome(u: &mut Unstructured) -> Result<Vec<u8>> {
    let n = u.int_in_range(0..=200)?;
    let mut events = Vec::with_capacity(n);
    for _ in 0..n {
        let ph = *u.choose(&["X", "B", "E", "M", "C", "i", "s", "f", "X", "X", "b", "", "XX"])?;
        let mut e = json!({ "ph": ph, "name": word(u)?, "pid": id_value(u)?, "tid": id_value(u)? });
        e["ts"] = serde_json::from_str(&number(u)?).unwrap_or(json!(0));
        if u.ratio(1, 10)? {
            e["ts"] = json!(number(u)?);
        }
        if ph == "X" && u.ratio(4, 5)? {
            e["dur"] = serde_json::from_str(&number(u)?).unwrap_or(json!(1));
        }
        if u.ratio(1, 3)? {
            e["args"] = match ph {
                "M" => json!({ "name": word(u)? }),
                "C" => json!({ "freq": serde_json::from_str::<Value>(&number(u)?).unwrap_or(json!(1)), "cpu": id_value(u)? }),
                _ => json!({ "cpu": id_value(u)?, "core": id_value(u)?, "thread": word(u)? }),
            };
        }
        if u.ratio(1, 50)? {
            // Deep nesting inside one event.
            let depth = u.int_in_range(10..=400)?;
            e["args"] = serde_json::from_str(&format!("{}1{}", "[".repeat(depth), "]".repeat(depth))).unwrap_or(Value::Null);
        }
        events.push(e);
    }
    let doc = if u.ratio(1, 2)? { json!({ "traceEvents": events, "displayTimeUnit": "ns" }) } else { Value::Array(events) };
    json_text(u, &doc)
}

/// `doc` as JSON text, one time in five cut short (a truncated file).
fn json_text(u: &mut Unstructured, doc: &Value) -> Result<Vec<u8>> {
    let mut text = serde_json::to_vec(doc).unwrap_or_default();
    if u.ratio(1, 5)? {
        let cut = u.int_in_range(0..=text.len())?;
        text.truncate(cut);
    }
    Ok(text)
}

/// Taskflow profiler JSON: executors of workers of tasks with spans (sometimes not two numbers).
pub fn taskflow(u: &mut Unstructured) -> Result<Vec<u8>> {
    let mut executors = Vec::new();
    for e in 0..u.int_in_range(1..=3)? {
        let mut workers = Vec::new();
        for w in 0..u.int_in_range(0..=40)? {
            let mut tasks = Vec::new();
            for _ in 0..u.int_in_range(0..=20)? {
                let span: Value = if u.ratio(9, 10)? {
                    let a: f64 = number(u)?.parse().unwrap_or(0.0);
                    json!([a, a + u.int_in_range(0..=1000)? as f64])
                } else {
                    json!([word(u)?])
                };
                tasks.push(json!({ "span": span, "name": word(u)?, "type": *u.choose(&["static", "subflow", "module", ""])? }));
            }
            workers.push(json!({ "worker": if u.ratio(1, 2)? { json!(w) } else { id_value(u)? }, "data": tasks }));
        }
        executors.push(json!({ "executor": e.to_string(), "data": workers }));
    }
    json_text(u, &Value::Array(executors))
}

/// A Paraver `.prv`: a header (sometimes odd) and state, event and communication records with edge fields.
pub fn paraver(u: &mut Unstructured) -> Result<Vec<u8>> {
    let threads = u.int_in_range(1..=64)?;
    let cpus = u.int_in_range(1..=16)?;
    let unit = *u.choose(&["_ns", "_us", "", "_ms"])?;
    let mut out = if u.ratio(9, 10)? {
        format!("#Paraver (01/01/2026 at 00:00):{}{unit}:1({cpus}):1:1({threads}:1)\n", number(u)?)
    } else {
        format!("#Paraver {}\n", word(u)?)
    };
    let field = |u: &mut Unstructured, max: u32| -> Result<String> {
        if u.ratio(1, 12)? {
            number(u)
        } else {
            Ok(u.int_in_range(0..=max)?.to_string())
        }
    };
    for _ in 0..u.int_in_range(0..=300)? {
        let begin: u64 = u.int_in_range(0..=1_000_000)?;
        let line = match u.int_in_range(0..=3)? {
            0 | 1 => format!("1:{}:1:1:{}:{begin}:{}:{}", field(u, cpus)?, field(u, threads)?, begin + u.int_in_range(0..=10_000)?, field(u, 20)?),
            2 => format!("2:{}:1:1:{}:{begin}:{}:{}", field(u, cpus)?, field(u, threads)?, field(u, 70_000_000)?, field(u, 10)?),
            _ => format!("3:{}:1:1:{}:{begin}:{begin}:{}:1:1:1:{begin}:{begin}:8:1", field(u, cpus)?, field(u, threads)?, field(u, cpus)?),
        };
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out.into_bytes())
}

/// Values a structured edit puts into a scenario field.
fn odd_value(u: &mut Unstructured) -> Result<Value> {
    Ok(match u.int_in_range(0..=9)? {
        0..=3 => serde_json::from_str(&number(u)?).unwrap_or(Value::Null),
        4 => json!(word(u)?),
        5 => Value::Null,
        6 => json!(u.ratio(1, 2)?),
        7 => json!([]),
        8 => json!({}),
        _ => {
            let depth = u.int_in_range(1..=200)?;
            serde_json::from_str(&format!("{}0{}", "[".repeat(depth), "]".repeat(depth))).unwrap_or(Value::Null)
        }
    })
}

/// The paths of every value in `v`, as key/index lists.
fn paths(v: &Value, prefix: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    if out.len() > 4000 {
        return;
    }
    out.push(prefix.clone());
    match v {
        Value::Object(map) => {
            for (k, child) in map {
                prefix.push(json!(k));
                paths(child, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(list) => {
            for (i, child) in list.iter().enumerate().take(50) {
                prefix.push(json!(i));
                paths(child, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn at<'a>(v: &'a mut Value, path: &[Value]) -> Option<&'a mut Value> {
    let mut cur = v;
    for step in path {
        cur = match step {
            Value::String(k) => cur.get_mut(k.as_str())?,
            Value::Number(i) => cur.get_mut(i.as_u64()? as usize)?,
            _ => return None,
        };
    }
    Some(cur)
}

/// Scheduler specs: registered names, parameters in range and out, and broken syntax.
const SPECS: &[&str] = &[
    "fifo", "rws", "dam-c", "heft", "dynamic", "dynamic[chunk=0]", "dynamic[chunk=1]", "guided[chunk=4294967296]", "aid-hybrid[p=2]",
    "aid-dynamic[m=9,M=1]", "gts[up=5000]", "pbs[lb=maybe]", "fifo[x=1]", "[", "dam-c]", "linux[lb=off", "static", "tasks", "", "🙂",
];

/// A scenario: a preset's JSON after one to four structured edits, as text (sometimes with a BOM, a repeated key or a cut).
pub fn scenario(u: &mut Unstructured, presets: &[Value]) -> Result<Vec<u8>> {
    let mut v = u.choose(presets)?.clone();
    for _ in 0..u.int_in_range(1..=4)? {
        let mut all = Vec::new();
        paths(&v, &mut Vec::new(), &mut all);
        let path = u.choose(&all)?.clone();
        match u.int_in_range(0..=7)? {
            0..=2 => {
                if let Some(slot) = at(&mut v, &path) {
                    *slot = odd_value(u)?;
                }
            }
            3 => {
                if let Some((Value::String(key), parent)) = path.split_last() {
                    if let Some(Value::Object(map)) = at(&mut v, parent) {
                        map.remove(key.as_str());
                    }
                }
            }
            4 => {
                let specs = (0..u.int_in_range(0..=5)?).map(|_| u.choose(SPECS).map(|s| s.to_string())).collect::<Result<Vec<_>>>()?;
                if let Some(map) = v.as_object_mut() {
                    map.insert("schedulers".into(), json!(specs));
                }
            }
            5 => {
                let kinds = ["layered", "dag", "loop_program", "applications", "quantum"];
                let kind = json!(*u.choose(&kinds)?);
                if let Some(Value::Object(w)) = v.get_mut("workload") {
                    w.insert("kind".into(), kind);
                }
            }
            6 => {
                // Grow a list: more tasks, phases, events or clusters than the preset has.
                if let Some(Value::Array(list)) = at(&mut v, &path) {
                    if let Some(first) = list.first().cloned() {
                        for _ in 0..u.int_in_range(1..=200)? {
                            list.push(first.clone());
                        }
                    }
                }
            }
            _ => {
                if let Some(slot) = at(&mut v, &path) {
                    if slot.is_object() {
                        slot[word(u)?] = odd_value(u)?;
                    }
                }
            }
        }
    }
    let mut text = serde_json::to_string(&v).unwrap_or_default();
    if u.ratio(1, 8)? {
        // A key repeated, as JSON allows and this engine refuses.
        if let Some(p) = text.find("\"seed\":") {
            text.insert_str(p, "\"seed\":1,");
        }
    }
    if u.ratio(1, 10)? {
        text.insert(0, '\u{feff}');
    }
    if u.ratio(1, 10)? {
        let cut = u.int_in_range(0..=text.len())?;
        let cut = (0..=cut).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        text.truncate(cut);
    }
    Ok(text.into_bytes())
}

/// A sweep grid or cell as the page sends them: lists of names (some long or odd), seeds at the edges.
pub fn sweep(u: &mut Unstructured) -> Result<Vec<u8>> {
    let list = |u: &mut Unstructured, names: &[&str]| -> Result<Vec<String>> {
        let n = if u.ratio(1, 10)? { u.int_in_range(100..=2000)? } else { u.int_in_range(0..=4)? };
        (0..n).map(|_| if u.ratio(1, 20)? { word(u) } else { u.choose(names).map(|s| s.to_string()) }).collect()
    };
    let grid = json!({
        "schedulers": list(u, &["pbs", "lcss", "linux", "gts[lb=off]", "tasks", "nope"])?,
        "configs": list(u, &["odroid-xu3:2+2", "gem5-8l8s", "odroid-xu3:9+9", "x"])?,
        "workloads": list(u, &["BF", "BB", "blackscholes", "ZZ"])?,
        "seeds": (0..u.int_in_range(0..=5)?).map(|_| u.int_in_range(0..=u64::MAX)).collect::<Result<Vec<u64>>>()?,
    });
    Ok(serde_json::to_vec(&grid).unwrap_or_default())
}

/// A value of any JSON type at the edges: numbers, strings, nesting.
fn any_value(u: &mut Unstructured, keys: &[String], depth: u32) -> Result<Value> {
    Ok(match u.int_in_range(0..=7)? {
        0 => Value::Null,
        1 => json!(u.arbitrary::<bool>()?),
        2 | 3 => serde_json::from_str(&number(u)?).unwrap_or(Value::Null),
        4 => json!(word(u)?),
        5 if depth > 0 => Value::Array((0..u.int_in_range(0..=4)?).map(|_| any_value(u, keys, depth - 1)).collect::<Result<_>>()?),
        _ if depth > 0 => {
            let mut map = serde_json::Map::new();
            for _ in 0..u.int_in_range(0..=5)? {
                map.insert(u.choose(keys)?.clone(), any_value(u, keys, depth - 1)?);
            }
            Value::Object(map)
        }
        _ => json!(u.choose(keys)?),
    })
}

/// Scenario paths a cell's overrides name, the real ones and odd ones.
const CELL_PATHS: &[&str] = &[
    "platform", "workload", "schedulers", "seed", "workload.tasks", "workload.parallelism", "workload.repeat", "workload.apps",
    "workload.phases.0.iterations", "workload.phases", "platform.clusters.0.cores", "platform.clusters.9.cores", "classes", "events",
    "runtime.steal_ns", "workload.tasks.0.deps", "", ".", "a..b", "workload.0", "schedulers.99",
];

/// A claim cell as the page sends it to `run_cell`: a preset (or none, or an unknown one), overrides at dotted paths with
/// values of any type, a seed at the edges.
pub fn claim_cell(u: &mut Unstructured, presets: &[String], keys: &[String]) -> Result<Vec<u8>> {
    let mut set = serde_json::Map::new();
    for _ in 0..u.int_in_range(0..=4)? {
        let path = if u.ratio(1, 10)? { word(u)? } else { u.choose(CELL_PATHS)?.to_string() };
        let value = match u.int_in_range(0..=3)? {
            0 => json!(u.choose(&["odroid-xu3:2+2", "odroid-xu3:0+0", "odroid-xu3:99999+1", "gem5-8l8s", "BF", "blackscholes", "tx2"])?),
            1 => json!([u.choose(&["fifo", "pbs", "dam-c", "dynamic[chunk=0]", "nope", "["])?]),
            _ => any_value(u, keys, 3)?,
        };
        set.insert(path, value);
    }
    let mut cell = json!({ "index": u.int_in_range(0..=u64::MAX)?, "set": set, "seed": u.int_in_range(0..=u64::MAX)? });
    if !u.ratio(1, 8)? {
        cell["preset"] = json!(if u.ratio(1, 10)? { word(u)? } else { u.choose(presets)?.clone() });
    }
    Ok(serde_json::to_vec(&cell).unwrap_or_default())
}

/// Claim rows as the page sends them to `evaluate_claims`: the preset's name on the first line, then rows whose runs are
/// trees over the names the claims read (`metrics`, `makespan_ns`, scheduler names …) with values of any type.
pub fn claim_rows(u: &mut Unstructured, presets: &[String], keys: &[String]) -> Result<Vec<u8>> {
    let preset = u.choose(presets)?.clone();
    let cells = engine::claims::preset_cells_json(&preset).unwrap_or_else(|_| "[]".into());
    let cells: Vec<Value> = serde_json::from_str(&cells).unwrap_or_default();
    let mut rows = Vec::new();
    for cell in cells.iter().take(if u.ratio(1, 10)? { usize::MAX } else { 6 }) {
        if u.ratio(1, 6)? {
            continue;
        }
        let runs: Vec<Value> = (0..u.int_in_range(0..=4)?).map(|_| any_value(u, keys, 4)).collect::<Result<_>>()?;
        rows.push(json!({ "cell": cell, "platform": word(u)?, "workload": word(u)?, "runs": runs }));
    }
    let mut out = preset.into_bytes();
    out.push(b'\n');
    out.extend(serde_json::to_vec(&rows).unwrap_or_default());
    Ok(out)
}

/// A Paje trace: the event definitions (ids, field orders and types that vary, a definition left open or repeated), the
/// type, value and container declarations, then set, push, pop, variable and unknown events with edge values, quoted
/// and unquoted names, undeclared containers and values.
pub fn paje(u: &mut Unstructured) -> Result<Vec<u8>> {
    const DEFS: &[(&str, &[&str])] = &[
        ("PajeDefineContainerType", &["Alias", "Type", "Name"]),
        ("PajeDefineStateType", &["Alias", "Type", "Name"]),
        ("PajeDefineEntityValue", &["Alias", "Type", "Name", "Color"]),
        ("PajeCreateContainer", &["Time", "Alias", "Type", "Container", "Name"]),
        ("PajeDestroyContainer", &["Time", "Type", "Name"]),
        ("PajeSetState", &["Time", "Type", "Container", "Value"]),
        ("PajePushState", &["Time", "Type", "Container", "Value"]),
        ("PajePopState", &["Time", "Type", "Container"]),
        ("PajeSetVariable", &["Time", "Type", "Container", "Value"]),
        ("PajeNewEvent", &["Time", "Type", "Container", "Value"]),
        ("PajeStartLink", &["Time", "Type", "Container", "StartContainer", "Value", "Key"]),
    ];
    let mut out = String::new();
    if u.ratio(1, 3)? {
        out.push_str("# a comment\n\n");
    }
    let mut ids: Vec<(String, Vec<&str>)> = Vec::new();
    for (i, (name, fields)) in DEFS.iter().enumerate() {
        if u.ratio(1, 12)? {
            continue;
        }
        let id = if u.ratio(1, 10)? { word(u)? } else { i.to_string() };
        let mut order: Vec<&str> = fields.to_vec();
        if u.ratio(1, 6)? && order.len() > 1 {
            let a = u.choose_index(order.len())?;
            order.swap(0, a);
        }
        if u.ratio(1, 15)? {
            order.push("Extra");
        }
        out.push_str(&format!("%EventDef {name} {id}\n"));
        for f in &order {
            let ty = if *f == "Time" { "date" } else { *u.choose(&["string", "double", "color", "int"])? };
            out.push_str(&format!("% {f} {ty}\n"));
        }
        if u.ratio(19, 20)? {
            out.push_str("%EndEventDef\n");
        }
        ids.push((id, order));
    }
    let containers = ["p", "w0", "w1", "w2", "\"CPU 3\"", "nowhere"];
    let values = ["I", "C", "\"Codelet gemm\"", "Idle", "Sleeping", "\"\"", "x"];
    let types = ["P", "W", "S", "V", "\"Worker State\""];
    for _ in 0..u.int_in_range(0..=250)? {
        if ids.is_empty() || u.ratio(1, 25)? {
            out.push_str(&format!("{} {}\n", word(u)?, number(u)?));
            continue;
        }
        let (id, order) = u.choose(&ids)?.clone();
        let mut line = id;
        for f in order {
            let v = match f {
                "Time" => {
                    if u.ratio(1, 8)? {
                        number(u)?
                    } else {
                        format!("{:.6}", u.int_in_range(0..=2_000_000u32)? as f64 * 1e-6)
                    }
                }
                "Container" | "StartContainer" | "Alias" => u.choose(&containers)?.to_string(),
                "Type" => u.choose(&types)?.to_string(),
                "Value" | "Name" | "Key" => u.choose(&values)?.to_string(),
                "Color" => "\"1.0 0.5 0.0\"".to_string(),
                _ => word(u)?,
            };
            line.push(' ');
            line.push_str(&v);
        }
        if u.ratio(1, 20)? {
            line.push_str(" \"unterminated");
        }
        out.push_str(&line);
        out.push('\n');
    }
    Ok(out.into_bytes())
}

/// A user policy (Rhai): the hooks built from statements that use the host's view and queues correctly, wrongly (tasks
/// and places that do not exist, wrong types, missing returns), and hostile code (endless loops, huge strings and arrays,
/// deep recursion), sometimes with a syntax error spliced in. `policy_scenario` wraps it in a scenario.
fn policy(u: &mut Unstructured) -> Result<String> {
    const READY: &[&str] = &[
        "this.q.push(task);",
        "this.d.push(core, task);",
        "if core >= 0 { this.d.push(core, task); } else { this.q.push(task); }",
        "this.q.push(task + 1);",
        "let t = task_type(task); this.q.push(task);",
        "this.q.push(work_ns(task) / 1000);",
        "this.n += 1;",
        "let p = places_of(task); this.q.push(task);",
        "this.last = priority(task);",
    ];
    const IDLE: &[&str] = &[
        "if this.q.is_empty() { return sleep(); }",
        "let t = this.q.shift(); if t == () { return sleep(); } return run(t, core);",
        "let t = this.d.pop(core); if t != () { return run(t, core); }",
        "let s = this.d.steal(core); if s == () { return retry(steal_ns()); } return run(s, core).with_overhead(steal_ns());",
        "let t = this.q.shift(); if t != () { return run(t, fastest_place(t)); }",
        "let t = this.q.shift(); if t != () { return run(t, cheapest_place(t)); }",
        "let t = this.q.shift(); if t != () { return run(t, place(core, 2)); }",
        "let t = this.q.shift(); if t != () { return run(t, core, rand(4)); }",
        "return run(999999999, core);",
        "return run(0, -1);",
        "return retry(-1);",
        "return retry(9223372036854775807);",
        "return 42;",
        "return \"run\";",
        "let x = speed(core, n_types());",
        "let x = ptt(0, place(0, 1));",
        "let x = offline(n_cores() + 5);",
        "let x = now() / 0;",
        "let x = 9223372036854775807 + 1;",
        "let x = rand_float() * 1e308 * 1e308;",
        "loop { }",
        "let s = \"x\"; loop { s += s; }",
        "let a = []; a.pad(100000000, 0);",
        "let m = #{}; for i in 0..20000 { m[`k${i}`] = i; }",
        "let q = queue(); loop { q.push(1); }",
        "for i in 0..1000 { this.n += i; }",
        "return this.deep(0);",
        "return sleep();",
    ];
    let mut lines = vec!["fn init() { this.q = queue(); this.d = deques(); this.n = 0; }".to_string()];
    if u.ratio(1, 8)? {
        lines.push("fn deep(n) { this.deep(n + 1) }".into());
    }
    let mut ready = String::from("fn on_ready(task, core) {\n");
    for _ in 0..u.int_in_range(1..=3)? {
        ready.push_str(&format!("  {}\n", u.choose(READY)?));
    }
    ready.push('}');
    lines.push(ready);
    let mut idle = String::from("fn on_idle(core) {\n");
    for _ in 0..u.int_in_range(1..=4)? {
        idle.push_str(&format!("  {}\n", u.choose(IDLE)?));
    }
    idle.push_str("  let t = this.q.shift();\n  if t == () { t = this.d.pop(core); }\n  if t == () { return sleep(); }\n  run(t, core)\n}");
    lines.push(idle);
    if u.ratio(1, 3)? {
        lines.push(format!("fn on_done(task, place, ns) {{\n  {}\n}}", u.choose(&["this.n -= 1;", "this.last = ns / width(place);", "let l = leader(place);", "this.q.push(task);"])?));
    }
    let mut source = lines.join("\n");
    if u.ratio(1, 10)? {
        let cut = u.int_in_range(0..=source.len())?;
        let splice = *u.choose(&["{", "}", ";", "fn", "\"", "let", "#{", "//", "`${", "0x", "é"])?;
        if source.is_char_boundary(cut) {
            source.insert_str(cut, splice);
        }
    }
    Ok(source)
}

/// A small task scenario (one of the task presets, shortened) running a generated [`policy`] as "mine" beside RWS.
pub fn policy_scenario(u: &mut Unstructured, presets: &[Value]) -> Result<Vec<u8>> {
    let source = policy(u)?;
    let tasks: Vec<&Value> = presets.iter().filter(|p| matches!(p["workload"]["kind"].as_str(), Some("layered"))).collect();
    let mut s = if tasks.is_empty() { json!({}) } else { (*u.choose(&tasks)?).clone() };
    s["workload"]["tasks"] = json!(u.int_in_range(1..=120)?);
    s["schedulers"] = json!(["rws", "mine"]);
    s["custom_schedulers"] = json!([{"name": "mine", "level": "tasks", "source": source}]);
    Ok(serde_json::to_vec(&s).unwrap_or_default())
}

/// Protobuf wire bytes: key (field number, wire type) and a varint, or a length-delimited body.
fn pb_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        out.push(if v > 0 { byte | 0x80 } else { byte });
        if v == 0 {
            break;
        }
    }
}

fn pb_int(out: &mut Vec<u8>, field: u64, v: u64) {
    pb_varint(out, field << 3);
    pb_varint(out, v);
}

fn pb_bytes(out: &mut Vec<u8>, field: u64, body: &[u8]) {
    pb_varint(out, field << 3 | 2);
    pb_varint(out, body.len() as u64);
    out.extend_from_slice(body);
}

/// An edge-valued integer for a protobuf field.
fn pb_number(u: &mut Unstructured, small: u64) -> Result<u64> {
    Ok(match u.int_in_range(0..=9)? {
        0 => *u.choose(&[0, u64::from(u32::MAX), u64::MAX, i64::MAX as u64, 1 << 32, 4096])?,
        _ => u.int_in_range(0..=small)?,
    })
}

/// A Perfetto protobuf trace: packets of per-CPU ftrace bundles with switch, wake-up, waking, frequency and idle events
/// (fields missing, repeated, of the wrong wire type, edge values), other packets, and now and then a cut or corrupt byte.
pub fn perfetto(u: &mut Unstructured) -> Result<Vec<u8>> {
    let mut out = Vec::new();
    let mut t = 1_000_000u64;
    for _ in 0..u.int_in_range(0..=40)? {
        let mut bundle = Vec::new();
        if u.ratio(9, 10)? {
            pb_int(&mut bundle, 1, pb_number(u, 7)?);
        }
        for _ in 0..u.int_in_range(0..=20)? {
            t += u.int_in_range(0..=2_000_000)?;
            let mut ev = Vec::new();
            pb_int(&mut ev, 1, if u.ratio(1, 20)? { pb_number(u, 10)? } else { t });
            pb_int(&mut ev, 2, pb_number(u, 50)?);
            let mut body = Vec::new();
            let kind = *u.choose(&[4u64, 4, 11, 13, 17, 20, 3, 999])?;
            match kind {
                4 => {
                    pb_bytes(&mut body, 1, word(u)?.as_bytes());
                    pb_int(&mut body, 2, pb_number(u, 50)?);
                    pb_int(&mut body, 4, pb_number(u, 2)?);
                    pb_bytes(&mut body, 5, word(u)?.as_bytes());
                    if u.ratio(9, 10)? {
                        pb_int(&mut body, 6, pb_number(u, 50)?);
                    }
                }
                11 | 13 => {
                    pb_int(&mut body, 1, pb_number(u, 3_000_000)?);
                    pb_int(&mut body, 2, pb_number(u, 7)?);
                }
                _ => {
                    pb_bytes(&mut body, 1, word(u)?.as_bytes());
                    pb_int(&mut body, 2, pb_number(u, 50)?);
                    pb_int(&mut body, 5, pb_number(u, 7)?);
                }
            }
            if u.ratio(1, 20)? {
                body.push(u.arbitrary()?);
            }
            pb_bytes(&mut ev, kind, &body);
            pb_bytes(&mut bundle, 2, &ev);
        }
        let mut packet = Vec::new();
        pb_bytes(&mut packet, if u.ratio(1, 10)? { 2 } else { 1 }, &bundle);
        pb_int(&mut packet, 8, t);
        pb_bytes(&mut out, 1, &packet);
    }
    if u.ratio(1, 5)? && !out.is_empty() {
        let at = u.int_in_range(0..=out.len() - 1)?;
        if u.ratio(1, 2)? {
            out.truncate(at);
        } else {
            out[at] = u.arbitrary()?;
        }
    }
    Ok(out)
}
