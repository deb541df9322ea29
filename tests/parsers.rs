//! Property tests of every parser and decoder of outside input: position notation and line
//! labels, game records (the page's export and address), book files (v1 and v2, whole and by chunk, the v2 entropy model) and the tile
//! codec. Random and mutated input must give a value or an error that names what is wrong,
//! never a panic; what the writers write must read back unchanged.
//!
//! Case counts are capped (256 a property) so the whole file runs in well under a second.

mod common;

use std::sync::OnceLock;

use proptest::prelude::*;

use common::Naive;
use dotbox::book::v1::BookWriter;
use dotbox::book::v2::{write_book, BookV2Index, LazyBookV2};
use dotbox::book::v2::{LayerModel, PairCounts};
use dotbox::book::{Book, BookError, Thoroughness};
use dotbox::core::notation::{
    format_position, line_label, parse_line, parse_lines, parse_position,
};
use dotbox::core::Game;
use dotbox::core::{Board, Position};
use dotbox::native::BookFile;
use dotbox::retro::Solve;
use dotbox::search::Flow;
use dotbox::store::codec::{decode, decode_owned, encode};
use dotbox::store::MemoryStore;
use dotbox::store::{StoreError, TileId, TileStore, MAX_GROUPS};

/// Text near the notation's grammar (board names, digits, labels, separators), so that many
/// cases get past the first check.
const NEAR_NOTATION: &str = "[0-9a-fx:, icelandIC]{0,24}";

/// Text near the game record's grammar.
const NEAR_RECORD: &str = "(([1-4]x[1-4]|icelandic)(:[0-9,]{0,6})?)( (pre|moves|[a-e][1-5][a-e][1-5]|[0-9]{1,2}|,|x)){0,8}";

fn boards() -> impl Strategy<Value = Board> {
    prop_oneof![
        (1usize..=5, 1usize..=5).prop_map(|(r, c)| Board::new(r, c).unwrap()),
        Just(Board::icelandic()),
    ]
}

/// A board and a position of it: some of its open lines drawn.
fn board_and_position() -> impl Strategy<Value = (Board, Position)> {
    (boards(), any::<u64>()).prop_map(|(board, bits)| {
        let pos = Position(bits & board.all_lines().0).union(board.start());
        (board, pos)
    })
}

/// `bytes` with `edits` applied: each sets the byte at an offset (taken modulo the length).
fn mutated(mut bytes: Vec<u8>, edits: &[(usize, u8)]) -> Vec<u8> {
    for &(at, byte) in edits {
        let n = bytes.len();
        bytes[at % n] = byte;
    }
    bytes
}

/// A v1 book of 2x2 (depth 6), written from the naive solver.
fn v1_book() -> &'static [u8] {
    static BOOK: OnceLock<Vec<u8>> = OnceLock::new();
    BOOK.get_or_init(|| {
        let board = Board::new(2, 2).unwrap();
        let mut naive = Naive::new(2, 2);
        BookWriter::new(&board, 6)
            .unwrap()
            .write(|p: Position| Ok::<i32, BookError>(naive.value(p.0)))
            .unwrap()
    })
}

/// A v2 book of 2x3 (depth 5) in chunks of 16 positions, so its layers have many chunks.
fn v2_book() -> &'static [u8] {
    static BOOK: OnceLock<Vec<u8>> = OnceLock::new();
    BOOK.get_or_init(|| {
        let board = Board::new(2, 3).unwrap();
        let mut solve = Solve::new(&board, board.start(), 5).unwrap();
        let mut store = MemoryStore::new();
        solve.run(&mut store, &mut |_| {}).unwrap();
        write_book(
            solve.layout(),
            5,
            4,
            &mut |tile| Ok::<_, BookError>(store.load(tile).unwrap().expect("a kept tile")),
            &mut |_, _| {},
        )
        .unwrap()
    })
}

