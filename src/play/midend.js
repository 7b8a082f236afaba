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
const store = {
  get(key) {
    try { return JSON.parse(localStorage.getItem(key)); } catch { return null; }
  },
  set(key, value) {
    try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* kept for the visit */ }
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
const keyOf = (game) => `logicmaze:maze:${game.maze.family}:${fingerprint(JSON.stringify(game.maze))}`;
const progressOf = (game) => store.get(keyOf(game)) || { solved: false, walked: [] };
const lastKey = () => `logicmaze:last:${fingerprint(games.map(keyOf).join(" "))}`;

// ---- The maze being played ------------------------------------------------

let GAME = null; // its entry in `games`: document, size, route, drawing
let FAMILY = null; // its family's game
// The history, as in Tatham's midend: every action (a move, a restart, the
// solution shown) is an entry, undo and redo walk along the entries, and a
// new action drops the ones undone. An entry holds the state after it, the
// moves since the last restart, and, for the solution, the route it shows.
let entries = [];
let position = 0;
const entry = () => entries[position];
const current = () => entry().state;
// How much of a shown solution's route is drawn so far (it is drawn step
// by step), and the timer that draws it.
let revealed = Infinity;
let showing = null;

function record(action) {
  stopShowing();
  entries = entries.slice(0, position + 1);
  entries.push(action);
  position += 1;
  draw();
}

// The states walked since the last restart, up to the current entry.
function trail() {
  const states = [];
  for (let i = position; i >= 0; i--) {
    const e = entries[i];
    if (e.kind === "solution") return e.route.slice(0, revealed).concat(states.reverse());
    states.push(e.state);
    if (e.kind !== "move") break;
  }
  return states.reverse();
}

// Why the current state is lost (the game is over without the goal), if
// the family's game can be lost.
const lostWhy = () => (FAMILY.lost ? FAMILY.lost(current()) : null);

function say(status, message) {
  const { kind, moves } = entry();
  const solved = FAMILY.solved(current());
  const lost = lostWhy();
  const shown = kind === "solution";
  $("status").className = solved && !shown ? "solved" : lost ? "lost" : "";
  $("status").textContent = status || (shown
    ? `Solution shown: ${moves} moves, the shortest. Undo to take it back.`
    : solved
      ? `Solved in ${moves} moves (shortest: ${GAME.shortest}).`
      : lost || `Moves: ${moves}`);
  $("message").textContent = message || "";
  $("undo").disabled = position === 0;
  $("redo").disabled = position === entries.length - 1;
}

function play(move) {
  stopShowing();
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
    const move = d === "stay" && FAMILY.stay
      ? FAMILY.stay.move
      : DIRECTIONS.includes(d) ? moveToward(state, d) : undefined;
    const outcome = move === undefined ? null : FAMILY.move(state, move);
    if (!outcome || outcome.refused) break;
    state = outcome.state;
    states.push(state);
  }
  return states;
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
  if (position > 0) position -= 1;
  draw();
}

function redo() {
  stopShowing();
  if (position < entries.length - 1) position += 1;
  draw();
}

function restart() {
  if (entry().kind === "start" || entry().kind === "restart") return;
  record({ kind: "restart", state: entries[0].state, moves: 0 });
}

function stopShowing() {
  if (showing !== null) clearInterval(showing);
  showing = null;
  revealed = Infinity;
}

// The states of `route` (positions) walked from the start, or null if the
// game refuses a step (it never should: the route is the solver's).
function walk(route) {
  const directions = route.slice(1).map((to, i) => stepBetween(route[i], to));
  const states = walkFrom(entries[0].state, directions);
  return states.length === directions.length ? [entries[0].state, ...states] : null;
}

// Shows the shortest route from the start: one action, drawn step by step.
// That a maze has no solution is said only here, when the player asks.
function showSolution() {
  const route = GAME.route && walk(GAME.route);
  if (!route) {
    stopShowing();
    say(null, "This maze has no solution: no walk from the start reaches the goal.");
    return;
  }
  record({ kind: "solution", state: route[route.length - 1], route, moves: route.length - 1 });
  revealed = 1;
  showing = setInterval(() => {
    revealed += 1;
    if (revealed >= route.length) stopShowing();
    drawBoard();
  }, 250);
  drawBoard();
}

