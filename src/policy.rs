//! The answer policy: which method answers a position, and within which budgets. The command
//! line (`dotbox analyze`) and the page (through the wasm bindings) both ask here, so the
//! choice is written once; each front end only runs the method named and, where the search
//! runs out of its time, falls back to the engine's estimate as [`Method::Estimate`] says.
//!
//! In order: an opening book while the position is within its depth; the retrograde solver
//! in memory, at once, for few open lines; on the page, the stored solve of a board small
//! enough to solve whole; the exact search first where few safe lines are left (it answers
//! those in tenths of a second, where solving the subgame takes seconds); the
//! retrograde solver in memory on the position's subgame when it is small ([`Budget`]'s open
//! lines, positions and bytes); chains as pseudo-lines when the reduced subgame is as small
//! and its value proven; the exact search up to a number of open lines, within a time limit;
//! past all of them the engine's estimate, which is never exact and is always said to be so.

use crate::chains::safe_lines;
use crate::core::symmetry::InterchangeableSets;
use crate::core::{Board, Position, Rules};
use crate::retro::{Layout, Valuation};
use crate::retro::{Reduction, DEFAULT_MIN_CHAIN};

/// The methods that answer a position, in the order they are tried (the search also before
/// a subgame's solve where few safe lines are left: [`choose`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// An opening book.
    Book,
    /// The retrograde solver, in memory, at once: positions of at most
    /// [`Budget::direct_open`] open lines (a fraction of a second).
    Retro,
    /// The stored solve of a board solved whole once (the page only).
    Stored,
    /// The retrograde solver, in memory, on a larger subgame: seconds (on the page, the
    /// handover solve of a board too large to solve whole, kept and read again by the later
    /// positions of the game). The command line names it `retro` too: it is the same solve.
    Subgame,
    /// The retrograde solver with chains and loops collapsed into pseudo-lines.
    Pseudo,
    /// The exact search, within [`Budget::search_seconds`]; past them, the estimate.
    Search,
    /// The engine's estimate: not exact.
    Estimate,
}

impl Method {
    /// The method's name, as the command line and the page spell it.
    pub fn name(self) -> &'static str {
        match self {
            Method::Book => "book",
            Method::Retro => "retro",
            Method::Stored => "stored",
            Method::Subgame => "subgame",
            Method::Pseudo => "pseudo",
            Method::Search => "search",
            Method::Estimate => "estimate",
        }
    }

    /// Whether the method's scores are exact (the pseudo-lines say per move, see
    /// `retro::units`).
    pub fn exact(self) -> bool {
        self != Method::Estimate
    }
}

