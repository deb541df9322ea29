// The coach panel: the position in chain-theory terms beside the board (components coloured by
// kind on the SVG, in plain sentences who is to move, how many long chains and who has
// control, loony moves marked, who must make the next loony move as v/^ after each score;
// the exact detail one click away) and, for the move just played, why it is good or how much
// it loses, from the exact scores.
//
// It follows the game through the session (session.js: it is told after every render); the
// exact scores come from the page's shared cache (analyses.js), so the move just played is
// judged against the position it was played in. Lines and boxes are named by their labels
// (a1b1; a box by its lower left and upper right dots), as the board's coordinates show
// them, and the players by their letters.
import { OP } from './protocol.js';
import { chainsReport, explainMove, loonyOpen } from './pkg/dotbox.js';
import { session, client, wasmReady, onRender } from './session.js';
import { analysisOf, estimated, exactly, onEstimate, onMadeExact } from './analyses.js';
import { proven } from './proven.js';
import { boardKey, positionKey } from './position-key.js';
import { onShortcut } from './keys.js';
import { kindClass, shadeComponents } from './shading.js';
import { $, PLAYER, boxes, fmt, fmtEstimate, plural } from './ui.js';
import { Recent } from './recent.js';

const coach = {
  key: null, // positionKey of the report shown
  board: null, // boardKey of the report shown (its judged moves belong to this board)
  report: null,
  explained: null, // key of the position whose last move is explained
  judged: new Recent(), // moves played ("l1,l2,..") -> the judgement of the last of them
  overlay: true,
  loony: null, // {key, flags}: the next-loony flags of the position shown, from the worker
  // {explained, before, text()}: the verdict on a move no exact score judges, shown without
  // an estimate, waiting for the engine's estimate of the position before it (positionKey
  // `before`): text() is the verdict with it
  waiting: null,
  // {explained, before}: the move no exact score judged, until the move list's search of
  // the position before it (positionKey `before`) finds one: then it is judged again
  unjudged: null,
};

const keyOf = (g, lines) => positionKey(g.board, g.predrawn, lines);

const loonyAsked = new Recent(); // positionKey -> the worker's loony analysis of it (a promise)

/** The worker's loony analysis of the position with `lines` drawn on `g`'s board, asked once
 * a position: the panel's flags of the position shown and the verdict on the move played from
 * it next read the same answer. */
function loonyOf(g, lines) {
  const key = keyOf(g, lines);
  if (!loonyAsked.has(key)) {
    const asked = client.call(OP.loony, { board: g.board, predrawn: g.predrawn, lines });
    // A failure is not kept: the position is asked again next time.
    asked.catch(() => loonyAsked.delete(key));
    loonyAsked.set(key, asked);
  }
  return loonyAsked.get(key);
}

// ---- Board overlay ---------------------------------------------------------------------

/** What the overlay adds to a line's name: who must make the next loony move after it, and
 * whether it is loony itself (taken off before the overlay is drawn again). */
const SPOKEN_OVERLAY = /, then [AB] must make the next loony move|, loony move/g;

/** Whether the board shows the chains: asked for (C), and the scores on (off, the position is
 * a question, and which moves are loony is part of its answer). */
const overlaid = () => coach.overlay && session.showScores;

function drawOverlay() {
  const svg = $('svg');
  svg.querySelectorAll('.coach').forEach((n) => n.remove());
  svg.querySelectorAll('g.move.loony').forEach((n) => n.classList.remove('loony'));
  for (const g of svg.querySelectorAll('g.move[aria-label]')) g.setAttribute('aria-label', g.getAttribute('aria-label').replace(SPOKEN_OVERLAY, ''));
  const loony = new Set(overlaid() && coach.report ? coach.report.loonyMoves.map((m) => m.line) : []);
  drawSuffixes(svg, loony);
  if (!overlaid() || !coach.report) return;
  shadeComponents(svg, coach.report.components);
  for (const line of loony) {
    const g = svg.querySelector(`g.move[data-line="${line}"]`);
    if (!g) continue;
    g.classList.add('loony');
    g.setAttribute('aria-label', `${g.getAttribute('aria-label') ?? ''}, loony move`);
  }
}

/** Suffixes every shown score with who must make the next loony move from that line on (the
 * line itself where it is loony), as `dotbox analyze --loony` prints them (v: the player to
 * move, ^: the opponent), and says it in the line's name, which a screen reader reads (but
 * not for a `loony` line: it is that move, and its name says so). */
