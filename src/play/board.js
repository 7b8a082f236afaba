// The maze's drawing, painted on a canvas a part at a time (after the
// families' games, before midend.js). A maze's entry holds its board (the
// family's `FamilyMaze::board`): layers of small drawings, *stamps*, made
// of the same SVG elements as its drawing by `logicmaze render`, and for
// each layer the stamp each cell bears, a character a cell. The page
// paints only the cells in view, so a move costs what the view shows, not
// what the maze holds; zoomed far out, where a cell is a few pixels, it
// shows a picture of a pixel a cell instead, each the colour its stamps
// average to.

// The drawing's colours in the dark: the drawing kit's ink, paper and
// greys, and the families' own.
const DARK = {
  "#ffffff": "#15181c", "#1f1f1f": "#e6e6e6", "#5f5f5f": "#a8a8a8", "#dcdcdc": "#3a3f46",
  "#f4f4f4": "#23272d", "#a0a0a0": "#6b7280", "#8b1a1a": "#f28b82", "#1a76d6": "#8ab4f8",
};
const darkScheme = window.matchMedia("(prefers-color-scheme: dark)");
const LIGHT_COLOUR = (c) => c;
const DARK_COLOUR = (c) => DARK[c] || c;
// The drawing's colours as the system's scheme now asks.
const schemeColour = () => (darkScheme.matches ? DARK_COLOUR : LIGHT_COLOUR);

// Below this many pixels a cell, the board shows its picture of a pixel a
// cell; so it does when the cells in view would be more than MAX_PAINTED
// stamps to paint (each one rasterised in software: a large maze painted
// whole would stall the view, where its picture is painted once for it).
const DETAIL_PX = 4;
const MAX_PAINTED = 150000;
// Attributes a `g` passes to its children, as in SVG.
const INHERITED = ["fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin",
  "paint-order", "font-family", "font-size", "text-anchor"];
const TEXT_ALIGN = { start: "left", middle: "center", end: "right" };

// A board from the page's data made ready to paint: each layer's cells as
// numbers (0: no stamp, i: its stamp i - 1). Made in the place of
// `before` (the editor's board before an edit), its stamps already made
// are kept, and `changed` lists the cells whose stamps differ, so that
// only they are painted again: at 30×30 an edit's proof painted whole
// cost a frame by itself.
function prepareBoard(board, before = null) {
  const index = new Int16Array(128).fill(-1);
  for (let i = 0; i < board.names.length; i++) index[board.names.charCodeAt(i)] = i;
  // The stamps made before, by their elements' text (made when a layer's
  // stamps are not the very list they were made from).
  let made = null;
  const madeBefore = () => {
    made = new Map();
    for (const layer of before ? before.layers : []) {
      layer.sources.forEach((source, i) => made.set(source, layer.stamps[i]));
    }
    return made;
  };
  const layers = board.layers.map((layer, i) => {
    const cells = new Uint8Array(layer.cells.length);
    for (let k = 0; k < cells.length; k++) cells[k] = index[layer.cells.charCodeAt(k) & 127] + 1;
    const was = before && before.layers[i] && before.layers[i].raw === layer.stamps ? before.layers[i] : null;
    if (was) return { name: layer.name, walk: layer.walk, cells, raw: layer.stamps, sources: was.sources, stamps: was.stamps };
    const sources = layer.stamps.map((elements) => JSON.stringify(elements));
    const known = made || madeBefore();
    return {
      name: layer.name, walk: layer.walk, cells, raw: layer.stamps, sources,
      stamps: layer.stamps.map((elements, k) => known.get(sources[k]) || compileStamp(elements, board.font)),
    };
  });
  const prepared = { rows: board.rows, cols: board.cols, font: board.font, layers, pictures: new Map() };
  prepared.changed = before ? changedCells(before, prepared) : null;
  return prepared;
}

