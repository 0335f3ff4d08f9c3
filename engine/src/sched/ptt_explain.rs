//! Explanations of the PTT-based policies' decisions (Chen et al.'s RWSM-C … DAM-P) for the step-through view:
//! which places were weighed, which was chosen, and by which rule.

use super::common::PriorityRule;
use super::explain::{Candidate, Compares, Explanation};
use super::{Place, Places};

/// How a search picked its place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pick {
    /// The lowest predicted value among measured places.
    Lowest,
    /// A place whose PTT entry was still 0: unmeasured places win, so that each is tried once.
    Unmeasured,
    /// XiTAO's exploration: a random place (one search in N), to refresh stale entries.
    Explored,
}

/// How the place of the last `Run` was chosen.
#[derive(Clone, Copy, Debug)]
pub(crate) enum How {
    /// A priority task, placed when it became ready and pinned (not stealable); `None` when no search chose the place
    /// (a place given by the scenario, or FA's next core of the fastest cluster).
    Pinned(PriorityRule, Option<Pick>),
    /// Local search on the deciding core's cluster, minimising PTT × width (one search in N explores at random).
    Local(Pick),
    /// The deciding core alone (no moldability).
    Single,
}

/// What the last `Run` decision did.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Last {
    pub core: usize,
    pub task: u32,
    pub stolen: bool,
    pub place: Place,
    pub how: How,
}

fn label(p: Place) -> String {
    format!("(C{},{})", p.leader, p.width)
}

/// The explanation of `last` for policy `name`; `places` are the platform's execution places.
pub(crate) fn explain(name: &str, last: &Last, places: &Places) -> Explanation {
    let all = |keep: &dyn Fn(&Place) -> bool| -> Vec<Place> { places.list.iter().copied().filter(|p| keep(p)).collect() };
    let around = |core: usize| -> Vec<Place> { places.around(core).iter().map(|&i| places.list[i as usize]).collect() };
    let name = name.to_uppercase();
    let chosen = label(last.place);
    let from = if last.stolen {
        format!("Core {} stole task {} (its own queue was empty).", last.core, last.task)
    } else {
        format!("Core {} took task {} from its own queue.", last.core, last.task)
    };
    let won = |pick: Pick, goal: &str| match pick {
        Pick::Lowest => format!("{chosen}, {goal}"),
        Pick::Unmeasured => format!("{chosen}: its PTT entry was still 0 (never measured), and unmeasured places win so that each is tried once"),
        Pick::Explored => format!("{chosen} at random: one search in ten explores a random place instead, to refresh stale entries"),
    };
    let (candidates, compares, why) = match last.how {
        How::Pinned(PriorityRule::Global { .. }, None) | How::Pinned(PriorityRule::AsOthers, None) => (
            vec![last.place],
            Compares::Nothing,
            format!("It is a priority task whose place {chosen} was fixed by the scenario, so {name} ran it there."),
        ),
        How::Pinned(PriorityRule::Global { moldable, cost }, Some(pick)) => {
            let list = if moldable { all(&|_| true) } else { all(&|p| p.width == 1) };
            let (goal, compares) = if cost { ("the lowest predicted time × width (parallel cost)", Compares::TimeWidth) } else { ("the lowest predicted time (fastest, whatever its width)", Compares::Time) };
            let scope = if moldable { "every place of the platform" } else { "every single core" };
            let picked = won(pick, goal);
            (list, compares, format!("It is a priority task: when it became ready, {name}'s global search over {scope} picked {picked}. It was pinned there, so no other core could steal it; the costs shown are the PTT's as the task starts."))
        }
        How::Pinned(PriorityRule::FastestCluster { moldable: true }, Some(pick)) => {
            let picked = won(pick, "the lowest predicted time × width");
            (around(last.place.leader as usize), Compares::TimeWidth, format!("It is a priority task: {name} pins priority tasks to the statically fastest cluster, taking its cores in turn; a local search there picked {picked}. The PTT's view of interference plays no part in the choice of cluster."))
        }
        How::Pinned(PriorityRule::FastestCluster { .. }, _) => {
            (vec![last.place], Compares::Nothing, format!("It is a priority task: {name} pins priority tasks to the statically fastest cluster, taking its cores in turn: {chosen}. The PTT's view of interference plays no part."))
        }
        How::Pinned(PriorityRule::AsOthers, Some(pick)) | How::Local(pick) => {
            let picked = won(pick, "the lowest predicted time × width");
            (around(last.core), Compares::TimeWidth, format!("{name} molds every ordinary task locally: among the places containing core {} it chose {picked}.", last.core))
        }
        How::Single => (vec![last.place], Compares::Nothing, format!("{name} runs ordinary tasks alone on the core that takes them: {chosen}.")),
    };
    let candidates = candidates.into_iter().map(|p| Candidate::place(p, p == last.place)).collect();
    Explanation { candidates, reason: format!("{from} {why}"), compares }
}
