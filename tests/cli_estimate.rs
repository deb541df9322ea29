//! `dotbox analyze --method estimate|rules` and the automatic estimate past exact reach, run
//! as the real binary: every estimate is marked as one (JSON `"exact": false`, text `~` and
//! "estimate, not exact"), exact answers say `"exact": true` (a position the engine solved
//! on its own among them, unless asked for as an estimate), no book is read for an
//! estimate, and bad input is refused by name. The checks hold for any engine honouring
//! `dotbox::engine`'s contract, not for particular moves.

mod common;

use std::time::{Duration, Instant};

use common::cli::{dotbox, dotbox_with_env, failure, json_of, stdout};
use serde_json::Value;

/// The open lines of `board` with `drawn` drawn (no pre-drawn lines).
fn open_lines(lines: usize, drawn: &[usize]) -> Vec<u64> {
    (0..lines as u64)
        .filter(|l| !drawn.contains(&(*l as usize)))
        .collect()
}

/// Checks an estimate's JSON: not exact anywhere, every open line scored once in line order,
/// `best` one of them.
fn check_estimate(json: &Value, open: &[u64]) {
    assert_eq!(json["exact"], false, "{json}");
    assert_eq!(json["method"], "estimate", "{json}");
    assert!(json["value"].is_number(), "{json}");
    let moves = json["moves"].as_array().unwrap();
    let lines: Vec<u64> = moves.iter().map(|m| m["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, open, "every open line, in line order: {json}");
    for m in moves {
        assert_eq!(m["exact"], false, "{m}");
        assert!(m["score"].is_number(), "{m}");
    }
    let best = json["best"].as_u64().unwrap();
    assert!(open.contains(&best), "best {best} is an open line: {json}");
}

#[test]
fn estimates_score_every_move_and_are_never_exact() {
    for (board, lines, drawn) in [
        ("5x5", 60, vec![]),
        ("4x5", 49, vec![]),
        ("4x4", 40, vec![0, 7, 21]),
        ("3x3", 24, vec![1]),
    ] {
        let list: Vec<String> = drawn.iter().map(|l| l.to_string()).collect();
        let list = list.join(",");
        let args = [
            "analyze",
            board,
            "--lines",
            &list,
            "--method",
            "estimate",
            "--time-limit",
            "1",
            "--json",
        ];
        let start = Instant::now();
        let json = json_of(&args);
        // The time limit holds, with room for start-up on a loaded machine.
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{board}: {:?}",
            start.elapsed()
        );
        check_estimate(&json, &open_lines(lines, &drawn));
        assert_eq!(json["board"], board);
    }
}

#[test]
fn a_node_budget_gives_the_same_estimate_on_every_run() {
    // A time limit's work depends on the machine; a node budget's does not: with the same
    // seed and threads, the same scores and move (only the seconds it took differ).
    let args = [
        "analyze",
        "4x4",
        "--method",
        "estimate",
        "--nodes",
        "300000",
        "--seed",
        "5",
        "--search-threads",
        "2",
        "--json",
    ];
    let runs: Vec<Value> = (0..3)
        .map(|_| {
            let mut json = json_of(&args);
            json.as_object_mut().unwrap().remove("seconds");
            json
        })
        .collect();
    assert!(runs.iter().all(|r| r == &runs[0]), "{runs:?}");
    assert_eq!(runs[0]["exact"], false);
    // At least the budget: the threads look at it between units of work.
    assert!(runs[0]["nodes"].as_u64().unwrap() >= 300_000, "{}", runs[0]);
    check_estimate(&runs[0], &open_lines(40, &[]));
}

#[test]
fn estimates_in_text_are_marked() {
    let text = stdout(&[
        "analyze",
        "4x5",
        "--method",
        "estimate",
        "--time-limit",
        "0.5",
    ]);
    assert!(text.contains("estimate, not exact"), "{text}");
    assert!(text.contains("estimated value: ~"), "{text}");
    assert!(text.contains("engine plays: "), "{text}");
    // Every move's score is marked, none is a bare number.
    let scores: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("line "))
        .collect();
    assert_eq!(scores.len(), 49, "{text}");
    assert!(scores.iter().all(|l| l.contains(": ~")), "{text}");
}

