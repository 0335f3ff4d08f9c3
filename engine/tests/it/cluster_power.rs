//! Cluster power (docs/model-reference.md §1 Power, a cluster's `cluster_w`): a cluster's shared logic draws its power while any of
//! its cores is busy, once however many are, and nothing while all of them idle; it never changes a schedule.

use crate::os_model::os_scenario;
use engine::model::Platform;

fn run(config: &str, schedulers: &[&str], without_cluster_power: bool) -> (Platform, engine::run::ScenarioResult) {
    let mut s = os_scenario(config, "blackscholes", schedulers, 1).expect("scenario");
    if without_cluster_power {
        for c in &mut s.platform.clusters {
            c.cluster_w.clear();
        }
    }
    (s.platform.clone(), engine::run::run(&s).expect("run"))
}

/// The cluster power at the starting level of each cluster, W.
fn cluster_w(p: &Platform) -> Vec<f64> {
    p.clusters.iter().map(|c| c.cluster_w[c.freqs_mhz.iter().position(|&f| f == c.freq_mhz).expect("level")]).collect()
}

#[test]
fn one_busy_core_pays_its_cluster_once_and_many_share_it() {
    // One A7: the cluster's power is drawn exactly while that core works.
    let (p, with) = run("odroid-xu3:0+1", &["pinned"], false);
    let (_, without) = run("odroid-xu3:0+1", &["pinned"], true);
    let w = cluster_w(&p)[0];
    assert!(w > 0.0, "the catalogue's Odroid-XU3 gives its A7 cluster a power");
    for (a, b) in with.runs.iter().zip(&without.runs) {
        assert_eq!(a.metrics.makespan_ns, b.metrics.makespan_ns, "{}: power never changes a schedule", a.scheduler);
        let busy_ns = (a.metrics.busy_ns_per_core[0] + a.metrics.overhead_ns_per_core[0]) as f64;
        let added_nj = (a.metrics.energy_j - b.metrics.energy_j) * 1e9;
        assert!((added_nj - w * busy_ns).abs() < 1e-6 * added_nj, "{}: {added_nj} nJ for {busy_ns} ns busy", a.scheduler);
    }
    // Eight cores: each cluster's power is drawn over the union of its cores' busy time, at least as long as the busiest
    // core's and shorter than their sum when they overlap.
    let (p, with) = run("odroid-xu3:4+4", &["pinned", "tasks"], false);
    let (_, without) = run("odroid-xu3:4+4", &["pinned", "tasks"], true);
    let w = cluster_w(&p);
    let cluster_of = p.cluster_of_cores();
    for (a, b) in with.runs.iter().zip(&without.runs) {
        assert_eq!(a.metrics.makespan_ns, b.metrics.makespan_ns, "{}", a.scheduler);
        let (mut longest, mut sum) = (0.0f64, 0.0f64);
        let busy: Vec<f64> = (0..p.n_cores()).map(|c| (a.metrics.busy_ns_per_core[c] + a.metrics.overhead_ns_per_core[c]) as f64).collect();
        for (core, ns) in busy.iter().enumerate() {
            longest = longest.max(w[cluster_of[core]] * ns);
            sum += w[cluster_of[core]] * ns;
        }
        let added_nj = (a.metrics.energy_j - b.metrics.energy_j) * 1e9;
        assert!(added_nj >= longest * (1.0 - 1e-9) && added_nj < 0.5 * sum, "{}: {added_nj} nJ (busiest core {longest}, sum {sum})", a.scheduler);
    }
}

#[test]
fn a_cluster_power_table_needs_one_value_per_level() {
    let mut p = engine::catalogue::config_platform("odroid-xu3").expect("platform");
    p.clusters[1].cluster_w = vec![0.1];
    let e = p.validate("platform").expect_err("one value for thirteen levels");
    assert_eq!(e.path, "platform.clusters[1].cluster_w");
    p.clusters[1].cluster_w.clear();
    p.validate("platform").expect("no cluster power is fine");
    p.clusters[1].cluster_w = vec![-0.1; p.clusters[1].freqs_mhz.len()];
    assert_eq!(p.validate("platform").expect_err("negative").path, "platform.clusters[1].cluster_w[0]");
}
