//! The engine (`dotbox::engine`) against perfect play, beside the rules of thumb
//! (`search::quick`) in the same run. Positions are drawn here by seeded random safe play
//! (never stored); the truth comes from the shipped books and, past their depth or on boards
//! no book covers, from the exact solvers. Heavy: run it by hand, never in CI.
//!
//! ```text
//! cargo run --release --example engine_bench -- picks [--boards 4x4,3x5] [--count 100]
//!     [--plies 0-14] [--ms 1000 | --nodes N] [--threads 2] [--seed 1]
//! cargo run --release --example engine_bench -- deep [--boards 5x5] [--open 26-30] [--count 20] ...
//! cargo run --release --example engine_bench -- games [--boards 4x4,3x5] [--games 2] [--ms 1000] ...
//! cargo run --release --example engine_bench -- match [--board 5x5] [--games 200] [--ms 100] ...
//! cargo run --release --example engine_bench -- reach [--boards 5x5,4x5] [--open 33-40] [--count 40] --ms 300 ...
//! ```
//!
//! * `picks`: positions after 0–14 plies of random safe play; for each, the engine's move
//!   and a rules-of-thumb move are scored against the exact scores: share of optimal picks,
//!   mean boxes lost per pick (value minus the pick's score), each with its standard error
//!   (`±`: how far another draw of as many positions may land by chance), time per move;
//!   then the engine's picks by open lines, two at a time (where its wrong picks sit).
//! * `deep`: the same on positions with a given number of open lines (random safe play,
//!   then the rules of thumb), truth by the retrograde solver: past the books and on boards
//!   no book covers.
//! * `games`: whole games from the empty board, engine against perfect play, the engine
//!   first and second: boxes the engine lost per game (the sum of its picks' losses).
//! * `match`: whole games, engine against the rules of thumb, alternating who starts: win
//!   rate and mean margin.
//! * `reach`: positions the page's answer policy gives the engine (past its own exact
//!   methods), and the share the engine solves within its time, which the page then shows
//!   as exact: by open lines.
//! * `--predrawn LINES` (with `--boards`): each board with these lines drawn before play
//!   starts, e.g. `--boards 4x4 --predrawn 16,17,18,19,20,25,30,35` (the left and bottom
//!   border): a board no book covers, the truth by the exact solvers.

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use dotbox::book::Book;
use dotbox::core::notation::parse_lines;
use dotbox::core::Rng;
use dotbox::core::{Analysis, Board, Position};
use dotbox::engine::{estimate, EngineOptions, Flow};
use dotbox::policy::{choose, Context, Method, BROWSER};
use dotbox::retro::DEFAULT_MIN_CHAIN;
use dotbox::search::quick::quick_move;
use dotbox::search::{analyze, SearchOptions};

/// Command-line options, `--name value`.
struct Args(HashMap<String, String>);

impl Args {
    fn parse(args: &[String]) -> Args {
        let mut map = HashMap::new();
        for pair in args.chunks(2) {
            let name = pair[0].strip_prefix("--").unwrap_or_else(|| fail(&pair[0]));
            let value = pair.get(1).unwrap_or_else(|| fail(&pair[0]));
            map.insert(name.to_string(), value.clone());
        }
        Args(map)
    }

    fn get<T: std::str::FromStr>(&self, name: &str, default: T) -> T {
        self.0.get(name).map_or(default, |v| {
            v.parse().unwrap_or_else(|_| fail(&format!("--{name} {v}")))
        })
    }

    fn text(&self, name: &str, default: &str) -> String {
        self.0.get(name).cloned().unwrap_or(default.to_string())
    }

    fn range(&self, name: &str, default: (u32, u32)) -> (u32, u32) {
        self.0.get(name).map_or(default, |v| {
            let (a, b) = v.split_once('-').unwrap_or((v, v));
            match (a.parse(), b.parse()) {
                (Ok(a), Ok(b)) if a <= b => (a, b),
                _ => fail(&format!("--{name} {v}")),
            }
        })
    }

