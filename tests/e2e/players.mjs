// The play page as puzzle players use it, in headless Chromium: what a
// player needs beyond a correct game. Each mode checks one need:
//
//   node tests/e2e/players.mjs spoiler PAGE.html    the solution only when asked twice, once
//   node tests/e2e/players.mjs history PAGE.html    a reload restores the whole history; tabs apart
//   node tests/e2e/players.mjs solution PAGE.html   the solution drawn: board and panel agree, skip, a key ends it
//   node tests/e2e/players.mjs goal PAGE.html       a big maze: the goal's square said, pointed to when off the board
//   node tests/e2e/players.mjs hint PAGE.html NOSOLUTION.html
//                                                   hints lead to the goal by a shortest route
//   node tests/e2e/players.mjs phone PAGE.html      390×844: controls on screen, a drag pans and makes no move
//   node tests/e2e/players.mjs looks PAGE.html      dark mode, forced colours, the win, the trail's colour
//   node tests/e2e/players.mjs collection PAGE.html solved count, next unsolved, the icon, Tatham's keys
//   node tests/e2e/players.mjs focus PAGE.html      Space and Enter on a focused button are the button's
//   node tests/e2e/players.mjs steady PAGE.html     the buttons stay put between turns
//   node tests/e2e/players.mjs words PAGE.html...   each family names its own mover
//   node tests/e2e/players.mjs caught PAGE.html     a catch shows both pieces, marked
//   node tests/e2e/players.mjs waits PAGE.html      a wait marks the trail
//   node tests/e2e/players.mjs prompt PAGE.html     the solution's question keeps Tab and answers Enter
//   node tests/e2e/players.mjs view PAGE.html       a reload opens the view chosen
//   node tests/e2e/players.mjs listfocus PAGE.html  the focused maze of the list is plain to see
//   node tests/e2e/players.mjs fits PAGE.html...    every action button on the screen at 1280×800
//   node tests/e2e/players.mjs dice PAGE.html       the die half a square wide; no dark smear round numbers
//   node tests/e2e/players.mjs unsolvable PAGE.html a maze without a route said so plainly, and answered so
//   node tests/e2e/players.mjs slowpress PAGE.html  a button held down while the address is written still lands in it
//
// Its pace, in milliseconds and in what a move draws, is pace.mjs's.
//
// Prints what it checked; exits 1 with the reason when a check fails.
import {
  COMPASS, check, compassKeys, gameOf, launch, openPage, overview, painted, runModes, status,
} from "./common.mjs";

const [mode, ...args] = process.argv.slice(2);
const browser = await launch();

const open = (file, options, context) => openPage(browser, file, options, context);
// The squares the trail joins: a segment between each two.
const trailPoints = (page) => page.evaluate(() => {
  const points = Number(document.querySelector("#map .trail").dataset.points || 0);
  return points > 1 ? points : 0;
});

async function spoiler(file) {
  const page = await open(file);
  const game = await gameOf(page);
  await overview(page);
  const keys = compassKeys(game);
  await page.keyboard.press(keys[0]);
  // S, as a WASD player would press it: a question, not the answer.
  await page.keyboard.press("s");
  check((await status(page)) === "Moves: 1", `S alone gave "${await status(page)}"`);
  check(await page.isVisible("#reveal"), "S did not ask whether to show the solution");
  check((await trailPoints(page)) === 2, "S alone drew the solution");
  await page.keyboard.press("s");
  check((await status(page)) === "Moves: 1", `S twice gave "${await status(page)}"`);
  // Enter on the question's focused button keeps playing.
  await page.keyboard.press("Enter");
  check(!(await page.isVisible("#reveal")) && (await status(page)) === "Moves: 1", "Enter gave the solution away");
  await page.click("#solution");
  await page.click("#reveal-yes");
  await page.keyboard.press("End");
  check((await status(page)).startsWith("Solution shown"), `"Show it" gave "${await status(page)}"`);
  // Asking again adds nothing: one undo takes the solution back.
  await page.keyboard.press("s");
  await page.click("#solution");
  check(!(await page.isVisible("#reveal")), "a shown solution asked again");
  await page.keyboard.press("u");
  check((await status(page)) === "Moves: 1", `one undo after asking twice gave "${await status(page)}"`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log("spoiler: S asks first, Enter keeps playing, the solution shown once however often asked");
}

async function history(file) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await open(file, {}, context);
  const game = await gameOf(page);
  await overview(page);
  const keys = compassKeys(game);
  for (const key of keys.slice(0, 3)) await page.keyboard.press(key);
  await page.click("#solution");
  await page.click("#reveal-yes");
  await page.keyboard.press("End");
  await page.reload();
  check((await status(page)).startsWith("Solution shown"), `after the solution and a reload: "${await status(page)}"`);
  check(!(await page.isDisabled("#undo")), "undo is disabled after the reload");
  await page.keyboard.press("u");
  check((await status(page)) === "Moves: 3", `undo after the reload gave "${await status(page)}"`);
  await page.click("#restart");
  await page.reload();
  check((await status(page)) === "Moves: 0", `a restart and a reload gave "${await status(page)}"`);
  await page.keyboard.press("u");
  check((await status(page)) === "Moves: 3", `undoing the restart after a reload gave "${await status(page)}"`);
  await page.keyboard.press("r");
  check((await status(page)) === "Moves: 0", `redoing the restart after a reload gave "${await status(page)}"`);
  await page.keyboard.press("u");
  // A second tab on the same maze keeps its own game; a reload of the
  // first finds the first's.
  const other = await open(file, {}, context);
  await overview(other);
  await other.click("#restart");
  await other.keyboard.press(keys[0]);
  check((await status(other)) === "Moves: 1", `the second tab: "${await status(other)}"`);
  await page.reload();
  check((await status(page)) === "Moves: 3", `the first tab after the second played: "${await status(page)}"`);
  await other.reload();
  check((await status(other)) === "Moves: 1", `the second tab after a reload: "${await status(other)}"`);
  check(page.errors.length === 0 && other.errors.length === 0, page.errors.concat(other.errors).join("; "));
  console.log("history: a reload restores the solution shown, restarts and undo; two tabs keep their own games");
}

