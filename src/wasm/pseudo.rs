//! Chains as pseudo-lines for the page ([`crate::retro::units`], [`crate::retro::pseudo`]):
//! the reduction of a position (what the page draws and names), and the in-memory solve of
//! the reduced position with progress, both refused past [`PSEUDO_MAX_UNITS`].

use serde::Serialize;

use wasm_bindgen::prelude::*;

use super::input::parse_position;
use super::js_error;
use super::solver::JsAnalysis;
use crate::core::notation::box_label;
use crate::core::Board;
use crate::retro::pseudo;
use crate::retro::{Reduction, DEFAULT_MIN_CHAIN};
use crate::store::MemoryStore;

/// Most units a position with its chains collapsed into pseudo-lines may have to be solved
/// in the page: 2^30 positions, 2.5-2.9 s in the threaded worker on two cores and a 452 MB
/// renderer (measured in docs/browser.md); two units more quadruple both. The answer
/// policy's ([`crate::policy::BROWSER`], `answerBudget().pseudoMaxUnits` for the page).
pub(crate) const PSEUDO_MAX_UNITS: usize = crate::policy::BROWSER.pseudo_max_units as usize;

/// One collapsed chain as the page draws and names it.
#[derive(Serialize)]
struct JsChain {
    /// Its open lines, along the path (or around the loop).
    lines: Vec<usize>,
    /// Its boxes (row, column), in order along the path.
    boxes: Vec<(usize, usize)>,
    /// `"chain"` or `"loop"`.
    kind: &'static str,
    /// In words, boxes named by their labels ("long chain of 4 boxes from a1b2 to ...").
    text: String,
    /// Whether drawing it now enters it (hands it to the opponent) rather than takes it.
    enters: bool,
}

/// A reduction as the page receives it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsReduction {
    /// Units of the reduced position.
    units: usize,
    /// Open lines of the position.
    open: u32,
    /// Whether the value is proven exact ([`Reduction::exact`]).
    value_exact: bool,
    /// The collapsed chains.
    chains: Vec<JsChain>,
}

impl JsReduction {
    fn new(board: &Board, reduction: &Reduction) -> Self {
        let chains = reduction
            .chains()
            .map(|(u, _, c)| {
                let component = &c.component;
                // Junction boxes with no other side open complete with the chain.
                let junctions = reduction.box_sides(u).iter().filter(|&&m| m == 0).count();
                JsChain {
                    lines: component.lines.clone(),
                    boxes: component.boxes.clone(),
                    kind: component.kind.name(),
                    text: component.describe_with(|b| box_label(board, b)),
                    enters: c.rule.enters(junctions as i8),
                }
            })
            .collect();
        JsReduction {
            units: reduction.units().len(),
            open: board.open_lines(reduction.base()).count(),
            value_exact: reduction.exact(),
            chains,
        }
    }
}

/// A pseudo-lines analysis as the page receives it: the scores, the reduction, and the lines
/// whose scores are not proven exact ([`Reduction::exact_move`]).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsPseudo {
    #[serde(flatten)]
    analysis: JsAnalysis,
    reduction: JsReduction,
    unproven: Vec<usize>,
}

fn reduce(board: &str, predrawn: &str, lines: &str) -> Result<(Board, Reduction), JsError> {
    let (board, pos) = parse_position(board, predrawn, lines)?;
    let reduction = Reduction::new(&board, pos, DEFAULT_MIN_CHAIN).map_err(js_error)?;
    Ok((board, reduction))
}

/// The reduction of the position with `lines` drawn (chains of at least 3 boxes and loops
/// collapsed): `{units, open, valueExact, chains: [{lines, boxes, kind, text, enters}]}`. Cheap: the
/// worker asks it before deciding whether to solve.
#[wasm_bindgen(js_name = pseudoReduce)]
pub fn pseudo_reduce(board: &str, predrawn: &str, lines: &str) -> Result<JsValue, JsError> {
    let (board, reduction) = reduce(board, predrawn, lines)?;
    super::to_js_value(&JsReduction::new(&board, &reduction))
}

/// Every move's score of the position with `lines` drawn, its chains collapsed into
/// pseudo-lines and solved in memory (a move inside a chain scored as entering or taking
/// it): `{value, moves: [{line, score}], reduction, unproven: [line]}`. `progress(done,
/// total)` is called after each tile with the positions computed. Refused past
/// [`PSEUDO_MAX_UNITS`] units.
#[wasm_bindgen(js_name = pseudoAnalyze)]
pub fn pseudo_analyze(
    board: &str,
    predrawn: &str,
    lines: &str,
    progress: &js_sys::Function,
) -> Result<JsValue, JsError> {
    let (board, reduction) = reduce(board, predrawn, lines)?;
    let units = reduction.units().len();
    if units > PSEUDO_MAX_UNITS {
        return Err(js_error(format!(
            "with its chains collapsed this position has {units} units; the page solves at \
             most {PSEUDO_MAX_UNITS}"
        )));
    }
    let mut solve = pseudo::memory_solve(&board, &reduction).map_err(js_error)?;
    let mut store = MemoryStore::new();
    solve
        .run(&mut store, &mut |p| {
            let done = JsValue::from(p.positions_done as f64);
            let total = JsValue::from(p.positions_total as f64);
            // A failing progress callback only loses the bar, never the solve.
            let _ = progress.call2(&JsValue::NULL, &done, &total);
        })
        .map_err(js_error)?;
    let analysis = pseudo::analysis(&solve, &mut store, &reduction).map_err(js_error)?;
    let unproven = reduction.unproven(analysis.moves.iter().map(|m| m.line));
    let unproven = unproven.lines().collect();
    let answer = JsPseudo {
        analysis: analysis.into(),
        reduction: JsReduction::new(&board, &reduction),
        unproven,
    };
    // The flattened analysis is a map to serde: ask for a plain object, as the page expects.
    let objects = serde_wasm_bindgen::Serializer::new()
        .serialize_maps_as_objects(true)
        .serialize_missing_as_null(true);
    answer.serialize(&objects).map_err(js_error)
}
