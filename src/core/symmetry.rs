//! The board's symmetries as permutations of lines, and the corner equivalence.
//!
//! Every board has the identity, the left-right and top-bottom reflections and the half turn;
//! square boards add both diagonal reflections and the quarter turns. A board whose lines
//! `fixed` are drawn keeps only the symmetries mapping that set to itself.
//!
//! Corner equivalence: two open border lines of the same box each touch only that box, so
//! swapping them maps the game onto itself. A corner box with both border lines open thus has
//! 3 states (none, one, both drawn) instead of 4. [`InterchangeableSets`] holds every such set
//! (a box of a 1×C board can have three border lines).

use super::board::Board;
use super::byte_table::ByteTable;
use super::position::Position;

/// One symmetry of a board: a permutation of its lines, applied to a position by table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    map: Vec<u8>,
    /// The permutation as a map of line sets.
    table: ByteTable<u64>,
}

impl Symmetry {
    /// The permutation sending bit `i` to bit `map[i]`, applied by byte tables. Besides the
    /// board's symmetries, the retrograde layout uses it to permute the bits of a line
    /// group's local mask.
    pub(crate) fn from_map(map: Vec<u8>) -> Symmetry {
        let table = ByteTable::new(map.len(), |line| 1 << map[line]);
        Symmetry { map, table }
    }

    /// The image of `line`.
    pub fn line(&self, line: usize) -> usize {
        usize::from(self.map[line])
    }

    /// The image of a position.
    #[inline]
    pub fn apply(&self, pos: Position) -> Position {
        Position(self.table.apply(pos))
    }
}

/// Maps dot (row, col) of a grid with `rows`+1 × `cols`+1 dots: `f(row, col, rows, cols)`.
type DotTransform = fn(usize, usize, usize, usize) -> (usize, usize);

/// The reflection in the main diagonal: dot (row, col) to (col, row).
const TRANSPOSE: DotTransform = |y, x, _, _| (x, y);

/// The eight transforms of the dot grid; the last four (diagonals and quarter turns) map a
/// board onto itself only when it is square.
const TRANSFORMS: [DotTransform; 8] = [
    |y, x, _, _| (y, x),
    |y, x, _, c| (y, c - x),
    |y, x, r, _| (r - y, x),
    |y, x, r, c| (r - y, c - x),
    TRANSPOSE,
    |y, x, r, c| (c - x, r - y),
    |y, x, r, _| (x, r - y),
    |y, x, _, c| (c - x, y),
];

/// Every symmetry of `board` that maps the line set `fixed` to itself, identity first.
pub fn symmetries(board: &Board, fixed: Position) -> Vec<Symmetry> {
    let mut out: Vec<Symmetry> = Vec::new();
    let (r, c) = (board.rows(), board.cols());
    let count = if r == c { 8 } else { 4 };
    for &f in &TRANSFORMS[..count] {
        let sym = line_map(board, board, f);
        if sym.apply(fixed) == fixed && !out.contains(&sym) {
            out.push(sym);
        }
    }
    out
}

/// The map of `board`'s lines onto `onto`'s that transform `f` of the dot grid makes: each
/// line goes to the line joining its dots' images (`onto` is `board` itself for a symmetry,
/// the other orientation for the transpose).
fn line_map(board: &Board, onto: &Board, f: DotTransform) -> Symmetry {
    let (r, c) = (board.rows(), board.cols());
    let map: Vec<u8> = (0..board.num_lines())
        .map(|line| {
            let (a, b) = board.endpoints(line);
            let image = onto.line_between(f(a.0, a.1, r, c), f(b.0, b.1, r, c));
            image.expect("the transform maps lines to lines") as u8
        })
        .collect();
    Symmetry::from_map(map)
}

