//! Answering a position, as a structured [`Answer`]: the one orchestration behind `dotbox
//! analyze` and the Python package's `dotbox.analyze`, which both only format what
//! [`answer`] returns, so a position gets the same answer whichever asks.
//!
//! In order: the book (the one given, else the board's shipped book) while the position is
//! within its depth; past it, or with no book, the method [`crate::policy::choose`] names under
//! the command line's budget ([`crate::policy::NATIVE`]): the retrograde solver, chains as
//! pseudo-lines, or the exact search within the policy's time; where that search runs out of
//! time, or no exact method is in reach, the engine's estimate, exact only where the engine's
//! own search solved the position. [`Options::method`] forces one method instead.
//!
//! Native only: it reads book files and the clock, and shows the progress of a long solve,
//! search or estimate on stderr (drawn only when stderr is a terminal), as the command line
//! does. Failures are [`CliError`]s, the command line's own: one message per failure,
//! whichever front end asks ([`CliError::in_terms_of`] names the options as Python does).
//!
//! # Example
//!
//! ```
//! use dotbox::answer::{answer, Answered, Options};
//! use dotbox::native::{Method, SearchArgs};
//! use dotbox::core::notation;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // 2x2 boxes with lines 0 and 5 drawn: small enough for the retrograde solver.
//! let (board, pos) = notation::parse_position("2x2:0,5")?;
//! let solved = answer(&board, pos, &Options::default())?;
//! assert_eq!(solved.method, Answered::Retro);
//! assert!(solved.exact());
//! assert_eq!(solved.value(), Some(2.0));
//! assert_eq!(solved.best(), [1, 4, 8, 9]);
//! assert_eq!(solved.how, "solved in memory by the retrograde solver");
//!
//! // The engine's estimate, asked for by name: never marked exact, whatever it proved.
//! let options = Options {
//!     method: Some(Method::Estimate),
//!     search: SearchArgs {
//!         time_limit: Some(0.05),
//!         ..SearchArgs::default()
//!     },
//!     ..Options::default()
//! };
//! let estimated = answer(&board, pos, &options)?;
//! assert_eq!(estimated.method, Answered::Estimate);
//! assert!(!estimated.exact());
//! assert!(estimated.moves().iter().all(|m| !m.exact));
//! # Ok(())
//! # }
//! ```

mod book;
mod chosen;
mod run;
#[cfg(test)]
pub(crate) mod testkit;

use std::path::PathBuf;
use std::time::Duration;

use crate::core::{Analysis, Board, Position};
use crate::engine::Estimate;
use crate::native::{check_reads, CliError, Method, SearchArgs};
use crate::retro::{self, Reduction, RetroError, DEFAULT_MIN_CHAIN};
use crate::search::quick::QuickReason;

pub(crate) use chosen::engine_line;
// The command line's report tests show what a forced estimate answers.
#[cfg(test)]
pub(crate) use chosen::unproven;
pub(crate) use run::{in_memory, pseudo};

use run::Searched;

/// What [`answer`] is told beside the position: `dotbox analyze`'s options (and
/// `dotbox.analyze`'s), checked by one rule ([`Options::check`]) whoever gives them.
#[derive(Clone, Debug)]
pub struct Options {
    /// The method to use; `None`: the book while the position is within its depth, else the
    /// answer policy's choice.
    pub method: Option<Method>,
    /// The book to answer from; `None`: the board's shipped book, if one is found
    /// ([`crate::native::shipped_book`]). Only the book method reads it: given with another
    /// method it is refused.
    pub book: Option<PathBuf>,
    /// The time limit, table size, threads and seed of the search and the engine. Each is
    /// refused by a forced method that never reads it, so none is silently ignored.
    pub search: SearchArgs,
    /// Fewest boxes of a chain that the policy's chains as pseudo-lines collapse (at least
    /// 3).
    pub min_chain: usize,
}

