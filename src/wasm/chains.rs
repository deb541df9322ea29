//! The coach's bindings: a position in chain-theory terms (components, control, loony moves,
//! nimstring), the explanation of a move from exact scores, and the puzzle set checked as it
//! is loaded. All the analysis is `crate::chains`; this module converts to and from
//! JavaScript values.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::input::parse_position;
use super::solver::{JsAnalysis, JsMove};
use super::{js_error, to_js_value};
use crate::chains::loony_moves;
use crate::chains::parity_moves;
use crate::chains::{coach_nim_value, components, control, control_at_stake};
use crate::chains::{explain, explain_text_in, ControlVerdict, Reason, Voice};
use crate::chains::{offers_with_replies, Offer, Replies};
use crate::core::notation::{box_label, line_label};
use crate::core::{Analysis, Board, Position};

/// One component as the page draws it.
#[derive(Serialize)]
struct JsComponent {
    /// `capturable`, `chain`, `loop` or `unsettled`.
    kind: &'static str,
    /// Whether it counts in the long chain rule: a chain of 3 boxes or more, or an offered
    /// path of 2 or more that can still be declined (`Component::counts_as_long`).
    long: bool,
    /// Whether it counts as a loop in the long chain rule: a loop, or a chain closing into
    /// one at its junction (`Component::counts_as_loop`).
    #[serde(rename = "loop")]
    counts_as_loop: bool,
    boxes: Vec<(usize, usize)>,
    lines: Vec<usize>,
    /// The component in words.
    text: String,
}

/// An offer and its two replies (line sequences).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsOffer {
    boxes: usize,
    take_all: Vec<usize>,
    decline: Vec<usize>,
    left: usize,
}

impl From<(Offer, Replies)> for JsOffer {
    fn from((o, replies): (Offer, Replies)) -> Self {
        JsOffer {
            boxes: o.path.len(),
            take_all: replies.take_all,
            decline: replies.decline,
            left: o.left,
        }
    }
}

/// A loony move and what it offers.
#[derive(Serialize)]
struct JsLoony {
    line: usize,
    offers: Vec<JsOffer>,
}

/// The long chain count.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsControl {
    dots: i32,
    long_chains: usize,
    loops: usize,
    /// `null` without a long chain to fight for.
    mover_has_parity: Option<bool>,
    text: String,
}

/// Everything the coach panel shows about a position.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsReport {
    components: Vec<JsComponent>,
    control: JsControl,
    parity_moves: Vec<usize>,
    loony_moves: Vec<JsLoony>,
    /// Offers standing now: the player to move may take them or decline the last boxes.
    standing: Vec<JsOffer>,
    /// `*n` or `loony`; `null` where the coach does not work it out on every move
    /// (`chains::coach_nim_value`: a region of more than `chains::CONTROL_OPEN` open lines, and
    /// more work than its budget).
    nimstring: Option<String>,
    /// Who has control (`chains::ControlVerdict`).
    verdict: JsVerdict,
}

/// Who has control: `kind` `notAtStake` (only short chains are left besides the boxes to take:
/// an offer standing is taken whole, declining it gains nothing), `exact` (by the nimstring
/// value) or `rule` (the long chain rule's estimate); `moverWins`: whether the player to move
/// has or can win control (`null` where nothing is at stake or the rule has no long chain).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsVerdict {
    kind: &'static str,
    mover_wins: Option<bool>,
}

impl From<ControlVerdict> for JsVerdict {
    fn from(v: ControlVerdict) -> Self {
        let kind = match v {
            ControlVerdict::NotAtStake => "notAtStake",
            ControlVerdict::Exact(_) => "exact",
            ControlVerdict::Rule(_) => "rule",
        };
        JsVerdict {
            kind,
            mover_wins: v.mover_wins(),
        }
    }
}

/// The coach's view of the position with `lines` drawn: `{components: [{kind, long, loop, boxes:
/// [[r, c]], lines, text}], control: {dots, longChains, loops, moverHasParity, text},
/// parityMoves, loonyMoves: [{line, offers: [{boxes, takeAll, decline, left}]}], standing,
/// nimstring, verdict: {kind, moverWins}}`.
#[wasm_bindgen(js_name = chainsReport)]
pub fn chains_report(board: &str, predrawn: &str, lines: &str) -> Result<JsValue, JsError> {
    let (board, pos) = parse_position(board, predrawn, lines)?;
    let ctl = control(&board, pos).map_err(js_error)?;
    let loony = loony_moves(&board, pos)
        .map_err(js_error)?
        .into_iter()
        .map(|line| {
            let offers = offers_with_replies(&board, pos.with(line)).map_err(js_error)?;
            Ok(JsLoony {
                line,
                offers: offers.into_iter().map(JsOffer::from).collect(),
            })
        })
        .collect::<Result<_, JsError>>()?;
    let nimstring = coach_nim_value(&board, pos);
    let verdict = ControlVerdict::new(
        control_at_stake(board.boxes(), pos),
        nimstring,
        ctl.mover_has_parity,
    );
    let report = JsReport {
        components: components(&board, pos)
            .iter()
            .map(|c| JsComponent {
                kind: c.kind.name(),
                long: c.counts_as_long(),
                counts_as_loop: c.counts_as_loop(),
                boxes: c.boxes.clone(),
                lines: c.lines.clone(),
                text: c.describe_with(|b| box_label(&board, b)),
            })
            .collect(),
        control: JsControl {
            dots: ctl.dots,
            long_chains: ctl.long_chains,
            loops: ctl.loops,
            mover_has_parity: ctl.mover_has_parity,
            text: ctl.describe(),
        },
        parity_moves: parity_moves(&board, pos).map_err(js_error)?,
        loony_moves: loony,
        standing: offers_with_replies(&board, pos)
            .map_err(js_error)?
            .into_iter()
            .map(JsOffer::from)
            .collect(),
        nimstring: nimstring.map(|n| n.to_string()),
        verdict: verdict.into(),
    };
    to_js_value(&report)
}

