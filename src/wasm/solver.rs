//! Solving in the Web Worker: positions with few open lines are analysed in memory on
//! demand; larger boards are solved once, step by step, into IndexedDB ([`Solver`]), and
//! then answered from the stored layers plus in-memory analysis past them.

use serde::{Deserialize, Serialize};
use wasm_bindgen::prelude::*;

use super::idb_store::IdbStore;
use super::input::{parse_board, parse_position};
use super::js_error;
use crate::core::notation::parse_lines;
use crate::core::{Analysis, Board, NextLoony};
use crate::retro::{self, Repair, RetroError, Solve};
use crate::store::TileId;

/// Positions with at most this many open lines are analysed in memory when asked (a fraction
/// of a second in the browser); a solve keeps every layer above it, so each position of a
/// solved board is answered either from the store or by such an analysis. The answer
/// policy's ([`crate::policy::BROWSER`], `answerBudget().directOpen` for the page).
pub const DIRECT_OPEN: u32 = crate::policy::BROWSER.direct_open;

/// A move's score as the page receives it, from any analysis (`loonyAnalyze`'s included),
/// and as the puzzle file holds it.
#[derive(Serialize, Deserialize, Debug, PartialEq, Eq)]
pub(crate) struct JsMove {
    /// The line drawn.
    pub(crate) line: usize,
    /// Its exact score for the player to move.
    pub(crate) score: i32,
    /// Who then makes the next loony move with best play (`"v"` the player to move, `"^"`
    /// the opponent, `""` nobody), in scores from a loony analysis (`loonyAnalyze`,
    /// `lessons.json`, the small boards' puzzles); absent elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) next: Option<String>,
}

/// An analysis as the page receives it: `{value, moves: [{line, score, next?}]}`.
#[derive(Serialize, Deserialize)]
pub(crate) struct JsAnalysis {
    value: i32,
    moves: Vec<JsMove>,
}

impl From<Analysis> for JsAnalysis {
    fn from(a: Analysis) -> Self {
        JsAnalysis {
            value: a.value,
            moves: a
                .moves
                .into_iter()
                .map(|m| JsMove {
                    line: m.line,
                    score: m.score,
                    next: None,
                })
                .collect(),
        }
    }
}

impl JsAnalysis {
    /// Who makes the next loony move with best play after `line`, if the scores say.
    pub(crate) fn next_loony(&self, line: usize) -> Result<Option<NextLoony>, JsError> {
        let Some(suffix) = self
            .moves
            .iter()
            .find(|m| m.line == line)
            .and_then(|m| m.next.as_deref())
        else {
            return Ok(None);
        };
        NextLoony::from_suffix(suffix)
            .map(Some)
            .ok_or_else(|| js_error(format!("unknown next-loony flag {suffix:?}")))
    }
}

/// A solve's progress as the worker receives it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct JsProgress {
    positions_done: f64,
    positions_total: f64,
    tiles_done: usize,
    tiles_total: usize,
    tiles_reused: usize,
    tiles_saved: usize,
    stored_bytes: f64,
}

impl From<JsAnalysis> for Analysis {
    fn from(a: JsAnalysis) -> Self {
        Analysis {
            value: a.value,
            moves: a
                .moves
                .into_iter()
                .map(|m| crate::core::MoveScore {
                    line: m.line,
                    score: m.score,
                })
                .collect(),
        }
    }
}

pub(crate) fn to_js(a: Analysis) -> Result<JsValue, JsError> {
    super::to_js_value(&JsAnalysis::from(a))
}

/// Most open lines a board may have to be solved in the browser: its tiles fit the page's
/// memory (icelandic, 30 lines, peaks near 400 MB); the answer policy's
/// ([`crate::policy::BROWSER`], `answerBudget().wholeBoardOpen` for the page).
const MAX_OPEN: usize = crate::policy::BROWSER.whole_board_open as usize;

/// The value and every move's score of the position with `lines` drawn on the board, by an
/// in-memory solve of its subgame: `{value, moves: [{line, score}]}`.
#[wasm_bindgen]
pub fn analyze(board: &str, predrawn: &str, lines: &str) -> Result<JsValue, JsError> {
    let (board, pos) = parse_position(board, predrawn, lines)?;
    to_js(retro::analyze(&board, pos).map_err(js_error)?)
}

/// The boards by name (`icelandic`, `RxC`) small enough to solve here whose positions include
/// every position of `board` with `predrawn` lines, other than that board itself, the one
/// with the most lines pre-drawn first: a position set up on icelandic (a 3x5 board with the
/// borders and more lines pre-drawn, a board of its own to the page) is answered by
/// icelandic's solve, if the page has stored it, rather than by a solve of its own.
#[wasm_bindgen(js_name = boardsHolding)]
pub fn boards_holding(board: &str, predrawn: &str) -> Result<Vec<String>, JsError> {
    let asked = parse_board(board, predrawn)?;
    let named = [
        Board::icelandic(),
        Board::new(asked.rows(), asked.cols()).map_err(js_error)?,
    ];
    Ok(named
        .into_iter()
        .filter(|b| {
            b.holds(&asked) && *b != asked && b.open_lines(b.start()).count() as usize <= MAX_OPEN
        })
        .map(|b| b.name())
        .collect())
}