// The cells (indices, row by row) whose stamps differ between two boards
// of one size and the same layers; null when they are not such boards.
function changedCells(before, after) {
  const alike = before.rows === after.rows && before.cols === after.cols && before.font === after.font &&
    before.layers.length === after.layers.length &&
    before.layers.every((layer, i) => layer.name === after.layers[i].name && layer.walk === after.layers[i].walk);
  if (!alike) return null;
  const changed = new Set();
  before.layers.forEach((layer, i) => {
    const { cells, stamps } = after.layers[i];
    for (let cell = 0; cell < cells.length; cell++) {
      const [was, is] = [layer.cells[cell], cells[cell]];
      if ((was && layer.stamps[was - 1]) !== (is && stamps[is - 1])) changed.add(cell);
    }
  });
  return { from: before, cells: [...changed] };
}

// A stamp's elements as the canvas draws them: paths (Path2D, made once)
// and texts, each with its paint.
function compileStamp(elements, font) {
  const ops = [];
  const visit = (element, inherited) => {
    const a = { ...inherited, ...element.attributes };
    const number = (name) => Number(a[name] || 0);
    const paint = {
      fill: a.fill || "#000000", stroke: a.stroke || "none", width: Number(a["stroke-width"] || 1),
      cap: a["stroke-linecap"] || "butt", join: a["stroke-linejoin"] || "miter",
      strokeFirst: a["paint-order"] === "stroke",
    };
    const path = new Path2D();
    switch (element.name) {
      case "g": {
        const passed = Object.fromEntries(INHERITED.filter((k) => a[k] !== undefined).map((k) => [k, a[k]]));
        for (const child of element.children || []) visit(child, passed);
        return;
      }
      case "path":
        ops.push({ path: new Path2D(a.d), ...paint });
        return;
      case "rect":
        path.roundRect(number("x"), number("y"), number("width"), number("height"), number("rx"));
        ops.push({ path, ...paint });
        return;
      case "circle":
        path.arc(number("cx"), number("cy"), number("r"), 0, 2 * Math.PI);
        ops.push({ path, ...paint });
        return;
      case "text":
        ops.push({
          text: element.text || "", x: number("x"), y: number("y"),
          font: `${number("font-size") || 16}px ${a["font-family"] || font}`,
          align: TEXT_ALIGN[a["text-anchor"] || "start"], ...paint,
        });
        return;
      default:
    }
  };
  for (const element of elements) visit(element, {});
  return ops;
}

// Draws a compiled stamp where the context's transform puts it.
function drawStamp(ctx, ops, colour) {
  for (const op of ops) {
    const fill = op.fill !== "none" && colour(op.fill);
    const stroke = op.stroke !== "none" && colour(op.stroke);
    if (stroke) {
      ctx.strokeStyle = stroke;
      ctx.lineWidth = op.width;
      ctx.lineCap = op.cap;
      ctx.lineJoin = op.join;
    }
    if (fill) ctx.fillStyle = fill;
    if (op.path) {
      if (stroke && op.strokeFirst) ctx.stroke(op.path);
      if (fill) ctx.fill(op.path);
      if (stroke && !op.strokeFirst) ctx.stroke(op.path);
    } else {
      ctx.font = op.font;
      ctx.textAlign = op.align;
      if (stroke && op.strokeFirst) ctx.strokeText(op.text, op.x, op.y);
      if (fill) ctx.fillText(op.text, op.x, op.y);
      if (stroke && !op.strokeFirst) ctx.strokeText(op.text, op.x, op.y);
    }
  }
}

// The colour a stamp averages to over its cell, and how much of the cell
// it covers: [r, g, b, coverage]. One small canvas draws them all.
const TINT_PX = 12;
let tintCanvas = null;
function stampTint(ops, colour) {
  if (!tintCanvas) {
    tintCanvas = document.createElement("canvas");
    tintCanvas.width = TINT_PX;
    tintCanvas.height = TINT_PX;
  }
  const ctx = tintCanvas.getContext("2d", { willReadFrequently: true });
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, TINT_PX, TINT_PX);
  ctx.setTransform(TINT_PX / CELL, 0, 0, TINT_PX / CELL, TINT_PX / 2, TINT_PX / 2);
  drawStamp(ctx, ops, colour);
  const pixels = ctx.getImageData(0, 0, TINT_PX, TINT_PX).data;
  const sum = [0, 0, 0, 0];
  for (let i = 0; i < pixels.length; i += 4) {
    const a = pixels[i + 3] / 255;
    for (let k = 0; k < 3; k++) sum[k] += pixels[i + k] * a;
    sum[3] += a;
  }
  const covered = sum[3] || 1;
  return [sum[0] / covered, sum[1] / covered, sum[2] / covered, sum[3] / (TINT_PX * TINT_PX)];
}

