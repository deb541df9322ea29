//! Format version 2: values only, addressed by the retrograde solve's own layout (no
//! positions stored), entropy-coded per layer and cut into independently checksummed chunks
//! behind an index, so a reader may fetch and check only the chunks it needs.

mod address;
pub(super) mod format;
mod lazy;
mod model;
mod reader;
mod writer;

pub use address::Addressing;
pub use format::{BookV2Index, ChunkEntry, LayerIndex, CHUNK_LOG2, FIXED_LEN};
pub use lazy::LazyBookV2;
pub use model::{LayerModel, PairCounts};
pub use reader::{BookV2, LayerStats};
pub use writer::write_book;
