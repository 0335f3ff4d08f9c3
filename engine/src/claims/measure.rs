//! Reading a claim's measure from one cell's runs (`{"scheduler", "metrics", "extras"}` each, see `adapter`), and reducing values.

use serde_json::Value;

use crate::catalogue::claim::{Measure, Reduce};

/// The run of `scheduler` among `runs`.
fn run<'a>(runs: &'a [Value], scheduler: &str) -> Option<&'a Value> {
    runs.iter().find(|r| r["scheduler"] == scheduler)
}

/// The value at dotted `path` (numbers index lists).
pub fn at<'a>(value: &'a Value, path: &str) -> Option<&'a Value> {
    path.split('.').try_fold(value, |v, key| match (v, key.parse::<usize>()) {
        (Value::Array(items), Ok(i)) => items.get(i),
        _ => v.get(key),
    })
}

/// A finite number at `path` of `scheduler`'s run.
pub fn read(runs: &[Value], scheduler: &str, path: &str) -> Option<f64> {
    at(run(runs, scheduler)?, path)?.as_f64().filter(|x| x.is_finite())
}

fn all(runs: &[Value], names: &[&str], path: &str) -> Option<Vec<f64>> {
    names.iter().map(|s| read(runs, s, path)).collect()
}

/// Share, in percent, of `scheduler`'s priority tasks on `places` (summed) or touching each of `cores` (mean).
fn share(runs: &[Value], scheduler: &str, places: &[String], cores: &[u32]) -> Option<f64> {
    let list = at(run(runs, scheduler)?, "extras.priority_places")?.as_array()?;
    let fraction = |keep: &dyn Fn(&Value) -> bool| list.iter().filter(|p| keep(p)).filter_map(|p| p["fraction"].as_f64()).sum::<f64>();
    if !places.is_empty() {
        return Some(100.0 * fraction(&|p| places.iter().any(|l| p["label"] == l.as_str())));
    }
    let touching = |core: u32| {
        fraction(&|p| {
            let (leader, width) = (p["leader"].as_u64().unwrap_or(u64::MAX), p["width"].as_u64().unwrap_or(0));
            leader <= core as u64 && (core as u64) < leader.saturating_add(width)
        })
    };
    (!cores.is_empty()).then(|| 100.0 * cores.iter().map(|&c| touching(c)).sum::<f64>() / cores.len() as f64)
}

/// The measure on one cell, for the kinds that read a single cell (`None` for `change`, `lead` and `gain_of_means`, or
/// missing data).
pub fn on_cell(measure: &Measure, runs: &[Value]) -> Option<f64> {
    let v = match measure {
        Measure::Value { scheduler, path, scale, reduce: how } => reduce(*how, &all(runs, &scheduler.names(), path)?)? * scale,
        Measure::RatioOf { num, den, percent } => {
            let r = on_cell(num, runs)? / on_cell(den, runs).filter(|d| *d != 0.0)?;
            if *percent {
                (r - 1.0) * 100.0
            } else {
                r
            }
        }
        Measure::Ratio { num, den, percent } => {
            let r = read(runs, &num.scheduler, &num.path)? / read(runs, &den.scheduler, &den.path).filter(|d| *d != 0.0)?;
            if *percent {
                (r - 1.0) * 100.0
            } else {
                r
            }
        }
        Measure::Gain { scheduler, over, path } => {
            let slowest = reduce(Reduce::Max, &all(runs, &scheduler.names(), path)?)?;
            let fastest = reduce(Reduce::Min, &all(runs, &over.names(), path)?)?;
            (fastest / slowest.max(f64::MIN_POSITIVE) - 1.0) * 100.0
        }
        Measure::Share { scheduler, places, cores } => share(runs, scheduler, places, cores)?,
        Measure::Spread { scheduler } => {
            let mean = read(runs, scheduler, "extras.makespan_mean_ns").filter(|m| *m > 0.0)?;
            let (lo, hi) = (read(runs, scheduler, "extras.makespan_min_ns")?, read(runs, scheduler, "extras.makespan_max_ns")?);
            (hi / mean - 1.0).max(1.0 - lo / mean) * 100.0
        }
        Measure::MaxOver { scheduler, list, field, reduce: how } => {
            let items = at(run(runs, scheduler)?, list)?.as_array()?;
            reduce(*how, &items.iter().filter_map(|x| x[field.as_str()].as_f64()).collect::<Vec<_>>())?
        }
        Measure::Change { .. } | Measure::Lead { .. } | Measure::GainOfMeans { .. } => return None,
    };
    v.is_finite().then_some(v)
}

