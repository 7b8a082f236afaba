// Printing (after lesson.js), as Simon Tatham's collection prints: a page
// a maze, with its name, its family's rules in a line and the board alone
// at the largest size the page holds, the start and the goal marked, no
// controls; and, when asked, each maze's solution on a page of its own,
// after the mazes. The Print button and Ctrl-P ask which; the browser's
// own Print menu prints the maze open. A booklet (`logicmaze play
// --print`, DATA.print) shows the same pages on screen, every maze's.
//
// The pages are SVG built from each maze's board (board.js's stamps, each
// defined once and used at every cell that bears it), so that a printer
// draws lines, not a screen's pixels.

// Ids of the stamps' definitions, unique among every board printed.
let printedBoards = 0;

// An element of a stamp (board.js) as SVG.
function stampElement(element) {
  const made = svgElement(element.name, element.attributes || {}, element.text);
  for (const child of element.children || []) made.append(stampElement(child));
  return made;
}

// Every maze's start, for its printed page: its game, made afresh.
const gameOf = (game) => GAMES[game.maze.family](game.maze, game.extra);

// The board of `game` (an entry of `games`) as one SVG: every layer of
// its drawing (the overview, not walk mode's), the row and column
// numbers, the goal's ring, the pieces where they start, and `route` (a
// list of squares) when given.
function printedBoard(game, family, route) {
  const id = `printed-${printedBoards++}`;
  const [rows, cols] = game.size;
  const [left, top] = centre([1, 1]);
  // The screen's frame (layers.js), but tight on the right and below,
  // where no numbers go: what a stamp draws past its square, a label
  // under it, fits in under a square.
  const [margin, high] = [1.2 * CELL, 1.6 * CELL];
  const width = (cols - 1) * CELL + margin + 0.8 * CELL;
  const height = (rows - 1) * CELL + high + 1.1 * CELL;
  const svg = svgElement("svg", {
    class: "printed-board", viewBox: `${left - margin} ${top - high} ${width} ${height}`,
    role: "img", "aria-label": `The maze, ${rows} rows by ${cols} columns.`,
  });
  const defs = svgElement("defs", {});
  svg.append(defs);
  const { board } = game;
  const stampOf = new Map([...board.names].map((name, i) => [name, i]));
  board.layers.forEach((layer, l) => {
    layer.stamps.forEach((elements, s) => {
      const stamp = svgElement("g", { id: `${id}-${l}-${s}` });
      stamp.append(...elements.map(stampElement));
      defs.append(stamp);
    });
    const drawn = svgElement("g", { "font-family": board.font });
    for (let r = 1; r <= rows; r++) {
      for (let c = 1; c <= cols; c++) {
        const s = stampOf.get(layer.cells[(r - 1) * cols + (c - 1)]);
        if (s === undefined || !layer.stamps[s]) continue;
        const [x, y] = centre([r, c]);
        drawn.append(svgElement("use", { href: `#${id}-${l}-${s}`, x, y }));
      }
    }
    svg.append(drawn);
  });
  svg.append(printedNumbers(rows, cols, board.font));
  const start = family.start();
  if (route) svg.append(printedRoute(route, family));
  if (family.goal) svg.append(printedRing(family));
  const pieces = svgElement("g", { class: "pieces" });
  if (family.pieces) family.pieces(pieces, start, CELL, centre);
  const walkerAt = svgElement("g", { transform: `translate(${centre(start.at).join(" ")})` });
  // What points out from the walker along the board (a marker of the
  // live board's) is the game's help, not the sheet's.
  const drawn = family.walker ? family.walker(start, CELL) : [svgElement("circle", { class: "walker-disc", r: CELL * 0.24 })];
  walkerAt.append(...drawn.filter((piece) => !piece.hasAttribute("marker-end")));
  svg.append(pieces, walkerAt);
  return svg;
}

// The row and column numbers beside the grid: every one, or on a large
// maze the first and every fifth or tenth, as the screen shows them.
function printedNumbers(rows, cols, font) {
  const [x1, y1] = DATA.origin;
  const { size, gap } = DATA.numbers;
  const most = Math.max(rows, cols);
  const every = most <= 30 ? 1 : most <= 150 ? 5 : most <= 300 ? 10 : 50;
  const shown = (n) => n === 1 || n % every === 0;
  const numbers = svgElement("g", {
    class: "printed-numbers", "font-family": font, "font-size": size, "text-anchor": "middle",
    "dominant-baseline": "central", fill: "#5f5f5f",
  });
  for (let r = 1; r <= rows; r++) {
    if (shown(r)) numbers.append(svgElement("text", { x: x1 - gap, y: y1 + (r - 1) * CELL }, String(r)));
  }
  for (let c = 1; c <= cols; c++) {
    if (shown(c)) numbers.append(svgElement("text", { x: x1 + (c - 1) * CELL, y: y1 - gap }, String(c)));
  }
  return numbers;
}

// The goal's ring, as the board draws it (layers.js), at its screen size.
function printedRing(family) {
  return svgElement("rect", { class: "goal-ring", ...ringBox(family, centre(family.goal)), "stroke-width": CELL * 0.07 });
}

