// The part of the board in view (after layers.js, before controls.js):
// zoom and follow, and moves and looking around by pointer.

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
// Whether the player keeps the minimap (the Map button; kept for every
// maze and visit).
const MINIMAP_KEY = "logicmaze:minimap";
const minimapWanted = () => keptTwice.get(MINIMAP_KEY) !== "off";
function showMinimap(on) {
  keptTwice.set(MINIMAP_KEY, on ? "on" : "off");
  setView();
}

function mapSize() {
  const map = $("map");
  if (!mapSizeRead) mapSizeRead = [map.clientWidth, map.clientHeight, map.offsetTop + map.clientTop, map.offsetLeft + map.clientLeft];
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
  setStyle(stage, "transform", `translate(${tx}px, ${ty}px)`);
  setHidden($("minimap"), view.zoom <= 1 || !minimapWanted());
  setHidden($("minimap-shown"), view.zoom <= 1);
  setAttributes($("minimap-shown"), { "aria-pressed": minimapWanted() });
  repaint();
  setAttributes($("follow"), { "aria-pressed": view.follow });
  setAttributes($("fit"), { "aria-pressed": view.zoom <= 1 });
  setText($("zoom-level"), zoomWords());
  placeWalker();
  pointToGoal();
  for (const watcher of viewWatchers) watcher();
}

// What else follows the view (the editor's marks, drawn near it only).
const viewWatchers = [];

// The zoom as a player reads it: the whole maze, or how wide a square is.
const zoomWords = () => (view.zoom <= 1 ? "whole maze" : `squares ${Math.round(CELL * pixelsPerUnit())} px`);

// When the goal is off the board, a button beside the zoom points to it,
// its pointer turned the goal's way; pressing it brings the goal into view.
function pointToGoal() {
  const pointer = $("goal-pointer");
  if (!FAMILY.goal) {
    if (pointer.classList.contains("away")) pointer.classList.remove("away");
    return;
  }
  const [gx, gy] = centre(FAMILY.goal);
  const [w, h] = visible();
  const [dx, dy] = [gx - view.x, gy - view.y];
  const away = Math.abs(dx) > w / 2 || Math.abs(dy) > h / 2;
  if (pointer.classList.contains("away") !== away) pointer.classList.toggle("away", away);
  if (away) setStyle(pointer.querySelector(".pointing"), "transform", `rotate(${Math.atan2(dy, dx)}rad)`);
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
  if (on) keepInView(current().at, watched(current()));
  setView();
}

// Centres the walker when following, or when it has walked out of view.
function keepInView(at, also = []) {
  if (!view.full) return;
  // The squares to keep in sight: `at` and those `also` names (the game's
  // other pieces, FAMILY.watched), a view that follows zoomed out as far
  // as they need, to the whole maze at most.
  const points = [at, ...also].map(centre);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const span = [Math.max(...xs) - Math.min(...xs) + CELL * 1.5, Math.max(...ys) - Math.min(...ys) + CELL * 1.5];
  let [w, h] = visible();
  // Only a view that follows is zoomed: one the player set stays as set.
  const zoomed = view.follow && also.length && view.zoom > 1 && (span[0] > w || span[1] > h);
  if (zoomed) {
    view.zoom = Math.max(1, view.zoom * 0.98 * Math.min(w / span[0], h / span[1]));
    [w, h] = visible();
  }
  const kept = span[0] <= w + 1 && span[1] <= h + 1 ? points : points.slice(0, 1);
  const outside = kept.some(([x, y]) => Math.abs(x - view.x) > w / 2 - CELL / 2 || Math.abs(y - view.y) > h / 2 - CELL / 2);
  if (view.follow || outside || zoomed) {
    const middle = (values) => (Math.min(...values) + Math.max(...values)) / 2;
    view.x = middle(kept.map((p) => p[0]));
    view.y = middle(kept.map((p) => p[1]));
    setView();
  }
}

// A big maze opens zoomed in on the walker, following it; one whose
// squares are MIN_WHOLE_PX wide or more whole opens whole (an 8×8 maze
// on a phone, 31 px a square, opened zoomed with rows out of view).
const MIN_WHOLE_PX = 28;
function openView() {
  view.x = view.full.x + view.full.w / 2;
  view.y = view.full.y + view.full.h / 2;
  const cellPx = baseScale() * CELL;
  view.zoom = cellPx < MIN_WHOLE_PX ? START_CELL_PX / cellPx : 1;
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
// square, or along the road to it; on the walker's own square, it stays
// (a wait), where the game has one. A tap further off moves nothing (a
// tap meant to look, or a slip, is no move) and says so.
function tap(clientX, clientY) {
  const [px, py] = pointAt(clientX, clientY);
  const [x, y] = centre(current().at);
  const [dx, dy] = [px - x, py - y];
  // On the walker's own square: stay there, where the game allows it.
  if (Math.max(Math.abs(dx), Math.abs(dy)) < CELL / 2) {
    if (FAMILY.stay) play(FAMILY.stay.move);
    return;
  }
  if (Math.max(Math.abs(dx), Math.abs(dy)) > CELL * 1.5) {
    $("message").textContent = `Tap a square beside ${mover()} to move there.`;
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
