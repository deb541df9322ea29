//! [`Book::verify`]: every check a book of either format can be put through, behind one call,
//! as fst's `verify()`: the command line's `book verify`, the Python package and the tests
//! ask here instead of matching on the format.

use std::fmt;

use super::error::BookError;
use super::reader::Book;
use crate::search::Flow;

/// How far [`Book::verify`] goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thoroughness {
    /// Every stored byte read and checked: format 2 decodes every chunk (each was checked
    /// against its CRC32 when the book was read); format 1 checks every entry and value,
    /// which it cannot do apart.
    Stored,
    /// Also every value against its best move's score from its children's values, which
    /// proves the values consistent (format 2 walks every canonical position to the depth;
    /// format 1 does so anyway).
    Values,
}

/// How far [`Book::verify`] has got, for a progress bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verifying {
    /// Format 2: decoding the chunks.
    Chunks {
        /// Chunks decoded so far.
        done: u64,
        /// Chunks in the book.
        total: u64,
    },
    /// Checking values against their children's.
    Positions {
        /// Positions checked so far.
        done: u64,
        /// Positions to check, where known before the walk (format 1 stores its count;
        /// format 2 finds its canonical positions as it goes).
        total: Option<u64>,
    },
}

/// What [`Book::verify`] found sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Chunks decoded (format 2; format 1 has none).
    pub chunks: u64,
    /// Positions whose values were checked against their children's (none when format 2
    /// is verified [`Thoroughness::Stored`]).
    pub positions: u64,
}

impl fmt::Display for Verified {
    /// `8 chunks decoded, 10468 canonical positions checked against their children`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let chunks = format!("{} chunks decoded", self.chunks);
        let positions = format!(
            "{} canonical positions checked against their children",
            self.positions
        );
        match (self.chunks, self.positions) {
            (_, 0) => f.write_str(&chunks),
            (0, _) => f.write_str(&positions),
            _ => write!(f, "{chunks}, {positions}"),
        }
    }
}

impl Book {
    /// Checks the book as far as `thoroughness` says, calling `progress` now and then; the
    /// first damage found is the error, naming where it is. A book that passes answers every
    /// position within its depth from sound bytes. `progress` answering [`Flow::Stop`] stops
    /// it with [`BookError::Stopped`] (a deep verify of the 4x4 book takes minutes).
    pub fn verify(
        &self,
        thoroughness: Thoroughness,
        progress: &mut dyn FnMut(Verifying) -> Flow,
    ) -> Result<Verified, BookError> {
        match self {
            Book::V1(v1) => {
                let total = v1.info().entries;
                v1.verify_with_progress(&mut |done, total| {
                    progress(Verifying::Positions {
                        done,
                        total: Some(total),
                    })
                })?;
                Ok(Verified {
                    chunks: 0,
                    positions: total,
                })
            }
            Book::V2(v2) => {
                v2.verify(&mut |done, total| progress(Verifying::Chunks { done, total }))?;
                let chunks = v2.index().chunks().len() as u64;
                let positions = match thoroughness {
                    Thoroughness::Stored => 0,
                    Thoroughness::Values => v2.verify_deep(&mut |done| {
                        progress(Verifying::Positions { done, total: None })
                    })?,
                };
                Ok(Verified { chunks, positions })
            }
        }
    }
}
