//! Format v2 books against the in-memory retrograde solve they are written from, and every
//! kind of bad file: bit flips, truncations, unknown versions, another layout.

mod common;

use common::Naive;
use dotbox::book::v2::Addressing;
use dotbox::book::v2::{write_book, BookV2, BookV2Index, LazyBookV2};
use dotbox::book::{Book, BookError, Thoroughness, Verifying};
use dotbox::core::{transposed, Board, Position};
use dotbox::native::{BookFile, CliError};
use dotbox::retro::Solve;
use dotbox::search::Flow;
use dotbox::store::MemoryStore;
use dotbox::store::TileStore;

/// Small chunks, so that small boards have layers of many chunks.
const SMALL_CHUNKS: u8 = 6;

/// A solve of `board` keeping `depth` layers, its store and the book written from it.
fn solve_and_book(board: &Board, depth: u32, chunk_log2: u8) -> (Solve, MemoryStore, Vec<u8>) {
    let mut solve = Solve::new(board, board.start(), depth).unwrap();
    let mut store = MemoryStore::new();
    solve.run(&mut store, &mut |_| {}).unwrap();
    let bytes = write_book(
        solve.layout(),
        depth,
        chunk_log2,
        &mut |tile| Ok::<_, BookError>(store.load(tile).unwrap().expect("a kept tile")),
        &mut |_, _| {},
    )
    .unwrap();
    (solve, store, bytes)
}

/// Every position of `board` with at most `depth` lines beyond its pre-drawn ones.
fn positions_up_to(board: &Board, depth: u32) -> Vec<Position> {
    let open: Vec<usize> = board.open_lines(board.start()).lines().collect();
    let mut out = vec![board.start()];
    let mut frontier = vec![(board.start(), 0usize)];
    for _ in 0..depth {
        let mut next = Vec::new();
        for &(pos, from) in &frontier {
            for (i, &line) in open.iter().enumerate().skip(from) {
                next.push((pos.with(line), i + 1));
            }
        }
        out.extend(next.iter().map(|&(p, _)| p));
        frontier = next;
    }
    out
}

fn check_against_solve(board: &Board, depth: u32) {
    let (solve, mut store, bytes) = solve_and_book(board, depth, SMALL_CHUNKS);
    let book = Book::from_bytes(bytes).unwrap();
    let Book::V2(v2) = &book else {
        panic!("a v2 book")
    };
    let verified = book
        .verify(Thoroughness::Values, &mut |_| Flow::Continue)
        .unwrap();
    assert_eq!(verified.chunks, v2.index().chunks().len() as u64);
    assert!(verified.positions > 0);
    for pos in positions_up_to(board, depth) {
        let lines = pos.difference(board.predrawn()).count();
        assert_eq!(
            book.value(pos).unwrap(),
            solve.value(&mut store, pos).unwrap(),
            "{pos:?}"
        );
        if lines < depth {
            assert_eq!(
                book.analysis(pos).unwrap(),
                solve.analysis(&mut store, pos).unwrap(),
                "{pos:?}"
            );
        }
    }
}

#[test]
fn round_trips_against_the_solve() {
    for (board, depth) in [("2x3", 17), ("2x3", 9), ("3x3", 5), ("2x4", 6), ("1x1", 1)] {
        check_against_solve(&Board::parse(board).unwrap(), depth);
    }
}

#[test]
fn round_trips_with_predrawn_lines() {
    let board = Board::new(2, 3).unwrap();
    for predrawn in [[0, 9], [4, 12]] {
        let b = board.clone().with_predrawn(predrawn.into_iter().collect());
        check_against_solve(&b, 8);
    }
    check_against_solve(&Board::icelandic(), 3);
}

/// A book of `board`, `depth` deep, in small chunks, read whole and as a file in `dir`.
fn book_and_file(board: &Board, depth: u32, dir: &std::path::Path) -> (Book, BookFile) {
    let (_, _, bytes) = solve_and_book(board, depth, SMALL_CHUNKS);
    let path = dir.join(format!("{}.book", board.name()));
    std::fs::write(&path, &bytes).unwrap();
    (
        Book::from_bytes(bytes).unwrap(),
        BookFile::open(&path).unwrap(),
    )
}

