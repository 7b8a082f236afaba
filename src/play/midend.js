// The page's shared code after the families' games, for every family: the
// mazes of the page and their progress (kept in localStorage), the history
// of the maze being played (undo, redo, restart, the solution shown step by
// step), moves by key, click, tap and swipe, the view (zoom and follow),
// and, when served, new mazes by game id.

const CELL = DATA.cell;
const games = DATA.games.slice();

// ---- Progress, kept in the browser ----------------------------------------

// localStorage may be refused (a private window, a full disk): progress is
// then kept for the visit only.
const storeIn = (area) => ({
  get(key) {
    try { return JSON.parse(window[area].getItem(key)); } catch { return null; }
  },
  set(key, value) {
    try { window[area].setItem(key, JSON.stringify(value)); } catch { /* kept for the visit */ }
  },
});
// Progress is kept twice: for the tab (sessionStorage, which a reload
// keeps and another tab does not share) and for the browser (the latest
// of any tab's, which a new tab opens with). Two tabs on one maze each
// keep their own history across a reload.
const store = storeIn("localStorage");
const tabStore = storeIn("sessionStorage");
// What is kept twice: read for the tab first, written for both.
const keptTwice = {
  get: (key) => tabStore.get(key) || store.get(key),
  set(key, value) {
    tabStore.set(key, value);
    store.set(key, value);
  },
};

// A maze's key: a hash (FNV-1a) of its document, so that a maze keeps its
// progress on every page that holds it, and two mazes of one name do not
// share it.
function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
// Worked out once a maze: a move must not hash the whole maze again.
function keyOf(game) {
  if (!game.key) game.key = `logicmaze:maze:${game.maze.family}:${fingerprint(JSON.stringify(game.maze))}`;
  return game.key;
}
const progressOf = (game) => keptTwice.get(keyOf(game)) || { solved: false };
// The page's own mazes name it (not the ones generated on it since).
const lastKey = () => `logicmaze:last:${fingerprint(DATA.games.map(keyOf).join(" "))}`;

// ---- The maze being played ------------------------------------------------

let GAME = null; // its entry in `games`: document, size, route, drawing
let FAMILY = null; // its family's game
// The history, as in Tatham's midend: every action (a move, a restart, the
// solution shown) is an entry, undo and redo walk along the entries, and a
// new action drops the ones undone. An entry holds the state after it, the
// moves since the last restart, for the solution the route it shows, and
// where its trail begins (`from`: the index of the last start, restart or
// solution at or before it), so that nothing a move does walks the
// history: a move costs the same at move 15,000 as at move 1.
let entries = [];
let position = 0;
const entry = () => entries[position];
const current = () => entry().state;
// The action the current entry stands on: itself, or for a mark (an entry
// of the history that moves nothing, see keep.js) the move, restart,
// solution or start before it.
const acted = () => entries[entry().base];
// How much of a shown solution's route is drawn so far (it is drawn step
// by step), and the timer that draws it.
let revealed = Infinity;
let showing = null;
// What the board and the panel show: the current state, or, while a
// solution is being drawn, the state it has reached, so that the two
// agree at every step.
// While the lesson is open (lesson.js), its frame's state.
const shown = () => (lessonFrame ? lessonFrame.state : showing !== null ? acted().route[revealed - 1] : current());

function record(action) {
  stopShowing();
  closeReveal();
  entries.length = position + 1;
  append(action);
  position += 1;
  if (action.kind === "mark") applyMark(action, true);
  draw();
}

// Puts `action` at the end of the history, with where its trail begins
// (`from`), the step of the trail it makes (`step`: a mark makes none, it
// repeats the step before it) and the action it stands on (`base`).
function append(action) {
  const last = entries[entries.length - 1];
  const mark = action.kind === "mark";
  action.from = action.kind === "move" || mark ? last.from : entries.length;
  action.step = last ? last.step + (mark ? 0 : 1) : 0;
  action.base = mark ? last.base : entries.length;
  // A move's word in the history (historyWords), worked out once.
  if (action.kind === "move") action.word = stepBetween(last.state.at, action.state.at);
  entries.push(action);
}

// The states walked since the last restart, up to the current entry (a
// shown solution's route first, as far as it is drawn), as their count and
// the state at each index: read a few at a time, never copied whole.
function trail() {
  const from = entry().from;
  const skip = entries[from].kind === "solution" ? 1 : 0;
  const head = skip ? Math.min(revealed, entries[from].route.length) : 0;
  const first = entries[from].step + skip;
  return {
    length: head + entry().step - first + 1,
    at: (i) => (i < head ? entries[from].route[i] : entries[stepAt(first + i - head, from, position)].state),
  };
}

// The entry that made trail step `step`, between entries lo and hi: the
// first at that step (the marks after it repeat it). A binary search: a
// history with marks in it is no longer one entry a step.
function stepAt(step, lo, hi) {
  const guess = lo + step - entries[lo].step;
  if (guess <= hi && entries[guess].step === step && entries[guess].base === guess) return guess;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid].step < step) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Why the current state is lost (the game is over without the goal), if
// the family's game can be lost.
const lostWhy = () => (FAMILY.lost ? FAMILY.lost(current()) : null);

function say(status, message) {
  const { kind, moves } = acted();
  const solved = FAMILY.solved(current());
  const lost = lostWhy();
  const solution = kind === "solution";
  const drawing = showing !== null;
  const won = solved && !solution;
  $("status").className = won ? "solved" : lost ? "lost" : "";
  $("status").textContent = status || (drawing
    ? `Showing the solution: move ${revealed - 1} of ${moves}.`
    : solution
      ? `Solution shown: ${moves} moves, the shortest. Undo to take it back.`
      : solved
        ? `Solved in ${moves} moves (shortest: ${GAME.shortest}).`
        : lost || `Moves: ${moves}`);
  $("message").textContent = message || "";
  disable($("undo"), position === 0);
  disable($("redo"), position === entries.length - 1);
  document.body.classList.toggle("won", won);
}

// Disables `button` or enables it again. A disabled button drops the
// focus to the page, where the next Space would be a move the player
// never chose (Theseus's wait): the focus goes to the next action that
// can be pressed instead.
function disable(button, disabled) {
  const focused = document.activeElement === button;
  button.disabled = disabled;
  if (!disabled || !focused) return;
  const actions = [...document.querySelectorAll("#actions button")];
  const at = actions.indexOf(button);
  const usable = (b) => !b.disabled && !b.hidden;
  const next = actions.slice(at + 1).find(usable) || actions.slice(0, at).reverse().find(usable);
  if (next) next.focus();
}

function play(move) {
  // A move while a solution is being drawn only ends the drawing.
  if (showing !== null) {
    finishShowing();
    return false;
  }
  closeReveal();
  if (FAMILY.solved(current())) {
    say(null, "Solved already: undo or restart to play on.");
    return false;
  }
  if (lostWhy()) {
    say(null, "Lost: undo or restart to play on.");
    return false;
  }
  const outcome = FAMILY.move(current(), move);
  if (outcome.refused) {
    say(null, outcome.refused);
    return false;
  }
  record({ kind: "move", state: outcome.state, moves: entry().moves + 1 });
  return true;
}

// The family's move that heads in compass direction `d` from `state`
// (undefined where none does).
const moveToward = (state, d) => (FAMILY.toward ? FAMILY.toward(state, d) : d);

// The step between two squares of a route: a compass direction, or
// "stay" where the route stays on its square (a game's wait).
const stepBetween = (from, to) => (same(from, to) ? "stay" : directionOf(from, to));

// The states after each of `directions` (compass directions, or "stay")
// from `state`, as far as the game allows them.
function walkFrom(state, directions) {
  const states = [];
  for (const d of directions) {
    const next = stepFrom(state, d);
    if (!next) break;
    state = next;
    states.push(state);
  }
  return states;
}

// The state after one step `d` (a compass direction, or "stay") from
// `state`, or null where the game has no such move or refuses it.
function stepFrom(state, d) {
  const move = d === "stay" && FAMILY.stay
    ? FAMILY.stay.move
    : DIRECTIONS.includes(d) ? moveToward(state, d) : undefined;
  const outcome = move === undefined ? null : FAMILY.move(state, move);
  return outcome && !outcome.refused ? outcome.state : null;
}

