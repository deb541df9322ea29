//! The transposition table: bounds on the values of canonical positions, in a fixed amount of
//! memory.
//!
//! A position's value is counted from the side to move and does not depend on which player
//! that is, so one entry serves both. Each entry keeps a lower and an upper bound (an exact
//! value when they meet), checked against the full canonical mask so a key collision can never
//! return another position's bounds. Entries live in buckets of four (one cache line); a new
//! position replaces the bucket's entry whose subtree cost the fewest nodes ("work"), so
//! expensive results survive memory pressure. The table never grows past its byte budget.

use super::error::SearchError;

/// Entries per bucket.
const WAYS: usize = 4;

/// One slot: 16 bytes.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C)]
struct Entry {
    /// The canonical position's mask.
    lock: u64,
    lower: i8,
    upper: i8,
    /// `1 + log2(nodes)` of the search that produced the entry; 0 for an empty slot.
    work: u8,
    /// The best move found, as a line of the canonical position (`u8::MAX` for none).
    best: u8,
}

/// A bucket of entries aligned to one cache line.
#[derive(Clone, Copy, Debug, Default)]
#[repr(C, align(64))]
struct Bucket([Entry; WAYS]);

/// What the table knows about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The value is at least this.
    pub lower: i32,
    /// The value is at most this.
    pub upper: i32,
    /// The best move found last time, as a line of the canonical position.
    pub best: Option<u8>,
}

/// A fixed-size, bucketed transposition table.
#[derive(Clone, Debug)]
pub struct Table {
    buckets: Vec<Bucket>,
}

impl Table {
    /// Bytes of the smallest table: one bucket.
    pub const MIN_BYTES: usize = std::mem::size_of::<Bucket>();

    /// The largest table (a power of two buckets) that fits in `bytes`.
    pub fn with_budget(bytes: usize) -> Result<Table, SearchError> {
        if bytes < Self::MIN_BYTES {
            return Err(SearchError::MemoryBudgetTooSmall {
                bytes,
                minimum: Self::MIN_BYTES,
            });
        }
        let count = bytes / Self::MIN_BYTES;
        let count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        Ok(Table {
            buckets: vec![Bucket::default(); count],
        })
    }

    /// Bytes the table occupies.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * Self::MIN_BYTES
    }

    #[inline]
    fn bucket(&mut self, key: u64) -> &mut Bucket {
        let index = key as usize & (self.buckets.len() - 1);
        &mut self.buckets[index]
    }

    /// The bounds stored for the canonical position `lock` with Zobrist key `key`.
    #[inline]
    pub fn probe(&mut self, lock: u64, key: u64) -> Option<Bounds> {
        let bucket = self.bucket(key);
        bucket
            .0
            .iter()
            .find(|e| e.work != 0 && e.lock == lock)
            .map(|e| Bounds {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
                best: (e.best != u8::MAX).then_some(e.best),
            })
    }

    /// Records bounds for `lock`, merged with any it already has; otherwise evicts the
    /// bucket's cheapest entry. `nodes` is the size of the search that found them.
    pub fn store(&mut self, lock: u64, key: u64, bounds: Bounds, nodes: u64) {
        let work = (64 - nodes.leading_zeros()).clamp(1, 255) as u8;
        let best = bounds.best.unwrap_or(u8::MAX);
        let bucket = self.bucket(key);
        if let Some(e) = bucket.0.iter_mut().find(|e| e.work != 0 && e.lock == lock) {
            // Both are true bounds of the same value, so their intersection is too.
            e.lower = e.lower.max(bounds.lower as i8);
            e.upper = e.upper.min(bounds.upper as i8);
            debug_assert!(e.lower <= e.upper, "inconsistent bounds for {lock:#x}");
            e.work = e.work.max(work);
            if best != u8::MAX {
                e.best = best;
            }
            return;
        }
        let victim = bucket
            .0
            .iter_mut()
            .min_by_key(|e| e.work)
            .expect("buckets are not empty");
        *victim = Entry {
            lock,
            lower: bounds.lower as i8,
            upper: bounds.upper as i8,
            work,
            best,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_sizes_the_table() {
        assert_eq!(std::mem::size_of::<Entry>(), 16);
        assert_eq!(Table::with_budget(64).unwrap().bytes(), 64);
        assert_eq!(Table::with_budget(1000).unwrap().bytes(), 512);
        assert!(matches!(
            Table::with_budget(63),
            Err(SearchError::MemoryBudgetTooSmall { .. })
        ));
    }

    #[test]
    fn bounds_merge_and_cheap_entries_are_evicted() {
        let mut t = Table::with_budget(64).unwrap();
        let b = |lower, upper| Bounds {
            lower,
            upper,
            best: None,
        };
        t.store(1, 0, b(-3, 5), 1000);
        t.store(1, 0, b(-1, 7), 10);
        assert_eq!(t.probe(1, 0), Some(b(-1, 5)));
        for lock in 2..=4 {
            t.store(lock, 0, b(0, 0), 100);
        }
        t.store(5, 0, b(2, 2), 50);
        assert!(t.probe(1, 0).is_some(), "the costliest entry stays");
        assert_eq!(t.probe(5, 0), Some(b(2, 2)));
        assert_eq!((2..=4).filter(|&l| t.probe(l, 0).is_some()).count(), 2);
    }
}
