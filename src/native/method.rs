//! The solvers `dotbox analyze` can be told to use (`--method`; by default the policy of
//! [`crate::policy`] chooses), their options and the one check of which options each reads;
//! [`crate::answer`] runs them.

use std::time::Duration;

use clap::{Args, ValueEnum};

use super::error::{CliError, Face, TimeLimitProblem};

/// The solvers `analyze` can use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Method {
    /// Solve the position's subgame backward, tile by tile, in memory.
    Retro,
    /// Read the answer from a book: the one given with --book, else the board's shipped book.
    Book,
    /// Depth-first alpha-beta search with a transposition table.
    Search,
    /// The engine's estimate of every move within --time-limit: not exact, and no book or
    /// stored solve is read.
    Estimate,
    /// The rules of thumb (take a box, else a safe line, else the smallest sacrifice): the
    /// baseline the engine is measured against; one move, no scores.
    Rules,
}

impl Method {
    /// The method's name on the command line.
    pub fn name(self) -> String {
        self.to_possible_value()
            .map_or_else(|| format!("{self:?}"), |v| v.get_name().to_string())
    }

    /// The method as `face` asks for it: `--method retro`, or `method='retro'`.
    pub fn in_terms_of(self, face: Face) -> String {
        match face {
            Face::CommandLine => format!("--method {}", self.name()),
            Face::Python => format!("method='{}'", self.name()),
        }
    }
}

/// The options of `analyze` that only some methods read (the book aside, which has its own
/// error, [`CliError::ReadsNoBook`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MethodOption {
    /// `--time-limit`.
    TimeLimit,
    /// `--tt-mib`.
    TtMib,
    /// `--search-threads`.
    SearchThreads,
    /// `--seed`.
    Seed,
    /// `--nodes`.
    Nodes,
}

impl MethodOption {
    /// Every such option.
    pub const ALL: [MethodOption; 5] = [
        MethodOption::TimeLimit,
        MethodOption::TtMib,
        MethodOption::SearchThreads,
        MethodOption::Seed,
        MethodOption::Nodes,
    ];

    /// The option's name as `face` spells it.
    pub fn name(self, face: Face) -> &'static str {
        match (self, face) {
            (MethodOption::TimeLimit, Face::CommandLine) => "--time-limit",
            (MethodOption::TimeLimit, Face::Python) => "time_limit",
            (MethodOption::TtMib, Face::CommandLine) => "--tt-mib",
            (MethodOption::TtMib, Face::Python) => "tt_mib",
            (MethodOption::SearchThreads, Face::CommandLine) => "--search-threads",
            (MethodOption::SearchThreads, Face::Python) => "search_threads",
            (MethodOption::Seed, Face::CommandLine) => "--seed",
            (MethodOption::Seed, Face::Python) => "seed",
            (MethodOption::Nodes, Face::CommandLine) => "--nodes",
            (MethodOption::Nodes, Face::Python) => "nodes",
        }
    }

    /// Whether `face` has the option: the Python package has no `tt_mib` nor
    /// `search_threads` (its search runs with the command line's defaults).
    pub fn offered_by(self, face: Face) -> bool {
        face == Face::CommandLine
            || matches!(
                self,
                MethodOption::TimeLimit | MethodOption::Seed | MethodOption::Nodes
            )
    }

    /// The methods that read the option: the exact search its time limit, table and
    /// threads; the engine its time limit, threads, seed and node budget (its table is its
    /// own); the rules of thumb their seed. Retro and book read none of them.
    pub fn readers(self) -> &'static [Method] {
        match self {
            MethodOption::TimeLimit | MethodOption::SearchThreads => {
                &[Method::Search, Method::Estimate]
            }
            MethodOption::TtMib => &[Method::Search],
            MethodOption::Seed => &[Method::Estimate, Method::Rules],
            MethodOption::Nodes => &[Method::Estimate],
        }
    }

    /// Whether `args` give the option.
    fn given(self, args: &SearchArgs) -> bool {
        match self {
            MethodOption::TimeLimit => args.time_limit.is_some(),
            MethodOption::TtMib => args.tt_mib.is_some(),
            MethodOption::SearchThreads => args.search_threads.is_some(),
            MethodOption::Seed => args.seed.is_some(),
            MethodOption::Nodes => args.nodes.is_some(),
        }
    }
}

