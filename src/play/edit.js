// The editor (logicmaze edit), after the play page's parts, on its board:
// a cursor, the family's edit keys (EDITORS.name in its play script),
// undo and redo of edits, and after every edit the design's proof, asked
// of the server that serves the page and shown without a click: the
// verdict, the route drawn, two routes where an ambiguous design splits,
// and what no walk uses. A proof slower than the typing never blocks it:
// one is asked at a time, and the edits made meanwhile are proved
// together when it comes back, the stale answer dropped.

const EDITING = DATA.edit;
// The design: its JSON document, as `convert --to json` writes it (with
// rows and cols kept beside, for a family whose document does not say
// them).
let design = null;
let past = [];
let future = [];
const MAX_UNDO = 500;
let cursor = [1, 1];
// The way of arrival the family's keys edit, where its squares hold one
// thing for each way of arriving (Shift+arrows pick it).
let arrival = "N";
// Proofs: the one on its way, and whether edits came after it.
let proving = false;
let provedAgain = false;
let editedAt = 0;
// What the panel and the board show of the last proof, and the design it
// proved (its JSON text).
let proof = null;
let provedDesign = null;
const editLayer = svgElement("g", { class: "edit-layer" });
// The cursor, over the pieces (the die covers its square).
const cursorMark = svgElement("rect", { class: "edit-cursor" });
const alternativeLine = svgElement("polyline", { class: "alternative" });

const editor = () => EDITORS[design.family];

// Squares locked against Improve ("ROW,COL"), and Improve's proposal
// while it is shown: its proof, and the squares it changes.
const locked = new Set();
let proposal = null;
const lockLayer = svgElement("g", { class: "locks" });

// A question to the server about the design, its answer as JSON (or an
// error thrown with the server's words and its status; a server that
// does not answer, with status 0).
async function askServer(path, body) {
  let response;
  try {
    response = await fetch(served(path), { method: "POST", headers: { "Content-Type": "application/json" }, body });
  } catch {
    throw Object.assign(new Error("the editor's server is not answering (was it stopped?): " +
      "the design is kept in this browser, and offered back when the editor is started again on this port"), { status: 0 });
  }
  const text = await response.text();
  let answer = null;
  try { answer = JSON.parse(text); } catch { /* a page or a drawing */ }
  if (!response.ok) {
    const said = answer && answer.error ? answer.error : text;
    // Refused at the door: the server started again, with a new token.
    const words = response.status === 403 ? `${said} (the design is kept in this browser)` : said;
    throw Object.assign(new Error(words), { status: response.status });
  }
  return answer === null ? text : answer;
}

// The design's text, made once for each state of the design (a 100×100
// design's is half a megabyte, and an edit read it five times): every
// change goes through edit(), travel() or the editor's setting up, which
// forget it.
let designTextMade = null;
const designText = () => designTextMade ?? (designTextMade = JSON.stringify(design));

// An edit: `change` alters the design (false: nothing to change); undo
// takes it back.
function edit(change) {
  const before = designText();
  const changed = change(design);
  designTextMade = null;
  if (changed === false || designText() === before) return;
  past.push(before);
  if (past.length > MAX_UNDO) past.shift();
  future = [];
  edited();
}

// The proof asked first, so that it is on its way while the page marks
// the edit.
function edited() {
  editedAt = performance.now();
  prove();
  clampCursor();
  drawCursor();
  editedSinceSave();
}

// Undo and redo: the design from one list, the one now onto the other.
function travel(from, to) {
  if (!from.length) return;
  to.push(designText());
  design = JSON.parse(from.pop());
  designTextMade = null;
  $("design-name").value = design.name;
  edited();
}
const undoEdit = () => travel(past, future);
const redoEdit = () => travel(future, past);

