// Help short of the answer (the hint), the page's mazes (one opened, the
// list, the next unsolved), new mazes from the server, and the page set
// up (`setUp`, `openFirst`): after controls.js, before keep.js.

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
  // What was said of the link opening the page speaks of the maze it opened.
  if (GAME) linkMessage = null;
  writeProgress();
  stopShowing();
  closeReveal();
  GAME = games[index];
  FAMILY = GAMES[GAME.maze.family](GAME.maze, GAME.extra);
  entries = [];
  append({ kind: "start", state: FAMILY.start(), moves: 0 });
  position = 0;
  $("title").textContent = GAME.maze.name;
  $("title").title = GAME.maze.name;
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
  // A reload's address older than what the tab kept is put right, once
  // the maze kept is open (a generated one arrives later).
  if (addressStale) {
    addressStale = false;
    writeAddress(true);
  }
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

// The id being generated: New maze waits for it (a double click made two).
let generating = null;
async function fetchGame(id, link) {
  // A generated maze is named by its id.
  const known = games.findIndex((g) => g.id === id || g.maze.name === id);
  if (known >= 0 && !games[known].pending) {
    generating = null;
    return load(known, link);
  }
  $("new-status").textContent = `Generating ${id}…`;
  generating = id;
  try {
    const response = await fetch(served(`maze?id=${encodeURIComponent(id)}`));
    const answer = await response.json();
    if (!response.ok) {
      $("new-status").textContent = answer.error;
      // Said where the player looks, too. The address names the maze
      // shown, not the one refused; a page opened on a refused id opens
      // as if it named none, and says so.
      const refused = `No maze for '${id}': ${answer.error}`;
      if (GAME) {
        writeAddress(true);
        say(null, refused);
      } else {
        sayNext(`${refused} This one is open instead.`);
        openFirst();
      }
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
  } finally {
    if (generating === id) generating = null;
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
    if (generating) return;
    const seed = Math.floor(Math.random() * 1e9);
    const id = `${family.value}:${$("new-rows").value}x${$("new-cols").value}:${$("new-difficulty").value}#${seed}`;
    // Taken now: the address's change opens it a moment later.
    generating = id;
    holdAddress();
    location.hash = addressOf(id, []);
  });
}

function setUp() {
  setUpPrint();
  // A booklet is its printed pages, and plays nothing.
  if (DATA.print) return;
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
