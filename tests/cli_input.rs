//! Bad input to the `dotbox` binary: every option's value and every combination of options
//! is checked before any work starts, refused with `error: ...` naming the option and the
//! value (exit code 2, never a panic), and nothing is created or left behind by a refusal.

mod common;
use common::cli::{dotbox, dotbox_with_env, failure, file_names, stdout};

/// The shipped 3x4 book: a format-2 book of 112,394 bytes.
const BOOK_3X4: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/www/books/3x4-d7.book");

/// `failure` with every one of `needles` in the message.
fn refused(args: &[&str], needles: &[&str]) -> String {
    let err = failure(args);
    for needle in needles {
        assert!(
            err.contains(needle),
            "dotbox {args:?}: no '{needle}' in: {err}"
        );
    }
    err
}

#[test]
fn commands_that_read_a_store_refuse_a_missing_one_and_create_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let typo = dir.path().join("typo").join("store");
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).unwrap();
    for store in [&typo, &empty] {
        let s = store.to_str().unwrap();
        let no_store = format!("no store at {s}");
        for args in [
            &["tiles", "check", "3x3", "--layer", "23", "--store", s][..],
            &[
                "tiles", "check", "3x3", "--layer", "23", "--store", s, "--keep", "1",
            ],
            // Only the first task, the full board's (layer 24), creates the store.
            &[
                "tiles", "solve", "3x3", "--layer", "23", "--tasks", "0..2", "--store", s,
            ],
        ] {
            refused(args, &[&no_store]);
        }
    }
    assert!(!dir.path().join("typo").exists(), "a store was created");
    assert!(file_names(&empty).is_empty(), "{:?}", file_names(&empty));

    // The first task creates it; then the layers below run and check.
    let s = typo.to_str().unwrap();
    let task = |layer: &str, tasks: &str| {
        let args = ["tiles", "solve", "3x3", "--layer", layer, "--tasks", tasks];
        stdout(&[&args[..], &["--store", s]].concat())
    };
    let check = |layer: &str| stdout(&["tiles", "check", "3x3", "--layer", layer, "--store", s]);
    assert!(task("24", "0").contains("1 tile computed (1 position in"));
    assert!(check("24").contains("layer 24: its one tile intact (1 position)"));
    assert!(task("23", "0..2").contains("2 tiles computed"));
    assert!(check("23").contains("all 2 tiles intact"));
}

#[test]
fn book_build_checks_its_output_before_solving_and_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let outdir = dir.path().join("books");
    std::fs::create_dir(&outdir).unwrap();
    let store = dir.path().join("store");
    let missing = dir.path().join("nonexistent").join("x.book");
    let cases = [
        (missing.clone(), vec!["--out", "does not exist"]),
        (outdir.clone(), vec!["--out", "is a directory"]),
    ];
    for (out, needles) in cases {
        let o = out.to_str().unwrap();
        let mut needles = needles;
        needles.push(o);
        // 3x4 to depth 7 solves for many seconds: refused before its store is made.
        let args = ["book", "build", "3x4", "--depth", "7", "--out", o];
        refused(
            &[&args[..], &["--store", store.to_str().unwrap()]].concat(),
            &needles,
        );
        assert!(!store.exists(), "{o}: the solve started");
        assert_eq!(
            file_names(dir.path()),
            ["books"],
            "{o}: something left behind"
        );
        assert!(file_names(&outdir).is_empty(), "{o}: something left behind");
    }
    // A file in an existing directory is written, and only it.
    let book = outdir.join("2x2.book");
    stdout(&[
        "book",
        "build",
        "2x2",
        "--depth",
        "4",
        "--out",
        book.to_str().unwrap(),
    ]);
    assert_eq!(file_names(&outdir), ["2x2.book"]);
}

#[test]
fn the_search_table_size_is_converted_with_checked_arithmetic_and_named() {
    for mib in ["0", "17592186044416", "18446744073709551615"] {
        let args = ["analyze", "3x3", "--method", "search", "--tt-mib", mib];
        let err = refused(&args, &["--tt-mib", mib]);
        assert!(!err.contains("EiB"), "{err}");
    }
    // A whole number past what a usize holds is too much memory, not "not a whole number".
    for (mib, why) in [
        (
            "18446744073709551616",
            "more memory than this machine can address",
        ),
        ("1.5", "not a whole number of MiB"),
    ] {
        let args = ["analyze", "3x3", "--method", "search", "--tt-mib", mib];
        let err = refused(&args, &["--tt-mib", mib]);
        assert!(err.contains(why), "{err}");
    }
    let args = [
        "analyze", "2x2", "--method", "search", "--tt-mib", "1", "--json",
    ];
    let answer: serde_json::Value = serde_json::from_str(&stdout(&args)).unwrap();
    assert_eq!(answer["exact"], true);
}

