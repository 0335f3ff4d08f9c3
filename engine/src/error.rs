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

/// Shorthand for results that fail on bad input.
pub type InputResult<T> = Result<T, InputError>;

/// Fails unless `value` is a finite number (not NaN, not infinite).
pub fn finite(path: &str, value: f64) -> InputResult<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(InputError::new(path, format!("must be a finite number, got {value}")))
    }
}

/// Fails unless `value` is finite and at least `min`.
pub fn at_least(path: &str, value: f64, min: f64) -> InputResult<f64> {
    finite(path, value)?;
    if value < min {
        return Err(InputError::new(path, format!("must be at least {min}, got {value}")));
    }
    Ok(value)
}

/// Deserialises `value` into `T`, naming the bad field as `path.field[i]`.
pub fn from_value<T: serde::de::DeserializeOwned>(value: serde_json::Value, path: &str) -> InputResult<T> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let inner = e.path().to_string();
        let full = match (path.is_empty(), inner.as_str()) {
            (_, ".") => path.to_string(),
            (true, _) => inner,
            (false, _) => format!("{path}.{inner}"),
        };
        InputError::new(full.replace(".[", "["), e.into_inner().to_string())
    })
}

/// Splits a `{"kind": …, …}` object into its kind and the remaining fields.
pub fn split_kind(value: serde_json::Value, path: &str) -> InputResult<(String, serde_json::Value)> {
    let serde_json::Value::Object(mut map) = value else {
        return Err(InputError::new(path, "must be an object with a \"kind\""));
    };
    match map.remove("kind") {
        Some(serde_json::Value::String(kind)) => Ok((kind, serde_json::Value::Object(map))),
        Some(other) => Err(InputError::new(format!("{path}.kind"), format!("must be a string, got {other}"))),
        None => Err(InputError::new(format!("{path}.kind"), "missing")),
    }
}
