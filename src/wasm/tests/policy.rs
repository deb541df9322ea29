//! The answer policy through the page's binding gives the method the native policy and the
//! command line give for the same position and budget (the cases of
//! `tests/fixtures/policy-cases.json`, checked natively by `tests/policy.rs`); the engine's
//! binding scores every open line, as exact only when it solved the position.

use serde::Deserialize;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

use crate::wasm::engine::engine_estimate;
use crate::wasm::policy::{answer_budget, answer_method};
use crate::wasm::solver::analyze;

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
    assert!(get("moveEstimateSeconds").unwrap() >= get("estimateSeconds").unwrap());
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Estimated {
    value: f32,
    moves: Vec<Move>,
    best: usize,
    exact: bool,
    value_exact: bool,
}

#[derive(Deserialize)]
struct Analysis {
    value: i32,
    moves: Vec<ExactMove>,
}

#[derive(Deserialize)]
struct ExactMove {
    line: usize,
    score: i32,
}

#[derive(Deserialize)]
struct Move {
    line: usize,
    score: f32,
    exact: bool,
}

#[wasm_bindgen_test]
fn the_engine_estimates_every_open_line_of_an_opening_not_exactly() {
    let answer = engine_estimate("4x5", "", "0,7", 0.2, 1.0, None, None)
        .map_err(JsValue::from)
        .unwrap();
    let answer: Estimated = serde_wasm_bindgen::from_value(answer).unwrap();
    // 47 open lines: far past the exact search's reach, and the trees' exact leaves.
    assert!(!answer.exact && !answer.value_exact);
    assert!(answer.moves.iter().all(|m| !m.exact));
    let lines: Vec<usize> = answer.moves.iter().map(|m| m.line).collect();
    let open: Vec<usize> = (0..49).filter(|l| ![0, 7].contains(l)).collect();
    assert_eq!(lines, open);
    assert!(answer.moves.iter().all(|m| m.score.is_finite()));
    assert!(open.contains(&answer.best));
    for seconds in [0.0, -1.0, f64::NAN] {
        assert!(engine_estimate("4x5", "", "", seconds, 0.0, None, None).is_err());
    }
    for nodes in [0.0, -5.0, f64::NAN, f64::INFINITY] {
        assert!(engine_estimate("4x5", "", "", 0.2, 0.0, None, Some(nodes)).is_err());
    }
}

#[wasm_bindgen_test]
fn an_estimate_says_exact_only_when_the_engine_solved_it_and_then_agrees_with_the_solver() {
    // 3x3 positions of 18-20 open lines: the engine's exact search solves them at once.
    for lines in ["0,5,7,13,19,22", "1,2,9,10,14,16,20", "3,4,8,11,17,18"] {
        let answer = engine_estimate("3x3", "", lines, 30.0, 1.0, None, None)
            .map_err(JsValue::from)
            .unwrap();
        let answer: Estimated = serde_wasm_bindgen::from_value(answer).unwrap();
        assert!(answer.exact && answer.value_exact, "{lines}: solved");
        assert!(answer.moves.iter().all(|m| m.exact), "{lines}");
        let truth = analyze("3x3", "", lines).map_err(JsValue::from).unwrap();
        let truth: Analysis = serde_wasm_bindgen::from_value(truth).unwrap();
        assert_eq!(answer.value, truth.value as f32, "{lines}");
        let got: Vec<(usize, f32)> = answer.moves.iter().map(|m| (m.line, m.score)).collect();
        let want: Vec<(usize, f32)> = truth
            .moves
            .iter()
            .map(|m| (m.line, m.score as f32))
            .collect();
        assert_eq!(got, want, "{lines}");
    }
}
