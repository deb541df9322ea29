//! Chains as pseudo-lines: the reduction of a position whose chains are taken as all drawn or
//! all open, so that the retrograde solver reaches positions with more open lines than it
//! could solve line by line (David Wilson's method for Berlekamp's 5×5 problems).
//!
//! A reduced position is a set of *units*. Each long chain (at least `min_chain` boxes) and
//! each loop of the start position is one unit standing for all its open lines; every other
//! open line is a unit of its own. Drawing a unit draws all its lines, and a box completes
//! when every unit among its open sides is drawn — so the solver's one-AND box test works
//! unchanged once the box sides are written over units ([`super::Layout::from_reduction`]).
//!
//! **The assumption.** Once a player draws a line of a collapsed chain, some best line of
//! play fills the whole chain before any other line is drawn. Under it, a chain move is
//! scored by the *chain player*, the player who gets the option on its boxes
//! ([`ChainRule`]): the player to move when drawing the chain completes a box beyond it (a
//! junction box left with the chain as its only open sides), the opponent otherwise. The
//! chain player takes all `b` boxes and moves on (`b + v`), or takes all but two and hands
//! over the last two with a double-dealing move (`b − 4 − v`; all but four, `b − 8 − v`, for
//! a loop or a chain opened at both ends), where `v` is the value of the position with the
//! whole chain drawn for whoever moves there.
//!
//! **Where it is exact.** For a chain whose ends both lie on the ground, and for a loop,
//! the chain is a component of its own in every later position; entering it makes a loony
//! offer, and with one offer standing one of the two replies is always best. A chain ending
//! in a junction box can grow: when the junction box is left with one open side leading
//! nowhere further, the chain player declines by leaving the chain's last box with it, two
//! boxes cheaper; when its two junction boxes are joined through one box into a loop, the
//! decline inside the chain is two boxes cheaper as well ([`Extension`], both counted per
//! position by the kernel). Longer growth needs nothing: the decline then lies in the
//! position with the chain drawn. This is not proven; it is measured against the plain
//! retrograde solver (`tests/pseudo_lines.rs`, `examples/pseudo_compare.rs`), and
//! [`Reduction::exact`] says whether the start position lies in the proven case.

use crate::chains::{components, Component, End, Kind};
use crate::core::{Board, Position};

use super::RetroError;

/// Fewest boxes of a chain collapsed by default: the long chains of chain theory.
pub const DEFAULT_MIN_CHAIN: usize = 3;
/// Fewest boxes a collapsed chain may have: a chain of one or two boxes can be handed out
/// without leaving a decline (a hard-hearted handout), which the chain rule does not score.
pub const MIN_CHAIN: usize = 3;

/// The shape of a collapsed chain, which decides who is the chain player and what declining
/// costs once its junction boxes complete with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A path whose ends lead to the ground or into two different junction boxes.
    Chain,
    /// A path whose two ends lead into the same junction box: once that box's other sides
    /// are drawn, box and chain form a loop.
    LoopThroughBox,
    /// A cycle of boxes.
    Loop,
}

/// How drawing one collapsed chain scores, given how many of its junction boxes complete
/// with it (0, 1 or 2: the box test of the kernel) and the value `v` of the position with
/// the chain drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainRule {
    /// Boxes inside the chain: each has only the chain's lines open, so it completes
    /// whenever the chain is drawn.
    pub boxes: i8,
    /// The chain's shape.
    pub shape: Shape,
}

impl ChainRule {
    /// Whether drawing the chain when `junctions` junction boxes complete with it *enters*
    /// it (the opponent is the chain player) rather than takes it.
    pub const fn enters(self, junctions: i8) -> bool {
        match self.shape {
            Shape::Chain => junctions == 0,
            Shape::LoopThroughBox | Shape::Loop => true,
        }
    }

    /// What declining costs the chain player: the boxes handed back with the double-dealing
    /// move, twice (they are lost to one side and won by the other). Two boxes from a path
    /// opened at one end, four from a loop or a path opened at both ends.
    pub const fn decline(self, junctions: i8) -> i8 {
        match (self.shape, junctions) {
            (Shape::Chain, 0 | 1) | (Shape::LoopThroughBox, 0) => 4,
            _ => 8,
        }
    }

    /// The score of drawing the chain for the player to move, when `junctions` junction
    /// boxes complete with it, `extended` of its ends are one box longer ([`Extension`]),
    /// and the position with the chain drawn is worth `child` to whoever moves there (the
    /// chain player, who moves again after a take-all).
    #[inline(always)]
    pub fn score(self, junctions: i8, extended: i8, child: i8) -> i8 {
        chain_move_score(
            self.boxes + junctions,
            self.enters(junctions),
            self.decline(junctions) - 2 * extended,
            child,
        )
    }
}

