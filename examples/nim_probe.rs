//! How far the page's coach can work nimstring out on every move: on positions of 21 to 24
//! open lines drawn at random with a region past `chains::CONTROL_OPEN` (within
//! `MAX_NIM_OPEN`), how many each budget of positions answers and the longest it takes,
//! beside the whole evaluation.
//! The coach's budget is `chains::COACH_NIM_POSITIONS` (docs/chains.md).
//!
//! `cargo run --release --example nim_probe`

use dotbox::chains::{regions, Nimstring, COACH_NIM_POSITIONS, CONTROL_OPEN};
use dotbox::core::{Board, Position, Rng};

fn main() {
    let samples = samples();
    println!(
        "{} positions of 3x3, 3x4, 4x4, 3x5 with 21-24 open lines, a region past 20",
        samples.len()
    );
    for budget in [20_000, COACH_NIM_POSITIONS, 100_000, 200_000, usize::MAX] {
        let (mut answered, mut longest) = (0, 0f64);
        for (board, pos) in &samples {
            let start = std::time::Instant::now();
            if Nimstring::new(board).value_within(*pos, budget).is_some() {
                answered += 1;
            }
            longest = longest.max(start.elapsed().as_secs_f64() * 1e3);
        }
        let name = match budget {
            usize::MAX => "no limit".to_string(),
            n => format!("{n} positions"),
        };
        println!("{name:>17}: {answered} answered, the longest {longest:.1} ms");
    }
}

/// Random positions (seed 5) whose largest region has more than `CONTROL_OPEN` open lines.
fn samples() -> Vec<(Board, Position)> {
    let mut rng = Rng::new(5);
    let mut out = Vec::new();
    for name in ["3x3", "4x4", "3x4", "3x5"] {
        let board = Board::parse(name).expect("a board");
        for _ in 0..40 {
            let open = 21 + rng.below(4);
            let pos = rng.position(&board, open);
            let largest = regions(board.boxes(), pos)
                .iter()
                .map(|r| r.count() as usize)
                .max();
            if largest.is_some_and(|n| n > CONTROL_OPEN) {
                out.push((board.clone(), pos));
            }
        }
    }
    out
}
