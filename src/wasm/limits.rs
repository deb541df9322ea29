//! The page's limits on open lines that are not the solver's own ([`super::solver`] holds
//! `maxOpen` and `directOpen`, [`super::loony`] `loonyOpen`), from the answer policy
//! ([`crate::policy::BROWSER`]; the rest of its budget is [`super::policy`]'s
//! `answerBudget`): exported so the page's JavaScript reads every limit from here and
//! hard-codes none.

use wasm_bindgen::prelude::*;

/// Most open lines of a position whose subgame the page solves when a board too large to
/// solve whole hands over to exact play (icelandic size: a few seconds in the browser); the
/// answer policy's ([`crate::policy::BROWSER`]).
pub const HANDOVER_OPEN: u32 = crate::policy::BROWSER.retro_max_open;

/// Most units a position with its chains collapsed into pseudo-lines may have to be solved
/// in the page ([`super::pseudo`]): 2^30 positions, 2.5-2.9 s in the threaded worker on two
/// cores and a 452 MB renderer (measured in docs/browser.md); two units more quadruple both.
/// The answer policy's.
pub const PSEUDO_MAX_UNITS: usize = crate::policy::BROWSER.pseudo_max_units as usize;

/// [`HANDOVER_OPEN`] for the page.
#[wasm_bindgen(js_name = handoverOpen)]
pub fn handover_open() -> u32 {
    HANDOVER_OPEN
}

/// [`PSEUDO_MAX_UNITS`] for the page.
#[wasm_bindgen(js_name = pseudoMaxUnits)]
pub fn pseudo_max_units() -> usize {
    PSEUDO_MAX_UNITS
}
