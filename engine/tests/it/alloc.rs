//! A counting global allocator for this test binary: live and peak bytes per thread, so that a test can assert that a
//! call stays within a memory bound while other tests run in parallel on other threads.
//!
//! The counters are thread-local `Cell`s (no destructor, so the allocator may touch them at any time); a reallocation
//! counts its new block before freeing the old one, as the process briefly holds both.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn add(delta: isize) {
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|peak| {
            if now > peak.get() {
                peak.set(now);
            }
        });
    });
}

// SAFETY: every method forwards to the system allocator unchanged and only counts sizes on the side.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            add(layout.size() as isize);
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            add(layout.size() as isize);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        add(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            add(new_size as isize);
            add(-(layout.size() as isize));
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` on this thread and returns its result with the most bytes it had allocated at once (above the start level).
pub fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let start = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(start));
    let out = f();
    let peak = PEAK.with(Cell::get);
    (out, (peak - start).max(0) as usize)
}

/// One mebibyte.
pub const MIB: usize = 1 << 20;

#[test]
fn the_allocator_counts_what_a_call_holds_at_once() {
    let (_, peak) = peak_during(|| {
        let a = vec![0u8; 10 * MIB];
        let b = vec![1u8; 5 * MIB];
        drop(a);
        let c = vec![2u8; 3 * MIB];
        std::hint::black_box((b, c));
    });
    assert!((15 * MIB..16 * MIB).contains(&peak), "{peak}");
}