// Asks for the design's proof, unless one is on its way: then the edits
// wait for it, and are proved together after.
async function prove() {
  if (proving) {
    provedAgain = true;
    return;
  }
  proving = true;
  const slow = setTimeout(() => { $("proof").classList.add("proving"); }, 150);
  const asked = designText();
  try {
    const answer = await askProof(asked);
    if (!provedAgain && asked === designText()) {
      // The proof's board is of the design sent, which it does not send back.
      if (answer.game) answer.game.maze = JSON.parse(asked);
      showProof(answer);
      provedDesign = asked;
    }
  } catch (error) {
    if (!provedAgain && asked === designText()) {
      showRefusal(error);
      provedDesign = asked;
    }
  } finally {
    clearTimeout(slow);
    $("proof").classList.remove("proving");
    proving = false;
    writeDraftSoon();
    if (provedAgain) {
      provedAgain = false;
      prove();
    }
  }
}

// What the server holds of the last design it proved (its version, the
// design's text, its board made whole): the next edit is sent against
// it, as the bytes that changed, and its proof brings the board's cells
// that changed. A server that no longer holds it (started again, or
// other tabs' designs came after) says so, and the design goes whole.
let held = null;

async function askProof(asked) {
  if (held) {
    const base = held;
    const { from, to, text } = textEdit(base.text, asked);
    try {
      return heldProof(await askServer(`proof?base=${base.version}&from=${from}&to=${to}`, text), asked, base);
    } catch (error) {
      if (error.status !== 409) throw error;
      held = null;
    }
  }
  return heldProof(await askServer("proof", asked), asked, null);
}

// The proof with its board made whole from `base`'s, and held.
function heldProof(answer, asked, base) {
  if (answer.game && answer.game.board.from !== undefined) {
    if (!base || answer.game.board.from !== base.version) throw Object.assign(new Error("a proof of another design"), { status: 409 });
    answer.game.board = wholeBoard(answer.game.board, base.board);
  }
  held = { version: answer.version, text: asked, board: answer.game ? answer.game.board : null };
  return answer;
}

// A board's changes (edit.rs, `Recent::prove`) put on the board `before`:
// a layer's stamps null are its stamps before (the same array, which the
// board's painter knows again), its cells null are those before with its
// changes put in.
function wholeBoard(changed, before) {
  const layers = changed.layers.map((layer, i) => {
    const was = before.layers[i];
    let cells = layer.cells;
    if (cells === null) {
      const pieces = [];
      let at = 0;
      for (const [from, text] of layer.changes) {
        pieces.push(was.cells.slice(at, from), text);
        at = from + text.length;
      }
      pieces.push(was.cells.slice(at));
      cells = pieces.join("");
    }
    return { name: layer.name, walk: layer.walk, stamps: layer.stamps === null ? was.stamps : layer.stamps, cells };
  });
  return { rows: changed.rows, cols: changed.cols, names: changed.names, font: changed.font, layers };
}

// The edit that makes `before` into `after`, as the server splices it:
// the bytes (UTF-8) `from` to `to` of `before` replaced by `text`. What
// the two share at their ends is left out, never half a character.
function textEdit(before, after) {
  const most = Math.min(before.length, after.length);
  let start = 0;
  while (start < most && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (end < most - start && before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)) end++;
  const high = (text, i) => i > 0 && (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
  if (high(before, start)) start--;
  const low = (text, i) => i < text.length && (text.charCodeAt(i) & 0xfc00) === 0xdc00;
  while (end > 0 && low(before, before.length - end)) end--;
  const from = utf8Length(before, 0, start);
  const to = from + utf8Length(before, start, before.length - end);
  return { from, to, text: after.slice(start, after.length - end) };
}

// The bytes of `text` from `start` to `end` in UTF-8 (a surrogate pair's
// four, two a half).
function utf8Length(text, start, end) {
  let bytes = 0;
  for (let i = start; i < end; i++) {
    const unit = text.charCodeAt(i);
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit & 0xf800) === 0xd800 ? 2 : 3;
  }
  return bytes;
}

// The design the server could not read, or a server not answering:
// said, the board left as it was.
function showRefusal(error) {
  proof = null;
  // No answer, or a server started again (its new token): not the design's fault.
  $("proof-verdict").textContent = error.status === 0 || error.status === 403 ? "Not proved" : "Not a maze yet";
  $("proof-detail").textContent = error.message;
  $("proof").dataset.verdict = "unreadable";
}

