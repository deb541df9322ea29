// The board as an image file, for a worksheet or a slide: the SVG on the page as it is shown
// (with the scores or without them, the chains shaded or not), standing alone. The page's
// style sheet does not travel with a file, so each shape carries the properties it is drawn
// with, read from the page (one style, the page's, not a copy of it); a PNG is that SVG drawn
// on a canvas at a size a printer or a projector keeps sharp.

/** The presentation properties an SVG shape of the board is drawn with. */
const PROPERTIES = [
  'fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-dasharray', 'stroke-linecap',
  'stroke-linejoin', 'stroke-opacity', 'opacity', 'paint-order', 'font-family', 'font-size',
  'font-style', 'font-weight', 'text-anchor', 'dominant-baseline', 'visibility', 'display',
];

/** Width of a PNG in pixels: 1,600 (about 13 cm at 300 dpi), whatever the board's size on screen. */
const PNG_WIDTH = 1600;

/** `svg` as a standalone SVG document: a white background, each shape's computed style
 * written on it; no hit areas, ids, classes, data or handlers. */
export function boardSvg(svg) {
  // The keyboard's cursor and a hint are the page's state, not the position (a hinted line
  // in the best moves' colour gives the answer away with Scores off): read without them.
  const marked = [...svg.querySelectorAll('g.move.cursor, g.move.hinted')]
    .map((g) => [g, ['cursor', 'hinted'].filter((c) => g.classList.contains(c))]);
  for (const [g, names] of marked) g.classList.remove(...names);
  try {
    return standalone(svg);
  } finally {
    for (const [g, names] of marked) g.classList.add(...names);
  }
}

/** `svg` as it is styled now, standing alone (boardSvg). */
function standalone(svg) {
  const copy = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const style = getComputedStyle(el);
    const out = to[i];
    out.setAttribute('style', PROPERTIES.map((p) => `${p}:${style.getPropertyValue(p)}`).join(';'));
    // Nothing but the drawing: the page's data (data-score, data-best: the answer a picture
    // with Scores off leaves out), ids, classes and what a screen reader reads of the page.
    for (const a of [...out.getAttributeNames()]) if (/^(id|class|tabindex|role|aria-.*|data-.*)$/.test(a)) out.removeAttribute(a);
  });
  // The wide transparent strokes that take clicks are nothing to see.
  for (const [i, el] of from.entries()) if (el.classList?.contains('hit')) to[i].remove();
  const [x, y, w, h] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  Object.entries({ x, y, width: w, height: h, fill: 'white' }).forEach(([k, v]) => bg.setAttribute(k, v));
  copy.prepend(bg);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(PNG_WIDTH / 2));
  copy.setAttribute('height', String(Math.round((PNG_WIDTH / 2) * (h / w))));
  copy.removeAttribute('style');
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`;
}

/** The board `svg` as a PNG blob, PNG_WIDTH pixels wide. */
export async function boardPng(svg) {
  const text = boardSvg(svg);
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const [, , w, h] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
    const canvas = document.createElement('canvas');
    canvas.width = PNG_WIDTH;
    canvas.height = Math.round(PNG_WIDTH * (h / w));
    canvas.getContext('2d').drawImage(img, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('the browser could not draw the image'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Offers `blob` as a download named `name`. */
export function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  Object.assign(a, { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
