//! The platform a trace ran on: which CPUs form a cluster (frequency domains, `cpu_capacity` values, or the user's description,
//! non-contiguous CPU sets allowed), each cluster's frequency levels and its speed ratio, estimated from the same thread's
//! bursts on different clusters (docs/importing-traces.md, "Replay").

use serde::Deserialize;
use serde_json::json;

use crate::error::{InputError, InputResult};
use crate::import::calibrate::{cluster_name, estimated_cluster, infer_domains};
use crate::import::ImportedTrace;
use crate::model::events::Dvfs;
use crate::model::{Platform, TimelineEvent};

/// A cluster as the user describes it.
#[derive(Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ClusterSpec {
    /// Name (`big`, `LITTLE`); generated when absent.
    #[serde(default)]
    pub name: Option<String>,
    /// CPU ids (lane numbers for traces without CPUs), in any order.
    pub cpus: Vec<u32>,
    /// Speed ratio at the top frequency (the slowest cluster 1); estimated from the trace when absent.
    #[serde(default)]
    pub ratio: Option<f64>,
    /// Linux `cpu_capacity` (1024 = the fastest CPU at its top frequency); turned into a ratio when `ratio` is absent.
    #[serde(default)]
    pub capacity: Option<u32>,
    /// Frequency levels in MHz; the trace's when absent.
    #[serde(default)]
    pub freqs_mhz: Option<Vec<u32>>,
}

/// A user's platform description: `{"clusters": [{"name": "big", "cpus": [1, 2], "capacity": 1024}, …]}`.
#[derive(Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PlatformSpec {
    /// The clusters.
    pub clusters: Vec<ClusterSpec>,
}

impl PlatformSpec {
    /// Parses the `--clusters` flag: CPU lists separated by `:`, CPUs by `,`, ranges as `a-b` (`1,2:0,3-5`).
    pub fn from_flag(text: &str) -> InputResult<PlatformSpec> {
        let mut clusters = Vec::new();
        for (i, part) in text.split(':').enumerate() {
            let mut cpus = Vec::new();
            for item in part.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let bad = || InputError::new(format!("clusters[{i}]"), format!("'{item}' is not a CPU number or range a-b"));
                let (a, b) = match item.split_once('-') {
                    Some((a, b)) => (a.trim().parse::<u32>().map_err(|_| bad())?, b.trim().parse::<u32>().map_err(|_| bad())?),
                    None => {
                        let a = item.parse::<u32>().map_err(|_| bad())?;
                        (a, a)
                    }
                };
                if b < a || b - a > 4096 {
                    return Err(bad());
                }
                cpus.extend(a..=b);
            }
            clusters.push(ClusterSpec { cpus, ..ClusterSpec::default() });
        }
        let spec = PlatformSpec { clusters };
        spec.validate()?;
        Ok(spec)
    }

    /// Parses a JSON platform description.
    pub fn from_json(text: &str) -> InputResult<PlatformSpec> {
        let spec: PlatformSpec = serde_json::from_str(text).map_err(|e| InputError::new("platform", format!("not a platform description: {e}")))?;
        spec.validate()?;
        Ok(spec)
    }

    /// Parses a YAML platform description (the JSON schema, written as YAML: `clusters:` then `- name: big` …). An error
    /// names the field and the line (`clusters[1].ratio: invalid type: string "fast", expected f64 at line 6 column 12`).
    #[cfg(feature = "yaml")]
    pub fn from_yaml(text: &str) -> InputResult<PlatformSpec> {
        let de = serde_norway::Deserializer::from_str(text);
        let spec: PlatformSpec = serde_path_to_error::deserialize(de).map_err(|e| {
            let path = e.path().to_string();
            let path = if path == "." { String::from("platform") } else { path };
            InputError::new(path, format!("not a platform description: {}", e.into_inner()))
        })?;
        spec.validate()?;
        Ok(spec)
    }

    /// Parses a description file by its name: YAML for `.yaml` / `.yml`, JSON otherwise.
    #[cfg(feature = "yaml")]
    pub fn from_file_text(file_name: &str, text: &str) -> InputResult<PlatformSpec> {
        let lower = file_name.to_ascii_lowercase();
        if lower.ends_with(".yaml") || lower.ends_with(".yml") {
            PlatformSpec::from_yaml(text)
        } else {
            PlatformSpec::from_json(text)
        }
    }

    fn validate(&self) -> InputResult<()> {
        if self.clusters.is_empty() {
            return Err(InputError::new("clusters", "name at least one cluster"));
        }
        let mut seen = std::collections::BTreeSet::new();
        for (i, c) in self.clusters.iter().enumerate() {
            if c.cpus.is_empty() {
                return Err(InputError::new(format!("clusters[{i}].cpus"), "must list at least one CPU"));
            }
            if let Some(&dup) = c.cpus.iter().find(|&&cpu| !seen.insert(cpu)) {
                return Err(InputError::new(format!("clusters[{i}].cpus"), format!("CPU {dup} is in two clusters")));
            }
            if c.ratio.is_some_and(|r| !(r.is_finite() && r > 0.0)) {
                return Err(InputError::new(format!("clusters[{i}].ratio"), "must be a positive number"));
            }
            if c.capacity == Some(0) {
                return Err(InputError::new(format!("clusters[{i}].capacity"), "must be at least 1"));
            }
            if c.freqs_mhz.as_ref().is_some_and(|f| f.is_empty() || f.contains(&0)) {
                return Err(InputError::new(format!("clusters[{i}].freqs_mhz"), "must list positive frequencies"));
            }
        }
        Ok(())
    }
}

