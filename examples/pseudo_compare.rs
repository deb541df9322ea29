//! Chains as pseudo-lines against the plain retrograde solver: on random settled positions
//! (and uniformly random ones) of 3x4, 4x4, icelandic and 3x5 with at least one chain of 3
//! boxes or a loop, compares the value and every move's score, and prints the agreement.
//!
//! `cargo run --release --example pseudo_compare -- [POSITIONS PER BOARD] [MAX OPEN] [SEED]`

use dotbox::chains::endgame::{long_chains, settled};
use dotbox::chains::puzzles::Rng;
use dotbox::core::Board;
use dotbox::retro::{self, pseudo, units::DEFAULT_MIN_CHAIN};

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
            let (reduced, reduction) = pseudo::analyze(&board, pos, DEFAULT_MIN_CHAIN).unwrap();
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
    for (name, pos, exact, plain, reduced) in mismatches.iter().take(8) {
        let lines: Vec<String> = pos.lines().map(|l| l.to_string()).collect();
        let moves: Vec<String> = plain
            .moves
            .iter()
            .zip(&reduced.moves)
            .filter(|(p, r)| p.score != r.score)
            .map(|(p, r)| format!("{}:{}/{}", p.line, p.score, r.score))
            .collect();
        println!(
            "  {name} --lines {} exact={exact} value {}/{} moves(plain/pseudo) {}",
            lines.join(","),
            plain.value,
            reduced.value,
            moves.join(" ")
        );
    }
}