// The board's picture of a pixel a cell, for the layers shown: each
// cell's stamps' tints laid one over the other on paper.
function boardPicture(board, walk, colour) {
  const key = `${walk}:${colour === DARK_COLOUR}`;
  if (board.pictures.has(key)) return board.pictures.get(key);
  const paper = hexColour(colour("#ffffff"));
  const { rows, cols } = board;
  const cells = rows * cols;
  const rgb = new Float32Array(cells * 3);
  for (let i = 0; i < cells * 3; i += 3) {
    rgb[i] = paper[0];
    rgb[i + 1] = paper[1];
    rgb[i + 2] = paper[2];
  }
  for (const layer of board.layers) {
    if (walk && !layer.walk) continue;
    const tints = layer.stamps.map((ops) => stampTint(ops, colour));
    for (let i = 0; i < cells; i++) {
      const code = layer.cells[i];
      if (!code) continue;
      const [r, g, b, a] = tints[code - 1];
      rgb[i * 3] += (r - rgb[i * 3]) * a;
      rgb[i * 3 + 1] += (g - rgb[i * 3 + 1]) * a;
      rgb[i * 3 + 2] += (b - rgb[i * 3 + 2]) * a;
    }
  }
  const image = new ImageData(cols, rows);
  const data = image.data;
  for (let i = 0; i < cells; i++) {
    data[i * 4] = rgb[i * 3];
    data[i * 4 + 1] = rgb[i * 3 + 1];
    data[i * 4 + 2] = rgb[i * 3 + 2];
    data[i * 4 + 3] = 255;
  }
  const picture = document.createElement("canvas");
  picture.width = cols;
  picture.height = rows;
  picture.getContext("2d").putImageData(image, 0, 0);
  board.pictures.set(key, picture);
  return picture;
}

const hexColour = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

// A board whose cells in view take more than this many stamps to paint
// is painted in bands of about as many, a task each: a zoom step on a
// big maze painted at once froze the page, the more so on a loaded
// machine; now its frame shows the last picture scaled
// at once and the detail follows band by band. Counted in stamps, not
// timed: the canvas rasterises its paths later, in whichever call or
// frame it flushes them.
const BAND_STAMPS = 3000;

// Paints `board` on `canvas` as the view shows it: `view.x`, `view.y`
// (the drawing's point at the canvas's centre) and `view.scale` (CSS
// pixels a unit), and with `walk`, only the layers a walker sees. When
// the canvas shows the same board at the same scale moved by whole
// pixels (the walker followed one square on), what stays in view is
// moved and only the strips that come into view are painted. While
// `canvas.pending` is set, bands of the last paint are still to come.
function paintBoard(canvas, board, view, walk) {
  const ctx = canvas.getContext("2d");
  const ratio = window.devicePixelRatio || 1;
  const [width, height] = [canvas.width / ratio, canvas.height / ratio];
  const colour = schemeColour();
  const { scale } = view;
  // The screen's point for the drawing's (0, 0), in device pixels.
  const left = width / 2 - view.x * scale;
  const top = height / 2 - view.y * scale;
  const painted = canvas.painted;
  const alike = painted && painted.scale === scale && painted.walk === walk &&
    painted.colour === colour && painted.width === width && painted.height === height;
  const same = alike && painted.board === board;
  const [dx, dy] = same ? [(left - painted.left) * ratio, (top - painted.top) * ratio] : [0, 0];
  const whole = Math.abs(Math.round(dx) - dx) < 1e-6 && Math.abs(Math.round(dy) - dy) < 1e-6;
  // A paint still in bands is painted again whole: the bands it left
  // would be moved with the rest.
  const unfinished = Boolean(canvas.pending);
  canvas.pending = null;
  canvas.painted = { board, scale, walk, colour, width, height, left, top };
  const part = { left, top, scale, ratio, width, height, walk, colour };
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const edited = board.changed;
  if (alike && !unfinished && edited && edited.from === painted.board && painted.left === left && painted.top === top &&
    edited.cells.length <= MAX_CHANGED) {
    for (const cell of edited.cells) paintPart(ctx, board, part, cellBox(board, part, cell));
    return;
  }
  if (unfinished || !same || !whole || Math.abs(dx) >= canvas.width / 2 || Math.abs(dy) >= canvas.height / 2) {
    if (stampsInView(board, part) <= BAND_STAMPS) {
      paintPart(ctx, board, part, [0, 0, width, height]);
    } else {
      paintInBands(canvas, board, part, painted);
    }
    return;
  }
  if (dx === 0 && dy === 0) return;
  // What stays, moved; then the strips uncovered, and the numbers' bands,
  // which stay at the board's edges.
  ctx.globalCompositeOperation = "copy";
  ctx.drawImage(canvas, Math.round(dx), Math.round(dy));
  ctx.globalCompositeOperation = "source-over";
  const band = numberBands(board, scale);
  const [mx, my] = [dx / ratio, dy / ratio];
  const strips = [
    mx > 0 ? [0, 0, mx + band.rows, height] : [width + mx, 0, -mx, height],
    my > 0 ? [0, 0, width, my + band.cols] : [0, height + my, width, -my],
    [0, 0, band.rows, height], [0, 0, width, band.cols],
  ];
  for (const strip of strips) {
    if (strip[2] > 0 && strip[3] > 0) paintPart(ctx, board, part, strip);
  }
}