/// The budgets of one front end: how large a problem each exact method is given before the
/// next one is tried.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Positions with at most this many open lines are solved in memory at once, whatever
    /// the board (the page: a fraction of a second).
    pub direct_open: u32,
    /// Boards with at most this many open lines are solved whole once and their positions
    /// read from the stored solve (0: never).
    pub whole_board_open: u32,
    /// Most open lines of a subgame solved in memory.
    pub retro_max_open: u32,
    /// Most positions (estimated) of a subgame solved in memory.
    pub retro_max_positions: f64,
    /// Most bytes (estimated peak) of a subgame solved in memory.
    pub retro_max_bytes: f64,
    /// Most units of a position solved with its chains as pseudo-lines.
    pub pseudo_max_units: u32,
    /// Most open lines of a position given to the exact search.
    pub search_max_open: u32,
    /// Positions within the search's open lines with at most this many safe lines (lines
    /// that complete no box and give none its third side) go to the search before any solve
    /// of their subgame: with the safe phase nearly over, the search's chain rules answer
    /// them in tenths of a second, where the retrograde solve of 30 open lines takes 1-4
    /// seconds (None: the subgame is solved wherever it fits).
    pub search_first_safe: Option<u32>,
    /// Retrograde solves estimated at more than this many positions are preceded by the
    /// exact search, within [`Budget::search_before_solve_share`] of the solve's estimated
    /// time ([`search_before_solve`]): where many safe lines are left the search still
    /// answers most positions of 32-34 open lines in about a second, and a solve's time is
    /// known in advance, so a bounded try costs little (infinite: never).
    pub search_before_solve_positions: f64,
    /// The share of a solve's estimated time (its positions at [`SOLVE_RATE`]) the search
    /// is given before it.
    pub search_before_solve_share: f64,
    /// Seconds the automatic search may run before the estimate answers instead.
    pub search_seconds: f64,
    /// Most nodes the automatic search visits (past them, as past its time: the estimate).
    pub search_max_nodes: f64,
    /// The search's transposition table, in MiB.
    pub search_table_mib: usize,
    /// Seconds the engine's estimate runs by default: an estimate shown to a person (the
    /// position on the board, the move list's).
    pub estimate_seconds: f64,
    /// Seconds the engine thinks before a move of its own in a game: its estimate of the
    /// position it moves from (also the one shown for that position). Longer than a shown
    /// estimate, as its move is taken from it: on 4x4 openings the picks at 0.3, 0.5 and 0.7
    /// s are 84, 88 and 87 % optimal, at 1 s 91 % (docs/engine-experiments.md).
    pub move_estimate_seconds: f64,
    /// Seconds the engine thinks on each of the positions the person may move to, while the
    /// person is to move in a game against it (pondering; 0: never). A position so thought
    /// on gets its reply at once if the person moves there, and by a longer estimate than
    /// [`Budget::move_estimate_seconds`] gives.
    pub ponder_seconds: f64,
    /// How many of the person's moves it thinks on: the best by the estimate of the person's
    /// position first (moves taking a box, after which the person moves again, left out).
    pub ponder_moves: u32,
    /// Seconds of each further estimate within one answer: the engine's moves after it took
    /// a box (one reply), each move of a best line (30 estimated moves must not keep the page
    /// waiting long).
    pub line_estimate_seconds: f64,
}

/// The command line's budgets: positions of up to 24 open lines solved in memory at once
/// (hundredths of a second); about 15 to 60 seconds of retrograde solving on 2 cores (150
/// to 600 million positions a second, so 10^10 positions), in 8 GiB; the search on
/// positions of up to 36 open lines, for half a minute, and first, before any larger solve,
/// where at most 16 safe lines are left, as on the page (every score of 24 such positions of 5x5
/// and 4x5 with 30-36 open lines: at most 0.6 s on two threads, where the solve of those
/// with 30-33 open lines took 4-14 s; docs/cli.md); with more safe lines the search first
/// for a fifth of the solve's time before a solve of over 10^9 positions (some 3 s; 4x5
/// with 32-34 open lines and 17-28 safe lines: 0.6-1.2 s, where the solve took 7.5-29 s;
/// docs/cli.md); then an estimate of 3 seconds.
pub const NATIVE: Budget = Budget {
    direct_open: 24,
    whole_board_open: 0,
    retro_max_open: 64,
    retro_max_positions: 1e10,
    // The native solver's in-memory limit (IN_MEMORY_LIMIT there), written out so that the
    // policy gives the same answers when asked from WebAssembly.
    retro_max_bytes: (8u64 << 30) as f64,
    pseudo_max_units: 64,
    search_max_open: 36,
    search_first_safe: Some(16),
    search_before_solve_positions: 1e9,
    search_before_solve_share: 0.2,
    search_seconds: 30.0,
    search_max_nodes: f64::INFINITY,
    search_table_mib: 1024,
    estimate_seconds: 3.0,
    move_estimate_seconds: 3.0,
    ponder_seconds: 0.0,
    ponder_moves: 0,
    line_estimate_seconds: 0.5,
};

