//! indicatif progress bars with rate and ETA, drawn on stderr (hidden when it is not a
//! terminal), and the solver run that feeds them.

use indicatif::{ProgressBar, ProgressStyle};

use crate::core::{Board, Position};
use crate::retro::Solve;
use crate::store::TileStore;

use super::error::CliError;

/// A bar counting `unit` up to `total`, with elapsed time, rate and ETA.
pub fn bar(message: &str, total: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    let template = format!(
        "{{msg}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {unit} ({{per_sec}}, ETA {{eta}})"
    );
    let style =
        ProgressStyle::with_template(&template).unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(message.to_string());
    bar
}

/// A solve of the subgame of `base` keeping `keep_lines` layers, run to the end over `store`
/// with a bar of positions computed.
pub fn solve(
    board: &Board,
    base: Position,
    keep_lines: u32,
    store: &mut dyn TileStore,
) -> Result<Solve, CliError> {
    let mut solve = Solve::new(board, base, keep_lines)?;
    run(&mut solve, store)?;
    Ok(solve)
}

/// Runs `solve` to the end over `store` with a bar of positions computed.
pub fn run(solve: &mut Solve, store: &mut dyn TileStore) -> Result<(), CliError> {
    let bar = bar("solving", 0, "positions");
    solve.run(store, &mut |p| {
        bar.set_length(p.positions_total);
        bar.set_position(p.positions_done);
    })?;
    bar.finish_and_clear();
    Ok(())
}