/// The engine's move for an analysis: one of the best moves, chosen at random so the engine
/// does not always play the same game.
#[wasm_bindgen(js_name = engineMove)]
pub fn engine_move(analysis: JsValue) -> Result<usize, JsError> {
    let a: JsAnalysis = serde_wasm_bindgen::from_value(analysis).map_err(js_error)?;
    let best = Analysis::from(a).best_lines();
    if best.is_empty() {
        return Err(JsError::new("the analysis has no move: the game is over"));
    }
    let pick = (js_sys::Math::random() * best.len() as f64) as usize;
    Ok(best[pick.min(best.len() - 1)])
}

/// The page's solve of `board` with extra pre-drawn lines `predrawn`, and the layers it
/// keeps.
fn board_solve(board: &str, predrawn: &str) -> Result<(Board, Solve, u32), JsError> {
    let board = parse_board(board, predrawn)?;
    let open = board.open_lines(board.start()).count();
    if open as usize > MAX_OPEN {
        return Err(JsError::new(&format!(
            "{} has {open} open lines: the page solves a whole board of at most {MAX_OPEN} (its \
             memory), and answers a larger board's positions one by one",
            board.name()
        )));
    }
    let keep = open.saturating_sub(DIRECT_OPEN).max(1);
    let solve = Solve::new(&board, board.start(), keep).map_err(js_error)?;
    Ok((board, solve, keep))
}

/// How often, by default, a solve writes its finished tiles to IndexedDB
/// ([`Solver::checkpoint_every`]): a reload or a closed tab loses at most this much computing.
/// Writing every tile as soon as it is finished cost the icelandic solve 40 % of its time (all
/// 830 MB of its tiles written, most of them deleted again within seconds); between two
/// checkpoints a tile that is no longer needed is never written.
pub const CHECKPOINT_SECONDS: f64 = 5.0;

/// A board's solve, persisted in IndexedDB at checkpoints, resumable, and queried once done.
#[wasm_bindgen]
pub struct Solver {
    board: Board,
    solve: Solve,
    store: IdbStore,
    keep: u32,
    /// Milliseconds spent in the retro core's steps (computing, reading tiles already in
    /// memory), without IndexedDB: the benchmark compares it with the native solve.
    compute_ms: f64,
    /// Milliseconds between two checkpoints.
    checkpoint: f64,
    /// When the last checkpoint started ([`performance_now`]).
    last_checkpoint: f64,
}

#[wasm_bindgen]
extern "C" {
    /// `performance.now()` of the worker (or page) the module runs in.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn performance_now() -> f64;
}

#[wasm_bindgen]
impl Solver {
    /// Opens the solve of `board` with extra pre-drawn lines `predrawn` in database `db`,
    /// picking up every tile an earlier visit stored. It keeps the layers that in-memory
    /// analysis cannot answer quickly.
    pub async fn open(db: String, board: String, predrawn: String) -> Result<Solver, JsError> {
        let (board, solve, keep) = board_solve(&board, &predrawn)?;
        let label = match predrawn.trim() {
            "" => board.name(),
            lines => format!("{} (pre-drawn {lines})", board.name()),
        };
        let mut store = IdbStore::open(&db, &solve.fingerprint(), &label)
            .await
            .map_err(js_error)?;
        let mut solve = solve;
        solve.plan(&mut store).map_err(js_error)?;
        Ok(Solver {
            board,
            solve,
            store,
            keep,
            compute_ms: 0.0,
            checkpoint: CHECKPOINT_SECONDS * 1000.0,
            last_checkpoint: performance_now(),
        })
    }

    /// Writes the finished tiles at most every `seconds` (0: after every step, so a reload
    /// loses no finished tile). A checkpoint writes every tile still needed or kept, so a
    /// solve reopened later resumes from it.
    #[wasm_bindgen(js_name = checkpointEvery)]
    pub fn checkpoint_every(&mut self, seconds: f64) -> Result<(), JsError> {
        if !(seconds.is_finite() && seconds >= 0.0) {
            return Err(JsError::new(&format!(
                "the checkpoint interval must be a number of seconds, at least 0, not {seconds}"
            )));
        }
        self.checkpoint = seconds * 1000.0;
        Ok(())
    }

    /// The name the solve's tiles are stored under.
    #[wasm_bindgen(getter)]
    pub fn fingerprint(&self) -> String {
        self.solve.fingerprint()
    }

    /// Lines drawn beyond the start up to which the stored layers answer.
    #[wasm_bindgen(getter)]
    pub fn keep(&self) -> u32 {
        self.keep
    }

