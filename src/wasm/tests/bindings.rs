//! The JavaScript-facing bindings in a real browser: games follow the rules, errors reach
//! JavaScript as `Error`s with a message, in-memory analysis gives the known values, and a
//! solve persisted in IndexedDB answers exactly like the in-memory solver, resumes after
//! being dropped part-way, and recomputes a damaged tile.

use crate::book::v2::write_book;
use crate::book::v2::CHUNK_LOG2;
use crate::book::BookError;
use crate::core::notation::{format_lines, parse_lines};
use crate::core::{Board, Position};
use crate::retro;
use crate::store::MemoryStore;
use crate::store::TileStore;
use crate::wasm::book::{book_answers, Book, LazyBook};
use crate::wasm::game::{read_record, Game};
use crate::wasm::solver::{analyze, boards_holding, engine_move, Solver};
use js_sys::{Reflect, Uint8Array};
use serde::Deserialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

#[wasm_bindgen(module = "/www/idb.js")]
extern "C" {
    #[wasm_bindgen(js_name = openDb)]
    async fn open_db(name: &str) -> JsValue;
    #[wasm_bindgen(js_name = getSolve)]
    async fn get_solve(db: &JsValue, fp: &str) -> JsValue;
    #[wasm_bindgen(js_name = putRawTile)]
    async fn put_raw_tile(db: &JsValue, fp: &str, hi: u8, lo: u8, bytes: Uint8Array);
}

