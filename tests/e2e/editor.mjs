// The editor (logicmaze edit) in headless Chromium, by the keyboard alone,
// as a designer uses it. Each mode checks one need:
//
//   node tests/e2e/editor.mjs build URL FAMILY   from a blank maze, a sample built key by key, proved, saved
//   node tests/e2e/editor.mjs proof URL [SHOT]   an edit that makes two routes: the exact count and the split;
//                                                one that leaves none: said (SHOT: a screenshot of the two)
//   node tests/e2e/editor.mjs marks URL          dead ends crossed, signs read on no shortest route barred
//   node tests/e2e/editor.mjs pointer URL        by click, tap and the palette's buttons, no key
//   node tests/e2e/editor.mjs sides URL          rows and columns added and taken away at every edge
//   node tests/e2e/editor.mjs improve URL        Improve: one shortest route proposed, locked squares kept
//   node tests/e2e/editor.mjs pressing URL       a Theseus design: Improve toward more pressed turns
//   node tests/e2e/editor.mjs keep URL FILE      nothing lost: the unsaved mark, the warning on closing, the
//                                                draft offered back, a file changed on disk not written over
//   node tests/e2e/editor.mjs goal URL           the goal's ring follows the place that is the goal
//   node tests/e2e/editor.mjs words URL          the panel's words agree: states, dead ends, no latency
//   node tests/e2e/editor.mjs latency URL        edit to panel, in milliseconds (median of 20)
//   node tests/e2e/editor.mjs far URL          a 100×100 arrow design: the marks near the view, wherever it goes
//   node tests/e2e/editor.mjs typing URL         20 edits a second on a big design: the page never freezes
//
// URL is the address `logicmaze edit` prints. Prints what it checked;
// exits 1 with the reason when a check fails.
import fs from "node:fs";
import { check, launch, runModes } from "./common.mjs";

const [mode, url, ...args] = process.argv.slice(2);
const browser = await launch();

async function open(context = null) {
  const page = context ? await context.newPage() : await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.errors = errors;
  await page.goto(url);
  await settled(page);
  // The editor draws the whole map: in walk mode, which a player's last
  // choice on the play page left, an arrow design's signs were not drawn.
  check(await page.evaluate(() => !walking()), "the editor opened in walk mode: the signs are not drawn");
  return page;
}

// Waits until the proof shown is of the design as it is.
const settled = (page) => page.waitForFunction(() => typeof design !== "undefined" && design && !proving &&
  provedDesign === designText());

const press = async (page, keys) => {
  for (const key of keys) await page.keyboard.press(key);
};

// The keys that move the cursor from `from` to `to`.
function moves(from, to) {
  const keys = [];
  for (let r = from[0]; r < to[0]; r++) keys.push("ArrowDown");
  for (let r = from[0]; r > to[0]; r--) keys.push("ArrowUp");
  for (let c = from[1]; c < to[1]; c++) keys.push("ArrowRight");
  for (let c = from[1]; c > to[1]; c--) keys.push("ArrowLeft");
  return keys;
}

async function goTo(page, to) {
  const from = await page.evaluate(() => cursor);
  await press(page, moves(from, to));
}

async function rename(page, name) {
  await page.keyboard.press("n");
  await page.keyboard.press("Control+A");
  await page.keyboard.type(name);
  await page.keyboard.press("Enter");
}

// Each family's sample, built from the blank maze `edit --family F
// --rows R --cols C` starts with.
const BUILD = {
  // DICEMAZE1: 3×3, the start (1,2), 5 on top, 1 in front.
  async dice(page) {
    await rename(page, "DICEMAZE1");
    const rows = [["*", "2", "4"], ["5", "5", "6"], ["6", "*", "*"]];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        await goTo(page, [r + 1, c + 1]);
        await page.keyboard.press(rows[r][c]);
      }
    }
    await goTo(page, [1, 2]);
    await page.keyboard.press("s");
    while ((await page.evaluate(() => design.top)) !== 5) await page.keyboard.press("t");
    while ((await page.evaluate(() => design.front)) !== 1) await page.keyboard.press("f");
    return { name: "DICEMAZE1", moves: 8 };
  },
  // SAMPLE: 3×3, the entrance (3,1) heading north, the goal (3,3), six
  // intersections' signs, each picked by Shift+arrow (the way arriving).
  async arrow(page) {
    await rename(page, "SAMPLE");
    await goTo(page, [3, 3]);
    await page.keyboard.press("g");
    const arrival = { N: "Shift+ArrowUp", E: "Shift+ArrowRight", S: "Shift+ArrowDown", W: "Shift+ArrowLeft" };
    const signs = [
      [[1, 1], { W: "L", N: "R" }], [[1, 2], { W: "LF", N: "R", E: "R" }], [[1, 3], { N: "L", E: "R" }],
      [[2, 1], { S: "L", W: "R", N: "F" }], [[2, 2], { S: "L", W: "F", E: "LF" }], [[2, 3], { S: "FR", E: "L" }],
    ];
    for (const [at, sign] of signs) {
      await goTo(page, at);
      for (const [way, turns] of Object.entries(sign)) {
        await page.keyboard.press(arrival[way]);
        for (const turn of turns) await page.keyboard.press(turn.toLowerCase());
      }
    }
    return { name: "SAMPLE", moves: 14 };
  },
  // Wait For It: 4×4, Theseus (1,4), the Minotaur (1,1), the exit (1,2)
  // through the north wall, six walls.
  async minotaur(page) {
    await rename(page, "Wait For It");
    await goTo(page, [1, 1]);
    await page.keyboard.press("m");
    await goTo(page, [1, 2]);
    await page.keyboard.press("x");
    await goTo(page, [1, 4]);
    await page.keyboard.press("t");
    const walls = [[[1, 3], "ArrowDown"], [[3, 1], "ArrowDown"], [[3, 2], "ArrowRight"], [[3, 3], "ArrowRight"], [[3, 4], "ArrowDown"], [[4, 1], "ArrowRight"]];
    for (const [at, side] of walls) {
      await goTo(page, at);
      await page.keyboard.press(`Shift+${side}`);
    }
    return { name: "Wait For It", moves: null };
  },
};

