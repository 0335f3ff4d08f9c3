//! Model checks of the OS level that are not paper claims: the ideal bound of Chronaki et al.'s Eq. 4 that no run may beat,
//! determinism, every OS preset running, exclusive cores and conserved work under every OS scheduler. The papers' claims
//! are in the catalogue (`claims.rs` holds them to their bands).

use std::collections::BTreeMap;

use engine::claims::cells::{run_cell, scenario_of, Cell};
use engine::Scenario;

/// A bare applications scenario: `workload` (an application or a mix) on `config` under `schedulers`.
pub fn os_scenario(config: &str, workload: &str, schedulers: &[&str], seed: u64) -> engine::InputResult<Scenario> {
    scenario_of(&cell(config, workload, schedulers, seed))
}

fn cell(config: &str, workload: &str, schedulers: &[&str], seed: u64) -> Cell {
    let set = BTreeMap::from([
        ("platform".to_string(), serde_json::json!(config)),
        ("workload".to_string(), serde_json::json!(workload)),
        ("schedulers".to_string(), serde_json::json!(schedulers)),
    ]);
    Cell { index: 0, preset: None, set, seed, schedulers: None }
}

fn extras(config: &str, workload: &str, scheduler: &str) -> serde_json::Value {
    let row = run_cell(&cell(config, workload, &[scheduler], 1)).unwrap_or_else(|e| panic!("{scheduler} on {config} with {workload}: {e}"));
    row.runs[0]["extras"].clone()
}

