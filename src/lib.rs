//! dotbox: a perfect-play Dots-and-Boxes solver.
//!
//! David Wilson's retrograde analysis over line-group tiles ([`retro`]), with the pure game
//! core in [`core`], tile storage behind one trait ([`store`]) and opening books ([`book`]).
//! The core and the solver do no I/O so the same code runs natively and in WebAssembly.

pub mod book;
pub mod chains;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod core;
pub mod engine;
pub mod par;
pub mod retro;
pub mod search;
pub mod store;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
