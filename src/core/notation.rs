//! Text notation for positions: `BOARD` or `BOARD:l1,l2,..`, for example `3x3:0,5,7` or
//! `icelandic:12`. The line list names drawn lines by the board's numbering; pre-drawn lines
//! are implied and may be repeated.

use super::board::Board;
use super::error::LinesError;
use super::position::Position;

/// Parses a comma-separated list of line numbers (spaces allowed, empty list allowed) and
/// returns `board`'s start position with them drawn.
///
/// A line outside the board or listed twice is an error; a pre-drawn line may be repeated.
pub fn parse_lines(board: &Board, text: &str) -> Result<Position, LinesError> {
    let mut pos = Position::EMPTY;
    for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let line: usize = item
            .parse()
            .map_err(|_| LinesError::NotANumber(item.to_string()))?;
        if line >= board.num_lines() {
            return Err(LinesError::OutOfRange {
                line,
                lines: board.num_lines(),
            });
        }
        if pos.contains(line) && !board.predrawn().contains(line) {
            return Err(LinesError::Repeated(line));
        }
        pos = pos.with(line);
    }
    Ok(pos.union(board.start()))
}

/// The lines drawn in `pos` beyond the board's pre-drawn ones, as `l1,l2,..`.
pub fn format_lines(board: &Board, pos: Position) -> String {
    let lines: Vec<String> = pos
        .difference(board.predrawn())
        .lines()
        .map(|l| l.to_string())
        .collect();
    lines.join(",")
}

/// Parses `BOARD` or `BOARD:l1,l2,..` into the board and the position.
pub fn parse_position(text: &str) -> Result<(Board, Position), LinesError> {
    let (board_text, lines_text) = match text.split_once(':') {
        Some((b, l)) => (b, l),
        None => (text, ""),
    };
    if board_text.trim().is_empty() {
        return Err(LinesError::Syntax(text.to_string()));
    }
    let board = Board::parse(board_text)?;
    let pos = parse_lines(&board, lines_text)?;
    Ok((board, pos))
}

/// Formats a position as `BOARD:l1,l2,..` (just `BOARD` when nothing is drawn beyond the
/// pre-drawn lines). Boards with pre-drawn lines other than `icelandic` list them too.
pub fn format_position(board: &Board, pos: Position) -> String {
    let named = Board::parse(&board.name())
        .map(|b| b.predrawn())
        .unwrap_or_default();
    let lines = pos.difference(named);
    if lines.is_empty() {
        board.name()
    } else {
        let list: Vec<String> = lines.lines().map(|l| l.to_string()).collect();
        format!("{}:{}", board.name(), list.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for text in ["3x3", "3x3:0,5,7", "icelandic:0,4", "1x1:0,1,2,3"] {
            let (board, pos) = parse_position(text).unwrap();
            assert_eq!(format_position(&board, pos), text);
        }
    }

    #[test]
    fn errors_name_the_problem() {
        let b = Board::new(1, 1).unwrap();
        assert_eq!(
            parse_lines(&b, "0,x"),
            Err(LinesError::NotANumber("x".into()))
        );
        assert_eq!(
            parse_lines(&b, "4"),
            Err(LinesError::OutOfRange { line: 4, lines: 4 })
        );
        assert_eq!(parse_lines(&b, "1, 1"), Err(LinesError::Repeated(1)));
        let ice = Board::icelandic();
        let left = ice.v(0, 0);
        assert_eq!(
            parse_lines(&ice, &format!("{left},{left}")),
            Ok(ice.start())
        );
        assert!(matches!(parse_position(":1"), Err(LinesError::Syntax(_))));
        assert!(parse_position("2z2:1")
            .unwrap_err()
            .to_string()
            .contains("RxC"));
    }
}
