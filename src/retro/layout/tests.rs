//! The layout's addressing against the board's own symmetry classes, its tile graph and its
//! estimates, on boards small enough to visit every position.

use std::collections::HashMap;

use crate::core::Equivalence;
use crate::core::{Board, Position, Rules};
use crate::store::TileId;

use super::super::Valuation;
use super::Layout;

/// Layouts of small boards: one high group, several forced, a base with lines drawn, and a
/// board with pre-drawn lines (icelandic's corners on a 2×3).
fn layouts() -> Vec<(Board, Layout)> {
    let mut out = Vec::new();
    for (name, base, groups) in [
        ("2x2", &[][..], None),
        ("2x3", &[], None),
        ("2x3", &[], Some(3)),
        ("3x3", &[0, 1, 2, 3, 4, 5, 6, 7], Some(2)),
    ] {
        let board = Board::parse(name).unwrap();
        let base: Position = base.iter().copied().collect();
        let layout =
            Layout::with_high_groups(&board, base, Rules::default(), Valuation::Score, groups)
                .unwrap();
        out.push((board, layout));
    }
    let corners = Board::new(2, 3).unwrap();
    let predrawn = Position::EMPTY.with(corners.h(0, 0)).with(corners.v(1, 3));
    let board = corners.with_predrawn(predrawn);
    let layout = Layout::new(&board, board.start(), Rules::default(), Valuation::Loony).unwrap();
    out.push((board, layout));
    out
}

/// Every position of the solve, each exactly once.
fn every_position(layout: &Layout) -> impl Iterator<Item = Position> + '_ {
    let open: Vec<usize> = (0..layout.open_count() as usize)
        .map(|j| layout.global_line(j))
        .collect();
    (0..1u64 << open.len()).map(move |m| layout.base().union(Position::deposit(m, &open)))
}

/// Every position locates inside its tile, in a block's values (never its padding); two
/// positions share a place only when the board's symmetries and interchangeable lines make
/// them equivalent (so they share a value; the layout merges the classes its high masks
/// see, not necessarily all); every place of every tile is some position's.
#[test]
fn positions_locate_to_distinct_places_up_to_symmetry() {
    for (board, layout) in layouts() {
        let eq = Equivalence::new(&board, layout.base());
        let mut places: HashMap<(TileId, usize), Position> = HashMap::new();
        for pos in every_position(&layout) {
            let (tile, offset) = layout.locate(pos).unwrap();
            assert_eq!(tile.lines(), pos.difference(layout.base()).count());
            assert!(offset < layout.tile_len(tile), "{pos:?}");
            let (stride, values) = layout.block_shape(tile);
            assert!(offset % stride < values, "{pos:?} reads padding");
            let canonical = eq.canonical(pos);
            let first = *places.entry((tile, offset)).or_insert(canonical);
            assert_eq!(first, canonical, "{pos:?} shares {tile} {offset}");
        }
        for tile in layout.tiles() {
            let used = places.keys().filter(|(t, _)| *t == tile).count() as u64;
            assert_eq!(used, layout.tile_positions(tile), "{tile}");
        }
    }
}

/// A tile's parents have it among their children and the other way round, and the solve
/// order computes every parent before its children.
#[test]
fn parents_and_children_are_inverse_and_ordered() {
    for (_, layout) in layouts() {
        let tiles = layout.tiles();
        let place: HashMap<TileId, usize> =
            tiles.iter().enumerate().map(|(i, &t)| (t, i)).collect();
        assert_eq!(place.len(), tiles.len());
        for &t in &tiles {
            for p in layout.parents(t) {
                assert!(layout.children(p).contains(&t), "{p} -> {t}");
                assert_eq!(p.lines(), t.lines() + 1);
                assert!(place[&p] < place[&t], "{p} after {t}");
            }
            for c in layout.children(t) {
                assert!(layout.parents(c).contains(&t), "{t} -> {c}");
            }
        }
        let full = tiles[0];
        assert!(layout.parents(full).is_empty());
        assert_eq!(full.lines(), layout.open_count());
    }
}

/// Each layer's estimate is the sum of its tiles' estimates, and it is close to the exact
/// count: at least the positions divided by the symmetries, at most the exact count.
#[test]
fn estimates_add_up_by_tile_and_bound_the_exact_counts() {
    for (_, layout) in layouts() {
        let layers = layout.layer_estimates();
        assert_eq!(layers.len(), layout.open_count() as usize + 1);
        for (k, &estimate) in layers.iter().enumerate() {
            let tiles = layout
                .tiles()
                .into_iter()
                .filter(|t| t.lines() as usize == k);
            let (mut sum, mut exact) = (0.0, 0);
            for t in tiles {
                sum += layout.tile_estimate(t);
                exact += layout.tile_positions(t);
            }
            assert!(
                (sum - estimate).abs() <= 1e-9 * estimate.max(1.0),
                "layer {k}"
            );
            assert!(
                estimate <= exact as f64 + 1e-9,
                "layer {k}: {estimate} > {exact}"
            );
        }
        let planes = layout.valuation().planes() as f64;
        assert!(
            layout.estimated_peak_bytes() >= planes * layers.iter().copied().fold(0.0, f64::max)
        );
    }
}

/// Dropped high indexes are rebuilt the same on demand, and a clone keeps what was built.
#[test]
fn high_indexes_are_rebuilt_the_same_after_being_dropped() {
    let (_, layout) = layouts().swap_remove(2);
    let tiles = layout.tiles();
    let before: Vec<Vec<u32>> = tiles
        .iter()
        .map(|&t| layout.high_index(t).unwrap().entries().to_vec())
        .collect();
    assert!(layout.index_bytes() > 0);
    let clone = layout.clone();
    layout.retain_indexes(|_| false);
    assert_eq!(layout.index_bytes(), 0);
    assert!(clone.index_bytes() > 0);
    for (t, entries) in tiles.iter().zip(&before) {
        assert_eq!(
            layout.high_index(*t).unwrap().entries(),
            &entries[..],
            "{t}"
        );
    }
}

/// Every tile's block count, by Burnside's lemma, is the number of representatives its high
/// index lists one by one: on the layouts above, on a board whose end boxes have three
/// interchangeable border lines, on the square 3×3 (eight symmetries, diagonals mapping a
/// corner's two border lines onto each other) and on icelandic (no symmetry left).
#[test]
fn block_counts_are_the_representatives_an_index_lists() {
    let mut boards = layouts();
    for board in [
        Board::new(1, 4).unwrap(),
        Board::new(3, 3).unwrap(),
        Board::icelandic(),
    ] {
        let layout =
            Layout::new(&board, board.start(), Rules::default(), Valuation::Score).unwrap();
        boards.push((board, layout));
    }
    for (board, layout) in boards {
        for tile in layout.tiles() {
            let listed = layout.high_index(tile).unwrap().reps().len() as u64;
            assert_eq!(layout.blocks(tile), listed, "{} {tile:?}", board.name());
        }
    }
}
