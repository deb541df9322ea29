// How the page keys a board and a position, in one place for the page and its workers: the
// worker's open solvers, books and handover subgames (and the subgames' IndexedDB records)
// are keyed by board, the page's remembered analyses and estimates by position, so both
// sides must build the same string.

/** A board with its pre-drawn lines: `board|predrawn` (no pre-drawn lines: `board|`). */
export const boardKey = (board, predrawn) => `${board}|${predrawn ?? ''}`;

/** A position: its board key and the lines drawn beyond the board's start, as Game.lines
 * gives them (ascending): `board|predrawn|lines`. */
export const positionKey = (board, predrawn, lines) => `${boardKey(board, predrawn)}|${lines ?? ''}`;