#[derive(Deserialize, Debug, PartialEq)]
struct Move {
    line: usize,
    score: i32,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Analysis {
    value: i32,
    moves: Vec<Move>,
}

fn message(e: JsError) -> String {
    let v = JsValue::from(e);
    assert!(
        v.is_instance_of::<js_sys::Error>(),
        "errors reach JavaScript as Error objects"
    );
    Reflect::get(&v, &"message".into())
        .unwrap()
        .as_string()
        .unwrap()
}

fn parse(v: JsValue) -> Analysis {
    serde_wasm_bindgen::from_value(v).unwrap()
}

fn reference(board: &Board, pos: Position) -> Analysis {
    let a = retro::analyze(board, pos).unwrap();
    Analysis {
        value: a.value,
        moves: a
            .moves
            .into_iter()
            .map(|m| Move {
                line: m.line,
                score: m.score,
            })
            .collect(),
    }
}

/// One move of `Game::mainline` as JavaScript receives it.
#[derive(Deserialize, Debug, PartialEq)]
struct Ply {
    line: usize,
    label: String,
    player: u8,
    boxes: u32,
    turn: u8,
    taken: [u32; 2],
    lines: String,
}

/// A record as `readRecord` returns it.
#[derive(Deserialize, Debug, PartialEq)]
struct Record {
    board: String,
    predrawn: String,
    moves: Vec<usize>,
}

#[wasm_bindgen_test]
fn a_position_set_up_on_a_board_the_page_solves_is_held_by_that_boards_solve() {
    let holding = |board: &str, predrawn: &str| boards_holding(board, predrawn).unwrap();
    // Icelandic set up (3x5 with its borders and line 0 pre-drawn): icelandic's; 3x5 itself
    // is too large to solve here.
    assert_eq!(holding("3x5", "0,15,16,17,18,19,20,26,32"), ["icelandic"]);
    assert_eq!(holding("icelandic", "0"), ["icelandic"]);
    assert_eq!(holding("3x3", "0,5"), ["3x3"]);
    assert!(holding("icelandic", "").is_empty() && holding("3x3", "").is_empty());
    assert!(
        holding("3x5", "0").is_empty(),
        "no borders: not icelandic's"
    );
    assert!(boards_holding("3x9", "").is_err());
}

#[wasm_bindgen_test]
fn the_main_line_is_stepped_exported_and_read_back() {
    let mut g = Game::new("1x2", "").unwrap();
    g.play_all("0 2, a1a2 5").unwrap(); // a1a2 is line 4; 5 completes box 0
    let plies: Vec<Ply> = serde_wasm_bindgen::from_value(g.mainline().unwrap()).unwrap();
    assert_eq!(plies.len(), 4);
    assert_eq!(plies[2].line, 4);
    assert_eq!(plies[2].label, "a1a2");
    assert_eq!((plies[3].player, plies[3].boxes, plies[3].turn), (1, 1, 1));
    assert_eq!(plies[3].taken, [0, 1]);
    assert_eq!(plies[3].lines, "0,2,4,5");
    // Stepping back keeps the later moves in the main line until another move is played.
    g.go_to(1);
    assert_eq!((g.ply(), g.lines().as_str()), (1, "0"));
    let kept: Vec<Ply> = serde_wasm_bindgen::from_value(g.mainline().unwrap()).unwrap();
    assert_eq!(kept, plies);
    g.go_to(99);
    assert_eq!(g.ply(), 4);
    g.go_to(2);
    assert_eq!(g.record(), "1x2 moves a2b2 a1b1");
    g.play(6).unwrap();
    assert!(!g.can_redo());
    // A failing move names itself and what was played.
    let mut h = Game::new("1x2", "").unwrap();
    let err = message(h.play_all("0,x").unwrap_err());
    assert_eq!(
        err,
        "move 2 ('x'): 'x' is neither a line number nor a line label like a1b1; the first move is played"
    );
    assert_eq!(h.lines(), "0");

    let read = |text: &str| -> Result<Record, String> {
        read_record(text)
            .map(|v| serde_wasm_bindgen::from_value(v).unwrap())
            .map_err(message)
    };
    let rec = read("3x3 pre 0,5 moves b1b2 13").unwrap();
    assert_eq!(rec.board, "3x3");
    assert_eq!(rec.predrawn, "0,5");
    assert_eq!(rec.moves, vec![21, 13]);
    let mut again = Game::new(&rec.board, &rec.predrawn).unwrap();
    again.play_all("21 13").unwrap();
    assert_eq!(read(&again.record()).unwrap(), rec, "a record reads back");
    assert_eq!(read("3x3:0,5").unwrap().predrawn, "0,5");
    assert!(read("").unwrap_err().starts_with("nothing to read"));
    assert!(read("3x3 moves 0 0")
        .unwrap_err()
        .contains("line 0 is already drawn"));
    assert!(read("3x3 sideways")
        .unwrap_err()
        .contains("'sideways' is not understood"));
    assert!(read("9x9").is_err());
}

#[wasm_bindgen_test]
fn games_follow_the_rules_with_undo_and_redo() {
    let mut g = Game::new("1x2", "").unwrap();
    // Lines of 1x2: h 0..=3, v 4..=6; box 0 = {0, 2, 4, 5}, box 1 = {1, 3, 5, 6}.
    for (line, boxes, turn_after) in [(0, 0, 1), (2, 0, 0), (4, 0, 1), (5, 1, 1), (1, 0, 0)] {
        assert_eq!(g.play(line).unwrap(), boxes);
        assert_eq!(g.turn(), turn_after);
    }
    assert_eq!(g.taken(), vec![0, 1]);
    assert_eq!(message(g.play(5).unwrap_err()), "line 5 is already drawn");
    assert!(message(g.play(7).unwrap_err()).contains("does not exist"));
    assert_eq!(g.undo(), Some(1));
    assert_eq!(g.undo(), Some(5));
    assert_eq!(g.taken(), vec![0, 0]);
    assert_eq!(g.redo(), Some(5));
    assert_eq!(g.taken(), vec![0, 1]);
    assert_eq!(g.lines(), "0,2,4,5");
    g.play(3).unwrap();
    assert!(!g.can_redo(), "a new move clears the redo list");
    g.play(6).unwrap();
    g.play(1).unwrap();
    assert!(g.is_over());
    assert_eq!(g.taken(), vec![0, 2]);

    let ice = Game::new("icelandic", "").unwrap();
    assert_eq!(ice.board(), "icelandic");
    assert_eq!(ice.predrawn(), "");
    assert_eq!(ice.drawn().len(), 8);
    let pre = Game::new("2x2", "0,1").unwrap();
    assert_eq!((pre.predrawn().as_str(), pre.lines().as_str()), ("0,1", ""));
    assert!(message(Game::new("3y3", "").err().unwrap()).contains("expected RxC"));
    assert!(
        message(Game::new("2x2", "0,x").err().unwrap()).contains("'x' is neither a line number")
    );
}

#[wasm_bindgen_test]
fn in_memory_analysis_gives_the_known_values_and_clear_errors() {
    for (board, value) in [
        ("1x1", -1),
        ("1x2", 0),
        ("2x2", 2),
        ("2x3", -2),
        ("3x3", -3),
    ] {
        assert_eq!(
            parse(analyze(board, "", "").unwrap()).value,
            value,
            "{board}"
        );
    }
    let a = analyze("2x2", "", "0,5").unwrap();
    let best = engine_move(a.clone()).unwrap();
    let a = parse(a);
    assert_eq!(
        a.moves.iter().find(|m| m.line == best).unwrap().score,
        a.value,
        "the engine plays a best move"
    );
    assert!(message(analyze("2x2", "", "0,0").err().unwrap()).contains("listed twice"));
    assert!(message(analyze("6x6", "", "").err().unwrap()).contains("at most 64"));
    let err = message(analyze("3x5", "", "").err().unwrap());
    assert!(err.contains("in memory needs about"), "{err}");
}

async fn solve_to_end(solver: &mut Solver) -> usize {
    let mut steps = 0;
    while !solver.finished() {
        solver.step().await.unwrap();
        steps += 1;
    }
    steps
}

/// Random positions of `board` at every depth, compared with the in-memory solver.
async fn check_answers(solver: &mut Solver, board: &Board, seed: u32) {
    let open: Vec<usize> = board.open_lines(board.start()).lines().collect();
    let mut x = seed;
    for depth in 0..open.len() as u32 - 1 {
        let mut pos = board.start();
        let mut pool = open.clone();
        for _ in 0..depth {
            x = x.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            pos = pos.with(pool.swap_remove((x >> 8) as usize % pool.len()));
        }
        let got = parse(solver.analysis(format_lines(board, pos)).await.unwrap());
        assert_eq!(got, reference(board, pos), "{} depth {depth}", board.name());
    }
}

#[wasm_bindgen_test]
async fn a_stored_solve_answers_like_memory_resumes_and_recomputes_damage() {
    let db = format!("dotbox-test-solver-{}", js_sys::Math::random());
    let board = Board::parse("2x5").unwrap();
    let mut solver = Solver::open(db.clone(), "2x5".into(), String::new())
        .await
        .unwrap();
    let field = |p: &JsValue, k: &str| Reflect::get(p, &k.into()).unwrap().as_f64().unwrap();
    let fresh_total = field(&solver.progress().unwrap(), "tilesTotal");
    assert_eq!(solver.keep(), 27 - 24);
    assert!(!solver.finished());
    assert!(message(solver.analysis(String::new()).await.err().unwrap()).contains("not solved yet"));
    for _ in 0..5 {
        solver.step().await.unwrap();
    }
    solver.persist().await.unwrap();
    drop(solver);

    // A new visit picks up the stored tiles and computes only the rest.
    let mut solver = Solver::open(db.clone(), "2x5".into(), String::new())
        .await
        .unwrap();
    let progress = solver.progress().unwrap();
    let (reused, total) = (
        field(&progress, "tilesReused"),
        field(&progress, "tilesTotal"),
    );
    assert!(
        reused >= 1.0 && total <= fresh_total - 5.0,
        "{reused} tiles reused, {total} of {fresh_total} left"
    );
    solve_to_end(&mut solver).await;
    check_answers(&mut solver, &board, 7).await;

    // Damage a kept tile: the analysis needing it reports it and the solve recomputes it.
    let fp = solver.fingerprint();
    let idb = open_db(&db).await;
    let record = get_solve(&idb, &fp).await;
    let tiles = js_sys::Array::from(&Reflect::get(&record, &"tiles".into()).unwrap());
    let ids: Vec<(u8, u8)> = tiles
        .iter()
        .map(|t| {
            let t = js_sys::Array::from(&t);
            (
                t.get(0).as_f64().unwrap() as u8,
                t.get(1).as_f64().unwrap() as u8,
            )
        })
        .collect();
    assert!(
        ids.iter()
            .all(|&(hi, lo)| u32::from(hi + lo) <= solver.keep()),
        "only kept layers stay stored"
    );
    // A tile one line deep: the start position's analysis reads it.
    let &(hi, lo) = ids.iter().find(|&&(hi, lo)| hi + lo == 1).unwrap();
    put_raw_tile(&idb, &fp, hi, lo, Uint8Array::from(&b"garbage"[..])).await;
    drop(solver);
    let mut solver = Solver::open(db.clone(), "2x5".into(), String::new())
        .await
        .unwrap();
    let err = message(solver.analysis(String::new()).await.err().unwrap());
    assert!(
        err.contains("damaged") && err.contains("recomputed"),
        "{err}"
    );
    assert!(!solver.finished());
    assert_eq!(
        solve_to_end(&mut solver).await,
        1,
        "only the damaged tile is recomputed"
    );
    let pos = parse_lines(&board, "").unwrap();
    assert_eq!(
        parse(solver.analysis(String::new()).await.unwrap()),
        reference(&board, pos)
    );
}

#[wasm_bindgen_test]
async fn a_reopened_solve_finds_what_its_checkpoints_wrote() {
    let db = format!("dotbox-test-checkpoint-{}", js_sys::Math::random());
    let field = |p: &JsValue, k: &str| Reflect::get(p, &k.into()).unwrap().as_f64().unwrap();
    let open = || Solver::open(db.clone(), "2x5".into(), String::new());
    for bad in [-1.0, f64::NAN, f64::INFINITY] {
        let err = message(open().await.unwrap().checkpoint_every(bad).err().unwrap());
        assert!(err.contains("checkpoint interval"), "{err}");
    }

    // No checkpoint due: the steps' tiles are computed, none is written.
    let mut solver = open().await.unwrap();
    solver.checkpoint_every(3600.0).unwrap();
    for _ in 0..5 {
        solver.step().await.unwrap();
    }
    let progress = solver.progress().unwrap();
    assert_eq!(field(&progress, "tilesDone"), 5.0);
    assert_eq!(field(&progress, "tilesSaved"), 0.0);
    drop(solver);
    let mut solver = open().await.unwrap();
    assert_eq!(field(&solver.progress().unwrap(), "tilesReused"), 0.0);

    // A checkpoint after every step: each tile is written while the next is computed.
    solver.checkpoint_every(0.0).unwrap();
    for _ in 0..5 {
        solver.step().await.unwrap();
    }
    let progress = solver.progress().unwrap();
    let (done, saved) = (
        field(&progress, "tilesDone"),
        field(&progress, "tilesSaved"),
    );
    assert_eq!(
        (done, saved),
        (5.0, 4.0),
        "the last step's write is in flight"
    );
    let total = field(&progress, "tilesTotal");
    solver.persist().await.unwrap();
    drop(solver);
    let solver = open().await.unwrap();
    let progress = solver.progress().unwrap();
    assert!(field(&progress, "tilesReused") >= 1.0);
    assert_eq!(field(&progress, "tilesTotal"), total - 5.0);
}

/// A v2 book of 2x2 to depth 4 with chunks of `2^chunk_log2` positions, and its board.
fn book_of_2x2(chunk_log2: u8) -> (Board, Vec<u8>) {
    book_of(Board::new(2, 2).unwrap(), chunk_log2)
}

/// A v2 book of `board` with depth 4.
fn book_of(board: Board, chunk_log2: u8) -> (Board, Vec<u8>) {
    let mut solve = retro::Solve::new(&board, board.start(), 4).unwrap();
    let mut store = MemoryStore::new();
    solve.run(&mut store, &mut |_| {}).unwrap();
    let bytes = write_book(
        solve.layout(),
        4,
        chunk_log2,
        &mut |tile| Ok::<_, BookError>(store.load(tile).unwrap().unwrap()),
        &mut |_, _| {},
    )
    .unwrap();
    (board, bytes)
}

#[wasm_bindgen_test]
fn books_load_verified_and_answer_like_the_solver() {
    let (board, bytes) = book_of_2x2(CHUNK_LOG2);
    let book = Book::load(bytes.clone()).unwrap();
    assert_eq!(
        (
            book.board().as_str(),
            book.depth(),
            book.predrawn().as_str()
        ),
        ("2x2", 4, "")
    );
    assert_eq!(book.checksum().len(), 8);
    for lines in ["", "0", "0,5", "1,6,11"] {
        let pos = parse_lines(&board, lines).unwrap();
        assert_eq!(
            parse(book.analysis(lines).unwrap()),
            reference(&board, pos),
            "book at {lines:?}"
        );
    }
    assert!(
        !message(book.analysis("0,1,2,3").err().unwrap()).is_empty(),
        "past the depth is an error"
    );
    let mut damaged = bytes.clone();
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x40;
    assert!(!message(Book::load(damaged).err().unwrap()).is_empty());
    assert!(!message(Book::load(bytes[..bytes.len() - 3].to_vec()).err().unwrap()).is_empty());
    assert!(!message(Book::load(b"not a book".to_vec()).err().unwrap()).is_empty());
}

#[wasm_bindgen_test]
fn lazy_books_answer_from_the_chunks_they_name_and_refuse_damaged_ones() {
    // Chunks of 16 positions, so a position reads several.
    let (board, bytes) = book_of_2x2(4);
    let index_len = LazyBook::index_len(&bytes[..48]).unwrap() as usize;
    let mut book = LazyBook::open(&bytes[..index_len]).unwrap();
    assert_eq!((book.board().as_str(), book.depth()), ("2x2", 4));
    assert_eq!(book.file_bytes() as usize, bytes.len());
    let chunk = |book: &LazyBook, i: u32| {
        let r = book.range(i as usize).unwrap();
        bytes[r[0] as usize..r[1] as usize].to_vec()
    };
    let first = book.needed("2x2", "", "").unwrap()[0];
    let mut damaged = chunk(&book, first);
    damaged[0] ^= 0x40;
    assert!(message(book.insert(first as usize, &damaged).err().unwrap()).contains("checksum"));
    assert!(
        book.analysis("2x2", "", "").is_err(),
        "nothing answers before its chunks are in"
    );
    for lines in ["", "0", "0,5", "1,6,11"] {
        for i in book.needed("2x2", "", lines).unwrap() {
            let bytes = chunk(&book, i);
            book.insert(i as usize, &bytes).unwrap();
        }
        assert!(book.needed("2x2", "", lines).unwrap().is_empty());
        let pos = parse_lines(&board, lines).unwrap();
        assert_eq!(
            parse(book.analysis("2x2", "", lines).unwrap()),
            reference(&board, pos),
            "lazy book at {lines:?}"
        );
    }
    assert!(book.held() < book.chunks(), "only some chunks were read");
}

#[wasm_bindgen_test]
fn a_lazy_book_answers_for_its_transposed_board_and_positions_set_up_on_it() {
    let (_, bytes) = book_of(Board::new(2, 3).unwrap(), 4);
    let index_len = LazyBook::index_len(&bytes[..48]).unwrap() as usize;
    let mut book = LazyBook::open(&bytes[..index_len]).unwrap();
    // Which boards a book answers: its own and its transpose, pre-drawn lines included (line
    // 0 of 3x5 is line 18 of 5x3), and more pre-drawn lines, fewer than its depth (icelandic
    // pre-draws 8 of 3x5's lines).
    assert!(book_answers("2x3", "", 4, "2x3", "") && book_answers("2x3", "", 4, "3x2", ""));
    assert!(book_answers("3x5", "0", 10, "5x3", "18") && !book_answers("3x5", "0", 10, "5x3", ""));
    assert!(
        book_answers("4x4", "", 10, "4x4", "0,5") && book_answers("3x5", "", 10, "icelandic", "")
    );
    assert!(
        !book_answers("3x5", "", 8, "icelandic", "") && !book_answers("2x3", "", 2, "3x2", "0,1")
    );
    assert!(!book_answers("2x3", "", 4, "3x3", "") && !book_answers("2x3", "", 4, "junk", ""));
    let fit_on = |board: &str, predrawn: &str| -> Result<(u32, bool), String> {
        let fit = book.fit_on(board, predrawn).map_err(message)?;
        let field = |name: &str| Reflect::get(&fit, &name.into()).unwrap();
        Ok((
            field("depth").as_f64().unwrap() as u32,
            field("transposed").as_bool().unwrap(),
        ))
    };
    let err = fit_on("3x3", "").unwrap_err();
    assert!(err.contains("the book is for 2x3, not for 3x3"), "{err}");
    let err = fit_on("2x3", "0,1,2,3").unwrap_err();
    assert!(
        err.contains("fewer than 4 lines drawn beyond its start"),
        "{err}"
    );
    assert_eq!((book.depth(), fit_on("3x2", "").unwrap()), (4, (4, true)));
    assert_eq!(fit_on("3x2", "0").unwrap(), (3, true));
    assert_eq!(fit_on("2x3", "0,1").unwrap(), (2, false));
    // Lines of 3x2: line 0 is its top left horizontal line, 9 a vertical one. The same
    // positions on 3x2 as it is and on 3x2 with line 0 pre-drawn (a position set up on it).
    for (predrawn, lines) in [
        ("", ""),
        ("", "0,9"),
        ("", "1,4,11"),
        ("0", ""),
        ("0", "9,4"),
    ] {
        let asked = Board::new(3, 2)
            .unwrap()
            .with_predrawn(parse_lines(&Board::new(3, 2).unwrap(), predrawn).unwrap());
        for i in book.needed("3x2", predrawn, lines).unwrap() {
            let r = book.range(i as usize).unwrap();
            book.insert(i as usize, &bytes[r[0] as usize..r[1] as usize])
                .unwrap();
        }
        let pos = parse_lines(&asked, lines).unwrap();
        assert_eq!(
            parse(book.analysis("3x2", predrawn, lines).unwrap()),
            reference(&asked, pos),
            "3x2 (pre-drawn {predrawn:?}) from the 2x3 book at {lines:?}"
        );
    }
    let err = message(book.analysis("3x2", "0,1,2,3", "").err().unwrap());
    assert!(err.contains("fewer than 4 lines"), "{err}");
    // Past the depth left, counted on the asked board, before any chunk is named.
    let err = message(book.needed("3x2", "0", "1,2,3").err().unwrap());
    assert!(
        err.contains("3 lines drawn beyond the pre-drawn ones"),
        "{err}"
    );
}