/// Refuses options that the method asked for never reads, so that none is silently
/// ignored: a book (`book`) with any method but `book`, and the search's and the engine's
/// options ([`MethodOption`]) with a method that runs neither. With no method given the
/// answer policy may choose any method, so every option may be read and all pass. The one
/// place `analyze` checks what its methods read.
pub fn check_reads(
    method: Option<Method>,
    book: bool,
    search: &SearchArgs,
) -> Result<(), CliError> {
    let Some(method) = method else {
        return Ok(());
    };
    if book && method != Method::Book {
        return Err(CliError::ReadsNoBook {
            method: method.name(),
        });
    }
    match MethodOption::ALL
        .into_iter()
        .find(|option| option.given(search) && !option.readers().contains(&method))
    {
        Some(option) => Err(CliError::NotRead { method, option }),
        None => Ok(()),
    }
}

/// Options of the search and the engine (--method search or estimate, or chosen by the
/// policy past the retrograde solver's reach). The default gives none of them.
#[derive(Args, Debug, Clone, Default)]
pub struct SearchArgs {
    /// Seconds the search or the engine may take: --method search stops with a message past
    /// them (default: no limit); the engine's estimate (--method estimate, or where no exact
    /// method answers within the policy's budget) answers within them (default 3). Without
    /// --method, the exact methods the policy tries first (the book, the retrograde solver,
    /// pseudo-lines, its 30 s search) keep their own budgets. At least 0.001.
    // Hyphen values, not only negative numbers: clap takes `-inf` for no number, and said
    // "unexpected argument '-i'" instead of why it is no time limit.
    #[arg(
        long,
        value_name = "SECONDS",
        allow_hyphen_values = true,
        value_parser = parse_time_limit
    )]
    pub time_limit: Option<f64>,
    /// Memory for the search's transposition table, in MiB, at least 1 (it never grows past
    /// this; default 1024, or under --time-limit what the search can fill in it). --method
    /// search only.
    // No default filled in here, so that a size given to a method that does not read it is
    // refused whatever its value, and a size given is the user's even under a time limit.
    #[arg(long, value_name = "MIB", value_parser = parse_tt_mib, allow_negative_numbers = true)]
    pub tt_mib: Option<usize>,
    /// Threads sharing the search's root moves and table, or the engine's work (default: one
    /// per core; at most 1024).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub search_threads: Option<usize>,
    /// Seed of the engine's and the rules' random choices: the same seed gives the same
    /// answer for the same work done (default 0). --method estimate and rules only.
    // No default filled in here, so that a seed given to an exact method is refused.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Nodes the engine searches in all, split among its threads: with --seed and the same
    /// --search-threads the same estimate on every run and machine, which a time limit
    /// cannot give (without --time-limit it runs until they are searched; with one, whichever
    /// comes first). At least 1. Read by the engine alone: --method estimate, or without
    /// --method where the answer policy estimates.
    // No default filled in here, so that a budget given to another method is refused.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_nodes)]
    pub nodes: Option<u64>,
}

impl SearchArgs {
    /// --time-limit, checked ([`TimeLimitProblem::of`]): a finite number of seconds, at least
    /// a millisecond, that a `Duration` holds.
    pub fn time_limit(&self) -> Result<Option<Duration>, CliError> {
        let Some(seconds) = self.time_limit else {
            return Ok(None);
        };
        match TimeLimitProblem::of(seconds) {
            None => Ok(Some(Duration::from_secs_f64(seconds))),
            Some(problem) => Err(CliError::BadTimeLimit { seconds, problem }),
        }
    }

    /// --search-threads, checked ([`thread_count`]; default: one per core).
    pub fn threads(&self) -> Result<usize, CliError> {
        match thread_count("--search-threads", self.search_threads)? {
            Some(n) => Ok(n),
            None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        }
    }

    /// --nodes, checked: at least 1, as the command line's parser has it (a caller filling
    /// the struct itself passes no parser).
    pub fn nodes(&self) -> Result<Option<u64>, CliError> {
        match self.nodes {
            Some(0) => Err(CliError::Usage(format!("--nodes 0: {TOO_FEW_NODES}"))),
            nodes => Ok(nodes),
        }
    }

    /// --seed, or 0.
    pub fn seed(&self) -> u64 {
        self.seed.unwrap_or(0)
    }

