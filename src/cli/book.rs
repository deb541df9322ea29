//! `dotbox book build | info | verify`: write a book from a full solve, describe one, check one.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use crate::book::v1::BookWriter;
use crate::book::v2::CHUNK_LOG2;
use crate::book::v2::{write_book, BookV2, BookV2Index, LayerStats};
use crate::book::{describe, Book, BookError, Thoroughness, Verifying};
use crate::core::notation::format_lines;
use crate::core::Board;
use crate::native::{interrupt, progress, BookFile, CliError, Face, Held};
use crate::retro::{RetroError, Solve};
use crate::search::Flow;
use crate::store::atomic;
use crate::store::CachedStore;
use crate::store::TileStore;

use super::resources::parse_size;
use super::solve::with_store;

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
    /// Check a book: checksums, layout and every chunk (v1: every entry and value too).
    Verify {
        /// The book file.
        file: PathBuf,
        /// Also check every value against its children's (v2; v1 always does).
        #[arg(long)]
        deep: bool,
    },
}

/// Arguments of `dotbox book build`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The board: RxC (for example 3x3) or icelandic.
    pub board: String,
    /// Most lines drawn (beyond the pre-drawn ones) in a stored position: at least 1, as
    /// a position's move scores are read from the layer below it (a book of depth 0 would
    /// answer nothing).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..), allow_negative_numbers = true)]
    pub depth: u32,
    /// The book file to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Keep the solve's tiles in this directory (resumable).
    #[arg(long)]
    pub store: Option<PathBuf>,
    /// Memory the solve may hold, as `dotbox solve --memory` (default: 60 % of the machine's).
    #[arg(long, value_name = "SIZE", value_parser = parse_size, allow_hyphen_values = true)]
    pub memory: Option<u64>,
    /// Book format version: 2 (values in the solve's order, entropy-coded chunks) or 1
    /// (masks and values, several times larger).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=2), allow_negative_numbers = true)]
    pub format: u16,
}

/// Runs a `dotbox book` subcommand and returns its output.
pub fn run(command: &BookCommand) -> Result<String, CliError> {
    match command {
        BookCommand::Build(args) => build(args),
        BookCommand::Info { file } => info(file),
        BookCommand::Verify { file, deep } => verify(file, *deep),
    }
}

fn build(args: &BuildArgs) -> Result<String, CliError> {
    let board = Board::parse(&args.board)?;
    check_out(&args.out, args.store.as_deref())?;
    let started = std::time::Instant::now();
    let mut solve = Solve::new(&board, board.start(), args.depth)?;
    let (bytes, entries) = with_store(
        &mut solve,
        (args.store.as_deref(), args.memory, Face::CommandLine),
        |solve, store, _| write(args, solve, store),
    )?;
    write_atomically(&args.out, &bytes)
        .map_err(|e| unwritten(e, &args.out, args.store.as_deref()))?;
    Ok(format!(
        "wrote {} (format {}): {entries} positions of {} with up to {} lines drawn, {} bytes, \
         {:.2} bits a position, in {:.1} s\n",
        args.out.display(),
        args.format,
        describe(&board),
        args.depth,
        bytes.len(),
        bytes.len() as f64 * 8.0 / entries as f64,
        started.elapsed().as_secs_f64()
    ))
}

impl BookCommand {
    /// Whether its long work looks at [`interrupt`] ([`super::Command::stops_on_request`]):
    /// a build's solve and writing, a verification.
    pub fn stops_on_request(&self) -> bool {
        !matches!(self, BookCommand::Info { .. })
    }
}

/// The stop a Ctrl-C asked for, seen between two tiles of a book's writing: as a solve's
/// ([`RetroError::Stopped`]), said with what the store keeps.
fn stop_asked() -> Result<(), CliError> {
    match interrupt::requested() {
        true => Err(CliError::Solve(RetroError::Stopped)),
        false => Ok(()),
    }
}

/// Solves, then writes the book in the asked format; returns it and its positions.
fn write(
    args: &BuildArgs,
    solve: &mut Solve,
    store: &mut dyn TileStore,
) -> Result<(Vec<u8>, u64), CliError> {
    match args.format {
        1 => {
            let bar = progress::bar("enumerating", 0, "positions");
            let writer = BookWriter::with_progress(
                solve.layout().board(),
                args.depth,
                &mut |layer, done, parents| {
                    bar.set_message(format!("enumerating layer {layer}/{}, from", args.depth));
                    bar.set_length(parents);
                    bar.set_position(done);
                },
            )?;
            bar.finish_and_clear();
            let bytes = write_v1(&writer, solve, store)?;
            Ok((bytes, writer.entries()))
        }
        _ => progress::solve_then(solve, store, |solve, store| {
            let bar = progress::bar("writing book", 0, "tile reads");
            let bytes = write_book(
                solve.layout(),
                args.depth,
                CHUNK_LOG2,
                &mut |tile| {
                    stop_asked()?;
                    store
                        .load(tile)
                        .map_err(|e| CliError::Solve(RetroError::Store(e)))?
                        .ok_or(CliError::Solve(RetroError::NotSolved(tile)))
                },
                &mut |done, total| {
                    bar.set_length(total);
                    bar.set_position(done);
                },
            )?;
            bar.finish_and_clear();
            let book = BookV2::from_bytes(bytes.clone())?;
            let entries = book.layer_stats().iter().map(|l| l.positions).sum();
            Ok((bytes, entries))
        }),
    }
}

