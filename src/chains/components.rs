//! The components of a position in strings-and-coins terms.
//!
//! Coins of degree 1 or 2 (boxes with one or two open sides) link up into paths and cycles:
//! a cycle is a [`Kind::Loop`]; a path is a [`Kind::Chain`], or [`Kind::Capturable`] when one of
//! its end boxes has a single open side (it can be taken now, and with it the whole path).
//! Each end of a path is [`End::Ground`] (its last line is on the border), [`End::Junction`]
//! (its last line leads into a box with three or four open sides) or [`End::Opened`] (its end
//! box has three sides drawn). The junction boxes, with the lines between them and to the
//! ground, form the [`Kind::Unsettled`] rest. A chain of 3 boxes or more is *long*.

use crate::core::{Board, Position};

use crate::core::Boxes;

/// What a component is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A path of boxes with at least one end box that can be taken now.
    Capturable,
    /// A path of boxes with two open sides each, neither end taken yet.
    Chain,
    /// A cycle of boxes with two open sides each.
    Loop,
    /// Connected boxes with three or four open sides: the region still to be settled.
    Unsettled,
}

impl Kind {
    /// The kind's name in lower case, as the command line and the page print it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Capturable => "capturable",
            Kind::Chain => "chain",
            Kind::Loop => "loop",
            Kind::Unsettled => "unsettled",
        }
    }
}

/// Where one end of a path leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    /// The end line is a border line: the chain ends on the ground (an open end).
    Ground,
    /// The end line leads into this box, which has three or four open sides (a closed end).
    Junction(usize, usize),
    /// The end box has three sides drawn: it (and the path behind it) can be taken now.
    Opened,
}

/// One component of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// What it is.
    pub kind: Kind,
    /// Its boxes (row, column): in order from `ends[0]` to `ends[1]` for paths, around the
    /// cycle for loops, by row then column for the unsettled region.
    pub boxes: Vec<(usize, usize)>,
    /// The two ends of a path (`ends[0]` is [`End::Opened`] if either is); empty otherwise.
    pub ends: Vec<End>,
    /// Its open lines: along the path from `ends[0]` (end line, inner lines, end line) or
    /// around the loop; increasing for the unsettled region.
    pub lines: Vec<usize>,
}

impl Component {
    /// Number of boxes.
    pub fn len(&self) -> usize {
        self.boxes.len()
    }

    /// Whether it has no boxes (never for a computed component).
    pub fn is_empty(&self) -> bool {
        self.boxes.is_empty()
    }

    /// A chain of three boxes or more: the kind whose count decides control. Not one that
    /// [closes into a loop](Self::closes_into_loop).
    pub fn is_long_chain(&self) -> bool {
        self.kind == Kind::Chain && self.len() >= 3 && !self.closes_into_loop()
    }

    /// A chain of one or two boxes: handed out, it passes the turn, as a safe line does (the
    /// count of safe moves includes them).
    pub fn is_short_chain(&self) -> bool {
        self.kind == Kind::Chain && self.len() < 3
    }

    /// A chain leading from a junction box back to the same junction. Its boxes and the
    /// junction form a cycle: once the junction's other arms are taken away, they close into a
    /// loop and is played as one (declined by all but four, no change to the long chain
    /// rule's parity). So the rule counts it as a loop, not as a long chain (counted as one,
    /// the rule's verdict contradicted nimstring's and the solver's on such positions).
    pub fn closes_into_loop(&self) -> bool {
        self.kind == Kind::Chain
            && matches!(self.ends.as_slice(), [End::Junction(..), b] if *b == self.ends[0])
    }

    /// Whether it counts as a loop in the long chain rule: a loop, or a chain that
    /// [closes into one](Self::closes_into_loop).
    pub fn counts_as_loop(&self) -> bool {
        self.kind == Kind::Loop || self.closes_into_loop()
    }

