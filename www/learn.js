// Learn mode (#learn): a course of chain theory in Berlekamp's order. lessons.json holds the
// lessons, each a short text and exercises (position, question, accepted answers, exact scores,
// explanation), written by `cargo run --release --example lessons`, which computes the accepted
// answers as exactly the best moves. The player picks a line on the exercise's own board
// (click, tap, or arrow keys and Enter). A wrong pick says what it scores against the best
// value and why, without naming the best move or showing other scores: the student tries
// again, or presses Show the answer. A best move picked, or the answer shown, brings every
// score, the best moves in green and the explanation (the coach's words from the exact
// scores). Chains are coloured on the board as the coach colours them once answered, before
// that only on request (Show chains, C: the colouring answers questions such as "where is the
// loop?"). Progress (exercises answered
// right, hence lessons done; and exercises whose answer was shown) is kept in localStorage by
// each exercise's position, so that editing the course does not move it onto other exercises,
// and can be reset. The address names the exercise shown (#learn/L.E, from 1), so a teacher
// can link a student to it.
import { chainsReport, explainMove } from './pkg/dotbox.js';
import { renderBoard } from './board.js';
import { diagramOf, answerKeys } from './answer-board.js';
import { isLearnHash, wasmReady } from './session.js';
import { positionKey } from './position-key.js';
import { shadeComponents } from './shading.js';
import { $, fmt, keyIsTaken } from './ui.js';
import { lettersOn } from './keys.js';
import { releaseJson } from './site.js';

const LEARN_HASH = '#learn';
const STORE = 'dotbox-learn';

const state = {
  lessons: null,
  lesson: 0,
  exercise: 0,
  geometry: null,
  boxes: [],
  components: [],
  cursor: null,
  answer: null, // the best move picked, once found
  wrong: [], // the lines picked that are not best, in order
  shown: false, // the answer was shown (Show the answer)
  chains: false, // the chains shaded before the answer (Show chains: a hint)
  glossary: null, // the words the explanations use (lessons.json's glossary)
  back: '', // the game's address when Learn was opened
};

// ---- Progress ---------------------------------------------------------------------------

/**
 * An exercise's identity in stored progress: its position (board and drawn lines, as the page
 * keys positions), which stays with the exercise when the course is edited around it.
 */
const idOf = (ex) => positionKey(ex.board, '', ex.lines.join(','));

/** Progress as stored before exercises had an identity: "lesson.exercise", a place in the
 * course it was saved under, which an edited course gives to another exercise. */
const PLACE_KEY = /^\d+\.\d+$/;

/**
 * {right: [exercise id, ..], shown: {exercise id: picks}, picks, at: exercise id or null} from
 * localStorage, each id once: the exercises answered right; those whose answer was shown (a
 * wrong pick), each with the count of picks made in the course when it last was (`picks`
 * counts every pick): a right pick of it is counted only after a pick of another exercise
 * ("come back to it later"), not after a reload or Previous and Next; the exercise last shown,
 * and the address it was shown at (a reload of that address goes back to the exercise, wherever
 * an edited course now has it; another address is a link to a place in the course). Ids
 * naming no exercise of this lessons.json (progress saved under an older course) are kept,
 * since a later course may bring those exercises back, but never counted: the counts come from
 * the course's exercises (exercisesRight), not from the stored list. Keys by place
 * ("lesson.exercise") are dropped: nothing tells which exercise they were.
 */
function loadProgress() {
  const ids = (list) => (Array.isArray(list) ? [...new Set(list.filter((k) => typeof k === 'string' && !PLACE_KEY.test(k)))] : []);
  try {
    const p = JSON.parse(localStorage.getItem(STORE) ?? '{}');
    const shown = Object.fromEntries(Object.entries(p.shown ?? {}).filter(([, n]) => Number.isInteger(n)));
    const picks = Number.isInteger(p.picks) ? p.picks : 0;
    const text = (v) => (typeof v === 'string' ? v : null);
    return { right: ids(p.right), shown, picks, at: text(p.at), address: text(p.address) };
  } catch {
    return { right: [], shown: {}, picks: 0, at: null, address: null };
  }
}

