//! The scheduler table: one line per scheduler, grouped by level, in the order pickers show them.

use super::{Build, Entry};
use crate::error::InputResult;
use crate::loops::aid_dynamic::AidDynamic;
use crate::loops::aid_static::AidStatic;
use crate::loops::dynamic::Dynamic;
use crate::loops::guided::Guided;
use crate::loops::hybrid_split::HybridSplit;
use crate::loops::schedule::Mapping;
use crate::loops::static_split::StaticSplit;
use crate::loops::aid_hybrid;
use crate::model::apps::{check_thresholds, OsOptions, Split};
use crate::os::{cluster_switch::ClusterSwitch, gts::Gts, iks::Iks, lcss::Lcss, linux::Linux, pbs::Pbs, pinned::Pinned, OsMethod, OsScheduler};
use crate::sched::common::PttPolicy;
use crate::sched::{cats::Cats, AnyTaskScheduler, da, dam_c, dam_p, dheft::Dheft, fa, fam_c, fifo::Fifo, heft::Heft, rws::Rws, rwsm_c};
use crate::spec::Params;

/// Every scheduler of every level.
pub const SCHEDULERS: &[Entry] = &[
    // Task runtimes (Chen et al. 2020 Table 1; Chronaki et al. 2019 §3.3; reference baselines).
    task("fifo", "One central ready queue, first come first served, any idle core (the task-based runtime of Chronaki et al.).", |_, _| Ok(AnyTaskScheduler::from(Fifo::default()))),
    task("rws", "Random work stealing: per-core deques, idle cores steal from a random victim (Chen et al.).", |_, o| Ok(AnyTaskScheduler::from(Rws::new(o.n_cores)))),
    task("rwsm-c", "RWS with moldability: every task molds its width by a local PTT search minimising PTT × width (Chen et al.).", |_, o| Ok(AnyTaskScheduler::from(PttPolicy::new(rwsm_c::RULES, o)))),
    task("fa", "Fixed asymmetry: priority tasks pinned to the statically fastest cluster, others by RWS (Chen et al.).", |_, o| Ok(AnyTaskScheduler::from(PttPolicy::new(fa::RULES, o)))),
    task("fam-c", "Fixed asymmetry with moldability: priority tasks on the fastest cluster, width by PTT × width; others as RWSM-C (Chen et al.).", |_, o| Ok(AnyTaskScheduler::from(PttPolicy::new(fam_c::RULES, o)))),
    task("da", "Dynamic asymmetry: a global PTT search sends priority tasks to the core with the lowest predicted time; others by RWS (Chen et al.).", |_, o| Ok(AnyTaskScheduler::from(PttPolicy::new(da::RULES, o)))),
    task("dam-c", "Dynamic asymmetry with moldability, parallel cost: priority tasks to the place of lowest PTT × width; others molded locally (Chen et al.).", |_, o| Ok(AnyTaskScheduler::from(PttPolicy::new(dam_c::RULES, o)))),
    task("dam-p", "Dynamic asymmetry with moldability, performance: priority tasks to the fastest place whatever its width; others molded locally (Chen et al.).", |_, o| Ok(AnyTaskScheduler::from(PttPolicy::new(dam_p::RULES, o)))),
    task("heft", "Reference baseline: static HEFT plan from the speeds at time 0, each core runs its planned tasks in order.", |_, o| Ok(AnyTaskScheduler::from(Heft::new(o.n_cores)))),
    task("dheft", "Reference baseline: dynamic HEFT, each ready task to the core with the earliest estimated finish, times learned online.", |_, o| Ok(AnyTaskScheduler::from(Dheft::new(o.n_cores)))),
    task("cats", "Reference baseline: CATS-like, bottom-level critical tasks to the statically fastest cluster first.", |_, _| Ok(AnyTaskScheduler::from(Cats::default()))),
    // OpenMP loop schedules (Saez et al. 2020 §2 and §4; Chronaki et al. §5.3).
    looped("static-sb", &[], "", "OpenMP static: N/T contiguous iterations per thread; threads on small cores first (SB).", |_| Ok(Box::new(StaticSplit::new(Mapping::SmallFirst)))),
    looped("static-bs", &["static"], "", "OpenMP static with threads on big cores first (BS): the master thread runs serial code on a big core.", |_| Ok(Box::new(StaticSplit::new(Mapping::BigFirst)))),
    looped("pthreads", &[], "", "Static threading (Chronaki et al.): the application's even split, threads pinned in the platform's core order.", |_| Ok(Box::new(StaticSplit::new(Mapping::CoreOrder)))),
    looped("dynamic", &[], "chunk=loop's", "OpenMP dynamic(chunk), BS: threads remove chunks from a shared pool; each removal costs time.", |p| Ok(Box::new(Dynamic::new(Mapping::BigFirst, p.count("chunk")?)))),
    looped("dynamic-sb", &[], "chunk=loop's", "OpenMP dynamic(chunk) with the SB mapping.", |p| Ok(Box::new(Dynamic::new(Mapping::SmallFirst, p.count("chunk")?)))),
    looped("guided", &[], "chunk=loop's", "OpenMP guided(chunk), BS: chunks of max(chunk, remaining/T).", |p| Ok(Box::new(Guided::new(Mapping::BigFirst, p.count("chunk")?)))),
    looped("aid-static", &[], "m=1", "AID-static: a sampling phase estimates the loop's SF, then each thread gets SF_j·x iterations in one go.", |p| Ok(Box::new(AidStatic::new(p.count("m")?.unwrap_or(1), 1.0, None, false)))),
    looped("aid-static-offline", &[], "", "AID-static(offline-SF): no sampling; SF is the single-thread big/small ratio measured offline (Saez et al. §5C).", |_| Ok(Box::new(AidStatic::new(1, 1.0, None, true)))),
    looped("aid-hybrid", &[], "p=0.8, chunk=loop's, m=1", "AID-hybrid: AID-static over p·N iterations, the rest dynamic(chunk) to balance the end of the loop.", |p| Ok(Box::new(aid_hybrid::from_params(p)?))),
    looped("aid-dynamic", &[], "m=1, M=5, wait=on", "AID-dynamic: repeated AID phases, one chunk of M iterations per small-core thread and R·M per big-core thread, then chunks of m until the phase ends, R re-estimated each phase; wait=off takes the next AID chunk at once.", |p| Ok(Box::new(AidDynamic::from_params(p)?))),
    looped("hybrid-split", &[], "w=1.83", "Fixed-weight split like LLVM's OpenMP on Intel hybrid CPUs: w shares per fastest-type thread, no sampling.", |p| Ok(Box::new(HybridSplit::from_params(p)?))),
    // OS-level schedulers and execution models (Chronaki et al. 2019 §3; Zhang et al. 2013 §2–3).
    os("pinned", &["static"], "", "Static threading (pthreads): thread i pinned to core i; the application's own split decides the balance (Chronaki et al.).", |_, _| Ok(threads(Pinned))),
    os("linux", &["lin"], "lb=on, misfit=off, eas=off, android=off, order=off", "LIN: Linux CFS, capacity-blind as in Zhang et al.; PELT load, domain balancing (cluster, then across clusters), active and newly-idle pulls; misfit=on adds capacity-aware misfit migration; eas=on energy-aware wake-up placement (find_energy_efficient_cpu) on asymmetric platforms; android=on the wake-up path of Android's kernels (sync wake-ups to the waker's CPU, an active previous CPU kept while the task fits, no load balancing while no CPU is over-utilised); order=on breaks fork-placement ties in CPU order as the kernel's code does (the first idle CPU after the parent's; a program's first thread from CPU 0) instead of at random.", |p, _| {
        let linux = Linux::new(p.on_off("lb", true)?, p.on_off("misfit", false)?).with_eas(p.on_off("eas", false)?);
        Ok(threads(linux.with_android(p.on_off("android", false)?).with_order(p.on_off("order", false)?)))
    }),
    os("gts", &[], LB_UP_DOWN, "Global Task Scheduling: load tracking (time runnable), up/down migration thresholds, idle pull by big cores, offload of starved waiters (Chronaki et al.).", |p, o| {
        let (lb, up, down) = lb_up_down(p, o)?;
        Ok(threads(Gts { lb, up, down }))
    }),
    os("cs", &[], LB_UP_DOWN, "Cluster switching: only one cluster runs at a time, chosen by total utilisation (Chronaki et al. §3.1).", |p, o| {
        let (lb, up, down) = lb_up_down(p, o)?;
        Ok(threads(ClusterSwitch { lb, up, down, on_big: false }))
    }),
    os("iks", &[], LB_UP_DOWN, "In-kernel switcher: big/little pairs seen as one CPU, each on one side by its utilisation (Chronaki et al. §3.1).", |p, o| {
        let (lb, up, down) = lb_up_down(p, o)?;
        Ok(threads(Iks::new(lb, up, down)))
    }),
    os("pbs", &[], "lb=on", "Preference Based Scheduling: PBA, WPC and PBB; large cores to high-preference applications (Zhang et al.).", |p, _| Ok(threads(Pbs::new(p.on_off("lb", true)?)))),
    os("lcss", &[], "lb=on", "Large Core Splitting: LCSA, WPC and LCSB; large cores split evenly among applications (Zhang et al.).", |p, _| Ok(threads(Lcss::new(p.on_off("lb", true)?)))),
    os("loop-static", &[], "bind=off", "OpenMP parallel loops, schedule(static): every region split evenly; libgomp leaves its threads unbound by default, so the kernel's GTS places and migrates them; bind=on pins thread i to core i (OMP_PROC_BIND=true) (Chronaki et al. Fig. 9).", |p, _| loop_version(p, Split::Even)),
    os("loop-dynamic", &[], "bind=off", "OpenMP parallel loops, schedule(dynamic): iterations one at a time (the default chunk) from a shared pool; threads unbound under GTS as libgomp leaves them, or pinned with bind=on (Chronaki et al. Fig. 9).", |p, _| loop_version(p, Split::Pool)),
    os("tasks", &[], "", "Task-based: the profile's tasks under the FIFO runtime with barriers removed (Chronaki et al. §3.3).", |_, _| Ok(OsMethod::Tasks)),
];