    /// Whether it counts in the long chain rule ([`crate::chains::Control::long_chains`]): a
    /// long chain, or an offered path of 2 boxes or more behind one opened end, which the
    /// taker can still decline (all but the last two, then a double-deal) to keep control.
    pub fn counts_as_long(&self) -> bool {
        self.is_long_chain()
            || (self.kind == Kind::Capturable && self.len() >= 2 && self.ends[1] != End::Opened)
    }

    /// The component in words, for the command line, e.g. "long chain of 4 boxes from
    /// (0,0) to (0,3), ends: ground and junction (1,3)" (boxes by row and column).
    pub fn describe(&self) -> String {
        self.describe_with(|(r, c)| format!("({r},{c})"))
    }

    /// The component in words with each box named by `name` (the page names boxes by their
    /// labels, as its board's coordinates show them: see `core::notation::box_label`).
    pub fn describe_with(&self, name: impl Fn((usize, usize)) -> String) -> String {
        let n = self.len();
        let boxes = if n == 1 {
            "1 box".to_string()
        } else {
            format!("{n} boxes")
        };
        let span = match (self.boxes.first(), self.boxes.last()) {
            (Some(&a), Some(&b)) if n > 1 => format!(" from {} to {}", name(a), name(b)),
            (Some(&a), _) => format!(" at {}", name(a)),
            _ => String::new(),
        };
        let end = |e: &End| match e {
            End::Ground => "ground".to_string(),
            End::Junction(r, c) => format!("junction {}", name((*r, *c))),
            End::Opened => "opened".to_string(),
        };
        let ends = match self.ends.as_slice() {
            [a, b] => format!(", ends: {} and {}", end(a), end(b)),
            _ => String::new(),
        };
        let what = match self.kind {
            Kind::Chain if self.closes_into_loop() => "chain closing into a loop",
            Kind::Chain if n >= 3 => "long chain",
            Kind::Chain => "short chain",
            Kind::Capturable => "capturable path",
            Kind::Loop => "loop",
            Kind::Unsettled => "unsettled region",
        };
        match self.kind {
            Kind::Loop | Kind::Unsettled => format!("{what} of {boxes}"),
            _ => format!("{what} of {boxes}{span}{ends}"),
        }
    }
}

/// The components of `pos`: paths and loops first (by their lowest box), then the unsettled
/// regions. Taken boxes belong to none.
pub fn components(board: &Board, pos: Position) -> Vec<Component> {
    decompose(board.boxes(), pos)
}

/// [`components`] over the box graph alone.
pub fn decompose(coins: &Boxes, pos: Position) -> Vec<Component> {
    let deg: Vec<u32> = (0..coins.len()).map(|b| coins.degree(pos, b)).collect();
    // Whether a string's far end is a coin of degree 1 or 2 (not the ground).
    let low = |b: Option<usize>| b.is_some_and(|b| deg[b] == 1 || deg[b] == 2);
    let mut seen = vec![false; coins.len()];
    let mut out = Vec::new();
    for start in 0..coins.len() {
        if seen[start] || !low(Some(start)) {
            continue;
        }
        // Collect the low coins linked to `start`.
        let mut group = vec![start];
        seen[start] = true;
        let mut i = 0;
        while i < group.len() {
            let b = group[i];
            for line in coins.open_sides(pos, b).lines() {
                let n = coins.across(line, b);
                if let Some(n) = n.filter(|&n| low(Some(n)) && !seen[n]) {
                    seen[n] = true;
                    group.push(n);
                }
            }
            i += 1;
        }
        let inner = |b: usize| {
            coins
                .open_sides(pos, b)
                .lines()
                .filter(|&l| low(coins.across(l, b)))
                .count()
        };
        let is_cycle = group.len() > 2 && group.iter().all(|&b| inner(b) == 2 && deg[b] == 2);
        out.push(if is_cycle {
            walk_loop(coins, pos, start)
        } else {
            walk_path(coins, pos, &group, &deg, &low)
        });
    }
    out.extend(unsettled(coins, pos, &deg));
    out
}