// A move toward compass direction `d`: a tap, a swipe, the direction pad,
// or an arrow key where the map is the frame (the overview, or a family
// without a walk mode).
function go(d) {
  const move = moveToward(current(), d);
  if (move === undefined) {
    say(null, `You cannot go ${NAMES[d]} from here.`);
    return false;
  }
  return play(move);
}

function undo() {
  stopShowing();
  closeReveal();
  if (position > 0) {
    if (entry().kind === "mark") applyMark(entry(), false);
    position -= 1;
  }
  draw();
}

function redo() {
  stopShowing();
  closeReveal();
  if (position < entries.length - 1) {
    position += 1;
    if (entry().kind === "mark") applyMark(entry(), true);
  }
  draw();
}

// A restart plays the maze again clean: a solution's route shown before
// goes too.
function restart() {
  if (acted().kind === "start" || acted().kind === "restart") return;
  progress.guide = false;
  record({ kind: "restart", state: entries[0].state, moves: 0 });
}

// Puts the shown solution's route away, for good (until it is shown again).
// Pressed from the keyboard, the focus goes to the Solution button beside
// it, not to the page as the button hides.
function hideGuide(event) {
  progress.guide = false;
  saveProgress();
  draw();
  if (event.detail === 0) $("solution").focus();
}

function stopShowing() {
  if (showing !== null) clearTimeout(showing);
  showing = null;
  revealed = Infinity;
  $("replay").hidden = true;
}

// Ends the drawing of a solution at its end, as if it had run its course.
function finishShowing() {
  stopShowing();
  draw();
}

// The states of `route` (positions) walked from the start, or null if the
// game refuses a step (it never should: the route is the solver's).
function walk(route) {
  const directions = route.slice(1).map((to, i) => stepBetween(route[i], to));
  const states = walkFrom(entries[0].state, directions);
  return states.length === directions.length ? [entries[0].state, ...states] : null;
}

// The solution is shown only when asked twice: the button (or S) asks
// whether to give the maze away, and only "Show it" does. Asking while it
// is shown changes nothing.
function askSolution() {
  // Without a route there is nothing to give away: the answer is that.
  if (!GAME.route) {
    closeReveal();
    say(null, NO_ROUTE);
    return;
  }
  if (acted().kind === "solution") {
    if (showing !== null) finishShowing();
    say(null, "The solution is shown: undo to take it back.");
    return;
  }
  $("reveal").hidden = false;
  $("reveal-no").focus();
}

// Puts the question away; the focus it held goes back to the button that
// asked it, not to the page.
function closeReveal() {
  const held = $("reveal").contains(document.activeElement);
  $("reveal").hidden = true;
  if (held) $("solution").focus();
}

// A step of a solution being drawn: at the chosen speed, the whole route
// in about 8 s at "normal" however long it is (at most 4 steps a second).
const stepMs = (moves) => Math.max(8, Math.min(250, 8000 / Math.max(moves, 1))) / Number($("speed").value);

// What the page says of a maze without a route, when asked.
const NO_ROUTE = "This maze has no solution: no walk from the start reaches the goal.";

// The player's answer that the maze has no solution: right for a maze
// without a route, which then counts as solved; for one with a route the
// player is told to look on.
function claimNoSolution() {
  if (showing !== null) finishShowing();
  closeReveal();
  if (GAME.route) {
    say(null, "There is a way to the goal: look on.");
    return;
  }
  const newly = !progress.solved;
  progress.solved = true;
  noteBest();
  if (newly) {
    writeProgress();
    listMazes();
  }
  say("Solved: this maze has no solution.", "");
  $("status").className = "solved";
}

// Shows the shortest route from the start: one action, drawn step by step.
// That a maze has no solution is said only here, when the player asks.
function showSolution() {
  closeReveal();
  const route = GAME.route && walk(GAME.route);
  if (!route) {
    stopShowing();
    say(null, NO_ROUTE);
    return;
  }
  // Kept with the solution by the save that recording it makes.
  progress.guide = true;
  record({ kind: "solution", state: route[route.length - 1], route, moves: route.length - 1 });
  revealed = 1;
  $("replay").hidden = false;
  const tick = () => {
    revealed += 1;
    if (revealed >= route.length) {
      finishShowing();
      return;
    }
    drawShown();
    showing = setTimeout(tick, stepMs(route.length - 1));
  };
  showing = setTimeout(tick, stepMs(route.length - 1));
  drawShown();
}

// ---- The board ------------------------------------------------------------

// The board is drawn in two layers, so that a move repaints only what it
// changes: the maze's drawing, a canvas the board's size (mapCanvas, see
// board.js), which paints only the cells in view and is painted again
// only when the view changes; over it the trail and a shown solution's
// route (trailSvg), and over them the pieces (overlaySvg: the walker, the
// goal's ring, the game's pieces): SVGs on a stage at the view's scale,
// which the view moves by translating it. The trail has its own layer
// because it grows with the game: in the pieces' layer, every frame of
// the walker's slide painted it again, and a move cost more the longer
// the game.
let mapCanvas = null;
const trailSvg = svgElement("svg", { class: "pieces-layer", "aria-hidden": "true" });
const overlaySvg = svgElement("svg", { class: "pieces-layer", "aria-hidden": "true" });
const layers = [trailSvg, overlaySvg];
const under = svgElement("g", { class: "overlay" });
const overlay = svgElement("g", { class: "overlay" });
trailSvg.append(under);
overlaySvg.append(overlay);
const stage = document.createElement("div");
stage.id = "stage";
// The trail: a segment a move, each with a chevron pointing the way
// walked, so that a stretch walked twice reads both ways; a move adds or
// takes away segments at its end and leaves the others (see drawTrail).
const trailLine = svgElement("g", { class: "trail" });
let trailDrawn = [];
// A shown solution's route, faint, kept after Undo takes the solution back.
const guideLine = svgElement("polyline", { class: "guide" });
const NO_GUIDE = [];
// The goal's ring, kept a few pixels wide whatever the zoom.
// A rect: rounded into a circle, or a square for a family that rings the
// whole square (FAMILY.ring).
const goalRing = svgElement("rect", { class: "goal-ring" });
// The game's other pieces, which it draws itself (FAMILY.pieces).
const pieces = svgElement("g", { class: "pieces" });
const walker = svgElement("g", { id: "walker" });
// The walker's pieces, scaled up when the view is zoomed far out; the
// scale is not slid, as the walker's moves are.
const walkerPieces = svgElement("g", { class: "walker-pieces" });
walker.append(walkerPieces);
under.append(guideLine, trailLine);
overlay.append(goalRing, pieces, walker);
// This maze's kept progress beyond its history: solved, and whether its
// solution has been shown (then its guide is drawn).
let progress = { solved: false };
const centre = (at) => [DATA.origin[0] + (at[1] - 1) * CELL, DATA.origin[1] + (at[0] - 1) * CELL];

// The maze's board made ready to paint (board.js), and whether a paint
// is due at the next frame.
let board = null;
let paintDue = false;

// Paints the drawing at the next frame, once however often it is asked.
function repaint() {
  if (paintDue) return;
  paintDue = true;
  requestAnimationFrame(() => {
    paintDue = false;
    const ratio = window.devicePixelRatio || 1;
    const [w, h] = mapSize().map((side) => Math.round(side * ratio));
    if (mapCanvas.width !== w || mapCanvas.height !== h) [mapCanvas.width, mapCanvas.height] = [w, h];
    paintBoard(mapCanvas, board, { x: view.x, y: view.y, scale: pixelsPerUnit() }, walking());
    // The minimap after the board: its picture of a big maze, made when
    // first shown, does not hold up the board's first frame.
    setTimeout(drawMinimap, 0);
  });
}