/// The page's budgets, for a reply within 3 seconds on 2 cores: positions of up to 24 open
/// lines in memory at once; boards of up to 32 lines solved whole once; on larger boards the
/// search first where at most 16 safe lines are left (every score of such a position, on
/// 380 positions of 5x5, 4x5, 4x4 and 3x5 with 25-32 open lines: median 0.05 s, at most
/// 0.38 s natively on one thread; with 17-20 safe lines up to 0.86 s, docs/browser.md),
/// else the handover solve from 30 open lines (2^30 positions, 1-4 s on two threads: the
/// books of 4x4 and 3x5 end there, so their games stay exact throughout), chains as
/// pseudo-lines up to 28 units (30 units took 2.5-2.9 s in the threaded worker,
/// docs/browser.md: with the rest of a reply, over 3 s), the search up to 32 open lines for 1
/// second or 10^8 nodes with a 256 MiB table (a reply may hold two: its own position's and
/// the one the person then faces; an opening of 4x4, 40 open lines, takes 1.8 G nodes
/// natively), and the engine's estimate of a position shown in 0.3 seconds; before its own
/// move 0.6 s (0.15 s for its further moves of one reply and each move along a best line). A
/// reply is the engine's estimate of its position and its move: 0.6 s and the page's own
/// work; the estimate of the position the person then faces (0.3 s) follows while the person
/// may already move (measured in docs/browser.md). While the person thinks, the engine thinks
/// 1.5 s on each of the positions after the person's three best moves, and stops as soon as
/// the person moves.
pub const BROWSER: Budget = Budget {
    direct_open: 24,
    whole_board_open: 32,
    retro_max_open: 30,
    retro_max_positions: f64::INFINITY,
    retro_max_bytes: f64::INFINITY,
    pseudo_max_units: 28,
    search_max_open: 32,
    search_first_safe: Some(16),
    // The page's solves (at most 30 open lines) take seconds at most.
    search_before_solve_positions: f64::INFINITY,
    search_before_solve_share: 0.0,
    search_seconds: 1.0,
    search_max_nodes: 1e8,
    search_table_mib: 256,
    estimate_seconds: 0.3,
    move_estimate_seconds: 0.6,
    ponder_seconds: 1.5,
    ponder_moves: 3,
    line_estimate_seconds: 0.15,
};

/// The exact search the page offers on request (the person waits, and may stop it), for
/// positions past every method it runs on its own.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DeepSearch {
    /// Most open lines of a position offered: a 5x5 problem position of 36 units has about
    /// 42, and natively its search takes half a minute on one core.
    pub max_open: u32,
    /// Seconds it may run.
    pub seconds: f64,
    /// Its transposition table, in MiB: a gigabyte, as the command line's default, since on
    /// a 36-unit 5x5 problem position the search visits 1.5 times the nodes with a quarter of
    /// it (the page takes less where the browser refuses that much).
    pub table_mib: usize,
}

/// The page's search on request.
pub const DEEP_SEARCH: DeepSearch = DeepSearch {
    max_open: 45,
    seconds: 120.0,
    table_mib: 1024,
};

/// What the policy knows of a position beside the position itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Context {
    /// The depth of the board's opening book (lines drawn beyond the pre-drawn ones), if the
    /// front end has one.
    pub book_depth: Option<u32>,
    /// Fewest boxes of a chain collapsed into a pseudo-line.
    pub min_chain: usize,
}

impl Default for Context {
    fn default() -> Self {
        Context {
            book_depth: None,
            min_chain: DEFAULT_MIN_CHAIN,
        }
    }
}

/// The method that answers `pos` on `board` (plain Dots-and-Boxes) under `budget`. `pos`
/// is a position of the board already checked ([`Board::check`]): the front ends check it
/// once when they read it, and the policy only counts and measures.
pub fn choose(board: &Board, pos: Position, context: &Context, budget: &Budget) -> Method {
    let drawn = pos.difference(board.predrawn()).count();
    if context.book_depth.is_some_and(|depth| drawn < depth) {
        return Method::Book;
    }
    let open = board.open_lines(pos).count();
    let board_open = board.open_lines(board.predrawn()).count();
    if open <= budget.direct_open {
        return Method::Retro;
    }
    if board_open <= budget.whole_board_open {
        return Method::Stored;
    }
    if open <= budget.search_max_open
        && budget
            .search_first_safe
            .is_some_and(|most| safe_lines(board, pos).count() <= most)
    {
        return Method::Search;
    }
    if open <= budget.retro_max_open
        && fewest_positions(board, pos) <= budget.retro_max_positions
        && fits(budget, || {
            Layout::new(board, pos, Rules::default(), Valuation::Score)
        })
    {
        return Method::Subgame;
    }
    if pseudo_fits(board, pos, context.min_chain, budget) {
        return Method::Pseudo;
    }
    if open <= budget.search_max_open {
        return Method::Search;
    }
    Method::Estimate
}

