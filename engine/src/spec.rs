//! Scheduler specs: `name` or `name[k=v,k=v]` (`dynamic[chunk=4]`, `pbs[lb=off]`, `gts[up=700,down=256]`), parsed once for every level.
//!
//! [`Params`] hands a scheduler its parameters one by one with typed getters; [`Params::done`] rejects any left over,
//! so every error names the scenario field (`schedulers[2]`), the scheduler and the parameter.

use crate::error::{InputError, InputResult};

/// A parsed spec: the scheduler's name and its parameters, in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// Name before the brackets, trimmed.
    pub name: String,
    /// `key=value` pairs inside the brackets, trimmed.
    pub params: Vec<(String, String)>,
}

/// Splits `name[k=v,…]` into the name and its key-value pairs; `path` names the field in errors.
pub fn parse(spec: &str, path: &str) -> InputResult<Spec> {
    let spec = spec.trim();
    let Some(open) = spec.find('[') else { return Ok(Spec { name: spec.to_string(), params: Vec::new() }) };
    let Some(inner) = spec[open + 1..].strip_suffix(']') else {
        return Err(InputError::new(path, format!("'{spec}': parameters go in brackets, as in dynamic[chunk=4] or pbs[lb=off]")));
    };
    let mut params = Vec::new();
    for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((k, v)) = part.split_once('=') else {
            return Err(InputError::new(path, format!("'{spec}': parameter '{part}' is not key=value")));
        };
        params.push((k.trim().to_string(), v.trim().to_string()));
    }
    Ok(Spec { name: spec[..open].trim().to_string(), params })
}

/// The parameters of one scheduler, taken one by one by the scheduler's constructor.
pub struct Params<'a> {
    name: &'a str,
    path: &'a str,
    list: Vec<(String, String)>,
}

impl<'a> Params<'a> {
    /// The parameters `list` of scheduler `name`, for errors at `path`.
    pub fn new(name: &'a str, path: &'a str, list: Vec<(String, String)>) -> Self {
        Params { name, path, list }
    }

    /// An error at this spec's field, prefixed with the scheduler's name.
    pub fn error(&self, message: impl std::fmt::Display) -> InputError {
        InputError::new(self.path, format!("{}: {message}", self.name))
    }

    fn raw(&mut self, key: &str) -> Option<String> {
        let i = self.list.iter().position(|(k, _)| k == key)?;
        Some(self.list.remove(i).1)
    }

    /// A whole number of at least 1, if given.
    pub fn count(&mut self, key: &str) -> InputResult<Option<u64>> {
        let Some(v) = self.raw(key) else { return Ok(None) };
        match v.parse::<u64>() {
            Ok(0) => Err(self.error(format!("{key} must be at least 1, got 0"))),
            Ok(n) => Ok(Some(n)),
            Err(_) => Err(self.error(format!("{key} must be a whole number, got '{v}'"))),
        }
    }

    /// A whole number in `0..=max`, if given.
    pub fn at_most(&mut self, key: &str, max: u32) -> InputResult<Option<u32>> {
        let Some(v) = self.raw(key) else { return Ok(None) };
        match v.parse::<u32>() {
            Ok(n) if n <= max => Ok(Some(n)),
            _ => Err(self.error(format!("{key} must be a whole number from 0 to {max}, got '{v}'"))),
        }
    }

    /// A finite number, if given.
    pub fn number(&mut self, key: &str) -> InputResult<Option<f64>> {
        let Some(v) = self.raw(key) else { return Ok(None) };
        match v.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(Some(x)),
            _ => Err(self.error(format!("{key} must be a number, got '{v}'"))),
        }
    }

    /// `on`/`off` (also `true`/`false`, `1`/`0`), `default` when absent.
    pub fn on_off(&mut self, key: &str, default: bool) -> InputResult<bool> {
        let Some(v) = self.raw(key) else { return Ok(default) };
        match v.as_str() {
            "on" | "true" | "1" => Ok(true),
            "off" | "false" | "0" => Ok(false),
            _ => Err(self.error(format!("{key} must be on or off, got '{v}'"))),
        }
    }

    /// Ends the parameters: any left over is unknown to this scheduler.
    pub fn done(self, accepted: &str) -> InputResult<()> {
        match self.list.first() {
            Some((k, _)) => {
                let takes = if accepted.is_empty() { "none" } else { accepted };
                Err(self.error(format!("unknown parameter '{k}' (it takes: {takes})")))
            }
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_bad_ones_are_named() {
        assert_eq!(parse(" rws ", "s").map(|s| s.name).ok(), Some("rws".to_string()));
        let s = parse("gts[up=700, down=256]", "s").expect("valid");
        assert_eq!(s.params, vec![("up".into(), "700".into()), ("down".into(), "256".into())]);
        assert!(parse("dynamic[chunk", "schedulers[1]").expect_err("open").to_string().contains("brackets"));
        assert!(parse("pbs[lb]", "s").expect_err("no value").message.contains("not key=value"));
        let mut p = Params::new("dynamic", "schedulers[2]", vec![("chunk".into(), "0".into())]);
        assert_eq!(p.count("chunk").expect_err("zero").to_string(), "schedulers[2]: dynamic: chunk must be at least 1, got 0");
        let p = Params::new("pbs", "s", vec![("up".into(), "3".into())]);
        assert!(p.done("lb").expect_err("unknown").message.contains("unknown parameter 'up' (it takes: lb)"));
    }
}