async function solution(file) {
  const page = await open(file);
  const game = await gameOf(page);
  await page.click("#solution");
  await page.click("#reveal-yes");
  check(await page.isVisible("#skip"), "no way to skip the solution's drawing");
  // Mid-way, the panel, the status and the walker all speak of one step.
  await page.waitForTimeout(600);
  const frame = await page.evaluate(() => {
    const said = document.getElementById("status").textContent;
    const step = Number((said.match(/move (\d+) of/) || [])[1]);
    const walker = document.getElementById("walker").style.transform;
    const at = revealed - 1;
    const state = entry().route[at];
    const [x, y] = centre(state.at);
    return { said, step, at, walkerAt: walker.startsWith(`translate(${x}px, ${y}px)`), panel: document.getElementById("sign").textContent, where: show(state.at) };
  });
  check(frame.step === frame.at && frame.step > 0 && frame.step < game.shortest, `mid-way the status says "${frame.said}" at step ${frame.at}`);
  check(frame.walkerAt, `mid-way the walker is not on step ${frame.at}'s square`);
  check(!/reached the goal|escaped|Solved/.test(frame.panel) && frame.panel.includes(frame.where), `mid-way the panel says "${frame.panel}", not ${frame.where}`);
  // A key ends the drawing cleanly: drawn to the end, no complaint.
  await page.keyboard.press("ArrowUp");
  check((await status(page)).startsWith("Solution shown"), `a key mid-way gave "${await status(page)}"`);
  check((await page.textContent("#message")).trim() === "", `a key mid-way said "${await page.textContent("#message")}"`);
  check((await trailPoints(page)) === game.shortest + 1, "a key mid-way left the route half drawn");
  check(!(await page.isVisible("#skip")), "the skip button stays after the drawing");
  // Skip, and the speeds: fast draws the whole route in a quarter of the time.
  await page.keyboard.press("u");
  const started = Date.now();
  await page.click("#solution");
  await page.click("#reveal-yes");
  await page.selectOption("#speed", "4");
  await page.waitForFunction(() => showing === null, null, { timeout: 20000 });
  const fast = Date.now() - started;
  // Fast plans the route in 2 s (normal in 8); the wall clock, on a busy
  // machine, only has to beat normal's plan.
  const planned = await page.evaluate((moves) => stepMs(moves) * moves, game.shortest);
  check(planned <= 2100 && fast < 8000, `the fast drawing was planned for ${planned} ms and took ${fast} ms`);
  await page.keyboard.press("u");
  await page.click("#solution");
  await page.click("#reveal-yes");
  await page.selectOption("#speed", "1");
  await page.click("#skip");
  check((await status(page)).startsWith("Solution shown") && (await trailPoints(page)) === game.shortest + 1, "Skip did not draw the whole route");
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`solution: board, panel and status agree mid-way; a key ends the drawing cleanly; fast in ${fast} ms; skip`);
}

