// The Theseus-and-the-Minotaur game, for the page's shared code
// (prelude.js before, midend.js after): Theseus steps or waits, then the
// Minotaur takes two steps toward him; reaching the exit wins, being
// caught loses (and Undo takes it back).

GAMES.minotaur = (MAZE) => {
  const OFFSET = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
  const inner = new Set(MAZE.walls.map(([r, c, side]) => `${r},${c},${side}`));
  // Whether a wall stands on side `d` of `at` (the border is walled).
  const wall = (at, d) => {
    const [r, c] = at;
    const to = step(at, d);
    if (to[0] < 1 || to[1] < 1 || to[0] > MAZE.rows || to[1] > MAZE.cols) return true;
    return inner.has(`${r},${c},${d}`) || inner.has(`${to[0]},${to[1]},${opposite(d)}`);
  };
  // One step of the Minotaur at `m` toward Theseus at `t`: across first,
  // then along, if no wall is in the way.
  const chase = (m, t) => {
    const across = t[1] > m[1] ? "E" : t[1] < m[1] ? "W" : null;
    const along = t[0] > m[0] ? "S" : t[0] < m[0] ? "N" : null;
    for (const d of [across, along]) if (d && !wall(m, d)) return step(m, d);
    return m;
  };
  const escaped = (state) => same(state.at, MAZE.exit);

  return {
    mover: "Theseus",
    start() {
      return { at: MAZE.theseus, minotaur: MAZE.minotaur, path: [MAZE.minotaur], eaten: false };
    },
    // A move is a compass direction, or "X" to wait.
    move(state, move) {
      if (state.eaten) return { refused: "Theseus has been eaten: undo to take it back." };
      const to = move === "X" ? state.at : step(state.at, move);
      if (move !== "X" && wall(state.at, move)) {
        return { refused: `A wall ${NAMES[move]} of ${show(state.at)}.` };
      }
      if (same(to, state.minotaur)) {
        return { refused: `The Minotaur stands on ${show(to)}: Theseus may not step onto him.` };
      }
      if (same(to, MAZE.exit)) {
        return { state: { at: to, minotaur: state.minotaur, path: [state.minotaur], eaten: false } };
      }
      const first = chase(state.minotaur, to);
      const second = same(first, to) ? first : chase(first, to);
      const path = [state.minotaur, first, second];
      return { state: { at: to, minotaur: second, path, eaten: same(second, to) || same(first, to) } };
    },
    solved: escaped,
    goal: MAZE.exit,
    // A state without the Minotaur's path, which only animates it.
    key: (state) => `${state.at}|${state.minotaur}|${state.eaten}`,
    lost(state) {
      return state.eaten ? `Eaten by the Minotaur on ${show(state.at)}. Undo to take the move back.` : null;
    },
    stay: { move: "X", label: "Wait", glyph: "○", keys: [" ", "."] },
    rules: "Lead Theseus to the exit. Each turn he steps to a neighbouring square or waits; " +
      "then the Minotaur takes two steps toward him, each across toward his column if no wall " +
      "is in the way, else down or up toward his row. Do not let it catch him.",
    // The worked example: Theseus's move, then the Minotaur's two steps
    // one at a time, each across toward his column first.
    lesson(start, move) {
      const moved = this.move(start, move);
      const frames = [{
        state: start,
        words: `Theseus (T) is on ${show(start.at)}, the Minotaur (M) on ${show(start.minotaur)}, the exit on ${show(MAZE.exit)}.`,
      }];
      if (moved.refused) return frames;
      const after = moved.state;
      const [m0, m1, m2] = after.path.length === 3 ? after.path : [start.minotaur, start.minotaur, start.minotaur];
      const how = (from, to) => (same(from, to) ? "cannot come nearer and stays" : `steps ${named(directionOf(from, to))} to ${show(to)}`);
      const went = move === "X" ? "Theseus waits" : `Theseus steps ${named(move)} to ${show(after.at)}`;
      frames.push({ state: { at: after.at, minotaur: m0, path: [m0], eaten: false }, words: `${went}. Now the Minotaur takes two steps toward him.` });
      if (!same(after.at, MAZE.exit)) {
        frames.push({ state: { at: after.at, minotaur: m1, path: [m0, m1], eaten: same(m1, after.at) }, words: `First step: the Minotaur ${how(m0, m1)}: across toward Theseus's column if no wall is in the way, else down or up toward his row.` });
        frames.push({ state: after, words: `Second step: it ${how(m1, m2)}. ${after.eaten ? "It caught him: that move loses." : "Your turn again: keep out of its reach."}` });
      }
      return frames;
    },
    panel(state, panel) {
      const where = document.createElement("p");
      where.textContent = state.eaten
        ? `The Minotaur caught Theseus on ${show(state.at)}.`
        : escaped(state)
          ? "Theseus is out: he has escaped."
          : `Theseus is on ${show(state.at)}, the Minotaur on ${show(state.minotaur)}; the exit is ${show(MAZE.exit)}.`;
      panel.append(where);
    },
    // Theseus; caught, with the Minotaur's claw marks across him.
    walker(state, cell) {
      const pieces = [
        svgElement("circle", { class: "theseus-disc", r: cell * 0.24 }),
        svgElement("text", { class: "theseus-letter", y: cell * 0.09, "font-size": cell * 0.26 }, "T"),
      ];
      if (state.eaten) {
        const r = cell * 0.17;
        pieces.push(svgElement("path", { class: "caught-mark", d: `M${-r} ${-r} L${r} ${r} M${r} ${-r} L${-r} ${r}` }));
      }
      return pieces;
    },
    // The Minotaur stays in sight as Theseus is followed.
    watched: (state) => [state.minotaur],
    // The Minotaur, in a layer of its own: slid step by step along its
    // path after a turn, placed at once otherwise.
    pieces(layer, state, cell, centre) {
      let minotaur = layer.querySelector(".minotaur-piece");
      if (!minotaur) {
        minotaur = svgElement("g", { class: "minotaur-piece" });
        minotaur.append(
          svgElement("circle", { class: "minotaur-disc", r: cell * 0.24 }),
          svgElement("text", { class: "minotaur-letter", y: cell * 0.09, "font-size": cell * 0.26 }, "M"),
        );
        layer.append(minotaur);
        minotaur.dataset.at = "";
      }
      // Where he stands; on Theseus's square, beside him up and to the
      // right, so that both pieces show and the catch is seen.
      const place = (at) => {
        const [x, y] = centre(at);
        const aside = state.eaten && same(at, state.at) ? cell * 0.32 : 0;
        minotaur.style.transform = `translate(${x + aside}px, ${y - aside}px)`;
        minotaur.dataset.at = at.join(",");
      };
      clearTimeout(minotaur.timer);
      minotaur.classList.toggle("caught", state.eaten);
      const path = state.path || [state.minotaur];
      const follows = minotaur.dataset.at === path[0].join(",") && path.length > 1;
      if (!follows || matchMedia("(prefers-reduced-motion: reduce)").matches) {
        place(state.minotaur);
        return;
      }
      let index = 1;
      const next = () => {
        place(path[index]);
        index += 1;
        if (index < path.length) minotaur.timer = setTimeout(next, 140);
      };
      next();
    },
  };
};

