//! WebAssembly bindings: the small JavaScript-facing API of the browser app.
//!
//! Only glue lives here; the game rules, the solver and the tile-store trait come from the
//! core unchanged. [`game`] keeps a game's move history for the page, [`solver`] runs and
//! queries solves inside the Web Worker, [`idb_store`] persists tiles in IndexedDB through
//! the raw-I/O module `www/idb.js` (shared with the worker), and [`codec`] makes every stored
//! tile self-checking; [`chains`] gives the coach and the puzzles the chain analysis. Every
//! fallible call returns a JavaScript `Error` carrying the Rust error's message.

pub mod chains;
pub mod codec;
pub mod game;
pub mod idb_store;
pub mod solver;

use std::fmt::Display;

use wasm_bindgen::prelude::*;

/// Runs once when the module is instantiated: panics then print a readable message and stack
/// on the console instead of an opaque `unreachable` trap.
#[wasm_bindgen(start)]
pub fn start() {
    console_error_panic_hook::set_once();
}

/// Turns any error into a JavaScript `Error` whose message is the error's `Display` text.
pub(crate) fn js_error(e: impl Display) -> JsError {
    JsError::new(&e.to_string())
}