async function build(family) {
  const page = await open();
  check(!(await page.evaluate(() => document.activeElement && document.activeElement.tagName === "INPUT")), "the page opened with the focus in a field");
  const wanted = await BUILD[family](page);
  await settled(page);
  const said = {
    verdict: await page.getAttribute("#proof", "data-verdict"),
    routes: await page.getAttribute("#proof", "data-routes"),
    moves: await page.getAttribute("#proof", "data-moves"),
    text: await page.textContent("#proof-verdict"),
  };
  check(said.verdict === "unique" && said.routes === "1", `${family}: the panel reads "${said.text}"`);
  if (wanted.moves) {
    check(Number(said.moves) === wanted.moves && said.text.includes(`${wanted.moves} moves`), `${family}: the panel reads "${said.text}", not ${wanted.moves} moves`);
  }
  // The route is drawn on the board.
  const drawn = await page.evaluate(() => guideLine.getAttribute("points").split(" ").length);
  check(drawn === Number(said.moves) + 1, `${family}: the route drawn has ${drawn} points`);
  await page.keyboard.press("Control+s");
  await page.waitForFunction(() => $("save-status").textContent.startsWith("Saved") || $("save-status").textContent.startsWith("Not saved"));
  const saved = await page.textContent("#save-status");
  check(saved.startsWith("Saved"), `${family}: saving said "${saved}"`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`build ${family}: ${wanted.name} built by keys from a blank maze; the panel reads "${said.text}"; ${saved}`);
}

// An ambiguous design's exact count and split, and a design without a
// route, each in one proof: from a blank 3×3 arrow maze (the entrance
// (3,1) heading north, the goal (1,3)), by keys.
async function proof(shot) {
  const page = await open();
  const arrival = { N: "Shift+ArrowUp", E: "Shift+ArrowRight", S: "Shift+ArrowDown", W: "Shift+ArrowLeft" };
  const sign = async (at, way, turn) => {
    await goTo(page, at);
    await page.keyboard.press(arrival[way]);
    await page.keyboard.press(turn);
    await settled(page);
    return page.evaluate(() => ({ verdict: proof.analysis.verdict, routes: proof.analysis.routes, text: $("proof-verdict").textContent }));
  };
  // One way: north to (1,1), right along row 1 to the goal.
  await sign([2, 1], "N", "f");
  await sign([1, 1], "N", "r");
  const one = await sign([1, 2], "E", "f");
  check(one.verdict === "unique" && one.text === "One shortest route: 4 moves.", `one way reads "${one.text}"`);
  // A second way of the same length, by (2,2): right at (2,1), left at
  // (2,2), right at (1,2); the last edit makes it whole.
  await sign([2, 1], "N", "r");
  await sign([2, 2], "E", "l");
  const two = await sign([1, 2], "N", "r");
  const drawn = await page.evaluate(() => ({
    split: proof.analysis.split, alternative: alternativeLine.getAttribute("points").split(" ").length,
    marked: document.querySelectorAll(".edit-layer .split").length,
  }));
  check(two.verdict === "ambiguous" && two.routes === 2 && two.text === `2 shortest routes of 4 moves: they split at move ${drawn.split}.`,
    `the edit that makes a second route reads "${two.text}"`);
  check(drawn.alternative === 5 && drawn.marked === 1, `the second route (${drawn.alternative} points) and the split (${drawn.marked}) are not drawn`);
  // The README's picture of the editor mid-proof.
  if (shot) {
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot });
  }
  // The goal where no road leads: no route.
  await goTo(page, [3, 3]);
  await page.keyboard.press("g");
  await settled(page);
  const none = await page.textContent("#proof-verdict");
  check(none.startsWith("No solution"), `a design without a route reads "${none}"`);
  await page.keyboard.press("Control+z");
  await settled(page);
  check((await page.getAttribute("#proof", "data-verdict")) === "ambiguous", "undo did not bring the two routes back");
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`proof: the edit that makes a second route reads "${two.text}", both drawn; the goal moved off every road: "${none}"`);
}