/// Positions a retrograde solve in memory computes a second, natively on two cores: 3x5 181
/// M/s, icelandic 341 M/s (docs/performance.md), 4x5 subgames of 32-34 open lines about 330
/// M/s. Only [`search_before_solve`] reads it, to bound the search it tries first.
pub const SOLVE_RATE: f64 = 3e8;

/// Seconds of exact search tried before the retrograde solve that [`choose`] picked for
/// `pos` (a front end asks only then): a fraction of the solve's estimated time
/// ([`Budget::search_before_solve_share`]) where the solve is estimated at more than
/// [`Budget::search_before_solve_positions`] and the search takes the position at all
/// ([`Budget::search_max_open`]); None otherwise. Past those seconds the solve runs as
/// chosen, so an exact answer is never given up for it.
pub fn search_before_solve(board: &Board, pos: Position, budget: &Budget) -> Option<f64> {
    let open = board.open_lines(pos).count();
    if open <= budget.direct_open
        || open > budget.search_max_open
        || budget.search_before_solve_positions.is_infinite()
    {
        return None;
    }
    let layout = Layout::new(board, pos, Rules::default(), Valuation::Score).ok()?;
    let positions: f64 = layout.layer_estimates().iter().sum();
    (positions > budget.search_before_solve_positions)
        .then(|| positions / SOLVE_RATE * budget.search_before_solve_share)
}

/// Nodes a second one thread of the exact search visits at most, natively: measured 2.7–5.7 M
/// (docs/search.md, docs/performance.md), with room to spare. Only [`search_table_bytes`]
/// reads it.
pub const SEARCH_RATE: f64 = 8e6;

/// The search's table for a search of at most `seconds` on `threads` threads, given a budget
/// of `budget` bytes: no larger than the search can fill, one 16-byte entry a node at
/// [`SEARCH_RATE`] (a power of two, at least 1 MiB). A table it cannot fill only costs the
/// zeroing of its pages as the probes first land on them, a second for a gigabyte of huge
/// pages: a search of 0.05 s with the default 1 GiB table took 1.2 s.
pub fn search_table_bytes(budget: usize, seconds: f64, threads: usize) -> usize {
    let fill = 16.0 * SEARCH_RATE * threads.max(1) as f64 * seconds;
    let fill = if fill >= budget as f64 {
        budget
    } else {
        (fill as usize).next_power_of_two()
    };
    budget.min(fill.max(1 << 20))
}

/// Whether chains as pseudo-lines answer `pos`: it has a chain to collapse, the reduced
/// subgame is within the retrograde budget, and its value is proven exact (every chain ends
/// on the ground, or is a loop). An unproven reduction is no answer: past the search it used
/// to be solved for its upper bounds, and on positions of 5x5, 4x5 and 4x6 with 33-39 open
/// lines that took 2 s on the page and 19-72 s natively, where the engine's own search then
/// solved most of them in a fraction of that (docs/cli.md).
fn pseudo_fits(board: &Board, pos: Position, min_chain: usize, budget: &Budget) -> bool {
    let Ok(reduction) = Reduction::new(board, pos, min_chain) else {
        return false;
    };
    let units = reduction.units().len();
    reduction.chains().next().is_some()
        && reduction.exact()
        && units as u32 <= budget.pseudo_max_units
        // Units have no interchangeable sets: masks alone, under at most 8 symmetries.
        && 2f64.powi(units as i32) / MOST_SYMMETRIES <= budget.retro_max_positions
        && fits(budget, || Layout::from_reduction(board, &reduction))
}

/// Most symmetries of any board (a square's eight).
const MOST_SYMMETRIES: f64 = 8.0;

