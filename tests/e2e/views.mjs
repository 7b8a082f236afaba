// The play page's views in headless Chromium, beyond one maze's moves:
//
//   node tests/e2e/views.mjs zoom PAGE.html         a 100×100 maze: zoom and follow
//   node tests/e2e/views.mjs collection PAGE.html   3 mazes: progress kept across a reload
//   node tests/e2e/views.mjs serve URL              play --serve: game ids and New maze
//   node tests/e2e/views.mjs shots DIR ARROW.html DICE.html MINOTAUR.html [BIG.html]
//                                                   the README's screenshots
//
// Prints what it checked; exits 1 with the reason when a check fails.
import fs from "node:fs";
import path from "node:path";
import { COMPASS, check, compassKeys, directionOf, launch, openPage, painted, runModes, status } from "./common.mjs";

const [mode, ...args] = process.argv.slice(2);
const browser = await launch();

const open = (url, viewport = { width: 1280, height: 800 }, context = null) => openPage(browser, url, { viewport }, context);

const games = async (page) => JSON.parse(await page.textContent("#data")).games;

// The walker's box on the screen, and whether it lies inside the board's.
async function walkerBox(page) {
  await page.waitForTimeout(250); // the walker slides for 120 ms
  return page.evaluate(() => {
    const walker = document.querySelector("#walker .walker-disc, #walker .die-top").getBoundingClientRect();
    const board = document.getElementById("map").getBoundingClientRect();
    const inside = walker.left >= board.left && walker.right <= board.right &&
      walker.top >= board.top && walker.bottom <= board.bottom;
    return { width: walker.width, height: walker.height, inside };
  });
}

async function zoom(file) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await open(file, viewport);
    const [game] = await games(page);
    check(game.size[0] >= 100 && game.size[1] >= 100, `the maze is ${game.size.join("×")}, not 100×100`);
    const where = `${viewport.width}×${viewport.height}`;
    let box = await walkerBox(page);
    check(box.width >= 16 && box.inside, `${where}: the walker opens ${box.width.toFixed(1)} px wide, inside the board: ${box.inside}`);
    check((await page.getAttribute("#follow", "aria-pressed")) === "true", `${where}: a 100×100 maze does not open following the walker`);
    // The view follows the walker along its route.
    await page.keyboard.press("o");
    const keys = compassKeys(game).slice(0, 12);
    for (const key of keys) {
      await page.keyboard.press(key);
      box = await walkerBox(page);
      check(box.inside, `${where}: after ${await status(page)} the walker left the view`);
    }
    check((await status(page)) === `Moves: ${keys.length}`, `${where}: the route's first moves gave "${await status(page)}"`);
    // + and − zoom; 0 shows the whole maze; F follows again.
    const before = box.width;
    await page.keyboard.press("+");
    const bigger = (await walkerBox(page)).width;
    check(bigger > before * 1.3, `${where}: + took the walker from ${before} to ${bigger} px`);
    await page.click("#zoom-out");
    await page.click("#zoom-out");
    const smaller = (await walkerBox(page)).width;
    check(smaller < bigger / 1.5, `${where}: − took the walker from ${bigger} to ${smaller} px`);
    await page.keyboard.press("0");
    const whole = await walkerBox(page);
    // However small the squares, the walker and the goal stay findable.
    check(whole.width >= 12 && whole.width < 40, `${where}: the whole maze shows the walker ${whole.width} px wide`);
    const ring = await page.evaluate(() => document.querySelector(".goal-ring").getBoundingClientRect().width);
    check(ring >= 12, `${where}: the whole maze shows the goal ${ring} px wide`);
    check(await page.evaluate(() => view.zoom === 1 && $("fit").getAttribute("aria-pressed") === "true"),
      `${where}: 0 did not show the whole maze`);
    // The zoom in words a player reads: the whole maze, or a square's size.
    const words = await page.textContent("#zoom-level");
    check(words === "whole maze", `${where}: the whole maze's zoom reads "${words}"`);
    // The wheel zooms in where it points.
    const board = await page.locator("#map").boundingBox();
    await page.mouse.move(board.x + board.width / 2, board.y + board.height / 2);
    await page.mouse.wheel(0, -600);
    const level = await page.textContent("#zoom-level");
    const square = await page.evaluate(() => Math.round(CELL * pixelsPerUnit()));
    check(level === `squares ${square} px`, `${where}: the wheel's zoom reads "${level}", not squares ${square} px`);
    await page.keyboard.press("f");
    box = await walkerBox(page);
    check(box.inside, `${where}: F did not bring the walker into view`);
    // Two fingers apart zoom in (a pinch), with no move made.
    const movesBefore = await status(page);
    await page.keyboard.press("0");
    const [cx, cy] = [board.x + board.width / 2, board.y + board.height / 2];
    const finger = (id, x) => ({ pointerId: id, pointerType: "touch", clientX: x, clientY: cy, bubbles: true });
    await page.dispatchEvent("#map", "pointerdown", finger(11, cx - 20));
    await page.dispatchEvent("#map", "pointerdown", finger(12, cx + 20));
    await page.dispatchEvent("#map", "pointermove", finger(11, cx - 120));
    await page.dispatchEvent("#map", "pointermove", finger(12, cx + 120));
    await page.dispatchEvent("#map", "pointerup", finger(11, cx - 120));
    await page.dispatchEvent("#map", "pointerup", finger(12, cx + 120));
    const pinched = await page.evaluate(() => view.zoom);
    check(pinched >= 4, `${where}: a pinch zoomed ×${pinched.toFixed(1)}`);
    check((await status(page)) === movesBefore, `${where}: a pinch made a move`);
    check(page.errors.length === 0, `${where}: ${page.errors.join("; ")}`);
    console.log(`zoom ${where}: the walker opens ${(await walkerBox(page)).width.toFixed(0)}+ px wide and stays in view for ${keys.length} moves; +, −, 0, F, the wheel and a pinch zoom`);
    await page.close();
  }
}