/// A book answers for its board's transpose (the 3×5 book for 5×3 games): every position
/// of the transpose within the book's depth, pre-drawn lines or not, gets the naive solver's
/// scores on that board, through the whole-book reader and the by-chunk file reader alike.
#[test]
fn a_book_answers_for_its_transposed_board() {
    let dir = tempfile::tempdir().unwrap();
    for predrawn in [vec![], vec![0, 9]] {
        let board = Board::new(2, 3)
            .unwrap()
            .with_predrawn(predrawn.into_iter().collect());
        let depth = 7;
        let (book, mut file) = book_and_file(&board, depth, dir.path());
        let (asked, _) = transposed(&board);
        assert_eq!((asked.rows(), asked.cols()), (3, 2));
        let fit = book.fit(&asked).unwrap();
        assert!(fit.is_transposed() && !book.fit(&board).unwrap().is_transposed());
        let mut naive = Naive::new(3, 2);
        let mut checked = 0;
        for pos in positions_up_to(&asked, depth - 1) {
            let want: Vec<(usize, i32)> = naive.scores(pos.0);
            for a in [
                fit.analysis(pos, |p| book.analysis(p)).unwrap(),
                fit.analysis(pos, |p| file.analysis(p)).unwrap(),
            ] {
                let got: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
                assert_eq!(got, want, "{pos:?}");
                assert_eq!(a.value, naive.value(pos.0));
            }
            checked += 1;
        }
        assert!(checked > 1000);
        // Neither orientation of another board, nor the board without the book's pre-drawn
        // lines.
        let mut others = vec![Board::new(3, 3).unwrap()];
        if !board.predrawn().is_empty() {
            others.push(Board::new(2, 3).unwrap());
        }
        for other in others {
            assert!(matches!(
                book.fit(&other),
                Err(BookError::MismatchedBoard { .. })
            ));
            assert!(file.fit(&other).is_err());
        }
    }
}

/// A book answers for its board with more lines pre-drawn (a position set up on it is a
/// board of its own to the front ends): every position of it within the depth left, its
/// transpose too, gets the naive solver's scores through both readers; a board pre-drawing
/// the book's depth or more is refused, naming both.
#[test]
fn a_book_answers_for_its_board_with_more_lines_pre_drawn() {
    let dir = tempfile::tempdir().unwrap();
    let board = Board::new(2, 3).unwrap();
    let depth = 7;
    let (book, mut file) = book_and_file(&board, depth, dir.path());
    let set_up = board.clone().with_predrawn([0, 4, 9].into_iter().collect());
    let (turned, _) = transposed(&set_up);
    for asked in [set_up.clone(), turned] {
        let fit = book.fit(&asked).unwrap();
        assert_eq!(fit.depth(), depth - 3);
        let mut naive = Naive::new(asked.rows(), asked.cols());
        let mut checked = 0;
        for pos in positions_up_to(&asked, fit.depth() - 1) {
            for a in [
                fit.analysis(pos, |p| book.analysis(p)).unwrap(),
                fit.analysis(pos, |p| file.analysis(p)).unwrap(),
            ] {
                let got: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
                assert_eq!(got, naive.scores(pos.0), "{pos:?}");
            }
            checked += 1;
        }
        assert!(checked > 300, "{checked}");
    }
    // Past the depth left, counted from the asked board's start as its user counts.
    let fit = book.fit(&set_up).unwrap();
    let past = set_up.start().union([1, 2, 3, 5].into_iter().collect());
    let err = fit.analysis(past, |p| book.analysis(p)).unwrap_err();
    assert_eq!(
        err,
        BookError::TooDeep {
            lines: 4,
            max: 3,
            query: "move scores"
        }
    );
    let deep = board.with_predrawn((0..depth as usize).collect());
    let err = book.fit(&deep).unwrap_err();
    assert!(
        matches!(
            err,
            BookError::PastDepth {
                extra: 7,
                depth: 7,
                ..
            }
        ),
        "{err:?}"
    );
    assert_eq!(
        err.to_string(),
        "the book of 2x3 gives move scores for positions with fewer than 7 lines drawn beyond \
         its start; 2x3 with pre-drawn lines 0,1,2,3,4,5,6 draws 7 before play starts"
    );
    assert!(file.fit(&deep).is_err());
}