// The proof on the board and in the panel.
function showProof(answer) {
  proof = answer;
  showDesign(answer.game);
  const marks = describe(answer, "");
  $("proof").dataset.latency = performance.now() - editedAt;
  drawProof(answer.analysis, marks);
}

// `answer`, a proof, in the panel (its verdict led by `lead`: a
// proposal's is "Proposed: "); what it marks on the board.
function describe(answer, lead) {
  const { analysis } = answer;
  const moves = analysis.moves;
  const count = `${analysis.routes_saturated ? "at least " : ""}${analysis.routes.toLocaleString("en")}`;
  $("proof").dataset.verdict = analysis.verdict;
  $("proof").dataset.routes = analysis.routes;
  $("proof").dataset.moves = moves ?? "";
  $("proof-verdict").textContent = lead + (analysis.verdict === "unique"
    ? `One shortest route: ${moves} ${moves === 1 ? "move" : "moves"}.`
    : analysis.verdict === "ambiguous"
      ? `${count} shortest routes of ${moves} moves: they split at move ${analysis.split}.`
      : "No solution: no walk from the start wins.");
  const unused = Object.entries(analysis).find(([key]) => key.startsWith("un"));
  // States are the search's (a place and what goes with it, which the
  // family says); dead ends are the places on the board where every walk
  // is lost, which a lost state need not be. The words hold for every
  // family: none of them names the goal.
  const reached = analysis.reached_states;
  const parts = [`${reached.toLocaleString("en")} ${reached === 1 ? "state" : "states"} reached, ` +
    `${analysis.dead_end_states.toLocaleString("en")} of them lost (no walk from there wins)`];
  // "unread_signs" as words, one of them without its plural's s.
  const unusedWords = (key, count) => key.replace(/_/g, " ").replace(/s$/, count === 1 ? "" : "s");
  if (unused) parts.push(`${unused[1].length} ${unusedWords(unused[0], unused[1].length)}${unused[1].length ? " (shaded)" : ""}`);
  const { off_route_words: offRouteWords } = answer.marked;
  const cols = answer.game ? answer.game.size[1] : design.cols;
  const deadEnds = markedParts(answer.marked.dead_ends, cols);
  const offRoute = markedParts(answer.marked.off_route, cols);
  parts.push(`${deadEnds.length} ${deadEnds.length === 1 ? "dead end" : "dead ends"} (every walk there lost${deadEnds.length ? "; crossed" : ""})`);
  if (offRouteWords && moves !== null) parts.push(`${offRoute.length} ${offRouteWords}${offRoute.length ? " (barred)" : ""}`);
  // What the family counts along the route, where the server found it.
  const pressed = answer.figure && analysis.route ? answer.figure.at : null;
  if (pressed) parts.push(`pressed on ${pressed.length} of ${moves} turns (ringed)`);
  $("proof-detail").textContent = `${parts.join("; ")}.`;
  return { unused: unused ? unused[1] : [], deadEnds, offRoute, pressed: pressed || [] };
}

// The design's board in the place of the last, the view kept while the
// size is.
function showDesign(entry) {
  const kept = view.full && GAME && same(GAME.size, entry.size) ? { x: view.x, y: view.y, zoom: view.zoom, follow: false } : null;
  games[0] = entry;
  GAME = entry;
  FAMILY = GAMES[entry.maze.family](entry.maze, entry.extra);
  entries = [];
  append({ kind: "start", state: FAMILY.start(), moves: 0 });
  position = 0;
  marks = new Map();
  progress = { solved: false, guide: Boolean(entry.route) };
  if (kept) {
    // The same size: the board's cells painted anew on the same canvas,
    // the view as it was (a new canvas and layers cost a typed edit on a
    // 100×100 design twice as much).
    board = GAME.prepared = prepareBoard(entry.board, board);
    guideLine.drawn = null;
    Object.assign(view, kept);
    // The goal may have moved with the edit (where the start is the goal
    // too, with the start).
    putGoalRing();
  } else {
    putMap();
    openView();
  }
  view.follow = false;
  setView();
  drawBoard();
  setText($("title"), entry.maze.name);
  setAttributes($("title"), { title: entry.maze.name });
  drawCursor();
}