/// `board` reflected in its main diagonal: R×C boxes become C×R, dot (row, col) goes to
/// (col, row) and the pre-drawn lines go with it; and the map of `board`'s lines onto the
/// new board's. A game on one is the game on the other, move for move, so a book (or any
/// answer) of a 3×5 position answers for the 5×3 one.
pub fn transposed(board: &Board) -> (Board, Symmetry) {
    let other =
        Board::new(board.cols(), board.rows()).expect("a board's transpose has as many lines");
    let sym = line_map(board, &other, TRANSPOSE);
    let predrawn = sym.apply(board.predrawn());
    (other.with_predrawn(predrawn), sym)
}

/// Sets of open border lines of one box: the lines of a set are interchangeable.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InterchangeableSets {
    sets: Vec<Position>,
}

impl InterchangeableSets {
    /// The sets of `board` when the lines `fixed` are drawn: for each box, its border lines
    /// not in `fixed`, where there are at least two.
    pub fn new(board: &Board, fixed: Position) -> InterchangeableSets {
        let boxes = board.boxes();
        let mut sets = Vec::new();
        for sides in boxes.all_sides() {
            let open = sides.difference(fixed).lines();
            let border: Position = open.filter(|&l| boxes.is_border(l)).collect();
            if border.count() >= 2 {
                sets.push(border);
            }
        }
        InterchangeableSets { sets }
    }

    /// The sets, each a set of lines.
    pub fn sets(&self) -> &[Position] {
        &self.sets
    }

    /// The representative of `pos` under swaps inside each set: the drawn lines of a set
    /// moved to its lowest-numbered lines. This is the smallest mask among the equivalents.
    pub fn canonical(&self, pos: Position) -> Position {
        let mut out = pos;
        for &set in &self.sets {
            let drawn = pos.intersection(set).count();
            let lowest: Position = set.lines().take(drawn as usize).collect();
            out = out.difference(set).union(lowest);
        }
        out
    }

    /// The lines of `open` that repeat another line of `open` up to a swap: of each set, every
    /// line in `open` but the lowest. Drawing any open line of a set gives positions equal
    /// up to the swap (the swap maps one child onto the other and fixes the position, whose
    /// set lines are all open), so a search need try only the lowest.
    pub fn repeated_moves(&self, open: Position) -> Position {
        let repeated = self.sets.iter().fold(0, |acc, set| {
            let lines = open.intersection(*set).0;
            acc | lines & lines.wrapping_sub(1)
        });
        Position(repeated)
    }
}

/// The symmetries and interchangeable sets of a board with a fixed set of drawn lines, with
/// canonical forms: the smallest mask among all equivalent positions.
#[derive(Clone, Debug)]
pub struct Equivalence {
    symmetries: Vec<Symmetry>,
    swaps: InterchangeableSets,
}

impl Equivalence {
    /// The equivalence of `board` for positions that contain `fixed`.
    pub fn new(board: &Board, fixed: Position) -> Equivalence {
        Equivalence {
            symmetries: symmetries(board, fixed),
            swaps: InterchangeableSets::new(board, fixed),
        }
    }

    /// The board symmetries kept (identity first).
    pub fn symmetries(&self) -> &[Symmetry] {
        &self.symmetries
    }

    /// The interchangeable border-line sets.
    pub fn swaps(&self) -> &InterchangeableSets {
        &self.swaps
    }

