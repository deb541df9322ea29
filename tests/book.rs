//! Format v1 books against the independent naive solver (memoised over the raw bitmask), and
//! every kind of bad file.

mod common;

use std::collections::BTreeSet;

use common::Naive;
use dotbox::book::v1::HEADER_LEN;
use dotbox::book::v1::{BookV1, BookWriter};
use dotbox::book::*;
use dotbox::core::Equivalence;
use dotbox::core::{Board, Position, PositionError};
use dotbox::search::Flow;

fn naive(board: &Board) -> Naive {
    Naive::new(board.rows(), board.cols())
}

fn build(board: &Board, depth: u32) -> Vec<u8> {
    let mut naive = naive(board);
    let writer = BookWriter::new(board, depth).unwrap();
    writer
        .write(|p: Position| Ok::<i32, BookError>(naive.value(p.0)))
        .unwrap()
}

/// Every raw position of `board` containing its pre-drawn lines.
fn all_positions(board: &Board) -> impl Iterator<Item = Position> + '_ {
    let open: Vec<usize> = board.open_lines(board.start()).lines().collect();
    (0u64..1 << open.len()).map(move |bits| {
        let extra: Position = open
            .iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 == 1)
            .map(|(_, &l)| l)
            .collect();
        extra.union(board.start())
    })
}

fn check_against_naive(board: &Board, depth: u32) {
    BookV1::from_bytes(build(board, depth))
        .unwrap()
        .verify()
        .unwrap();
    let book = Book::from_bytes(build(board, depth)).unwrap();
    // Format 1 checks every value whatever it is asked: no chunks, every entry.
    let verified = book
        .verify(Thoroughness::Stored, &mut |_| Flow::Continue)
        .unwrap();
    assert_eq!(
        (verified.chunks, verified.positions),
        (0, book.info().entries)
    );
    let mut naive = naive(board);
    let eq = Equivalence::new(board, board.predrawn());
    let mut classes = vec![BTreeSet::new(); depth as usize + 1];
    for pos in all_positions(board) {
        let lines = pos.difference(board.predrawn()).count();
        if lines > depth {
            assert!(matches!(book.value(pos), Err(BookError::TooDeep { .. })));
            continue;
        }
        classes[lines as usize].insert(eq.canonical(pos));
        assert_eq!(book.value(pos).unwrap(), naive.value(pos.0), "{pos:?}");
        match book.analysis(pos) {
            Ok(a) => {
                assert_eq!(a.value, naive.value(pos.0));
                let got: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
                assert_eq!(got, naive.scores(pos.0), "{pos:?}");
            }
            Err(BookError::TooDeep { .. }) => assert_eq!(lines, depth),
            Err(e) => panic!("{e}"),
        }
    }
    let counts: Vec<u64> = classes.iter().map(|c| c.len() as u64).collect();
    assert_eq!(
        book.info().layer_entries,
        counts,
        "one entry per equivalence class"
    );
}

#[test]
fn round_trip_full_depth() {
    for (r, c) in [(1, 1), (1, 2), (2, 2), (2, 3)] {
        let board = Board::new(r, c).unwrap();
        let open = board.num_lines() as u32;
        check_against_naive(&board, open);
    }
}

#[test]
fn round_trip_partial_depth() {
    for (r, c, depth) in [(1, 2, 3), (2, 2, 1), (2, 2, 5), (2, 3, 6), (1, 3, 4)] {
        check_against_naive(&Board::new(r, c).unwrap(), depth);
    }
}

#[test]
fn round_trip_with_predrawn_lines() {
    let board = Board::new(2, 3).unwrap();
    for predrawn in [[0, 9], [4, 12], [1, 7]] {
        let b = board.clone().with_predrawn(predrawn.into_iter().collect());
        check_against_naive(&b, 7);
        check_against_naive(&b, 15);
    }
}