async function goal(file) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const where = `${viewport.width}×${viewport.height}`;
    const page = await open(file, { viewport });
    const game = await gameOf(page);
    const goalAt = await page.evaluate(() => FAMILY.goal);
    const said = await page.textContent("#goal");
    check(said.includes(`(${goalAt[0]},${goalAt[1]})`), `${where}: the panel says "${said}", not the goal's square`);
    const inView = () => page.evaluate(() => {
      const ring = document.querySelector(".goal-ring").getBoundingClientRect();
      const board = document.getElementById("map").getBoundingClientRect();
      return ring.left + ring.width / 2 >= board.left && ring.right - ring.width / 2 <= board.right &&
        ring.top + ring.height / 2 >= board.top && ring.bottom - ring.height / 2 <= board.bottom;
    });
    check(game.size[0] >= 100 && !(await inView()), `${where}: the goal is on the board at the start; this check needs it off`);
    check(await page.isVisible("#goal-pointer"), `${where}: no marker points to the goal off the board`);
    // The marker stands beside the board, off the drawing, its arrow
    // turned toward the goal.
    const marker = await page.evaluate(() => {
      const box = $("goal-pointer").getBoundingClientRect();
      const board = $("map").getBoundingClientRect();
      const ring = document.querySelector(".goal-ring").getBoundingClientRect();
      const [gx, gy] = [ring.left + ring.width / 2 - (board.left + board.width / 2), ring.top + ring.height / 2 - (board.top + board.height / 2)];
      const turn = new DOMMatrix(getComputedStyle($("goal-pointer").querySelector(".pointing")).transform);
      return {
        off: box.top >= board.bottom || box.bottom <= board.top || box.left >= board.right || box.right <= board.left,
        // The arrow (➜ points east) turned: its direction against the goal's.
        cos: (turn.a * gx + turn.b * gy) / Math.hypot(gx, gy),
      };
    });
    check(marker.off, `${where}: the goal's marker lies on the board, over its drawing`);
    check(marker.cos > 0.99, `${where}: the marker does not point the goal's way (cosine ${marker.cos.toFixed(3)})`);
    await page.click("#restart");
    await page.keyboard.press("f");
    // The whole maze, small, in the board's corner: pressed where the goal
    // is, the view goes there.
    check(await page.isVisible("#minimap"), `${where}: no minimap while the view shows a part of the maze`);
    const mini = await page.evaluate(() => document.getElementById("minimap").getBoundingClientRect().toJSON());
    // ... clear of the columns' numbers along the board's top edge.
    const numbersFoot = await page.evaluate(() => $("map").getBoundingClientRect().top + numberBands(board, pixelsPerUnit()).cols);
    check(mini.top >= numbersFoot, `${where}: the minimap, from ${mini.top} px, covers the columns' numbers (to ${numbersFoot.toFixed(0)} px)`);
    const piece = await page.evaluate(() => walker.getBoundingClientRect().toJSON());
    const [px, py] = [piece.left + piece.width / 2, piece.top + piece.height / 2];
    check(!(px >= mini.left && px <= mini.right && py >= mini.top && py <= mini.bottom), `${where}: the minimap covers the walker`);
    const [rows, cols] = game.size;
    await page.mouse.click(mini.left + ((goalAt[1] - 0.5) / cols) * mini.width, mini.top + ((goalAt[0] - 0.5) / rows) * mini.height);
    check(await inView(), `${where}: pressing the minimap at the goal did not bring it into view`);
    check((await status(page)) === "Moves: 0", `${where}: pressing the minimap made a move`);
    await page.click("#restart");
    await page.keyboard.press("f");
    check(!(await inView()), `${where}: following the walker again left the goal in view`);
    await page.click("#goal-pointer");
    check(await inView(), `${where}: the marker did not bring the goal into view`);
    check(!(await page.isVisible("#goal-pointer")), `${where}: the marker stays with the goal in view`);
    await page.keyboard.press("0");
    check(!(await page.isVisible("#minimap")), `${where}: the minimap stays with the whole maze on the board`);
    check(page.errors.length === 0, page.errors.join("; "));
    await page.close();
  }
  console.log("goal: the goal's square in the panel, a marker toward it when off the board, which shows it; a minimap clear of the numbers that goes there");
}

async function hint(file, unsolvable) {
  const page = await open(file);
  const game = await gameOf(page);
  await overview(page);
  // Hint after hint, each followed, leads to the goal by a shortest route.
  for (let i = 0; i < game.shortest; i++) {
    await page.keyboard.press("h");
    const said = await page.textContent("#hint");
    const m = said.match(/^Hint: go (north|east|south|west)\s.*the goal is (\d+) moves? away/);
    check(m, `hint ${i + 1} says "${said}"`);
    check(Number(m[2]) === game.shortest - i, `hint ${i + 1} says the goal is ${m[2]} moves away, not ${game.shortest - i}`);
    await page.keyboard.press(COMPASS[{ north: "N", east: "E", south: "S", west: "W" }[m[1]]]);
  }
  check((await status(page)) === `Solved in ${game.shortest} moves (shortest: ${game.shortest}).`, `following the hints gave "${await status(page)}"`);
  check(page.errors.length === 0, page.errors.join("; "));
  // A maze whose goal cannot be reached says so.
  const stuck = await open(unsolvable);
  await stuck.keyboard.press("h");
  const message = await stuck.textContent("#message");
  check(message.includes("cannot be reached"), `a hint with no route said "${message}"`);
  // A shown solution leaves a faint guide that undo does not take away.
  await page.click("#restart");
  await page.click("#solution");
  await page.click("#reveal-yes");
  await page.keyboard.press("End");
  await page.keyboard.press("u");
  const guide = await page.evaluate(() => document.querySelector("#map .guide").getAttribute("points").trim().split(" ").length);
  check(guide === game.shortest + 1, `after the solution is undone the guide has ${guide} points`);
  // The guide is another maze's route as soon as that route is the one
  // shown, even one of the same length (here: the route walked backwards).
  const follows = await page.evaluate(() => {
    GAME.route = GAME.route.slice().reverse();
    drawBoard();
    return document.querySelector("#map .guide").getAttribute("points").split(" ")[0] === centre(GAME.route[0]).join(",");
  });
  check(follows, "the guide still shows the route drawn before, of the same length");
  await page.keyboard.press(compassKeys(game)[0]);
  const marked = await page.evaluate(() => document.querySelector("#map .trail line")?.getAttribute("marker-end"));
  check(marked && marked.includes("trail-mark"), "the trail has no marks of its direction");
  // The guide is said and can be put away: a labelled button hides it,
  // for good (a reload keeps it hidden), and Restart replays the maze clean.
  const guidePoints = () => page.evaluate(() => document.querySelector("#map .guide").getAttribute("points").trim());
  check(await page.$("#hide-guide"), "the guide has no button to hide it");
  const hide = await page.textContent("#hide-guide");
  check(await page.isVisible("#hide-guide") && /solution/i.test(hide), `the guide has no visible button to hide it ("${hide}")`);
  await page.click("#hide-guide");
  check((await guidePoints()) === "", "Hide left the solution's route on the board");
  check(!(await page.isVisible("#hide-guide")), "the button to hide the guide stays after it is hidden");
  await page.reload();
  check((await guidePoints()) === "", "a reload brought the hidden solution's route back");
  await page.click("#solution");
  await page.click("#reveal-yes");
  await page.keyboard.press("End");
  check((await guidePoints()) !== "", "a solution shown again draws no guide");
  await page.click("#restart");
  check((await guidePoints()) === "", "Restart kept the solution's route on the board");
  await page.reload();
  check((await guidePoints()) === "", "after Restart a reload brought the solution's route back");
  console.log(`hint: ${game.shortest} hints lead to the goal by a shortest route; no route said; the guide stays after undo, is labelled, hides and goes with Restart`);
}

