//! The Learn course: lessons of chain theory in Berlekamp's order, each with exercises whose
//! accepted answers are computed, never written by hand.
//!
//! A lesson is written as data ([`course::COURSE`]): a title, a short text, and exercises
//! given as ASCII diagrams with a question. [`build`] solves every exercise exactly, keeps as
//! accepted answers exactly the moves keeping the best score, refuses an exercise where every
//! move is best (nothing to learn from it), and explains the answer and its nearest rival
//! from the exact scores in chain terms, lines named by their labels (`a1b1`).
//! [`check`] re-solves built lessons with another solver, so a test (and anyone holding the
//! shipped JSON) can tell the answers are right.
//!
//! Native only: the course is built ahead of time into `www/lessons.json`, which the page
//! reads.

mod course;
mod diagram;
mod idea;

use std::fmt;

use serde_json::{json, Value};

use crate::core::notation::line_label;
use crate::core::{Analysis, Board, LoonyFlags, NextLoony, Position, Rules};
use crate::retro;

use crate::chains::ChainsError;
use crate::chains::{components, control_verdict, loony_offers, ControlVerdict, Kind};
use crate::chains::{explain, explain_text_in, Voice, CONTROL_OPEN};

pub use course::{COURSE, GLOSSARY};
pub use diagram::{parse_diagram, render_diagram};
pub use idea::{Idea, Shown};

/// A lesson as written: its title, its explanation, and its exercises.
#[derive(Clone, Copy, Debug)]
pub struct LessonSpec {
    /// Short title.
    pub title: &'static str,
    /// A few sentences introducing the idea.
    pub text: &'static str,
    /// What its exercises must show, checked when the course is built.
    pub idea: Idea,
    /// The exercises, in order.
    pub exercises: &'static [ExerciseSpec],
}

/// An exercise as written: a position drawn as a diagram (see [`parse_diagram`]) and a question.
#[derive(Clone, Copy, Debug)]
pub struct ExerciseSpec {
    /// The position, one text row per row of dots or boxes.
    pub diagram: &'static [&'static str],
    /// What the player is asked; the answer is always a move.
    pub question: &'static str,
}

/// A built exercise: the position, its accepted answers and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exercise {
    /// The board's name (`RxC`).
    pub board: String,
    /// The drawn lines, increasing.
    pub lines: Vec<usize>,
    /// Every move keeping the best score, increasing.
    pub answer: Vec<usize>,
    /// The question asked.
    pub question: String,
    /// Why the answer is best and what the nearest other move costs, from the exact scores.
    pub explanation: String,
    /// The best move the explanation explains: a right pick of another best move is explained
    /// on its own as well (best moves may differ in how play goes on).
    pub explained: usize,
    /// The nearest other move the explanation explains too: a wrong pick of it is not
    /// explained a second time.
    pub rival: usize,
    /// The position's value for the player to move.
    pub value: i32,
    /// Every open line with its exact score, increasing.
    pub scores: Vec<(usize, i32)>,
    /// Who makes the next loony move with best play, after the position and after each move
    /// (the retrograde solver's loony analysis): the page explains a wrong pick with it.
    pub flags: LoonyFlags,
    /// For the wrong picks the lesson's own rule calls as good as the best move, where and why
    /// the rule misleads ([`Idea::misleads`]), by line, increasing: the page shows a pick's
    /// note below its verdict.
    pub notes: Vec<(usize, String)>,
}

/// A built lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lesson {
    /// Short title.
    pub title: String,
    /// The explanation of the idea.
    pub text: String,
    /// Its exercises.
    pub exercises: Vec<Exercise>,
}