/// The replay's platform and how a trace's CPUs map onto its cores.
#[derive(Clone, Debug)]
pub struct TracePlatform {
    /// The platform (clusters in the order found or given).
    pub platform: Platform,
    /// Core index → CPU id (lane index for traces without CPUs).
    pub cpu_of_core: Vec<u32>,
    /// Cluster of each core.
    pub cluster_of_core: Vec<usize>,
    /// Per cluster, its frequency in kHz from each time on (the first entry holds from time 0); empty without data.
    pub freq_khz: Vec<Vec<(u64, u32)>>,
    /// How it was found.
    pub source: &'static str,
    /// Notes for the report.
    pub notes: Vec<String>,
}

impl TracePlatform {
    /// The core of a CPU id.
    pub fn core_of_cpu(&self, cpu: u32) -> Option<usize> {
        self.cpu_of_core.iter().position(|&c| c == cpu)
    }

    /// Top frequency of a cluster in MHz.
    pub fn top_mhz(&self, cluster: usize) -> u32 {
        self.platform.clusters[cluster].ref_freq_mhz
    }

    /// The recorded frequency changes as DVFS events (the first value is each cluster's starting frequency).
    pub fn dvfs_events(&self) -> Vec<TimelineEvent> {
        let mut events = Vec::new();
        for (c, changes) in self.freq_khz.iter().enumerate() {
            for &(t, khz) in changes.iter().skip(1) {
                let mhz = (khz + 500) / 1000;
                if mhz > 0 && self.platform.clusters[c].freqs_mhz.contains(&mhz) {
                    events.push(TimelineEvent::Dvfs(Dvfs { cluster: c as u32, freq_mhz: mhz, start_ns: t, end_ns: None }));
                }
            }
        }
        events
    }

    /// The share of its top frequency a cluster ran at, integrated over `[start, end)`.
    pub fn freq_share_ns(&self, cluster: usize, start: u64, end: u64) -> f64 {
        let changes = &self.freq_khz[cluster];
        let top_khz = self.top_mhz(cluster) as f64 * 1000.0;
        if changes.is_empty() || end <= start {
            return end.saturating_sub(start) as f64;
        }
        let share = |khz: u32| (khz as f64 / top_khz).min(1.0);
        let mut i = changes.partition_point(|&(t, _)| t <= start).saturating_sub(1);
        let (mut t, mut acc) = (start, 0.0);
        while t < end && i < changes.len() {
            let next = changes.get(i + 1).map_or(end, |c| c.0.min(end)).max(t);
            acc += (next - t) as f64 * share(changes[i].1);
            t = next;
            i += 1;
        }
        acc
    }

    /// Report of the clusters (with the ratio estimates filled in by the caller).
    pub fn report(&self, estimates: &[serde_json::Value]) -> serde_json::Value {
        let clusters: Vec<serde_json::Value> = self
            .platform
            .clusters
            .iter()
            .enumerate()
            .map(|(c, cl)| {
                let cpus: Vec<u32> = (0..self.cpu_of_core.len()).filter(|&k| self.cluster_of_core[k] == c).map(|k| self.cpu_of_core[k]).collect();
                json!({ "name": cl.name, "cpus": cpus, "ratio": cl.ratio, "freqs_mhz": cl.freqs_mhz, "estimate": estimates.get(c) })
            })
            .collect();
        json!({ "source": self.source, "clusters": clusters, "notes": self.notes })
    }
}