#[test]
fn high_groups_out_of_range_are_refused_naming_the_option() {
    let cases: [(&[&str], &str); 7] = [
        (
            &["solve", "3x3", "--high-groups", "0"],
            "'0' for '--high-groups",
        ),
        (
            &["solve", "3x3", "--high-groups", "99"],
            "'99' for '--high-groups",
        ),
        (
            &["solve", "3x3", "--high-groups", "8"],
            "'8' for '--high-groups",
        ),
        (
            &["tiles", "layers", "3x3", "--high-groups", "0"],
            "'0' for '--high-groups",
        ),
        (
            &["solve", "4x4", "--high-groups", "0"],
            "'0' for '--high-groups",
        ),
        (&["solve", "4x4", "--high-groups", "1"], "--high-groups 1: "),
        (
            &[
                "tiles",
                "list",
                "4x4",
                "--layer",
                "40",
                "--high-groups",
                "1",
            ],
            "--high-groups 1: ",
        ),
    ];
    for (args, needle) in cases {
        refused(args, &[needle]);
    }
    // Within range: more groups than the lines' orbits make are met as near as they allow,
    // and said so.
    let out = dotbox(&[
        "tiles",
        "list",
        "3x3",
        "--layer",
        "24",
        "--high-groups",
        "7",
    ]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--high-groups 7") && err.contains("2 high groups"),
        "{err}"
    );
}

#[test]
fn thread_counts_past_the_bound_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("store");
    let s = store.to_str().unwrap();
    let cases: [(&[&str], &str); 7] = [
        (
            &["solve", "3x3", "--lines", "0,1,2,3", "--threads", "100000"],
            "--threads",
        ),
        (
            &[
                "tiles",
                "solve",
                "3x3",
                "--layer",
                "24",
                "--tasks",
                "0",
                "--store",
                s,
                "--threads",
                "100000",
            ],
            "--threads",
        ),
        (
            &[
                "analyze",
                "5x5",
                "--method",
                "estimate",
                "--search-threads",
                "100000",
                "--time-limit",
                "1",
            ],
            "--search-threads",
        ),
        (
            &[
                "analyze",
                "3x3",
                "--method",
                "search",
                "--search-threads",
                "100000",
            ],
            "--search-threads",
        ),
        (&["solve", "2x2", "--threads", "0"], "--threads"),
        // Also where the method that answers (here the retrograde solver) reads no thread
        // count: the count is checked before the method is chosen.
        (
            &["analyze", "2x2", "--lines", "0", "--search-threads", "0"],
            "--search-threads",
        ),
        (
            &["analyze", "2x2", "--lines", "0", "--search-threads", "1025"],
            "--search-threads",
        ),
    ];
    for (args, option) in cases {
        let value = args[args.iter().position(|a| a == &option).unwrap() + 1];
        refused(args, &[option, value]);
    }
    assert!(!store.exists());
    // The bound itself is allowed.
    stdout(&["solve", "1x1", "--threads", "1024"]);
}

/// A copy of `bytes` with the little-endian `value` written at `at`.
fn patched(bytes: &[u8], at: usize, value: u64) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    bytes[at..at + 8].copy_from_slice(&value.to_le_bytes());
    bytes
}

