//! The pseudo-lines bindings in a real browser: the scores of the CLI fixture's 5x5 problems
//! (values and best moves checked by the search when the fixture was made), the chains as the
//! core's reduction gives them, the shipped 5x5 puzzles' scores, and refusals with a message.

use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

use crate::core::notation::parse_lines;
use crate::core::Board;
use crate::retro::{Reduction, DEFAULT_MIN_CHAIN};
use crate::wasm::chains::load_puzzles;
use crate::wasm::pseudo::{pseudo_analyze, pseudo_reduce, PSEUDO_MAX_UNITS};

#[derive(Deserialize)]
struct Move {
    line: usize,
    score: i32,
}

#[derive(Deserialize)]
struct Chain {
    lines: Vec<usize>,
    boxes: Vec<(usize, usize)>,
    kind: String,
    text: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Reduced {
    units: usize,
    value_exact: bool,
    chains: Vec<Chain>,
}

#[derive(Deserialize)]
struct Pseudo {
    value: i32,
    moves: Vec<Move>,
    reduction: Reduced,
    unproven: Vec<usize>,
}

#[derive(Deserialize)]
struct Problem {
    board: String,
    lines: Vec<usize>,
    units: usize,
    value: i32,
    best: Vec<usize>,
}

#[derive(Deserialize)]
struct Puzzle {
    lines: Vec<usize>,
    value: i32,
    scores: Vec<Move>,
}

fn list(lines: &[usize]) -> String {
    let v: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    v.join(",")
}

fn analyze(board: &str, lines: &[usize]) -> Pseudo {
    let noop = js_sys::Function::new_no_args("");
    let value = pseudo_analyze(board, "", &list(lines), &noop).unwrap();
    serde_wasm_bindgen::from_value(value).unwrap()
}

#[wasm_bindgen_test]
fn the_fixture_problems_score_as_the_search_found_with_the_cores_chains() {
    let fixture = include_str!("../../../tests/fixtures/pseudo_5x5.jsonl");
    // The smaller problems: the wasm tests run in one browser thread.
    let problems: Vec<Problem> = fixture
        .lines()
        .map(json)
        .filter(|p: &Problem| p.units <= 20)
        .collect();
    assert!(problems.len() >= 6);
    for p in problems {
        let a = analyze(&p.board, &p.lines);
        assert_eq!(a.value, p.value, "{:?}", p.lines);
        let best: Vec<usize> = a
            .moves
            .iter()
            .filter(|m| m.score == a.value)
            .map(|m| m.line)
            .collect();
        assert_eq!(best, p.best, "{:?}", p.lines);
        assert!(a.reduction.value_exact && a.unproven.is_empty());
        assert_eq!(a.reduction.units, p.units);
        let board = Board::parse(&p.board).unwrap();
        let pos = parse_lines(&board, &list(&p.lines)).unwrap();
        let reduction = Reduction::new(&board, pos, DEFAULT_MIN_CHAIN).unwrap();
        let chains: Vec<_> = reduction.chains().map(|(_, _, c)| &c.component).collect();
        assert_eq!(a.reduction.chains.len(), chains.len());
        for (shown, core) in a.reduction.chains.iter().zip(chains) {
            assert_eq!(shown.lines, core.lines);
            assert_eq!(shown.boxes, core.boxes);
            assert!(["chain", "loop"].contains(&shown.kind.as_str()));
            assert!(shown.text.contains(" boxes"), "{}", shown.text);
        }
    }
}

/// Parses one fixture line with the browser's JSON (serde_json is native-only here).
fn json<T: for<'de> Deserialize<'de>>(line: &str) -> T {
    serde_wasm_bindgen::from_value(js_sys::JSON::parse(line).unwrap()).unwrap()
}

#[wasm_bindgen_test]
fn the_shipped_5x5_puzzles_load_and_score_as_the_page_solves_them() {
    let text = include_str!("../../../www/puzzles-5x5.json");
    let parsed = js_sys::JSON::parse(text).unwrap();
    let puzzles: Vec<Puzzle> =
        serde_wasm_bindgen::from_value(load_puzzles(parsed).unwrap()).unwrap();
    assert!(!puzzles.is_empty());
    for p in puzzles {
        let a = analyze("5x5", &p.lines);
        assert_eq!(a.value, p.value);
        let scores: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
        let shipped: Vec<(usize, i32)> = p.scores.iter().map(|m| (m.line, m.score)).collect();
        assert_eq!(scores, shipped, "{:?}", p.lines);
    }
}

#[wasm_bindgen_test]
fn too_many_units_and_bad_input_are_refused_with_a_message() {
    let message = |e: JsError| {
        let v = JsValue::from(e);
        js_sys::Reflect::get(&v, &"message".into())
            .unwrap()
            .as_string()
            .unwrap()
    };
    let noop = js_sys::Function::new_no_args("");
    // The empty 5x5 board has no chain: 60 units.
    let reduced: Reduced =
        serde_wasm_bindgen::from_value(pseudo_reduce("5x5", "", "").unwrap()).unwrap();
    assert_eq!(reduced.units, 60);
    assert!(reduced.chains.is_empty());
    let err = message(pseudo_analyze("5x5", "", "", &noop).unwrap_err());
    assert_eq!(
        err,
        format!(
            "with its chains collapsed this position has 60 units; the page solves at most \
             {PSEUDO_MAX_UNITS}"
        )
    );
    let err = message(pseudo_reduce("9x9", "", "").unwrap_err());
    assert!(!err.is_empty());
    let err = message(pseudo_reduce("3x3", "", "0,0").unwrap_err());
    assert!(err.contains("0"), "{err}");
}
