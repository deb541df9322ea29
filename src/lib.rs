//! dotbox: a perfect-play Dots-and-Boxes solver.
//!
//! A position's value is the net boxes the player to move gets under perfect play, exact,
//! from David Wilson's retrograde analysis over line-group tiles, an alpha-beta search for
//! larger positions, or opening books written from finished solves; the engine's estimates,
//! for positions no exact method answers in time, are always marked as such. The core and the
//! solvers do no I/O, so the same code runs natively (the `dotbox` command line) and in
//! WebAssembly (the page).
//!
//! - [`core`]: boards, positions, notation, symmetry, the rules and a game's record.
//! - [`retro`]: the retrograde solver; [`store`]: where its tiles live; [`par`]: threads.
//! - [`search`]: the one-position search; [`policy`]: which method answers a position.
//! - `answer`: a position answered as the command line answers it (the book, the method the
//!   policy chooses, or one forced), as a structured value (native only).
//! - `native`: what the native front ends share (their error, the methods' options, book
//!   files, progress on stderr), below both `answer` and `cli` (native only).
//! - [`book`]: opening books (write, read, query); [`chains`]: chain theory that explains
//!   moves; [`puzzles`] and `lessons`: exercises built from the solver; [`engine`]: estimates.
//! - `cli` and `wasm`: the two front ends (native and WebAssembly only, respectively).
//!
//! # Example
//!
//! Analyse a position, then write a small opening book, read it back and ask it the same.
//!
//! ```
//! use std::error::Error;
//!
//! use dotbox::book::{v2, Book};
//! use dotbox::core::{notation, Board};
//! use dotbox::retro::{self, Solve};
//! use dotbox::store::{MemoryStore, TileStore};
//!
//! # fn main() -> Result<(), Box<dyn Error>> {
//! // 2x2 boxes with lines 0 and 5 drawn: the value and every open line's score.
//! let (board, pos) = notation::parse_position("2x2:0,5")?;
//! let analysis = retro::analyze(&board, pos)?;
//! assert_eq!(analysis.moves.len(), 10);
//! println!("value {:+}, best lines {:?}", analysis.value, analysis.best_lines());
//!
//! // Solve 2x2 from its start keeping the first 4 layers, write them as a book file.
//! let board = Board::parse("2x2")?;
//! let mut solve = Solve::new(&board, board.start(), 4)?;
//! let mut store = MemoryStore::new();
//! retro::quietly(&mut solve, &mut store)?;
//! let bytes = v2::write_book(
//!     solve.layout(),
//!     4,
//!     v2::CHUNK_LOG2,
//!     // A tile the solve did not keep (a book deeper than it): an error naming it.
//!     &mut |tile| {
//!         let kept = store.load(tile)?.ok_or(retro::RetroError::NotSolved(tile));
//!         Ok::<_, Box<dyn Error>>(kept?)
//!     },
//!     &mut |_, _| {},
//! )?;
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("2x2.book");
//! std::fs::write(&path, bytes)?;
//!
//! // Read it back: the book answers positions up to its depth without solving.
//! let book = Book::from_bytes(std::fs::read(&path)?)?;
//! assert_eq!(book.depth(), 4);
//! assert_eq!(book.analysis(pos)?, analysis);
//! # Ok(())
//! # }
//! ```

#![warn(missing_docs)]

#[cfg(not(target_arch = "wasm32"))]
pub mod answer;
pub mod book;
pub mod chains;
#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
pub mod core;
pub mod engine;
#[cfg(not(target_arch = "wasm32"))]
pub mod lessons;
#[cfg(not(target_arch = "wasm32"))]
pub mod native;
pub mod par;
pub mod policy;
pub mod puzzles;
pub mod retro;
pub mod search;
#[cfg(not(target_arch = "wasm32"))]
pub mod stderr;
pub mod store;
#[cfg(target_arch = "wasm32")]
mod wasm;
