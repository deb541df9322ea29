//! Text notation for positions: `BOARD` or `BOARD:l1,l2,..`, for example `3x3:0,5,7` or
//! `icelandic:12`. The line list names drawn lines by the board's numbering; pre-drawn lines
//! are implied and may be repeated.
//!
//! Lines also have labels, like a chess board's coordinates: dot columns are letters from
//! `a` on the left, dot rows numbers from `1` at the bottom, and a line is named by its two
//! dots, left or lower dot first: `a1b1` (horizontal), `a1a2` (vertical). Wherever a line
//! number is read, its label is accepted too. A box is named by its lower left and upper
//! right dots: `a1b2` is the bottom left box.
//!
//! OpenSpiel's `dots_and_boxes` writes a position as its `dbn` string: one character a line,
//! `1` drawn, in dotbox's numbering (which is OpenSpiel's). It does not name its board; this
//! module reads it as `BITS` on a board given, or `RxC BITS`.

use super::board::Board;
use super::error::{DbnError, LinesError};
use super::position::Position;

/// The letter of dot column `c` (0 on the left): `a`, `b`, ..
pub fn column_label(c: usize) -> char {
    char::from(b'a' + c as u8)
}

/// The number of dot row `r` (0 on top): rows count from 1 at the bottom.
pub fn row_label(board: &Board, r: usize) -> usize {
    board.rows() + 1 - r
}

/// The name of dot `(r, c)`: column letter, then row number (`a1` bottom left).
fn dot_label(board: &Board, (r, c): (usize, usize)) -> String {
    format!("{}{}", column_label(c), row_label(board, r))
}

/// The label of `line`: its two dots, left or lower first (`a1b1`, `a1a2`). `line` must be
/// one of the board's lines (below [`Board::num_lines`]): the label of any other names no line
/// of it, and past the board's dots the row count underflows (a panic in debug builds).
pub fn line_label(board: &Board, line: usize) -> String {
    let (a, b) = board.endpoints(line);
    // Endpoints come top or left first; a vertical line is named from its lower dot.
    let (first, second) = if board.is_horizontal(line) {
        (a, b)
    } else {
        (b, a)
    };
    format!("{}{}", dot_label(board, first), dot_label(board, second))
}

/// The label of box `(r, c)` (row 0 on top): its lower left dot, then its upper right one
/// (`a1b2` is the bottom left box), so boxes are named by the coordinates the board shows.
/// The box must be one of the board's (as for [`line_label`]).
pub fn box_label(board: &Board, (r, c): (usize, usize)) -> String {
    format!(
        "{}{}",
        dot_label(board, (r + 1, c)),
        dot_label(board, (r, c + 1))
    )
}

/// How `text` reads as a dot: a column letter and a row number (`b3`), on the board or not.
enum Dot {
    /// One of the board's dots, as `(row, column)` with row 0 on top.
    On((usize, usize)),
    /// A letter and a number naming no dot of this board (`a5` on 3x3).
    Off,
    /// Not a letter followed by a number.
    Neither,
}

/// Reads `text` as a dot of `board`.
fn parse_dot(board: &Board, text: &str) -> Dot {
    let mut chars = text.chars();
    let Some(col) = chars.next().map(|ch| ch.to_ascii_lowercase()) else {
        return Dot::Neither;
    };
    let digits = chars.as_str();
    if !col.is_ascii_lowercase() || digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Dot::Neither;
    }
    let c = usize::from(col as u8 - b'a');
    match digits.parse::<usize>() {
        Ok(n) if c <= board.cols() && (1..=board.rows() + 1).contains(&n) => {
            Dot::On((board.rows() + 1 - n, c))
        }
        _ => Dot::Off,
    }
}

/// The label of `board`'s last dot, top right (`d4` on 3x3): dots run from `a1` to it.
fn last_dot_label(board: &Board) -> String {
    dot_label(board, (0, board.cols()))
}

