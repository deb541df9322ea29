//! The library's answer to a position (`dotbox::answer`): it answers by the method the
//! answer policy names (the cases of `tests/fixtures/policy-cases.json` the command line
//! runs, and one the search answers), never marks an estimate exact, runs the method it is
//! told to, refuses options naming them, and says in its structured fields what its JSON
//! report says.

use std::path::PathBuf;

use dotbox::answer::{answer, Answer, Answered, Options};
use dotbox::cli::{answer_report, parse_position};
use dotbox::core::{Board, Position};
use dotbox::native::{CliError, Face, Method, MethodOption, SearchArgs};
use dotbox::policy::{self, Context};
use serde_json::Value;

/// `lines` on `board`, read as the command line reads them.
fn position(board: &str, lines: &str) -> (Board, Position) {
    parse_position(board, lines).unwrap()
}

/// Options forcing `method` (none: the policy's choice), the engine's time and table
/// small, so that no test waits long. A forced search, which the tests give positions it
/// solves in milliseconds, gets a time limit it never meets even on a loaded machine: 0.2 s
/// failed there once (the table's allocation alone took most of it).
fn forcing(method: Option<Method>) -> Options {
    let reads = |option: MethodOption| method.is_none_or(|m| option.readers().contains(&m));
    let seconds = match method {
        Some(Method::Search) => 60.0,
        _ => 0.2,
    };
    Options {
        method,
        search: SearchArgs {
            time_limit: reads(MethodOption::TimeLimit).then_some(seconds),
            tt_mib: reads(MethodOption::TtMib).then_some(64),
            ..SearchArgs::default()
        },
        ..Options::default()
    }
}

/// The answer, which must be one.
fn answered(board: &Board, pos: Position, options: &Options) -> Answer {
    answer(board, pos, options).unwrap_or_else(|e| panic!("{}: {e}", board.name()))
}

/// The first `n` lines of a board, drawn in line order.
fn first(n: usize) -> String {
    (0..n).map(|l| l.to_string()).collect::<Vec<_>>().join(",")
}

#[test]
fn with_no_method_forced_the_method_is_the_policys() {
    let cases: Vec<Value> =
        serde_json::from_str(include_str!("fixtures/policy-cases.json")).unwrap();
    let mut asked: Vec<(String, String, Option<u32>)> = (cases.iter())
        .filter(|c| c["cli"] == true)
        .map(|c| {
            let depth = c["book_depth"].as_u64().map(|d| d as u32);
            let text = |key: &str| c[key].as_str().unwrap().to_string();
            (text("board"), text("lines"), depth)
        })
        .collect();
    // Every horizontal line of 5x5: no safe line is left, so the search answers first.
    asked.push(("5x5".into(), first(30), None));
    for (board, lines, book_depth) in asked {
        let (board, pos) = position(&board, &lines);
        let context = Context {
            book_depth,
            ..Context::default()
        };
        let chosen = policy::choose(&board, pos, &context, &policy::NATIVE);
        let answer = answered(&board, pos, &forcing(None));
        assert_eq!(
            answer.method.name(),
            chosen.name(),
            "{}:{lines}",
            board.name()
        );
        assert_eq!(answer.exact(), chosen.exact(), "{}:{lines}", board.name());
    }
}

#[test]
fn an_estimate_is_never_marked_exact() {
    // Forced: the engine solves 2x2 at once, and still nothing is marked proven.
    let (board, pos) = position("2x2", "0,5");
    let forced = answered(&board, pos, &forcing(Some(Method::Estimate)));
    assert_eq!(forced.method, Answered::Estimate);
    assert!(!forced.exact());
    assert!(forced.moves().iter().all(|m| !m.exact && m.score.is_some()));
    assert!(
        forced.how.starts_with("estimated by the engine in "),
        "{}",
        forced.how
    );
    // Chosen past exact reach: said so, and not exact either.
    let (board, pos) = position("5x5", "");
    let chosen = answered(&board, pos, &forcing(None));
    assert_eq!(chosen.method, Answered::Estimate);
    assert!(!chosen.exact());
    assert!(chosen.how.starts_with("not exact: "), "{}", chosen.how);
    assert!(chosen.how.contains("so the engine estimates instead"));
    assert_eq!(chosen.best().len(), 1);
    assert!(chosen.value().is_some());
}

