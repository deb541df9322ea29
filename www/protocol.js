// The solving worker's protocol (worker.js answers, client.js asks): the operation names, the
// events the worker posts while it works and the error codes a refusal carries. Both sides
// import these names, so a message one side posts is one the other side reads.
//
// The page posts {id, op, ..., quiet?}; the worker answers {id, ok: true, result} or
// {id, ok: false, error, code}, and while working posts events {op: EVENT.x, ...} without id.
// `quiet` marks the page's background work (the move list, the best line, the coach,
// thinking on the person's time): the worker marks its progress events `quiet` too, and the
// page's bar, which belongs to the game's own reply, does not show them.
//   analyze {board, predrawn, lines}  -> {value, moves: [{line, score}], source}: exact only,
//                                        by the method the answer policy names
//                                        (wasm.answerMethod; refused with ERROR.tooBig where
//                                        it names the estimate or the search runs out of time)
//                                        (but for the unproven lines of 'pseudo'); source
//                                        'book', 'memory', 'subgame' (the handover solve),
//                                        'pseudo' (chains as pseudo-lines, with reduction
//                                        {units, open, valueExact, chains} and the unproven
//                                        lines), 'search' or 'solve'. Refused with
//                                        ERROR.unsolved where the board must be solved whole
//                                        first (or is being solved), ERROR.damaged where a
//                                        damaged stored tile was dropped (solve again).
//                                        Events: EVENT.bookProgress and EVENT.bookFigures (a
//                                        book answer), EVENT.bookDamaged {message} (a damaged
//                                        book chunk: answered as without the book),
//                                        EVENT.bookUnreachable {message} (a chunk that
//                                        cannot be downloaded, offline: the same),
//                                        EVENT.handoverProgress (the handover solve),
//                                        EVENT.pseudoProgress, EVENT.searchProgress
//   status  {board, predrawn}         -> {open, direct, solved, tooBig, solving, keep, progress}
//   solve   {board, predrawn, checkpoint}
//                                     -> {finished: true} | {cancelled: true}: tiles written
//                                        every `checkpoint` seconds (default Solver's, 0: after
//                                        every step); posts EVENT.progress {key, ...} (or
//                                        {key, waiting: true, message} while another tab
//                                        solves the board)
//   cancel  {}                        -> (no answer) stops the running solve after its
//                                        current step
//   storage {}                        -> {solves: [..], books: [..], usage, quota}
//   delete  {fingerprint} | {book}    -> deletes one stored solve or one cached book
//   book    {url, parts, board, predrawn}
//                                     -> opens a book lazily (its index; chunks come as
//                                        positions need them, by range request, verified,
//                                        cached; from the part files books/index.json lists
//                                        where it is split): {board, depth, checksum, cached,
//                                        figures}; posts EVENT.bookProgress
//   estimate {board, predrawn, lines, seconds?, seed?, nodes?, stop?}
//                                     -> {value, moves: [{line, score, exact}], best, depth,
//                                        nodes, threads, exact, valueExact, source: 'estimate',
//                                        seconds, open, exactAt, stopped}:
//                                        the engine's estimates where no exact answer is in
//                                        reach; `exact` true only where the engine solved the
//                                        position (every score exact, whole numbers); posts
//                                        EVENT.estimateProgress {depth, nodes, seconds} while
//                                        it runs, then {final: true}; with `stop` (Int32Array
//                                        on a SharedArrayBuffer) none, and it ends early,
//                                        `stopped`, once stop[0] is set
//   search  {board, predrawn, lines}  -> {value, moves: [{line, score}], nodes, source:
//                                        'search'}: the exact search within the policy's
//                                        searchSeconds and searchMaxNodes, whatever method
//                                        the policy names there (the move list asks it where
//                                        chains as pseudo-lines left a score unproven);
//                                        refused with ERROR.tooBig past them; posts
//                                        EVENT.searchProgress
//   bestMove {board, predrawn, lines} -> {line, score, exact, value}: the best line's move
//                                        from the position (best move, lowest line first
//                                        among equals); where no exact answer is in reach the
//                                        engine's move with its estimated score, exact false
//                                        (and the value estimated); the page builds the line
//                                        move by move (analysis.js)
//   loony   {board, predrawn, lines}  -> {value, next, moves: [{line, score, next}]}: who must
//                                        make the next loony move ('v' the player to move, '^'
//                                        the opponent, '' nobody), up to wasm.loonyOpen() lines
//
// Events (no id):
//   progress          {key, percent, rate, eta, tilesDone, tilesTotal, ...}: a whole-board solve
//   search-progress   {nodes, done, total, seconds} | {final: true}: the few-second search
//   estimate-progress {depth, nodes, seconds} | {final: true}: the engine's estimate
//   book-progress     {url, done, total}: a book's bytes downloading
//   book-figures      {figures}: a book's download counters after an answer
//   book-damaged      {message, book}: book chunks failed their checks and are not used
//                     (the message names all so far; `book` is the board's key)
//   book-unreachable  {message, book}: a book chunk could not be downloaded (offline)
//   pseudo-progress   {percent, seconds, eta, units} | {final: true}: chains as pseudo-lines
//   handover-progress {percent, seconds, eta} | {..., final: true}: the handover solve
//     (subgames.js)

/** The operations the page asks of the solving worker. */
export const OP = Object.freeze({
  analyze: 'analyze',
  status: 'status',
  solve: 'solve',
  cancel: 'cancel',
  storage: 'storage',
  delete: 'delete',
  book: 'book',
  estimate: 'estimate',
  search: 'search',
  bestMove: 'bestMove',
  loony: 'loony',
});

/** The events the solving worker posts while it works (the `op` of a message without id). */
export const EVENT = Object.freeze({
  progress: 'progress',
  searchProgress: 'search-progress',
  estimateProgress: 'estimate-progress',
  bookProgress: 'book-progress',
  bookFigures: 'book-figures',
  bookDamaged: 'book-damaged',
  bookUnreachable: 'book-unreachable',
  pseudoProgress: 'pseudo-progress',
  handoverProgress: 'handover-progress',
});

/** The codes a refused operation carries (the `code` of the Error client.js rejects with). */
export const ERROR = Object.freeze({
  /** Past every exact method the page runs on its own: ask `estimate` instead. */
  tooBig: 'too-big',
  /** The board must be solved whole first, or is being solved now. */
  unsolved: 'unsolved',
  /** A damaged stored tile was found and dropped: the board must be solved again (resuming). */
  damaged: 'damaged',
  /** A book chunk failed its check (inside the worker: books.js to worker.js). */
  bookDamaged: 'book-damaged',
  /** A book chunk could not be downloaded (offline; inside the worker too). */
  bookUnreachable: 'book-unreachable',
});

// The asked-for search's own worker (search-worker.js, deep-search.js): the page posts
// {board, predrawn, lines, seconds, tableMib}; the worker posts
// {op: SEARCH_EVENT.progress, nodes, done, total} every million nodes, then
// {ok: true, result: {value, moves, nodes, ttHits, source: 'search'}} | {ok: false, error}.

/** The events of the asked-for search's worker. */
export const SEARCH_EVENT = Object.freeze({
  progress: 'progress',
});