function saveProgress(p) {
  try {
    localStorage.setItem(STORE, JSON.stringify(p));
  } catch {
    // Storage refused (private mode, quota): progress lasts for this visit only.
  }
}

const progress = loadProgress();
const solved = (ex) => progress.right.includes(idOf(ex));
const lessonDone = (l) => state.lessons[l].exercises.every(solved);
/** Exercises of this course answered right: stored ids naming no exercise do not count. */
const exercisesRight = () => state.lessons.reduce((n, lesson) => n + rightIn(lesson), 0);
/** A lesson's exercises answered right. */
const rightIn = (lesson) => lesson.exercises.filter(solved).length;
/** The lessons done, and the course's exercises. */
const lessonsDone = () => state.lessons.filter((_, l) => lessonDone(l)).length;
const exerciseCount = () => state.lessons.reduce((n, lesson) => n + lesson.exercises.length, 0);

// ---- Rendering --------------------------------------------------------------------------

const current = () => state.lessons[state.lesson].exercises[state.exercise];

/** Whether the exercise is over: a best move found or the answer shown. Then the board shows
 * every score and the chains, and takes no more picks. */
const revealed = () => state.answer !== null || state.shown;

function renderMenu() {
  const list = $('learn-lessons');
  list.replaceChildren();
  state.lessons.forEach((lesson, l) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    const right = rightIn(lesson);
    button.textContent = `${lessonDone(l) ? '✓ ' : ''}${lesson.title} · ${right}/${lesson.exercises.length}`;
    button.dataset.lesson = String(l);
    button.dataset.done = lessonDone(l) ? '1' : '0';
    button.setAttribute('aria-label', `Lesson ${l + 1}: ${lesson.title}, ${right} of ${lesson.exercises.length} exercises right${lessonDone(l) ? ', done' : ''}`);
    if (l === state.lesson) button.setAttribute('aria-current', 'true');
    button.onclick = () => { show(l, 0); focusBoard('lesson-title'); };
    li.append(button);
    list.append(li);
  });
  const done = lessonsDone();
  const right = exercisesRight();
  $('learn-progress').textContent = `Progress: ${done} of ${state.lessons.length} lessons done, ${right} of ${exerciseCount()} exercises answered right.`;
  $('learn').dataset.lessonsDone = String(done);
  $('learn').dataset.exercisesRight = String(right);
  if (!$('learn-report').hidden) $('learn-report-text').value = progressReport();
}

/**
 * The progress in words, to hand to a teacher (progress lives in this browser only): the
 * lessons done and exercises answered right, each lesson's count, and the exercises whose
 * answer was shown and not answered right since, by their address (#learn/L.E).
 */
function progressReport() {
  const lines = state.lessons.map((lesson, l) => {
    const right = rightIn(lesson);
    const shown = lesson.exercises.flatMap((ex, e) => (!solved(ex) && idOf(ex) in progress.shown ? [`${l + 1}.${e + 1}`] : []));
    const said = shown.length ? `; answer shown: ${shown.join(', ')}` : '';
    return `Lesson ${l + 1}, ${lesson.title}: ${right} of ${lesson.exercises.length} right${lessonDone(l) ? ' (done)' : ''}${said}`;
  });
  return [`dotbox Learn, ${new Date().toISOString().slice(0, 10)}: ${lessonsDone()} of ${state.lessons.length} lessons done, ${exercisesRight()} of ${exerciseCount()} exercises answered right.`, ...lines].join('\n');
}

/** Shows or hides the progress report, selected for copying (and copied where the browser
 * lets the page write the clipboard). */