    /// The canonical form of `pos`: the smallest mask over every symmetry followed by the
    /// interchangeable-set representative. Equivalent positions have equal values.
    pub fn canonical(&self, pos: Position) -> Position {
        self.symmetries
            .iter()
            .map(|s| self.swaps.canonical(s.apply(pos)))
            .min()
            .unwrap_or(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_sizes() {
        let sq = Board::new(3, 3).unwrap();
        assert_eq!(symmetries(&sq, Position::EMPTY).len(), 8);
        let rect = Board::new(2, 3).unwrap();
        assert_eq!(symmetries(&rect, Position::EMPTY).len(), 4);
        let ice = Board::icelandic();
        assert_eq!(symmetries(&ice, ice.predrawn()).len(), 1);
        let one_line = Position::single(sq.h(0, 1));
        assert_eq!(symmetries(&sq, one_line).len(), 2);
    }

    #[test]
    fn symmetries_are_permutations_preserving_boxes() {
        let b = Board::new(2, 2).unwrap();
        for s in symmetries(&b, Position::EMPTY) {
            for r in 0..2 {
                for c in 0..2 {
                    let image = s.apply(b.box_sides(r, c));
                    assert!((0..2).any(|y| (0..2).any(|x| b.box_sides(y, x) == image)));
                }
            }
        }
    }

    #[test]
    fn the_transpose_swaps_rows_and_columns_box_for_box() {
        for (r, c) in [(1, 1), (2, 3), (3, 5), (1, 4)] {
            let b = Board::new(r, c).unwrap();
            let (t, map) = transposed(&b);
            assert_eq!((t.rows(), t.cols()), (c, r));
            for y in 0..r {
                for x in 0..c {
                    assert_eq!(map.apply(b.box_sides(y, x)), t.box_sides(x, y));
                }
            }
            // Twice is the identity, lines and pre-drawn lines alike.
            let (back, map_back) = transposed(&t);
            assert_eq!(back, b);
            assert!((0..b.num_lines()).all(|l| map_back.line(map.line(l)) == l));
        }
        let ice = Board::icelandic();
        let (t, _) = transposed(&ice);
        assert_eq!((t.rows(), t.cols()), (5, 3));
        assert_eq!(t.predrawn().count(), 8);
        assert_eq!(transposed(&t).0, ice);
    }

    #[test]
    fn corner_boxes_have_three_states() {
        let b = Board::new(2, 2).unwrap();
        let sets = InterchangeableSets::new(&b, Position::EMPTY);
        assert_eq!(sets.sets().len(), 4);
        let top_left: Position = [b.h(0, 0), b.v(0, 0)].into_iter().collect();
        let reps: std::collections::BTreeSet<_> = [
            Position::EMPTY,
            Position::single(b.h(0, 0)),
            Position::single(b.v(0, 0)),
            top_left,
        ]
        .into_iter()
        .map(|p| sets.canonical(p))
        .collect();
        assert_eq!(reps.len(), 3);
        let one_by_three = Board::new(1, 3).unwrap();
        let ends = InterchangeableSets::new(&one_by_three, Position::EMPTY);
        assert_eq!(
            ends.sets().iter().map(|s| s.count()).collect::<Vec<_>>(),
            vec![3, 2, 3]
        );
    }

    /// Of the open lines, `repeated_moves` leaves out exactly those whose child equals, up to
    /// the swaps, the child of a line it keeps, and keeps one line of each such class.
    #[test]
    fn repeated_moves_are_the_swapped_copies_of_a_kept_move() {
        let mut rng = crate::core::Rng::new(5);
        for name in ["1x1", "1x3", "2x2", "3x3", "2x5", "4x4", "icelandic"] {
            let board = Board::parse(name).unwrap();
            let sets = InterchangeableSets::new(&board, board.predrawn());
            let mut left_out = 0;
            for _ in 0..300 {
                let open_count = rng.below(board.open_lines(board.start()).count() as usize + 1);
                let pos = rng.position(&board, open_count);
                let open = board.open_lines(pos);
                let repeated = sets.repeated_moves(open);
                assert_eq!(repeated.difference(open), Position::EMPTY);
                let child = |l: usize| sets.canonical(pos.with(l));
                let kept: Vec<usize> = open.difference(repeated).lines().collect();
                for l in repeated.lines() {
                    assert!(
                        kept.iter().any(|&k| child(k) == child(l)),
                        "{name} {pos:?} line {l}"
                    );
                    left_out += 1;
                }
                for (i, &a) in kept.iter().enumerate() {
                    assert!(
                        kept[i + 1..].iter().all(|&b| child(a) != child(b)),
                        "{name} {pos:?}"
                    );
                }
            }
            assert!(left_out > 50, "{name}: only {left_out} lines left out");
        }
    }
}
