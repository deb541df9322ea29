//! The page's puzzle set (`www/puzzles.json`, written by `cargo run --example puzzles`):
//! every shipped puzzle re-checked by the naive reference. A check of shipped data, kept out
//! of the library's own tests, which read no file of the page.

mod common;

use common::Naive;
use dotbox::core::notation::parse_lines;
use dotbox::core::{Board, Rules};
use dotbox::puzzles::tempting_moves;
use dotbox::retro;
use serde_json::Value;

/// Every puzzle: its scores are the naive solver's, its solution alone keeps the best score,
/// its tempting moves are tempting and other than the solution, and each score's next-loony
/// flag (which the page's explanation of a pick says) is the loony analysis's.
#[test]
fn the_shipped_puzzle_set_checks_out() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/www/puzzles.json");
    let set: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let set = set.as_array().unwrap();
    assert!(set.len() >= 30);
    let num = |v: &Value| v.as_i64().unwrap();
    for p in set {
        let board = Board::parse(p["board"].as_str().unwrap()).unwrap();
        let lines: Vec<String> = p["lines"]
            .as_array()
            .unwrap()
            .iter()
            .map(Value::to_string)
            .collect();
        let pos = parse_lines(&board, &lines.join(","))
            .unwrap()
            .union(board.predrawn());
        let mut naive = Naive::new(board.rows(), board.cols());
        let scores: Vec<(usize, i32)> = p["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| (num(&m["line"]) as usize, num(&m["score"]) as i32))
            .collect();
        assert_eq!(scores, naive.scores(pos.0), "{p}");
        let value = naive.value(pos.0);
        let best: Vec<usize> = scores
            .iter()
            .filter(|m| m.1 == value)
            .map(|m| m.0)
            .collect();
        let solution = num(&p["solution"]) as usize;
        assert_eq!(best, vec![solution], "{p}");
        let lures = tempting_moves(&board, pos);
        let tempting = p["tempting"].as_array().unwrap();
        assert!(!tempting.is_empty());
        for l in tempting.iter().map(|l| num(l) as usize) {
            assert!(lures.contains(&l) && l != solution, "{p}");
        }
        let (_, flags) =
            retro::analyze_loony(&board, pos, Rules::default(), &mut retro::quietly).unwrap();
        for m in p["scores"].as_array().unwrap() {
            let line = num(&m["line"]) as usize;
            assert_eq!(m["next"].as_str(), Some(flags.suffix(line)), "{p}");
        }
    }
}
