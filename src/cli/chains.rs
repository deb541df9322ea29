//! `dotbox chains`: a position in chain-theory terms: its components, the long chain count and
//! who it favours, the moves that change it, the loony moves with their replies, and the
//! nimstring value. Everything comes from `crate::chains`; this module only formats it.

use clap::Args;
use serde_json::{json, Value};

use crate::chains::parity_moves;
use crate::chains::{components, control, control_at_stake, nim_value};
use crate::chains::{loony_moves, offers_with_replies, Replies};
use crate::chains::{ChainsError, Control, ControlVerdict, Nimber};
use crate::chains::{Component, End, Kind, Offer};
use crate::core::{Board, Position};
use crate::native::CliError;

use super::input::parse_position;
use super::output;

/// Arguments of `dotbox chains`.
#[derive(Args, Debug)]
pub struct ChainsArgs {
    /// The board: RxC (for example 3x3) or icelandic; or a position, `3x3:0,5,7` (the board
    /// and its drawn lines, in place of --lines); or a game record, quoted (`"3x3 moves a4b4
    /// b1b2"`, as the page exports it): the position its moves reach.
    pub board: String,
    /// Drawn lines, comma-separated: numbers or labels like a1b1 (pre-drawn lines may be
    /// repeated).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    pub lines: String,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Everything `dotbox chains` prints, computed once for both formats.
struct Report {
    components: Vec<Component>,
    control: Control,
    parity_moves: Vec<usize>,
    /// Offers standing in the position itself (the player to move may take or decline them),
    /// each with the replies that take or decline it.
    standing: Vec<(Offer, Replies)>,
    /// Each loony move with the offers it leaves and their replies.
    loony: Vec<(usize, Vec<(Offer, Replies)>)>,
    /// The nimstring value, or why it was not computed.
    nimstring: Result<Nimber, ChainsError>,
    /// Who has control, exactly where the nimstring value is known.
    verdict: ControlVerdict,
}

impl Report {
    fn new(board: &Board, pos: Position) -> Result<Report, CliError> {
        let loony = loony_moves(board, pos)?
            .into_iter()
            .map(|line| Ok((line, offers_with_replies(board, pos.with(line))?)))
            .collect::<Result<_, ChainsError>>()?;
        let control = control(board, pos)?;
        let nimstring = nim_value(board, pos);
        Ok(Report {
            components: components(board, pos),
            parity_moves: parity_moves(board, pos)?,
            standing: offers_with_replies(board, pos)?,
            loony,
            verdict: ControlVerdict::new(
                control_at_stake(board.boxes(), pos),
                nimstring.as_ref().ok().copied(),
                control.mover_has_parity,
            ),
            control,
            nimstring,
        })
    }
}

/// Runs `dotbox chains` and returns its output.
pub fn run(args: &ChainsArgs) -> Result<String, CliError> {
    let (board, pos) = parse_position(&args.board, &args.lines)?;
    let report = Report::new(&board, pos)?;
    Ok(if args.json {
        json_report(&board, pos, &report)
    } else {
        text(&board, pos, &report)
    })
}

fn list(lines: &[usize]) -> String {
    let items: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    items.join(",")
}

fn end_name(end: &End) -> String {
    match end {
        End::Ground => "ground".to_string(),
        End::Junction(r, c) => format!("junction ({r},{c})"),
        End::Opened => "opened".to_string(),
    }
}

/// The two replies to an offer, in words.
fn replies(offer: &Offer, replies: &Replies) -> String {
    let kept = replies.decline.len().saturating_sub(1);
    let (taken, deal) = replies.decline.split_at(kept);
    format!(
        "take all: {}; all but {}: {}{}double-deal {}",
        list(&replies.take_all),
        offer.left,
        list(taken),
        if taken.is_empty() { "" } else { " then " },
        list(deal)
    )
}

fn text(board: &Board, pos: Position, r: &Report) -> String {
    let open = board.open_lines(pos).count();
    let mut out = format!("{}\n\ncomponents:\n", output::heading(board, pos));
    if r.components.is_empty() {
        out.push_str("  none (every box is taken)\n");
    }
    // The description starts with the kind ("long chain of 3 boxes ..."): no column of it.
    // An offered path the taker can still decline counts as long, though its kind is not.
    for c in &r.components {
        let long = match c.kind {
            Kind::Capturable if c.counts_as_long() => {
                " (counted as a long chain: it can be declined)"
            }
            Kind::Chain if c.closes_into_loop() => {
                " (counted as a loop: with its junction it closes into one)"
            }
            _ => "",
        };
        // A junction box alone has no lines of its own: each of its open sides ends a chain.
        let lines = match c.lines.is_empty() {
            true => "no lines of its own (each side ends a chain)".to_string(),
            false => format!("lines {}", list(&c.lines)),
        };
        out.push_str(&format!("  {}{long}; {lines}\n", c.describe()));
    }
    let ctl = &r.control;
    out.push_str(&match open {
        // The count is of turns still to come: none on a full board.
        0 => "\ncontrol: the board is full\n".to_string(),
        _ => format!(
            "\ncontrol: {} dot{} (open lines - boxes left + 1), {}\n",
            ctl.dots,
            if ctl.dots == 1 { "" } else { "s" },
            control_text(r)
        ),
    });
    // A loony move changes the count too, but by handing boxes over: listed bare beside the
    // others, it read as a way to win control.
    let (offering, changing): (Vec<usize>, Vec<usize>) = r
        .parity_moves
        .iter()
        .partition(|&&line| r.loony.iter().any(|&(l, _)| l == line));
    let offered = format!("loony moves, which offer boxes: {}", list(&offering));
    out.push_str(&format!(
        "parity-changing moves: {}\n",
        match (changing.is_empty(), offering.is_empty()) {
            (true, true) => "none".to_string(),
            (true, false) => format!("only {offered}"),
            (false, true) => list(&changing),
            (false, false) => format!("{}; and {offered}", list(&changing)),
        }
    ));
    if !r.standing.is_empty() {
        out.push_str("\nloony offers standing (the player to move may take or decline):\n");
        for (offer, reply) in &r.standing {
            out.push_str(&format!(
                "  {}: {}\n",
                offer.path.describe(),
                replies(offer, reply)
            ));
        }
    }
    let loony_lines: Vec<usize> = r.loony.iter().map(|(line, _)| *line).collect();
    if r.loony.is_empty() {
        out.push_str("\nloony moves: none\n");
    } else if !r.standing.is_empty() {
        // Every move leaving the standing offer is loony; its replies are listed above.
        out.push_str(&format!(
            "\nloony moves (each leaves the offer standing): {}\n",
            list(&loony_lines)
        ));
    } else {
        out.push_str("\nloony moves:\n");
        for (line, offers) in &r.loony {
            for (offer, reply) in offers {
                out.push_str(&format!(
                    "  line {line}: offers {}; reply {}\n",
                    offer.path.describe(),
                    replies(offer, reply)
                ));
            }
        }
    }
    out.push_str(&match &r.nimstring {
        Ok(n) => format!("\nnimstring value: {n}\n"),
        Err(e) => format!("\nnimstring value: not computed ({e})\n"),
    });
    out
}

/// Who has control, in words: the long chain rule's count and verdict and, where the verdict is
/// exact, that verdict after it (`chains::ControlVerdict`: a worksheet must not teach the rule
/// alone where it is wrong).
fn control_text(r: &Report) -> String {
    let rule = r.control.describe();
    let exact = match r.verdict {
        ControlVerdict::Exact(Nimber::Loony) => {
            "a loony offer stands: the player to move has control".to_string()
        }
        ControlVerdict::Exact(n) if n.is_win() => {
            format!("nimstring {n}: the player to move can win control")
        }
        ControlVerdict::Exact(n) => format!("nimstring {n}: the player to move cannot win control"),
        ControlVerdict::NotAtStake | ControlVerdict::Rule(_) => return rule,
    };
    format!("{rule}; exactly, {exact}")
}

fn offer_json((offer, replies): &(Offer, Replies)) -> Value {
    json!({
        "kind": offer.path.kind.name(),
        "boxes": offer.path.boxes,
        "take_all": replies.take_all,
        "decline": replies.decline,
        "left": offer.left,
    })
}

/// One JSON object on one line: `components` (kind, long and loop as the long chain rule counts
/// it, boxes as `[row, col]`, ends, lines),
/// `control`, `parity_moves`, `standing_offers`, `loony_moves` (line and offers, each with its
/// `take_all` and `decline` replies, the boxes free to take taken first) and `nimstring` (`"*n"`, `"loony"` or `null` when a region
/// is too large).
fn json_report(board: &Board, pos: Position, r: &Report) -> String {
    let components: Vec<Value> = r
        .components
        .iter()
        .map(|c| {
            json!({
                "kind": c.kind.name(),
                "long": c.counts_as_long(),
                "loop": c.counts_as_loop(),
                "boxes": c.boxes,
                "ends": c.ends.iter().map(end_name).collect::<Vec<_>>(),
                "lines": c.lines,
            })
        })
        .collect();
    let loony: Vec<Value> = r
        .loony
        .iter()
        .map(|(line, offers)| {
            json!({"line": line, "offers": offers.iter().map(offer_json).collect::<Vec<_>>()})
        })
        .collect();
    let out = json!({
        "board": board.name(),
        "lines": pos.lines().collect::<Vec<_>>(),
        "components": components,
        "control": {
            "dots": r.control.dots,
            "long_chains": r.control.long_chains,
            "loops": r.control.loops,
            "mover_has_parity": r.control.mover_has_parity,
            "text": control_text(r),
        },
        "parity_moves": r.parity_moves,
        "standing_offers": r.standing.iter().map(offer_json).collect::<Vec<_>>(),
        "loony_moves": loony,
        "nimstring": r.nimstring.as_ref().ok().map(|n| n.to_string()),
    });
    output::json_line(&out)
}
