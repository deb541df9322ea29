//! Generates 5x5 endgame problems for chains as pseudo-lines: settled random positions (no
//! box capturable) with at least two long chains or loops, where the reduction's value is
//! proven exact and the reduced position has at most MAX UNITS units, solved exactly and
//! checked move by move against the search (an independent exact solver). Prints one JSON
//! object a line: board, lines, units, value and the best moves; then, on stderr, how the
//! reduction agreed with the search on every candidate, junction-ended chains included.
//!
//! `cargo run --release --example pseudo_problems -- [COUNT] [MAX UNITS] [SEED] [MIN UNITS]`
//!
//! `cargo run --release --example pseudo_problems -- --puzzles FIXTURE ..` instead turns the
//! problems of files written by the above (`tests/fixtures/pseudo_5x5.jsonl`, and
//! `pseudo_5x5_puzzles.jsonl` from `-- 40 24 7 10`) into the page's puzzles
//! (`www/puzzles-5x5.json`, the format of `www/puzzles.json`): each solved again by the
//! reduction, kept when one move alone keeps the value and a tempting move loses
//! (`puzzles::puzzle_of`), explained from the exact scores.

use dotbox::chains::{long_chains, settled};
use dotbox::core::{Board, Position, Rng};
use dotbox::puzzles::{puzzle_of, to_json};
use dotbox::retro::{self, pseudo};
use dotbox::retro::{Reduction, DEFAULT_MIN_CHAIN};
use dotbox::search::{self, SearchOptions};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--puzzles") {
        assert!(args.len() > 2, "--puzzles needs the fixtures' paths");
        return puzzles(&args[2..]);
    }
    let count: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(12);
    let max_units: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(24);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(5);
    let min_units: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(10);
    let board = Board::new(5, 5).unwrap();
    let mut rng = Rng::new(seed);
    let mut found = 0;
    // (positions, values agreeing, all moves agreeing): junction-ended, proven.
    let mut tallies = [(0, 0, 0); 2];
    while found < count {
        let open = 24 + rng.below(12);
        let pos = settled(&board, open, &mut rng);
        if long_chains(&board, pos, DEFAULT_MIN_CHAIN) < 2 {
            continue;
        }
        let reduction = Reduction::new(&board, pos, DEFAULT_MIN_CHAIN).unwrap();
        let units = reduction.units().len();
        let capturable =
            (0..25).any(|b| board.box_sides(b / 5, b % 5).difference(pos).count() == 1);
        if units > max_units || units < min_units || capturable {
            continue;
        }
        let (analysis, _) =
            pseudo::analyze(&board, pos, DEFAULT_MIN_CHAIN, &mut retro::quietly).unwrap();
        let options = SearchOptions {
            tt_bytes: 256 << 20,
            ..SearchOptions::default()
        };
        let exact = search::analyze(&board, pos, &options).unwrap().analysis;
        let tally = &mut tallies[usize::from(reduction.exact())];
        tally.0 += 1;
        tally.1 += usize::from(exact.value == analysis.value);
        tally.2 += usize::from(exact.moves == analysis.moves);
        if !reduction.exact() {
            continue;
        }
        assert_eq!(exact.moves, analysis.moves, "{pos:?}: the search disagrees");
        let best = analysis.best_lines();
        // A problem: few best moves among many.
        if best.len() > 2 {
            continue;
        }
        found += 1;
        let lines: Vec<String> = pos.lines().map(|l| l.to_string()).collect();
        let best: Vec<String> = best.iter().map(|l| l.to_string()).collect();
        println!(
            "{{\"board\": \"5x5\", \"lines\": [{}], \"units\": {units}, \"open\": {}, \"value\": {}, \"best\": [{}]}}",
            lines.join(", "),
            board.open_lines(pos).count(),
            analysis.value,
            best.join(", ")
        );
    }
    for (name, t) in ["junction-ended", "proven"].iter().zip(tallies) {
        eprintln!(
            "{name}: {} positions, values agree {}, all move scores agree {}",
            t.0, t.1, t.2
        );
    }
}

/// Prints the puzzles of the problems in `fixtures` (one JSON object a line with `board`,
/// `lines` and `value`) as the page's puzzle file.
fn puzzles(fixtures: &[String]) {
    let text: String = fixtures
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("the fixture can be read"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let problem: serde_json::Value = serde_json::from_str(line).expect("a JSON object a line");
        let board = Board::parse(problem["board"].as_str().expect("a board")).unwrap();
        let pos: Position = problem["lines"]
            .as_array()
            .expect("lines")
            .iter()
            .map(|l| l.as_u64().expect("a line number") as usize)
            .collect();
        let (analysis, reduction) =
            pseudo::analyze(&board, pos, DEFAULT_MIN_CHAIN, &mut retro::quietly).unwrap();
        assert!(
            reduction.exact(),
            "{pos:?}: the reduction does not prove this problem"
        );
        assert_eq!(
            i64::from(analysis.value),
            problem["value"].as_i64().expect("a value"),
            "{pos:?}: the value differs from the fixture's"
        );
        if let Some(puzzle) = puzzle_of(&board, pos, &analysis, None).unwrap() {
            out.push(puzzle);
        }
    }
    out.sort_by_key(|p| p.difficulty);
    print!("{}", to_json(&out));
}