// Dead ends and signs off every shortest route, on a blank 3×3 arrow
// design: a detour into a sign-less square is a dead end, crossed; the
// detour led back to the goal, two moves longer, is hopeful but read on
// no shortest route: its signs are barred.
async function marks() {
  const page = await open();
  const arrival = { N: "Shift+ArrowUp", E: "Shift+ArrowRight", S: "Shift+ArrowDown", W: "Shift+ArrowLeft" };
  const signs = async (list) => {
    for (const [at, way, turn] of list) {
      await goTo(page, at);
      await page.keyboard.press(arrival[way]);
      await page.keyboard.press(turn);
    }
    await settled(page);
    return page.evaluate(() => ({
      ...Object.fromEntries([["dead", "dead_ends"], ["off", "off_route"]].map(([name, sent]) => [name,
        markedParts(proof.marked[sent], design.cols).within([1, design.rows, 1, design.cols]).map((p) => `${p.slice(0, 2)}${p[2]}`)])),
      crossed: (document.querySelector(".edit-layer .dead-end")?.getAttribute("d") || "").split("M").length - 1,
      rings: (document.querySelector(".edit-layer .off-route")?.getAttribute("d") || "").split("M").length - 1,
      panel: $("proof-detail").textContent, verdict: proof.analysis.verdict,
    }));
  };
  // One way, 4 moves: north, north, east, east.
  const one = await signs([[[2, 1], "N", "f"], [[1, 1], "N", "r"], [[1, 2], "E", "f"]]);
  check(one.verdict === "unique" && one.dead.length === 0 && one.off.length === 0 && one.panel.includes("0 dead ends (every walk there lost); 0 signs read on no shortest route"),
    `the one way reads "${one.panel}"`);
  // Right at (2,1), right again at (2,2): into (3,2), where no sign is.
  const dead = await signs([[[2, 1], "N", "r"], [[2, 2], "E", "r"]]);
  check(dead.dead.join(" ") === "2,2E 3,2S" && dead.crossed === 4 && dead.panel.includes("2 dead ends (every walk there lost; crossed)"),
    `the detour's dead end: ${JSON.stringify(dead)}`);
  // On from (3,2) round to the goal by (3,3) and (2,3): 6 moves, hopeful.
  const off = await signs([[[3, 2], "S", "l"], [[3, 3], "E", "l"], [[2, 3], "N", "f"]]);
  check(off.verdict === "unique" && off.dead.length === 0 && off.off.join(" ") === "2,2E 2,3N 3,2S 3,3E" && off.rings === 4 &&
    off.panel.includes("4 signs read on no shortest route (barred)"), `the longer way round: ${JSON.stringify(off)}`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`marks: a detour's dead end crossed (${dead.dead}); the longer way round's ${off.off.length} signs barred`);
}