impl Default for Options {
    /// The policy's choice, the shipped book, and the default of every option.
    fn default() -> Self {
        Options {
            method: None,
            book: None,
            search: SearchArgs::default(),
            min_chain: DEFAULT_MIN_CHAIN,
        }
    }
}

impl Options {
    /// The options checked, with no position, so that a caller asking many positions (the
    /// OpenSpiel bots) fails when it is set up rather than a game later: a time limit that
    /// is one ([`SearchArgs::time_limit`], returned), a thread count that is one (whether or
    /// not the method that answers reads it), a node budget of at least 1, no option that the
    /// forced method does not read ([`check_reads`]), and a shortest chain that can be
    /// collapsed.
    pub fn check(&self) -> Result<Option<Duration>, CliError> {
        let limit = self.search.time_limit()?;
        self.search.threads()?;
        self.search.nodes()?;
        check_reads(self.method, self.book.is_some(), &self.search)?;
        retro::check_min_chain(self.min_chain)?;
        Ok(limit)
    }
}

/// The method that answered: what `"method"` says in the JSON of `dotbox analyze`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answered {
    /// An opening book.
    Book,
    /// The retrograde solver, in memory.
    Retro,
    /// The retrograde solver with chains and loops as pseudo-lines: exact where the reduction
    /// proves it, move by move.
    Pseudo,
    /// The exact search, or the engine's own exact search where it solved the position.
    Search,
    /// The engine's estimate: not exact.
    Estimate,
    /// The rules of thumb: one move, no scores.
    Rules,
}

impl Answered {
    /// The method's name, as the command line's JSON and the page spell it.
    pub fn name(self) -> &'static str {
        match self {
            Answered::Book => "book",
            Answered::Retro => "retro",
            Answered::Pseudo => "pseudo",
            Answered::Search => "search",
            Answered::Estimate => "estimate",
            Answered::Rules => "rules",
        }
    }
}

/// What the method found, in its own terms: what a front end needs to report it in full.
/// [`Answer`]'s methods read the same in common terms.
#[derive(Clone, Debug)]
pub enum Found {
    /// Every score exact: from a book, the retrograde solver or a search.
    Exact(Analysis),
    /// The scores of the position with its chains as pseudo-lines: a score is exact where
    /// [`Reduction::exact_move`] says so, else an upper bound.
    Pseudo {
        /// The value and every move's score.
        analysis: Analysis,
        /// The units the position was reduced to.
        reduction: Reduction,
    },
    /// The engine's estimate: a proven value and move are marked in it (only when the
    /// policy chose it; asked for by name nothing is marked, as the benchmarks measure it).
    Estimate {
        /// The estimated value and scores.
        estimate: Estimate,
        /// How long the engine ran.
        elapsed: Duration,
        /// Whether the policy chose the estimate, no exact method answering in its budget:
        /// [`Answer::how`] then says why, else the engine's own line.
        chosen: bool,
    },
    /// The move the rules of thumb play.
    Rules {
        /// The line.
        line: usize,
        /// Why they play it.
        reason: QuickReason,
    },
}

/// One open line's score: net boxes still to come for the player to move once it is drawn.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineScore {
    /// The line.
    pub line: usize,
    /// The score, estimated unless `exact`; `None` from the rules of thumb, which score
    /// nothing.
    pub score: Option<f64>,
    /// Whether the score is proven.
    pub exact: bool,
}

/// The answer to a position: which method answered, how, and what it found.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The board asked about.
    pub board: Board,
    /// The position asked about.
    pub position: Position,
    /// The method that answered.
    pub method: Answered,
    /// How the answer was found, in the words `dotbox analyze` prints under the position:
    /// "solved in memory by the retrograde solver", "from book FILE", "by search in …"; for
    /// an estimate the policy chose, why no exact method answered ("not exact: …, so the
    /// engine estimates instead …"); for one asked for by name, the engine's line.
    pub how: String,
    /// What the method found, in its own terms.
    pub found: Found,
}

