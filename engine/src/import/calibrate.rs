//! Calibration: from an imported trace, a scenario that every task scheduler can run ("what would DAM-C have done with this run?").
//!
//! 1. Clusters: CPUs whose `cpu_frequency` changes coincide (same values, within 2 ms) form one frequency domain; or a split the user gives.
//! 2. Speed ratios: each slice's duration is scaled to its cluster's top frequency (`dur × f/f_top`); for every name that ran on two
//!    clusters, the ratio of mean scaled durations; the median over names gives the cluster's ratio (the slowest cluster is 1).
//! 3. Workload: each top-level work slice becomes a task of `dur × f/f_top × ratio` reference ns, typed by its name; the slices of one
//!    thread (or lane) are chained in time order, a `sched_wakeup` makes the waker's slice a predecessor of the wakee's next slice,
//!    and the heaviest chain is marked high priority.
//! 4. Frequencies: each cluster's observed levels, and the observed changes replayed as DVFS events.

use std::collections::BTreeMap;

use serde_json::json;

use crate::error::{InputError, InputResult};
use crate::model::events::Dvfs;
use crate::model::platform::scaled_power_table;
use crate::model::workload::{Dag, DagTask, Priority};
use crate::model::{Cluster, Platform, TimelineEvent, WorkClass, Workload};
use crate::scenario::{RuntimeOptions, Scenario, SCENARIO_VERSION};
use crate::registry;
use crate::trace::{SegmentKind, NO_ITEM};

use super::ImportedTrace;

/// What the user may set.
#[derive(Clone, Debug, Default)]
pub struct CalibrateOptions {
    /// Cluster sizes over the trace's CPUs in order (or over its lanes when it has no CPUs); inferred when absent.
    pub clusters: Option<Vec<u32>>,
    /// The CPU ids of each cluster, non-contiguous allowed (`--clusters 1,2:0,3-5`); wins over `clusters`.
    pub cpu_sets: Option<Vec<Vec<u32>>>,
    /// Schedulers of the scenario; every registered one when empty.
    pub schedulers: Vec<String>,
    /// Most tasks kept (the earliest); 20,000 when 0.
    pub max_tasks: usize,
}

/// A calibrated scenario and how it was inferred.
pub struct Calibration {
    /// The scenario.
    pub scenario: Scenario,
    /// JSON report: clusters, ratios, names used, tasks, notes.
    pub report: serde_json::Value,
}

/// Frequency (kHz) of `cpu` at `t_ns`, from the sorted changes; `None` before the first.
pub(crate) fn freq_at(changes: &[(u64, u32)], t_ns: u64) -> Option<u32> {
    let i = changes.partition_point(|&(t, _)| t <= t_ns);
    (i > 0).then(|| changes[i - 1].1)
}

/// Groups units into frequency domains: equal value sequences with times within 2 ms; units without data share one group.
pub(crate) fn infer_domains(unit_freq: &[Vec<(u64, u32)>]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut no_data: Vec<usize> = Vec::new();
    for (u, changes) in unit_freq.iter().enumerate() {
        if changes.is_empty() {
            no_data.push(u);
            continue;
        }
        let same = |other: &Vec<(u64, u32)>| {
            other.len() == changes.len() && other.iter().zip(changes).all(|(a, b)| a.1 == b.1 && a.0.abs_diff(b.0) <= 2_000_000)
        };
        match groups.iter_mut().find(|g| same(&unit_freq[g[0]])) {
            Some(g) => g.push(u),
            None => groups.push(vec![u]),
        }
    }
    if !no_data.is_empty() {
        groups.push(no_data);
    }
    groups
}

/// `big<c>` for the fastest of several clusters, `little<c>` for ratio 1, `mid<c>` between, `cores` when there is one.
pub(crate) fn cluster_name(c: usize, ratio: &[f64]) -> String {
    let max_ratio = ratio.iter().copied().fold(0.0, f64::max);
    if ratio.len() == 1 {
        "cores".to_string()
    } else if (ratio[c] - max_ratio).abs() < 1e-9 && ratio[c] > 1.0 {
        format!("big{c}")
    } else if (ratio[c] - 1.0).abs() < 1e-9 {
        format!("little{c}")
    } else {
        format!("mid{c}")
    }
}

