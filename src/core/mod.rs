//! The pure core: geometry, positions, notation, symmetry, the game's rules. No I/O, no
//! platform types.

pub mod analysis;
pub mod board;
pub mod boxes;
pub mod byte_table;
pub mod error;
pub mod game;
pub mod next_loony;
pub mod notation;
pub mod position;
pub mod rng;
pub mod rules;
pub mod symmetry;

pub use analysis::{move_score, Analysis, MoveScore};
pub use board::Board;
pub use boxes::Boxes;
pub use error::{BoardError, LinesError, PositionError};
pub use game::Game;
pub use next_loony::{LoonyFlags, NextLoony};
pub use position::Position;
pub use rng::Rng;
pub use rules::Rules;