impl Answer {
    /// An exact analysis of `pos` by `method`, found as `how` says.
    fn exact_by(
        board: &Board,
        pos: Position,
        method: Answered,
        analysis: Analysis,
        how: String,
    ) -> Answer {
        Answer {
            board: board.clone(),
            position: pos,
            method,
            how,
            found: Found::Exact(analysis),
        }
    }

    /// Whether every score is proven: never for an estimate or the rules of thumb, even
    /// where the engine proved the value.
    pub fn exact(&self) -> bool {
        self.moves().iter().all(|m| m.exact)
            && !matches!(self.found, Found::Estimate { .. } | Found::Rules { .. })
    }

    /// The value: net boxes still to come for the player to move, estimated unless
    /// [`Answer::exact`] (or the engine proved it, [`Estimate::value_exact`]); `None` from
    /// the rules of thumb.
    pub fn value(&self) -> Option<f64> {
        match &self.found {
            Found::Exact(analysis) | Found::Pseudo { analysis, .. } => Some(analysis.value.into()),
            Found::Estimate { estimate, .. } => Some(estimate.value.into()),
            Found::Rules { .. } => None,
        }
    }

    /// Every open line's score, lowest line first, each with whether it is proven.
    pub fn moves(&self) -> Vec<LineScore> {
        let scored = |line, score: i32, exact| LineScore {
            line,
            score: Some(score.into()),
            exact,
        };
        match &self.found {
            Found::Exact(analysis) => (analysis.moves.iter())
                .map(|m| scored(m.line, m.score, true))
                .collect(),
            Found::Pseudo {
                analysis,
                reduction,
            } => (analysis.moves.iter())
                .map(|m| scored(m.line, m.score, reduction.exact_move(m.line)))
                .collect(),
            Found::Estimate { estimate, .. } => (estimate.moves.iter())
                .map(|m| LineScore {
                    line: m.line,
                    score: Some(m.score.into()),
                    exact: m.exact,
                })
                .collect(),
            Found::Rules { .. } => (self.board.open_lines(self.position).lines())
                .map(|line| LineScore {
                    line,
                    score: None,
                    exact: false,
                })
                .collect(),
        }
    }

    /// The best lines: every line proven to score the value; the one line the engine or the
    /// rules of thumb play.
    pub fn best(&self) -> Vec<usize> {
        match &self.found {
            Found::Exact(analysis) => analysis.best_lines(),
            Found::Pseudo {
                analysis,
                reduction,
            } => (analysis.best_lines().into_iter())
                .filter(|&line| reduction.exact_move(line))
                .collect(),
            Found::Estimate { estimate, .. } => vec![estimate.best],
            Found::Rules { line, .. } => vec![*line],
        }
    }
}

/// The answer to `pos` on `board` (plain Dots-and-Boxes), as `options` ask: by the method
/// forced, else from the book or by the method the answer policy chooses (see the module's
/// docs). Errors name what is wrong: an option ([`Options::check`]), a position off the
/// board, a damaged book, a forced search out of time, a solve too large.
pub fn answer(board: &Board, pos: Position, options: &Options) -> Result<Answer, CliError> {
    board.check(pos).map_err(RetroError::from)?;
    let limit = options.check()?;
    match options.method {
        Some(Method::Estimate) => chosen::estimated(board, pos, options, limit, None),
        Some(Method::Rules) => run::rules(board, pos, options.search.seed()),
        Some(Method::Retro) => run::retro(board, pos),
        Some(Method::Search) => match run::search(board, pos, &options.search, limit)? {
            Searched::Answer(answer) => Ok(*answer),
            Searched::OutOfTime(nodes) => Err(CliError::OutOfTime {
                seconds: limit.map_or(0.0, |l| l.as_secs_f64()),
                nodes,
            }),
        },
        Some(Method::Book) | None => book::booked_or_chosen(board, pos, options, limit),
    }
}
