// The page's shared code after the family's game (GAME): the history of
// moves, undo, restart, the solution shown step by step, the overlay on the
// map and the keys, for every family.

const FAMILY = GAME;

// The history, as in Tatham's midend: every action (a move, a restart, the
// solution shown) is an entry, undo and redo walk along the entries, and a
// new action drops the ones undone. An entry holds the state after it, the
// moves since the last restart, and, for the solution, the route it shows.
let entries = [{ kind: "start", state: FAMILY.start(), moves: 0 }];
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

function say(status, message) {
  const { kind, moves } = entry();
  const solved = FAMILY.solved(current());
  const shown = kind === "solution";
  $("status").className = solved && !shown ? "solved" : "";
  $("status").textContent = status || (shown
    ? `Solution shown: ${moves} moves, the shortest. Undo to take it back.`
    : solved
      ? `Solved in ${moves} moves (shortest: ${DATA.shortest}).`
      : `Moves: ${moves}`);
  $("message").textContent = message || "";
  $("undo").disabled = position === 0;
  $("redo").disabled = position === entries.length - 1;
}

function play(move) {
  if (FAMILY.solved(current())) {
    say(null, "Solved already: undo or restart to play on.");
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

// Shows the shortest route from the start: one action, drawn step by step.
function showSolution() {
  if (!DATA.route) {
    stopShowing();
    say(null, "This maze has no solution: no walk from the start reaches the goal.");
    return;
  }
  let state = entries[0].state;
  const route = [state];
  for (const to of DATA.route.slice(1)) {
    state = FAMILY.move(state, FAMILY.moveTo(state, to)).state;
    route.push(state);
  }
  record({ kind: "solution", state, route, moves: route.length - 1 });
  revealed = 1;
  showing = setInterval(() => {
    revealed += 1;
    if (revealed >= route.length) stopShowing();
    drawOverlay();
  }, 250);
  drawOverlay();
}

// The overlay on the map: the trail so far and the walker (or die).
const overlay = document.createElementNS(SVG, "g");
overlay.setAttribute("class", "overlay");
const mapSvg = $("map").querySelector("svg");
mapSvg.append(overlay);
const centre = (at) => [DATA.origin[0] + (at[1] - 1) * DATA.cell, DATA.origin[1] + (at[0] - 1) * DATA.cell];

function drawOverlay() {
  overlay.innerHTML = "";
  const line = document.createElementNS(SVG, "polyline");
  const walked = trail();
  line.setAttribute("points", walked.map((s) => centre(s.at).join(",")).join(" "));
  line.setAttribute("fill", "none");
  line.setAttribute("stroke", "#0b57d0");
  line.setAttribute("stroke-width", DATA.cell * 0.08);
  line.setAttribute("stroke-linejoin", "round");
  line.setAttribute("stroke-linecap", "round");
  line.setAttribute("opacity", "0.8");
  overlay.append(line);
  for (const [at, label] of FAMILY.marks) {
    const mark = document.createElementNS(SVG, "text");
    const [x, y] = centre(at);
    mark.setAttribute("x", x);
    mark.setAttribute("y", y - DATA.cell * 0.3);
    mark.setAttribute("text-anchor", "middle");
    mark.setAttribute("font-size", DATA.cell * 0.18);
    mark.setAttribute("class", "walk-only");
    mark.textContent = label;
    overlay.append(mark);
  }
  const [x, y] = centre(walked[walked.length - 1].at);
  const walker = document.createElementNS(SVG, "circle");
  walker.setAttribute("id", "walker");
  walker.setAttribute("cx", x);
  walker.setAttribute("cy", y);
  walker.setAttribute("r", DATA.cell * 0.16);
  walker.setAttribute("fill", "#0b57d0");
  walker.setAttribute("stroke", "#ffffff");
  walker.setAttribute("stroke-width", DATA.cell * 0.04);
  overlay.append(walker);
}

function draw() {
  FAMILY.panel(current());
  drawOverlay();
  say();
}

function setMode(walking) {
  document.body.classList.toggle("walking", walking);
  $("walk-mode").setAttribute("aria-pressed", String(walking));
  $("overview-mode").setAttribute("aria-pressed", String(!walking));
}

function setUp() {
  $("rules").textContent = FAMILY.rules;
  for (const [move, label] of FAMILY.buttons) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.move = move;
    button.textContent = label;
    button.addEventListener("click", () => { stopShowing(); play(move); });
    $("moves").append(button);
  }
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  $("solution").addEventListener("click", showSolution);
  if (FAMILY.modes) {
    $("walk-mode").addEventListener("click", () => setMode(true));
    $("overview-mode").addEventListener("click", () => setMode(false));
    setMode(true);
  } else {
    $("modes").hidden = true;
  }
  $("keys").textContent = `Keys: ${FAMILY.keysHelp}; U, Ctrl+Z or Backspace undo; ` +
    "Y, Ctrl+Y or Shift+U redo; R restart; S show the solution" +
    (FAMILY.modes ? "; W / O walk or overview." : ".");
  document.addEventListener("keydown", (event) => {
    if (event.altKey) return;
    const key = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    if (command) {
      if (key === "z" && !event.shiftKey) undo();
      else if (key === "y" || (key === "z" && event.shiftKey)) redo();
      else return;
      event.preventDefault();
      return;
    }
    const move = FAMILY.keys[event.key];
    if (move) {
      stopShowing();
      play(move);
    } else if ((key === "u" && event.shiftKey) || key === "y") {
      redo();
    } else if (key === "u" || event.key === "Backspace") {
      undo();
    } else if (key === "r") {
      restart();
    } else if (key === "s") {
      showSolution();
    } else if (key === "w" && FAMILY.modes) {
      setMode(true);
    } else if (key === "o" && FAMILY.modes) {
      setMode(false);
    } else {
      return;
    }
    event.preventDefault();
  });
  draw();
}

setUp();