/// Why a lesson could not be built or does not check out, naming the exercise.
#[derive(Debug)]
pub enum LessonError {
    /// The diagram of an exercise is malformed.
    Diagram {
        /// Where: "lesson L, exercise E" (both from 1).
        at: String,
        /// What is wrong with the diagram, worded to follow "the diagram".
        what: String,
    },
    /// The solver could not answer the position.
    Solve {
        /// Where: "lesson L, exercise E" (both from 1).
        at: String,
        /// The solver's message.
        what: String,
    },
    /// The chain analysis refused a move it was asked to explain.
    Chains {
        /// Where: "lesson L, exercise E" (both from 1).
        at: String,
        /// The chain analysis's error.
        error: ChainsError,
    },
    /// Every open line keeps the best score: nothing to find.
    EveryMoveBest {
        /// Where: "lesson L, exercise E" (both from 1).
        at: String,
    },
    /// A lesson has fewer exercises than the course asks for.
    TooFewExercises {
        /// The lesson's title.
        lesson: String,
        /// Exercises it has (at least [`MIN_EXERCISES`] are needed).
        count: usize,
    },
    /// An exercise, or the lesson as a whole, does not show the lesson's idea.
    IdeaNotShown {
        /// Where: "lesson L, exercise E" or "lesson L" (from 1).
        at: String,
        /// What is missing, worded to follow "the exercise" or "the lesson".
        what: String,
    },
    /// A re-solve disagrees with the built exercise.
    Disagrees {
        /// Where: "lesson L, exercise E" (both from 1).
        at: String,
        /// What differs.
        what: String,
    },
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LessonError::Diagram { at, what } => write!(f, "{at}: the diagram {what}"),
            LessonError::Solve { at, what } => write!(f, "{at}: the solver failed: {what}"),
            LessonError::Chains { at, error } => write!(f, "{at}: {error}"),
            LessonError::EveryMoveBest { at } => {
                write!(f, "{at}: every move is best, so there is nothing to find")
            }
            LessonError::TooFewExercises { lesson, count } => write!(
                f,
                "lesson \"{lesson}\" has {count} exercises; at least {MIN_EXERCISES} are needed"
            ),
            LessonError::IdeaNotShown { at, what } => write!(f, "{at}: {what}"),
            LessonError::Disagrees { at, what } => write!(f, "{at}: {what}"),
        }
    }
}

impl std::error::Error for LessonError {}

/// Fewest exercises a lesson may have.
pub const MIN_EXERCISES: usize = 5;

/// An exact solver: the value and every move's score of a position.
pub type Solve<'a> = &'a mut dyn FnMut(&Board, Position) -> Result<Analysis, String>;

/// "lesson 3, exercise 2" (both from 1), for error messages.
fn place(lesson: usize, exercise: usize) -> String {
    format!("lesson {}, exercise {}", lesson + 1, exercise + 1)
}

/// Builds every lesson of `specs`, solving each exercise with `solve`.
pub fn build(specs: &[LessonSpec], solve: Solve) -> Result<Vec<Lesson>, LessonError> {
    specs
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            if spec.exercises.len() < MIN_EXERCISES {
                return Err(LessonError::TooFewExercises {
                    lesson: spec.title.to_string(),
                    count: spec.exercises.len(),
                });
            }
            let mut shown = Shown::default();
            let exercises = (spec.exercises.iter().enumerate())
                .map(|(j, ex)| {
                    let (exercise, showing) = build_exercise(ex, spec.idea, &place(i, j), solve)?;
                    shown = shown.or(showing);
                    Ok(exercise)
                })
                .collect::<Result<_, _>>()?;
            spec.idea
                .check_lesson(shown)
                .map_err(|what| LessonError::IdeaNotShown {
                    at: format!("lesson {}", i + 1),
                    what: format!("the lesson {what}"),
                })?;
            Ok(Lesson {
                title: spec.title.to_string(),
                text: spec.text.to_string(),
                exercises,
            })
        })
        .collect()
}

