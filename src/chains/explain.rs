//! The coach: why a move is good, or what it costs, in words a player understands.
//!
//! [`explain`] takes a position, a move and the exact scores of every move (an
//! [`Analysis`] from any exact solver) and returns the [`Reason`]s that apply, each with a
//! plain-English [`Reason::text`]. Control is judged by nimstring where the coach works it
//! out ([`coach_nim_value`](super::coach_nim_value): every region within [`CONTROL_OPEN`] open lines, or the work
//! small up to 24), else by the long chain rule. Given
//! the loony analysis's flag of the move, the reasons also say who makes the next loony move
//! with best play, which is not always who control could force to.

use crate::core::{count_text, Analysis, Board, Boxes, NextLoony, Position};

use super::components::{decompose, Kind};
use super::control::{control_at_stake, control_in};
use super::error::ChainsError;
use super::loony::{is_loony_move, is_loony_position, offers_in};
use super::nimstring::Nimstring;
use super::verdict::coach_value;

/// Most open lines per region for which control is judged by nimstring.
pub const CONTROL_OPEN: usize = 20;

/// What a loony move offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offered {
    /// It opens a chain of this many boxes (3 or more).
    LongChain(usize),
    /// It opens a loop of this many boxes.
    Loop(usize),
    /// It hands out a 2-chain by its end line, so the two boxes can be declined;
    /// `middle_better` when drawing the chain's middle line instead scores more.
    HalfHearted {
        /// Whether the middle line (a hard-hearted handout) scores more than this move.
        middle_better: bool,
    },
    /// It leaves a loony offer of this many boxes from the unsettled region.
    Boxes(usize),
}

/// One reason why a move is good or bad.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The move keeps the best score; `ties` moves do.
    Best {
        /// How many moves keep the best score, this one included; `None` where the analysis
        /// scores only some moves (the proven ones of chains as pseudo-lines), so that how
        /// many others are as good is not known.
        ties: Option<usize>,
    },
    /// The move loses `boxes` against the best move `best_line`.
    Loses {
        /// Boxes lost against the best move (its score minus this one's, from the mover's side).
        boxes: i32,
        /// The lowest-numbered best move's line, to show instead; `None` where no move the
        /// analysis scores reaches the value (it scores only some moves).
        best_line: Option<usize>,
    },
    /// The move completes `boxes` boxes (and the player moves again, unless they were the
    /// last).
    Takes {
        /// Boxes completed: 1 or 2.
        boxes: u32,
        /// Whether they were the last boxes: the game is over.
        ends_game: bool,
    },
    /// A loony move: the opponent may take the offer or decline it and keep control.
    Loony(Offered),
    /// A loony move that offers every box left (the last chain or loop): declining would
    /// keep control of nothing, so the opponent takes them all.
    OffersTheRest {
        /// Boxes offered: all that are left.
        boxes: usize,
    },
    /// The move leaves `boxes` boxes the player could have taken; `double_deal` when it is
    /// the double-dealing line that declines the last two (or four) of an offer.
    Declines {
        /// Boxes the player could have taken and leaves (for the double-dealing line: the
        /// boxes it leaves to the opponent).
        boxes: usize,
        /// Whether the move is the double-dealing line that leaves the last two (or four)
        /// boxes of an offer.
        double_deal: bool,
        /// Whether nothing is left once the boxes standing after the move are taken: a
        /// double-dealing line then makes nobody move again.
        ends_game: bool,
    },
    /// The move gives the opponent `boxes` boxes without a loony offer.
    Sacrifice {
        /// Boxes the opponent can take at once.
        boxes: usize,
        /// Whether these come besides boxes the move declines ([`Reason::Declines`] before
        /// it): they are more than those, which a learner read as counted twice.
        more: bool,
    },
    /// The player had control and the move gives it to the opponent. Control in nimstring's
    /// sense: the power to force the opponent to open the next long chain or loop. Whether
    /// best play in boxes uses that power is another matter (keeping control has a price):
    /// the retrograde solver's loony analysis says who does open the next one.
    GivesAwayControl,
    /// The player had control and keeps it (in nimstring's sense, as above).
    KeepsControl,
    /// The long chain count now favours the opponent (the rule's estimate, used when the
    /// position is too large for nimstring).
    ChangesParity,
    /// Who makes the next loony move with best play after the move (the retrograde solver's
    /// loony analysis, the `v`/`^` of `dotbox analyze --loony`). Control above says who *can*
    /// force the other to open the next long chain or loop; with best play the holder may
    /// not use that power, when keeping control costs more than it brings. Not given for a
    /// loony move, which is itself the next loony move its flag names.
    BestPlay {
        /// Who makes it, from the mover's side.
        next: NextLoony,
        /// Whether that is not what control, as the reason before says it, would force.
        against: bool,
    },
}