async function collection(file) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let page = await open(file, undefined, context);
  await painted(page);
  const all = await games(page);
  check(all.length === 3, `the page holds ${all.length} mazes`);
  const items = page.locator("#maze-list button");
  check((await items.count()) === 3, `the list shows ${await items.count()} mazes`);
  const first = await items.nth(0).innerText();
  check(first.includes(all[0].maze.name) && first.includes(`${all[0].maze.family} ${all[0].size.join("×")}`), `the list's first entry reads "${first}"`);
  // Solve the second maze, then make two moves in the third.
  await items.nth(1).click();
  check((await page.textContent("#title")) === all[1].maze.name, "the second maze did not open");
  await page.keyboard.press("o");
  for (const key of compassKeys(all[1])) await page.keyboard.press(key);
  check((await status(page)).startsWith("Solved"), `the second maze: "${await status(page)}"`);
  check((await items.nth(1).innerText()).includes("✓"), "a solved maze is not ticked");
  await items.nth(2).click();
  await page.keyboard.press("o");
  for (const key of compassKeys(all[2]).slice(0, 2)) await page.keyboard.press(key);
  check((await status(page)) === "Moves: 2", `the third maze: "${await status(page)}"`);
  // A reload keeps all of it: the tick, the maze open, its moves.
  await page.reload();
  // The page opens its maze after its load event (its data unpacked):
  // read it once it has, not the title the page was written with.
  await painted(page);
  check((await items.nth(1).innerText()).includes("✓"), "the tick is lost on reload");
  check(!(await items.nth(0).innerText()).includes("✓"), "an unsolved maze is ticked after reload");
  check((await page.textContent("#title")) === all[2].maze.name, `the reload opened "${await page.textContent("#title")}"`);
  check((await status(page)) === "Moves: 2", `after the reload the third maze says "${await status(page)}"`);
  await page.keyboard.press("u");
  check((await status(page)) === "Moves: 1", `undo after the reload gave "${await status(page)}"`);
  // A second tab opens the maze opened last, and may open another; a
  // reload of the first tab still opens the first tab's maze.
  const other = await newTabAfter(page, file, context, all[2].maze.name);
  check((await other.textContent("#title")) === all[2].maze.name, `a new tab opened "${await other.textContent("#title")}"`);
  await other.locator("#maze-list button").nth(0).click();
  check((await other.textContent("#title")) === all[0].maze.name, "the second tab did not open the first maze");
  await page.reload();
  await painted(page);
  check((await page.textContent("#title")) === all[2].maze.name, `with a second tab on another maze, the reload opened "${await page.textContent("#title")}"`);
  check((await status(page)) === "Moves: 1", `after a reload beside a second tab the third maze says "${await status(page)}"`);
  check(other.errors.length === 0, other.errors.join("; "));
  await other.close();
  // Progress that is not what the page wrote (another version's, or
  // tampered with) is ignored, never an error.
  await page.evaluate(() => {
    for (const store of [localStorage, sessionStorage]) {
      const keys = Object.keys(store).filter((k) => k.startsWith("logicmaze:maze:"));
      for (const key of keys) store.setItem(key, JSON.stringify({ history: ["X", 5, null, "N"], position: "a", solved: "yes" }));
      if (keys.length) store.setItem(keys[0], "{not json");
    }
  });
  await page.reload();
  await painted(page);
  check((await status(page)) === "Moves: 0", `tampered progress gave "${await status(page)}"`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log("collection: 3 mazes listed; the solved one ticked, the open one and its moves kept across a reload; tampered progress ignored");
  await context.close();
}

