//! OS-level presets named after the papers' figures (seed 000 "maturity", seed 002 "pbs"), the core configurations
//! they use (Odroid-XU3 subsets `B+L`, gem5 8L8S / 6L13S / 4L18S), and each figure's sweep with the paper's numbers.
//!
//! Seed 000 writes its configurations "L+B", but its numbers read as big+little ("4+0" is four big cores, the fastest,
//! and "0+4" four little cores, 0.75 W): here `odroid-xu3:B+L` means B big and L little cores.

use crate::error::{InputError, InputResult};
use crate::model::apps::{workload_by_name, AppMix, BARRIER_APPS, MATURITY_APPS, MIX_NAMES};
use crate::model::{Platform, Workload};
use crate::scenario::presets::{platform, PresetInfo};
use crate::scenario::{RuntimeOptions, Scenario, SCENARIO_VERSION};

/// A number a paper reports, for display beside the simulated one.
#[derive(serde::Serialize, Clone, Debug, PartialEq)]
pub struct PaperNumber {
    /// What it measures, in the paper's words.
    pub label: &'static str,
    /// The value.
    pub value: f64,
    /// Unit (`×`, `%`, `W`).
    pub unit: &'static str,
    /// How to compute the simulated counterpart from the sweep's rows, fields separated by `|`:
    /// `mean|FIELD|SCHEDULER or *|CONFIG` (mean over workloads and seeds), `change|FIELD|SCHEDULER|CONFIG_A|CONFIG_B[|WORKLOAD,…]`
    /// (percent change of the mean from A to B, optionally over the listed workloads only), `gain|SCHEDULER|BASELINE|mean, max or CONFIG` (percent by which the baseline's
    /// mean makespan exceeds the scheduler's, averaged or maximised over configurations × workloads, or averaged on one configuration), `spread|SCHEDULER` (largest percent
    /// distance of a run's makespan from its case's mean).
    pub key: String,
}

/// The sweep behind a figure: schedulers × configurations × workloads × seeds, and what the paper reports.
#[derive(serde::Serialize, Clone, Debug, PartialEq)]
pub struct FigureSpec {
    /// Preset name.
    pub name: &'static str,
    /// Chart kind the UI draws: `speedup` (per configuration, one line per scheduler, with the ideal line),
    /// `power` (power / energy / EDP bars), `makespan` (bars per workload), `spread` (repeatability).
    pub chart: &'static str,
    /// Schedulers.
    pub schedulers: Vec<String>,
    /// Configurations (see [`config_platform`]).
    pub configs: Vec<String>,
    /// Workloads (application names or seed 002 mixes).
    pub workloads: Vec<String>,
    /// Seeds 1 … `seeds`.
    pub seeds: u32,
    /// The paper's numbers.
    pub paper: Vec<PaperNumber>,
}

/// OS-level scenario presets.
pub const OS_SCENARIOS: &[PresetInfo] = &[
    PresetInfo { name: "maturity-fig3", title: "Seed 000 Fig. 3–5 · 4 cores: 0+4, 2+2, 4+0 · static vs GTS vs task-based", description: "facesim on 2 big + 2 little cores. Paper (average of 9 apps): 0+4 3.8×, 2+2 static 5.0×, GTS 5.9×, task-based 6.8×, 4+0 9.5×; 0+4 0.75 W, task-based 4+0 3.5 W." },
    PresetInfo { name: "maturity-fig6", title: "Seed 000 Fig. 6–8 · 4 big + 0…4 little · static vs GTS vs task-based", description: "blackscholes on 4 big + 4 little. Paper: from 4+0 to 4+4 static −6%, GTS +8% (−22% at 4+1), task-based +15%; energy −14%, −15%, −16%; EDP −6%, −24%, −36%." },
    PresetInfo { name: "maturity-fig9", title: "Seed 000 Fig. 9 · pthreads vs loop static vs loop dynamic vs tasks", description: "swaptions on 4 big + 1 little. Paper: task-based up to +59% over static threading on 5 cores, loop-dynamic up to +54%, loop-static +26% on average." },
    PresetInfo { name: "pbs-fig1", title: "Seed 002 Fig. 1 · repeatability of PBS and LCSS (vs LIN)", description: "BF on 8L8S, 5 seeds each. Paper: PBS and LCSS within 97–103% of their mean; LIN varies from run to run." },
    PresetInfo { name: "pbs-fig2", title: "Seed 002 Fig. 2 · PBS, LCSS, LIN on 8L8S", description: "BF on 8 large + 8 small cores. Paper (15 cases): PBS beats LIN by 13.3% on average (up to 18%), LCSS by 5.3% (up to 6%)." },
    PresetInfo { name: "pbs-fig3", title: "Seed 002 Fig. 3 · PBS, LCSS, LIN on 6L13S", description: "BB on 6 large + 13 small cores. Paper: PBS best on the asymmetric workloads BF, BB and CF." },
    PresetInfo { name: "pbs-fig4", title: "Seed 002 Fig. 4 · PBS, LCSS, LIN on 4L18S", description: "CF on 4 large + 18 small cores. Paper: with fewer large cores the schedulers differ less." },
    PresetInfo { name: "pbs-fig5", title: "Seed 002 Fig. 5–6 · load balancing on and off", description: "DC on 8L8S. Paper: load balancing improves PBS by 9.9% on average (DC by 26.3%) and LCSS by 9.2% (BF by 14.4%)." },
];

