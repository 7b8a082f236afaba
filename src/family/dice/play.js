// The dice family's game, for the page's shared code (prelude.js before,
// midend.js after): a die tipped from square to square.

GAMES.dice = (MAZE, extra) => {
  const square = (at) => {
    const [r, c] = at;
    if (r < 1 || c < 1 || r > MAZE.rows || c > MAZE.cols) return 0;
    return MAZE.squares[r - 1][c - 1];
  };
  // The faces after a roll toward `d`: top, front (toward the south) and
  // east.
  const rolled = ({ top, front, east }, d) => {
    switch (d) {
      case "N": return { top: front, front: 7 - top, east };
      case "S": return { top: 7 - front, front: top, east };
      case "E": return { top: 7 - east, front, east: top };
      default: return { top: east, front, east: 7 - top };
    }
  };

  return {
    mover: "the die",
    start() {
      return { at: MAZE.start, top: MAZE.top, front: MAZE.front, east: extra.east, moved: false };
    },
    move(state, d) {
      const to = step(state.at, d);
      const number = square(to);
      if (number === 0) {
        return { refused: `No square ${NAMES[d]} of ${show(state.at)}: the die cannot go there.` };
      }
      if (number !== -1 && number !== state.top) {
        return { refused: `Top is ${state.top}, square ${show(to)} needs ${number}.` };
      }
      return { state: { at: to, ...rolled(state, d), moved: true } };
    },
    solved(state) {
      return state.moved && same(state.at, MAZE.start);
    },
    goal: MAZE.start,
    // Round the whole square: its START and number are inside.
    ring: { size: 0.5, corner: 0.1 },
    // The trail keeps to a square's lower left, clear of its number (in
    // the middle), of START (top left) and of the die (right).
    trailAt: [-0.3, 0.3],
    // A mark goes top left, where the die on the square leaves it in
    // sight.
    markAt: [-0.3, -0.3],
    rules: "Tip the die from square to square and bring it back to the start. It may roll onto a square whose number is on top before the roll, or onto a wild (starred) square.",
    // The worked example: the die on the start, then one roll, its net
    // before and after beside the board.
    lesson(start, d) {
      const rolledTo = this.move(start, d);
      const frames = [{
        state: start,
        words: `The die stands on the start ${show(start.at)} with ${start.top} on top; the net beside the board shows all six faces, the top in the middle, the one facing you (front) under it.`,
      }];
      if (!rolledTo.refused) {
        const after = rolledTo.state;
        const here = square(after.at);
        const why = here === -1 ? "a wild square, open to any top" : `a ${here}, open because ${start.top} was on top`;
        frames.push({
          state: after,
          words: `Rolled ${named(d)} onto ${show(after.at)}, ${why}. The die tipped over its ${NAMES[d]} edge: the face that was ${NAMES[opposite(d)]} is on top now, ${after.top}, as the net shows. Bring it back onto the start, whose number must be on top as it rolls there.`,
        });
      }
      return frames;
    },
    panel(state, panel) {
      const faces = [
        [2, 1, "back", 7 - state.front], [1, 2, "west", 7 - state.east], [2, 2, "top", state.top],
        [3, 2, "east", state.east], [2, 3, "front", state.front], [2, 4, "bottom", 7 - state.top],
      ];
      const net = document.createElement("div");
      net.className = "die-net picture";
      net.setAttribute("aria-label", `The die: ${state.top} on top, ${state.front} in front, ${state.east} east`);
      for (const [col, row, name, value] of faces) {
        const face = document.createElement("div");
        face.className = `face ${name}`;
        face.style.gridColumn = col;
        face.style.gridRow = row;
        face.innerHTML = `<span>${value}</span><small>${name}</small>`;
        net.append(face);
      }
      const where = document.createElement("p");
      // The square's own number, which the die on it hides.
      const here = square(state.at);
      const kind = here === -1 ? "a wild square" : `a ${here}`;
      where.textContent = `The die is on ${show(state.at)}, ${kind}, with ${state.top} on top.`;
      // The squares around the die in words, for a player who cannot see
      // the board (the drawing is one image).
      const around = document.createElement("p");
      around.className = "around";
      around.textContent = "Around: " + DIRECTIONS.map((d) => {
        const number = square(step(state.at, d));
        return `${NAMES[d]} ${number === 0 ? "no square" : number === -1 ? "wild" : number}`;
      }).join(", ") + ".";
      net.setAttribute("role", "img");
      panel.append(where, around, net);
    },
    // The die on its square, seen from above and a little south: the top
    // face half a square wide and the front face under it, on the
    // square's right. The square under it is covered and drawn again with
    // its number (and START) on its left, so that the die hides neither.
    // At a third of the square, in its corner, the die was a badge too
    // small to read; over the middle, it hid the number the player needs
    // to roll back onto the start.
    walker(state, cell) {
      const size = cell * 0.46;
      const depth = size * 0.38;
      const [x, y] = [0, -cell * 0.26];
      const ring = cell * 0.47;
      const side = cell * 0.92;
      const here = square(state.at);
      const pieces = [
        svgElement("rect", { class: "die-cover cover", x: -side / 2, y: -side / 2, width: side, height: side, rx: cell * 0.08 }),
        svgElement("text", { class: "die-square-number label", x: -cell * 0.23, y: cell * 0.185, "font-size": cell * 0.3 },
          here === -1 ? "★" : here === 0 ? "" : here),
      ];
      if (same(state.at, MAZE.start)) {
        pieces.push(svgElement("text", { class: "die-start label", x: -cell * 0.4, y: -cell * 0.288, "font-size": cell * 0.12 }, "START"));
      }
      pieces.push(
        svgElement("rect", { class: "die-square", x: -ring, y: -ring, width: 2 * ring, height: 2 * ring, rx: cell * 0.1 }),
        svgElement("rect", { class: "die-front", x, y: y + size * 0.5, width: size, height: size * 0.5 + depth, rx: size * 0.18 }),
        svgElement("text", { class: "die-front-face", x: x + size / 2, y: y + size + depth * 0.8, "font-size": depth * 0.85 }, state.front),
        svgElement("rect", { class: "die-top", x, y, width: size, height: size, rx: size * 0.18 }),
        svgElement("text", { class: "die-top-face", x: x + size / 2, y: y + size * 0.74, "font-size": size * 0.66 }, state.top),
      );
      return pieces;
    },
  };
};

