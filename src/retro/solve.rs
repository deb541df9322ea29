//! [`Solve`]: a resumable retrograde solve, one tile per step, over any [`TileStore`].
//!
//! Tiles are computed from the most lines down. Before the first step the solve asks the store
//! which tiles it already holds and plans only the needed ones: a tile is needed when it is
//! missing and either kept (a layer within the wanted depth) or needed by a needed tile. So a
//! killed solve resumes where it stopped, and a corrupt tile (found when it is read) is removed
//! and the plan redone, which recomputes it from its parents or, if those were dropped, from
//! further up.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use crate::core::{move_score, Analysis, Board, LoonyFlags, MoveScore, NextLoony, Position, Rules};
use crate::store::{StoreError, TileData, TileId, TileStore, MAX_GROUPS};

use super::kernel::{compute_tile, Parents};
use super::layout::{high_key, Layout};
use super::valuation::{loony_unkey, Valuation};
use super::{Repair, RetroError};

/// How far a solve has come.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Positions computed so far in this run (tiles found in the store are not counted).
    pub positions_done: u64,
    /// Positions this run has to compute.
    pub positions_total: u64,
    /// Tiles computed so far in this run.
    pub tiles_done: usize,
    /// Tiles this run has to compute.
    pub tiles_total: usize,
    /// Tiles that were already in the store when the run was planned.
    pub tiles_reused: usize,
}

impl Progress {
    /// Progress planned again after a damaged tile was removed, carried over from the same
    /// run before (`run`): the tiles this run computed stay counted as its work, not as tiles
    /// found in the store, and the damaged tile no longer counts as found.
    fn carry_over(&mut self, run: Progress) {
        self.positions_done = run.positions_done;
        self.positions_total += run.positions_done;
        self.tiles_done = run.tiles_done;
        self.tiles_total += run.tiles_done;
        self.tiles_reused = run.tiles_reused.saturating_sub(1);
    }
}

/// The next tile a step will compute and the tiles it reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileTask {
    /// The tile to compute.
    pub tile: TileId,
    /// The tiles with one more line it is computed from.
    pub needs: Vec<TileId>,
}

/// What a store holds of a tile ([`Solve::stored`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    /// The whole tile, its checksum and size right.
    Intact,
    /// No tile.
    Missing,
    /// A tile that fails its checksum or has the wrong size: why.
    Damaged(String),
}

/// The order in which a solve computes its tiles, and each tile's place in it.
#[derive(Debug)]
struct Schedule {
    order: Vec<TileId>,
    /// The place of each tile in `order`.
    index: HashMap<TileId, usize>,
}

impl Schedule {
    fn of(layout: &Layout) -> Schedule {
        let order = layout.tiles();
        let index = order.iter().enumerate().map(|(i, &t)| (t, i)).collect();
        Schedule { order, index }
    }
}

/// A retrograde solve of every position containing a base position.
#[derive(Debug)]
pub struct Solve {
    layout: Layout,
    /// The layout's fingerprint, which names the solve's store ([`TileStore::bind`]).
    fingerprint: String,
    keep_lines: u32,
    /// Laid out on first use: the tiles of a large board take seconds to list (5x5: 19
    /// million, about 4 s with their index), which a solve refused as too large for any disk
    /// never needs.
    schedule: OnceLock<Schedule>,
    /// `needed[i]` for `order[i]`; `None` until planned against a store.
    needed: Option<Vec<bool>>,
    next: usize,
    cache: HashMap<TileId, TileData>,
    /// Layers at or above this line count hold no dropped-but-present tile.
    cleaned_from: u32,
    progress: Progress,
    /// Most bytes of tiles and high indexes to hold in memory; `None`: no limit.
    memory: Option<u64>,
    /// Damaged tiles the steps found, removed and planned again, not yet taken by
    /// [`Solve::take_repairs`].
    repairs: Vec<Repair>,
}

/// The parent tile a failed step lost, and how: damaged, or gone from the store (removed by
/// hand while the solve ran). The step plans again, so it is recomputed.
fn lost_parent(error: &RetroError) -> Option<(TileId, String)> {
    match error {
        RetroError::Store(StoreError::Corrupt { tile, reason }) => Some((*tile, reason.clone())),
        RetroError::NotSolved(tile) => Some((*tile, "gone from the store".to_string())),
        _ => None,
    }
}

