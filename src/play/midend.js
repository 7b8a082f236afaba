// The page's shared code after the family's game (GAME): the history of
// moves, undo, restart, the solution shown step by step, the overlay on the
// map and the keys, for every family.

const FAMILY = GAME;
let history = [FAMILY.start()];
let showing = null;
const current = () => history[history.length - 1];

function say(status, message) {
  const moves = history.length - 1;
  const solved = FAMILY.solved(current());
  $("status").className = solved ? "solved" : "";
  $("status").textContent = status || (solved
    ? `Solved in ${moves} moves (shortest: ${DATA.shortest}).`
    : `Moves: ${moves}` + (DATA.shortest === null ? " — this maze has no solution." : ""));
  $("message").textContent = message || "";
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
  history.push(outcome.state);
  draw();
  return true;
}

function undo() {
  stopShowing();
  if (history.length > 1) history.pop();
  draw();
}

function restart() {
  stopShowing();
  history = [history[0]];
  draw();
}

function stopShowing() {
  if (showing !== null) clearInterval(showing);
  showing = null;
}

function showSolution() {
  restart();
  if (!DATA.route) {
    say(null, "This maze has no solution.");
    return;
  }
  let next = 1;
  showing = setInterval(() => {
    if (next >= DATA.route.length) {
      stopShowing();
      return;
    }
    play(FAMILY.moveTo(current(), DATA.route[next]));
    next += 1;
  }, 350);
}

// The overlay on the map: the trail so far and the walker (or die).
const overlay = document.createElementNS(SVG, "g");
overlay.setAttribute("class", "overlay");
const mapSvg = $("map").querySelector("svg");
mapSvg.append(overlay);
const centre = (at) => [DATA.origin[0] + (at[1] - 1) * DATA.cell, DATA.origin[1] + (at[0] - 1) * DATA.cell];

function drawOverlay() {
  overlay.innerHTML = "";
  const trail = document.createElementNS(SVG, "polyline");
  trail.setAttribute("points", history.map((s) => centre(s.at).join(",")).join(" "));
  trail.setAttribute("fill", "none");
  trail.setAttribute("stroke", "#0b57d0");
  trail.setAttribute("stroke-width", DATA.cell * 0.08);
  trail.setAttribute("stroke-linejoin", "round");
  trail.setAttribute("stroke-linecap", "round");
  trail.setAttribute("opacity", "0.8");
  overlay.append(trail);
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
  const [x, y] = centre(current().at);
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
  $("restart").addEventListener("click", restart);
  $("solution").addEventListener("click", showSolution);
  if (FAMILY.modes) {
    $("walk-mode").addEventListener("click", () => setMode(true));
    $("overview-mode").addEventListener("click", () => setMode(false));
    setMode(true);
  } else {
    $("modes").hidden = true;
  }
  $("keys").textContent = FAMILY.keysHelp;
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const move = FAMILY.keys[event.key];
    const key = event.key.toLowerCase();
    if (move) {
      stopShowing();
      play(move);
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
