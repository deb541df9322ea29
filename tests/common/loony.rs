//! An independent naive loony analysis: scores with who must make the next loony move, by
//! plain memoised recursion and a loony-position test written from the definition over raw
//! bitmasks (nothing shared with the solvers under test).

use std::collections::HashMap;

use super::Naive;

/// Who must make the next loony move, from the side of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    Mover,
    Nobody,
    Opponent,
}

impl Flag {
    pub fn swap(self) -> Flag {
        match self {
            Flag::Mover => Flag::Opponent,
            Flag::Opponent => Flag::Mover,
            Flag::Nobody => Flag::Nobody,
        }
    }

    /// How much the player to move likes it: the opponent first, then nobody, then oneself.
    pub fn rank(self) -> u8 {
        self as u8
    }

    pub fn suffix(self) -> &'static str {
        match self {
            Flag::Mover => "v",
            Flag::Nobody => "",
            Flag::Opponent => "^",
        }
    }
}

/// An independent reference for `--loony`: scores with a last-move penalty, and the
/// next-loony flag by the documented rule (perfect play for the score, ties broken by the
/// flag), over raw bitmasks with the plain reference's numbering and box test and its own
/// loony test.
pub struct NaiveLoony {
    /// The plain naive reference: the board's boxes, lines, box test and penalty.
    naive: Naive,
    /// Each line's boxes (one for a border line: the other side is the ground).
    sides: Vec<Vec<usize>>,
    memo: HashMap<u64, (i32, Flag)>,
}

impl NaiveLoony {
    pub fn new(rows: usize, cols: usize, penalty: i32) -> NaiveLoony {
        let naive = Naive::with_penalty(rows, cols, penalty);
        let mut sides = vec![Vec::new(); naive.lines];
        for (b, lines) in naive.boxes.iter().enumerate() {
            for &l in lines {
                sides[l].push(b);
            }
        }
        NaiveLoony {
            naive,
            sides,
            memo: HashMap::new(),
        }
    }

    /// Number of lines of the board.
    pub fn lines(&self) -> usize {
        self.naive.lines
    }

    /// Whether drawing `line` in `pos` completes no box and gives none its third side:
    /// every box the line borders keeps two open sides.
    pub fn safe(&self, pos: u64, line: usize) -> bool {
        let after = pos | 1 << line;
        pos >> line & 1 == 0
            && self.sides[line]
                .iter()
                .all(|&b| self.open_sides(after, b).len() >= 2)
    }

    fn open_sides(&self, pos: u64, b: usize) -> Vec<usize> {
        self.naive.boxes[b]
            .iter()
            .copied()
            .filter(|&l| pos >> l & 1 == 0)
            .collect()
    }

    /// The box across `line` from `b`, or `None` for the ground.
    fn across(&self, line: usize, b: usize) -> Option<usize> {
        self.sides[line].iter().copied().find(|&o| o != b)
    }

    /// A box with one open side whose neighbour across it has two, the neighbour's other
    /// side leading to the ground or to a box that drawing it would not complete.
    pub fn loony(&self, pos: u64) -> bool {
        (0..self.naive.boxes.len()).any(|a| {
            let open = self.open_sides(pos, a);
            let [link] = open[..] else { return false };
            let Some(b) = self.across(link, a) else {
                return false;
            };
            let b_open = self.open_sides(pos, b);
            if b_open.len() != 2 {
                return false;
            }
            let far = b_open.into_iter().find(|&l| l != link).unwrap();
            self.across(far, b)
                .is_none_or(|c| self.open_sides(pos, c).len() != 1)
        })
    }

    /// (score, flag seen by the mover) of every open line.
    pub fn moves(&mut self, pos: u64) -> Vec<(usize, i32, Flag)> {
        (0..self.naive.lines)
            .filter(|&l| pos >> l & 1 == 0)
            .map(|line| {
                let child = pos | 1 << line;
                let k = self.naive.completes(pos, line);
                let (v, f) = self.solve(child);
                if k > 0 {
                    (line, k + v, f)
                } else if self.loony(child) {
                    (line, -v, Flag::Mover)
                } else {
                    (line, -v, f.swap())
                }
            })
            .collect()
    }

    pub fn solve(&mut self, pos: u64) -> (i32, Flag) {
        if let Some(&r) = self.memo.get(&pos) {
            return r;
        }
        let r = self
            .moves(pos)
            .into_iter()
            .map(|(_, s, f)| (s, f))
            .max_by_key(|&(s, f)| (s, f.rank()))
            .unwrap_or((-self.naive.penalty, Flag::Nobody));
        self.memo.insert(pos, r);
        r
    }
}