// ---- The board ------------------------------------------------------------

let mapSvg = null;
const overlay = svgElement("g", { class: "overlay" });
const trailLine = svgElement("polyline", { class: "trail" });
// The game's other pieces, which it draws itself (FAMILY.pieces).
const pieces = svgElement("g", { class: "pieces" });
const walker = svgElement("g", { id: "walker" });
overlay.append(trailLine, pieces, walker);
const centre = (at) => [DATA.origin[0] + (at[1] - 1) * CELL, DATA.origin[1] + (at[0] - 1) * CELL];

function putMap() {
  $("map").innerHTML = GAME.map;
  mapSvg = $("map").querySelector("svg");
  // In walk mode the family hides the parts of the drawing a walker
  // cannot see yet (its signs, say).
  if (FAMILY.hidden) {
    for (const part of mapSvg.querySelectorAll(FAMILY.hidden)) part.classList.add("walk-hidden");
  }
  // The pieces the board draws where they are now (a die, say) are taken
  // out of the drawing, which shows them at the start.
  if (FAMILY.drawn) {
    for (const part of mapSvg.querySelectorAll(FAMILY.drawn)) part.remove();
  }
  const head = svgElement("marker", {
    id: "open-road-head", viewBox: "0 0 10 10", refX: 5, refY: 5,
    markerWidth: 3, markerHeight: 3, orient: "auto-start-reverse",
  });
  head.append(svgElement("path", { d: "M0 0 L10 5 L0 10 Z", class: "open-road-head" }));
  const defs = svgElement("defs", {});
  defs.append(head);
  trailLine.setAttribute("stroke-width", CELL * 0.08);
  pieces.replaceChildren();
  walker.style.transition = "none";
  mapSvg.append(defs, overlay);
  // The trail goes under what must stay readable (signs, numbers).
  const under = FAMILY.under && mapSvg.querySelector(FAMILY.under);
  if (under) under.before(trailLine);
  else overlay.prepend(trailLine);
  const box = mapSvg.viewBox.baseVal;
  view.full = { x: box.x, y: box.y, w: box.width, h: box.height };
}

function drawBoard() {
  const walked = trail();
  trailLine.setAttribute("points", walked.map((s) => centre(s.at).join(",")).join(" "));
  const state = walked[walked.length - 1];
  const drawn = FAMILY.walker
    ? FAMILY.walker(state, CELL)
    : [svgElement("circle", { class: "walker-disc", r: CELL * 0.24 })];
  walker.replaceChildren(...drawn);
  if (FAMILY.pieces) FAMILY.pieces(pieces, state, CELL, centre);
  const [x, y] = centre(state.at);
  walker.style.transform = `translate(${x}px, ${y}px)`;
  // Placed at once on a new maze; slid from square to square after.
  requestAnimationFrame(() => { walker.style.transition = ""; });
  keepInView(state.at);
}

function draw() {
  $("sign").replaceChildren();
  FAMILY.panel(current(), $("sign"));
  const open = FAMILY.open ? FAMILY.open(current()) : [];
  for (const button of $("turns").children) {
    button.classList.toggle("open", open.includes(button.dataset.turn));
    button.classList.toggle("closed", !open.includes(button.dataset.turn));
  }
  drawBoard();
  say();
  saveProgress();
}

// ---- The view: zoom and follow --------------------------------------------

// The part of the drawing shown: its centre and zoom (1: all of it), and
// whether it follows the walker.
const view = { full: null, x: 0, y: 0, zoom: 1, follow: false };
// A square is drawn at most this many pixels wide; a big maze opens with
// its squares this wide, following the walker.
const MAX_CELL_PX = 240;
const START_CELL_PX = 64;

// Pixels per unit of the drawing at zoom 1.
function baseScale() {
  const box = mapSvg.getBoundingClientRect();
  return Math.min(box.width / view.full.w, box.height / view.full.h) || 1;
}