// The most cells an edit's board is painted again by (each a part): past
// them, the whole view is.
const MAX_CHANGED = 64;

// The part of the canvas (CSS pixels) that a cell's stamp may draw on:
// its square and the squares around it (a road reaches the next square).
// Its edges on whole device pixels: a clip across a pixel would blend the
// new paint with the old along it.
function cellBox(board, at, cell) {
  const [x1, y1] = DATA.origin;
  const [r, c] = [Math.floor(cell / board.cols), cell % board.cols];
  const { left, top, scale, ratio } = at;
  const x = Math.floor((left + (x1 - 1.5 * CELL + c * CELL) * scale) * ratio) / ratio;
  const y = Math.floor((top + (y1 - 1.5 * CELL + r * CELL) * scale) * ratio) / ratio;
  const side = Math.ceil(3 * CELL * scale * ratio + 1) / ratio;
  return [x, y, side, side];
}

// The stamps to paint for the whole canvas: its cells in view, a layer
// each (no more than the picture of a pixel a cell, when that is what
// it shows).
function stampsInView(board, at) {
  const { scale, width, height, walk } = at;
  const cellPx = CELL * scale;
  if (cellPx < DETAIL_PX) return 0;
  const cells = Math.min(board.cols, width / cellPx + 2) * Math.min(board.rows, height / cellPx + 2);
  const shown = board.layers.filter((layer) => !walk || layer.walk).length;
  return cells * shown > MAX_PAINTED ? 0 : cells * shown;
}

// Paints the whole canvas in bands: at once, what it showed before
// (`before`, its last paint) moved and scaled to the new view over the
// board's picture, then each band of rows in its own task (a new paint
// drops the bands left of this one).
function paintInBands(canvas, board, part, before) {
  const ctx = canvas.getContext("2d");
  const { left, top, scale, ratio, width, height, colour } = part;
  ctx.save();
  if (before && before.board === board) {
    const k = scale / before.scale;
    ctx.globalCompositeOperation = "copy";
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.drawImage(canvas, left - before.left * k, top - before.top * k, before.width * k, before.height * k);
    ctx.globalCompositeOperation = "destination-over";
  }
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  drawPicture(ctx, board, part);
  ctx.fillStyle = colour("#ffffff");
  ctx.fillRect(0, 0, width, height);
  ctx.restore();
  const stamps = stampsInView(board, part);
  const cellPx = CELL * scale;
  const band = Math.max(cellPx, Math.ceil(height * BAND_STAMPS / stamps / cellPx) * cellPx);
  const pending = { next: 0 };
  canvas.pending = pending;
  const paintSome = () => {
    if (canvas.pending !== pending) return;
    paintPart(ctx, board, part, [0, pending.next, width, Math.min(band, height - pending.next)]);
    pending.next += band;
    if (pending.next < height) setTimeout(paintSome, 0);
    else canvas.pending = null;
  };
  setTimeout(paintSome, 0);
}

