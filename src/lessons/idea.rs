//! What a lesson's exercises must show, checked when the course is built: an exercise whose
//! best move has nothing to do with its lesson's idea teaches something else (an exercise
//! on declining where every best move just takes a box, a nimstring exercise whose answer
//! ignores the nim-sum). The answers themselves are the solver's; these checks read them.

use std::cmp::Ordering;

use crate::chains::{control, is_safe, loony_offers, regions, Control, Kind, Nimstring, Offer};
use crate::core::{count_text, Analysis, Board, LoonyFlags, NextLoony, Position};

use super::components;

/// The idea a lesson's exercises show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Idea {
    /// Nothing checked beyond the answers (the explanation reads the idea off the position).
    Any,
    /// Every best move is safe (it gives no box its third side) or takes a box, and some move
    /// gives a box its third side: the first lesson's rule, "don't give the third side".
    NoThirdSide,
    /// A chain is offered and every best move is in it: the line taking its next box or, at
    /// its last two boxes, the double-dealing line (never a move elsewhere). Across the
    /// lesson, declining is the best somewhere and taking all (from the last chain) elsewhere:
    /// "all but two, and when to decline".
    AllButTwo,
    /// Every best move leaves the opponent to make the next loony move with best play (to
    /// open the first long chain or loop, what the long chain rule is about), and some safe
    /// move would leave it to the player: the fight for the count is on.
    FirstLongChain,
    /// Every best move is a safe line leaving the opponent to make the next loony move with
    /// best play, and some safe line leaves it to the player: which safe line counts (with
    /// the short chains, which pass the turn as safe lines do).
    SafeCount,
    /// The player stands at the choice an opened chain or loop gives: every offered box but
    /// the last two (four in a loop) is taken, so taking on and the double-dealing decline
    /// are both moves. Across the lesson, taking (giving up control) is the best somewhere
    /// and declining (keeping it) somewhere else.
    TakeOrDecline,
    /// Every exercise has a loop, on the board or opened (a cycle of boxes with one line
    /// drawn across it, not a chain opened at both ends, which plays alike but is no loop to
    /// find); somewhere the all-but-four decline of an opened loop is the best move.
    Loops,
    /// The board splits into independent regions whose nim-sum is not `*0`, and every best
    /// move leaves the sum `*0` for the opponent.
    Nimstring,
    /// Only chains and loops are on the board, so every move opens one (or hands out a short
    /// chain), and some chain or loop is not best to open now: the order of opening matters.
    OpeningOrder,
}

/// What one exercise shows of the lesson's idea, gathered across the lesson.
#[derive(Clone, Copy, Debug, Default)]
pub struct Shown {
    /// Taking on from a standing offer is a best move.
    pub take: bool,
    /// The double-dealing decline of a chain is a best move.
    pub decline_chain: bool,
    /// The all-but-four decline of a loop is a best move.
    pub decline_loop: bool,
}

impl Shown {
    /// Both gathered.
    pub fn or(self, other: Shown) -> Shown {
        Shown {
            take: self.take || other.take,
            decline_chain: self.decline_chain || other.decline_chain,
            decline_loop: self.decline_loop || other.decline_loop,
        }
    }
}

/// Whether a path of boxes closes on itself: its end boxes are neighbours (an opened loop,
/// not a chain opened at both ends).
fn is_cycle(boxes: &[(usize, usize)]) -> bool {
    match (boxes.first(), boxes.last()) {
        (Some(&(r0, c0)), Some(&(r1, c1))) => {
            boxes.len() >= 4 && r0.abs_diff(r1) + c0.abs_diff(c1) == 1
        }
        _ => false,
    }
}

/// The offer standing at its decision point: only the last two (four) boxes left in it.
fn at_decision(board: &Board, pos: Position) -> Option<Offer> {
    let offers = loony_offers(board, pos).ok()?;
    offers.into_iter().find(|o| o.decline.len() == 1)
}