/// Where the string `line` leaving coin `b` outward leads.
fn end_of(coins: &Boxes, line: usize, b: usize) -> End {
    match coins.across(line, b) {
        None => End::Ground,
        Some(n) => {
            let (r, c) = coins.coord(n);
            End::Junction(r, c)
        }
    }
}

/// Walks a cycle of degree-2 coins from `start`.
fn walk_loop(coins: &Boxes, pos: Position, start: usize) -> Component {
    let mut boxes = vec![coins.coord(start)];
    let mut lines = Vec::new();
    let (mut prev_line, mut b) = (usize::MAX, start);
    loop {
        let line = coins
            .open_sides(pos, b)
            .lines()
            .find(|&l| l != prev_line)
            .expect("degree 2");
        lines.push(line);
        b = coins.across(line, b).expect("a loop's strings join coins");
        prev_line = line;
        if b == start {
            break;
        }
        boxes.push(coins.coord(b));
    }
    Component {
        kind: Kind::Loop,
        boxes,
        ends: Vec::new(),
        lines,
    }
}

/// Walks a path of coins of degree 1 or 2, starting at an opened end if there is one.
fn walk_path(
    coins: &Boxes,
    pos: Position,
    group: &[usize],
    deg: &[u32],
    low: &dyn Fn(Option<usize>) -> bool,
) -> Component {
    let inner_lines = |b: usize| {
        coins
            .open_sides(pos, b)
            .lines()
            .filter(move |&l| low(coins.across(l, b)))
    };
    let outer_lines = |b: usize| {
        coins
            .open_sides(pos, b)
            .lines()
            .filter(move |&l| !low(coins.across(l, b)))
    };
    let is_end = |b: usize| group.len() == 1 || inner_lines(b).count() == 1;
    let opened = |b: usize| deg[b] == 1;
    let first = group
        .iter()
        .copied()
        .filter(|&b| is_end(b))
        .min_by_key(|&b| (!opened(b), b))
        .expect("a path has an end");
    let mut boxes = Vec::new();
    let mut lines = Vec::new();
    let mut ends = Vec::new();
    // The end at `first`: opened, or where its first outer string leads.
    match outer_lines(first).next() {
        Some(line) if !opened(first) => {
            ends.push(end_of(coins, line, first));
            lines.push(line);
        }
        _ => ends.push(End::Opened),
    }
    let (mut prev_line, mut b) = (usize::MAX, first);
    loop {
        boxes.push(coins.coord(b));
        match inner_lines(b).find(|&l| l != prev_line) {
            Some(line) => {
                lines.push(line);
                prev_line = line;
                b = coins.across(line, b).expect("an inner string joins coins");
            }
            None => break,
        }
    }
    // The far end at `b`: its outer string not used at the start, or none when opened.
    match outer_lines(b).find(|l| !lines.contains(l)) {
        Some(line) => {
            ends.push(end_of(coins, line, b));
            lines.push(line);
        }
        None => ends.push(End::Opened),
    }
    let kind = if ends.contains(&End::Opened) {
        Kind::Capturable
    } else {
        Kind::Chain
    };
    Component {
        kind,
        boxes,
        ends,
        lines,
    }
}

