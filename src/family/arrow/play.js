// The arrow family's game, for the page's shared code (prelude.js before,
// midend.js after): a walker that reads the sign for the way it came in.
// A game is its first state, its moves (each a new state or a refusal with
// the reason), its goal, how its panel is drawn, and its keys and buttons.

const TURN_NAMES = { L: "left", F: "forward", R: "right" };
const TURN_KEYS = { L: "←", F: "↑", R: "→" };
const turned = (d, turn) => {
  const i = DIRECTIONS.indexOf(d);
  return DIRECTIONS[(i + { L: 3, F: 0, R: 1 }[turn]) % 4];
};

const GAME = {
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
  // A walk mode (only the sign in front) besides the overview.
  modes: true,
  // Labels drawn on the map in walk mode.
  marks: [[MAZE.entrance, "START"], [MAZE.goal, "GOAL"]],
  keysHelp: "← ↑ → turn left, go forward, turn right",
};
