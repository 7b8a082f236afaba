// The grid family's game, for the page's shared code (prelude.js before,
// midend.js after): a walker that steps to any open neighbouring square.

GAMES.grid = (MAZE) => {
  const find = (mark) => {
    const row = MAZE.rows.findIndex((r) => r.includes(mark));
    return [row + 1, MAZE.rows[row].indexOf(mark) + 1];
  };
  const open = (at) => {
    const row = MAZE.rows[at[0] - 1];
    return row !== undefined && at[1] >= 1 && at[1] <= row.length && row[at[1] - 1] !== "#";
  };
  return {
    start() {
      return { at: find("S") };
    },
    move(state, d) {
      const to = step(state.at, d);
      if (!open(to)) {
        return { refused: `A wall ${NAMES[d]} of ${show(state.at)}.` };
      }
      return { state: { at: to } };
    },
    solved(state) {
      return same(state.at, find("G"));
    },
    rules: "Walk from S to G, one square at a time, never into a wall.",
    panel(state, panel) {
      const where = document.createElement("p");
      where.className = "grid-where";
      where.textContent = `At ${show(state.at)}.`;
      panel.append(where);
    },
  };
};