/// A cluster with estimated power tables: `levels` (MHz, ascending, top = reference), starting at `first_mhz` when it is a level.
pub(crate) fn estimated_cluster(name: String, cores: u32, levels: &[u32], first_mhz: u32, ratio: f64) -> Cluster {
    let top = *levels.last().unwrap_or(&1000);
    let levels = if levels.is_empty() { vec![top] } else { levels.to_vec() };
    let watts = 0.2 * libm::pow(ratio, 1.5);
    let active_w = scaled_power_table(&levels, top, watts, 2.5);
    let idle_w = active_w.iter().map(|w| (w * 0.1 * 1e4).round() / 1e4).collect();
    Cluster {
        name: name.clone(),
        core_type: name,
        cores,
        freq_mhz: if levels.contains(&first_mhz) { first_mhz } else { top },
        freqs_mhz: levels,
        ref_freq_mhz: top,
        ratio,
        l1_kb: 32,
        l2_kb: 1024,
        active_w,
        idle_w,
        cluster_w: Vec::new(),
    }
}

/// The units of each cluster from CPU ids: every CPU of the trace in exactly one cluster, each cluster non-empty.
fn cpu_set_groups(trace: &ImportedTrace, units: &[usize], sets: &[Vec<u32>]) -> InputResult<Vec<Vec<usize>>> {
    let unit_of_cpu = |cpu: u32| units.iter().position(|&l| trace.lanes[l].cpu == Some(cpu));
    let mut seen = vec![false; units.len()];
    let mut groups = Vec::new();
    for (c, set) in sets.iter().enumerate() {
        if set.is_empty() {
            return Err(InputError::new(format!("clusters[{c}]"), "names no CPU"));
        }
        let mut g = Vec::new();
        for &cpu in set {
            let u = unit_of_cpu(cpu).ok_or_else(|| InputError::new(format!("clusters[{c}]"), format!("CPU {cpu} is not in the trace")))?;
            if std::mem::replace(&mut seen[u], true) {
                return Err(InputError::new(format!("clusters[{c}]"), format!("CPU {cpu} is in two clusters")));
            }
            g.push(u);
        }
        groups.push(g);
    }
    if let Some(u) = seen.iter().position(|&s| !s) {
        let cpu = trace.lanes[units[u]].cpu.map_or_else(|| format!("lane {u}"), |c| format!("CPU {c}"));
        return Err(InputError::new("clusters", format!("{cpu} of the trace is in no cluster")));
    }
    Ok(groups)
}

