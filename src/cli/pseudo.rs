//! `dotbox analyze --pseudo-lines`: a position solved with its chains collapsed into
//! pseudo-lines (see `retro::units`), and what the report adds: which lines went into which
//! chain, and which answers the reduction proves exact.

use crate::core::{Analysis, Board, Position, Rules};
use crate::retro::units::Reduction;

use super::analyze::{self, json};

/// The report of `pos` solved with its chains as pseudo-lines: the plain report (`source`
/// says how it was solved; `--json`: one object) with what [`human`] or [`json_fields`] add.
pub fn report(
    board: &Board,
    pos: Position,
    reduction: &Reduction,
    analysis: &Analysis,
    source: &str,
    as_json: bool,
) -> String {
    if as_json {
        let exact = reduction.exact() && unproven(reduction, analysis).is_empty();
        let plain = json(
            board,
            pos,
            analysis,
            Rules::default(),
            None,
            ("pseudo", exact),
        );
        let fields = json_fields(reduction, analysis);
        format!("{}{fields}}}\n", plain.trim_end().trim_end_matches('}'))
    } else {
        let mut out = analyze::human(board, pos, analysis, source, None);
        out.push_str(&human(board, reduction, analysis));
        out
    }
}

/// The lines of a set, comma-separated.
fn list(lines: Position) -> String {
    let lines: Vec<String> = lines.lines().map(|l| l.to_string()).collect();
    lines.join(",")
}

/// The lines whose score the reduction does not prove exact.
fn unproven(reduction: &Reduction, analysis: &Analysis) -> Position {
    analysis
        .moves
        .iter()
        .filter(|m| !reduction.exact_move(m.line))
        .map(|m| m.line)
        .collect()
}

/// What the human report adds: the units, each collapsed chain with its lines, and what is
/// proven exact.
pub fn human(board: &Board, reduction: &Reduction, analysis: &Analysis) -> String {
    let open = board.open_lines(reduction.base()).count();
    let mut out = format!(
        "\npseudo-lines: {} units for {open} open lines; moves inside a chain are scored as \
         entering it\n",
        reduction.units().len()
    );
    for (i, (_, unit, chain)) in reduction.chains().enumerate() {
        let what = chain.component.describe();
        out.push_str(&format!(
            "  chain {}: lines {} = {what}\n",
            i + 1,
            list(unit.lines)
        ));
    }
    let unproven = unproven(reduction, analysis);
    if reduction.exact() {
        out.push_str(
            "exact: every collapsed chain ends on the ground at both ends or is a loop, so \
             the value is exact\n",
        );
    } else {
        out.push_str(
            "not proven exact: a collapsed chain ends in a junction box, which may join it \
             to more boxes later (the growth that changes its decline is scored: one box \
             longer, or a loop through one box; the rest is measured, not proven)\n",
        );
    }
    if !unproven.is_empty() && reduction.exact() {
        out.push_str(&format!(
            "upper bounds only (a chain entered while a box stands capturable): lines {}\n",
            list(unproven)
        ));
    }
    out
}

/// The JSON fields the report adds, each starting with a comma: `"pseudo_lines"` with the
/// unit count, the chains (lines, boxes, kind), whether the value is proven exact and the
/// lines whose scores are not.
pub fn json_fields(reduction: &Reduction, analysis: &Analysis) -> String {
    let numbers = |p: Position| -> String {
        let v: Vec<String> = p.lines().map(|l| l.to_string()).collect();
        format!("[{}]", v.join(", "))
    };
    let chains: Vec<String> = reduction
        .chains()
        .map(|(_, unit, c)| {
            format!(
                "{{\"lines\": {}, \"boxes\": {}, \"kind\": \"{}\"}}",
                numbers(unit.lines),
                c.component.len(),
                c.component.kind.name()
            )
        })
        .collect();
    format!(
        ", \"pseudo_lines\": {{\"units\": {}, \"chains\": [{}], \"value_exact\": {}, \
         \"unproven_moves\": {}}}",
        reduction.units().len(),
        chains.join(", "),
        reduction.exact(),
        numbers(unproven(reduction, analysis))
    )
}