impl Idea {
    /// What the exercise (`pos`, solved in `analysis`, with the loony analysis's `flags`)
    /// shows, or what is wrong with it, in words that follow "the exercise".
    pub fn check(
        self,
        board: &Board,
        pos: Position,
        analysis: &Analysis,
        flags: &LoonyFlags,
    ) -> Result<Shown, String> {
        let best = analysis.best_lines();
        let decision = at_decision(board, pos);
        let mut shown = Shown::default();
        if let Some(offer) = &decision {
            let deal = offer.decline[0];
            let declines = best.contains(&deal);
            shown.take = best
                .iter()
                .any(|&l| l != deal && offer.take_all.contains(&l));
            shown.decline_chain = declines && offer.left == 2;
            shown.decline_loop = declines && offer.left == 4;
        }
        let coins = board.boxes();
        let open = board.open_lines(pos);
        let safe = |l: usize| is_safe(board, pos, l);
        let takes = |l: usize| coins.completes(pos, l) > 0;
        match self {
            Idea::Any => Ok(shown),
            Idea::NoThirdSide => match best.iter().find(|&&l| !safe(l) && !takes(l)) {
                Some(l) => Err(format!(
                    "has a best move, line {l}, that gives a box its third side"
                )),
                None if open.lines().all(|l| safe(l) || takes(l)) => {
                    Err("has no move that gives a box its third side".into())
                }
                None => Ok(shown),
            },
            Idea::AllButTwo => {
                let chains: Vec<Offer> = (loony_offers(board, pos).unwrap_or_default())
                    .into_iter()
                    .filter(|o| o.left == 2)
                    .collect();
                if chains.is_empty() {
                    return Err("has no chain offered".into());
                }
                let in_offer =
                    |l: usize| (chains.iter()).any(|o| o.take_all[0] == l || o.decline == [l]);
                match best.iter().find(|&&l| !in_offer(l)) {
                    Some(l) => Err(format!(
                        "has a best move, line {l}, that neither takes the offered chain's next \
                         box nor is its double-dealing line"
                    )),
                    None => Ok(shown),
                }
            }
            Idea::FirstLongChain => {
                let leaves = |l: usize, who| flags.of(l) == Some(who);
                // The rule's verdict after the move, from the player's side: the count the
                // lesson teaches must agree with the answer, or it teaches the wrong move.
                let rule_against = |l: usize| {
                    let keeps_turn = board.boxes().completes(pos, l) > 0;
                    let parity = control(board, pos.with(l))
                        .ok()
                        .and_then(|c| c.mover_has_parity);
                    parity.is_some_and(|to_move| to_move != keeps_turn)
                };
                match best.iter().find(|&&l| !leaves(l, NextLoony::Opponent)) {
                    Some(l) => Err(format!(
                        "has a best move, line {l}, after which the opponent does not make the \
                         next loony move with best play"
                    )),
                    None if best.iter().any(|&l| rule_against(l)) => Err(
                        "has a best move after which the long chain rule's count favours the \
                         opponent: the count would teach another move"
                            .into(),
                    ),
                    None if !open.lines().any(|l| safe(l) && leaves(l, NextLoony::Mover)) => Err(
                        "has no safe move leaving the next loony move to the player: there is \
                         no fight for it"
                            .into(),
                    ),
                    None => Ok(shown),
                }
            }
            Idea::SafeCount => {
                let leaves = |l: usize, who| flags.of(l) == Some(who);
                // The count the lesson teaches, read after the move with the opponent to move:
                // odd, it calls the move bad, so a best move leaving it odd is not found by it.
                let odd = (best.iter().copied())
                    .find(|&l| turn_passers(board, pos.with(l)).left() % 2 == 1);
                match best.iter().find(|&&l| !safe(l)) {
                    Some(l) => Err(format!("has a best move, line {l}, that is not safe")),
                    None => match (best.iter().find(|&&l| !leaves(l, NextLoony::Opponent)), odd) {
                        (Some(l), _) => Err(format!(
                            "has a best move, line {l}, after which the opponent does not make \
                             the next loony move with best play: the count is not what decides"
                        )),
                        (None, Some(l)) => Err(format!(
                            "has a best move, line {l}, after which the count of safe lines and \
                             short chains is odd: the count would teach another move"
                        )),
                        (None, None)
                            if !open.lines().any(|l| safe(l) && leaves(l, NextLoony::Mover)) =>
                        {
                            Err(
                                "has no safe line leaving the next loony move to the player: \
                                 there is nothing to count"
                                    .into(),
                            )
                        }
                        (None, None) => Ok(shown),
                    },
                }
            }
            Idea::TakeOrDecline => match decision {
                Some(_) if shown.take || shown.decline_chain || shown.decline_loop => Ok(shown),
                Some(_) => Err(
                    "is at an offer's last boxes, but its best move neither takes \
                                on nor declines"
                        .into(),
                ),
                None => Err(
                    "stands at no offer's last two (or four) boxes: taking on and \
                             declining are not both moves"
                        .into(),
                ),
            },
            Idea::Loops => {
                let loop_on_board = components(board, pos).iter().any(|c| c.kind == Kind::Loop);
                let opened_loop = decision.is_some_and(|o| o.left == 4 && is_cycle(&o.path.boxes));
                match loop_on_board || opened_loop {
                    true => Ok(shown),
                    false => Err("has no loop, on the board or opened".into()),
                }
            }
            Idea::Nimstring => {
                let mut nim = Nimstring::new(board);
                if regions(board.boxes(), pos).len() < 2 {
                    return Err("is one region: there is no sum to take".into());
                }
                let sum = nim.value(pos);
                if !sum.is_win() {
                    return Err(format!("has the nim-sum {sum}: no move leaves *0"));
                }
                let winning = nim.winning_moves(pos);
                match best.iter().find(|l| !winning.contains(l)) {
                    Some(l) => Err(format!("has a best move, line {l}, that does not leave *0")),
                    None => Ok(shown),
                }
            }
            Idea::OpeningOrder => {
                let parts = components(board, pos);
                if let Some(c) = parts
                    .iter()
                    .find(|c| !matches!(c.kind, Kind::Chain | Kind::Loop))
                {
                    return Err(format!(
                        "has a part that is neither a chain nor a loop ({})",
                        c.kind.name()
                    ));
                }
                if parts
                    .iter()
                    .all(|c| c.lines.iter().any(|l| best.contains(l)))
                {
                    return Err(
                        "has a best move in every chain and loop: the order does not matter".into(),
                    );
                }
                Ok(shown)
            }
        }
    }

