// The page's caches of analyses, estimates and judgements, one entry a position: a Map that
// keeps only the most recently written entries, so that a long visit (game after game on
// 5x5, each position a few KB) holds a bounded amount of memory instead of growing for as
// long as the tab is open.

/** Entries a cache keeps: the positions of some eighty 5x5 games with their move lists. */
export const RECENT = 5000;

/** A Map keeping its `limit` most recently written entries (writing an entry again makes it
 * the newest); reading does not count, so a position shown long ago may be asked again. */
export class Recent extends Map {
  constructor(limit = RECENT) {
    super();
    this.limit = limit;
  }

  set(key, value) {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.limit) super.delete(this.keys().next().value);
    return this;
  }
}