/// Whom a reason speaks to and how it names lines: the CLI addresses the player who moved
/// ("you", "line 7"); the page names both players and labels lines ("A", "B", "a1b1").
pub struct Voice<'a> {
    /// The player who made the move, or `None` to address them as "you".
    pub mover: Option<&'a str>,
    /// The other player (used with `mover`).
    pub opponent: &'a str,
    /// How a line is named.
    pub line: &'a dyn Fn(usize) -> String,
    /// Whether the reader was told already what control is (an exercise's explanation, whose
    /// summary of the position defines it): keeping or giving it away is then said without
    /// the definition, which three times in one paragraph buried the lesson's point.
    pub control_defined: bool,
}

fn line_number(line: usize) -> String {
    format!("line {line}")
}

impl Voice<'_> {
    /// Second person, lines by number.
    pub const YOU: Voice<'static> = Voice {
        mover: None,
        opponent: "your opponent",
        line: &line_number,
        control_defined: false,
    };

    /// The mover as a subject: "you" or "A".
    fn subject(&self) -> &str {
        self.mover.unwrap_or("you")
    }

    /// The mover at the start of a sentence.
    fn subject_cap(&self) -> &str {
        self.mover.unwrap_or("You")
    }

    /// The opponent at the start of a sentence.
    fn opponent_cap(&self) -> String {
        let mut chars = self.opponent.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default()
    }

    /// The opponent's possessive: "your opponent's", "B's".
    fn opponent_s(&self) -> String {
        format!("{}'s", self.opponent)
    }

    /// `you_form` after "you", `third` after a player's name.
    fn verb<'v>(&self, you_form: &'v str, third: &'v str) -> &'v str {
        if self.mover.is_some() {
            third
        } else {
            you_form
        }
    }
}

impl Reason {
    /// The reason as a sentence addressed to the player who made the move.
    pub fn text(&self) -> String {
        self.text_in(&Voice::YOU)
    }