    /// What the lesson as a whole must show, given what its exercises showed; or what it
    /// lacks, in words that follow "the lesson".
    pub fn check_lesson(self, shown: Shown) -> Result<(), String> {
        match self {
            Idea::TakeOrDecline | Idea::AllButTwo if !shown.take => {
                Err("never has taking on (giving up control) as the best move".into())
            }
            Idea::AllButTwo if !shown.decline_chain => {
                Err("never has the double-dealing decline of a chain as the best move".into())
            }
            Idea::TakeOrDecline if !(shown.decline_chain || shown.decline_loop) => {
                Err("never has declining (keeping control) as the best move".into())
            }
            Idea::Loops if !shown.decline_loop => {
                Err("never has the all-but-four decline of a loop as the best move".into())
            }
            _ => Ok(()),
        }
    }

    /// What the explanation adds for this idea: for the long chain rule, the count and the
    /// number of long chains the player wants; for safe moves, the safe lines and short chains
    /// left to count, before and after the best move `best`; for nimstring, the moves leaving
    /// `*0`.
    pub fn explain(
        self,
        board: &Board,
        pos: Position,
        best: usize,
        label: &dyn Fn(usize) -> String,
    ) -> String {
        match self {
            Idea::FirstLongChain => {
                let open = board.open_lines(pos).count();
                let left = board.boxes().untaken(pos);
                let count = open as i64 - left as i64 + 1;
                let (want, not) = match count % 2 == 0 {
                    true => ("even", "odd"),
                    false => ("odd", "even"),
                };
                // The long chains after the best move, as the rule counts them: the number
                // the learner can check their reasoning against (`check` makes it the one
                // wanted, as the rule's verdict after the move favours the player).
                let after = match control(board, pos.with(best)) {
                    Ok(c) if (count + c.long_chains as i64) % 2 == 0 => format!(
                        " After {}, there {} as the rule counts them, an {want} number, as you \
                         want.",
                        label(best),
                        match c.long_chains {
                            1 => "is 1 long chain".to_string(),
                            n => format!("are {n} long chains"),
                        }
                    ),
                    _ => String::new(),
                };
                format!(
                    "The count here: {open} open lines − {left} boxes left + 1 = {count}. You, \
                     to move, want it plus the long chains even: an {want} number of long \
                     chains, your opponent an {not} one.{after}"
                )
            }
            Idea::SafeCount => {
                let TurnPassers { safe, most, short } = turn_passers(board, pos);
                let playable = match most < safe.len() {
                    true => format!(", of which at most {most} can all be drawn,"),
                    false => String::new(),
                };
                let at_most = |n: usize| match n {
                    0 => "no safe line".to_string(),
                    n => format!("at most {}", count_text(n, "safe line", "safe lines")),
                };
                // Even: `check` refuses an exercise whose best move leaves the count odd.
                let after = turn_passers(board, pos.with(best));
                format!(
                    "The count here: {} ({}){playable} and {}, each handed out passing the turn \
                     as a safe move does. After {}, {} and {} are left: {}, an even number, so \
                     your opponent, to move, runs out of them first.",
                    count_text(safe.len(), "safe line", "safe lines"),
                    safe.iter()
                        .map(|&l| label(l))
                        .collect::<Vec<_>>()
                        .join(", "),
                    count_text(short, "short chain", "short chains"),
                    label(best),
                    at_most(after.most),
                    count_text(after.short, "short chain", "short chains"),
                    after.left(),
                )
            }
            Idea::Nimstring => {
                let mut nim = Nimstring::new(board);
                let values: Vec<String> = nim
                    .regions(pos)
                    .iter()
                    .map(|(_, v)| v.to_string())
                    .collect();
                let winning: Vec<String> = nim.winning_moves(pos).into_iter().map(label).collect();
                format!(
                    "The regions are worth {}, nim-sum {}; the moves that leave *0 are {}. Which \
                     of them is best is decided by the boxes, as their scores show.",
                    values.join(", "),
                    nim.value(pos),
                    winning.join(", ")
                )
            }
            _ => String::new(),
        }
    }

