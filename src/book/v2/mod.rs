//! Format version 2: values only, addressed by the retrograde solve's own layout (no
//! positions stored), entropy-coded per layer and cut into independently checksummed chunks
//! behind an index, so a reader may fetch and check only the chunks it needs.

pub mod address;
pub mod format;
pub mod lazy;
pub mod model;
pub mod reader;
pub mod writer;

pub use format::BookV2Index;
pub use lazy::LazyBookV2;
pub use reader::{BookV2, LayerStats};
pub use writer::write_book;