// A solution's route: a line through the squares it crosses, and on each
// step a chevron pointing the way, on the step's right as traffic keeps
// to a lane, so that a stretch walked both ways shows two chevrons side
// by side (on one line they crossed into an ×, a dead end's mark); a wait
// a ring on its square.
function printedRoute(route, family) {
  const drawn = svgElement("g", { class: "printed-route" });
  const points = route.map((at) => trailPoint(at, family));
  drawn.append(svgElement("polyline", { class: "printed-line", points: points.map((p) => p.join(",")).join(" "), "stroke-width": CELL * 0.07 }));
  const [size, aside] = [CELL * 0.06, CELL * 0.11];
  const ways = [];
  for (let i = 1; i < points.length; i++) {
    const [[x1, y1], [x2, y2]] = [points[i - 1], points[i]];
    const length = Math.hypot(x2 - x1, y2 - y1);
    if (length === 0) {
      drawn.append(svgElement("circle", { class: "printed-wait", cx: x2, cy: y2, r: CELL * 0.2 }));
      continue;
    }
    const [dx, dy] = [(x2 - x1) / length, (y2 - y1) / length];
    const [cx, cy] = [(x1 + x2) / 2 - dy * aside, (y1 + y2) / 2 + dx * aside];
    ways.push(`M${cx - dx * size + dy * size} ${cy - dy * size - dx * size}L${cx + dx * size} ${cy + dy * size}` +
      `L${cx - dx * size - dy * size} ${cy - dy * size + dx * size}`);
  }
  drawn.append(svgElement("path", { class: "printed-way", d: ways.join(""), "stroke-width": CELL * 0.04 }));
  return drawn;
}

// The longest route whose squares a solution's page lists under it.
const MAX_PRINTED_SQUARES = 300;

// The most cells a sheet draws: past 200×200 a square is under a
// millimetre on the paper, and the sheet's drawing (an element a cell
// and layer) would hold the page up for seconds.
const MAX_PRINTED_CELLS = 40000;

// One printed page: the maze's, or its solution's.
function printedPage(game, solution) {
  const family = gameOf(game);
  const page = document.createElement("article");
  page.className = "printed-page";
  const name = document.createElement("h2");
  name.textContent = solution ? `${game.maze.name}: the solution` : game.maze.name;
  const words = document.createElement("p");
  const start = family.start();
  const moves = game.route ? game.route.length - 1 : 0;
  words.textContent = solution
    ? (game.route
      ? `The shortest route, ${moves} ${moves === 1 ? "move" : "moves"}, drawn from the start.`
      : "No solution: no route from the start wins.")
    : `${family.rules} Start ${show(start.at)}${family.goal ? `, goal ${show(family.goal)}` : ""}.`;
  const [rows, cols] = game.size;
  if (rows * cols > MAX_PRINTED_CELLS) {
    words.textContent += ` At ${rows}×${cols} it is too large to print on a sheet (${MAX_PRINTED_CELLS.toLocaleString("en")} squares at most).`;
    page.append(name, words);
    return page;
  }
  page.append(name, words, printedBoard(game, family, solution ? game.route : null));
  // The route's squares too, as the judges write them, where they fit; a
  // maze's sheet keeps the same room empty, so that its board is drawn at
  // the scale of its solution's (a teacher lays one over the other).
  const squares = document.createElement("p");
  squares.className = "printed-squares";
  if (solution && game.route && game.route.length <= MAX_PRINTED_SQUARES) squares.textContent = game.route.map(show).join(" ");
  page.append(squares);
  return page;
}

// Fills the printed part: `which` the mazes (entries of `games`), their
// pages first, then, with `solutions`, one page for each one's solution.
function fillPrint(which, solutions) {
  const pages = which.map((game) => printedPage(game, false));
  if (solutions) pages.push(...which.map((game) => printedPage(game, true)));
  $("print").replaceChildren(...pages);
}

const printing = () => $("print-dialog");

// The Print dialog: this maze or every one, the solutions or not.
function openPrint() {
  if (!GAME || printing().open) return;
  const held = games.filter((game) => !game.pending).length;
  $("print-every-label").hidden = held < 2 || Boolean(DATA.edit);
  $("print-count").textContent = `${held}`;
  printing().showModal();
  $("print-go").focus();
}

function printAsked() {
  const every = !$("print-every-label").hidden && $("print-every").checked;
  printing().close();
  fillPrint(every ? games.filter((game) => !game.pending) : [GAME], $("print-solutions").checked);
  window.print();
}

function setUpPrint() {
  for (const button of document.querySelectorAll(".print-button")) button.addEventListener("click", openPrint);
  $("print-go").addEventListener("click", printAsked);
  $("print-cancel").addEventListener("click", () => printing().close());
  // The browser's own Print menu prints the maze open, if nothing was
  // asked; a page printed is forgotten after, but a booklet's.
  window.addEventListener("beforeprint", () => {
    if (!$("print").childElementCount && GAME) fillPrint([GAME], false);
  });
  window.addEventListener("afterprint", () => {
    if (!DATA.print) $("print").replaceChildren();
  });
  if (DATA.print) {
    document.body.classList.add("booklet");
    fillPrint(games, DATA.print.solutions);
    const mazes = games.length;
    const pages = $("print").childElementCount;
    $("booklet-words").textContent = `${mazes} ${mazes === 1 ? "maze" : "mazes"}, ${pages} ${pages === 1 ? "page" : "pages"}`
      + (DATA.print.solutions ? ": the mazes first, then their solutions." : ".");
    $("booklet-print").addEventListener("click", () => window.print());
  }
}