function toggleReport() {
  const open = $('learn-report').hidden;
  $('learn-report').hidden = !open;
  $('learn-report-open').setAttribute('aria-expanded', String(open));
  if (!open) return;
  const text = $('learn-report-text');
  text.value = progressReport();
  text.focus();
  text.select();
  navigator.clipboard?.writeText(text.value).catch(() => {});
}

/** The address of exercise `e` of lesson `l` (both from 0): #learn/L.E, from 1. */
const addressOf = (l, e) => `${LEARN_HASH}/${l + 1}.${e + 1}`;

/** The lesson and exercise an address spells (as written, from 1): #learn/L.E, or #learn/L
 * for the lesson's first exercise; null for any other address. */
const spelled = (hash) => /^#learn\/(\d+)(?:\.(\d+))?$/.exec(hash);

/** The exercise an address names ({l, e}, from 0), or null: #learn/L.E, or #learn/L for the
 * lesson's first exercise, within this course. */
function placeOf(hash) {
  const m = spelled(hash);
  const l = m ? Number(m[1]) - 1 : -1;
  const e = m?.[2] ? Number(m[2]) - 1 : 0;
  return state.lessons[l]?.exercises[e] ? { l, e } : null;
}

/** Why an address under #learn/ names no exercise of this course, or null when it names one
 * (or is #learn alone): a link from an older course (a lesson that had more exercises) or a
 * mistyped one is said to be so, not silently read as another exercise. */
function missingPlace(hash) {
  if (hash === LEARN_HASH || placeOf(hash)) return null;
  const m = spelled(hash);
  const lessons = state.lessons.length;
  const where = m?.[2] ? `lesson ${m[1]}, exercise ${m[2]}` : m ? `lesson ${m[1]}` : `'${hash.slice(LEARN_HASH.length + 1)}'`;
  const lesson = m ? state.lessons[Number(m[1]) - 1] : null;
  const has = lesson ? `lesson ${m[1]} has ${lesson.exercises.length} exercises` : `the course has lessons 1 to ${lessons}`;
  const instead = lesson ? `its exercise ${nearestPlace(hash).e + 1}` : 'the exercise shown last';
  return `The address names ${where}, which this course does not have (${has}); showing ${instead} instead.`;
}

/** For an address naming a lesson of this course but an exercise it does not have (a link
 * from when the lesson had more): the lesson's exercise nearest to it ({l, e}), else null. */
function nearestPlace(hash) {
  const m = spelled(hash);
  const l = m ? Number(m[1]) - 1 : -1;
  const count = state.lessons[l]?.exercises.length;
  if (!count) return null;
  return { l, e: Math.min(Math.max(Number(m[2] ?? 1), 1), count) - 1 };
}

function show(l, e) {
  state.lesson = l;
  state.exercise = e;
  const lesson = state.lessons[l];
  const ex = current();
  progress.at = idOf(ex);
  progress.address = addressOf(l, e);
  saveProgress(progress);
  if (document.body.dataset.view === 'learn' && location.hash !== progress.address) history.replaceState(null, '', progress.address);
  Object.assign(state, diagramOf(ex.board, ex.lines));
  state.components = chainsReport(ex.board, '', ex.lines.join(',')).components;
  state.cursor = null;
  state.answer = null;
  state.wrong = [];
  state.shown = false;
  state.chains = false;
  $('lesson-title').textContent = `Lesson ${l + 1} of ${state.lessons.length}: ${lesson.title}`;
  $('lesson-text').textContent = lesson.text;
  $('learn-glossary').hidden = !state.glossary;
  $('learn-glossary-text').textContent = state.glossary ?? '';
  const before = solved(ex) ? ' · answered right before' : idOf(ex) in progress.shown ? ' · answer shown before' : '';
  $('exercise-title').textContent = `Exercise ${e + 1} of ${lesson.exercises.length} · ${ex.board}${before}`;
  $('exercise-question').textContent = ex.question;
  setFeedback([], '');
  $('learn').dataset.lesson = String(l);
  $('learn').dataset.exercise = String(e);
  delete $('learn').dataset.answered;
  renderMenu();
  render();
}

