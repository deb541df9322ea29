// Exact play past a book (or on boards too large to solve whole in the browser): once the
// answer policy names 'subgame' for a position (at most answerBudget().retroMaxOpen open
// lines, not given to the search first for few safe lines left), its subgame (the board
// with the position's lines pre-drawn) is solved in the worker by the retrograde solver, kept in IndexedDB like
// any solve, and every later position of the game that contains it is answered from those
// tiles. A game hands over once; a revisited position reads the stored tiles at once.
import { EVENT } from './protocol.js';
import { boardKey } from './position-key.js';
import { openDb, deleteSolve, noteSubgame, listSubgames } from './idb.js';

// Subgames kept open per board: the game's own, and one for a position stepped back to.
const KEEP = 2;
// Subgame solves kept in IndexedDB per board (about 1.5 MB each): the latest games' positions
// reopen at once; older ones are deleted so storage does not grow game after game.
const KEEP_STORED = 12;

// How a failure of IndexedDB under a solve reads (src/store: "tile store is full: the
// browser refused more storage", "tile store: cannot …: InvalidStateError …").
const STORAGE_FAILED = /tile store|IndexedDB|IDBDatabase|QuotaExceeded|InvalidStateError|UnknownError/;

const union = (a, b) => [a, b].filter(Boolean).join(',');
const linesOf = (text) => (text ? text.split(',').map(Number) : []);

export class Subgames {
  /** `wasm`: the module; `db`: the database name; `post`: progress events to the page. */
  constructor(wasm, db, post) {
    this.wasm = wasm;
    this.db = db;
    this.post = post;
    this.open = new Map(); // board key -> [{base: Set of lines, solver}], newest first
    this.unstored = new Set(); // board keys whose stored solve failed: solved in memory
  }

  /** The subgame held open for `board` (with `predrawn` lines) that contains the position
   * with `lines` drawn, if any. */
  holding(board, predrawn, lines) {
    const drawn = linesOf(lines);
    return (this.open.get(boardKey(board, predrawn)) ?? []).find((e) => [...e.base].every((l) => drawn.includes(l)));
  }

  /**
   * The exact analysis of the position with `lines` drawn on `board` (with `predrawn`
   * lines), from the subgame solve of a position it contains, solving one rooted at this
   * position first when none is held (with progress events `{op: EVENT.handoverProgress}`).
   */
  async analysis(board, predrawn, lines, yieldToMessages) {
    const key = boardKey(board, predrawn);
    const drawn = linesOf(lines);
    let entry = this.holding(board, predrawn, lines);
    if (!entry && this.unstored.has(key)) return this.inMemory(board, predrawn, lines);
    if (!entry) {
      const list = this.open.get(key) ?? [];
      let solver;
      try {
        solver = await this.solve(board, union(predrawn, lines), yieldToMessages);
      } catch (e) {
        // The solve lives in IndexedDB: where storage fails under it (the quota full, the
        // site's data cleared under the page) this position and the board's later ones are
        // solved in memory instead, each on its own: exact all the same, never unanswered.
        // Any other failure is the solver's, and said as it is.
        if (!STORAGE_FAILED.test(e?.message ?? '')) throw e;
        this.unstored.add(key);
        console.warn(`dotbox: the handover solve could not be kept (${e?.message ?? e}); solving each position in memory instead`);
        this.post({ op: EVENT.handoverProgress, percent: 100, seconds: 0, eta: 0, final: true });
        return this.inMemory(board, predrawn, lines);
      }
      entry = { base: new Set(drawn), solver };
      list.unshift(entry);
      for (const old of list.splice(KEEP)) old.solver.free();
      this.open.set(key, list);
      // Pruning is housekeeping: storage failing under it loses nothing of the answer.
      await this.prune(key, list.map((e) => e.solver.fingerprint)).catch((e) => console.warn(`dotbox: old handover solves not pruned (${e?.message ?? e})`));
    }
    const rest = drawn.filter((l) => !entry.base.has(l)).join(',');
    return { ...(await entry.solver.analysis(rest)), source: 'subgame', handoverAt: entry.base.size };
  }

  /** The position solved in memory, its subgame not kept (storage failed). */
  inMemory(board, predrawn, lines) {
    return { ...this.wasm.analyze(board, predrawn, lines), source: 'memory' };
  }

  /**
   * Notes the subgame in use and deletes all but the KEEP_STORED most recently used stored
   * subgame solves of the board `key` (`board|predrawn`; never those in `inUse`, never a
   * solve the user started).
   */
  async prune(key, inUse) {
    const db = await openDb(this.db);
    try {
      await noteSubgame(db, inUse[0], key);
      const old = (await listSubgames(db))
        .filter((s) => s.board === key && !inUse.includes(s.fingerprint))
        .sort((a, b) => b.used - a.used);
      for (const s of old.slice(Math.max(0, KEEP_STORED - inUse.length))) await deleteSolve(db, s.fingerprint);
    } finally {
      db.close();
    }
  }

  async solve(board, predrawn, yieldToMessages) {
    // The bar shows at once: opening the solve (planning its tiles, reading any stored ones)
    // and its first step take a while before the first measured share.
    this.post({ op: EVENT.handoverProgress, percent: 0, seconds: 0, eta: null });
    const solver = await this.wasm.Solver.open(this.db, board, predrawn);
    const start = performance.now();
    let last = 0;
    try {
      while (!solver.finished) {
        await solver.step();
        const now = performance.now();
        if (now - last > 150) {
          last = now;
          const p = solver.progress();
          const seconds = (now - start) / 1000;
          const share = p.positionsTotal ? p.positionsDone / p.positionsTotal : 1;
          this.post({ op: EVENT.handoverProgress, percent: 100 * share, seconds, eta: share > 0 ? (seconds / share) - seconds : null });
        }
        await yieldToMessages();
      }
    } catch (e) {
      solver.free();
      throw e;
    }
    this.post({ op: EVENT.handoverProgress, percent: 100, seconds: (performance.now() - start) / 1000, eta: 0, final: true });
    return solver;
  }
}
