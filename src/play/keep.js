// What the page keeps for the player beyond the history (after help.js):
// marks of their own, the address that names the position, and the clock
// and the best of each maze.

// ---- Marks of the player's own ---------------------------------------------

// A player of a long maze marks what they have ruled out: a square, or
// where the family says so (FAMILY.place) the place a state stands on, as
// a square as arrived at heading one way. A mark is
// "tried" or "dead" (a dead end); marking again goes round the two and
// back to none. A mark is an entry of the history that moves nothing:
// undone and redone as a move is, kept and linked with it.
const MARK_CYCLE = [null, "tried", "dead"];
const MARK_WORDS = { tried: "tried", dead: "a dead end" };
const MARK_GLYPHS = { tried: "?", dead: "✕" };
// A touch held this long without moving marks the square under it.
const LONG_PRESS_MS = 550;
// The marks as the history stands at `position`: place → value.
let marks = new Map();
// Counted up at every change, so that a move redraws no marks.
let marksChanged = 0;

// A place: "ROW,COL" for a square, "ROW,COL,H" for an arrival heading H.
const squarePlace = (at) => `${at[0]},${at[1]}`;
const placeOf = (state) => (FAMILY.place ? FAMILY.place(state) : squarePlace(state.at));

// A place's square and heading, or null for a place not on the maze.
function parsePlace(place) {
  const parts = String(place).split(",");
  const [rows, cols] = GAME.size;
  const [row, col] = parts.slice(0, 2).map(Number);
  const inside = Number.isInteger(row) && Number.isInteger(col) && row >= 1 && row <= rows && col >= 1 && col <= cols;
  if (!inside || parts.length > 3 || (parts.length === 3 && !DIRECTIONS.includes(parts[2]))) return null;
  return { at: [row, col], heading: parts[2] };
}

// A place in words: "(3,4)", or "(3,4) arrived at heading north ↑".
function placeWords(place) {
  const { at, heading } = parsePlace(place);
  return heading ? `${show(at)} arrived at heading ${named(heading)}` : show(at);
}

// Sets a mark's value as it is after its entry (forward) or before it.
function applyMark(action, forward) {
  const value = forward ? action.value : action.before;
  if (value) marks.set(action.place, value);
  else marks.delete(action.place);
  marksChanged += 1;
}

// The entry a history's word "PLACE:VALUE" makes after `last`, or null.
function markAction(word, last) {
  const cut = word.lastIndexOf(":");
  const [place, value] = [word.slice(0, cut), word.slice(cut + 1) || null];
  if (cut < 0 || !parsePlace(place) || (value !== null && !MARK_WORDS[value])) return null;
  return { kind: "mark", place, value, before: marks.get(place) || null, state: last.state, moves: last.moves };
}

// Marks `place` with the next mark of the cycle: an action of the history.
function markPlace(place) {
  if (showing !== null) finishShowing();
  const before = marks.get(place) || null;
  const value = MARK_CYCLE[(MARK_CYCLE.indexOf(before) + 1) % MARK_CYCLE.length];
  record({ kind: "mark", place, value, before, state: current(), moves: entry().moves });
  $("hint").textContent = `${placeWords(place)}: ${value ? `marked ${MARK_WORDS[value]}` : "mark taken off"}.`;
}

// The mark key: where the player stands.
const markHere = () => markPlace(placeOf(current()));

// A long press (or a right click) on the board: the square under it, or
// on the walker's own square the place it stands on.
function markAt(clientX, clientY) {
  const [x, y] = pointAt(clientX, clientY);
  const at = [Math.round((y - DATA.origin[1]) / CELL) + 1, Math.round((x - DATA.origin[0]) / CELL) + 1];
  if (!parsePlace(squarePlace(at))) return;
  markPlace(same(at, current().at) ? placeOf(current()) : squarePlace(at));
}