#[test]
fn a_corrupt_length_in_a_book_header_is_named_and_not_called_truncation() {
    let dir = tempfile::tempdir().unwrap();
    let v2 = std::fs::read(BOOK_3X4).unwrap();
    let v1_path = dir.path().join("v1.book");
    let v1_out = v1_path.to_str().unwrap();
    stdout(&[
        "book", "build", "3x4", "--depth", "3", "--format", "1", "--out", v1_out,
    ]);
    let v1 = std::fs::read(&v1_path).unwrap();
    let huge = 0xFFFF_FFFF_FFFF_FFF0;
    // (file, what the message must say, what it must not, whether `analyze` sees it: it reads
    // a format-2 book's header, index and the chunks it needs, not the end of the file)
    let cases = [
        // v2: the index length (bytes 24..32).
        (
            patched(&v2, 24, huge),
            ["corrupt", "index length"],
            "truncated",
            true,
        ),
        (
            patched(&v2, 24, 1 << 60),
            ["corrupt", "index length"],
            "truncated",
            true,
        ),
        // The file length (bytes 32..40) lies inside the index, which its checksum covers.
        (
            patched(&v2, 32, huge),
            ["corrupt", "checksum"],
            "truncated",
            true,
        ),
        // v1: the file length (bytes 32..40).
        (
            patched(&v1, 32, huge),
            ["corrupt", "file length"],
            "truncated",
            true,
        ),
        // A sane header over a file cut short is a truncated file.
        (
            v2[..1000].to_vec(),
            ["truncated", "1000 bytes"],
            "corrupt",
            true,
        ),
        (
            v2[..v2.len() - 1].to_vec(),
            ["truncated", "112393"],
            "corrupt",
            false,
        ),
        (
            v1[..v1.len() / 2].to_vec(),
            ["truncated", "expected"],
            "corrupt",
            true,
        ),
    ];
    let path = dir.path().join("copy.book");
    let p = path.to_str().unwrap();
    for (i, (bytes, says, not, analyze_sees_it)) in cases.into_iter().enumerate() {
        std::fs::write(&path, bytes).unwrap();
        let analyze = &["analyze", "3x4", "--book", p][..];
        let commands = [&["book", "info", p][..], &["book", "verify", p]];
        for args in commands
            .into_iter()
            .chain(analyze_sees_it.then_some(analyze))
        {
            let err = refused(args, &says);
            assert!(!err.contains(not), "case {i}, {args:?}: {err}");
        }
    }
}

#[test]
fn options_the_chosen_method_does_not_read_are_refused() {
    let book = BOOK_3X4;
    let cases: [(&[&str], &[&str]); 13] = [
        (
            &["--method", "retro", "--book", book],
            &["--method retro reads no book"],
        ),
        (
            &["--method", "retro", "--book", "/nonexistent.book"],
            &["--method retro reads no book"],
        ),
        (
            &["--method", "search", "--book", book],
            &["--method search reads no book"],
        ),
        (
            &["--method", "retro", "--time-limit", "5"],
            &["--method retro", "--time-limit"],
        ),
        (
            &["--method", "retro", "--tt-mib", "64"],
            &["--method retro", "--tt-mib"],
        ),
        // The default size, given: refused as well (it was taken for none given).
        (
            &["--method", "retro", "--tt-mib", "1024"],
            &["--method retro", "--tt-mib"],
        ),
        (
            &["--method", "retro", "--search-threads", "2"],
            &["--method retro", "--search-threads"],
        ),
        (
            &["--method", "book", "--book", book, "--time-limit", "1"],
            &["--method book", "--time-limit"],
        ),
        (
            &["--method", "estimate", "--tt-mib", "64"],
            &["--method estimate", "--tt-mib"],
        ),
        (
            &["--method", "rules", "--time-limit", "1"],
            &["--method rules", "--time-limit"],
        ),
        (
            &["--method", "rules", "--search-threads", "1"],
            &["--method rules", "--search-threads"],
        ),
        // --min-chain is read by the policy's choice of pseudo-lines: checked always.
        (&["--min-chain", "2"], &["--min-chain 2"]),
        (
            &["--method", "search", "--min-chain", "1"],
            &["--min-chain 1"],
        ),
    ];
    for (options, needles) in cases {
        let args = [&["analyze", "3x3", "--lines", "0"][..], options].concat();
        refused(&args, needles);
    }
    // solve reads --min-chain only with --pseudo-lines.
    for args in [
        &["solve", "2x2", "--min-chain", "2"][..],
        &["solve", "2x2", "--min-chain", "4"],
    ] {
        refused(args, &["--pseudo-lines"]);
    }
    refused(
        &["solve", "2x2", "--pseudo-lines", "--min-chain", "2"],
        &["--min-chain 2"],
    );
    // What each method reads is accepted with it.
    for options in [
        &[
            "--method",
            "search",
            "--time-limit",
            "60",
            "--tt-mib",
            "64",
            "--search-threads",
            "1",
        ][..],
        &["--method", "book", "--book", book],
        &[
            "--method",
            "estimate",
            "--time-limit",
            "0.2",
            "--search-threads",
            "1",
        ],
        &[
            "--time-limit",
            "60",
            "--tt-mib",
            "64",
            "--search-threads",
            "1",
            "--min-chain",
            "4",
        ],
    ] {
        let board = if options.contains(&book) {
            "3x4"
        } else {
            "3x3"
        };
        stdout(&[&["analyze", board, "--lines", "0"][..], options].concat());
    }
}