/// Why a move is good or what it costs.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsExplanation {
    /// Whether the move keeps the best score.
    best: bool,
    /// Boxes it loses against the best move (0 for a best move).
    loses: i32,
    /// Whether it is a loony move.
    loony: bool,
    /// One sentence per reason.
    reasons: Vec<String>,
    /// The reasons as one paragraph.
    text: String,
}

/// Explains playing `line` in the position with `lines` drawn, from that position's exact
/// analysis `{value, moves: [{line, score, next?}]}`, or its proven moves only (as the worker
/// returns it, `proven()` in the page; `next` as
/// `loonyAnalyze` gives it): `{best, loses, loony, reasons: [..], text}`. With the move's
/// `next` the text also says who makes the next loony move with best play; without it,
/// control is said only as nimstring (or the long chain rule) says who can force it. Lines
/// are named by their labels (`a1b1`); with `mover` and `opponent` (`"A"`, `"B"`) the text
/// names the players, else it says "you".
#[wasm_bindgen(js_name = explainMove)]
pub fn explain_move(
    board: &str,
    predrawn: &str,
    lines: &str,
    line: usize,
    analysis: JsValue,
    mover: Option<String>,
    opponent: Option<String>,
) -> Result<JsValue, JsError> {
    let (board, pos) = parse_position(board, predrawn, lines)?;
    let scores: JsAnalysis = serde_wasm_bindgen::from_value(analysis).map_err(js_error)?;
    let next = scores.next_loony(line)?;
    let analysis: Analysis = scores.into();
    let reasons = explain(&board, pos, line, &analysis, next).map_err(js_error)?;
    let label = |l: usize| line_label(&board, l);
    let voice = Voice {
        mover: mover.as_deref(),
        opponent: opponent.as_deref().unwrap_or(Voice::YOU.opponent),
        line: &label,
        // The coach's sentence about one move stands alone: control is defined in it.
        control_defined: false,
    };
    let loses = reasons
        .iter()
        .find_map(|r| match r {
            Reason::Loses { boxes, .. } => Some(*boxes),
            _ => None,
        })
        .unwrap_or(0);
    let out = JsExplanation {
        best: loses == 0,
        loses,
        loony: reasons
            .iter()
            .any(|r| matches!(r, Reason::Loony(_) | Reason::OffersTheRest { .. })),
        reasons: reasons.iter().map(|r| r.text_in(&voice)).collect(),
        text: explain_text_in(&reasons, &voice),
    };
    super::to_js_value(&out)
}

/// One puzzle of `www/puzzles.json` (written by `puzzles::to_json`).
#[derive(Serialize, Deserialize)]
struct JsPuzzle {
    board: String,
    /// Every drawn line, pre-drawn ones included.
    lines: Vec<usize>,
    solution: usize,
    value: i32,
    difficulty: u8,
    tempting: Vec<usize>,
    /// Every open line's score, with its next-loony flag where the file has one
    /// (`explainMove` reads it).
    scores: Vec<JsMove>,
    explanation: String,
}

/// Why a puzzle is unusable, or `None`.
fn puzzle_fault(p: &JsPuzzle) -> Option<String> {
    let board = match Board::parse(&p.board) {
        Ok(b) => b,
        Err(e) => return Some(e.to_string()),
    };
    if let Some(&l) = p.lines.iter().find(|&&l| l >= board.num_lines()) {
        return Some(format!("line {l} is not on a {} board", board.name()));
    }
    let pos: Position = p.lines.iter().copied().collect();
    let open: Vec<usize> = board
        .open_lines(pos.union(board.predrawn()))
        .lines()
        .collect();
    let scored: Vec<usize> = p.scores.iter().map(|s| s.line).collect();
    if scored != open {
        return Some("its scores do not cover exactly the open lines".to_string());
    }
    let best: Vec<&JsMove> = p.scores.iter().filter(|s| s.score == p.value).collect();
    if p.scores.iter().any(|s| s.score > p.value) {
        return Some("a move scores above the value".to_string());
    }
    match best.as_slice() {
        [only] if only.line == p.solution => None,
        _ => Some(format!(
            "line {} is not the only move keeping the value",
            p.solution
        )),
    }
}

/// The puzzle set parsed from `www/puzzles.json` (`JSON.parse`d), each checked: its board
/// exists, its scores cover exactly the open lines, and its solution alone keeps the value.
/// A damaged entry is refused with its index and what is wrong.
#[wasm_bindgen(js_name = loadPuzzles)]
pub fn load_puzzles(value: JsValue) -> Result<JsValue, JsError> {
    let puzzles: Vec<JsPuzzle> = serde_wasm_bindgen::from_value(value)
        .map_err(|e| JsError::new(&format!("the puzzle file is not a list of puzzles: {e}")))?;
    for (i, p) in puzzles.iter().enumerate() {
        if let Some(fault) = puzzle_fault(p) {
            return Err(JsError::new(&format!("puzzle {}: {fault}", i + 1)));
        }
    }
    super::to_js_value(&puzzles)
}
