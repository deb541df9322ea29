// Learn mode (#learn): a course of chain theory in Berlekamp's order. lessons.json holds the
// lessons, each a short text and exercises (position, question, accepted answers, exact scores,
// explanation), written by `cargo run --release --example lessons`, which computes the accepted
// answers as exactly the best moves. The player picks a line on the exercise's own board
// (click, tap, or arrow keys and Enter); the page says whether it was best, what the chosen
// move gains or costs and why (the coach's words from the exact scores), then shows the scores.
// Chains are coloured on the board as the coach colours them. Progress (exercises answered
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
import { $, fmt } from './ui.js';
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
  answer: null, // the line picked, once picked
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
const exercisesRight = () => state.lessons.reduce((n, lesson) => n + lesson.exercises.filter(solved).length, 0);

// ---- Rendering --------------------------------------------------------------------------

const current = () => state.lessons[state.lesson].exercises[state.exercise];

function renderMenu() {
  const list = $('learn-lessons');
  list.replaceChildren();
  state.lessons.forEach((lesson, l) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    const right = lesson.exercises.filter(solved).length;
    button.textContent = `${lessonDone(l) ? '✓ ' : ''}${lesson.title}`;
    button.dataset.lesson = String(l);
    button.dataset.done = lessonDone(l) ? '1' : '0';
    button.setAttribute('aria-label', `Lesson ${l + 1}: ${lesson.title}, ${right} of ${lesson.exercises.length} exercises right${lessonDone(l) ? ', done' : ''}`);
    if (l === state.lesson) button.setAttribute('aria-current', 'true');
    button.onclick = () => { show(l, 0); focusBoard('lesson-title'); };
    li.append(button);
    list.append(li);
  });
  const done = state.lessons.filter((_, l) => lessonDone(l)).length;
  const total = state.lessons.reduce((n, lesson) => n + lesson.exercises.length, 0);
  const right = exercisesRight();
  $('learn-progress').textContent = `Progress: ${done} of ${state.lessons.length} lessons done, ${right} of ${total} exercises answered right.`;
  $('learn').dataset.lessonsDone = String(done);
  $('learn').dataset.exercisesRight = String(right);
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
  $('lesson-title').textContent = `Lesson ${l + 1} of ${state.lessons.length}: ${lesson.title}`;
  $('lesson-text').textContent = lesson.text;
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
  const answered = state.answer !== null;
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
    marked: answered && !ex.answer.includes(state.answer) ? { line: state.answer, cls: 'picked-wrong' } : null,
    interactive: !answered,
    boardStop: true,
    onPlay: pick,
    onCursor: (line) => { state.cursor = line; },
  });
  // Chains coloured under the lines, as on the game board; in words for a screen reader
  // (the board's description), as the legend's colours say nothing to it.
  $('learn-shading').textContent = state.components.length
    ? `On the board: ${state.components.map((c) => c.text).join('; ')}.`
    : '';
  shadeComponents(svg, state.components);
  $('exercise-retry').disabled = !answered;
  // The course has a first and a last exercise: Previous and Next stop there, and Next
  // says when it leaves the lesson.
  const lastOfLesson = state.exercise === state.lessons[state.lesson].exercises.length - 1;
  $('exercise-prev').disabled = state.lesson === 0 && state.exercise === 0;
  $('exercise-next').disabled = lastOfLesson && state.lesson === state.lessons.length - 1;
  $('exercise-next').textContent = $('exercise-next').disabled ? 'End of the course' : lastOfLesson ? 'Next lesson' : 'Next exercise';
}

function pick(line) {
  const ex = current();
  if (state.answer !== null) return;
  state.answer = line;
  state.cursor = null;
  const score = ex.scores.find((m) => m.line === line).score;
  const name = (l) => state.geometry.lines[l].label;
  const right = ex.answer.includes(line);
  const id = idOf(ex);
  $('learn').dataset.answered = right ? 'right' : 'wrong';
  // The picked move in the coach's words, from the exercise's exact scores and their
  // next-loony flags (who then makes the next loony move with best play, as the exercise's
  // explanation says it). A right pick is explained unless it is the best move the
  // explanation explains: best moves may differ in how play goes on, and the explanation of
  // another would be read as the pick's.
  let why = '';
  // Not where the explanation explains the pick already: the best move it explains, or the
  // nearest other move (a wrong pick of it would read the same paragraph twice).
  if (right ? line !== ex.explained : line !== ex.rival) {
    try {
      why = ` ${explainMove(ex.board, '', ex.lines.join(','), line, { value: ex.value, moves: ex.scores }).text}`;
    } catch (e) {
      why = ` ${e.message}`;
    }
  }
  // Its answer shown, and no other exercise picked since: a right pick is not counted.
  const fresh = !(id in progress.shown) || progress.picks > progress.shown[id];
  progress.picks += 1;
  if (right && fresh) {
    delete progress.shown[id];
    if (!progress.right.includes(id)) progress.right.push(id);
  } else if (!progress.right.includes(id)) progress.shown[id] = progress.picks;
  if (right) {
    const note = fresh ? '' : ' Not counted as answered right: the answer was shown. Answer another exercise, then come back to it.';
    // The explanation says why the best moves are best and what the nearest other move costs.
    setFeedback([`Right: ${name(line)} scores ${fmt(score)}, the best here.${note}${why}`, ex.explanation], 'good');
  } else {
    const best = ex.answer.length === 1 ? 'The best move' : `The ${ex.answer.length} best moves`;
    // Where the lesson's own rule calls the pick as good as the best: where the rule misleads.
    const note = ex.notes.filter((n) => n.line === line).map((n) => n.text);
    setFeedback([`Not the best: ${name(line)} (dashed red) scores ${fmt(score)}, the best ${fmt(ex.value)}.${why}`, ...note, `${best} (green): ${ex.answer.map(name).join(', ')}.`, ex.explanation], 'bad');
  }
  saveProgress(progress);
  renderMenu();
  render();
  // On to the next exercise; after the course's last, Try again (Next is disabled there). The
  // buttons stay at the screen's foot (learn.css); scrolling to them took the board and the
  // verdict off a phone's screen.
  $($('exercise-next').disabled ? 'exercise-retry' : 'exercise-next').focus({ preventScroll: true });
  showVerdict();
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
  $('learn-reset').onclick = pressReset;
  $('learn-svg').addEventListener('keydown', answerKeys($('learn-svg'), state, { lines: () => current().lines, render, pick }));
  if (isLearnHash(location.hash)) enter();
  else setView(false);
}

start();
