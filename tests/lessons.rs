//! The Learn course: every exercise's accepted answers are exactly its best moves, computed
//! by the search and re-checked by another solver (the retrograde one, or the search with its
//! chain rules off); a tampered exercise and a position where every move is best are refused.
//! (The shipped `www/lessons.json` is checked against the CLI by tests/e2e/learn.test.mjs.)

use dotbox::chains::{control, explain, explain_text, is_loony_move, is_safe, Reason};
use dotbox::core::notation::line_label;
use dotbox::core::{Analysis, Board, MoveScore, NextLoony, Position};
use dotbox::lessons::{
    build, check, reference_solve, search_solve, to_json, ExerciseSpec, Idea, LessonError,
    LessonSpec, COURSE, MIN_EXERCISES,
};

#[test]
fn every_exercise_accepts_exactly_the_best_moves() {
    let lessons = build(COURSE, &mut search_solve).unwrap();
    assert!(lessons.len() >= 8, "{} lessons", lessons.len());
    for lesson in &lessons {
        assert!(lesson.exercises.len() >= MIN_EXERCISES, "{}", lesson.title);
        for ex in &lesson.exercises {
            assert!(!ex.answer.is_empty() && ex.answer.len() < ex.scores.len());
            // The explanation reads the position in chain terms, then names the best moves.
            assert!(
                ex.explanation.starts_with("On the board: "),
                "{}",
                ex.explanation
            );
            assert!(ex.explanation.contains(" Best: "), "{}", ex.explanation);
            assert!(
                ex.explanation.contains("The nearest other move"),
                "{}",
                ex.explanation
            );
            // The move it explains is a best one (the page explains a right pick of another).
            assert!(ex.answer.contains(&ex.explained), "{}", ex.explanation);
        }
    }
    check(&lessons, &mut reference_solve).unwrap();
}

/// The page's course, `www/lessons.json`, is the one the source builds: an edit to a lesson
/// or to how exercises are explained that was not rebuilt
/// (`cargo run --release --example lessons`) fails here.
#[test]
fn the_shipped_course_is_the_one_the_source_builds() {
    let built = to_json(&build(COURSE, &mut search_solve).unwrap());
    let shipped: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("www/lessons.json").unwrap()).unwrap();
    assert!(
        built == shipped,
        "www/lessons.json is not the course the source builds: run `cargo run --release \
         --example lessons`"
    );
}

/// The summary says who makes the next loony move with best play (the position's flag); where
/// some best moves lead otherwise, it names each of them, and only then.
#[test]
fn the_summary_names_the_best_moves_its_next_loony_move_does_not_follow() {
    let lessons = build(COURSE, &mut search_solve).unwrap();
    let mut named = 0;
    for ex in lessons.iter().flat_map(|l| &l.exercises) {
        let board = Board::parse(&ex.board).unwrap();
        let summary = ex.explanation.split(" Best: ").next().unwrap();
        let caveat = summary.split(" Not after every best move: ").nth(1);
        let others: Vec<usize> = (ex.answer.iter().copied())
            .filter(|&l| ex.flags.of(l).is_some_and(|f| f != ex.flags.value))
            .collect();
        match caveat {
            None => assert!(others.is_empty(), "{others:?} unnamed: {summary}"),
            Some(caveat) => {
                // Exactly those best moves are named, each once.
                let mut said: Vec<String> = (caveat.split([' ', '.', ';']))
                    .filter(|w| ex.scores.iter().any(|&(l, _)| line_label(&board, l) == *w))
                    .map(str::to_string)
                    .collect();
                said.sort();
                let mut want: Vec<String> = others.iter().map(|&l| line_label(&board, l)).collect();
                want.sort();
                assert_eq!(said, want, "{summary}");
                named += 1;
            }
        }
    }
    assert!(
        named > 0,
        "no exercise's best moves differ in their next loony move"
    );
}