// The marks on the board, in their own group under the walker: a badge
// in a square's corner, or at the side an arrival came in by.
const marksLayer = svgElement("g", { class: "marks" });
let marksDrawn = -1;
function drawMarks() {
  // Over the walker: a walker may cover its whole square, and a mark
  // under it was not seen at all.
  if (!marksLayer.isConnected) {
    overlay.append(marksLayer);
    marksDrawn = -1;
  }
  if (marksDrawn === marksChanged) return;
  marksDrawn = marksChanged;
  const badges = [];
  for (const [place, value] of marks) {
    const { at, heading } = parsePlace(place);
    const [cx, cy] = centre(at);
    const [dx, dy] = heading ? [-STEP[heading][1] * 0.3, -STEP[heading][0] * 0.3] : FAMILY.markAt || [0.3, -0.3];
    const badge = svgElement("g", { class: `mark ${value}`, "data-place": place, transform: `translate(${cx + dx * CELL} ${cy + dy * CELL})` });
    badge.append(
      svgElement("circle", { r: CELL * 0.13 }),
      svgElement("text", { y: CELL * 0.06, "font-size": CELL * 0.17 }, MARK_GLYPHS[value]),
    );
    badges.push(badge);
  }
  marksLayer.replaceChildren(...badges);
}

// The marked squares, for the minimap: [row, col, value].
const markedSquares = () => [...marks].map(([place, value]) => [...parsePlace(place).at, value]);

function setUpMarks() {
  const board = $("map");
  let press = null;
  board.addEventListener("pointerdown", (event) => {
    clearTimeout(press);
    const [x0, y0, id] = [event.clientX, event.clientY, event.pointerId];
    press = setTimeout(() => {
      const p = pointers.get(id);
      // Still down, one finger, where it was: a long press, not a drag.
      if (!p || p.gesture || pointers.size !== 1 || Math.hypot(p.x - x0, p.y - y0) > TAP_PX) return;
      p.gesture = true;
      markAt(x0, y0);
    }, LONG_PRESS_MS);
  });
  for (const type of ["pointerup", "pointercancel"]) board.addEventListener(type, () => clearTimeout(press));
  // A right click marks too; a long press's own menu is the page's.
  board.addEventListener("contextmenu", (event) => {
    event.preventDefault();
    if (event.button === 2 && !event.sourceCapabilities?.firesTouchEvents) markAt(event.clientX, event.clientY);
  });
}

// ---- The address: the maze and the moves made --------------------------------

// As puzz.link's links and Tatham's game ids do, the page's address names
// the position: its fragment holds the maze and its whole history,
//
//   #maze=NAME&moves=CODES&at=N
//
// so that the address opened anywhere, with nothing kept in the browser,
// shows the same maze at the same move, undo history included. A move's
// code is its letter (N, E, S, W; "." a stay) and a count when it repeats
// ("N3"); "!" a restart, "*" the solution shown, "~" the answer that the
// maze has no solution, "(PLACE" and t, d or x")"
// a mark (tried, dead end, none). `at` is the entry stood on, when undo
// has left it short of the last. NAME is a generated maze's game id, else
// its name, or "key:" and its fingerprint where two mazes share a name.
const MOVE_CODES = { N: "N", E: "E", S: "S", W: "W", stay: "." };
// "claim": the player's answer that the maze has no solution.
const ACTION_CODES = { restart: "!", solution: "*", claim: "~" };
const MARK_CODES = { tried: "t", dead: "d", "": "x" };
const CODE_WORDS = Object.fromEntries([...Object.entries(MOVE_CODES), ...Object.entries(ACTION_CODES)].map(([w, c]) => [c, w]));
const MARK_OF_CODE = { t: "tried", d: "dead", x: "" };
// The most entries an address is read for: a link is a text anyone can
// write, and "N999999999" would otherwise be a billion words.
const MAX_LINK_ENTRIES = 1_000_000;
// The address is written at most this often: a move does not write it.
const ADDRESS_MS = 250;

// The history's words (historyWords) as the address's codes.
function encodeHistory(words) {
  let out = "";
  for (let i = 0; i < words.length;) {
    const word = words[i];
    if (MOVE_CODES[word]) {
      let n = 1;
      while (words[i + n] === word) n++;
      out += MOVE_CODES[word] + (n > 1 ? n : "");
      i += n;
    } else if (ACTION_CODES[word]) {
      out += ACTION_CODES[word];
      i++;
    } else {
      const cut = word.lastIndexOf(":");
      out += `(${word.slice(5, cut)}${MARK_CODES[word.slice(cut + 1)]})`;
      i++;
    }
  }
  return out;
}