    /// The reason as a sentence in `voice`.
    pub fn text_in(&self, voice: &Voice) -> String {
        let me = voice.subject();
        let me_cap = voice.subject_cap();
        let them = voice.opponent;
        let them_cap = voice.opponent_cap();
        match *self {
            Reason::Best { ties: Some(1) } => "This is the only best move.".to_string(),
            Reason::Best { ties: Some(ties) } => {
                format!("This is one of {ties} equally good best moves.")
            }
            Reason::Best { ties: None } => "This is a best move.".to_string(),
            Reason::Loses {
                boxes,
                best_line: Some(best_line),
            } => format!(
                "It loses {} against the best move ({}).",
                count_text(boxes, "box", "boxes"),
                (voice.line)(best_line)
            ),
            Reason::Loses {
                boxes,
                best_line: None,
            } => format!(
                "It loses {} against the best play.",
                count_text(boxes, "box", "boxes")
            ),
            Reason::Takes {
                boxes,
                ends_game: false,
            } => format!(
                "It takes {} and {me} {} again.",
                count_text(boxes, "box", "boxes"),
                voice.verb("move", "moves")
            ),
            Reason::Takes {
                boxes: 1,
                ends_game: true,
            } => "It takes the last box: the game is over.".to_string(),
            Reason::Takes {
                boxes,
                ends_game: true,
            } => format!("It takes the last {boxes} boxes: the game is over."),
            Reason::OffersTheRest { boxes } => format!(
                "It offers the last {}: {them} can take them all, and nothing is left to keep \
                 control for (declining would only give boxes back).",
                count_text(boxes, "box", "boxes")
            ),
            Reason::Loony(Offered::LongChain(n)) => format!(
                "It opens a long chain of {n} boxes: a loony move. {them_cap} can take them \
                 all, or take all but two and leave {me} to move, keeping control."
            ),
            Reason::Loony(Offered::Loop(n)) => format!(
                "It opens a loop of {n} boxes: a loony move. {them_cap} can take them all, \
                 or take all but four and leave {me} to move, keeping control."
            ),
            Reason::Loony(Offered::HalfHearted { middle_better }) => format!(
                "It hands out a 2-chain by its end (a half-hearted handout): a loony move, since \
                 {them} may decline both boxes and keep control.{}",
                match middle_better {
                    true => " Drawing the middle line instead would not allow that.",
                    false => "",
                }
            ),
            Reason::Loony(Offered::Boxes(n)) => format!(
                "It is a loony move: it offers {} that {them} may take, or decline to keep \
                 control.",
                count_text(n, "box", "boxes")
            ),
            Reason::Declines {
                boxes,
                double_deal: true,
                ends_game: false,
            } => format!(
                "It declines the sacrifice with a double-dealing move: it leaves {} to {them}, \
                 who must then move again.",
                count_text(boxes, "box", "boxes")
            ),
            Reason::Declines {
                boxes,
                double_deal: true,
                ends_game: true,
            } => format!(
                "It declines the sacrifice with a double-dealing move, but nothing else is \
                 left to move in: it only gives {} to {them}.",
                count_text(boxes, "box", "boxes")
            ),
            Reason::Declines {
                boxes,
                double_deal: false,
                ..
            } => format!(
                "It declines a sacrifice: it leaves {} {me} could have taken.",
                count_text(boxes, "box", "boxes")
            ),
            Reason::Sacrifice { boxes, more } => format!(
                "It sacrifices {}{} to {them}.",
                if more { "another " } else { "" },
                count_text(boxes, "box", "boxes")
            ),
            Reason::GivesAwayControl if voice.control_defined => {
                format!("It gives away control to {them}.")
            }
            Reason::GivesAwayControl => format!(
                "It gives away control: {them} can now force {me} to open the next long chain \
                 or loop (or to take the last box)."
            ),
            Reason::KeepsControl if voice.control_defined => {
                format!("{me_cap} {} control.", voice.verb("keep", "keeps"))
            }
            Reason::KeepsControl => format!(
                "{me_cap} {} control: {me} can still force {them} to open the next long chain \
                 or loop (or to take the last box).",
                voice.verb("keep", "keeps")
            ),
            Reason::ChangesParity => format!(
                "It changes the long chain count in {} favour (the long chain rule).",
                voice.opponent_s()
            ),
            Reason::BestPlay { next, against } => {
                let (who, makes) = match next {
                    NextLoony::Mover => (me, voice.verb("make", "makes")),
                    NextLoony::Opponent => (them, "makes"),
                    NextLoony::Nobody => {
                        return "With best play after it, nobody makes another loony move."
                            .to_string()
                    }
                };
                match against {
                    true => format!(
                        "With best play after it, though, {who} {makes} the next loony move: \
                         keeping control costs {who} more than it brings."
                    ),
                    false => format!("With best play after it, {who} {makes} the next loony move."),
                }
            }
        }
    }
}