// A new tab on `file` in `context`, opened once the browser holds what
// `page` wrote last. Chromium hands one tab's localStorage writes to other
// processes asynchronously, so a tab opened in the same instant may read
// the value before (and, opening that maze, write it back); a person
// opening a tab is never that quick. A page without a script, in the same
// file:// origin, watches for the write to arrive.
async function newTabAfter(page, file, context, expected) {
  const [key, value] = await page.evaluate(() => [lastKey(), localStorage.getItem(lastKey())]);
  const blank = path.join(path.dirname(path.resolve(file)), "blank.html");
  fs.writeFileSync(blank, "<!doctype html><title>blank</title>");
  // Another tab's write reaches a tab opened after it once the browser
  // holds it, which under load can lag behind even a page that has seen
  // it: a tab that opened too soon opened another maze (and wrote that
  // as the last). Then the write is made again and the tab opened again,
  // five times at most: a page that never opens the last maze fails.
  // The first look only waits for the write to arrive.
  for (let tries = 1; ; tries++) {
    const watcher = await open(blank, undefined, context);
    if (tries === 1) await watcher.waitForFunction(([key, value]) => localStorage.getItem(key) === value, [key, value], { timeout: 5000 });
    else await watcher.evaluate(([key, value]) => localStorage.setItem(key, value), [key, value]);
    await watcher.close();
    await new Promise((resolve) => setTimeout(resolve, 100 * tries));
    const other = await open(file, undefined, context);
    await painted(other);
    if (tries === 5 || (await other.textContent("#title")) === expected) return other;
    await other.close();
  }
}

// The maze an address names: its fragment's maze=.
const mazeInAddress = (url) => new URLSearchParams(new URL(url).hash.slice(1)).get("maze");