function drawSuffixes(svg, loony) {
  const flags = overlaid() && coach.loony?.key === coach.key ? coach.loony.flags : null;
  const next = new Map((flags?.moves ?? []).map((m) => [m.line, m.next]));
  const turn = session.game?.turn ?? 0;
  for (const g of svg.querySelectorAll('g.move')) {
    const line = Number(g.dataset.line);
    const suffix = next.get(line) ?? '';
    const text = g.querySelector('text.score');
    if (text) text.textContent = text.textContent.replace(/[v^]$/, '') + suffix;
    if (flags) g.dataset.next = suffix;
    else delete g.dataset.next;
    if (suffix && !loony.has(line) && g.hasAttribute('aria-label')) {
      const who = PLAYER[suffix === 'v' ? turn : 1 - turn];
      g.setAttribute('aria-label', `${g.getAttribute('aria-label')}, then ${who} must make the next loony move`);
    }
  }
}

// ---- Panel -----------------------------------------------------------------------------
//
// Plain sentences first (who is to move, how many long chains and loops, who has control,
// which moves are loony); the exact detail (the rule's count, the moves that change it, the
// nimstring value, each component's lines, the replies to loony moves) is one click away in
// #coach-details. No list shows more than MAX_LABELS labels.

/** Most labels a list shows; the rest are counted. */
const MAX_LABELS = 6;

/** Loony moves whose replies the details spell out. */
const MAX_REPLIES = 3;

/** Up to MAX_LABELS line labels, then how many more: `a1b1, b1c1 and 12 more`. */
function shortList(g, lines) {
  const shown = lines.slice(0, MAX_LABELS).map((l) => g.label(l)).join(', ');
  return lines.length > MAX_LABELS ? `${shown} and ${lines.length - MAX_LABELS} more` : shown;
}

/** What a component's own description does not say about its kind. */
const KIND_NOTE = {
  capturable: ' (can be taken now)',
  unsettled: ' (not settled into chains yet)',
};

/** "no loops", "one loop", "2 loops". */
const count = (n, word) => (n === 0 ? `no ${word}s` : n === 1 ? `one ${word}` : plural(n, word));

/** Who has control, in a plain sentence: the library's verdict (`report.verdict`), exact by
 * nimstring when the regions are small enough, else the long chain rule's (an estimate, said so). */
function whoControls(report, mover, other) {
  const { kind, moverWins } = report.verdict;
  if (nothingToKeep(report)) {
    // Declining an offer keeps control of nothing: taking them all is a best reply.
    return report.components.every((k) => k.kind === 'capturable')
      ? `${other} just offered the last boxes: ${mover} takes them all, as nothing is left to keep control for.`
      : `${other} just offered ${boxes(offered(report))}: ${mover} takes them all, as no long chain or loop is left to keep control for.`;
  }
  if (onlyShortChains(report)) {
    return 'Only short chains are left: no long chain or loop for control to win.';
  }
  if (kind === 'exact' && report.nimstring === 'loony') {
    return `${mover} has control: ${other} just made a loony move, and ${mover} may take the boxes offered or decline the last of them.`;
  }
  if (kind === 'exact') {
    return moverWins
      ? `${mover} can take control with the right move.`
      : `${other} has control: ${mover} cannot win it against best play, and will have to open the next long chain or loop, or take the last box.`;
  }
  // The rule's verdict, said to be the rule's: it does not see junctions, and was wrong in
  // 47 of 246 random 3x3 positions where nimstring decides.
  const estimate = ' (the rule is an estimate: the regions are too large to work the exact answer out on every move)';
  if (moverWins === true) return `By the long chain rule ${mover} has control${estimate}.`;
  if (moverWins === false) return `By the long chain rule ${other} has control${estimate}: ${mover} needs to change the number of long chains.`;
  return 'No long chain yet: the long chain rule does not say who has control, and the regions are too large to work the exact answer out on every move.';
}

/** Boxes offered to the player to move by the opponent's loony move (0: none standing). */
const offered = (report) => report.standing.reduce((n, o) => n + o.boxes, 0);

/** Whether an offer stands with nothing left to keep control for, so it is taken whole. */
const nothingToKeep = (report) => report.standing.length > 0 && report.verdict.kind === 'notAtStake';

/** Whether only short chains are left (and boxes to take), no offer standing: control
 * decides nothing. */