/// A wrong pick is explained in the page from the exercise's scores and flags (`explainMove`,
/// whose core is `chains::explain`): it says who makes the next loony move with best play, as
/// the built explanation does, and where that is not whom control in nimstring's sense could
/// force (a pick that keeps control and still has to open the next chain), it says so; of a
/// pick that is itself a loony move (its flag is its own), it says nothing of the kind.
#[test]
fn a_wrong_pick_says_who_moves_loony_with_best_play() {
    let lessons = build(COURSE, &mut search_solve).unwrap();
    let (mut against, mut loony) = (0, 0);
    for ex in lessons.iter().flat_map(|l| &l.exercises) {
        let board = Board::parse(&ex.board).unwrap();
        let pos: Position = ex.lines.iter().copied().collect();
        let pos = pos.union(board.predrawn());
        let analysis = Analysis {
            value: ex.value,
            moves: (ex.scores.iter())
                .map(|&(line, score)| MoveScore { line, score })
                .collect(),
        };
        for &(line, _) in ex.scores.iter().filter(|s| !ex.answer.contains(&s.0)) {
            let next = ex.flags.of(line).expect("every move has its flag");
            let reasons = explain(&board, pos, line, &analysis, Some(next)).unwrap();
            if is_loony_move(board.boxes(), pos, line) {
                // A loony move is itself the next loony move: its flag says nothing more.
                assert_eq!(next, NextLoony::Mover);
                assert!(
                    !reasons.iter().any(|r| matches!(r, Reason::BestPlay { .. })),
                    "{reasons:?}"
                );
                loony += 1;
                continue;
            }
            let Some(&Reason::BestPlay {
                next: said,
                against: differs,
            }) = reasons.last()
            else {
                panic!("{reasons:?}");
            };
            assert_eq!(said, next);
            let text = explain_text(&reasons);
            let keeps = reasons.contains(&Reason::KeepsControl);
            if keeps && next == NextLoony::Mover {
                assert!(differs, "{text}");
                assert!(
                    text.ends_with(
                        "With best play after it, though, you make the next loony move: keeping \
                         control costs you more than it brings."
                    ),
                    "{text}"
                );
                against += 1;
            }
        }
    }
    assert!(
        against > 0,
        "no wrong pick keeps control and still opens next"
    );
    assert!(loony > 0, "no wrong pick is a loony move");
}

/// Lessons 3 and 6 teach a count, a rule of thumb: a wrong pick that the count calls as good
/// as the best gets a note saying where it misleads, naming a best reply of the opponent (by
/// the other solver); no best move and no unsafe line gets one. In lesson 3 the rule is the
/// library's long chain count, so every safe wrong pick it favours must have its note.
#[test]
fn a_wrong_pick_the_lessons_rule_calls_good_is_told_where_the_rule_misleads() {
    let lessons = build(COURSE, &mut search_solve).unwrap();
    let mut notes = [0, 0];
    for (l, lesson) in lessons.iter().enumerate() {
        for ex in &lesson.exercises {
            let board = Board::parse(&ex.board).unwrap();
            let pos: Position = ex.lines.iter().copied().collect();
            let pos = pos.union(board.predrawn());
            let label = |line| line_label(&board, line);
            for (line, text) in &ex.notes {
                assert!([2, 5].contains(&l), "lesson {}: {text}", l + 1);
                assert!(
                    !ex.answer.contains(line) && is_safe(&board, pos, *line),
                    "{text}"
                );
                // The reply named is a best one, safe where the note counts on from it (a
                // quiet move), not safe where it says it gives a box its third side.
                let after = pos.with(*line);
                let replies = reference_solve(&board, after).unwrap().best_lines();
                let (named, safe) = match text.split("your opponent answers ").nth(1) {
                    Some(rest) => (rest, true),
                    None => (text.split("best answer, ").nth(1).unwrap(), false),
                };
                let reply = named.split(',').next().unwrap();
                let Some(&r) = replies.iter().find(|&&r| label(r) == reply) else {
                    panic!("{reply} is no best reply: {text}");
                };
                assert_eq!(is_safe(&board, after, r), safe, "{text}");
                notes[usize::from(l == 5)] += 1;
            }
            if l != 2 {
                continue;
            }
            for &(line, _) in ex.scores.iter().filter(|s| !ex.answer.contains(&s.0)) {
                let favours_you = control(&board, pos.with(line)).unwrap().mover_has_parity;
                let noted = ex.notes.iter().any(|(l, _)| *l == line);
                let misleads = is_safe(&board, pos, line) && favours_you == Some(false);
                assert_eq!(noted, misleads, "{} line {line}", ex.board);
            }
        }
    }
    assert!(notes.iter().all(|&n| n > 0), "{notes:?}");
}

