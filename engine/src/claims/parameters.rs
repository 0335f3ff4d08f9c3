//! The model's parameters and where they come from, the last section of `docs/fidelity.md`: every platform preset's
//! clusters, every class set's work classes and program costs, the built-in application profiles, and the default costs of
//! the OS, loop and task runtimes, each with its source, read from the catalogue and the defaults themselves.

use crate::catalogue::{self, ClassSet, PlatformEntry};
use crate::model::loops::LoopCosts;
use crate::model::os_options::OsOptions;
use crate::model::profiles::{profiles, PROFILE_SOURCES};
use crate::model::{Cluster, Llc};
use crate::scenario::RuntimeOptions;

use super::evaluate::format_number;
use super::report::cell;

/// The section: platforms, work classes, application profiles, runtime costs.
pub fn markdown() -> String {
    let mut out = String::from(
        "## The model's parameters and where they come from\n\n\
         One parameter set per platform and application serves every figure of a paper: the claims above run the presets, \
         which name these platforms, class sets and profiles and change nothing in them; what a preset adds of its own (a task \
         graph, a loop program) is listed with it below. Each is listed as the \
         catalogue (`engine/catalogue/`) and the engine's defaults hold it, with its source: a paper's table or section, a \
         datasheet or kernel source, or *estimate* where no source gives the number (docs/model-reference.md explains every \
         mechanism and, for many estimates, what other values were measured to do to the claims).\n\n",
    );
    out.push_str("### Platforms\n\n");
    for entry in catalogue::platforms() {
        out.push_str(&platform_section(entry));
    }
    out.push_str(
        "### Work classes\n\n\
         A work class gives each core type's speed ratio (against the platform's reference core at its reference frequency), \
         β (how strongly speed follows the clock: 1 compute-bound), its memory intensity (how much memory interference and \
         contention slow it) and σ (a moldable task's parallel overhead per extra core).\n\n",
    );
    for set in catalogue::catalogue().class_sets.values() {
        out.push_str(&class_set_section(set));
    }
    out.push_str(&profiles_section());
    out.push_str(&graphs_section());
    out.push_str(&costs_section());
    out
}

fn mhz_range(c: &Cluster) -> String {
    let lo = c.freqs_mhz.first().copied().unwrap_or(c.freq_mhz);
    let hi = c.freqs_mhz.last().copied().unwrap_or(c.freq_mhz);
    let levels = if lo == hi { String::new() } else { format!(" ({lo}–{hi}, {} levels)", c.freqs_mhz.len()) };
    format!("{}{levels}", c.freq_mhz)
}

/// The cluster's powers at its starting frequency.
fn watts(c: &Cluster) -> (String, String) {
    let level = c.freqs_mhz.iter().position(|&f| f == c.freq_mhz).unwrap_or(0);
    let at = |v: &[f64]| v.get(level).map_or_else(|| "—".to_string(), |w| format_number(*w));
    (format!("{} / {}", at(&c.active_w), at(&c.idle_w)), if c.cluster_w.is_empty() { "—".into() } else { at(&c.cluster_w) })
}

fn platform_section(entry: &PlatformEntry) -> String {
    let p = &entry.platform;
    let mut out = format!("**{}** (`{}`). {}\n\n", entry.title, entry.name, entry.description);
    out.push_str("| cluster | cores | core type | MHz (range) | reference MHz | ratio | W busy / idle per core | W cluster | L1 data / L2 KB |\n");
    out.push_str("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for c in &p.clusters {
        let (core_w, cluster_w) = watts(c);
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {core_w} | {cluster_w} | {} / {} |\n",
            c.name,
            c.cores,
            c.core_type,
            mhz_range(c),
            c.ref_freq_mhz,
            format_number(c.ratio),
            c.l1_kb,
            c.l2_kb
        ));
    }
    let optional = [
        ("peak DRAM bandwidth", p.dram_gbs, " GB/s"),
        ("DRAM traffic per unit of intensity and speed", p.dram_traffic_gbs, " GB/s"),
        ("shared-L2 pressure `l2_share_stall`", p.l2_share_stall, ""),
        ("task input refill", p.task_refill, ""),
        ("stall power", p.stall_power, ""),
        ("a timestamp", p.clock_read_ns, " ns"),
    ];
    let mut extra: Vec<String> = optional.iter().filter_map(|(what, v, unit)| v.map(|v| format!("{what} {}{unit}", format_number(v)))).collect();
    if p.llc == Llc::Shared {
        extra.push("one last-level cache shared by all cores".into());
    }
    if !extra.is_empty() {
        out.push_str(&format!("\nAlso: {}.\n", extra.join("; ")));
    }
    out.push('\n');
    out
}

