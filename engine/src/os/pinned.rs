//! Pinned static threading (Chronaki et al. §5): thread i of the mix runs on core i (wrapping), never migrates; the application's own split decides the balance.

use super::{OsScheduler, OsView};

/// See the module doc.
#[derive(Default)]
pub struct Pinned;

impl OsScheduler for Pinned {
    fn place(&mut self, view: &mut OsView, thread: usize, _wake: bool) -> usize {
        thread % view.cores.len().max(1)
    }
}
