//! Paje trace files (the format of StarPU's `paje.trace`, SimGrid and other runtimes; read by ViTE and PajeNG).
//!
//! The file declares its own events: `%EventDef PajeSetState 10` then one `% Field type` line per field and `%EndEventDef`;
//! every later line is an event id followed by its fields in the declared order (whitespace separated, `"quoted strings"`
//! allowed). Containers become lanes (one per container and state type), `PajeSetState` / `PajePushState` / `PajePopState`
//! become slices named by the state's value (an entity value's name when it is an alias), states named `Idle` or `Sleeping`
//! are idle slices. Times (`Time` field) are read as seconds. Variables, events and links are counted, not drawn.

use std::collections::HashMap;

use crate::trace::{SegmentKind, NO_ITEM};

use super::builder::{Builder, Location};
use super::lines::{LineParser, Lines};

/// One declared event: its Paje name and field names in order.
#[derive(Clone, Debug)]
struct EventDef {
    name: String,
    fields: Vec<String>,
}

/// Streaming Paje parser.
pub struct PajeParser {
    lines: Lines,
    defs: HashMap<String, EventDef>,
    defining: Option<(String, EventDef)>,
    /// Type alias → type name.
    type_names: HashMap<String, String>,
    /// Entity value alias → value name.
    values: HashMap<String, String>,
    /// Container alias or name → display name.
    containers: HashMap<String, String>,
    /// (container, state type) → depth of open states.
    open: HashMap<(String, String), u32>,
    bad_lines: u64,
}

impl Default for PajeParser {
    fn default() -> Self {
        Self::new()
    }
}

/// Splits a line into fields: whitespace separated, `"…"` quoted strings kept whole.
fn fields(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line.trim_start();
    while !rest.is_empty() {
        if let Some(q) = rest.strip_prefix('"') {
            let end = q.find('"').unwrap_or(q.len());
            out.push(&q[..end]);
            rest = q.get(end + 1..).unwrap_or("").trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            out.push(&rest[..end]);
            rest = rest[end..].trim_start();
        }
    }
    out
}

/// Seconds (a decimal number, maybe with an exponent) to nanoseconds.
fn seconds_ns(s: &str) -> Option<i64> {
    let v: f64 = s.parse().ok()?;
    (v.is_finite() && v.abs() < 9.0e9).then(|| (v * 1e9).round() as i64)
}

impl PajeParser {
    /// A parser at line 1.
    pub fn new() -> Self {
        PajeParser {
            lines: Lines::new(),
            defs: HashMap::new(),
            defining: None,
            type_names: HashMap::new(),
            values: HashMap::new(),
            containers: HashMap::new(),
            open: HashMap::new(),
            bad_lines: 0,
        }
    }

    /// Feeds a chunk of text.
    pub fn push(&mut self, b: &mut Builder, data: &[u8]) {
        self.push_lines(b, data);
    }

    /// Ends the input: states still open end at the last timestamp.
    pub fn finish(mut self, b: &mut Builder) {
        self.finish_lines(b);
        let end = b.last_ns();
        let mut open: Vec<((String, String), u32)> = self.open.drain().collect();
        open.sort();
        for ((container, ty), depth) in open {
            let lane = self.lane(b, &container, &ty);
            for _ in 0..depth {
                b.end(lane, end, Location::None);
            }
        }
        if self.bad_lines > 0 {
            b.diag(Location::None, format!("{} lines were not Paje events and were skipped", self.bad_lines));
        }
    }

    fn lane(&mut self, b: &mut Builder, container: &str, ty: &str) -> u32 {
        self.lane_and_thread(b, container, ty).0
    }

    /// The lane of `container`'s state `ty`, and the thread it stands for (a StarPU worker container is a thread).
    fn lane_and_thread(&mut self, b: &mut Builder, container: &str, ty: &str) -> (u32, u32) {
        let name = self.containers.get(container).cloned().unwrap_or_else(|| container.to_string());
        let ty_name = self.type_names.get(ty).cloned().unwrap_or_else(|| ty.to_string());
        let label = format!("{name} · {ty_name}");
        let lane = b.keyed_lane(&format!("paje {container}\u{1f}{ty}"), || label.clone(), None);
        (lane, b.thread_named(&label))
    }

    fn bad(&mut self, b: &mut Builder, no: u64, message: String) {
        self.bad_lines += 1;
        if self.bad_lines <= 20 {
            b.diag(Location::Line(no), message);
        }
    }