async function serve(url) {
  const id = "arrow:8x8:easy#7";
  const first = await open(`${url}#${id}`);
  await first.waitForFunction((id) => document.getElementById("title").textContent === id, id);
  const maze = async (page) => page.evaluate(() => JSON.stringify(GAME.maze));
  const mazeOfFirst = await maze(first);
  const second = await open(`${url}#${id}`);
  await second.waitForFunction((id) => document.getElementById("title").textContent === id, id);
  check((await maze(second)) === mazeOfFirst, "the same game id gave another maze");
  // New maze: a new id in the address, and its maze.
  await second.selectOption("#new-family", "dice");
  await second.selectOption("#new-difficulty", "easy");
  const before = await second.locator("#maze-list button").count();
  await second.dblclick("#new-button");
  await second.waitForFunction(() => document.getElementById("title").textContent.startsWith("dice:"));
  await second.waitForTimeout(500);
  const made = (await second.locator("#maze-list button").count()) - before;
  check(made === 1, `a double click on New maze made ${made} mazes`);
  const newId = mazeInAddress(second.url());
  check(/^dice:\d+x\d+:easy#\d+$/.test(newId), `New maze gave the address ${second.url()}`);
  check((await second.textContent("#title")) === newId, "the new maze is not the one its id names");
  // Going back to an id already fetched opens it again, without a second
  // entry in the list.
  await second.goBack();
  await second.waitForFunction((id) => document.getElementById("title").textContent === id, id);
  const listed = await second.locator("#maze-list button").count();
  check(listed === 2, `after going back the list holds ${listed} mazes, not 2`);
  // A size the server refuses is said in words.
  await second.fill("#new-rows", "500");
  await second.evaluate(() => { location.hash = "arrow:500x500:easy#1"; });
  await second.waitForFunction(() => document.getElementById("new-status").textContent.includes("500×500"));
  const refusal = await second.textContent("#new-status");
  check(refusal.includes("from 2 to 24"), `the refusal reads "${refusal}"`);
  const address = mazeInAddress(second.url());
  check(address === id, `after the refusal the address names ${address}, not the maze shown, ${id}`);
  // A visit later lists the mazes generated before, and opens them.
  await second.goto(url);
  await second.waitForFunction(() => document.querySelectorAll("#maze-list button").length >= 2);
  const names = await second.locator("#maze-list .name").allTextContents();
  check(names.map((n) => n.replace(/\u200b/g, "")).includes(newId), `a later visit lists ${names.join(", ")}, not ${newId}`);
  await second.locator("#maze-list button", { hasText: newId.split("#")[1] }).click();
  await second.waitForFunction((id) => document.getElementById("title").textContent === id, newId);
  check(first.errors.length === 0 && second.errors.length === 0, [...first.errors, ...second.errors].join("; "));
  console.log(`serve: ${id} gave the same maze twice; New maze gave ${newId}; 500×500 refused: ${refusal}`);
}

// The README's screenshots: each family in walk (or play), overview,
// solved and phone views.
async function shots(dir, arrowFile, diceFile, minotaurFile, bigFile) {
  const shot = (page, name, fullPage = false) => page.screenshot({ path: path.join(dir, `play-${name}.png`), fullPage });
  // The route's keys: a compass arrow a step, "." a wait (Theseus's).
  const routeKeys = (game) => game.route.slice(1).map((to, i) => COMPASS[directionOf(game.route[i], to)] || ".");
  for (const file of [arrowFile, diceFile, minotaurFile]) {
    const page = await open(file, { width: 1200, height: 760 });
    const [game] = await games(page);
    const family = game.maze.family;
    const keys = routeKeys(game);
    if (family === "arrow") {
      await page.keyboard.press("o");
      await shot(page, "arrow-overview");
      for (const key of keys.slice(0, 5)) await page.keyboard.press(key);
      await page.keyboard.press("w");
      await page.waitForTimeout(300);
      await shot(page, "arrow-walk");
      await page.keyboard.press("o");
      for (const key of keys.slice(5)) await page.keyboard.press(key);
    } else {
      await shot(page, `${family}-overview`);
      for (const key of keys.slice(0, 6)) await page.keyboard.press(key);
      await page.waitForTimeout(300);
      await shot(page, `${family}-play`);
      for (const key of keys.slice(6)) await page.keyboard.press(key);
    }
    await page.waitForTimeout(300);
    check((await status(page)).startsWith("Solved"), `${family}: the screenshots' route did not solve it`);
    await shot(page, `${family}-solved`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click("#restart");
    for (const key of keys.slice(0, 4)) await page.keyboard.press(key);
    if (family === "arrow") await page.keyboard.press("w");
    await page.waitForTimeout(300);
    await shot(page, `${family}-phone`);
    await page.close();
  }
  // Dark, as the system asks for it.
  const dark = await (await browser.newContext({ viewport: { width: 1200, height: 760 }, colorScheme: "dark" })).newPage();
  await dark.goto("file://" + path.resolve(arrowFile));
  await dark.keyboard.press("o");
  for (const key of compassKeys((await games(dark))[0]).slice(0, 6)) await dark.keyboard.press(key);
  await dark.waitForTimeout(300);
  await shot(dark, "arrow-dark");
  let count = 13;
  // The lesson a first visit opens, at the Minotaur's first step.
  const taught = await browser.newContext({ viewport: { width: 1200, height: 760 } });
  const learner = await taught.newPage();
  await learner.goto("file://" + path.resolve(minotaurFile));
  await learner.evaluate(() => { localStorage.removeItem("logicmaze:taught"); openLesson(); stepLesson(2); });
  await learner.waitForTimeout(400);
  await shot(learner, "minotaur-lesson");
  count += 1;
  // A 100×100 maze, opened following the walker with the goal's marker,
  // and as a whole.
  if (bigFile) {
    // Allowed the clipboard, for "Copy link".
    const sharing = await browser.newContext({ viewport: { width: 1200, height: 760 }, permissions: ["clipboard-read", "clipboard-write"] });
    const big = await open(bigFile, { width: 1200, height: 760 }, sharing);
    await big.waitForTimeout(500);
    await shot(big, "big");
    await big.keyboard.press("0");
    await big.waitForTimeout(500);
    await shot(big, "big-whole");
    // Walked a while with marks of the player's own, then the link copied.
    await big.keyboard.press("o");
    await big.evaluate(() => {
      let seed = 3;
      const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
      for (let i = 0; i < 160; i++) {
        const ways = DIRECTIONS.filter((d) => stepFrom(current(), d) && !FAMILY.solved(stepFrom(current(), d)));
        if (ways.length) go(ways[Math.floor(random() * ways.length)]);
        else undo();
        if (i % 23 === 5) markHere();
        if (i % 37 === 11) { markHere(); markHere(); }
      }
      zoomTo(9, centre(current().at));
    });
    await big.waitForTimeout(400);
    await big.click("#copy-link");
    await big.waitForTimeout(300);
    await shot(big, "big-marked");
    count += 3;
  }
  console.log(`shots: ${count} screenshots in ${dir}`);
}

await runModes(browser, { zoom, collection, serve, shots }, mode, args);
