//! The answer policy through the page's binding gives the method the native policy and the
//! command line give for the same position and budget (the cases of
//! `tests/fixtures/policy-cases.json`, checked natively by `tests/policy.rs`); the engine's
//! binding scores every open line, never as exact.

use serde::Deserialize;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::wasm::engine::engine_estimate;
use crate::wasm::policy::{answer_budget, answer_method};

#[derive(Deserialize)]
struct Case {
    board: String,
    lines: String,
    book_depth: Option<u32>,
    budget: String,
    method: String,
}

#[wasm_bindgen_test]
fn the_binding_chooses_as_the_native_policy() {
    let cases: Vec<Case> =
        serde_json::from_str(include_str!("../../../tests/fixtures/policy-cases.json")).unwrap();
    for case in cases {
        let got = answer_method(&case.board, "", &case.lines, case.book_depth, &case.budget)
            .map_err(JsValue::from)
            .unwrap();
        assert_eq!(
            got, case.method,
            "{} {} {}",
            case.board, case.lines, case.budget
        );
    }
    assert!(answer_method("3x3", "", "", None, "fast").is_err());
    let budget = answer_budget().map_err(JsValue::from).unwrap();
    let get = |key: &str| js_sys::Reflect::get(&budget, &key.into()).unwrap().as_f64();
    assert_eq!(get("retroMaxOpen"), Some(30.0));
    assert!(get("estimateSeconds").unwrap() > 0.0);
}

#[derive(Deserialize)]
struct Estimated {
    moves: Vec<Move>,
    best: usize,
    exact: bool,
}

#[derive(Deserialize)]
struct Move {
    line: usize,
    score: f32,
}

#[wasm_bindgen_test]
fn the_engine_estimates_every_open_line_never_exactly() {
    let answer = engine_estimate("4x5", "", "0,7", 0.2, 1.0, None)
        .map_err(JsValue::from)
        .unwrap();
    let answer: Estimated = serde_wasm_bindgen::from_value(answer).unwrap();
    assert!(!answer.exact);
    let lines: Vec<usize> = answer.moves.iter().map(|m| m.line).collect();
    let open: Vec<usize> = (0..49).filter(|l| ![0, 7].contains(l)).collect();
    assert_eq!(lines, open);
    assert!(answer.moves.iter().all(|m| m.score.is_finite()));
    assert!(open.contains(&answer.best));
    for seconds in [0.0, -1.0, f64::NAN] {
        assert!(engine_estimate("4x5", "", "", seconds, 0.0, None).is_err());
    }
}
