//! The transposition table: bounds on the values of canonical positions, in a fixed amount of
//! memory.
//!
//! A position's value is counted from the side to move and does not depend on which player
//! that is, so one entry serves both. Each entry keeps a lower and an upper bound (an exact
//! value when they meet), checked against the full canonical mask so a key collision can never
//! return another position's bounds. Entries live in buckets of four (64 bytes); a new
//! position replaces the bucket's entry whose subtree cost the fewest nodes ("work"), so
//! expensive results survive memory pressure. The table never grows past its byte budget.
//!
//! The table is shared by the threads of one search: every word is an atomic read and written
//! with relaxed ordering, and an entry's first word holds the canonical mask XOR the data word
//! (Hyatt and Mann's lockless hashing), so an entry torn by two threads writing at once fails
//! the mask check and reads as absent instead of giving another position's bounds.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use super::error::SearchError;

/// Entries per bucket.
const WAYS: usize = 4;

/// A bucket: four entries of two words, the canonical mask (`lock`) XOR the data, and the
/// packed data (bits 0–7 lower bound, 8–15 upper bound, 16–23 work = `1 + log2(nodes)` of the search that
/// produced it, 24–31 best move as a line of the canonical position or 255). Data 0 marks an
/// empty slot (work is at least 1), so a fresh table is all zero bytes: it is allocated
/// zeroed and the system hands out its pages only as they are touched.
type Bucket = [AtomicU64; 2 * WAYS];

fn pack(lower: i32, upper: i32, work: u8, best: u8) -> u64 {
    u64::from(lower as i8 as u8)
        | u64::from(upper as i8 as u8) << 8
        | u64::from(work) << 16
        | u64::from(best) << 24
}

fn lower(data: u64) -> i32 {
    i32::from(data as u8 as i8)
}

fn upper(data: u64) -> i32 {
    i32::from((data >> 8) as u8 as i8)
}

fn work(data: u64) -> u8 {
    (data >> 16) as u8
}

fn best(data: u64) -> u8 {
    (data >> 24) as u8
}

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

/// A fixed-size, bucketed transposition table, shared by reference between search threads.
pub struct Table {
    buckets: Vec<Bucket>,
}

impl std::fmt::Debug for Table {
    /// The size only: the contents are millions of entries.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("bytes", &self.bytes())
            .finish()
    }
}

impl Table {
    /// Bytes of the smallest table: one bucket.
    pub const MIN_BYTES: usize = std::mem::size_of::<Bucket>();

    /// The largest table (a power of two buckets) that fits in `bytes`; an error if the
    /// system refuses the memory (as a browser may refuse a worker a gigabyte).
    pub fn with_budget(bytes: usize) -> Result<Table, SearchError> {
        if bytes < Self::MIN_BYTES {
            return Err(SearchError::MemoryBudgetTooSmall {
                bytes,
                minimum: Self::MIN_BYTES,
            });
        }
        let count = bytes / Self::MIN_BYTES;
        let count = 1usize << (usize::BITS - 1 - count.leading_zeros());
        let buckets: Vec<Bucket> =
            bytemuck::try_zeroed_vec(count).map_err(|()| SearchError::OutOfMemory {
                bytes: count * Self::MIN_BYTES,
            })?;
        huge_pages(&buckets);
        Ok(Table { buckets })
    }

    /// Starts loading the bucket of `key` into the cache, so the probe that follows a little
    /// work later finds it there: a probe of a large table is a cache miss, and was a third of
    /// the search's time.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch is a hint with no effect on memory; the pointer is valid.
            unsafe {
                std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(bucket.cast())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// Bytes the table occupies.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * Self::MIN_BYTES
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        &self.buckets[key as usize & (self.buckets.len() - 1)]
    }

    /// The data word of way `i` if it holds `lock` (0 when empty, torn or another position).
    #[inline]
    fn data(bucket: &Bucket, i: usize, lock: u64) -> u64 {
        let data = bucket[2 * i + 1].load(Relaxed);
        match data != 0 && bucket[2 * i].load(Relaxed) ^ data == lock {
            true => data,
            false => 0,
        }
    }

    /// Writes way `i`: the mask XOR the data, then the data.
    #[inline]
    fn write(bucket: &Bucket, i: usize, lock: u64, data: u64) {
        bucket[2 * i].store(lock ^ data, Relaxed);
        bucket[2 * i + 1].store(data, Relaxed);
    }

    /// The bounds stored for the canonical position `lock` with Zobrist key `key`.
    #[inline]
    pub fn probe(&self, lock: u64, key: u64) -> Option<Bounds> {
        let bucket = self.bucket(key);
        (0..WAYS)
            .map(|i| Self::data(bucket, i, lock))
            .find(|&d| d != 0)
            .map(|d| Bounds {
                lower: lower(d),
                upper: upper(d),
                best: (best(d) != u8::MAX).then_some(best(d)),
            })
    }

    /// Records bounds for `lock`, merged with any it already has; otherwise evicts the
    /// bucket's cheapest entry. `nodes` is the size of the search that found them.
    pub fn store(&self, lock: u64, key: u64, bounds: Bounds, nodes: u64) {
        let w = (64 - nodes.leading_zeros()).clamp(1, 255) as u8;
        let b = bounds.best.unwrap_or(u8::MAX);
        let bucket = self.bucket(key);
        if let Some((i, old)) = (0..WAYS)
            .map(|i| (i, Self::data(bucket, i, lock)))
            .find(|&(_, d)| d != 0)
        {
            // Both are true bounds of the same value, so their intersection is too (another
            // thread's entry included: every entry holds proven bounds).
            let (lo, hi) = (lower(old).max(bounds.lower), upper(old).min(bounds.upper));
            debug_assert!(lo <= hi, "inconsistent bounds for {lock:#x}");
            let b = if b == u8::MAX { best(old) } else { b };
            Self::write(bucket, i, lock, pack(lo, hi, work(old).max(w), b));
            return;
        }
        let victim = (0..WAYS)
            .min_by_key(|&i| work(bucket[2 * i + 1].load(Relaxed)))
            .expect("buckets are not empty");
        Self::write(bucket, victim, lock, pack(bounds.lower, bounds.upper, w, b));
    }
}

/// Asks Linux to back the table with huge pages (2 MiB): probes land anywhere in a table of
/// up to gigabytes, and with 4 KiB pages nearly every one missed the address cache (TLB) as
/// well as the data cache. The table is allocated zeroed and untouched, so the pages the
/// kernel hands out on first touch are huge ones. Elsewhere, or if the kernel refuses, the
/// table works as before.
fn huge_pages(buckets: &[Bucket]) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        const PAGE: usize = 4096;
        let start = buckets.as_ptr() as usize;
        let end = start + std::mem::size_of_val(buckets);
        let aligned = start.next_multiple_of(PAGE);
        if end > aligned + PAGE {
            // SAFETY: the range lies inside the table's own allocation; the advice changes
            // how the kernel backs it, never its contents.
            unsafe {
                libc::madvise(
                    aligned as *mut libc::c_void,
                    (end - aligned) / PAGE * PAGE,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = buckets;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_sizes_the_table() {
        assert_eq!(std::mem::size_of::<Bucket>(), 64);
        assert_eq!(Table::with_budget(64).unwrap().bytes(), 64);
        assert_eq!(Table::with_budget(1000).unwrap().bytes(), 512);
        assert!(matches!(
            Table::with_budget(63),
            Err(SearchError::MemoryBudgetTooSmall { .. })
        ));
    }

    #[test]
    fn bounds_merge_and_cheap_entries_are_evicted() {
        let t = Table::with_budget(64).unwrap();
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