function setFeedback(parts, cls) {
  const out = $('exercise-feedback');
  out.replaceChildren(...parts.map((text) => Object.assign(document.createElement('p'), { textContent: text })));
  out.className = cls;
}

function render() {
  const ex = current();
  const answered = revealed();
  const svg = $('learn-svg');
  renderBoard(svg, {
    geometry: state.geometry,
    drawn: new Set(ex.lines),
    last: null,
    analysis: answered ? { value: ex.value, moves: ex.scores } : null,
    boxes: state.boxes,
    showScores: answered,
    showLabels: true,
    cursor: state.cursor,
    hint: null,
    marked: null,
    interactive: !answered,
    boardStop: true,
    onPlay: pick,
    onCursor: (line) => { state.cursor = line; },
  });
  markTried(svg);
  // Chains coloured under the lines, as on the game board, once answered or when asked for;
  // in words for a screen reader (the board's description), as the legend's colours say
  // nothing to it. Before the answer they would answer the question ("where is the loop?").
  const shade = answered || state.chains;
  $('learn-shading').textContent = shade && state.components.length
    ? `On the board: ${state.components.map((c) => c.text).join('; ')}.`
    : '';
  if (shade) shadeComponents(svg, state.components);
  $('learn-legend').hidden = !shade;
  // Once answered, Show chains and Show the answer have nothing left to show, and Try again
  // something to clear (before, the board takes another pick as it is): each is hidden while
  // it does nothing (learn.css), so three buttons at most fit a phone's row at the screen's foot.
  $('exercise-chains').disabled = answered;
  $('exercise-chains').setAttribute('aria-pressed', String(shade));
  $('exercise-show').disabled = answered;
  $('exercise-retry').disabled = !answered;
  // The course has a first and a last exercise: Previous and Next stop there, and Next
  // says when it leaves the lesson.
  const lastOfLesson = state.exercise === state.lessons[state.lesson].exercises.length - 1;
  $('exercise-prev').disabled = state.lesson === 0 && state.exercise === 0;
  $('exercise-next').disabled = lastOfLesson && state.lesson === state.lessons.length - 1;
  $('exercise-next').textContent = $('exercise-next').disabled ? 'End of the course' : lastOfLesson ? 'Next lesson' : 'Next exercise';
}

/** Marks the lines picked that are not best (dashed red, said to a screen reader): the
 * board's own mark is for one line, and a student may try several. */
function markTried(svg) {
  for (const line of state.wrong) {
    const g = svg.querySelector(`g.move[data-line="${line}"]`);
    g?.classList.add('picked-wrong');
    g?.setAttribute('aria-label', `${g.getAttribute('aria-label')}, tried: not the best`);
  }
}

const nameOf = (line) => state.geometry.lines[line].label;

/** Whether `text` names a best move of `ex`: said before the answer is shown, it gives it away. */
const namesBest = (ex, text) => ex.answer.some((l) => new RegExp(`\\b${nameOf(l)}\\b`).test(text));

/**
 * The pick `line` of `ex` in the coach's words, sentence by sentence (explainMove, from the
 * exercise's exact scores and their next-loony flags: who then makes the next loony move with
 * best play, as the exercise's explanation says it).
 */
function explainPick(ex, line) {
  try {
    return explainMove(ex.board, '', ex.lines.join(','), line, { value: ex.value, moves: ex.scores }).reasons;
  } catch (e) {
    return [e.message];
  }
}

/**
 * Records a pick of `ex` in the progress and says whether it counts as answered right: a
 * best move, unless the exercise's answer was shown and no other exercise was picked since
 * ("come back to it later"), not after a reload or Previous and Next either. A pick of such an
 * exercise, right or not, stamps it again (trying it over is not answering another).
 */