/// The chain player's best of taking all `boxes` (`boxes + child`) and declining
/// (`boxes − decline − child`), negated when the move `enters` the chain (the opponent is
/// the chain player). Branch-free, so the kernel's loop over a block vectorises. Wrapping,
/// like the rest of the kernel: a run's padding past its last position holds bytes that are
/// no value, and what they give is never read (values themselves stay far from overflow:
/// a board of at most 64 lines has fewer than 32 boxes, and a decline is at most 8).
#[inline(always)]
pub fn chain_move_score(boxes: i8, enters: bool, decline: i8, child: i8) -> i8 {
    let take = boxes
        .wrapping_add(child)
        .max(boxes.wrapping_sub(decline).wrapping_sub(child));
    if enters {
        take.wrapping_neg()
    } else {
        take
    }
}

/// One way a chain's junction boxes make declining it two boxes cheaper ([`ChainRule::score`]),
/// as tests on the set of drawn units: every unit of `drawn` is drawn, and no set of
/// `not_all` is entirely drawn. Two kinds:
/// - *one box longer*: a junction box's other sides are all drawn but `y` (an ordinary
///   line), and `y` leads to the ground or to a box with at least two other open sides, so
///   the chain ends one box past the junction; the chain player declines by leaving the
///   chain's last box together with the junction box. (`not_all`: `y` alone, and the far
///   box's other sides all drawn, or all but one.)
/// - *a loop through one box*: the two junction boxes and a box `p` between them have all
///   sides drawn but `y1` (junction to `p`) and `y2` (`p` to the other junction), so chain,
///   junctions and `p` form a loop. The boxes past the chain are then a path of three
///   opened at both ends, too short to decline in, and the loop's decline (four boxes
///   handed back, with the chain's boxes beside the junctions taken) is two boxes cheaper
///   than the chain rule's decline inside the chain followed by the opponent taking the
///   three. (`not_all`: `y1` alone, `y2` alone.)
///
/// Joins through no box (two adjacent junctions) or through two boxes or more need nothing:
/// the chain rule's decline, or the decline in the position with the chain drawn, is then
/// the loop's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extension {
    /// Units that must be drawn (bit `i` for unit `i`).
    pub drawn: u64,
    /// Sets of units none of which may be drawn entirely.
    pub not_all: Vec<u64>,
}

/// One unit of a reduced position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Its open lines (one for an ordinary line).
    pub lines: Position,
    /// The collapsed chain it stands for, if any.
    pub chain: Option<Collapsed>,
}

impl Unit {
    /// The line naming the unit in the solve's layout: its lowest.
    pub fn line(&self) -> usize {
        self.lines.lines().next().expect("a unit has a line")
    }
}

/// A chain or loop of the start position collapsed into one unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Collapsed {
    /// The chain or loop as the start position's components give it.
    pub component: Component,
    /// How drawing it scores.
    pub rule: ChainRule,
}

/// A position reduced to units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reduction {
    /// The start position (pre-drawn lines included).
    base: Position,
    units: Vec<Unit>,
    /// `sides[u]`: for each box beside unit `u` that needs other units too, those units
    /// (bit `i` for unit `i`).
    sides: Vec<Vec<u64>>,
    /// The unit of each open line.
    unit_of: [u8; 64],
    /// `extensions[u]`: how each end of collapsed chain `u` may be one box longer.
    extensions: Vec<Vec<Extension>>,
    /// Whether a box of the start position has one open side.
    capturable: bool,
}

/// Refuses a `min_chain` below [`MIN_CHAIN`]: shorter chains are not settled by the chain
/// rule. [`Reduction::new`] checks it, and so do front ends that read the option whether or
/// not chains are collapsed this time.
pub fn check_min_chain(min_chain: usize) -> Result<(), RetroError> {
    match min_chain < MIN_CHAIN {
        true => Err(RetroError::ChainTooShort {
            min_chain,
            least: MIN_CHAIN,
        }),
        false => Ok(()),
    }
}

