//! A scenario's work meter: counts kernel events and kept schedule segments against limits shared by every run of the
//! scenario, reports progress every so often, and lets the caller cancel from its progress callback.
//!
//! Runners call [`Meter::tick`] once per handled event; it costs an increment and a comparison, and does the rest
//! (limits, progress, cancellation) every [`CHECK_EVERY`] events. Nothing here knows what an event or a segment means.

/// Events between two checks of the segment limit and of cancellation.
pub const CHECK_EVERY: u64 = 1 << 16;
/// Events between two progress reports.
pub const REPORT_EVERY: u64 = 1 << 20;

/// How far a scenario's runs have come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Events handled so far, over every run.
    pub events: u64,
    /// Events the estimate expected in all (0 when unknown).
    pub expected_events: u64,
}

/// Why a meter stopped a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// More events than the limit.
    Events {
        /// The limit.
        limit: u64,
    },
    /// More schedule segments kept than the limit.
    Segments {
        /// The limit.
        limit: u64,
    },
    /// The progress callback asked to stop.
    Cancelled,
}

/// The progress callback: gets the progress, returns false to cancel.
pub type OnProgress<'a> = &'a mut dyn FnMut(Progress) -> bool;

/// Counts events and segments against limits; see the module doc.
pub struct Meter<'a> {
    event_limit: u64,
    segment_limit: u64,
    segments_kept: u64,
    events: u64,
    expected_events: u64,
    next_check: u64,
    next_report: u64,
    on_progress: Option<OnProgress<'a>>,
}

impl<'a> Meter<'a> {
    /// A meter with these limits and no progress callback.
    pub fn new(event_limit: u64, segment_limit: u64) -> Self {
        Meter {
            event_limit,
            segment_limit,
            segments_kept: 0,
            events: 0,
            expected_events: 0,
            next_check: CHECK_EVERY.min(event_limit.saturating_add(1)),
            next_report: REPORT_EVERY,
            on_progress: None,
        }
    }

    /// A meter that never stops anything (tests and tools that set their own bounds).
    pub fn unlimited() -> Self {
        Meter::new(u64::MAX - 1, u64::MAX)
    }

    /// Calls `f` every [`REPORT_EVERY`] events; when it returns false the run stops with [`Stop::Cancelled`].
    pub fn with_progress(mut self, f: OnProgress<'a>) -> Self {
        self.on_progress = Some(f);
        self
    }

    /// Sets the number of events the estimate expects, for progress fractions.
    pub fn expect(&mut self, events: u64) {
        self.expected_events = events;
    }

    /// Counts one event; `segments` is the current run's record length, so far.
    #[inline]
    pub fn tick(&mut self, segments: usize) -> Result<(), Stop> {
        self.events += 1;
        if self.events < self.next_check {
            return Ok(());
        }
        self.check(segments as u64)
    }

    fn check(&mut self, segments: u64) -> Result<(), Stop> {
        if self.events > self.event_limit {
            return Err(Stop::Events { limit: self.event_limit });
        }
        if self.segments_kept.saturating_add(segments) > self.segment_limit {
            return Err(Stop::Segments { limit: self.segment_limit });
        }
        if self.events >= self.next_report {
            self.next_report = self.events + REPORT_EVERY;
            if let Some(f) = self.on_progress.as_mut() {
                if !f(Progress { events: self.events, expected_events: self.expected_events }) {
                    return Err(Stop::Cancelled);
                }
            }
        }
        self.next_check = (self.events + CHECK_EVERY).min(self.event_limit.saturating_add(1));
        Ok(())
    }

    /// A run ended keeping `segments` segments: they count against the segment limit of the runs still to come.
    pub fn keep(&mut self, segments: usize) -> Result<(), Stop> {
        self.segments_kept = self.segments_kept.saturating_add(segments as u64);
        if self.segments_kept > self.segment_limit {
            return Err(Stop::Segments { limit: self.segment_limit });
        }
        Ok(())
    }

    /// Events counted so far.
    pub fn events(&self) -> u64 {
        self.events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_stop_and_progress_can_cancel() {
        let mut m = Meter::new(100_000, u64::MAX);
        let stopped = (0..200_000).find_map(|_| m.tick(0).err());
        assert_eq!(stopped, Some(Stop::Events { limit: 100_000 }));
        assert_eq!(m.events(), 100_001, "stops on the first event past the limit");

        let mut m = Meter::new(u64::MAX - 1, 1_000);
        assert_eq!(m.keep(600), Ok(()));
        let stopped = (0..CHECK_EVERY * 2).find_map(|_| m.tick(500).err());
        assert_eq!(stopped, Some(Stop::Segments { limit: 1_000 }));

        let mut reports = Vec::new();
        let mut cb = |p: Progress| {
            reports.push(p.events);
            reports.len() < 2
        };
        let mut m = Meter::new(u64::MAX - 1, u64::MAX).with_progress(&mut cb);
        m.expect(5 * REPORT_EVERY);
        let stopped = (0..REPORT_EVERY * 5).find_map(|_| m.tick(0).err());
        assert_eq!(stopped, Some(Stop::Cancelled));
        assert_eq!(reports, vec![REPORT_EVERY, 2 * REPORT_EVERY]);
    }
}
