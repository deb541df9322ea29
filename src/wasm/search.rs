//! The search solver in the Web Worker: positions too large for an in-memory analysis that
//! no book or stored solve answers (a booked board past the book's depth) are analysed by
//! search, within a node budget, with progress reported to the page.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::input::parse_position;
use super::js_error;
use super::solver::JsAnalysis;
use crate::search::{Flow, SearchError, SearchOptions, Solver};

/// A search's answer as the page receives it: the analysis and the search's counters.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsSearch {
    #[serde(flatten)]
    analysis: JsAnalysis,
    nodes: f64,
    tt_hits: f64,
    /// The transposition table's size, in MiB (smaller than asked if the browser refused).
    table_mib: f64,
}

/// The smallest table [`search_analyze`] falls back to when the browser refuses a larger one.
const MIN_TABLE_MIB: usize = 64;

/// The value and every move's score of the position with `lines` drawn, by search:
/// `{value, moves: [{line, score}], nodes, ttHits, tableMib}`, with a table of `tt_mib` MiB
/// or, where the browser refuses that much, half as much, and so on down to
/// `MIN_TABLE_MIB`. `progress(nodes, movesDone, movesTotal)` is called every million nodes;
/// when it returns `false` the search stops (the worker's time limit: the core reads no
/// clock). Fails with a message once `max_nodes` nodes are visited or the callback stopped it.
#[wasm_bindgen(js_name = searchAnalyze)]
pub fn search_analyze(
    board: &str,
    predrawn: &str,
    lines: &str,
    max_nodes: f64,
    tt_mib: usize,
    progress: &js_sys::Function,
) -> Result<JsValue, JsError> {
    let (board, pos) = parse_position(board, predrawn, lines)?;
    // The largest table the browser grants: the search is several times faster with a
    // gigabyte than with a quarter of it on a problem position.
    let mut mib = tt_mib;
    let mut solver = loop {
        let options = SearchOptions {
            tt_bytes: mib << 20,
            max_nodes: max_nodes as u64,
            progress_interval: 1 << 20,
            // Every thread of the threaded build's pool (1 in the one-thread build).
            threads: crate::par::threads(),
            ..SearchOptions::default()
        };
        match Solver::new(&board, &options) {
            Err(SearchError::OutOfMemory { .. }) if mib > MIN_TABLE_MIB => mib /= 2,
            made => break made.map_err(js_error)?,
        }
    };
    let report = solver
        .analyze(pos, &mut |p| {
            let args =
                [p.nodes as f64, p.moves_done as f64, p.moves_total as f64].map(JsValue::from);
            // A failing progress callback must not stop the search: it only draws the bar.
            match progress.call3(&JsValue::NULL, &args[0], &args[1], &args[2]) {
                Ok(answer) if answer == JsValue::FALSE => Flow::Stop,
                _ => Flow::Continue,
            }
        })
        .map_err(js_error)?;
    let answer = JsSearch {
        nodes: report.stats.nodes as f64,
        tt_hits: report.stats.tt_hits as f64,
        table_mib: (report.stats.tt_bytes >> 20) as f64,
        analysis: report.analysis.into(),
    };
    // The flattened analysis is a map to serde: ask for a plain object, as the page expects.
    let objects = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    answer.serialize(&objects).map_err(js_error)
}