// Draws the board's picture of a pixel a cell where the view `at` puts
// the board, smoothed only where a cell is under a pixel.
function drawPicture(ctx, board, at) {
  const { left, top, scale, walk, colour } = at;
  const [x1, y1] = DATA.origin;
  const cellPx = CELL * scale;
  ctx.imageSmoothingEnabled = cellPx < 1;
  ctx.drawImage(boardPicture(board, walk, colour), left + (x1 - CELL / 2) * scale, top + (y1 - CELL / 2) * scale,
    board.cols * cellPx, board.rows * cellPx);
}

// Paints the part of the board within `clip` (x, y, width, height in CSS
// pixels), numbers included.
function paintPart(ctx, board, at, clip) {
  const { left, top, scale, ratio, width, height, walk, colour } = at;
  ctx.save();
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.beginPath();
  ctx.rect(...clip);
  ctx.clip();
  ctx.fillStyle = colour("#ffffff");
  ctx.fillRect(...clip);
  const [x1, y1] = DATA.origin;
  // The cells in the part, a cell more on each side for what a stamp
  // draws beyond its own (a road to the next one, a label).
  const col = (x) => Math.floor((x - x1) / CELL + 1.5);
  const row = (y) => Math.floor((y - y1) / CELL + 1.5);
  const c0 = Math.max(1, col((clip[0] - left) / scale) - 1);
  const c1 = Math.min(board.cols, col((clip[0] + clip[2] - left) / scale) + 1);
  const r0 = Math.max(1, row((clip[1] - top) / scale) - 1);
  const r1 = Math.min(board.rows, row((clip[1] + clip[3] - top) / scale) + 1);
  const cellPx = CELL * scale;
  const shown = board.layers.filter((layer) => !walk || layer.walk);
  const cells = Math.max(0, c1 - c0 + 1) * Math.max(0, r1 - r0 + 1);
  if (cellPx < DETAIL_PX || cells * shown.length > MAX_PAINTED) {
    drawPicture(ctx, board, at);
  } else {
    for (const layer of shown) {
      for (let r = r0; r <= r1; r++) {
        const y = top + (y1 + (r - 1) * CELL) * scale;
        for (let c = c0; c <= c1; c++) {
          const code = layer.cells[(r - 1) * board.cols + (c - 1)];
          if (!code) continue;
          ctx.setTransform(ratio * scale, 0, 0, ratio * scale, ratio * (left + (x1 + (c - 1) * CELL) * scale), ratio * y);
          drawStamp(ctx, layer.stamps[code - 1], colour);
        }
      }
    }
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  }
  // The numbers of every row and column in view: those of the part are
  // among them, and the clip keeps the rest as they were.
  const all = {
    c0: Math.max(1, col(-left / scale) - 1), c1: Math.min(board.cols, col((width - left) / scale) + 1),
    r0: Math.max(1, row(-top / scale) - 1), r1: Math.min(board.rows, row((height - top) / scale) + 1),
  };
  paintNumbers(ctx, board, { left, top, scale, width, height, ...all }, colour);
  ctx.restore();
}

// The numbers' size in CSS pixels, and the bands they take along the
// board's left edge (the rows', as wide as the widest number) and top
// edge (the columns') when pinned there.
const numberSize = (scale) => Math.min(Math.max(DATA.numbers.size * scale, 10), 15);
function numberBands(board, scale) {
  const size = numberSize(scale);
  return { rows: Math.max(1.6 * size, String(board.rows).length * 0.62 * size + 8), cols: 1.6 * size };
}