/// One line named by its number (`7`) or its label (`a1b1`; either dot first), checked to be
/// on `board`.
pub fn parse_line(board: &Board, item: &str) -> Result<usize, LinesError> {
    let item = item.trim();
    let digits = item.strip_prefix('-').unwrap_or(item);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        if digits.len() > 1 && digits.starts_with('0') {
            return Err(LinesError::LeadingZero(item.to_string()));
        }
        // A whole number: a line index if it is one, else off the board (negative or past
        // the last line, however many digits).
        return match item.parse::<usize>() {
            Ok(line) if line < board.num_lines() => Ok(line),
            _ => Err(LinesError::OutOfRange {
                line: item.to_string(),
                lines: board.num_lines(),
            }),
        };
    }
    // A label: two dots, each a letter and a number; the second starts at the next letter.
    let split = item
        .char_indices()
        .skip(1)
        .find(|(_, ch)| ch.is_ascii_alphabetic())
        .map(|(i, _)| i);
    let dots = split.map(|i| (parse_dot(board, &item[..i]), parse_dot(board, &item[i..])));
    match dots {
        Some((Dot::On(a), Dot::On(b))) => board
            .line_between(a, b)
            .ok_or_else(|| LinesError::NotALine(item.to_string())),
        Some((Dot::On(_) | Dot::Off, Dot::On(_) | Dot::Off)) => Err(LinesError::DotOffBoard {
            label: item.to_string(),
            last_dot: last_dot_label(board),
        }),
        _ => Err(LinesError::NotANumber(item.to_string())),
    }
}

/// Parses a comma-separated list of line numbers or labels (spaces allowed, empty list
/// allowed) and returns `board`'s start position with them drawn.
///
/// A line outside the board or listed twice is an error; a pre-drawn line may be repeated.
/// An empty item (`0,,1`, `0,`) is an error: it is most likely a line left out.
pub fn parse_lines(board: &Board, text: &str) -> Result<Position, LinesError> {
    let mut pos = Position::EMPTY;
    if text.trim().is_empty() {
        return Ok(board.start());
    }
    for item in text.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(LinesError::EmptyItem(text.to_string()));
        }
        let line = parse_line(board, item)?;
        if pos.contains(line) && !board.predrawn().contains(line) {
            return Err(LinesError::Repeated(line));
        }
        pos = pos.with(line);
    }
    Ok(pos.union(board.start()))
}

/// The lines drawn in `pos` beyond the board's pre-drawn ones, as `l1,l2,..`.
pub fn format_lines(board: &Board, pos: Position) -> String {
    format_line_set(pos.difference(board.predrawn()))
}

/// The lines of `lines`, lowest first, as `l1,l2,..` (empty for none).
pub fn format_line_set(lines: Position) -> String {
    let list: Vec<String> = lines.lines().map(|l| l.to_string()).collect();
    list.join(",")
}

/// Whether `text` is a game record (`BOARD [pre L,..] [moves M ..]`, as `Game::record`
/// writes it: it has the word `pre` or `moves`) rather than a board or a position
/// (`BOARD:l1,l2,..`, labels or numbers, spaces allowed around its colon and commas). A board
/// followed by other words (`3x3 junk`) is read as a record too, so that its error names the
/// words. The one rule the command line, Python and the page tell them apart by.
pub fn is_record(text: &str) -> bool {
    let text = text.trim();
    text.split_whitespace().any(|w| w == "moves" || w == "pre")
        || (!text.contains(':') && text.contains(char::is_whitespace))
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
    // The pre-drawn lines the board's name implies go without saying.
    let named = board.predrawn().difference(board.extra_predrawn());
    let lines = pos.difference(named);
    if lines.is_empty() {
        board.name()
    } else {
        format!("{}:{}", board.name(), format_line_set(lines))
    }
}

/// OpenSpiel's `dbn` string of `pos` on `board`: a `0` or `1` for each line, pre-drawn lines
/// drawn.
pub fn format_dbn(board: &Board, pos: Position) -> String {
    (0..board.num_lines())
        .map(|line| if pos.contains(line) { '1' } else { '0' })
        .collect()
}

