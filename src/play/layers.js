// The board's layers (after midend.js, before view.js): the maze's
// drawing, the trail and the pieces, painted apart.

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
// Where the trail and a route cross a square: its centre, or the point
// the game names (FAMILY.trailAt), clear of what the square says.
function trailPoint(at, game = FAMILY) {
  const [x, y] = centre(at);
  const [dx, dy] = (game && game.trailAt) || [0, 0];
  return [x + dx * CELL, y + dy * CELL];
}

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

// Where the minimap goes, in the board's pixels: of its four corners (top
// right under the columns' numbers, bottom right, top left, bottom left),
// the first that covers least of the squares the player needs: the
// walker's and the four beside it, the goal's and the game's other
// pieces'.
function minimapBox() {
  const [w, h] = minimapSize();
  const [mapW, mapH] = mapSize();
  const scale = pixelsPerUnit();
  const side = CELL * scale;
  // A square's box on the board, grown to MIN_PIECE_PX and the inset.
  const squareBox = (at) => {
    const [x, y] = centre(at);
    const half = Math.max(MIN_PIECE_PX, side) / 2 + MINIMAP_INSET;
    const [sx, sy] = [mapW / 2 + (x - view.x) * scale, mapH / 2 + (y - view.y) * scale];
    return [sx - half, sy - half, sx + half, sy + half];
  };
  const state = walker.at ? shown() : null;
  const needed = state ? [state.at, ...DIRECTIONS.map((d) => step(state.at, d)), ...watched(state)] : [];
  if (FAMILY.goal) needed.push(FAMILY.goal);
  const boxes = needed.map(squareBox);
  const band = numberBands(board, scale);
  const [right, bottom] = [mapW - w - MINIMAP_INSET, mapH - h - MINIMAP_INSET];
  const [left, top] = [band.rows + MINIMAP_INSET, band.cols + MINIMAP_INSET];
  const covered = ([x0, y0]) => boxes.reduce((sum, [x1, y1, x2, y2]) =>
    sum + Math.max(0, Math.min(x2, x0 + w) - Math.max(x1, x0)) * Math.max(0, Math.min(y2, y0 + h) - Math.max(y1, y0)), 0);
  const corners = [[right, top], [right, bottom], [left, top], [left, bottom]].map((corner) => [corner, covered(corner)]);
  const [[x0, y0]] = corners.reduce((best, next) => (next[1] < best[1] - 1 ? next : best));
  return { left: x0, top: y0, w, h };
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
  const box = minimapBox();
  mini.style.top = `${mapSize()[2] + box.top}px`;
  mini.style.left = `${mapSize()[3] + box.left}px`;
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
  putGoalRing();
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

// The goal's ring on the game's goal square. A game without a goal
// square (FAMILY.goal) has no ring and no marker.
function putGoalRing() {
  goalRing.style.display = FAMILY.goal ? "" : "none";
  if (FAMILY.goal) {
    const [gx, gy] = centre(FAMILY.goal);
    goalRing.dataset.x = gx;
    goalRing.dataset.y = gy;
  }
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
  const [x1, y1] = trailPoint(trailDrawn[i].at);
  const [x2, y2] = trailPoint(trailDrawn[i + 1].at);
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
    guideLine.setAttribute("points", guide.map((at) => trailPoint(at).join(",")).join(" "));
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
  keepInView(state.at, watched(state));
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
  setStyle(walker, "transform", `translate(${x}px, ${y}px)`);
  setAttributes(walkerPieces, { transform: `scale(${grow})` });
  const ring = ringBox(FAMILY, [Number(goalRing.dataset.x), Number(goalRing.dataset.y)], MIN_PIECE_PX / px);
  setAttributes(goalRing, { ...ring, "stroke-width": Math.max(CELL * 0.07, 3 / px) });
}

// The goal's ring of `game` round the point `at`, at least `least` in
// radius, as a rect's attributes. It keeps clear of the labels round the
// goal (GOAL under it, START and the number inside a square).
function ringBox(game, [x, y], least = 0) {
  const { size, corner } = { ...RING, ...game.ring };
  const r = Math.max(CELL * size, least);
  return { x: x - r, y: y - r, width: 2 * r, height: 2 * r, rx: corner === undefined ? r : CELL * corner };
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

// The squares of the game's other pieces the view keeps in sight beside
// the walker's (FAMILY.watched), where they fit.
const watched = (state) => (FAMILY.watched ? FAMILY.watched(state) : []);

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