function recordPick(ex, right) {
  const id = idOf(ex);
  const fresh = !(id in progress.shown) || progress.picks > progress.shown[id];
  progress.picks += 1;
  if (right && fresh) {
    delete progress.shown[id];
    if (!progress.right.includes(id)) progress.right.push(id);
  } else if (!fresh && !progress.right.includes(id)) progress.shown[id] = progress.picks;
  saveProgress(progress);
  return right && fresh;
}

/** "2nd", "3rd", "11th". */
function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

function pick(line) {
  const ex = current();
  if (revealed()) return;
  state.cursor = null;
  const right = ex.answer.includes(line);
  const counted = recordPick(ex, right);
  if (right) state.answer = line;
  else if (!state.wrong.includes(line)) state.wrong.push(line);
  $('learn').dataset.answered = right ? 'right' : 'wrong';
  if (right) sayRight(ex, line, counted);
  else sayWrong(ex, line);
  renderMenu();
  render();
  if (right) afterAnswer();
  else $('learn-svg').focus({ preventScroll: true }); // the student tries another line
  showVerdict();
}

/** The exact score of `line` in exercise `ex`. */
const scoreOf = (ex, line) => ex.scores.find((m) => m.line === line).score;

/** A best move found: its score, whether it counts, and the explanation. */
function sayRight(ex, line, counted) {
  const score = scoreOf(ex, line);
  const tries = state.wrong.length ? `, on the ${ordinal(state.wrong.length + 1)} try` : '';
  const note = counted ? '' : ' Not counted as answered right: the answer was shown. Answer another exercise, then come back to it.';
  // The pick is explained unless it is the best move the explanation explains: best moves
  // may differ in how play goes on, and the explanation of another would be read as the pick's.
  const why = line === ex.explained ? '' : ` ${explainPick(ex, line).join(' ')}`;
  // The explanation says why the best moves are best and what the nearest other move costs.
  setFeedback([`Right${tries}: ${nameOf(line)} scores ${fmt(score)}, the best here.${note}${why}`, ex.explanation], 'good');
}

/**
 * A wrong pick, before the answer is shown: what it scores against the best value and why
 * (the coach's sentences, and the lesson's note where its own rule calls the pick good), but
 * nothing naming a best move (the coach's first sentence does: "It loses 2 boxes against the
 * best move (b2b3)") and no other line's score. The student tries again or shows the answer.
 */
function sayWrong(ex, line) {
  const score = scoreOf(ex, line);
  const hidden = (text) => !namesBest(ex, text);
  const why = explainPick(ex, line).filter(hidden).join(' ');
  // Where the lesson's own rule calls the pick as good as the best: where the rule misleads.
  const notes = ex.notes.filter((n) => n.line === line).map((n) => n.text).filter(hidden);
  const verdict = `Not the best: ${nameOf(line)} (dashed red) scores ${fmt(score)}; the best scores ${fmt(ex.value)}. Try another line, or show the answer.`;
  setFeedback([verdict, ...(why ? [why] : []), ...notes], 'bad');
}

/** Show the answer: the best moves in green, every score and the explanation. The answer
 * shown, a best move found next is not counted until another exercise was picked. */
function showAnswer() {
  const ex = current();
  if (revealed()) return;
  const id = idOf(ex);
  progress.picks += 1;
  if (!progress.right.includes(id)) progress.shown[id] = progress.picks;
  saveProgress(progress);
  state.shown = true;
  state.cursor = null;
  $('learn').dataset.answered = 'shown';
  const best = ex.answer.length === 1 ? 'The best move' : `The ${ex.answer.length} best moves`;
  setFeedback([`${best} (green): ${ex.answer.map(nameOf).join(', ')}.`, ex.explanation], 'bad');
  renderMenu();
  render();
  afterAnswer();
  showVerdict();
}