#[test]
fn a_forced_method_answers_whatever_the_policy_would_choose() {
    // The policy answers 3x3 with lines 0,1,2 by the retrograde solver.
    let (board, pos) = position("3x3", "0,1,2");
    let retro = answered(&board, pos, &forcing(Some(Method::Retro)));
    assert_eq!(retro.method, Answered::Retro);
    assert_eq!(retro.how, "solved in memory by the retrograde solver");
    let search = answered(&board, pos, &forcing(Some(Method::Search)));
    assert_eq!(search.method, Answered::Search);
    assert!(search.how.starts_with("by search in "), "{}", search.how);
    assert!(retro.exact() && search.exact());
    assert_eq!(search.moves(), retro.moves());
    assert_eq!(search.best(), retro.best());
    let rules = answered(&board, pos, &forcing(Some(Method::Rules)));
    assert_eq!(rules.method, Answered::Rules);
    assert_eq!((rules.value(), rules.best().len()), (None, 1));
    assert_eq!(rules.moves().len(), retro.moves().len());
    assert!(rules.moves().iter().all(|m| m.score.is_none() && !m.exact));
    // 4x4 is answered from its shipped book; the book named answers the same.
    let (board, pos) = position("4x4", "0,1,2");
    let shipped = answered(&board, pos, &forcing(Some(Method::Book)));
    assert_eq!(shipped.method, Answered::Book);
    let file = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("www/books/4x4-d10.book");
    let named = Options {
        book: Some(file),
        ..forcing(Some(Method::Book))
    };
    assert_eq!(answered(&board, pos, &named).moves(), shipped.moves());
    let estimate = answered(&board, pos, &forcing(Some(Method::Estimate)));
    assert_eq!(estimate.method, Answered::Estimate);
}

#[test]
fn bad_options_are_refused_naming_them() {
    let (board, pos) = position("3x3", "");
    let refused = |options: Options| {
        let e = answer(&board, pos, &options).map(|_| ()).unwrap_err();
        // The same check, with no position.
        let checked = options.check().map(|_| ()).unwrap_err();
        assert_eq!(checked.to_string(), e.to_string());
        e
    };
    let e = refused(Options {
        search: SearchArgs {
            time_limit: Some(1.0),
            ..SearchArgs::default()
        },
        ..forcing(Some(Method::Retro))
    });
    assert!(matches!(
        e,
        CliError::NotRead {
            method: Method::Retro,
            option: MethodOption::TimeLimit
        }
    ));
    assert!(e.to_string().contains("--time-limit"), "{e}");
    let python = e.in_terms_of(Face::Python).to_string();
    assert!(
        python.starts_with("method='retro' does not read time_limit"),
        "{python}"
    );
    let e = refused(Options {
        search: SearchArgs {
            time_limit: Some(-1.0),
            ..SearchArgs::default()
        },
        ..Options::default()
    });
    assert!(
        e.to_string()
            .starts_with("--time-limit: -1 is not a positive"),
        "{e}"
    );
    // A node budget of 0, which the command line's parser refuses, refused here too.
    let e = refused(Options {
        search: SearchArgs {
            nodes: Some(0),
            ..SearchArgs::default()
        },
        ..forcing(Some(Method::Estimate))
    });
    assert!(e.to_string().starts_with("--nodes 0: "), "{e}");
    let e = refused(Options {
        min_chain: 2,
        ..Options::default()
    });
    assert!(e.to_string().starts_with("--min-chain 2: "), "{e}");
    let e = refused(Options {
        book: Some("any.book".into()),
        ..forcing(Some(Method::Search))
    });
    assert!(matches!(e, CliError::ReadsNoBook { .. }), "{e}");
    // No book of 3x3 is shipped.
    let e = answer(&board, pos, &forcing(Some(Method::Book))).unwrap_err();
    assert!(matches!(e, CliError::NoBook { .. }), "{e}");
    // A position off the board.
    let (two, _) = position("2x2", "");
    let off = Position::EMPTY.with(20);
    assert!(answer(&two, off, &Options::default()).is_err());
    // A forced search that runs out of its time: an error, not an estimate.
    let (board, pos) = position("5x5", "");
    let short = Options {
        search: SearchArgs {
            time_limit: Some(0.01),
            tt_mib: Some(16),
            ..SearchArgs::default()
        },
        ..forcing(Some(Method::Search))
    };
    let e = answer(&board, pos, &short).map(|_| ()).unwrap_err();
    assert!(matches!(e, CliError::OutOfTime { .. }), "{e}");
}

