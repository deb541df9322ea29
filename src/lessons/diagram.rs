//! Positions as small ASCII diagrams, the way the course's exercises are written:
//!
//! ```text
//! +-+-+      dot rows: `+` dots, `-` a drawn line between two dots, ` ` an open one
//! |   |      box rows: `|` a drawn line, ` ` an open one; between them one character
//! + +-+      of the box, ignored (a space, or a letter to annotate it)
//! ```
//!
//! Rows may omit trailing spaces. The board is as large as the diagram (rows of boxes =
//! diagram rows / 2, columns = width / 2).

use crate::core::{Board, Position};

/// The board and position drawn by `rows`, or what is wrong with them.
pub fn parse_diagram(rows: &[&str]) -> Result<(Board, Position), String> {
    if rows.len() < 3 || rows.len().is_multiple_of(2) {
        return Err(format!(
            "has {} rows; it needs an odd number, at least 3",
            rows.len()
        ));
    }
    let width = rows[0].trim_end().len();
    if width < 3 || width.is_multiple_of(2) {
        return Err(format!(
            "first row is {width} characters wide; it needs an odd width, at least 3"
        ));
    }
    let board = Board::new(rows.len() / 2, width / 2).map_err(|e| e.to_string())?;
    let mut pos = board.start();
    for (i, row) in rows.iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        if chars.len() > width {
            return Err(format!("row {} is wider than the first", i + 1));
        }
        let at = |k: usize| chars.get(k).copied().unwrap_or(' ');
        let (r, dots) = (i / 2, i % 2 == 0);
        for k in 0..width {
            let ch = at(k);
            let line = match (dots, k % 2 == 0) {
                (true, true) if ch == '+' => continue,
                (true, true) => return Err(format!("row {} has {ch:?} where a dot + goes", i + 1)),
                (true, false) => (ch, '-', board.h(r, k / 2)),
                (false, true) => (ch, '|', board.v(r, k / 2)),
                (false, false) => continue,
            };
            match line {
                (c, drawn, l) if c == drawn => pos = pos.with(l),
                (' ', _, _) => {}
                (c, drawn, _) => {
                    return Err(format!(
                        "row {} has {c:?} where a line goes ({drawn:?} drawn, ' ' open)",
                        i + 1
                    ))
                }
            }
        }
    }
    Ok((board, pos))
}

/// `pos` drawn as a diagram [`parse_diagram`] reads back (completed boxes marked `#`).
pub fn render_diagram(board: &Board, pos: Position) -> Vec<String> {
    let mut out = Vec::new();
    for r in 0..=board.rows() {
        let mut dots = String::from("+");
        for c in 0..board.cols() {
            dots.push(if pos.contains(board.h(r, c)) {
                '-'
            } else {
                ' '
            });
            dots.push('+');
        }
        out.push(dots);
        if r == board.rows() {
            break;
        }
        let mut boxes = String::new();
        for c in 0..=board.cols() {
            boxes.push(if pos.contains(board.v(r, c)) {
                '|'
            } else {
                ' '
            });
            if c < board.cols() {
                let done = pos.is_superset(board.box_sides(r, c));
                boxes.push(if done { '#' } else { ' ' });
            }
        }
        out.push(boxes.trim_end().to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_diagram_reads_back_what_was_drawn() {
        let rows = ["+-+-+", "|#|", "+-+ +", "", "+ + +"];
        let (board, pos) = parse_diagram(&rows).unwrap();
        assert_eq!((board.rows(), board.cols()), (2, 2));
        let want: Position = [
            board.h(0, 0),
            board.h(0, 1),
            board.v(0, 0),
            board.v(0, 1),
            board.h(1, 0),
        ]
        .into_iter()
        .collect();
        assert_eq!(pos, want);
        let again = render_diagram(&board, pos);
        let again: Vec<&str> = again.iter().map(String::as_str).collect();
        assert_eq!(parse_diagram(&again).unwrap(), (board, pos));
    }

    #[test]
    fn malformed_diagrams_are_named() {
        let bad: [&[&str]; 5] = [
            &["+-+", "| |"],
            &["+-+-", "", "+ +"],
            &["+-+", "x |", "+ +"],
            &["+-x", "", "+ +"],
            &["+-+", "", "+ + + +"],
        ];
        let errors: Vec<String> = bad.iter().map(|d| parse_diagram(d).unwrap_err()).collect();
        assert!(errors[0].contains("odd number"), "{}", errors[0]);
        assert!(errors[1].contains("odd width"), "{}", errors[1]);
        assert!(
            errors[2].contains("row 2 has 'x' where a line goes"),
            "{}",
            errors[2]
        );
        assert!(errors[3].contains("where a dot + goes"), "{}", errors[3]);
        assert!(errors[4].contains("wider than the first"), "{}", errors[4]);
    }
}
