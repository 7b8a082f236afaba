// The page at a screen's limits: on a phone (390×844, touch), where a
// maze opens zoomed in and followed, what must stay in sight and what the
// pieces and marks leave readable; on a desktop and a phone, a panel
// whose words are seen and whose buttons stay put.
//
//   node tests/e2e/phone.mjs pieces PAGE.html   a hard Theseus maze: the Minotaur in view at every turn
//   node tests/e2e/phone.mjs whole PAGE.html    a small maze (8×8) opens whole, every square on the board
//   node tests/e2e/phone.mjs minimap PAGE.html  a hard dice maze: the minimap off the squares needed; Map hides it
//   node tests/e2e/phone.mjs dice PAGE.html     a mark under the die shows, the trail keeps off the
//                                                numbers, a far tap rolls nothing
//   node tests/e2e/phone.mjs name PAGE.html     a name of 940 characters: the board still on the screen
//   node tests/e2e/phone.mjs panel PAGE.html    at 1280×800 a refusal and the link in view, the link
//                                                and How to play stay put; No solution keeps its width
//
// Prints what it checked; exits 1 with the reason when a check fails.
import { COMPASS, check, compassKeys, launch, openPage, runModes, status } from "./common.mjs";

const [mode, ...args] = process.argv.slice(2);
const browser = await launch();
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

const open = async (file) => {
  const page = await openPage(browser, file, PHONE);
  await page.waitForTimeout(300);
  return page;
};
const game = async (page) => JSON.parse(await page.textContent("#data")).games[0];
// Boxes on the screen, as [left, top, right, bottom].
const box = (page, selector) => page.$eval(selector, (el) => {
  const b = el.getBoundingClientRect();
  return [b.left, b.top, b.right, b.bottom];
});
const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
const inside = (a, outer) => a[0] >= outer[0] - 1 && a[1] >= outer[1] - 1 && a[2] <= outer[2] + 1 && a[3] <= outer[3] + 1;
// Moves along the shortest route, each given the time to slide.
async function alongRoute(page, each, most = 40) {
  const keys = compassKeys(await game(page)).slice(0, most);
  for (const [i, key] of keys.entries()) {
    await page.keyboard.press(key);
    await page.waitForTimeout(260);
    await each(i + 1);
  }
  return keys.length;
}

async function pieces(file) {
  const page = await open(file);
  check(await page.evaluate(() => view.zoom > 1 && view.follow), "the maze did not open zoomed in and followed");
  const seen = async (turn) => {
    const [map, minotaur] = [await box(page, "#map"), await box(page, ".minotaur-disc")];
    check(inside(minotaur, map), `turn ${turn}: the Minotaur at ${minotaur.map(Math.round)} is off the board ${map.map(Math.round)}`);
  };
  await seen(0);
  const turns = await alongRoute(page, seen);
  check(page.errors.length === 0, `errors: ${page.errors.join("; ")}`);
  console.log(`the Minotaur stayed on the board for ${turns} turns`);
}

async function minimap(file) {
  const page = await open(file);
  check(await page.isVisible("#minimap"), "no minimap on a zoomed-in maze");
  // The zoom's row, Map in it, on one line.
  const tops = await page.$$eval("#view > button", (all) => [...new Set(all.map((b) => Math.round(b.getBoundingClientRect().top)))]);
  check(tops.length === 1, `the zoom's buttons take ${tops.length} lines`);
  const clear = async (turn) => {
    const [mini, squares, side] = await Promise.all([box(page, "#minimap"), page.evaluate(() => {
      const at = current().at;
      const scale = pixelsPerUnit();
      const map = $("map").getBoundingClientRect();
      const onScreen = (square) => {
        const [x, y] = centre(square);
        const [sx, sy] = [map.left + map.width / 2 + (x - view.x) * scale, map.top + map.height / 2 + (y - view.y) * scale];
        const half = CELL * scale / 2;
        return [sx - half, sy - half, sx + half, sy + half];
      };
      return [at, ...DIRECTIONS.map((d) => step(at, d))].map(onScreen);
    }), page.evaluate(() => CELL * pixelsPerUnit())]);
    check(overlap(mini, squares[0]) === 0, `turn ${turn}: the minimap covers the die`);
    for (const square of squares.slice(1)) {
      check(overlap(mini, square) <= 0.15 * side * side, `turn ${turn}: the minimap covers ${Math.round(100 * overlap(mini, square) / side / side)}% of a square beside the die`);
    }
  };
  await clear(0);
  const moves = await alongRoute(page, clear);
  // Map puts it away, for good.
  await page.tap("#minimap-shown");
  check(await page.isHidden("#minimap"), "Map did not hide the minimap");
  await page.reload();
  await page.waitForTimeout(300);
  check(await page.isHidden("#minimap"), "the minimap came back after a reload");
  check((await page.getAttribute("#minimap-shown", "aria-pressed")) === "false", "Map is not shown off");
  await page.tap("#minimap-shown");
  check(await page.isVisible("#minimap"), "Map did not show the minimap again");
  check(page.errors.length === 0, `errors: ${page.errors.join("; ")}`);
  console.log(`the minimap kept off the die and beside it for ${moves} moves; Map hides it`);
}