    /// --tt-mib, or the default table size of the answer policy's native budget.
    pub fn tt_mib(&self) -> usize {
        self.tt_mib
            .unwrap_or(crate::policy::NATIVE.search_table_mib)
    }

    /// --tt-mib in bytes (`table_bytes`), for a caller that did not parse it from the
    /// command line.
    pub fn tt_bytes(&self) -> Result<usize, CliError> {
        let mib = self.tt_mib();
        table_bytes(mib).map_err(|why| CliError::Usage(format!("--tt-mib {mib}: {why}")))
    }
}

/// A table of `mib` MiB in bytes: at least 1 MiB (a table of 0 cannot hold a position), and
/// no more than a `usize` counts, computed without wrapping (`mib << 20` made 2^44 MiB a
/// table of 0 bytes).
fn table_bytes(mib: usize) -> Result<usize, String> {
    if mib == 0 {
        return Err("the table needs a memory budget of at least 1 MiB".into());
    }
    mib.checked_mul(1 << 20).ok_or_else(|| {
        format!(
            "more memory than this machine can address (at most {} MiB)",
            usize::MAX >> 20
        )
    })
}

/// `--tt-mib MIB`: a whole number of MiB that [`table_bytes`] turns into bytes. A whole
/// number too large for a `usize` is refused as too much memory, not as no number.
fn parse_tt_mib(text: &str) -> Result<usize, String> {
    let mib = match text.trim().parse::<usize>() {
        Ok(mib) => mib,
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => usize::MAX,
        Err(_) => return Err("not a whole number of MiB".to_string()),
    };
    table_bytes(mib).map(|_| mib)
}

/// Why a node budget of 0 is none: the engine would answer with nothing searched.
const TOO_FEW_NODES: &str = "the engine needs at least 1 node";

/// `--nodes N`: a whole number of nodes, at least 1 ([`TOO_FEW_NODES`]) and at most what a
/// 64-bit count holds: a larger one is refused by name, not read as that most (which, without
/// a time limit, ran for ever where the user may have mistyped a digit).
fn parse_nodes(text: &str) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(0) => Err(TOO_FEW_NODES.to_string()),
        Ok(nodes) => Ok(nodes),
        Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => Err(format!(
            "more nodes than a 64-bit count holds (at most {})",
            u64::MAX
        )),
        Err(_) => Err("not a whole number of nodes".to_string()),
    }
}

/// `--time-limit SECONDS` as a number, the rest checked by [`SearchArgs::time_limit`] (for
/// the Python package too). A decimal beyond a float's range (`1e309`) reads as infinity,
/// which the later check could only print as 'inf': it is refused here, in the user's words.
fn parse_time_limit(text: &str) -> Result<f64, String> {
    let text = text.trim();
    let seconds: f64 = text.parse().map_err(|e| format!("{e}"))?;
    let spelled = text.trim_start_matches(['+', '-']).to_ascii_lowercase();
    if seconds.is_infinite() && !spelled.starts_with("inf") {
        let problem = match seconds > 0.0 {
            true => TimeLimitProblem::TooLong,
            false => TimeLimitProblem::NotPositive,
        };
        return Err(problem.said(text));
    }
    Ok(seconds)
}

/// Most threads `--threads` and `--search-threads` may ask for. Every thread is started at
/// once (the worker pool, the search's and the engine's threads), so a count far past the
/// cores gains nothing and costs time before any work: 100,000 took minutes to start.
/// 1024 is more than the hardware threads of the machines this solver runs on, starts in a
/// fraction of a second, and leaves room to run more threads than cores on purpose (testing
/// a race, a machine shared with other work). It is a fixed bound rather than a multiple of
/// this machine's cores so that a command valid on one machine of a cluster is valid on all.
pub const MAX_THREADS: usize = 1024;

