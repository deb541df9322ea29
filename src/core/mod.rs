//! The pure core: geometry, positions, notation, symmetry, the game's rules. No I/O, no
//! platform types.

mod analysis;
mod board;
mod boxes;
mod byte_table;
mod captures;
mod error;
mod game;
mod next_loony;
pub mod notation;
mod position;
mod rng;
mod rules;
mod size;
// Crate-visible by path too: the engine imports `core::symmetry::Equivalence`.
pub(crate) mod symmetry;

pub use analysis::{move_score, Analysis, MoveScore};
pub use board::{Board, MAX_LINES};
pub use boxes::Boxes;
pub use error::{BoardError, DbnError, LinesError, PositionError};
pub use game::{Game, Move, MoveError, MoveListError, Ply, RecordError};
pub use next_loony::{LoonyFlags, NextLoony};
pub use position::{Lines, Position};
pub use rng::{mix, splitmix64, Rng, SplitMix};
pub use rules::Rules;
pub use size::{count_text, noun, size_text};
pub use symmetry::{symmetries, transposed, Equivalence, InterchangeableSets, Symmetry};

pub(crate) use byte_table::ByteTable;