// The address's codes as history words, as far as they read (`unread`:
// whether codes were left that did not).
function decodeHistory(text) {
  const words = [];
  const code = /([NESW.])(\d*)|([!*~])|\((\d+,\d+(?:,[NESW])?)([tdx])\)/y;
  let found;
  while (words.length < MAX_LINK_ENTRIES && (found = code.exec(text))) {
    if (found[1]) {
      const count = Math.min(found[2] ? Number(found[2]) : 1, MAX_LINK_ENTRIES - words.length);
      for (let i = 0; i < count; i++) words.push(CODE_WORDS[found[1]]);
    } else if (found[3]) {
      words.push(CODE_WORDS[found[3]]);
    } else {
      words.push(`mark:${found[4]}:${MARK_OF_CODE[found[5]]}`);
    }
  }
  words.unread = code.lastIndex < text.length;
  return words;
}

// How a link names `game`.
function mazeRef(game) {
  if (game.id) return game.id;
  const shared = games.filter((g) => g.maze.name === game.maze.name).length > 1;
  return shared ? `key:${keyOf(game).split(":").pop()}` : game.maze.name;
}

// The index in the list of the maze a link names, or -1.
const findMaze = (ref) => games.findIndex((g) => g.id === ref
  || (ref.startsWith("key:") ? keyOf(g).endsWith(`:${ref.slice(4)}`) : !g.id && g.maze.name === ref));

// The fragment naming maze `ref` after `words`, standing at entry `at`.
function addressOf(ref, words, at = words.length) {
  let text = `maze=${encodeURIComponent(ref)}`;
  if (words.length) text += `&moves=${encodeHistory(words)}`;
  if (at !== words.length) text += `&at=${at}`;
  return text;
}

// The address's maze and history: { maze, history, position }, history
// null where the address names only a maze (as an address written before
// links did: a game id alone). Null for an address that names nothing.
function readAddress() {
  const fragment = location.hash.slice(1);
  if (!fragment) return null;
  const decode = (text) => { try { return decodeURIComponent(text); } catch { return null; } };
  if (!/(^|&)maze=/.test(fragment)) {
    const id = decode(fragment);
    return id ? { maze: id, history: null } : null;
  }
  const fields = new Map(fragment.split("&").map((field) => {
    const cut = field.indexOf("=");
    return cut < 0 ? [field, ""] : [field.slice(0, cut), field.slice(cut + 1)];
  }));
  const maze = decode(fields.get("maze"));
  if (!maze) return null;
  if (!fields.has("moves") && !fields.has("at")) return { maze, history: null };
  const at = Number(fields.get("at"));
  return { maze, history: decodeHistory(fields.get("moves") || ""), position: fields.has("at") ? at : undefined };
}

// Opens what the address names, unless it names what is open; true if it
// named a maze (open now, or being fetched). A reload opens the tab as it
// was left, from what the tab kept: its address may be up to ADDRESS_MS
// older.
let addressWritten = null;
function openAddress() {
  const link = readAddress();
  if (!link) return false;
  if (GAME && location.hash.slice(1) === addressWritten) return true;
  const reload = !GAME && performance.getEntriesByType("navigation")[0]?.type === "reload";
  // A reload opens what this tab kept, which may be newer than its
  // address (a move made just before it, not yet written there): the
  // address is put right to it once open.
  if (reload && tabStore.get(lastKey()) !== null) {
    addressStale = true;
    return false;
  }
  const asked = link.history ? link : undefined;
  // A position someone sent opens as it is: no lesson over it.
  if (asked) linkedPosition = true;
  holdAddress();
  const index = findMaze(link.maze);
  if (index >= 0) {
    load(index, asked);
    return true;
  }
  if (DATA.generators) {
    fetchGame(link.maze, asked);
    return true;
  }
  const missing = `The link names a maze this page does not hold: '${link.maze}'.`;
  // At the page's opening, said over the maze it opens instead.
  if (GAME) say(null, missing);
  else sayNext(`${missing} This one is open instead.`);
  return false;
}

// Whether the player has acted (a key, a press) since the address last
// changed, by the page or by a navigation.
// A press counts at its release too: the address may be written while a
// button is held down, and what the release does must still reach it.
let actedSinceAddress = false;
for (const type of ["keydown", "pointerdown", "pointerup", "click"]) {
  document.addEventListener(type, () => { actedSinceAddress = true; }, true);
}
window.addEventListener("hashchange", () => { actedSinceAddress = false; }, true);

// Writes the address soon (a move does not wait for it).
let addressDue = null;
// Whether the address opened is older than what the tab kept, and
// whether it brought a position of its own (openAddress).
let addressStale = false;
let linkedPosition = false;

function keepAddress() {
  if (addressDue === null) addressDue = setTimeout(writeAddress, ADDRESS_MS);
}