// Improve: the two-route design of `proof` built by keys, its first
// route's squares locked (K), Improve (I) proposes a design with one
// shortest route, the squares it changes ringed and none locked among
// them; Escape rejects it, Improve again and Enter accepts it, one edit
// that undo takes back.
async function improving() {
  const page = await open();
  const arrival = { N: "Shift+ArrowUp", E: "Shift+ArrowRight", S: "Shift+ArrowDown", W: "Shift+ArrowLeft" };
  for (const [at, way, turn] of [[[2, 1], "N", "f"], [[1, 1], "N", "r"], [[1, 2], "E", "f"], [[2, 1], "N", "r"], [[2, 2], "E", "l"], [[1, 2], "N", "r"]]) {
    await goTo(page, at);
    await page.keyboard.press(arrival[way]);
    await page.keyboard.press(turn);
  }
  await settled(page);
  check((await page.getAttribute("#proof", "data-verdict")) === "ambiguous", "the design is not ambiguous");
  const route = await page.evaluate(() => proof.analysis.route);
  for (const at of route) {
    await goTo(page, at);
    await page.keyboard.press("k");
  }
  check((await page.evaluate(() => locked.size)) === new Set(route.map(String)).size, "K did not lock the route's squares");
  const propose = async () => {
    await page.keyboard.press("i");
    await page.waitForFunction(() => proposal || /^no design|not generated/.test($("improve-status").textContent), null, { timeout: 15000 });
    return page.evaluate(() => proposal && {
      routes: proposal.answer.analysis.routes, changed: proposal.changed.map(String),
      ringed: document.querySelectorAll(".edit-layer .changed").length, status: $("improve-status").textContent,
    });
  };
  const before = await page.textContent("#proof-verdict");
  const first = await propose();
  check(first, `Improve proposed nothing: ${await page.textContent("#improve-status")}`);
  const shown = await page.textContent("#proof-verdict");
  check(shown.startsWith("Proposed: One shortest route"), `with a proposal on the board the panel reads "${shown}"`);
  check(first.routes === 1, `Improve proposed ${first.routes} routes`);
  check(first.changed.length > 0 && first.ringed === first.changed.length, `the proposal rings ${first.ringed} of ${first.changed.length} changed squares`);
  const touched = first.changed.filter((at) => route.map(String).includes(at));
  check(touched.length === 0, `Improve changed the locked ${touched.join(" ")}`);
  await page.keyboard.press("Escape");
  await settled(page);
  check((await page.getAttribute("#proof", "data-verdict")) === "ambiguous", "Escape did not keep the design");
  const back = await page.textContent("#proof-verdict");
  check(back === before, `rejected, the panel reads "${back}", not "${before}"`);
  const second = await propose();
  check(second && second.routes === 1, "Improve did not propose again");
  const edits = await page.evaluate(() => past.length);
  await page.keyboard.press("Enter");
  await settled(page);
  check((await page.getAttribute("#proof", "data-verdict")) === "unique", "Enter did not take the proposal");
  check((await page.evaluate(() => past.length)) === edits + 1, "accepting was not one edit");
  await page.keyboard.press("Control+z");
  await settled(page);
  check((await page.getAttribute("#proof", "data-verdict")) === "ambiguous", "undo did not take the proposal back");
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`improve: with the route's ${route.length} squares locked, proposals of one shortest route changing ${first.changed.length} and ${second.changed.length} squares, none locked; rejected, accepted as one edit, undone`);
}

// Improve toward more pressed turns, on a Theseus design: the aim is
// offered, the turns ringed on the board and the panel's are the
// server's count, and the proposal has more.
async function pressing() {
  const page = await open();
  const aims = await page.$$eval("#improve-aim option", (options) => options.map((o) => o.value));
  check(aims.includes("more"), `the aims offered are ${aims.join(", ")}`);
  const counted = () => page.evaluate(() => ({ drawn: document.querySelectorAll(".edit-layer circle.pressed").length, proved: proof.figure.count, panel: $("proof-detail").textContent }));
  const before = await counted();
  check(before.drawn === before.proved && before.panel.includes(`pressed on ${before.proved} of`),
    `the page rings ${before.drawn} pressed turns, the server counts ${before.proved}: "${before.panel}"`);
  await page.selectOption("#improve-aim", "more");
  await page.click("#improve-button");
  await page.waitForFunction(() => proposal || /^no design/.test($("improve-status").textContent), null, { timeout: 15000 });
  const status = await page.textContent("#improve-status");
  const proposed = await page.evaluate(() => proposal && proposal.answer.figure.count);
  check(proposed > before.proved && status.includes(`, ${proposed} pressed turns.`), `Improve proposed ${proposed} pressed turns, from ${before.proved}: "${status}"`);
  await page.click("#accept");
  await settled(page);
  const after = await counted();
  check(after.drawn === proposed && after.proved === proposed, `accepted, the page rings ${after.drawn} and the server counts ${after.proved}, not ${proposed}`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`pressing: ${before.proved} pressed turns, ringed as counted; Improve toward more proposed ${proposed}; accepted`);
}

// By pointer alone, on a blank 3×3 dice maze: a click or a tap on a
// square puts the cursor there, the palette's buttons edit it (a number,
// a row more at an edge).
async function pointer() {
  const page = await open();
  const squareAt = (at) => page.evaluate((at) => {
    const map = $("map").getBoundingClientRect();
    const [x, y] = centre(at);
    const scale = pixelsPerUnit();
    return [map.left + map.width / 2 + (x - view.x) * scale, map.top + map.height / 2 + (y - view.y) * scale];
  }, at);
  await page.mouse.click(...(await squareAt([2, 3])));
  check((await page.evaluate(() => cursor.join(","))) === "2,3", "a click did not put the cursor on its square");
  await page.click('#edit-palette button[title^="5:"]');
  const [x, y] = await squareAt([3, 1]);
  await page.dispatchEvent("#map", "pointerdown", { pointerId: 5, pointerType: "touch", isPrimary: true, clientX: x, clientY: y, bubbles: true });
  await page.dispatchEvent("#map", "pointerup", { pointerId: 5, pointerType: "touch", isPrimary: true, clientX: x, clientY: y, bubbles: true });
  check((await page.evaluate(() => cursor.join(","))) === "3,1", "a tap did not put the cursor on its square");
  await page.click('#edit-palette button[title^="*:"]');
  await page.click('#edit-palette [aria-label="Grow"] button[title^="east"]');
  await settled(page);
  const made = await page.evaluate(() => ({ squares: JSON.stringify(design.squares), cols: design.cols }));
  check(made.squares === "[[-1,0,0,0],[0,0,5,0],[-1,0,0,0]]" && made.cols === 4, `by pointer the design became ${made.squares}`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`pointer: a click and a tap put the cursor, the palette's buttons set a 5, a wild square and a column more: ${made.squares}`);
}

