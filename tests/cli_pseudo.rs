//! `dotbox analyze --pseudo-lines` on the shipped 5x5 problem set
//! (`tests/fixtures/pseudo_5x5.jsonl`, made by `cargo run --release --example
//! pseudo_problems`): each problem's value and best moves, every move's score against the
//! search (an exact solver sharing nothing with the reduction), the chains named in the
//! report, the automatic choice, and bad input.

mod common;

use common::cli::{failure, json_of, kill_when, reused_tiles, solved_json, stdout, tile_files};
use serde_json::Value;

/// The problems: board, lines, units, open lines, value and best moves.
fn problems() -> Vec<Value> {
    let text = include_str!("fixtures/pseudo_5x5.jsonl");
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn lines_of(problem: &Value) -> String {
    let lines: Vec<String> = problem["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.to_string())
        .collect();
    lines.join(",")
}

fn scores(analysis: &Value) -> Vec<(u64, i64)> {
    let moves = analysis["moves"].as_array().unwrap();
    let score = |m: &Value| (m["line"].as_u64().unwrap(), m["score"].as_i64().unwrap());
    moves.iter().map(score).collect()
}

#[test]
fn every_problem_has_its_value_and_the_search_agrees_on_every_move() {
    let problems = problems();
    assert!(problems.len() >= 10);
    for p in &problems {
        let lines = lines_of(p);
        let args = ["analyze", "5x5", "--lines", &lines, "--json"];
        let reduced = json_of(&[&args[..], &["--pseudo-lines"]].concat());
        assert_eq!(reduced["value"], p["value"], "{lines}");
        let info = &reduced["pseudo_lines"];
        assert_eq!(info["units"], p["units"], "{lines}");
        assert_eq!(info["value_exact"], true, "{lines}");
        assert_eq!(info["unproven_moves"].as_array().unwrap().len(), 0);
        assert!(info["chains"].as_array().unwrap().len() >= 2, "{lines}");
        let best: Vec<u64> = scores(&reduced)
            .iter()
            .filter(|m| m.1 == reduced["value"].as_i64().unwrap())
            .map(|m| m.0)
            .collect();
        let expected: Vec<u64> = p["best"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_u64().unwrap())
            .collect();
        assert_eq!(best, expected, "{lines}");
        let search = ["--method", "search", "--tt-mib", "64"];
        let exact = json_of(&[&args[..], &search[..]].concat());
        assert_eq!(scores(&reduced), scores(&exact), "{lines}");
    }
}

#[test]
fn the_report_names_each_chain_and_what_is_exact() {
    let p = &problems()[1];
    let lines = lines_of(p);
    let text = stdout(&["analyze", "5x5", "--lines", &lines, "--pseudo-lines"]);
    assert!(text.contains("with chains of 3+ boxes and loops as pseudo-lines"));
    assert!(text.contains(&format!("pseudo-lines: {} units for", p["units"])));
    assert!(text.contains("chain 1: lines "));
    assert!(text.contains("long chain of"));
    assert!(text.contains("exact: every collapsed chain ends on the ground"));
    assert!(text.contains(&format!("value: {} ", p["value"])));
}

#[test]
fn chosen_on_its_own_past_the_plain_solver_and_the_search_when_proven() {
    // 37 open lines (the fixtures' problem of 34 with three lines fewer): past what the
    // automatic choice solves backward line by line or searches; 27 units, its value proven.
    let lines = "5,8,9,11,12,15,16,29,37,39,41,42,45,48,50,51,52,53,54,55,56,57,58";
    let analysis = json_of(&["analyze", "5x5", "--lines", lines, "--json"]);
    assert_eq!(analysis["method"], "pseudo");
    assert_eq!(analysis["exact"], true);
    assert_eq!(analysis["pseudo_lines"]["units"], 27);
    let searched = json_of(&[
        "analyze", "5x5", "--lines", lines, "--method", "search", "--json",
    ]);
    assert_eq!(analysis["value"], searched["value"]);
    // The problem of 34 open lines itself, with at most 16 safe lines left, goes to the
    // search first (as on the page): exact, with the problem's value.
    let p = problems()
        .into_iter()
        .find(|p| p["open"] == 34)
        .expect("a problem with 34 open lines");
    let analysis = json_of(&["analyze", "5x5", "--lines", &lines_of(&p), "--json"]);
    assert_eq!(analysis["method"], "search");
    assert_eq!(analysis["value"], p["value"]);
}

#[test]
fn past_the_search_an_unproven_reduction_is_left_to_the_engine() {
    // 2x12 with 37 open lines: past the search's 36, and chains as pseudo-lines would prove
    // no best move (upper bounds only; their solve took seconds to a minute on such
    // positions). The engine answers at once instead, with a move to play: exact where its
    // own search solves the position within its seconds, as here.
    let lines = "3,4,10,14,17,20,21,22,23,24,31,32,34,35,38,40,42,43,44,48,49,52,53,54,56";
    let reduced = json_of(&[
        "analyze",
        "2x12",
        "--lines",
        lines,
        "--pseudo-lines",
        "--json",
    ]);
    assert_eq!(reduced["pseudo_lines"]["value_exact"], false, "{reduced}");
    let args = ["analyze", "2x12", "--lines", lines];
    let chosen = json_of(&[&args[..], &["--json"]].concat());
    assert_ne!(chosen["method"], "pseudo", "{chosen}");
    assert!(chosen.get("pseudo_lines").is_none(), "{chosen}");
    let text = stdout(&args);
    assert!(
        text.contains("solved by the engine's exact search")
            || text.contains("no exact method answers 37 open lines"),
        "{text}"
    );
    let searched = json_of(&[&args[..], &["--method", "search", "--json"]].concat());
    assert_eq!(reduced["value"], searched["value"]);
    if chosen["exact"] == true {
        assert_eq!(chosen["moves"], searched["moves"]);
    }
}

#[test]
fn junction_ended_chains_are_reported_unproven() {
    // A 3x3 position whose top row is a chain of 3 from the ground into a junction box.
    let lines = "0,1,2,3,4,15";
    let reduced = json_of(&[
        "analyze",
        "3x3",
        "--lines",
        lines,
        "--pseudo-lines",
        "--json",
    ]);
    let info = &reduced["pseudo_lines"];
    assert_eq!(info["value_exact"], false);
    let text = stdout(&["analyze", "3x3", "--lines", lines, "--pseudo-lines"]);
    assert!(text.contains("not proven exact"), "{text}");
    // No score is shown as exact: every one is marked ~, the value too, and no move is
    // called best without saying it is not proven.
    let value = reduced["value"].as_i64().unwrap();
    assert!(
        text.contains(&format!("value: ~{value} (not proven exact;")),
        "{text}"
    );
    assert!(text.contains("best moves, not proven: "), "{text}");
    assert!(!text.contains("\nbest moves: "), "{text}");
    for m in reduced["moves"].as_array().unwrap() {
        assert!(text.contains(&format!("~{}", m["score"])), "{text}");
    }
    let diagram = text.split("\nvalue:").next().unwrap();
    let unmarked = diagram
        .split_whitespace()
        .filter(|w| w.parse::<i64>().is_ok_and(|n| n < 0));
    assert_eq!(unmarked.count(), 0, "a negative score without ~: {text}");
}

#[test]
fn upper_bound_scores_are_marked_and_not_called_best() {
    // 3x3: the top row a chain of 3 from the ground to the ground (lines 12-15 enter it), and
    // box (2,0) capturable by line 21. Entering the chain while that box stands scores an
    // upper bound only; the value is proven by the capture.
    let lines = "0,1,2,3,4,5,6,9,20";
    let args = ["analyze", "3x3", "--lines", lines, "--pseudo-lines"];
    let reduced = json_of(&[&args[..], &["--json"]].concat());
    let info = &reduced["pseudo_lines"];
    assert_eq!(info["value_exact"], true);
    assert_eq!(info["unproven_moves"], serde_json::json!([12, 13, 14, 15]));
    assert_eq!(reduced["value"], -1);
    assert_eq!(reduced["exact"], false);
    // Each move says whether its own score is proven, as the engine's estimates do.
    for m in reduced["moves"].as_array().unwrap() {
        let upper = (12..=15).contains(&m["line"].as_u64().unwrap());
        assert_eq!(m["exact"], !upper, "{m}");
    }
    let text = stdout(&args);
    assert!(text.contains("value: -1 (net boxes"), "{text}");
    // Lines 12-15 also score -1, but only as an upper bound: marked, and not listed as best.
    assert!(text.contains("best moves: 21 (b1b2)\n"), "{text}");
    assert!(text.contains(" ~-1     ~-1     ~-1     ~-1\n"), "{text}");
    assert!(text.contains("upper bounds only"), "{text}");
}

#[test]
fn bad_options_fail_with_a_clear_message() {
    let err = failure(&["analyze", "5x5", "--pseudo-lines", "--min-chain", "2"]);
    assert!(err.contains("--min-chain 2"), "{err}");
    // No number at all is told what the option counts, for analyze and solve alike.
    for command in ["analyze", "solve"] {
        for value in ["-1", "three"] {
            let err = failure(&[command, "5x5", "--pseudo-lines", "--min-chain", value]);
            assert!(
                err.contains(&format!(
                    "'{value}' for '--min-chain <N>': not a whole number of boxes"
                )),
                "{err}"
            );
        }
    }
    for extra in [
        &["--loony"][..],
        &["--method", "retro"],
        &["--last-move-penalty", "1"],
    ] {
        let args = [&["analyze", "3x3", "--pseudo-lines"][..], extra].concat();
        let err = failure(&args);
        assert!(err.contains("--pseudo-lines"), "{err}");
    }
}

/// `dotbox solve --pseudo-lines` streamed through a store under a tiny memory budget, killed
/// with SIGKILL part way and rerun: it reuses the finished tiles and reports what the
/// in-memory `analyze --pseudo-lines` does. The store is bound to the reduced layout: a
/// plain solve of the same position refuses it.
#[test]
fn a_killed_pseudo_solve_through_a_store_resumes_to_the_in_memory_answer() {
    // 5x5, horizontal lines of rows 1 to 4 drawn but the first: chains of 4 (ending in a
    // junction box), 5 and 5 boxes, 27 units for 41 open lines.
    let lines: Vec<String> = (6..25).map(|l| l.to_string()).collect();
    let lines = lines.join(",");
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let args = [
        "solve",
        "5x5",
        "--lines",
        &lines,
        "--pseudo-lines",
        "--memory",
        "1M",
        "--store",
        store.to_str().unwrap(),
    ];
    // Finished layers leave the store once the next needs them no more: at most about 15
    // tiles stand in it at a time, and 8 early in the solve.
    kill_when(&args, || tile_files(&store).len() >= 8);
    let kept = tile_files(&store).len();

    let resumed = stdout(&args);
    let reused = reused_tiles(&resumed);
    assert!(reused > 0 && reused <= kept, "reused {reused} of {kept}");
    assert!(resumed.contains("pseudo-lines: 27 units for 41 open lines"));
    let (from_store, figures) = solved_json(json_of(&[&args[..], &["--json"]].concat()));
    assert_eq!(figures["positions_computed"], 0, "{figures}");
    let in_memory = json_of(&[
        "analyze",
        "5x5",
        "--lines",
        &lines,
        "--pseudo-lines",
        "--json",
    ]);
    assert_eq!(from_store, in_memory);

    let plain = ["solve", "5x5", "--lines", &lines, "--store"];
    let err = failure(&[&plain[..], &[store.to_str().unwrap()]].concat());
    assert!(err.contains("belongs to another solve"), "{err}");
    let err = failure(&["solve", "3x3", "--pseudo-lines", "--loony"]);
    assert!(err.contains("cannot be combined with --loony"), "{err}");
}
