//! Explanations of the PTT-based policies' decisions (Chen et al.'s RWSM-C … DAM-P) for the step-through view:
//! which places were weighed, which was chosen, and by which rule.

use super::common::PriorityRule;
use super::explain::{Candidate, Explanation};
use super::{Place, Places};

/// How the place of the last `Run` was chosen.
#[derive(Clone, Copy, Debug)]
pub(crate) enum How {
    /// A priority task, searched when it became ready and pinned (not stealable).
    Pinned(PriorityRule),
    /// Local search on the deciding core's cluster, minimising PTT × width (one search in N explores at random).
    Local,
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
    let (candidates, why) = match last.how {
        How::Pinned(PriorityRule::Global { moldable, cost }) => {
            let list = if moldable { all(&|_| true) } else { all(&|p| p.width == 1) };
            let goal = if cost { "the lowest predicted time × width (parallel cost)" } else { "the lowest predicted time (fastest, whatever its width)" };
            let scope = if moldable { "every place of the platform" } else { "every single core" };
            (list, format!("It is a priority task: {name}'s global search over {scope} picked {chosen}, {goal}; unmeasured places (PTT 0) win so each is tried once. It was pinned there, so no other core could steal it."))
        }
        How::Pinned(PriorityRule::FastestCluster { moldable }) => {
            let list = if moldable { around(last.place.leader as usize) } else { vec![last.place] };
            let width = if moldable { ", with its width chosen by local search on PTT × width" } else { "" };
            (list, format!("It is a priority task: {name} pins priority tasks to the statically fastest cluster, taking its cores in turn{width}: {chosen}. The PTT's view of interference plays no part."))
        }
        How::Pinned(PriorityRule::AsOthers) | How::Local => (
            around(last.core),
            format!("{name} molds every ordinary task locally: among the places containing core {} it chose {chosen}, the lowest predicted time × width (one search in ten explores a random place instead, to refresh stale entries).", last.core),
        ),
        How::Single => (vec![last.place], format!("{name} runs ordinary tasks alone on the core that takes them: {chosen}.")),
    };
    let candidates = candidates.into_iter().map(|p| Candidate::place(p, p == last.place)).collect();
    Explanation { candidates, reason: format!("{from} {why}") }
}