#[test]
fn the_fields_say_what_the_json_report_says() {
    let cases = [
        ("2x2", "0,5".to_string(), None),
        ("3x3", "0,1,2".to_string(), Some(Method::Estimate)),
        ("3x3", String::new(), Some(Method::Rules)),
        // Chains as pseudo-lines, chosen by the policy.
        ("5x5", first(22), None),
    ];
    for (board, lines, method) in cases {
        let (board, pos) = position(board, &lines);
        let answer = answered(&board, pos, &forcing(method));
        let json: Value = serde_json::from_str(&answer_report(&answer, true)).unwrap();
        assert_eq!(json["method"], answer.method.name(), "{json}");
        assert_eq!(json["exact"], answer.exact(), "{json}");
        let Some(moves) = json["moves"].as_array() else {
            // The rules of thumb: one move, no scores.
            assert_eq!(json["best"], answer.best()[0]);
            continue;
        };
        let value = (json["value"].as_f64().unwrap(), answer.value().unwrap());
        let listed: Vec<(u64, f64, bool)> = (moves.iter())
            .map(|m| {
                let (line, score) = (m["line"].as_u64(), m["score"].as_f64());
                (line.unwrap(), score.unwrap(), m["exact"].as_bool().unwrap())
            })
            .collect();
        let fields: Vec<(u64, f64, bool)> = (answer.moves().iter())
            .map(|m| (m.line as u64, m.score.unwrap(), m.exact))
            .collect();
        match answer.method {
            // The report rounds estimates to two decimals.
            Answered::Estimate => {
                assert!((value.0 - value.1).abs() < 0.006, "{value:?}");
                for (l, f) in listed.iter().zip(&fields) {
                    assert!(
                        l.0 == f.0 && (l.1 - f.1).abs() < 0.006 && l.2 == f.2,
                        "{l:?} {f:?}"
                    );
                }
            }
            _ => assert_eq!((value.0, &listed), (value.1, &fields)),
        }
    }
}

/// A book given (`--book`) answers its board with more lines pre-drawn while fewer than its
/// depth are drawn beyond the book's start; past that, counted on the asked board, or on a
/// board pre-drawing the depth or more, the policy answers and says why, unless the book is
/// asked for by name, which names the file.
#[test]
fn a_given_book_answers_its_board_with_more_lines_pre_drawn_within_its_depth() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("2x2.book");
    let built = std::process::Command::new(env!("CARGO_BIN_EXE_dotbox"))
        .args(["book", "build", "2x2", "--depth", "3", "--out"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(built.status.success(), "{built:?}");
    let book = Options {
        book: Some(path.clone()),
        ..Options::default()
    };
    let on = |predrawn: &[usize]| {
        Board::new(2, 2)
            .unwrap()
            .with_predrawn(predrawn.iter().copied().collect())
    };
    // One line pre-drawn: the book answers the start and one line more.
    let one = on(&[0]);
    for pos in [one.start(), one.start().with(5)] {
        let a = answered(&one, pos, &book);
        assert_eq!(a.method, Answered::Book, "{}", a.how);
    }
    let deep = one.start().with(5).with(7);
    let a = answered(&one, deep, &book);
    assert_eq!(a.method, Answered::Retro);
    assert!(
        a.how.ends_with("(the book gives move scores up to 1 line)"),
        "{}",
        a.how
    );
    // Three pre-drawn: no position of it is the book's.
    let three = on(&[0, 1, 2]);
    let a = answered(&three, three.start(), &book);
    assert_eq!(a.method, Answered::Retro);
    assert!(
        a.how.contains("this board pre-draws 3 of them"),
        "{}",
        a.how
    );
    // Asked for by name: refused, naming the file and the lines on the asked board.
    let forced = Options {
        method: Some(Method::Book),
        ..book
    };
    let err = answer(&one, deep, &forced).unwrap_err().to_string();
    assert!(
        err.contains("2x2.book")
            && err.contains("the position has 2 lines drawn beyond the pre-drawn ones"),
        "{err}"
    );
}
