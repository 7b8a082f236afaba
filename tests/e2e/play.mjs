// Plays logicmaze's pages in headless Chromium, by key presses, clicks,
// taps and swipes, as a person would: the shortest route of the page's maze
// must end in the success message, and (for arrow and dice mazes) an
// illegal move must be refused with its reason. Mazes of other families are
// walked with the compass keys, as dice mazes are. Every action is undone
// and redone; on dice pages, the die drawn on the board must show the top
// face worked out here after every roll.
//
//   node tests/e2e/play.mjs SCREENSHOT_DIR PAGE.html...
//
// Exits 0 when every page passes; prints what failed otherwise. The route
// is read from the page's data, but the keys for it are worked out here,
// independently of the page's script.
import { launch } from "./common.mjs";
import path from "node:path";

const [shots, ...pages] = process.argv.slice(2);
const STEP = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
const DIRECTIONS = ["N", "E", "S", "W"];
const directionOf = (from, to) =>
  DIRECTIONS.find((d) => from[0] + STEP[d][0] === to[0] && from[1] + STEP[d][1] === to[1]);

// Arrow keys: the turn from the current heading to each move's direction.
function arrowKeys(data) {
  const keys = [];
  let heading = data.maze.heading;
  for (let i = 1; i < data.route.length; i++) {
    const d = directionOf(data.route[i - 1], data.route[i]);
    const turn = (DIRECTIONS.indexOf(d) - DIRECTIONS.indexOf(heading) + 4) % 4;
    keys.push({ 0: "ArrowUp", 3: "ArrowLeft", 1: "ArrowRight" }[turn]);
    heading = d;
  }
  return keys;
}

// Compass keys: the arrow key of each move's direction (dice mazes, and
// arrow mazes in the overview).
const COMPASS = { N: "ArrowUp", E: "ArrowRight", S: "ArrowDown", W: "ArrowLeft" };
const same = (a, b) => a[0] === b[0] && a[1] === b[1];
// A route that stays on its square (a Minotaur maze's wait) stays by the
// space bar.
function compassKeys(data) {
  return data.route.slice(1).map((to, i) => (same(data.route[i], to) ? " " : COMPASS[directionOf(data.route[i], to)]));
}

// The die's top face after each move of the route, worked out here.
function tops(data) {
  let { top, front } = data.maze;
  let east = data.extra.east;
  const result = [];
  for (let i = 1; i < data.route.length; i++) {
    const d = directionOf(data.route[i - 1], data.route[i]);
    [top, front, east] = {
      N: [front, 7 - top, east], S: [7 - front, top, east],
      E: [7 - east, front, top], W: [east, front, 7 - top],
    }[d];
    result.push(top);
  }
  return result;
}

// Where square `at` is drawn on the screen, from the page's geometry.
function screenPoint(page, at) {
  return page.evaluate((at) => {
    const data = JSON.parse(document.getElementById("data").textContent);
    const svg = document.querySelector("#map svg");
    const x = data.origin[0] + (at[1] - 1) * data.cell;
    const y = data.origin[1] + (at[0] - 1) * data.cell;
    const point = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM());
    return [point.x, point.y];
  }, at);
}