function setView() {
  const { full } = view;
  view.zoom = Math.min(Math.max(view.zoom, 1), Math.max(1, MAX_CELL_PX / (baseScale() * CELL)));
  const [w, h] = [full.w / view.zoom, full.h / view.zoom];
  view.x = Math.min(Math.max(view.x, full.x + w / 2), full.x + full.w - w / 2);
  view.y = Math.min(Math.max(view.y, full.y + h / 2), full.y + full.h - h / 2);
  mapSvg.setAttribute("viewBox", `${view.x - w / 2} ${view.y - h / 2} ${w} ${h}`);
  $("follow").setAttribute("aria-pressed", String(view.follow));
  $("zoom-level").textContent = `${Math.round(view.zoom * 100)}%`;
}

// Zooms to `zoom`, keeping the drawing's point `around` where it is.
function zoomTo(zoom, around) {
  const before = view.zoom;
  view.zoom = zoom;
  setView();
  const ratio = before / view.zoom;
  view.x = around[0] + (view.x - around[0]) * ratio;
  view.y = around[1] + (view.y - around[1]) * ratio;
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
  const [w, h] = [view.full.w / view.zoom, view.full.h / view.zoom];
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
  const point = new DOMPoint(clientX, clientY).matrixTransform(mapSvg.getScreenCTM().inverse());
  return [point.x, point.y];
}

// ---- Moves by pointer: click, tap, swipe; drag and pinch to look around ----