/// The reasons for playing `line` in `pos`, given the exact scores of `pos` (`analysis`
/// must be the analysis of `pos`: it is read, not checked; it may leave out moves whose
/// scores are not proven, `line` not among them, and then claims nothing of them) and, when known, who makes the next
/// loony move with best play after it (`next`, the loony analysis's flag of the move), which
/// adds [`Reason::BestPlay`] unless the move is itself loony.
pub fn explain(
    board: &Board,
    pos: Position,
    line: usize,
    analysis: &Analysis,
    next: Option<NextLoony>,
) -> Result<Vec<Reason>, ChainsError> {
    let coins = board.boxes();
    board.check(pos)?;
    board.check_line(line)?;
    if pos.contains(line) {
        return Err(ChainsError::LineDrawn(line));
    }
    let score = analysis
        .moves
        .iter()
        .find(|m| m.line == line)
        .map(|m| m.score)
        .ok_or(ChainsError::LineDrawn(line))?;
    let best = analysis.best_lines();
    // An analysis of only some moves (chains as pseudo-lines leave others unproven) knows
    // neither how many moves are as good nor, perhaps, one reaching the value.
    let every_move = analysis.moves.len() == board.open_lines(pos).count() as usize;
    let mut reasons = Vec::new();
    if score == analysis.value {
        reasons.push(Reason::Best {
            ties: every_move.then_some(best.len()),
        });
    } else {
        reasons.push(Reason::Loses {
            boxes: analysis.value - score,
            best_line: best.first().copied(),
        });
    }
    let child = pos.with(line);
    let taken = coins.completes(pos, line);
    let (before, after) = (capturable_set(coins, pos), capturable_set(coins, child));
    // Every box left can be taken after the move: nothing else is left to play for.
    let nothing_else = coins.untaken(child) == after.len();
    let loony_move = is_loony_move(coins, pos, line);
    let middle_better = |middle: usize| {
        let score_of = |l: usize| analysis.moves.iter().find(|m| m.line == l).map(|m| m.score);
        score_of(middle) > Some(score)
    };
    if taken > 0 {
        reasons.push(Reason::Takes {
            boxes: taken,
            ends_game: coins.untaken(child) == 0,
        });
    } else if before.is_empty() {
        if loony_move {
            let offer = offers_in(coins, child).iter().map(|o| o.path.len()).sum();
            reasons.push(match nothing_else {
                true => Reason::OffersTheRest { boxes: offer },
                false => Reason::Loony(offered(coins, pos, line, &middle_better, offer)),
            });
        } else if !after.is_empty() {
            reasons.push(Reason::Sacrifice {
                boxes: after.len(),
                more: false,
            });
        }
    } else {
        // Boxes were there to take: a move that takes none declines them. Only those are
        // counted; what the move offers besides is said apart.
        let double_deal = is_loony_position(coins, pos)
            && offers_in(coins, pos).iter().any(|o| o.decline == [line]);
        reasons.push(Reason::Declines {
            boxes: match double_deal {
                true => after.len(),
                false => before.len(),
            },
            double_deal,
            ends_game: nothing_else,
        });
        let new: Vec<_> = after.iter().filter(|b| !before.contains(b)).collect();
        if !double_deal && !new.is_empty() {
            // Loony only if the boxes it offers (not the offer standing) can be declined.
            let declinable: usize = (offers_in(coins, child).iter())
                .filter(|o| o.path.boxes.iter().all(|b| new.contains(&b)))
                .map(|o| o.path.len())
                .sum();
            reasons.push(match declinable > 0 {
                // Declining a box and opening the last chain: everything left is offered.
                true if nothing_else => Reason::OffersTheRest { boxes: after.len() },
                true => Reason::Loony(offered(coins, pos, line, &middle_better, declinable)),
                false => Reason::Sacrifice {
                    boxes: new.len(),
                    more: true,
                },
            });
        }
    }
    let control = match control_at_stake(coins, child) {
        true => control_reason(board, pos, line, taken > 0),
        false => None,
    };
    reasons.extend(control);
    // A loony move is itself the next loony move (its flag is always the mover's), so what
    // best play does after it is not in its flag: nothing is said.
    if let Some(next) = next.filter(|_| !loony_move) {
        let against = match control {
            Some(Reason::KeepsControl) => next == NextLoony::Mover,
            Some(Reason::GivesAwayControl | Reason::ChangesParity) => next == NextLoony::Opponent,
            _ => false,
        };
        reasons.push(Reason::BestPlay { next, against });
    }
    Ok(reasons)
}

/// The reasons joined into one paragraph.
pub fn explain_text(reasons: &[Reason]) -> String {
    explain_text_in(reasons, &Voice::YOU)
}