/// Reduces values; `None` for an empty list.
/// The mean of `values` (0 for none) from a compensated (Neumaier) sum, kept within the values' range as the true mean
/// is: a naive sum of eight seeds of 7.7 averages to 7.700000000000001, which a band ending at 7.7 refuses.
pub fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let (mut sum, mut carry) = (0.0f64, 0.0f64);
    for &v in values {
        let t = sum + v;
        carry += if sum.abs() >= v.abs() { (sum - t) + v } else { (v - t) + sum };
        sum = t;
    }
    let lo = values.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let m = (sum + carry) / values.len() as f64;
    // (`clamp` would panic on an empty range: values that are all NaN keep their NaN mean.)
    if lo <= hi { m.clamp(lo, hi) } else { m }
}

pub fn reduce(how: Reduce, values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let max = values.iter().copied().fold(f64::MIN, f64::max);
    let min = values.iter().copied().fold(f64::MAX, f64::min);
    let v = match how {
        Reduce::Mean => mean(values),
        Reduce::Max => max,
        Reduce::Min => min,
        Reduce::RangePct => (max / min - 1.0) * 100.0,
        Reduce::Positive => values.iter().filter(|&&x| x > 0.0).count() as f64,
        Reduce::Median => {
            let mut sorted = values.to_vec();
            sorted.sort_by(f64::total_cmp);
            let n = sorted.len();
            if n % 2 == 1 {
                sorted[n / 2]
            } else {
                mean(&sorted[n / 2 - 1..=n / 2])
            }
        }
        Reduce::GeomeanPct => {
            if min <= -100.0 {
                return None;
            }
            let logs: Vec<f64> = values.iter().map(|&x| libm::log1p(x / 100.0)).collect();
            libm::expm1(mean(&logs)) * 100.0
        }
    };
    v.is_finite().then_some(v)
}

