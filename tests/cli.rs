//! The `dotbox` binary run on real files: analyze against the naive reference, books built,
//! described and verified, every kind of bad input, and a killed file-backed solve resumed.

mod common;

use std::os::unix::fs::FileTypeExt;
use std::path::Path;

use common::cli::{
    dotbox, dotbox_with_env, failure, file_names, interrupt_when, json_of, kill_when, lines_arg,
    reused_tiles, signal_when, solved_json, stdout, tile_files, with_stderr_closed,
};
use common::{Naive, Rng};
use serde_json::Value;

/// The JSON `dotbox analyze --json` must print for `pos`, from the naive solver.
/// The exact JSON `dotbox analyze` prints for `pos`, answered by `method`.
fn expected_json(board: &str, naive: &mut Naive, pos: u64, method: &str) -> Value {
    let lines: Vec<u64> = (0..64).filter(|l| pos >> l & 1 == 1).collect();
    let moves: Vec<Value> = naive
        .scores(pos)
        .into_iter()
        .map(|(line, score)| serde_json::json!({"line": line, "score": score, "exact": true}))
        .collect();
    serde_json::json!({"board": board, "lines": lines, "method": method, "exact": true,
                       "value": naive.value(pos), "moves": moves})
}

#[test]
fn analyze_json_matches_the_naive_solver_on_random_positions() {
    let boards = [
        ("1x1", 1, 1, 4),
        ("1x2", 1, 2, 7),
        ("2x1", 2, 1, 7),
        ("2x2", 2, 2, 12),
        ("1x4", 1, 4, 13),
        ("2x3", 2, 3, 14),
        ("3x3", 3, 3, 14),
        ("2x5", 2, 5, 13),
        ("3x4", 3, 4, 13),
        ("4x4", 4, 4, 12),
        ("5x5", 5, 5, 12),
        ("4x6", 4, 6, 12),
    ];
    for (name, r, c, max_open) in boards {
        let mut naive = Naive::new(r, c);
        let mut rng = Rng(r as u64 * 31 + c as u64);
        for _ in 0..8 {
            let open = 1 + rng.below(max_open as u64) as usize;
            let pos = rng.position(naive.lines(), open);
            let got = json_of(&["analyze", name, "--lines", &lines_arg(pos), "--json"]);
            assert_eq!(
                got,
                expected_json(name, &mut naive, pos, "retro"),
                "{name} {pos:#x}"
            );
        }
    }
}

#[test]
fn analyze_handles_pre_drawn_lines_and_the_full_board() {
    // icelandic: the pre-drawn lines are implied, may be repeated, and are listed in "lines".
    let predrawn: u64 = [20, 26, 32, 15, 16, 17, 18, 19]
        .iter()
        .map(|l| 1u64 << l)
        .sum();
    let mut naive = Naive::new(3, 5);
    let mut rng = Rng(7);
    for repeat in [false, true] {
        for _ in 0..4 {
            let pos = rng.position(38, 12) | predrawn;
            let given = if repeat { pos } else { pos & !predrawn };
            let got = json_of(&[
                "analyze",
                "icelandic",
                "--lines",
                &lines_arg(given),
                "--json",
            ]);
            assert_eq!(got, expected_json("icelandic", &mut naive, pos, "retro"));
        }
    }
    let full = json_of(&["analyze", "1x1", "--lines", "0,1,2,3", "--json"]);
    assert_eq!(
        full,
        serde_json::json!({"board": "1x1", "lines": [0, 1, 2, 3], "method": "retro", "exact": true,
                           "value": 0, "moves": []})
    );
    let empty = json_of(&["analyze", "3x3", "--json"]);
    assert_eq!(empty["value"], -3);
}

#[test]
fn lines_may_be_given_by_their_labels() {
    // a4b4 is line 0 (top left, dots a4 and b4), a1a2 the lowest left vertical line (20).
    let by_number = json_of(&["analyze", "3x3", "--lines", "0,20", "--json"]);
    let by_label = json_of(&["analyze", "3x3", "--lines", "a4b4, a1a2", "--json"]);
    assert_eq!(by_label, by_number);
    assert!(failure(&["analyze", "3x3", "--lines", "a1c1"]).contains("not neighbours"));
}

#[test]
fn a_game_record_is_played_to_its_position() {
    // Lines 0, 2, 4 then 5: the second player completes the left box and moves again.
    let mut by_record = json_of(&["analyze", "1x2 moves 0 2 a1a2 5", "--json"]);
    let by_lines = json_of(&["analyze", "1x2", "--lines", "0,2,4,5", "--json"]);
    // The record's answer says where its game stands too: whose the value is, the boxes so far.
    let game = by_record.as_object_mut().unwrap().remove("game");
    assert_eq!(
        game,
        Some(serde_json::json!({"moves_played": 4, "taken": [0, 1], "to_move": 1}))
    );
    assert_eq!(by_record, by_lines);
    let over = json_of(&["analyze", "1x1 moves 0 1 2 3", "--json"]);
    assert_eq!(over["game"]["to_move"], Value::Null, "{over}");
    let text = stdout(&["analyze", "1x2 moves 0 2 a1a2 5"]);
    assert!(
        text.starts_with(
            "game: 4 moves played, boxes taken 0 (first player) and 1 (second player); the \
             second player to move\n1x2 with lines 0,2,4,5 drawn"
        ),
        "{text}"
    );
    let repeated = failure(&["analyze", "3x3 moves a4b4 a4b4"]);
    assert!(
        repeated.contains("move 2 ('a4b4'): line 0 is already drawn"),
        "{repeated}"
    );
    assert!(failure(&["analyze", "3x3 moves 0", "--lines", "1"]).contains("--lines"));
}