#[test]
fn a_task_range_past_the_largest_number_is_refused_without_wrapping() {
    let dir = tempfile::tempdir().unwrap();
    let s = dir.path().join("s");
    let s = s.to_str().unwrap();
    for tasks in [
        "18446744073709551615",
        "18446744073709551615..18446744073709551615",
    ] {
        let err = refused(
            &[
                "tiles", "solve", "3x3", "--layer", "24", "--tasks", tasks, "--store", s,
            ],
            &["--tasks", "18446744073709551615"],
        );
        assert!(!err.contains("..0"), "{err}");
    }
}

#[test]
fn a_time_limit_too_long_for_a_float_is_too_long_in_the_users_words() {
    for (limit, said) in [
        ("1e309", "1e309"),
        ("1e20", "1e20"),
        ("-1e309", "not a positive number"),
    ] {
        let args = [
            "analyze",
            "3x3",
            "--method",
            "search",
            "--time-limit",
            limit,
        ];
        let err = refused(&args, &["--time-limit", said]);
        if said != "not a positive number" {
            assert!(err.contains("too long (at most 1.8e19 seconds)"), "{err}");
        }
        assert!(!err.contains("'inf'"), "{err}");
    }
}

#[test]
fn small_memory_budgets_are_said_in_a_unit_that_shows_them() {
    let out = dotbox(&["solve", "3x3", "--memory", "1K"]);
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1.0 KiB") && !err.contains("0.0 MiB"), "{err}");
}

#[test]
fn empty_items_in_a_line_list_are_refused() {
    for lines in ["0,", ",0", "0,,1", "0, ,1"] {
        for command in ["analyze", "solve", "chains"] {
            refused(
                &[command, "2x2", "--lines", lines],
                &["--lines", lines, "empty"],
            );
        }
    }
    refused(&["analyze", "2x2:0,,1"], &["2x2:0,,1", "empty"]);
    // No lines at all, and spaces around the commas, stay fine.
    stdout(&["analyze", "2x2", "--lines", ""]);
    stdout(&["analyze", "2x2", "--lines", " 0 , 1 "]);
}

#[test]
fn help_says_which_commands_take_game_records() {
    for command in ["analyze", "solve", "chains", "tiles list"] {
        let args: Vec<&str> = command.split(' ').chain(["--help"]).collect();
        let help = stdout(&args);
        assert!(
            help.contains("game record"),
            "dotbox {command} --help:\n{help}"
        );
    }
}