impl Solve {
    /// A solve of the subgame of `base` on `board`. Tiles of positions with at most
    /// `keep_lines` lines drawn beyond `base` stay in the store; deeper layers are removed
    /// once nothing needs them.
    pub fn new(board: &Board, base: Position, keep_lines: u32) -> Result<Solve, RetroError> {
        Solve::with_rules(board, base, keep_lines, Rules::default())
    }

    /// [`Solve::new`] under scoring variant `rules` (a last-move penalty).
    pub fn with_rules(
        board: &Board,
        base: Position,
        keep_lines: u32,
        rules: Rules,
    ) -> Result<Solve, RetroError> {
        Solve::with_valuation(board, base, keep_lines, rules, Valuation::Score)
    }

    /// [`Solve::with_rules`] storing `valuation`: with [`Valuation::Loony`] every position
    /// also records who must make the next loony move ([`Solve::loony_analysis`]).
    pub fn with_valuation(
        board: &Board,
        base: Position,
        keep_lines: u32,
        rules: Rules,
        valuation: Valuation,
    ) -> Result<Solve, RetroError> {
        Ok(Solve::from_layout(
            Layout::new(board, base, rules, valuation)?,
            keep_lines,
        ))
    }

    /// The solve of every position of `layout`, keeping the layers of at most `keep_lines`
    /// lines beyond its base (see [`Solve::new`]).
    pub fn from_layout(layout: Layout, keep_lines: u32) -> Solve {
        let top = layout.open_count();
        Solve {
            fingerprint: layout.fingerprint(),
            layout,
            keep_lines,
            schedule: OnceLock::new(),
            needed: None,
            next: 0,
            cache: HashMap::new(),
            cleaned_from: top + 1,
            progress: Progress::default(),
            memory: None,
            repairs: Vec::new(),
        }
    }

    /// The order of the tiles and their places in it, laid out on first use.
    fn schedule(&self) -> &Schedule {
        self.schedule.get_or_init(|| Schedule::of(&self.layout))
    }

    /// Holds at most about `bytes` of tiles and tables in memory: past that, tiles the store
    /// keeps are dropped from memory (those needed last first) and read again when needed.
    /// Over a store that keeps its tiles in memory this saves nothing, so a solve larger
    /// than memory needs a store on disk.
    pub fn set_memory_budget(&mut self, bytes: u64) {
        self.memory = Some(bytes);
    }

    /// Bytes of tiles held in memory by the solve (shared with the store where it keeps
    /// them too) and of its high indexes.
    pub fn memory_in_use(&self) -> u64 {
        let tiles: usize = self.cache.values().map(|d| d.len()).sum();
        (tiles + self.layout.index_bytes()) as u64
    }

    /// The layout (groups and tables) of this solve.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Names this solve; a persistent store opened for it must carry the same name.
    pub fn fingerprint(&self) -> String {
        self.fingerprint.clone()
    }

    /// Progress of the current run.
    pub fn progress(&self) -> Progress {
        self.progress
    }

    /// Whether the solve has been planned against its store ([`Solve::plan`], or the first
    /// [`Solve::step`]): a front end that planned early (to warn before it starts) does not
    /// ask the store for every tile a second time.
    pub fn is_planned(&self) -> bool {
        self.needed.is_some()
    }

    /// Whether every needed tile is computed.
    pub fn is_finished(&self) -> bool {
        self.needed.is_some() && self.pending_index().is_none()
    }

    /// The next tile to compute, once planned (after the first [`Solve::step`] or
    /// [`Solve::plan`]).
    pub fn next_task(&self) -> Option<TileTask> {
        let tile = self.schedule().order[self.pending_index()?];
        Some(TileTask {
            tile,
            needs: self.layout.parents(tile),
        })
    }

    /// Asks the store which tiles exist and plans the rest (see the module docs).
    pub fn plan(&mut self, store: &mut dyn TileStore) -> Result<(), RetroError> {
        store.bind(&self.fingerprint)?;
        let mut needed = vec![false; self.schedule().order.len()];
        let mut progress = Progress::default();
        for i in (0..self.schedule().order.len()).rev() {
            let t = self.schedule().order[i];
            if store.contains(t)? {
                progress.tiles_reused += 1;
                continue;
            }
            let wanted = t.lines() <= self.keep_lines
                || self
                    .layout
                    .children(t)
                    .iter()
                    .any(|d| self.schedule().index.get(d).is_some_and(|&j| needed[j]));
            if wanted {
                needed[i] = true;
                progress.tiles_total += 1;
                progress.positions_total += self.layout.tile_positions(t);
            }
        }
        self.needed = Some(needed);
        self.next = 0;
        self.progress = progress;
        Ok(())
    }

