//! The answer policy gives the same method wherever it is asked: `policy::choose` on the
//! cases of `tests/fixtures/policy-cases.json` (which the wasm-bindgen test
//! `src/wasm/tests/policy.rs` asks the page's binding about too), and the real `dotbox
//! analyze` answers the cheap ones of the command line's budget by the method named.

mod common;

use common::cli::json_of;
use dotbox::core::notation::parse_lines;
use dotbox::core::Board;
use dotbox::policy::{self, Context};
use serde_json::Value;

fn cases() -> Vec<Value> {
    serde_json::from_str(include_str!("fixtures/policy-cases.json")).unwrap()
}

#[test]
fn the_policy_chooses_as_the_cases_say() {
    for case in cases() {
        let board = Board::parse(case["board"].as_str().unwrap()).unwrap();
        let pos = parse_lines(&board, case["lines"].as_str().unwrap()).unwrap();
        let context = Context {
            book_depth: case["book_depth"].as_u64().map(|d| d as u32),
            ..Context::default()
        };
        let budget = match case["budget"].as_str().unwrap() {
            "browser" => &policy::BROWSER,
            _ => &policy::NATIVE,
        };
        let method = policy::choose(&board, pos, &context, budget);
        assert_eq!(method.name(), case["method"], "{case}");
    }
}

#[test]
fn the_command_line_answers_by_the_method_the_policy_names() {
    for case in cases().iter().filter(|c| c["cli"] == true) {
        let lines = case["lines"].as_str().unwrap();
        let board = case["board"].as_str().unwrap();
        // The book of a case with one is the board's shipped book (4x4: depth 10).
        let json = json_of(&[
            "analyze",
            board,
            "--lines",
            lines,
            "--json",
            "--time-limit",
            "0.5",
        ]);
        assert_eq!(json["method"], case["method"], "{case}: {json}");
        assert_eq!(json["exact"], case["method"] != "estimate", "{json}");
    }
}