#[test]
fn known_values_and_info() {
    let board = Board::new(2, 3).unwrap();
    let book = Book::from_bytes(build(&board, 4)).unwrap();
    assert_eq!(book.value(board.start()), Ok(-2));
    assert_eq!(book.analysis(board.start()).unwrap().value, -2);
    let info = BookV1::from_bytes(build(&board, 4)).unwrap().info();
    assert_eq!(
        (info.depth, info.version, info.encoding, info.symmetry),
        (4, 1, 1, 1)
    );
    assert_eq!(info.layer_entries[0], 1);
    assert_eq!(info.entries, info.layer_entries.iter().sum::<u64>());
    let b22 = Board::new(2, 2).unwrap();
    assert_eq!(
        Book::from_bytes(build(&b22, 2)).unwrap().value(b22.start()),
        Ok(2)
    );
}

#[test]
fn large_layers_use_many_blocks() {
    // 2x3 at depth 8 has layers of well over 256 entries: several blocks and index lookups.
    let board = Board::new(2, 3).unwrap();
    let bytes = build(&board, 8);
    let book = BookV1::from_bytes(bytes).unwrap();
    assert!(book.info().layer_entries.iter().any(|&n| n > 3 * 256));
    book.verify().unwrap();
    let mut naive = naive(&board);
    for pos in all_positions(&board).filter(|p| p.count() <= 8).step_by(7) {
        assert_eq!(book.value(pos).unwrap(), naive.value(pos.0));
    }
}

fn sample() -> Vec<u8> {
    build(&Board::new(2, 2).unwrap(), 6)
}

/// `bytes` with the checksum recomputed, as a writer of another version would produce.
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let body = bytes.len() - 4;
    let crc = crc32fast::hash(&bytes[..body]);
    bytes[body..].copy_from_slice(&crc.to_le_bytes());
    bytes
}

#[test]
fn every_truncation_is_reported() {
    let bytes = sample();
    assert_eq!(Book::from_bytes(Vec::new()).unwrap_err(), BookError::Empty);
    for len in 1..bytes.len() {
        match Book::from_bytes(bytes[..len].to_vec()) {
            Err(BookError::Truncated { found, .. }) => assert_eq!(found, len as u64),
            other => panic!("prefix of {len} bytes: {other:?}"),
        }
    }
}

#[test]
fn foreign_files_are_not_books() {
    for bytes in [
        &b"\x89PNG\r\n\x1a\n0000000000000000000000000000000000000000"[..],
        b"hello",
        b"DOTBOXBX",
    ] {
        assert_eq!(
            Book::from_bytes(bytes.to_vec()).unwrap_err(),
            BookError::NotABook
        );
    }
    let tile = dotbox::store::codec::encode("fp", dotbox::store::TileId::pair(0, 0), &[1, 2, 3]);
    assert_eq!(Book::from_bytes(tile).unwrap_err(), BookError::NotABook);
}

#[test]
fn bit_flips_are_errors_and_body_flips_are_corrupt() {
    let bytes = sample();
    for i in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[i] ^= 0x04;
        let e = Book::from_bytes(bad).expect_err("a flipped bit must be caught");
        if !(8..10).contains(&i) && !(32..40).contains(&i) && i >= MAGIC.len() {
            // Outside the magic, the version and the declared length, only the checksum speaks.
            assert!(matches!(e, BookError::Corrupt(_)), "byte {i}: {e}");
        }
    }
}

#[test]
fn trailing_bytes_are_corrupt() {
    let mut bytes = sample();
    bytes.push(0);
    let e = Book::from_bytes(bytes).unwrap_err();
    assert!(e.to_string().contains("1 bytes follow"), "{e}");
}

