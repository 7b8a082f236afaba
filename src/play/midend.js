// The page's shared code after the families' games, for every family, in
// five files joined in this order: here the storage progress is kept in
// (localStorage, which may be refused) and the maze being played, its
// history (undo, redo, restart, the solution shown step by step); then
// layers.js, the board's layers; view.js, the view (zoom and follow) and
// moves by pointer; controls.js, the modes, buttons and keys and the
// progress saved and restored; help.js, help short of the answer, the
// page's mazes and their list, new mazes by game id when served, and
// setting the page up.

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
  remove(key) {
    try { window[area].removeItem(key); } catch { /* nothing kept */ }
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
  linkMessage = null;
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
  // A claim that the maze has no solution moves nothing either, but is
  // an action of its own (the status says it).
  const still = mark || action.kind === "claim";
  action.from = action.kind === "move" || still ? last.from : entries.length;
  action.step = last ? last.step + (still ? 0 : 1) : 0;
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

// What the page says of the link it was opened with, until the player
// acts or opens another maze (a maze opening speaks more than once).
let linkMessage = null;
const sayNext = (message) => { linkMessage = message; };

function say(status, message) {
  message = message || linkMessage;
  const { kind, moves } = acted();
  const solved = FAMILY.solved(current());
  const lost = lostWhy();
  const solution = kind === "solution";
  const drawing = showing !== null;
  const claimed = kind === "claim";
  const won = (solved && !solution) || claimed;
  $("status").className = won ? "solved" : lost ? "lost" : "";
  $("status").textContent = status || (claimed ? "Solved: this maze has no solution." : drawing
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
  linkMessage = null;
  stopShowing();
  closeReveal();
  if (position > 0) {
    if (entry().kind === "mark") applyMark(entry(), false);
    position -= 1;
  }
  draw();
}

function redo() {
  linkMessage = null;
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
// The answer is an entry of the history: undone, redone, kept and linked
// as a move is.
function claimNoSolution() {
  if (showing !== null) finishShowing();
  closeReveal();
  if (GAME.route) {
    say(null, "There is a way to the goal: look on.");
    return;
  }
  if (acted().kind === "claim") return;
  record({ kind: "claim", state: current(), moves: entry().moves });
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