fn class_set_section(set: &ClassSet) -> String {
    let mut types: Vec<&String> = set.classes.iter().flat_map(|c| c.ratio.keys()).collect();
    types.sort();
    types.dedup();
    let mut out = format!("**`{}`**. {}\n\n| class |", set.name, set.description);
    for t in &types {
        out.push_str(&format!(" ratio on {t} |"));
    }
    out.push_str(" β | memory intensity | σ |\n|");
    out.push_str(&" --- |".repeat(types.len() + 4));
    out.push('\n');
    for c in &set.classes {
        out.push_str(&format!("| {} |", c.name));
        for t in &types {
            out.push_str(&format!(" {} |", c.ratio.get(*t).map_or_else(|| "—".to_string(), |r| format_number(*r))));
        }
        let sigma = format!("{}{}", format_number(c.parallel_overhead), if c.shared_partitions { ", shared partitions" } else { "" });
        out.push_str(&format!(" {} | {} | {sigma} |\n", format_number(c.beta), format_number(c.mem_intensity)));
    }
    if let Some(costs) = set.workload.as_ref().and_then(|w| w.get("costs")) {
        if let Some(map) = costs.as_object() {
            let pairs: Vec<String> = map.iter().map(|(k, v)| format!("`{k}` {v}")).collect();
            out.push_str(&format!("\nIts program's runtime costs (in place of the defaults below): {}.\n", pairs.join(", ")));
        }
    }
    out.push('\n');
    out
}

fn profiles_section() -> String {
    let mut out = String::from(
        "### Application profiles\n\n\
         The OS level's applications (Chronaki et al.'s nine PARSEC benchmarks and Zhang et al.'s freqmine; docs/model-reference.md §3d). \
         The ratio is the big core's speed over the little core's on the Odroid-XU3; on a cluster of another default ratio R it \
         becomes 1 + (ratio − 1)(R − 1)/2 (R = 3 on the Odroid's A15s, 2 on gem5's large cores, 1 on little ones).\n\n\
         | application | parallelisation | ratio | β | memory intensity | regions | split | serial fraction | tasks | preference | item spread |\n\
         | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for p in profiles() {
        let split = match p.split {
            crate::model::apps::Split::Even => "even".to_string(),
            crate::model::apps::Split::Pool => format!("pool of {} a region", p.chunks),
        };
        let preference = match p.supplement {
            0 => p.preference.to_string(),
            s => format!("{} ({} {} 1)", i32::from(p.preference) + i32::from(s), p.preference, if s > 0 { "+" } else { "−" }),
        };
        out.push_str(&format!(
            "| {} | {} | {} | {} | {} | {} | {split} | {} | {} | {preference} | {} |\n",
            p.name,
            p.kind,
            format_number(p.ratio),
            format_number(p.beta),
            format_number(p.mem_intensity),
            p.regions,
            format_number(p.serial_fraction),
            thousands(u64::from(p.tasks)),
            format_number(p.item_cv)
        ));
    }
    out.push_str("\nWhere they come from:\n\n");
    for (column, source) in PROFILE_SOURCES {
        out.push_str(&format!("- **{column}**: {source}\n"));
    }
    out.push('\n');
    out
}

/// `n` with thousands separated by commas, as the papers print them.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The layered task graphs of the presets that carry claims (the task level's workloads are per figure, not per platform).
fn graphs_section() -> String {
    let mut out = String::from(
        "### Task graphs\n\n\
         The task level's workloads belong to their figures: Chen et al.'s synthetic DAGs (§4.2.2) are layers of P tasks of one kernel, \
         one of them critical, whose end releases the next layer, with 32,000 matmul tasks of 64 × 64 tiles and 10,000 copy and 20,000 \
         stencil tasks of 1024 × 1024 unless a figure says otherwise; the L1-miss factor of a 64 × 64 tile on an A57 and Fig. 8's \
         run-to-run jitter (its noise law at a 32 × 32 tile) are *estimates* (the `tx2` class set above; docs/model-reference.md §3a).\n\n\
         | preset | figure | kernel (class) | tasks | parallelism P | tile | L1-miss factor | jitter cv |\n\
         | --- | --- | --- | --- | --- | --- | --- | --- |\n",
    );
    for preset in catalogue::presets().iter().filter(|p| !p.claims.is_empty()) {
        let w = &preset.scenario["workload"];
        if w["kind"] != "layered" {
            continue;
        }
        let num = |key: &str| w[key].as_f64().map_or_else(|| "—".to_string(), format_number);
        let count = |key: &str| w[key].as_u64().map_or_else(|| "—".to_string(), thousands);
        let kernel = match w["class"].as_str() {
            Some(class) => format!("{} ({class})", w["kernel"].as_str().unwrap_or("—")),
            None => w["kernel"].as_str().unwrap_or("—").to_string(),
        };
        out.push_str(&format!(
            "| `{}` | {} | {kernel} | {} | {} | {} | {} | {} |\n",
            preset.name,
            cell(&preset.figure_text()),
            count("tasks"),
            count("parallelism"),
            count("tile"),
            num("l1_miss_factor"),
            num("jitter_cv")
        ));
    }
    out.push('\n');
    out
}

/// One default cost: name as a scenario spells it, value with its unit, and its source.
fn row(name: &str, value: String, source: &str) -> String {
    format!("| `{name}` | {value} | {source} |\n")
}