// The whole maze in the board's corner while the view shows a part of
// it, the part in view, the walker and the goal marked; pressing it
// moves the view there.
// At most MINIMAP_PX wide and high, and at most MINIMAP_SHARE of the
// board's width: at 120 px on a phone it hid a third of the board. But
// never under MINIMAP_MIN_PX, a thumb's target: at 85 px, a square of a
// big maze was a hair under a finger.
const MINIMAP_PX = 120;
const MINIMAP_SHARE = 0.22;
const MINIMAP_MIN_PX = 110;
const MINIMAP_INSET = 8;
// The minimap's size in CSS pixels: the maze at k pixels a square.
function minimapSize() {
  const [rows, cols] = GAME.size;
  const k = Math.min(MINIMAP_PX, Math.max(MINIMAP_MIN_PX, mapSize()[0] * MINIMAP_SHARE)) / Math.max(rows, cols);
  return [cols * k, rows * k];
}

// Where the minimap goes, in the board's pixels: its top right corner
// under the columns' numbers, or, when the walker is there, its bottom
// right corner.
function minimapBox() {
  const [w, h] = minimapSize();
  const [mapW, mapH] = mapSize();
  const scale = pixelsPerUnit();
  const [x, y] = walker.at ? centre(walker.at) : [view.x, view.y];
  const [wx, wy] = [mapW / 2 + (x - view.x) * scale, mapH / 2 + (y - view.y) * scale];
  const high = numberBands(board, scale).cols + MINIMAP_INSET;
  const reach = MIN_PIECE_PX + MINIMAP_INSET;
  const under = wx > mapW - w - reach && wy < high + h + reach;
  return { left: mapW - w - MINIMAP_INSET, top: under ? mapH - h - MINIMAP_INSET : high, w, h };
}

function drawMinimap() {
  const mini = $("minimap");
  if (mini.hidden || !walker.at) return;
  const ratio = window.devicePixelRatio || 1;
  const [w, h] = minimapSize().map((side) => Math.round(side * ratio));
  if (mini.width !== w || mini.height !== h) {
    [mini.width, mini.height] = [w, h];
    mini.style.width = `${w / ratio}px`;
    mini.style.height = `${h / ratio}px`;
  }
  mini.style.top = `${mapSize()[2] + minimapBox().top}px`;
  const [vw, vh] = visible();
  const [x1, y1] = DATA.origin;
  // The row or column whose centre lies at a point of the drawing.
  const col = (x) => (x - x1) / CELL + 1;
  const row = (y) => (y - y1) / CELL + 1;
  const shown = {
    c0: col(view.x - vw / 2) + 0.5, c1: col(view.x + vw / 2) - 0.5,
    r0: row(view.y - vh / 2) + 0.5, r1: row(view.y + vh / 2) - 0.5,
  };
  paintMinimap(mini, board, walking(), shown, walker.at, FAMILY.goal, markedSquares());
}

function moveToMinimap(event) {
  const box = $("minimap").getBoundingClientRect();
  const [rows, cols] = GAME.size;
  const at = [
    Math.min(rows, Math.max(1, Math.floor(((event.clientY - box.top) / box.height) * rows) + 1)),
    Math.min(cols, Math.max(1, Math.floor(((event.clientX - box.left) / box.width) * cols) + 1)),
  ];
  view.follow = false;
  [view.x, view.y] = centre(at);
  setView();
}

function putMap() {
  GAME.prepared = GAME.prepared || prepareBoard(GAME.board);
  board = GAME.prepared;
  mapCanvas = document.createElement("canvas");
  mapCanvas.className = "drawing";
  // The drawing is named briefly: the panel says where things are.
  mapCanvas.setAttribute("role", "img");
  mapCanvas.setAttribute("aria-label", `The maze, ${GAME.size[0]} rows by ${GAME.size[1]} columns.`);
  stage.replaceChildren(...layers);
  $("map").replaceChildren(mapCanvas, stage);
  const head = svgElement("marker", {
    id: "open-road-head", viewBox: "0 0 10 10", refX: 5, refY: 5,
    markerWidth: 3, markerHeight: 3, orient: "auto-start-reverse",
  });
  head.append(svgElement("path", { d: "M0 0 L10 5 L0 10 Z", class: "open-road-head" }));
  // The trail's marks: a chevron on each segment.
  const mark = svgElement("marker", {
    id: "trail-mark", viewBox: "0 0 10 10", refX: 5, refY: 5,
    markerWidth: TRAIL_MARK_STROKES, markerHeight: TRAIL_MARK_STROKES, orient: "auto",
  });
  mark.append(svgElement("path", { d: "M2 1 L8 5 L2 9", class: "trail-mark" }));
  const defs = svgElement("defs", {});
  defs.append(head, mark);
  trailLine.setAttribute("stroke-width", TRAIL_STROKE);
  keepSegments(0);
  trailDrawn = [];
  guideLine.setAttribute("stroke-width", CELL * 0.18);
  pieces.replaceChildren();
  walker.style.transition = "none";
  // The markers live in the pieces' layer, which uses them.
  overlaySvg.querySelector("defs")?.remove();
  overlaySvg.prepend(defs);
  // A game without a goal square (FAMILY.goal) has no ring and no marker.
  goalRing.style.display = FAMILY.goal ? "" : "none";
  if (FAMILY.goal) {
    const [gx, gy] = centre(FAMILY.goal);
    goalRing.dataset.x = gx;
    goalRing.dataset.y = gy;
  }
  // The board frames the grid, its border numbers and what the drawing
  // puts just outside it.
  const [rows, cols] = GAME.size;
  const [left, top] = centre([1, 1]);
  const [margin, high] = [1.2 * CELL, 1.6 * CELL];
  view.full = { x: left - margin, y: top - high, w: (cols - 1) * CELL + 2 * margin, h: (rows - 1) * CELL + 2 * high };
  for (const layer of layers) frame(layer);
  view.drawnScale = null;
  // The board keeps the frame's shape, as tall as the screen allows.
  $("map").style.aspectRatio = `${view.full.w} / ${view.full.h}`;
  mapResized();
}

// Draws `walked` (a trail()), changing only the segments after the part
// it shares with the trail drawn (`trailDrawn`, its states): a move adds
// one at the end, an undo takes one away. States are compared as objects:
// a state at the same place of both trails is the same walk up to there.
// The trail says how many points it joins (data-points).
function drawTrail(walked) {
  let kept = Math.min(walked.length, trailDrawn.length);
  while (kept > 0 && walked.at(kept - 1) !== trailDrawn[kept - 1]) kept--;
  // Segment i joins points i and i + 1.
  keepSegments(Math.max(kept - 1, 0));
  trailDrawn.length = kept;
  for (let i = kept; i < walked.length; i++) {
    trailDrawn.push(walked.at(i));
    if (i > 0) addSegment(segmentOf(i - 1));
  }
  trailLine.dataset.points = trailDrawn.length;
}

// The drawing of segment i of the trail drawn: a line from point i to
// point i + 1 with its chevron, or, for a move that stays (a wait), a
// ring on its square, one ring wider for each wait in a row there, so
// that the trail tells it.
function segmentOf(i) {
  const [x1, y1] = centre(trailDrawn[i].at);
  const [x2, y2] = centre(trailDrawn[i + 1].at);
  if (x1 !== x2 || y1 !== y2) return svgElement("line", { x1, y1, x2, y2, "marker-end": "url(#trail-mark)" });
  let waits = 0;
  while (i - 1 - waits >= 0 && same(trailDrawn[i - 1 - waits].at, trailDrawn[i + 1].at)) waits++;
  return svgElement("circle", { class: "wait", cx: x2, cy: y2, r: CELL * (0.3 + 0.07 * waits) });
}

// The trail's segments are kept in groups of TRAIL_GROUP, and a full group
// before the last is drawn as two paths (its lines and rings, and its
// chevrons) instead of one element a segment: a trail of 15,000 elements
// made every move cost twice what it did at the start.
const TRAIL_GROUP = 128;
// The trail's width, and its chevrons' width in trail widths (the
// marker's and a flattened group's alike).
const TRAIL_STROKE = CELL * 0.08;
const TRAIL_MARK_STROKES = 2.2;
let trailSegments = 0;
// Every segment the groups drawn as paths draw, by its ends (or a ring's
// centre and radius): a walk that wanders goes over the same roads again
// and again, and every copy drawn cost the browser its rasterising on
// each move (a long walk of a large maze slowed, move after move, as its
// trail grew).
const flattened = new Set();

// How many segments a group holds.
const groupSize = (group) => Number(group.dataset.size || group.childElementCount);