/// At most the positions of the plain subgame of `pos` (every subset of its open lines), as
/// [`Layout::layer_estimates`] counts them, computed without building the layout: masks up to
/// the interchangeable sets (a set of `s` lines, disjoint from the others, keeps `s + 1` of
/// its `2^s` masks), divided by the most symmetries any board has. Building the layout of a
/// position far too large for the budget can take a minute (63 open lines of 21x1, whose every
/// box has two border lines), so the policy asks this first.
fn fewest_positions(board: &Board, pos: Position) -> f64 {
    let open = board.open_lines(pos).count() as i32;
    InterchangeableSets::new(board, pos)
        .sets()
        .iter()
        .fold(2f64.powi(open), |masks, set| {
            let s = set.count() as i32;
            masks / 2f64.powi(s) * f64::from(s + 1)
        })
        / MOST_SYMMETRIES
}

/// Whether a subgame's layout is within the budget's positions and bytes (not built when
/// the budget bounds neither).
fn fits<E>(budget: &Budget, layout: impl FnOnce() -> Result<Layout, E>) -> bool {
    if budget.retro_max_positions.is_infinite() && budget.retro_max_bytes.is_infinite() {
        return true;
    }
    layout().is_ok_and(|layout| {
        layout.layer_estimates().iter().sum::<f64>() <= budget.retro_max_positions
            && layout.estimated_peak_bytes() <= budget.retro_max_bytes
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::notation::parse_lines;

    fn method(board: &str, lines: &str, context: &Context, budget: &Budget) -> Method {
        let board = Board::parse(board).unwrap();
        let pos = parse_lines(&board, lines).unwrap();
        choose(&board, pos, context, budget)
    }

    /// The first `n` lines of a board, drawn in line order.
    fn first(n: usize) -> String {
        (0..n).map(|l| l.to_string()).collect::<Vec<_>>().join(",")
    }

    #[test]
    fn a_book_answers_within_its_depth_only() {
        let booked = Context {
            book_depth: Some(4),
            ..Context::default()
        };
        assert_eq!(method("5x5", &first(3), &booked, &BROWSER), Method::Book);
        assert_ne!(method("5x5", &first(4), &booked, &BROWSER), Method::Book);
    }

    #[test]
    fn the_page_solves_small_positions_and_boards_and_estimates_openings() {
        let none = Context::default();
        // 24 open lines: at once, on any board.
        assert_eq!(method("3x3", "", &none, &BROWSER), Method::Retro);
        assert_eq!(method("5x5", &first(36), &none, &BROWSER), Method::Retro);
        // 4x3 (31 lines) is solved whole once.
        assert_eq!(method("4x3", "0", &none, &BROWSER), Method::Stored);
        // 5x5 (60 lines): the search at 31-32 open lines, the estimate before.
        assert_eq!(method("5x5", &first(28), &none, &BROWSER), Method::Search);
        assert_eq!(method("5x5", "", &none, &BROWSER), Method::Estimate);
        assert_eq!(method("4x5", "", &none, &BROWSER), Method::Estimate);
    }

    #[test]
    fn the_page_and_the_command_line_search_before_solving_where_few_safe_lines_are_left() {
        let none = Context::default();
        for budget in [&BROWSER, &NATIVE] {
            // Every horizontal line of 5x5 drawn: every box has two sides, no line is safe.
            assert_eq!(method("5x5", &first(30), &none, budget), Method::Search);
            // The first 10 lines of 4x4 (every box of the top row and two of the second with
            // two sides): 30 open lines, 22 of them safe, so the subgame is solved.
            assert_eq!(method("4x4", &first(10), &none, budget), Method::Subgame);
        }
    }

    #[test]
    fn the_command_line_solves_by_size_and_estimates_past_the_search() {
        let none = Context::default();
        assert_eq!(method("3x3", "", &none, &NATIVE), Method::Retro);
        assert_eq!(method("4x4", "", &none, &NATIVE), Method::Estimate);
        assert_eq!(method("5x5", "", &none, &NATIVE), Method::Estimate);
        assert_eq!(method("4x4", &first(4), &none, &NATIVE), Method::Search);
        assert_eq!(method("4x4", &first(8), &none, &NATIVE), Method::Subgame);
    }

    #[test]
    fn past_the_search_an_unproven_reduction_is_left_to_the_engine() {
        // 5x5 with 37 open lines: 28 units (within the page's reductions too), a chain ending
        // at a junction (value unproven).
        let lines = "1,2,7,9,11,13,14,22,24,26,30,31,34,37,39,44,45,47,48,50,53,57,58";
        let board = Board::parse("5x5").unwrap();
        let pos = parse_lines(&board, lines).unwrap();
        let reduction = Reduction::new(&board, pos, DEFAULT_MIN_CHAIN).unwrap();
        assert!(!reduction.exact());
        assert_eq!(reduction.units().len(), 28);
        for budget in [&BROWSER, &NATIVE] {
            assert_eq!(
                method("5x5", lines, &Context::default(), budget),
                Method::Estimate
            );
        }
    }

    #[test]
    fn a_time_limited_search_gets_no_larger_table_than_it_can_fill() {
        const MIB: usize = 1 << 20;
        for (budget, seconds, threads, bytes) in [
            // 16 B × 8 M nodes/s × 2 threads × 0.05 s = 12.8 MB: 16 MiB, not the 1 GiB default.
            (1024 * MIB, 0.05, 2, 16 * MIB),
            (1024 * MIB, 1.0, 2, 256 * MIB),
            (1024 * MIB, 1.0, 1, 128 * MIB),
            // The policy's 30 s search fills any default table.
            (1024 * MIB, 30.0, 2, 1024 * MIB),
            // Never below 1 MiB, never above the budget.
            (1024 * MIB, 0.001, 1, MIB),
            (4 * MIB, 1.0, 2, 4 * MIB),
        ] {
            assert_eq!(
                search_table_bytes(budget, seconds, threads),
                bytes,
                "{seconds} s on {threads}"
            );
        }
    }

    #[test]
    fn the_command_line_searches_briefly_before_a_large_solve_only() {
        let board = Board::parse("4x5").unwrap();
        // 32 open lines, 19 of them safe: the subgame (about 4.3 x 10^9 positions, some 14 s)
        // is solved once the search has had a fifth of that.
        let pos = parse_lines(&board, "0,1,2,5,8,10,14,16,18,20,22,30,33,40,45,47,48").unwrap();
        assert_eq!(
            choose(&board, pos, &Context::default(), &NATIVE),
            Method::Subgame
        );
        let seconds = search_before_solve(&board, pos, &NATIVE).unwrap();
        assert!((2.0..4.0).contains(&seconds), "{seconds}");
        assert_eq!(search_before_solve(&board, pos, &BROWSER), None);
        // Solves of fewer than 10^9 positions (4x4 with 30 open lines, icelandic: 6 and 8 x
        // 10^8) and positions past the search's open lines are left to the solver alone.
        for (board, lines) in [
            ("4x4", first(10)),
            ("icelandic", String::new()),
            ("3x3", String::new()),
            ("5x5", first(20)),
        ] {
            let board = Board::parse(board).unwrap();
            let pos = parse_lines(&board, &lines).unwrap();
            assert_eq!(search_before_solve(&board, pos, &NATIVE), None, "{lines}");
        }
    }

    #[test]
    fn the_positions_asked_first_never_exceed_the_layouts_estimate() {
        // Boards with interchangeable sets of two and three lines (1xN: every box), symmetric
        // and not, pre-drawn lines, and positions with lines drawn.
        for (board, lines) in [
            ("3x3", ""),
            ("3x3", "0,5,7"),
            ("1x6", ""),
            ("6x1", "0"),
            ("2x5", "3"),
            ("icelandic", ""),
            ("icelandic", "2"),
            ("4x4", &first(10)),
        ] {
            let board = Board::parse(board).unwrap();
            let pos = parse_lines(&board, lines).unwrap();
            let layout = Layout::new(&board, pos, Rules::default(), Valuation::Score).unwrap();
            let estimate: f64 = layout.layer_estimates().iter().sum();
            let fewest = fewest_positions(&board, pos);
            assert!(
                fewest <= estimate * (1.0 + 1e-9),
                "{lines}: {fewest} > {estimate}"
            );
            assert!(
                fewest * 8.0 >= estimate,
                "{lines}: {fewest} far below {estimate}"
            );
        }
        // Too large to build a layout for: refused before one is built.
        assert_eq!(
            method("21x1", "0", &Context::default(), &NATIVE),
            Method::Estimate
        );
    }
}
