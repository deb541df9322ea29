// What the page shows for its end-to-end tests (tests/e2e), in one place: the state flags on
// <body data-*> that no code of the page reads (the tests wait on them), and the handle to
// the session the tests read the game through. Keeping them here keeps the page's modules
// free of test-only globals, and tells the next engineer what a test relies on before it is
// renamed.
//
// <body> flags (set through `mark`):
//   data-ready        '1' once the page has started (app.js)
//   data-state        'thinking' | 'engine' | 'idle' | 'over': what the game waits for (app.js)
//   data-lines        the lines drawn beyond the board's start, as Game.lines (app.js)
//   data-solve        'running' | 'finished' | 'cancelled' | 'error': the whole-board solve
//                     (solving.js)
//   data-percent, data-threads
//                     the running solve's share done and its thread count (solving.js)
//   data-book         'cached' | 'fetched': how the board's opening book was opened (solving.js)
//   data-book-damaged '1' once a book chunk failed its check (solving.js)
//   data-book-bytes, data-book-requests, data-book-fetched, data-book-from-cache,
//   data-book-chunks  the open book's download counters (solving.js)
//   data-deep-search  'running' while the asked-for search runs (deep-search.js)
// window.dotboxApp (set through `exposeApp`): {state: the session (session.js), history(),
//   client: the worker client, gameHash()} (app.js); the page benchmark and curious users
//   in the console read it too, no module of the page does (they import the session).
//
// Attributes the tests read that belong to what a module draws (each set where it is drawn):
//   board.js      g.move[data-line, data-score, data-estimate, data-best] (also the page's
//                 own click and key handling read data-line)
//   analysis.js   the move list's li[data-ply, data-loss, data-estimated-loss], the graph's
//                 data-ply, data-margin, data-estimate, data-points, data-estimated-points,
//                 #best-line[data-lines, data-exact]
//   coach.js      #coach[data-key], #coach-move[data-line, data-best], g.move[data-next]
//   pseudo.js     data-chain (also styled by coach.css), #coach-pseudo[data-exact]
//   learn.js      #learn[data-ready, data-lesson, data-exercise, data-answered,
//                 data-lessons-done, data-exercises-right], buttons' data-lesson, data-done
//   puzzles.js    #puzzle[data-index, data-answered]
//   sw-register.js <html data-sw>: the service worker's registration

/** Sets the <body> flags named in `flags` (dataset names: `bookDamaged` for
 * data-book-damaged) to their values; a flag given as undefined is removed. */
export function mark(flags) {
  for (const [name, value] of Object.entries(flags)) {
    if (value === undefined) delete document.body.dataset[name];
    else document.body.dataset[name] = String(value);
  }
}

/** Gives the tests the handle to the session they read the game through. */
export function exposeApp(app) {
  window.dotboxApp = app;
}
