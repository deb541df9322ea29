//! Chain theory: the analysis teachers of Dots-and-Boxes use to explain *why* a move wins.
//!
//! A position is read as strings and coins: every untaken box is a coin, every undrawn line a
//! string, and a border line a string to the ground. On that graph this module finds the
//! [`components`](fn@components) (capturable boxes, chains, loops, the unsettled rest), the
//! long chain rule ([`control`](fn@control)), who has control as exactly as it can be said
//! ([`control_verdict`]), [loony](is_loony_move) moves and the
//! all-but-two reply ([`loony_offers`]), [nimstring](nim_value) values with the sum rule, and
//! a coach ([`explain`](fn@explain)) that reads exact scores
//! (with the last-move penalty and the "who must make the next loony move" flag) from the one
//! exact solver, the retrograde one ([`crate::retro`]), which builds on this module; the
//! puzzle generator sits above both ([`crate::puzzles`]).
//!
//! Everything here is pure (no I/O) so the command line and the WebAssembly page share it.
//!
//! The functions that return a `Result` ([`control`](fn@control), [`control_verdict`],
//! [`loony_moves`], [`loony_offers`], [`nim_value`], [`explain`](fn@explain)) check the position they are
//! given and say what is wrong ([`ChainsError`]). The others ([`components`](fn@components),
//! [`regions`], [`safe_lines`], [`is_safe`], [`long_chains`], [`is_loony_move`], ...) sit in the solvers'
//! inner loops and take what those hand them: a position of the board, checked once
//! ([`crate::core::Board::check`]), and a line of it ([`crate::core::Board::check_line`]);
//! given anything else they may answer nonsense or panic.

mod components;
mod control;
mod endgame;
mod error;
mod explain;
mod graph;
mod loony;
mod nimstring;
mod verdict;

#[cfg(test)]
pub(crate) mod testkit;

pub use components::{components, Component, End, Kind};
pub use control::{control, control_at_stake, parity_moves, Control};
pub use endgame::{is_safe, long_chains, safe_lines, settled};
pub use error::ChainsError;
pub use explain::{explain, explain_text, explain_text_in, Offered, Reason, Voice, CONTROL_OPEN};
pub use loony::{
    is_loony_move, is_loony_position, loony_moves, loony_offers, offers_with_replies,
    other_captures, Offer, Replies,
};
pub use nimstring::{nim_value, Nimber, Nimstring, MAX_NIM_OPEN};
pub use verdict::{
    coach_nim_value, control_verdict, nim_in_reach, ControlVerdict, COACH_NIM_POSITIONS,
};

pub(crate) use graph::capturable;
pub use graph::regions;
