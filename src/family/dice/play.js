// The dice family's game, for the page's shared code (prelude.js before,
// midend.js after): a die tipped from square to square.

const GAME = {
  start() {
    return { at: MAZE.start, top: MAZE.top, front: MAZE.front, east: DATA.game.east, moved: false };
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
  modes: false,
  marks: [],
  keysHelp: "arrow keys tip the die",
};