/// The connected groups of junction coins (degree 3 or 4), with the strings between them
/// and to the ground.
fn unsettled(coins: &Boxes, pos: Position, deg: &[u32]) -> Vec<Component> {
    let junction = |b: usize| deg[b] >= 3;
    let mut seen = vec![false; coins.len()];
    let mut out = Vec::new();
    for start in 0..coins.len() {
        if seen[start] || !junction(start) {
            continue;
        }
        seen[start] = true;
        let mut group = vec![start];
        let mut lines = Position::EMPTY;
        let mut i = 0;
        while i < group.len() {
            let b = group[i];
            for line in coins.open_sides(pos, b).lines() {
                match coins.across(line, b) {
                    None => lines = lines.with(line),
                    Some(n) if junction(n) => {
                        lines = lines.with(line);
                        if !seen[n] {
                            seen[n] = true;
                            group.push(n);
                        }
                    }
                    Some(_) => {}
                }
            }
            i += 1;
        }
        group.sort_unstable();
        out.push(Component {
            kind: Kind::Unsettled,
            boxes: group.iter().map(|&b| coins.coord(b)).collect(),
            ends: Vec::new(),
            lines: lines.lines().collect(),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chains::testkit::{boards, positions, row};

    fn pos_of(lines: impl IntoIterator<Item = usize>) -> Position {
        lines.into_iter().collect()
    }

    #[test]
    fn a_chain_on_the_ground_at_both_ends() {
        let (b, p) = row(3);
        let parts = components(&b, p);
        assert_eq!(parts.len(), 1);
        let c = &parts[0];
        assert_eq!(c.kind, Kind::Chain);
        assert_eq!(c.boxes, vec![(0, 0), (0, 1), (0, 2)]);
        assert_eq!(c.ends, vec![End::Ground, End::Ground]);
        assert_eq!(c.lines, vec![b.v(0, 0), b.v(0, 1), b.v(0, 2), b.v(0, 3)]);
        assert!(c.is_long_chain());
        let (b2, p2) = row(2);
        assert!(!components(&b2, p2)[0].is_long_chain());
    }

    #[test]
    fn components_describe_themselves() {
        let (b, p) = row(3);
        assert_eq!(
            components(&b, p)[0].describe(),
            "long chain of 3 boxes from (0,0) to (0,2), ends: ground and ground"
        );
        let opened = components(&b, p.with(b.v(0, 3)));
        assert_eq!(
            opened[0].describe(),
            "capturable path of 3 boxes from (0,2) to (0,0), ends: opened and ground"
        );
        let j = Board::new(1, 3).unwrap();
        let parts = components(&j, pos_of([j.h(0, 0), j.h(1, 0), j.h(0, 2), j.h(1, 2)]));
        assert_eq!(
            parts[0].describe(),
            "short chain of 1 box at (0,0), ends: ground and junction (0,1)"
        );
        assert_eq!(parts[2].describe(), "unsettled region of 1 box");
    }

    #[test]
    fn a_ring_of_four_is_a_loop() {
        let b = Board::new(2, 2).unwrap();
        let border = b.boxes().border_lines();
        let parts = components(&b, border);
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].kind, Kind::Loop);
        assert_eq!(parts[0].len(), 4);
        assert_eq!(parts[0].lines.len(), 4);
        assert!(parts[0].ends.is_empty());
        // Cutting one inner line opens it: four capturable boxes, opened at both ends.
        let opened = components(&b, border.with(b.v(0, 1)));
        assert_eq!(opened.len(), 1);
        assert_eq!(opened[0].kind, Kind::Capturable);
        assert_eq!(opened[0].ends, vec![End::Opened, End::Opened]);
        assert_eq!(opened[0].len(), 4);
    }

    #[test]
    fn an_opened_end_makes_the_chain_capturable() {
        let (b, p) = row(3);
        let parts = components(&b, p.with(b.v(0, 3)));
        assert_eq!(parts.len(), 1);
        let c = &parts[0];
        assert_eq!(c.kind, Kind::Capturable);
        // Listed from the opened end: box (0,2) can be taken first.
        assert_eq!(c.boxes, vec![(0, 2), (0, 1), (0, 0)]);
        assert_eq!(c.ends, vec![End::Opened, End::Ground]);
        assert_eq!(c.lines, vec![b.v(0, 2), b.v(0, 1), b.v(0, 0)]);
        // A single box with three sides drawn.
        let one = Board::new(1, 1).unwrap();
        let single = components(&one, pos_of([one.h(0, 0), one.h(1, 0), one.v(0, 0)]));
        assert_eq!(single[0].kind, Kind::Capturable);
        assert_eq!(single[0].ends, vec![End::Opened, End::Ground]);
        assert_eq!(single[0].lines, vec![one.v(0, 1)]);
    }

    #[test]
    fn chains_end_at_junctions_of_the_unsettled_region() {
        // 1×3: the middle box has all four sides open; the outer boxes two each.
        let b = Board::new(1, 3).unwrap();
        let p = pos_of([b.h(0, 0), b.h(1, 0), b.h(0, 2), b.h(1, 2)]);
        let parts = components(&b, p);
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0].kind, Kind::Chain);
        assert_eq!(parts[0].boxes, vec![(0, 0)]);
        assert_eq!(parts[0].ends, vec![End::Ground, End::Junction(0, 1)]);
        assert_eq!(parts[1].boxes, vec![(0, 2)]);
        assert_eq!(parts[1].ends, vec![End::Junction(0, 1), End::Ground]);
        assert_eq!(parts[2].kind, Kind::Unsettled);
        assert_eq!(parts[2].boxes, vec![(0, 1)]);
        assert_eq!(parts[2].lines, vec![b.h(0, 1), b.h(1, 1)]);
    }

    #[test]
    fn a_capturable_path_ends_at_a_junction() {
        // 1×3 with the left box's top, bottom and left drawn: it hangs on the junction.
        let b = Board::new(1, 3).unwrap();
        let p = pos_of([b.h(0, 0), b.h(1, 0), b.v(0, 0)]);
        let parts = components(&b, p);
        assert_eq!(parts[0].kind, Kind::Capturable);
        assert_eq!(parts[0].ends, vec![End::Opened, End::Junction(0, 1)]);
        assert_eq!(parts[1].kind, Kind::Unsettled);
        assert_eq!(parts[1].boxes, vec![(0, 1), (0, 2)]);
    }

    #[test]
    fn taken_boxes_belong_to_no_component() {
        let (b, p) = row(2);
        let parts = components(&b, p.with(b.v(0, 0)).with(b.v(0, 1)));
        assert_eq!(parts.len(), 1);
        assert_eq!(parts[0].boxes, vec![(0, 1)]);
        assert!(components(&b, b.all_lines()).is_empty());
    }

    /// Every untaken box and every open line in exactly one component, and each kind true to
    /// its definition, on random positions of every test board.
    #[test]
    fn components_partition_random_positions() {
        for (i, board) in boards().iter().enumerate() {
            let coins = board.boxes();
            for pos in positions(board, 64, 300, i as u64) {
                let parts = components(board, pos);
                let mut boxes: Vec<(usize, usize)> =
                    parts.iter().flat_map(|c| c.boxes.clone()).collect();
                boxes.sort_unstable();
                let untaken: Vec<(usize, usize)> = (0..coins.len())
                    .filter(|&b| coins.degree(pos, b) > 0)
                    .map(|b| coins.coord(b))
                    .collect();
                assert_eq!(boxes, untaken, "{pos:?}");
                let mut lines: Vec<usize> = parts.iter().flat_map(|c| c.lines.clone()).collect();
                lines.sort_unstable();
                assert_eq!(
                    lines,
                    board.open_lines(pos).lines().collect::<Vec<_>>(),
                    "{pos:?}"
                );
                for c in &parts {
                    let deg =
                        |&(r, col): &(usize, usize)| coins.degree(pos, r * board.cols() + col);
                    match c.kind {
                        Kind::Loop => assert!(c.boxes.iter().all(|x| deg(x) == 2) && c.len() >= 4),
                        Kind::Unsettled => assert!(c.boxes.iter().all(|x| deg(x) >= 3)),
                        Kind::Chain => {
                            assert!(c.boxes.iter().all(|x| deg(x) == 2));
                            assert_eq!(c.lines.len(), c.len() + 1);
                        }
                        Kind::Capturable => {
                            assert_eq!(deg(&c.boxes[0]), 1);
                            assert_eq!(c.ends[0], End::Opened);
                            assert!(c.boxes.iter().all(|x| deg(x) <= 2));
                        }
                    }
                }
            }
        }
    }
}