#[test]
fn the_default_chunks_round_trip_too() {
    let board = Board::new(3, 3).unwrap();
    let (solve, mut store, bytes) = solve_and_book(&board, 6, 13);
    let book = BookV2::from_bytes(bytes).unwrap();
    for pos in positions_up_to(&board, 6).into_iter().step_by(11) {
        assert_eq!(
            book.value(pos).unwrap(),
            solve.value(&mut store, pos).unwrap()
        );
    }
}

#[test]
fn a_chunk_reads_from_the_index_and_its_own_bytes_alone() {
    let board = Board::new(2, 3).unwrap();
    let depth = 9;
    let (solve, mut store, bytes) = solve_and_book(&board, depth, SMALL_CHUNKS);
    let index_len = BookV2Index::index_len(&bytes[..48]).unwrap();
    // Copies of the header and index alone, and of each chunk alone: nothing else is read.
    let head = bytes[..index_len].to_vec();
    let index = BookV2Index::parse(&head).unwrap();
    assert!(index.chunks().len() > 20);
    let address = Addressing::new(solve.layout().clone(), depth);
    for pos in positions_up_to(&board, depth) {
        let (layer, slot) = address.slot(pos).unwrap();
        let (chunk, within) = index.chunk_of(layer, slot).unwrap();
        let range = index.chunk_range(chunk).unwrap();
        let only = bytes[range.start as usize..range.end as usize].to_vec();
        let values = index.decode_chunk(chunk, &only).unwrap();
        assert_eq!(
            i32::from(values[within]),
            solve.value(&mut store, pos).unwrap()
        );
    }
}

/// A 2x3 book of depth 7 in small chunks, as read by [`BookFile`] from a file.
struct OnDisk {
    board: Board,
    depth: u32,
    /// The book's bytes.
    bytes: Vec<u8>,
    /// The book read whole from its bytes: what the file must answer.
    whole: Book,
    /// The temporary directory of the file, removed when dropped.
    dir: tempfile::TempDir,
    /// The book's file in `dir`, not written yet.
    path: std::path::PathBuf,
}