#[test]
fn automatic_analysis_estimates_past_exact_reach_and_says_so() {
    // No book covers 4x5 and its opening is past every exact method's budget: the engine
    // answers within the time limit instead of a search of hours.
    let start = Instant::now();
    let json = json_of(&["analyze", "4x5", "--time-limit", "1", "--json"]);
    assert!(
        start.elapsed() < Duration::from_secs(10),
        "{:?}",
        start.elapsed()
    );
    check_estimate(&json, &open_lines(49, &[]));
    let reason = json["reason"].as_str().unwrap();
    assert!(reason.starts_with("not exact"), "{reason}");
    // Where books are looked for, as a package installed away from its checkout finds none.
    assert!(
        reason.ends_with("; no book for 4x5 was found (books are looked for in $DOTBOX_BOOKS, then in the www/books of the checkout that holds the executable or that it was built from)"),
        "{reason}"
    );
    let text = stdout(&["analyze", "5x5", "--time-limit", "0.5"]);
    assert!(
        text.contains("not exact: no exact method answers 60 open lines"),
        "{text}"
    );
    assert!(text.contains("estimate, not exact"), "{text}");
}

#[test]
fn a_position_the_engine_solves_is_answered_exactly() {
    // 5x5 with 37 open lines: past the automatic search's 36 and with no chains to collapse,
    // so the policy asks the engine, whose exact search (beside its trees, two threads)
    // solves it in well under a second.
    let lines = "0,1,8,9,10,12,20,22,23,24,33,35,37,38,41,42,44,49,51,53,55,56,58";
    let args = ["analyze", "5x5", "--lines", lines, "--search-threads", "2"];
    let auto = json_of(&[&args[..], &["--time-limit", "60", "--json"]].concat());
    let search = json_of(&[&args[..], &["--method", "search", "--json"]].concat());
    assert_eq!(auto["exact"], true, "{auto}");
    assert_eq!(auto["method"], "search", "{auto}");
    assert_eq!(auto["value"], search["value"], "{auto}");
    assert_eq!(auto["moves"], search["moves"], "{auto}");
    let text = stdout(&[&args[..], &["--time-limit", "60"]].concat());
    assert!(
        text.contains("solved by the engine's exact search in"),
        "{text}"
    );
    assert!(!text.contains('~'), "{text}");
    // Asked for as an estimate, it stays one: that is what the benchmarks measure.
    let drawn: Vec<usize> = lines.split(',').map(|l| l.parse().unwrap()).collect();
    let estimate = json_of(
        &[
            &args[..],
            &["--method", "estimate", "--time-limit", "1", "--json"],
        ]
        .concat(),
    );
    check_estimate(&estimate, &open_lines(60, &drawn));
}

#[test]
fn exact_answers_say_so() {
    // The retrograde solver, the shipped book, the search: all exact.
    for args in [
        vec!["analyze", "3x3", "--json"],
        vec!["analyze", "4x4", "--json"],
        vec![
            "analyze", "3x3", "--lines", "0,1,2", "--method", "search", "--json",
        ],
    ] {
        let json = json_of(&args);
        assert_eq!(json["exact"], true, "{args:?}: {json}");
        assert!(json["value"].is_i64(), "{json}");
    }
}

#[test]
fn rules_of_thumb_give_a_move_and_no_score() {
    let json = json_of(&["analyze", "5x5", "--method", "rules", "--json"]);
    assert_eq!(json["exact"], false, "{json}");
    assert_eq!(json["method"], "rules", "{json}");
    assert_eq!(json["reason"], "safe", "{json}");
    assert!(json["best"].as_u64().unwrap() < 60, "{json}");
    assert!(
        json.get("moves").is_none() && json.get("value").is_none(),
        "{json}"
    );
    // Three sides of box (0,0) of a 2x2 board drawn (top 0, left 6, bottom 2): take it.
    let json = json_of(&[
        "analyze", "2x2", "--lines", "0,2,6", "--method", "rules", "--json",
    ]);
    assert_eq!(json["best"], 7, "{json}");
    assert_eq!(json["reason"], "capture", "{json}");
    let text = stdout(&["analyze", "5x5", "--method", "rules"]);
    assert!(text.contains("not exact"), "{text}");
}

/// A folder of shipped books whose 4x4 book is garbage: any command reading it fails.
fn corrupt_books() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("4x4-d10.book"), b"not a book at all").unwrap();
    let index = r#"{"books": [{"file": "4x4-d10.book", "board": "4x4", "depth": 10}]}"#;
    std::fs::write(dir.path().join("index.json"), index).unwrap();
    dir
}