/// Solves, then writes a v1 book, reading each tile of the store once (through a cache that
/// drops the layers already written).
fn write_v1(
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
            stop_asked()?;
            solve.value(&mut cache, pos).map_err(CliError::from)
        });
        bar.finish_and_clear();
        bytes
    })
}

/// Refuses a `--out` that the finished book could not be written to, before the solve that
/// may take hours: it must be a regular file or not exist ([`atomic::destination`]: a
/// directory, a device, a fifo or a socket is refused; a symbolic link is written through),
/// and its directory must exist. Then a temporary file is made beside it and deleted, which
/// proves the directory writable (permissions, a read-only file system).
fn check_out(out: &Path, store: Option<&Path>) -> Result<(), CliError> {
    let refuse = |why: String| {
        CliError::Usage(format!(
            "--out {}: cannot write the book there: {why}",
            out.display()
        ))
    };
    let target = atomic::destination(out).map_err(|e| refuse(e.to_string()))?;
    let dir = atomic::dir_of(&target);
    if !dir.is_dir() {
        return Err(refuse(format!(
            "the directory {} does not exist",
            dir.display()
        )));
    }
    // The store's own files are its: a book written over its manifest left good tiles in a
    // store no command would open.
    let inside = |store: &Path| {
        let canonical = |p: &Path| fs::canonicalize(p).ok();
        canonical(dir).is_some_and(|d| canonical(store).is_some_and(|s| d.starts_with(s)))
    };
    if let Some(store) = store.filter(|s| inside(s)) {
        return Err(refuse(format!(
            "it is inside the --store directory {}, which holds the solve's own files",
            store.display()
        )));
    }
    atomic::temp_file_beside(&target)
        .map(drop)
        .map_err(|e| refuse(format!("no file can be made beside it: {}", e.error)))
}

/// A book that a full disk kept from being written, said with what is left: the file at
/// `out` as it was, and the solve in the store given, from which the same command writes the
/// book at once once there is room. Any other failure is passed on as it is.
fn unwritten(e: CliError, out: &Path, store: Option<&Path>) -> CliError {
    let full = matches!(&e, CliError::Io { error, .. }
        if matches!(error.kind(), io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded));
    if !full {
        return e;
    }
    let kept = match store {
        Some(store) => format!(
            "; the solve is kept in the store {}: with room, the same command writes the book \
             at once",
            store.display()
        ),
        None => String::new(),
    };
    CliError::Usage(format!("{e}; {} is left as it was{kept}", out.display()))
}

/// Writes the book to `path` atomically ([`atomic::write_atomically`]: a uniquely named
/// temporary file beside it, renamed over it): an interrupted build never leaves a partial
/// book under the wanted name, a failed write leaves no temporary file, and no file of the
/// user's is touched but the book's own.
fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    atomic::write_atomically(path, &[bytes]).map_err(|e| CliError::Io {
        action: e.action,
        path: e.path,
        error: e.error,
    })
}

/// `dotbox book info`: the book's header and index described, and the value of its
/// starting position. Read as queries read it (`BookFile`): a damaged chunk does not hide
/// the description, but where the value cannot be read the command fails with the damage
/// ([`CliError::Partial`]), so a script never takes a damaged book for a sound one.
fn info(file: &Path) -> Result<String, CliError> {
    let mut book = BookFile::open(file)?;
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
    match book.held() {
        Held::Whole(Book::V1(v1)) => {
            let i = v1.info();
            out.push_str(&format!(
                "format: version 1, encoding {} (delta-varint blocks of 256), symmetry {} (board \
                 symmetries and border-line swaps)\n",
                i.encoding, i.symmetry
            ));
            out.push_str(&format!("entries: {}\n", info.entries));
            for (lines, n) in info.layer_entries.iter().enumerate() {
                out.push_str(&format!("  {lines:>2} lines: {n}\n"));
            }
        }
        Held::Whole(Book::V2(v2)) => out.push_str(&v2_layers(v2.index(), &v2.layer_stats())),
        Held::Chunks(v2) => out.push_str(&v2_layers(v2.index(), &v2.layer_stats())),
    }
    out.push_str(&format!(
        "size: {} bytes, checksum {:08x}\n",
        info.bytes, info.checksum
    ));
    match book.analysis(info.board.start()) {
        Ok(start) => {
            out.push_str(&format!(
                "value of the starting position: {}\n",
                start.value
            ));
            Ok(out)
        }
        Err(error) => {
            out.push_str(&format!(
                "value of the starting position: not read, the book is damaged (`dotbox book \
                 verify {}` checks every chunk)\n",
                file.display()
            ));
            Err(CliError::Partial {
                output: out,
                error: Box::new(error),
            })
        }
    }
}

