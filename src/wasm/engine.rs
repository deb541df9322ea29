//! The engine ([`crate::engine`]) in the solving worker: estimated scores of every move of a
//! position no exact method answers in time, within a time budget, on every thread of the
//! threaded build, deterministic for a seed (up to where the clock stops it). The core reads
//! no clock: this binding reads the JavaScript one (`Date.now()`, available in workers) in the
//! engine's progress callback.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::input::parse_position;
use super::{js_error, to_js_value};
use crate::engine::{estimate, EngineOptions, Flow};

/// One move's estimate as the page receives it (`exact`: the score is proven).
#[derive(Serialize)]
struct JsEstimatedMove {
    line: usize,
    score: f32,
    exact: bool,
}

/// The engine's answer as the page receives it: estimates, unless the engine solved the
/// position (`exact`: every score is then exact, a whole number) or proved its value and
/// the move it plays (`valueExact`).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsEstimate {
    value: f32,
    moves: Vec<JsEstimatedMove>,
    best: usize,
    depth: u32,
    nodes: f64,
    threads: usize,
    exact: bool,
    value_exact: bool,
}

/// Milliseconds between two calls of the page's progress callback.
const PROGRESS_MS: f64 = 100.0;

/// The engine's estimate of the position with `lines` drawn, within `seconds`: `{value,
/// moves: [{line, score, exact}], best, depth, nodes, threads, exact, valueExact}`, scores
/// in net boxes for the mover (fractions: estimates); `exact` is true only when the engine's
/// exact search solved the position within the time (every score exact), as it often does on
/// 5x5 at 33-38 open lines, past the page's own exact methods; `valueExact` when it proved
/// the value and the move `best` (then that move is `exact` too), as it does on some more.
/// `progress(depth, nodes, seconds)`, if given, is called about every 100 ms; it returning
/// `false` stops the engine early (it then answers from its last completed iteration).
/// `max_nodes`, if given, is a work budget as well (shared equally by the threads): with it,
/// and a time the budget ends well within, the answer is the same on every run with as many
/// threads.
#[wasm_bindgen(js_name = engineEstimate)]
pub fn engine_estimate(
    board: &str,
    predrawn: &str,
    lines: &str,
    seconds: f64,
    seed: f64,
    progress: Option<js_sys::Function>,
    max_nodes: Option<f64>,
) -> Result<JsValue, JsError> {
    if !(seconds > 0.0 && seconds.is_finite()) {
        return Err(JsError::new(&format!(
            "the engine's time limit must be a positive number of seconds, not {seconds}"
        )));
    }
    if let Some(n) = max_nodes.filter(|n| !(*n >= 1.0 && n.is_finite())) {
        return Err(JsError::new(&format!(
            "the engine's node budget must be a positive number, not {n}"
        )));
    }
    let (board, pos) = parse_position(board, predrawn, lines)?;
    let threads = crate::par::threads();
    let options = EngineOptions {
        threads,
        seed: seed as u64,
        max_nodes: max_nodes.map_or(u64::MAX, |n| n as u64),
        ..EngineOptions::default()
    };
    let start = js_sys::Date::now();
    let mut reported = start;
    let answer = estimate(&board, pos, &options, &mut |p| {
        let now = js_sys::Date::now();
        if let Some(f) = progress.as_ref().filter(|_| now - reported >= PROGRESS_MS) {
            reported = now;
            let args = [p.depth as f64, p.nodes as f64, (now - start) / 1000.0];
            let [a, b, c] = args.map(JsValue::from);
            // A failing callback only loses the bar; `false` stops the engine.
            if f.call3(&JsValue::NULL, &a, &b, &c).ok() == Some(JsValue::FALSE) {
                return Flow::Stop;
            }
        }
        match now - start >= seconds * 1000.0 {
            true => Flow::Stop,
            false => Flow::Continue,
        }
    })
    .map_err(js_error)?;
    to_js_value(&JsEstimate {
        value: answer.value,
        moves: answer
            .moves
            .iter()
            .map(|m| JsEstimatedMove {
                line: m.line,
                score: m.score,
                exact: m.exact,
            })
            .collect(),
        best: answer.best,
        depth: answer.depth,
        nodes: answer.nodes as f64,
        threads,
        exact: answer.exact,
        value_exact: answer.value_exact,
    })
}