#[test]
fn an_estimate_reads_no_book() {
    let books = corrupt_books();
    let run = |args: &[&str]| {
        dotbox_with_env(args, "DOTBOX_BOOKS", books.path())
            .output()
            .unwrap()
    };
    // The corrupt book is found: the automatic answer reads it and fails, naming it.
    let out = run(&["analyze", "4x4", "--json"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("4x4-d10.book"), "{err}");
    // The estimate, with the same book present, never opens it.
    // The rules take no time limit (refused with them).
    for args in [
        &["--method", "estimate", "--time-limit", "0.5"][..],
        &["--method", "rules"][..],
    ] {
        let method = args[1];
        let out = run(&[&["analyze", "4x4"], args, &["--json"]].concat());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{method}: {err}");
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["exact"], false);
    }
    // Nor is a book given with it.
    let book = books.path().join("4x4-d10.book");
    let err = failure(&[
        "analyze",
        "4x4",
        "--method",
        "estimate",
        "--book",
        book.to_str().unwrap(),
    ]);
    assert!(err.contains("--method estimate reads no book"), "{err}");
}

#[test]
fn bad_input_is_named() {
    for (args, named) in [
        (
            vec!["--method", "estimate", "--time-limit", "0"],
            "--time-limit: 0 is not a positive",
        ),
        (
            vec!["--method", "estimate", "--time-limit", "-1"],
            "--time-limit: -1 is not a positive",
        ),
        (
            vec!["--time-limit", "0"],
            "--time-limit: 0 is not a positive",
        ),
        (
            vec!["--time-limit", "inf"],
            "--time-limit: inf is not a finite number of seconds",
        ),
        (
            vec!["--time-limit", "-inf"],
            "--time-limit: -inf is not a positive number of seconds",
        ),
        (
            vec!["--method", "search", "--time-limit", "1e-300"],
            "--time-limit: 1e-300 seconds is too short (at least 0.001 seconds)",
        ),
        (
            vec!["--method", "estimate", "--time-limit", "0.0005"],
            "--time-limit: 0.0005 seconds is too short",
        ),
        (
            vec!["--time-limit", "1e30"],
            "--time-limit: 1e30 seconds is too long (at most 1.8e19 seconds)",
        ),
        (
            vec!["--method", "estimate", "--time-limit", "soon"],
            "'soon' for '--time-limit",
        ),
        (vec!["--method", "guess"], "'guess' for '--method"),
        (vec!["--method", "estimate", "--loony"], "--method estimate"),
        (
            vec!["--method", "rules", "--last-move-penalty", "2"],
            "--method rules",
        ),
        (
            vec!["--method", "estimate", "--nodes", "0"],
            "invalid value '0' for '--nodes <N>': the engine needs at least 1 node",
        ),
        (
            vec!["--method", "estimate", "--nodes", "-5"],
            "invalid value '-5' for '--nodes <N>': not a whole number of nodes",
        ),
        // Refused, not read as the most a count holds (which ran for ever).
        (
            vec!["--method", "estimate", "--nodes", "18446744073709551616"],
            "'18446744073709551616' for '--nodes <N>': more nodes than a 64-bit count holds \
             (at most 18446744073709551615)",
        ),
        (
            vec!["--method", "search", "--nodes", "100"],
            "--method search does not read --nodes",
        ),
    ] {
        let mut all = vec!["analyze", "3x3"];
        all.extend(&args);
        let err = failure(&all);
        assert!(err.contains(named), "{args:?}: {err}");
    }
    // A full board has no move to estimate: an error, not a panic.
    let all: Vec<String> = (0..4).map(|l| l.to_string()).collect();
    let err = failure(&[
        "analyze",
        "1x1",
        "--lines",
        &all.join(","),
        "--method",
        "estimate",
    ]);
    assert!(
        err.contains("the game is over: no line is left to draw"),
        "{err}"
    );
    // The rules of thumb say it in the same words.
    let rules = failure(&[
        "analyze",
        "1x1",
        "--lines",
        &all.join(","),
        "--method",
        "rules",
    ]);
    assert_eq!(rules, err);
    assert!(dotbox(&["analyze", "1x1", "--method", "estimate"])
        .status
        .success());
}