fn ns(t: f64) -> String {
    if t >= 1e6 {
        format!("{} ms", format_number(t / 1e6))
    } else if t >= 1e3 {
        format!("{} µs", format_number(t / 1e3))
    } else {
        format!("{} ns", format_number(t))
    }
}

fn costs_section() -> String {
    let os = OsOptions::default();
    let rt = RuntimeOptions::default();
    let lc = LoopCosts::default();
    let est = "*estimate*";
    let mut out = String::from(
        "### Runtime and operating-system costs\n\n\
         The defaults every scenario starts from; a scenario may change them. The presets keep them, apart from their loop \
         programs' own costs (above) and the PTT weights that Chen et al.'s Fig. 8 compares.\n\n| parameter | default | source |\n| --- | --- | --- |\n",
    );
    out.push_str("| **task runtime** (`runtime`) | | |\n");
    out.push_str(&row("steal_ns", ns(rt.steal_ns as f64), est));
    out.push_str(&row("ptt_search_ns", ns(rt.ptt_search_ns as f64), "Chen et al. §4.1.1: a global search of the PTT costs in the order of a microsecond on the TX2"));
    out.push_str(&row("dispatch_ns", ns(rt.dispatch_ns as f64), est));
    out.push_str(&row("ptt_weight", format_number(rt.ptt_weight), "Chen et al. §4.1.1: a new measurement weighs 1 against the old value's 4"));
    out.push_str(&row(
        "explore_one_in",
        rt.explore_one_in.to_string(),
        "XiTAO's `refresh_frequency` (its perf_model): one local search in ten tries a random place (docs/model-reference.md §4a)",
    ));
    out.push_str("| **OpenMP loops** (a loop program's `costs`) | | |\n");
    out.push_str(&row("removal_ns", ns(lc.removal_ns), &format!("{est}: libgomp's removal of a chunk on the fastest core, slower cores in proportion")));
    out.push_str(&row("removal_growth", format_number(lc.removal_growth), &format!("{est}: each removal costs 1 + this × (T − 1) more with T threads")));
    out.push_str(&row("barrier_ns", ns(lc.barrier_ns as f64), est));
    out.push_str(&row("line_ns, cross_cluster_ns", format!("{} / {}", ns(lc.line_ns), ns(lc.cross_cluster_ns)), "off by default; the class sets' programs give 60 ns each (*estimate*)"));
    out.push_str(&row("cold_factor", format_number(lc.cold_factor), "off by default; the class sets' programs give their own (*estimate*)"));
    out.push_str("| **operating system** (an application mix's `os`) | | |\n");
    out.push_str(&row("slice_ns", ns(os.slice_ns as f64), &format!("{est}: the time slice when threads outnumber cores")));
    out.push_str(&row("migration_ns", ns(os.migration_ns as f64), &format!("{est}, plus the L2 refill on a platform that gives its DRAM bandwidth (docs/model-reference.md §1)")));
    out.push_str(&row("tick_ns", ns(os.tick_ns as f64), &format!("{est}: load tracking and periodic balancing")));
    out.push_str(&row("half_life_ns", ns(os.half_life_ns as f64), &format!("{est}: the decay of tracked load")));
    out.push_str(&row(
        "up_threshold, down_threshold",
        format!("{} / {} of 1024", os.up_threshold, os.down_threshold),
        "GTS's `hmp_up_threshold` and `hmp_down_threshold` in the big.LITTLE MP patches (docs/model-reference.md §4c)",
    ));
    out.push_str(&row("barrier_wake_ns", ns(os.barrier_wake_ns as f64), &format!("{est}: a thread leaving a barrier it slept at")));
    out.push_str(&row(
        "barrier_spin_ns",
        ns(os.barrier_spin_ns as f64),
        &format!("{est}: libgomp's `GOMP_SPINCOUNT` default of 300,000 polls on an A15 at 1.6 GHz"),
    ));
    out.push_str(&row(
        "removal_ns, removal_growth, line_ns, cross_cluster_ns",
        format!("{} / {} / {} / {}", ns(os.removal_ns), format_number(os.removal_growth), ns(os.line_ns), ns(os.cross_cluster_ns)),
        "the loop level's, for the loop versions of the applications (*estimate*)",
    ));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_every_platform_class_set_and_profile_with_a_source_per_column() {
        let text = markdown();
        for entry in catalogue::platforms() {
            assert!(text.contains(&format!("(`{}`)", entry.name)), "platform {} missing", entry.name);
        }
        for name in catalogue::catalogue().class_sets.keys() {
            assert!(text.contains(&format!("**`{name}`**")), "class set {name} missing");
        }
        for p in profiles() {
            assert!(text.contains(&format!("| {} | {} |", p.name, p.kind)), "profile {} missing", p.name);
        }
        for (column, source) in PROFILE_SOURCES {
            assert!(text.contains(&format!("- **{column}**: {source}")) && source.len() > 20, "{column}: no source");
        }
        assert_eq!(thousands(128_500), "128,500");
        assert_eq!(thousands(999), "999");
    }
}
