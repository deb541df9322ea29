//! Full solves with the tiled retrograde solver beside a naive dense solver, in one run.
//!
//! The naive baseline keeps one byte per raw bitmask of the open lines and sweeps them in
//! descending order, each position reading the children it needs: the simplest correct
//! retrograde solver. For each board the bench prints wall time, positions per second, peak
//! resident memory of each solver (the kernel's high-water mark, reset between solvers) and
//! the ratios, and checks that both give the same value.
//!
//! `cargo bench --bench solve` runs 3x3, 2x5, 3x4 and icelandic; name boards to pick
//! (`cargo bench --bench solve -- icelandic`), `--no-naive` skips the baseline,
//! `--loony` adds the tiled loony analysis (scores with next-loony flags) beside the plain
//! tiled solve, and `--threads N` sets the tiled solver's threads (the baseline is
//! single-threaded).
//!
//! `--problems 36:6` times the search's analysis of six settled 5x5 positions of 36 units
//! (open lines with long chains counted once), with and without the chain-move rule.
//!
//! `--pseudo 24,28` times chains as pseudo-lines instead: for each unit count, a settled
//! 5x5 position (long chains collapsed) reduced to that many units, beside the plain tiled
//! solve of a 5x5 position with as many open lines (the same number of positions without
//! chain moves), and the search's analysis of the unreduced position (every move's exact
//! score, no reduction) on one thread and on `--threads` threads (default 2). A reduced
//! solve too large for memory is skipped (`dotbox solve --pseudo-lines --store` runs it out
//! of core).

use std::time::Instant;

use dotbox::chains::{long_chains, settled};
use dotbox::core::Rng;
use dotbox::core::{Board, Position, Rules};
use dotbox::retro::{pseudo, Solve, Valuation};
use dotbox::retro::{Reduction, DEFAULT_MIN_CHAIN};
use dotbox::search::{self, SearchOptions};
use dotbox::store::MemoryStore;

/// Value of the start position and number of positions, by the dense descending sweep.
fn naive_solve(board: &Board) -> (i32, u64) {
    let base = board.start();
    let open: Vec<usize> = board.open_lines(base).lines().collect();
    let n = open.len();
    // Expands a dense index (bit j = open line j) into a position, 15 bits at a time.
    let table = |shift: usize| -> Vec<u64> {
        (0..1u64 << 15)
            .map(|m| {
                (0..15)
                    .filter(|b| m >> b & 1 == 1 && shift + b < n)
                    .map(|b| 1u64 << open[shift + b])
                    .sum()
            })
            .collect()
    };
    let (low, mid, high) = (table(0), table(15), table(30));
    let expand = |i: u64| {
        base.0
            | low[(i & 0x7fff) as usize]
            | mid[(i >> 15 & 0x7fff) as usize]
            | high[(i >> 30) as usize]
    };
    let full = (1u64 << n) - 1;
    let mut values = vec![0i8; 1 << n];
    for i in (0..full).rev() {
        let pos = Position(expand(i));
        let mut best = i8::MIN;
        let mut free = !i & full;
        while free != 0 {
            let j = free.trailing_zeros() as usize;
            free &= free - 1;
            let child = values[(i | 1 << j) as usize];
            let boxes = board.boxes().completes(pos, open[j]) as i8;
            best = best.max(if boxes == 0 { -child } else { boxes + child });
        }
        values[i as usize] = best;
    }
    (i32::from(values[0]), 1 << n)
}

/// Value of the start position and positions computed, by the tiled solver in memory.
fn tiled_solve(board: &Board, valuation: Valuation) -> (i32, u64) {
    let mut solve = Solve::with_valuation(board, board.start(), 0, Rules::default(), valuation)
        .expect("board fits the solver");
    let mut store = MemoryStore::new();
    solve.run(&mut store, &mut |_| {}).expect("in-memory solve");
    let value = solve
        .value(&mut store, board.start())
        .expect("root is kept");
    (value, solve.progress().positions_done)
}