const LB_UP_DOWN: &str = "lb=on, up=mix's, down=mix's";

const fn task(name: &'static str, description: &'static str, build: fn(&mut Params, &crate::sched::common::SchedOptions) -> InputResult<AnyTaskScheduler>) -> Entry {
    Entry { name, aliases: &[], params: "", description, build: Build::Task(build) }
}

const fn looped(
    name: &'static str,
    aliases: &'static [&'static str],
    params: &'static str,
    description: &'static str,
    build: fn(&mut Params) -> InputResult<Box<dyn crate::loops::schedule::LoopSchedule>>,
) -> Entry {
    Entry { name, aliases, params, description, build: Build::Loop(if cfg!(feature = "full") { Some(build) } else { None }) }
}

const fn os(
    name: &'static str,
    aliases: &'static [&'static str],
    params: &'static str,
    description: &'static str,
    build: fn(&mut Params, &OsOptions) -> InputResult<OsMethod>,
) -> Entry {
    Entry { name, aliases, params, description, build: Build::Os(if cfg!(feature = "full") { Some(build) } else { None }) }
}

fn threads(sched: impl OsScheduler + 'static) -> OsMethod {
    OsMethod::Threads { sched: Box::new(sched), split: None }
}

/// An OpenMP loop version: every region forced to `split`. libgomp binds no thread unless `OMP_PROC_BIND` asks it to
/// (docs/model-reference.md §4c), so by default the platform's big.LITTLE kernel, GTS, places and migrates them.
fn loop_version(p: &mut Params, split: Split) -> InputResult<OsMethod> {
    let sched: Box<dyn OsScheduler> = if p.on_off("bind", false)? { Box::new(Pinned) } else { Box::new(Gts { lb: true, up: None, down: None }) };
    Ok(OsMethod::Threads { sched, split: Some(split) })
}

/// The load-balancing switch and the GTS-style thresholds (out of 1024; the mix's own when absent, checked `down < up`).
fn lb_up_down(p: &mut Params, options: &OsOptions) -> InputResult<(bool, Option<f64>, Option<f64>)> {
    let lb = p.on_off("lb", true)?;
    let up = p.at_most("up", 1024)?;
    let down = p.at_most("down", 1024)?;
    if up.is_some() || down.is_some() {
        check_thresholds("", down.unwrap_or(options.down_threshold), up.unwrap_or(options.up_threshold)).map_err(|e| p.error(e.message))?;
    }
    Ok((lb, up.map(f64::from), down.map(f64::from)))
}