    /// Computes the next needed tile and saves it. Returns whether the solve is finished.
    ///
    /// A damaged parent (it fails its check when read), or one gone from the store since the
    /// plan, is removed and the solve planned again, so the following steps recompute it;
    /// [`Solve::take_repairs`] lists such tiles for the front end to report (a failing disk
    /// should not go unnoticed).
    pub fn step(&mut self, store: &mut dyn TileStore) -> Result<bool, RetroError> {
        if self.needed.is_none() {
            self.plan(store)?;
        }
        let mut replans = 0;
        loop {
            let Some(i) = self.pending_index() else {
                return Ok(true);
            };
            self.next = i;
            let tile = self.schedule().order[i];
            self.drop_layers_above(tile.lines() + 1, store)?;
            self.make_room(tile, |solve, t| solve.next_use(t, i));
            match self.solve_tile(tile, store) {
                Ok(data) => {
                    self.cache.insert(tile, data);
                    self.release_parents(i, store)?;
                    self.next = i + 1;
                    return Ok(self.is_finished());
                }
                Err(e) => {
                    let room = replans <= self.schedule().order.len();
                    let Some((bad, reason)) = lost_parent(&e).filter(|_| room) else {
                        return Err(e);
                    };
                    replans += 1;
                    self.repairs.push(Repair { tile: bad, reason });
                    self.cleaned_from = self.layout.open_count() + 1;
                    self.plan_without(bad, store)?;
                }
            }
        }
    }

    /// Removes a lost `tile` (damaged, or gone) from `store` and memory and plans again, so
    /// the next steps recompute it; the work done so far stays counted ([`Progress`] carried
    /// over: a command's summary is of all of it).
    pub(super) fn plan_without(
        &mut self,
        tile: TileId,
        store: &mut dyn TileStore,
    ) -> Result<(), RetroError> {
        store.remove(tile)?;
        self.cache.remove(&tile);
        let run = self.progress;
        self.plan(store)?;
        self.progress.carry_over(run);
        Ok(())
    }

    /// Computes `tile` from its parents and saves it: the unit of work of every solve, the
    /// schedule of [`Solve::step`] and the tasks of [`Solve::solve_tiles`] alike. Parents are
    /// read from memory when held, else from the store (and then held).
    ///
    /// Errors: [`RetroError::NotSolved`] naming a parent the store lacks,
    /// [`StoreError::Corrupt`] naming a damaged one, the store's own failures.
    pub fn solve_tile(
        &mut self,
        tile: TileId,
        store: &mut dyn TileStore,
    ) -> Result<TileData, RetroError> {
        store.bind(&self.fingerprint)?;
        let data = self.compute(tile, store)?;
        store.save(tile, &data)?;
        self.progress.positions_done += self.layout.tile_positions(tile);
        self.progress.tiles_done += 1;
        Ok(data)
    }

