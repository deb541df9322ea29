//! The board as ASCII text with a label (a move's score, a line number) on each open line.
//!
//! Dots are `+`, drawn lines `-------` and `|`, completed boxes hold `#`. Each open line shows
//! its label: horizontal lines centred in the 7 columns between their dots, vertical lines in
//! the 5 columns centred on theirs (wide enough for an estimate such as `~-0.4`), leaving 3
//! columns inside each box. Pure text, so it is tested like any other function.

use crate::core::{Board, Position};

/// Columns from one dot to the next.
const STEP: usize = 8;

/// Columns of a vertical line's label, centred on the line.
const V_LABEL: usize = 5;

/// Draws `pos` on `board`, writing `label(line)` on each open line (an empty label leaves the
/// line blank). Rows end with a newline; labels are cut to fit (7 and 5 columns).
pub fn render(board: &Board, pos: Position, label: &dyn Fn(usize) -> String) -> String {
    let mut out = String::new();
    for r in 0..=board.rows() {
        let mut row = String::from("  +");
        for c in 0..board.cols() {
            let line = board.h(r, c);
            if pos.contains(line) {
                row.push_str(&"-".repeat(STEP - 1));
            } else {
                row.push_str(&fit(&label(line), STEP - 1));
            }
            row.push('+');
        }
        out.push_str(row.trim_end());
        out.push('\n');
        if r == board.rows() {
            break;
        }
        let mut row = String::new();
        for c in 0..=board.cols() {
            let line = board.v(r, c);
            row.push_str(&if pos.contains(line) {
                "  |  ".to_string()
            } else {
                fit(&label(line), V_LABEL)
            });
            if c < board.cols() {
                let done = pos.is_superset(board.box_sides(r, c));
                row.push_str(if done { " # " } else { "   " });
            }
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

/// Two diagrams (or any two blocks of rows) side by side, `gap` spaces apart.
pub fn side_by_side(left: &str, right: &str, gap: usize) -> String {
    let width = left.lines().map(|l| l.chars().count()).max().unwrap_or(0) + gap;
    let mut out = String::new();
    let (mut l, mut r) = (left.lines(), right.lines());
    loop {
        match (l.next(), r.next()) {
            (None, None) => break,
            (a, b) => {
                let a = a.unwrap_or("");
                let row = format!("{a:<width$}{}", b.unwrap_or(""));
                out.push_str(row.trim_end());
                out.push('\n');
            }
        }
    }
    out
}

/// `text` centred in `width` columns (cut if longer).
fn fit(text: &str, width: usize) -> String {
    let text: String = text.chars().take(width).collect();
    format!("{text:^width$}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_lines_boxes_and_labels() {
        let board = Board::new(1, 2).unwrap();
        // The left box complete, the top of the right box drawn.
        let pos: Position = [
            board.h(0, 0),
            board.h(1, 0),
            board.v(0, 0),
            board.v(0, 1),
            board.h(0, 1),
        ]
        .into_iter()
        .collect();
        let text = render(&board, pos, &|line| format!("-{line}"));
        let expected = "  +-------+-------+\n  |   #   |      -6\n  +-------+  -3   +\n";
        assert_eq!(text, expected);
        let blank = render(&board, Position::EMPTY, &|_| String::new());
        assert_eq!(blank, "  +       +       +\n\n  +       +       +\n");
        // A vertical line's label has 5 columns: an estimate such as ~-0.4 fits whole.
        let wide = render(&board, pos.without(board.v(0, 1)), &|_| "~-0.4".to_string());
        assert_eq!(wide.lines().nth(1), Some("  |     ~-0.4   ~-0.4"));
    }

    #[test]
    fn side_by_side_pads_the_left_block() {
        assert_eq!(
            side_by_side("ab\nc\n", "x\ny\nz\n", 2),
            "ab  x\nc   y\n    z\n"
        );
    }
}
