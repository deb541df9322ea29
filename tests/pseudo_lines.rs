//! Chains as pseudo-lines against the plain retrograde solver (itself checked against the
//! naive reference): on random positions of 3x4, 4x4, icelandic and 3x5 with a long chain
//! or a loop, pre-drawn lines included, the reduction's value and every move's score must
//! equal the plain solver's wherever the reduction claims exactness, and must agree on most
//! of the rest. `cargo run --release --example pseudo_compare` prints the larger table.

use dotbox::chains::{long_chains, settled};
use dotbox::core::Rng;
use dotbox::core::{Board, Position};
use dotbox::retro::{self, pseudo, RetroError};
use dotbox::retro::{Reduction, Shape, DEFAULT_MIN_CHAIN};

/// Positions per board; each plain solve has at most `MAX_OPEN` open lines.
const PER_BOARD: usize = 40;
const MAX_OPEN: usize = 20;

/// A random position of `board` with a chain of 3 boxes or a loop.
fn sample(board: &Board, rng: &mut Rng) -> Position {
    loop {
        let open = 10 + rng.below(MAX_OPEN - 9);
        let pos = match rng.below(4) {
            0 => rng.position(board, open),
            _ => settled(board, open, rng),
        };
        if long_chains(board, pos, DEFAULT_MIN_CHAIN) > 0 {
            return pos;
        }
    }
}

#[test]
fn agrees_with_the_plain_solver_wherever_it_claims_exactness() {
    let (mut values, mut positions, mut proven) = (0, 0, 0);
    for (name, predrawn) in [("3x4", 0), ("4x4", 0), ("icelandic", 0), ("3x5", 3)] {
        let mut rng = Rng::new(13);
        let mut board = Board::parse(name).unwrap();
        if predrawn > 0 {
            // Pre-drawn lines: a few border lines of the board drawn for good.
            let border: Position = board
                .boxes()
                .border_lines()
                .lines()
                .take(predrawn)
                .collect();
            board = board.with_predrawn(border);
        }
        for _ in 0..PER_BOARD {
            let pos = sample(&board, &mut rng);
            let plain = retro::analyze(&board, pos).unwrap();
            let (reduced, reduction) =
                pseudo::analyze(&board, pos, DEFAULT_MIN_CHAIN, &mut retro::quietly).unwrap();
            let lines: Vec<usize> = reduced.moves.iter().map(|m| m.line).collect();
            let expected: Vec<usize> = plain.moves.iter().map(|m| m.line).collect();
            assert_eq!(lines, expected, "{name} {pos:?}: every open line scored");
            if reduction.exact() {
                proven += 1;
                assert_eq!(reduced.value, plain.value, "{name} {pos:?}: value");
            }
            for (p, r) in plain.moves.iter().zip(&reduced.moves) {
                if reduction.exact_move(p.line) {
                    assert_eq!(r.score, p.score, "{name} {pos:?}: line {}", p.line);
                }
            }
            positions += 1;
            values += usize::from(reduced.value == plain.value);
        }
    }
    // The proven case must occur, and the rest agree all but rarely (every junction-ended
    // value of the larger comparison, and all 160 here).
    assert!(
        proven >= positions / 5,
        "{proven} of {positions} in the proven case"
    );
    assert!(
        values * 100 >= positions * 99,
        "{values} of {positions} values agree"
    );
}

#[test]
fn a_row_of_boxes_is_one_unit_entered_by_the_opponent() {
    // A 1x5 row with every horizontal line drawn: one chain of 5 boxes, ground at both ends.
    let board = Board::new(1, 5).unwrap();
    let pos: Position = (0..5)
        .flat_map(|c| [board.h(0, c), board.h(1, c)])
        .collect();
    let reduction = Reduction::new(&board, pos, DEFAULT_MIN_CHAIN).unwrap();
    assert_eq!(reduction.units().len(), 1);
    let chain = reduction.units()[0].chain.as_ref().unwrap();
    assert_eq!((chain.rule.boxes, chain.rule.shape), (5, Shape::Chain));
    assert!(reduction.exact());
    let (a, _) = pseudo::analyze(&board, pos, DEFAULT_MIN_CHAIN, &mut retro::quietly).unwrap();
    assert_eq!(a.value, -5);
    assert!(a.moves.iter().all(|m| m.score == -5));
    assert_eq!(a.moves.len(), 6);
}

#[test]
fn chain_rule_enters_takes_and_declines() {
    use dotbox::retro::ChainRule;
    let chain = ChainRule {
        boxes: 4,
        shape: Shape::Chain,
    };
    // Entering: the opponent takes all (4 + v) or declines (4 - 4 - v).
    assert_eq!(chain.score(0, 0, 3), -7);
    assert_eq!(chain.score(0, 0, -3), -3);
    // A junction box complete with it: the mover takes 5 (5 - 6), or all but two (5 - 4 + 6).
    assert_eq!(chain.score(1, 0, -6), 7);
    assert_eq!(chain.score(1, 0, 6), 11);
    // Opened at both ends: all but four (6 - 8 + 6).
    assert_eq!(chain.score(2, 0, -6), 4);
    // One end one box longer: the decline leaves the last box with the junction box, two
    // boxes cheaper (4 - 2 + 3); both ends: as cheap as taking all (4 + 3).
    assert_eq!(chain.score(0, 1, -3), -5);
    assert_eq!(chain.score(0, 2, -3), -7);
    assert_eq!(chain.score(1, 1, -6), 9);
    let ring = ChainRule {
        boxes: 4,
        shape: Shape::Loop,
    };
    // The opponent declines a loop by handing back four boxes: 4 - 8 + 5.
    assert_eq!(ring.score(0, 0, -5), -1);
    assert_eq!(ring.score(0, 0, 5), -9);
}

#[test]
fn refuses_chains_too_short_to_decline() {
    let board = Board::new(3, 3).unwrap();
    let err = Reduction::new(&board, board.start(), 2).unwrap_err();
    assert!(matches!(err, RetroError::ChainTooShort { .. }));
    assert!(
        err.to_string().starts_with("2-box chains are too short"),
        "{err}"
    );
}

/// A 4x4 position whose chain of 3 (lines 5, 9, 21, 31) ends in two junction boxes that
/// later join it into a loop of 6 through one box; an icelandic one where a chain end grows
/// by one box into a box whose two other open sides belong to one collapsed chain; a 4x4
/// one whose chain loops through one junction box that keeps a side to the ground. Each
/// disagreed with the plain solver until scored (found by `pseudo_compare --trace`).
#[test]
fn junction_cases_traced_in_the_comparison_agree() {
    for (name, lines) in [
        ("4x4", "1,3,11,13,16,18,19,22,23,25,26,27,28,30,32,33,36,38"),
        (
            "icelandic",
            "1,2,3,7,11,12,13,15,16,17,18,19,20,21,24,25,26,30,31,32,37",
        ),
        (
            "4x4",
            "0,1,2,8,10,11,16,17,18,19,21,24,25,27,29,31,32,34,35,37",
        ),
    ] {
        let board = Board::parse(name).unwrap();
        let pos: Position = lines.split(',').map(|l| l.parse().unwrap()).collect();
        let plain = retro::analyze(&board, pos).unwrap();
        let (reduced, reduction) =
            pseudo::analyze(&board, pos, DEFAULT_MIN_CHAIN, &mut retro::quietly).unwrap();
        assert!(!reduction.exact(), "{name} {lines}: junction-ended");
        assert_eq!(reduced, plain, "{name} {lines}");
    }
}
