// The arrow family's game, for the page's shared code (prelude.js before,
// midend.js after): a walker that reads the sign for the way it came in.

GAMES.arrow = (MAZE) => {
  const TURN_NAMES = { L: "left", F: "forward", R: "right" };
  const TURN_KEYS = { L: "←", F: "↑", R: "→" };
  const turned = (d, turn) => DIRECTIONS[(DIRECTIONS.indexOf(d) + { L: 3, F: 0, R: 1 }[turn]) % 4];
  const signs = new Map((MAZE.intersections || []).map((i) => [show(i.at), i.signs]));
  const spell = (sign) => [...sign].map((t) => `${TURN_KEYS[t]}\u00a0${TURN_NAMES[t]}`).join(", ");

  return {
    start() {
      return { at: MAZE.entrance, heading: MAZE.heading, started: false };
    },
    // The turns open to the walker: forward out of the entrance, then the
    // sign for the way it came in ("" at a dead end).
    sign(state) {
      if (!state.started) return "F";
      const sign = signs.get(show(state.at));
      return (sign && sign[state.heading]) || "";
    },
    move(state, turn) {
      const sign = this.sign(state);
      if (turn === "B") {
        return { refused: `No U-turns: ↓ would take you back ${NAMES[opposite(state.heading)]}, the way you came.` };
      }
      if (!state.started && turn !== "F") {
        return { refused: `You leave the entrance heading ${NAMES[state.heading]}: only ↑ forward is open.` };
      }
      if (sign === "") {
        return { refused: `No sign at ${show(state.at)} for walkers heading ${NAMES[state.heading]}: a dead end. Undo or restart.` };
      }
      if (!sign.includes(turn)) {
        return { refused: `The sign at ${show(state.at)} does not allow ${TURN_NAMES[turn]}: it shows ${spell(sign)}.` };
      }
      const heading = turned(state.heading, turn);
      return { state: { at: step(state.at, heading), heading, started: true } };
    },
    // The turn that heads in compass direction `d` (a tap, a swipe, or an
    // arrow key in the overview).
    toward(state, d) {
      if (d === opposite(state.heading)) return "B";
      return ["L", "F", "R"].find((t) => turned(state.heading, t) === d);
    },
    solved(state) {
      return state.started && same(state.at, MAZE.goal);
    },
    goal: MAZE.goal,
    // Inside the GOAL under the square.
    ring: { size: 0.28 },
    rules: "Walk from START to the goal. At each intersection, the sign for the way you came in says where you may go: left, forward or right. No U-turns.",
    // Walk mode: only the sign in front, and keys that turn.
    walk: {
      keys: { ArrowLeft: "L", ArrowUp: "F", ArrowRight: "R", ArrowDown: "B" },
      buttons: [["L", "←", "Left"], ["F", "↑", "Forward"], ["R", "→", "Right"]],
      help: "← ↑ → turn left, go forward, turn right (you turn as the walker does)",
    },
    panel(state, panel) {
      const sign = this.sign(state);
      const where = state.started
        ? `At ${show(state.at)}, heading ${named(state.heading)}.`
        : `At the entrance, about to head ${named(state.heading)}.`;
      const reads = this.solved(state)
        ? "You have reached the goal."
        : sign === ""
          ? "There is no sign for you here: a dead end."
          : `The sign reads: ${spell(sign)}.`;
      // The sign as the walker sees it, large: the three turns, the open
      // ones dark.
      const card = document.createElement("div");
      card.className = "sign-card picture";
      card.setAttribute("aria-hidden", "true");
      for (const turn of ["L", "F", "R"]) {
        const arrow = document.createElement("span");
        arrow.textContent = TURN_KEYS[turn];
        arrow.className = sign.includes(turn) && !this.solved(state) ? "open" : "closed";
        card.append(arrow);
      }
      panel.append(card);
      for (const text of [where, reads]) {
        const p = document.createElement("p");
        p.textContent = text;
        panel.append(p);
      }
    },
    // A mark's place: an intersection as arrived at, heading one way (its
    // sign for that way in), or the entrance before the first step.
    place(state) {
      return state.started ? `${state.at[0]},${state.at[1]},${state.heading}` : `${state.at[0]},${state.at[1]}`;
    },
    // The worked example: out of the entrance, then a sign read for the
    // way the walker came in, and the turn it allows taken.
    lesson(start, turn) {
      const frames = [{
        state: start,
        words: `You start at the entrance ${show(start.at)}, heading ${named(start.heading)}: the only way is forward (↑).`,
      }];
      let state = start;
      for (let n = 0; n < 2; n++) {
        const sign = this.sign(state);
        const next = n === 0 ? turn : ["F", "R", "L"].find((t) => sign.includes(t));
        const moved = next && this.move(state, next);
        if (!moved || moved.refused) break;
        const from = state;
        state = moved.state;
        const went = n === 0 ? "" : `From the sign's ${spell(this.sign(from))} you took ${TURN_NAMES[next]}. `;
        const now = this.solved(state)
          ? "That is the goal: you have won."
          : this.sign(state) === ""
            ? "No sign here is for the way you came in: a dead end; undo."
            : `The sign for arriving heading ${NAMES[state.heading]} reads ${spell(this.sign(state))}: the roads open to you, marked on the board.`;
        frames.push({
          state,
          words: `${went}You arrive at ${show(state.at)} heading ${named(state.heading)}. Each intersection has a sign for each way in, and you read only the one for the way you came: ${now}`,
        });
        if (this.solved(state) || this.sign(state) === "") break;
      }
      return frames;
    },
    // The turns the sign in front allows, for the walk mode's buttons.
    open(state) {
      return [...this.sign(state)];
    },
    // The walker: a disc with its heading, and the roads its sign opens,
    // drawn from its square (in walk mode the only sign on the map).
    walker(state, cell) {
      const pieces = [];
      if (!this.solved(state)) {
        for (const turn of this.sign(state)) {
          const [dr, dc] = STEP[turned(state.heading, turn)];
          const [x, y] = [dc * cell * 0.62, dr * cell * 0.62];
          pieces.push(svgElement("line", {
            class: "open-road", x1: dc * cell * 0.2, y1: dr * cell * 0.2, x2: x, y2: y,
            "marker-end": "url(#open-road-head)",
          }));
        }
      }
      pieces.push(svgElement("circle", { class: "walker-disc", r: cell * 0.24 }));
      const r = cell * 0.15;
      const angle = DIRECTIONS.indexOf(state.heading) * 90;
      pieces.push(svgElement("path", {
        class: "walker-heading", d: `M0 ${-r} L${r * 0.8} ${r * 0.7} L0 ${r * 0.3} L${-r * 0.8} ${r * 0.7} Z`,
        transform: `rotate(${angle})`,
      }));
      return pieces;
    },
  };
};