// Keys on a focused control are the control's own: Space or Enter on a
// focused button presses it, and plays nothing in the maze (a wait, for
// Theseus, would let the Minotaur closer).
async function focus(file) {
  const page = await open(file);
  const game = await gameOf(page);
  await overview(page);
  for (const key of compassKeys(game)) {
    if ((await status(page)) === "Moves: 1") break;
    await page.keyboard.press(key);
  }
  const moved = await status(page);
  check(moved === "Moves: 1", `every first step was refused: "${moved}"`);
  await page.focus("#undo");
  await page.keyboard.press(" ");
  check((await status(page)) === "Moves: 0", `Space on Undo gave "${await status(page)}", not the undo`);
  // Undo is now disabled: the focus stays among the actions, not on the
  // page, where the next Space would be a move (Theseus's wait).
  const focused = await page.evaluate(() => document.activeElement.closest("#actions button")?.id || document.activeElement.tagName);
  check(focused !== "BODY" && focused !== "undo", `after the last undo the focus fell to ${focused}`);
  await page.keyboard.press(" ");
  check(!(await status(page)).startsWith("Moves: 1") || focused === "redo", `the next Space played a move: "${await status(page)}"`);
  await page.evaluate(() => undo());
  // Escape puts the solution's question away and gives the focus back to
  // the button that asked it.
  await page.focus("#solution");
  await page.keyboard.press("Enter");
  check(await page.isVisible("#reveal"), "the Solution button asked nothing");
  await page.keyboard.press("Escape");
  check(!(await page.isVisible("#reveal")), "Escape left the question open");
  const back = await page.evaluate(() => document.activeElement.id);
  check(back === "solution", `after Escape the focus is on "${back || "the page"}", not the Solution button`);
  await page.focus("#redo");
  await page.keyboard.press("Enter");
  check((await status(page)).includes("1"), `Enter on Redo gave "${await status(page)}"`);
  // Space on another maze of the list opens it, and plays nothing here.
  const list = await page.$$("#maze-list button");
  check(list.length > 1, "the page has no list of mazes");
  const before = await page.evaluate(() => GAME.maze.name);
  await list[1].focus();
  await page.keyboard.press(" ");
  const after = await page.evaluate(() => GAME.maze.name);
  check(after !== before, `Space on another maze of the list stayed in "${before}"`);
  check((await status(page)).includes("0") || (await status(page)) === "", `Space on the list played a move: "${await status(page)}"`);
  console.log("focus: Space and Enter on a focused button press it and play nothing; the focus stays on the controls after the last undo and after Escape");
}