/// The reasons as one paragraph in `voice`.
pub fn explain_text_in(reasons: &[Reason], voice: &Voice) -> String {
    reasons
        .iter()
        .map(|r| r.text_in(voice))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The boxes (row, column) the player to move can take at once: those of capturable paths.
fn capturable_set(coins: &Boxes, pos: Position) -> Vec<(usize, usize)> {
    decompose(coins, pos)
        .into_iter()
        .filter(|c| c.kind == Kind::Capturable)
        .flat_map(|c| c.boxes)
        .collect()
}

/// What the loony move `line` offers, named after the component it is drawn in, else as
/// the `boxes` it offers; `middle_better` tells whether a 2-chain's middle line (given)
/// scores more than `line`.
fn offered(
    coins: &Boxes,
    pos: Position,
    line: usize,
    middle_better: &dyn Fn(usize) -> bool,
    boxes: usize,
) -> Offered {
    let part = decompose(coins, pos)
        .into_iter()
        .find(|c| c.lines.contains(&line));
    match part {
        Some(c) if c.kind == Kind::Loop => Offered::Loop(c.len()),
        Some(c) if c.kind == Kind::Chain && c.len() >= 3 => Offered::LongChain(c.len()),
        Some(c) if c.kind == Kind::Chain && c.len() == 2 => Offered::HalfHearted {
            // A path's lines run end line, inner line, end line.
            middle_better: middle_better(c.lines[1]),
        },
        _ => Offered::Boxes(boxes),
    }
}

/// Whether the move keeps or gives away control: by nimstring where the coach works it out
/// (`coach_nim_value`, as its verdict on the position: the two never disagree), else by the
/// long chain rule.
fn control_reason(board: &Board, pos: Position, line: usize, keeps_turn: bool) -> Option<Reason> {
    let child = pos.with(line);
    // One evaluator for both: the child's regions are mostly the position's, memoised.
    let mut nim = Nimstring::new(board);
    let coins = board.boxes();
    if let (Some(before), Some(after)) = (
        coach_value(&mut nim, coins, pos),
        coach_value(&mut nim, coins, child),
    ) {
        let (before, after) = (before.is_win(), after.is_win());
        let mine = if keeps_turn { after } else { !after };
        return match (before, mine) {
            (true, false) => Some(Reason::GivesAwayControl),
            (true, true) => Some(Reason::KeepsControl),
            _ => None,
        };
    }
    let before = control_in(board, pos).mover_has_parity;
    let after = control_in(board, child).mover_has_parity;
    let mine = if keeps_turn { after } else { after.map(|a| !a) };
    (before == Some(true) && mine == Some(false)).then_some(Reason::ChangesParity)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chains::coach_nim_value;
    use crate::chains::testkit::{boards, naive_analysis as analysis, positions};

    /// 2×4 with every horizontal line: two chains of four. The top one has been opened at
    /// the left and two of its boxes taken.
    fn declining_position() -> (Board, Position) {
        two_corridors(4, &[0, 1, 2])
    }

    /// 2×`cols` with every horizontal line (two chains of `cols` boxes) and the top row's
    /// vertical lines `top` drawn.
    fn two_corridors(cols: usize, top: &[usize]) -> (Board, Position) {
        let b = Board::new(2, cols).unwrap();
        let pos: Position = (0..=2)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .map(|(r, c)| b.h(r, c))
            .chain(top.iter().map(|&c| b.v(0, c)))
            .collect();
        (b, pos)
    }

    #[test]
    fn the_double_dealing_decline_keeps_control() {
        let (b, pos) = declining_position();
        let a = analysis(&b, pos);
        assert_eq!(a.value, 2);
        let reasons = explain(&b, pos, b.v(0, 4), &a, None).unwrap();
        assert_eq!(
            reasons,
            vec![
                Reason::Best { ties: Some(1) },
                Reason::Declines {
                    boxes: 2,
                    double_deal: true,
                    ends_game: false
                },
                Reason::KeepsControl
            ]
        );
        let text = explain_text(&reasons);
        assert!(
            text.contains("double-dealing") && text.contains("2 boxes"),
            "{text}"
        );
    }

    #[test]
    fn taking_the_last_boxes_gives_away_control() {
        let (b, pos) = declining_position();
        let a = analysis(&b, pos);
        let reasons = explain(&b, pos, b.v(0, 3), &a, None).unwrap();
        assert_eq!(
            reasons,
            vec![
                Reason::Loses {
                    boxes: 4,
                    best_line: Some(b.v(0, 4))
                },
                Reason::Takes {
                    boxes: 1,
                    ends_game: false
                },
                Reason::GivesAwayControl
            ]
        );
        assert!(explain_text(&reasons).contains("loses 4 boxes"));
    }

    #[test]
    fn an_analysis_of_some_moves_claims_nothing_of_the_others() {
        // The proven moves alone of chains as pseudo-lines: here without the best move, and
        // with only one of the moves that tie.
        /// `full` with only the moves `keep` keeps.
        fn only(full: &Analysis, keep: impl Fn(&crate::core::MoveScore) -> bool) -> Analysis {
            Analysis {
                value: full.value,
                moves: full.moves.iter().filter(|m| keep(m)).cloned().collect(),
            }
        }
        let (b, pos) = declining_position();
        let full = analysis(&b, pos);
        let without_best = only(&full, |m| m.score != full.value);
        let reasons = explain(&b, pos, b.v(0, 3), &without_best, None).unwrap();
        assert_eq!(
            reasons[0],
            Reason::Loses {
                boxes: 4,
                best_line: None
            }
        );
        assert!(explain_text(&reasons).contains("loses 4 boxes against the best play."));
        let b3 = Board::new(1, 3).unwrap();
        let pos3: Position = (0..3).flat_map(|c| [b3.h(0, c), b3.h(1, c)]).collect();
        let one = only(&analysis(&b3, pos3), |m| m.line != b3.v(0, 1));
        let reasons = explain(&b3, pos3, b3.v(0, 0), &one, None).unwrap();
        assert_eq!(reasons[0], Reason::Best { ties: None });
        assert!(explain_text(&reasons).starts_with("This is a best move."));
    }

    #[test]
    fn loony_moves_and_sacrifices_are_named() {
        // 2×2 with its horizontals: two 2-chains. A 2-chain's middle line is a hard-hearted
        // handout, its end line a half-hearted one.
        let b = Board::new(2, 2).unwrap();
        let pos: Position = (0..3).flat_map(|r| [b.h(r, 0), b.h(r, 1)]).collect();
        let a = analysis(&b, pos);
        let middle = explain(&b, pos, b.v(0, 1), &a, None).unwrap();
        assert!(
            middle.contains(&Reason::Sacrifice {
                boxes: 2,
                more: false
            }),
            "{middle:?}"
        );
        let end = explain(&b, pos, b.v(0, 0), &a, None).unwrap();
        assert!(
            matches!(end[1], Reason::Loony(Offered::HalfHearted { .. })),
            "{end:?}"
        );
        // 2×3 with its horizontals: two chains of 3.
        let b = Board::new(2, 3).unwrap();
        let pos: Position = (0..3)
            .flat_map(|r| [b.h(r, 0), b.h(r, 1), b.h(r, 2)])
            .collect();
        let long = explain(&b, pos, b.v(0, 0), &analysis(&b, pos), None).unwrap();
        assert!(
            long.contains(&Reason::Loony(Offered::LongChain(3))),
            "{long:?}"
        );
        // The last chain: offered whole, with nothing left to keep control for.
        let b3 = Board::new(1, 3).unwrap();
        let pos3: Position = (0..3).flat_map(|c| [b3.h(0, c), b3.h(1, c)]).collect();
        let r = explain(&b3, pos3, b3.v(0, 0), &analysis(&b3, pos3), None).unwrap();
        assert_eq!(
            r,
            vec![
                Reason::Best { ties: Some(4) },
                Reason::OffersTheRest { boxes: 3 }
            ]
        );
        assert_eq!(
            explain_text(&r),
            "This is one of 4 equally good best moves. It offers the last 3 boxes: your \
             opponent can take them all, and nothing is left to keep control for (declining \
             would only give boxes back)."
        );
        // Declining a box and opening the last chain: 2x3, the top left box to take (its top
        // open), the others of the top row taken, the bottom row a chain of three.
        let b = Board::new(2, 3).unwrap();
        let pos: Position = [
            b.h(1, 0),
            b.h(1, 1),
            b.h(1, 2),
            b.h(2, 0),
            b.h(2, 1),
            b.h(2, 2),
            b.v(0, 0),
            b.v(0, 1),
            b.v(0, 2),
            b.v(0, 3),
            b.h(0, 1),
            b.h(0, 2),
        ]
        .into_iter()
        .collect();
        let r = explain(&b, pos, b.v(1, 0), &analysis(&b, pos), None).unwrap();
        assert!(r.contains(&Reason::OffersTheRest { boxes: 4 }), "{r:?}");
        assert!(!explain_text(&r).contains("keeping control"), "{r:?}");
        // So is the last 2-chain by its end line.
        let b2 = Board::new(1, 2).unwrap();
        let pos2: Position = [b2.h(0, 0), b2.h(0, 1), b2.h(1, 0), b2.h(1, 1)]
            .into_iter()
            .collect();
        let r = explain(&b2, pos2, b2.v(0, 0), &analysis(&b2, pos2), None).unwrap();
        assert!(r.contains(&Reason::OffersTheRest { boxes: 2 }), "{r:?}");
    }

    /// On random positions the reasons agree with the exact scores and the move's effect.
    #[test]
    fn reasons_agree_with_scores_on_random_positions() {
        for (i, board) in boards().iter().enumerate() {
            let coins = board.boxes();
            for pos in positions(board, 12, 30, 1200 + i as u64) {
                let a = analysis(board, pos);
                for m in &a.moves {
                    let reasons = explain(board, pos, m.line, &a, None).unwrap();
                    let loss = a.value - m.score;
                    if loss == 0 {
                        assert!(matches!(reasons[0], Reason::Best { .. }));
                    } else {
                        assert!(matches!(reasons[0], Reason::Loses { boxes, .. } if boxes == loss));
                    }
                    let takes = reasons.iter().any(|r| matches!(r, Reason::Takes { .. }));
                    assert_eq!(takes, coins.completes(pos, m.line) > 0);
                    let loony = reasons
                        .iter()
                        .any(|r| matches!(r, Reason::Loony(_) | Reason::OffersTheRest { .. }));
                    let declines = reasons.iter().any(|r| matches!(r, Reason::Declines { .. }));
                    let could_take = !capturable_set(coins, pos).is_empty();
                    match could_take {
                        false => assert_eq!(loony, is_loony_move(coins, pos, m.line)),
                        // Beside a decline, only what the move itself offers.
                        true => assert!(!loony || is_loony_move(coins, pos, m.line)),
                    }
                    assert_eq!(declines, could_take && !takes);
                    let (before, after) = (
                        capturable_set(coins, pos).len(),
                        capturable_set(coins, pos.with(m.line)).len(),
                    );
                    for r in &reasons {
                        match *r {
                            Reason::Declines {
                                boxes,
                                double_deal: false,
                                ..
                            } => assert_eq!(boxes, before),
                            // Beside a decline, only the boxes the move itself offers.
                            Reason::Sacrifice { boxes, .. }
                            | Reason::Loony(Offered::Boxes(boxes))
                                if declines =>
                            {
                                assert!(boxes <= after.saturating_sub(before), "{reasons:?}")
                            }
                            Reason::Loony(Offered::HalfHearted { middle_better }) => {
                                let part = decompose(coins, pos)
                                    .into_iter()
                                    .find(|c| c.lines.contains(&m.line))
                                    .unwrap();
                                let middle = a.moves.iter().find(|x| x.line == part.lines[1]);
                                assert_eq!(middle_better, middle.unwrap().score > m.score);
                            }
                            _ => {}
                        }
                    }
                    assert!(!explain_text(&reasons).is_empty());
                }
            }
        }
    }

    /// Beyond nimstring's reach control is judged by the long chain rule: on a 4×4 board with
    /// a region of 27 open lines, the moves said to change the parity are the rule's.
    #[test]
    fn large_positions_fall_back_to_the_long_chain_rule() {
        let b = Board::new(4, 4).unwrap();
        let mut pos: Position = (0..4).flat_map(|c| [b.h(0, c), b.h(1, c)]).collect();
        pos = pos.with(b.h(2, 0)).with(b.h(2, 1)).with(b.h(2, 2));
        assert_eq!(coach_nim_value(&b, pos), None);
        let c = control_in(&b, pos);
        assert_eq!(c.long_chains, 2);
        // Draw one more line far from the chains if needed so the mover holds the parity.
        if c.mover_has_parity != Some(true) {
            pos = pos.with(b.h(4, 3));
        }
        assert_eq!(control_in(&b, pos).mover_has_parity, Some(true));
        let open = b.open_lines(pos);
        let moves = open
            .lines()
            .map(|line| crate::core::MoveScore { line, score: 0 })
            .collect();
        let flat = Analysis { value: 0, moves };
        let flagged: Vec<usize> = open
            .lines()
            .filter(|&l| {
                explain(&b, pos, l, &flat, None)
                    .unwrap()
                    .contains(&Reason::ChangesParity)
            })
            .collect();
        let changing = crate::chains::parity_moves(&b, pos).unwrap();
        assert!(!flagged.is_empty());
        assert!(
            flagged.iter().all(|l| changing.contains(l)),
            "{flagged:?} {changing:?}"
        );
    }

    /// 2×3 with every horizontal line: two chains of three. The top one is opened at the
    /// left, so its three boxes can be taken.
    fn top_chain_offered() -> (Board, Position) {
        two_corridors(3, &[0])
    }

    #[test]
    fn a_decline_counts_the_boxes_standing_and_names_what_the_move_opens() {
        let (b, pos) = top_chain_offered();
        let a = analysis(&b, pos);
        // Opening the bottom chain instead of taking: 3 boxes declined (not the 6 standing
        // after it), and the last chain opened: all 6 boxes left are offered.
        let reasons = explain(&b, pos, b.v(1, 0), &a, None).unwrap();
        assert!(
            reasons.contains(&Reason::Declines {
                boxes: 3,
                double_deal: false,
                ends_game: true
            }),
            "{reasons:?}"
        );
        assert!(
            reasons.contains(&Reason::OffersTheRest { boxes: 6 }),
            "{reasons:?}"
        );
    }

    #[test]
    fn at_the_last_chain_control_is_not_spoken_of() {
        // 1×3 corridor, its left box taken: the last two boxes can be taken.
        let b = Board::new(1, 3).unwrap();
        let corridor: Position = (0..3).flat_map(|c| [b.h(0, c), b.h(1, c)]).collect();
        let pos = corridor.with(b.v(0, 0)).with(b.v(0, 1));
        let a = analysis(&b, pos);
        let take = explain(&b, pos, b.v(0, 2), &a, None).unwrap();
        assert_eq!(
            take,
            vec![
                Reason::Best { ties: Some(1) },
                Reason::Takes {
                    boxes: 1,
                    ends_game: false
                }
            ]
        );
        // The last box: the game is over, nobody moves again.
        let last = pos.with(b.v(0, 2));
        let r = explain(&b, last, b.v(0, 3), &analysis(&b, last), None).unwrap();
        assert_eq!(
            explain_text(&r),
            "This is the only best move. It takes the last box: the game is over."
        );
        let decline = explain(&b, pos, b.v(0, 3), &a, None).unwrap();
        let declined = Reason::Declines {
            boxes: 2,
            double_deal: true,
            ends_game: true,
        };
        assert!(decline.contains(&declined), "{decline:?}");
        assert!(!decline
            .iter()
            .any(|r| matches!(r, Reason::GivesAwayControl | Reason::KeepsControl)));
        let text = explain_text(&decline);
        assert!(!text.contains("move again"), "{text}");
    }

    #[test]
    fn a_drawn_line_is_refused() {
        let (b, pos) = declining_position();
        let a = analysis(&b, pos);
        assert_eq!(
            explain(&b, pos, b.v(0, 0), &a, None),
            Err(ChainsError::LineDrawn(b.v(0, 0)))
        );
    }
}