// The row and column numbers: beside the grid, or, where the grid's edge
// is out of view, along the board's own edge, so they never scroll away;
// every few when the cells are too small for each.
function paintNumbers(ctx, board, at, colour) {
  const { left, top, scale, width, height } = at;
  const [x1, y1] = DATA.origin;
  const cellPx = CELL * scale;
  const size = numberSize(scale);
  const widest = String(Math.max(board.rows, board.cols)).length * size * 0.65 + size;
  const every = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find((k) => k * cellPx >= widest) || 1000;
  ctx.font = `${size}px ${board.font}`;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  const band = numberBands(board, scale);
  // Where the numbers go: beside the grid, or pinned to the board's edge.
  const rowX = Math.max(left + (x1 - DATA.numbers.gap) * scale, band.rows / 2);
  const colY = Math.max(top + (y1 - DATA.numbers.gap) * scale, band.cols / 2);
  const pinnedRows = rowX === band.rows / 2;
  const pinnedCols = colY === band.cols / 2;
  ctx.fillStyle = colour("#ffffff");
  ctx.globalAlpha = 0.85;
  if (pinnedRows) ctx.fillRect(0, 0, band.rows, height);
  if (pinnedCols) ctx.fillRect(0, 0, width, band.cols);
  ctx.globalAlpha = 1;
  ctx.fillStyle = colour("#5f5f5f");
  const first = (low) => Math.max(every, Math.ceil(low / every) * every);
  for (let r = at.r0 === 1 ? 1 : first(at.r0); r <= at.r1; r = r === 1 && every > 1 ? every : r + every) {
    const y = top + (y1 + (r - 1) * CELL) * scale;
    if (!pinnedCols || y > band.cols) ctx.fillText(String(r), rowX, y);
  }
  for (let c = at.c0 === 1 ? 1 : first(at.c0); c <= at.c1; c = c === 1 && every > 1 ? every : c + every) {
    const x = left + (x1 + (c - 1) * CELL) * scale;
    if (!pinnedRows || x > band.rows) ctx.fillText(String(c), x, colY);
  }
  ctx.textBaseline = "alphabetic";
}

// The whole maze, small, for a corner of the board while the view shows
// a part of it: the board's picture, the part in view (`shown`: the
// first and last rows and columns in view, fractions of a square
// included), the walker's square and the goal's, in the page's colours
// for the walker (--accent) and the goal (--good).
function paintMinimap(canvas, board, walk, shown, walker, goal, marked = []) {
  const ctx = canvas.getContext("2d");
  const ratio = window.devicePixelRatio || 1;
  const k = canvas.width / ratio / board.cols;
  const style = getComputedStyle(canvas);
  const [accent, good, guide, bad] = ["--accent", "--good", "--guide", "--bad"].map((name) => style.getPropertyValue(name).trim());
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  // A square a block of its colour, smoothed only where it is under a
  // pixel: a small maze's map smoothed was a blur.
  ctx.imageSmoothingEnabled = k < 1;
  ctx.drawImage(boardPicture(board, walk, schemeColour()), 0, 0, board.cols * k, board.rows * k);
  // A square's place on the minimap, from its row and column.
  const at = (row, col) => [(col - 1) * k, (row - 1) * k];
  const [vx, vy] = at(shown.r0, shown.c0);
  const [wx, wy] = at(shown.r1 + 1, shown.c1 + 1);
  ctx.lineWidth = 2;
  ctx.strokeStyle = accent;
  ctx.strokeRect(vx, vy, Math.max(wx - vx, 3), Math.max(wy - vy, 3));
  // A square's dot, whole even on the map's edge row or column.
  const [width, height] = [board.cols * k, board.rows * k];
  const dot = (square, fill) => {
    const r = Math.max(3, k / 2);
    const [x, y] = at(square[0] + 0.5, square[1] + 0.5);
    ctx.beginPath();
    ctx.arc(Math.min(Math.max(x, r), width - r), Math.min(Math.max(y, r), height - r), r, 0, 2 * Math.PI);
    ctx.fillStyle = fill;
    ctx.fill();
  };
  // The player's marks, a square each (at least 3 px), under the dots.
  const side = Math.max(k, 3);
  for (const [row, col, value] of marked) {
    const [x, y] = at(row + 0.5, col + 0.5);
    ctx.fillStyle = value === "dead" ? bad : guide;
    ctx.fillRect(x - side / 2, y - side / 2, side, side);
  }
  if (goal) dot(goal, good);
  dot(walker, accent);
}