    /// Handles one line (1-based number).
    pub fn line(&mut self, b: &mut Builder, line: &[u8], no: u64) {
        let text = String::from_utf8_lossy(line);
        let text = text.trim();
        if text.is_empty() || text.starts_with('#') {
            return;
        }
        if let Some(def) = text.strip_prefix('%') {
            self.definition(b, def.trim(), no);
            return;
        }
        let f = fields(text);
        let Some(def) = f.first().and_then(|id| self.defs.get(*id)).cloned() else {
            self.bad(b, no, format!("event id {:?} was not declared by an %EventDef", f.first().unwrap_or(&"")));
            return;
        };
        if f.len() - 1 < def.fields.len() {
            self.bad(b, no, format!("{} needs {} fields, found {}", def.name, def.fields.len(), f.len() - 1));
            return;
        }
        b.count_event(def.name.as_bytes());
        let get = |names: &[&str]| names.iter().find_map(|n| def.fields.iter().position(|x| x.eq_ignore_ascii_case(n)).map(|i| f[i + 1]));
        let time = get(&["Time"]).map(seconds_ns);
        if let Some(t) = time {
            match t {
                Some(t) => b.saw_time(t),
                None => {
                    self.bad(b, no, format!("{}: Time is not a number", def.name));
                    return;
                }
            }
        }
        let t = time.flatten().unwrap_or(0);
        let ty = get(&["Type", "EntityType", "ContainerType"]).unwrap_or("").to_string();
        let container = get(&["Container"]).unwrap_or("").to_string();
        match def.name.as_str() {
            "PajeDefineContainerType" | "PajeDefineStateType" | "PajeDefineVariableType" | "PajeDefineEventType" | "PajeDefineLinkType" => {
                if let (Some(alias), Some(name)) = (get(&["Alias"]), get(&["Name"])) {
                    self.type_names.insert(alias.to_string(), name.to_string());
                }
            }
            "PajeDefineEntityValue" => {
                if let (Some(alias), Some(name)) = (get(&["Alias"]), get(&["Name"])) {
                    self.values.insert(alias.to_string(), name.to_string());
                }
            }
            "PajeCreateContainer" => {
                let name = get(&["Name"]).unwrap_or("").to_string();
                if let Some(alias) = get(&["Alias"]) {
                    self.containers.insert(alias.to_string(), name.clone());
                }
                self.containers.insert(name.clone(), name);
            }
            "PajeSetState" | "PajePushState" => {
                let value = get(&["Value"]).unwrap_or("");
                let value = self.values.get(value).cloned().unwrap_or_else(|| value.to_string());
                let (lane, thread) = self.lane_and_thread(b, &container, &ty);
                let key = (container, ty);
                let depth = self.open.entry(key).or_insert(0);
                if def.name == "PajeSetState" {
                    for _ in 0..*depth {
                        b.end(lane, t, Location::Line(no));
                    }
                    *depth = 0;
                }
                *depth += 1;
                let kind = if value.eq_ignore_ascii_case("idle") || value.eq_ignore_ascii_case("sleeping") { SegmentKind::Idle } else { SegmentKind::Work };
                let name = b.name(&value);
                let item = if kind == SegmentKind::Idle { NO_ITEM } else { thread };
                b.begin_kind(lane, item, name, kind, t);
            }
            "PajePopState" | "PajeResetState" => {
                let lane = self.lane(b, &container, &ty);
                let depth = self.open.entry((container, ty)).or_insert(0);
                let pops = if def.name == "PajePopState" { (*depth).min(1) } else { *depth };
                if pops == 0 {
                    b.diag(Location::Line(no), format!("{} with no open state", def.name));
                }
                for _ in 0..pops {
                    b.end(lane, t, Location::Line(no));
                }
                *depth -= pops;
            }
            _ => {}
        }
    }

    fn definition(&mut self, b: &mut Builder, def: &str, no: u64) {
        let f = fields(def);
        match (f.first().copied(), &mut self.defining) {
            (Some("EventDef"), _) if f.len() >= 3 => self.defining = Some((f[2].to_string(), EventDef { name: f[1].to_string(), fields: Vec::new() })),
            (Some("EndEventDef"), Some(_)) => {
                if let Some((id, d)) = self.defining.take() {
                    self.defs.insert(id, d);
                }
            }
            (Some(field), Some((_, d))) => d.fields.push(field.to_string()),
            _ => self.bad(b, no, format!("unexpected definition line %{def}")),
        }
    }
}

super::lines::line_parser!(PajeParser);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_keep_quoted_strings() {
        assert_eq!(fields(r#"10 0.5 ST "worker 0" "Codelet a""#), vec!["10", "0.5", "ST", "worker 0", "Codelet a"]);
        assert_eq!(fields("  "), Vec::<&str>::new());
        assert_eq!(fields(r#"1 "unterminated"#), vec!["1", "unterminated"]);
        assert_eq!(seconds_ns("1.5e-3"), Some(1_500_000));
        assert_eq!(seconds_ns("x"), None);
    }
}