// Rows and columns at every edge, on a blank 3×3 design: grown at each
// edge, what the design holds moves with its squares; shrunk at each edge
// again, the design is as it was; shrunk to one square (and no further),
// every place it names is that square.
async function sides() {
  const page = await open();
  const text = () => page.evaluate(() => JSON.stringify(design));
  const places = (doc) => ["start", "entrance", "goal", "theseus", "minotaur", "exit"].filter((k) => doc[k]).map((k) => `${k} ${doc[k]}`);
  const first = await text();
  const moved = places(JSON.parse(first)).map((p) => p.replace(/(\d+),(\d+)$/, (_, r, c) => `${Number(r) + 1},${Number(c) + 1}`));
  const edges = ["ArrowUp", "ArrowLeft", "ArrowDown", "ArrowRight"];
  for (const key of edges) await page.keyboard.press(`Alt+${key}`);
  await settled(page);
  const grown = JSON.parse(await text());
  check(grown.rows === 5 && grown.cols === 5, `grown at every edge, the design is ${grown.rows}×${grown.cols}`);
  check(places(grown).join("; ") === moved.join("; "), `grown at every edge, the design's places are ${places(grown).join("; ")}, not ${moved.join("; ")}`);
  for (const key of edges) await page.keyboard.press(`Alt+Shift+${key}`);
  await settled(page);
  check((await text()) === first, `grown and shrunk at every edge, the design is ${await text()}, not ${first}`);
  for (const key of ["ArrowUp", "ArrowUp", "ArrowUp", "ArrowLeft", "ArrowLeft", "ArrowLeft"]) await page.keyboard.press(`Alt+Shift+${key}`);
  await settled(page);
  const least = JSON.parse(await text());
  check(least.rows === 1 && least.cols === 1, `shrunk as far as it goes, the design is ${least.rows}×${least.cols}`);
  check(places(least).every((p) => p.endsWith(" 1,1")), `on one square, the design's places are ${places(least).join("; ")}`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`sides: ${grown.rows}×${grown.cols} grown, back to 3×3 as it was, then 1×1 (${places(least).join("; ")})`);
}

// An edit goes to the server as the bytes that changed, and its proof's
// board comes back as the cells that changed: after each of 40 edits of
// every kind (the family's keys, walls, growing and shrinking the grid,
// undo), the board the page made whole is the board the server sends
// whole for the design, and the canvas painted again where cells changed
// is the canvas painted whole. A server that no longer holds the design
// an edit was made on is sent it whole.
async function changes() {
  const page = await open();
  const pool = ["1", "2", "3", "4", "5", "6", "*", "Delete", "s", "t", "f", "l", "r", "g", "x", "m", "e", "w",
    "Shift+ArrowUp", "Shift+ArrowRight", "Shift+ArrowDown", "Shift+ArrowLeft", "Alt+ArrowDown", "Alt+Shift+ArrowDown",
    "Alt+ArrowRight", "Alt+Shift+ArrowRight", "Control+z"];
  const moves = ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"];
  let seed = 7;
  const next = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  // The canvas's pixels after the paint due, kept in the page; the
  // second time, how many of them differ from the first's by more than a
  // text's edge drawn again under a clip may (two levels in 255).
  const pixels = (compare) => page.evaluate(async (compare) => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const data = mapCanvas.getContext("2d").getImageData(0, 0, mapCanvas.width, mapCanvas.height).data;
    if (!compare) {
      window.paintedBefore = data;
      return 0;
    }
    let differ = 0;
    for (let k = 0; k < data.length; k++) if (Math.abs(data[k] - window.paintedBefore[k]) > 2) differ++;
    return differ;
  }, compare);
  let paintedInPart = 0;
  for (let i = 0; i < 40; i++) {
    if (i === 25) await page.evaluate(() => { held.version = 1e9; });
    for (let k = next(3); k > 0; k--) await page.keyboard.press(moves[next(4)]);
    await page.keyboard.press(pool[next(pool.length)]);
    await settled(page);
    const same = await page.evaluate(async () => {
      const whole = await (await fetch(served("proof"), { method: "POST", headers: { "Content-Type": "application/json" }, body: designText() })).json();
      // A design refused (not a maze yet) is not held: the last proved is.
      return { board: !whole.game || JSON.stringify(whole.game.board) === JSON.stringify(GAME.board),
        held: !whole.game || (held && held.text === designText()), inPart: Boolean(board.changed) };
    });
    check(same.board, `after edit ${i + 1}, the board made whole from the cells that changed is not the design's board`);
    check(same.held, `after edit ${i + 1}, the design held is not the design`);
    if (same.inPart) {
      paintedInPart += 1;
      await pixels(false);
      await page.evaluate(() => { mapCanvas.painted = null; repaint(); });
      const differ = await pixels(true);
      check(differ === 0, `after edit ${i + 1}, the board painted again where it changed is not the board painted whole (${differ} values differ)`);
    }
  }
  check(paintedInPart > 10, `only ${paintedInPart} of 40 edits painted the cells that changed alone`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`changes: 40 edits sent as what changed (one of them against a design the server no longer held), ` +
    `each board made whole equal to the server's; ${paintedInPart} painted where they changed, as painted whole`);
}