fn on_disk() -> OnDisk {
    let board = Board::new(2, 3).unwrap();
    let depth = 7;
    let (_, _, bytes) = solve_and_book(&board, depth, SMALL_CHUNKS);
    let whole = Book::from_bytes(bytes.clone()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("2x3.book");
    OnDisk {
        board,
        depth,
        bytes,
        whole,
        dir,
        path,
    }
}

#[test]
fn a_kept_book_is_opened_once_and_again_when_its_file_changes() {
    let disk = on_disk(); // kept to the end: dropping it removes the file
    std::fs::write(&disk.path, &disk.bytes).unwrap();
    let positions = positions_up_to(&disk.board, disk.depth - 1);
    let held = |pos| {
        BookFile::kept(&disk.path, |book| {
            assert_eq!(book.analysis(pos)?, disk.whole.analysis(pos).unwrap());
            Ok(book.chunks_held())
        })
        .unwrap()
    };
    // The chunks read by one call are held by the next: the book stayed open.
    let first = held(positions[0]);
    let mut all = 0;
    for &pos in &positions {
        all = held(pos);
    }
    assert!(first > 0 && all > first, "{first} then {all} chunks held");
    assert_eq!(held(positions[0]), all);
    // Another path to the same file (through its folder's `..`) is the same book.
    let other = disk
        .dir
        .path()
        .join("..")
        .join(disk.dir.path().file_name().unwrap())
        .join("2x3.book");
    assert_eq!(
        BookFile::kept(&other, |book| Ok(book.chunks_held())).unwrap(),
        all
    );

    // The file cut short: the next call opens it again and says so.
    std::fs::write(&disk.path, &disk.bytes[..30]).unwrap();
    let e = BookFile::kept(&disk.path, |book| book.analysis(positions[0]).map(|_| ()));
    assert!(e.is_err_and(|e| e.to_string().contains("2x3.book")));
    // Whole again: opened afresh, with nothing held.
    std::fs::write(&disk.path, &disk.bytes).unwrap();
    assert_eq!(
        BookFile::kept(&disk.path, |book| Ok(book.chunks_held())).unwrap(),
        0
    );
    assert!(held(positions[0]) > 0);
    // A file that is gone is named.
    std::fs::remove_file(&disk.path).unwrap();
    let gone = BookFile::kept(&disk.path, |_| Ok(()))
        .err()
        .unwrap()
        .to_string();
    assert!(gone.contains("2x3.book"), "{gone}");
}

#[test]
fn a_book_file_reads_only_the_chunks_a_query_needs() {
    let disk = on_disk(); // kept to the end: dropping it removes the file
                          // One byte flipped in the middle of one chunk of the deepest layer.
    let index = BookV2Index::parse(&disk.bytes).unwrap();
    let damaged = index.chunks().len() - 2;
    let range = index.chunk_range(damaged).unwrap();
    let mut bad = disk.bytes.clone();
    bad[((range.start + range.end) / 2) as usize] ^= 0x10;
    std::fs::write(&disk.path, &bad).unwrap();

    let mut file = BookFile::open(&disk.path).unwrap();
    assert_eq!(
        (file.board(), file.depth(), file.chunks_held()),
        (&disk.board, disk.depth, 0)
    );
    let (mut answered, mut refused) = (0, 0);
    for pos in positions_up_to(&disk.board, disk.depth - 1) {
        match file.analysis(pos) {
            Ok(a) => {
                assert_eq!(a, disk.whole.analysis(pos).unwrap());
                answered += 1;
            }
            Err(e) => {
                let text = e.to_string();
                assert!(text.contains(&format!("chunk {damaged}")), "{text}");
                refused += 1;
            }
        }
    }
    // The positions that read the damaged chunk are refused, naming it; every other one
    // is answered, as the whole book answers it.
    assert!(
        answered > 100 && refused > 0,
        "{answered} answered, {refused} refused"
    );
    assert!(file.chunks_held() < index.chunks().len());
    let past = file.analysis(positions_up_to(&disk.board, disk.depth).pop().unwrap());
    assert!(matches!(
        past,
        Err(CliError::Book {
            error: BookError::TooDeep { .. },
            ..
        })
    ));
    assert!(file.fit(&Board::new(3, 3).unwrap()).is_err());

    // A header naming an index longer than the file is refused before anything is read.
    let mut huge = disk.bytes.clone();
    huge[24..32].copy_from_slice(&(1u64 << 60).to_le_bytes());
    std::fs::write(&disk.path, &huge).unwrap();
    let e = BookFile::open(&disk.path).err().unwrap().to_string();
    assert!(e.contains("corrupt") && e.contains("index length"), "{e}");

    // A format-1 book is read whole, and answers the same.
    let v1 = disk.dir.path().join("v1.book");
    let writer = dotbox::book::v1::BookWriter::new(&disk.board, disk.depth).unwrap();
    std::fs::write(&v1, writer.write(|pos| disk.whole.value(pos)).unwrap()).unwrap();
    let mut file = BookFile::open(&v1).unwrap();
    for pos in positions_up_to(&disk.board, 3) {
        assert_eq!(
            file.analysis(pos).unwrap(),
            disk.whole.analysis(pos).unwrap()
        );
    }
}

/// A small book of several chunks a layer.
fn sample() -> Vec<u8> {
    solve_and_book(&Board::new(2, 2).unwrap(), 6, 4).2
}

#[test]
fn every_bit_flip_is_detected() {
    let bytes = sample();
    assert!(BookV2Index::parse(&bytes).unwrap().chunks().len() > 8);
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut bad = bytes.clone();
            bad[i] ^= 1 << bit;
            let caught = Book::from_bytes(bad).and_then(|b| match b {
                Book::V2(_) => b.verify(Thoroughness::Stored, &mut |_| Flow::Continue),
                Book::V1(_) => Err(BookError::Corrupt("read as v1".into())),
            });
            assert!(caught.is_err(), "byte {i} bit {bit} went unnoticed");
        }
    }
}

#[test]
fn every_truncation_is_reported() {
    let bytes = sample();
    assert_eq!(Book::from_bytes(Vec::new()).unwrap_err(), BookError::Empty);
    for len in 1..bytes.len() {
        match Book::from_bytes(bytes[..len].to_vec()) {
            Err(BookError::Truncated { found, expected }) => {
                assert_eq!(found, len as u64);
                assert!(expected > found);
            }
            other => panic!("prefix of {len} bytes: {other:?}"),
        }
    }
    let mut longer = bytes;
    longer.push(0);
    let e = Book::from_bytes(longer).unwrap_err();
    assert!(e.to_string().contains("1 bytes follow"), "{e}");
}

