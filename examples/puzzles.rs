//! Writes a generated puzzle set as JSON (by default to `www/puzzles.json`).
//!
//! `cargo run --release --example puzzles -- [PATH]`: positions are drawn with fixed seeds, so
//! the set is reproducible; every puzzle is checked by the exact solver.

use dotbox::core::Board;
use dotbox::puzzles::{generate, to_json, Puzzle};

/// (board, open lines, puzzles wanted, seed).
const SETS: [(&str, usize, usize, u64); 5] = [
    ("2x2", 9, 6, 1),
    ("2x3", 12, 10, 2),
    ("3x3", 15, 12, 3),
    ("3x3", 18, 10, 4),
    ("icelandic", 17, 10, 5),
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "www/puzzles.json".to_string());
    let mut all: Vec<Puzzle> = Vec::new();
    for (name, open, count, seed) in SETS {
        let board = Board::parse(name)?;
        let set = generate(&board, open, count, 400 * count, seed)?;
        eprintln!("{name} with {open} open lines: {} puzzles", set.len());
        all.extend(set);
    }
    all.sort_by_key(|p| p.difficulty);
    std::fs::write(&path, to_json(&all))?;
    let mut grades = [0; 6];
    for p in &all {
        grades[usize::from(p.difficulty)] += 1;
    }
    eprintln!(
        "wrote {} puzzles to {path}; by difficulty 1..5: {:?}",
        all.len(),
        &grades[1..]
    );
    Ok(())
}
