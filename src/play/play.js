"use strict";
// Walking a logic maze: the rules of both families, the moves, undo,
// restart and the solution shown step by step. The maze, its shortest
// route and the drawing's geometry come from the JSON in #data.

const DATA = JSON.parse(document.getElementById("data").textContent);
const MAZE = DATA.maze;
const DIRECTIONS = ["N", "E", "S", "W"];
const NAMES = { N: "north", E: "east", S: "south", W: "west" };
const STEP = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
const TURN_NAMES = { L: "left", F: "forward", R: "right" };
const TURN_KEYS = { L: "←", F: "↑", R: "→" };
const SVG = "http://www.w3.org/2000/svg";

const $ = (id) => document.getElementById(id);
const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const step = (at, d) => [at[0] + STEP[d][0], at[1] + STEP[d][1]];
const show = (at) => `(${at[0]},${at[1]})`;
const turned = (d, turn) => {
  const i = DIRECTIONS.indexOf(d);
  return DIRECTIONS[(i + { L: 3, F: 0, R: 1 }[turn]) % 4];
};

// Each family: its first state, its moves (each either a new state or a
// refusal with the reason), its goal, and how its panel is drawn.
const ARROW = {
  start() {
    return { at: MAZE.entrance, heading: MAZE.heading, started: false };
  },
  signs: new Map(MAZE.intersections ? MAZE.intersections.map((i) => [show(i.at), i.signs]) : []),
  sign(state) {
    if (!state.started) return "F";
    const signs = this.signs.get(show(state.at));
    return (signs && signs[state.heading]) || "";
  },
  move(state, turn) {
    const sign = this.sign(state);
    if (!state.started && turn !== "F") {
      return { refused: `You leave the entrance heading ${NAMES[state.heading]}: only ↑ forward is open.` };
    }
    if (sign === "") {
      return { refused: `No sign at ${show(state.at)} for walkers heading ${NAMES[state.heading]}: a dead end. Undo or restart.` };
    }
    if (!sign.includes(turn)) {
      const open = [...sign].map((t) => `${TURN_KEYS[t]} ${TURN_NAMES[t]}`).join(", ");
      return { refused: `The sign at ${show(state.at)} does not allow ${TURN_NAMES[turn]}: it shows ${open}.` };
    }
    const heading = turned(state.heading, turn);
    return { state: { at: step(state.at, heading), heading, started: true } };
  },
  // The move that goes from `state` to the neighbouring `to`.
  moveTo(state, to) {
    return ["L", "F", "R"].find((t) => same(step(state.at, turned(state.heading, t)), to));
  },
  solved(state) {
    return state.started && same(state.at, MAZE.goal);
  },
  keys: { ArrowLeft: "L", ArrowUp: "F", ArrowRight: "R" },
  buttons: [["L", "← Left"], ["F", "↑ Forward"], ["R", "→ Right"]],
  rules: "Walk from START to the goal. At each intersection, the sign for the way you came in says where you may go: left, forward or right. No U-turns.",
  panel(state) {
    const sign = this.sign(state);
    const where = state.started ? `At ${show(state.at)}, heading ${NAMES[state.heading]}.` : `At the entrance, about to head ${NAMES[state.heading]}.`;
    const reads = this.solved(state)
      ? "You have reached the goal."
      : sign === ""
        ? "There is no sign for you here: a dead end."
        : `The sign reads: ${[...sign].map((t) => `${TURN_KEYS[t]} ${TURN_NAMES[t]}`).join(", ")}.`;
    $("sign").innerHTML = "";
    for (const text of [where, reads]) {
      const p = document.createElement("p");
      p.textContent = text;
      $("sign").append(p);
    }
    for (const button of $("moves").querySelectorAll("button")) {
      const open = sign.includes(button.dataset.move);
      button.className = open ? "open" : "closed";
      button.setAttribute("aria-label", `${TURN_NAMES[button.dataset.move]} (${open ? "open" : "not on the sign"})`);
    }
  },
};

const DICE = {
  start() {
    return { at: MAZE.start, top: MAZE.top, front: MAZE.front, east: DATA.east, moved: false };
  },
  square(at) {
    const [r, c] = at;
    if (r < 1 || c < 1 || r > MAZE.rows || c > MAZE.cols) return 0;
    return MAZE.squares[r - 1][c - 1];
  },
  rolled(state, d) {
    const { top, front, east } = state;
    switch (d) {
      case "N": return { top: front, front: 7 - top, east };
      case "S": return { top: 7 - front, front: top, east };
      case "E": return { top: 7 - east, front, east: top };
      default: return { top: east, front, east: 7 - top };
    }
  },
  move(state, d) {
    const to = step(state.at, d);
    const square = this.square(to);
    if (square === 0) {
      return { refused: `No square ${NAMES[d]} of ${show(state.at)}: the die cannot go there.` };
    }
    if (square !== -1 && square !== state.top) {
      return { refused: `Top is ${state.top}, square ${show(to)} needs ${square}.` };
    }
    return { state: { at: to, ...this.rolled(state, d), moved: true } };
  },
  moveTo(state, to) {
    return DIRECTIONS.find((d) => same(step(state.at, d), to));
  },
  solved(state) {
    return state.moved && same(state.at, MAZE.start);
  },
  keys: { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" },
  buttons: [["N", "↑ North"], ["W", "← West"], ["E", "→ East"], ["S", "↓ South"]],
  rules: "Tip the die from square to square and bring it back to the start. It may roll onto a square whose number is on top before the roll, or onto a wild (starred) square.",
  panel(state) {
    const faces = [
      [2, 1, "back", 7 - state.front], [1, 2, "west", 7 - state.east], [2, 2, "top", state.top],
      [3, 2, "east", state.east], [2, 3, "front", state.front], [2, 4, "bottom", 7 - state.top],
    ];
    $("die").innerHTML = "";
    for (const [col, row, name, value] of faces) {
      const face = document.createElement("div");
      face.className = `face ${name}`;
      face.style.gridColumn = col;
      face.style.gridRow = row;
      face.innerHTML = `<span>${value}</span><small>${name}</small>`;
      $("die").append(face);
    }
    $("die").setAttribute("aria-label", `The die: ${state.top} on top, ${state.front} in front, ${state.east} east`);
    $("sign").textContent = `The die is on ${show(state.at)} with ${state.top} on top.`;
  },
};

const FAMILY = MAZE.family === "arrow" ? ARROW : DICE;
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
  if (MAZE.family === "arrow") {
    for (const [at, label] of [[MAZE.entrance, "START"], [MAZE.goal, "GOAL"]]) {
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
  if (MAZE.family === "arrow") {
    $("walk-mode").addEventListener("click", () => setMode(true));
    $("overview-mode").addEventListener("click", () => setMode(false));
    setMode(true);
    $("keys").textContent = "Keys: ← ↑ → turn left, go forward, turn right; U or Backspace undo; R restart; S show the solution; W / O walk or overview.";
  } else {
    $("modes").hidden = true;
    $("keys").textContent = "Keys: arrow keys tip the die; U or Backspace undo; R restart; S show the solution.";
  }
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
    } else if (key === "w" && MAZE.family === "arrow") {
      setMode(true);
    } else if (key === "o" && MAZE.family === "arrow") {
      setMode(false);
    } else {
      return;
    }
    event.preventDefault();
  });
  draw();
}

setUp();