#[test]
fn a_position_in_the_notation_stands_for_board_and_lines() {
    // `BOARD:l1,l2,..` is how books and their errors name positions.
    let by_notation = json_of(&["analyze", "icelandic:3,a4b4", "--json"]);
    let by_lines = json_of(&["analyze", "icelandic", "--lines", "3,0", "--json"]);
    assert_eq!(by_notation, by_lines);
    // Spaces after the commas, with labels as with numbers: still a position, no record.
    for spaced in ["icelandic:3, a4b4", "icelandic : a4b4, 3"] {
        assert_eq!(
            json_of(&["analyze", spaced, "--json"]),
            by_lines,
            "{spaced}"
        );
    }
    assert_eq!(
        json_of(&["chains", "3x3:0,1,2,3,9,12", "--json"]),
        json_of(&["chains", "3x3", "--lines", "0,1,2,3,9,12", "--json"])
    );
    let both = failure(&["analyze", "3x3:0", "--lines", "1"]);
    assert!(both.contains("--lines cannot be combined"), "{both}");
    let bad = failure(&["analyze", "3x3:0,99"]);
    assert!(
        bad.contains("position '3x3:0,99': line 99 does not exist"),
        "{bad}"
    );
    let empty = failure(&["analyze", ":0"]);
    assert!(empty.contains("error: invalid position ':0'"), "{empty}");
}

#[test]
fn every_json_report_has_one_form() {
    // One line of JSON with a space after each comma and colon, whichever method answered.
    for command in [
        "analyze 2x2 --json",
        "analyze 5x5 --method estimate --time-limit 0.1 --json",
        "analyze 5x5 --method rules --json",
        "chains 3x3:0,1,2,3,9,12 --json",
        "solve 2x2 --json",
        "analyze 1x2_moves_0_2 --json",
    ] {
        // A game record is one argument: its spaces written `_` here.
        let args: Vec<String> = command.split(' ').map(|a| a.replace('_', " ")).collect();
        let text = stdout(&args.iter().map(String::as_str).collect::<Vec<_>>());
        serde_json::from_str::<Value>(&text).unwrap_or_else(|e| panic!("{command}: {e}"));
        let one_line = text.ends_with("}\n") && text.lines().count() == 1;
        assert!(one_line && spaced(&text), "{command}: {text}");
    }
}

/// Whether every comma and colon outside the strings of `json` is followed by a space.
fn spaced(json: &str) -> bool {
    let (mut in_string, mut escaped, mut after) = (false, false, false);
    for c in json.chars() {
        if after && c != ' ' {
            return false;
        }
        after = !in_string && (c == ',' || c == ':');
        match c {
            _ if escaped => escaped = false,
            '\\' if in_string => escaped = true,
            '"' => in_string = !in_string,
            _ => {}
        }
    }
    true
}

