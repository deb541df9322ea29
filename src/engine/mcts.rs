//! Monte-Carlo tree search with chain-aware playouts and exact leaves (an MCTS-solver,
//! Winands, Björnsson and Saito, 2008, on scores instead of wins).
//!
//! The tree grows one node per iteration along the moves of best upper confidence bound
//! (UCT: mean score plus `c · sqrt(ln N / n)`, in boxes, from the mover's side, `c` growing
//! with the boxes left: [`EXPLORE_PER_BOX`]). Below the root it searches only the moves the
//! exact search would (the capture rule, the chain-move rule of `crate::search` and one of
//! each box's open border lines, all exact). A new node is valued by a [`playout`], unless
//! it is settled: a full board, a simple loony endgame (exact arithmetic) or small
//! enough (at most [`SOLVE_OPEN`] open lines) for the exact search, which answers it at
//! once. A node whose moves all lead to settled nodes is settled too, with the exact
//! minimax value, so near the end the tree becomes the exact analysis: when the root is
//! settled the engine's scores are exact. Positions are shared by canonical form (move
//! orders and board symmetries meet in one node), so the tree is a graph; each edge keeps its
//! own visit count for exploration and reads the value from the node it leads to.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::core::symmetry::Equivalence;
use crate::core::{mix, Board, Boxes, Position, SplitMix};
use crate::search::capture::{capture_rule, Capture};
use crate::search::endgame::Endgames;
use crate::search::searched_moves::searched_moves;
use crate::search::{Flow, SearchError, Solver};

use super::playout::{all_lines, playout};

/// Positions with at most this many open lines are solved exactly when the tree meets them
/// (a few thousand search nodes at most; 22 was no better at a fixed budget).
pub const SOLVE_OPEN: u32 = 18;

/// Most nodes the exact search spends on a position of only chains and loops with more
/// than [`SOLVE_OPEN`] open lines before the tree values it by playouts instead. (Solving
/// every position with no safe line left, junctions included, cost 6–8 points of optimal
/// picks on 4×4 and 3×5 openings at 1 s: the failed solves ate the tree's time.)
pub const SETTLED_NODES: u64 = 100_000;

/// The exploration constant of UCT, in boxes, per box left to take at the root: the spread
/// of a playout's result grows with the boxes still to share, and so must the exploration
/// (8 on 4x4 and 3x5 openings). Measured on 400 4x4 and 3x5 opening positions (plies 0-14)
/// at a fixed budget of 10^6 work units on one thread (`docs/engine-experiments.md`): a
/// constant of 4 picked an optimal move 73.0-73.5 % of the time, 6 76 %, 8 75-79 %, 11
/// 72.5 %, 16 73.5 %, 32 70 %.
pub const EXPLORE_PER_BOX: f64 = 0.5;

/// No child yet.
const NONE: u32 = u32::MAX;

struct Node {
    pos: Position,
    /// First edge and number of edges (`count == 0`: not expanded yet).
    first: u32,
    count: u32,
    visits: u32,
    /// Sum of the sampled values, for the player to move here.
    total: f64,
    /// The exact value for the player to move, once known.
    exact: Option<i32>,
}

struct Edge {
    line: u8,
    /// Boxes the move completes.
    boxes: u8,
    child: u32,
    visits: u32,
}

/// One root move's statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RootMove {
    pub line: usize,
    pub visits: u32,
    pub total: f64,
    /// The exact score, once known.
    pub exact: Option<i32>,
}

/// One search tree (one per thread).
pub struct Tree<'a> {
    boxes: &'a Boxes,
    all: Position,
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    /// The node of each position met, by canonical form: positions reached by different
    /// move orders or equal up to symmetry share one node and its statistics.
    index: HashMap<u64, u32, BuildHasherDefault<MixHasher>>,
    symmetry: Equivalence,
    rng: SplitMix,
    endgames: Endgames,
    solver: Solver,
    /// Work done: tree steps, playout calls and exact-search nodes.
    pub work: u64,
    /// Deepest node reached.
    pub depth: u32,
    /// Most edges the tree may hold (its memory budget); past it, leaves stop growing.
    capacity: usize,
    /// The exploration constant, in boxes ([`EXPLORE_PER_BOX`] times the boxes left at the
    /// root, at least one).
    explore: f64,
}

