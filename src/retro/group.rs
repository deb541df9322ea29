//! A line group of a tile layout: its subsets of each size, ranked.
//!
//! A group is a set of `n` local lines (bits `0..n` of a group mask). Inside a tile every
//! position draws the same number `k` of lines from the group, so a group mask is addressed by
//! its rank among the group's canonical masks of size `k`, in increasing (colex) order: the
//! combinatorial number system restricted to canonical masks. Canonical means that in each
//! interchangeable set (open border lines of one box) the drawn lines are the lowest ones;
//! [`LineGroup::rank`] maps any mask to the rank of its canonical form, so callers never
//! canonicalise by hand.

/// Ranks and unranks the canonical masks of one line group.
#[derive(Clone, Debug)]
pub struct LineGroup {
    bits: u32,
    /// `rank[m]`: rank of the canonical form of `m` among canonical masks of its size.
    rank: Vec<u32>,
    /// `masks[k]`: the canonical masks with `k` lines, in increasing order.
    masks: Vec<Vec<u32>>,
}

/// Moves the drawn lines of each interchangeable set (masks over the same bits as `mask`) to
/// its lowest lines.
pub fn canonical_in_sets(mask: u64, sets: &[u64]) -> u64 {
    let mut out = mask;
    for &set in sets {
        let mut drawn = (mask & set).count_ones();
        out &= !set;
        let mut rest = set;
        while drawn > 0 {
            out |= rest & rest.wrapping_neg();
            rest &= rest - 1;
            drawn -= 1;
        }
    }
    out
}

impl LineGroup {
    /// The group of `bits` lines whose interchangeable sets are `sets` (group-local masks).
    pub fn new(bits: u32, sets: &[u32]) -> LineGroup {
        let size = 1usize << bits;
        let sets: Vec<u64> = sets.iter().map(|&s| u64::from(s)).collect();
        let mut rank = vec![0u32; size];
        let mut masks = vec![Vec::new(); bits as usize + 1];
        for m in 0..size as u32 {
            let canon = canonical_in_sets(u64::from(m), &sets) as u32;
            let list = &mut masks[m.count_ones() as usize];
            rank[m as usize] = if canon == m {
                list.push(m);
                list.len() as u32 - 1
            } else {
                // The canonical form is a smaller mask, so it is already ranked.
                rank[canon as usize]
            };
        }
        LineGroup { bits, rank, masks }
    }

    /// Number of lines in the group.
    pub const fn bits(&self) -> u32 {
        self.bits
    }

    /// Rank of the canonical form of `mask` among canonical masks of the same size.
    #[inline]
    pub fn rank(&self, mask: u32) -> u32 {
        self.rank[mask as usize]
    }

    /// Every mask's rank ([`LineGroup::rank`]), indexed by mask: for loops that look up many.
    pub fn ranks(&self) -> &[u32] {
        &self.rank
    }

    /// The canonical masks with `k` lines, in rank order.
    pub fn masks(&self, k: u32) -> &[u32] {
        &self.masks[k as usize]
    }

    /// How many canonical masks have `k` lines.
    pub fn count(&self, k: u32) -> usize {
        self.masks[k as usize].len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binomial(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    #[test]
    fn without_sets_ranks_are_the_combinatorial_number_system() {
        let g = LineGroup::new(6, &[]);
        for k in 0..=6 {
            assert_eq!(g.count(k) as u64, binomial(6, k as u64));
            for (r, &m) in g.masks(k).iter().enumerate() {
                assert_eq!(g.rank(m) as usize, r);
                // Colex rank: sum of C(position, index + 1) over the set bits.
                let mut colex = 0;
                for (i, bit) in (0..6).filter(|b| m >> b & 1 == 1).enumerate() {
                    colex += binomial(bit, i as u64 + 1);
                }
                assert_eq!(colex, r as u64);
            }
        }
    }

    #[test]
    fn a_corner_pair_has_three_states() {
        // Lines 0 and 1 are interchangeable; line 2 is free.
        let g = LineGroup::new(3, &[0b011]);
        assert_eq!(
            (0..=3).map(|k| g.count(k)).collect::<Vec<_>>(),
            vec![1, 2, 2, 1]
        );
        assert_eq!(g.rank(0b010), g.rank(0b001));
        assert_eq!(g.rank(0b110), g.rank(0b101));
        assert_eq!(canonical_in_sets(0b110, &[0b011]), 0b101);
    }
}