#[test]
fn a_books_folder_named_on_purpose_must_hold_an_index() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere");
    let run = |books: &std::path::Path| {
        dotbox_with_env(&["analyze", "3x4"], "DOTBOX_BOOKS", books)
            .output()
            .unwrap()
    };
    // A mistyped folder, and folders whose index.json is not JSON, is not a list of books,
    // lists a board that is not one, a book without its depth (which says the boards it
    // answers; at least 1) or a book whose file was not copied: refused,
    // naming the folder and what is wrong, where before each answered from the checkout's
    // books without a word.
    let broken = [
        ("bad", "{", "index.json that is not JSON"),
        ("five", r#"{"books": 5}"#, "has no list of books"),
        (
            "board",
            r#"{"books": [{"board": "3y4", "file": "3x4-d7.book"}]}"#,
            r#"lists a book of board "3y4", which is not a board"#,
        ),
        (
            "depthless",
            r#"{"books": [{"board": "3x4", "file": "3x4-d7.book"}]}"#,
            "lists 3x4-d7.book without its depth",
        ),
        (
            "depth0",
            r#"{"books": [{"board": "3x4", "file": "3x4-d7.book", "depth": 0}]}"#,
            "lists 3x4-d7.book without its depth (\"depth\": the lines it holds, at least 1)",
        ),
        (
            "uncopied",
            r#"{"books": [{"board": "3x4", "file": "3x4-d7.book", "depth": 7}]}"#,
            "lists 3x4-d7.book for 3x4, which is not there",
        ),
    ];
    let mut cases = vec![(missing.clone(), "has no readable index.json")];
    for (name, index, why) in broken {
        std::fs::create_dir(dir.path().join(name)).unwrap();
        std::fs::write(dir.path().join(name).join("index.json"), index).unwrap();
        cases.push((dir.path().join(name), why));
    }
    for (books, why) in cases {
        let out = run(&books);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        let named = format!("$DOTBOX_BOOKS names {}", books.display());
        assert!(err.contains(&named) && err.contains(why), "{err}");
    }
    // A folder with an index that lists no book for the board: the checkout's book answers.
    let listed = dir.path().join("listed");
    std::fs::create_dir(&listed).unwrap();
    std::fs::write(listed.join("index.json"), r#"{"books": []}"#).unwrap();
    let out = run(&listed);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("3x4-d7.book"));
    // Set to nothing (`DOTBOX_BOOKS= dotbox ...`) it names no folder: as if unset.
    let out = run(std::path::Path::new(""));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("3x4-d7.book"));
}

#[test]
fn a_book_of_depth_zero_is_refused_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("z.book");
    refused(
        &[
            "book",
            "build",
            "3x3",
            "--depth",
            "0",
            "--out",
            out.to_str().unwrap(),
        ],
        &["--depth", "0 is not in 1.."],
    );
    assert!(file_names(dir.path()).is_empty());
}

#[test]
fn a_negative_count_is_refused_as_that_options_value() {
    // clap took a leading '-' for another option and said "unexpected argument '-1'" (or
    // '-1G'), with a tip to pass it after `--`, which names neither the option nor what is
    // wrong.
    let store = tempfile::tempdir().unwrap();
    let s = store.path().to_str().unwrap();
    let task = ["tiles", "solve", "3x3", "--layer", "24", "--store", s];
    let check = ["tiles", "check", "3x3", "--store", s];
    for (args, option) in [
        (
            &["analyze", "3x3", "--method", "estimate", "--seed", "-1"][..],
            "--seed",
        ),
        (
            &["analyze", "3x3", "--search-threads", "-1"][..],
            "--search-threads",
        ),
        (
            &["analyze", "3x3", "--method", "search", "--tt-mib", "-1"][..],
            "--tt-mib",
        ),
        (
            &["analyze", "3x3", "--pseudo-lines", "--min-chain", "-3"][..],
            "--min-chain",
        ),
        (&["solve", "3x3", "--threads", "-2"][..], "--threads"),
        (&["solve", "3x3", "--memory", "-1"][..], "--memory"),
        // A size with its unit is no number to clap: taken as the value all the same.
        (&["solve", "3x3", "--memory", "-1G"][..], "--memory"),
        (
            &[
                "book", "build", "3x3", "--depth", "2", "--memory", "-1", "--out", "b",
            ][..],
            "--memory",
        ),
        (
            &[&task[..], &["--tasks", "0", "--memory", "-1"]].concat()[..],
            "--memory",
        ),
        (
            &["solve", "3x3", "--high-groups", "-1"][..],
            "--high-groups",
        ),
        (
            &["book", "build", "3x3", "--depth", "-1", "--out", "b"][..],
            "--depth",
        ),
        (
            &[
                "book", "build", "3x3", "--depth", "2", "--format", "-2", "--out", "b",
            ][..],
            "--format",
        ),
        (&[&task[..], &["--tasks", "-1"]].concat()[..], "--tasks"),
        (
            &[&task[..], &["--tasks", "0", "--threads", "-1"]].concat()[..],
            "--threads",
        ),
        (&[&check[..], &["--layer", "-1"]].concat()[..], "--layer"),
        (
            &[&check[..], &["--layer", "24", "--keep", "-1"]].concat()[..],
            "--keep",
        ),
    ] {
        refused(args, &["invalid value '-", &format!("for '{option} ")]);
    }
    assert!(file_names(store.path()).is_empty());
}