// A touch on the board, from `from` to `to` (the same point: a tap), as a
// phone's browser sends it: pointer events of type touch.
async function touch(page, from, to) {
  const init = (at) => ({ pointerId: 7, pointerType: "touch", isPrimary: true, clientX: at[0], clientY: at[1], bubbles: true });
  await page.dispatchEvent("#map", "pointerdown", init(from));
  await page.dispatchEvent("#map", "pointermove", init([(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]));
  await page.dispatchEvent("#map", "pointermove", init(to));
  await page.dispatchEvent("#map", "pointerup", init(to));
}

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function playPage(browser, file) {
  const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
  await page.goto("file://" + path.resolve(file));
  const data = JSON.parse(await page.textContent("#data")).games[0];
  const name = path.basename(file, ".html");
  const family = data.maze.family;
  if (data.route === null) return playUnsolvable(page, name);
  const keys = family === "arrow" ? arrowKeys(data) : compassKeys(data);
  const expectedTops = family === "dice" ? tops(data) : [];
  for (const [i, key] of keys.entries()) {
    await page.keyboard.press(key);
    if (family === "dice") {
      const top = Number(await page.textContent("#walker .die-top-face"));
      check(top === expectedTops[i], `${name}: after roll ${i + 1} the die on the board shows ${top}, not ${expectedTops[i]}`);
    }
  }
  const solved = (await page.textContent("#status")).trim();
  const expected = `Solved in ${data.shortest} moves (shortest: ${data.shortest}).`;
  check(solved === expected, `${name}: after the route the page says "${solved}", not "${expected}"`);
  if (family === "arrow") await page.keyboard.press("o");
  await page.screenshot({ path: path.join(shots, `play-${name}.png`) });

  // An illegal move, refused with its reason.
  await page.click("#restart");
  let refusal;
  if (family === "arrow") {
    await page.keyboard.press("w");
    await page.keyboard.press("ArrowUp");
    const first = data.route[1];
    const intersection = data.maze.intersections.find((i) => i.at[0] === first[0] && i.at[1] === first[1]);
    const sign = (intersection && intersection.signs[data.maze.heading]) || "";
    const closed = ["L", "F", "R"].find((t) => !sign.includes(t));
    await page.keyboard.press({ L: "ArrowLeft", F: "ArrowUp", R: "ArrowRight" }[closed]);
    refusal = new RegExp(`^(The sign at \\(${first[0]},${first[1]}\\) does not allow|No sign at)`);
  } else if (family === "dice") {
    const { start, top, squares } = data.maze;
    const at = (r, c) => (squares[r - 1] || [])[c - 1] || 0;
    const d = DIRECTIONS.find((d) => {
      const n = at(start[0] + STEP[d][0], start[1] + STEP[d][1]);
      return n > 0 && n !== top;
    });
    check(d, `${name}: no illegal roll from the start to try`);
    const to = [start[0] + STEP[d][0], start[1] + STEP[d][1]];
    await page.keyboard.press({ N: "ArrowUp", E: "ArrowRight", S: "ArrowDown", W: "ArrowLeft" }[d]);
    refusal = new RegExp(`^Top is ${top}, square \\(${to[0]},${to[1]}\\) needs ${at(...to)}\\.$`);
  } else if (family === "minotaur") {
    // A step into a wall, worked out by the page's own game.
    const d = await page.evaluate(() => DIRECTIONS.find((d) => (FAMILY.move(current(), d).refused || "").startsWith("A wall")));
    check(d, `${name}: no wall beside Theseus's start to walk into`);
    await page.keyboard.press(COMPASS[d]);
    refusal = /^A wall (north|east|south|west) of \(\d+,\d+\)\.$/;
  }
  const message = (await page.textContent("#message")).trim();
  if (refusal) {
    check(refusal.test(message), `${name}: the illegal move gave "${message}"`);
    const moves = (await page.textContent("#status")).trim();
    check(moves.startsWith(family === "arrow" ? "Moves: 1" : "Moves: 0"), `${name}: the refused move was counted: "${moves}"`);
  }
  if (family === "arrow") {
    await page.screenshot({ path: path.join(shots, `play-${name}-walk.png`) });
  }
  // Being caught is a loss, said as one, that Undo takes back; the
  // Minotaur on the board stands where the game says.
  let caught = "";
  if (family === "minotaur") {
    const fatal = await page.evaluate(() => [...DIRECTIONS, "X"].find((m) => {
      const outcome = FAMILY.move(current(), m);
      return outcome.state && outcome.state.eaten;
    }));
    if (fatal) {
      await page.keyboard.press(fatal === "X" ? " " : COMPASS[fatal]);
      const lost = (await page.textContent("#status")).trim();
      check(lost.startsWith("Eaten by the Minotaur") && (await page.getAttribute("#status", "class")) === "lost", `${name}: being caught says "${lost}"`);
      await page.keyboard.press("ArrowUp");
      check((await page.textContent("#message")).includes("undo"), `${name}: a move after being caught was not refused`);
      await page.keyboard.press("u");
      check((await page.textContent("#status")).trim() === "Moves: 0", `${name}: undo did not take the loss back`);
      caught = "; caught by a fatal move, and undone";
    }
    await page.waitForTimeout(400);
    const placed = await page.evaluate(() => {
      const piece = document.querySelector(".minotaur-piece").style.transform;
      const [x, y] = centre(current().minotaur);
      return piece === `translate(${x}px, ${y}px)`;
    });
    check(placed, `${name}: the Minotaur on the board is not where the game has him`);
  }

  // History, as in Tatham's midend: every action can be undone and redone.
  const status = async () => (await page.textContent("#status")).trim();
  await page.keyboard.press(family === "arrow" ? keys[1] : keys[0]);
  const moved = await status();
  check(moved === `Moves: ${family === "arrow" ? 2 : 1}`, `${name}: a legal move gave "${moved}"`);
  await page.click("#restart");
  check((await status()) === "Moves: 0", `${name}: restart gave "${await status()}"`);
  await page.keyboard.press("u");
  check((await status()) === moved, `${name}: undoing the restart gave "${await status()}", not "${moved}"`);
  await page.keyboard.press("r");
  check((await status()) === "Moves: 0", `${name}: redoing the restart by R gave "${await status()}"`);
  await page.keyboard.press("u");
  await page.keyboard.press("y");
  check((await status()) === "Moves: 0", `${name}: redoing the restart by Y gave "${await status()}"`);
  await page.keyboard.press("Control+z");
  check((await status()) === moved, `${name}: Ctrl+Z gave "${await status()}"`);

  // "Show solution" is one action, asked for twice (S, then "Show it"),
  // drawn step by step and marked as shown, never as solved by the
  // player; a key ends the drawing; undo takes it back.
  await page.keyboard.press("s");
  check((await status()) === moved && await page.isVisible("#reveal"), `${name}: S alone gave "${await status()}"`);
  await page.click("#reveal-yes");
  await page.keyboard.press("End");
  const shown = `Solution shown: ${data.shortest} moves, the shortest. Undo to take it back.`;
  check((await status()) === shown, `${name}: the solution shown says "${await status()}"`);
  check(!(await page.getAttribute("#status", "class")), `${name}: a shown solution is marked solved`);
  const drawn = await page.evaluate(() => Number(document.querySelector("#map .trail").dataset.points));
  check(drawn === data.shortest + 1, `${name}: the shown route draws ${drawn} points`);
  await page.keyboard.press("u");
  check((await status()) === moved, `${name}: undoing the solution gave "${await status()}"`);
  await page.keyboard.press("Shift+U");
  check((await status()) === shown, `${name}: Shift+U did not redo the solution`);

  // The whole route by keys, then undo and redo of single moves.
  await page.click("#restart");
  for (const key of keys) await page.keyboard.press(key);
  check((await status()) === expected, `${name}: solving again gave "${await status()}"`);
  await page.keyboard.press("u");
  await page.keyboard.press("Backspace");
  check((await status()) === `Moves: ${data.shortest - 2}`, `${name}: two undos gave "${await status()}"`);
  await page.click("#redo");
  await page.click("#redo");
  check((await status()) === expected, `${name}: two redos gave "${await status()}"`);
  check(await page.isDisabled("#redo"), `${name}: redo is offered with nothing to redo`);

  // By pointer: a click on the next square (or road), a tap on the one
  // after, then a swipe toward the next; then the rest by clicks.
  await page.click("#restart");
  const pointed = Math.min(3, data.shortest);
  for (let i = 1; i <= data.shortest; i++) {
    const target = await screenPoint(page, data.route[i]);
    if (i === 2) {
      await touch(page, target, target);
    } else if (i === 3 && !same(data.route[i - 1], data.route[i])) {
      const from = await screenPoint(page, data.route[i - 1]);
      const d = directionOf(data.route[i - 1], data.route[i]);
      await touch(page, from, [from[0] + STEP[d][1] * 60, from[1] + STEP[d][0] * 60]);
    } else {
      await page.mouse.click(...target);
    }
    const after = await status();
    const wanted = i === data.shortest ? expected : `Moves: ${i}`;
    check(after === wanted, `${name}: move ${i} by ${["click", "tap", "swipe"][Math.min(i, pointed) - 1] || "click"} gave "${after}" (${await page.textContent("#message")})`);
  }

  // Keys that match the view: in the overview, the arrow keys are compass
  // directions (an arrow maze in walk mode turns with them).
  if (family === "arrow") {
    await page.click("#restart");
    await page.keyboard.press("o");
    const hint = await page.textContent("#mode-help");
    check(hint.includes("compass directions"), `${name}: the overview's help says "${hint}"`);
    await page.keyboard.press(COMPASS[DIRECTIONS[(DIRECTIONS.indexOf(data.maze.heading) + 2) % 4]]);
    const back = (await page.textContent("#message")).trim();
    check(back.startsWith("No U-turns"), `${name}: going back in the overview gave "${back}"`);
    for (const key of compassKeys(data)) await page.keyboard.press(key);
    check((await status()) === expected, `${name}: the route by compass keys in the overview gave "${await status()}"`);
    await page.keyboard.press("w");
    check((await page.textContent("#mode-help")).includes("turn"), `${name}: the walk mode's help does not speak of turns`);
  }

  // On a phone's screen, the board and the controls stay usable.
  await page.setViewportSize({ width: 390, height: 844 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `${name}: the page is ${width} px wide on a 390 px screen`);
  await page.screenshot({ path: path.join(shots, `play-${name}-phone.png`), fullPage: true });
  await page.close();
  console.log(`${name}: solved in ${data.shortest} moves by key presses; illegal move refused: ${message}; restart, solution and moves undone and redone; solved by click, tap and swipe` +
    (family === "arrow" ? "; solved by compass keys in the overview" : "") +
    (family === "dice" ? `; the die on the board showed the right top after all ${data.shortest} rolls` : "") +
    caught);
}

// A maze without a solution says so only when the player asks: no spoiler.
async function playUnsolvable(page, name) {
  // The "No solution" button, an answer the player may give on any maze,
  // aside.
  const before = (await page.innerText("body")).toLowerCase().replace("no solution", "");
  check(!before.includes("no solution"), `${name}: the page says there is no solution before being asked`);
  // Asked, it says so at once: there is nothing to give away.
  await page.keyboard.press("s");
  check(!(await page.isVisible("#reveal")), `${name}: asked whether to give away a maze without a solution`);
  const message = (await page.textContent("#message")).trim();
  check(message.startsWith("This maze has no solution"), `${name}: asking for the solution gave "${message}"`);
  await page.close();
  console.log(`${name}: no solution, said only when asked`);
}

const browser = await launch();
let failed = false;
for (const file of pages) {
  try {
    await playPage(browser, file);
  } catch (error) {
    failed = true;
    console.error(`FAILED ${error.message}`);
  }
}
await browser.close();
process.exit(failed ? 1 : 0);