/// `bytes` with the index checksum recomputed, as a writer would have sealed it (whatever
/// version its header declares).
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let mut as_v2 = bytes.clone();
    as_v2[8..10].copy_from_slice(&2u16.to_le_bytes());
    let end = BookV2Index::index_len(&as_v2).unwrap() - 4;
    let crc = crc32fast::hash(&bytes[..end]);
    bytes[end..end + 4].copy_from_slice(&crc.to_le_bytes());
    bytes
}

#[test]
fn unknown_versions_and_other_layouts_are_named() {
    // A book of another version, sealed as its writer would have.
    let mut v9 = sample();
    v9[8] = 9;
    let e = Book::from_bytes(resealed(v9)).unwrap_err();
    assert_eq!(
        e,
        BookError::UnsupportedVersion {
            found: 9,
            supported: &[1, 2]
        }
    );
    assert!(
        e.to_string().contains("version 9") && e.to_string().contains("1 and 2"),
        "{e}"
    );
    // A format-2 book whose version field alone is damaged (to a version this reader knows,
    // or to one it does not): said so, not refused in format 1's terms or as another version.
    for version in [1u16, 9, 258] {
        let mut flipped = sample();
        flipped[8..10].copy_from_slice(&version.to_le_bytes());
        let e = Book::from_bytes(flipped).unwrap_err();
        let said = format!("the version field (bytes 8–9) reads {version}, yet the index");
        assert!(
            matches!(e, BookError::Corrupt(_)) && e.to_string().contains(&said),
            "{e}"
        );
    }
    let mut other = sample();
    let fp = other.windows(8).position(|w| w == b"retro-v1").unwrap();
    other[fp + 6] = b'9';
    let e = Book::from_bytes(resealed(other)).unwrap_err();
    assert!(matches!(e, BookError::LayoutMismatch { .. }), "{e}");
}

#[test]
fn a_declared_depth_of_0_is_a_corrupt_header() {
    common::assert_depth_0_is_corrupt(sample());
}

#[test]
fn a_layer_of_another_length_than_the_layouts_is_refused_when_read() {
    let board = Board::new(2, 2).unwrap();
    let bytes = sample();
    let index = BookV2Index::parse(&bytes).unwrap();
    let last = index.layers().len() - 1;
    let slots = index.layers()[last].slots;
    assert!(slots % 16 != 1, "shortening the layer keeps its chunks");
    // The deepest layer's length, one position shorter: the index is consistent and sealed,
    // but no longer the layout's.
    let at = (bytes.windows(8))
        .position(|w| w == slots.to_le_bytes())
        .unwrap();
    let mut bad = bytes.clone();
    bad[at..at + 8].copy_from_slice(&(slots - 1).to_le_bytes());
    let bad = resealed(bad);
    let expected = format!("layer {last} is {} positions long in the book", slots - 1);
    let e = Book::from_bytes(bad.clone()).unwrap_err();
    assert!(e.to_string().contains(&expected), "{e}");
    // Read lazily, the layers before answer; the first query of the last one is refused.
    let index = BookV2Index::parse(&bad).unwrap();
    let mut lazy = LazyBookV2::new(index.clone()).unwrap();
    let whole = Book::from_bytes(bytes.clone()).unwrap();
    let mut answer = |pos: Position| {
        for i in lazy.needed(pos)? {
            let range = index.chunk_range(i).unwrap();
            lazy.insert(i, &bad[range.start as usize..range.end as usize])?;
        }
        lazy.analysis(pos)
    };
    assert_eq!(answer(board.start()), whole.analysis(board.start()));
    let deep = positions_up_to(&board, last as u32 - 1).pop().unwrap();
    let e = answer(deep).unwrap_err();
    assert!(e.to_string().contains(&expected), "{e}");
}

#[test]
fn queries_past_the_depth_or_off_the_board_are_named() {
    let board = Board::new(2, 2).unwrap();
    let book = Book::from_bytes(sample()).unwrap();
    assert_eq!(book.info().version, 2);
    assert_eq!(book.value(board.start()), Ok(2));
    let deep: Position = (0..7).collect();
    assert_eq!(
        book.value(deep),
        Err(BookError::TooDeep {
            lines: 7,
            max: 6,
            query: "values"
        })
    );
    let six: Position = (0..6).collect();
    assert!(matches!(
        book.analysis(six),
        Err(BookError::TooDeep { lines: 6, .. })
    ));
    assert!(matches!(
        book.value(Position::single(12)),
        Err(BookError::Position(_))
    ));
    assert!(book.fit(&Board::new(2, 4).unwrap()).is_err());
}