/// Frequency series of each CPU id (kHz), and the CPU ids (or lane indices) of the trace.
fn units(trace: &ImportedTrace) -> (Vec<u32>, Vec<Vec<(u64, u32)>>) {
    let has_cpus = trace.n_cpus() > 0;
    let ids: Vec<u32> = if has_cpus { trace.lanes.iter().filter_map(|l| l.cpu).collect() } else { (0..trace.lanes.len() as u32).collect() };
    let series = ids.iter().map(|&id| trace.freq.iter().filter(|f| has_cpus && f.cpu == id).map(|f| (f.t_ns, f.freq_khz)).collect()).collect();
    (ids, series)
}

/// The platform: from `spec` when given, else frequency domains, else `cpu_capacity` groups, else one cluster.
/// `ratios` are the estimated speed ratios to use where neither the spec nor capacities give one (computed by the caller
/// from the bursts once the clusters are known, so it is called twice: first with `None`).
pub fn infer(trace: &ImportedTrace, spec: Option<&PlatformSpec>, ratios: Option<&[f64]>) -> InputResult<TracePlatform> {
    let (ids, series) = units(trace);
    if ids.is_empty() && spec.is_none() {
        return Err(InputError::new("trace", "the trace has no CPUs or lanes to build a platform from"));
    }
    let mut notes = Vec::new();
    let capacity = |cpu: u32| trace.capacities.iter().rev().find(|c| c.0 == cpu).map(|c| c.1);
    let (groups, source): (Vec<Vec<u32>>, &'static str) = match spec {
        Some(s) => {
            let listed: Vec<u32> = s.clusters.iter().flat_map(|c| c.cpus.iter().copied()).collect();
            if let Some(missing) = ids.iter().find(|id| !listed.contains(id)) {
                return Err(InputError::new("clusters", format!("CPU {missing} of the trace is in no cluster (the trace has CPUs {ids:?})")));
            }
            (s.clusters.iter().map(|c| c.cpus.clone()).collect(), "given")
        }
        None => {
            let domains = infer_domains(&series);
            let with_freq = domains.iter().filter(|g| !series[g[0]].is_empty()).count();
            let caps: Vec<Option<u32>> = ids.iter().map(|&id| capacity(id)).collect();
            if with_freq <= 1 && caps.iter().all(Option::is_some) && !caps.is_empty() {
                let mut values: Vec<u32> = caps.iter().flatten().copied().collect();
                values.sort_unstable();
                values.dedup();
                (values.iter().map(|v| (0..ids.len()).filter(|&u| caps[u] == Some(*v)).map(|u| ids[u]).collect()).collect(), "cpu_capacity")
            } else if with_freq >= 1 {
                (domains.iter().map(|g| g.iter().map(|&u| ids[u]).collect()).collect(), "frequency domains")
            } else {
                notes.push("no frequency or capacity data: one cluster".to_string());
                (vec![ids.clone()], "one cluster")
            }
        }
    };
    let series_of = |cpu: u32| ids.iter().position(|&id| id == cpu).map(|u| series[u].clone()).unwrap_or_default();
    let n = groups.len();
    let mut clusters = Vec::with_capacity(n);
    let mut freq_khz = Vec::with_capacity(n);
    let mut ratio = vec![1.0; n];
    let caps: Vec<Option<u32>> = groups
        .iter()
        .enumerate()
        .map(|(c, g)| spec.and_then(|s| s.clusters[c].capacity).or_else(|| g.iter().filter_map(|&cpu| capacity(cpu)).max()))
        .collect();
    let mut tops = Vec::with_capacity(n);
    for (c, g) in groups.iter().enumerate() {
        let s = g.iter().map(|&cpu| series_of(cpu)).find(|s| !s.is_empty()).unwrap_or_default();
        let mut levels: Vec<u32> = match spec.and_then(|sp| sp.clusters[c].freqs_mhz.clone()) {
            Some(l) => l,
            None => g.iter().flat_map(|&cpu| series_of(cpu)).map(|(_, khz)| (khz + 500) / 1000).filter(|&m| m > 0).collect(),
        };
        levels.sort_unstable();
        levels.dedup();
        if levels.is_empty() {
            levels.push(1000);
        }
        tops.push(*levels.last().unwrap_or(&1000));
        freq_khz.push(s.into_iter().filter(|&(_, khz)| levels.contains(&((khz + 500) / 1000))).collect::<Vec<_>>());
        clusters.push(levels);
    }
    // Ratios: the user's, else capacities (capacity is at the top frequency), else the estimate from bursts.
    let min_cap = caps.iter().flatten().copied().min();
    for c in 0..n {
        ratio[c] = match (spec.and_then(|s| s.clusters[c].ratio), caps[c], min_cap, ratios) {
            (Some(r), ..) => r,
            (None, Some(cap), Some(min), _) if caps.iter().all(Option::is_some) => cap as f64 / min as f64,
            (None, _, _, Some(est)) => est.get(c).copied().unwrap_or(1.0),
            _ => 1.0,
        };
    }
    let slowest = ratio.iter().copied().fold(f64::INFINITY, f64::min);
    for r in &mut ratio {
        *r = ((*r / slowest) * 1000.0).round() / 1000.0;
    }
    let mut cpu_of_core = Vec::new();
    let mut cluster_of_core = Vec::new();
    let platform_clusters = groups
        .iter()
        .enumerate()
        .map(|(c, g)| {
            let mut cpus = g.clone();
            cpus.sort_unstable();
            cluster_of_core.extend(std::iter::repeat_n(c, cpus.len()));
            cpu_of_core.extend(cpus);
            let first = freq_khz[c].first().map_or(tops[c], |x| (x.1 + 500) / 1000);
            let name = spec.and_then(|s| s.clusters[c].name.clone()).unwrap_or_else(|| cluster_name(c, &ratio));
            estimated_cluster(name, g.len() as u32, &clusters[c], first, ratio[c])
        })
        .collect();
    let platform = Platform::of_clusters("from the trace", platform_clusters);
    platform.validate("platform")?;
    Ok(TracePlatform { platform, cpu_of_core, cluster_of_core, freq_khz, source, notes })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clusters_flag_takes_non_contiguous_sets_and_ranges() {
        let s = PlatformSpec::from_flag("1,2:0,3-5").expect("valid");
        assert_eq!(s.clusters.iter().map(|c| c.cpus.clone()).collect::<Vec<_>>(), vec![vec![1, 2], vec![0, 3, 4, 5]]);
        assert!(PlatformSpec::from_flag("1,2:2,3").err().map(|e| e.to_string()).unwrap_or_default().contains("CPU 2 is in two clusters"));
        assert!(PlatformSpec::from_flag("1,x").is_err());
        assert!(PlatformSpec::from_flag("1::2").is_err());
    }

    #[test]
    fn a_json_description_names_fields() {
        let s = PlatformSpec::from_json(r#"{"clusters":[{"name":"big","cpus":[1,2],"capacity":1024},{"cpus":[0,3],"ratio":1}]}"#).expect("valid");
        assert_eq!(s.clusters[0].capacity, Some(1024));
        let e = PlatformSpec::from_json(r#"{"clusters":[{"cpus":[1],"ratio":-1}]}"#).err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(e, "clusters[0].ratio: must be a positive number");
    }

    #[cfg(feature = "yaml")]
    #[test]
    fn a_yaml_description_is_the_json_schema_and_its_errors_name_field_and_line() {
        let yaml = "clusters:\n  - name: big\n    cpus: [1, 2]\n    capacity: 1024\n  - cpus: [0, 3]\n    ratio: 1\n";
        let json = r#"{"clusters":[{"name":"big","cpus":[1,2],"capacity":1024},{"cpus":[0,3],"ratio":1}]}"#;
        assert_eq!(PlatformSpec::from_file_text("board.yaml", yaml).expect("yaml"), PlatformSpec::from_json(json).expect("json"));
        assert_eq!(PlatformSpec::from_file_text("BOARD.YML", yaml).expect("yml"), PlatformSpec::from_file_text("board.json", json).expect("json"));
        let bad = "clusters:\n  - cpus: [1]\n  - cpus: [0]\n    ratio: fast\n";
        let e = PlatformSpec::from_yaml(bad).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.starts_with("clusters[1].ratio: ") && e.contains("line 4"), "{e}");
        let e = PlatformSpec::from_yaml("clusters:\n  - cpus: [1]\n    speed: 2\n").err().map(|e| e.to_string()).unwrap_or_default();
        assert!(e.contains("unknown field `speed`") && e.contains("line 3"), "{e}");
        let e = PlatformSpec::from_yaml("clusters:\n  - cpus: [1]\n    ratio: -2\n").err().map(|e| e.to_string()).unwrap_or_default();
        assert_eq!(e, "clusters[0].ratio: must be a positive number");
        for text in ["", "- a\n", "clusters: [", "\u{0}\u{1}", "clusters:\n  - cpus: [1]\n  - *x\n"] {
            assert!(PlatformSpec::from_yaml(text).is_err(), "{text:?}");
        }
    }
}