/// Builds `odroid-xu3:B+L` (B big, L little cores of the Odroid-XU3), or any platform preset by name.
pub fn config_platform(name: &str) -> InputResult<Platform> {
    if let Some(p) = platform(name) {
        return Ok(p);
    }
    let Some((base, counts)) = name.split_once(':') else {
        return Err(InputError::new("config", format!("unknown configuration '{name}' (a platform preset, or odroid-xu3:B+L such as odroid-xu3:2+2)")));
    };
    let Some(base_platform) = platform(base) else {
        return Err(InputError::new("config", format!("unknown platform '{base}' in '{name}'")));
    };
    let parsed = counts.split_once('+').and_then(|(b, l)| Some((b.trim().parse::<u32>().ok()?, l.trim().parse::<u32>().ok()?)));
    let Some((big, little)) = parsed else {
        return Err(InputError::new("config", format!("'{counts}' is not B+L (big + little cores), as in 2+2")));
    };
    subset(&base_platform, big, little)
}

/// The platform with `big` cores in its fastest cluster and `little` in its slowest; empty clusters are dropped.
pub fn subset(base: &Platform, big: u32, little: u32) -> InputResult<Platform> {
    if big + little == 0 {
        return Err(InputError::new("config", "needs at least one core"));
    }
    let max_ratio = base.clusters.iter().map(|c| c.ratio).fold(f64::MIN, f64::max);
    let mut p = base.clone();
    for c in &mut p.clusters {
        let limit = c.cores;
        c.cores = if c.ratio >= max_ratio { big } else { little };
        if c.cores > limit {
            return Err(InputError::new("config", format!("{} has only {limit} {} cores, asked for {}", base.name, c.name, c.cores)));
        }
    }
    p.clusters.retain(|c| c.cores > 0);
    p.name = format!("{} {big}+{little}", base.name);
    Ok(p)
}

