//! `dotbox analyze`: a position's value and the score of every legal move, as
//! [`crate::answer`] answers it (a book, the retrograde solver, chains as pseudo-lines, the
//! search; past exact reach the engine's estimate), reported as text or JSON; and the
//! retrograde solver's own variants, with a last-move penalty and with next-loony-move flags
//! (`--loony`).

use std::path::PathBuf;

use clap::Args;
use serde_json::{json, Value};

use crate::answer::{self, Answer, Found, Options};
use crate::core::{Analysis, Board, Game, LoonyFlags, Position, Rules};
use crate::native::{progress, CliError, Method, SearchArgs};
use crate::retro::{self, RetroError, DEFAULT_MIN_CHAIN};

use super::input::{parse_min_chain, position_of, read_game, RulesArgs};
use super::output::{human, json, json_line, with_penalty};
use super::{estimate, pseudo};

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
    /// Fewest boxes of a chain collapsed by --pseudo-lines, or by the answer policy's own
    /// pseudo-lines without --method (at least 3; default 3).
    // No default filled in here, so that a length given where nothing reads it is refused.
    #[arg(long, value_name = "N", value_parser = parse_min_chain, allow_negative_numbers = true)]
    pub min_chain: Option<usize>,
    /// Words after the board that are no option (`3x3 0,5`, or a game record left unquoted):
    /// refused with the way to give them, where clap would only say "unexpected argument".
    #[arg(hide = true)]
    pub stray: Vec<String>,
}

/// Runs `dotbox analyze` and returns its output.
pub fn run(args: &AnalyzeArgs) -> Result<String, CliError> {
    if let Some(first) = args.stray.first() {
        let board = &args.board;
        let how = match first.as_str() {
            "moves" | "pre" => format!(
                "a game record is one argument: quote it (\"{board} {}\")",
                args.stray.join(" ")
            ),
            _ => format!(
                "give drawn lines with --lines ({board} --lines {first}, or {board}:{first})"
            ),
        };
        return Err(CliError::Usage(format!(
            "'{first}' follows the board {board}: {how}"
        )));
    }
    let game = read_game(&args.board, &args.lines)?;
    let report = analyze(args, game.as_ref())?;
    Ok(match game {
        Some(game) if !args.json => game_summary(&game) + &report,
        Some(game) => with_game(&report, &game)?,
        None => report,
    })
}

/// What a game record's game stands at, for the JSON of its answer: `{"moves_played",
/// "taken": [first, second], "to_move": 0 or 1 (null once over)}`. The value is for the
/// player to move, and a record alone does not say who that is (a box completed keeps the
/// turn) nor what the score is: a script had to replay the record to know.
pub fn game_json(game: &Game) -> Value {
    json!({
        "moves_played": game.moves().len(),
        "taken": game.taken(),
        "to_move": (!game.is_over()).then(|| game.turn()),
    })
}

/// The one-line JSON `report` with `game`'s state added as `"game"` ([`game_json`]), written
/// as every report is (`output::json_line`: spaced, the keys in order).
fn with_game(report: &str, game: &Game) -> Result<String, CliError> {
    let mut value: Value = serde_json::from_str(report)
        .map_err(|e| CliError::Usage(format!("the answer is not JSON ({e})")))?;
    value["game"] = game_json(game);
    Ok(json_line(&value))
}

impl AnalyzeArgs {
    /// The options [`answer::answer`] is given.
    fn options(&self) -> Options {
        Options {
            method: self.method,
            book: self.book.clone(),
            search: self.search.clone(),
            min_chain: self.min_chain.unwrap_or(DEFAULT_MIN_CHAIN),
        }
    }

    /// Refuses --min-chain where nothing reads it: a method asked for by name and --loony
    /// collapse no chains (only --pseudo-lines and the answer policy do).
    fn check_min_chain_read(&self) -> Result<(), CliError> {
        if self.min_chain.is_none() || self.pseudo_lines {
            return Ok(());
        }
        let by = match (self.method, self.loony) {
            (Some(method), _) => format!("--method {}", method.name()),
            (None, true) => "--loony".to_string(),
            (None, false) => return Ok(()),
        };
        Err(CliError::Usage(format!(
            "{by} does not read --min-chain: it cannot be combined with it (only --pseudo-lines \
             and the answer policy, without --method, collapse chains)"
        )))
    }
}

/// The report of `dotbox analyze` on the position alone; `game`: the game of the record the
/// board argument is, if it is one.
fn analyze(args: &AnalyzeArgs, game: Option<&Game>) -> Result<String, CliError> {
    let (board, pos) = position_of(&args.board, &args.lines, game)?;
    let rules = args.rules.rules();
    let options = args.options();
    // Checked whatever answers, before the variants below that answer without the policy
    // (which reads --min-chain too, for its own pseudo-lines).
    options.check()?;
    args.check_min_chain_read()?;
    if args.pseudo_lines {
        if args.loony || args.book.is_some() || args.method.is_some() || rules != Rules::default() {
            return Err(CliError::Usage(
                "--pseudo-lines solves plain Dots-and-Boxes with the retrograde solver: it \
                 cannot be combined with --loony, --book, --method or --last-move-penalty"
                    .into(),
            ));
        }
        return Ok(report(
            &answer::pseudo(&board, pos, options.min_chain)?,
            args.json,
        ));
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
        let analysis = answer::in_memory(&board, pos, rules).map_err(|e| match e {
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
    Ok(report(&answer::answer(&board, pos, &options)?, args.json))
}

/// The report of an answer: one JSON object on a line (`--json`; the Python package reads
/// the same), or the diagrams with the value, the best moves and how it was found. Each
/// kind of answer is written by its own module: an exact analysis by `output`, chains as
/// pseudo-lines by `pseudo`, the engine's estimate and the rules of thumb by `estimate`.
pub fn report(answer: &Answer, as_json: bool) -> String {
    let (board, pos, how) = (&answer.board, answer.position, answer.how.as_str());
    match &answer.found {
        Found::Exact(analysis) => match as_json {
            true => json(
                board,
                pos,
                analysis,
                Rules::default(),
                None,
                answer.method.name(),
            ),
            false => human(board, pos, analysis, how, None),
        },
        Found::Pseudo {
            analysis,
            reduction,
        } => pseudo::report(board, pos, reduction, analysis, how, as_json),
        Found::Estimate {
            estimate,
            elapsed,
            chosen,
        } => {
            let reason = chosen.then_some(how);
            match as_json {
                true => estimate::json_report(board, pos, estimate, *elapsed, reason),
                false => estimate::human_report(board, pos, estimate, *elapsed, reason),
            }
        }
        Found::Rules { line, reason } => {
            estimate::rules_report(board, pos, (*line, *reason), how, as_json)
        }
    }
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