    /// The boards of `--boards`, each with the lines of `--predrawn` (if given) drawn before
    /// play starts: boards no book covers.
    fn boards(&self, default: &str) -> Vec<Board> {
        let predrawn = self.text("predrawn", "");
        self.text("boards", default)
            .split(',')
            .map(|b| {
                let board = Board::parse(b).unwrap_or_else(|e| fail(&format!("{b}: {e}")));
                let lines = parse_lines(&board, &predrawn)
                    .unwrap_or_else(|e| fail(&format!("--predrawn {predrawn}: {e}")));
                board.with_predrawn(lines)
            })
            .collect()
    }
}

fn fail(what: &str) -> ! {
    eprintln!("error: bad argument {what}; see the doc comment of examples/engine_bench.rs");
    std::process::exit(2)
}

/// How the engine's moves are limited.
#[derive(Clone, Copy)]
struct Budget {
    time: Duration,
    nodes: u64,
    threads: usize,
    seed: u64,
}

impl Budget {
    fn of(args: &Args) -> Budget {
        let nodes = args.get("nodes", u64::MAX);
        Budget {
            time: Duration::from_millis(
                args.get("ms", if nodes == u64::MAX { 1000 } else { u64::MAX }),
            ),
            nodes,
            threads: args.get("threads", 2),
            seed: args.get("seed", 1),
        }
    }

    fn describe(&self) -> String {
        let limit = if self.nodes == u64::MAX {
            format!("{} ms a move", self.time.as_millis())
        } else {
            format!("{} nodes a move", self.nodes)
        };
        format!(
            "engine: {limit}, {} threads, seed {}",
            self.threads, self.seed
        )
    }

    /// The engine's move in `pos`, whether it was exact, the depth it reached and its work.
    fn engine_move(&self, board: &Board, pos: Position) -> (usize, bool, u32, u64) {
        let e = self.engine(board, pos);
        (e.best, e.exact, e.depth, e.nodes)
    }

    /// The engine's estimate of `pos`.
    fn engine(&self, board: &Board, pos: Position) -> dotbox::engine::Estimate {
        let options = EngineOptions {
            threads: self.threads,
            seed: self.seed,
            max_nodes: self.nodes,
            ..EngineOptions::default()
        };
        let start = Instant::now();
        estimate(board, pos, &options, &mut |_| {
            if start.elapsed() >= self.time {
                Flow::Stop
            } else {
                Flow::Continue
            }
        })
        .expect("the engine answers every open position")
    }
}

/// The exact scores: the book's while it reaches, else the search (small positions) or the
/// retrograde solver.
struct Truth {
    books: Vec<Book>,
}

impl Truth {
    fn load() -> Truth {
        let books = ["www/books/4x4-d10.book", "www/books/3x5-d10.book"]
            .iter()
            .map(|path| {
                let bytes = std::fs::read(path)
                    .unwrap_or_else(|e| fail(&format!("{path}: {e} (run from the repository)")));
                Book::from_bytes(bytes).unwrap_or_else(|e| fail(&format!("{path}: {e}")))
            })
            .collect();
        Truth { books }
    }

    fn analysis(&self, board: &Board, pos: Position) -> Analysis {
        let drawn = pos.difference(board.predrawn()).count();
        if let Some(book) = self
            .books
            .iter()
            .find(|b| b.board() == board && drawn < b.depth())
        {
            return book.analysis(pos).expect("a position of the book");
        }
        if board.open_lines(pos).count() <= 24 {
            let options = SearchOptions {
                tt_bytes: 256 << 20,
                ..SearchOptions::default()
            };
            return analyze(board, pos, &options).expect("search").analysis;
        }
        dotbox::retro::analyze(board, pos).expect("a position the retrograde solver holds")
    }
}