/// Chronaki et al. Eq. 4: the ideal speedup B·ratio + L bounds every run. Tolerance: 0.5% for the rounding of integer time.
#[test]
fn no_run_beats_the_ideal_bound() {
    let mut checked = 0;
    for config in ["0+4", "2+2", "4+0", "4+1", "4+4"] {
        for app in ["blackscholes", "bodytrack", "canneal", "ferret", "swaptions"] {
            for sched in ["pinned", "linux", "gts", "cs", "iks", "loop-dynamic", "tasks"] {
                let e = extras(&format!("odroid-xu3:{config}"), app, sched);
                let (s, ideal) = (e["speedup"].as_f64().expect("speedup"), e["ideal_speedup"].as_f64().expect("ideal"));
                assert!(s > 0.5 && s <= ideal * 1.005, "{sched} {app} {config}: speedup {s:.3} vs ideal {ideal:.3}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 175);
    // The bound itself is Eq. 4 on the Odroid: bodytrack on 2+2 is 2 × 4.16 + 2.
    let e = extras("odroid-xu3:2+2", "bodytrack", "pinned");
    assert!((e["ideal_speedup"].as_f64().expect("ideal") - 10.32).abs() < 1e-9);
}

/// The same scenario and seed give the same schedule, and every OS-level preset runs.
#[test]
fn os_runs_are_deterministic_and_every_preset_runs() {
    let s = os_scenario("gem5-8l8s", "BF", &["linux", "gts", "cs", "iks"], 7).expect("scenario");
    let a = engine::run::run(&s).expect("run");
    let b = engine::run::run(&s).expect("run");
    for (x, y) in a.runs.iter().zip(&b.runs) {
        assert_eq!(x.record.start_ns, y.record.start_ns);
        assert_eq!(x.record.lane, y.record.lane);
        assert_eq!(x.metrics, y.metrics);
    }
    let figures: Vec<_> = engine::catalogue::presets().iter().filter(|p| p.lab.is_some()).collect();
    assert_eq!(figures.len(), 8);
    for p in figures {
        let s = engine::catalogue::scenario(&p.name).expect("preset");
        let r = engine::run::run(&s).unwrap_or_else(|e| panic!("{}: {e}", p.name));
        assert!(r.runs.iter().all(|run| run.os_metrics().is_some()), "{}", p.name);
        assert!(engine::claims::lab::Grid::of_figure(&p.name).is_some_and(|g| !g.is_empty()), "{} has a sweep", p.name);
    }
}

/// Invariants of the thread simulator for every OS scheduler: a core runs one thread at a time, and the work done
/// (segment time × speed of the application on that core) equals the applications' work. Tolerance: 1 ns of rounding per item.
/// `loop-dynamic` charges libgomp's removals of blackscholes' options as work of its items (docs/model-reference.md §3d),
/// so this check runs without removal costs; `loop_dynamic_pays_a_removal_per_option` checks what they add.
#[test]
fn threads_never_share_a_core_and_work_is_conserved() {
    use engine::model::apps::workload_by_name;
    use engine::model::SpeedState;
    for (config, workload) in [("odroid-xu3:4+2", "bodytrack"), ("gem5-6l13s", "BB"), ("odroid-xu3:2+3", "DC"), ("gem5-4l18s", "CF")] {
        for sched in ["pinned", "linux", "gts", "cs", "iks", "pbs", "lcss", "pbs[lb=off]", "loop-dynamic", "loop-static", "loop-dynamic[bind=on]"] {
            let mut s = os_scenario(config, workload, &[sched], 3).expect("scenario");
            let engine::model::Workload::Applications(m) = &mut s.workload else { panic!("applications workload") };
            (m.os.removal_ns, m.os.line_ns, m.os.cross_cluster_ns) = (0.0, 0.0, 0.0);
            let r = engine::run::run(&s).unwrap_or_else(|e| panic!("{sched} {config} {workload}: {e}"));
            let rec = &r.runs[0].record;
            let mix = workload_by_name(workload).expect("mix");
            let (apps, classes) = mix.resolve(&s.platform, "w").expect("resolve");
            let speed = SpeedState::new(&s.platform, &classes);
            let mut done = vec![0.0f64; apps.len()];
            let mut items = vec![0u64; apps.len()];
            for i in 0..rec.len() {
                if i > 0 && rec.lane[i] == rec.lane[i - 1] {
                    assert!(rec.start_ns[i] >= rec.end_ns[i - 1], "{sched} {config} {workload}: overlap on core {}: [{} {} item {} kind {}] [{} {} item {} kind {}]", rec.lane[i], rec.start_ns[i-1], rec.end_ns[i-1], rec.item[i-1], rec.kind[i-1], rec.start_ns[i], rec.end_ns[i], rec.item[i], rec.kind[i]);
                }
                if rec.kind[i] == 0 {
                    let a = rec.group[i] as usize;
                    done[a] += (rec.end_ns[i] - rec.start_ns[i]) as f64 * speed.speed(rec.lane[i] as usize, apps[a].class);
                    items[a] += 1;
                }
            }
            for (a, app) in apps.iter().enumerate() {
                // Integer time rounds each item's end: a few ns per pool item (the profile's chunks, or a loop's iterations under
                // loop-dynamic), per thread's share and per segment.
                let pool_items = app.profile.chunks.max(app.loop_iterations()) as f64;
                let slack = 4.0 * (items[a] as f64 + pool_items * app.profile.regions as f64 + 2.0 * app.threads as f64 * app.profile.regions as f64);
                assert!((done[a] - app.profile.work_ns).abs() <= slack, "{sched} {config} {workload} {}: did {} of {}", app.name, done[a], app.profile.work_ns);
            }
        }
    }
}

/// Linux CFS (docs/model-reference.md §4c): its balancer moves threads between cores (the migrations are in the record) where
/// placement alone does not, a run repeats bit for bit under one seed and varies across seeds (Zhang et al.'s jitter),
/// and capacity-aware misfit migration (`misfit=on`) pulls little-core threads onto idle big cores, which the
/// capacity-blind default leaves where the counts say.
#[test]
fn linux_cfs_migrates_threads_is_deterministic_per_seed_and_varies_across_seeds() {
    for (config, workload) in [("gem5-8l8s", "BS"), ("gem5-6l13s", "BB"), ("gem5-4l18s", "DC")] {
        let s = os_scenario(config, workload, &["linux", "linux[lb=off]", "linux[misfit=on]"], 1).expect("scenario");
        let r = engine::run::run(&s).expect("run");
        let again = engine::run::run(&s).expect("run");
        for (x, y) in r.runs.iter().zip(&again.runs) {
            assert_eq!((&x.record.start_ns, &x.record.lane, &x.record.migrations), (&y.record.start_ns, &y.record.lane, &y.record.migrations), "{config} {workload}");
        }
        let (on, off, misfit) = (&r.runs[0], &r.runs[1], &r.runs[2]);
        assert!(on.record.migrations.len() > off.record.migrations.len(), "{config} {workload}: balancing migrates ({} vs {})", on.record.migrations.len(), off.record.migrations.len());
        assert!(misfit.metrics.makespan_ns < on.metrics.makespan_ns, "{config} {workload}: misfit migration uses the idle big cores");
        let to_big = |run: &engine::run::Run| run.record.migrations.iter().filter(|m| (m.to_core as usize) < s.platform.clusters[0].cores as usize).count();
        assert!(to_big(misfit) > to_big(on), "{config} {workload}: misfit moves more threads up");
    }
    let makespans: Vec<u64> = (1..=5)
        .map(|seed| {
            let s = os_scenario("gem5-8l8s", "BF", &["linux"], seed).expect("scenario");
            engine::run::run(&s).expect("run").runs[0].metrics.makespan_ns
        })
        .collect();
    assert!(makespans.iter().any(|&m| m != makespans[0]), "LIN varies from seed to seed: {makespans:?}");
}

/// Zhang et al.'s LIN against PBS (docs/model-reference.md §4c, "Against Zhang et al.'s kernel"; docs/fidelity.md, Fig. 2–4): with
/// as many threads as cores, a capacity-blind kernel ends an evenly split region on the small cores' time, since no thread
/// left alone on a small core moves up before it is nearly done, while PBS's balancing (PBB) refills the large cores as
/// soon as they idle. This is what keeps the model's LIN behind PBS on BS (blackscholes + swaptions) on 8L8S in every
/// repetition, where Zhang et al. report at most 18%.
#[test]
fn capacity_blind_linux_ends_an_even_region_on_the_small_cores_time_and_pbs_does_not() {
    let region_on_small_ns = |app: &str| {
        let p = engine::model::apps::profile(app).expect("profile");
        p.work_ns * (1.0 - p.serial_fraction) / 8.0
    };
    let small_ns = region_on_small_ns("blackscholes").min(region_on_small_ns("swaptions"));
    for seed in 1..=4 {
        let s = os_scenario("gem5-8l8s", "BS", &["linux", "pbs"], seed).expect("scenario");
        let r = engine::run::run(&s).expect("run");
        let (linux, pbs) = (r.runs[0].metrics.makespan_ns as f64, r.runs[1].metrics.makespan_ns as f64);
        assert!(linux >= small_ns, "seed {seed}: LIN {linux} ns ends before a small core could finish its share ({small_ns} ns)");
        assert!(pbs < 0.9 * small_ns, "seed {seed}: PBS {pbs} ns should move the small cores' threads up ({small_ns} ns)");
    }
}

/// GTS compares a thread's tracked load with its thresholds, and the big.LITTLE MP patches track the time a thread is
/// runnable, waiting in a run queue as well as running (`load_avg_ratio`; docs/model-reference.md §4c). With twice as many
/// threads as cores, facesim's threads wait on every core, so they look as heavy as they are and GTS keeps them on the big
/// cores; counted by their running time alone, the waiting threads looked light, went to the little cores at every
/// barrier and left the big cores idle about 84% of the run.
#[test]
fn gts_counts_the_time_threads_wait_as_load_and_keeps_the_big_cores_busy() {
    let mut s = os_scenario("odroid-xu3:2+2", "facesim", &["gts"], 1).expect("scenario");
    let engine::model::Workload::Applications(mix) = &mut s.workload else { panic!("applications workload") };
    mix.apps[0].threads = Some(8);
    let r = engine::run::run(&s).expect("run");
    let m = &r.runs[0].metrics;
    for core in 0..2 {
        let busy = m.busy_ns_per_core[core] as f64 / m.makespan_ns as f64;
        assert!(busy > 0.6, "big core {core} busy {busy:.2} of the run");
    }
}

/// Chronaki et al. §4.2, §5.1 (docs/model-reference.md §3d): a pipeline's task version keeps no barriers: no task waits for more than
/// its region's serial stage and the task of the previous region whose data it consumes, and the serial stages form one
/// chain; a data-parallel application's serial section still waits for its whole previous region. (Bodytrack's profile, the
/// only pipeline with several regions, runs its serial sections on its master thread; a pipeline with its regions and
/// serial sections as tasks stands in.)
#[test]
fn pipeline_task_versions_overlap_their_stages() {
    let platform = engine::catalogue::platform("odroid-xu3").expect("platform");
    let graph_of = |mix: engine::model::apps::AppMix| {
        let (apps, _) = mix.resolve(&platform, "workload").expect("mix");
        engine::run::os::task_graph(&apps, platform.n_cores(), 1)
    };
    let graph = |app: &str| graph_of(engine::model::apps::AppMix::of(app, &[app]));
    let most_preds = |g: &engine::model::TaskGraph| g.n_preds.iter().copied().max().unwrap_or(0);
    let mut mix = engine::model::apps::AppMix::of("staged", &["bodytrack"]);
    let profile = engine::model::apps::profiles().into_iter().find(|p| p.name == "bodytrack").expect("profile");
    mix.apps[0].profile = Some(engine::model::apps::AppProfile { name: "staged".into(), serial_on_master: false, ..profile });
    mix.apps[0].app = "staged".into();
    let staged = graph_of(mix);
    assert!(staged.pinned.is_empty());
    assert_eq!(most_preds(&staged), 2);
    let serial_work = staged.work_ns[0];
    let stages: Vec<usize> = (0..staged.len()).filter(|&i| staged.work_ns[i] == serial_work).collect();
    assert_eq!(stages.len(), 20);
    for pair in stages.windows(2) {
        assert!(staged.successors(pair[0]).contains(&(pair[1] as u32)), "stage {} does not release stage {}", pair[0], pair[1]);
        assert_eq!(staged.n_preds[pair[1]], 1);
    }
    assert!(most_preds(&graph("facesim")) > 2);
    assert!(graph("facesim").pinned.is_empty(), "a data-parallel application's serial sections are tasks any core may take");
}

/// docs/model-reference.md §3d, "What PARSECSs's bodytrack does": its task version waits for each region's tasks
/// (`taskwait`) and runs the serial section that follows on the thread that created them, its master thread, on core 0;
/// under FIFO every serial section then runs on core 0, a big core, in every configuration with one, where the tasks of
/// the regions run on every core.
#[test]
fn bodytrack_serial_sections_run_on_the_master_thread() {
    let platform = engine::catalogue::platform("odroid-xu3").expect("platform");
    let (apps, _) = engine::model::apps::AppMix::of("bodytrack", &["bodytrack"]).resolve(&platform, "workload").expect("mix");
    let g = engine::run::os::task_graph(&apps, platform.n_cores(), 1);
    let serial_work = g.work_ns[0];
    let stages: Vec<usize> = (0..g.len()).filter(|&i| g.work_ns[i] == serial_work).collect();
    assert_eq!(stages.len(), 20);
    assert_eq!(g.pinned, stages.iter().map(|&i| (i as u32, 0, 1)).collect::<Vec<_>>());
    for &stage in &stages[1..] {
        assert!(g.n_preds[stage] > 1000, "stage {stage} waits for the {} items of the region before it", g.n_preds[stage]);
    }
    // Behind an application of three threads, bodytrack's master thread is its first thread's: on core 3.
    let mut mix = engine::model::apps::AppMix::of("mix", &["blackscholes", "bodytrack"]);
    mix.apps[0].threads = Some(3);
    let (apps, _) = mix.resolve(&platform, "workload").expect("mix");
    let g = engine::run::os::task_graph(&apps, platform.n_cores(), 1);
    assert_eq!(g.pinned.len(), 20);
    assert!(g.pinned.iter().all(|&(_, leader, width)| leader == 3 && width == 1), "{:?}", &g.pinned[..2]);
    for config in ["odroid-xu3:4+1", "odroid-xu3:4+4"] {
        let s = os_scenario(config, "bodytrack", &["tasks"], 1).expect("scenario");
        let r = engine::run::run(&s).expect("run");
        let rec = &r.runs[0].record;
        let mut lanes: Vec<u32> = (0..rec.len()).filter(|&i| rec.item[i] != engine::trace::NO_ITEM).map(|i| rec.lane[i]).collect();
        let serial: Vec<u32> = (0..rec.len()).filter(|&i| stages.contains(&(rec.item[i] as usize))).map(|i| rec.lane[i]).collect();
        assert_eq!(serial.len(), 20, "{config}: every serial section runs once, in one piece");
        assert!(serial.iter().all(|&lane| lane == 0), "{config}: serial sections on cores {serial:?}");
        lanes.sort_unstable();
        lanes.dedup();
        assert_eq!(lanes.len(), s.platform.n_cores(), "{config}: the regions' tasks run on every core");
    }
}

/// docs/model-reference.md §1, §4c: the last-level cache domain is a platform property, and Linux's wake-up placement
/// (`select_idle_sibling()` over `sd_llc`) searches it. A thread woken while its previous (small) CPU is busy takes an
/// idle large CPU when every core shares one cache (Zhang et al.'s gem5 systems), and queues on its previous CPU when
/// each cluster has its own cache and its cluster has no idle CPU (a big.LITTLE SoC). The domains follow the caches too.
#[test]
fn linux_wake_ups_search_the_cache_sharing_domain() {
    use engine::model::Llc;
    use engine::os::linux::Linux;
    use engine::os::{AppInfo, CoreInfo, OsScheduler, OsView, ThreadInfo, ThreadState};

    let mut platform = engine::catalogue::platform("gem5-8l8s").expect("platform");
    assert_eq!(platform.llc_of_cores(), platform.cluster_of_cores(), "one cache per cluster by default");
    let text = serde_json::to_string(&platform).expect("json");
    assert!(!text.contains("llc"), "the default is left out of the JSON");
    platform.llc = Llc::Shared;
    assert_eq!(platform.llc_of_cores(), vec![0; 16]);
    let back: engine::model::Platform = serde_json::from_str(&serde_json::to_string(&platform).expect("json")).expect("parse");
    assert_eq!(back.llc, Llc::Shared, "\"llc\": \"shared\" round-trips");

    // Two large CPUs (0, 1, idle) and two small ones (2, 3, each running a thread); thread 2 last ran on CPU 2 and wakes.
    let view_parts = |shared: bool| {
        let cores: Vec<CoreInfo> = (0..4)
            .map(|c| CoreInfo { cluster: usize::from(c >= 2), llc: if shared { 0 } else { usize::from(c >= 2) }, big: c < 2, running: (c >= 2).then_some(c - 2), queued: vec![], online: true })
            .collect();
        let thread = |state, core: Option<usize>, prev| ThreadInfo { app: 0, local: 0, state, core, prev_core: prev, util: 1024.0, load: 1024.0, movable: true };
        let threads = vec![thread(ThreadState::Running, Some(2), Some(2)), thread(ThreadState::Running, Some(3), Some(3)), thread(ThreadState::Blocked, None, Some(2))];
        (cores, threads, vec![AppInfo { preference: 3, threads: 3, done: false }])
    };
    for (shared, want) in [(true, 0usize), (false, 2)] {
        let (cores, threads, apps) = view_parts(shared);
        let mut rng = engine::sim::Rng::new(1);
        let mut view = OsView { now_ns: 0, threads: &threads, cores: &cores, apps: &apps, up_threshold: 700.0, down_threshold: 512.0, rng: &mut rng };
        let got = Linux::new(true, false).place(&mut view, 2, true);
        assert_eq!(got, want, "shared LLC: {shared}");
        let domains = engine::os::cfs::build_domains(&view);
        let levels: Vec<usize> = domains[2].iter().map(|d| d.groups.len()).collect();
        assert_eq!(levels, if shared { vec![4] } else { vec![2, 2] }, "one level over every CPU, or the cluster then the platform");
    }
}
/// DRAM contention (docs/model-reference.md §1 Memory): with the platform's `dram_traffic_gbs` set, memory-bound threads that run
/// together share the Odroid's 14.93 GB/s and slow each other, at the OS level and in the task runtime alike, while
/// work whose demand fits the bandwidth runs as alone; a core stalled on DRAM draws only part of its busy power.
#[test]
fn dram_contention_slows_memory_bound_threads_that_run_together() {
    let run = |app: &str, traffic: Option<f64>| {
        let mut s = os_scenario("odroid-xu3:4+0", app, &["pinned", "tasks"], 1).expect("scenario");
        s.platform.dram_traffic_gbs = traffic;
        engine::run::run(&s).expect("run")
    };
    // streamcluster (memory intensity 0.6, ratio 3.48): four A15s draw 4 × 3.48 × 0.6 × 8 ≈ 67 GB/s, far beyond 14.93.
    let alone = run("streamcluster", None);
    let shared = run("streamcluster", Some(8.0));
    for (a, b) in alone.runs.iter().zip(&shared.runs) {
        let slower = b.metrics.makespan_ns as f64 / a.metrics.makespan_ns as f64;
        assert!(slower > 1.3, "{}: {slower:.3}× with contention", a.scheduler);
        assert!(b.record.stall_nj.iter().sum::<f64>() > 0.0, "{}: stalls are counted", a.scheduler);
        // The stalled time draws less than busy power: below what the same busy time would cost with no stall discount.
        let mut full = b.record.clone();
        full.stall_nj.clear();
        let full_j = engine::metrics::energy_j(&shared_platform(), &full, b.metrics.makespan_ns);
        assert!(b.metrics.energy_j < full_j * 0.95, "{}: {} J against {full_j} J", a.scheduler, b.metrics.energy_j);
    }
    // The one-little-core baseline of Eq. 1 draws 0.6 × 8 = 4.8 GB/s: no contention, so the speedup falls by the slowdown.
    let s_alone = engine::claims::adapter::run_values(&alone.runs[0])["extras"]["speedup"].as_f64().expect("speedup");
    let s_shared = engine::claims::adapter::run_values(&shared.runs[0])["extras"]["speedup"].as_f64().expect("speedup");
    assert!(s_shared < s_alone * 0.8, "{s_shared} vs {s_alone}");
    // swaptions (intensity 0.1): 4 × 2.78 × 0.1 × 8 ≈ 8.9 GB/s fits the bandwidth, so nothing changes.
    let (a, b) = (run("swaptions", None), run("swaptions", Some(8.0)));
    for (x, y) in a.runs.iter().zip(&b.runs) {
        assert_eq!(x.metrics.makespan_ns, y.metrics.makespan_ns, "{}", x.scheduler);
    }
}

fn shared_platform() -> engine::model::Platform {
    let mut p = os_scenario("odroid-xu3:4+0", "streamcluster", &["pinned"], 1).expect("scenario").platform;
    p.dram_traffic_gbs = Some(8.0);
    p
}

/// Shared-L2 pressure (docs/model-reference.md §1 Shared L2): with the platform's `l2_share_stall` set, a core slows by
/// `1 + c · m · s · (√n − 1)` while `n` cores of its cluster are busy, in the OS simulator and the task runtime alike; one
/// busy core runs as alone (the performance ratios were measured that way), and a slow core loses less than a fast one.
#[test]
fn shared_l2_slows_busy_clusters_and_fast_cores_most() {
    let run = |config: &str, app: &str, stall: Option<f64>| {
        let mut s = os_scenario(config, app, &["pinned", "tasks"], 1).expect("scenario");
        s.platform.l2_share_stall = stall;
        engine::run::run(&s).expect("run")
    };
    let slowdown = |config: &str, app: &str| -> Vec<f64> {
        let (a, b) = (run(config, app, None), run(config, app, Some(0.1)));
        a.runs.iter().zip(&b.runs).map(|(x, y)| y.metrics.makespan_ns as f64 / x.metrics.makespan_ns as f64).collect()
    };
    // streamcluster (intensity 0.6, ratio 3.48, β 0.6 at the reference 1.6 GHz): four busy A15s run at
    // 1 / (1 + 0.1 × 0.6 × 3.48 × (√4 − 1)) ≈ 0.83 of their speed; its 2% serial sections run on one busy core, unslowed.
    let big = slowdown("odroid-xu3:4+0", "streamcluster");
    for (s, name) in big.iter().zip(["pinned", "tasks"]) {
        assert!((1.15..1.23).contains(s), "{name} on 4+0: {s:.3}× with the L2 shared");
    }
    // Four busy A7s (speed 1 at 800 MHz): 1 + 0.1 × 0.6 × 1 ≈ 1.06, less than the A15s lose.
    let little = slowdown("odroid-xu3:0+4", "streamcluster");
    for ((l, b), name) in little.iter().zip(&big).zip(["pinned", "tasks"]) {
        assert!(*l > 1.03 && l < b, "{name} on 0+4: {l:.3}× against {b:.3}× on 4+0");
    }
    // One core alone: nothing changes.
    let (a, b) = (run("odroid-xu3:1+0", "streamcluster", None), run("odroid-xu3:1+0", "streamcluster", Some(0.1)));
    for (x, y) in a.runs.iter().zip(&b.runs) {
        assert_eq!(x.metrics.makespan_ns, y.metrics.makespan_ns, "{} on one core", x.scheduler);
    }
    // A bad value names its field.
    let mut p = shared_platform();
    p.l2_share_stall = Some(-1.0);
    let err = p.validate("platform").expect_err("negative stall");
    assert!(err.to_string().contains("platform.l2_share_stall"), "{err}");
}

/// Cross-cluster refill of a task's input (docs/model-reference.md §4a, the platform's `task_refill`): a task that runs on another
/// cluster than the predecessor that released it waits for its working set to come from DRAM; nothing is charged while
/// the data stay in one cluster, and threads (static threading) are never charged by it.
#[test]
fn task_refill_charges_tasks_that_change_cluster_only() {
    let run = |config: &str, refill: Option<f64>| {
        let mut s = os_scenario(config, "streamcluster", &["pinned", "tasks"], 1).expect("scenario");
        s.platform.task_refill = refill;
        engine::run::run(&s).expect("run")
    };
    // One cluster: every task's input stays in its L2, so the run is the same bit for bit.
    let (a, b) = (run("odroid-xu3:4+0", None), run("odroid-xu3:4+0", Some(1.0)));
    for (x, y) in a.runs.iter().zip(&b.runs) {
        assert_eq!(x.metrics.makespan_ns, y.metrics.makespan_ns, "{} on 4+0", x.scheduler);
        assert_eq!(x.metrics.energy_j, y.metrics.energy_j, "{} on 4+0", x.scheduler);
    }
    // Two clusters: static threading is untouched, the task runtime pays for the tasks that cross, in time and energy.
    let (a, b) = (run("odroid-xu3:4+4", None), run("odroid-xu3:4+4", Some(1.0)));
    assert_eq!(a.runs[0].metrics.makespan_ns, b.runs[0].metrics.makespan_ns, "pinned threads pay no task refill");
    let (x, y) = (&a.runs[1].metrics, &b.runs[1].metrics);
    assert!(y.makespan_ns > x.makespan_ns && y.energy_j > x.energy_j, "tasks on 4+4: {} → {} ns", x.makespan_ns, y.makespan_ns);
    // It needs the platform's bandwidth, and a bad value names its field.
    let mut p = shared_platform();
    p.task_refill = Some(-0.5);
    assert!(p.validate("platform").expect_err("negative").to_string().contains("platform.task_refill"));
    p.task_refill = Some(1.0);
    p.dram_gbs = None;
    p.dram_traffic_gbs = None;
    assert!(p.validate("platform").expect_err("no bandwidth").to_string().contains("platform.task_refill"));
}

/// docs/model-reference.md §3c: a pthreads thread that slept at a barrier pays `barrier_wake_ns` before its next item, the loop
/// versions' threads do not while libgomp's spin lasts, and on four big cores fluidanimate's waits are all shorter than the
/// spin (`loop_waiters_spin_before_they_sleep` covers a wait that outlasts it). There fluidanimate's even split is the same in both
/// versions, so loop static is ahead by the wake-ups on the critical path (about two per region: the parallel region's
/// waiters, then thread 0 for the serial section), and without the cost the two tie exactly.
#[test]
fn pthreads_barrier_wake_ups_cost_static_threading_and_not_loops() {
    let makespans = |wake_ns: u64| {
        let mut s = os_scenario("odroid-xu3:4+0", "fluidanimate", &["pinned", "loop-static", "loop-dynamic"], 1).expect("scenario");
        let engine::model::Workload::Applications(mix) = &mut s.workload else { panic!("applications workload") };
        mix.os.barrier_wake_ns = wake_ns;
        let r = engine::run::run(&s).expect("run");
        r.runs.iter().map(|x| x.metrics.makespan_ns).collect::<Vec<_>>()
    };
    let none = makespans(0);
    assert_eq!(none[0], none[1], "without wake-ups static threading and loop static split the same: {none:?}");
    let wake_ns = engine::model::apps::OsOptions::default().barrier_wake_ns;
    assert_eq!(wake_ns, 10_000);
    let with = makespans(wake_ns);
    assert_eq!(with[1], none[1], "loop static pays no wake-up");
    assert_eq!(with[2], none[2], "loop dynamic pays no wake-up");
    let regions = engine::model::apps::profile("fluidanimate").expect("profile").regions as u64;
    let extra = with[0] - none[0];
    assert!(extra >= regions * wake_ns && extra <= 2 * regions * wake_ns + wake_ns, "static threading pays {extra} ns for {regions} regions");
}

/// libgomp spins only briefly when its team has more threads than the CPUs it may use (`gomp_throttled_spin_count_var`,
/// docs/model-reference.md §3c): fluidanimate's loop version with one thread per core spends about a quarter of its cores'
/// time spinning at its 500 barriers, while with four threads per core its waiters give their cores up almost at once.
#[test]
fn an_oversubscribed_libgomp_team_barely_spins() {
    let spin_share = |threads: u32| {
        let mut s = os_scenario("odroid-xu3:2+2", "fluidanimate", &["loop-dynamic[bind=on]"], 1).expect("scenario");
        let engine::model::Workload::Applications(mix) = &mut s.workload else { panic!("applications workload") };
        mix.apps[0].threads = Some(threads);
        let r = engine::run::run(&s).expect("run");
        let m = &r.runs[0].metrics;
        m.overhead_ns_per_core.iter().sum::<u64>() as f64 / (m.makespan_ns as f64 * m.overhead_ns_per_core.len() as f64)
    };
    let (one_per_core, four_per_core) = (spin_share(4), spin_share(16));
    assert!(one_per_core > 0.15, "one thread per core spins {one_per_core:.3} of the cores' time");
    assert!(four_per_core < 0.08, "four threads per core spin {four_per_core:.3} of the cores' time");
}

/// `loop-dynamic` takes a loop's iterations one at a time (OpenMP's default chunk; docs/model-reference.md §3d): swaptions' 128
/// swaptions per region, the task version's 128 tasks, so with its threads bound (`bind=on`, one per core as the task
/// runtime's workers) the two balance alike and differ only by the task runtime's dispatch costs, which the loop does not
/// pay. Unbound, as libgomp leaves them (§4c), GTS moves the little core's thread onto an idle big core for its last swaption.
#[test]
fn loop_dynamic_hands_out_one_iteration_at_a_time() {
    let s = os_scenario("odroid-xu3:4+1", "swaptions", &["loop-dynamic[bind=on]", "tasks", "loop-dynamic"], 1).expect("scenario");
    let engine::model::Workload::Applications(mix) = &s.workload else { panic!("applications workload") };
    let apps = mix.resolve(&s.platform, "workload").expect("apps").0;
    assert_eq!(apps[0].loop_iterations(), 128, "one iteration per swaption");
    let r = engine::run::run(&s).expect("run");
    let (dynamic, tasks, unbound) = (r.runs[0].metrics.makespan_ns, r.runs[1].metrics.makespan_ns, r.runs[2].metrics.makespan_ns);
    let dispatch_ns = engine::scenario::RuntimeOptions::default().dispatch_ns;
    assert!(dynamic <= tasks && tasks - dynamic <= 128 * dispatch_ns, "loop dynamic {dynamic} ns, tasks {tasks} ns");
    assert!(unbound < dynamic && !r.runs[2].record.migrations.is_empty(), "unbound {unbound} ns against bound {dynamic} ns");
}

/// libgomp's waiters poll before they sleep (docs/model-reference.md §3c, `barrier_spin_ns`): on 4+1 swaptions' big cores
/// finish their even shares, each spins half a millisecond (recorded as overhead, drawing busy power) and sleeps, and GTS
/// then moves the little core's thread, unbound as libgomp leaves it, onto big core 0. A spin longer than the wait keeps
/// every big core busy, so GTS moves nothing and the run takes as long as with bound threads.
#[test]
fn loop_waiters_spin_before_they_sleep() {
    let runs = |spin_ns: u64| {
        let mut s = os_scenario("odroid-xu3:4+1", "swaptions", &["loop-static", "loop-static[bind=on]"], 1).expect("scenario");
        let engine::model::Workload::Applications(mix) = &mut s.workload else { panic!("applications workload") };
        mix.os.barrier_spin_ns = spin_ns;
        engine::run::run(&s).expect("run").runs
    };
    let spin_ns = engine::model::apps::OsOptions::default().barrier_spin_ns;
    assert_eq!(spin_ns, 500_000);
    let r = runs(spin_ns);
    let (unbound, bound) = (&r[0], &r[1]);
    for core in 1..4 {
        let spun = unbound.metrics.overhead_ns_per_core[core];
        assert!(spun.abs_diff(spin_ns) <= 2, "big core {core} spins {spun} ns");
    }
    assert_eq!(unbound.record.migrations.len(), 1, "GTS moves the little core's thread once");
    assert_eq!((unbound.record.migrations[0].from_core, unbound.record.migrations[0].to_core), (4, 0));
    assert!(unbound.metrics.makespan_ns * 3 < bound.metrics.makespan_ns * 2, "unbound {} ns, bound {} ns", unbound.metrics.makespan_ns, bound.metrics.makespan_ns);
    let long = runs(1_000_000_000);
    assert!(long[0].record.migrations.is_empty(), "a core that spins is not idle");
    assert_eq!(long[0].metrics.makespan_ns, long[1].metrics.makespan_ns);
    assert!(long[0].metrics.energy_j > r[0].metrics.energy_j && long[1].metrics.energy_j > r[1].metrics.energy_j, "spinning draws busy power");
}

/// Blackscholes' OpenMP loop prices one option per iteration (docs/model-reference.md §3d: the profile's `loop_iteration_ns`),
/// so `loop-dynamic` pays libgomp's removal for every option, where loop static and the task version remove nothing. On
/// 4+1 a removal costs an A15 (200 × 2.18 × 1.2 + (60 + 60/4) × 2.18) ns of work against an option's 4,000: 17.2% more
/// (the A7 16.1%), which puts loop dynamic behind the task version (Chronaki et al. §5.4: "loop-dynamic is more
/// efficient on coarse-grained applications"); without removal costs the two are level again.
#[test]
fn loop_dynamic_pays_a_removal_per_option() {
    let makespans = |removal_costs: bool| {
        let mut s = os_scenario("odroid-xu3:4+1", "blackscholes", &["loop-static", "loop-dynamic", "tasks"], 1).expect("scenario");
        let engine::model::Workload::Applications(mix) = &mut s.workload else { panic!("applications workload") };
        if !removal_costs {
            (mix.os.removal_ns, mix.os.line_ns, mix.os.cross_cluster_ns) = (0.0, 0.0, 0.0);
        }
        let r = engine::run::run(&s).expect("run");
        r.runs.iter().map(|x| x.metrics.makespan_ns).collect::<Vec<_>>()
    };
    let (free, paid) = (makespans(false), makespans(true));
    assert_eq!((free[0], free[2]), (paid[0], paid[2]), "loop static and the task version remove nothing");
    let stretch = paid[1] as f64 / free[1] as f64;
    assert!((1.155..1.18).contains(&stretch), "loop dynamic {} → {} ns (×{stretch:.4})", free[1], paid[1]);
    assert!(free[1] <= free[2] && paid[1] > paid[2], "task version {} ns, loop dynamic {} → {} ns", paid[2], free[1], paid[1]);
}

/// Fluidanimate's OpenMP loops iterate over one grid block per core (its `ndivs`; docs/model-reference.md §3d), so loop dynamic has
/// nothing to balance and runs as loop static does (Chronaki et al. §5.4: "static and dynamic loop scheduling achieve
/// similar performance"), while its task version keeps 257 tasks per frame.
#[test]
fn fluidanimate_loops_have_one_block_per_thread() {
    let s = os_scenario("odroid-xu3:4+1", "fluidanimate", &["loop-static", "loop-dynamic"], 1).expect("scenario");
    let engine::model::Workload::Applications(mix) = &s.workload else { panic!("applications workload") };
    let apps = mix.resolve(&s.platform, "workload").expect("apps").0;
    assert_eq!((apps[0].loop_iterations(), apps[0].tasks_per_region()), (5, 257));
    let r = engine::run::run(&s).expect("run");
    assert_eq!(r.runs[0].metrics.makespan_ns, r.runs[1].metrics.makespan_ns, "one block per thread: nothing to balance");
}

/// docs/model-reference.md §3d, "Uneven work items": a profile's items vary (facesim: 10%, an estimate) except where the program
/// makes them alike (blackscholes' options, swaptions' swaptions); each run draws its own, and the task version's tasks and
/// the pthreads version's even shares are cut from the same items, so static threading's region ends with its costliest
/// share where equal items would end together.
#[test]
fn uneven_work_items_are_drawn_per_run_and_shared_by_every_version() {
    let platform = engine::catalogue::platform("odroid-xu3").expect("platform");
    for (app, alike) in [("blackscholes", true), ("swaptions", true), ("facesim", false), ("fluidanimate", false), ("dedup", false)] {
        let cv = engine::model::apps::profile(app).expect("profile").item_cv;
        assert_eq!(cv == 0.0, alike, "{app}: item_cv {cv}");
    }
    let (apps, _) = engine::model::apps::AppMix::of("facesim", &["facesim"]).resolve(&platform, "workload").expect("mix");
    let facesim = &apps[0];
    let region_ns = |g: &engine::model::TaskGraph, first: usize| g.work_ns[first..first + 100].iter().sum::<f64>();
    let (g1, g2) = (engine::run::os::task_graph(&apps, 8, 1), engine::run::os::task_graph(&apps, 8, 2));
    // facesim: a serial section, then 100 tasks, per region.
    let (first, region_work) = match (&facesim.phases[0], &facesim.phases[1]) {
        (engine::model::apps::Phase::Serial { .. }, engine::model::apps::Phase::Parallel { work_ns, .. }) => (1, *work_ns),
        other => panic!("facesim's program starts {other:?}"),
    };
    assert_eq!(facesim.tasks_per_region(), 100);
    assert!((region_ns(&g1, first) - region_work).abs() < 1e-6 * region_work, "a region's tasks carry its work");
    let tasks = &g1.work_ns[first..first + 100];
    let (lo, hi) = tasks.iter().fold((f64::MAX, 0f64), |(lo, hi), &w| (lo.min(w), hi.max(w)));
    assert!(hi / lo > 1.2, "facesim's items vary: {lo} … {hi} ns");
    assert_ne!(g1.work_ns, g2.work_ns, "each run draws its own items");
    assert_eq!(g1.work_ns, engine::run::os::task_graph(&apps, 8, 1).work_ns, "the same run draws the same items");
    // The four threads' even shares on 4+0 are the sums of their 25 tasks each.
    let items = engine::model::items::region_items(facesim, 1);
    let region = items[1].as_ref().expect("the first parallel region's items");
    for i in 0..4u32 {
        let share = region.part(i, 4) * region_work;
        let of_tasks: f64 = tasks[25 * i as usize..25 * (i as usize + 1)].iter().sum();
        assert!((share - of_tasks).abs() < 1e-6 * share, "thread {i}: share {share} against its tasks' {of_tasks}");
    }
    // Static threading waits for the costliest share at every barrier, so equal items finish sooner.
    let makespan = |item_cv: f64| {
        let mut s = serde_json::to_value(os_scenario("odroid-xu3:4+0", "facesim", &["pinned"], 1).expect("scenario")).expect("json");
        let mut profile = serde_json::to_value(engine::model::apps::profile("facesim").expect("profile")).expect("profile json");
        profile["item_cv"] = serde_json::json!(item_cv);
        s["workload"]["apps"][0]["profile"] = profile;
        let s = Scenario::from_json(&s.to_string()).expect("scenario with the profile");
        engine::run::run(&s).expect("run").runs[0].metrics.makespan_ns
    };
    let (alike, uneven) = (makespan(0.0), makespan(0.1));
    assert!(uneven > alike, "uneven items {uneven} ns should end later than equal ones {alike} ns under static threading");
    // A spread that would make an item free or negative is refused, naming the field.
    let mut s = serde_json::to_value(os_scenario("odroid-xu3:4+0", "facesim", &["pinned"], 1).expect("scenario")).expect("json");
    let mut profile = serde_json::to_value(engine::model::apps::profile("facesim").expect("profile")).expect("profile json");
    profile["item_cv"] = serde_json::json!(0.7);
    s["workload"]["apps"][0]["profile"] = profile;
    let err = Scenario::from_json(&s.to_string()).and_then(|s| engine::run::run(&s).map(|_| ())).expect_err("item_cv 0.7");
    assert!(err.path.ends_with("item_cv"), "{err:?}");
}
