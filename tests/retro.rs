//! The retrograde solver against the naive reference and the known values.

mod common;

use common::damaged::Damaged;
use common::{Naive, Rng, BOARDS};
use dotbox::core::symmetries;
use dotbox::core::{Board, Position, PositionError, Rules};
use dotbox::retro::{self, RetroError, Solve};
use dotbox::store::{MemoryStore, TileStore};

#[test]
fn known_empty_board_values() {
    for (r, c, v) in [(1, 1, -1), (1, 2, 0), (2, 2, 2), (2, 3, -2), (3, 3, -3)] {
        let board = Board::new(r, c).unwrap();
        let a = retro::analyze(&board, board.start()).unwrap();
        assert_eq!(a.value, v, "{r}x{c}");
    }
}

#[test]
fn positions_off_the_board_are_refused_with_their_cause() {
    let board = Board::new(2, 2).unwrap();
    let off = PositionError::LineOffBoard {
        line: 12,
        lines: 12,
    };
    let e = retro::analyze(&board, Position::single(12)).unwrap_err();
    assert!(matches!(e, RetroError::Position(p) if p == off), "{e}");
    let cause = std::error::Error::source(&e).expect("the position error is the cause");
    assert_eq!(cause.downcast_ref::<PositionError>(), Some(&off));
    assert!(matches!(
        Solve::new(&board, Position::single(40), 0),
        Err(RetroError::Position(_))
    ));
    let mut solve = Solve::new(&board, board.start(), 1).unwrap();
    let mut store = MemoryStore::new();
    solve.run(&mut store, &mut |_| {}).unwrap();
    assert!(matches!(
        solve.value(&mut store, Position::single(13)),
        Err(RetroError::Position(_))
    ));
}

#[test]
fn every_entry_point_refuses_a_position_lacking_a_predrawn_line_or_off_the_board() {
    // 2x2 with line 0 pre-drawn, asked about {5} alone: the solvers used to add line 0 and
    // answer {0, 5}, a position the caller did not give, where the search, the engine and
    // the books refuse it.
    let board = Board::new(2, 2).unwrap().with_predrawn(Position::single(0));
    let lacking = Position::single(5);
    let missing = |e: RetroError| {
        matches!(
            e,
            RetroError::Position(PositionError::MissingPredrawn { line: 0 })
        )
    };
    assert!(missing(retro::analyze(&board, lacking).unwrap_err()));
    let loony = retro::analyze_loony(&board, lacking, Rules::default(), &mut retro::quietly);
    assert!(missing(loony.unwrap_err()));
    let pseudo = retro::pseudo::analyze(&board, lacking, 3, &mut retro::quietly);
    assert!(missing(pseudo.unwrap_err()));
    assert!(missing(
        retro::Reduction::new(&board, lacking, 3).unwrap_err()
    ));
    assert!(missing(Solve::new(&board, lacking, 1).unwrap_err()));
    let valuation = retro::Valuation::Score;
    let solve = retro::memory_solve(&board, lacking, Rules::default(), valuation);
    assert!(missing(solve.unwrap_err()));
    let layout = retro::Layout::new(&board, lacking, Rules::default(), valuation);
    assert!(missing(layout.unwrap_err()));
    // With the line, the same position is answered.
    assert!(retro::analyze(&board, lacking.with(0)).is_ok());
    // A line off the board is refused by chains as pseudo-lines too, not a panic.
    let plain = Board::new(3, 3).unwrap();
    let off = retro::pseudo::analyze(&plain, Position::single(30), 3, &mut retro::quietly);
    assert!(
        matches!(
            off,
            Err(RetroError::Position(PositionError::LineOffBoard {
                line: 30,
                ..
            }))
        ),
        "{off:?}"
    );
    // A reduction asked about lines that are none of the board's has nothing to say of them,
    // also where it proves nothing (a 5x5 chain ending at a junction: every line unproven).
    let five = Board::new(5, 5).unwrap();
    let lines = "1,2,7,9,11,13,14,22,24,26,30,31,34,37,39,44,45,47,48,50,53,57,58";
    let pos = dotbox::core::notation::parse_lines(&five, lines).unwrap();
    let reduction = retro::Reduction::new(&five, pos, 3).unwrap();
    assert!(!reduction.exact());
    assert_eq!(reduction.unit_of(100), None);
    assert_eq!(reduction.unproven([64, 100, usize::MAX]), Position::EMPTY);
    assert!(!reduction.unproven(five.open_lines(pos).lines()).is_empty());
}

fn check_board(r: usize, c: usize, max_open: usize, samples: usize, seed: u64) {
    let board = Board::new(r, c).unwrap();
    let mut naive = Naive::new(r, c);
    let mut rng = Rng(seed);
    let lines = board.num_lines();
    for _ in 0..samples {
        let open = 1 + rng.below(max_open.min(lines) as u64) as usize;
        let pos = rng.position(lines, open);
        let a = retro::analyze(&board, Position(pos)).unwrap();
        let expect: Vec<(usize, i32)> = naive.scores(pos);
        let got: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
        assert_eq!(got, expect, "{r}x{c} position {pos:#x}");
        assert_eq!(a.value, naive.value(pos), "{r}x{c} position {pos:#x}");
    }
}