const onlyShortChains = (report) => !report.standing.length && report.verdict.kind === 'notAtStake';

/** The plain summary: who is to move, the long chains and loops, who has control. */
function describeControl(report, g) {
  const mover = PLAYER[g.turn];
  const other = PLAYER[1 - g.turn];
  const c = report.control;
  // The rule counts an offer as a long chain while it can be declined; in plain words the
  // boxes offered are named apart (two of them are no long chain).
  const long = report.components.filter((k) => k.kind !== 'capturable' && k.long).length;
  const pieces = `${count(long, 'long chain')} and ${count(c.loops, 'loop')}`;
  const given = offered(report);
  const there = given ? `Besides the ${boxes(given)} offered, there` : 'There';
  // The verb agrees with the nearer noun: "There is one long chain and no loops", "There are
  // no long chains and one loop".
  return `${mover} is to move. ${there} ${long === 1 ? 'is' : 'are'} ${pieces}. ${whoControls(report, mover, other)}`;
}

/** The exact detail: the rule's count and verdict, the moves changing it, the nimstring value. */
function describeRule(report, g) {
  const mover = PLAYER[g.turn];
  const other = PLAYER[1 - g.turn];
  const c = report.control;
  if (nothingToKeep(report)) {
    return `Rule count ${c.dots} (open lines − boxes left + 1): the ${boxes(offered(report))} offered count as a long chain only while they can be declined, and no long chain or loop is left beside them: ${mover} (to move) takes them all.`;
  }
  let who;
  if (c.moverHasParity === true) who = `${mover} (to move) has control by the long chain rule`;
  else if (c.moverHasParity === false) who = `${other} has control by the long chain rule: ${mover} (to move) needs to change the count`;
  else if (c.loops > 0 && report.components.every((k) => k.kind === 'loop')) who = `only loops are left: ${mover} (to move) must open one`;
  else if (onlyShortChains(report)) who = 'only short chains are left: no long chain or loop to count';
  else who = 'no long chain to count yet, so the rule says nothing of control';
  // A loony move changes the count too (an offer counts as a long chain while it can be
  // declined), but by handing boxes over: listed after "needs to change the count" it read as
  // advice, while such moves lost 4 boxes against the best ones (teacher audit).
  const loony = new Set(report.loonyMoves.map((m) => m.line));
  const changing = report.parityMoves.filter((line) => !loony.has(line));
  const offering = report.parityMoves.filter((line) => loony.has(line));
  const parity = changing.length
    ? ` Moves that change the count: ${shortList(g, changing)}${offering.length ? ' (and loony moves, which offer boxes)' : ''}.`
    : offering.length
      ? ` Only loony moves change the count, each offering boxes for the other player to take or decline: ${shortList(g, offering)}.`
      : '';
  // The rule is an estimate; nimstring (when the regions are small enough) is exact.
  const nim = report.nimstring == null
    ? ' The regions are too large to work the exact (nimstring) value out on every move.'
    : ` Exactly (nimstring value ${report.nimstring}): ${report.nimstring === '*0' ? `${mover} cannot win control against best play` : `${mover} can win control`}.`;
  // The rule's count is open lines − boxes left + 1: the dots of an empty board, not of this one.
  return `${plural(c.longChains, 'long chain')}, ${plural(c.loops, 'loop')}, rule count ${c.dots} (open lines − boxes left + 1): ${who}.${parity}${nim}`;
}

/** A list item with the swatch of a component's kind. */
function componentItem(c, text) {
  const li = document.createElement('li');
  const swatch = document.createElement('span');
  swatch.className = `swatch ${kindClass(c)}`;
  swatch.setAttribute('aria-hidden', 'true');
  li.append(swatch, text);
  return li;
}