#[test]
fn human_output_draws_the_scores_on_the_board() {
    let text = stdout(&["analyze", "1x2", "--lines", "0,2,4"]);
    // Lines 0, 2, 4 drawn: the left box needs line 5, which completes it and scores 1.
    assert!(
        text.contains("1x2 with lines 0,2,4 drawn, 4 open lines"),
        "{text}"
    );
    assert!(text.contains(" +-------+   1   +"), "{text}");
    assert!(text.contains("value: 2"), "{text}");
    assert!(text.contains("best moves: 5"), "{text}");
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_book = dir.path().join("notes.txt");
    std::fs::write(&not_a_book, "hello").unwrap();
    let nb = not_a_book.to_str().unwrap();
    let empty = dir.path().join("empty.book");
    std::fs::write(&empty, "").unwrap();
    let empty = empty.to_str().unwrap();
    let missing = dir.path().join("missing.book");
    let ms = missing.to_str().unwrap();
    let unwritable = format!("{ms}/in/no/directory.book");
    let cases: [(&[&str], &str); 28] = [
        (&["analyze", "3z3"], "invalid board '3z3'"),
        // Lines after the board, a record left unquoted: the error says how to give them.
        (
            &["analyze", "3x3", "0,5"],
            "'0,5' follows the board 3x3: give drawn lines with --lines (3x3 --lines 0,5, or 3x3:0,5)",
        ),
        (
            &["analyze", "3x3", "moves", "a4b4", "b1b2"],
            "a game record is one argument: quote it (\"3x3 moves a4b4 b1b2\")",
        ),
        (&["analyze", "+3x+3"], "invalid board '+3x+3'"),
        (&["analyze", "0x3"], "at least one row"),
        (&["analyze", "6x6"], "at most 64"),
        // Counted in usize these wrap around to 12 and 0 lines.
        (&["analyze", "1x6148914691236517209"], "at most 64"),
        (
            &["chains", "9223372036854775808x9223372036854775808"],
            "at most 64",
        ),
        (
            &["analyze", "2x2", "--lines", "1,x"],
            "'x' is neither a line number",
        ),
        (
            &["analyze", "3x3", "--lines", "0,a5b5"],
            "'a5b5' names a dot that is not on the board: its dots are a1 to d4",
        ),
        (
            &["analyze", "2x2", "--lines", "12"],
            "line 12 does not exist",
        ),
        (
            &["analyze", "2x2", "--lines", "3,3"],
            "line 3 is listed twice",
        ),
        (
            &["analyze", "2x2", "--method", "search", "--min-chain", "5"],
            "--method search does not read --min-chain",
        ),
        (
            &["analyze", "2x2", "--loony", "--min-chain", "4"],
            "--loony does not read --min-chain",
        ),
        (
            &["analyze", "4x4", "--method", "retro"],
            "dotbox solve --store",
        ),
        (&["solve", "2x2", "--memory", "lots"], "not a size"),
        (&["solve", "2x2", "--memory", "6X"], "unit must be"),
        (
            &["solve", "2x2", "--memory", "0.0001"],
            "'0.0001' is less than one byte",
        ),
        (
            &[
                "book", "build", "2x2", "--depth", "2", "--out", ms, "--memory", "1e-5K",
            ],
            "'1e-5K' is less than one byte",
        ),
        (&["analyze", "2x2", "--book", nb], "not a dotbox book"),
        (&["analyze", "2x2", "--book", ms], "cannot read"),
        (&["book", "info", nb], "not a dotbox book"),
        (
            &["book", "verify", empty],
            "the file is empty (0 bytes), not a dotbox book",
        ),
        (&["book", "verify", ms], "cannot read"),
        (
            &["book", "build", "1x1", "--depth", "5", "--out", ms],
            "depth 5 exceeds the board's 4 open lines",
        ),
        (&["solve", "2x2", "--threads", "0"], "--threads"),
        (
            &["book", "build", "1x1", "--depth", "1", "--out", &unwritable],
            "cannot write",
        ),
        (&["solve", "2x2", "--store", nb], "a file, not a directory"),
    ];
    for (args, message) in cases {
        let err = failure(args);
        assert!(err.contains(message), "dotbox {args:?}: {err}");
    }
    // Usage errors come from the argument parser, also with exit code 2.
    assert_eq!(dotbox(&["analyze"]).status.code(), Some(2));
    assert_eq!(dotbox(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn book_build_info_verify_and_query() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("2x3.book");
    let bs = book.to_str().unwrap();
    let store = dir.path().join("store");
    let built = stdout(&[
        "book",
        "build",
        "2x3",
        "--depth",
        "6",
        "--out",
        bs,
        "--store",
        store.to_str().unwrap(),
    ]);
    assert!(built.contains("up to 6 lines"), "{built}");
    let info = stdout(&["book", "info", bs]);
    for needle in [
        "board: 2x3 (17 lines; pre-drawn: none)",
        "up to 6 lines",
        "version 2",
        "    0          1",
        "starting position: -2",
    ] {
        assert!(info.contains(needle), "{needle}: {info}");
    }
    assert!(stdout(&["book", "verify", bs]).contains("ok"));
    let deep = stdout(&["book", "verify", "--deep", bs]);
    assert!(deep.contains("checked against their children"), "{deep}");

    // Positions within the book and deeper ones (solved in memory) match the naive solver.
    let mut naive = Naive::new(2, 3);
    let mut rng = Rng(23);
    for drawn in [0, 1, 3, 5, 6, 8, 11] {
        let pos = rng.position(17, 17 - drawn);
        let args = [
            "analyze",
            "2x3",
            "--lines",
            &lines_arg(pos),
            "--book",
            bs,
            "--json",
        ];
        assert_eq!(
            json_of(&args),
            expected_json(
                "2x3",
                &mut naive,
                pos,
                if drawn < 6 { "book" } else { "retro" }
            ),
            "{drawn} lines"
        );
    }
    let human = stdout(&["analyze", "2x3", "--book", bs]);
    assert!(human.contains("from book"), "{human}");

    // The same book without a store, byte for byte.
    let again = dir.path().join("again.book");
    stdout(&[
        "book",
        "build",
        "2x3",
        "--depth",
        "6",
        "--out",
        again.to_str().unwrap(),
    ]);
    assert_eq!(
        std::fs::read(&book).unwrap(),
        std::fs::read(&again).unwrap()
    );

    // Format 1 on request, read the same way.
    let v1 = dir.path().join("v1.book");
    let v1s = v1.to_str().unwrap();
    stdout(&[
        "book", "build", "2x3", "--depth", "6", "--format", "1", "--out", v1s,
    ]);
    let info = stdout(&["book", "info", v1s]);
    assert!(
        info.contains("version 1") && info.contains("   0 lines: 1"),
        "{info}"
    );
    assert!(stdout(&["book", "verify", v1s]).contains("ok"));
    assert_eq!(
        stdout(&["analyze", "2x3", "--lines", "0,5", "--book", v1s, "--json"]),
        stdout(&["analyze", "2x3", "--lines", "0,5", "--book", bs, "--json"])
    );

    // Damaged copies are refused by name.
    let good = std::fs::read(&book).unwrap();
    let cut = dir.path().join("cut.book");
    std::fs::write(&cut, &good[..good.len() / 2]).unwrap();
    assert!(failure(&["book", "verify", cut.to_str().unwrap()]).contains("truncated"));
    // A query that reads only chunks before the cut, and a book with bytes appended: refused
    // when opened, not answered (`book verify` refuses them both).
    let longer = dir.path().join("longer.book");
    std::fs::write(&longer, [&good[..], b"junk"].concat()).unwrap();
    for (file, why) in [
        (&cut, "truncated"),
        (&longer, "4 bytes follow the declared end"),
    ] {
        let f = file.to_str().unwrap();
        let err = failure(&["analyze", "2x3", "--book", f]);
        assert!(err.contains(f) && err.contains(why), "{err}");
    }
    let flipped = dir.path().join("flipped.book");
    let mut bad = good.clone();
    bad[good.len() / 2] ^= 1;
    std::fs::write(&flipped, &bad).unwrap();
    assert!(failure(&["book", "verify", flipped.to_str().unwrap()]).contains("checksum mismatch"));
    let err = failure(&["analyze", "3x3", "--book", bs]);
    assert!(err.contains("the book is for 2x3, not for 3x3"), "{err}");
}

/// `book build --out` inside its own `--store` is refused before the solve: a book written
/// over the store's manifest left its good tiles in a store no command would open.
#[test]
fn book_build_refuses_to_write_into_its_store() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let s = store.to_str().unwrap();
    let build = |out: &Path| {
        let out = out.to_str().unwrap().to_string();
        [
            "book", "build", "2x2", "--depth", "2", "--out", &out, "--store", s,
        ]
        .map(String::from)
    };
    stdout(&["solve", "2x2", "--store", s]);
    for name in ["dotbox-store", "book"] {
        let out = store.join(name);
        let err = failure(&build(&out).each_ref().map(String::as_str));
        let said = format!(
            "--out {}: cannot write the book there: it is inside the --store directory {s}",
            out.display()
        );
        assert!(err.contains(&said), "{err}");
    }
    assert!(stdout(&["solve", "2x2", "--store", s]).contains("value"));
    let book = dir.path().join("2x2.book");
    stdout(&build(&book).each_ref().map(String::as_str));
    assert!(book.is_file());
}

/// `book build --out` writes a book and nothing else: what is not a regular file (a device
/// node, a fifo, a directory) is refused before the solve and left as it was, a symbolic link
/// is written through (its target replaced, the link kept), and a file of the user's named
/// like a temporary file (`OUT.tmp`) is kept.
#[test]
fn book_build_replaces_only_the_book_it_writes() {
    let dir = tempfile::tempdir().unwrap();
    let at = |name: &str| dir.path().join(name);
    let build = |out: &Path| {
        let out = out.to_str().unwrap();
        ["book", "build", "2x2", "--depth", "2", "--out", out].map(String::from)
    };
    let refused = |out: &Path, why: &str| {
        let err = failure(&build(out).each_ref().map(String::as_str));
        let said = format!(
            "--out {}: cannot write the book there: {why}",
            out.display()
        );
        assert!(err.contains(&said), "{err}");
    };
    // Special files, made by the system's tools (a device node needs root: skipped without).
    let made = |tool: &str, args: &[&str]| {
        std::process::Command::new(tool)
            .args(args)
            .status()
            .is_ok_and(|s| s.success())
    };
    let null = at("mynull");
    if made("mknod", &[null.to_str().unwrap(), "c", "1", "3"]) {
        refused(&null, "it is a character device, not a regular file");
        assert!(std::fs::symlink_metadata(&null)
            .unwrap()
            .file_type()
            .is_char_device());
    }
    let fifo = at("fifo");
    assert!(made("mkfifo", &[fifo.to_str().unwrap()]));
    refused(&fifo, "it is a fifo, not a regular file");
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    let sub = at("sub");
    std::fs::create_dir(&sub).unwrap();
    refused(&sub, "it is a directory, not a regular file");
    let dangling = at("dangling.book");
    std::os::unix::fs::symlink("nowhere.book", &dangling).unwrap();
    refused(
        &dangling,
        "it is a symbolic link to nowhere.book, which does not exist",
    );

    // A symbolic link: the book replaces its target, the link stays.
    std::fs::write(at("target.txt"), "old").unwrap();
    let link = at("link.book");
    std::os::unix::fs::symlink("target.txt", &link).unwrap();
    stdout(&build(&link).each_ref().map(String::as_str));
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let book = std::fs::read(at("target.txt")).unwrap();
    assert!(dotbox::book::Book::from_bytes(book).is_ok());

    // The user's OUT.tmp is not the build's temporary file.
    std::fs::write(at("notes.tmp"), "precious").unwrap();
    stdout(&build(&at("notes")).each_ref().map(String::as_str));
    assert_eq!(
        std::fs::read_to_string(at("notes.tmp")).unwrap(),
        "precious"
    );
    let names = common::cli::file_names(dir.path());
    let mut expected = vec![
        "dangling.book",
        "fifo",
        "link.book",
        "notes",
        "notes.tmp",
        "sub",
        "target.txt",
    ];
    if null.exists() {
        expected.push("mynull");
        expected.sort();
    }
    assert_eq!(names, expected, "no temporary file left");
}

/// A book with a damaged chunk: `info` still describes it from its header and index; where
/// the damage hides the starting position's value it says so and fails (exit 2, the damage
/// on stderr); `verify` refuses it either way. The shipped 3x4 book, whose first layers take
/// bytes (a layer of one value takes none).
#[test]
fn a_book_with_a_damaged_chunk_is_described_and_refused_by_verify() {
    let good = std::fs::read("www/books/3x4-d7.book").unwrap();
    let index = dotbox::book::v2::BookV2Index::parse(&good).unwrap();
    let layer_1 = index.chunk_range(index.layers()[1].first_chunk).unwrap();
    assert!(!layer_1.is_empty());
    let dir = tempfile::tempdir().unwrap();
    let flipped = dir.path().join("flipped.book");
    let f = flipped.to_str().unwrap();
    // The last chunk (the deepest layer's), which the starting position's moves do not read;
    // then the chunk of its children's values.
    for (at, start_read) in [(good.len() - 1, true), (layer_1.start as usize, false)] {
        let mut bad = good.clone();
        bad[at] ^= 1;
        std::fs::write(&flipped, &bad).unwrap();
        let out = dotbox(&["book", "info", f]);
        let (info, err) = (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        );
        assert!(info.contains("board: 3x4 (31 lines"), "{info}");
        if start_read {
            assert!(out.status.success(), "{err}");
            assert!(info.contains("starting position: 0\n"), "{info}");
        } else {
            assert_eq!(out.status.code(), Some(2), "{info}");
            let said = format!(
                "starting position: not read, the book is damaged (`dotbox book verify {f}`"
            );
            assert!(info.contains(&said), "{info}");
            assert!(err.starts_with(&format!("error: {f}: ")), "{err}");
            assert!(err.contains("checksum mismatch"), "{err}");
        }
        assert!(failure(&["book", "verify", f]).contains("checksum mismatch"));
    }
}

/// A shipped book with a damaged chunk: plain `analyze` still names the damage (never an
/// answer from a damaged book, nor a silent fall back), and says what answers without the
/// book and how to check it; the method it names does answer.
#[test]
fn a_damaged_shipped_book_says_what_answers_without_it() {
    let books = tempfile::tempdir().unwrap();
    for name in ["index.json", "3x4-d7.book"] {
        std::fs::copy(Path::new("www/books").join(name), books.path().join(name)).unwrap();
    }
    let book = books.path().join("3x4-d7.book");
    let mut bytes = std::fs::read(&book).unwrap();
    let index = dotbox::book::v2::BookV2Index::parse(&bytes).unwrap();
    // The chunk of the first layer, which the starting position's move scores read.
    let at = index
        .chunk_range(index.layers()[1].first_chunk)
        .unwrap()
        .start as usize;
    bytes[at] ^= 1;
    std::fs::write(&book, bytes).unwrap();
    let run = |args: &[&str]| {
        dotbox_with_env(args, "DOTBOX_BOOKS", books.path())
            .output()
            .unwrap()
    };
    let out = run(&["analyze", "3x4"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    let said = format!(
        "error: {0}: the book is corrupt: chunk 1: checksum mismatch: stored ",
        book.display()
    );
    assert!(err.starts_with(&said), "{err}");
    let advice = format!(
        "; give --method retro (or --method search) to answer without the book, and `dotbox \
         book verify {}` checks all of it\n",
        book.display()
    );
    assert!(err.ends_with(&advice), "{err}");
    assert_eq!(err.lines().count(), 1, "one message: {err}");
    // The book named with --book: it must be left out for the others to answer.
    let out = run(&["analyze", "3x4", "--book", book.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("; leave out --book and give --method retro"),
        "{err}"
    );
    // What the advice says works.
    let out = run(&["analyze", "3x4", "--method", "retro"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("value: 0"));
    let out = run(&["book", "verify", book.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("checksum mismatch"));
}

#[test]
fn a_store_of_another_solve_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().to_str().unwrap();
    stdout(&["solve", "2x2", "--store", store]);
    let err = failure(&["solve", "2x3", "--store", store]);
    assert!(err.contains("belongs to another solve"), "{err}");
    // Another position of the same board: named by its lines, not by the store's bit mask.
    let other = tempfile::tempdir().unwrap();
    let store = other.path().to_str().unwrap();
    stdout(&["solve", "2x3", "--lines", "0", "--store", store]);
    let err = failure(&["solve", "2x3", "--lines", "1,5", "--store", store]);
    assert!(
        err.contains(
            "it holds the position with lines 0 drawn where this solve has the position with \
             lines 1,5 drawn; use another store directory"
        ),
        "{err}"
    );
}

/// 5×5 needs petabytes: refused at once, naming the need and the space, with nothing made.
#[test]
fn a_solve_larger_than_the_disk_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("new").join("store");
    let err = failure(&["solve", "5x5", "--store", store.to_str().unwrap()]);
    assert!(
        err.contains("the solve needs about 8.0 PiB on disk") && err.contains("free"),
        "{err}"
    );
    assert!(!dir.path().join("new").exists(), "no store made");
    // Without --store it would stream through the temporary directory: refused as well.
    let err = failure(&["solve", "5x5"]);
    assert!(err.contains("out of this machine's reach"), "{err}");
    // Nor does `analyze --method retro` advise a solve on disk: 4x4 fits a disk, 5x5 none.
    let err = failure(&["analyze", "4x4", "--method", "retro"]);
    assert!(err.contains("solve it on disk"), "{err}");
    // Led by memory, as `analyze` has no store, with what answers without a solve.
    let err = failure(&["analyze", "5x5", "--method", "retro"]);
    assert!(
        err.contains("solving it in memory needs about 8.0 PiB")
            && err.contains("and on disk more than the whole file system holding")
            && err.ends_with(
                "answer it from a book, with --method search (exact, but on a large position \
                 it may run for hours or never end) or with --method estimate (the engine's \
                 estimate)\n"
            )
            && !err.contains("solve it on disk"),
        "{err}"
    );
}

/// What only informs (the notes, warnings and progress lines on stderr) cannot stop a
/// solve: with stderr a closed pipe, a solve streaming through a temporary store, which says
/// so and warns of its memory on stderr, goes on to its answer; an error keeps its exit code.
#[test]
fn a_closed_stderr_stops_no_solve() {
    let out = with_stderr_closed(&["solve", "3x3", "--memory", "64K"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{:?}: {text}", out.status);
    assert!(text.contains("value: -3"), "{text}");
    let out = with_stderr_closed(&["solve", "3x3", "--lines", "99"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Output that cannot be written (a full disk: `/dev/full`) is an error with exit code 2, so
/// that a script never takes lost output for success; a reader that closed its end of the
/// pipe (`dotbox .. | head`) had what it wanted, and is not.
#[test]
fn output_that_cannot_be_written_fails_but_a_closed_pipe_does_not() {
    let run = |stdout: std::process::Stdio, args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_dotbox"))
            .args(args)
            .stdout(stdout)
            .output()
            .expect("dotbox runs")
    };
    for args in [
        &["analyze", "3x3", "--json"][..],
        &["chains", "3x3", "--lines", "0"],
    ] {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
        let out = run(full.expect("/dev/full").into(), args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("error: cannot write the output to standard output: "),
            "{args:?}: {err}"
        );
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = run(writer.into(), args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {err}");
    }
}

#[test]
fn a_memory_limit_below_one_step_is_said_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().to_str().unwrap();
    let out = dotbox(&["solve", "3x3", "--store", store, "--memory", "64K"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("one step of this solve holds a tile, its parents and their indexes")
            // Sizes said in bytes where in MiB both would read 0.1, against the share tiles
            // get of the memory allowed (85 %), with the --memory that holds the step (whole
            // MiB, rounded up, as it is typed).
            && err.contains(
                "up to 102,544 bytes, more than the 55,692 bytes that tiles may take of the \
                 65,536 bytes of memory allowed: it will hold that much at times (give \
                 --memory 1M or more)"
            ),
        "{err}"
    );
    // The same budget on the finished store: nothing to compute, so no step to warn of.
    let out = dotbox(&["solve", "3x3", "--store", store, "--memory", "64K"]);
    assert!(out.status.success());
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"));
    // Enough memory for every step: no warning.
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().to_str().unwrap();
    let out = dotbox(&["solve", "3x3", "--store", store, "--memory", "64M"]);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"));
}

#[test]
fn a_solve_counts_reused_tiles_only_in_a_store_of_its_own() {
    // In memory, and streamed through a temporary store: both start empty, so no count.
    for args in [&["solve", "3x3"][..], &["solve", "3x3", "--memory", "64K"]] {
        let out = stdout(args);
        assert!(
            out.contains("positions in") && !out.contains("already in"),
            "{out}"
        );
    }
    // A store of its own, solved again: every kept tile found there.
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().to_str().unwrap();
    assert_eq!(
        reused_tiles(&stdout(&["solve", "3x3", "--store", store])),
        0
    );
    assert!(reused_tiles(&stdout(&["solve", "3x3", "--store", store])) > 0);
}

#[test]
fn solve_json_carries_the_figures_the_text_reports() {
    // A first solve computes; the same solve on its finished store computes nothing and
    // finds its tiles there.
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().to_str().unwrap();
    let args = ["solve", "3x3", "--lines", "0,5", "--store", store, "--json"];
    let in_memory = json_of(&[
        "analyze", "3x3", "--lines", "0,5", "--method", "retro", "--json",
    ]);
    for run in ["first", "again"] {
        let (analysis, figures) = solved_json(json_of(&args));
        assert_eq!(analysis, in_memory);
        let count = |key: &str| {
            figures[key]
                .as_u64()
                .unwrap_or_else(|| panic!("{key}: {figures}"))
        };
        let computed = (count("positions_computed"), count("tiles_computed"));
        match run {
            "first" => {
                assert!(computed.0 > 0 && computed.1 > 0, "{figures}");
                assert!(count("positions_per_second") > 0, "{figures}");
                assert_eq!(count("tiles_reused"), 0, "{figures}");
            }
            _ => {
                assert_eq!(computed, (0, 0), "{figures}");
                assert!(count("tiles_reused") > 0, "{figures}");
            }
        }
        assert!(count("peak_memory_bytes") > 1 << 20, "{figures}");
        assert!(figures["seconds"].as_f64().unwrap() >= 0.0, "{figures}");
    }
    // Chains as pseudo-lines: the fields of `analyze --pseudo-lines --json`, and the figures.
    let lines = ["3x3", "--lines", "0,1,2,3,4,15", "--pseudo-lines", "--json"];
    let (solved, figures) = solved_json(json_of(&[&["solve"], &lines[..]].concat()));
    assert_eq!(solved, json_of(&[&["analyze"], &lines[..]].concat()));
    assert!(
        figures["positions_computed"].as_u64().unwrap() > 0,
        "{figures}"
    );
}

#[test]
fn a_killed_solve_resumes_to_the_same_value() {
    kill_and_resume(&[], 2);
}

/// Ctrl-C (SIGINT) stops a solve after its tile: it says how many finished tiles it kept and
/// where, exits with 130 and leaves no temporary file; the same command resumes from them to
/// the in-memory answer. Without a store it says that nothing is kept.
#[test]
fn an_interrupted_solve_says_what_it_kept_and_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let args = [
        "solve",
        "3x4",
        "--lines",
        "0,1",
        "--store",
        store.to_str().unwrap(),
        "--json",
    ];
    let out = interrupt_when(&args, || tile_files(&store).len() >= 2);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains(&format!(
            "error: stopped on request: the store {} keeps the finished tiles the solve still \
             needs (",
            store.display()
        )) && err.contains("computed in this run); run the same command to resume"),
        "{err}"
    );
    assert!(!tile_files(&store).is_empty());
    assert!(out.stdout.is_empty());
    let names = file_names(&store);
    assert!(!names.iter().any(|n| n.ends_with(".tmp")), "{names:?}");
    let resumed = dotbox(&args);
    assert!(String::from_utf8_lossy(&resumed.stderr).contains("resuming: "));
    let in_memory = json_of(&[
        "analyze", "3x4", "--lines", "0,1", "--json", "--method", "retro",
    ]);
    assert_eq!(
        solved_json(serde_json::from_slice(&resumed.stdout).unwrap()).0,
        in_memory
    );

    let start = std::time::Instant::now();
    let out = interrupt_when(&["solve", "3x4", "--lines", "0,1"], || {
        start.elapsed() > std::time::Duration::from_millis(300)
    });
    assert_eq!(out.status.code(), Some(130));
    assert!(String::from_utf8_lossy(&out.stderr).contains(
        "error: stopped on request: nothing is kept (use --store DIR to keep finished tiles and \
         resume)"
    ));
}

/// Only Ctrl-C is caught, and only by the commands whose work looks for it: SIGTERM and
/// SIGHUP end a solve as they end any program (so `timeout`, a scheduler and `nohup` work as
/// ever), and Ctrl-C ends a `tiles` command at once.
#[test]
fn other_signals_and_other_commands_keep_their_default() {
    for (signal, number) in [("TERM", 15), ("HUP", 1)] {
        let start = std::time::Instant::now();
        let out = signal_when(&["solve", "3x4", "--lines", "0,1"], signal, || {
            start.elapsed() > std::time::Duration::from_millis(300)
        });
        ended_by_default(&out.status, number);
        assert!(!String::from_utf8_lossy(&out.stderr).contains("stopping"));
    }
    // Laying out 4x5's tiles takes seconds.
    let start = std::time::Instant::now();
    let out = interrupt_when(&["tiles", "layers", "4x5"], || {
        start.elapsed() > std::time::Duration::from_millis(300)
    });
    ended_by_default(&out.status, 2);
}

/// Asserts that a command sent signal `number` met its default action: it was ended by it,
/// or, where this process ignores that signal (SIGHUP under nohup, SIGINT in a background
/// job of a script) and so the command inherits it ignored, it went on to its end.
fn ended_by_default(status: &std::process::ExitStatus, number: i32) {
    use std::os::unix::process::ExitStatusExt;
    match ignored_here(number) {
        true => assert!(status.success(), "signal {number}, ignored: {status:?}"),
        false => assert_eq!(status.signal(), Some(number), "{status:?}"),
    }
}

/// Whether this process ignores signal `number` (its `SigIgn` mask in /proc), as the
/// processes it starts then do.
fn ignored_here(number: i32) -> bool {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let mask = status
        .lines()
        .find_map(|l| l.strip_prefix("SigIgn:"))
        .unwrap();
    u64::from_str_radix(mask.trim(), 16).unwrap() >> (number - 1) & 1 == 1
}

/// Ctrl-C stops a deep verify (minutes on the 4x4 book) at its next report: it says the
/// check is not finished and exits with 130.
#[test]
fn an_interrupted_deep_verify_says_it_is_not_finished() {
    let book = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/books/4x4-d10.book");
    let start = std::time::Instant::now();
    let args = ["book", "verify", "--deep", book.to_str().unwrap()];
    let out = interrupt_when(&args, || {
        start.elapsed() > std::time::Duration::from_millis(500)
    });
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(
        err.contains(&format!(
            "error: stopped on request: {} was read, not changed; the check is not finished",
            book.display()
        )),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

/// The layout of boards past 32 open lines (several high groups) with tiles streamed
/// through the store under a tiny memory budget: killed with SIGKILL, it resumes and ends with
/// the same bytes as a run never interrupted.
#[test]
fn a_killed_streaming_solve_with_several_groups_resumes_to_the_same_bytes() {
    let resumed = kill_and_resume(&["--high-groups", "3", "--memory", "1M"], 40);
    let dir = tempfile::tempdir().unwrap();
    let clean = dir.path().join("clean");
    stdout(&[
        "solve",
        "3x4",
        "--lines",
        "0,1",
        "--high-groups",
        "3",
        "--store",
        clean.to_str().unwrap(),
    ]);
    let bytes = |dir: &Path| -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<(String, Vec<u8>)> = tile_files(dir)
            .into_iter()
            .map(|n| (n.clone(), std::fs::read(dir.join(&n)).unwrap()))
            .collect();
        files.sort();
        files
    };
    let (a, b) = (bytes(&resumed.path().join("store")), bytes(&clean));
    assert!(!a.is_empty());
    assert_eq!(a, b, "the resumed store differs from an uninterrupted one");
}

/// Starts `dotbox solve 3x4 --lines 0,1 --store DIR` with `extra` options, kills it with
/// SIGKILL once `tiles` tile files exist, reruns it to the end and checks that it reused
/// tiles, kept only the layers it needs and gives the in-memory answer. Returns the
/// directory holding the store (`store` inside).
fn kill_and_resume(extra: &[&str], tiles: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let mut args = vec![
        "solve",
        "3x4",
        "--lines",
        "0,1",
        "--store",
        store.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    // The first tiles are the smallest, near the full board: most of the solve is still ahead.
    kill_when(&args, || tile_files(&store).len() >= tiles);
    let kept = tile_files(&store).len();

    let out = dotbox(&args);
    assert!(out.status.success());
    let resumed = String::from_utf8_lossy(&out.stdout).into_owned();
    let reused = reused_tiles(&resumed);
    // Said before the solve goes on, not only in its summary.
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains(&format!("resuming: {reused} tile"))
            && said.contains("of this solve already in"),
        "{said}"
    );
    assert!(
        reused > 0 && reused <= kept,
        "reused {reused} of {kept}: {resumed}"
    );
    // Once finished, only the position's own layer and the next are kept.
    for name in tile_files(&store) {
        let lines: u32 = name
            .trim_start_matches("tile-")
            .trim_end_matches(".bin")
            .split('-')
            .map(|n| n.parse::<u32>().unwrap())
            .sum();
        assert!(lines <= 1, "{name} left in the store");
    }

    args.push("--json");
    let (from_store, figures) = solved_json(json_of(&args));
    let in_memory = json_of(&[
        "analyze", "3x4", "--lines", "0,1", "--json", "--method", "retro",
    ]);
    assert_eq!(from_store, in_memory);
    // The finished store holds every tile the answer reads: nothing is computed again.
    assert_eq!(figures["positions_computed"], 0, "{figures}");
    assert!(figures["tiles_reused"].as_u64().unwrap() > 0, "{figures}");
    assert!(
        resumed.contains(&format!("value: {}", in_memory["value"])),
        "{resumed}"
    );
    dir
}

#[test]
fn damaged_tiles_in_a_store_are_recomputed() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().to_str().unwrap();
    let args = ["solve", "2x3", "--lines", "3", "--store", store, "--json"];
    let (first, _) = solved_json(json_of(&args));
    let mut naive = Naive::new(2, 3);
    assert_eq!(first, expected_json("2x3", &mut naive, 1 << 3, "retro"));
    // tile-0-0 holds the position itself, which the answer (its moves' scores) does not
    // need: the solve reads it anyway, so a resumed solve repairs it too.
    let damaged = [
        ("tile-0-1.bin", "truncate"),
        ("tile-1-0.bin", "flip"),
        ("tile-0-0.bin", "flip"),
        ("tile-0-0.bin", "truncate"),
    ];
    for (name, damage) in damaged {
        let path = dir.path().join(name);
        let mut bytes = std::fs::read(&path).unwrap();
        match damage {
            "truncate" => bytes.truncate(bytes.len() / 2),
            _ => *bytes.last_mut().unwrap() ^= 0x20,
        }
        std::fs::write(&path, &bytes).unwrap();
        let out = dotbox(&args);
        assert!(out.status.success());
        let warning = String::from_utf8(out.stderr).unwrap();
        assert!(
            warning.contains("is damaged") && warning.contains("recomputing"),
            "{warning}"
        );
        assert_eq!(
            solved_json(serde_json::from_slice(&out.stdout).unwrap()).0,
            first
        );
    }
}

#[test]
fn every_method_gives_the_naive_answer() {
    let mut rng = Rng(404);
    for (board, r, c) in [("3x3", 3, 3), ("3x4", 3, 4), ("5x5", 5, 5)] {
        let mut naive = Naive::new(r, c);
        for _ in 0..4 {
            let pos = rng.position(naive.lines(), 12);
            let lines = lines_arg(pos);
            for method in ["retro", "search"] {
                let expected = expected_json(board, &mut naive, pos, method);
                let args = [
                    "analyze", board, "--lines", &lines, "--json", "--method", method,
                ];
                assert_eq!(json_of(&args), expected, "{method} on {board} {lines}");
            }
        }
    }
}

#[test]
fn a_large_solve_is_preceded_by_a_bounded_search() {
    // 4x5 with 33 open lines, 18 of them safe: the policy solves its subgame (6.4 x 10^9
    // positions, some 20 s), but first gives the search a fifth of that, and the search
    // answers in about 0.3 s of one core, so that even a machine shared with other work
    // (a second full test run beside this one) answers by search.
    let lines = "1,5,9,11,14,21,22,27,28,30,32,34,39,41,43,48";
    let auto = json_of(&["analyze", "4x5", "--lines", lines, "--json"]);
    assert_eq!(auto["method"], "search", "{auto}");
    assert_eq!(auto["exact"], true, "{auto}");
    let text = stdout(&["analyze", "4x5", "--lines", lines]);
    assert!(
        text.lines().nth(1).unwrap().starts_with("by search"),
        "{text}"
    );
    // What stops that search only loses its time: here a table no machine has (the solve,
    // 6 s on two cores, then answers as chosen).
    let lines = "1,3,6,9,11,14,17,19,22,23,25,28,29,34,39,40,45";
    let args = [
        "analyze",
        "5x4",
        "--lines",
        lines,
        "--tt-mib",
        "100000000",
        "--json",
    ];
    let solved = json_of(&args);
    assert_eq!(solved["method"], "retro", "{solved}");
    assert_eq!(solved["exact"], true, "{solved}");
}

#[test]
fn analyze_says_which_method_it_used() {
    let text = stdout(&["analyze", "3x3", "--lines", "0,1,2"]);
    assert!(
        text.lines().nth(1).unwrap().contains("retrograde"),
        "{text}"
    );
    let text = stdout(&["analyze", "3x3", "--lines", "0,1,2", "--method", "search"]);
    assert!(
        text.lines().nth(1).unwrap().starts_with("by search"),
        "{text}"
    );
    // The shipped books answer their boards without --book.
    for board in ["3x4", "3x5", "4x4"] {
        let text = stdout(&["analyze", board]);
        let source = text.lines().nth(1).unwrap();
        assert!(
            source.starts_with("from book") && source.contains("www/books"),
            "{text}"
        );
    }
    // The 3x5 book answers 5x3, the same game reflected in its diagonal, and says so.
    let text = stdout(&["analyze", "5x3"]);
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .contains("(the 3x5 book, transposed)"),
        "{text}"
    );
    // Against the retrograde solver on 5x3 itself: every move's score, lines numbered on 5x3.
    let lines = "0,5,11,17,20,26,31,37";
    let booked = json_of(&["analyze", "5x3", "--lines", lines, "--json"]);
    let solved = json_of(&[
        "analyze", "5x3", "--lines", lines, "--method", "retro", "--json",
    ]);
    assert_eq!(
        (booked["method"].as_str(), solved["method"].as_str()),
        (Some("book"), Some("retro"))
    );
    assert_eq!(booked["moves"], solved["moves"]);
    assert_eq!(booked["value"], solved["value"]);
    // Asked for, the search runs to its time limit; the empty 5x5 does not finish in half a
    // second (automatically, the engine estimates it instead: tests/cli_estimate.rs).
    let err = failure(&[
        "analyze",
        "5x5",
        "--method",
        "search",
        "--time-limit",
        "0.5",
    ]);
    assert!(
        err.contains("the search reached the time limit of 0.5 s"),
        "{err}"
    );
    let err = failure(&["analyze", "3x3", "--method", "book"]);
    assert!(err.contains("--method book needs --book"), "{err}");
    let err = failure(&["analyze", "3x3", "--method", "search", "--time-limit", "-1"]);
    assert!(err.contains("--time-limit"), "{err}");
    let err = failure(&["analyze", "3x3", "--method", "search", "--tt-mib", "0"]);
    assert!(err.contains("memory budget"), "{err}");
    let err = failure(&[
        "analyze",
        "3x3",
        "--method",
        "search",
        "--search-threads",
        "0",
    ]);
    assert!(err.contains("--search-threads: at least 1"), "{err}");
    // Threads share the root moves: the same scores as one thread.
    let scores = |threads: &str| {
        let args = ["analyze", "4x4", "--lines", "0,3,5,9,12,17,22,26,30,33,37"];
        let mut args = args.to_vec();
        args.extend(["--method", "search", "--json", "--search-threads", threads]);
        json_of(&args)["moves"].clone()
    };
    assert_eq!(scores("1"), scores("2"));
}

/// A streaming solve killed with SIGKILL leaves its temporary store behind (nothing in the
/// process can remove it); the next streaming solve removes it, and its own.
#[test]
fn a_killed_streaming_solve_leaves_its_store_to_the_next_one_to_remove() {
    let temp = tempfile::tempdir().unwrap();
    let streams = || -> Vec<String> {
        (file_names(temp.path()).into_iter())
            .filter(|n| n.starts_with("dotbox-solve-"))
            .collect()
    };
    let dotbox_in_temp = |args: &[&str]| dotbox_with_env(args, "TMPDIR", temp.path());
    let mut child = dotbox_in_temp(&["solve", "3x4", "--memory", "1M"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    // Killed once tiles are written (the store holds more than its manifest).
    while !streams()
        .iter()
        .any(|s| file_names(&temp.path().join(s)).len() > 2)
    {
        assert!(child.try_wait().unwrap().is_none(), "the solve ended first");
        assert!(start.elapsed().as_secs() < 120, "no tile was written");
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let left = streams();
    assert_eq!(left.len(), 1, "{left:?}");
    // As if killed an hour ago (the sweep leaves a store made in the last minute alone).
    let manifest = temp.path().join(&left[0]).join("dotbox-store");
    let an_hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    (std::fs::File::options()
        .write(true)
        .open(&manifest)
        .unwrap())
    .set_modified(an_hour_ago)
    .unwrap();
    let out = dotbox_in_temp(&["solve", "3x3", "--memory", "64K"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(streams(), Vec::<String>::new());
}

/// A book path that is not a regular file is refused at once, naming what it is: a fifo
/// would otherwise be opened and waited on forever, for a writer that never comes.
#[test]
fn a_book_that_is_not_a_regular_file_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo.book");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    assert!(made, "mkfifo");
    for (path, kind) in [(fifo.as_path(), "a fifo"), (dir.path(), "a directory")] {
        let path = path.to_str().unwrap();
        let said = format!("cannot read {path}: it is {kind}, not a regular file");
        for args in [
            vec!["book", "info", path],
            vec!["book", "verify", path],
            vec!["analyze", "3x4", "--book", path],
        ] {
            let err = failure(&args);
            assert!(err.contains(&said), "{args:?}: {err}");
        }
    }
}