#[test]
fn random_positions_match_the_naive_solver() {
    for (r, c) in BOARDS {
        check_board(r, c, 16, 60, (r * 10 + c) as u64);
    }
}

#[test]
fn random_positions_with_predrawn_lines_match_the_naive_solver() {
    let mut rng = Rng(99);
    for (r, c) in [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (3, 5)] {
        let plain = Board::new(r, c).unwrap();
        let lines = plain.num_lines();
        let predrawn = Position(!rng.position(lines, 3) & plain.all_lines().0);
        let board = plain.with_predrawn(predrawn);
        let mut naive = Naive::new(r, c);
        for _ in 0..25 {
            let open = 1 + rng.below(14.min(lines as u64 - 3)) as usize;
            let pos = Position(rng.position(lines, open)).union(predrawn);
            let a = retro::analyze(&board, pos).unwrap();
            let got: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
            assert_eq!(
                got,
                naive.scores(pos.0),
                "{r}x{c} predrawn {predrawn:?} position {pos:?}"
            );
        }
    }
    let ice = Board::icelandic();
    let mut naive = Naive::new(3, 5);
    for _ in 0..40 {
        let open = 1 + rng.below(16) as usize;
        let pos = Position(rng.position(ice.num_lines(), open)).union(ice.predrawn());
        let a = retro::analyze(&ice, pos).unwrap();
        let got: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
        assert_eq!(got, naive.scores(pos.0), "icelandic position {pos:?}");
    }
}

/// Every position with few lines, read from one kept solve, through every lookup path
/// (representative and non-representative high masks, swapped corner lines).
#[test]
fn kept_layers_hold_every_position() {
    for (r, c, keep) in [(2, 2, 12), (2, 3, 5), (1, 5, 6), (1, 4, 13)] {
        let board = Board::new(r, c).unwrap();
        let mut solve = Solve::new(&board, board.start(), keep).unwrap();
        let mut store = MemoryStore::new();
        solve.run(&mut store, &mut |_| {}).unwrap();
        let mut naive = Naive::new(r, c);
        let mut rng = Rng(7);
        for _ in 0..300 {
            let drawn = rng.below(u64::from(keep) + 1) as usize;
            let pos = !rng.position(board.num_lines(), drawn) & board.all_lines().0;
            assert_eq!(
                solve.value(&mut store, Position(pos)).unwrap(),
                naive.value(pos),
                "{r}x{c} {pos:#x}"
            );
        }
        if (keep as usize) < board.num_lines() - 1 {
            let deep = board.all_lines().0 >> 1;
            assert!(matches!(
                solve.value(&mut store, Position(deep)),
                Err(RetroError::NotKept { .. })
            ));
        }
    }
}

#[test]
fn values_are_invariant_under_symmetry() {
    let mut rng = Rng(5);
    for (r, c) in [(3, 3), (2, 4), (4, 4)] {
        let board = Board::new(r, c).unwrap();
        for _ in 0..20 {
            let pos = Position(rng.position(board.num_lines(), 14));
            let value = retro::analyze(&board, pos).unwrap().value;
            for s in symmetries(&board, Position::EMPTY) {
                assert_eq!(retro::analyze(&board, s.apply(pos)).unwrap().value, value);
            }
        }
    }
}

#[test]
fn an_interrupted_solve_resumes_without_redoing_tiles() {
    let board = Board::new(3, 3).unwrap();
    let mut store = MemoryStore::new();
    let mut first = Solve::new(&board, board.start(), 0).unwrap();
    for _ in 0..40 {
        assert!(!first.step(&mut store).unwrap());
    }
    let fresh_total = first.progress().tiles_total;
    let mut second = Solve::new(&board, board.start(), 0).unwrap();
    second.run(&mut store, &mut |_| {}).unwrap();
    // The tiles of the last layers computed are still stored and are not redone.
    assert!(second.progress().tiles_reused > 0);
    assert_eq!(second.progress().tiles_done, second.progress().tiles_total);
    assert!(second.progress().tiles_total + 40 <= fresh_total + second.progress().tiles_reused);
    assert!(second.progress().tiles_total < fresh_total);
    assert_eq!(second.value(&mut store, board.start()).unwrap(), -3);
}

#[test]
fn a_damaged_tile_is_recomputed() {
    let board = Board::new(3, 3).unwrap();
    let mut inner = MemoryStore::new();
    let mut first = Solve::new(&board, board.start(), 0).unwrap();
    for _ in 0..40 {
        first.step(&mut inner).unwrap();
    }
    // Resume over a store in which a tile the next step reads turns out damaged.
    let mut second = Solve::new(&board, board.start(), 0).unwrap();
    second.plan(&mut inner).unwrap();
    let bad = second.next_task().unwrap().needs[0];
    let found = second.progress().tiles_reused;
    let mut store = Damaged::new(inner);
    store.bad = Some(bad);
    second.run(&mut store, &mut |_| {}).unwrap();
    assert_eq!(store.reported, 1, "the damaged tile was read");
    assert_eq!(store.bad, None, "and removed");
    assert_eq!(second.value(&mut store, board.start()).unwrap(), -3);
    // The run's progress counts every tile it computed, before the repair too, and no longer
    // counts the damaged tile as found in the store.
    let run = second.progress();
    assert_eq!(run.tiles_done, store.saved);
    assert_eq!(run.tiles_done, run.tiles_total);
    assert_eq!(run.tiles_reused, found - 1);
}