// Adds a segment at the end of the trail, in a new group when the last is
// full (which is then drawn as paths).
function addSegment(segment) {
  let group = trailLine.lastElementChild;
  if (!group || groupSize(group) >= TRAIL_GROUP) {
    if (group) flatten(group, trailSegments - TRAIL_GROUP);
    group = svgElement("g", {});
    trailLine.append(group);
  }
  group.append(segment);
  trailSegments += 1;
}

// Takes the segments after the first `count` away; a group drawn as
// paths that keeps some of its segments gets them back as elements.
function keepSegments(count) {
  if (count === 0) {
    trailLine.replaceChildren();
    flattened.clear();
  }
  while (trailSegments > count && trailLine.lastElementChild) {
    const group = trailLine.lastElementChild;
    const size = groupSize(group);
    const drop = Math.min(size, trailSegments - count);
    if (drop === size) {
      forget(group);
      group.remove();
    } else {
      if (group.dataset.size) unflatten(group);
      for (let i = 0; i < drop; i++) group.lastElementChild.remove();
    }
    trailSegments -= drop;
  }
  trailSegments = count;
}

// Draws the full `group`, whose first segment is segment `first`, as two
// paths, less the segments drawn by a group before it.
function flatten(group, first) {
  // A chevron as the marker (#trail-mark) draws it: its path (M2 1 L8 5
  // L2 9 about its centre 5 5) in tenths of its width, turned along the
  // line.
  const unit = (TRAIL_MARK_STROKES * TRAIL_STROKE) / 10;
  let lines = "";
  let marks = "";
  group.added = [];
  for (const segment of group.children) {
    const at = (name) => Number(segment.getAttribute(name));
    // A segment drawn already by a group before, the same way, is left
    // out: it would paint the same pixels again.
    const key = ["x1", "y1", "x2", "y2", "cx", "cy", "r"].map(at).join(" ");
    if (flattened.has(key)) continue;
    flattened.add(key);
    group.added.push(key);
    if (segment.tagName === "circle") {
      const [cx, cy, r] = [at("cx"), at("cy"), at("r")];
      lines += `M${cx + r} ${cy}A${r} ${r} 0 1 0 ${cx - r} ${cy}A${r} ${r} 0 1 0 ${cx + r} ${cy}`;
      continue;
    }
    const [x1, y1, x2, y2] = [at("x1"), at("y1"), at("x2"), at("y2")];
    lines += `M${x1} ${y1}L${x2} ${y2}`;
    const length = Math.hypot(x2 - x1, y2 - y1);
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
    const place = (a, b) => `${x2 + unit * (a * ux - b * uy)} ${y2 + unit * (a * uy + b * ux)}`;
    marks += `M${place(-3, -4)}L${place(3, 0)}L${place(-3, 4)}`;
  }
  const size = group.childElementCount;
  group.replaceChildren(
    svgElement("path", { d: lines }),
    svgElement("path", { class: "trail-marks", d: marks, "stroke-width": 2 * unit }),
  );
  group.dataset.size = size;
  group.dataset.first = first;
}

// Forgets the segments a group drawn as paths drew first, as it goes
// (the groups after it are gone: the trail is cut from its end).
function forget(group) {
  for (const key of group.added || []) flattened.delete(key);
  group.added = [];
}

// Draws a group drawn as paths as one element a segment again.
function unflatten(group) {
  forget(group);
  const first = Number(group.dataset.first);
  const size = Number(group.dataset.size);
  delete group.dataset.size;
  group.replaceChildren();
  for (let i = first; i < first + size; i++) group.append(segmentOf(i));
}

// Sets one of the board's SVGs to the frame of the drawing, at the
// view's scale when it has one.
function frame(svg) {
  const { full, drawnScale } = view;
  if (!full) return;
  svg.setAttribute("viewBox", `${full.x} ${full.y} ${full.w} ${full.h}`);
  if (drawnScale) {
    svg.style.width = `${full.w * drawnScale}px`;
    svg.style.height = `${full.h * drawnScale}px`;
  }
}

function drawBoard() {
  const walked = trail();
  drawTrail(walked);
  // Drawn again only when the route it shows changes (another maze's, or
  // none).
  const guide = progress.guide && GAME.route ? GAME.route : NO_GUIDE;
  if (guideLine.drawn !== guide) {
    guideLine.setAttribute("points", guide.map((at) => centre(at).join(",")).join(" "));
    guideLine.drawn = guide;
  }
  // The route is said, and can be put away, while it is drawn.
  $("hide-guide").hidden = guide === NO_GUIDE;
  const state = lessonFrame ? lessonFrame.state : walked.at(walked.length - 1);
  const drawn = FAMILY.walker
    ? FAMILY.walker(state, CELL)
    : [svgElement("circle", { class: "walker-disc", r: CELL * 0.24 })];
  walkerPieces.replaceChildren(...drawn);
  if (FAMILY.pieces) FAMILY.pieces(pieces, state, CELL, centre);
  drawMarks();
  walker.at = state.at;
  placeWalker();
  // The minimap marks the walker where it is now.
  repaint();
  // Placed at once on a new maze; slid from square to square after.
  requestAnimationFrame(() => { walker.style.transition = ""; });
  keepInView(state.at);
}

// The walker on its square, drawn at least MIN_PIECE_PX wide however far
// the view is zoomed out, as the goal's ring is.
const MIN_PIECE_PX = 14;
// The goal's ring, as a share of a square: a circle of this radius.
const RING = { size: 0.4 };
function placeWalker() {
  if (!walker.at || !view.full) return;
  const [x, y] = centre(walker.at);
  const px = pixelsPerUnit();
  const grow = Math.max(1, MIN_PIECE_PX / (CELL * 0.48 * px));
  walker.style.transform = `translate(${x}px, ${y}px)`;
  walkerPieces.setAttribute("transform", `scale(${grow})`);
  // The ring keeps clear of the labels round the goal (GOAL under it,
  // START and the number inside a square).
  const { size, corner } = { ...RING, ...FAMILY.ring };
  const r = Math.max(CELL * size, MIN_PIECE_PX / px);
  const [gx, gy] = [Number(goalRing.dataset.x), Number(goalRing.dataset.y)];
  for (const [name, value] of [["x", gx - r], ["y", gy - r], ["width", 2 * r], ["height", 2 * r], ["rx", corner === undefined ? r : CELL * corner]]) {
    goalRing.setAttribute(name, value);
  }
  goalRing.setAttribute("stroke-width", Math.max(CELL * 0.07, 3 / px));
}

// The panel, for the state shown.
function drawPanel() {
  const state = shown();
  $("sign").replaceChildren();
  FAMILY.panel(state, $("sign"));
  const open = FAMILY.open && showing === null ? FAMILY.open(state) : [];
  for (const button of $("turns").children) {
    button.classList.toggle("open", open.includes(button.dataset.turn));
    button.classList.toggle("closed", !open.includes(button.dataset.turn));
  }
  $("goal").textContent = FAMILY.goal ? `Goal: ${show(FAMILY.goal)}, ${whereFrom(state.at, FAMILY.goal)}.` : "";
}

// What the player moves, in the family's words.
const mover = () => FAMILY.mover || "the walker";

// Where `to` lies from `from`, in words: "3 rows north and 5 columns east".
function whereFrom(from, to) {
  const rows = to[0] - from[0];
  const cols = to[1] - from[1];
  const parts = [];
  if (rows) parts.push(`${Math.abs(rows)} ${Math.abs(rows) === 1 ? "row" : "rows"} ${rows < 0 ? "north" : "south"}`);
  if (cols) parts.push(`${Math.abs(cols)} ${Math.abs(cols) === 1 ? "column" : "columns"} ${cols < 0 ? "west" : "east"}`);
  return parts.length ? `${parts.join(" and ")} of ${mover()}` : `where ${mover()} is`;
}

// A step of a solution being drawn: the board, the panel and the status.
function drawShown() {
  drawPanel();
  drawBoard();
  say();
}

function draw() {
  // An action ends the lesson: the board shows the game again.
  if (lessonFrame) {
    $("lesson").close();
    lessonFrame = null;
  }
  $("hint").textContent = "";
  drawPanel();
  drawBoard();
  say();
  saveProgress();
  runClock();
  keepAddress();
}

