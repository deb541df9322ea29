//! The search solver in the Web Worker: positions too large for an in-memory analysis that
//! no book or stored solve answers (a booked board past the book's depth) are analysed by
//! search, within a node budget, with progress reported to the page.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::js_error;
use super::solver::{parse_board, JsAnalysis};
use crate::core::notation::parse_lines;
use crate::search::{analyze_with_progress, Flow, SearchOptions};

/// A search's answer as the page receives it: the analysis and the search's counters.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsSearch {
    #[serde(flatten)]
    analysis: JsAnalysis,
    nodes: f64,
    tt_hits: f64,
}

/// The value and every move's score of the position with `lines` drawn, by search:
/// `{value, moves: [{line, score}], nodes, ttHits}`. `progress(nodes, movesDone, movesTotal)`
/// is called every million nodes. Fails with a message once `max_nodes` nodes are visited.
#[wasm_bindgen(js_name = searchAnalyze)]
pub fn search_analyze(
    board: &str,
    predrawn: &str,
    lines: &str,
    max_nodes: f64,
    tt_mib: usize,
    progress: &js_sys::Function,
) -> Result<JsValue, JsError> {
    let board = parse_board(board, predrawn)?;
    let pos = parse_lines(&board, lines).map_err(js_error)?;
    let options = SearchOptions {
        tt_bytes: tt_mib << 20,
        max_nodes: max_nodes as u64,
        progress_interval: 1 << 20,
        ..SearchOptions::default()
    };
    let report = analyze_with_progress(&board, pos, &options, &mut |p| {
        let args = [p.nodes as f64, p.moves_done as f64, p.moves_total as f64].map(JsValue::from);
        // A failing progress callback must not stop the search: it only draws the bar.
        let _ = progress.call3(&JsValue::NULL, &args[0], &args[1], &args[2]);
        Flow::Continue
    })
    .map_err(js_error)?;
    let answer = JsSearch {
        nodes: report.stats.nodes as f64,
        tt_hits: report.stats.tt_hits as f64,
        analysis: report.analysis.into(),
    };
    // The flattened analysis is a map to serde: ask for a plain object, as the page expects.
    let objects = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    answer.serialize(&objects).map_err(js_error)
}
