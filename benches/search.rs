//! Benchmark (not a test): the search solver against the retrograde solver, and whole boards.
//!
//! ```text
//! cargo bench --bench search -- crossover [BOARD] [MAX_RETRO_OPEN]   # default 4x4, 24
//! cargo bench --bench search -- solve POSITION [TT_MIB]               # e.g. 4x4 1024
//! cargo bench --bench search -- versus POSITION [TT_MIB]              # e.g. 3x4 (both solvers)
//! ```
//!
//! `crossover` times both solvers on random positions of BOARD with 16, 20, 24, 28 and 32
//! open lines (three each, fixed seed), the retrograde one only up to MAX_RETRO_OPEN open
//! lines since it needs memory for 2^open positions; it prints nodes per second and the
//! table's hit rate and checks that both solvers agree. `solve` analyses BOARD's start
//! position (every first move) and prints the value, the scores, the time and the counters;
//! `versus` does the same and then solves the position with the retrograde solver too,
//! timing it and checking that every score agrees.

use dotbox::core::notation::parse_position;
use dotbox::core::{Board, Position};
use dotbox::retro;
use dotbox::search::{Flow, Progress, SearchOptions, SearchReport, Solver};
use std::time::{Duration, Instant};

/// A fixed-seed SplitMix64 stream for reproducible positions.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((z ^ (z >> 31)) % n as u64) as usize
    }
}

fn random_position(board: &Board, open: usize, rng: &mut Rng) -> Position {
    let mut pos = board.start();
    let mut lines: Vec<usize> = board.open_lines(pos).lines().collect();
    while lines.len() > open {
        pos = pos.with(lines.swap_remove(rng.below(lines.len())));
    }
    pos
}

fn search(board: &Board, pos: Position, options: &SearchOptions) -> (SearchReport, Duration) {
    let start = Instant::now();
    let mut solver = Solver::new(board, options).expect("valid options");
    let mut last = Instant::now();
    let mut progress = |p: &Progress| {
        if last.elapsed() > Duration::from_secs(30) {
            last = Instant::now();
            eprintln!(
                "  .. {:.0}s {} nodes, {} hits, move {}/{} line {:?} bounds {:?}",
                start.elapsed().as_secs_f64(),
                p.nodes,
                p.tt_hits,
                p.moves_done,
                p.moves_total,
                p.line,
                p.bounds
            );
        }
        Flow::Continue
    };
    let report = solver.analyze(pos, &mut progress).expect("search finishes");
    (report, start.elapsed())
}

fn rates(report: &SearchReport, time: Duration) -> String {
    let s = &report.stats;
    format!(
        "{:>12} nodes {:>8.2} Mn/s  TT hit {:>5.1}%",
        s.nodes,
        s.nodes as f64 / time.as_secs_f64() / 1e6,
        100.0 * s.tt_hits as f64 / s.tt_probes.max(1) as f64
    )
}

fn crossover(board: &Board, max_retro: usize) {
    let options = SearchOptions {
        tt_bytes: 256 << 20,
        ..SearchOptions::default()
    };
    let mut rng = Rng(2026);
    println!(
        "board {} (search table {} MiB)",
        board.name(),
        options.tt_bytes >> 20
    );
    println!("open  #  search time   retro time   search counters");
    for open in [16, 20, 24, 28, 32] {
        for i in 0..3 {
            let pos = random_position(board, open, &mut rng);
            let (report, t_search) = search(board, pos, &options);
            let retro_time = if open <= max_retro {
                let start = Instant::now();
                let expected = retro::analyze(board, pos).expect("retro solves");
                assert_eq!(report.analysis, expected, "solvers disagree on {pos:?}");
                format!("{:>10.3}s", start.elapsed().as_secs_f64())
            } else {
                format!("{:>11}", "skipped")
            };
            println!(
                "{open:>4} {i:>2} {:>10.3}s {retro_time}   {}",
                t_search.as_secs_f64(),
                rates(&report, t_search)
            );
        }
    }
}

fn solve(text: &str, tt_mib: usize, versus_retro: bool) {
    let (board, pos) = parse_position(text).expect("a position such as 4x4 or 3x3:0,5");
    let options = SearchOptions {
        tt_bytes: tt_mib << 20,
        ..SearchOptions::default()
    };
    let (report, time) = search(&board, pos, &options);
    println!("{text}: value {}", report.analysis.value);
    let scores: Vec<String> = report
        .analysis
        .moves
        .iter()
        .map(|m| format!("{}:{}", m.line, m.score))
        .collect();
    println!("move scores (line:score) {}", scores.join(" "));
    println!("time {:.2}s  {}", time.as_secs_f64(), rates(&report, time));
    println!("{:?}", report.stats);
    if versus_retro {
        let start = Instant::now();
        let expected = retro::analyze(&board, pos).expect("retro solves");
        println!(
            "retro time {:.2}s, same analysis: {}",
            start.elapsed().as_secs_f64(),
            expected == report.analysis
        );
        assert_eq!(report.analysis, expected, "solvers disagree");
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    match args.first().map(String::as_str) {
        Some(mode @ ("solve" | "versus")) => {
            let board = args.get(1).map_or("4x4", String::as_str);
            let tt_mib = args
                .get(2)
                .map_or(1024, |m| m.parse().expect("table size in MiB"));
            solve(board, tt_mib, mode == "versus");
        }
        Some("crossover") | None => {
            let board = Board::parse(args.get(1).map_or("4x4", String::as_str)).expect("a board");
            crossover(
                &board,
                args.get(2)
                    .map_or(24, |m| m.parse().expect("most open lines for retro")),
            );
        }
        Some(other) => {
            eprintln!("unknown benchmark '{other}': use crossover, solve or versus");
            std::process::exit(2);
        }
    }
}