/// Every query a reader answers, on a few positions: each gives a value or an error.
fn query_everything(book: &Book) {
    let board = book.board().clone();
    let _ = book.verify(Thoroughness::Values, &mut |_| Flow::Continue);
    for pos in [
        board.start(),
        board.start().with(0),
        board.start().with(1).with(4),
        board.all_lines(),
        Position(u64::MAX),
    ] {
        let _ = book.value(pos);
        let _ = book.analysis(pos);
    }
}

/// The v2 book's index length, chunk count and where its chunk table starts.
fn v2_index_shape(bytes: &[u8]) -> (usize, usize, usize) {
    let index = BookV2Index::parse(bytes).unwrap();
    let index_len = u64::from_le_bytes(bytes[24..32].try_into().unwrap()) as usize;
    let chunks = index.chunks().len();
    (index_len, chunks, index_len - 4 - 8 * chunks)
}

/// Recomputes the v2 index checksum, so damage inside the index reaches the field checks.
fn reseal_v2_index(bytes: &mut [u8], index_len: usize) {
    let crc = crc32fast::hash(&bytes[..index_len - 4]);
    bytes[index_len - 4..index_len].copy_from_slice(&crc.to_le_bytes());
}

fn tile_ids() -> impl Strategy<Value = TileId> {
    prop::collection::vec(any::<u8>(), 1..=MAX_GROUPS).prop_map(|counts| TileId::new(&counts))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn position_text_never_panics(text in NEAR_NOTATION) {
        match parse_position(&text) {
            Ok((board, pos)) => {
                prop_assert_eq!(board.check(pos), Ok(pos));
                let again = parse_position(&format_position(&board, pos)).unwrap();
                prop_assert_eq!(again, (board, pos));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn any_text_is_a_position_or_an_error(text in any::<String>()) {
        if let Ok((board, pos)) = parse_position(&text) {
            prop_assert_eq!(board.check(pos), Ok(pos));
        }
        let _ = Board::parse(&text);
    }

    #[test]
    fn line_lists_never_panic((board, _) in board_and_position(), text in NEAR_NOTATION) {
        match parse_lines(&board, &text) {
            Ok(pos) => prop_assert_eq!(board.check(pos), Ok(pos)),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        for item in text.split(',') {
            if let Ok(line) = parse_line(&board, item) {
                prop_assert!(line < board.num_lines());
            }
        }
    }

    #[test]
    fn positions_and_labels_read_back((board, pos) in board_and_position()) {
        let text = format_position(&board, pos);
        prop_assert_eq!(parse_position(&text).unwrap(), (board.clone(), pos));
        let labels: Vec<String> = pos.lines().map(|l| line_label(&board, l)).collect();
        prop_assert_eq!(parse_lines(&board, &labels.join(",")), Ok(pos));
    }

    #[test]
    fn game_records_never_panic(text in NEAR_RECORD, other in any::<String>()) {
        for text in [text, other] {
            match Game::read_record(&text) {
                Ok(game) => {
                    prop_assert_eq!(game.board().check(game.position()), Ok(game.position()));
                    prop_assert_eq!(Game::read_record(&game.record()), Ok(game));
                }
                Err(e) => prop_assert!(!e.to_string().is_empty()),
            }
        }
    }

    #[test]
    fn played_games_read_back(
        (board, _) in board_and_position(),
        picks in prop::collection::vec(any::<usize>(), 0..40),
        back in 0usize..5,
    ) {
        // A random legal game, some moves taken back: its record reads back to the same
        // moves, and the record of what is read is the same text.
        let mut game = Game::new(board);
        for pick in picks {
            let open: Vec<usize> = game.board().open_lines(game.position()).lines().collect();
            if open.is_empty() {
                break;
            }
            game.play(open[pick % open.len()]).unwrap();
        }
        for _ in 0..back {
            game.undo();
        }
        let text = game.record();
        let read = Game::read_record(&text).unwrap();
        prop_assert_eq!(read.moves(), game.moves());
        prop_assert_eq!(read.position(), game.position());
        prop_assert_eq!(read.record(), text);
    }

    #[test]
    fn tiles_read_back(
        tile in tile_ids(),
        fingerprint in "[ -~]{0,40}",
        data in prop::collection::vec(any::<i8>(), 0..300),
    ) {
        let bytes = encode(&fingerprint, tile, &data);
        prop_assert_eq!(&**decode(&bytes, &fingerprint, tile).unwrap(), &data);
        prop_assert_eq!(&**decode_owned(bytes, &fingerprint, tile).unwrap(), &data);
    }

    #[test]
    fn damaged_tiles_are_errors(
        tile in tile_ids(),
        data in prop::collection::vec(any::<i8>(), 0..100),
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..4),
        cut in any::<usize>(),
    ) {
        let good = encode("solve", tile, &data);
        let bad = mutated(good.clone(), &edits);
        match decode(&bad, "solve", tile) {
            // An edit that wrote the byte already there.
            Ok(read) => prop_assert!(bad == good && *read == data),
            Err(StoreError::Corrupt { reason, .. }) => prop_assert!(!reason.is_empty()),
            Err(e) => prop_assert!(false, "unexpected error {e}"),
        }
        let short = &good[..cut % good.len()];
        let is_corrupt = matches!(
            decode(short, "solve", tile),
            Err(StoreError::Corrupt { .. })
        );
        prop_assert!(is_corrupt);
    }

    #[test]
    fn random_tile_bytes_are_errors(
        tile in tile_ids(),
        bytes in prop::collection::vec(any::<u8>(), 0..80),
        magic in any::<bool>(),
    ) {
        let mut bytes = bytes;
        if magic && bytes.len() >= 6 {
            bytes[..6].copy_from_slice(b"DBXT\x02\x00");
        }
        prop_assert!(decode(&bytes, "solve", tile).is_err());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn damaged_books_are_errors_or_answer(
        v2 in any::<bool>(),
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..4),
        cut in any::<usize>(),
    ) {
        let good = if v2 { v2_book() } else { v1_book() };
        let bad = mutated(good.to_vec(), &edits);
        match Book::from_bytes(bad.clone()) {
            Ok(book) => {
                prop_assert!(bad == good, "a damaged book was accepted");
                query_everything(&book);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        let short = good[..cut % good.len()].to_vec();
        prop_assert!(Book::from_bytes(short).is_err());
    }

    #[test]
    fn garbage_after_a_books_magic_is_a_corrupt_header_not_a_truncated_book(
        v2 in any::<bool>(),
        garbage in prop::collection::vec(any::<u8>(), 40..400),
    ) {
        // Random bytes after the magic and a known version: the header's reserved bytes, board
        // and depth are checked before any length it declares is believed, so the file is
        // never said to be cut short of a length read from garbage ("210 bytes, expected
        // 8688915577994773162"). Read whole and from a file, as `dotbox book info` does.
        let mut bytes = b"DOTBOXBK".to_vec();
        bytes.extend_from_slice(&(1 + u16::from(v2)).to_le_bytes());
        bytes.extend_from_slice(&garbage);
        let whole = Book::from_bytes(bytes.clone()).unwrap_err();
        prop_assert!(matches!(whole, BookError::Corrupt(_)), "{whole:?}");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("book");
        std::fs::write(&path, &bytes).unwrap();
        let opened = BookFile::open(&path).map(|_| ()).unwrap_err().to_string();
        prop_assert!(opened.contains("the book is corrupt"), "{opened}");
    }

    #[test]
    fn a_damaged_book_file_answers_as_the_book_or_refuses(
        v2 in any::<bool>(),
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..4),
        cut in any::<usize>(),
    ) {
        // Read from a file chunk by chunk (cli::BookFile): damage a query does not read may
        // go unseen, but every answer is the sound book's.
        let good = if v2 { v2_book() } else { v1_book() };
        let sound = Book::from_bytes(good.to_vec()).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("book");
        for bad in [mutated(good.to_vec(), &edits), good[..cut % good.len()].to_vec()] {
            std::fs::write(&path, &bad).unwrap();
            let Ok(mut file) = BookFile::open(&path) else { continue };
            let board = sound.board().clone();
            for pos in [board.start(), board.start().with(0), board.start().with(1).with(4), Position(u64::MAX)] {
                if let Ok(answer) = file.analysis(pos) {
                    prop_assert_eq!(answer, sound.analysis(pos).unwrap());
                }
            }
        }
    }

    #[test]
    fn resealed_v1_damage_never_panics(
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..4),
    ) {
        // The whole-file checksum recomputed: every structural check is reached.
        let mut bad = mutated(v1_book().to_vec(), &edits);
        let body = bad.len() - 4;
        let crc = crc32fast::hash(&bad[..body]);
        bad[body..].copy_from_slice(&crc.to_le_bytes());
        if let Ok(book) = Book::from_bytes(bad) {
            query_everything(&book);
        }
    }

    #[test]
    fn resealed_v2_index_damage_never_panics(
        edits in prop::collection::vec((any::<usize>(), any::<u8>()), 1..4),
    ) {
        let good = v2_book();
        let (index_len, _, _) = v2_index_shape(good);
        let edits: Vec<(usize, u8)> =
            edits.into_iter().map(|(at, b)| (at % (index_len - 4), b)).collect();
        let mut bad = mutated(good.to_vec(), &edits);
        reseal_v2_index(&mut bad, index_len);
        if let Ok(index) = BookV2Index::parse(&bad) {
            if let Ok(lazy) = LazyBookV2::new(index) {
                let _ = lazy.needed(lazy.index().board().start());
            }
        }
        if let Ok(book) = Book::from_bytes(bad) {
            query_everything(&book);
        }
    }

    #[test]
    fn v2_chunks_with_matching_checksums_never_panic(
        chunk in any::<usize>(),
        garbage in prop::collection::vec(any::<u8>(), 0..40),
    ) {
        // Replace one chunk by garbage with its length and CRC32 put right in the index:
        // the entropy decoder itself must refuse it or decode it, never panic.
        let good = v2_book();
        let index = BookV2Index::parse(good).unwrap();
        let (index_len, chunks, table) = v2_index_shape(good);
        let i = chunk % chunks;
        let range = index.chunk_range(i).unwrap();
        let (start, end) = (range.start as usize, range.end as usize);
        let mut bad = good[..start].to_vec();
        bad.extend_from_slice(&garbage);
        bad.extend_from_slice(&good[end..]);
        let entry = table + 8 * i;
        bad[entry..entry + 4].copy_from_slice(&(garbage.len() as u32).to_le_bytes());
        bad[entry + 4..entry + 8].copy_from_slice(&crc32fast::hash(&garbage).to_le_bytes());
        let total = bad.len() as u64;
        bad[32..40].copy_from_slice(&total.to_le_bytes());
        reseal_v2_index(&mut bad, index_len);
        let index = BookV2Index::parse(&bad).unwrap();
        let _ = index.decode_chunk(i, &garbage);
        let mut lazy = LazyBookV2::new(index).unwrap();
        let _ = lazy.insert(i, &garbage);
        if let Ok(book) = Book::from_bytes(bad) {
            query_everything(&book);
        }
    }

    #[test]
    fn entropy_models_never_panic_on_any_bytes(
        model_bytes in prop::collection::vec(any::<u8>(), 0..600),
        pairs in prop::collection::vec((any::<Option<i8>>(), -5i8..5), 1..50),
        data in prop::collection::vec(any::<u8>(), 0..64),
        n in 0usize..300,
    ) {
        let _ = LayerModel::read(&model_bytes, &mut 0);
        let mut counts = PairCounts::default();
        for (previous, value) in pairs {
            counts.add(previous, value);
        }
        let model = LayerModel::from_counts(&counts);
        let _ = model.decode(&data, n);
    }
}