/// A uniform number in `[0, 1)`.
fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// The rules of thumb's move.
fn rules_move(board: &Board, pos: Position, rng: &mut Rng) -> usize {
    quick_move(board, pos, unit(rng)).expect("an open line").0
}

/// `plies` moves of random safe play (the rules of thumb) from the empty board.
fn opening(board: &Board, plies: u32, rng: &mut Rng) -> Position {
    let mut pos = board.start();
    for _ in 0..plies {
        pos = pos.with(rules_move(board, pos, rng));
    }
    pos
}

/// A number in `lo..=hi`, uniform.
fn within(rng: &mut Rng, (lo, hi): (u32, u32)) -> u32 {
    lo + rng.below((hi - lo + 1) as usize) as u32
}

/// Draws a position with `lo..=hi` open lines (uniform) by random safe play, then the rules
/// of thumb, from the empty board.
fn with_open(range: (u32, u32)) -> impl Fn(&Board, &mut Rng) -> Position {
    move |board, rng| {
        let open = within(rng, range);
        let mut pos = board.start();
        while board.open_lines(pos).count() > open {
            pos = pos.with(rules_move(board, pos, rng));
        }
        pos
    }
}

/// Optimal picks, boxes lost and time, for one player.
#[derive(Default)]
struct Tally {
    picks: u32,
    optimal: u32,
    lost: i64,
    /// Sum of the squared losses, for the standard error of the mean loss.
    lost_squared: i64,
    time: Duration,
    exact: u32,
    depth: u32,
    nodes: u64,
}

impl Tally {
    fn add(&mut self, truth: &Analysis, line: usize, time: Duration) {
        let score = truth
            .moves
            .iter()
            .find(|m| m.line == line)
            .expect("legal")
            .score;
        let loss = truth.value - score;
        self.picks += 1;
        self.optimal += u32::from(loss == 0);
        self.lost += i64::from(loss);
        self.lost_squared += i64::from(loss * loss);
        self.time += time;
    }

    /// Standard errors of the share of optimal picks (in points) and of the mean loss: how far
    /// another draw of as many positions may land by chance alone (a time limit adds the
    /// machine's own noise on top).
    fn standard_errors(&self) -> (f64, f64) {
        let n = f64::from(self.picks.max(1));
        let p = f64::from(self.optimal) / n;
        let mean = self.lost as f64 / n;
        let variance = (self.lost_squared as f64 / n - mean * mean).max(0.0);
        let m = (n - 1.0).max(1.0);
        (100.0 * (p * (1.0 - p) / m).sqrt(), (variance / m).sqrt())
    }

