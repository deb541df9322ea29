//! `dotbox analyze --pseudo-lines`: a position solved with its chains collapsed into
//! pseudo-lines (see `retro::units`), and what the report adds: which lines went into which
//! chain, and which answers the reduction proves exact.

use serde::Serialize;

use crate::core::notation::format_line_set;
use crate::core::{Analysis, Board, Position, Rules};
use crate::retro::Reduction;

use super::output::{self, AnalysisJson};

/// The report of `pos` solved with its chains as pseudo-lines: the plain report (`source`
/// says how it was solved; `--json`: one object) with what [`human`] or `"pseudo_lines"` add.
/// In the text, a score the reduction does not prove is marked `~`, as is the value when it
/// is not proven.
pub fn report(
    board: &Board,
    pos: Position,
    reduction: &Reduction,
    analysis: &Analysis,
    source: &str,
    as_json: bool,
) -> String {
    if as_json {
        output::json_line(&json_object(board, pos, reduction, analysis))
    } else {
        let unproven = unproven(reduction, analysis);
        let mut out = output::human_marked(board, pos, analysis, source, None, unproven);
        out.push_str(&human(board, reduction, analysis));
        out
    }
}

/// The JSON report's object: the plain object's fields (method `pseudo`, the moves the
/// reduction does not prove marked `"exact": false`), then `"pseudo_lines"`. `dotbox solve
/// --pseudo-lines --json` adds the solve's figures to it.
pub fn json_object(
    board: &Board,
    pos: Position,
    reduction: &Reduction,
    analysis: &Analysis,
) -> impl Serialize {
    PseudoJson {
        plain: AnalysisJson::new(
            board,
            pos,
            analysis,
            Rules::default(),
            None,
            "pseudo",
            unproven(reduction, analysis),
        ),
        pseudo_lines: pseudo_lines(reduction, analysis),
    }
}

/// The lines whose score the reduction does not prove exact.
fn unproven(reduction: &Reduction, analysis: &Analysis) -> Position {
    reduction.unproven(analysis.moves.iter().map(|m| m.line))
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
            format_line_set(unit.lines)
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
            format_line_set(unproven)
        ));
    }
    out
}

/// The JSON report: the plain object's fields, then `"pseudo_lines"`.
#[derive(Serialize)]
struct PseudoJson<'a> {
    #[serde(flatten)]
    plain: AnalysisJson<'a>,
    pseudo_lines: PseudoLines,
}

/// What the JSON report adds: the unit count, the chains (lines, boxes, kind), whether the
/// value is proven exact and the lines whose scores are not.
#[derive(Serialize)]
struct PseudoLines {
    units: usize,
    chains: Vec<ChainJson>,
    value_exact: bool,
    unproven_moves: Vec<usize>,
}

/// One collapsed chain of [`PseudoLines`].
#[derive(Serialize)]
struct ChainJson {
    lines: Vec<usize>,
    boxes: usize,
    kind: &'static str,
}

/// The `"pseudo_lines"` field of the JSON report.
fn pseudo_lines(reduction: &Reduction, analysis: &Analysis) -> PseudoLines {
    PseudoLines {
        units: reduction.units().len(),
        chains: reduction
            .chains()
            .map(|(_, unit, c)| ChainJson {
                lines: unit.lines.lines().collect(),
                boxes: c.component.len(),
                kind: c.component.kind.name(),
            })
            .collect(),
        value_exact: reduction.exact(),
        unproven_moves: unproven(reduction, analysis).lines().collect(),
    }
}
