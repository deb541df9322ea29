//! The search binding in a real browser: its answers equal the retrograde solver's, it reports
//! progress, and a node budget that runs out is an `Error` with a message.

use js_sys::{Array, Function, Reflect};
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

use crate::core::notation::{format_lines, parse_lines};
use crate::core::{Board, Position};
use crate::retro;
use crate::wasm::search::search_analyze;

#[derive(Deserialize, Debug, PartialEq)]
struct Move {
    line: usize,
    score: i32,
}

#[derive(Deserialize, Debug)]
#[serde(rename_all = "camelCase")]
struct Answer {
    value: i32,
    moves: Vec<Move>,
    nodes: f64,
}

#[wasm_bindgen_test]
fn search_answers_like_the_retrograde_solver() {
    let calls = Array::new();
    let record = Closure::<dyn Fn(f64)>::new({
        let calls = calls.clone();
        move |nodes: f64| {
            calls.push(&JsValue::from(nodes));
        }
    });
    let progress: &Function = record.as_ref().unchecked_ref();
    for (name, lines) in [
        ("3x3", "0,4,9,13"),
        ("icelandic", "0,6,12,21,30"),
        ("4x4", "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"),
    ] {
        let board = Board::parse(name).unwrap();
        let pos: Position = parse_lines(&board, lines).unwrap();
        let got: Answer = serde_wasm_bindgen::from_value(
            search_analyze(name, "", &format_lines(&board, pos), 5e7, 16, progress).unwrap(),
        )
        .unwrap();
        let want = retro::analyze(&board, pos).unwrap();
        assert_eq!(got.value, want.value, "{name}:{lines}");
        let want: Vec<Move> = want
            .moves
            .into_iter()
            .map(|m| Move {
                line: m.line,
                score: m.score,
            })
            .collect();
        assert_eq!(got.moves, want, "{name}:{lines}");
        assert!(got.nodes > 0.0);
    }
    assert!(calls.length() > 0, "progress was reported");

    let err = search_analyze("4x4", "", "", 1000.0, 16, progress).unwrap_err();
    let message = Reflect::get(&JsValue::from(err), &"message".into())
        .unwrap()
        .as_string()
        .unwrap();
    assert!(message.contains("node budget of 1000 nodes"), "{message}");
}