    /// Runs one task of a solve split into tasks: computes each tile of `tiles` (tiles of
    /// one layer, whose parents, the layer above, are in the store) that the store lacks or
    /// holds damaged, skipping those it holds intact. Running it twice, or again after it was
    /// killed half-way, leaves the store the same: tiles are saved whole or not at all, and
    /// are the same bytes whoever computes them. Parents and high indexes stay in memory
    /// while later tiles of the task read them, parents within the memory budget; nothing
    /// is removed from the store.
    ///
    /// Errors: as [`Solve::solve_tile`], for the first tile that fails.
    pub fn solve_tiles(
        &mut self,
        tiles: &[TileId],
        store: &mut dyn TileStore,
    ) -> Result<(), RetroError> {
        self.progress = Progress {
            positions_total: tiles.iter().map(|&t| self.layout.tile_positions(t)).sum(),
            tiles_total: tiles.len(),
            ..Progress::default()
        };
        // The tiles of the task (by place, in order) that read each parent, and the last that
        // reads each high index: a parent is held while a later tile reads it, and made room
        // for by when it is read next; an index is held until its last reader.
        let mut readers: HashMap<TileId, Vec<usize>> = HashMap::new();
        let mut last_index = HashMap::new();
        for (n, &tile) in tiles.iter().enumerate() {
            last_index.insert(high_key(tile), n);
            for p in self.layout.parents(tile) {
                readers.entry(p).or_default().push(n);
                last_index.insert(high_key(p), n);
            }
        }
        let next_reader = |t: &TileId, n: usize| {
            let at = readers.get(t).map(|r| &r[r.partition_point(|&m| m < n)..]);
            at.and_then(|r| r.first().copied())
        };
        for (n, &tile) in tiles.iter().enumerate() {
            if self.stored(tile, store)? == Stored::Intact {
                self.progress.tiles_reused += 1;
                self.progress.positions_total -= self.layout.tile_positions(tile);
                self.progress.tiles_total -= 1;
                continue;
            }
            self.cache.retain(|t, _| next_reader(t, n).is_some());
            self.layout
                .retain_indexes(|key| last_index.get(&key).is_some_and(|&last| last >= n));
            self.make_room(tile, |_, t| next_reader(&t, n).unwrap_or(usize::MAX));
            self.solve_tile(tile, store)?;
        }
        self.cache.clear();
        Ok(())
    }

    /// The damaged tiles the steps since the last call removed to recompute them, with
    /// what was wrong with each.
    pub fn take_repairs(&mut self) -> Vec<Repair> {
        std::mem::take(&mut self.repairs)
    }

    /// What the store holds of `tile`: the tile is read and checked (checksum, then size).
    ///
    /// Errors: the store's failures other than a damaged tile.
    pub fn stored(&self, tile: TileId, store: &mut dyn TileStore) -> Result<Stored, RetroError> {
        match self.tile(tile, store) {
            Ok(Some(_)) => Ok(Stored::Intact),
            Ok(None) => Ok(Stored::Missing),
            Err(RetroError::Store(StoreError::Corrupt { reason, .. })) => {
                Ok(Stored::Damaged(reason))
            }
            Err(e) => Err(e),
        }
    }

