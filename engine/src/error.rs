//! The one error type for bad user data: a path naming the field (`platform.clusters[0].cores`) and what is wrong with it.

use std::fmt;

/// Bad input: the scenario, a trace or a request names something that cannot be simulated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    /// Where in the input the problem is, as a dotted path with indices (`workload.tasks[3].deps`).
    pub path: String,
    /// What is wrong, in words a user understands.
    pub message: String,
}

impl InputError {
    /// An error at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        InputError { path: path.into(), message: message.into() }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for InputError {}

impl From<crate::sim::Stop> for InputError {
    /// A run the meter stopped; the caller sets the path (the scheduler whose run it was).
    fn from(stop: crate::sim::Stop) -> Self {
        let message = match stop {
            crate::sim::Stop::Events { limit } => format!(
                "stopped after {limit} simulation events, the work limit of one scenario (fewer tasks, iterations, repeats or schedulers, or larger chunks, make it smaller)"
            ),
            crate::sim::Stop::Segments { limit } => format!(
                "stopped at {limit} schedule segments, the memory limit of one scenario's schedules (fewer tasks, iterations or schedulers make it smaller)"
            ),
            crate::sim::Stop::Cancelled => "cancelled".to_string(),
        };
        InputError::new("", message)
    }
}

/// Shorthand for results that fail on bad input.
pub type InputResult<T> = Result<T, InputError>;

/// A number as short text for messages: `0.25`, `4000000000`, `1e308`, `2.2e-308` (never hundreds of digits).
pub fn num(value: f64) -> String {
    let a = value.abs();
    if value == 0.0 || (1e-4..1e12).contains(&a) || !value.is_finite() {
        let text = format!("{value}");
        if text.len() <= 24 {
            return text;
        }
    }
    let text = format!("{value:e}");
    // Keep at most 6 significant digits: `2.2250738585072014e-308` → `2.22507e-308`.
    match text.split_once('e') {
        Some((mantissa, exp)) if mantissa.len() > 7 => format!("{}e{exp}", &mantissa[..7]),
        _ => text,
    }
}

/// Fails unless `value` is a finite number (not NaN, not infinite).
pub fn finite(path: &str, value: f64) -> InputResult<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(InputError::new(path, format!("must be a finite number, got {}", num(value))))
    }
}

/// Fails unless `value` is finite and at least `min`.
pub fn at_least(path: &str, value: f64, min: f64) -> InputResult<f64> {
    finite(path, value)?;
    if value < min {
        let what = if min == f64::MIN_POSITIVE { "must be above 0".to_string() } else { format!("must be at least {}", num(min)) };
        return Err(InputError::new(path, format!("{what}, got {}", num(value))));
    }
    Ok(value)
}

/// Fails unless `value` is finite and within `[min, max]`.
pub fn in_range(path: &str, value: f64, min: f64, max: f64) -> InputResult<f64> {
    at_least(path, value, min)?;
    if value > max {
        return Err(InputError::new(path, format!("must be at most {}, got {}", num(max), num(value))));
    }
    Ok(value)
}

/// Deserialises `value` into `T`, naming the bad field as `path.field[i]`.
pub fn from_value<T: serde::de::DeserializeOwned>(value: serde_json::Value, path: &str) -> InputResult<T> {
    serde_path_to_error::deserialize(value).map_err(|e| path_error(e, path, false))
}

