//! The retrograde solver with several high line groups and tiles streamed through a store on
//! disk under a memory budget: the layout of boards past 32 open lines, checked on boards
//! small enough to compare with the in-memory solver and the naive reference.

mod common;

use common::{Naive, Rng};
use dotbox::core::{Board, Position, Rules};
use dotbox::retro::{Layout, Solve, Valuation};
use dotbox::store::FsStore;
use dotbox::store::MemoryStore;

/// Solves `base` on `board` with `groups` high groups over a file store under a budget so
/// small that every tile is dropped from memory as soon as possible, keeping `keep` layers.
fn spilled_solve(
    board: &Board,
    base: Position,
    rules: Rules,
    valuation: Valuation,
    groups: usize,
    keep: u32,
    dir: &std::path::Path,
) -> (Solve, FsStore) {
    let layout = Layout::with_high_groups(board, base, rules, valuation, Some(groups)).unwrap();
    assert!(
        layout.groups() > 2,
        "{} {base:?}: {groups} high groups asked, the layout has {}",
        board.name(),
        layout.groups() - 1
    );
    let mut solve = Solve::from_layout(layout, keep);
    solve.set_memory_budget(1);
    let mut store = FsStore::open(dir, &solve.fingerprint()).unwrap();
    solve.run(&mut store, &mut |_| {}).unwrap();
    (solve, store)
}

/// Every position of the kept layers reached by random lines, and the analysis of the base:
/// the spilled multi-group solve, the in-memory two-group solve and the naive reference agree.
#[test]
fn several_groups_spilled_to_disk_match_memory_and_the_naive_solver() {
    let mut rng = Rng(2024);
    // (board, lines drawn at the start, layers kept)
    let cases: [(Board, u64, u32); 6] = [
        (Board::new(2, 3).unwrap(), 0, 17),
        (
            Board::new(3, 3).unwrap(),
            0b0010_0100_0001_0000_0100_0001,
            5,
        ),
        (Board::new(2, 4).unwrap(), 0b1000_0000_0100_0000_0011, 4),
        (Board::new(1, 5).unwrap(), 0, 16),
        (
            Board::new(3, 3)
                .unwrap()
                .with_predrawn(Position(0b1001_0000_0010)),
            0b1000_0000_0001_0000_0000_0100,
            4,
        ),
        (
            Board::new(3, 4).unwrap(),
            0b0001_0010_1000_0101_0000_1100_1001,
            3,
        ),
    ];
    for (board, lines, keep) in cases {
        let base = Position(lines).union(board.predrawn());
        let mut naive = Naive::new(board.rows(), board.cols());
        let mut memory = Solve::new(&board, base, keep).unwrap();
        let mut mem_store = MemoryStore::new();
        memory.run(&mut mem_store, &mut |_| {}).unwrap();
        for groups in [2, 3] {
            let dir = tempfile::tempdir().unwrap();
            let (solve, mut store) = spilled_solve(
                &board,
                base,
                Rules::default(),
                Valuation::Score,
                groups,
                keep,
                dir.path(),
            );
            let a = solve.analysis(&mut store, base).unwrap();
            let got: Vec<(usize, i32)> = a.moves.iter().map(|m| (m.line, m.score)).collect();
            assert_eq!(
                got,
                naive.scores(base.0),
                "{} {groups} groups",
                board.name()
            );
            let open: Vec<usize> = board.open_lines(base).lines().collect();
            for _ in 0..200 {
                let drawn = rng.below(u64::from(keep).min(open.len() as u64) + 1) as usize;
                let mut pos = base;
                for _ in 0..drawn {
                    pos = pos.with(open[rng.below(open.len() as u64) as usize]);
                }
                let value = solve.value(&mut store, pos).unwrap();
                assert_eq!(value, memory.value(&mut mem_store, pos).unwrap(), "{pos:?}");
                assert_eq!(value, naive.value(pos.0), "{} {pos:?}", board.name());
            }
        }
    }
}