// Its editor (logicmaze edit): walls by Shift+arrow on the cursor's side,
// Theseus, the Minotaur and the exit (on the border, its gap outward).
EDITORS.minotaur = (() => {
  // A wall on side `d` of `square`, as the document keeps it: the east
  // or south side of a square; null on the border (always walled).
  const key = (doc, square, d) => {
    const [r, c] = square;
    const wall = d === "N" ? [r - 1, c, "S"] : d === "W" ? [r, c - 1, "E"] : [r, c, d];
    const inside = wall[0] >= 1 && wall[1] >= 1 && (wall[2] === "S" ? wall[0] < doc.rows : wall[1] < doc.cols);
    return inside ? wall : null;
  };
  // The sides of `square` on the border of a board of `size` rows and
  // cols.
  const borderSides = (size, square) => DIRECTIONS.filter((d) => {
    const [r, c] = step(square, d);
    return r < 1 || c < 1 || r > size.rows || c > size.cols;
  });
  const placed = (k) => (doc, square) => { doc[k] = [...square]; };
  return {
    keys: [
      ["T", "Theseus here", (k) => k.toUpperCase() === "T", placed("theseus")],
      ["M", "the Minotaur here", (k) => k.toUpperCase() === "M", placed("minotaur")],
      ["X", "the exit here, on the border (again: its other side, in a corner)", (k) => k.toUpperCase() === "X", (doc, square) => {
        const sides = borderSides(doc, square);
        if (!sides.length) return false;
        const again = same(doc.exit, square) && sides.includes(doc.gap);
        doc.gap = again ? sides[(sides.indexOf(doc.gap) + 1) % sides.length] : sides[0];
        doc.exit = [...square];
        return true;
      }],
    ],
    shiftWhat: "a wall on that side of the cursor's square, or none (toggle)",
    shiftArrow(doc, square, d, editing) {
      if (!editing) return "wall";
      const wall = key(doc, square, d);
      if (!wall) return false;
      const at = doc.walls.findIndex((w) => w[0] === wall[0] && w[1] === wall[1] && w[2] === wall[2]);
      if (at >= 0) doc.walls.splice(at, 1);
      else doc.walls.push(wall);
      doc.walls.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2].localeCompare(b[2]));
      return true;
    },
    resize(doc, fit) {
      const { rows, cols } = fit;
      for (const p of [doc.theseus, doc.minotaur, doc.exit, ...doc.walls]) fit.move(p);
      doc.walls = doc.walls.filter(([r, c, d]) => r >= 1 && c >= 1 && (d === "S" ? r < rows && c <= cols : c < cols && r <= rows));
      for (const p of [doc.theseus, doc.minotaur, doc.exit]) fit.clamp(p);
      const sides = borderSides(fit, doc.exit);
      if (!sides.includes(doc.gap)) doc.gap = sides[0] || doc.gap;
    },
    describe(doc, square) {
      const here = [same(square, doc.theseus) ? "Theseus" : "", same(square, doc.minotaur) ? "the Minotaur" : "",
        same(square, doc.exit) ? `the exit (its gap ${NAMES[doc.gap]})` : ""].filter(Boolean);
      // The border is walled but for the exit's gap.
      const gap = (d) => same(square, doc.exit) && d === doc.gap;
      const walls = DIRECTIONS.filter((d) => {
        const wall = key(doc, square, d);
        return wall ? doc.walls.some((w) => w[0] === wall[0] && w[1] === wall[1] && w[2] === wall[2]) : !gap(d);
      }).map((d) => NAMES[d]);
      return `${here.length ? `${here.join(", ")}; ` : ""}walls: ${walls.join(", ") || "none"}.`;
    },
  };
})();
