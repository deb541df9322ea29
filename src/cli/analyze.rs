//! `dotbox analyze`: a position's value and the score of every legal move, from a book, the
//! retrograde solver (also with a last-move penalty and with next-loony-move flags,
//! `--loony`) or the search; past exact reach, the engine's estimate (see `estimate`).

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use indicatif::HumanCount;

use crate::book::{BookError, Fit};
use crate::core::{Analysis, Board, Game, LoonyFlags, Position, Rules};
use crate::policy::{self, Context, Method as PolicyMethod};
use crate::retro;
use crate::retro::{RetroError, DEFAULT_MIN_CHAIN};

use super::book_file::BookFile;
use super::error::CliError;
use super::input::{parse_position, read_game, RulesArgs};
use super::method::{self, Method, SearchArgs, Searched};
use super::output::{human, json, with_penalty};
use super::solve::fits_on_disk;
use super::{estimate, progress};
use super::{pseudo, shipped};

/// Arguments of `dotbox analyze`.
#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    /// The board: RxC (for example 3x3) or icelandic; or a position, `3x3:0,5,7` (the board
    /// and its drawn lines, in place of --lines); or a game record, quoted (`"3x3 moves a4b4
    /// b1b2"`, as the page exports it): the position its moves reach, with the boxes each
    /// player took and whose turn it is.
    pub board: String,
    /// Drawn lines, comma-separated: numbers or labels like a1b1 (pre-drawn lines may be
    /// repeated).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub lines: String,
    /// Answer from this book (default: the board's book shipped in www/books, if any);
    /// positions deeper than the book are solved as without one.
    #[arg(long)]
    pub book: Option<PathBuf>,
    /// Print one JSON object instead of the diagram.
    #[arg(long)]
    pub json: bool,
    /// The method to use. Default: the book when there is one (past its depth, as below),
    /// else as the answer policy chooses (docs/cli.md): the retrograde solver when its
    /// estimated cost is small, chains as pseudo-lines, the search for up to 36 open lines
    /// and 30 s, and past those the engine's estimate within --time-limit, marked as not
    /// exact.
    #[arg(long, value_enum)]
    pub method: Option<Method>,
    /// Options of the search.
    #[command(flatten)]
    pub search: SearchArgs,
    /// The scoring rules (last-move penalty).
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Suffix each score with who must make the next loony move under perfect play: `v` the
    /// player to move, `^` the other (the retrograde solver's loony analysis, in memory:
    /// subgames that fit 8 GiB, scores within 6 bits).
    #[arg(long)]
    pub loony: bool,
    /// Collapse each chain of at least --min-chain boxes and each loop into one pseudo-line
    /// (drawn whole or not at all), so positions with too many open lines for the plain
    /// retrograde solver are solved; moves inside a chain are scored as entering it. Chosen
    /// on its own when the plain solve is too large and the reduced value is proven exact.
    #[arg(long)]
    pub pseudo_lines: bool,
    /// Fewest boxes of a chain collapsed by --pseudo-lines (at least 3).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MIN_CHAIN)]
    pub min_chain: usize,
}

/// Runs `dotbox analyze` and returns its output.
pub fn run(args: &AnalyzeArgs) -> Result<String, CliError> {
    let report = analyze(args)?;
    Ok(match read_game(&args.board, &args.lines)? {
        Some(game) if !args.json => game_summary(&game) + &report,
        _ => report,
    })
}

