//! Loop schedules by name, with parameters in brackets: `dynamic[chunk=4]`, `aid-hybrid[p=0.8,chunk=1]`, `aid-dynamic[m=1,M=5]`.
//!
//! Without a `chunk`, dynamic, guided and AID-hybrid's tail use each loop's own chunk (OpenMP's default 1).
//! Bad parameters (chunk 0, p outside (0, 1], m > M, unknown keys) are errors naming the scheduler entry.

use crate::error::{InputError, InputResult};

use super::aid_dynamic::{AidDynamic, DEFAULT_MAJOR};
use super::aid_hybrid::{aid_hybrid, DEFAULT_P};
use super::aid_static::AidStatic;
use super::dynamic::Dynamic;
use super::guided::Guided;
use super::hybrid_split::{HybridSplit, DEFAULT_WEIGHT};
use super::schedule::{LoopSchedule, Mapping};
use super::static_split::StaticSplit;

/// One registered loop schedule.
pub struct LoopEntry {
    /// Name used in scenarios.
    pub name: &'static str,
    /// Parameters it accepts, as `key=default`.
    pub params: &'static str,
    /// One-line description for pickers and tooltips.
    pub description: &'static str,
}

/// Every loop schedule, in the order pickers show them.
pub const LOOP_SCHEDULES: &[LoopEntry] = &[
    LoopEntry { name: "static-sb", params: "", description: "OpenMP static: N/T contiguous iterations per thread; threads on small cores first (SB)." },
    LoopEntry { name: "static-bs", params: "", description: "OpenMP static with threads on big cores first (BS): the master thread runs serial code on a big core." },
    LoopEntry { name: "pthreads", params: "", description: "Static threading (seed 000): the application's even split, threads pinned in the platform's core order." },
    LoopEntry { name: "dynamic", params: "chunk=loop's", description: "OpenMP dynamic(chunk), BS: threads remove chunks from a shared pool; each removal costs time." },
    LoopEntry { name: "dynamic-sb", params: "chunk=loop's", description: "OpenMP dynamic(chunk) with the SB mapping." },
    LoopEntry { name: "guided", params: "chunk=loop's", description: "OpenMP guided(chunk), BS: chunks of max(chunk, remaining/T)." },
    LoopEntry { name: "aid-static", params: "m=1", description: "AID-static: a sampling phase estimates the loop's SF, then each thread gets SF_j·x iterations in one go." },
    LoopEntry { name: "aid-static-offline", params: "", description: "AID-static(offline-SF): no sampling; SF is the single-thread big/small ratio measured offline (seed 003 §5C)." },
    LoopEntry { name: "aid-hybrid", params: "p=0.8,chunk=loop's,m=1", description: "AID-hybrid: AID-static over p·N iterations, the rest dynamic(chunk) to balance the end of the loop." },
    LoopEntry { name: "aid-dynamic", params: "m=1,M=5", description: "AID-dynamic: repeated AID phases, M iterations per small-core thread and R·M per big-core thread, R re-estimated each phase." },
    LoopEntry { name: "hybrid-split", params: "w=1.83", description: "Fixed-weight split like LLVM's OpenMP on Intel hybrid CPUs: w shares per fastest-type thread, no sampling." },
];

/// Splits `name[k=v,…]` into the name and its key-value pairs.
fn parse(spec: &str, path: &str) -> InputResult<(String, Vec<(String, String)>)> {
    let spec = spec.trim();
    let Some(open) = spec.find('[') else { return Ok((spec.to_string(), vec![])) };
    if !spec.ends_with(']') {
        return Err(InputError::new(path, format!("'{spec}': parameters go in brackets, like aid-hybrid[p=0.8]")));
    }
    let name = spec[..open].trim().to_string();
    let mut params = Vec::new();
    for part in spec[open + 1..spec.len() - 1].split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((k, v)) = part.split_once('=') else {
            return Err(InputError::new(path, format!("'{spec}': parameter '{part}' is not key=value")));
        };
        params.push((k.trim().to_string(), v.trim().to_string()));
    }
    Ok((name, params))
}

struct Params<'a> {
    name: &'a str,
    path: &'a str,
    list: Vec<(String, String)>,
}

