//! Which open lines form the low group and the high groups: orbits of the solve's symmetries
//! and interchangeable sets, the low group chosen from them by size, and the high orbits
//! packed into groups small enough for their rank tables and for a tile a machine can hold.

use crate::core::Position;
use crate::core::Symmetry;
use crate::store::MAX_GROUPS;

/// Most open lines laid out as the low group and one high group, the layout of every solve
/// small enough for memory (and of every tile store written before there were more groups).
pub(super) const MAX_SINGLE_HIGH_OPEN: usize = 32;
/// Largest high group: its rank table takes `4 << bits` bytes.
const MAX_GROUP_BITS: u32 = 22;
/// Largest high group of a two-group layout (see [`MAX_GROUP_BITS`]).
pub(super) const MAX_HIGH: usize = MAX_GROUP_BITS as usize;
/// Past `MAX_SINGLE_HIGH_OPEN` open lines, the high lines are split into the fewest groups
/// that keep the largest tile (estimated without symmetries' fixed points) under this many
/// bytes, so a solve streams tiles of a few hundred megabytes at most.
pub const TILE_TARGET: u64 = 1 << 30;
/// Preferred size of the low group: blocks of up to C(12,6) = 924 values (fewer under
/// symmetry) are long vector loops that stay in L1 cache, and the high group left is small
/// enough that its lookup table mostly hits the cache and each block's few lookups are
/// amortised (12 against 10: `dotbox solve` 3x4 about 40 % and icelandic about 25 % faster).
const LOW_TARGET: usize = 12;
/// Largest low group: a block (at most C(14,7) = 3432 values) must fit the kernel's buffers.
pub const MAX_LOW: usize = 14;

/// Classes of open lines under the symmetries and the interchangeable sets (union-find).
pub(super) fn orbits(open: Position, syms: &[Symmetry], sets: &[Position]) -> Vec<Position> {
    let mut parent: Vec<usize> = (0..64).collect();
    fn find(p: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while p[r] != r {
            r = p[r];
        }
        p[x] = r;
        r
    }
    let mut union = |a: usize, b: usize| {
        let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
        parent[ra] = rb;
    };
    for line in open.lines() {
        for s in syms {
            union(line, s.line(line));
        }
    }
    for set in sets {
        let first = set.lines().next().unwrap_or(0);
        for line in set.lines() {
            union(first, line);
        }
    }
    let mut classes: Vec<Position> = Vec::new();
    let mut root_of = [usize::MAX; 64];
    for line in open.lines() {
        let r = find(&mut parent, line);
        if root_of[r] == usize::MAX {
            root_of[r] = classes.len();
            classes.push(Position::EMPTY);
        }
        classes[root_of[r]] = classes[root_of[r]].with(line);
    }
    classes
}

/// Picks the orbits of the low group: total size nearest [`LOW_TARGET`], between `min_low`
/// and [`MAX_LOW`] (subset sum over orbit sizes).
pub(super) fn choose_low(orbits: &[Position], n: usize, min_low: usize) -> Option<Vec<Position>> {
    // reach[s] = Some(orbit indices) reaching total s.
    let mut reach: Vec<Option<Vec<usize>>> = vec![None; n + 1];
    reach[0] = Some(Vec::new());
    for (i, o) in orbits.iter().enumerate() {
        let size = o.count() as usize;
        for s in (size..=n).rev() {
            if reach[s].is_none() {
                if let Some(prev) = &reach[s - size] {
                    let mut v = prev.clone();
                    v.push(i);
                    reach[s] = Some(v);
                }
            }
        }
    }
    let best = (min_low..=n.min(MAX_LOW))
        .filter(|&s| reach[s].is_some())
        .min_by_key(|&s| (s.abs_diff(LOW_TARGET.min(n)), s))?;
    Some(
        reach[best]
            .clone()?
            .into_iter()
            .map(|i| orbits[i])
            .collect(),
    )
}

/// Splits the high orbits into groups: one group up to [`MAX_SINGLE_HIGH_OPEN`] open lines,
/// else the fewest groups of at most [`MAX_GROUP_BITS`] lines whose largest tile is estimated
/// under [`TILE_TARGET`] bytes (or the most groups a tile id holds). Orbits go, largest
/// first, to the group with the fewest lines, so the groups come out about equal. `forced`
/// asks for that many groups instead (fewer if there are fewer orbits).
pub(super) fn split_high(
    orbits: &[Position],
    n_lo: u32,
    symmetries: usize,
    forced: Option<usize>,
) -> Option<Vec<Position>> {
    let n_hi: u32 = orbits.iter().map(|o| o.count()).sum();
    let mut sorted = orbits.to_vec();
    sorted.sort_by_key(|o| std::cmp::Reverse(o.count()));
    let pack = |m: usize| {
        let mut bins = vec![Position::EMPTY; m];
        for &o in &sorted {
            let smallest = (0..m).min_by_key(|&b| bins[b].count()).expect("m > 0");
            bins[smallest] = bins[smallest].union(o);
        }
        bins
    };
    let half = |n: u32| binomial(n, n / 2);
    let fits = |bins: &[Position]| bins.iter().all(|b| b.count() <= MAX_GROUP_BITS);
    let largest_tile = |bins: &[Position]| {
        bins.iter().map(|b| half(b.count())).product::<f64>() * half(n_lo) / symmetries as f64
    };
    let most = MAX_GROUPS - 1;
    if let Some(m) = forced {
        let m = m.clamp(1, most).min(orbits.len().max(1));
        return Some(pack(m)).filter(|bins| fits(bins));
    }
    if (n_lo + n_hi) as usize <= MAX_SINGLE_HIGH_OPEN {
        return Some(pack(1));
    }
    (2..=most)
        .map(pack)
        .find(|bins| fits(bins) && largest_tile(bins) <= TILE_TARGET as f64)
        .or_else(|| Some(pack(most)).filter(|bins| fits(bins)))
}

/// `C(n, k)` as a float (an estimate's factor).
fn binomial(n: u32, k: u32) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * f64::from(n - i) / f64::from(i + 1))
}