#[test]
fn unknown_version_encoding_and_symmetry_are_named() {
    let mut v3 = sample();
    v3[8] = 3;
    let e = Book::from_bytes(resealed(v3)).unwrap_err();
    assert!(
        matches!(e, BookError::UnsupportedVersion { found: 3, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("version 3"), "{e}");
    let mut enc = sample();
    enc[21] = 7;
    assert_eq!(
        Book::from_bytes(resealed(enc)).unwrap_err(),
        BookError::UnknownEncoding { found: 7, known: 1 }
    );
    let mut sym = sample();
    sym[22] = 3;
    assert_eq!(
        Book::from_bytes(resealed(sym)).unwrap_err(),
        BookError::UnknownSymmetry { found: 3, known: 1 }
    );
}

#[test]
fn resealed_structural_damage_is_corrupt_or_fails_verify() {
    let good = sample();
    let damage: [(usize, u8); 6] = [
        (10, 9),
        (12, 0xff),
        (20, 60),
        (23, 1),
        (24, 5),
        (HEADER_LEN, 2),
    ];
    for (at, byte) in damage {
        let mut bad = good.clone();
        bad[at] = byte;
        // The header's board or depth may change into another consistent layout, which only
        // the entry checks of `verify` can tell apart.
        let e = BookV1::from_bytes(resealed(bad))
            .and_then(|b| b.verify())
            .err();
        assert!(matches!(e, Some(BookError::Corrupt(_))), "byte {at}: {e:?}");
    }
}

#[test]
fn verify_catches_wrong_values_with_a_valid_checksum() {
    let board = Board::new(2, 2).unwrap();
    let mut naive = naive(&board);
    let writer = BookWriter::new(&board, 4).unwrap();
    let liar = writer.layer(2)[3];
    let bytes = writer
        .write(|p: Position| Ok::<i32, BookError>(naive.value(p.0) + i32::from(p.0 == liar)))
        .unwrap();
    let book = BookV1::from_bytes(bytes.clone()).unwrap();
    let e = book.verify().unwrap_err();
    assert!(e.to_string().contains("but its moves give"), "{e}");
    let book = Book::from_bytes(bytes).unwrap();
    for thoroughness in [Thoroughness::Stored, Thoroughness::Values] {
        let e = book
            .verify(thoroughness, &mut |_| Flow::Continue)
            .unwrap_err();
        assert!(e.to_string().contains("but its moves give"), "{e}");
    }
}

#[test]
fn mismatched_boards_and_positions_are_named() {
    let board = Board::new(2, 2).unwrap();
    let book = Book::from_bytes(sample()).unwrap();
    assert!(book.fit(&board).is_ok());
    let e = book.fit(&Board::new(2, 3).unwrap()).unwrap_err();
    assert_eq!(
        e,
        BookError::MismatchedBoard {
            book: "2x2".into(),
            asked: "2x3".into()
        }
    );
    // A board with more lines pre-drawn is the book's (its positions are), one line less
    // deep; one without the book's pre-drawn lines is not.
    let pre = board.clone().with_predrawn(Position::single(0));
    assert_eq!(book.fit(&pre).unwrap().depth(), book.depth() - 1);
    assert!(matches!(
        book.value(Position::single(12)),
        Err(BookError::Position(_))
    ));
    let pre_book = Book::from_bytes(build(&pre, 3)).unwrap();
    let e = pre_book.fit(&board).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the book is for 2x2 with pre-drawn lines 0, not for 2x2"
    );
    let e = pre_book.value(Position::single(1)).unwrap_err();
    assert_eq!(
        e,
        BookError::Position(PositionError::MissingPredrawn { line: 0 })
    );
}

#[test]
fn positions_deeper_than_the_book_are_named() {
    let book = Book::from_bytes(sample()).unwrap();
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
    assert!(book.value(six).is_ok());
    assert_eq!(
        book.analysis(six),
        Err(BookError::TooDeep {
            lines: 6,
            max: 5,
            query: "move scores"
        })
    );
}

#[test]
fn writer_rejects_bad_depths_and_values_and_passes_oracle_errors() {
    let board = Board::new(1, 1).unwrap();
    assert_eq!(
        BookWriter::new(&board, 5).unwrap_err(),
        BookError::DepthOutOfRange { depth: 5, open: 4 }
    );
    assert_eq!(
        BookWriter::new(&board, 0).unwrap_err(),
        BookError::DepthOutOfRange { depth: 0, open: 4 }
    );
    let writer = BookWriter::new(&board, 2).unwrap();
    let e = writer.write(|_| Ok::<i32, BookError>(2)).unwrap_err();
    assert_eq!(
        e,
        BookError::ValueOutOfRange {
            position: "1x1".into(),
            value: 2,
            boxes: 1
        }
    );
    let e = writer
        .write(|_| Err(BookError::Corrupt("oracle failed".into())))
        .unwrap_err();
    assert_eq!(e, BookError::Corrupt("oracle failed".into()));
}

#[test]
fn a_declared_depth_of_0_is_a_corrupt_header() {
    common::assert_depth_0_is_corrupt(sample());
}