function renderPanel() {
  const r = coach.report;
  const g = session.game;
  if (!r) return;
  $('coach-control').textContent = g.isOver() ? 'The game is over.' : describeControl(r, g);
  $('coach-rule').textContent = g.isOver() ? '' : describeRule(r, g);
  const list = $('coach-components');
  const lines = $('coach-lines');
  list.replaceChildren();
  lines.replaceChildren();
  for (const c of r.components) {
    list.append(componentItem(c, `${c.text}${KIND_NOTE[c.kind] ?? ''}`));
    // A junction box alone has no lines of its own: each of its open sides ends a chain.
    const own = c.lines.length ? `: line${c.lines.length === 1 ? '' : 's'} ${shortList(g, c.lines)}` : ': no lines of its own (each side ends a chain)';
    lines.append(componentItem(c, `${c.text}${own}`));
  }
  if (!r.components.length) list.append(Object.assign(document.createElement('li'), { textContent: 'Every box is taken.' }));
  // The decline's last line is the double-dealing one, named apart (as dotbox chains does).
  const decline = (o) => {
    const taken = o.decline.slice(0, -1);
    return `${taken.length ? `${shortList(g, taken)} then ` : ''}double-deal with ${g.label(o.decline.at(-1))}`;
  };
  const takeAll = (o) => `take all with ${shortList(g, o.takeAll)}`;
  const reply = (o) => `${takeAll(o)}, or all but ${o.left}: ${decline(o)}`;
  const loony = r.loonyMoves.map((m) => m.line);
  $('coach-loony').textContent = loony.length
    ? `${loony.length === 1 ? 'One move is' : `${loony.length} moves are`} loony (violet on the board): ${shortList(g, loony)}. A loony move offers boxes the opponent can take, or decline and keep control.`
    : 'No loony moves here.';
  // With an offer standing every move leaving it is loony: the replies are those below. The
  // replies to the first few only: on a large board they would fill the screen.
  const answered = r.loonyMoves.filter((m) => m.offers[0]);
  const more = answered.length > MAX_REPLIES ? `; replies to the other ${answered.length - MAX_REPLIES} loony moves are not listed` : '';
  $('coach-replies').textContent = r.standing.length || !answered.length
    ? ''
    : `Replies: ${answered.slice(0, MAX_REPLIES).map((m) => `after ${g.label(m.line)}, ${reply(m.offers[0])}`).join('; ')}${more}.`;
  // With nothing left to keep control for, taking them all is the reply (declining gains
  // nothing): the decline is not offered.
  const whole = nothingToKeep(r);
  const standing = r.standing.map((o) => `${o.boxes} boxes: ${whole ? takeAll(o) : reply(o)}`);
  $('coach-standing').textContent = standing.length ? `Offered to ${PLAYER[g.turn]}: ${standing.join('; ')}.` : '';
  $('coach-standing').hidden = !standing.length;
}

/** Who must make the next loony move, in words, with what the suffixes on the board mean. */
function describeNextLoony(flags, turn) {
  const mover = PLAYER[turn];
  const other = PLAYER[1 - turn];
  const who = { v: `${mover} (to move) must make it`, '^': `${other} must make it`, '': 'nobody has to make one' }[flags.next];
  // The marks' legend only where the board shows them (chains on the board, C).
  const legend = coach.overlay ? ` After a score on the board, v means ${mover} must make the next loony move from that line on (the line itself, where it is a loony move), ^ that ${other} must, no mark that nobody has to.` : '';
  return `Next loony move under perfect play: ${who}.${legend}`;
}

/** Asks the worker for the next-loony flags of the position shown (key). */
async function requestFlags(g, lines, key) {
  const out = $('coach-next-loony');
  out.textContent = '';
  if (g.isOver()) return;
  const open = g.open;
  if (open > loonyOpen()) {
    out.textContent = `Who must make the next loony move (v/^ after each score) is shown once at most ${loonyOpen()} lines are open (${open} now).`;
    return;
  }
  let flags;
  try {
    flags = await loonyOf(g, lines);
  } catch (e) {
    if (coach.key === key && session.game === g) out.textContent = `Next-loony flags (v/^): ${e.message}.`;
    return;
  }
  // Another position, or a new game (which freed `g`), came meanwhile.
  if (coach.key !== key || session.game !== g) return;
  coach.loony = { key, flags };
  out.textContent = describeNextLoony(flags, g.turn);
  drawOverlay();
}

// ---- The move just played --------------------------------------------------------------

/** What names a verdict shown on the moves `seq` (a string) of the board judged: another
 * board's verdict on the same moves is not this one. */
const shownAs = (seq) => `${coach.board} ${seq}`;

/** A judged move as a paragraph: who drew it, its score against the best, and why; `seq`,
 * the moves up to it, names it (setVerdicts keeps it in place). */
function judgement(j, seq) {
  const p = document.createElement('p');
  const head = document.createElement('strong');
  head.textContent = `${PLAYER[j.player]} drew ${j.label} (score ${fmt(j.score)}, best ${fmt(j.value)}): `;
  p.append(head, j.text);
  p.className = j.best ? 'good' : 'bad';
  p.dataset.seq = shownAs(seq);
  return p;
}