/// The report of `dotbox analyze` on the position alone.
fn analyze(args: &AnalyzeArgs) -> Result<String, CliError> {
    let (board, pos) = parse_position(&args.board, &args.lines)?;
    let rules = args.rules.rules();
    let limit = args.search.time_limit()?;
    method::check_reads(args.method, args.book.is_some(), &args.search)?;
    // Read by the policy's choice of pseudo-lines too: checked whatever answers.
    retro::check_min_chain(args.min_chain)?;
    if args.pseudo_lines {
        if args.loony || args.book.is_some() || args.method.is_some() || rules != Rules::default() {
            return Err(CliError::Usage(
                "--pseudo-lines solves plain Dots-and-Boxes with the retrograde solver: it \
                 cannot be combined with --loony, --book, --method or --last-move-penalty"
                    .into(),
            ));
        }
        return pseudo_report(args, &board, pos);
    }
    if args.loony {
        if let Some(method) = args.method {
            return Err(CliError::Usage(format!(
                "--loony uses the retrograde solver's loony analysis: it cannot be combined \
                 with --method {}",
                method.name()
            )));
        }
        if args.book.is_some() {
            return Err(CliError::Usage(
                "--loony uses the retrograde solver's loony analysis: it cannot be combined \
                 with --book"
                    .into(),
            ));
        }
        let (analysis, flags) = loony_analysis(&board, pos, rules)?;
        let source = with_penalty("solved in memory by the retrograde loony analysis", rules);
        return Ok(if args.json {
            json(&board, pos, &analysis, rules, Some(&flags), "retro")
        } else {
            human(&board, pos, &analysis, &source, Some(&flags))
        });
    }
    if rules != Rules::default() {
        // Books, the search and the engine know plain Dots-and-Boxes only.
        if let Some(method @ (Method::Book | Method::Search | Method::Estimate | Method::Rules)) =
            args.method
        {
            return Err(CliError::Usage(format!(
                "--last-move-penalty needs the retrograde solver: it cannot be combined with \
                 --method {}",
                method.name()
            )));
        }
        if args.book.is_some() {
            return Err(CliError::Usage(
                "--last-move-penalty needs the retrograde solver: it cannot be combined with \
                 --book"
                    .into(),
            ));
        }
        // Too large: the advice of a plain solve (a book, the search) does not apply here.
        let analysis = solve_in_memory(&board, pos, rules).map_err(|e| match e {
            CliError::Solve(e @ RetroError::TooLarge { .. }) => CliError::Usage(format!(
                "{e}: with --last-move-penalty only the retrograde solver answers; solve it on \
                 disk with `dotbox solve --last-move-penalty {} --store DIR`",
                args.rules.last_move_penalty
            )),
            e => e,
        })?;
        let source = with_penalty("solved in memory by the retrograde solver", rules);
        return Ok(if args.json {
            json(&board, pos, &analysis, rules, None, "retro")
        } else {
            human(&board, pos, &analysis, &source, None)
        });
    }
    match args.method {
        Some(Method::Estimate) => estimated(args, &board, pos, limit, None),
        Some(Method::Rules) => estimate::rules_report(&board, pos, args.search.seed(), args.json),
        Some(Method::Retro) => exact_report(args, &board, pos, "retro", retro_answer(&board, pos)?),
        Some(Method::Search) => match method::search(&board, pos, &args.search, limit)? {
            Searched::Answer(analysis, source) => {
                exact_report(args, &board, pos, "search", (analysis, source))
            }
            Searched::OutOfTime(nodes) => Err(CliError::OutOfTime {
                seconds: limit.map_or(0.0, |l| l.as_secs_f64()),
                nodes,
            }),
        },
        Some(Method::Book) | None => booked_or_chosen(args, &board, pos, limit),
    }
}