// ---- The view: zoom and follow --------------------------------------------

// The part of the drawing shown: its centre and zoom (1: all of it), and
// whether it follows the walker.
const view = { full: null, x: 0, y: 0, zoom: 1, follow: false };
// A square is drawn at most this many pixels wide; a big maze opens with
// its squares this wide, following the walker.
const MAX_CELL_PX = 240;
const START_CELL_PX = 64;

// Pixels per unit of the drawing at zoom 1: the whole drawing on the board.
function baseScale() {
  const [w, h] = mapSize();
  return Math.min(w / view.full.w, h / view.full.h) || 1;
}

// The board's size in pixels, read from the page once and again only
// when the board is resized (mapResized): read on every move, after the
// move changed the page, it made the browser lay the page out there and
// then, which cost more than the rest of the move.
// With it, where the board's inside begins below the top of its section,
// for what is placed over the board's foot.
let mapSizeRead = null;
function mapSize() {
  const map = $("map");
  if (!mapSizeRead) mapSizeRead = [map.clientWidth, map.clientHeight, map.offsetTop + map.clientTop];
  return mapSizeRead;
}
const mapResized = () => { mapSizeRead = null; };

// The part of the drawing the board shows, in the drawing's units.
function visible() {
  const scale = pixelsPerUnit();
  const [w, h] = mapSize();
  return [w / scale, h / scale];
}

// Keeps `at` within [low, high] with room `w`, or centred where there is
// more room than drawing.
const clampView = (at, w, low, size) => (w >= size ? low + size / 2 : Math.min(Math.max(at, low + w / 2), low + size - w / 2));

const pixelsPerUnit = () => baseScale() * view.zoom;

// `zoom` kept between the whole maze (1) and squares MAX_CELL_PX wide.
const clampZoom = (zoom) => Math.min(Math.max(zoom, 1), Math.max(1, MAX_CELL_PX / (baseScale() * CELL)));

function setView() {
  const { full } = view;
  view.zoom = clampZoom(view.zoom);
  const [w, h] = visible();
  view.x = clampView(view.x, w, full.x, full.w);
  view.y = clampView(view.y, h, full.y, full.h);
  const scale = pixelsPerUnit();
  // A new zoom redraws the layers at their new size; a move of the view
  // only translates them.
  if (scale !== view.drawnScale) {
    view.drawnScale = scale;
    for (const layer of layers) frame(layer);
  }
  const [mapW, mapH] = mapSize();
  const tx = mapW / 2 - (view.x - view.full.x) * scale;
  const ty = mapH / 2 - (view.y - view.full.y) * scale;
  stage.style.transform = `translate(${tx}px, ${ty}px)`;
  $("minimap").hidden = view.zoom <= 1;
  repaint();
  $("follow").setAttribute("aria-pressed", String(view.follow));
  $("fit").setAttribute("aria-pressed", String(view.zoom <= 1));
  $("zoom-level").textContent = zoomWords();
  placeWalker();
  pointToGoal();
}

// The zoom as a player reads it: the whole maze, or how wide a square is.
const zoomWords = () => (view.zoom <= 1 ? "whole maze" : `squares ${Math.round(CELL * pixelsPerUnit())} px`);

// When the goal is off the board, a button beside the zoom points to it,
// its pointer turned the goal's way; pressing it brings the goal into view.
function pointToGoal() {
  const pointer = $("goal-pointer");
  if (!FAMILY.goal) {
    pointer.classList.remove("away");
    return;
  }
  const [gx, gy] = centre(FAMILY.goal);
  const [w, h] = visible();
  const [dx, dy] = [gx - view.x, gy - view.y];
  const away = Math.abs(dx) > w / 2 || Math.abs(dy) > h / 2;
  pointer.classList.toggle("away", away);
  if (away) pointer.querySelector(".pointing").style.transform = `rotate(${Math.atan2(dy, dx)}rad)`;
}

function showGoal() {
  view.follow = false;
  [view.x, view.y] = centre(FAMILY.goal);
  setView();
}

// Zooms to `zoom`, keeping the drawing's point `around` where it is; or,
// following the walker, keeping the walker in the middle (as near as the
// maze's edges let it be): zoomed out around the view's centre, a walker
// by an edge, which the view could not centre, slid off the board.
function zoomTo(zoom, around) {
  const before = view.zoom;
  view.zoom = clampZoom(zoom);
  const ratio = before / view.zoom;
  if (view.follow && walker.at) {
    [view.x, view.y] = centre(walker.at);
  } else {
    view.x = around[0] + (view.x - around[0]) * ratio;
    view.y = around[1] + (view.y - around[1]) * ratio;
  }
  setView();
}

const zoomBy = (factor) => zoomTo(view.zoom * factor, [view.x, view.y]);

function fit() {
  view.zoom = 1;
  view.follow = false;
  setView();
}

function setFollow(on) {
  view.follow = on;
  if (on) keepInView(current().at);
  setView();
}

// Centres the walker when following, or when it has walked out of view.
function keepInView(at) {
  if (!view.full) return;
  const [x, y] = centre(at);
  const [w, h] = visible();
  const outside = Math.abs(x - view.x) > w / 2 - CELL / 2 || Math.abs(y - view.y) > h / 2 - CELL / 2;
  if (view.follow || outside) {
    view.x = x;
    view.y = y;
    setView();
  }
}

// A big maze opens zoomed in on the walker, following it; a small one
// opens whole.
function openView() {
  view.x = view.full.x + view.full.w / 2;
  view.y = view.full.y + view.full.h / 2;
  const cellPx = baseScale() * CELL;
  view.zoom = cellPx < START_CELL_PX * 0.6 ? START_CELL_PX / cellPx : 1;
  view.follow = view.zoom > 1;
  setView();
}

// The drawing's point under a point of the screen.
function pointAt(clientX, clientY) {
  const map = $("map");
  const box = map.getBoundingClientRect();
  const scale = pixelsPerUnit();
  return [view.x + (clientX - box.left - map.clientLeft - map.clientWidth / 2) / scale,
    view.y + (clientY - box.top - map.clientTop - map.clientHeight / 2) / scale];
}

// ---- Moves by pointer: click, tap, swipe; drag and pinch to look around ----

const pointers = new Map();
let pinch = null;
const TAP_PX = 10;
const SWIPE_PX = 30;
// A touch that moves is a swipe (a move) if it ends within SWIPE_MS, as a
// flick does; held longer, it drags the view around and makes no move.
const SWIPE_MS = 250;

// A click or tap moves one step toward the point: onto a neighbouring
// square, or along a road, or toward anywhere further in that direction;
// on the walker's square, it stays (a wait), where the game has one.
function tap(clientX, clientY) {
  const [px, py] = pointAt(clientX, clientY);
  const [x, y] = centre(current().at);
  const [dx, dy] = [px - x, py - y];
  // On the walker's own square: stay there, where the game allows it.
  if (Math.max(Math.abs(dx), Math.abs(dy)) < CELL / 2) {
    if (FAMILY.stay) play(FAMILY.stay.move);
    return;
  }
  go(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "E" : "W") : (dy > 0 ? "S" : "N"));
}

function spread() {
  const [a, b] = [...pointers.values()];
  return [Math.hypot(a.x - b.x, a.y - b.y), (a.x + b.x) / 2, (a.y + b.y) / 2];
}

