//! Negamax alpha-beta on the net-boxes value, with the transposition table, the chain rules
//! and an MTD(f) driver of null-window searches.
//!
//! The value of a position is the net boxes still to come for the player to move. A move
//! completing no box passes the turn (`−value(child)`); one completing `k` boxes keeps it
//! (`k + value(child)`), so after a capture the window shifts by `k` instead of negating.
//! With `u` boxes untaken the value lies in `[−u, u]`, which bounds every window. The search
//! is fail-soft: a result at or below alpha is an upper bound, at or above beta a lower bound.

use crate::core::{Boxes, Position};

use super::budget::{Budget, Progress};
use super::canon::{Canonicalizer, Keys};
use super::capture::{capture_rule, Capture};
use super::endgame::Endgames;
use super::error::SearchError;
use super::ordering::{Ordering, MAX_MOVES};
use super::searched_moves::searched_moves;
use super::tt::{Bounds, Table};
use super::{SearchOptions, SearchStats};

/// Fewest open lines of a position the transposition table holds: below this a subtree is
/// a few dozen nodes, cheaper to search again than a probe of a large table (a cache miss)
/// costs. Measured when it was introduced, on a 45-open-line 5×5 position (`dotbox analyze
/// 5x5 --lines 5,6,7,8,9,10,11,12,13,14,16,17,18,19,25 --method search`): 9 % faster than
/// with every position in the table, the same number of nodes within 0.1 %.
const TABLE_MIN_OPEN: u32 = 9;

/// One search in progress: the solver's tables plus the per-run state.
pub struct Run<'a> {
    /// The board's box graph.
    pub boxes: &'a Boxes,
    /// Every line of the board.
    pub all: Position,
    pub canon: &'a Canonicalizer,
    pub order: &'a Ordering,
    pub tt: &'a Table,
    pub options: &'a SearchOptions,
    pub budget: Budget<'a>,
    pub stats: SearchStats,
    /// Canonical images of the current position, kept in step with every move.
    pub keys: Keys,
    /// What the next progress report says about the root.
    pub root: Progress,
    /// Maps a bound on the value being searched to a bound on the root move's score.
    pub score_of: fn(i32, i32) -> i32,
    /// Boxes the root move being searched completes.
    pub root_boxes: i32,
    /// Values of the simple loony endgames met so far.
    pub endgames: Endgames,
}