// What the proof shows on the board: the second route where an
// ambiguous design splits, what no walk uses (shaded), the dead ends
// (crossed), the signs no shortest route reads (barred), the
// pressed turns.
function drawProof(analysis, marks = {}) {
  const { unused = [], deadEnds, offRoute, pressed = [] } = marks;
  const reach = marksWindow();
  marksShown = { analysis, marks, reach };
  const near = (at) => at[0] >= reach[0] && at[0] <= reach[1] && at[1] >= reach[2] && at[1] <= reach[3];
  const shapes = [];
  const alternative = analysis.alternative || [];
  alternativeLine.setAttribute("points", alternative.map((at) => centre(at).join(",")).join(" "));
  alternativeLine.setAttribute("stroke-width", CELL * 0.12);
  shapes.push(alternativeLine);
  if (analysis.split && analysis.route) {
    const [x, y] = centre(analysis.route[analysis.split - 1]);
    shapes.push(svgElement("circle", { class: "split", cx: x, cy: y, r: CELL * 0.3 }));
  }
  const side = CELL * 0.92;
  const r = CELL * 0.08;
  const dot = (x, y) => `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;
  const cross = (half) => (x, y) => `M${x - half} ${y - half}l${2 * half} ${2 * half}M${x + half} ${y - half}l${-2 * half} ${2 * half}`;
  // A bar, filled: a 100×100 design may have 30,000 parts off every
  // shortest route, and a filled path of straight edges is what a browser
  // paints quickest.
  const bar = (x, y) => `M${x - 1.5 * r} ${y - r / 3}h${3 * r}v${(2 * r) / 3}h${-3 * r}z`;
  const none = { within: () => [] };
  shapes.push(...[
    partsPath(unused, "unused", (x, y) => `M${x - side / 2} ${y - side / 2}h${side}v${side}h${-side}z`, dot, near),
    partsPath((deadEnds || none).within(reach), "dead-end", cross(CELL * 0.22), cross(r), near),
    partsPath((offRoute || none).within(reach), "off-route", bar, bar, near),
  ].filter(Boolean));
  for (const at of pressed) {
    const [x, y] = centre(at);
    shapes.push(svgElement("circle", { class: "pressed", cx: x, cy: y, r: CELL * 0.38 }));
  }
  editLayer.replaceChildren(...shapes);
  // A proposal's changes are rung whenever its marks are drawn again.
  if (proposal) drawChanges(proposal.changed);
}

// Parts of the board a proof marks, as it sends them: a character a
// square, row by row, whose bits (PART_BITS) are the square and its
// approaches (edit.rs, `Parts`). Read near the view only: a 100×100
// design may mark 30,000 parts.
const PART_BITS = (() => {
  const bits = new Int8Array(128);
  [..."0123456789abcdefghijklmnopqrstuv"].forEach((c, i) => { bits[c.charCodeAt(0)] = i; });
  return bits;
})();
const APPROACHES = ["N", "E", "S", "W"];
function markedParts(text, cols) {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    for (let b = PART_BITS[text.charCodeAt(i) & 127]; b; b &= b - 1) length++;
  }
  // The parts within rows r0–r1 and columns c0–c1: [row, col] for a
  // square, [row, col, "N"] for its approach.
  const within = ([r0, r1, c0, c1]) => {
    const parts = [];
    const rows = text.length / cols;
    for (let r = Math.max(1, r0); r <= Math.min(rows, r1); r++) {
      for (let c = Math.max(1, c0); c <= Math.min(cols, c1); c++) {
        const b = PART_BITS[text.charCodeAt((r - 1) * cols + c - 1) & 127];
        if (b & 1) parts.push([r, c]);
        APPROACHES.forEach((arriving, i) => { if (b & (2 << i)) parts.push([r, c, arriving]); });
      }
    }
    return parts;
  };
  return { length, within };
}

// Parts of the board as one path, however many (a 100×100 design may
// leave thousands of squares unreached): `cell` draws a square's mark at
// its centre, `approach` the mark of a sign at the side it is read from.
// A part is a square, [row, col], or its approach, [row, col, "N"] (what
// no walk uses comes as check's JSON writes it: {"at": …, "arriving": …}).
function partsPath(parts, className, cell, approach, near) {
  const d = [];
  for (const part of parts) {
    const [at, arriving] = Array.isArray(part) ? [part, part[2]] : [part.at, part.arriving];
    if (near(at)) d.push(partPath(at, arriving, cell, approach));
  }
  return d.length ? svgElement("path", { class: className, d: d.join("") }) : null;
}

function partPath(at, arriving, cell, approach) {
  if (!arriving) return cell(...centre(at));
  const [x, y] = centre(at);
  const [dr, dc] = STEP[arriving];
  return approach(x - dc * CELL * 0.3, y - dr * CELL * 0.3);
}

// The proof's marks are drawn where the view reaches without drawing them
// again: the squares in view and half a view more on each side, as the
// board paints only the cells in view (a 100×100 design may have some
// 30,000 signs off every shortest route: their one path cost a proof
// more than the rest of it). Drawn again when the view leaves them.
let marksShown = null;
// The rows and columns a view centred at (x, y) shows, `reach` times its
// size across: [first row, last row, first column, last column].
function rowsAndColumns(x, y, reach) {
  const [w, h] = visible().map((side) => side * reach);
  const [x1, y1] = DATA.origin;
  return [Math.floor((y - h / 2 - y1) / CELL) + 1, Math.ceil((y + h / 2 - y1) / CELL) + 1,
    Math.floor((x - w / 2 - x1) / CELL) + 1, Math.ceil((x + w / 2 - x1) / CELL) + 1];
}
const marksWindow = () => rowsAndColumns(view.x, view.y, 2);
function keepMarksInView() {
  if (!marksShown) return;
  const [r0, r1, c0, c1] = rowsAndColumns(view.x, view.y, 1);
  const [d0, d1, e0, e1] = marksShown.reach;
  if (r0 < d0 || r1 > d1 || c0 < e0 || c1 > e1) drawProof(marksShown.analysis, marksShown.marks);
}

// The cursor at `at`, or the nearest square of the design to it.
function putCursor(at) {
  cursor = at;
  clampCursor();
  drawCursor();
}

function clampCursor() {
  cursor = [Math.min(Math.max(cursor[0], 1), design.rows), Math.min(Math.max(cursor[1], 1), design.cols)];
}

function drawCursor() {
  const [x, y] = centre(cursor);
  const half = CELL * 0.5;
  setAttributes(cursorMark, { x: x - half, y: y - half, width: 2 * half, height: 2 * half, rx: CELL * 0.08, "stroke-width": CELL * 0.06 });
  setText($("edit-cursor"), `Cursor ${show(cursor)}: ${editor().describe(design, cursor, arrival)}`);
  keepInView(cursor);
}

// The editor's keys: the cursor, the family's edits, growing and
// shrinking the grid at any edge, undo, redo, save. Zoom keys (+, −) go
// on to the page; every other key stops here.
function onEditKey(event) {
  // The Print dialog keeps its keys.
  if (printing().open) return;
  const target = event.target instanceof Element ? event.target : document.body;
  if (target.closest("input, select, textarea")) {
    if (event.key === "Enter" || event.key === "Escape") {
      target.blur();
      event.preventDefault();
    }
    return;
  }
  if (target.closest("button, summary") && [" ", "Enter"].includes(event.key)) return;
  const key = event.key;
  // A proposal shown: Enter accepts it, Escape rejects it, nothing else
  // edits meanwhile.
  if (proposal) {
    if (key === "Enter" || key === "Escape") endProposal(key === "Enter");
    if (key.length === 1 || ["Enter", "Escape", "Backspace", "Delete"].includes(key) || COMPASS_KEYS[key]) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    return;
  }
  const compass = COMPASS_KEYS[key];
  const ctrl = event.ctrlKey || event.metaKey;
  let done = true;
  if (ctrl && key.toLowerCase() === "z" && !event.shiftKey) undoEdit();
  else if (ctrl && (key.toLowerCase() === "y" || (key.toLowerCase() === "z" && event.shiftKey))) redoEdit();
  else if (ctrl && key.toLowerCase() === "s") save();
  else if (ctrl && key.toLowerCase() === "p") openPrint();
  else if (ctrl) done = false;
  else if (compass && event.altKey) edit((doc) => resize(doc, compass, !event.shiftKey));
  else if (compass && event.shiftKey) {
    const changed = editor().shiftArrow(design, cursor, compass);
    if (changed === "arrival") {
      arrival = compass;
      drawCursor();
    } else {
      edit((doc) => editor().shiftArrow(doc, cursor, compass, true));
    }
  } else if (compass) {
    putCursor(step(cursor, compass));
  } else if (key === "n" || key === "N") {
    $("design-name").focus();
    $("design-name").select();
  } else if ((key === "k" || key === "K") && !editor().keys.some(([, , match]) => match(key))) {
    toggleLock();
  } else if (key === "i" || key === "I") {
    improve();
  } else {
    const found = editor().keys.find(([, , match]) => match(key));
    if (found) edit((doc) => found[3](doc, cursor, key, arrival));
    // Zoom keys go on to the page; other characters, and the play page's
    // keys that would make a move, stop here.
    else done = !["+", "-", "=", "_", "0"].includes(key) && !event.altKey &&
      (key.length === 1 || ["Backspace", "Delete", "Enter", "Home", "End", "F1"].includes(key));
  }
  if (done) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
}

// Grows (or shrinks) the grid by a row or a column at edge `side`: the
// family moves what it holds (EDITORS.name.resize(doc, fit)), told the
// edge, whether it grows, the new size, how a place goes with its square
// (`fit.move`: a row or a column come or gone at the north or west edge
// moves every square) and onto the board (`fit.clamp`: a place on a row
// or column gone, to its neighbour).
function resize(doc, side, grow) {
  const along = side === "N" || side === "S" ? "rows" : "cols";
  const by = grow ? 1 : -1;
  const size = doc[along] + by;
  if (size < 1 || size > EDITING.maxSide) return false;
  const fit = { side, grow, rows: doc.rows, cols: doc.cols, [along]: size };
  fit.move = (place) => {
    if (side === "N") place[0] += by;
    if (side === "W") place[1] += by;
  };
  fit.clamp = (place) => {
    place[0] = Math.min(Math.max(place[0], 1), fit.rows);
    place[1] = Math.min(Math.max(place[1], 1), fit.cols);
  };
  editor().resize(doc, fit);
  doc[along] = size;
  if (grow && side === "N") cursor[0] += 1;
  if (grow && side === "W") cursor[1] += 1;
  return true;
}

// Improve: the family's local search from the design toward the aim
// chosen, no locked square touched; its proposal is shown on the board,
// the squares it changes ringed, to accept (an edit, undone as one) or
// reject.
async function improve() {
  if (proposal) return;
  $("improve-status").textContent = "Improving (5 s at most)…";
  const asked = designText();
  try {
    const body = JSON.stringify({
      design, aim: $("improve-aim").value, seed: Math.floor(Math.random() * 1e9),
      locks: [...locked].map((place) => place.split(",").map(Number)),
    });
    const answer = await askServer("improve", body);
    if (asked !== designText()) {
      $("improve-status").textContent = "The design changed meanwhile: improve again.";
      return;
    }
    const proposed = { ...JSON.parse(JSON.stringify(answer.game.maze)), rows: design.rows, cols: design.cols };
    const changed = changedSquares(design, proposed);
    proposal = { answer, changed };
    showDesign(answer.game);
    drawProof(answer.analysis, describe(answer, "Proposed: "));
    $("proposal").hidden = false;
    $("improve-status").textContent = `Proposed: ${changed.length} ${changed.length === 1 ? "square" : "squares"} changed (ringed); ` +
      `${answer.analysis.routes === 1 ? "one shortest route" : `${answer.analysis.routes} routes`} of ${answer.analysis.moves} moves` +
      `${answer.figure ? `, ${answer.figure.count} ${answer.figure.label}` : ""}.`;
    $("accept").focus();
  } catch (error) {
    $("improve-status").textContent = error.message;
  }
}

// The squares whose parts differ between two designs of one size, as the
// family tells a square's parts (its number, its signs, the pieces and
// walls there).
function changedSquares(before, after) {
  const changed = [];
  if (before.rows !== after.rows || before.cols !== after.cols) return changed;
  const tell = (doc, at) => editor().describe(doc, at, "N");
  for (let r = 1; r <= before.rows; r++) {
    for (let c = 1; c <= before.cols; c++) if (tell(before, [r, c]) !== tell(after, [r, c])) changed.push([r, c]);
  }
  return changed;
}

function drawChanges(changed) {
  for (const at of changed) {
    const [x, y] = centre(at);
    editLayer.append(svgElement("rect", { class: "changed", x: x - CELL * 0.5, y: y - CELL * 0.5, width: CELL, height: CELL, rx: CELL * 0.12 }));
  }
}

function endProposal(accept) {
  if (!proposal) return;
  const { answer } = proposal;
  proposal = null;
  $("proposal").hidden = true;
  if (accept) {
    const kept = { rows: design.rows, cols: design.cols };
    edit((doc) => {
      for (const key of Object.keys(doc)) delete doc[key];
      Object.assign(doc, JSON.parse(JSON.stringify(answer.game.maze)), kept);
    });
    $("improve-status").textContent = "Accepted.";
  } else {
    $("improve-status").textContent = "Rejected.";
    // The design's own proof, as it was before the proposal.
    if (proof && provedDesign === designText()) showProof(proof);
    else prove();
  }
}

// K: the cursor's square locked against Improve, or unlocked.
function toggleLock() {
  const place = cursor.join(",");
  if (locked.has(place)) locked.delete(place);
  else locked.add(place);
  drawLocks();
  drawCursor();
}

function drawLocks() {
  lockLayer.replaceChildren(...[...locked].map((place) => {
    const [x, y] = centre(place.split(",").map(Number));
    return svgElement("rect", { class: "lock", x: x - CELL * 0.44, y: y - CELL * 0.44, width: CELL * 0.88, height: CELL * 0.88, rx: CELL * 0.06 });
  }));
}

// "Play": the play page of the design, in a new tab; "SVG": its drawing.
async function playDesign() {
  try {
    const page = await askServer("play", designText());
    window.open(URL.createObjectURL(new Blob([page], { type: "text/html" })), "_blank");
  } catch (error) {
    $("save-status").textContent = `No play page: ${error.message}`;
  }
}

async function downloadSvg() {
  try {
    const drawing = await askServer("svg", designText());
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([drawing], { type: "image/svg+xml" }));
    link.download = `${design.name.replace(/[^\w.-]+/g, "_") || "maze"}.svg`;
    link.click();
  } catch (error) {
    $("save-status").textContent = `No drawing: ${error.message}`;
  }
}

function listKeys() {
  const lines = [
    ["Arrows", "move the cursor"],
    ...editor().keys.map(([name, what]) => [name, what]),
    ["Shift+arrows", editor().shiftWhat],
    ["Alt+arrows", "a row or column more at that edge (Alt+Shift: one fewer)"],
    ["N", "rename the maze"],
    ["K", "lock the square against Improve, or unlock it"],
    ["Improve", "the generator's search from the design, locked squares untouched: Enter accepts, Esc rejects"],
    ["Ctrl+Z, Ctrl+Y", "undo, redo an edit"],
    ["Ctrl+S", "save"],
    ["+, −, 0", "zoom in, out, the whole maze"],
  ];
  $("edit-key-list").replaceChildren(...lines.map(([key, what]) => {
    const item = document.createElement("li");
    const name = document.createElement("kbd");
    name.textContent = key;
    item.append(name, ` ${what}`);
    return item;
  }));
}

// The edits as buttons too, for a mouse or a finger: each presses its
// key (so that a button and its key are one edit).
function putPalette() {
  const press = (key, init = {}) => () => document.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, ...init }));
  // The play page's buttons, named for a pointer's hover too.
  const buttonFor = (label, title, onClick) => {
    const b = button(label, title, onClick);
    b.title = title;
    return b;
  };
  const row = (label, buttons) => {
    const group = document.createElement("div");
    group.className = "palette-row";
    group.setAttribute("role", "group");
    group.setAttribute("aria-label", label);
    const name = document.createElement("span");
    name.textContent = label;
    group.append(name, ...buttons);
    return group;
  };
  const keys = editor().keys.flatMap(([name, what]) => {
    const range = name.match(/^(\d)–(\d)$/);
    const presses = range
      ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => String(Number(range[1]) + i))
      : [name];
    return presses.map((key) => buttonFor(key === "Delete" ? "⌫" : key, `${key}: ${what}`, press(key.length === 1 ? key.toLowerCase() : key)));
  });
  const arrowKey = (d) => Object.keys(COMPASS_KEYS).find((key) => COMPASS_KEYS[key] === d);
  const ways = (init, what) => DIRECTIONS.map((d) => buttonFor(ARROWS[d], `${NAMES[d]}: ${what}`, press(arrowKey(d), init)));
  $("edit-palette").replaceChildren(
    row("Here", [...keys, buttonFor("K", "K: lock the square against Improve, or unlock it", press("k"))]),
    row("Side", ways({ shiftKey: true }, editor().shiftWhat)),
    row("Grow", ways({ altKey: true }, "a row or column more at that edge")),
    row("Shrink", ways({ altKey: true, shiftKey: true }, "a row or column fewer at that edge")),
  );
}

function setUpEditor() {
  document.body.classList.add("editing");
  // The whole map, signs and all: walk mode, which hides what the walker
  // has not reached, is the player's (the editor has no button for it).
  setMode(false);
  design = JSON.parse(JSON.stringify(games[0].maze));
  [design.rows, design.cols] = [design.rows || games[0].size[0], design.cols || games[0].size[1]];
  designTextMade = null;
  $("edit-file").textContent = `Editing ${design.name} in ${EDITING.file}`;
  $("design-name").value = design.name;
  $("design-name").addEventListener("change", () => edit((doc) => { doc.name = $("design-name").value; }));
  $("edit-undo").addEventListener("click", undoEdit);
  $("edit-redo").addEventListener("click", redoEdit);
  $("save").addEventListener("click", () => save());
  $("edit-play").addEventListener("click", playDesign);
  $("edit-svg").addEventListener("click", downloadSvg);
  if (EDITING.figure) {
    $("improve-aim").append(Object.assign(document.createElement("option"), { value: "more", textContent: `more ${EDITING.figure}` }));
  }
  $("improve-button").addEventListener("click", improve);
  $("accept").addEventListener("click", () => endProposal(true));
  $("reject").addEventListener("click", () => endProposal(false));
  document.addEventListener("keydown", onEditKey, true);
  // The board's pointer, as on the play page (drag, pinch, wheel), but a
  // tap puts the cursor where it is, a swipe moves it, and a long press
  // marks nothing: the editor makes no moves.
  tap = (clientX, clientY) => {
    const [x, y] = pointAt(clientX, clientY);
    putCursor([Math.round((y - DATA.origin[1]) / CELL) + 1, Math.round((x - DATA.origin[0]) / CELL) + 1]);
  };
  go = (d) => putCursor(step(cursor, d));
  markAt = () => {};
  listKeys();
  putPalette();
  overlay.insertBefore(editLayer, walker);
  overlay.insertBefore(lockLayer, walker);
  overlay.append(cursorMark);
  viewWatchers.push(keepMarksInView);
  editLayer.append(alternativeLine);
  keepDesign();
  edited();
}

// The page sets itself up as the play page does, then as the editor.
const setUpPlay = setUp;
setUp = () => {
  setUpPlay();
  setUpEditor();
};