/// A writer asked for what no book holds is refused by name, before any tile is read.
#[test]
fn a_writer_refuses_solves_and_chunk_sizes_no_book_holds() {
    let board = Board::new(2, 2).unwrap();
    let write = |solve: &Solve, chunk_log2: u8| {
        write_book(
            solve.layout(),
            2,
            chunk_log2,
            &mut |tile| {
                Err::<dotbox::store::TileData, _>(BookError::Corrupt(format!("read {tile}")))
            },
            &mut |_, _| {},
        )
        .unwrap_err()
    };
    let whole = Solve::new(&board, board.start(), 2).unwrap();
    let e = write(&whole, 60);
    assert_eq!(
        e.to_string(),
        "chunks of 2^60 positions: a book's chunks hold 2^4 to 2^24 positions"
    );
    let subgame = Solve::new(&board, board.start().with(0), 2).unwrap();
    assert_eq!(write(&subgame, SMALL_CHUNKS), BookError::NotABookSolve);
}

#[test]
fn values_that_lie_under_sound_checksums_fail_the_value_check_alone() {
    // Every value one more than the solve's, sealed as the writer seals any book: each chunk
    // decodes, so only checking values against their children's finds the lie.
    let board = Board::new(2, 2).unwrap();
    let (solve, mut store, _) = solve_and_book(&board, 12, SMALL_CHUNKS);
    let bytes = write_book(
        solve.layout(),
        12,
        SMALL_CHUNKS,
        &mut |tile| {
            let values = store.load(tile).unwrap().expect("a kept tile");
            Ok::<_, BookError>(
                values
                    .iter()
                    .map(|v| v.saturating_add(1))
                    .collect::<Vec<_>>()
                    .into(),
            )
        },
        &mut |_, _| {},
    )
    .unwrap();
    let book = Book::from_bytes(bytes).unwrap();
    let stored = book
        .verify(Thoroughness::Stored, &mut |_| Flow::Continue)
        .unwrap();
    assert_eq!(stored.positions, 0);
    let e = book
        .verify(Thoroughness::Values, &mut |_| Flow::Continue)
        .unwrap_err();
    assert!(matches!(e, BookError::Corrupt(_)), "{e}");
}

/// A verification whose progress answers Stop ends with `Stopped`, in either format and at
/// either thoroughness (Ctrl-C in the Python package's `Book.verify`), and one that goes on
/// passes.
#[test]
fn a_verification_stops_when_its_progress_asks() {
    let board = Board::new(2, 2).unwrap();
    let mut naive = Naive::new(board.rows(), board.cols());
    let v1 = dotbox::book::v1::BookWriter::new(&board, 6)
        .unwrap()
        .write(|p: Position| Ok::<i32, BookError>(naive.value(p.0)))
        .unwrap();
    for bytes in [sample(), v1] {
        let book = Book::from_bytes(bytes).unwrap();
        for thoroughness in [Thoroughness::Stored, Thoroughness::Values] {
            assert!(book.verify(thoroughness, &mut |_| Flow::Continue).is_ok());
            let mut calls = 0;
            let stopped = book.verify(thoroughness, &mut |_| {
                calls += 1;
                Flow::Stop
            });
            assert_eq!(stopped.unwrap_err(), BookError::Stopped);
            assert_eq!(calls, 1, "it stopped at the first report");
        }
    }
    // Format 2's walk of the values, past its chunks: it reports every 4,096 positions (the
    // shipped 3x4 book walks 410,402).
    let book = Book::from_bytes(std::fs::read("www/books/3x4-d7.book").unwrap()).unwrap();
    let mut walked = 0;
    let walking = book.verify(Thoroughness::Values, &mut |step| match step {
        Verifying::Positions { done, .. } => {
            walked = done;
            Flow::Stop
        }
        Verifying::Chunks { .. } => Flow::Continue,
    });
    assert_eq!(walking.unwrap_err(), BookError::Stopped);
    assert_eq!(walked, 4096);
}