/// The first `max` characters of `text`, with `…` when cut, for quoting user input in a message.
pub fn excerpt(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// Deserialises JSON text into `T` as it reads it (no intermediate tree), naming the bad field as `path.field[i]`.
/// Duplicate keys are refused by the derived deserialisers (`duplicate field`); trailing characters are an error.
pub fn from_text<'de, T: serde::Deserialize<'de>>(text: &'de str, path: &str) -> InputResult<T> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = serde_path_to_error::deserialize(&mut de).map_err(|e| path_error(e, path, true))?;
    de.end().map_err(|e| InputError::new(path, format!("not valid JSON: {e}")))?;
    Ok(value)
}

/// Deserialises a raw JSON value (a part of a document already checked for syntax) into `T`, naming the bad field.
pub fn from_raw<'de, T: serde::Deserialize<'de>>(raw: &'de RawValue, path: &str) -> InputResult<T> {
    serde_path_to_error::deserialize(raw).map_err(|e| path_error(e, path, false))
}

/// The error of a deserialiser as an [`InputError`] at `path` + the inner path; positions are dropped for parts of a document.
fn path_error(e: serde_path_to_error::Error<serde_json::Error>, path: &str, keep_position: bool) -> InputError {
    let inner = e.path().to_string();
    let full = match (path.is_empty(), inner.as_str()) {
        (_, ".") => path.to_string(),
        (true, _) => inner,
        (false, _) => format!("{path}.{inner}"),
    };
    let source = e.into_inner();
    let mut message = source.to_string();
    if !keep_position || source.is_data() {
        if let Some(at) = message.rfind(" at line ") {
            message.truncate(at);
        }
    }
    if source.is_syntax() || source.is_eof() {
        message = format!("not valid JSON: {message}");
    }
    InputError::new(full.replace(".[", "["), message)
}

pub use serde_json::value::RawValue;

/// The members of one JSON object, values kept as raw text (nothing below the top level is parsed); a key given twice is refused.
pub struct Fields<'a>(Vec<(String, &'a RawValue)>);

impl<'de> serde::Deserialize<'de> for Fields<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Members;
        impl<'de> serde::de::Visitor<'de> for Members {
            type Value = Fields<'de>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Fields<'de>, A::Error> {
                let mut members: Vec<(String, &'de RawValue)> = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    if members.iter().any(|(k, _)| *k == key) {
                        return Err(serde::de::Error::custom(format_args!("duplicate field `{key}`")));
                    }
                    members.push((key, map.next_value()?));
                }
                Ok(Fields(members))
            }
        }
        deserializer.deserialize_map(Members)
    }
}

impl<'a> Fields<'a> {
    /// Removes and returns the member `key`.
    pub fn take(&mut self, key: &str) -> Option<&'a RawValue> {
        let i = self.0.iter().position(|(k, _)| k == key)?;
        Some(self.0.remove(i).1)
    }

    /// Deserialises the remaining members as the fields of `T`, naming the bad one with `path`.
    pub fn into<T: serde::Deserialize<'a>>(self, path: &str) -> InputResult<T> {
        let map = serde::de::value::MapDeserializer::<_, serde_json::Error>::new(self.0.into_iter());
        serde_path_to_error::deserialize(map).map_err(|e| path_error(e, path, false))
    }
}

/// Splits a raw `{"kind": …, …}` object into its kind and its other members, without parsing below the top level.
pub fn split_kind_raw<'a>(raw: &'a RawValue, path: &str) -> InputResult<(String, Fields<'a>)> {
    let mut fields: Fields<'a> = from_raw(raw, path).map_err(|e| {
        if e.message.contains("expected a JSON object") || e.message.contains("invalid type") {
            InputError::new(path, "must be an object with a \"kind\"")
        } else {
            e
        }
    })?;
    match fields.take("kind") {
        Some(kind) => match serde_json::from_str::<String>(kind.get()) {
            Ok(kind) => Ok((kind, fields)),
            Err(_) => Err(InputError::new(format!("{path}.kind"), format!("must be a string, got {}", excerpt(kind.get(), 40)))),
        },
        None => Err(InputError::new(format!("{path}.kind"), "missing")),
    }
}

/// Deserialises a map whose keys must be distinct (`#[serde(deserialize_with = "crate::error::unique_keys")]`): JSON
/// allows a key twice and most readers keep the last, so a scenario saying two things would run one of them silently.
pub fn unique_keys<'de, D, V>(deserializer: D) -> Result<std::collections::BTreeMap<String, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: serde::Deserialize<'de>,
{
    struct Unique<V>(std::marker::PhantomData<V>);
    impl<'de, V: serde::Deserialize<'de>> serde::de::Visitor<'de> for Unique<V> {
        type Value = std::collections::BTreeMap<String, V>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a JSON object")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = std::collections::BTreeMap::new();
            while let Some(key) = map.next_key::<String>()? {
                if out.contains_key(&key) {
                    return Err(serde::de::Error::custom(format_args!("duplicate field `{key}`")));
                }
                let value = map.next_value()?;
                out.insert(key, value);
            }
            Ok(out)
        }
    }
    deserializer.deserialize_map(Unique(std::marker::PhantomData))
}
