//! The answer policy ([`crate::policy`]) for the page: which method answers a position
//! (`answerMethod`) and the budgets it uses (`answerBudget`), so the worker and the page run
//! the method named and hard-code no limit of their own.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::input::parse_position;
use super::to_js_value;
use crate::policy::{self, Budget, Context};

/// The budget named `name`: `browser` (the page's) or `native` (the command line's).
fn budget(name: &str) -> Result<&'static Budget, JsError> {
    match name {
        "browser" => Ok(&policy::BROWSER),
        "native" => Ok(&policy::NATIVE),
        _ => Err(JsError::new(&format!(
            "unknown budget '{name}': 'browser' or 'native'"
        ))),
    }
}

/// The method that answers the position with `lines` drawn: `book`, `retro` (at once),
/// `subgame` (the handover's solve), `stored`, `pseudo`, `search` or `estimate` (see
/// [`policy::choose`]). `book_depth` is the depth of the
/// board's opening book when the page has one open; `budget` is `browser` on the page.
#[wasm_bindgen(js_name = answerMethod)]
pub fn answer_method(
    board: &str,
    predrawn: &str,
    lines: &str,
    book_depth: Option<u32>,
    budget_name: &str,
) -> Result<String, JsError> {
    let (board, pos) = parse_position(board, predrawn, lines)?;
    let context = Context {
        book_depth,
        ..Context::default()
    };
    Ok(policy::choose(&board, pos, &context, budget(budget_name)?)
        .name()
        .to_string())
}

/// [`Budget`] as the page reads it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsBudget {
    direct_open: u32,
    whole_board_open: u32,
    retro_max_open: u32,
    pseudo_max_units: u32,
    search_max_open: u32,
    search_first_safe: Option<u32>,
    search_seconds: f64,
    search_max_nodes: f64,
    search_table_mib: usize,
    estimate_seconds: f64,
    move_estimate_seconds: f64,
    ponder_seconds: f64,
    ponder_moves: u32,
    line_estimate_seconds: f64,
    deep_search_max_open: u32,
    deep_search_seconds: f64,
    deep_search_table_mib: usize,
}

/// The page's budgets ([`policy::BROWSER`] and [`policy::DEEP_SEARCH`]): `{directOpen,
/// wholeBoardOpen, retroMaxOpen, pseudoMaxUnits, searchMaxOpen, searchFirstSafe (null:
/// never), searchSeconds, searchMaxNodes, searchTableMib, estimateSeconds,
/// moveEstimateSeconds, ponderSeconds, ponderMoves, lineEstimateSeconds, deepSearchMaxOpen,
/// deepSearchSeconds, deepSearchTableMib}`.
#[wasm_bindgen(js_name = answerBudget)]
pub fn answer_budget() -> Result<JsValue, JsError> {
    let b = &policy::BROWSER;
    to_js_value(&JsBudget {
        direct_open: b.direct_open,
        whole_board_open: b.whole_board_open,
        retro_max_open: b.retro_max_open,
        pseudo_max_units: b.pseudo_max_units,
        search_max_open: b.search_max_open,
        search_first_safe: b.search_first_safe,
        search_seconds: b.search_seconds,
        search_max_nodes: b.search_max_nodes,
        search_table_mib: b.search_table_mib,
        estimate_seconds: b.estimate_seconds,
        move_estimate_seconds: b.move_estimate_seconds,
        ponder_seconds: b.ponder_seconds,
        ponder_moves: b.ponder_moves,
        line_estimate_seconds: b.line_estimate_seconds,
        deep_search_max_open: policy::DEEP_SEARCH.max_open,
        deep_search_seconds: policy::DEEP_SEARCH.seconds,
        deep_search_table_mib: policy::DEEP_SEARCH.table_mib,
    })
}