/// A thread count given with `option` (`--threads`, `--search-threads`), checked: 1 to
/// [`MAX_THREADS`] (`None`, the default of one per core, passes).
pub fn thread_count(option: &str, threads: Option<usize>) -> Result<Option<usize>, CliError> {
    match threads {
        Some(0) => Err(CliError::Usage(format!(
            "{option}: at least 1 thread, not 0"
        ))),
        Some(n) if n > MAX_THREADS => Err(CliError::Usage(format!(
            "{option}: at most {MAX_THREADS} threads, not {n} (the default is one per core)"
        ))),
        threads => Ok(threads),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Search options with `option` given (`None`: none given).
    fn with(option: Option<MethodOption>) -> SearchArgs {
        SearchArgs {
            time_limit: (option == Some(MethodOption::TimeLimit)).then_some(1.0),
            tt_mib: (option == Some(MethodOption::TtMib)).then_some(64),
            search_threads: (option == Some(MethodOption::SearchThreads)).then_some(2),
            seed: (option == Some(MethodOption::Seed)).then_some(5),
            nodes: (option == Some(MethodOption::Nodes)).then_some(1000),
        }
    }

    #[test]
    fn each_method_takes_the_options_it_reads_and_refuses_the_others() {
        use Method::*;
        // (method, reads a book, reads --time-limit, --tt-mib, --search-threads, --seed,
        // --nodes)
        let table = [
            (Retro, false, [false, false, false, false, false]),
            (Book, true, [false, false, false, false, false]),
            (Search, false, [true, true, true, false, false]),
            (Estimate, false, [true, false, true, true, true]),
            (Rules, false, [false, false, false, true, false]),
        ];
        for (method, book, reads) in table {
            assert!(check_reads(Some(method), false, &with(None)).is_ok());
            let booked = check_reads(Some(method), true, &with(None));
            assert_eq!(booked.is_ok(), book, "{method:?} with a book");
            for (option, reads) in MethodOption::ALL.into_iter().zip(reads) {
                match check_reads(Some(method), false, &with(Some(option))) {
                    Ok(()) => assert!(reads, "{method:?} took {option:?}"),
                    Err(CliError::NotRead {
                        method: m,
                        option: o,
                    }) => {
                        assert!(
                            !reads && (m, o) == (method, option),
                            "{method:?} {option:?}"
                        );
                    }
                    Err(e) => panic!("{method:?} {option:?}: {e}"),
                }
            }
        }
        // Without a method the policy may choose any: everything may be read.
        for option in MethodOption::ALL {
            assert!(check_reads(None, true, &with(Some(option))).is_ok());
        }
    }

    #[test]
    fn table_sizes_convert_without_wrapping() {
        assert_eq!(table_bytes(1), Ok(1 << 20));
        assert_eq!(table_bytes(usize::MAX >> 20), Ok((usize::MAX >> 20) << 20));
        for mib in [0, (usize::MAX >> 20) + 1, usize::MAX] {
            assert!(table_bytes(mib).is_err(), "{mib}");
            assert!(parse_tt_mib(&mib.to_string()).is_err(), "{mib}");
        }
        let e = with(None).tt_bytes().map(|_| ());
        assert!(e.is_ok());
        let zero = SearchArgs {
            tt_mib: Some(0),
            ..with(None)
        };
        let e = zero.tt_bytes().unwrap_err().to_string();
        assert!(e.starts_with("--tt-mib 0: "), "{e}");
    }

    #[test]
    fn time_limits_beyond_a_float_are_refused_in_the_users_words() {
        assert_eq!(parse_time_limit("2.5"), Ok(2.5));
        // Spelled out, infinity is left to the later check, as any float from Python is.
        assert_eq!(parse_time_limit("inf"), Ok(f64::INFINITY));
        let e = parse_time_limit("1e309").unwrap_err();
        assert!(e.starts_with("1e309 seconds is too long"), "{e}");
        let e = parse_time_limit("-1e309").unwrap_err();
        assert!(e.contains("-1e309 is not a positive number"), "{e}");
        assert!(parse_time_limit("soon").is_err());
    }

    #[test]
    fn thread_counts_are_bounded_and_name_their_option() {
        assert_eq!(thread_count("--threads", None).unwrap(), None);
        assert_eq!(thread_count("--threads", Some(1)).unwrap(), Some(1));
        let most = Some(MAX_THREADS);
        assert_eq!(thread_count("--threads", most).unwrap(), most);
        for (n, said) in [(0, "at least 1"), (MAX_THREADS + 1, "at most 1024")] {
            let e = thread_count("--search-threads", Some(n))
                .unwrap_err()
                .to_string();
            assert!(
                e.starts_with("--search-threads: ") && e.contains(said),
                "{e}"
            );
        }
    }
}