impl<'a> Tree<'a> {
    /// A tree rooted at `pos` (checked, not full) in about `bytes` of memory: half for the
    /// tree, half for the exact solves' table.
    pub fn new(
        board: &'a Board,
        pos: Position,
        seed: u64,
        bytes: usize,
    ) -> Result<Tree<'a>, SearchError> {
        let options = crate::search::SearchOptions {
            tt_bytes: bytes / 2,
            progress_interval: 4096,
            ..Default::default()
        };
        let mut tree = Tree {
            boxes: board.boxes(),
            all: all_lines(board.boxes()),
            nodes: Vec::new(),
            edges: Vec::new(),
            index: HashMap::default(),
            symmetry: Equivalence::new(board, board.start()),
            rng: SplitMix(seed),
            endgames: Endgames::default(),
            solver: Solver::new(board, &options)?,
            work: 0,
            depth: 0,
            capacity: bytes / 2 / (std::mem::size_of::<Edge>() + std::mem::size_of::<Node>()),
            explore: (EXPLORE_PER_BOX * board.boxes().untaken(pos) as f64).max(1.0),
        };
        // The root is never settled by itself: it is expanded, so every move gets a score.
        tree.nodes.push(Node {
            pos,
            first: 0,
            count: 0,
            visits: 0,
            total: 0.0,
            exact: None,
        });
        tree.expand(0, true);
        Ok(tree)
    }

    /// Moves at the root, in line order.
    pub fn root_moves(&self) -> Vec<RootMove> {
        let root = &self.nodes[0];
        let mut moves: Vec<RootMove> = self.edges
            [root.first as usize..(root.first + root.count) as usize]
            .iter()
            .map(|e| {
                let (visits, total) = match self.nodes.get(e.child as usize) {
                    Some(c) if c.visits > 0 => {
                        let q = f64::from(e.boxes) + sign(e.boxes) * c.total / f64::from(c.visits);
                        (c.visits, q * f64::from(c.visits))
                    }
                    _ => (0, 0.0),
                };
                RootMove {
                    line: usize::from(e.line),
                    visits,
                    total,
                    exact: self.exact_score(e),
                }
            })
            .collect();
        moves.sort_by_key(|m| m.line);
        moves
    }

    /// Whether the root's value is known exactly.
    pub fn solved(&self) -> bool {
        self.nodes[0].exact.is_some()
    }

    /// Whether every root move has been tried once.
    pub fn all_tried(&self) -> bool {
        let root = &self.nodes[0];
        self.edges[root.first as usize..(root.first + root.count) as usize]
            .iter()
            .all(|e| {
                self.nodes
                    .get(e.child as usize)
                    .is_some_and(|c| c.visits > 0 || c.exact.is_some())
            })
    }

    /// The node of `pos`, created if new.
    fn node_of(&mut self, pos: Position) -> u32 {
        let key = self.symmetry.canonical(pos).0;
        if let Some(&n) = self.index.get(&key) {
            return n;
        }
        let exact = self.settle(pos);
        self.nodes.push(Node {
            pos,
            first: 0,
            count: 0,
            visits: 0,
            total: 0.0,
            exact,
        });
        let n = (self.nodes.len() - 1) as u32;
        self.index.insert(key, n);
        n
    }

    /// The exact value of `pos` when it is cheap to know.
    fn settle(&mut self, pos: Position) -> Option<i32> {
        let open = self.all.difference(pos);
        if open.is_empty() {
            return Some(0);
        }
        if capture_rule(self.boxes, pos) == Capture::None {
            if let Some(v) = self.endgames.value(self.boxes, pos) {
                return Some(v);
            }
        }
        let small = open.count() <= SOLVE_OPEN;
        let chains_only = (0..self.boxes.len()).all(|b| self.boxes.degree(pos, b) <= 2);
        if !small && !chains_only {
            return None;
        }
        // Small, or only chains and loops left (some perhaps opened: a few nodes for the
        // chain rules): the exact search, given up past SETTLED_NODES on a large one.
        let cap = if small { u64::MAX } else { SETTLED_NODES };
        match self.solver.value(pos, &mut |p| match p.nodes >= cap {
            true => Flow::Stop,
            false => Flow::Continue,
        }) {
            Ok((v, stats)) => {
                self.work += stats.nodes;
                Some(v)
            }
            Err(SearchError::Stopped { nodes }) => {
                self.work += nodes;
                None
            }
            Err(e) => unreachable!("a solve within an unlimited budget: {e}"),
        }
    }

    /// Creates the edges of node `n`: every open line at the root, elsewhere the moves the
    /// exact search's rules keep.
    fn expand(&mut self, n: u32, root: bool) {
        let pos = self.nodes[n as usize].pos;
        let open = self.all.difference(pos);
        let mut lines: Vec<u8> = match (root, capture_rule(self.boxes, pos)) {
            (true, _) => open.lines().map(|l| l as u8).collect(),
            (false, Capture::Forced(x)) => vec![x],
            (false, Capture::TakeOrDecline(take, decline)) => vec![take, decline],
            (false, Capture::TakeOneOf(takes, k)) => takes[..k].to_vec(),
            (false, Capture::None) => {
                let kept = searched_moves(self.boxes, self.symmetry.swaps(), pos, open, true);
                kept.lines().map(|l| l as u8).collect()
            }
        };
        // Untried moves are tried in a random order.
        for i in (1..lines.len()).rev() {
            lines.swap(i, self.rng.below(i + 1));
        }
        let node = &mut self.nodes[n as usize];
        node.first = self.edges.len() as u32;
        node.count = lines.len() as u32;
        for line in lines {
            self.edges.push(Edge {
                line,
                boxes: self.boxes.completes(pos, usize::from(line)) as u8,
                child: NONE,
                visits: 0,
            });
        }
    }

    /// The exact score of edge `e`, when its child is settled.
    fn exact_score(&self, e: &Edge) -> Option<i32> {
        let child = self.nodes.get(e.child as usize)?;
        child.exact.map(|v| score(e.boxes, v))
    }

    /// The edge of node `n` to follow: an untried one first, else the best upper bound
    /// (the child's mean value, shared by every path to it, plus the exploration term of
    /// this edge's own visits).
    fn select(&self, n: u32) -> u32 {
        let node = &self.nodes[n as usize];
        let ln = f64::from(node.visits.max(1)).ln();
        let (mut best, mut best_ucb) = (node.first, f64::MIN);
        for i in node.first..node.first + node.count {
            let e = &self.edges[i as usize];
            let ucb = if let Some(s) = self.exact_score(e) {
                f64::from(s)
            } else if e.child == NONE || self.nodes[e.child as usize].visits == 0 {
                return i;
            } else {
                let c = &self.nodes[e.child as usize];
                let q = c.total / f64::from(c.visits.max(1));
                f64::from(e.boxes)
                    + sign(e.boxes) * q
                    + self.explore * (ln / f64::from(e.visits)).sqrt()
            };
            if ucb > best_ucb {
                best = i;
                best_ucb = ucb;
            }
        }
        best
    }

    /// One iteration: down the tree to a node not yet valued, a playout there (or its
    /// exact value), the value back up the path.
    pub fn iterate(&mut self) {
        let mut path: Vec<(u32, u32)> = Vec::new();
        let mut n = 0u32;
        let mut value = loop {
            if let Some(v) = self.nodes[n as usize].exact {
                break f64::from(v);
            }
            let node = &self.nodes[n as usize];
            // A leaf: valued once by a playout; grown on its second visit, while the
            // memory budget lasts.
            if n != 0
                && (node.visits == 0 || (node.count == 0 && self.edges.len() >= self.capacity))
            {
                let pos = node.pos;
                self.work += 8;
                let v = f64::from(playout(self.boxes, pos, &mut self.rng, &mut self.endgames));
                let node = &mut self.nodes[n as usize];
                node.visits += 1;
                node.total += v;
                break v;
            }
            if node.count == 0 {
                self.expand(n, false);
            }
            let e = self.select(n);
            path.push((n, e));
            self.work += 1;
            let edge = &self.edges[e as usize];
            n = if edge.child == NONE {
                let child = self.node_of(self.nodes[n as usize].pos.with(usize::from(edge.line)));
                self.edges[e as usize].child = child;
                child
            } else {
                edge.child
            };
        };
        self.depth = self.depth.max(path.len() as u32);
        for &(n, e) in path.iter().rev() {
            let edge = &mut self.edges[e as usize];
            value = f64::from(edge.boxes) + sign(edge.boxes) * value;
            edge.visits += 1;
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.total += value;
            self.settle_from_children(n);
        }
    }

    /// Marks node `n` exact when every move's child is.
    fn settle_from_children(&mut self, n: u32) {
        let node = &self.nodes[n as usize];
        if node.exact.is_some() || node.count == 0 {
            return;
        }
        let mut best = i32::MIN;
        for e in &self.edges[node.first as usize..(node.first + node.count) as usize] {
            match self.exact_score(e) {
                Some(s) => best = best.max(s),
                None => return,
            }
        }
        self.nodes[n as usize].exact = Some(best);
    }
}

/// How a child's value counts for the mover: negated after a move completing no box
/// (the turn passes), as is after a capture.
fn sign(boxes: u8) -> f64 {
    if boxes == 0 {
        -1.0
    } else {
        1.0
    }
}

/// A hasher for keys that are already position masks: one SplitMix64 mix, no seed (so no
/// entropy source is needed in WebAssembly).
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = mix(self.0 ^ u64::from(b));
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = mix(self.0 ^ v);
    }
}

/// A move's score from its child's value.
fn score(boxes: u8, child: i32) -> i32 {
    crate::core::move_score(u32::from(boxes), child)
}
