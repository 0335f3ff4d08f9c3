//! Example policies that reproduce built-in schedulers exactly (`asymlab custom-example NAME`, the editor's templates), and a
//! few starting points for exercises.

use super::CustomScheduler;

/// `(built-in name, source)` of every example, in the order the editor lists them.
pub const EXAMPLES: &[(&str, &str)] = &[("fifo", include_str!("examples/fifo.rhai")), ("rws", include_str!("examples/rws.rhai")), ("fa", include_str!("examples/fa.rhai"))];

/// The example reproducing built-in `name`, as a `custom_schedulers` entry named `my-NAME`.
pub fn example(name: &str) -> Option<CustomScheduler> {
    EXAMPLES.iter().find(|(n, _)| *n == name).map(|(n, source)| CustomScheduler { name: format!("my-{n}"), level: "tasks".into(), source: (*source).into() })
}