    /// Whether every tile is computed and stored.
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.solve.is_finished()
    }

    /// `{positionsDone, positionsTotal, tilesDone, tilesTotal, tilesReused, tilesSaved,
    /// storedBytes}` of this run (a resumed run counts only what is left): `tilesSaved` of
    /// the `tilesDone` are covered by the last committed checkpoint, so a reload keeps at
    /// least that much; `storedBytes` is what IndexedDB holds, as the storage panel lists it.
    pub fn progress(&self) -> Result<JsValue, JsError> {
        let p = self.solve.progress();
        let report = JsProgress {
            positions_done: p.positions_done as f64,
            positions_total: p.positions_total as f64,
            tiles_done: p.tiles_done,
            tiles_total: p.tiles_total,
            tiles_reused: p.tiles_reused,
            tiles_saved: self.store.saves_stored().min(p.tiles_done),
            stored_bytes: self.store.written_bytes() as f64,
        };
        super::to_js_value(&report)
    }

    /// Computes the next tile, reading from IndexedDB what it needs. When a checkpoint is
    /// due ([`Solver::checkpoint_every`]) it then starts writing every tile finished since
    /// the last one and still needed (with the deletions), once the last write has
    /// committed, so the next steps compute while IndexedDB writes. A tab reloaded or closed
    /// resumes from the last committed checkpoint ([`Solver::progress`]'s `tilesSaved`). The
    /// last step waits for its write. Returns whether the solve is finished. A full quota
    /// stops with a clear error (from the step after the refused write), keeping every tile
    /// written before.
    pub async fn step(&mut self) -> Result<bool, JsError> {
        self.store.evict();
        let mut compute_ms = 0.0;
        let finished = self
            .with_tiles(|solve, store| {
                let start = performance_now();
                let r = solve.step(store);
                compute_ms += performance_now() - start;
                // A damaged stored tile is recomputed; said on the console, as the command
                // line warns of it (the page itself goes on solving).
                for Repair { tile, reason } in solve.take_repairs() {
                    let text = format!("dotbox: {tile} is damaged ({reason}); recomputing it");
                    web_sys::console::warn_1(&text.into());
                }
                r
            })
            .await
            .map_err(js_error)?;
        self.compute_ms += compute_ms;
        self.store.set_finished(finished);
        let now = performance_now();
        if finished {
            self.persist().await?;
        } else if self.store.dirty() && now - self.last_checkpoint >= self.checkpoint {
            self.last_checkpoint = now;
            self.store.flush().await.map_err(js_error)?;
        }
        Ok(finished)
    }

    /// Seconds this solver spent in the retro core's steps, IndexedDB left out.
    #[wasm_bindgen(getter, js_name = computeSeconds)]
    pub fn compute_seconds(&self) -> f64 {
        self.compute_ms / 1000.0
    }

    /// Writes every computed tile not written yet and waits until it is stored (a
    /// checkpoint now: a cancelled solve keeps everything it computed).
    pub async fn persist(&mut self) -> Result<(), JsError> {
        self.last_checkpoint = performance_now();
        if self.store.dirty() {
            self.store.flush().await.map_err(js_error)?;
        }
        self.store.settle().await.map_err(js_error)
    }

    /// The value and every move's score of the position with `lines` drawn (beyond the
    /// start): from the stored layers near the start, by in-memory analysis deeper.
    pub async fn analysis(&mut self, lines: String) -> Result<JsValue, JsError> {
        let pos = parse_lines(&self.board, &lines).map_err(js_error)?;
        let depth = pos.difference(self.board.start()).count();
        if depth >= self.keep {
            return to_js(retro::analyze(&self.board, pos).map_err(js_error)?);
        }
        if !self.solve.is_finished() {
            return Err(JsError::new(
                "this board is not solved yet: start the solve first",
            ));
        }
        match self
            .with_tiles(|solve, store| solve.analysis(store, pos))
            .await
        {
            Ok(analysis) => to_js(analysis),
            // A damaged tile is forgotten and the solve planned again: `finished` turns
            // false and the next steps recompute it.
            Err(e) => {
                let Repair { tile, reason } =
                    self.solve.repair(&mut self.store, e).map_err(js_error)?;
                Err(JsError::new(&format!(
                    "a stored {tile} was damaged ({reason}); it is being recomputed"
                )))
            }
        }
    }
}

impl Solver {
    /// Runs `f` against the store, reading from IndexedDB the tiles it turns out to need and
    /// retrying, so only tiles the solve does not hold already are read, and callers need
    /// not know which tiles a query or a step reads.
    async fn with_tiles<T>(
        &mut self,
        mut f: impl FnMut(&mut Solve, &mut IdbStore) -> Result<T, RetroError>,
    ) -> Result<T, RetroError> {
        let mut wanted: Vec<TileId> = Vec::new();
        loop {
            match f(&mut self.solve, &mut self.store) {
                Ok(v) => return Ok(v),
                Err(e) => {
                    let misses = self.store.take_misses();
                    if misses.is_empty() || misses.iter().all(|t| wanted.contains(t)) {
                        return Err(e);
                    }
                    wanted.extend(misses);
                    self.store.prefetch(&wanted).await?;
                }
            }
        }
    }
}
