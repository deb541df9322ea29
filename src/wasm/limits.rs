//! The page's limits on open lines that are not the solver's own ([`super::solver`] holds
//! `maxOpen` and `directOpen`, [`super::loony`] `loonyOpen`): exported so the page's
//! JavaScript reads every limit from here and hard-codes none.

use wasm_bindgen::prelude::*;

/// Most open lines of a position whose subgame the page solves when a board too large to
/// solve whole hands over to exact play (icelandic size: a few seconds in the browser).
pub const HANDOVER_OPEN: u32 = 30;

/// Most open lines of a position the page gives to the search: beyond it an opening position
/// can take hours (the empty 4x4 board: 1.8 G nodes natively).
pub const SEARCH_MAX_OPEN: u32 = 32;

/// Most open lines of a position the page offers to search for as long as the person is
/// willing to wait ([`super::search`] with a time limit of minutes): a 5x5 problem position
/// of 36 units has about 42, and natively its search takes half a minute on one core.
pub const DEEP_SEARCH_MAX_OPEN: u32 = 45;

/// Most units a position with its chains collapsed into pseudo-lines may have to be solved
/// in the page ([`super::pseudo`]): 2^30 positions, 2.5-2.9 s in the threaded worker on two
/// cores and a 452 MB renderer (measured in docs/browser.md); two units more quadruple both.
pub const PSEUDO_MAX_UNITS: usize = 30;

/// [`HANDOVER_OPEN`] for the page.
#[wasm_bindgen(js_name = handoverOpen)]
pub fn handover_open() -> u32 {
    HANDOVER_OPEN
}

/// [`SEARCH_MAX_OPEN`] for the page.
#[wasm_bindgen(js_name = searchMaxOpen)]
pub fn search_max_open() -> u32 {
    SEARCH_MAX_OPEN
}

/// [`PSEUDO_MAX_UNITS`] for the page.
#[wasm_bindgen(js_name = pseudoMaxUnits)]
pub fn pseudo_max_units() -> usize {
    PSEUDO_MAX_UNITS
}

/// [`DEEP_SEARCH_MAX_OPEN`] for the page.
#[wasm_bindgen(js_name = deepSearchMaxOpen)]
pub fn deep_search_max_open() -> u32 {
    DEEP_SEARCH_MAX_OPEN
}