impl Run<'_> {
    /// The exact value of `pos` (with `untaken` boxes left), by null-window searches around
    /// `guess` that narrow proven bounds until they meet (MTD(f), Plaat et al., 1996).
    pub fn mtdf(&mut self, pos: Position, untaken: i32, guess: i32) -> Result<i32, SearchError> {
        let (mut lower, mut upper) = (-untaken, untaken);
        let mut g = guess.clamp(lower, upper);
        self.report_bounds(lower, upper);
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            let v = self.negamax(pos, untaken, beta - 1, beta)?;
            if v < beta {
                upper = v;
            } else {
                lower = v;
            }
            g = v;
            self.report_bounds(lower, upper);
        }
        Ok(lower)
    }

    /// Records proven bounds on the value being searched, as bounds on the root move's score,
    /// for the next progress report.
    fn report_bounds(&mut self, lower: i32, upper: i32) {
        let (a, b) = (
            (self.score_of)(self.root_boxes, lower),
            (self.score_of)(self.root_boxes, upper),
        );
        self.root.bounds = (a.min(b), a.max(b));
    }

    /// Draws `line` in `pos` and returns the move's score, searched in the window
    /// `(alpha, beta)` of the mover.
    pub fn play(
        &mut self,
        pos: Position,
        untaken: i32,
        line: usize,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, SearchError> {
        let k = self.boxes.completes(pos, line) as i32;
        self.canon.toggle(&mut self.keys, pos, line);
        let child = pos.with(line);
        let score = if k > 0 {
            self.negamax(child, untaken - k, alpha - k, beta - k)
                .map(|v| v + k)
        } else {
            self.negamax(child, untaken, -beta, -alpha).map(|v| -v)
        };
        self.canon.toggle(&mut self.keys, pos, line);
        score
    }

    /// The open line of `pos` whose canonical image under symmetry `sym` is `image`.
    fn preimage(&self, sym: usize, pos: Position, image: u8) -> Option<u8> {
        let mut open = self.all.difference(pos).lines();
        let line = open.find(|&line| self.canon.canonical_line(sym, pos, line) == image)?;
        Some(line as u8)
    }

    /// What the capture rule says of `pos` (nothing when the rule is switched off).
    fn capture(&self, pos: Position) -> Capture {
        match self.options.capture_rule {
            true => capture_rule(self.boxes, pos),
            false => Capture::None,
        }
    }

    /// The moves of `pos` the search tries, in the order it tries them, into `moves` (their
    /// number returned): those the capture rule leaves, or, when it leaves every move, the
    /// open lines the chain-move rule keeps, the table's best move `hint` (a canonical line
    /// under symmetry `sym`) first.
    fn moves(
        &self,
        pos: Position,
        capture: Capture,
        (hint, sym): (Option<u8>, usize),
        moves: &mut [u8; MAX_MOVES],
    ) -> usize {
        match capture {
            Capture::Forced(x) => {
                moves[0] = x;
                1
            }
            Capture::TakeOrDecline(take, decline) => {
                moves[..2].copy_from_slice(&[take, decline]);
                2
            }
            Capture::TakeOneOf(takes, n) => {
                moves[..n].copy_from_slice(&takes[..n]);
                n
            }
            Capture::None => {
                let first = hint.and_then(|h| self.preimage(sym, pos, h));
                let open = self.all.difference(pos);
                let swaps = self.canon.swaps();
                let open = searched_moves(self.boxes, swaps, pos, open, self.options.chain_moves);
                self.order.order(self.boxes, pos, open, first, moves)
            }
        }
    }

    /// A move of `pos` whose score is `value`, the position's exact value (as [`Run::mtdf`]
    /// found it, whose table entries make this cheap): the moves the search would try, the
    /// table's best move first, each tested with a null window until one reaches `value`.
    /// The pruning rules are exact, so one of them does. None on a full board.
    pub fn best_move(
        &mut self,
        pos: Position,
        untaken: i32,
        value: i32,
    ) -> Result<Option<usize>, SearchError> {
        if self.all.difference(pos).is_empty() {
            return Ok(None);
        }
        let capture = self.capture(pos);
        let (lock, key, sym) = self.canon.canonical(&self.keys);
        let hint = self.tt.probe(lock, key).and_then(|b| b.best);
        let mut moves = [0u8; MAX_MOVES];
        let n = self.moves(pos, capture, (hint, sym), &mut moves);
        for &m in &moves[..n] {
            if self.play(pos, untaken, usize::from(m), value - 1, value)? >= value {
                return Ok(Some(usize::from(m)));
            }
        }
        unreachable!("no move of {pos:?} reaches its exact value {value}")
    }

    /// Fail-soft alpha-beta value of `pos` for the player to move.
    fn negamax(
        &mut self,
        pos: Position,
        untaken: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, SearchError> {
        let (hits, root) = (self.stats.tt_hits, self.root);
        self.budget.tick(|nodes| Progress {
            nodes,
            tt_hits: hits,
            ..root
        })?;
        if untaken == 0 {
            return Ok(0);
        }
        if alpha >= untaken {
            return Ok(untaken);
        }
        if beta <= -untaken {
            return Ok(-untaken);
        }
        alpha = alpha.max(-untaken);
        beta = beta.min(untaken);
        let capture = self.capture(pos);
        if let Capture::Forced(x) = capture {
            self.stats.forced_captures += 1;
            return self.play(pos, untaken, usize::from(x), alpha, beta);
        }
        let (lock, key, sym) = self.canon.canonical(&self.keys);
        let tabled = self.all.difference(pos).count() >= TABLE_MIN_OPEN;
        if tabled {
            self.tt.prefetch(key);
        }
        if self.options.loony_endgames && capture == Capture::None {
            if let Some(v) = self.endgames.value(self.boxes, pos) {
                self.stats.loony_endgames += 1;
                return Ok(v);
            }
        }

        let mut hint = None;
        if tabled {
            self.stats.tt_probes += 1;
            if let Some(b) = self.tt.probe(lock, key) {
                self.stats.tt_hits += 1;
                if b.lower >= beta || b.lower == b.upper {
                    return Ok(b.lower);
                }
                if b.upper <= alpha {
                    return Ok(b.upper);
                }
                alpha = alpha.max(b.lower);
                beta = beta.min(b.upper);
                hint = b.best;
            }
        }

        let start = self.budget.nodes;
        let mut moves = [0u8; MAX_MOVES];
        let n = self.moves(pos, capture, (hint, sym), &mut moves);

        let (mut best, mut best_move, mut a) = (i32::MIN, moves[0], alpha);
        for &m in &moves[..n] {
            let v = self.play(pos, untaken, usize::from(m), a, beta)?;
            if v > best {
                best = v;
                best_move = m;
            }
            if v > a {
                a = v;
                if a >= beta {
                    break;
                }
            }
        }

        let found = Some(self.canon.canonical_line(sym, pos, usize::from(best_move)));
        let bounds = if best <= alpha {
            Bounds {
                lower: -untaken,
                upper: best,
                best: None,
            }
        } else if best >= beta {
            Bounds {
                lower: best,
                upper: untaken,
                best: found,
            }
        } else {
            Bounds {
                lower: best,
                upper: best,
                best: found,
            }
        };
        if tabled {
            self.tt.store(lock, key, bounds, self.budget.nodes - start);
        }
        Ok(best)
    }
}