// Drops a write of the address due: the address now names a maze on its
// way, which the maze open must not write over.
function holdAddress() {
  clearTimeout(addressDue);
  addressDue = null;
}

// Writes the address now: the maze open and its history (`force`d, even
// with no action of the player's behind it: an address naming a maze
// refused is put right).
function writeAddress(force = false) {
  holdAddress();
  // Chrome's back button skips an entry after which the page changed its
  // address with no action of the player's since the last change (its
  // history intervention): written as a maze opened, the address made
  // going back leave the served page's mazes behind. It is written only
  // after an action of the player's, as every change of the position is.
  if (!GAME || !(actedSinceAddress || force)) return;
  const text = addressOf(mazeRef(GAME), historyWords(), position);
  if (text !== location.hash.slice(1)) {
    history.replaceState(history.state, "", `#${text}`);
    actedSinceAddress = false;
  }
  addressWritten = text;
}

// The link to this position, whole.
function link() {
  writeAddress();
  return location.href;
}

// "Copy link": the address to the clipboard, and shown selected (to copy
// by hand where the browser will not let the page write there).
function setUpShare() {
  const field = $("link-text");
  $("copy-link").addEventListener("click", async () => {
    const text = link();
    // A page opened from a file, or served by this computer to itself:
    // its link opens on this computer alone.
    const here = location.protocol === "file:" || ["localhost", "127.0.0.1", "[::1]"].includes(location.hostname);
    const where = here
      ? "in a browser on this computer (the page is a file or a local server's: put it on a web site to share the link)"
      : "anywhere";
    // The link is shown too: what was copied, or, selected, what to copy
    // where the browser will not let the page write to the clipboard.
    field.hidden = false;
    field.value = text;
    try {
      await navigator.clipboard.writeText(text);
      $("share-status").textContent = `Link copied: it opens this maze at this move, with its marks and history, ${where}.`;
    } catch {
      field.select();
      $("share-status").textContent = `Copy the link above (Ctrl+C): it opens this maze at this move, ${where}.`;
    }
  });
  // The field holds the keys only to copy its text: Escape leaves it, and
  // the game's keys play on (onKey lets them through).
  field.addEventListener("keydown", (event) => {
    if (event.key === "Escape") field.blur();
  });
}

// ---- The clock and the best ----------------------------------------------------

// The time spent on each maze, counted from its first move while the page
// is in sight and the maze unsolved (paused while the page is hidden),
// and its best: the fewest moves and the least time it was solved in.
// Kept with its progress.
let clockFrom = null; // when the running clock last started (performance.now())
let clockTick = null;

// The milliseconds spent on the maze open, to now.
const spent = () => (progress.time || 0) + (clockFrom === null ? 0 : performance.now() - clockFrom);

// Whether the clock should run now.
const clockRuns = () => document.visibilityState !== "hidden" && acted().kind !== "solution"
  && !FAMILY.solved(current()) && !lostWhy() && (progress.time > 0 || entries.length > 1);

// Banks the time run so far into the progress.
function keepClock() {
  if (clockFrom === null) return;
  const now = performance.now();
  progress.time = (progress.time || 0) + (now - clockFrom);
  clockFrom = now;
}

// Starts or stops the clock as the game and the page now stand.
function runClock() {
  if (!GAME) return;
  if (clockRuns() && clockFrom === null) {
    clockFrom = performance.now();
    clockTick = setInterval(showClock, 1000);
  } else if (!clockRuns() && clockFrom !== null) {
    keepClock();
    clockFrom = null;
    clearInterval(clockTick);
  }
  showClock();
}

// A new maze open: its own time.
function startClock() {
  clockFrom = null;
  clearInterval(clockTick);
  progress.time = Number.isFinite(progress.time) && progress.time > 0 ? progress.time : 0;
}

const minutes = (ms) => {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
};

// A win: the best kept if it is better.
function noteBest() {
  keepClock();
  const best = progress.best || {};
  const moves = acted().moves;
  progress.best = {
    moves: Number.isFinite(best.moves) ? Math.min(best.moves, moves) : moves,
    time: Number.isFinite(best.time) ? Math.min(best.time, spent()) : spent(),
  };
}

function showClock() {
  const best = progress.best;
  $("clock").textContent = `Time ${minutes(spent())}` +
    (best ? ` · best ${best.moves} ${best.moves === 1 ? "move" : "moves"}, ${minutes(best.time)}` : "");
}