impl Reduction {
    /// The reduction of `pos` on `board` collapsing every chain of at least `min_chain`
    /// boxes (at least [`MIN_CHAIN`]) and every loop. Fails when more than 64 units remain
    /// (never: a board has at most 64 lines) or `min_chain` is too small.
    pub fn new(board: &Board, pos: Position, min_chain: usize) -> Result<Reduction, RetroError> {
        check_min_chain(min_chain)?;
        board.check(pos)?;
        let base = pos;
        let mut units: Vec<Unit> = Vec::new();
        let mut collapsed = Position::EMPTY;
        for c in components(board, base) {
            let long = match c.kind {
                Kind::Chain => c.len() >= min_chain,
                Kind::Loop => c.len() >= min_chain.max(4),
                Kind::Capturable | Kind::Unsettled => false,
            };
            if !long {
                continue;
            }
            let shape = match (c.kind, c.ends.as_slice()) {
                (Kind::Loop, _) => Shape::Loop,
                (_, [End::Junction(a, b), End::Junction(c, d)]) if (a, b) == (c, d) => {
                    Shape::LoopThroughBox
                }
                _ => Shape::Chain,
            };
            let lines: Position = c.lines.iter().copied().collect();
            collapsed = collapsed.union(lines);
            units.push(Unit {
                lines,
                chain: Some(Collapsed {
                    rule: ChainRule {
                        boxes: c.len() as i8,
                        shape,
                    },
                    component: c,
                }),
            });
        }
        for line in board.open_lines(base).difference(collapsed).lines() {
            units.push(Unit {
                lines: Position::single(line),
                chain: None,
            });
        }
        units.sort_by_key(Unit::line);
        let mut unit_of = [u8::MAX; 64];
        for (u, unit) in units.iter().enumerate() {
            for line in unit.lines.lines() {
                unit_of[line] = u as u8;
            }
        }
        let mask_of = |lines: Position| -> u64 {
            lines
                .lines()
                .map(|l| 1u64 << unit_of[l])
                .fold(0, |a, b| a | b)
        };
        let sides = units
            .iter()
            .enumerate()
            .map(|(u, unit)| {
                let mut boxes: Vec<(usize, usize)> = Vec::new();
                for line in unit.lines.lines() {
                    for (r, c) in beside(board, line) {
                        if !boxes.contains(&(r, c)) {
                            boxes.push((r, c));
                        }
                    }
                }
                boxes
                    .into_iter()
                    .map(|(r, c)| mask_of(board.box_sides(r, c).difference(base)) & !(1 << u))
                    // A chain's own boxes complete with it alone: counted by its rule.
                    .filter(|&m| m != 0 || unit.chain.is_none())
                    .collect()
            })
            .collect();
        let extensions = units
            .iter()
            .enumerate()
            .map(|(u, unit)| match &unit.chain {
                Some(c) if c.rule.shape != Shape::Loop => {
                    extensions(board, base, &units, &unit_of, u, &c.component.ends)
                }
                _ => Vec::new(),
            })
            .collect();
        let boxes = board.boxes();
        let capturable = (0..boxes.len()).any(|b| boxes.degree(base, b) == 1);
        Ok(Reduction {
            base,
            units,
            sides,
            unit_of,
            extensions,
            capturable,
        })
    }

    /// The start position, pre-drawn lines included.
    pub fn base(&self) -> Position {
        self.base
    }

    /// The units, by their lowest line.
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// For each box beside unit `u` that needs other units too (a junction box of a chain,
    /// or a box beside an ordinary line), the set of those units as a mask over unit indices;
    /// a box beside an ordinary line with no other side open has an empty mask.
    pub fn box_sides(&self, u: usize) -> &[u64] {
        &self.sides[u]
    }

    /// How each end of unit `u` (a collapsed chain) may be one box longer; empty for other
    /// units.
    pub fn extensions(&self, u: usize) -> &[Extension] {
        &self.extensions[u]
    }

    /// The unit of open line `line` (None for a line drawn, or none of the board's).
    pub fn unit_of(&self, line: usize) -> Option<usize> {
        let unit = usize::from(*self.unit_of.get(line)?);
        self.units.get(unit).map(|_| unit)
    }

    /// The collapsed chains, with their units' indices.
    pub fn chains(&self) -> impl Iterator<Item = (usize, &Unit, &Collapsed)> {
        self.units
            .iter()
            .enumerate()
            .filter_map(|(u, unit)| unit.chain.as_ref().map(|c| (u, unit, c)))
    }

    /// The position with the units of `drawn` (bit `i` for unit `i`) drawn.
    pub fn position(&self, drawn: u64) -> Position {
        self.units
            .iter()
            .enumerate()
            .filter(|&(u, _)| drawn >> u & 1 == 1)
            .fold(self.base, |p, (_, unit)| p.union(unit.lines))
    }

