//! The loony analysis for the page: every move's score with who must then make the next
//! loony move (the `v`/`^` suffixes), from the retrograde solver's loony analysis in memory.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::input::parse_position;
use super::js_error;
use super::solver::JsMove;
use crate::core::Rules;
use crate::retro;

/// Open lines up to which the page asks for next-loony flags: the subgame is solved anew for
/// each position, as the answer policy solves a position at once in memory up to its
/// `direct_open` (a fraction of a second in the worker): the one budget, not a copy of it.
pub const LOONY_OPEN: u32 = crate::policy::BROWSER.direct_open;

/// `{value, next, moves: [{line, score, next}]}`: the value with its suffix, and every move.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub(crate) struct JsLoony {
    /// The position's value for the player to move.
    pub value: i32,
    /// Who must make the next loony move from the position: `"v"`, `"^"` or `""`.
    pub next: String,
    /// Every open line, lowest first.
    pub moves: Vec<JsMove>,
}

/// Open lines up to which [`loony_analyze`] answers.
#[wasm_bindgen(js_name = loonyOpen)]
pub fn loony_open() -> u32 {
    LOONY_OPEN
}

/// The loony analysis of the position with `lines` drawn on the board (with extra pre-drawn
/// lines `predrawn`): `{value, next, moves: [{line, score, next}]}`, suffixes as printed by
/// `dotbox analyze --loony`. Refuses positions with more than [`LOONY_OPEN`] open lines.
#[wasm_bindgen(js_name = loonyAnalyze)]
pub fn loony_analyze(board: &str, predrawn: &str, lines: &str) -> Result<JsValue, JsError> {
    let (board, pos) = parse_position(board, predrawn, lines)?;
    let open = board.open_lines(pos).count();
    if open > LOONY_OPEN {
        return Err(js_error(format!(
            "next-loony flags are computed for at most {LOONY_OPEN} open lines; this position \
             has {open}"
        )));
    }
    let (analysis, flags) =
        retro::analyze_loony(&board, pos, Rules::default(), &mut retro::quietly)
            .map_err(js_error)?;
    let moves = analysis
        .moves
        .iter()
        .map(|m| JsMove {
            line: m.line,
            score: m.score,
            next: Some(flags.suffix(m.line).to_string()),
        })
        .collect();
    let out = JsLoony {
        value: analysis.value,
        next: flags.value.suffix().to_string(),
        moves,
    };
    super::to_js_value(&out)
}
