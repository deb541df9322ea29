//! The reports of `dotbox analyze --method estimate` (and of the automatic fallback where no
//! exact method answers within the policy's budget): the engine's estimated score of every
//! move within a time limit; and of `--method rules`, the rules of thumb the engine is
//! measured against. [`crate::answer`] runs both. No book or stored solve is read: these
//! answers are what the project measures against the exact ones. Every report says, in words
//! and in `"exact": false`, that it is not exact; where the engine's exact search proved the
//! value and the move it plays (but not every score), the automatic analysis says so too
//! (`"value_exact": true`, that move `"exact": true`), and the other scores stay marked as
//! estimates.

use std::time::Duration;

use serde_json::{json, Value};

use crate::answer::engine_line;
use crate::core::{Board, Position};
use crate::engine::{Estimate, EstimatedMove};
use crate::search::quick::QuickReason;

use super::diagram::{render, side_by_side};
use super::output;

/// A score as JSON: two decimals (an estimate claims no more), and 0 rather than -0.
fn rounded(score: f32) -> Value {
    json!((f64::from(score) * 100.0).round() / 100.0 + 0.0)
}

/// An estimated score as text: `~+1.3`, `~-0.5`, `~0.0`.
pub fn marked(score: f32) -> String {
    let rounded = (f64::from(score) * 10.0).round() / 10.0;
    match rounded {
        r if r > 0.0 => format!("~+{r:.1}"),
        r if r < 0.0 => format!("~{r:.1}"),
        _ => "~0.0".to_string(),
    }
}

/// An estimated score for the board diagram, in at most 5 columns (a vertical line's label):
/// to a tenth below 10 boxes, as [`marked`], whole boxes from there (`~+12`).
fn diagram_label(score: f32) -> String {
    let text = marked(score);
    match text.len() <= 5 {
        true => text,
        false => format!("~{:+}", score.round() as i64),
    }
}

/// The drawn lines of `pos` (pre-drawn ones included), sorted, as JSON.
fn lines_json(pos: Position) -> Value {
    Value::Array(pos.lines().map(|l| json!(l)).collect())
}

/// A move's score as text: the whole number where it is proven, else marked `~`.
fn move_score(m: &EstimatedMove) -> String {
    match m.exact {
        true => format!("{} (exact)", m.score.round() as i64),
        false => marked(m.score),
    }
}

/// The estimate as one JSON object on one line: `{"board", "lines", "exact": false,
/// "method": "estimate", "value", "value_exact", "best", "moves": [{"line", "score",
/// "exact"}], "depth", "nodes", "seconds"}` plus `"reason"` when the policy chose it. A
/// move is `"exact": true` only where its score is proven, `"value_exact"` is true only
/// where the value is.
pub fn json_report(
    board: &Board,
    pos: Position,
    estimate: &Estimate,
    elapsed: Duration,
    reason: Option<&str>,
) -> String {
    let moves: Vec<Value> = estimate
        .moves
        .iter()
        .map(|m| json!({"line": m.line, "score": rounded(m.score), "exact": m.exact}))
        .collect();
    let mut report = json!({
        "board": board.name(),
        "lines": lines_json(pos),
        "exact": false,
        "method": "estimate",
        "value": rounded(estimate.value),
        "value_exact": estimate.value_exact,
        "best": estimate.best,
        "moves": moves,
        "depth": estimate.depth,
        "nodes": estimate.nodes,
        "seconds": (elapsed.as_secs_f64() * 1000.0).round() / 1000.0,
    });
    if let Some(reason) = reason {
        report["reason"] = json!(reason);
    }
    output::json_line(&report)
}