    /// Whether the value of the start position is proven exact: every collapsed chain ends
    /// on the ground at both ends, or is a loop, so each stays a component of its own and
    /// entering it makes a loony offer (see the module docs).
    pub fn exact(&self) -> bool {
        self.chains().all(|(_, _, c)| {
            let c = &c.component;
            c.kind == Kind::Loop || c.ends.iter().all(|e| matches!(e, End::Ground))
        })
    }

    /// Whether the score of the move on `line` is proven exact: the value is, and the move
    /// is no chain move while a box stands capturable. (Entering a chain then scores at
    /// least its true score: the chain player may take the standing box before declining,
    /// which the chain rule does not see; the value is unaffected, since taking the box
    /// first and then entering does at least as well and is scored exactly.)
    pub fn exact_move(&self, line: usize) -> bool {
        let in_chain = self
            .unit_of(line)
            .is_some_and(|u| self.units[u].chain.is_some());
        self.exact() && !(in_chain && self.capturable)
    }

    /// The lines among `lines` (the moves of an analysis) whose score is not proven exact
    /// ([`Reduction::exact_move`]): what every front end marks `~`.
    pub fn unproven(&self, lines: impl IntoIterator<Item = usize>) -> Position {
        // A line no unit holds is no move of the reduction, and has no score to doubt.
        let moves = lines.into_iter().filter(|&l| self.unit_of(l).is_some());
        moves.filter(|&l| !self.exact_move(l)).collect()
    }
}

/// The [`Extension`]s of chain unit `u` at its junction ends `ends`: each end one box longer,
/// and the two ends joined into a loop through one box.
fn extensions(
    board: &Board,
    base: Position,
    units: &[Unit],
    unit_of: &[u8; 64],
    u: usize,
    ends: &[End],
) -> Vec<Extension> {
    let mask_of = |lines: Position| -> u64 {
        lines
            .lines()
            .map(|l| 1u64 << unit_of[l])
            .fold(0, |a, b| a | b)
    };
    // A box's open sides, and their units but the chain's.
    let open = |(r, c): (usize, usize)| board.box_sides(r, c).difference(base);
    let others = |b: (usize, usize)| mask_of(open(b)) & !(1 << u);
    let ordinary = |y: usize| {
        let unit = usize::from(unit_of[y]);
        unit != u && units[unit].chain.is_none()
    };
    let mut junctions: Vec<(usize, usize)> = ends
        .iter()
        .filter_map(|e| match *e {
            End::Junction(r, c) => Some((r, c)),
            _ => None,
        })
        .collect();
    junctions.dedup(); // Both ends of a chain looping through one box.
    let mut out = Vec::new();
    for &j in &junctions {
        // Another chain beyond `y` makes a longer extension, which needs nothing.
        for y in open(j).lines().filter(|&y| ordinary(y)) {
            let unit = 1u64 << unit_of[y];
            let mut not_all = vec![unit];
            // The box across `y`, if any, must keep two other open sides: not all of its
            // other units drawn, nor all but one holding a single one of its sides.
            if let Some(&k) = beside(board, y).iter().find(|&&b| b != j) {
                let across = others(k) & !unit;
                not_all.push(across);
                for line in open(k).difference(Position::single(y)).lines() {
                    let z = 1u64 << unit_of[line];
                    let sides_of_z = open(k).lines().filter(|&l| 1u64 << unit_of[l] == z);
                    if sides_of_z.count() == 1 {
                        not_all.push(across & !z);
                    }
                }
            }
            out.push(Extension {
                drawn: others(j) & !unit,
                not_all,
            });
        }
    }
    // Two junction boxes joined through one box `p`: once every other side of the three is
    // drawn, chain and boxes form a loop, and declining it inside the chain hands back four
    // boxes while the boxes past the chain make a path too short to decline in.
    if let [j1, j2] = junctions[..] {
        for y1 in open(j1).lines().filter(|&y| ordinary(y)) {
            let Some(&p) = beside(board, y1).iter().find(|&&b| b != j1 && b != j2) else {
                continue;
            };
            for y2 in open(p).lines().filter(|&y| y != y1 && ordinary(y)) {
                if !beside(board, y2).contains(&j2) {
                    continue;
                }
                let (a, b) = (1u64 << unit_of[y1], 1u64 << unit_of[y2]);
                out.push(Extension {
                    drawn: (others(j1) | others(p) | others(j2)) & !(a | b),
                    not_all: vec![a, b],
                });
            }
        }
    }
    out
}