/// The book's answer (the book given, else the board's shipped book) while the position is
/// within its depth; past it, or with no book, the method the policy chooses. `--method book`
/// insists on the book.
fn booked_or_chosen(
    args: &AnalyzeArgs,
    board: &Board,
    pos: Position,
    limit: Option<Duration>,
) -> Result<String, CliError> {
    let forced = args.method == Some(Method::Book);
    let path = match (&args.book, forced) {
        (Some(path), _) => Some(path.clone()),
        (None, _) => shipped::book_for(board)?,
    };
    let Some(path) = path else {
        if forced {
            return Err(CliError::NoBook {
                board: board.name(),
            });
        }
        return chosen(args, board, pos, limit, None);
    };
    let damaged = |e| damaged_book(e, args.book.is_some());
    let (answer, note) = BookFile::kept(&path, |book| {
        let fit = book.fit(board)?;
        Ok((
            fit.analysis(pos, |p| book.analysis(p)),
            fit_note(&fit, book),
        ))
    })
    .map_err(damaged)?;
    match answer {
        Ok(a) => exact_report(
            args,
            board,
            pos,
            "book",
            (a, format!("from book {}{note}", path.display())),
        ),
        Err(CliError::Book {
            error: BookError::TooDeep { max, .. },
            ..
        }) if !forced => {
            let past = format!(" (the book gives move scores up to {max} lines)");
            chosen(args, board, pos, limit, Some(&past))
        }
        Err(e) => Err(damaged(e)),
    }
}

/// A book error `e` that is damage to the book (a chunk failing its checksum, a file cut
/// short) as [`CliError::DamagedBook`], which adds what answers without the book; `given`:
/// the user named the book. Other errors are left as they are. Never a fall back to another
/// method on its own: a damaged book is said, not hidden.
fn damaged_book(e: CliError, given: bool) -> CliError {
    match e {
        CliError::Book {
            path: Some(path),
            error: error @ (BookError::Corrupt(_) | BookError::Truncated { .. }),
        } => CliError::DamagedBook { path, error, given },
        e => e,
    }
}

/// How a book of another orientation answered: ` (the 3x5 book, transposed)`.
fn fit_note(fit: &Fit, book: &BookFile) -> String {
    match fit {
        Fit::Same => String::new(),
        Fit::Transposed { .. } => format!(" (the {} book, transposed)", book.board().name()),
    }
}

/// The answer of the method [`policy::choose`] picks under the command line's budget
/// ([`policy::NATIVE`]); `note` is added to the sentence saying how it was found. Where the
/// search runs out of the policy's time, or no exact method is in reach, the engine's
/// estimate answers within --time-limit and says so.
fn chosen(
    args: &AnalyzeArgs,
    board: &Board,
    pos: Position,
    limit: Option<Duration>,
    note: Option<&str>,
) -> Result<String, CliError> {
    let note = note.unwrap_or("");
    let context = Context {
        book_depth: None,
        min_chain: args.min_chain,
    };
    let budget = &policy::NATIVE;
    let open = board.open_lines(pos).count();
    let reason = match policy::choose(board, pos, &context, budget) {
        PolicyMethod::Pseudo => return pseudo_report(args, board, pos),
        PolicyMethod::Retro | PolicyMethod::Stored | PolicyMethod::Book => {
            let (analysis, how) = retro_answer(board, pos)?;
            return exact_report(args, board, pos, "retro", (analysis, how + note));
        }
        PolicyMethod::Search => {
            let budget_limit = Duration::from_secs_f64(budget.search_seconds);
            match method::search(board, pos, &args.search, Some(budget_limit))? {
                Searched::Answer(analysis, how) => {
                    return exact_report(args, board, pos, "search", (analysis, how + note))
                }
                Searched::OutOfTime(_) => format!(
                    "not exact: the exact search found no answer within {} s{note}, so the \
                     engine estimates instead (the search method, asked for by name, searches \
                     to the end)",
                    budget.search_seconds
                ),
            }
        }
        PolicyMethod::Estimate => format!(
            "not exact: no exact method answers {open} open lines within the answer policy's \
             budget{note}, so the engine estimates instead (the search method, asked for by \
             name, searches to the end, which may take hours)"
        ),
    };
    estimated(args, board, pos, limit, Some(&reason))
}