// From an edit (a key) to the panel showing its proof: the median and
// slowest of 20 edits, toggling one part back and forth.
async function latency() {
  const page = await open();
  const times = [];
  for (let i = 0; i < 20; i++) {
    const ms = await page.evaluate(async (i) => {
      // An edit each family has: a number, a turn of a sign, a wall.
      const [key, shiftKey] = { dice: [String(1 + (i % 6)), false], arrow: ["f", false], minotaur: ["ArrowRight", true] }[design.family];
      const start = performance.now();
      document.dispatchEvent(new KeyboardEvent("keydown", { key, shiftKey, bubbles: true }));
      // The proof shown (its panel's attributes set), seen at once: a
      // timer polling for it waits 4 ms a turn once nested.
      await new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!proving && provedDesign === designText()) {
            observer.disconnect();
            resolve();
          }
        });
        observer.observe($("proof"), { attributes: true });
      });
      // The panel painted.
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return performance.now() - start;
    }, i);
    times.push(ms);
  }
  times.sort((a, b) => a - b);
  const size = await page.evaluate(() => `${design.rows}×${design.cols} ${design.family}`);
  console.log(`latency ${size}: an edit to its proof on the panel, median ${times[10].toFixed(1)} ms, slowest ${times[19].toFixed(1)} ms`);
}