fn strings(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn num(label: &'static str, value: f64, unit: &'static str, key: &str) -> PaperNumber {
    PaperNumber { label, value, unit, key: key.to_string() }
}

/// The figure sweep of preset `name`.
pub fn figure(name: &str) -> Option<FigureSpec> {
    let odroid = |cfgs: &[&str]| cfgs.iter().map(|c| format!("odroid-xu3:{c}")).collect::<Vec<_>>();
    let little_added = odroid(&["4+0", "4+1", "4+2", "4+3", "4+4"]);
    let pbs3 = strings(&["pbs", "lcss", "linux"]);
    let spec = match name {
        "maturity-fig3" => FigureSpec {
            name: "maturity-fig3",
            chart: "speedup",
            schedulers: strings(&["pinned", "gts", "tasks"]),
            configs: odroid(&["0+4", "2+2", "4+0"]),
            workloads: strings(MATURITY_APPS),
            seeds: 1,
            paper: vec![
                num("0+4 average speedup, all approaches", 3.8, "×", "mean|speedup|*|odroid-xu3:0+4"),
                num("2+2 static threading", 5.0, "×", "mean|speedup|pinned|odroid-xu3:2+2"),
                num("2+2 GTS", 5.9, "×", "mean|speedup|gts|odroid-xu3:2+2"),
                num("2+2 task-based", 6.8, "×", "mean|speedup|tasks|odroid-xu3:2+2"),
                num("4+0 average speedup", 9.5, "×", "mean|speedup|*|odroid-xu3:4+0"),
                num("0+4 average power", 0.75, "W", "mean|avg_power_w|*|odroid-xu3:0+4"),
                num("4+0 task-based power", 3.5, "W", "mean|avg_power_w|tasks|odroid-xu3:4+0"),
                num("barrier apps, static threading, 0+4 → 2+2", 1.0, "%", "change|speedup|pinned|odroid-xu3:0+4|odroid-xu3:2+2|blackscholes,facesim,fluidanimate,streamcluster,swaptions"),
            ],
        },
        "maturity-fig6" => FigureSpec {
            name: "maturity-fig6",
            chart: "speedup",
            schedulers: strings(&["pinned", "gts", "tasks"]),
            configs: little_added,
            workloads: strings(MATURITY_APPS),
            seeds: 1,
            paper: vec![
                num("static threading 4+0 → 4+4", -6.0, "%", "change|speedup|pinned|odroid-xu3:4+0|odroid-xu3:4+4"),
                num("GTS 4+0 → 4+4", 8.0, "%", "change|speedup|gts|odroid-xu3:4+0|odroid-xu3:4+4"),
                num("GTS 4+0 → 4+1", -22.0, "%", "change|speedup|gts|odroid-xu3:4+0|odroid-xu3:4+1"),
                num("task-based 4+0 → 4+4", 15.0, "%", "change|speedup|tasks|odroid-xu3:4+0|odroid-xu3:4+4"),
                num("energy 4+4 vs 4+0, static threading", -14.0, "%", "change|energy_j|pinned|odroid-xu3:4+0|odroid-xu3:4+4"),
                num("energy 4+4 vs 4+0, GTS", -15.0, "%", "change|energy_j|gts|odroid-xu3:4+0|odroid-xu3:4+4"),
                num("energy 4+4 vs 4+0, task-based", -16.0, "%", "change|energy_j|tasks|odroid-xu3:4+0|odroid-xu3:4+4"),
                num("EDP 4+4 vs 4+0, task-based", -36.0, "%", "change|edp_js|tasks|odroid-xu3:4+0|odroid-xu3:4+4"),
            ],
        },
        "maturity-fig9" => FigureSpec {
            name: "maturity-fig9",
            chart: "speedup",
            schedulers: strings(&["pinned", "loop-static", "loop-dynamic", "tasks"]),
            configs: little_added,
            workloads: strings(&["blackscholes", "bodytrack", "fluidanimate", "swaptions"]),
            seeds: 1,
            paper: vec![
                num("task-based over static threading, 4+1", 59.0, "%", "gain|tasks|pinned|odroid-xu3:4+1"),
                num("loop-dynamic over static threading, 4+1", 54.0, "%", "gain|loop-dynamic|pinned|odroid-xu3:4+1"),
                num("loop-static over static threading (average)", 26.0, "%", "gain|loop-static|pinned|mean"),
            ],
        },
        "pbs-fig1" => FigureSpec {
            name: "pbs-fig1",
            chart: "spread",
            schedulers: pbs3,
            configs: strings(&["gem5-8l8s"]),
            workloads: strings(&["BF", "BS"]),
            seeds: 8,
            paper: vec![num("PBS within ± of the mean", 3.0, "%", "spread|pbs"), num("LCSS within ± of the mean", 3.0, "%", "spread|lcss"), num("LIN (no paper number: it varies)", 0.0, "%", "spread|linux")],
        },
        "pbs-fig2" | "pbs-fig3" | "pbs-fig4" => FigureSpec {
            name: match name {
                "pbs-fig2" => "pbs-fig2",
                "pbs-fig3" => "pbs-fig3",
                _ => "pbs-fig4",
            },
            chart: "makespan",
            schedulers: pbs3,
            configs: strings(&[match name {
                "pbs-fig2" => "gem5-8l8s",
                "pbs-fig3" => "gem5-6l13s",
                _ => "gem5-4l18s",
            }]),
            workloads: strings(MIX_NAMES),
            seeds: 5,
            paper: vec![
                num("PBS over LIN, average of 15 cases", 13.3, "%", "gain|pbs|linux|mean"),
                num("PBS over LIN, best case", 18.0, "%", "gain|pbs|linux|max"),
                num("LCSS over LIN, average", 5.3, "%", "gain|lcss|linux|mean"),
                num("LCSS over LIN, best case", 6.0, "%", "gain|lcss|linux|max"),
            ],
        },
        "pbs-fig5" => FigureSpec {
            name: "pbs-fig5",
            chart: "makespan",
            schedulers: strings(&["pbs", "pbs[lb=off]", "lcss", "lcss[lb=off]"]),
            configs: strings(&["gem5-8l8s", "gem5-6l13s", "gem5-4l18s"]),
            workloads: strings(MIX_NAMES),
            seeds: 1,
            paper: vec![
                num("load balancing, PBS, average", 9.9, "%", "gain|pbs|pbs[lb=off]|mean"),
                num("load balancing, PBS, best case (paper: DC)", 26.3, "%", "gain|pbs|pbs[lb=off]|max"),
                num("load balancing, LCSS, average", 9.2, "%", "gain|lcss|lcss[lb=off]|mean"),
                num("load balancing, LCSS, best case (paper: BF)", 14.4, "%", "gain|lcss|lcss[lb=off]|max"),
            ],
        },
        _ => return None,
    };
    Some(spec)
}

/// A scenario running `workload` on `config` under `schedulers`.
pub fn os_scenario(title: &str, description: &str, config: &str, workload: &str, schedulers: &[&str], seed: u64) -> InputResult<Scenario> {
    let mix: AppMix = workload_by_name(workload)
        .ok_or_else(|| InputError::new("workload", format!("unknown workload '{workload}' (an application or one of {MIX_NAMES:?})")))?;
    Ok(Scenario {
        version: SCENARIO_VERSION,
        name: title.into(),
        description: description.into(),
        seed,
        platform: config_platform(config)?,
        classes: vec![],
        workload: Workload::Applications(mix),
        events: vec![],
        schedulers: strings(schedulers),
        runtime: RuntimeOptions::default(),
    })
}

/// The OS-level scenario preset called `name`.
pub fn scenario(name: &str) -> Option<Scenario> {
    let info = OS_SCENARIOS.iter().find(|p| p.name == name)?;
    let (config, workload, schedulers): (&str, &str, &[&str]) = match name {
        "maturity-fig3" => ("odroid-xu3:2+2", "facesim", &["pinned", "gts", "tasks"]),
        "maturity-fig6" => ("odroid-xu3:4+4", "blackscholes", &["pinned", "gts", "tasks"]),
        "maturity-fig9" => ("odroid-xu3:4+1", "swaptions", &["pinned", "loop-static", "loop-dynamic", "tasks"]),
        "pbs-fig1" | "pbs-fig2" => ("gem5-8l8s", "BF", &["pbs", "lcss", "linux"]),
        "pbs-fig3" => ("gem5-6l13s", "BB", &["pbs", "lcss", "linux"]),
        "pbs-fig4" => ("gem5-4l18s", "CF", &["pbs", "lcss", "linux"]),
        "pbs-fig5" => ("gem5-8l8s", "DC", &["pbs", "pbs[lb=off]", "lcss", "lcss[lb=off]"]),
        _ => return None,
    };
    let mut s = os_scenario(info.title, info.description, config, workload, schedulers, 1).ok()?;
    if name == "pbs-fig1" {
        if let Workload::Applications(m) = &mut s.workload {
            m.repeat = 5;
        }
    }
    Some(s)
}

/// True for the applications whose regions end in barriers (seed 000 §5.1).
pub fn is_barrier_app(name: &str) -> bool {
    BARRIER_APPS.contains(&name)
}

/// Everything the OS-level pickers show, as JSON: applications (profiles), seed 002 mixes with their preference values,
/// configurations, OS-level methods, and the figure presets with their sweeps and the papers' numbers.
pub fn catalog_json() -> String {
    use crate::model::apps::{mix, profiles};
    let gem5 = platform("gem5-8l8s");
    let mixes: Vec<serde_json::Value> = MIX_NAMES
        .iter()
        .filter_map(|name| {
            let m = mix(name)?;
            let (runs, _) = m.resolve(gem5.as_ref()?, "workload").ok()?;
            Some(serde_json::json!({
                "name": name,
                "apps": runs.iter().map(|r| serde_json::json!({ "app": r.name, "threads": r.threads, "preference": r.preference })).collect::<Vec<_>>(),
            }))
        })
        .collect();
    let mut configs: Vec<String> = ["0+1", "0+4", "2+2", "4+0", "4+1", "4+2", "4+3", "4+4"].iter().map(|c| format!("odroid-xu3:{c}")).collect();
    configs.extend(["gem5-8l8s", "gem5-6l13s", "gem5-4l18s"].iter().map(|s| s.to_string()));
    let schedulers = crate::registry::infos(Some(crate::model::Level::Os));
    let figures: Vec<serde_json::Value> = OS_SCENARIOS
        .iter()
        .filter_map(|p| Some(serde_json::json!({ "name": p.name, "title": p.title, "description": p.description, "sweep": figure(p.name)? })))
        .collect();
    serde_json::json!({ "apps": profiles(), "mixes": mixes, "configs": configs, "schedulers": schedulers, "figures": figures }).to_string()
}