/// The engine's estimate within `limit` (default: the policy's), as JSON or text. Chosen by
/// the policy (`reason` given), a position the engine solved within the time (its exact
/// search, beside the trees) is reported as exact, as the search's own answer would be, and
/// a proven value and move are marked as such among the estimates; asked for with `--method
/// estimate`, it is always reported as the estimate it is measured as.
fn estimated(
    args: &AnalyzeArgs,
    board: &Board,
    pos: Position,
    limit: Option<Duration>,
    reason: Option<&str>,
) -> Result<String, CliError> {
    let seconds = limit.map_or(policy::NATIVE.estimate_seconds, |l| l.as_secs_f64());
    let threads = args.search.threads()?;
    let (estimate, elapsed) = estimate::run(board, pos, seconds, threads, args.search.seed())?;
    if let Some(analysis) = estimate.analysis().filter(|_| reason.is_some()) {
        let how = format!(
            "solved by the engine's exact search in {:.2} s ({} nodes)",
            elapsed.as_secs_f64(),
            HumanCount(estimate.nodes)
        );
        return exact_report(args, board, pos, "search", (analysis, how));
    }
    let estimate = match reason {
        Some(_) => estimate,
        None => estimate::unproven(&estimate),
    };
    Ok(match args.json {
        true => estimate::json_report(board, pos, &estimate, elapsed, reason),
        false => estimate::human_report(board, pos, &estimate, elapsed, reason),
    })
}

/// An exact analysis as JSON or text, with the method that found it and how.
fn exact_report(
    args: &AnalyzeArgs,
    board: &Board,
    pos: Position,
    method: &str,
    (analysis, source): (Analysis, String),
) -> Result<String, CliError> {
    Ok(match args.json {
        true => json(board, pos, &analysis, Rules::default(), None, method),
        false => human(board, pos, &analysis, &source, None),
    })
}

/// The report of `pos` solved with its chains as pseudo-lines.
fn pseudo_report(args: &AnalyzeArgs, board: &Board, pos: Position) -> Result<String, CliError> {
    let (analysis, reduction) =
        retro::pseudo::analyze(board, pos, args.min_chain, &mut progress::run)?;
    let source = format!(
        "solved in memory by the retrograde solver with chains of {}+ boxes and loops as \
         pseudo-lines",
        args.min_chain
    );
    Ok(pseudo::report(
        board, pos, &reduction, &analysis, &source, args.json,
    ))
}

/// The analysis of plain Dots-and-Boxes by the retrograde solver in memory, with how it was
/// found.
fn retro_answer(board: &Board, pos: Position) -> Result<(Analysis, String), CliError> {
    let analysis = solve_in_memory(board, pos, Rules::default()).map_err(|e| match e {
        // Too large for memory: the advice to solve it on disk only where a disk could hold it.
        CliError::Solve(RetroError::TooLarge { bytes, .. }) => {
            fits_on_disk(bytes, &std::env::temp_dir())
                .err()
                .unwrap_or(e)
        }
        e => e,
    })?;
    Ok((
        analysis,
        "solved in memory by the retrograde solver".to_string(),
    ))
}

/// Every move's exact score and next-loony flag, from the retrograde loony analysis.
fn loony_analysis(
    board: &Board,
    pos: Position,
    rules: Rules,
) -> Result<(Analysis, LoonyFlags), CliError> {
    retro::analyze_loony(board, pos, rules, &mut progress::run).map_err(CliError::Loony)
}

/// What a game record's game stands at: moves played, boxes taken, whose turn.
fn game_summary(game: &Game) -> String {
    let [first, second] = game.taken();
    let n = game.moves().len();
    let state = match (game.is_over(), game.turn()) {
        (true, _) => "the game is over".to_string(),
        (false, 0) => "the first player to move".to_string(),
        (false, _) => "the second player to move".to_string(),
    };
    format!(
        "game: {n} move{} played, boxes taken {first} (first player) and {second} (second \
         player); {state}\n",
        if n == 1 { "" } else { "s" }
    )
}

/// The core's in-memory analysis under `rules`, with the progress bar.
fn solve_in_memory(board: &Board, pos: Position, rules: Rules) -> Result<Analysis, CliError> {
    let run = &mut progress::run;
    Ok(retro::analyze_with_rules(board, pos, rules, run)?)
}