    fn line(&self, who: &str) -> String {
        let n = f64::from(self.picks.max(1));
        let (optimal_se, lost_se) = self.standard_errors();
        format!(
            concat!(
                "  {:<7} {:>5} picks  optimal {:>5.1} ± {:.1} %  ",
                "lost {:>5.3} ± {:.3} boxes/pick  {:>7.1} ms/move{}"
            ),
            who,
            self.picks,
            100.0 * f64::from(self.optimal) / n,
            optimal_se,
            self.lost as f64 / n,
            lost_se,
            self.time.as_secs_f64() * 1000.0 / n,
            if self.depth > 0 {
                format!(
                    "  depth {:.1}, {:.0}k nodes, {} answered exactly",
                    f64::from(self.depth) / n,
                    self.nodes as f64 / n / 1000.0,
                    self.exact
                )
            } else {
                String::new()
            }
        )
    }
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// Scores the engine and the rules of thumb on each position `draw` gives.
fn picks(
    boards: &[Board],
    count: u32,
    budget: Budget,
    draw: &dyn Fn(&Board, &mut Rng) -> Position,
) {
    let truth = Truth::load();
    let mut rng = Rng::new(budget.seed);
    for board in boards {
        let (mut engine, mut rules) = (Tally::default(), Tally::default());
        // The engine's picks by open lines (two at a time): where its wrong picks sit.
        let mut by_open: BTreeMap<u32, Tally> = BTreeMap::new();
        for i in 0..count {
            let pos = draw(board, &mut rng);
            let exact = truth.analysis(board, pos);
            let start = Instant::now();
            let e = budget.engine(board, pos);
            let time = start.elapsed();
            let open = board.open_lines(pos).count() / 2 * 2;
            by_open.entry(open).or_default().add(&exact, e.best, time);
            engine.add(&exact, e.best, time);
            engine.exact += u32::from(e.exact);
            engine.depth += e.depth;
            engine.nodes += e.nodes;
            let start = Instant::now();
            let line = rules_move(board, pos, &mut rng);
            rules.add(&exact, line, start.elapsed());
            if (i + 1) % 10 == 0 {
                eprintln!(
                    "{} {}/{count}: {}",
                    board.name(),
                    i + 1,
                    engine.line("engine").trim()
                );
            }
        }
        println!("{} ({count} positions, load {}):", board.name(), load());
        println!("{}", engine.line("engine"));
        println!("{}", rules.line("rules"));
        for (open, tally) in &by_open {
            println!("{}", tally.line(&format!("open {open}-{}", open + 1)));
        }
    }
}

/// Of `count` positions the page's answer policy (`policy::BROWSER`) hands to the engine
/// (drawn by `draw`, others skipped), how many the engine solves within its budget, so that
/// the page shows exact scores there: by open lines, with the median time of the solved.
fn reach(
    boards: &[Board],
    count: u32,
    budget: Budget,
    draw: &dyn Fn(&Board, &mut Rng) -> Position,
) {
    let context = Context {
        book_depth: None,
        min_chain: DEFAULT_MIN_CHAIN,
    };
    let mut rng = Rng::new(budget.seed);
    for board in boards {
        // Per open-line count: positions, times of those solved, those whose value alone
        // was proven.
        let mut by_open: BTreeMap<u32, (u32, Vec<Duration>, u32)> = BTreeMap::new();
        let mut drawn = 0;
        while drawn < count {
            let pos = draw(board, &mut rng);
            if choose(board, pos, &context, &BROWSER) != Method::Estimate {
                continue;
            }
            drawn += 1;
            let start = Instant::now();
            let e = budget.engine(board, pos);
            let row = by_open.entry(board.open_lines(pos).count()).or_default();
            row.0 += 1;
            if e.exact {
                row.1.push(start.elapsed());
            } else if e.value_exact {
                row.2 += 1;
            }
        }
        for (open, (all, mut solved, valued)) in by_open {
            solved.sort();
            let median = solved.get(solved.len() / 2).map_or(String::new(), |t| {
                format!(", median {:.3} s", t.as_secs_f64())
            });
            println!(
                "{} {open} open lines: {all} positions for the engine, {} solved ({:.0} %){median}, \
                 {valued} more with the value proven",
                board.name(),
                solved.len(),
                100.0 * solved.len() as f64 / f64::from(all)
            );
        }
    }
}

/// Whole games from the empty board, the engine against perfect play, both colours.
fn games(boards: &[Board], count: u32, budget: Budget) {
    let truth = Truth::load();
    let mut rng = Rng::new(budget.seed);
    for board in boards {
        let mut per_game = Vec::new();
        let mut engine = Tally::default();
        for g in 0..count {
            for engine_first in [true, false] {
                let (mut pos, mut engine_to_move) = (board.start(), engine_first);
                let before = engine.lost;
                while !board.open_lines(pos).is_empty() {
                    let exact = truth.analysis(board, pos);
                    let line = if engine_to_move {
                        let start = Instant::now();
                        let (line, solved, depth, nodes) = budget.engine_move(board, pos);
                        engine.add(&exact, line, start.elapsed());
                        engine.exact += u32::from(solved);
                        engine.depth += depth;
                        engine.nodes += nodes;
                        line
                    } else {
                        let best = exact.best_lines();
                        best[rng.below(best.len())]
                    };
                    if board.boxes().completes(pos, line) == 0 {
                        engine_to_move = !engine_to_move;
                    }
                    pos = pos.with(line);
                }
                per_game.push(engine.lost - before);
                eprintln!(
                    "{} game {} (engine {}): lost {} boxes",
                    board.name(),
                    g + 1,
                    if engine_first { "first" } else { "second" },
                    engine.lost - before
                );
            }
        }
        let n = per_game.len() as f64;
        println!(
            "{} whole games against perfect play ({} games, load {}): {:.2} boxes lost per game (per game: {:?})",
            board.name(),
            per_game.len(),
            load(),
            per_game.iter().sum::<i64>() as f64 / n,
            per_game
        );
        println!("{}", engine.line("engine"));
    }
}

/// Whole games, the engine against the rules of thumb, alternating who starts.
fn duel(board: &Board, count: u32, budget: Budget) {
    let mut rng = Rng::new(budget.seed);
    let (mut wins, mut draws, mut margin) = (0, 0, 0i64);
    let mut time = Duration::ZERO;
    let mut moves = 0u32;
    for g in 0..count {
        let engine_first = g % 2 == 0;
        let (mut pos, mut engine_to_move, mut net) = (board.start(), engine_first, 0i64);
        while !board.open_lines(pos).is_empty() {
            let line = if engine_to_move {
                let start = Instant::now();
                let (line, _, _, _) = budget.engine_move(board, pos);
                time += start.elapsed();
                moves += 1;
                line
            } else {
                rules_move(board, pos, &mut rng)
            };
            let k = i64::from(board.boxes().completes(pos, line));
            net += if engine_to_move { k } else { -k };
            if k == 0 {
                engine_to_move = !engine_to_move;
            }
            pos = pos.with(line);
        }
        wins += u32::from(net > 0);
        draws += u32::from(net == 0);
        margin += net;
        eprintln!(
            "game {}: engine {} by {net}",
            g + 1,
            if engine_first { "first" } else { "second" }
        );
    }
    println!(
        "{} engine vs rules of thumb, {count} games (load {}): engine won {wins} ({:.1} %), drew {draws}, mean margin {:+.2} boxes, {:.1} ms/move",
        board.name(),
        load(),
        100.0 * f64::from(wins) / f64::from(count),
        margin as f64 / f64::from(count),
        time.as_secs_f64() * 1000.0 / f64::from(moves.max(1))
    );
}

fn main() {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some(mode) = argv.first() else {
        fail("(none): give a mode")
    };
    if matches!(mode.as_str(), "--help" | "-h" | "help") {
        // The usage is the module's doc comment (its first lines, the synopsis).
        println!("engine_bench MODE [options]: picks, deep, games, match or reach; see the doc comment of examples/engine_bench.rs");
        return;
    }
    let args = Args::parse(&argv[1..]);
    let budget = Budget::of(&args);
    println!("{} (load at start {})", budget.describe(), load());
    match mode.as_str() {
        "picks" => {
            let plies = args.range("plies", (0, 14));
            picks(
                &args.boards("4x4,3x5"),
                args.get("count", 100),
                budget,
                &|board, rng| opening(board, within(rng, plies), rng),
            );
        }
        "deep" => picks(
            &args.boards("5x5"),
            args.get("count", 20),
            budget,
            &with_open(args.range("open", (26, 30))),
        ),
        "reach" => reach(
            &args.boards("5x5,4x5"),
            args.get("count", 40),
            budget,
            &with_open(args.range("open", (33, 40))),
        ),
        "games" => games(&args.boards("4x4,3x5"), args.get("games", 2), budget),
        "match" => duel(
            &Board::parse(&args.text("board", "5x5")).unwrap_or_else(|e| fail(&e.to_string())),
            args.get("games", 200),
            budget,
        ),
        other => fail(other),
    }
}