/** On to the next exercise; after the course's last, Try again (Next is disabled there). The
 * buttons stay at the screen's foot (learn.css); scrolling to them took the board and the
 * verdict off a phone's screen. */
function afterAnswer() {
  $($('exercise-next').disabled ? 'exercise-retry' : 'exercise-next').focus({ preventScroll: true });
}

/** Show chains (C): the chains and loops shaded and described before the answer, a hint. */
function toggleChains() {
  if (revealed() || !state.lessons) return;
  state.chains = !state.chains;
  render();
}

/** Brings the verdict's first lines into view where they are below the screen (or nearly):
 * to the middle of it, so that the board's lower part stays in sight above. */
function showVerdict() {
  const top = $('exercise-feedback').getBoundingClientRect().top;
  const bar = document.querySelector('.learn-buttons').getBoundingClientRect().height;
  if (top > innerHeight - bar - 80) window.scrollBy(0, top - innerHeight / 2);
}

/** The exercise `delta` (±1) from this one, across lessons; nothing past the course's ends. */
function next(delta) {
  const lessons = state.lessons;
  let l = state.lesson;
  let e = state.exercise + delta;
  if (e >= lessons[l].exercises.length) { l += 1; e = 0; }
  if (e < 0) { l -= 1; e = lessons[l]?.exercises.length - 1; }
  if (l < 0 || l >= lessons.length) return;
  const newLesson = l !== state.lesson;
  show(l, e);
  focusBoard(newLesson ? 'lesson-title' : 'exercise-title');
}

/**
 * Puts the keyboard on the board without scrolling to it, then brings `top` (the lesson's
 * title, or the exercise's) into view: on a phone the board's own scroll hid the new
 * lesson's text and the question above it.
 */
function focusBoard(top) {
  // Where a lesson begins, its title and text are read with the board's question, as the eye
  // reads them above it (a screen reader landed on the board and never heard them).
  const lesson = top === 'lesson-title' ? 'lesson-title lesson-text ' : '';
  $('learn-svg').setAttribute('aria-describedby', `${lesson}exercise-title exercise-question learn-shading`);
  $('learn-svg').focus({ preventScroll: true });
  $(top).scrollIntoView({ block: 'nearest' });
}

// ---- Entering and leaving ---------------------------------------------------------------

async function load() {
  if (state.lessons) return;
  // Beside this module: in the built site the release's own copy (r/<release>/), so a page
  // left open across an update goes on with the course it started with.
  const data = await releaseJson('lessons.json', import.meta.url);
  if (!Array.isArray(data.lessons) || !data.lessons.length) throw new Error('lessons.json holds no lessons');
  state.lessons = data.lessons;
  state.glossary = typeof data.glossary === 'string' ? data.glossary : null;
}

/** The page's own title, the game's view's. */
let PLAY_TITLE = null;

/** Shows Learn (true) or the game (false). */
function setView(learn) {
  document.body.dataset.view = learn ? 'learn' : 'play';
  // Each view its own title: the tab, the history and a screen reader's name of the page.
  PLAY_TITLE ??= document.title;
  document.title = learn ? `Learn chain theory — ${PLAY_TITLE}` : PLAY_TITLE;
  $('learn').hidden = !learn;
  document.querySelector('main').hidden = learn;
  $('learn-link').setAttribute('aria-current', learn ? 'page' : 'false');
  $('play-link').setAttribute('aria-current', learn ? 'false' : 'page');
}

/** The entry in hand (loading the course), so that the events of one address change load
 * it once: it reads the address once loaded, the latest one. */
let entering = null;

/** Shows Learn at once, every time, and the exercise the address names once the course is
 * loaded (one load for every entry meanwhile). */
function enter() {
  setView(true);
  entering ??= enterNow().finally(() => { entering = null; });
  return entering;
}