/// A settled 5x5 position whose reduction has `units` units, with at least two chains: the
/// first drawn from seed `seed`.
fn pseudo_position(board: &Board, units: usize, seed: u64) -> Reduction {
    let mut rng = Rng::new(seed);
    loop {
        let pos = settled(board, units + rng.below(16), &mut rng);
        if long_chains(board, pos, DEFAULT_MIN_CHAIN) < 2 {
            continue;
        }
        let reduction = Reduction::new(board, pos, DEFAULT_MIN_CHAIN).expect("reduction");
        if reduction.units().len() == units {
            return reduction;
        }
    }
}

/// Value of the start position and positions computed, by the tiled solver over units.
fn pseudo_solve(board: &Board, reduction: &Reduction) -> (i32, u64) {
    let mut solve = pseudo::memory_solve(board, reduction).expect("fits in memory");
    let mut store = MemoryStore::new();
    solve.run(&mut store, &mut |_| {}).expect("in-memory solve");
    let analysis = pseudo::analysis(&solve, &mut store, reduction).expect("root is kept");
    (analysis.value, solve.progress().positions_done)
}

/// Value and positions of the plain tiled solve of `pos`.
fn plain_solve(board: &Board, pos: Position) -> (i32, u64) {
    let mut solve = Solve::new(board, pos, 0).expect("fits the solver");
    let mut store = MemoryStore::new();
    solve.run(&mut store, &mut |_| {}).expect("in-memory solve");
    let value = solve.value(&mut store, pos).expect("root is kept");
    (value, solve.progress().positions_done)
}

/// `--pseudo`: each unit count's reduced 5x5 solve beside a plain one of as many lines.
fn bench_pseudo(counts: &str, search_threads: usize) {
    let board = Board::new(5, 5).expect("5x5");
    for units in counts
        .split(',')
        .map(|n| n.parse::<usize>().expect("unit counts"))
    {
        let reduction = pseudo_position(&board, units, units as u64);
        let chains = reduction.chains().count();
        let open = board.open_lines(reduction.base()).count();
        let lines: Vec<String> = reduction.base().lines().map(|l| l.to_string()).collect();
        println!(
            "5x5 {units} units ({open} open lines, {chains} chains): --lines {}",
            lines.join(",")
        );
        for threads in [1, search_threads] {
            let options = search_options(threads);
            let searched = measure(|| search_analyze(&board, reduction.base(), &options));
            report(&format!("search {threads}t"), &searched);
        }
        if pseudo::memory_solve(&board, &reduction).is_err() {
            println!("  pseudo: too large for memory");
            continue;
        }
        let reduced = measure(|| pseudo_solve(&board, &reduction));
        report("pseudo", &reduced);
        let pos = Rng::new(units as u64).position(&board, units);
        let plain = measure(|| plain_solve(&board, pos));
        report("plain", &plain);
        println!(
            "  per position the pseudo solve takes {:.2}x the time of the plain one",
            (reduced.seconds / reduced.positions as f64) / (plain.seconds / plain.positions as f64)
        );
    }
}

/// `--problems 36:8`: the search's analysis (every move's exact score) of that many settled
/// 5x5 positions of that many units, each with the chain-move rule and without it (the
/// search before the rule), on `threads` threads.
fn bench_problems(spec: &str, threads: usize) {
    let (units, count) = spec.split_once(':').unwrap_or((spec, "6"));
    let units: usize = units.parse().expect("--problems UNITS:COUNT");
    let count: u64 = count.parse().expect("--problems UNITS:COUNT");
    let board = Board::new(5, 5).expect("5x5");
    let (mut with, mut without) = (Vec::new(), Vec::new());
    for i in 0..count {
        let reduction = pseudo_position(&board, units, 1000 * units as u64 + i);
        let pos = reduction.base();
        let lines: Vec<String> = pos.lines().map(|l| l.to_string()).collect();
        println!(
            "5x5 {units} units ({} open lines, {} chains): --lines {}",
            board.open_lines(pos).count(),
            reduction.chains().count(),
            lines.join(",")
        );
        let ruled = measure(|| search_analyze(&board, pos, &search_options(threads)));
        report("rule", &ruled);
        let without_rule = SearchOptions {
            chain_moves: false,
            ..search_options(threads)
        };
        let plain = measure(|| search_analyze(&board, pos, &without_rule));
        report("no rule", &plain);
        assert_eq!(ruled.value, plain.value, "the rule changed a value");
        with.push(ruled.seconds);
        without.push(plain.seconds);
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "median {:.2} s with the chain-move rule, {:.2} s without; slowest {:.2} s and {:.2} s",
        median(&mut with),
        median(&mut without),
        with.last().copied().unwrap_or(0.0),
        without.last().copied().unwrap_or(0.0)
    );
}

