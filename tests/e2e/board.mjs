// The play page's drawing in headless Chromium: that what the page paints
// on its canvas, a part at a time, is what `logicmaze render` draws.
//
//   node tests/e2e/board.mjs PAGE.html DRAWING.svg [PAGE.html DRAWING.svg ...]
//
// For each page (one maze) and the SVG `render` drew of the same maze, it
// paints the page's board at several scales and compares it, pixel by
// pixel over the grid, with the SVG drawn at the same scale (less what the
// page draws live: the pieces). It then moves the view a square at a time,
// as following the walker does, and compares what the page kept and
// painted with a fresh painting of the same view. Prints what it checked;
// exits 1 with the reason when a check fails.
import { readFileSync } from "node:fs";
import path from "node:path";
import { check, launch } from "./common.mjs";

const args = process.argv.slice(2);
const browser = await launch();
// A pixel differs when a channel differs by more than this.
const TOLERANCE = 64;

let failed = false;
try {
  for (let i = 0; i < args.length; i += 2) {
    const [file, drawing] = [args[i], args[i + 1]];
    const page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
    const errors = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("file://" + path.resolve(file));
    await page.waitForFunction(() => typeof GAME !== "undefined" && GAME);
    const svg = readFileSync(drawing, "utf8");
    for (const scale of [0.3, 1, 2.5]) {
      const differing = await page.evaluate(compare, [svg, scale, TOLERANCE]);
      check(differing < 0.005, `${file} at scale ${scale}: ${(differing * 100).toFixed(2)}% of the grid's pixels differ from the drawing`);
    }
    const clipped = await page.evaluate(numbersClipped);
    check(clipped.length === 0, `row numbers wider than their band: ${clipped.join(", ")}`);
    const kept = await page.evaluate(moved, TOLERANCE);
    check(kept < 0.0005, `${file}: after moving the view, ${(kept * 100).toFixed(3)}% of the pixels differ from a fresh painting`);
    check(errors.length === 0, errors.join("; "));
    console.log(`${path.basename(file)}: the board paints what render draws, moved or fresh`);
    await page.close();
  }
} catch (error) {
  console.log(`FAILED: ${error.message}`);
  failed = true;
}
await browser.close();
process.exit(failed ? 1 : 0);

// In the page: the share of the grid's pixels where the board, painted at
// `scale`, differs from `svg` drawn at that scale.
async function compare([svg, scale, tolerance]) {
  const holder = document.createElement("div");
  holder.innerHTML = svg;
  const root = holder.querySelector("svg");
  // What the page draws live, not on its board.
  for (const part of root.querySelectorAll(".die, .theseus, .minotaur")) part.remove();
  const image = new Image();
  image.src = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(root)], { type: "image/svg+xml" }));
  await image.decode();
  const [rows, cols] = GAME.size;
  const [x1, y1] = DATA.origin;
  // The grid and a square around it, so that no number is pinned over it.
  const [left, top] = [x1 - 1.5 * CELL, y1 - 1.5 * CELL];
  const [width, height] = [Math.ceil((cols + 2) * CELL * scale), Math.ceil((rows + 2) * CELL * scale)];
  // A canvas painted, once the bands a big board is painted in are all
  // there.
  const canvas = async (paint) => {
    const c = document.createElement("canvas");
    [c.width, c.height] = [width, height];
    paint(c);
    while (c.pending) await new Promise((resolve) => setTimeout(resolve, 5));
    return c.getContext("2d").getImageData(0, 0, width, height).data;
  };
  const drawn = await canvas((c) => {
    const ctx = c.getContext("2d");
    ctx.fillStyle = "#ffffff";
    ctx.fillRect(0, 0, width, height);
    const box = root.viewBox.baseVal;
    ctx.drawImage(image, -left * scale, -top * scale, box.width * scale, box.height * scale);
  });
  const painted = await canvas((c) => paintBoard(c, prepareBoard(GAME.board),
    { x: left + width / scale / 2, y: top + height / scale / 2, scale }, false));
  const margin = Math.round(CELL * scale);
  let [differing, all] = [0, 0];
  for (let y = margin; y < height - margin; y++) {
    for (let x = margin; x < width - margin; x++) {
      const p = (y * width + x) * 4;
      all++;
      if ([0, 1, 2].some((k) => Math.abs(drawn[p + k] - painted[p + k]) > tolerance)) differing++;
    }
  }
  return differing / all;
}

// In the page: the row numbers, of mazes up to 1000 rows, wider than the
// band they are pinned in at the board's left edge, at any zoom.
function numbersClipped() {
  const ctx = document.createElement("canvas").getContext("2d");
  const clipped = [];
  for (const rows of [9, 99, 999, 1000]) {
    for (const scale of [0.05, 0.5, 1, 3]) {
      ctx.font = `${numberSize(scale)}px ${GAME.board.font}`;
      const width = ctx.measureText(String(rows)).width;
      if (width > numberBands({ rows, cols: rows }, scale).rows - 4) clipped.push(`${rows} at ${scale}`);
    }
  }
  return clipped;
}

// In the page: the share of pixels where the board, painted as the view
// moves a square at a time, differs from a fresh painting of the last view.
function moved(tolerance) {
  const board = prepareBoard(GAME.board);
  const scale = 64 / CELL;
  const [x1, y1] = DATA.origin;
  const make = () => {
    const c = document.createElement("canvas");
    [c.width, c.height] = [600, 400];
    return c;
  };
  const steps = [[0, 0], [1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [2, 0]];
  const kept = make();
  let [x, y] = [x1, y1];
  for (const [dx, dy] of steps) {
    x += dx * CELL;
    y += dy * CELL;
    paintBoard(kept, board, { x, y, scale }, false);
  }
  const fresh = make();
  paintBoard(fresh, board, { x, y, scale }, false);
  const [a, b] = [kept, fresh].map((c) => c.getContext("2d").getImageData(0, 0, c.width, c.height).data);
  let differing = 0;
  for (let p = 0; p < a.length; p += 4) {
    if ([0, 1, 2].some((k) => Math.abs(a[p + k] - b[p + k]) > tolerance)) differing++;
  }
  return differing / (a.length / 4);
}
