//! `dotbox book build | info | verify`: write a book from a full solve, describe one, check one.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use crate::book::{describe, Book, BookWriter};
use crate::core::notation::format_lines;
use crate::core::Board;
use crate::retro::Solve;
use crate::store::cache::CachedStore;
use crate::store::fs::FsStore;
use crate::store::memory::MemoryStore;
use crate::store::TileStore;

use super::error::CliError;
use super::{progress, read_file};

/// The `dotbox book` subcommands.
#[derive(Subcommand, Debug)]
pub enum BookCommand {
    /// Solve a board and write the values of every position up to a depth.
    Build(BuildArgs),
    /// Describe a book: board, depth, format, entries per layer.
    Info {
        /// The book file.
        file: PathBuf,
    },
    /// Check a book completely: checksum, layout, every entry and every value.
    Verify {
        /// The book file.
        file: PathBuf,
    },
}

/// Arguments of `dotbox book build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The board: RxC (for example 3x3) or icelandic.
    pub board: String,
    /// Most lines drawn (beyond the pre-drawn ones) in a stored position.
    #[arg(long)]
    pub depth: u32,
    /// The book file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Keep the solve's tiles in this directory (resumable).
    #[arg(long)]
    pub store: Option<PathBuf>,
}

/// Runs a `dotbox book` subcommand and returns its output.
pub fn run(command: &BookCommand) -> Result<String, CliError> {
    match command {
        BookCommand::Build(args) => build(args),
        BookCommand::Info { file } => info(file),
        BookCommand::Verify { file } => verify(file),
    }
}

fn build(args: &BuildArgs) -> Result<String, CliError> {
    let board = Board::parse(&args.board)?;
    let mut solve = Solve::new(&board, board.start(), args.depth)?;
    let bar = progress::bar("enumerating", 0, "positions");
    let writer = BookWriter::with_progress(&board, args.depth, &mut |layer, done, parents| {
        bar.set_message(format!("enumerating layer {layer}/{}, from", args.depth));
        bar.set_length(parents);
        bar.set_position(done);
    })?;
    bar.finish_and_clear();
    let bytes = match &args.store {
        Some(dir) => {
            let mut store = FsStore::open(dir, &solve.fingerprint())?;
            write(&writer, &mut solve, &mut store)?
        }
        None => write(&writer, &mut solve, &mut MemoryStore::new())?,
    };
    write_atomically(&args.out, &bytes)?;
    Ok(format!(
        "wrote {}: {} positions of {} with up to {} lines drawn, {} bytes\n",
        args.out.display(),
        writer.entries(),
        describe(&board),
        args.depth,
        bytes.len()
    ))
}

/// Solves, then writes the book, reading each tile of the store once (through a cache that
/// drops the layers already written).
fn write(
    writer: &BookWriter,
    solve: &mut Solve,
    store: &mut dyn TileStore,
) -> Result<Vec<u8>, CliError> {
    let predrawn = solve.layout().board().predrawn();
    progress::solve_then(solve, store, |solve, store| {
        let mut cache = CachedStore::new(store);
        let mut layer = 0;
        let bar = progress::bar("writing book", writer.entries(), "positions");
        let bytes = writer.write(|pos| {
            let lines = pos.difference(predrawn).count();
            if lines > layer {
                layer = lines;
                cache.retain(|tile| tile.lines() >= lines);
            }
            bar.inc(1);
            solve.value(&mut cache, pos).map_err(CliError::from)
        });
        bar.finish_and_clear();
        bytes
    })
}

/// Writes `bytes` to a temporary file beside `path`, syncs it, then renames it over `path`:
/// an interrupted build never leaves a partial book under the wanted name.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let mut temp = path.as_os_str().to_owned();
    temp.push(".tmp");
    let temp = PathBuf::from(temp);
    let io = |error| CliError::Io {
        action: "write",
        path: path.to_path_buf(),
        error,
    };
    let mut file = File::create(&temp).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    std::fs::rename(&temp, path).map_err(io)
}

fn info(file: &Path) -> Result<String, CliError> {
    let book = Book::from_bytes(read_file(file)?).map_err(CliError::in_book(file))?;
    let info = book.info();
    let predrawn = match format_lines(
        &Board::new(info.board.rows(), info.board.cols())?,
        info.board.predrawn(),
    ) {
        list if list.is_empty() => "none".to_string(),
        list => list,
    };
    let mut out = format!("book {}\n", file.display());
    out.push_str(&format!(
        "board: {} ({} lines; pre-drawn: {predrawn})\n",
        info.board.name(),
        info.board.num_lines()
    ));
    out.push_str(&format!(
        "depth: positions with up to {} lines drawn beyond the pre-drawn ones\n",
        info.depth
    ));
    out.push_str(&format!(
        "format: version {}, encoding {} (delta-varint blocks of 256), symmetry {} (board symmetries and \
         border-line swaps)\n",
        info.version, info.encoding, info.symmetry
    ));
    out.push_str(&format!("entries: {}\n", info.entries));
    for (lines, n) in info.layer_entries.iter().enumerate() {
        out.push_str(&format!("  {lines:>2} lines: {n}\n"));
    }
    out.push_str(&format!(
        "size: {} bytes, checksum {:08x}\n",
        info.bytes, info.checksum
    ));
    let start = info.board.start();
    let value = book.value(start).map_err(CliError::in_book(file))?;
    out.push_str(&format!("value of the starting position: {value}\n"));
    Ok(out)
}

fn verify(file: &Path) -> Result<String, CliError> {
    let book = Book::from_bytes(read_file(file)?).map_err(CliError::in_book(file))?;
    let entries = book.info().entries;
    let bar = progress::bar("verifying", entries, "positions");
    book.verify_with_progress(&mut |done, _| bar.set_position(done))
        .map_err(CliError::in_book(file))?;
    bar.finish_and_clear();
    Ok(format!(
        "{}: ok, {entries} positions verified\n",
        file.display()
    ))
}