/**
 * Shows `nodes` (paragraphs, or a text) in the verdict's live region, above the judgement of
 * the moves `keep` where it is shown already: that one stays in place, as the move before,
 * since a node removed and added again is read out again (each verdict was heard twice).
 * `busy` while a move is being judged: its "Judging …" is not read, the verdict is.
 */
function setVerdicts(nodes, keep = null, busy = false) {
  const out = $('coach-move');
  const kept = keep === null ? null : Array.from(out.children).find((c) => c.dataset.seq === shownAs(keep)) ?? null;
  for (const c of Array.from(out.childNodes)) if (c !== kept) c.remove();
  for (const n of nodes) out.insertBefore(typeof n === 'string' ? document.createTextNode(n) : n, kept);
  kept?.classList.add('previous');
  out.setAttribute('aria-busy', String(busy));
}

/** Shows the judgement of the last move and, below it, of the move before (so a move
 * answered at once by the engine stays readable). */
function showJudged(moves) {
  const out = $('coach-move');
  const seq = moves.join(',');
  const last = coach.judged.get(seq);
  if (!last) return setVerdicts([]);
  out.dataset.line = String(last.line);
  out.dataset.best = last.best ? '1' : '0';
  const before = moves.slice(0, -1).join(',');
  const previous = coach.judged.get(before);
  const shown = Array.from(out.children).some((c) => c.dataset.seq === shownAs(before));
  if (!previous || shown) return setVerdicts([judgement(last, seq)], previous ? before : null);
  const p = judgement(previous, before);
  p.classList.add('previous');
  setVerdicts([judgement(last, seq), p]);
}

/** What the engine's estimate of the position with `before` drawn says of `line`, as a
 * sentence marked as an estimate, or as exact where the engine's search proved the move's
 * score (the move it plays, and the value with it: then the move is a best one), or '' where
 * the page has no estimate of it. */
function estimateSays(g, before, line) {
  const key = positionKey(g.board, g.predrawn, before);
  const e = estimated(key);
  const move = e?.moves.find((m) => m.line === line);
  if (!move) return '';
  const known = exactly(key);
  const proved = known?.moves.find((m) => m.line === line);
  if (proved) {
    const loss = known.value - proved.score;
    return loss === 0 ? ` The engine's search proved it a best move there (score ${fmt(proved.score)}, exact).`
      : ` The engine's search proved it loses ${boxes(loss)} there (score ${fmt(proved.score)} against ${fmt(known.value)}, exact).`;
  }
  const score = fmt(Math.round(move.score));
  if (move.exact) return ` The engine's search proved its score there, ${score} (exact), but not which move is best.`;
  if (e.best === line) return ` By the engine's estimate (not exact), it is the move the estimate prefers there (${fmtEstimate(move.score)}).`;
  const best = e.moves.find((m) => m.line === e.best);
  // The estimate's preferred move, not necessarily the one the engine played there: the
  // estimate may have been made again since, in another time.
  return ` By the engine's estimate (not exact), it scores ${fmtEstimate(move.score)}, against ${fmtEstimate(best.score)} for the move the estimate prefers there, ${g.label(e.best)}.`;
}

/** `analysis` (exact) of the position `before` the last move, each move with who makes the
 * next loony move with best play after it (`next`, from the worker's loony analysis) where
 * the page computes that (at most loonyOpen() open lines): the verdict then says it beside
 * what nimstring control can force, as the Learn course and the puzzles do. Elsewhere, or if
 * the worker refuses, `analysis` as it is: the verdict speaks of nimstring control alone. */
async function withNextLoony(g, before, analysis) {
  if (g.open + 1 > loonyOpen()) return analysis;
  try {
    const flags = await loonyOf(g, before);
    const next = new Map(flags.moves.map((m) => [m.line, m.next]));
    return { ...analysis, moves: analysis.moves.map((m) => ({ ...m, next: next.get(m.line) })) };
  } catch {
    return analysis;
  }
}