/// Loony keys and the last-move penalty ride on the same kernel: with several groups they
/// equal the in-memory two-group solve on every move of random positions.
#[test]
fn loony_and_penalty_solves_with_several_groups_match_memory() {
    let mut rng = Rng(77);
    for (r, c) in [(2, 3), (3, 3)] {
        let board = Board::new(r, c).unwrap();
        let keep = board.num_lines() as u32;
        for (valuation, penalty) in [
            (Valuation::Loony, 0),
            (Valuation::Score, 3),
            (Valuation::Loony, -2),
        ] {
            let rules = Rules::with_last_move_penalty(penalty);
            let dir = tempfile::tempdir().unwrap();
            let (solve, mut store) =
                spilled_solve(&board, board.start(), rules, valuation, 3, keep, dir.path());
            let mut memory =
                Solve::with_valuation(&board, board.start(), keep, rules, valuation).unwrap();
            let mut mem_store = MemoryStore::new();
            memory.run(&mut mem_store, &mut |_| {}).unwrap();
            for _ in 0..100 {
                let pos = Position(rng.position(board.num_lines(), board.num_lines() - 5));
                let pos = Position(!pos.0 & board.all_lines().0);
                let (a, b) = (
                    solve.read(&mut store, pos).unwrap(),
                    memory.read(&mut mem_store, pos).unwrap(),
                );
                assert_eq!(a, b, "{r}x{c} {valuation:?} penalty {penalty} {pos:?}");
                if valuation == Valuation::Loony {
                    let x = solve.loony_analysis(&mut store, pos).unwrap();
                    let y = memory.loony_analysis(&mut mem_store, pos).unwrap();
                    assert_eq!(x, y, "{r}x{c} {pos:?}");
                } else {
                    let naive = Naive::with_penalty(r, c, penalty).scores(pos.0);
                    let got = solve.analysis(&mut store, pos).unwrap();
                    let got: Vec<(usize, i32)> =
                        got.moves.iter().map(|m| (m.line, m.score)).collect();
                    assert_eq!(got, naive, "{r}x{c} penalty {penalty} {pos:?}");
                }
            }
        }
    }
}

/// The same solve with one, two or three high groups ends with the same values, and a
/// multi-group store is byte-identical from one run to the next.
#[test]
fn group_count_changes_tiles_not_values_and_runs_are_deterministic() {
    let board = Board::icelandic();
    let base = board.start().union(Position(0b1011));
    let keep = 2;
    let mut reference = Solve::new(&board, base, keep).unwrap();
    let mut ref_store = MemoryStore::new();
    reference.run(&mut ref_store, &mut |_| {}).unwrap();
    let expected = reference.analysis(&mut ref_store, base).unwrap();
    let mut files = Vec::new();
    for run in 0..2 {
        let dir = tempfile::tempdir().unwrap();
        let (solve, mut store) = spilled_solve(
            &board,
            base,
            Rules::default(),
            Valuation::Score,
            3,
            keep,
            dir.path(),
        );
        assert_eq!(
            solve.analysis(&mut store, base).unwrap(),
            expected,
            "run {run}"
        );
        let mut bytes: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "bin"))
            .map(|p| {
                (
                    p.file_name().unwrap().to_string_lossy().into_owned(),
                    std::fs::read(&p).unwrap(),
                )
            })
            .collect();
        bytes.sort();
        assert!(!bytes.is_empty());
        files.push(bytes);
    }
    assert_eq!(files[0], files[1], "two runs wrote different tiles");
}

/// Under a budget, what a solve holds after each step (tiles and high indexes) stays within
/// the budget, or within one step where a step alone needs more: the high indexes of the
/// layers at work are shed too, not only tiles (on 3x5 they took a solve a third over).
#[test]
fn a_budgeted_solve_holds_at_most_its_budget_or_one_step() {
    let board = Board::new(3, 3).unwrap();
    let valuation = Valuation::Score;
    let layout = || {
        Layout::with_high_groups(&board, board.start(), Rules::default(), valuation, Some(3))
            .unwrap()
    };
    let step = layout().largest_step_bytes();
    for budget in [step / 2, step, 2 * step] {
        let mut solve = Solve::from_layout(layout(), 1);
        solve.set_memory_budget(budget);
        let dir = tempfile::tempdir().unwrap();
        let mut store = FsStore::open(dir.path(), &solve.fingerprint()).unwrap();
        let mut held = 0;
        while !solve.step(&mut store).unwrap() {
            held = held.max(solve.memory_in_use());
        }
        assert!(
            held <= budget.max(step),
            "budget {budget}, largest step {step}: held {held}"
        );
        assert_eq!(solve.value(&mut store, board.start()).unwrap(), -3);
    }
}