/// Every metric path a measure reads, with its scheduler (for validation).
pub fn reads(measure: &Measure) -> Vec<(String, String)> {
    let pair = |s: &str, p: &str| (s.to_string(), p.to_string());
    match measure {
        Measure::Value { scheduler, path, .. } => scheduler.names().into_iter().map(|s| pair(s, path)).collect(),
        Measure::Ratio { num, den, .. } => vec![pair(&num.scheduler, &num.path), pair(&den.scheduler, &den.path)],
        Measure::Gain { scheduler, over, path } => scheduler.names().into_iter().chain(over.names()).map(|s| pair(s, path)).collect(),
        Measure::Share { scheduler, .. } => vec![pair(scheduler, "extras.priority_places")],
        Measure::Spread { scheduler } => vec![pair(scheduler, "extras.makespan_mean_ns")],
        Measure::MaxOver { scheduler, list, .. } => vec![pair(scheduler, list)],
        Measure::RatioOf { num, den, .. } | Measure::GainOfMeans { num, den, .. } => reads(num).into_iter().chain(reads(den)).collect(),
        Measure::Change { of, .. } | Measure::Lead { of, .. } => reads(of),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_values_average_to_themselves() {
        for n in 1..=16 {
            assert_eq!(mean(&vec![7.7; n]), 7.7, "{n} seeds");
            assert_eq!(mean(&vec![2.3; n]), 2.3, "{n} seeds");
        }
        assert_eq!(mean(&[]), 0.0);
        assert_eq!(mean(&[1e16, 1.0, -1e16]), 1.0 / 3.0);
        assert!(mean(&[f64::NAN, f64::NAN]).is_nan());
    }

    #[test]
    fn positive_counts_the_values_above_zero() {
        assert_eq!(reduce(Reduce::Positive, &[3.5, 0.0, -1.0, 0.2, 12.0]), Some(3.0));
        assert_eq!(reduce(Reduce::Positive, &[-3.0, 0.0]), Some(0.0), "a tie is not a lead");
        assert_eq!(reduce(Reduce::Positive, &[]), None);
    }

    #[test]
    fn geometric_mean_of_percent_changes() {
        // +100% and −50% cancel out: 2 × 0.5 = 1.
        assert!(reduce(Reduce::GeomeanPct, &[100.0, -50.0]).is_some_and(|v| v.abs() < 1e-9));
        // Equal changes are their own geometric mean; it stays below the arithmetic mean otherwise.
        assert!(reduce(Reduce::GeomeanPct, &[15.0, 15.0, 15.0]).is_some_and(|v| (v - 15.0).abs() < 1e-9));
        let g = reduce(Reduce::GeomeanPct, &[10.0, 60.0]).unwrap_or(f64::NAN);
        assert!((g - ((1.1f64 * 1.6).sqrt() - 1.0) * 100.0).abs() < 1e-9 && g < 35.0);
        // A change of −100% or less has no geometric mean.
        assert_eq!(reduce(Reduce::GeomeanPct, &[20.0, -100.0]), None);
    }

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(reduce(Reduce::Median, &[18.7, -2.9, 2.0]), Some(2.0));
        assert_eq!(reduce(Reduce::Median, &[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(reduce(Reduce::Median, &[7.0]), Some(7.0));
        assert_eq!(reduce(Reduce::Median, &[]), None);
    }

    fn runs(makespans: &[(&str, f64)]) -> Vec<Value> {
        makespans.iter().map(|(s, m)| serde_json::json!({"scheduler": s, "metrics": {"makespan_ns": m}, "extras": {}})).collect()
    }

    fn value(names: &[&str], how: Reduce) -> Box<Measure> {
        let scheduler = crate::catalogue::claim::Schedulers::Many(names.iter().map(|s| s.to_string()).collect());
        Box::new(Measure::Value { scheduler, path: "metrics.makespan_ns".into(), scale: 1.0, reduce: how })
    }

    #[test]
    fn a_group_reduced_and_two_measures_compared() {
        let r = runs(&[("d1", 100.0), ("d4", 120.0), ("d16", 150.0), ("a5", 90.0), ("a10", 99.0)]);
        let (dynamic, aid) = (["d1", "d4", "d16"], ["a5", "a10"]);
        // The best setting of each schedule, and how much the setting matters to it.
        assert_eq!(on_cell(&value(&dynamic, Reduce::Min), &r), Some(100.0));
        assert!(on_cell(&value(&dynamic, Reduce::RangePct), &r).is_some_and(|v| (v - 50.0).abs() < 1e-9));
        // Unset, a group averages.
        assert!(on_cell(&value(&aid, Reduce::Mean), &r).is_some_and(|v| (v - 94.5).abs() < 1e-9));
        // The best AID setting beats the best dynamic one by 100/90 − 1.
        let best = Measure::RatioOf { num: value(&dynamic, Reduce::Min), den: value(&aid, Reduce::Min), percent: true };
        assert!(on_cell(&best, &r).is_some_and(|v| (v - 100.0 / 9.0).abs() < 1e-9));
        assert!(best.is_single_run());
        let sensitivity = Measure::RatioOf { num: value(&aid, Reduce::RangePct), den: value(&dynamic, Reduce::RangePct), percent: false };
        assert!(on_cell(&sensitivity, &r).is_some_and(|v| (v - 0.2).abs() < 1e-9));
        assert_eq!(reads(&sensitivity).len(), 5);
        // A list's elements, the largest unless reduced otherwise.
        let loops = vec![serde_json::json!({"scheduler": "a5", "extras": {"loops": [{"sf": 1.0}, {"sf": 3.0}, {"sf": 2.0}]}})];
        let over = |how| Measure::MaxOver { scheduler: "a5".into(), list: "extras.loops".into(), field: "sf".into(), reduce: how };
        assert_eq!(on_cell(&over(Reduce::Max), &loops), Some(3.0));
        assert_eq!(on_cell(&over(Reduce::Mean), &loops), Some(2.0));
        // A missing scheduler, or a zero denominator, gives no value.
        let zero = Measure::RatioOf { num: value(&aid, Reduce::Min), den: value(&["a5"], Reduce::RangePct), percent: false };
        assert_eq!(on_cell(&zero, &r), None);
        assert_eq!(on_cell(&Measure::RatioOf { num: value(&["x"], Reduce::Min), den: value(&aid, Reduce::Min), percent: false }, &r), None);
    }
}
