//! indicatif progress bars with rate and ETA, drawn on stderr (hidden when it is not a
//! terminal), and the solver run that feeds them.

use std::fmt;

use indicatif::{HumanCount, ProgressBar, ProgressState, ProgressStyle};

use crate::retro::{RetroError, Solve};
use crate::store::{StoreError, TileStore};

use super::error::CliError;

/// A bar counting `unit` up to `total`, with elapsed time, rate and ETA.
pub fn bar(message: &str, total: u64, unit: &str) -> ProgressBar {
    let bar = ProgressBar::new(total);
    let template =
        format!("{{msg}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {unit} ({{rate}}, ETA {{eta}})");
    let style = ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key("rate", |state: &ProgressState, w: &mut dyn fmt::Write| {
            let _ = write!(w, "{}/s", HumanCount(state.per_sec() as u64));
        });
    bar.set_style(style);
    bar.set_message(message.to_string());
    bar
}

/// Runs `solve` to the end over `store` with a bar of positions computed, then `query`.
///
/// A tile that the query finds damaged is removed and recomputed (the solve is planned and run
/// again) before the query is retried, with a warning: the solver itself repairs the tiles it
/// reads while computing, this repairs those read only by queries.
pub fn solve_then<T>(
    solve: &mut Solve,
    store: &mut dyn TileStore,
    mut query: impl FnMut(&Solve, &mut dyn TileStore) -> Result<T, CliError>,
) -> Result<T, CliError> {
    let mut repairs = 0;
    loop {
        run(solve, store)?;
        match query(solve, store) {
            Err(CliError::Solve(RetroError::Store(StoreError::Corrupt { tile, reason })))
                if repairs < solve.layout().tiles().len() =>
            {
                repairs += 1;
                eprintln!("warning: {tile} is damaged ({reason}); recomputing it");
                store.remove(tile)?;
                solve.plan(store)?;
            }
            other => return other,
        }
    }
}

/// Runs `solve` to the end over `store` with a bar of positions computed.
fn run(solve: &mut Solve, store: &mut dyn TileStore) -> Result<(), CliError> {
    let bar = bar("solving", 0, "positions");
    solve.run(store, &mut |p| {
        bar.set_length(p.positions_total);
        bar.set_position(p.positions_done);
    })?;
    bar.finish_and_clear();
    Ok(())
}
