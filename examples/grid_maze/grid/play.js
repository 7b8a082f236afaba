// The grid family's game, for the page's shared code (prelude.js before,
// midend.js after): a walker that steps to any open neighbouring square.

const GAME = {
  start() {
    return { at: this.find("S") };
  },
  find(mark) {
    const row = MAZE.rows.findIndex((r) => r.includes(mark));
    return [row + 1, MAZE.rows[row].indexOf(mark) + 1];
  },
  open(at) {
    const row = MAZE.rows[at[0] - 1];
    return row !== undefined && at[1] >= 1 && at[1] <= row.length && row[at[1] - 1] !== "#";
  },
  move(state, d) {
    const to = step(state.at, d);
    if (!this.open(to)) {
      return { refused: `A wall ${NAMES[d]} of ${show(state.at)}.` };
    }
    return { state: { at: to } };
  },
  moveTo(state, to) {
    return DIRECTIONS.find((d) => same(step(state.at, d), to));
  },
  solved(state) {
    return same(state.at, this.find("G"));
  },
  keys: { ArrowUp: "N", ArrowRight: "E", ArrowDown: "S", ArrowLeft: "W" },
  buttons: [["N", "↑ North"], ["W", "← West"], ["E", "→ East"], ["S", "↓ South"]],
  rules: "Walk from S to G, one square at a time, never into a wall.",
  panel(state) {
    $("sign").textContent = `At ${show(state.at)}.`;
  },
  modes: false,
  marks: [],
  keysHelp: "arrow keys walk",
};