/// The v2 layer table of `dotbox book info`: per layer positions, stream length, distinct
/// values, chunks, bytes and bits a position.
fn v2_layers(index: &BookV2Index, stats: &[LayerStats]) -> String {
    let mut out = format!(
        "format: version 2, values in the solve layout's order, entropy-coded in chunks of {} \
         positions (layout {})\n",
        index.chunk_positions(),
        index.fingerprint()
    );
    out.push_str("lines  positions     stream  values  chunks      bytes  bits/position\n");
    let bits = |bytes: u64, n: u64| bytes as f64 * 8.0 / n.max(1) as f64;
    for (d, l) in stats.iter().enumerate() {
        out.push_str(&format!(
            "{d:>5} {:>10} {:>10} {:>7} {:>7} {:>10} {:>14.2}\n",
            l.positions,
            l.slots,
            l.symbols,
            l.chunks,
            l.bytes,
            bits(l.bytes, l.positions)
        ));
    }
    let positions: u64 = stats.iter().map(|l| l.positions).sum();
    let chunks: usize = stats.iter().map(|l| l.chunks).sum();
    let data: u64 = stats.iter().map(|l| l.bytes).sum();
    out.push_str(&format!(
        "total {positions:>10} {:>10} {:>7} {chunks:>7} {data:>10} {:>14.2}\n",
        stats.iter().map(|l| l.slots).sum::<u64>(),
        "",
        bits(index.file_len(), positions)
    ));
    out.push_str(&format!(
        "index: {} bytes; chunks: {chunks}, {} bytes on average, {} at most\n",
        index.len(),
        data / chunks.max(1) as u64,
        index.chunks().iter().map(|c| c.len).max().unwrap_or(0)
    ));
    out
}

/// `dotbox book verify`: the book read whole and put through [`Book::verify`]
/// ([`BookFile::verify`]), with a progress bar for each stage.
fn verify(file: &Path, deep: bool) -> Result<String, CliError> {
    let thoroughness = match deep {
        true => Thoroughness::Values,
        false => Thoroughness::Stored,
    };
    let chunks = progress::bar("decoding", 0, "chunks");
    // Format 1 knows its positions; format 2's walk of canonical positions does not.
    let positions = progress::bar("checking values", 0, "positions");
    let counted = progress::counter("checking values", "positions");
    let verified = BookFile::verify(file, thoroughness, &mut |step| {
        match step {
            Verifying::Chunks { done, total } => {
                chunks.set_length(total);
                chunks.set_position(done);
            }
            Verifying::Positions { done, total } => {
                if !chunks.is_finished() {
                    chunks.finish_and_clear();
                }
                match total {
                    Some(total) => {
                        positions.set_length(total);
                        positions.set_position(done);
                    }
                    None => counted.set_position(done),
                }
            }
        }
        match interrupt::requested() {
            true => Flow::Stop,
            false => Flow::Continue,
        }
    })
    .map_err(|e| match e {
        CliError::Book {
            error: BookError::Stopped,
            ..
        } => CliError::Stopped {
            kept: format!(
                "{} was read, not changed; the check is not finished",
                file.display()
            ),
        },
        e => e,
    })?;
    chunks.finish_and_clear();
    positions.finish_and_clear();
    counted.finish_and_clear();
    Ok(format!("{}: ok, {verified}\n", file.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_out_that_is_not_a_regular_file_is_refused_before_the_solve_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("in-the-way");
        std::fs::create_dir(&out).unwrap();
        let e = check_out(&out, None).unwrap_err().to_string();
        assert!(e.contains("it is a directory, not a regular file"), "{e}");
        // And at the write, should it have become one since.
        let e = write_atomically(&out, b"book").unwrap_err().to_string();
        assert!(
            e.starts_with(&format!(
                "cannot replace {}: it is a directory",
                out.display()
            )),
            "{e}"
        );
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "{left:?}");
        assert!(out.is_dir());
        let e = check_out(&dir.path().join("missing/x.book"), None).unwrap_err();
        assert!(e.to_string().contains("missing does not exist"), "{e}");
    }
}