// 20 edits a second for 5 s on a big design: the longest the page's
// thread is busy at a stretch (a frame's gap), and that the last proof
// is of the last design.
async function typing() {
  const page = await open();
  const idle = await longestStall(page, 2000);
  const result = await page.evaluate(async () => {
    let longest = 0;
    let last = performance.now();
    let running = true;
    const frames = () => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      if (running) requestAnimationFrame(frames);
    };
    requestAnimationFrame(frames);
    const keys = design.family === "dice" ? ["1", "2", "3", "4", "5", "6"] : design.family === "arrow" ? ["l", "f", "r"] : ["t", "m"];
    for (let i = 0; i < 100; i++) {
      document.dispatchEvent(new KeyboardEvent("keydown", { key: keys[i % keys.length], bubbles: true }));
      document.dispatchEvent(new KeyboardEvent("keydown", { key: i % 20 < 10 ? "ArrowRight" : "ArrowDown", bubbles: true }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    running = false;
    return { longest, edits: past.length };
  });
  await settled(page);
  // Against the page's own stalls when left alone, in the same run: a
  // busy machine stretches both.
  const limit = 4 * idle + 200;
  check(result.longest < limit, `typing froze the page for ${result.longest.toFixed(0)} ms (left alone, ${idle.toFixed(0)} ms at most)`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`typing: ${result.edits} edits at 20 a second, the page's longest stall ${result.longest.toFixed(0)} ms ` +
    `(left alone, ${idle.toFixed(0)} ms); the last proof is of the last design`);
}

// The longest gap between two frames in `ms` milliseconds of the page
// left alone.
const longestStall = (page, ms) => page.evaluate((ms) => new Promise((resolve) => {
  let longest = 0;
  let last = performance.now();
  const end = last + ms;
  const frame = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (now < end) requestAnimationFrame(frame);
    else resolve(longest);
  };
  requestAnimationFrame(frame);
}), ms);

// Nothing lost, on the design in FILE (a blank 3×3 dice maze, saved
// nowhere yet): edits are marked unsaved and a reload asks first; the
// reloaded page offers the draft beside the file's version and restores
// it; a save clears the mark and the draft; a file changed on disk is not
// written over until the designer says so; a server that stops answering
// is said, the design kept.
async function keep(file) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(context);
  const mark = () => page.evaluate(() => ({ shown: !$("unsaved").hidden, title: document.title, status: $("save-status").textContent }));
  check(!(await mark()).shown, "a design just opened is marked unsaved");
  await press(page, ["3", "ArrowRight", "4", "ArrowDown", "5"]);
  await settled(page);
  const edited = await page.evaluate(() => designText());
  let after = await mark();
  check(after.shown && after.title.startsWith("• "), `three edits, and the page shows ${JSON.stringify(after)}`);
  // Reloading asks first (the browser's own question, answered: leave).
  let asked = null;
  page.once("dialog", (dialog) => { asked = dialog.type(); dialog.accept(); });
  await page.reload();
  await settled(page);
  check(asked === "beforeunload", `a reload with unsaved edits asked ${asked}`);
  // The draft offered, beside the file's version, both drawn.
  await page.waitForFunction(() => $("draft").open && $("draft-mine").complete && $("draft-mine").naturalWidth > 0 &&
    $("draft-file").complete && $("draft-file").naturalWidth > 0);
  check((await page.evaluate(() => document.activeElement.id)) === "draft-restore", "the offer does not have the focus");
  await page.keyboard.press("Enter");
  await settled(page);
  check((await page.evaluate(() => designText())) === edited, "Restore did not bring the draft back");
  after = await mark();
  check(after.shown, "the restored draft is not marked unsaved");
  // Saved: the mark and the draft gone; a reload offers nothing.
  await page.keyboard.press("Control+s");
  await page.waitForFunction(() => /^(Saved|Not saved)/.test($("save-status").textContent));
  after = await mark();
  check(after.status.startsWith("Saved") && !after.shown && !after.title.startsWith("•"), `saved, the page shows ${JSON.stringify(after)}`);
  const written = fs.readFileSync(file, "utf8");
  await page.keyboard.press("1");
  await settled(page);
  check((await mark()).status === "", "an edit after a save left the old \"saved\" on screen");
  await page.keyboard.press("Control+z");
  await settled(page);
  check(!(await mark()).shown, "undone back to the file's version, the design is still marked unsaved");
  asked = null;
  page.once("dialog", (dialog) => { asked = dialog.type(); dialog.accept(); });
  await page.reload();
  await settled(page);
  check(asked === null && !(await page.evaluate(() => $("draft").open)), "a reload of a saved design asked or offered a draft");
  // The file changed on disk: a save asks, and writes only when told.
  await page.keyboard.press("6");
  await settled(page);
  const changed = `${written}\n`;
  fs.writeFileSync(file, changed);
  await page.keyboard.press("Control+s");
  await page.waitForFunction(() => /^(Saved|Not saved)/.test($("save-status").textContent));
  check(!(await page.evaluate(() => $("save-conflict").hidden)) && fs.readFileSync(file, "utf8") === changed,
    `a file changed on disk: "${await page.textContent("#save-status")}", the file ${fs.readFileSync(file, "utf8") === changed ? "kept" : "written over"}`);
  // The question's safe answer has the focus: Enter keeps the file.
  check((await page.evaluate(() => document.activeElement.id)) === "keep-file", "the question's focus is not on keeping the file");
  await page.click("#overwrite");
  await page.waitForFunction(() => /^Saved/.test($("save-status").textContent));
  check(fs.readFileSync(file, "utf8") !== changed, "Save over did not write the file");
  // Two tabs: a draft set aside (Escape) in one is not written over by
  // the other's edits, and a reload of the first offers its own.
  await page.keyboard.press("3");
  await settled(page);
  const mine = await page.evaluate(() => designText());
  await page.waitForFunction(() => store.get(draftKey) && store.get(draftKey).design === designText());
  const other = await open(context);
  await other.waitForFunction(() => $("draft").open);
  await other.keyboard.press("Escape");
  await other.keyboard.press("ArrowDown");
  await other.keyboard.press("5");
  await settled(other);
  await other.close({ runBeforeUnload: false });
  // The file changed on disk meanwhile: the draft, made on the older
  // file, is offered so, and saving it asks.
  const onDisk = `${fs.readFileSync(file, "utf8")}\n`;
  fs.writeFileSync(file, onDisk);
  page.removeAllListeners("dialog");
  page.once("dialog", (dialog) => dialog.accept());
  await page.reload();
  await settled(page);
  await page.waitForFunction(() => $("draft").open);
  const offer = await page.evaluate(() => ({ draft: offered.design, moved: !$("draft-moved").hidden }));
  check(offer.draft === mine && offer.moved, `the reloaded tab was offered ${offer.draft === mine ? "its draft" : "another tab's draft"}${offer.moved ? "" : ", not said to be older than the file"}`);
  await page.keyboard.press("Enter");
  await settled(page);
  await page.keyboard.press("Control+s");
  await page.waitForFunction(() => /^(Saved|Not saved)/.test($("save-status").textContent));
  check(!(await page.evaluate(() => $("save-conflict").hidden)) && fs.readFileSync(file, "utf8") === onDisk,
    "a draft made on an older file was saved over the file's changes without asking");
  await page.keyboard.press("Escape");
  // The server gone: said, and the design kept in the browser.
  await page.route("**/proof*", (route) => route.abort());
  await page.keyboard.press("2");
  await page.waitForFunction(() => /not answering/.test($("proof-detail").textContent));
  const kept = await page.waitForFunction(() => store.get(draftKey) && store.get(draftKey).design === designText(), null, { timeout: 5000 })
    .then(() => true, () => false);
  check(kept, "with the server gone, the design is not kept in the browser");
  check(page.errors.length === 0, page.errors.join("; "));
  console.log("keep: edits marked unsaved, a reload asked first and offered the draft beside the file's version, restored; " +
    "saved, the mark gone; a file changed on disk asked about (Enter keeps it), then saved over; another tab's edits kept " +
    "apart; a draft older than the file asked about; the server gone, said, the design kept");
}