/// A tile the plan found stored and a step then misses (its file removed by hand while the
/// solve ran) is recomputed, as a damaged one is, not the end of the solve.
#[test]
fn a_tile_gone_from_the_store_while_the_solve_runs_is_recomputed() {
    let board = Board::new(3, 3).unwrap();
    let mut store = MemoryStore::new();
    let mut first = Solve::new(&board, board.start(), 0).unwrap();
    for _ in 0..40 {
        first.step(&mut store).unwrap();
    }
    let mut second = Solve::new(&board, board.start(), 0).unwrap();
    second.plan(&mut store).unwrap();
    let gone = second.next_task().unwrap().needs[0];
    store.remove(gone).unwrap();
    second.run(&mut store, &mut |_| {}).unwrap();
    let repairs = second.take_repairs();
    assert_eq!(repairs.len(), 1);
    assert_eq!(
        (repairs[0].tile, repairs[0].reason.as_str()),
        (gone, "gone from the store")
    );
    assert_eq!(second.value(&mut store, board.start()).unwrap(), -3);
}

#[test]
fn last_move_penalty_matches_the_naive_solver() {
    let mut rng = Rng(31);
    for (r, c) in [(1, 2), (2, 2), (2, 3), (3, 3)] {
        let board = Board::new(r, c).unwrap();
        for penalty in [-2, 1, 3, 20] {
            let mut naive = Naive::with_penalty(r, c, penalty);
            for _ in 0..10 {
                let open = 1 + rng.below(board.num_lines().min(14) as u64) as usize;
                let pos = Position(rng.position(board.num_lines(), open));
                let a = retro::analyze_with_rules(
                    &board,
                    pos,
                    Rules::with_last_move_penalty(penalty),
                    &mut retro::quietly,
                )
                .unwrap();
                let got: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
                assert_eq!(
                    got,
                    naive.scores(pos.0),
                    "{r}x{c} penalty {penalty} {pos:?}"
                );
            }
        }
    }
    let too_big = Rules::with_last_move_penalty(120);
    let board = Board::new(3, 3).unwrap();
    let err =
        retro::analyze_with_rules(&board, board.start(), too_big, &mut retro::quietly).unwrap_err();
    assert!(err.to_string().contains("penalty 120"), "{err}");
}

/// A tile read only by queries, found damaged by one: [`Solve::repair`] removes it and plans
/// again, and the next run recomputes it.
#[test]
fn a_damaged_tile_is_removed_recomputed_and_answers_again() {
    let board = Board::new(2, 2).unwrap();
    let mut solve = Solve::new(&board, board.start(), 1).unwrap();
    let mut store = Damaged::new(MemoryStore::new());
    solve.run(&mut store, &mut |_| {}).unwrap();
    let expected = solve.analysis(&mut store, board.start()).unwrap();
    // A later run over the same store, holding no tile in memory: queries read the store.
    let mut solve = Solve::new(&board, board.start(), 1).unwrap();
    solve.plan(&mut store).unwrap();
    assert!(solve.is_finished());
    let found = solve.progress().tiles_reused;
    let saved = store.saved;
    let (tile, _) = solve.layout().locate(board.start().with(0)).unwrap();
    store.bad = Some(tile);
    let error = solve.analysis(&mut store, board.start()).unwrap_err();
    let repair = solve.repair(&mut store, error).unwrap();
    assert_eq!(repair.tile, tile);
    assert_eq!(repair.reason, "checksum mismatch");
    assert!(!solve.is_finished(), "the removed tile is planned again");
    solve.run(&mut store, &mut |_| {}).unwrap();
    assert_eq!(solve.analysis(&mut store, board.start()).unwrap(), expected);
    // A second tile found damaged the same way: the progress, which the command line's
    // summary reads, counts every tile both repairs computed, and neither as found.
    let (second, _) = solve.layout().locate(board.start()).unwrap();
    assert_ne!(second, tile);
    store.bad = Some(second);
    let error = solve.value(&mut store, board.start()).unwrap_err();
    assert_eq!(solve.repair(&mut store, error).unwrap().tile, second);
    solve.run(&mut store, &mut |_| {}).unwrap();
    assert_eq!(solve.analysis(&mut store, board.start()).unwrap(), expected);
    let p = solve.progress();
    assert_eq!(
        (p.tiles_reused, p.tiles_done),
        (found - 2, store.saved - saved)
    );
    let other = solve.repair(&mut store, RetroError::NotLoony).unwrap_err();
    assert!(matches!(other, RetroError::NotLoony));
}