// Its editor (logicmaze edit): the entrance, its heading and the goal, and
// at each square the signs, one for each way of arriving (Shift+arrow
// picks it), each turn toggled by L, F or R.
EDITORS.arrow = (() => {
  const ORDER = "LFR";
  const at = (doc, square) => doc.intersections.find((i) => same(i.at, square));
  // Toggles `turn` in the sign at `square` for arriving heading `arrival`.
  const toggle = (doc, square, turn, arrival) => {
    let here = at(doc, square);
    if (!here) {
      here = { at: [...square], signs: {} };
      doc.intersections.push(here);
    }
    const sign = here.signs[arrival] || "";
    const next = sign.includes(turn) ? sign.replace(turn, "") : [...ORDER].filter((t) => sign.includes(t) || t === turn).join("");
    if (next) here.signs[arrival] = next;
    else delete here.signs[arrival];
    if (!Object.keys(here.signs).length) doc.intersections = doc.intersections.filter((i) => i !== here);
    doc.intersections.sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1]);
  };
  const turnKey = (letter) => (k) => k.toUpperCase() === letter;
  return {
    keys: [
      ["L", "the sign allows left (toggle)", turnKey("L"), (doc, square, k, arrival) => toggle(doc, square, "L", arrival)],
      ["F", "the sign allows forward (toggle)", turnKey("F"), (doc, square, k, arrival) => toggle(doc, square, "F", arrival)],
      ["R", "the sign allows right (toggle)", turnKey("R"), (doc, square, k, arrival) => toggle(doc, square, "R", arrival)],
      ["Delete", "no signs here", (k) => k === "Delete" || k === "Backspace", (doc, square) => {
        doc.intersections = doc.intersections.filter((i) => !same(i.at, square));
      }],
      ["E", "the entrance here", turnKey("E"), (doc, square) => { doc.entrance = [...square]; }],
      ["H", "the entrance's heading: the next", turnKey("H"), (doc) => {
        doc.heading = DIRECTIONS[(DIRECTIONS.indexOf(doc.heading) + 1) % 4];
      }],
      ["G", "the goal here", turnKey("G"), (doc, square) => { doc.goal = [...square]; }],
    ],
    shiftWhat: "pick the sign for arriving heading that way",
    shiftArrow: () => "arrival",
    resize(doc, fit) {
      for (const p of [doc.entrance, doc.goal, ...doc.intersections.map((i) => i.at)]) fit.move(p);
      const inside = (p) => p[0] >= 1 && p[1] >= 1 && p[0] <= fit.rows && p[1] <= fit.cols;
      doc.intersections = doc.intersections.filter((i) => inside(i.at));
      fit.clamp(doc.entrance);
      fit.clamp(doc.goal);
    },
    describe(doc, square, arrival) {
      const here = at(doc, square);
      const signs = here ? DIRECTIONS.filter((d) => here.signs[d]).map((d) => `${NAMES[d]} ${here.signs[d]}`).join(", ") : "";
      const ends = [same(square, doc.entrance) ? `the entrance, heading ${named(doc.heading)}` : "", same(square, doc.goal) ? "the goal" : ""].filter(Boolean);
      return `${ends.length ? `${ends.join(" and ")}; ` : ""}signs (by the way arriving): ${signs || "none"}. Editing the sign for arriving heading ${named(arrival)}.`;
    },
  };
})();