    /// Steps until finished, reporting progress after each tile.
    pub fn run(
        &mut self,
        store: &mut dyn TileStore,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<(), RetroError> {
        while !self.step(store)? {
            progress(&self.progress);
        }
        progress(&self.progress);
        Ok(())
    }

    /// The value of `pos` (which must contain the base and lie within the kept layers).
    pub fn value(&self, store: &mut dyn TileStore, pos: Position) -> Result<i32, RetroError> {
        Ok(self.read(store, pos)?.0)
    }

    /// The value of `pos` and who must make the next loony move from it (always `Nobody`
    /// unless the solve stores [`Valuation::Loony`]).
    pub fn read(
        &self,
        store: &mut dyn TileStore,
        pos: Position,
    ) -> Result<(i32, NextLoony), RetroError> {
        Ok(self.layout.valuation().read(self.byte(store, pos, 0)?))
    }

    /// The value of `pos` and the score of each of its moves (`pos` must lie at least one
    /// layer inside the kept ones).
    pub fn analysis(
        &self,
        store: &mut dyn TileStore,
        pos: Position,
    ) -> Result<Analysis, RetroError> {
        let moves = self.flagged_moves(store, pos)?;
        let moves: Vec<MoveScore> = moves.into_iter().map(|(m, _)| m).collect();
        let value = match moves.iter().map(|m| m.score).max() {
            Some(best) => best,
            None => self.value(store, pos)?,
        };
        Ok(Analysis { value, moves })
    }

    /// [`Solve::analysis`] with who must make the next loony move after the position and
    /// after each move, from the side of its player to move (a [`Valuation::Loony`] solve).
    pub fn loony_analysis(
        &self,
        store: &mut dyn TileStore,
        pos: Position,
    ) -> Result<(Analysis, LoonyFlags), RetroError> {
        if self.layout.valuation() != Valuation::Loony {
            return Err(RetroError::NotLoony);
        }
        let moves = self.flagged_moves(store, pos)?;
        let best = moves
            .iter()
            .max_by_key(|(m, flag)| (m.score, flag.preference()));
        let (value, flag) = match best {
            Some(&(m, flag)) => (m.score, flag),
            None => self.read(store, pos)?,
        };
        let flags = LoonyFlags {
            value: flag,
            moves: moves.iter().map(|(m, flag)| (m.line, *flag)).collect(),
        };
        let moves = moves.into_iter().map(|(m, _)| m).collect();
        Ok((Analysis { value, moves }, flags))
    }

    /// Each move of `pos` with its score and who must then make the next loony move.
    fn flagged_moves(
        &self,
        store: &mut dyn TileStore,
        pos: Position,
    ) -> Result<Vec<(MoveScore, NextLoony)>, RetroError> {
        let board = self.layout.board();
        // A child past the kept layers: said of the position asked about, not of its child.
        let child_not_kept = |e| match e {
            RetroError::NotKept { lines, kept } => RetroError::ScoresNotKept {
                lines: lines - 1,
                kept,
            },
            e => e,
        };
        let mut moves = Vec::new();
        for line in board.open_lines(pos).lines() {
            let (boxes, child) = (board.boxes().completes(pos, line), pos.with(line));
            let (score, flag) = match (boxes, self.layout.valuation()) {
                // The pass plane holds the move's key, loony moves included.
                (0, Valuation::Loony) => {
                    loony_unkey(self.byte(store, child, 1).map_err(child_not_kept)?)
                }
                _ => {
                    // A box keeps the flag; plain scores carry none.
                    let (value, flag) = self.read(store, child).map_err(child_not_kept)?;
                    (move_score(boxes, value), flag)
                }
            };
            moves.push((MoveScore { line, score }, flag));
        }
        Ok(moves)
    }

    /// The byte of `pos` in plane `plane` of its tile.
    fn byte(
        &self,
        store: &mut dyn TileStore,
        pos: Position,
        plane: usize,
    ) -> Result<i8, RetroError> {
        self.layout.board().check(pos)?;
        let base = self.layout.base();
        if !pos.is_superset(base) {
            return Err(RetroError::OutsideSolve);
        }
        // Lines of the layout (units of a reduced position) drawn beyond the base.
        let (tile, offset) = self.layout.locate(pos)?;
        let lines = tile.lines();
        if lines > self.keep_lines {
            return Err(RetroError::NotKept {
                lines,
                kept: self.keep_lines,
            });
        }
        let data = self.tile(tile, store)?.ok_or(RetroError::NotSolved(tile))?;
        Ok(data[plane * self.layout.tile_len(tile) + offset])
    }

    /// The next tile this solve's steps compute: the first needed one from `next` on.
    fn pending_index(&self) -> Option<usize> {
        let needed = self.needed.as_ref()?;
        (self.next..self.schedule().order.len()).find(|&i| needed[i])
    }

    /// Makes room within the memory budget for computing `tile`: drops held tiles other than
    /// its parents, those read last first (`next_use`: when a held tile is next read, in the
    /// caller's order; `usize::MAX` for never), then the high indexes the step does not read,
    /// until its parents, its output and its indexes fit beside what stays. Tiles are in the
    /// store as soon as they are computed, so a dropped one is read again when needed.
    fn make_room(&mut self, tile: TileId, next_use: impl Fn(&Solve, TileId) -> usize) {
        let Some(budget) = self.memory else {
            return;
        };
        let parents = self.layout.parents(tile);
        let incoming = self.incoming_bytes(tile, &parents);
        if self.memory_in_use() + incoming <= budget {
            return;
        }
        let mut victims: Vec<(usize, TileId)> = self
            .cache
            .keys()
            .filter(|t| !parents.contains(t))
            .map(|&t| (next_use(self, t), t))
            .collect();
        victims.sort_unstable_by(|a, b| b.cmp(a));
        let mut in_use = self.memory_in_use() + incoming;
        for (_, t) in victims {
            if in_use <= budget {
                break;
            }
            if let Some(data) = self.cache.remove(&t) {
                in_use = in_use.saturating_sub(data.len() as u64);
            }
        }
        if in_use > budget {
            self.shed_indexes(tile);
        }
    }

    /// When the steps next read the held tile `t`, from `order[i]` on: the index of its first
    /// pending child in the order (`usize::MAX` for none).
    fn next_use(&self, t: TileId, i: usize) -> usize {
        let needed = self.needed.as_ref();
        self.layout
            .children(t)
            .iter()
            .filter_map(|c| self.schedule().index.get(c).copied())
            .filter(|&j| j >= i && needed.is_some_and(|n| n[j]))
            .min()
            .unwrap_or(usize::MAX)
    }

    /// Drops the high indexes that computing `tile` does not read, to be built again when a
    /// later step needs them: the indexes of two layers are kept for speed, and on 3x5 they
    /// reach 360 MB, which beside a large step's tiles took a solve a third over its budget.
    fn shed_indexes(&self, tile: TileId) {
        let step = self.layout.step_indexes(tile);
        self.layout.retain_indexes(|key| step.contains(&key));
    }

    /// Bytes that computing `tile` from `parents` adds to memory: the parents not held yet,
    /// the tile itself, and the high indexes of both not built yet.
    fn incoming_bytes(&self, tile: TileId, parents: &[TileId]) -> u64 {
        let bytes = |t: TileId| self.layout.tile_bytes(t) as u64;
        let missing = parents.iter().filter(|p| !self.cache.contains_key(p));
        let tiles = missing.map(|&p| bytes(p)).sum::<u64>() + bytes(tile);
        let unbuilt = self.layout.step_indexes(tile).into_iter();
        let unbuilt = unbuilt.filter(|&key| !self.layout.has_high_index(key));
        tiles
            + unbuilt
                .map(|key| self.layout.high_index_bytes(key))
                .sum::<u64>()
    }

    fn tile(&self, t: TileId, store: &mut dyn TileStore) -> Result<Option<TileData>, RetroError> {
        if let Some(d) = self.cache.get(&t) {
            return Ok(Some(d.clone()));
        }
        store.bind(&self.fingerprint)?;
        let data = store.load(t)?;
        match data {
            Some(d) if d.len() != self.layout.tile_bytes(t) => {
                Err(RetroError::Store(StoreError::Corrupt {
                    tile: t,
                    reason: format!(
                        "{} values stored, {} expected",
                        d.len(),
                        self.layout.tile_bytes(t)
                    ),
                }))
            }
            other => Ok(other),
        }
    }

    fn compute(&mut self, tile: TileId, store: &mut dyn TileStore) -> Result<TileData, RetroError> {
        let mut parents: [Option<TileData>; MAX_GROUPS] = Default::default();
        for (g, slot) in parents.iter_mut().enumerate().take(self.layout.groups()) {
            if u32::from(tile.count(g)) < self.layout.group_size(g) {
                let p = tile.up(g);
                let data = self.tile(p, store)?.ok_or(RetroError::NotSolved(p))?;
                self.cache.insert(p, data.clone());
                *slot = Some(data);
            }
        }
        let views: Parents<'_> = std::array::from_fn(|g| parents[g].as_ref().map(|d| &d[..]));
        Ok(Arc::new(compute_tile(&self.layout, tile, views)?))
    }

    /// Frees the parents of the tile just computed (`order[i]`) once every tile that reads
    /// them is done, so a layer's memory is released while the next one grows. Parents beyond
    /// the kept depth also leave the store.
    fn release_parents(&mut self, i: usize, store: &mut dyn TileStore) -> Result<(), RetroError> {
        let Some(needed) = &self.needed else {
            return Ok(());
        };
        // Steps run in order, so every needed tile up to `order[i]` is computed.
        let done = |t: TileId| {
            self.schedule()
                .index
                .get(&t)
                .is_none_or(|&j| j <= i || !needed[j])
        };
        let mut released = Vec::new();
        for p in self.layout.parents(self.schedule().order[i]) {
            if self.layout.children(p).into_iter().all(done) {
                released.push(p);
            }
        }
        for p in released {
            self.cache.remove(&p);
            if p.lines() > self.keep_lines {
                store.remove(p)?;
            }
        }
        Ok(())
    }

    /// Forgets tiles with at least `lines + 1` lines: nothing computed from now on reads them.
    /// Layers beyond the kept depth leave the store too.
    fn drop_layers_above(
        &mut self,
        lines: u32,
        store: &mut dyn TileStore,
    ) -> Result<(), RetroError> {
        self.cache.retain(|t, _| t.lines() <= lines);
        // Tiles of these layers and the next read the high indexes of at most `lines` lines.
        self.layout.retain_indexes(|key| key.lines() <= lines);
        while self.cleaned_from > lines + 1 {
            self.cleaned_from -= 1;
            let layer = self.cleaned_from;
            if layer > self.keep_lines {
                for &t in self.schedule().order.iter().filter(|t| t.lines() == layer) {
                    store.remove(t)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::MemoryStore;

    /// Stepping a solve one tile at a time: each task reads the layout's parents of its tile,
    /// all in the store when the task comes up, computes the tile it names, and the progress
    /// counts every tile once.
    #[test]
    fn each_task_comes_after_the_tiles_it_reads() {
        let board = Board::new(2, 3).unwrap();
        let mut solve = Solve::new(&board, board.start(), 17).unwrap();
        let mut store = MemoryStore::new();
        solve.plan(&mut store).unwrap();
        let total = solve.progress().tiles_total;
        assert_eq!(total, solve.layout().tiles().len());
        let mut done = 0;
        while let Some(task) = solve.next_task() {
            assert_eq!(task.needs, solve.layout().parents(task.tile));
            for &p in &task.needs {
                assert!(store.contains(p).unwrap(), "{p} before {}", task.tile);
            }
            assert!(!store.contains(task.tile).unwrap());
            let finished = solve.step(&mut store).unwrap();
            done += 1;
            assert!(store.contains(task.tile).unwrap());
            assert_eq!(finished, solve.next_task().is_none());
        }
        assert!(solve.is_finished());
        assert_eq!((done, solve.progress().tiles_done), (total, total));
    }

    /// A solve keeping two layers leaves exactly those in the store, answers inside them as
    /// a solve keeping everything does, and refuses deeper positions by name.
    #[test]
    fn only_the_kept_layers_stay_and_answer() {
        let board = Board::new(2, 2).unwrap();
        let mut stores = [MemoryStore::new(), MemoryStore::new()];
        let mut solves = [2, 12].map(|keep| Solve::new(&board, board.start(), keep).unwrap());
        for (solve, store) in solves.iter_mut().zip(&mut stores) {
            solve.run(store, &mut |_| {}).unwrap();
        }
        for tile in solves[0].layout().tiles() {
            let kept = stores[0].contains(tile).unwrap();
            assert_eq!(kept, tile.lines() <= 2, "{tile}");
        }
        let [shallow, full] = &solves;
        let [shallow_store, full_store] = &mut stores;
        let one = board.start().with(0);
        let two = one.with(5);
        for pos in [board.start(), one, two] {
            assert_eq!(
                shallow.value(shallow_store, pos).unwrap(),
                full.value(full_store, pos).unwrap()
            );
        }
        assert!(matches!(
            shallow.value(shallow_store, two.with(7)),
            Err(RetroError::NotKept { lines: 3, kept: 2 })
        ));
        // Move scores need the layer below: refused for the position, said of it.
        assert_eq!(
            shallow.value(shallow_store, two).unwrap(),
            full.value(full_store, two).unwrap()
        );
        let refused = shallow.analysis(shallow_store, two).unwrap_err();
        assert!(matches!(
            refused,
            RetroError::ScoresNotKept { lines: 2, kept: 2 }
        ));
        assert_eq!(
            refused.to_string(),
            "the position has 2 lines beyond the solved one; move scores are kept for positions \
             with at most 1"
        );
    }

    /// A store of one solve is refused by another, whose tiles may bear the same names and
    /// sizes (2x2's and 2x3's do): read as its own they gave wrong values, silently.
    #[test]
    fn a_solve_refuses_the_store_of_another() {
        let boards = [(2, 2), (2, 3), (3, 2), (1, 4)].map(|(r, c)| Board::new(r, c).unwrap());
        for first in &boards {
            for second in &boards {
                let mut store = MemoryStore::new();
                let mut solve = Solve::new(first, first.start(), 99).unwrap();
                solve.run(&mut store, &mut |_| {}).unwrap();
                let mut other = Solve::new(second, second.start(), 99).unwrap();
                let (a, b) = (first.name(), second.name());
                match (other.run(&mut store, &mut |_| {}), first == second) {
                    (Ok(()), true) => assert_eq!(other.progress().tiles_done, 0),
                    (Err(RetroError::Store(StoreError::Foreign { .. })), false) => {}
                    (result, _) => panic!("{a} then {b}: {result:?}"),
                }
                // Reading is refused too, not only solving.
                if first != second {
                    let read = other.value(&mut store, second.start());
                    assert!(matches!(
                        read,
                        Err(RetroError::Store(StoreError::Foreign { .. }))
                    ));
                }
            }
        }
    }
}