/// Builds the calibrated scenario.
pub fn calibrate(trace: &ImportedTrace, opts: &CalibrateOptions) -> InputResult<Calibration> {
    let r = &trace.record;
    let has_cpus = trace.n_cpus() > 0;
    // Units: the lanes that become cores.
    let units: Vec<usize> = (0..trace.lanes.len()).filter(|&l| !has_cpus || trace.lanes[l].cpu.is_some()).collect();
    if units.is_empty() {
        return Err(InputError::new("trace", "the trace has no lanes to calibrate from"));
    }
    let mut unit_of_lane = vec![usize::MAX; trace.lanes.len()];
    for (u, &l) in units.iter().enumerate() {
        unit_of_lane[l] = u;
    }
    let mut unit_freq: Vec<Vec<(u64, u32)>> = vec![Vec::new(); units.len()];
    for f in &trace.freq {
        if let Some(u) = units.iter().position(|&l| trace.lanes[l].cpu == Some(f.cpu)) {
            unit_freq[u].push((f.t_ns, f.freq_khz));
        }
    }
    let mut notes: Vec<String> = Vec::new();
    let groups: Vec<Vec<usize>> = match (&opts.cpu_sets, &opts.clusters) {
        (Some(sets), _) => cpu_set_groups(trace, &units, sets)?,
        (None, Some(sizes)) => {
            let total: u64 = sizes.iter().map(|&s| s as u64).sum();
            if sizes.is_empty() || sizes.contains(&0) || total != units.len() as u64 {
                return Err(InputError::new("clusters", format!("sizes must be at least 1 each and add up to {} (the trace's {}), got {sizes:?}", units.len(), if has_cpus { "CPUs" } else { "lanes" })));
            }
            let mut next = 0;
            sizes.iter().map(|&s| { let g: Vec<usize> = (next..next + s as usize).collect(); next += s as usize; g }).collect()
        }
        (None, None) => {
            let g = infer_domains(&unit_freq);
            notes.push(format!("{} cluster(s) inferred from frequency domains", g.len()));
            g
        }
    };
    let cluster_of_unit: Vec<usize> = {
        let mut v = vec![0; units.len()];
        for (c, g) in groups.iter().enumerate() {
            for &u in g {
                v[u] = c;
            }
        }
        v
    };
    // Frequency levels per cluster.
    let levels: Vec<Vec<u32>> = groups
        .iter()
        .map(|g| {
            let mut l: Vec<u32> = g.iter().flat_map(|&u| unit_freq[u].iter().map(|&(_, khz)| (khz + 500) / 1000)).filter(|&m| m > 0).collect();
            l.sort_unstable();
            l.dedup();
            if l.is_empty() {
                l.push(1000);
            }
            l
        })
        .collect();
    let top: Vec<u32> = levels.iter().map(|l| *l.last().unwrap_or(&1000)).collect();
    // Work items: top-level work slices on the units, with their frequency-scaled duration.
    struct Item {
        unit: usize,
        start: u64,
        scaled_ns: f64,
        name: u32,
        chain: u64,
    }
    let mut items: Vec<Item> = Vec::new();
    let mut zero = 0usize;
    for i in 0..r.len() {
        let lane = r.lane[i] as usize;
        let u = unit_of_lane.get(lane).copied().unwrap_or(usize::MAX);
        if u == usize::MAX || r.kind[i] != SegmentKind::Work as u8 || trace.depth.get(i).copied().unwrap_or(0) != 0 {
            continue;
        }
        let dur = r.end_ns[i].saturating_sub(r.start_ns[i]);
        if dur == 0 {
            zero += 1;
            continue;
        }
        let c = cluster_of_unit[u];
        let f = freq_at(&unit_freq[u], r.start_ns[i]).map_or(top[c] as f64, |khz| khz as f64 / 1000.0);
        let scaled_ns = dur as f64 * (f / top[c] as f64).min(1.0);
        let chain = if r.item[i] != NO_ITEM { r.item[i] as u64 } else { (1u64 << 32) + lane as u64 };
        items.push(Item { unit: u, start: r.start_ns[i], scaled_ns, name: r.group[i], chain });
    }
    if items.is_empty() {
        return Err(InputError::new("trace", "the trace has no work slices to turn into tasks"));
    }
    if zero > 0 {
        notes.push(format!("{zero} zero-length slices skipped"));
    }
    // Speed ratios from same-named work on different clusters.
    let n_clusters = groups.len();
    let mut sums: BTreeMap<u32, Vec<(f64, u64)>> = BTreeMap::new();
    for it in &items {
        let e = sums.entry(it.name).or_insert_with(|| vec![(0.0, 0); n_clusters]);
        let c = cluster_of_unit[it.unit];
        e[c].0 += it.scaled_ns;
        e[c].1 += 1;
    }
    let mut ratio = vec![1.0f64; n_clusters];
    let mut evidence = vec![0usize; n_clusters];
    for c in 1..n_clusters {
        let mut ratios: Vec<f64> = sums
            .values()
            .filter(|v| v[0].1 > 0 && v[c].1 > 0)
            .map(|v| (v[0].0 / v[0].1 as f64) / (v[c].0 / v[c].1 as f64))
            .filter(|x| x.is_finite() && *x > 0.0)
            .collect();
        evidence[c] = ratios.len();
        if ratios.is_empty() {
            notes.push(format!("no same-named work ran on both cluster 0 and cluster {c}: its ratio is left at 1"));
            continue;
        }
        ratios.sort_by(f64::total_cmp);
        ratio[c] = ratios[ratios.len() / 2].clamp(0.05, 20.0);
    }
    let slowest = ratio.iter().copied().fold(f64::INFINITY, f64::min);
    for x in &mut ratio {
        *x = ((*x / slowest) * 1000.0).round() / 1000.0;
    }
    // Tasks, earliest first, chained per thread.
    items.sort_by_key(|it| (it.start, it.unit));
    let max_tasks = if opts.max_tasks == 0 { 20_000 } else { opts.max_tasks };
    if items.len() > max_tasks {
        notes.push(format!("{} slices; the first {max_tasks} became tasks", items.len()));
        items.truncate(max_tasks);
    }
    let mut last_of_chain: BTreeMap<u64, u32> = BTreeMap::new();
    let mut tasks: Vec<DagTask> = Vec::with_capacity(items.len());
    let mut chain_work: BTreeMap<u64, f64> = BTreeMap::new();
    for (i, it) in items.iter().enumerate() {
        let work_ns = (it.scaled_ns * ratio[cluster_of_unit[it.unit]]).max(1.0);
        let deps = last_of_chain.insert(it.chain, i as u32).map(|p| vec![p]).unwrap_or_default();
        *chain_work.entry(it.chain).or_default() += work_ns;
        let name = trace.names.get(it.name as usize).cloned().unwrap_or_else(|| "task".into());
        tasks.push(DagTask { place: None, task_type: Some(name), class: "imported".into(), work_ns: (work_ns * 10.0).round() / 10.0, priority: Priority::Low, deps });
    }
    // Wake-ups add edges across threads: the waker's slice running at the wake-up comes before the wakee's next slice.
    let mut by_thread: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    for (i, it) in items.iter().enumerate() {
        by_thread.entry(it.chain).or_default().push(i);
    }
    let mut wake_edges = 0usize;
    for w in &trace.wakeups {
        if w.waker == NO_ITEM {
            continue;
        }
        let (Some(wakee), Some(waker)) = (by_thread.get(&(w.wakee as u64)), by_thread.get(&(w.waker as u64))) else { continue };
        let Some(&j) = wakee.iter().find(|&&j| items[j].start >= w.t_ns) else { continue };
        let Some(&k) = waker.iter().rev().find(|&&k| items[k].start <= w.t_ns) else { continue };
        if k < j && !tasks[j].deps.contains(&(k as u32)) {
            tasks[j].deps.push(k as u32);
            wake_edges += 1;
        }
    }
    if wake_edges > 0 {
        notes.push(format!("{wake_edges} dependencies from sched_wakeup events"));
    }
    if let Some((&heaviest, _)) = chain_work.iter().max_by(|a, b| a.1.total_cmp(b.1)) {
        for (t, it) in tasks.iter_mut().zip(&items) {
            if it.chain == heaviest {
                t.priority = Priority::High;
            }
        }
    }
    // Platform, ordered as the groups are.
    let order: Vec<usize> = (0..n_clusters).collect();
    let clusters: Vec<Cluster> = order
        .iter()
        .map(|&c| {
            let name = cluster_name(c, &ratio);
            let first = groups[c].iter().filter_map(|&u| unit_freq[u].first()).min_by_key(|x| x.0).map_or(top[c], |x| (x.1 + 500) / 1000);
            estimated_cluster(name, groups[c].len() as u32, &levels[c], first, ratio[c])
        })
        .collect();
    // DVFS replay from each cluster's first unit with data.
    let mut events = Vec::new();
    for (c, g) in groups.iter().enumerate() {
        let Some(&u) = g.iter().find(|&&u| !unit_freq[u].is_empty()) else { continue };
        for &(t, khz) in unit_freq[u].iter().skip(1).take(10_000) {
            let mhz = (khz + 500) / 1000;
            if mhz > 0 {
                events.push(TimelineEvent::Dvfs(Dvfs { cluster: c as u32, freq_mhz: mhz, start_ns: t, end_ns: None }));
            }
        }
    }
    let schedulers: Vec<String> = if opts.schedulers.is_empty() { registry::names(crate::model::Level::Tasks).into_iter().map(String::from).collect() } else { opts.schedulers.clone() };
    let scenario = Scenario {
        version: SCENARIO_VERSION,
        name: format!("Calibrated from a {} trace", trace.format.name()),
        description: format!(
            "{} tasks from the trace's slices on {} cores; cluster speed ratios {:?} (estimated from same-named work); power tables are estimates.",
            tasks.len(),
            units.len(),
            ratio
        ),
        seed: 1,
        platform: Platform::of_clusters("calibrated", clusters),
        classes: vec![WorkClass::named("imported")],
        workload: Workload::Dag(Dag { tasks, criticality: Default::default() }),
        events,
        schedulers,
        custom_schedulers: Vec::new(),
        exercise: None,
        runtime: RuntimeOptions::default(),
    };
    let scenario = Scenario::from_json(&scenario.to_json())?;
    let report = json!({
        "clusters": groups.iter().enumerate().map(|(c, g)| json!({
            "lanes": g.iter().map(|&u| trace.lanes[units[u]].label.clone()).collect::<Vec<_>>(),
            "ratio": ratio[c],
            "names_compared": evidence[c],
            "freqs_mhz": levels[c],
        })).collect::<Vec<_>>(),
        "tasks": items.len(),
        "dvfs_events": scenario.events.len(),
        "wakeup_edges": wake_edges,
        "notes": notes,
    });
    Ok(Calibration { scenario, report })
}