/// Reads OpenSpiel's `dbn` string: `BITS`, on `board`, or `RxC BITS` (any board name), on the
/// board it names. The one reading of it for the page and the Python package alike: the bits
/// must be one a line, and a board with pre-drawn lines (`icelandic`) must find them drawn,
/// else the string is of another board with as many lines.
pub fn parse_dbn(text: &str, board: Option<&Board>) -> Result<(Board, Position), DbnError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let is_bits = |word: &str| word.bytes().all(|b| b == b'0' || b == b'1');
    let (named, bits) = match words.as_slice() {
        [] => (None, ""),
        [bits] => (None, *bits),
        [first, rest @ ..] if is_bits(first) => return Err(DbnError::Trailing(rest.join(" "))),
        [named, bits] => (Some(*named), *bits),
        [_, _, rest @ ..] => return Err(DbnError::Trailing(rest.join(" "))),
    };
    let board = match named {
        Some(name) => Board::parse(name)?,
        None => board.cloned().ok_or(DbnError::NoBoard)?,
    };
    if let Some((at, found)) = bits
        .chars()
        .enumerate()
        .find(|&(_, ch)| ch != '0' && ch != '1')
    {
        return Err(DbnError::NotABit { found, at: at + 1 });
    }
    if bits.len() != board.num_lines() {
        return Err(DbnError::Length {
            got: bits.len(),
            board: board.name(),
            lines: board.num_lines(),
        });
    }
    let pos = bits
        .bytes()
        .enumerate()
        .filter(|&(_, bit)| bit == b'1')
        .fold(Position::EMPTY, |pos, (line, _)| pos.with(line));
    let missing: Vec<usize> = board.predrawn().difference(pos).lines().collect();
    if !missing.is_empty() {
        return Err(DbnError::PredrawnMissing {
            board: board.name(),
            lines: missing,
        });
    }
    Ok((board, pos))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_told_from_positions_by_their_words() {
        for record in [
            "3x3 moves a4b4",
            "3x3 pre 0,5",
            "3x3:0 moves 5",
            "3x3 junk",
            " 2x2 moves ",
        ] {
            assert!(is_record(record), "{record}");
        }
        for position in [
            "3x3",
            "3x3:0,5",
            "3x3:0, 5",
            "3x3 : 0,5",
            "3x3:a1b1, b1c1",
            " 4x4 ",
        ] {
            assert!(!is_record(position), "{position}");
        }
    }

    #[test]
    fn labels_name_each_line_and_read_back() {
        for name in ["1x1", "3x3", "icelandic", "2x5"] {
            let board = Board::parse(name).unwrap();
            let mut seen = std::collections::HashSet::new();
            for line in 0..board.num_lines() {
                let label = line_label(&board, line);
                assert!(seen.insert(label.clone()), "{name}: {label} twice");
                assert_eq!(parse_line(&board, &label).unwrap(), line, "{name}: {label}");
                assert_eq!(parse_line(&board, &line.to_string()).unwrap(), line);
            }
        }
        let b = Board::parse("3x3").unwrap();
        // Top-left horizontal line: dots a4 and b4; bottom-left vertical: a1 and a2.
        assert_eq!(line_label(&b, 0), "a4b4");
        assert_eq!(line_label(&b, 20), "a1a2");
        // Boxes by their lower left and upper right dots, each box's sides' labels among
        // the dots it names: the top left box is a3b4, the bottom right c1d2.
        assert_eq!(box_label(&b, (0, 0)), "a3b4");
        assert_eq!(box_label(&b, (2, 2)), "c1d2");
        let bottom_left = box_label(&b, (2, 0));
        assert_eq!(bottom_left, "a1b2");
        assert!(
            line_label(&b, 20).starts_with(&bottom_left[..2]),
            "its left side starts at a1"
        );
        assert_eq!(parse_line(&b, "b4a4").unwrap(), 0, "either dot first");
        assert_eq!(parse_line(&b, "A1A2").unwrap(), 20);
        assert_eq!(
            parse_line(&b, "a1b2").unwrap_err().to_string(),
            "'a1b2' joins dots that are not neighbours"
        );
        for off in ["a1e1", "a5b5", "a0a1", "a4a99999999999999999999"] {
            assert_eq!(
                parse_line(&b, off).unwrap_err().to_string(),
                format!("'{off}' names a dot that is not on the board: its dots are a1 to d4"),
            );
        }
        for not_a_label in ["a1b", "a+1b1", "ab1", "a1-b1"] {
            assert!(
                matches!(parse_line(&b, not_a_label), Err(LinesError::NotANumber(_))),
                "{not_a_label}"
            );
        }
        assert_eq!(
            parse_line(&b, "abc").unwrap_err().to_string(),
            "'abc' is neither a line number nor a line label like a1b1"
        );
        assert_eq!(
            parse_lines(&b, "a4b4, 5").unwrap(),
            parse_lines(&b, "0,5").unwrap()
        );
    }

    #[test]
    fn bad_lists_are_refused_naming_the_item() {
        let b = Board::parse("2x2").unwrap();
        for (list, message) in [
            ("0,,1", "an item of the list '0,,1' is empty"),
            ("0,", "an item of the list '0,' is empty"),
            (",0", "an item of the list ',0' is empty"),
            ("0, ,1", "an item of the list '0, ,1' is empty"),
            ("-1", "line -1 does not exist: this board has lines 0 to 11"),
            ("12", "line 12 does not exist: this board has lines 0 to 11"),
            (
                "99999999999999999999999",
                "line 99999999999999999999999 does not exist",
            ),
            ("-", "'-' is neither a line number nor a line label"),
            ("0,0", "line 0 is listed twice"),
        ] {
            let e = parse_lines(&b, list).unwrap_err().to_string();
            assert!(e.starts_with(message), "{list:?}: {e}");
        }
        for fine in ["", " ", "0", " 0 , 1 "] {
            assert!(parse_lines(&b, fine).is_ok(), "{fine:?}");
        }
    }

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
            Err(LinesError::OutOfRange {
                line: "4".into(),
                lines: 4
            })
        );
        assert_eq!(parse_lines(&b, "1, 1"), Err(LinesError::Repeated(1)));
        // A dbn string given as lines (2x2's empty board) would read as line 0.
        let two = Board::new(2, 2).unwrap();
        for dbn in ["000000000000", "000000000001", "01"] {
            let e = parse_lines(&two, dbn).unwrap_err();
            assert_eq!(e, LinesError::LeadingZero(dbn.into()));
            assert!(e.to_string().contains("dbn string"), "{e}");
        }
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

    #[test]
    fn dbn_strings_read_back_on_their_board() {
        let mut rng = crate::core::SplitMix(7);
        for name in ["1x1", "2x3", "3x2", "3x3", "icelandic", "5x5"] {
            let board = Board::parse(name).unwrap();
            for _ in 0..50 {
                let pos = board
                    .start()
                    .union(Position(rng.next_u64() & board.all_lines().0));
                let bits = format_dbn(&board, pos);
                assert_eq!(bits.len(), board.num_lines());
                assert_eq!(parse_dbn(&bits, Some(&board)), Ok((board.clone(), pos)));
                let named = format!("{name}  {bits}\n");
                assert_eq!(parse_dbn(&named, None), Ok((board.clone(), pos)), "{named}");
            }
        }
    }

    #[test]
    fn dbn_errors_name_the_problem() {
        let b = Board::new(1, 1).unwrap();
        let ice = Board::icelandic();
        let cases: [(&str, Option<&Board>, DbnError); 8] = [
            ("1001", None, DbnError::NoBoard),
            ("", None, DbnError::NoBoard),
            ("1x1 1001 more", None, DbnError::Trailing("more".into())),
            ("1001 1x1", Some(&b), DbnError::Trailing("1x1".into())),
            ("10x1", Some(&b), DbnError::NotABit { found: 'x', at: 3 }),
            (
                "100",
                Some(&b),
                DbnError::Length {
                    got: 3,
                    board: "1x1".into(),
                    lines: 4,
                },
            ),
            (
                "2x2 1001",
                Some(&b),
                DbnError::Length {
                    got: 4,
                    board: "2x2".into(),
                    lines: 12,
                },
            ),
            (
                &"0".repeat(38),
                Some(&ice),
                DbnError::PredrawnMissing {
                    board: "icelandic".into(),
                    lines: ice.predrawn().lines().collect(),
                },
            ),
        ];
        for (text, board, error) in cases {
            assert_eq!(parse_dbn(text, board), Err(error), "{text:?}");
        }
        assert!(matches!(
            parse_dbn("2z2 1001", None),
            Err(DbnError::Board(_))
        ));
        // The same bits of icelandic, named as 3x5, are a 3x5 position.
        let named = format!("3x5 {}", "0".repeat(38));
        assert_eq!(parse_dbn(&named, Some(&ice)).unwrap().0.name(), "3x5");
    }
}