/// The boxes (row, col) beside `line`.
fn beside(board: &Board, line: usize) -> Vec<(usize, usize)> {
    let boxes = board.boxes();
    boxes.boxes_of(line).map(|b| boxes.coord(b)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chains::settled;
    use crate::core::Rng;

    /// Settled positions (chains, loops and junctions) of boards with long chains.
    fn samples() -> Vec<(Board, Position)> {
        let mut rng = Rng::new(31);
        let mut out = Vec::new();
        for (r, c) in [(3, 3), (3, 4), (4, 4), (5, 5)] {
            let board = Board::new(r, c).unwrap();
            for open in [10, 16, 24] {
                out.push((board.clone(), settled(&board, open, &mut rng)));
            }
        }
        out
    }

    /// The units split the open lines: each open line in exactly one unit, found by
    /// `unit_of`, and drawing every unit draws the whole board.
    #[test]
    fn units_partition_the_open_lines() {
        for (board, pos) in samples() {
            let red = Reduction::new(&board, pos, DEFAULT_MIN_CHAIN).unwrap();
            let mut covered = Position::EMPTY;
            for (u, unit) in red.units().iter().enumerate() {
                assert!(covered.intersection(unit.lines).is_empty(), "{pos:?}");
                covered = covered.union(unit.lines);
                for line in unit.lines.lines() {
                    assert_eq!(red.unit_of(line), Some(u));
                }
                assert_eq!(red.position(1 << u), pos.union(unit.lines));
            }
            assert_eq!(covered, board.open_lines(pos));
            let all = (1u64 << red.units().len()).wrapping_sub(1);
            assert_eq!(red.position(all), board.all_lines());
        }
    }

    /// Collapsed chains are the start position's chains of at least `min_chain` boxes and
    /// its loops; nothing else is collapsed, and a larger `min_chain` collapses fewer.
    #[test]
    fn exactly_the_long_chains_and_loops_collapse() {
        for (board, pos) in samples() {
            let long = |c: &Component, min: usize| {
                c.kind == Kind::Loop || (c.kind == Kind::Chain && c.len() >= min)
            };
            for min in [3, 4] {
                let red = Reduction::new(&board, pos, min).unwrap();
                let collapsed: Vec<&Component> =
                    red.chains().map(|(_, _, c)| &c.component).collect();
                assert!(collapsed.iter().all(|c| long(c, min)), "{pos:?}");
                let expected = components(&board, pos)
                    .iter()
                    .filter(|c| long(c, min))
                    .count();
                assert_eq!(collapsed.len(), expected, "{pos:?} min {min}");
                for (_, unit, c) in red.chains() {
                    assert!(unit.lines.count() > 1);
                    assert_eq!(c.rule.boxes as usize, c.component.len());
                }
            }
        }
    }

    #[test]
    fn chains_too_short_to_decline_are_refused() {
        let board = Board::new(3, 3).unwrap();
        let refused = Reduction::new(&board, board.start(), MIN_CHAIN - 1);
        assert!(matches!(
            refused,
            Err(RetroError::ChainTooShort {
                min_chain: 2,
                least: MIN_CHAIN
            })
        ));
    }

    /// The chain rule's table: a path opened at one end hands back two boxes (a decline
    /// costs 4), a loop or a path opened at both ends four (8); the opponent is the chain
    /// player unless a junction box completes with a path.
    #[test]
    fn declines_cost_two_or_four_boxes_by_shape() {
        let rule = |shape| ChainRule { boxes: 3, shape };
        assert_eq!(rule(Shape::Chain).decline(0), 4);
        assert_eq!(rule(Shape::Chain).decline(1), 4);
        assert_eq!(rule(Shape::Chain).decline(2), 8);
        assert_eq!(rule(Shape::LoopThroughBox).decline(0), 4);
        assert_eq!(rule(Shape::LoopThroughBox).decline(1), 8);
        assert_eq!(rule(Shape::Loop).decline(0), 8);
        assert!(rule(Shape::Chain).enters(0) && !rule(Shape::Chain).enters(1));
        assert!(rule(Shape::Loop).enters(2) && rule(Shape::LoopThroughBox).enters(1));
        // Entering a chain of 3 on the ground before a position worth 1 to the chain player:
        // the opponent takes all (3 + 1) rather than declining (3 - 4 - 1).
        assert_eq!(rule(Shape::Chain).score(0, 0, 1), -4);
        // Worth -5 after it: declining (3 - 4 + 5 = 4) beats taking (3 - 5).
        assert_eq!(rule(Shape::Chain).score(0, 0, -5), -4);
    }
}