#[test]
fn a_tampered_exercise_is_caught() {
    let lessons = build(&COURSE[1..2], &mut search_solve).unwrap();
    let mut wrong_answer = lessons.clone();
    let ex = &mut wrong_answer[0].exercises[0];
    let other = ex
        .scores
        .iter()
        .find(|s| !ex.answer.contains(&s.0))
        .unwrap()
        .0;
    ex.answer = vec![other];
    let err = check(&wrong_answer, &mut reference_solve).unwrap_err();
    assert!(matches!(err, LessonError::Disagrees { .. }), "{err}");
    assert!(
        err.to_string()
            .starts_with("lesson 1, exercise 1: the best moves are"),
        "{err}"
    );
    let mut wrong_score = lessons;
    wrong_score[0].exercises[2].scores[0].1 += 2;
    let err = check(&wrong_score, &mut reference_solve).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("lesson 1, exercise 3: the scores are"),
        "{err}"
    );
}

/// Two loops of four and two chains of four: every move opens one of them and all cost the
/// same, so there is nothing to find.
const ALL_BEST: &[&str] = &[
    "+-+-+-+-+",
    "|   |   |",
    "+ + + + +",
    "|   |   |",
    "+-+-+-+-+",
    "",
    "+-+-+-+-+",
    "",
    "+-+-+-+-+",
];

#[test]
fn bad_lessons_are_refused_with_the_reason() {
    static FIVE: [ExerciseSpec; 5] = [ExerciseSpec {
        diagram: ALL_BEST,
        question: "?",
    }; 5];
    let five = &FIVE;
    let spec = [LessonSpec {
        title: "t",
        text: "x",
        idea: Idea::Any,
        exercises: five,
    }];
    let err = build(&spec, &mut search_solve).unwrap_err();
    assert_eq!(
        err.to_string(),
        "lesson 1, exercise 1: every move is best, so there is nothing to find"
    );
    let spec = [LessonSpec {
        title: "t",
        text: "x",
        idea: Idea::Any,
        exercises: &five[..2],
    }];
    let err = build(&spec, &mut search_solve).unwrap_err();
    assert_eq!(
        err.to_string(),
        "lesson \"t\" has 2 exercises; at least 5 are needed"
    );
    static BAD: [ExerciseSpec; 5] = [ExerciseSpec {
        diagram: &["+-+", "x |", "+ +"],
        question: "?",
    }; 5];
    let spec = [LessonSpec {
        title: "t",
        text: "x",
        idea: Idea::Any,
        exercises: &BAD,
    }];
    let err = build(&spec, &mut search_solve).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("lesson 1, exercise 1: the diagram row 2"),
        "{err}"
    );
}

