// The play page's pace, in headless Chromium: what a move, an undo, a
// reload and a zoom step cost, in milliseconds from a key to its frame
// and in what they draw, on big mazes and long games. Each mode prints its
// figures for the tests to hold against a baseline measured in the same
// run (milliseconds swing with the machine's load; their ratios, and
// counts, much less), and for BENCHMARKS.md:
//
//   node tests/e2e/pace.mjs timing PAGE.html     milliseconds and drawing a move, following and the whole maze
//   node tests/e2e/pace.mjs long PAGE.html MOVES a move, an undo and a reload after MOVES moves and after 100
//   node tests/e2e/pace.mjs zoom PAGE.html       zoom steps and the moves after within 3× a move and a frame, the walker followed
//
// Exits 1 with the reason when a check fails.
import {
  COMPASS, check, compassKeys, gameOf, keyFrame, launch, median, openDirection, openPage, overview, painted, runModes, status,
} from "./common.mjs";

const [mode, ...args] = process.argv.slice(2);
const browser = await launch();

const open = (file, options, context) => openPage(browser, file, options, context);

// A move, an undo and a reload cost the same after MOVES moves as after
// a few: the moves are played at random (undoing out of dead ends, never
// onto the goal) by the page's own play, and twenty moves and twenty
// undos are timed each to its next frame, then a reload to its first
// paint, once after SHORT moves and once after MOVES. The page's own play
// is timed too, its first thousand moves against its last. Prints both
// games' medians, for the test to hold the long one against the short
// one, measured in the same run (milliseconds swing with the machine's
// load; their ratio much less).
const SHORT = 100;

async function long(file, count) {
  const page = await open(file);
  await painted(page);
  await overview(page);
  const moves = Number(count);
  const short = await timedGame(page, SHORT);
  const played = await playTo(page, moves);
  check(played !== null, `${moves} moves are too few to time a thousand at each end`);
  // The trail draws each segment once however often the walk goes over
  // it: the segments drawn (elements, and the lines and rings of the
  // groups drawn as paths) are no more than the different ones walked,
  // but for the last group's.
  const [drawn, different, group] = await page.evaluate(() => {
    const keys = new Set();
    for (let i = 0; i + 1 < trailDrawn.length; i++) {
      const segment = segmentOf(i);
      keys.add(["x1", "y1", "x2", "y2", "cx", "cy", "r"].map((name) => segment.getAttribute(name)).join(" "));
    }
    let count = trailLine.querySelectorAll("line, circle").length;
    for (const path of trailLine.querySelectorAll("path:not(.trail-marks)")) count += (path.getAttribute("d").match(/M/g) || []).length;
    return [count, keys.size, TRAIL_GROUP];
  });
  check(drawn <= different + group, `the trail draws ${drawn} segments for ${different} different ones walked`);
  const longGame = await timedGame(page, moves);
  check(page.errors.length === 0, page.errors.join("; "));
  const figures = (game) => `move median ${game.move.toFixed(1)} ms, undo median ${game.undo.toFixed(1)} ms, reload ${game.reload} ms`;
  console.log(`short game of ${SHORT} moves: ${figures(short)}; ` +
    `long game of ${moves} moves (${drawn} segments drawn for ${different} different; ` +
    `the page's play took ${played.first.toFixed(0)} ms for the first 1000 moves, ${played.last.toFixed(0)} ms for the last 1000): ${figures(longGame)}`);
}

// Plays at random from where the page stands to `moves` moves (undoing
// out of dead ends, never onto the goal), by the page's own functions;
// returns the milliseconds its first thousand moves took and its last
// thousand (null where it played fewer than two thousand).
async function playTo(page, moves) {
  const played = await page.evaluate((moves) => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const from = entry().moves;
    const start = performance.now();
    let first = null;
    let lastFrom = null;
    while (entry().moves < moves) {
      if (first === null && entry().moves >= from + 1000) first = performance.now() - start;
      if (lastFrom === null && entry().moves >= moves - 1000) lastFrom = performance.now();
      const open = DIRECTIONS.filter((d) => {
        const next = stepFrom(current(), d);
        return next && !FAMILY.solved(next);
      });
      if (open.length) go(open[Math.floor(random() * open.length)]);
      else if (position > 0) undo();
      else return "stuck";
    }
    return moves - from >= 2000 ? { first, last: performance.now() - lastFrom } : null;
  }, moves);
  check(played !== "stuck", "no move from the start but onto the goal");
  return played;
}

