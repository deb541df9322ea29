//! WebAssembly bindings: the small JavaScript-facing API of the browser app.
//!
//! Only glue lives here; the game rules, the solver, the books, the tile-store trait and the
//! tile codec come from the core unchanged. [`game`] keeps a game's move history for the
//! page, [`solver`] runs and queries solves inside the Web Worker, [`book`] reads and queries
//! opening books, and [`idb_store`] persists tiles in IndexedDB through the raw-I/O module
//! `www/idb.js` (shared with the worker), each tile encoded by [`crate::store::codec`];
//! [`chains`] gives the coach and the puzzles the chain analysis and [`loony`] the next-loony
//! flags; [`search`] answers positions past a book's depth; [`engine`] estimates positions
//! past every exact method; [`policy`] says which method answers a position and gives the page
//! every budget and limit on open lines (from [`crate::policy`]); [`input`] reads the
//! boards, pre-drawn lines and positions the page gives. Every fallible call returns a
//! JavaScript `Error` carrying the Rust error's message.

mod book;
mod chains;
mod engine;
mod game;
mod idb_store;
mod input;
mod loony;
mod policy;
mod pseudo;
mod search;
mod solver;
#[cfg(test)]
mod tests;
#[cfg(target_feature = "atomics")]
mod threads;

use std::fmt::Display;

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated: panics then print a readable message and stack
/// on the console instead of an opaque `unreachable` trap.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Converts a Rust value for JavaScript: structs become plain objects and `None` becomes
/// `null` (serde_wasm_bindgen's default, `undefined`, slips past checks against `null`).
pub(crate) fn to_js_value<T: serde::Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_missing_as_null(true);
    value.serialize(&serializer).map_err(js_error)
}

/// Turns any error into a JavaScript `Error` whose message is the error's `Display` text.
pub(crate) fn js_error(e: impl Display) -> JsError {
    JsError::new(&e.to_string())
}
