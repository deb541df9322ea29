//! The method [`policy::choose`] picks under the command line's budget
//! ([`policy::NATIVE`]), and the engine's estimate it falls back to where no exact method
//! answers in that budget (also what a forced estimate runs).

use std::time::Duration;

use indicatif::HumanCount;

use crate::core::{Board, Position};
use crate::engine::{Estimate, EstimatedMove};
use crate::native::CliError;
use crate::policy::{self, Context, Method as PolicyMethod};

use super::run::{self, Searched};
use super::{Answer, Answered, Found, Options};

/// The answer of the method [`policy::choose`] picks; `note` is added to the sentence saying
/// how it was found. Where the search runs out of the policy's time, or no exact method is in
/// reach, the engine's estimate answers within the time limit and says so: every answer has a
/// move to play.
pub(super) fn chosen(
    board: &Board,
    pos: Position,
    options: &Options,
    limit: Option<Duration>,
    note: &str,
) -> Result<Answer, CliError> {
    let context = Context {
        book_depth: None,
        min_chain: options.min_chain,
    };
    let budget = &policy::NATIVE;
    let open = board.open_lines(pos).count();
    let reason = match policy::choose(board, pos, &context, budget) {
        // The policy gives chains as pseudo-lines only reductions whose value they prove, and
        // those prove a best move too (a capture scores at least what entering a chain does,
        // `retro::units`): an answer with a move to play.
        PolicyMethod::Pseudo => {
            return run::pseudo(board, pos, options.min_chain).map(|answer| noted(answer, note))
        }
        PolicyMethod::Retro | PolicyMethod::Subgame | PolicyMethod::Stored | PolicyMethod::Book => {
            // The search tried first only saves time: whatever stops it (its time, or a
            // table the machine cannot give), the solve answers as chosen.
            if let Some(seconds) = policy::search_before_solve(board, pos, budget) {
                let limit = Duration::from_secs_f64(seconds);
                if let Ok(Searched::Answer(answer)) =
                    run::search(board, pos, &options.search, Some(limit))
                {
                    return Ok(noted(*answer, note));
                }
            }
            return run::retro(board, pos).map(|answer| noted(answer, note));
        }
        PolicyMethod::Search => {
            let budget_limit = Duration::from_secs_f64(budget.search_seconds);
            match run::search(board, pos, &options.search, Some(budget_limit))? {
                Searched::Answer(answer) => return Ok(noted(*answer, note)),
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
    estimated(board, pos, options, limit, Some(reason))
}

/// `answer` with `note` added to how it was found.
fn noted(mut answer: Answer, note: &str) -> Answer {
    answer.how.push_str(note);
    answer
}

/// The engine's estimate within `limit` (default: the policy's, or none with a node budget)
/// and the node budget of `options`. Chosen by the policy
/// (`reason` given), a position the engine solved within the time (its exact search, beside
/// the trees) is answered as exact, as the search's own answer would be, and a proven value
/// and move are marked as such among the estimates; asked for by name, it is always the
/// estimate it is measured as ([`unproven`]).
pub(super) fn estimated(
    board: &Board,
    pos: Position,
    options: &Options,
    limit: Option<Duration>,
    reason: Option<String>,
) -> Result<Answer, CliError> {
    // A node budget alone runs until it is spent (the same answer on every run); else the
    // time limit, by default the policy's.
    let nodes = options.search.nodes;
    let limit = match (limit, nodes) {
        (None, Some(_)) => None,
        (None, None) => Some(Duration::from_secs_f64(policy::NATIVE.estimate_seconds)),
        (limit, _) => limit,
    };
    let threads = options.search.threads()?;
    let (estimate, elapsed) =
        run::engine(board, pos, limit, nodes, threads, options.search.seed())?;
    if let Some(analysis) = estimate.analysis().filter(|_| reason.is_some()) {
        let how = format!(
            "solved by the engine's exact search in {:.2} s ({} nodes)",
            elapsed.as_secs_f64(),
            HumanCount(estimate.nodes)
        );
        return Ok(Answer::exact_by(
            board,
            pos,
            Answered::Search,
            analysis,
            how,
        ));
    }
    let chosen = reason.is_some();
    let estimate = match chosen {
        true => estimate,
        false => unproven(&estimate),
    };
    Ok(Answer {
        board: board.clone(),
        position: pos,
        method: Answered::Estimate,
        how: reason.unwrap_or_else(|| engine_line(&estimate, elapsed)),
        found: Found::Estimate {
            estimate,
            elapsed,
            chosen,
        },
    })
}

/// The engine's answer with nothing marked as proven: what a forced estimate answers, since
/// that is the answer the benchmarks measure, in one shape whatever the engine proved.
pub(crate) fn unproven(estimate: &Estimate) -> Estimate {
    Estimate {
        moves: (estimate.moves.iter())
            .map(|m| EstimatedMove { exact: false, ..*m })
            .collect(),
        exact: false,
        value_exact: false,
        ..estimate.clone()
    }
}

/// How the engine estimated: `estimated by the engine in 0.30 s (depth 12, 4,567 nodes):
/// estimate, not exact`, or where its search proved the value and its move, that they are
/// exact and the other scores estimates.
pub(crate) fn engine_line(estimate: &Estimate, elapsed: Duration) -> String {
    format!(
        "estimated by the engine in {:.2} s (depth {}, {} nodes): {}",
        elapsed.as_secs_f64(),
        estimate.depth,
        HumanCount(estimate.nodes),
        match estimate.value_exact {
            true =>
                "the value and the engine's move are exact (its search proved them), \
                     the other scores are estimates, not exact",
            false => "estimate, not exact",
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_forced_estimate_marks_nothing_as_proven() {
        let estimate = crate::answer::testkit::valued_estimate();
        let plain = unproven(&estimate);
        assert!(!plain.value_exact && plain.moves.iter().all(|m| !m.exact));
        assert_eq!(plain.best, estimate.best);
        let line = engine_line(&plain, Duration::ZERO);
        assert!(line.ends_with("nodes): estimate, not exact"), "{line}");
        assert!(engine_line(&estimate, Duration::ZERO).contains("are exact"));
    }
}