const pointers = new Map();
let pinch = null;
const TAP_PX = 10;
const SWIPE_PX = 30;

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
      touch: event.pointerType !== "mouse", gesture: false,
    });
    if (pointers.size === 2) {
      for (const p of pointers.values()) p.gesture = true;
      pinch = { distance: spread()[0], zoom: view.zoom };
    }
  });
  board.addEventListener("pointermove", (event) => {
    const p = pointers.get(event.pointerId);
    if (!p) return;
    const [dx, dy] = [event.clientX - p.x, event.clientY - p.y];
    p.x = event.clientX;
    p.y = event.clientY;
    if (pinch && pointers.size === 2) {
      const [distance, mx, my] = spread();
      zoomTo(pinch.zoom * distance / pinch.distance, pointAt(mx, my));
    } else if (!p.touch && Math.hypot(p.x - p.x0, p.y - p.y0) > TAP_PX) {
      // A mouse drag looks around, and stops following.
      p.gesture = true;
      const scale = baseScale() * view.zoom;
      view.x -= dx / scale;
      view.y -= dy / scale;
      view.follow = false;
      setView();
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
    } else if (p.touch && distance > SWIPE_PX) {
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

function setMode(walk) {
  const on = walk && Boolean(FAMILY.walk);
  document.body.classList.toggle("walking", on);
  $("walk-mode").setAttribute("aria-pressed", String(on));
  $("overview-mode").setAttribute("aria-pressed", String(!on));
  $("hint").textContent = on
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
    const b = button(`${glyph} ${name}`, name, () => play(turn));
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
  $("keys").textContent = `Keys: arrow keys move (see above); ${stayKeys}U, Ctrl+Z or Backspace undo; ` +
    "Y, Ctrl+Y or Shift+U redo; R restart; S show the solution; " +
    (FAMILY.walk ? "W / O walk or overview; " : "") +
    "+ / − zoom, 0 whole maze, F follow the walker.";
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
  $("solution").addEventListener("click", showSolution);
  $("walk-mode").addEventListener("click", () => setMode(true));
  $("overview-mode").addEventListener("click", () => setMode(false));
  $("zoom-in").addEventListener("click", () => zoomBy(1.5));
  $("zoom-out").addEventListener("click", () => zoomBy(1 / 1.5));
  $("fit").addEventListener("click", fit);
  $("follow").addEventListener("click", () => setFollow(!view.follow));
  document.addEventListener("keydown", onKey);
}

function onKey(event) {
  if (event.altKey || !FAMILY || event.target.closest("input, select, textarea")) return;
  const key = event.key.toLowerCase();
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
  } else if ((key === "u" && event.shiftKey) || key === "y") {
    redo();
  } else if (key === "u" || event.key === "Backspace") {
    undo();
  } else if (key === "r") {
    restart();
  } else if (key === "s") {
    showSolution();
  } else if (key === "w" || key === "o") {
    setMode(key === "w");
  } else if (key === "+" || key === "=") {
    zoomBy(1.5);
  } else if (key === "-" || key === "_") {
    zoomBy(1 / 1.5);
  } else if (key === "0") {
    fit();
  } else if (key === "f") {
    setFollow(!view.follow);
  } else {
    return;
  }
  event.preventDefault();
}

// ---- The page's mazes -------------------------------------------------------

function saveProgress() {
  const before = progressOf(GAME);
  const solvedNow = FAMILY.solved(current()) && entry().kind !== "solution";
  const walked = entry().kind === "solution" ? [] : trail().map((s) => s.at);
  const walkedDirections = walked.slice(1).map((at, i) => stepBetween(walked[i], at));
  const progress = { solved: before.solved || solvedNow, walked: walkedDirections };
  store.set(keyOf(GAME), progress);
  if (solvedNow && !before.solved) listMazes();
}

// Replays the moves kept for the maze, each an entry that undo takes back.
function restoreProgress() {
  const walked = progressOf(GAME).walked;
  for (const state of walkFrom(current(), Array.isArray(walked) ? walked : [])) {
    entries.push({ kind: "move", state, moves: entry().moves + 1 });
    position += 1;
  }
}

function load(index) {
  stopShowing();
  GAME = games[index];
  FAMILY = GAMES[GAME.maze.family](GAME.maze, GAME.extra);
  entries = [{ kind: "start", state: FAMILY.start(), moves: 0 }];
  position = 0;
  $("title").textContent = GAME.maze.name;
  $("rules").textContent = FAMILY.rules;
  putMap();
  putMoves();
  setMode(Boolean(FAMILY.walk));
  restoreProgress();
  openView();
  draw();
  listMazes();
  store.set(lastKey(), GAME.maze.name);
}

function listMazes() {
  const list = $("maze-list");
  list.replaceChildren();
  games.forEach((game, index) => {
    const item = document.createElement("li");
    const solved = progressOf(game).solved;
    const [rows, cols] = game.size;
    const b = button("", null, () => load(index));
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = game.maze.name;
    const about = document.createElement("small");
    about.textContent = `${game.maze.family} ${rows}×${cols}`;
    const done = document.createElement("span");
    done.className = "done";
    done.textContent = solved ? "✓" : "";
    done.setAttribute("aria-label", solved ? "solved" : "");
    b.append(name, about, done);
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
async function fetchGame(id) {
  // A generated maze is named by its id.
  const known = games.findIndex((g) => g.maze.name === id);
  if (known >= 0) return load(known);
  $("new-status").textContent = `Generating ${id}…`;
  try {
    const response = await fetch(`maze?id=${encodeURIComponent(id)}`);
    const answer = await response.json();
    if (!response.ok) {
      $("new-status").textContent = answer.error;
      return;
    }
    games.push(answer);
    $("new-status").textContent = "";
    load(games.length - 1);
  } catch (error) {
    $("new-status").textContent = `The server did not answer: ${error.message}`;
  }
}

const idInAddress = () => decodeURIComponent(location.hash.slice(1));

function setUpNewMazes() {
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
    location.hash = `${family.value}:${$("new-rows").value}x${$("new-cols").value}:${$("new-difficulty").value}#${seed}`;
  });
  window.addEventListener("hashchange", () => fetchGame(idInAddress()));
}

function setUp() {
  setUpControls();
  setUpPointer();
  if (DATA.generators) setUpNewMazes();
  const last = games.findIndex((g) => g.maze.name === store.get(lastKey()));
  if (DATA.generators && location.hash.length > 1) {
    fetchGame(idInAddress());
  } else if (games.length > 0) {
    load(Math.max(last, 0));
  } else {
    $("new-maze").requestSubmit();
  }
}

setUp();