function setUpPointer() {
  const board = $("map");
  board.addEventListener("pointerdown", (event) => {
    try { board.setPointerCapture(event.pointerId); } catch { /* a synthetic pointer */ }
    pointers.set(event.pointerId, {
      x: event.clientX, y: event.clientY, x0: event.clientX, y0: event.clientY,
      touch: event.pointerType !== "mouse", gesture: false, since: performance.now(),
    });
    if (pointers.size === 2) {
      for (const p of pointers.values()) p.gesture = true;
      const [distance, mx, my] = spread();
      pinch = { distance, zoom: view.zoom, mx, my };
    }
  });
  // Moves the view by a drag of (dx, dy) pixels, and stops following.
  const pan = (dx, dy) => {
    const scale = pixelsPerUnit();
    view.x -= dx / scale;
    view.y -= dy / scale;
    view.follow = false;
    setView();
  };
  board.addEventListener("pointermove", (event) => {
    const p = pointers.get(event.pointerId);
    if (!p) return;
    const [dx, dy] = [event.clientX - p.x, event.clientY - p.y];
    p.x = event.clientX;
    p.y = event.clientY;
    if (pinch && pointers.size === 2) {
      // Two fingers pinch to zoom and move together to pan.
      const [distance, mx, my] = spread();
      zoomTo(pinch.zoom * distance / pinch.distance, pointAt(mx, my));
      pan(mx - pinch.mx, my - pinch.my);
      [pinch.mx, pinch.my] = [mx, my];
    } else if (p.gesture) {
      pan(dx, dy);
    } else if (Math.hypot(p.x - p.x0, p.y - p.y0) > TAP_PX
      && (!p.touch || performance.now() - p.since > SWIPE_MS)) {
      // A mouse drag, or a touch held past a flick, looks around.
      p.gesture = true;
      pan(p.x - p.x0, p.y - p.y0);
    }
  });
  const end = (event) => {
    const p = pointers.get(event.pointerId);
    pointers.delete(event.pointerId);
    if (pointers.size < 2) pinch = null;
    if (!p || p.gesture || event.type === "pointercancel") return;
    const [dx, dy] = [event.clientX - p.x0, event.clientY - p.y0];
    const distance = Math.hypot(dx, dy);
    if (distance < TAP_PX) {
      tap(event.clientX, event.clientY);
    } else if (p.touch && distance > SWIPE_PX && performance.now() - p.since <= SWIPE_MS) {
      // A swipe moves the way it points, as on a phone's puzzle games.
      go(Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? "E" : "W") : (dy > 0 ? "S" : "N"));
    }
  };
  board.addEventListener("pointerup", end);
  board.addEventListener("pointercancel", end);
  board.addEventListener("wheel", (event) => {
    event.preventDefault();
    zoomTo(view.zoom * Math.exp(-event.deltaY * 0.002), pointAt(event.clientX, event.clientY));
  }, { passive: false });
}

// ---- Modes, buttons and keys ----------------------------------------------

