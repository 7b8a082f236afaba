// What the player presses (after view.js, before help.js): the modes,
// buttons and keys; and the progress they make, saved, written and
// restored, a history replayed.

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
  $("minimap-shown").addEventListener("click", () => showMinimap(!minimapWanted()));
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
  // The Print dialog keeps its keys (Escape closes it).
  if (printing().open) return;
  // Fields keep their keys; the link's (read-only) keeps only copying.
  const field = event.target.closest("input, select, textarea");
  if (event.altKey || !FAMILY || (field && field.id !== "link-text")) return;
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
    else if (key === "p") openPrint();
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
  // Solved by the player on this page: not a shown solution, nor an
  // entry replayed from a link (someone else's solve) or from what was
  // kept (noted when it was made).
  const { kind, replayed } = acted();
  const solvedNow = !replayed && ((FAMILY.solved(current()) && kind !== "solution") || kind === "claim");
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
  const read = replay(history, link ? link.position : progress.position);
  // A link's history is not what was kept: it is kept at the next save.
  if (!link) keep();
  // A link read short is said, not dropped in silence.
  else if (read.entries < history.length || history.unread) {
    sayNext(`The link's moves stop after entry ${read.entries}: its next one is not a move that can be made here.`);
  } else if (link.position !== undefined && !read.standsAt) {
    sayNext(`The link's at=${link.position} names no entry of its ${history.length}: shown at the last.`);
  }
}

// Appends the entries `history` (historyWords) names, as far as the game
// allows them, and stands at entry `at` (the last if not an entry): how
// many it appended, and whether it stands at `at`.
function replay(history, at) {
  marks = new Map();
  for (const word of history) {
    const last = entries[entries.length - 1];
    let next = null;
    if (typeof word !== "string") break;
    if (word === "restart") {
      next = { kind: word, state: entries[0].state, moves: 0 };
    } else if (word === "claim") {
      if (!GAME.route) next = { kind: word, state: last.state, moves: last.moves };
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
    next.replayed = true;
    append(next);
    if (next.kind === "mark") applyMark(next, true);
  }
  position = entries.length - 1;
  const standsAt = Number.isInteger(at) && at >= 0 && at <= position;
  const stand = standsAt ? at : position;
  while (position > stand) {
    if (entry().kind === "mark") applyMark(entry(), false);
    position -= 1;
  }
  return { entries: entries.length - 1, standsAt };
}
