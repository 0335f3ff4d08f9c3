//! References and overrides in catalogue scenarios.
//!
//! In a preset's scenario, `platform` may be a configuration name (`"odroid-xu3"`, `"odroid-xu3:4+1"`), `classes` a class
//! set's name (`"tx2"`), `workload` a class set's program (`"aid-ep"`), an application (`"facesim"`) or a mix (`"BF"`).
//! A name stands for `{"use": name}`; other keys of such an object replace those of what it names
//! (`{"use": "BF", "repeat": 5}`). Overrides (`workload.parallelism = 4`) are dotted paths set before expansion, so a grid
//! can swap a reference (`platform = "odroid-xu3:4+4"`) or a field of one (`workload.repeat`).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::error::{InputError, InputResult};
use crate::model::apps::workload_by_name;
use crate::model::Workload;
use crate::scenario::Scenario;

use super::{class_set, config_platform, Preset};

fn to_json<T: serde::Serialize>(value: &T, path: &str) -> InputResult<Value> {
    serde_json::to_value(value).map_err(|e| InputError::new(path, e.to_string()))
}

/// Splits a reference into its name and the keys that replace the named value's.
fn reference(value: Value, path: &str) -> InputResult<Option<(String, Map<String, Value>)>> {
    match value {
        Value::String(name) => Ok(Some((name, Map::new()))),
        Value::Object(mut map) => match map.remove("use") {
            Some(Value::String(name)) => Ok(Some((name, map))),
            Some(other) => Err(InputError::new(format!("{path}.use"), format!("must be a name, got {other}"))),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn merged(base: Value, keys: Map<String, Value>, path: &str) -> InputResult<Value> {
    let Value::Object(mut object) = base else { return Err(InputError::new(path, "names something that is not an object")) };
    object.extend(keys);
    Ok(Value::Object(object))
}

fn platform(value: Value) -> InputResult<Value> {
    let Some((name, keys)) = reference(value.clone(), "platform")? else { return Ok(value) };
    let p = config_platform(&name).map_err(|e| InputError::new("platform", e.message))?;
    merged(to_json(&p, "platform")?, keys, "platform")
}

fn classes(value: Value) -> InputResult<Value> {
    let Value::String(name) = &value else { return Ok(value) };
    let set = class_set(name).ok_or_else(|| InputError::new("classes", format!("unknown class set '{name}'")))?;
    to_json(&set.classes, "classes")
}

/// The workload a name stands for: a class set's program, then an application or a mix.
fn named_workload(name: &str) -> InputResult<Value> {
    if let Some(w) = class_set(name).and_then(|s| s.workload.clone()) {
        return Ok(w);
    }
    match workload_by_name(name) {
        Some(mix) => to_json(&Workload::Applications(mix), "workload"),
        None => Err(InputError::new("workload", format!("unknown workload '{name}' (a class set's program, an application or a mix)"))),
    }
}

fn workload(value: Value) -> InputResult<Value> {
    let Some((name, keys)) = reference(value.clone(), "workload")? else { return Ok(value) };
    merged(named_workload(&name)?, keys, "workload")
}

/// Replaces the references of a scenario object by what they name.
pub fn expand(mut raw: Value) -> InputResult<Value> {
    let Some(object) = raw.as_object_mut() else { return Err(InputError::new("", "a scenario is a JSON object")) };
    for (key, f) in [("platform", platform as fn(Value) -> InputResult<Value>), ("classes", classes), ("workload", workload)] {
        if let Some(v) = object.remove(key) {
            object.insert(key.to_string(), f(v)?);
        }
    }
    Ok(raw)
}

/// Sets the dotted `path` of `raw` to `value`, creating objects on the way; a reference met on the way becomes `{"use": …}`
/// so that its fields can be set.
pub fn set_path(raw: &mut Value, path: &str, value: Value) -> InputResult<()> {
    let mut here = raw;
    let parts: Vec<&str> = path.split('.').collect();
    for (i, part) in parts.iter().enumerate() {
        if let Value::String(name) = here {
            *here = serde_json::json!({ "use": name.clone() });
        }
        let last = i + 1 == parts.len();
        here = match here {
            Value::Array(items) => {
                let index = part.parse::<usize>().ok().filter(|&k| k < items.len());
                let Some(k) = index else { return Err(InputError::new(path, format!("'{part}' is not an index of this list"))) };
                &mut items[k]
            }
            Value::Object(map) => map.entry(part.to_string()).or_insert_with(|| if last { Value::Null } else { Value::Object(Map::new()) }),
            _ => return Err(InputError::new(path, format!("cannot set '{part}' inside a value that is not an object"))),
        };
    }
    *here = value;
    Ok(())
}

/// Applies `set` to `raw` (shorter paths first, so `workload` comes before `workload.repeat`), then `seed`.
pub fn with_overrides(mut raw: Value, set: &BTreeMap<String, Value>, seed: Option<u64>) -> InputResult<Value> {
    for (path, value) in set {
        set_path(&mut raw, path, value.clone())?;
    }
    if let Some(seed) = seed {
        set_path(&mut raw, "seed", seed.into())?;
    }
    Ok(raw)
}

/// Expands the references of `raw` and parses the result as a user scenario.
pub fn parse(raw: Value) -> InputResult<Scenario> {
    Scenario::from_json(&expand(raw)?.to_string())
}

/// Name of the custom scheduler an exercise preset's starter policy gets.
pub const STARTER_NAME: &str = "mine";

/// The scenario object of `preset` as written, with its title and description as name and description, and an exercise's
/// starter policy (an unknown starter is left out, and the catalogue tests forbid it).
pub fn raw_of(preset: &Preset) -> Value {
    let mut raw = preset.scenario.clone();
    if let Some(object) = raw.as_object_mut() {
        object.insert("name".into(), preset.title.clone().into());
        object.insert("description".into(), preset.description.clone().into());
        if let Some(mut starter) = preset.starter.as_deref().and_then(crate::policy::examples::example) {
            starter.name = STARTER_NAME.into();
            if let Ok(def) = serde_json::to_value(starter) {
                object.insert("custom_schedulers".into(), Value::Array(vec![def]));
            }
            if let Some(Value::Array(list)) = object.get_mut("schedulers") {
                list.push(STARTER_NAME.into());
            }
        }
    }
    raw
}

/// The scenario of `preset` with `set` and `seed` applied.
pub fn scenario_of(preset: &Preset, set: &BTreeMap<String, Value>, seed: Option<u64>) -> InputResult<Scenario> {
    parse(with_overrides(raw_of(preset), set, seed)?)
}

/// The name a scenario value refers to (`"odroid-xu3:4+4"`, `{"use": "BF", …}`), else its own `name`, else empty.
pub fn name_of(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Object(map) => map.get("use").or_else(|| map.get("name")).and_then(Value::as_str).unwrap_or_default().to_string(),
        _ => String::new(),
    }
}