async function dice(file) {
  const page = await open(file);
  // A mark on the die's square is not under the die.
  await page.keyboard.press("m");
  const [mark, top, front] = [await box(page, ".mark circle"), await box(page, "#walker .die-top"), await box(page, "#walker .die-front")];
  check(overlap(mark, top) + overlap(mark, front) === 0, `the mark at ${mark.map(Math.round)} is on the die's faces`);
  const over = await page.evaluate(() => Boolean($("walker").compareDocumentPosition(document.querySelector(".mark")) & Node.DOCUMENT_POSITION_FOLLOWING));
  check(over, "the mark is drawn under the die, which covers its square");
  // The trail keeps to a side of each square, off its number (drawn in
  // the middle).
  await page.keyboard.press("m");
  await page.keyboard.press("m");
  await alongRoute(page, async () => {}, 6);
  const off = await page.evaluate(() => [...document.querySelectorAll(".trail line")].map((line) => {
    const [x, y] = [Number(line.getAttribute("x2")), Number(line.getAttribute("y2"))];
    const [row, col] = [Math.round((y - DATA.origin[1]) / CELL) + 1, Math.round((x - DATA.origin[0]) / CELL) + 1];
    const [cx, cy] = centre([row, col]);
    return Math.max(Math.abs(x - cx), Math.abs(y - cy)) / CELL;
  }));
  check(off.length > 0 && off.every((d) => d >= 0.25), `the trail crosses squares at ${off.map((d) => d.toFixed(2))} of a square from their middles`);
  // A tap two squares off moves nothing, and says so.
  const before = await status(page);
  const [x, y] = await page.evaluate(() => {
    const map = $("map").getBoundingClientRect();
    const scale = pixelsPerUnit();
    const [cx] = centre(current().at);
    const far = view.x > cx ? 1 : -1;
    return [map.left + map.width / 2 + (cx + far * 2 * CELL - view.x) * scale, map.top + map.height / 2 + (centre(current().at)[1] - view.y) * scale];
  });
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(200);
  check((await status(page)) === before, `a far tap moved: "${before}" became "${await status(page)}"`);
  check((await page.textContent("#message")).includes("beside"), `a far tap said "${await page.textContent("#message")}"`);
  check(page.errors.length === 0, `errors: ${page.errors.join("; ")}`);
  console.log("the mark shows beside the die, the trail keeps off the numbers, a far tap rolls nothing");
}

async function panel(file) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const where = `${viewport.width}×${viewport.height}`;
    const page = await openPage(browser, file, { viewport, hasTouch: viewport.width < 500 });
    await page.waitForTimeout(300);
    // Compass keys, in the overview of a family that walks.
    if (await page.evaluate(() => Boolean(FAMILY.walk))) await page.keyboard.press("o");
    const places = new Set();
    const seen = [];
    const note = async (what) => {
      const y = await page.evaluate(() => ["copy-link", "help-button"].map((id) => $(id).getBoundingClientRect().top + window.scrollY));
      places.add(y.map(Math.round).join(","));
      seen.push(`${what}: ${y.map(Math.round)}`);
    };
    await note("opened");
    // A refusal: a roll off the board or onto a wrong number.
    const refused = await page.evaluate(() => DIRECTIONS.find((d) => {
      const move = FAMILY.toward ? FAMILY.toward(current(), d) : d;
      return move && FAMILY.move(current(), move).refused;
    }));
    check(refused, "no move is refused at the start");
    await page.keyboard.press(COMPASS[refused]);
    check((await page.textContent("#message")).length > 0, "the refusal said nothing");
    await note("refused");
    if (viewport.width > 1000) {
      for (const id of ["status", "message", "copy-link", "help-button"]) {
        const bottom = await page.$eval(`#${id}`, (el) => el.getBoundingClientRect().bottom);
        check(bottom <= viewport.height, `${where}: #${id} ends at y ${Math.round(bottom)}, below the fold`);
      }
    }
    await page.keyboard.press("h");
    await note("hint");
    await page.keyboard.press(compassKeys(await game(page))[0]);
    await note("moved");
    await page.keyboard.press("u");
    await note("undone");
    // On a phone the link comes last, under what a turn says: the board,
    // the pad, the buttons and the status come first, on one screen.
    if (viewport.width > 1000) check(places.size === 1, `${where}: the link and How to play moved: ${seen.join("; ")}`);
    // Showing the solution adds "Hide the solution's route"; No solution
    // keeps its size.
    const width = () => page.$eval("#no-solution", (el) => Math.round(el.getBoundingClientRect().width));
    const before = await width();
    await page.click("#solution");
    await page.click("#reveal-yes");
    await page.keyboard.press("End");
    check(await page.isVisible("#hide-guide"), `${where}: no "Hide the solution's route" after the solution`);
    check(Math.abs((await width()) - before) <= 2, `${where}: No solution went from ${before} to ${await width()} px wide`);
    check(page.errors.length === 0, `errors: ${page.errors.join("; ")}`);
    await page.close();
  }
  console.log("the panel: a refusal and the link in view, the link and How to play stay put, No solution keeps its width");
}

async function name(file) {
  const page = await open(file);
  const [map, whole] = [await box(page, "#map"), await page.evaluate(() => GAME.maze.name)];
  check(whole.length >= 900, `the name is ${whole.length} characters long`);
  check(map[1] < 844 / 3, `the board starts at y ${Math.round(map[1])}, under a long name`);
  check((await page.getAttribute("#title", "title")) === whole, "the heading's title does not hold the whole name");
  check(page.errors.length === 0, `errors: ${page.errors.join("; ")}`);
  console.log(`a name of ${whole.length} characters leaves the board at y ${Math.round(map[1])}`);
}

async function whole(file) {
  const page = await open(file);
  const [zoom, size] = await page.evaluate(() => [view.zoom, Math.round(CELL * pixelsPerUnit())]);
  check(zoom === 1, `a small maze opened zoomed in (${zoom.toFixed(2)}×, squares ${size} px)`);
  check(page.errors.length === 0, `errors: ${page.errors.join("; ")}`);
  console.log(`a small maze opens whole, squares ${size} px`);
}

await runModes(browser, { pieces, minimap, dice, panel, name, whole }, mode, args);
