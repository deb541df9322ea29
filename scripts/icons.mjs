// The app's icon, drawn at build time (scripts/dist.mjs) so no image is kept in the
// repository: a 2×2 Dots and Boxes board, three lines of one box drawn and the box beside it
// taken, white on the page's dark blue. PNG through node:zlib (deflate, CRC32).
import { crc32, deflateSync } from 'node:zlib';

const BACKGROUND = [0x1f, 0x3b, 0x57];
const INK = [0xff, 0xff, 0xff];
const TAKEN = [0xf2, 0xa5, 0x3a];

/**
 * The icon as PNG bytes, `size` pixels square. `maskable` keeps the drawing inside the
 * central circle of 80 % that launchers may crop to (the web app manifest's safe zone).
 */
export function iconPng(size, maskable) {
  const span = maskable ? 0.5 : 0.7; // the board's share of the icon
  const cell = (size * span) / 2;
  const origin = (size - 2 * cell) / 2;
  const dot = cell * 0.14;
  const stroke = cell * 0.09;
  const at = (i) => origin + i * cell;
  // Lines as [x0, y0, x1, y1] in dot coordinates: the top left box's top, left and right
  // sides, and the whole bottom right box (taken).
  const lines = [[0, 0, 1, 0], [0, 0, 0, 1], [1, 0, 1, 1], [1, 1, 2, 1], [1, 1, 1, 2], [2, 1, 2, 2], [1, 2, 2, 2]];
  const color = (x, y) => {
    for (let i = 0; i <= 2; i++) for (let j = 0; j <= 2; j++) if (Math.hypot(x - at(i), y - at(j)) <= dot) return INK;
    for (const [x0, y0, x1, y1] of lines) {
      if (x >= at(Math.min(x0, x1)) - stroke && x <= at(Math.max(x0, x1)) + stroke
        && y >= at(Math.min(y0, y1)) - stroke && y <= at(Math.max(y0, y1)) + stroke) return INK;
    }
    if (x > at(1) && x < at(2) && y > at(1) && y < at(2)) return TAKEN;
    return BACKGROUND;
  };
  // Four samples a pixel, averaged: smooth edges without a drawing library.
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + 3 * size); // filter byte 0: none
    for (let x = 0; x < size; x++) {
      const sum = [0, 0, 0];
      for (const [dx, dy] of [[0.25, 0.25], [0.75, 0.25], [0.25, 0.75], [0.75, 0.75]]) {
        color(x + dx, y + dy).forEach((v, k) => { sum[k] += v; });
      }
      sum.forEach((v, k) => { row[1 + 3 * x + k] = Math.round(v / 4); });
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