const walking = () => document.body.classList.contains("walking");
const COMPASS_KEYS = { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" };

// The view the player chose last, Walk or Overview, kept as progress is:
// a reload opens it again.
const VIEW_KEY = "logicmaze:view";
function chooseMode(walk) {
  setMode(walk);
  keptTwice.set(VIEW_KEY, walk ? "walk" : "overview");
}

function setMode(walk) {
  const on = walk && Boolean(FAMILY.walk);
  document.body.classList.toggle("walking", on);
  repaint();
  $("walk-mode").setAttribute("aria-pressed", String(on));
  $("overview-mode").setAttribute("aria-pressed", String(!on));
  $("mode-help").textContent = on
    ? `Walk: the arrow keys turn as the walker does: ${FAMILY.walk.help}. Tap or click the road to take.`
    : "The arrow keys are compass directions on the map: ↑ north, → east, ↓ south, ← west. Tap, click or swipe toward a square to move there.";
}

function button(label, title, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.innerHTML = label;
  if (title) b.setAttribute("aria-label", title);
  b.addEventListener("click", onClick);
  return b;
}

// The controls for the maze's family: the walk mode's turns, if it has
// one, and the direction pad.
function putMoves() {
  $("turns").replaceChildren();
  for (const [turn, glyph, name] of FAMILY.walk ? FAMILY.walk.buttons : []) {
    const b = button(`${glyph}\u00a0${name}`, name, () => play(turn));
    b.dataset.turn = turn;
    $("turns").append(b);
  }
  $("modes").hidden = !FAMILY.walk;
  // A game that lets the player stay put has a button for it, in the
  // middle of the direction pad.
  $("pad").querySelector(".pad-stay")?.remove();
  if (FAMILY.stay) {
    const { move, label, glyph } = FAMILY.stay;
    const b = button(`${glyph} <span>${label}</span>`, label, () => play(move));
    b.className = "pad-stay";
    $("pad").append(b);
  }
  const stayKeys = FAMILY.stay
    ? `${FAMILY.stay.keys.map((k) => (k === " " ? "Space" : k)).join(" or ")} ${FAMILY.stay.label.toLowerCase()}; `
    : "";
  // As in Simon Tatham's puzzles: U undo, R redo; only the keys that
  // apply to this maze's family are listed.
  $("keys").textContent = `Keys: arrow keys move (see above); ${stayKeys}U, Ctrl+Z or Backspace undo; ` +
    "R, Ctrl+Y or Shift+U redo; H hint; S the solution (asks first); " +
    (FAMILY.walk ? "W / O walk or overview; " : "") +
    (games.length > 1 ? "N next unsolved maze; " : "") +
    `M mark where ${mover()} stands (tried, dead end, none); ` +
    `+ / − zoom, 0 whole maze, F follow ${mover()}; ? or F1 how to play.`;
}

function setUpControls() {
  for (const d of DIRECTIONS) {
    const b = button(`${ARROWS[d]} <span>${d}</span>`, NAMES[d], () => go(d));
    b.dataset.direction = d;
    b.className = `pad-${d}`;
    $("pad").append(b);
  }
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("hide-guide").addEventListener("click", hideGuide);
  $("solution").addEventListener("click", askSolution);
  $("reveal-yes").addEventListener("click", showSolution);
  $("reveal-no").addEventListener("click", () => { closeReveal(); $("solution").focus(); });
  $("skip").addEventListener("click", finishShowing);
  $("hint-button").addEventListener("click", hint);
  $("no-solution").addEventListener("click", claimNoSolution);
  $("goal-pointer").addEventListener("click", showGoal);
  // Pressed or dragged, by mouse, pen or finger, the view goes there.
  const mini = $("minimap");
  mini.addEventListener("pointerdown", (event) => {
    try { mini.setPointerCapture(event.pointerId); } catch { /* a synthetic pointer */ }
    moveToMinimap(event);
  });
  mini.addEventListener("pointermove", (event) => {
    if (mini.hasPointerCapture(event.pointerId)) moveToMinimap(event);
  });
  $("next-unsolved").addEventListener("click", nextUnsolved);
  $("walk-mode").addEventListener("click", () => chooseMode(true));
  $("overview-mode").addEventListener("click", () => chooseMode(false));
  $("zoom-in").addEventListener("click", () => zoomBy(1.5));
  $("zoom-out").addEventListener("click", () => zoomBy(1 / 1.5));
  $("fit").addEventListener("click", fit);
  $("follow").addEventListener("click", () => setFollow(!view.follow));
  document.addEventListener("keydown", onKey);
  // A button clicked with the mouse gives the keys back to the game: its
  // focus would make Space and Enter press it again (see onKey). Pressed
  // from the keyboard (no clicks counted), it keeps the focus.
  document.addEventListener("click", (event) => {
    const pressed = event.target.closest("button");
    if (pressed && event.detail > 0 && document.activeElement === pressed) pressed.blur();
  });
}

function onKey(event) {
  if (event.altKey || !FAMILY || event.target.closest("input, select, textarea")) return;
  // The question before the solution keeps Tab among its two buttons, so
  // that Enter after a Tab still answers it.
  if (event.key === "Tab" && !$("reveal").hidden) {
    const answers = [$("reveal-yes"), $("reveal-no")];
    const at = answers.indexOf(document.activeElement);
    answers[at < 0 ? 0 : (at + 1) % answers.length].focus();
    event.preventDefault();
    return;
  }
  if (["Shift", "Control", "Meta", "Alt", "Tab"].includes(event.key)) return;
  // Space and Enter on a focused button are the button's: they press it
  // and play nothing (a move made there would be a move the player never chose).
  if ([" ", "Enter"].includes(event.key) && event.target.closest("button, a[href], summary")) return;
  // A key while a solution is being drawn ends the drawing, and does
  // nothing else.
  if (showing !== null) {
    finishShowing();
    event.preventDefault();
    return;
  }
  // The question before the solution keeps its keys (Tab, Enter, Space
  // on its buttons); Escape or any other key puts it away.
  if (!$("reveal").hidden) {
    if (event.target.closest("#reveal") && ["Enter", " "].includes(event.key)) return;
    closeReveal();
    if (event.key === "Escape") {
      event.preventDefault();
      return;
    }
  }
  const key = event.key.toLowerCase();
  if (event.key === "F1" || event.key === "?") {
    if (lessonOpen()) closeLesson();
    else openLesson();
    event.preventDefault();
    return;
  }
  // The lesson keeps its buttons' keys; Escape closes it, and any other
  // key closes it and plays on.
  if (lessonOpen()) {
    if (event.target.closest("#lesson") && ["Enter", " ", "Tab"].includes(event.key)) return;
    closeLesson();
    if (event.key === "Escape") {
      event.preventDefault();
      return;
    }
  }
  if (event.ctrlKey || event.metaKey) {
    if (key === "z" && !event.shiftKey) undo();
    else if (key === "y" || (key === "z" && event.shiftKey)) redo();
    else return;
  } else if (walking() && FAMILY.walk.keys[event.key]) {
    play(FAMILY.walk.keys[event.key]);
  } else if (FAMILY.stay && FAMILY.stay.keys.includes(event.key)) {
    play(FAMILY.stay.move);
  } else if (COMPASS_KEYS[event.key]) {
    go(COMPASS_KEYS[event.key]);
  } else if ((key === "u" && event.shiftKey) || key === "y" || key === "r") {
    redo();
  } else if (key === "u" || event.key === "Backspace") {
    undo();
  } else if (key === "s") {
    askSolution();
  } else if (key === "h") {
    hint();
  } else if (key === "n" && games.length > 1) {
    nextUnsolved();
  } else if (key === "w" || key === "o") {
    chooseMode(key === "w");
  } else if (key === "+" || key === "=") {
    zoomBy(1.5);
  } else if (key === "-" || key === "_") {
    zoomBy(1 / 1.5);
  } else if (key === "0") {
    fit();
  } else if (key === "f") {
    setFollow(!view.follow);
  } else if (key === "m") {
    markHere();
  } else {
    return;
  }
  event.preventDefault();
}

// ---- The page's mazes -------------------------------------------------------

// Keeps the maze's whole history (every move, restart and shown
// solution, and where undo has left it), so that a reload opens the page
// as it was left, undo and redo included. A win is kept at once; the
// history at most SAVE_MS after a move, and at once when the page is left
// or hidden or another maze opens: written on every move, a game of
// 15,000 moves cost a millisecond a move to keep.
const SAVE_MS = 400;
let saveDue = null;
function saveProgress() {
  const solvedNow = FAMILY.solved(current()) && acted().kind !== "solution";
  const newlySolved = solvedNow && !progress.solved;
  progress.solved = progress.solved || solvedNow;
  if (newlySolved || (solvedNow && entry().kind !== "mark")) noteBest();
  if (newlySolved) {
    writeProgress();
    listMazes();
  } else if (saveDue === null) {
    saveDue = setTimeout(writeProgress, SAVE_MS);
  }
}

// Writes the maze's progress out now, unless it is what was last written
// or read (so that leaving a page writes nothing it did not change).
function writeProgress() {
  clearTimeout(saveDue);
  saveDue = null;
  if (!GAME) return;
  keepClock();
  if (sameAsKept()) return;
  progress.history = historyWords();
  progress.position = position;
  delete progress.walked;
  keptTwice.set(keyOf(GAME), progress);
  keep();
}

// What the progress was when last written or read: the history's last
// entry and length, the position in it, and the flags kept beside it.
let keptProgress = null;
const keep = () => {
  keptProgress = { last: entries[entries.length - 1], length: entries.length, position, guide: progress.guide,
    solved: progress.solved, seconds: Math.floor((progress.time || 0) / 1000), best: progress.best };
};
const sameAsKept = () => {
  const k = keptProgress;
  return k !== null && k.last === entries[entries.length - 1] && k.length === entries.length &&
    k.position === position && k.guide === progress.guide && k.solved === progress.solved &&
    k.seconds === Math.floor((progress.time || 0) / 1000) && k.best === progress.best;
};

// The history as words, an entry each after the start: a move's step
// ("N", "stay"), "restart", "solution", or a mark "mark:PLACE:VALUE".
function historyWords() {
  const words = new Array(entries.length - 1);
  for (let i = 1; i < entries.length; i++) {
    const e = entries[i];
    words[i - 1] = e.word || (e.kind === "mark" ? `mark:${e.place}:${e.value || ""}` : e.kind);
  }
  return words;
}

// Replays the history kept for the maze (or, as pages before kept it,
// the moves walked since the last restart), or the one a link gives.
function restoreProgress(link) {
  progress = progressOf(GAME);
  const history = link ? link.history
    : Array.isArray(progress.history) ? progress.history
      : Array.isArray(progress.walked) ? progress.walked : [];
  replay(history, link ? link.position : progress.position);
  // A link's history is not what was kept: it is kept at the next save.
  if (!link) keep();
}

// Appends the entries `history` (historyWords) names, as far as the game
// allows them, and stands at entry `at` (the last if not a whole number).
function replay(history, at) {
  marks = new Map();
  for (const word of history) {
    const last = entries[entries.length - 1];
    let next = null;
    if (typeof word !== "string") break;
    if (word === "restart") {
      next = { kind: word, state: entries[0].state, moves: 0 };
    } else if (word === "solution") {
      const route = GAME.route && walk(GAME.route);
      if (route) next = { kind: word, state: route[route.length - 1], route, moves: route.length - 1 };
    } else if (word.startsWith("mark:")) {
      next = markAction(word.slice(5), last);
    } else {
      const state = stepFrom(last.state, word);
      if (state) next = { kind: "move", state, moves: last.moves + 1 };
    }
    if (!next) break;
    append(next);
    if (next.kind === "mark") applyMark(next, true);
  }
  position = entries.length - 1;
  const stand = Number.isInteger(at) ? Math.min(Math.max(at, 0), entries.length - 1) : position;
  while (position > stand) {
    if (entry().kind === "mark") applyMark(entry(), false);
    position -= 1;
  }
}

// ---- Help short of the answer ------------------------------------------------

// The most states a hint looks through before it gives up.
const HINT_STATES = 2_000_000;

// The first move of a shortest route from `state` to the goal, and its
// length, by a breadth-first search over the game's own moves; null when
// no route is left, { tooBig } past HINT_STATES.
function nextMoveFrom(state) {
  const keyOfState = FAMILY.key || JSON.stringify;
  const directions = FAMILY.stay ? [...DIRECTIONS, "stay"] : DIRECTIONS;
  const seen = new Set([keyOfState(state)]);
  let layer = [[state, null]];
  for (let distance = 1; layer.length > 0; distance++) {
    const next = [];
    for (const [from, first] of layer) {
      if (FAMILY.lost && FAMILY.lost(from)) continue;
      for (const d of directions) {
        const to = stepFrom(from, d);
        if (!to) continue;
        const key = keyOfState(to);
        if (seen.has(key)) continue;
        seen.add(key);
        if (FAMILY.solved(to)) return { direction: first || d, moves: distance };
        next.push([to, first || d]);
      }
      if (seen.size > HINT_STATES) return { tooBig: true };
    }
    layer = next;
  }
  return null;
}

// A hint: the next move of a shortest route from where the walker
// stands, or that the goal cannot be reached from here. It is not an
// action: the history is left as it is.
function hint() {
  if (showing !== null) finishShowing();
  closeReveal();
  const state = current();
  if (FAMILY.solved(state)) return say(null, "You are at the goal already.");
  if (lostWhy()) return say(null, "This game is lost: undo or restart.");
  const found = nextMoveFrom(state);
  if (!found && !GAME.route) {
    say(null, 'The goal cannot be reached from the start: this maze has no solution. Say so with "No solution".');
    return;
  }
  if (!found) {
    say(null, "From here the goal cannot be reached: undo or restart.");
    return;
  }
  if (found.tooBig) {
    say(null, "This maze is too large for a hint from here.");
    return;
  }
  const { direction, moves } = found;
  const turn = FAMILY.walk && walking() ? FAMILY.walk.buttons.find(([t]) => t === moveToward(state, direction)) : null;
  const how = direction === "stay"
    ? FAMILY.stay.label.toLowerCase()
    : `go ${named(direction)}${turn ? ` (${turn[2].toLowerCase()})` : ""}`;
  $("message").textContent = "";
  $("hint").textContent = `Hint: ${how}; the goal is ${moves} ${moves === 1 ? "move" : "moves"} away from here.`;
  const target = direction === "stay" ? $("pad").querySelector(".pad-stay")
    : turn ? $("turns").querySelector(`[data-turn="${turn[0]}"]`)
      : $("pad").querySelector(`[data-direction="${direction}"]`);
  if (target) {
    target.classList.add("hinted");
    setTimeout(() => target.classList.remove("hinted"), 2000);
  }
}

// Opens the maze `index` of the list, with its kept history, or with the
// one a link gives (see keep.js).
function load(index, link) {
  // A generated maze listed from an earlier visit is fetched first.
  if (games[index].pending) return fetchGame(games[index].id, link);
  writeProgress();
  stopShowing();
  closeReveal();
  GAME = games[index];
  FAMILY = GAMES[GAME.maze.family](GAME.maze, GAME.extra);
  entries = [];
  append({ kind: "start", state: FAMILY.start(), moves: 0 });
  position = 0;
  $("title").textContent = GAME.maze.name;
  // The tab follows the maze open, as the page's own title does.
  document.title = `${GAME.maze.name} — logicmaze`;
  $("rules").textContent = FAMILY.rules;
  putMap();
  putMoves();
  setMode(Boolean(FAMILY.walk) && keptTwice.get(VIEW_KEY) !== "overview");
  restoreProgress(link);
  openView();
  startClock();
  draw();
  listMazes();
  // Kept both ways, as progress is: a reload opens the maze this tab
  // had open, a new tab the one opened last in any tab.
  keptTwice.set(lastKey(), GAME.maze.name);
  teachOnce();
}

// The next maze of the list not solved yet, after the one open (round
// the list).
function nextUnsolved() {
  const at = games.indexOf(GAME);
  for (let i = 1; i < games.length; i++) {
    const index = (at + i) % games.length;
    if (!progressOf(games[index]).solved) return load(index);
  }
  say(null, "Every other maze of the page is solved.");
}

// A generated maze's id breaks after its colons and before its seed, not
// inside a number.
const breakable = (name) => name.replace(/:/g, ":\u200b").replace(/#/g, "\u200b#");

function listMazes() {
  const list = $("maze-list");
  list.replaceChildren();
  // Each maze's progress is read once: two reads and parses of storage.
  const solvedOnes = games.map((game) => Boolean(progressOf(game).solved));
  const solvedCount = solvedOnes.filter(Boolean).length;
  $("solved-count").textContent = `Solved ${solvedCount} of ${games.length}.`;
  $("next-unsolved").hidden = games.length < 2;
  games.forEach((game, index) => {
    const item = document.createElement("li");
    const solved = solvedOnes[index];
    const [rows, cols] = game.size;
    const b = button("", null, () => load(index));
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = breakable(game.maze.name);
    const about = document.createElement("small");
    about.textContent = `${game.maze.family} ${rows}×${cols}`;
    const done = document.createElement("span");
    done.className = "done";
    // The tick for the eye, a word for a screen reader (an aria-label on
    // a span is not read).
    done.textContent = solved ? "✓" : "";
    done.setAttribute("aria-hidden", "true");
    const said = document.createElement("span");
    said.className = "unseen";
    said.textContent = solved ? ", solved" : "";
    b.append(name, about, done, said);
    if (game === GAME) b.setAttribute("aria-current", "true");
    item.append(b);
    list.append(item);
  });
  $("collection").hidden = games.length < 2 && !DATA.generators;
  $("maze-list").hidden = games.length === 0;
}

// ---- New mazes from the server (play --serve) -------------------------------

// A game id names a generated maze: FAMILY:ROWSxCOLS:DIFFICULTY#SEED, as
// `NAME:20x20:hard#7`. The page's address ends with it, so a link to the
// page is a link to the maze.
// The ids of the mazes generated on this page, kept so that a reload
// lists them again (each fetched again when opened).
const generatedKey = () => `logicmaze:generated:${location.pathname}`;
// A question to the server that served the page, with the page's token
// (the server answers nothing without it).
const served = (path) => {
  const token = new URLSearchParams(location.search).get("token") || "";
  return `${path}${path.includes("?") ? "&" : "?"}token=${encodeURIComponent(token)}`;
};
const MAX_GENERATED = 50;

function rememberGenerated(id) {
  const kept = store.get(generatedKey());
  const ids = (Array.isArray(kept) ? kept : []).filter((k) => typeof k === "string" && k !== id);
  store.set(generatedKey(), [...ids, id].slice(-MAX_GENERATED));
}

// An entry of the list for a generated maze not fetched yet: its id
// says its family and size.
function placeholder(id) {
  const [family, size] = id.split(":");
  const [rows, cols] = (size || "").split("x").map(Number);
  return { id, pending: true, maze: { name: id, family }, size: [rows || 0, cols || 0] };
}

async function fetchGame(id, link) {
  // A generated maze is named by its id.
  const known = games.findIndex((g) => g.id === id || g.maze.name === id);
  if (known >= 0 && !games[known].pending) return load(known, link);
  $("new-status").textContent = `Generating ${id}…`;
  try {
    const response = await fetch(served(`maze?id=${encodeURIComponent(id)}`));
    const answer = await response.json();
    if (!response.ok) {
      $("new-status").textContent = answer.error;
      // The address names the maze shown, not the one refused; a page
      // opened on a refused id opens as if it named none.
      if (GAME) writeAddress(true);
      else openFirst();
      return;
    }
    const entry = { ...answer, id };
    if (known >= 0) games[known] = entry;
    else games.push(entry);
    rememberGenerated(id);
    $("new-status").textContent = "";
    load(known >= 0 ? known : games.length - 1, link);
  } catch (error) {
    $("new-status").textContent = `The server did not answer: ${error.message}`;
    if (!GAME) openFirst();
  }
}

function setUpNewMazes() {
  const kept = store.get(generatedKey());
  for (const id of Array.isArray(kept) ? kept : []) {
    if (typeof id === "string" && !games.some((g) => g.id === id)) games.push(placeholder(id));
  }
  const form = $("new-maze");
  form.hidden = false;
  const family = $("new-family");
  for (const name of Object.keys(DATA.generators)) family.append(new Option(name, name));
  const preset = () => {
    const [rows, cols] = DATA.generators[family.value][$("new-difficulty").value];
    $("new-rows").value = rows;
    $("new-cols").value = cols;
  };
  family.addEventListener("change", preset);
  $("new-difficulty").addEventListener("change", preset);
  for (const input of [$("new-rows"), $("new-cols")]) {
    input.max = DATA.maxSide;
  }
  preset();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const seed = Math.floor(Math.random() * 1e9);
    const id = `${family.value}:${$("new-rows").value}x${$("new-cols").value}:${$("new-difficulty").value}#${seed}`;
    holdAddress();
    location.hash = addressOf(id, []);
  });
}

function setUp() {
  darkScheme.addEventListener("change", () => { if (GAME) repaint(); });
  window.addEventListener("pagehide", () => {
    writeProgress();
    writeAddress();
  });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") {
      writeProgress();
      writeAddress();
    }
    runClock();
  });
  // An address typed or pasted into this tab opens what it names.
  window.addEventListener("hashchange", openAddress);
  // A board that changes size (a turned phone, a resized window) draws
  // the view again at its new scale.
  new ResizeObserver(() => {
    mapResized();
    if (view.full) setView();
  }).observe($("map"));
  setUpControls();
  setUpPointer();
  if (DATA.generators) setUpNewMazes();
  setUpMarks();
  setUpShare();
  setUpLesson();
  // The address's maze (open now, or on its way from the server), or else
  // the one opened last.
  if (!openAddress()) openFirst();
}

// Opens the maze this tab (or, in a new tab, any tab) opened last, the
// first of the list, or, on a served page without any, a new one.
function openFirst() {
  const lastName = keptTwice.get(lastKey());
  const last = games.findIndex((g) => g.maze.name === lastName);
  if (games.length > 0) load(Math.max(last, 0));
  else $("new-maze").requestSubmit();
}