async function explainLast(g, key) {
  const out = $('coach-move');
  coach.waiting = null;
  coach.unjudged = null;
  const moves = Array.from(g.moves);
  delete out.dataset.line;
  if (!moves.length) {
    setVerdicts(['Play a move and the coach says why it is good or what it costs.']);
    return;
  }
  const sequence = moves.join(',');
  if (coach.judged.has(sequence)) return showJudged(moves);
  const line = moves.at(-1);
  const player = g.lastMove().player;
  const before = g.lines.split(',').filter((l) => l !== '' && Number(l) !== line).join(',');
  const label = g.label(line);
  let analysis;
  // The verdict on the move before stays where it is, below.
  setVerdicts([`Judging ${label}…`], moves.slice(0, -1).join(','), true);
  try {
    analysis = await analysisOf(client, g.board, g.predrawn, before, true);
  } catch (e) {
    if (coach.explained !== key || session.game !== g) return;
    const text = `${label}: no exact analysis of the position before it. ${e.message.replace(/\.?$/, '.')}`;
    const says = estimateSays(g, before, line);
    setVerdicts([`${text}${says}`]);
    coach.unjudged = { explained: key, before: keyOf(g, before) };
    // The move list estimates the position before soon after (analysis.js): the verdict
    // adds the estimate then.
    if (!says) coach.waiting = { explained: key, before: keyOf(g, before), text: () => `${text}${estimateSays(g, before, line)}` };
    return;
  }
  // Another position, or a new game (which freed `g`), came meanwhile.
  if (coach.explained !== key || session.game !== g) return;
  // Chains as pseudo-lines may leave the move's score unproven (an upper bound): not judged.
  if (!proven(analysis)?.moves.some((m) => m.line === line)) {
    const score = analysis.moves.find((m) => m.line === line)?.score;
    setVerdicts([`${label}: not judged exactly. Chains as pseudo-lines score it ~${fmt(score)}, but do not prove that score.`]);
    // Judged once the move list's search makes the position before it exact.
    coach.unjudged = { explained: key, before: keyOf(g, before) };
    return;
  }
  const flagged = await withNextLoony(g, before, analysis);
  if (coach.explained !== key || session.game !== g) return;
  try {
    // Only the proven scores: an unproven move is neither named best nor counted among ties.
    const e = explainMove(g.board, g.predrawn, before, line, proven(flagged), PLAYER[player], PLAYER[1 - player]);
    const score = analysis.moves.find((m) => m.line === line)?.score;
    coach.judged.set(sequence, { line, label, player, score, value: analysis.value, best: e.best, text: e.text });
  } catch (err) {
    setVerdicts([`${label}: ${err.message}`]);
    return;
  }
  showJudged(moves);
}

// ---- Following the game ----------------------------------------------------------------

function refresh(g) {
  const lines = g.lines;
  const key = keyOf(g, lines);
  if (key !== coach.key) {
    const board = boardKey(g.board, g.predrawn);
    if (coach.board !== board) coach.judged.clear();
    coach.key = key;
    coach.board = board;
    try {
      coach.report = chainsReport(g.board, g.predrawn, lines);
      $('coach').dataset.key = key;
    } catch (e) {
      coach.report = null;
      $('coach-control').textContent = `The coach cannot read this position: ${e.message}`;
    }
    renderPanel();
    requestFlags(g, lines, key);
  }
  // The last move is judged once the board is prepared (its book open), as the move list's
  // losses are: asked before, a booked position would be refused for good.
  if (coach.explained !== key && session.status) {
    coach.explained = key;
    explainLast(g, key);
  }
  drawOverlay();
}

function toggleOverlay() {
  coach.overlay = $('coach-on').checked;
  if (coach.loony?.key === coach.key && session.game) $('coach-next-loony').textContent = describeNextLoony(coach.loony.flags, session.game.turn);
  drawOverlay();
}


async function start() {
  await wasmReady;
  $('coach-on').addEventListener('change', toggleOverlay);
  onShortcut('c', () => {
    $('coach-on').checked = !$('coach-on').checked;
    toggleOverlay();
  });
  onRender(refresh);
  onEstimate((key) => {
    const w = coach.waiting;
    if (w?.before !== key || coach.explained !== w.explained) return;
    coach.waiting = null;
    setVerdicts([w.text()]);
  });
  // The position before the move was made exact (the move list's search, or the engine's
  // own): the move is judged.
  onMadeExact((key) => {
    const u = coach.unjudged;
    if (u?.before !== key || coach.explained !== u.explained || !session.game) return;
    explainLast(session.game, u.explained);
  });
  if (session.game) refresh(session.game);
}

start().catch((e) => {
  $('coach-control').textContent = `The coach failed to start: ${e.message}`;
});