async function phone(file) {
  const page = await open(file, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  // The board, every control and the lines a player reads as they play
  // (the status and where the goal is) on one screen, without scrolling.
  const off = await page.evaluate(() => {
    const controls = ["#undo", "#redo", "#restart", "#solution", "#hint-button", "#map", "#status", "#goal"];
    const pad = [...document.querySelectorAll(document.body.classList.contains("walking") ? "#turns button" : "#pad button")];
    return [...controls.map((s) => [s, document.querySelector(s)]), ...pad.map((b) => [b.textContent, b])]
      .filter(([, element]) => {
        const box = element.getBoundingClientRect();
        return box.height === 0 || box.bottom > window.innerHeight || box.top < 0;
      })
      .map(([name, element]) => `${name} at ${Math.round(element.getBoundingClientRect().bottom)} px`);
  });
  check(off.length === 0, `on a 390×844 screen, off it: ${off.join(", ")}`);
  // The whole maze in the board's corner leaves the board to the maze.
  const share = await page.evaluate(() => {
    const mini = document.getElementById("minimap").getBoundingClientRect();
    return mini.width / document.getElementById("map").getBoundingClientRect().width;
  });
  check(share > 0 && share <= 0.3, `the minimap takes ${(share * 100).toFixed(0)}% of the board's width`);
  // A finger held and dragged looks around; it makes no move.
  const box = await page.evaluate(() => {
    const b = document.getElementById("map").getBoundingClientRect();
    return [b.left + b.width / 2, b.top + b.height / 2];
  });
  const before = await page.evaluate(() => `${view.x},${view.y}`);
  const init = (at) => ({ pointerId: 9, pointerType: "touch", isPrimary: true, clientX: at[0], clientY: at[1], bubbles: true });
  await page.dispatchEvent("#map", "pointerdown", init(box));
  await page.waitForTimeout(400);
  for (let i = 1; i <= 8; i++) await page.dispatchEvent("#map", "pointermove", init([box[0] + i * 10, box[1] + i * 6]));
  await page.dispatchEvent("#map", "pointerup", init([box[0] + 80, box[1] + 48]));
  const after = await page.evaluate(() => `${view.x},${view.y}`);
  check((await status(page)) === "Moves: 0", `a drag gave "${await status(page)}" (${await page.textContent("#message")})`);
  check(after !== before, "a drag did not move the view");
  check(page.errors.length === 0, page.errors.join("; "));
  console.log("phone: board, controls and the goal's line on one 390×844 screen, the minimap in a corner; a held drag pans and makes no move");
}

// The relative luminance of a CSS colour "rgb(r, g, b)".
function luminance(colour) {
  const [r, g, b] = colour.match(/[\d.]+/g).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

async function looks(file) {
  const dark = await open(file, { colorScheme: "dark" });
  await painted(dark);
  const colours = await dark.evaluate(() => {
    // The drawing's mean colour, and its darkest and lightest, from its
    // pixels: mostly paper, with ink.
    const canvas = document.createElement("canvas");
    [canvas.width, canvas.height] = [200, 200];
    const context = canvas.getContext("2d");
    context.drawImage(mapCanvas, 0, 0, 200, 200);
    const pixels = context.getImageData(0, 0, 200, 200).data;
    const lum = (r, g, b) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    let [sum, lightest] = [0, 0];
    for (let i = 0; i < pixels.length; i += 4) {
      const l = lum(pixels[i], pixels[i + 1], pixels[i + 2]);
      sum += l;
      lightest = Math.max(lightest, l);
    }
    return {
      page: getComputedStyle(document.body).backgroundColor === "rgba(0, 0, 0, 0)"
        ? getComputedStyle(document.documentElement).backgroundColor : getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
      mean: sum / (pixels.length / 4),
      lightest,
    };
  });
  check(luminance(colours.page) < 0.05 && luminance(colours.text) > 0.5, `dark mode: page ${colours.page}, text ${colours.text}`);
  check(colours.mean < 0.3, `dark mode: the drawing's mean lightness is ${colours.mean.toFixed(2)}`);
  check(colours.lightest > 0.6, `dark mode: the drawing's ink is no lighter than ${colours.lightest.toFixed(2)}`);
  // The trail is not the colour of the roads open ahead.
  const [trail, road] = await dark.evaluate(() => [
    getComputedStyle(document.querySelector(".trail")).stroke,
    getComputedStyle(document.documentElement).getPropertyValue("--accent"),
  ]);
  check(trail && !trail.includes(road.trim()), `the trail is drawn in the roads' colour ${trail}`);
  // Forced colours: the pressed view is marked by more than colour.
  const forced = await open(file, { forcedColors: "active" });
  const pressed = await forced.evaluate(() => {
    const b = document.querySelector('#modes button[aria-pressed="true"], #follow');
    b.setAttribute("aria-pressed", "true");
    return getComputedStyle(b).borderStyle;
  });
  check(pressed === "double", `forced colours: a pressed button's border is ${pressed}`);
  // The win shows on the board, not only in a line of text.
  const page = await open(file);
  const game = await gameOf(page);
  await overview(page);
  for (const key of compassKeys(game)) await page.keyboard.press(key);
  const banner = await page.evaluate(() => getComputedStyle(document.getElementById("map"), "::after").content);
  check(banner.includes("Solved"), `the win on the board: ${banner}`);
  // ... and leaves the column numbers along the board's top edge in view.
  const [bannerTop, band] = await page.evaluate(() => [
    parseFloat(getComputedStyle(document.getElementById("map"), "::after").top),
    numberBands(board, pixelsPerUnit()).cols,
  ]);
  check(bannerTop >= band, `the win's banner, ${bannerTop} px from the board's top, covers the column numbers (${band.toFixed(0)} px)`);
  // The drawing is named in a few words, not by its every number.
  const label = await page.evaluate(() => mapCanvas.getAttribute("aria-label") || "");
  check(label.length > 0 && label.length < 120, `the drawing is named by ${label.length} characters`);
  console.log("looks: dark mode colours the page and the drawing; forced colours mark the pressed view; the win on the board, the column numbers in view");
}

async function collection(file) {
  const page = await open(file);
  const all = JSON.parse(await page.textContent("#data")).games;
  check(all.length >= 3, `the page holds ${all.length} mazes`);
  const icon = await page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute("href") || "");
  check(icon.startsWith("data:"), `the page's icon is "${icon}"`);
  check((await page.textContent("#solved-count")).includes(`0 of ${all.length}`), `the count says "${await page.textContent("#solved-count")}"`);
  await overview(page);
  for (const key of compassKeys(all[0])) await page.keyboard.press(key);
  check((await page.textContent("#solved-count")).includes(`1 of ${all.length}`), `after one solved the count says "${await page.textContent("#solved-count")}"`);
  // The tick is said in words to a screen reader.
  const said = await page.evaluate(() => document.querySelector("#maze-list li button").textContent);
  check(said.includes("solved"), `a solved maze's entry reads "${said}" to a screen reader`);
  await page.click("#next-unsolved");
  check((await page.textContent("#title")) === all[1].maze.name, `next unsolved opened "${await page.textContent("#title")}"`);
  await page.keyboard.press("n");
  check((await page.textContent("#title")) === all[2].maze.name, `N opened "${await page.textContent("#title")}"`);
  // The tab's title follows the maze chosen.
  check((await page.title()) === `${all[2].maze.name} — logicmaze`, `the tab's title is "${await page.title()}"`);
  // Tatham's keys: R redoes; the keys listed are the ones that apply.
  await overview(page);
  await page.keyboard.press(compassKeys(all[2])[0]);
  await page.keyboard.press("u");
  await page.keyboard.press("r");
  check((await status(page)) === "Moves: 1", `R after an undo gave "${await status(page)}"`);
  const keys = await page.textContent("#keys");
  check(/R[^;]*redo/.test(keys) && !/R restart/.test(keys), `the keys listed: "${keys}"`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log("collection: solved count, next unsolved by button and N, the tab's title, an icon, R redoes");
}

// The controls stay put as the game goes on: whatever the status, the
// message and the hint say (one line or two, or nothing), the buttons
// under them do not move between turns, at 1280×800 and on a phone.
// A maze without a route: Hint says so plainly at the start (nothing to
// undo), Solution… asks nothing before saying so, and "No solution" is
// the answer that solves it; on a maze with a route it is refused. The
// list counts it solved then, and Next unsolved no longer returns to it.
// A press held down while the page writes the address of the maze just
// opened (a player's press lasts a tenth of a second or more): the answer
// it gives on release is still written to the address.
async function slowpress(file) {
  const page = await open(file);
  const none = await page.evaluate(() => games.findIndex((g) => !g.route));
  check(none >= 0, "the page has no maze without a route");
  // Another maze first, so that opening this one changes the address.
  await page.evaluate((i) => load(i === 0 ? 1 : 0), none);
  await page.keyboard.press("h");
  await page.waitForTimeout(400);
  await page.evaluate((i) => load(i), none);
  const button = await page.locator("#no-solution").boundingBox();
  await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(600);
  await page.mouse.up();
  check((await status(page)) === "Solved: this maze has no solution.", `the press gave "${await status(page)}"`);
  await page.waitForTimeout(600);
  const address = await page.evaluate(() => location.hash);
  check(address.includes("moves=~"), `the answer is not in the address: ${address}`);
  check(page.errors.length === 0, `errors: ${page.errors}`);
  console.log("slowpress: a press held while the address was written is in the address");
}

async function unsolvable(file) {
  const page = await open(file);
  const names = await page.evaluate(() => games.map((g) => g.maze.name));
  const none = await page.evaluate(() => games.findIndex((g) => !g.route));
  check(none >= 0 && names.length > 1, `the page has no list with a maze without a route: ${names}`);
  await page.evaluate((i) => load(i), none);
  await page.keyboard.press("h");
  const hinted = (await page.textContent("#message")).trim();
  check(hinted.includes("has no solution") && !/undo|restart/.test(hinted), `the hint at the start says "${hinted}"`);
  await page.keyboard.press("s");
  check(!(await page.isVisible("#reveal")), "Solution… warned of giving away a maze that has no solution");
  const said = (await page.textContent("#message")).trim();
  check(said.includes("has no solution"), `Solution… says "${said}"`);
  check((await page.textContent("#solved-count")).includes("Solved 0 of"), "the count before the answer");
  await page.click("#no-solution");
  check((await status(page)) === "Solved: this maze has no solution.", `"No solution" gave "${await status(page)}"`);
  check((await page.textContent("#solved-count")).includes("Solved 1 of"), `the count after: ${await page.textContent("#solved-count")}`);
  // The answer is part of the game: in the history and the link, undone
  // and redone, and as it was after a reload.
  await page.waitForFunction(() => location.hash.includes("moves=~"));
  await page.keyboard.press("u");
  check((await status(page)) === "Moves: 0", `the answer undone gives "${await status(page)}"`);
  await page.keyboard.press("r");
  check((await status(page)) === "Solved: this maze has no solution.", `the answer redone gives "${await status(page)}"`);
  await page.evaluate(() => writeProgress());
  await page.reload();
  await painted(page);
  check((await status(page)) === "Solved: this maze has no solution.", `after a reload the answered maze says "${await status(page)}"`);
  await page.click("#next-unsolved");
  const opened = await page.evaluate(() => games.indexOf(GAME));
  check(opened !== none, "Next unsolved went back to the maze answered");
  await page.click("#no-solution");
  const refused = (await page.textContent("#message")).trim();
  check(refused === "There is a way to the goal: look on.", `"No solution" on a maze with a route: "${refused}"`);
  check((await page.textContent("#solved-count")).includes("Solved 1 of"), "a wrong answer counted");
  check(page.errors.length === 0, `errors: ${page.errors}`);
  console.log("unsolvable: said plainly, no warning before it, answered by No solution (in the history and the link, kept), counted once");
}

// Someone else's link with a whole route: it shows their solve, and is
// not the player's (no ✓, no best); the last move made by the player is.
async function theirs(file) {
  const page = await open(file);
  await painted(page);
  const link = await page.evaluate(() => {
    const route = GAME.route;
    const words = route.slice(1).map((to, i) => stepBetween(route[i], to));
    return `${location.href.split("#")[0]}#${addressOf(mazeRef(GAME), words)}`;
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const other = await open(link, {}, context);
  await painted(other);
  const seen = () => other.evaluate(() => ({ count: $("solved-count").textContent, clock: $("clock").textContent, status: $("status").textContent }));
  const opened = await seen();
  check(opened.status.startsWith("Solved in") && opened.count.includes("Solved 0 of") && !opened.clock.includes("best"),
    `a link with the whole route: ${JSON.stringify(opened)}`);
  await other.keyboard.press("u");
  await other.keyboard.press("r");
  const redone = await seen();
  check(redone.count.includes("Solved 0 of"), `the link's last move redone counted: ${JSON.stringify(redone)}`);
  // The last move made by the player: theirs.
  await overview(other);
  await other.keyboard.press("u");
  const last = await other.evaluate(() => {
    const route = GAME.route;
    return stepBetween(route[route.length - 2], route[route.length - 1]);
  });
  await other.keyboard.press(COMPASS[last]);
  const mine = await seen();
  check(mine.count.includes("Solved 1 of") && mine.clock.includes("best"), `the last move played counted nothing: ${JSON.stringify(mine)}`);
  check(other.errors.length === 0, `errors: ${other.errors}`);
  console.log("theirs: a link's whole route is shown, not counted; the last move made by the player is");
}

async function steady(file) {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await open(file, { viewport });
    const game = await gameOf(page);
    await overview(page);
    const places = new Set();
    const seen = [];
    // Where the buttons stand on the page (the window's scroll aside).
    const note = async (what) => {
      const y = await page.evaluate(() => document.querySelector("#actions").getBoundingClientRect().top + window.scrollY);
      places.add(Math.round(y));
      seen.push(`${what}: ${Math.round(y)}`);
    };
    await note("opened");
    for (const key of [...compassKeys(game), ...compassKeys(game), "h", " ", "u", "u", "u"]) {
      await page.keyboard.press(key);
      await note(key === " " ? "Space" : key);
    }
    check(places.size === 1, `at ${viewport.width}×${viewport.height} the buttons moved between turns: ${seen.join(", ")}`);
  }
  console.log("steady: the controls stay put between turns, on a desktop and a phone");
}

// The page speaks of what the player moves in the family's words: Theseus,
// the die; never "the walker" of the arrow mazes.
async function words(...files) {
  for (const file of files) {
    const page = await open(file);
    await overview(page);
    const said = await page.evaluate(() => ["goal", "keys", "hint", "status"].map((id) => document.getElementById(id).textContent).join(" | "));
    check(!/walker/i.test(said), `${file}: the panel says "walker": ${said}`);
  }
  console.log("words: each family's panel names its own mover");
}

// When the Minotaur catches Theseus both pieces stay in sight, and the
// catch is marked: the Minotaur is not hidden under Theseus.
async function caught(file) {
  const page = await open(file);
  // This page's maze: Theseus, the Minotaur beside him, the exit beyond;
  // a wait lets the Minotaur onto him.
  await page.keyboard.press(" ");
  const said = await status(page);
  check(/eaten|caught/i.test(said), `the wait did not end in a catch: "${said}"`);
  await page.waitForTimeout(600);
  const seen = await page.evaluate(() => {
    const centreOf = (element) => {
      const box = element.getBoundingClientRect();
      return [box.x + box.width / 2, box.y + box.height / 2];
    };
    const minotaur = document.querySelector(".minotaur-disc");
    const theseus = document.querySelector(".theseus-disc");
    const [mx, my] = centreOf(minotaur);
    const [tx, ty] = centreOf(theseus);
    const style = getComputedStyle(minotaur.closest(".minotaur-piece"));
    return {
      // Apart by more than Theseus's radius: the Minotaur's middle (his
      // letter) is clear of Theseus's disc, drawn above him.
      apart: Math.hypot(mx - tx, my - ty) / theseus.getBoundingClientRect().width,
      shown: style.display !== "none" && style.visibility !== "hidden" && Number(style.opacity) > 0.5,
      marked: Boolean(document.querySelector("#walker .caught-mark")),
    };
  });
  check(seen.apart > 0.6, `the Minotaur sits under Theseus (${seen.apart.toFixed(2)} of a piece apart)`);
  check(seen.shown, "the Minotaur is not shown");
  check(seen.marked, "the catch is not marked on Theseus");
  // In the dark too, each piece's letter stands out from its disc.
  const dark = await open(file, { colorScheme: "dark" });
  await painted(dark);
  for (const piece of ["theseus", "minotaur"]) {
    const [disc, letter] = await dark.evaluate((piece) => [`.${piece}-disc`, `.${piece}-letter`]
      .map((selector) => getComputedStyle(document.querySelector(selector)).fill), piece);
    const [a, b] = [luminance(disc), luminance(letter)].sort((x, y) => y - x);
    const contrast = (a + 0.05) / (b + 0.05);
    check(contrast >= 3, `dark mode: the ${piece}'s letter on its disc, contrast ${contrast.toFixed(1)}:1`);
  }
  console.log("caught: both pieces in sight, the catch marked; their letters plain in the dark");
}

// A wait leaves its mark in the trail: a ring on the square, so that the
// trail of Wait For It reads as walked.
async function waits(file) {
  const page = await open(file);
  await overview(page);
  const rings = () => page.evaluate(() => document.querySelectorAll("#map .trail .wait").length);
  for (const key of ["ArrowDown", "ArrowLeft", "ArrowDown", "ArrowDown", "ArrowRight"]) await page.keyboard.press(key);
  check((await status(page)) === "Moves: 5", `the way to the wait was refused: "${await status(page)}"`);
  check((await rings()) === 0, "steps drew rings");
  await page.keyboard.press(" ");
  check((await status(page)) === "Moves: 6", `the wait was refused: "${await status(page)}"`);
  check((await rings()) === 1, `a wait drew ${await rings()} rings`);
  await page.keyboard.press("u");
  check((await rings()) === 0, "undoing the wait left its ring");
  console.log("waits: a wait marks the trail, and undo takes the mark away");
}

// The question before the solution keeps the keyboard: Tab and Shift+Tab
// stay on its two buttons, and Enter answers it.
async function prompt(file) {
  const page = await open(file);
  await page.keyboard.press("s");
  check(await page.isVisible("#reveal"), "S did not ask");
  const inside = () => page.evaluate(() => Boolean(document.activeElement.closest("#reveal")));
  for (const key of ["Tab", "Tab", "Shift+Tab", "Tab"]) {
    await page.keyboard.press(key);
    check(await inside(), `${key} left the question`);
  }
  await page.keyboard.press("Enter");
  check(!(await page.isVisible("#reveal")), "Enter after Tab did not answer the question");
  console.log("prompt: Tab stays on the question's buttons and Enter answers it");
}

// The view chosen, Walk or Overview, is the one a reload opens.
async function view(file) {
  const page = await open(file);
  const pressed = (id) => page.getAttribute(`#${id}`, "aria-pressed");
  check((await pressed("walk-mode")) === "true", "the page did not open in Walk");
  await page.keyboard.press("o");
  await page.reload();
  check((await pressed("overview-mode")) === "true", "a reload went back to Walk from Overview");
  await page.click("#walk-mode");
  await page.reload();
  check((await pressed("walk-mode")) === "true", "a reload went back to Overview from Walk");
  console.log("view: a reload opens the view chosen");
}

// The focus in the list of mazes is plain to see: the outline of the
// focused maze is whole, not clipped by the list's scrolling box.
async function listfocus(file) {
  const page = await open(file);
  let inList = false;
  for (let i = 0; i < 30 && !inList; i++) {
    await page.keyboard.press("Tab");
    inList = await page.evaluate(() => Boolean(document.activeElement.closest("#maze-list")));
  }
  check(inList, "Tab never reached the list of mazes");
  const fits = await page.evaluate(() => {
    const button = document.activeElement;
    const style = getComputedStyle(button);
    const width = parseFloat(style.outlineWidth);
    const reach = Math.max(0, parseFloat(style.outlineOffset) + width);
    const box = button.getBoundingClientRect();
    const clip = document.getElementById("maze-list").getBoundingClientRect();
    return {
      width,
      whole: box.left - reach >= clip.left - 0.5 && box.right + reach <= clip.right + 0.5,
    };
  });
  check(fits.width >= 3, `the focused maze's outline is ${fits.width}px wide`);
  check(fits.whole, "the focused maze's outline is clipped by the list");
  console.log("listfocus: the focused maze's outline is whole");
}

// At 1280×800 every action button is on the screen as the page opens,
// none on or past its bottom edge.
async function fits(...files) {
  for (const file of files) {
    const page = await open(file);
    const low = await page.evaluate(() => [...document.querySelectorAll("#actions button")]
      .filter((b) => !b.hidden)
      .map((b) => [b.id, Math.round(b.getBoundingClientRect().bottom)])
      .filter(([, bottom]) => bottom > window.innerHeight - 4));
    check(low.length === 0, `${file}: buttons on or past the bottom edge: ${JSON.stringify(low)}`);
  }
  console.log("fits: every action button on the screen at 1280×800");
}

// A dice page's die and numbers are plain to see: the die's top face is
// half a square wide or more (it was a badge of a third, in a corner),
// and in dark mode no number sits on a smear darker than its square (its
// halo was paper's colour, darker than a square in the dark).
async function dice(file) {
  const page = await open(file, { colorScheme: "dark" });
  await painted(page);
  await page.waitForTimeout(300);
  const sizes = await page.evaluate(() => {
    const top = document.querySelector(".die-top").getBoundingClientRect();
    return { top: top.width, square: CELL * pixelsPerUnit() };
  });
  check(sizes.top >= 0.45 * sizes.square,
    `the die's top face is ${sizes.top.toFixed(0)} px wide on a square of ${sizes.square.toFixed(0)} px`);
  // Every numbered square away from the die and the route: the share of
  // its inner pixels darker than its own colour (at its centre's rim).
  const smear = await page.evaluate(() => {
    const ctx = mapCanvas.getContext("2d");
    const ratio = window.devicePixelRatio || 1;
    const scale = pixelsPerUnit();
    const [mapW, mapH] = mapSize();
    const lum = (d, i) => 0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2];
    let [dark, all] = [0, 0];
    const [rows, cols] = GAME.size;
    for (let r = 1; r <= rows; r++) {
      for (let c = 1; c <= cols; c++) {
        if (GAME.maze.squares[r - 1][c - 1] <= 0 || (r === walker.at[0] && c === walker.at[1])) continue;
        const [x, y] = centre([r, c]);
        const [px, py] = [(mapW / 2 + (x - view.x) * scale) * ratio, (mapH / 2 + (y - view.y) * scale) * ratio];
        const half = Math.floor(CELL * scale * ratio * 0.3);
        const data = ctx.getImageData(Math.round(px - half), Math.round(py - half), 2 * half, 2 * half).data;
        const square = lum(data, 0);
        for (let i = 0; i < data.length; i += 4) {
          all++;
          if (lum(data, i) < square - 12) dark++;
        }
      }
    }
    return all ? dark / all : -1;
  });
  check(smear >= 0, "no numbered square to look at");
  check(smear < 0.01, `dark mode: ${(smear * 100).toFixed(1)}% of the numbered squares' pixels are darker than the squares`);
  check(page.errors.length === 0, page.errors.join("; "));
  console.log(`dice: the die's top face ${(sizes.top / sizes.square * 100).toFixed(0)}% of a square; ` +
    `in dark mode ${(smear * 100).toFixed(2)}% of the numbered squares' pixels darker than them`);
}

await runModes(browser, { spoiler, history, solution, goal, hint, phone, looks, collection, focus, steady, unsolvable, slowpress, theirs, words, caught, waits, prompt, view, listfocus, fits, dice }, mode, args);