// Its editor (logicmaze edit): each key's name, what it does, which key
// it is, and its change to the design's document at the cursor.
EDITORS.dice = (() => {
  const squareOf = (doc, at) => doc.squares[at[0] - 1][at[1] - 1];
  const put = (doc, at, value) => { doc.squares[at[0] - 1][at[1] - 1] = value; };
  // The next front face after the one now, of those the top allows.
  const nextFront = (doc) => {
    for (let i = 1; i <= 6; i++) {
      const front = (doc.front + i - 1) % 6 + 1;
      if (front !== doc.top && front !== 7 - doc.top) return front;
    }
    return doc.front;
  };
  return {
    keys: [
      ["1–6", "the square's number", (k) => /^[1-6]$/.test(k), (doc, at, k) => put(doc, at, Number(k))],
      ["*", "a wild square", (k) => k === "*", (doc, at) => put(doc, at, -1)],
      ["Delete", "no square", (k) => ["Delete", "Backspace", "."].includes(k), (doc, at) => put(doc, at, 0)],
      ["S", "the start here", (k) => k === "s" || k === "S", (doc, at) => { doc.start = [...at]; }],
      ["T", "the die's top: the next number", (k) => k === "t" || k === "T", (doc) => {
        doc.top = doc.top % 6 + 1;
        if (doc.front === doc.top || doc.front === 7 - doc.top) doc.front = nextFront(doc);
      }],
      ["F", "the die's front: the next the top allows", (k) => k === "f" || k === "F", (doc) => { doc.front = nextFront(doc); }],
    ],
    shiftWhat: "(nothing on dice mazes)",
    shiftArrow: () => false,
    resize(doc, fit) {
      const { side } = fit;
      if (fit.grow) {
        if (side === "N") doc.squares.unshift(new Array(doc.cols).fill(0));
        if (side === "S") doc.squares.push(new Array(doc.cols).fill(0));
        if (side === "W") doc.squares.forEach((row) => row.unshift(0));
        if (side === "E") doc.squares.forEach((row) => row.push(0));
      } else {
        if (side === "N") doc.squares.shift();
        if (side === "S") doc.squares.pop();
        if (side === "W") doc.squares.forEach((row) => row.shift());
        if (side === "E") doc.squares.forEach((row) => row.pop());
      }
      fit.move(doc.start);
      fit.clamp(doc.start);
    },
    describe(doc, at) {
      const n = squareOf(doc, at);
      const what = n === -1 ? "wild" : n === 0 ? "no square" : `a ${n}`;
      const start = same(at, doc.start) ? "; the start" : "";
      return `${what}${start}. The die: ${doc.top} on top, ${doc.front} in front.`;
    },
  };
})();