// Plays to `moves` moves, then times twenty moves and twenty undos, each
// from its key to the next frame, and a reload to its first paint (the
// page keeps its history on leaving; a reload plays it back). Medians.
async function timedGame(page, moves) {
  await playTo(page, moves);
  // The board as it is, drawn before anything is timed.
  await page.waitForTimeout(1000);
  const moveTimes = [];
  for (let i = 0; i < 20; i++) {
    const d = await openDirection(page);
    check(d, "no move left to time");
    moveTimes.push(await keyFrame(page, COMPASS[d]));
  }
  const undoTimes = [];
  for (let i = 0; i < 20; i++) undoTimes.push(await keyFrame(page, "u"));
  const before = await status(page);
  check(before === `Moves: ${moves}`, `after the timed moves and undos: "${before}"`);
  const started = Date.now();
  await page.reload();
  await painted(page);
  const reload = Date.now() - started;
  check((await status(page)) === before, `the reload gave "${await status(page)}", not "${before}"`);
  return { move: median(moveTimes), undo: median(undoTimes), reload };
}

// What a page draws, counted: the board's canvas calls and the changes
// to its document, from when it is installed. Counts, unlike
// milliseconds, are the same on a busy machine and a quiet one.
const countDrawing = (page) => page.evaluate(() => {
  const counts = { canvas: 0, changes: 0 };
  const proto = CanvasRenderingContext2D.prototype;
  for (const name of ["fillRect", "strokeRect", "clearRect", "fill", "stroke", "fillText", "strokeText", "drawImage", "putImageData"]) {
    const method = proto[name];
    proto[name] = function (...args) {
      counts.canvas++;
      return method.apply(this, args);
    };
  }
  new MutationObserver((records) => {
    for (const record of records) counts.changes += record.type === "childList" ? record.addedNodes.length + record.removedNodes.length : 1;
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  window.drawingCounts = counts;
});
const drawingCounts = (page) => page.evaluate(async () => {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { ...window.drawingCounts };
});

// The board's canvas painted again from nothing, for the view shown: the
// canvas calls that takes.
async function wholePaint(page) {
  const before = await drawingCounts(page);
  await page.evaluate(() => {
    mapCanvas.painted = null;
    repaint();
  });
  await painted(page);
  return (await drawingCounts(page)).canvas - before.canvas;
}

async function timing(file) {
  const started = Date.now();
  const page = await open(file);
  await painted(page);
  const opened = Date.now() - started;
  const game = await gameOf(page);
  const moves = Math.min(40, game.shortest);
  const report = [];
  await overview(page);
  await countDrawing(page);
  for (const view of ["following", "whole maze"]) {
    await page.click("#restart");
    if (view === "whole maze") await page.keyboard.press("0");
    // The drawing is drawn again at a new zoom once; then the moves.
    await page.waitForTimeout(600);
    await painted(page);
    const whole = await wholePaint(page);
    const times = [];
    const calls = [];
    const changes = [];
    for (const key of compassKeys(game).slice(0, moves)) {
      const before = await drawingCounts(page);
      times.push(await keyFrame(page, key));
      await painted(page);
      const after = await drawingCounts(page);
      calls.push(after.canvas - before.canvas);
      changes.push(after.changes - before.changes);
    }
    check((await status(page)).includes(`${moves}`), `the moves timed were refused: "${await status(page)}"`);
    if (process.env.TIMES) console.log(view, times.map((t) => t.toFixed(0)).join(" "), "\ncanvas calls", calls.join(" "), "\ndocument changes", changes.join(" "));
    report.push(`${view} median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms, ` +
      `canvas calls median ${median(calls)} of ${whole} for the board in view, document changes median ${median(changes)}`);
  }
  console.log(`timing ${game.size.join("×")}: opened in ${opened} ms; ${report.join("; ")} (${moves} moves each)`);
}

// Zooming is quick and keeps the walker in view: from the zoom a big
// maze opens at, following the walker, each "-" step down to the whole
// maze and each "+" step back, timed from the key to its frame (the
// board painted anew at the new zoom); after each, the walker's square
// lies on the board. The limit is the page's own pace, measured in the
// same run: ten moves before any zoom, key to frame. The median step and
// the median move after a step take at most three times its median move
// and a frame (the times are counted in frames of 16.7 ms), the slowest
// at most twice that; printed with the time until the detail, painted in
// bands after a step's frame, is all there.
async function zoom(file) {
  const page = await open(file);
  await painted(page);
  // In the overview, where an arrow key is a compass move (in walk mode
  // it is a turn, which the walker's square may refuse: a refusal timed
  // as a move).
  await overview(page);
  await page.waitForTimeout(500);
  const timed = (key) => keyFrame(page, key);
  const pace = [];
  for (let i = 0; i < 10; i++) {
    const d = await openDirection(page);
    check(d, "no move to time before zooming");
    pace.push(await timed(COMPASS[d]));
  }
  const limit = 3 * median(pace) + 16.7;
  // Where the walker's square is drawn, against the board's box.
  const walkerOnBoard = () => page.evaluate(() => {
    const board = $("map").getBoundingClientRect();
    const piece = walker.getBoundingClientRect();
    const [x, y] = [piece.left + piece.width / 2, piece.top + piece.height / 2];
    return { inside: x >= board.left && x <= board.right && y >= board.top && y <= board.bottom,
      at: [Math.round(x), Math.round(y)], board: [board.left, board.top, board.right, board.bottom].map(Math.round),
      zoom: $("zoom-level").textContent, follow: view.follow };
  });
  check((await walkerOnBoard()).follow, "a big maze did not open following the walker");
  const steps = [];
  const details = [];
  const moves = [];
  const move = async () => {
    const d = await openDirection(page);
    if (d) moves.push(await timed(COMPASS[d]));
  };
  for (const key of ["-", "+"]) {
    for (let i = 0; i < 30; i++) {
      const before = await page.evaluate(() => view.zoom);
      const ms = await timed(key);
      // Then the detail, painted in bands after the step's frame.
      const detail = await page.evaluate(() => new Promise((resolve) => {
        const start = performance.now();
        const done = () => (paintDue || mapCanvas.pending ? setTimeout(done, 1) : resolve(performance.now() - start));
        done();
      }));
      const after = await page.evaluate(() => view.zoom);
      if (after === before) break;
      steps.push([key, ms]);
      details.push(ms + detail);
      const where = await walkerOnBoard();
      check(where.inside, `following at ${where.zoom}, the walker is drawn at ${where.at}, off the board ${where.board}`);
      await move();
      const moved = await walkerOnBoard();
      check(moved.inside, `following at ${moved.zoom}, after a move the walker is at ${moved.at}, off the board ${moved.board}`);
    }
  }
  check(page.errors.length === 0, page.errors.join("; "));
  const times = steps.map(([, ms]) => ms);
  const report = `zoom: ${steps.length} steps, median ${median(times).toFixed(1)} ms, slowest ${Math.max(...times).toFixed(1)} ms ` +
    `(a move before zooming: median ${median(pace).toFixed(1)} ms, so a limit of ${limit.toFixed(1)} ms); ` +
    `the detail painted by median ${median(details).toFixed(0)} ms, slowest ${Math.max(...details).toFixed(0)} ms; ` +
    `the move after a step median ${median(moves).toFixed(1)} ms, slowest ${Math.max(...moves).toFixed(1)} ms`;
  if (process.env.TIMES) console.log(steps.map(([k, ms]) => `${k}${ms.toFixed(0)}`).join(" "));
  // The medians against the limit; the slowest, on a shared machine,
  // against twice it.
  check(median(times) <= limit && Math.max(...times) <= 2 * limit, `${report}: too slow a step`);
  check(median(moves) <= limit && Math.max(...moves) <= 2 * limit, `${report}: too slow a move`);
  console.log(report);
}

await runModes(browser, { timing, long, zoom }, mode, args);