impl Params<'_> {
    fn raw(&mut self, key: &str) -> Option<String> {
        let i = self.list.iter().position(|(k, _)| k == key)?;
        Some(self.list.remove(i).1)
    }

    fn count(&mut self, key: &str) -> InputResult<Option<u64>> {
        let Some(v) = self.raw(key) else { return Ok(None) };
        match v.parse::<u64>() {
            Ok(0) => Err(InputError::new(self.path, format!("{}: {key} must be at least 1, got 0", self.name))),
            Ok(n) => Ok(Some(n)),
            Err(_) => Err(InputError::new(self.path, format!("{}: {key} must be a whole number, got '{v}'", self.name))),
        }
    }

    fn number(&mut self, key: &str) -> InputResult<Option<f64>> {
        let Some(v) = self.raw(key) else { return Ok(None) };
        match v.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(Some(x)),
            _ => Err(InputError::new(self.path, format!("{}: {key} must be a number, got '{v}'", self.name))),
        }
    }

    fn done(self) -> InputResult<()> {
        match self.list.first() {
            Some((k, _)) => Err(InputError::new(self.path, format!("{}: unknown parameter '{k}'", self.name))),
            None => Ok(()),
        }
    }
}

/// Builds the loop schedule `spec` (`name` or `name[k=v,…]`); the error names the entry and lists the known names.
pub fn build(spec: &str, path: &str) -> InputResult<Box<dyn LoopSchedule>> {
    let (name, list) = parse(spec, path)?;
    let mut p = Params { name: &name, path, list };
    let schedule: Box<dyn LoopSchedule> = match name.as_str() {
        "static-sb" => Box::new(StaticSplit::new(Mapping::SmallFirst)),
        "static-bs" | "static" => Box::new(StaticSplit::new(Mapping::BigFirst)),
        "pthreads" => Box::new(StaticSplit::new(Mapping::CoreOrder)),
        "dynamic" => Box::new(Dynamic::new(Mapping::BigFirst, p.count("chunk")?)),
        "dynamic-sb" => Box::new(Dynamic::new(Mapping::SmallFirst, p.count("chunk")?)),
        "guided" => Box::new(Guided::new(Mapping::BigFirst, p.count("chunk")?)),
        "aid-static" => Box::new(AidStatic::new(p.count("m")?.unwrap_or(1), 1.0, None, false)),
        "aid-static-offline" => Box::new(AidStatic::new(1, 1.0, None, true)),
        "aid-hybrid" => {
            let m = p.count("m")?.unwrap_or(1);
            let chunk = p.count("chunk")?;
            let frac = p.number("p")?.unwrap_or(DEFAULT_P);
            if !(frac > 0.0 && frac <= 1.0) {
                return Err(InputError::new(path, format!("aid-hybrid: p must be in (0, 1], got {frac}")));
            }
            Box::new(aid_hybrid(m, frac, chunk))
        }
        "aid-dynamic" => {
            let m = p.count("m")?.unwrap_or(1);
            let major = p.count("M")?.unwrap_or(DEFAULT_MAJOR);
            if m > major {
                return Err(InputError::new(path, format!("aid-dynamic: the minor chunk m ({m}) must not exceed the major chunk M ({major})")));
            }
            Box::new(AidDynamic::new(m, major))
        }
        "hybrid-split" => {
            let w = p.number("w")?.unwrap_or(DEFAULT_WEIGHT);
            if w <= 0.0 {
                return Err(InputError::new(path, format!("hybrid-split: w must be above 0, got {w}")));
            }
            Box::new(HybridSplit::new(w))
        }
        other => {
            let known: Vec<&str> = LOOP_SCHEDULES.iter().map(|e| e.name).collect();
            return Err(InputError::new(path, format!("unknown loop schedule '{other}' (known: {})", known.join(", "))));
        }
    };
    p.done()?;
    Ok(schedule)
}

/// Names of every loop schedule.
pub fn names() -> Vec<&'static str> {
    LOOP_SCHEDULES.iter().map(|e| e.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(spec: &str) -> String {
        build(spec, "schedulers[2]").err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn bad_parameters_are_named() {
        assert!(err("dynamic[chunk=0]").contains("schedulers[2]: dynamic: chunk must be at least 1"), "{}", err("dynamic[chunk=0]"));
        assert!(err("aid-hybrid[p=0]").contains("p must be in (0, 1]"));
        assert!(err("aid-hybrid[p=1.5]").contains("p must be in (0, 1]"));
        assert!(err("aid-dynamic[m=6,M=5]").contains("must not exceed the major chunk M"));
        assert!(err("aid-static[q=1]").contains("unknown parameter 'q'"));
        assert!(err("magic").contains("unknown loop schedule 'magic'"));
        assert!(err("dynamic[chunk").contains("brackets"));
        for name in names() {
            assert!(build(name, "s").is_ok(), "{name}");
        }
        assert!(build("aid-hybrid[p=1,chunk=4,m=2]", "s").is_ok());
    }
}