/// The estimate as text: a diagram of the estimated scores (to a tenth below 10 boxes, marked
/// `~`; proven ones whole), then every move's estimate to a tenth, the line the engine plays,
/// and a warning in words that the scores are not exact (save the value and the engine's
/// move, where proven).
pub fn human_report(
    board: &Board,
    pos: Position,
    estimate: &Estimate,
    elapsed: Duration,
    reason: Option<&str>,
) -> String {
    let mut out = format!("{}\n", output::heading(board, pos));
    if let Some(reason) = reason {
        out.push_str(&format!("{reason}\n"));
    }
    out.push_str(&format!("{}\n\n", engine_line(estimate, elapsed)));
    let label = |line: usize| {
        let m = estimate.moves.iter().find(|m| m.line == line);
        m.map_or(String::new(), |m| match m.exact {
            true => (m.score.round() as i64).to_string(),
            false => diagram_label(m.score),
        })
    };
    let numbers = format!(" open lines\n{}", render(board, pos, &|l| l.to_string()));
    let scores = format!(" estimates\n{}", render(board, pos, &label));
    out.push_str(&side_by_side(&numbers, &scores, 3));
    let value = match estimate.value_exact {
        true => format!(
            "value: {} (net boxes still to come for the player to move; exact, proven by the \
             engine's search)",
            estimate.value.round() as i64
        ),
        false => format!(
            "estimated value: {} (net boxes still to come for the player to move; estimate, \
             not exact)",
            marked(estimate.value)
        ),
    };
    out.push_str(&format!(
        "\n{value}\nengine plays: {}\n\nestimated move scores (~: not exact):\n",
        output::named_line(board, estimate.best)
    ));
    for m in &estimate.moves {
        out.push_str(&output::move_row(board, m.line, &move_score(m)));
    }
    out
}

/// The report of `--method rules`: the move the rules of thumb play on `pos` (`line`, for
/// `reason`), with no score (they estimate none); `how` says what they are.
pub fn rules_report(
    board: &Board,
    pos: Position,
    (line, reason): (usize, QuickReason),
    how: &str,
    as_json: bool,
) -> String {
    let why = match reason {
        QuickReason::Capture => "capture",
        QuickReason::Safe => "safe",
        QuickReason::Sacrifice => "sacrifice",
    };
    match as_json {
        true => output::json_line(&json!({
            "board": board.name(),
            "lines": lines_json(pos),
            "exact": false,
            "method": "rules",
            "best": line,
            "reason": why,
        })),
        false => format!(
            "{}\n{how}\nrules play: {}: {why}\n",
            output::heading(board, pos),
            output::named_line(board, line)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 1x2 board with nothing drawn: its engine answer with the value and move 3 proven,
    /// the other scores estimates.
    fn valued() -> (Board, Estimate) {
        let board = Board::new(1, 2).unwrap();
        (board, crate::answer::testkit::valued_estimate())
    }

    #[test]
    fn a_proven_value_and_move_are_marked_exact_and_nothing_else() {
        let (board, estimate) = valued();
        let json: Value = serde_json::from_str(&json_report(
            &board,
            board.start(),
            &estimate,
            Duration::from_millis(300),
            Some("not exact: ..."),
        ))
        .unwrap();
        assert_eq!(json["exact"], false);
        assert_eq!(json["value_exact"], true);
        for m in json["moves"].as_array().unwrap() {
            assert_eq!(m["exact"], m["line"] == 3, "{m}");
        }
        let text = human_report(&board, board.start(), &estimate, Duration::ZERO, None);
        assert!(text.contains("value: 0 (net boxes"), "{text}");
        assert!(
            text.contains("exact, proven by the engine's search"),
            "{text}"
        );
        assert!(text.contains("line  3 (b1c1): 0 (exact)"), "{text}");
        assert!(text.contains("line  4 (a1a2): ~-0.4"), "{text}");
        // The diagram shows the estimates to a tenth too, the proven score whole.
        let rows: Vec<&str> = text.lines().filter(|l| l.contains('+')).collect();
        assert!(rows.iter().any(|l| l.contains("~-0.4")), "{text}");
        assert!(
            rows.iter()
                .all(|l| !l.contains("~0 ") && !l.contains("~-0 ")),
            "{text}"
        );
    }

    #[test]
    fn diagram_labels_fit_a_vertical_line() {
        assert_eq!(diagram_label(-0.44), "~-0.4");
        assert_eq!(diagram_label(9.94), "~+9.9");
        assert_eq!(diagram_label(9.96), "~+10");
        assert_eq!(diagram_label(-12.3), "~-12");
        assert_eq!(diagram_label(0.01), "~0.0");
    }

    #[test]
    fn an_estimate_with_nothing_proven_says_so() {
        let (board, estimate) = valued();
        let plain = crate::answer::unproven(&estimate);
        let text = human_report(&board, board.start(), &plain, Duration::ZERO, None);
        assert!(text.contains("estimated value: ~0.0"), "{text}");
        assert!(text.contains("nodes): estimate, not exact"), "{text}");
        assert!(!text.contains("(exact)"), "{text}");
    }
}