/// One exercise: solved, its best moves as the answer, checked to show `idea`, explained;
/// with what it shows of the idea.
fn build_exercise(
    spec: &ExerciseSpec,
    idea: Idea,
    at: &str,
    solve: Solve,
) -> Result<(Exercise, Shown), LessonError> {
    let (board, pos) = parse_diagram(spec.diagram).map_err(|what| LessonError::Diagram {
        at: at.to_string(),
        what,
    })?;
    let analysis = solve(&board, pos).map_err(|what| LessonError::Solve {
        at: at.to_string(),
        what,
    })?;
    let answer = analysis.best_lines();
    if answer.len() == analysis.moves.len() {
        return Err(LessonError::EveryMoveBest { at: at.to_string() });
    }
    // Who makes the next loony move with best play, from the retrograde loony analysis: what
    // the explanation says beside control in nimstring's sense, and what some ideas check.
    let (_, flags) = retro::analyze_loony(&board, pos, Rules::default(), &mut retro::quietly)
        .map_err(|e| LessonError::Solve {
            at: at.to_string(),
            what: e.to_string(),
        })?;
    let shown =
        idea.check(&board, pos, &analysis, &flags)
            .map_err(|what| LessonError::IdeaNotShown {
                at: at.to_string(),
                what: format!("the exercise {what}"),
            })?;
    let Explanation {
        mut text,
        explained,
        rival,
    } = explanation(&board, pos, &analysis, &flags).map_err(|error| LessonError::Chains {
        at: at.to_string(),
        error,
    })?;
    let label = |l: usize| line_label(&board, l);
    let notes = (analysis.moves.iter())
        .filter(|m| m.score < analysis.value)
        .filter_map(|m| {
            let solved = (&analysis, &flags);
            (idea.misleads(&board, pos, m.line, solved, solve, &label))
                .map(|note| note.map(|text| (m.line, text)))
                .transpose()
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|what| LessonError::Solve {
            at: at.to_string(),
            what,
        })?;
    let idea_text = idea.explain(&board, pos, explained, &label);
    if !idea_text.is_empty() {
        text = format!("{text} {idea_text}");
    }
    let exercise = Exercise {
        board: board.name(),
        lines: pos.difference(board.predrawn()).lines().collect(),
        answer,
        question: spec.question.to_string(),
        explanation: text,
        explained,
        rival,
        value: analysis.value,
        scores: analysis.moves.iter().map(|m| (m.line, m.score)).collect(),
        flags,
        notes,
    };
    Ok((exercise, shown))
}

/// A score with its sign: `+2`, `0`, `-1`.
fn signed(v: i32) -> String {
    if v > 0 {
        format!("+{v}")
    } else {
        v.to_string()
    }
}

/// An exercise's explanation, and the best move it explains (beside the nearest other move).
pub struct Explanation {
    /// The explanation, lines by label.
    pub text: String,
    /// The best move it explains.
    pub explained: usize,
    /// The nearest other move it explains.
    pub rival: usize,
}

/// Why the best moves are best and what the nearest other move costs, in chain terms, from
/// the exact scores of `analysis`, lines by label.
pub fn explanation(
    board: &Board,
    pos: Position,
    analysis: &Analysis,
    flags: &LoonyFlags,
) -> Result<Explanation, ChainsError> {
    let label = |l: usize| line_label(board, l);
    let best = analysis.best_lines();
    // Best moves after which best play goes otherwise than the position's flag says.
    let others: Vec<(usize, NextLoony)> = (best.iter())
        .filter_map(|&l| flags.of(l).filter(|&f| f != flags.value).map(|f| (l, f)))
        .collect();
    let (summary, control_defined) = summary(board, pos, flags.value, &others, &label);
    let voice = Voice {
        mover: None,
        opponent: "your opponent",
        line: &label,
        control_defined,
    };
    let names: Vec<String> = best.iter().map(|&l| label(l)).collect();
    let head = match names.len() {
        1 => format!("Best: {} ({} from here).", names[0], net(analysis.value)),
        _ => format!(
            "Best: any of {} (each {} from here).",
            names.join(", "),
            net(analysis.value)
        ),
    };
    let why = |line: usize| -> Result<String, ChainsError> {
        let reasons = explain(board, pos, line, analysis, flags.of(line))?;
        Ok(explain_text_in(&reasons, &voice))
    };
    // The best move explained: one whose best play goes as the summary says (who makes the
    // next loony move), where the best moves differ in it.
    let shown = (best.iter())
        .find(|&&l| flags.of(l) == Some(flags.value))
        .map_or(best[0], |&l| l);
    // The nearest rival: the best-scoring move that is not best (lowest line on ties).
    let rival = analysis
        .moves
        .iter()
        .filter(|m| m.score < analysis.value)
        .max_by_key(|m| (m.score, std::cmp::Reverse(m.line)))
        .expect("not every move is best");
    let subject = if names.len() == 1 {
        String::new()
    } else {
        format!("{}: ", label(shown))
    };
    let text = format!(
        "{summary} {head} {subject}{} The nearest other move, {} ({}): {}",
        why(shown)?,
        label(rival.line),
        signed(rival.score),
        why(rival.line)?
    );
    Ok(Explanation {
        text,
        explained: shown,
        rival: rival.line,
    })
}

/// The position in chain terms: what is on the board, who has control when nimstring can
/// tell (every region small enough, as the coach judges it), and who, with best play, makes
/// the next loony move (`next`, the loony analysis's flag of the position: the best the
/// player to move can make of it without giving up a box). The two differ where keeping
/// control costs more than it brings. `others` are the best moves after which best play goes
/// otherwise (their flags), which the summary names so that it claims nothing of every best
/// move that only some make true. Returns the summary and whether it says what control is
/// (it does where it speaks of control: where the verdict is exact).
pub fn summary(
    board: &Board,
    pos: Position,
    next: NextLoony,
    others: &[(usize, NextLoony)],
    label: &dyn Fn(usize) -> String,
) -> (String, bool) {
    let caveat = otherwise(others, label);
    let parts = components(board, pos);
    let count =
        |f: &dyn Fn(&crate::chains::Component) -> bool| parts.iter().filter(|c| f(c)).count();
    let take: usize = parts
        .iter()
        .filter(|c| c.kind == Kind::Capturable)
        .map(|c| c.len())
        .sum();
    let items: Vec<String> = [
        (count(&|c| c.is_long_chain()), "long chain", "long chains"),
        (
            count(&|c| c.is_short_chain()),
            "short chain",
            "short chains",
        ),
        (count(&|c| c.counts_as_loop()), "loop", "loops"),
        (take, "box to take", "boxes to take"),
        (
            count(&|c| c.kind == Kind::Unsettled),
            "unsettled region",
            "unsettled regions",
        ),
    ]
    .into_iter()
    .filter(|&(n, _, _)| n > 0)
    .map(|(n, one, many)| format!("{n} {}", if n == 1 { one } else { many }))
    .collect();
    let mut board_text = if items.is_empty() {
        "Every box is taken.".to_string()
    } else {
        format!("On the board: {}.", items.join(", "))
    };
    let verdict = control_verdict(board, pos, CONTROL_OPEN);
    // Whether control can still decide anything: with only short chains left besides the
    // boxes to take, nobody can be forced to open a long chain or loop.
    let at_stake = !matches!(verdict, Ok(ControlVerdict::NotAtStake));
    // An offer standing (the opponent's loony move): what taking and declining it are.
    for offer in loony_offers(board, pos).unwrap_or_default() {
        let deal = label(offer.decline[offer.decline.len() - 1]);
        let which = match offer.path.len() == offer.left {
            true => "decline them all".to_string(),
            false => format!("take all but the last {}", offer.left),
        };
        let then = match at_stake {
            true => " and keep control",
            false => {
                ", which only gives them away: no long chain or loop is left to keep control for"
            }
        };
        board_text += &format!(
            " Offered to you: {} boxes. Take them all, or {which} with the double-dealing line \
             {deal}{then}.",
            offer.path.len()
        );
    }
    // Control is spoken of only where the verdict is exact.
    let value = match verdict {
        Ok(ControlVerdict::Exact(value)) => value,
        _ => {
            return (
                format!("{board_text} {}{caveat}", best_play(next, false)),
                false,
            )
        }
    };
    let (control, against) = if value.is_win() {
        (
            format!(
                "You, to move, can win control (nimstring value {value}): you can force your \
                 opponent to open the next long chain or loop (or to take the last box)."
            ),
            next == NextLoony::Mover,
        )
    } else {
        (
            format!(
                "Your opponent has control (nimstring value {value}): they can force you to \
                 open the next long chain or loop (or to take the last box)."
            ),
            next == NextLoony::Opponent,
        )
    };
    (
        format!(
            "{board_text} {control} {}{caveat}",
            best_play(next, against)
        ),
        true,
    )
}

/// " Not after every best move: after a3b3 or a2a3 nobody makes another loony move." for the
/// best moves `others` after which best play goes otherwise than the summary's flag (empty
/// when there are none).
fn otherwise(others: &[(usize, NextLoony)], label: &dyn Fn(usize) -> String) -> String {
    let after = |flag: NextLoony| -> Option<String> {
        let lines: Vec<String> = (others.iter())
            .filter(|&&(_, f)| f == flag)
            .map(|&(l, _)| label(l))
            .collect();
        let what = match flag {
            NextLoony::Nobody => "nobody makes another loony move",
            NextLoony::Mover => "you make the next loony move",
            NextLoony::Opponent => "your opponent makes the next loony move",
        };
        (!lines.is_empty()).then(|| format!("after {} {what}", lines.join(" or ")))
    };
    let clauses: Vec<String> = NextLoony::ALL.into_iter().filter_map(after).collect();
    match clauses.is_empty() {
        true => String::new(),
        false => format!(" Not after every best move: {}.", clauses.join("; ")),
    }
}

/// Who makes the next loony move with best play, from the mover's side; `against` when that
/// is not what control in nimstring's sense would force.
fn best_play(next: NextLoony, against: bool) -> String {
    let though = if against { ", though," } else { "" };
    match next {
        NextLoony::Mover => format!(
            "With best play{though} you will make the next loony move{}.",
            if against {
                ": here keeping control costs more than it brings"
            } else {
                ""
            }
        ),
        NextLoony::Opponent => format!(
            "With best play{though} your opponent will make the next loony move{}.",
            if against {
                ": here keeping control costs them more than it brings"
            } else {
                ""
            }
        ),
        NextLoony::Nobody => "With best play nobody makes another loony move.".to_string(),
    }
}

/// "net +2 boxes", "net 0 boxes".
fn net(v: i32) -> String {
    let unit = if v.abs() == 1 { "box" } else { "boxes" };
    format!("net {} {unit}", signed(v))
}

/// Re-solves every exercise of `lessons` with `solve` and checks it: the scores are the
/// solver's, the accepted answers exactly the moves keeping the best score, and some move is
/// not best.
pub fn check(lessons: &[Lesson], solve: Solve) -> Result<(), LessonError> {
    for (i, lesson) in lessons.iter().enumerate() {
        if lesson.exercises.len() < MIN_EXERCISES {
            return Err(LessonError::TooFewExercises {
                lesson: lesson.title.clone(),
                count: lesson.exercises.len(),
            });
        }
        for (j, ex) in lesson.exercises.iter().enumerate() {
            let at = place(i, j);
            let fail = |what: String| LessonError::Disagrees {
                at: at.clone(),
                what,
            };
            let board = Board::parse(&ex.board).map_err(|e| fail(e.to_string()))?;
            let pos: Position = ex.lines.iter().copied().collect();
            let pos = board
                .check(pos.union(board.predrawn()))
                .map_err(|e| fail(e.to_string()))?;
            let analysis = solve(&board, pos).map_err(|what| LessonError::Solve {
                at: at.clone(),
                what,
            })?;
            let scores: Vec<(usize, i32)> =
                analysis.moves.iter().map(|m| (m.line, m.score)).collect();
            if scores != ex.scores || analysis.value != ex.value {
                return Err(fail(format!(
                    "the scores are {scores:?} (value {}), not {:?} (value {})",
                    analysis.value, ex.scores, ex.value
                )));
            }
            if analysis.best_lines() != ex.answer {
                return Err(fail(format!(
                    "the best moves are {:?}, not {:?}",
                    analysis.best_lines(),
                    ex.answer
                )));
            }
            if ex.answer.len() == scores.len() {
                return Err(LessonError::EveryMoveBest { at });
            }
        }
    }
    Ok(())
}

/// The lessons as the page's `lessons.json`: `{"lessons": [{"title", "text", "exercises":
/// [{"board", "lines", "answer", "question", "explanation", "explained", "rival", "value",
/// "scores"}]}]}` (`explained`: the best move the explanation explains, `rival`: the nearest
/// other move it explains), scores as
/// `[{"line": l, "score": s, "next": n}]` with `n` who then makes the next loony move with best
/// play (`"v"`, `"^"` or `""`, as `dotbox analyze --loony` prints it): the scores the page's
/// `explainMove` explains a move from, saying so too; and `"notes": [{"line", "text"}]`, where
/// the lesson's rule misleads ([`Exercise::notes`]); beside the lessons, `"glossary"`, the
/// words the explanations use before the lesson teaching them ([`GLOSSARY`]).
pub fn to_json(lessons: &[Lesson]) -> Value {
    let lessons: Vec<Value> = lessons
        .iter()
        .map(|l| {
            let exercises: Vec<Value> = l
                .exercises
                .iter()
                .map(|e| {
                    let scores: Vec<Value> = e
                        .scores
                        .iter()
                        .map(|&(line, score)| {
                            json!({"line": line, "score": score, "next": e.flags.suffix(line)})
                        })
                        .collect();
                    json!({
                        "board": e.board,
                        "lines": e.lines,
                        "answer": e.answer,
                        "question": e.question,
                        "explanation": e.explanation,
                        "explained": e.explained,
                        "rival": e.rival,
                        "value": e.value,
                        "scores": scores,
                        "notes": e.notes.iter()
                            .map(|(line, text)| json!({"line": line, "text": text}))
                            .collect::<Vec<_>>(),
                    })
                })
                .collect();
            json!({"title": l.title, "text": l.text, "exercises": exercises})
        })
        .collect();
    json!({ "glossary": GLOSSARY, "lessons": lessons })
}

/// The exact solver the course is built with: the search (it answers every board of the
/// course quickly, 5×5 endgames included), with a 64 MiB table.
pub fn search_solve(board: &Board, pos: Position) -> Result<Analysis, String> {
    let options = crate::search::SearchOptions::default();
    crate::search::analyze(board, pos, &options)
        .map(|r| r.analysis)
        .map_err(|e| e.to_string())
}

/// Most open lines for which [`reference_solve`] uses the retrograde solver.
pub const RETRO_OPEN: usize = 24;

/// The solver the course is checked with, other than [`search_solve`]: the retrograde solver
/// up to [`RETRO_OPEN`] open lines, beyond that the search with its chain rules switched off
/// (plain alpha-beta with the table), so no shortcut of the building solver is trusted.
pub fn reference_solve(board: &Board, pos: Position) -> Result<Analysis, String> {
    if board.open_lines(pos).count() as usize <= RETRO_OPEN {
        return crate::retro::analyze(board, pos).map_err(|e| e.to_string());
    }
    let options = crate::search::SearchOptions {
        capture_rule: false,
        loony_endgames: false,
        chain_moves: false,
        ..Default::default()
    };
    crate::search::analyze(board, pos, &options)
        .map(|r| r.analysis)
        .map_err(|e| e.to_string())
}