/// A lesson whose exercises do not show its idea is refused: positions with no offer standing
/// under "take or decline", a lesson where declining is always best and taking never, loops
/// for nimstring, and another lesson's exercises under each of "all but two", "the first long
/// chain" and "the order of opening".
#[test]
fn a_lesson_not_showing_its_idea_is_refused() {
    let spec = [LessonSpec {
        title: "t",
        text: "x",
        idea: Idea::TakeOrDecline,
        exercises: COURSE[0].exercises,
    }];
    let err = build(&spec, &mut search_solve).unwrap_err();
    assert!(matches!(err, LessonError::IdeaNotShown { .. }), "{err}");
    assert!(
        err.to_string()
            .starts_with("lesson 1, exercise 1: the exercise stands at no offer's last"),
        "{err}"
    );
    // Exercises where declining is best, from the loops and control lessons.
    let only_declines: Vec<ExerciseSpec> = [(3, 0), (3, 1), (4, 0), (4, 2), (4, 4)]
        .iter()
        .map(|&(lesson, exercise)| COURSE[lesson].exercises[exercise])
        .collect();
    let spec = [LessonSpec {
        title: "t",
        text: "x",
        idea: Idea::TakeOrDecline,
        exercises: Box::leak(only_declines.into_boxed_slice()),
    }];
    let err = build(&spec, &mut search_solve).unwrap_err();
    assert_eq!(
        err.to_string(),
        "lesson 1: the lesson never has taking on (giving up control) as the best move"
    );
    // The endgames, where every move opens a chain, under the first lesson's rule and the
    // count of safe moves.
    for idea in [Idea::NoThirdSide, Idea::SafeCount] {
        let spec = [LessonSpec {
            title: "t",
            text: "x",
            idea,
            exercises: COURSE[7].exercises,
        }];
        let err = build(&spec, &mut search_solve).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("lesson 1, exercise 1: the exercise has a best move"),
            "{err}"
        );
    }
    let spec = [LessonSpec {
        title: "t",
        text: "x",
        idea: Idea::Nimstring,
        exercises: COURSE[3].exercises,
    }];
    let err = build(&spec, &mut search_solve).unwrap_err();
    assert!(
        matches!(err, LessonError::IdeaNotShown { .. }) && err.to_string().contains("nim-sum"),
        "{err}"
    );
    // The first lesson's positions offer no chain to double-deal; the endgames' best moves
    // open a chain, so the player makes the next loony move; the parity lesson's positions
    // are not yet only chains and loops.
    for (idea, lesson, what) in [
        (Idea::AllButTwo, 0, "the exercise has no chain offered"),
        (
            Idea::FirstLongChain,
            7,
            "the exercise has a best move, line 0, after which the opponent does not make the \
             next loony move with best play",
        ),
        (
            Idea::OpeningOrder,
            2,
            "the exercise has a part that is neither a chain nor a loop (unsettled)",
        ),
    ] {
        let spec = [LessonSpec {
            title: "t",
            text: "x",
            idea,
            exercises: COURSE[lesson].exercises,
        }];
        let err = build(&spec, &mut search_solve).unwrap_err();
        assert!(matches!(err, LessonError::IdeaNotShown { .. }), "{err}");
        assert_eq!(err.to_string(), format!("lesson 1, exercise 1: {what}"));
    }
}

#[test]
fn exercises_the_course_once_had_wrong_are_refused_by_their_ideas() {
    // Found by an audit. Lesson 4's first exercise: four boxes opened at both ends, an L, not
    // a cycle: it plays as an opened loop, but there is no loop to find.
    static OPEN_ENDED: [ExerciseSpec; 1] = [ExerciseSpec {
        diagram: &[
            "+-+-+-+ +",
            "|     | |",
            "+-+-+ + +",
            "|   | | |",
            "+ + +-+ +",
            "| |     |",
            "+ +-+-+-+",
        ],
        question: "?",
    }];
    // Lesson 6's second exercise: the best move leaves the player, not the opponent, to make
    // the next loony move, so counting safe moves to leave the opponent short misleads.
    static PLAYER_LOONY: [ExerciseSpec; 1] = [ExerciseSpec {
        diagram: &[
            "+-+ +-+", "  |", "+ +-+ +", "  |", "+-+ +-+", "  |", "+ +-+-+",
        ],
        question: "?",
    }];
    // Lesson 3's sixth exercise: its only best move makes a third long chain, so the count it
    // teaches points to the rival, which loses (two chains meet at a junction box).
    static COUNT_MISLEADS: [ExerciseSpec; 1] = [ExerciseSpec {
        diagram: &[
            "+-+-+-+ +",
            "      |",
            "+-+ + +-+",
            "|       |",
            "+ + +-+ +",
            "| |   | |",
            "+ + + + +",
            "  |   |",
            "+-+-+-+-+",
        ],
        question: "?",
    }];
    for (idea, exercises, what) in [
        (
            Idea::FirstLongChain,
            &COUNT_MISLEADS,
            "the exercise has a best move after which the long chain rule's count favours the \
             opponent: the count would teach another move",
        ),
        (
            Idea::Loops,
            &OPEN_ENDED,
            "the exercise has no loop, on the board or opened",
        ),
        (
            Idea::SafeCount,
            &PLAYER_LOONY,
            "the exercise has a best move, line 5, after which the opponent does not make the \
             next loony move with best play: the count is not what decides",
        ),
    ] {
        let five: Vec<ExerciseSpec> = std::iter::repeat_n(exercises[0], 5).collect();
        let spec = [LessonSpec {
            title: "t",
            text: "x",
            idea,
            exercises: Box::leak(five.into_boxed_slice()),
        }];
        let err = build(&spec, &mut search_solve).unwrap_err();
        assert!(matches!(err, LessonError::IdeaNotShown { .. }), "{err}");
        assert_eq!(err.to_string(), format!("lesson 1, exercise 1: {what}"));
    }
}
