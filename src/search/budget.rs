//! Node budget and progress reports. The core keeps no clock (`std::time` is unavailable in
//! WebAssembly): a caller that wants a time limit reads its own clock in the progress callback
//! and answers [`Flow::Stop`].

use super::error::SearchError;

/// What the progress callback tells the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on searching.
    Continue,
    /// Stop now; the search returns [`SearchError::Stopped`].
    Stop,
}

/// A snapshot of a running search, passed to the progress callback.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Nodes visited so far.
    pub nodes: u64,
    /// Transposition-table probes that found the position.
    pub tt_hits: u64,
    /// Root moves whose score is known.
    pub moves_done: usize,
    /// Root moves in all.
    pub moves_total: usize,
    /// The root move being scored, if any.
    pub line: Option<usize>,
    /// Proven bounds on that move's score so far (lower, upper).
    pub bounds: (i32, i32),
}

/// Counts nodes against the budget and calls the progress callback every `interval` nodes.
pub struct Budget<'a> {
    /// Nodes visited so far.
    pub nodes: u64,
    limit: u64,
    interval: u64,
    next_report: u64,
    callback: &'a mut dyn FnMut(&Progress) -> Flow,
}

impl<'a> Budget<'a> {
    /// A budget of `limit` nodes reporting every `interval` nodes (at least 1).
    pub fn new(
        limit: u64,
        interval: u64,
        callback: &'a mut dyn FnMut(&Progress) -> Flow,
    ) -> Budget<'a> {
        let interval = interval.max(1);
        Budget {
            nodes: 0,
            limit,
            interval,
            next_report: interval,
            callback,
        }
    }

    /// Counts one node; `snapshot` is built only when a report is due.
    #[inline]
    pub fn tick(&mut self, snapshot: impl FnOnce(u64) -> Progress) -> Result<(), SearchError> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(SearchError::NodeBudgetExceeded { limit: self.limit });
        }
        if self.nodes >= self.next_report {
            self.next_report += self.interval;
            self.report(snapshot(self.nodes))?;
        }
        Ok(())
    }

    /// Calls the callback now.
    pub fn report(&mut self, progress: Progress) -> Result<(), SearchError> {
        match (self.callback)(&progress) {
            Flow::Continue => Ok(()),
            Flow::Stop => Err(SearchError::Stopped { nodes: self.nodes }),
        }
    }
}