    /// For a wrong pick, `line` (a safe line scoring below the value of `analysis`), that the
    /// lesson's own rule, read after it, calls as good as the best move: what the rule says
    /// after it and why it misleads here, from the opponent's best reply (`solve` answers the
    /// position after `line`), what that reply changes, and who then makes the next loony move
    /// with best play (`flags`). `None` where the rule itself tells the move apart, for an
    /// unsafe line (its feedback says what it gives away) and for an idea that teaches no count
    /// (lessons other than 3 and 6). The page shows it below the verdict: the rule the lesson
    /// teaches is a rule of thumb, and a learner who followed it into a losing move is told
    /// where it failed, in the lesson's own terms.
    pub fn misleads(
        self,
        board: &Board,
        pos: Position,
        line: usize,
        (analysis, flags): (&Analysis, &LoonyFlags),
        solve: super::Solve,
        label: &dyn Fn(usize) -> String,
    ) -> Result<Option<String>, String> {
        if !is_safe(board, pos, line) {
            return Ok(None);
        }
        let Some(score) = analysis
            .moves
            .iter()
            .find(|m| m.line == line)
            .map(|m| m.score)
        else {
            return Ok(None);
        };
        // Who opens first with best play after it, when it is the player: the fact the rule
        // got wrong.
        let all_the_same = match flags.of(line) {
            Some(NextLoony::Mover) => {
                ", and with best play you make the first loony move all the same"
            }
            _ => "",
        };
        let pick = Pick {
            board,
            line,
            after: pos.with(line),
            loses: format!(
                "Yet {} loses {} against the best move",
                label(line),
                count_text(analysis.value - score, "box", "boxes")
            ),
            all_the_same,
            label,
        };
        match self {
            Idea::FirstLongChain => pick.long_chain_note(solve),
            Idea::SafeCount => pick.safe_count_note(solve),
            _ => Ok(None),
        }
    }
}

/// A safe wrong pick that [`Idea::misleads`] explains: what each lesson's note reads.
struct Pick<'a> {
    board: &'a Board,
    line: usize,
    /// The position after the pick, the opponent to move.
    after: Position,
    /// What the pick loses, in words.
    loses: String,
    /// Said where the player, with best play, still makes the first loony move.
    all_the_same: &'static str,
    label: &'a dyn Fn(usize) -> String,
}

/// The opponent's best replies to a [`Pick`].
enum Replies {
    /// Those that are safe (the quiet moves a count counts), at least one.
    Safe(Vec<usize>),
    /// None is safe: this one gives a box its third side.
    Sacrifice(usize),
}