async function enterNow() {
  try {
    await wasmReady;
    await load();
  } catch (e) {
    setFeedback([`The lessons could not be loaded: ${e.message}`], 'bad');
    return;
  }
  // Left meanwhile (Back while the course loaded): nothing to show.
  if (!isLearnHash(location.hash)) return;
  // The exercise a link names, else back at the exercise last shown, wherever the course now
  // has it (the address the page wrote for it names a place, which an edited course may give
  // to another exercise).
  const missing = location.hash === progress.address ? null : missingPlace(location.hash);
  const named = location.hash === progress.address ? null : placeOf(location.hash) ?? nearestPlace(location.hash);
  const l = named?.l ?? Math.max(0, state.lessons.findIndex((lesson) => lesson.exercises.some((ex) => idOf(ex) === progress.at)));
  const e = named?.e ?? Math.max(0, state.lessons[l].exercises.findIndex((ex) => idOf(ex) === progress.at));
  show(l, e);
  if (missing) setFeedback([missing], 'notice');
  $('learn').dataset.ready = '1';
}

function leave() {
  setView(false);
  // Back to the game that was on the page, without a new game being set up.
  history.pushState(null, '', state.back || location.pathname + location.search);
}

/** How long the reset button waits for its second press. */
const RESET_ARMED_MS = 4000;

/**
 * The reset button's press: the first asks for a second within RESET_ARMED_MS (one tap, on a
 * phone just under the lesson list, erased the whole course's progress); the second erases.
 */
function pressReset() {
  const button = $('learn-reset');
  if (!button.dataset.armed) {
    button.dataset.armed = '1';
    button.textContent = 'Press again to erase all progress';
    setTimeout(disarmReset, RESET_ARMED_MS);
    return;
  }
  disarmReset();
  reset();
}

function disarmReset() {
  const button = $('learn-reset');
  delete button.dataset.armed;
  button.textContent = 'Reset progress';
}

function reset() {
  progress.right = [];
  progress.shown = {};
  progress.picks = 0;
  progress.at = null;
  progress.address = null;
  saveProgress(progress);
  if (state.lessons) show(0, 0);
}

function start() {
  $('learn-link').addEventListener('click', (e) => {
    e.preventDefault();
    if (document.body.dataset.view === 'learn') return;
    state.back = location.hash;
    history.pushState(null, '', LEARN_HASH);
    enter();
  });
  $('play-link').addEventListener('click', (e) => {
    e.preventDefault();
    if (document.body.dataset.view === 'learn') leave();
  });
  // Setting the address fires both events; the second finds the first's entry still loading
  // (it joins it), or the address it wrote for the exercise shown, which is already shown
  // (entering again cleared its notice).
  const followAddress = () => {
    const shown = document.body.dataset.view === 'learn' && state.lessons && location.hash === progress.address;
    if (isLearnHash(location.hash)) { if (!shown) enter(); }
    else if (document.body.dataset.view === 'learn') setView(false);
  };
  window.addEventListener('hashchange', followAddress);
  window.addEventListener('popstate', followAddress);
  $('exercise-next').onclick = () => next(1);
  $('exercise-prev').onclick = () => next(-1);
  $('exercise-retry').onclick = () => { show(state.lesson, state.exercise); focusBoard('exercise-title'); };
  $('exercise-show').onclick = showAnswer;
  $('exercise-chains').onclick = toggleChains;
  // C, as on the Play page (its shortcuts are off in Learn), and like them off where the
  // letter shortcuts are turned off. Caught before the board's own keys, which go no further.
  $('learn').addEventListener('keydown', (e) => {
    if (e.key.toLowerCase() !== 'c' || keyIsTaken(e) || !lettersOn()) return;
    toggleChains();
    e.preventDefault();
  }, true);
  $('learn-reset').onclick = pressReset;
  $('learn-report-open').onclick = toggleReport;
  $('learn-svg').addEventListener('keydown', answerKeys($('learn-svg'), state, { lines: () => current().lines, render, pick }));
  if (isLearnHash(location.hash)) enter();
  else setView(false);
}

start();
