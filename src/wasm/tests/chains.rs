//! The coach's bindings in a real browser: the report carries what the chain analysis computes
//! natively, a move is explained from the exact scores it is given, and the shipped puzzle set
//! loads while damaged sets are refused with a message.

use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

use crate::chains::{coach_nim_value, components, control, control_at_stake, loony_moves};
use crate::chains::{explain, explain_text_in, ControlVerdict, Voice, CONTROL_OPEN};
use crate::chains::{nim_in_reach, nim_value};
use crate::core::notation::{line_label, parse_lines};
use crate::core::{Board, Rules};
use crate::retro;
use crate::wasm::chains::{chains_report, explain_move, load_puzzles};
use crate::wasm::loony::loony_analyze;
use crate::wasm::solver::analyze;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Control {
    dots: i32,
    long_chains: usize,
    loops: usize,
    mover_has_parity: Option<bool>,
}

#[derive(Deserialize)]
struct Component {
    kind: String,
    long: bool,
    #[serde(rename = "loop")]
    counts_as_loop: bool,
    boxes: Vec<(usize, usize)>,
    lines: Vec<usize>,
}

#[derive(Deserialize)]
struct Loony {
    line: usize,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    components: Vec<Component>,
    control: Control,
    loony_moves: Vec<Loony>,
    nimstring: Option<String>,
    verdict: Verdict,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Verdict {
    kind: String,
    mover_wins: Option<bool>,
}

#[derive(Deserialize)]
struct Explanation {
    best: bool,
    loses: i32,
    loony: bool,
    text: String,
}

fn message(v: JsValue) -> String {
    js_sys::Reflect::get(&v, &"message".into())
        .unwrap()
        .as_string()
        .unwrap()
}

#[wasm_bindgen_test]
fn the_report_carries_the_native_analysis() {
    for (name, lines) in [
        ("3x3", "0,1,2,3,4,5"),
        ("3x3", "0,1,2,3,4,5,12"),
        // A chain from the junction (0,1) back to it: counted as a loop.
        ("3x3", "1,2,3,7,8,11,12,15,17,19,20,21"),
        ("2x2", "0,1,4,5,6,8,9,11"),
        ("icelandic", "0,1,2,3"),
        ("5x5", ""),
        // One region of 23 open lines, past CONTROL_OPEN: worked out within the coach's budget.
        ("4x4", "0,1,2,3,5,10,13,14,16,18,19,20,25,26,31,34,39"),
    ] {
        let board = Board::parse(name).unwrap();
        let pos = parse_lines(&board, lines).unwrap();
        let got: Report =
            serde_wasm_bindgen::from_value(chains_report(name, "", lines).unwrap()).unwrap();
        let want = components(&board, pos);
        assert_eq!(got.components.len(), want.len(), "{name}:{lines}");
        for (g, w) in got.components.iter().zip(&want) {
            assert_eq!(g.kind, w.kind.name());
            assert_eq!(g.long, w.counts_as_long());
            assert_eq!(g.counts_as_loop, w.counts_as_loop());
            assert_eq!(g.boxes, w.boxes);
            assert_eq!(g.lines, w.lines);
        }
        let c = control(&board, pos).unwrap();
        assert_eq!(
            (
                got.control.dots,
                got.control.long_chains,
                got.control.loops,
                got.control.mover_has_parity
            ),
            (c.dots, c.long_chains, c.loops, c.mover_has_parity)
        );
        let lines_got: Vec<usize> = got.loony_moves.iter().map(|m| m.line).collect();
        assert_eq!(lines_got, loony_moves(&board, pos).unwrap());
        // Nimstring where the coach works it out (not on icelandic and 5x5 here, past 24 open
        // lines a region; on 4x4 past 20, within the budget), and then the native value.
        let small = nim_in_reach(board.boxes(), pos, CONTROL_OPEN);
        assert_eq!(small, !matches!(name, "icelandic" | "5x5" | "4x4"));
        let want = (!matches!(name, "icelandic" | "5x5"))
            .then(|| nim_value(&board, pos).unwrap().to_string());
        assert_eq!(got.nimstring, want, "{name}:{lines}");
        let verdict = ControlVerdict::new(
            control_at_stake(board.boxes(), pos),
            coach_nim_value(&board, pos),
            c.mover_has_parity,
        );
        let kind = match verdict {
            ControlVerdict::NotAtStake => "notAtStake",
            ControlVerdict::Exact(_) => "exact",
            ControlVerdict::Rule(_) => "rule",
        };
        assert_eq!(
            (got.verdict.kind.as_str(), got.verdict.mover_wins),
            (kind, verdict.mover_wins()),
            "{name}:{lines}"
        );
    }
    let err = chains_report("3x3", "", "99").unwrap_err();
    assert!(message(err.into()).contains("99"));
}

#[wasm_bindgen_test]
fn a_move_is_explained_from_the_exact_scores() {
    let board = Board::parse("3x3").unwrap();
    let lines = "0,1,2,3,4,5";
    let pos = parse_lines(&board, lines).unwrap();
    let exact = retro::analyze(&board, pos).unwrap();
    for m in &exact.moves {
        let analysis = || analyze("3x3", "", lines).unwrap();
        let got: Explanation = serde_wasm_bindgen::from_value(
            explain_move("3x3", "", lines, m.line, analysis(), None, None).unwrap(),
        )
        .unwrap();
        let reasons = explain(&board, pos, m.line, &exact, None).unwrap();
        // Addressed to "you", with lines by label.
        let label = |l: usize| line_label(&board, l);
        let voice = Voice {
            mover: None,
            opponent: "your opponent",
            line: &label,
            control_defined: false,
        };
        assert_eq!(got.text, explain_text_in(&reasons, &voice));
        // Naming the players: no "you" left.
        let named: Explanation = serde_wasm_bindgen::from_value(
            explain_move(
                "3x3",
                "",
                lines,
                m.line,
                analysis(),
                Some("A".into()),
                Some("B".into()),
            )
            .unwrap(),
        )
        .unwrap();
        assert!(!named.text.to_lowercase().contains("you"), "{}", named.text);
        assert_eq!(got.best, m.score == exact.value);
        assert_eq!(got.loses, exact.value - m.score);
        assert_eq!(
            got.loony,
            loony_moves(&board, pos).unwrap().contains(&m.line)
        );
        // Given the loony analysis's scores (each move's `next`), the text also says who makes
        // the next loony move with best play, as the native reasons with the move's flag do;
        // not of a loony move, which is itself the next loony move its flag names.
        let (_, flags) =
            retro::analyze_loony(&board, pos, Rules::default(), &mut retro::quietly).unwrap();
        let with_flags: Explanation = serde_wasm_bindgen::from_value(
            explain_move(
                "3x3",
                "",
                lines,
                m.line,
                loony_analyze("3x3", "", lines).unwrap(),
                None,
                None,
            )
            .unwrap(),
        )
        .unwrap();
        let reasons = explain(&board, pos, m.line, &exact, flags.of(m.line)).unwrap();
        assert_eq!(with_flags.text, explain_text_in(&reasons, &voice));
        assert_eq!(
            with_flags.text.contains("With best play after it"),
            !got.loony,
            "{}",
            with_flags.text
        );
    }
    let drawn = explain_move(
        "3x3",
        "",
        lines,
        0,
        analyze("3x3", "", lines).unwrap(),
        None,
        None,
    );
    assert_eq!(
        message(drawn.unwrap_err().into()),
        "line 0 is already drawn"
    );
}

#[wasm_bindgen_test]
fn the_shipped_puzzles_load_and_damaged_ones_are_refused() {
    let text = include_str!("../../../www/puzzles.json");
    let parsed = js_sys::JSON::parse(text).unwrap();
    let loaded = load_puzzles(parsed.clone()).unwrap();
    assert_eq!(
        js_sys::Array::from(&loaded).length(),
        js_sys::Array::from(&parsed).length()
    );
    let first = js_sys::Array::from(&parsed).get(0);
    js_sys::Reflect::set(&first, &"board".into(), &"9x9".into()).unwrap();
    let one = js_sys::Array::of1(&first);
    let err = message(load_puzzles(one.into()).unwrap_err().into());
    assert!(err.starts_with("puzzle 1: "), "{err}");
    let err = message(load_puzzles(JsValue::from_str("nope")).unwrap_err().into());
    assert!(
        err.starts_with("the puzzle file is not a list of puzzles"),
        "{err}"
    );
}

#[wasm_bindgen_test]
fn loony_flags_match_the_children_and_big_positions_are_refused() {
    use crate::retro::testkit::moves_from_children;
    use crate::wasm::loony::{JsLoony, LOONY_OPEN};
    use crate::wasm::solver::JsMove;
    // Each move's score and flag as derived from the positions it leads to (a path through
    // the solver's tables that the loony analysis does not take).
    for (name, lines) in [
        ("3x3", "0,1,2,3,4,5"),
        ("2x3", "4,9"),
        ("icelandic", "0,1,2,5,9,14,21,22,23,27,33,35"),
    ] {
        let board = Board::parse(name).unwrap();
        let pos = parse_lines(&board, lines).unwrap();
        let moves = moves_from_children(&board, pos);
        let (value, flag) = moves
            .iter()
            .map(|&(_, score, flag)| (score, flag))
            .max_by_key(|&(score, flag)| (score, flag.preference()))
            .unwrap();
        let expected = JsLoony {
            value,
            next: flag.suffix().to_string(),
            moves: moves
                .into_iter()
                .map(|(line, score, flag)| JsMove {
                    line,
                    score,
                    next: Some(flag.suffix().to_string()),
                })
                .collect(),
        };
        let got: JsLoony =
            serde_wasm_bindgen::from_value(loony_analyze(name, "", lines).unwrap()).unwrap();
        assert_eq!(got, expected, "{name} {lines}");
    }
    let err = message(loony_analyze("3x4", "", "").unwrap_err().into());
    assert_eq!(
        err,
        format!("next-loony flags are computed for at most {LOONY_OPEN} open lines; this position has 31")
    );
}
