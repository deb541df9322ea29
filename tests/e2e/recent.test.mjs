// The page's caches (www/recent.js) keep only their most recently written entries, so a long
// visit holds a bounded amount of memory: a pure module, tested in Node without a page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Recent, RECENT } from '../../www/recent.js';

test('a cache keeps its most recently written entries and forgets the oldest past its limit', () => {
  const cache = new Recent(3);
  for (const key of ['a', 'b', 'c']) cache.set(key, key.toUpperCase());
  assert.deepEqual([...cache.keys()], ['a', 'b', 'c']);
  // Writing an entry again makes it the newest: 'b' goes next, not 'a'.
  cache.set('a', 'A2');
  cache.set('d', 'D');
  assert.deepEqual([...cache.entries()], [['c', 'C'], ['a', 'A2'], ['d', 'D']]);
  assert.equal(cache.get('b'), undefined);
  assert.equal(cache.size, 3);
  // It is a Map to every reader: has, get, delete, clear.
  assert.ok(cache instanceof Map && cache.has('d'));
  cache.clear();
  assert.equal(cache.size, 0);
});

test('the default limit holds many games of positions, and is a limit', () => {
  const cache = new Recent();
  assert.ok(RECENT >= 60 * 50, `${RECENT} entries: under fifty 5x5 games`);
  for (let i = 0; i < RECENT + 10; i++) cache.set(`position ${i}`, i);
  assert.equal(cache.size, RECENT);
  assert.equal(cache.get('position 9'), undefined);
  assert.equal(cache.get(`position ${RECENT + 9}`), RECENT + 9);
});