impl Pick<'_> {
    /// The opponent's best replies (`solve` answers the position after the pick); `None` where
    /// the position after it has no move.
    fn replies(&self, solve: super::Solve) -> Result<Option<Replies>, String> {
        let best = solve(self.board, self.after)?.best_lines();
        let safe: Vec<usize> = (best.iter().copied())
            .filter(|&r| is_safe(self.board, self.after, r))
            .collect();
        Ok(match (safe.is_empty(), best.first()) {
            (false, _) => Some(Replies::Safe(safe)),
            (true, Some(&reply)) => Some(Replies::Sacrifice(reply)),
            (true, None) => None,
        })
    }

    /// The note where the best reply is no safe move, after the lesson's `head`.
    fn sacrifice(&self, head: &str, reply: usize) -> String {
        format!(
            "{head} {}: your opponent's best answer, {}, gives a box its third side, a \
             sacrifice the count does not foresee{}.",
            self.loses,
            (self.label)(reply),
            self.all_the_same
        )
    }

    /// Lesson 3's note: the long chain rule after the pick favours the player, and the reply
    /// that turns it (the one that changes the long chains).
    fn long_chain_note(&self, solve: super::Solve) -> Result<Option<String>, String> {
        let (board, label) = (self.board, self.label);
        let rule_of = |p: Position| control(board, p).map_err(|e| e.to_string());
        // The opponent, to move, wants the count plus long chains even: odd favours you.
        let rule = rule_of(self.after)?;
        if rule.mover_has_parity != Some(false) {
            return Ok(None);
        }
        let head = format!(
            "After {}, the long chain rule favours you: the count, {}, plus {} is {}, an odd \
             sum with your opponent to move.",
            label(self.line),
            rule.dots,
            count_text(rule.long_chains, "long chain", "long chains"),
            rule.dots + rule.long_chains as i32,
        );
        let safe = match self.replies(solve)? {
            None => return Ok(None),
            Some(Replies::Sacrifice(reply)) => return Ok(Some(self.sacrifice(&head, reply))),
            Some(Replies::Safe(safe)) => safe,
        };
        // You, to move after the reply, want the count plus long chains even (the lesson's
        // rule, which counts no long chain as none). A safe reply lowers the count by one, so
        // only a change in the long chains turns it.
        let against_you = |c: &Control| (c.dots + c.long_chains as i32) % 2 != 0;
        let turned = |r: usize| rule_of(self.after.with(r)).is_ok_and(|c| against_you(&c));
        let reply = safe.iter().copied().find(|&r| turned(r)).unwrap_or(safe[0]);
        let then = rule_of(self.after.with(reply))?;
        let chains = |n: usize| match n {
            1 => "is 1 long chain".to_string(),
            n => format!("are {n} long chains"),
        };
        let change = match then.long_chains.cmp(&rule.long_chains) {
            Ordering::Less if then.loops > rule.loops => {
                format!(" ({} closes one into a loop)", label(reply))
            }
            Ordering::Less => " (one fewer)".to_string(),
            Ordering::Greater => format!(" ({} makes another)", label(reply)),
            Ordering::Equal => String::new(),
        };
        let verdict = match against_you(&then) {
            true => ", so the rule favours your opponent. The chains still change while lines \
                     can join, split, close or lengthen them, and the rule counts them as they \
                     end up"
                .to_string(),
            false => format!(
                ", and the rule still favours you: it is a rule of thumb{}",
                self.all_the_same
            ),
        };
        Ok(Some(format!(
            "{head} {}: your opponent answers {}, after which there {} as the rule counts \
             them{change}{verdict}.",
            self.loses,
            label(reply),
            chains(then.long_chains),
        )))
    }

    /// Lesson 6's note: the count of safe lines and short chains after the pick is even with
    /// the opponent to move, as the count asks, and the reply that leaves it even for you.
    fn safe_count_note(&self, solve: super::Solve) -> Result<Option<String>, String> {
        let (board, label) = (self.board, self.label);
        let lines = |n: usize| count_text(n, "safe line", "safe lines");
        let shorts = |n: usize| count_text(n, "short chain", "short chains");
        // Even with the opponent to move: they run out first, what the count asks for.
        let counted = turn_passers(board, self.after);
        if counted.left() % 2 == 1 {
            return Ok(None);
        }
        let head = format!(
            "After {}, {} and {} are left: {}, an even number, as the count asks.",
            label(self.line),
            lines(counted.most),
            shorts(counted.short),
            counted.left(),
        );
        let safe = match self.replies(solve)? {
            None => return Ok(None),
            Some(Replies::Sacrifice(reply)) => return Ok(Some(self.sacrifice(&head, reply))),
            Some(Replies::Safe(safe)) => safe,
        };
        // A safe reply normally uses one of them, leaving you an odd count; the reply that
        // misleads changes it by two, or by none.
        let then = |r: usize| turn_passers(board, self.after.with(r));
        let reply = (safe.iter().copied())
            .find(|&r| then(r).left().is_multiple_of(2))
            .unwrap_or(safe[0]);
        let next = then(reply);
        let mut changes = Vec::new();
        if counted.most >= next.most + 2 {
            changes.push(format!(
                "uses up {} at once",
                lines(counted.most - next.most)
            ));
        }
        if counted.short > next.short {
            changes.push(format!(
                "leaves {} fewer (one grows long or joins another)",
                shorts(counted.short - next.short)
            ));
        }
        if counted.short < next.short {
            changes.push(format!("makes {}", shorts(next.short - counted.short)));
        }
        if next.left() == counted.left() && changes.is_empty() {
            changes.push("uses none of them up".to_string());
        }
        let why = match next.left().is_multiple_of(2) {
            true if changes.is_empty() => ", so you run out first".to_string(),
            true => format!(
                ", so you run out first: {} {}",
                label(reply),
                changes.join(" and ")
            ),
            false => format!(
                ", odd, but lines still to come change it{}",
                self.all_the_same
            ),
        };
        Ok(Some(format!(
            "{head} {}: your opponent answers {}, after which {} and {} are left for you: \
             {}{why}.",
            self.loses,
            label(reply),
            lines(next.most),
            shorts(next.short),
            next.left(),
        )))
    }
}