// The goal's ring on the goal's square after the place that is the goal
// moves (a dice maze's start, Theseus's exit, an arrow maze's goal).
async function goal() {
  const page = await open();
  const key = await page.evaluate(() => ({ dice: "s", arrow: "g", minotaur: "x" })[design.family]);
  const ring = () => page.evaluate(() => {
    const box = goalRing.getBBox();
    const [x, y] = centre(FAMILY.goal);
    return { off: Math.hypot(box.x + box.width / 2 - x, box.y + box.height / 2 - y), goal: FAMILY.goal.join(",") };
  });
  // Squares on the border: a Theseus exit is in a wall of the board.
  for (const to of [[2, 3], [3, 2]]) {
    await goTo(page, to);
    await page.keyboard.press(key);
    await settled(page);
    await page.waitForTimeout(50);
    const drawn = await ring();
    check(drawn.goal === to.join(",") && drawn.off < 1, `the goal moved to ${to}: the ring is ${drawn.off.toFixed(0)} units off (${drawn.goal})`);
  }
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`goal: the ring followed ${key.toUpperCase()} to (2,3) and (3,2)`);
}

// The panel's words, on a blank 3×3 arrow design (a walk that stops at
// once on a square without a sign): one state, lost; the square where it
// stops crossed; no "dead ends" said twice, no timing.
async function words() {
  const page = await open();
  const said = await page.evaluate(() => ({
    detail: $("proof-detail").textContent,
    crossed: (document.querySelector(".edit-layer .dead-end")?.getAttribute("d") || "").split("M").length - 1,
  }));
  check(said.detail.startsWith("1 state reached, 1 of them lost (no walk from there wins);") && said.detail.includes("1 dead end (every walk there lost; crossed)") &&
    said.detail.match(/dead end/g).length === 1 && !/ms after/.test(said.detail), `the panel reads "${said.detail}"`);
  check(said.crossed === 2, `the walk's stop is crossed ${said.crossed / 2} times`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`words: "${said.detail}", the stop crossed`);
}

// On a big design seen in part, the proof's marks drawn are those near
// the view, and every one in view is drawn wherever the view goes.
async function far() {
  const page = await open();
  const seen = () => page.evaluate(() => {
    const offRoute = marksShown.marks.offRoute;
    const [r0, r1, c0, c1] = rowsAndColumns(view.x, view.y, 1);
    const inView = offRoute.within([r0, r1, c0, c1]).length;
    const path = document.querySelector(".edit-layer .off-route");
    const drawn = path ? (path.getAttribute("d").match(/M/g) || []).length : 0;
    return { all: offRoute.length, inView, drawn, zoom: view.zoom };
  });
  const first = await seen();
  check(first.zoom > 1, "a 100×100 design opened whole");
  check(first.all > 1000 && first.drawn < first.all, `of ${first.all} marks, ${first.drawn} drawn: all of them, not those near the view`);
  check(first.drawn >= first.inView, `${first.inView} marks in view, ${first.drawn} drawn`);
  // The cursor to the far corner: the view follows it, and so do the marks.
  for (let i = 0; i < 99; i++) {
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
  }
  const there = await seen();
  check(there.inView > 0 && there.drawn >= there.inView, `at the far corner, ${there.inView} marks in view, ${there.drawn} drawn`);
  // A proposal's changed squares stay ringed when the marks are drawn
  // again for a view moved far.
  await page.keyboard.press("i");
  await page.waitForSelector("#proposal:not([hidden])", { timeout: 15000 });
  const rings = () => page.$$eval(".edit-layer .changed", (all) => all.length);
  // A short search (a debug build's 5 s) may change nothing: then a square
  // of the proposal's own, so that there is a ring to keep.
  if ((await rings()) === 0) {
    await page.evaluate(() => {
      proposal.changed.push(current().at);
      drawProof(marksShown.analysis, marksShown.marks);
    });
  }
  const before = await rings();
  await page.click("#fit");
  check(before > 0 && (await rings()) === before, `the proposal's ${before} rings became ${await rings()} as the view moved`);
  check(page.errors.length === 0, `errors: ${page.errors.join("; ")}`);
  console.log(`far: ${first.drawn} of ${first.all} marks drawn near the view; at the far corner ${there.inView} in view, all drawn`);
}

await runModes(browser, { build, proof, marks, changes, pointer, sides, improve: improving, pressing, keep, goal, words, latency, typing, far }, mode, args);