/// The CLI's search options: a 1 GiB table, `threads` threads.
fn search_options(threads: usize) -> SearchOptions {
    SearchOptions {
        tt_bytes: 1 << 30,
        threads,
        ..SearchOptions::default()
    }
}

/// Value and nodes of the search's analysis of `pos` with `options`.
fn search_analyze(board: &Board, pos: Position, options: &SearchOptions) -> (i32, u64) {
    let report = search::analyze(board, pos, options).expect("search");
    (report.analysis.value, report.stats.nodes)
}

/// Peak resident memory of this process in bytes since the last reset.
fn peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or(0, |kb| kb * 1024)
}

/// Resets the peak to the current resident size, so each solver's peak is its own.
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

struct Measure {
    value: i32,
    positions: u64,
    seconds: f64,
    peak: u64,
}

fn measure(f: impl FnOnce() -> (i32, u64)) -> Measure {
    reset_peak();
    let start = Instant::now();
    let (value, positions) = f();
    let seconds = start.elapsed().as_secs_f64();
    Measure {
        value,
        positions,
        seconds,
        peak: peak_rss(),
    }
}

fn report(name: &str, m: &Measure) {
    println!(
        "  {name:<9} value {:>3}  {:>9.2} s  {:>8.1} M positions/s  peak {:>7.1} MiB  ({} positions)",
        m.value,
        m.seconds,
        m.positions as f64 / m.seconds / 1e6,
        m.peak as f64 / (1 << 20) as f64,
        m.positions
    );
}

fn main() {
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let naive = !args.iter().any(|a| a == "--no-naive");
    let loony = args.iter().any(|a| a == "--loony");
    args.retain(|a| a != "--no-naive" && a != "--loony");
    if let Some(i) = args.iter().position(|a| a == "--threads") {
        let n: usize = args
            .get(i + 1)
            .and_then(|t| t.parse().ok())
            .expect("--threads N");
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .expect("thread pool");
        args.drain(i..i + 2);
    }
    if let Some(i) = args.iter().position(|a| a == "--problems") {
        let threads = rayon::current_num_threads().max(2);
        println!("search threads: {threads} (positions are its nodes)");
        bench_problems(args.get(i + 1).map_or("36:6", String::as_str), threads);
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "--pseudo") {
        let threads = rayon::current_num_threads();
        println!("threads: {threads} (the search's: positions are its nodes)");
        bench_pseudo(
            args.get(i + 1).map_or("20,24", String::as_str),
            threads.max(2),
        );
        return;
    }
    if args.is_empty() {
        args = ["3x3", "2x5", "3x4", "icelandic"]
            .map(String::from)
            .to_vec();
    }
    println!("threads: {}", rayon::current_num_threads());
    for name in &args {
        let board = Board::parse(name).unwrap_or_else(|e| panic!("{e}"));
        let open = board.open_lines(board.start()).count();
        println!("{name} ({open} open lines)");
        let tiled = measure(|| tiled_solve(&board, Valuation::Score));
        report("tiled", &tiled);
        if loony {
            let flagged = measure(|| tiled_solve(&board, Valuation::Loony));
            report("loony", &flagged);
            assert_eq!(
                tiled.value, flagged.value,
                "loony and plain disagree on {name}"
            );
            println!(
                "  loony takes {:.2}x the time and {:.2}x the memory of the plain solve",
                flagged.seconds / tiled.seconds,
                flagged.peak as f64 / tiled.peak as f64
            );
        }
        if naive {
            let dense = measure(|| naive_solve(&board));
            report("naive", &dense);
            assert_eq!(tiled.value, dense.value, "the solvers disagree on {name}");
            println!(
                "  tiled is {:.1}x faster and uses {:.2}x the memory",
                dense.seconds / tiled.seconds,
                tiled.peak as f64 / dense.peak as f64
            );
        }
    }
}