/// The moves of a position that pass the turn without opening a long chain or loop.
struct TurnPassers {
    /// Its safe lines (each gives no box its third side).
    safe: Vec<usize>,
    /// The most of them that can all be drawn: fewer where drawing one makes another unsafe
    /// (two sides of one box).
    most: usize,
    /// Its short chains, each handed out passing the turn.
    short: usize,
}

impl TurnPassers {
    /// The count lesson 6 teaches: the safe moves and short chains left, each passing the
    /// turn; even with the opponent to move, they run out first.
    fn left(&self) -> usize {
        self.most + self.short
    }
}

/// The [`TurnPassers`] of `pos`.
fn turn_passers(board: &Board, pos: Position) -> TurnPassers {
    /// The most of `lines` that can be drawn on `pos` one after another, each safe when drawn
    /// (a line unsafe now never becomes safe: lines only add sides). Exhaustive: exercises
    /// have a dozen safe lines at most.
    fn most(board: &Board, pos: Position, lines: &[usize]) -> usize {
        match lines.split_first() {
            None => 0,
            Some((&line, rest)) => {
                let without = most(board, pos, rest);
                match is_safe(board, pos, line) {
                    true => without.max(1 + most(board, pos.with(line), rest)),
                    false => without,
                }
            }
        }
    }
    let safe: Vec<usize> = (board.open_lines(pos).lines())
        .filter(|&l| is_safe(board, pos, l))
        .collect();
    let short = (components(board, pos).iter())
        .filter(|c| c.is_short_chain())
        .count();
    TurnPassers {
        most: most(board, pos, &safe),
        safe,
        short,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Safe lines that are two sides of one box cannot all be drawn: the count is of the
    /// lines that can.
    #[test]
    fn the_safe_count_is_of_lines_that_can_all_be_drawn() {
        // 1x1: four safe lines, two can be drawn; 1x2: seven, four; 2x2: twelve, the eight on the
        // border (each box two sides, an inner line counting for both).
        for (name, safe, most) in [("1x1", 4, 2), ("1x2", 7, 4), ("2x2", 12, 8)] {
            let board = Board::parse(name).unwrap();
            let pos = board.start();
            let lines = board
                .open_lines(pos)
                .lines()
                .filter(|&l| is_safe(&board, pos, l));
            assert_eq!(lines.count(), safe, "{name}");
            let passers = turn_passers(&board, pos);
            assert_eq!((passers.most, passers.short), (most, 0), "{name}");
        }
    }

    /// On an empty board the count is its number of dots (Euler), and the first player
    /// wants as many long chains as that count is even or odd: the rule as Berlekamp states it.
    #[test]
    fn the_count_on_an_empty_board_is_its_dots() {
        let label = |l: usize| l.to_string();
        for (rows, cols, want) in [(3, 3, "even"), (2, 2, "odd"), (3, 5, "even"), (4, 4, "odd")] {
            let board = Board::new(rows, cols).unwrap();
            let dots = (rows + 1) * (cols + 1);
            let text = Idea::FirstLongChain.explain(&board, board.start(), 0, &label);
            assert!(text.contains(&format!("+ 1 = {dots}.")), "{text}");
            assert!(
                text.contains(&format!("an {want} number of long chains")),
                "{text}"
            );
        }
    }
}
