//! Chains as pseudo-lines against the plain retrograde solver: on random settled positions
//! (and uniformly random ones) of 3x4, 4x4, icelandic and 3x5 with at least one chain of 3
//! boxes or a loop, compares the value and every move's score, and prints the agreement.
//!
//! `cargo run --release --example pseudo_compare -- [POSITIONS PER BOARD] [MAX OPEN] [SEED]
//! [--trace]`
//!
//! With `--trace`, each value disagreement is descended (through moves on ordinary lines
//! whose child positions disagree too) to the first position whose value differs while the
//! children of its differing moves agree: the position where the chain rule itself errs.

use dotbox::chains::{long_chains, settled};
use dotbox::core::Rng;
use dotbox::core::{Analysis, Board, Position};
use dotbox::retro::{self, pseudo, Layout, Solve};
use dotbox::retro::{Reduction, DEFAULT_MIN_CHAIN};
use dotbox::store::MemoryStore;

#[derive(Default)]
struct Tally {
    positions: usize,
    values: usize,
    all_moves: usize,
    moves: usize,
    moves_agree: usize,
    chain_moves: usize,
    chain_moves_agree: usize,
}

impl Tally {
    fn row(&self, name: &str) -> String {
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        format!(
            "{name:<26} {:>6} {:>7.1}% {:>7.1}% {:>7.1}% {:>7.1}% ({} chain moves)",
            self.positions,
            pct(self.values, self.positions),
            pct(self.all_moves, self.positions),
            pct(self.moves_agree, self.moves),
            pct(self.chain_moves_agree, self.chain_moves),
            self.chain_moves
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let per_board: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let max_open: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(24);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let trace = args.iter().any(|a| a == "--trace");
    println!(
        "{:<26} {:>6} {:>8} {:>8} {:>8} {:>8}",
        "board / start", "pos", "value", "allmoves", "moves", "chainmv"
    );
    let mut mismatches = Vec::new();
    let mut totals = [Tally::default(), Tally::default()];
    for name in ["3x4", "4x4", "icelandic", "3x5"] {
        let board = Board::parse(name).unwrap();
        let mut rng = Rng::new(seed);
        let mut tallies = [Tally::default(), Tally::default()];
        let mut found = 0;
        while found < per_board {
            let open = 10 + rng.below(max_open - 9);
            let pos = match rng.below(4) {
                0 => rng.position(&board, open),
                _ => settled(&board, open, &mut rng),
            };
            if long_chains(&board, pos, DEFAULT_MIN_CHAIN) == 0 {
                continue;
            }
            found += 1;
            let plain = retro::analyze(&board, pos).unwrap();
            let (reduced, reduction) =
                pseudo::analyze(&board, pos, DEFAULT_MIN_CHAIN, &mut retro::quietly).unwrap();
            let exact = reduction.exact();
            for t in [
                &mut tallies[usize::from(exact)],
                &mut totals[usize::from(exact)],
            ] {
                t.positions += 1;
                t.values += usize::from(plain.value == reduced.value);
                t.all_moves += usize::from(plain.moves == reduced.moves);
                for (p, r) in plain.moves.iter().zip(&reduced.moves) {
                    assert_eq!(p.line, r.line);
                    let in_chain = reduction
                        .unit_of(p.line)
                        .is_some_and(|u| reduction.units()[u].chain.is_some());
                    t.moves += 1;
                    t.moves_agree += usize::from(p.score == r.score);
                    if in_chain {
                        t.chain_moves += 1;
                        t.chain_moves_agree += usize::from(p.score == r.score);
                    }
                }
            }
            let claimed_wrong = plain
                .moves
                .iter()
                .zip(&reduced.moves)
                .any(|(p, r)| p.score != r.score && reduction.exact_move(p.line));
            if plain.value != reduced.value || claimed_wrong {
                mismatches.push((board.name(), pos, exact, plain, reduced));
            }
        }
        println!("{}", tallies[1].row(&format!("{name} proven case")));
        println!("{}", tallies[0].row(&format!("{name} junction ends")));
    }
    println!("{}", totals[1].row("all proven case"));
    println!("{}", totals[0].row("all junction ends"));
    println!(
        "\nvalue mismatches, or mismatches where the reduction claims exactness: {}",
        mismatches.len()
    );
    let claimed = mismatches.iter().filter(|m| m.2).count();
    println!("  of which the value is claimed exact: {claimed}");
    let shown = if trace { mismatches.len() } else { 8 };
    for (name, pos, exact, plain, reduced) in mismatches.iter().take(shown) {
        println!(
            "  {name} {} exact={exact} {}",
            lines(*pos),
            differences(plain, reduced)
        );
        if trace {
            let board = Board::parse(name).unwrap();
            let (at, plain, reduced) = first_disagreement(&board, *pos);
            println!(
                "    first disagreement: {} {}",
                lines(at),
                differences(&plain, &reduced)
            );
            let reduction = Reduction::new(&board, *pos, DEFAULT_MIN_CHAIN).unwrap();
            for (_, unit, chain) in reduction.chains() {
                println!(
                    "      chain {}: {}",
                    lines(unit.lines),
                    chain.component.describe()
                );
            }
        }
    }
}

/// `--lines` and the position's drawn lines.
fn lines(pos: Position) -> String {
    let lines: Vec<String> = pos.lines().map(|l| l.to_string()).collect();
    format!("--lines {}", lines.join(","))
}

/// The value and the moves whose scores differ, as plain/pseudo.
fn differences(plain: &Analysis, reduced: &Analysis) -> String {
    let moves: Vec<String> = plain
        .moves
        .iter()
        .zip(&reduced.moves)
        .filter(|(p, r)| p.score != r.score)
        .map(|(p, r)| format!("{}:{}/{}", p.line, p.score, r.score))
        .collect();
    format!(
        "value {}/{} moves(plain/pseudo) {}",
        plain.value,
        reduced.value,
        moves.join(" ")
    )
}

/// Descends from `pos`, whose value differs, through the positions of its reduced solve
/// (units drawn) into children whose values differ too; returns the first position none of
/// whose children does (the chain rule errs there), with the plain analysis and the reduced
/// solve's scores of its moves.
fn first_disagreement(board: &Board, pos: Position) -> (Position, Analysis, Analysis) {
    let reduction = Reduction::new(board, pos, DEFAULT_MIN_CHAIN).unwrap();
    let layout = Layout::from_reduction(board, &reduction).unwrap();
    let mut solve = Solve::from_layout(layout, 64);
    let mut store = MemoryStore::new();
    solve.run(&mut store, &mut |_| {}).unwrap();
    let n = reduction.units().len();
    let mut drawn = 0u64;
    'descend: loop {
        for u in (0..n).filter(|&u| drawn >> u & 1 == 0) {
            let child = drawn | 1 << u;
            let at = reduction.position(child);
            let reduced = solve.value(&mut store, at).unwrap();
            if reduced != retro::analyze(board, at).unwrap().value {
                drawn = child;
                continue 'descend;
            }
        }
        break;
    }
    let at = reduction.position(drawn);
    let plain = retro::analyze(board, at).unwrap();
    let reduced = pseudo::analysis_at(&solve, &mut store, &reduction, drawn).unwrap();
    (at, plain, reduced)
}
