// The play page for a first-time player, in headless Chromium: what they
// play from is on the screen, nothing covers a label, the page speaks in
// their words, and it keeps their place, their marks and their time, and
// teaches the rules by playing. Each mode checks one need:
//
//   node tests/e2e/newcomer.mjs fold PAGE...        390×844: the family's picture and the sign on screen at the start
//   node tests/e2e/newcomer.mjs labels PAGE...      no label under the goal's ring, a piece or the goal's pointer
//   node tests/e2e/newcomer.mjs small PAGE BIG      the zoom in words, a thumb-sized minimap, no arrow wrapped alone
//   node tests/e2e/newcomer.mjs link PAGE           the address and "Copy link" restore maze, moves and marks anywhere
//   node tests/e2e/newcomer.mjs marks PAGE          marks by key and long press: drawn, undone, redone, kept
//   node tests/e2e/newcomer.mjs clock PAGE          the time counts, pauses while hidden, and the best is kept
//   node tests/e2e/newcomer.mjs lesson PAGE...      F1 and ? open the rules played on the board; a first visit once
//   node tests/e2e/newcomer.mjs cost PAGE MOVES     a move's script at move 1000 and at MOVES, with marks and the address kept
//
// Prints what it checked; exits 1 with the reason when a check fails.
import { COMPASS, check, compassKeys, launch, openDirection, openPage, overview, painted, runModes, status } from "./common.mjs";

const [mode, ...args] = process.argv.slice(2);
// The lesson's own check sees what a first visit sees.
const browser = await launch({ lesson: mode === "lesson" });
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

async function open(file, options = {}, context = null) {
  const page = await openPage(browser, file, options, context);
  await painted(page);
  return page;
}

const gameOf = (page) => page.evaluate(() => ({ route: GAME.route, shortest: GAME.shortest, family: GAME.maze.family }));
const noErrors = (page) => check(page.errors.length === 0, page.errors.join("; "));

// At 390×844, at the start and without scrolling: the family's picture
// (the sign in front, the die's net) and the sign's words, wholly on the
// screen.
async function fold(...files) {
  const seen = [];
  for (const file of files) {
    const page = await open(file, PHONE);
    const off = await page.evaluate(() => [...document.querySelectorAll("#sign > *")].filter((e) => {
      const box = e.getBoundingClientRect();
      return box.height === 0 || box.top < 0 || box.bottom > window.innerHeight;
    }).map((e) => `${e.className || e.tagName} at ${Math.round(e.getBoundingClientRect().top)}–${Math.round(e.getBoundingClientRect().bottom)} px`));
    const parts = await page.evaluate(() => document.querySelectorAll("#sign > *").length);
    check(parts > 0, `${file}: the sign is empty`);
    check(off.length === 0, `${file}: at 390×844, off the screen at the start: ${off.join(", ")}`);
    check(await page.evaluate(() => window.scrollY === 0), `${file}: the page opened scrolled`);
    seen.push(`${await page.evaluate(() => GAME.maze.family)} (${parts} parts)`);
    noErrors(page);
    await page.close();
  }
  console.log(`fold: at 390×844 the picture and the sign on the screen at the start: ${seen.join(", ")}`);
}

// The boxes of the labels round the walker and the goal (the texts the
// drawing's stamps hold in their squares and the squares beside them, and
// the pieces' own labels), and of what could cover them: the goal's
// ring, the pieces' filled shapes, the goal's pointer. In the page's
// pixels.
const labelsAndCovers = (page) => page.evaluate(() => {
  const measure = document.createElement("canvas").getContext("2d");
  const map = $("map");
  const box = map.getBoundingClientRect();
  const scale = pixelsPerUnit();
  const toPage = (x, y) => [box.left + map.clientLeft + map.clientWidth / 2 + (x - view.x) * scale,
    box.top + map.clientTop + map.clientHeight / 2 + (y - view.y) * scale];
  const [rows, cols] = GAME.size;
  const around = new Set();
  for (const at of [current().at, FAMILY.goal].filter(Boolean)) {
    for (let r = at[0] - 1; r <= at[0] + 1; r++) {
      for (let c = at[1] - 1; c <= at[1] + 1; c++) if (r >= 1 && r <= rows && c >= 1 && c <= cols) around.add(`${r},${c}`);
    }
  }
  const covers = [...document.querySelectorAll("#stage .cover")].map((e) => e.getBoundingClientRect());
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const labels = [];
  for (const layer of board.layers) {
    for (const place of around) {
      const [r, c] = place.split(",").map(Number);
      const code = layer.cells[(r - 1) * cols + (c - 1)];
      if (!code) continue;
      const [cx, cy] = centre([r, c]);
      for (const op of layer.stamps[code - 1]) {
        if (!op.text || !op.text.trim()) continue;
        measure.font = op.font;
        const m = measure.measureText(op.text);
        const left = op.x - (op.align === "center" ? m.width / 2 : op.align === "right" ? m.width : 0);
        const [x1, y1] = toPage(cx + left, cy + op.y - m.actualBoundingBoxAscent);
        const [x2, y2] = toPage(cx + left + m.width, cy + op.y + m.actualBoundingBoxDescent);
        const label = { text: op.text, at: place, left: x1, top: y1, right: x2, bottom: y2 };
        // A label a piece covers on purpose, to draw it again beside itself.
        if (!covers.some((cover) => inside(label, cover))) labels.push(label);
      }
    }
  }
  for (const text of document.querySelectorAll("#stage .label")) {
    const b = text.getBoundingClientRect();
    if (b.width > 0) labels.push({ text: text.textContent, at: "piece", left: b.left, top: b.top, right: b.right, bottom: b.bottom });
  }
  // The pieces' filled shapes; outlines (no fill) cover what crosses
  // their line only.
  const shapes = [];
  for (const e of document.querySelectorAll("#walker *, #stage .pieces *")) {
    if (!["circle", "rect", "path", "polygon", "ellipse"].includes(e.tagName) || e.closest(".cover, .label, .marks")) continue;
    const style = getComputedStyle(e);
    const b = e.getBoundingClientRect();
    if (b.width === 0 || style.display === "none" || style.visibility === "hidden") continue;
    const filled = style.fill !== "none" && Number(style.fillOpacity) > 0;
    shapes.push({ what: e.getAttribute("class") || e.tagName, filled, line: parseFloat(style.strokeWidth) * scale,
      left: b.left, top: b.top, right: b.right, bottom: b.bottom });
  }
  const ring = document.querySelector(".goal-ring");
  const r = ring.getBoundingClientRect();
  const pointer = $("goal-pointer").getBoundingClientRect();
  return {
    labels, shapes, board: { left: box.left, top: box.top, right: box.right, bottom: box.bottom },
    ring: getComputedStyle(ring).display === "none" ? null : {
      left: r.left, top: r.top, right: r.right, bottom: r.bottom, round: Number(ring.getAttribute("rx")) * 2 >= Number(ring.getAttribute("width")) - 0.01,
      line: Number(ring.getAttribute("stroke-width")) * scale * (document.body.classList.contains("won") ? 1 : 1),
    },
    pointer: $("goal-pointer").classList.contains("away") ? { left: pointer.left, top: pointer.top, right: pointer.right, bottom: pointer.bottom } : null,
  };
});

const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const grow = (b, by) => ({ left: b.left - by, top: b.top - by, right: b.right + by, bottom: b.bottom + by });
const within = (a, b) => a.left >= b.left && a.right <= b.right && a.top >= b.top && a.bottom <= b.bottom;
// Whether an outline (a ring's or a shape's line, `line` px wide, along
// the box `b`, round or square) crosses the label `a`.
function lineCrosses(a, b, line, round) {
  if (round) {
    const [cx, cy, r] = [(b.left + b.right) / 2, (b.top + b.bottom) / 2, (b.right - b.left) / 2];
    const nearX = Math.min(Math.max(cx, a.left), a.right);
    const nearY = Math.min(Math.max(cy, a.top), a.bottom);
    const near = Math.hypot(nearX - cx, nearY - cy);
    const far = Math.max(...[[a.left, a.top], [a.right, a.top], [a.left, a.bottom], [a.right, a.bottom]].map(([x, y]) => Math.hypot(x - cx, y - cy)));
    return near < r + line / 2 && far > r - line / 2;
  }
  return meets(a, grow(b, line / 2)) && !within(a, grow(b, -line / 2));
}

// What covers which label, in words; none, for the check.
function covered({ labels, shapes, ring, pointer, board }) {
  const found = [];
  for (const label of labels) {
    const name = `"${label.text}" (${label.at})`;
    if (ring && lineCrosses(label, ring, ring.line, ring.round)) found.push(`the goal's ring crosses ${name}`);
    for (const shape of shapes) {
      if (shape.filled ? meets(label, shape) : lineCrosses(label, shape, shape.line, false)) found.push(`${shape.what} covers ${name}`);
    }
    if (pointer && meets(label, pointer)) found.push(`the goal's pointer covers ${name}`);
  }
  if (pointer && meets(pointer, board)) found.push("the goal's pointer lies on the board");
  return found;
}

// No label round the walker or the goal is crossed by the goal's ring or
// covered by a piece or the goal's pointer: at the start, after the first
// move, in both themes, on a desktop and a phone, and zoomed in.
async function labels(...files) {
  const report = [];
  for (const file of files) {
    for (const [name, options] of [["desktop", {}], ["phone", PHONE], ["dark", { colorScheme: "dark" }]]) {
      const page = await open(file, options);
      await page.waitForTimeout(200);
      const family = await page.evaluate(() => GAME.maze.family);
      const look = async (when) => {
        await page.waitForTimeout(250);
        const seen = await labelsAndCovers(page);
        check(seen.labels.length > 0, `${family} ${name} ${when}: no label found round the walker and the goal`);
        const found = covered(seen);
        check(found.length === 0, `${family} ${name} ${when}: ${found.join("; ")}`);
        return seen.labels.length;
      };
      const count = await look("at the start");
      await overview(page);
      const d = await openDirection(page);
      if (d) {
        await page.keyboard.press(COMPASS[d]);
        await look("after a move");
      }
      // Zoomed in as far as it goes: the goal off the board, pointed to
      // from beside it.
      for (let i = 0; i < 12; i++) await page.keyboard.press("+");
      await look("zoomed in");
      noErrors(page);
      report.push(`${family} ${name}: ${count} labels`);
      await page.close();
    }
  }
  console.log(`labels: none crossed or covered: ${report.join(", ")}`);
}

// The small things: the zoom in words; the minimap a thumb's size on a
// phone, moving the view where tapped; no arrow wrapped alone onto a line;
// the walk's turns on one line each with the list of mazes shown.
async function small(file, big) {
  let page = await open(big, PHONE);
  check(await page.isVisible("#minimap"), "a big maze on a phone shows no minimap");
  const mini = await page.evaluate(() => $("minimap").getBoundingClientRect().toJSON());
  check(mini.width >= 100 || mini.height >= 100, `the phone's minimap is ${mini.width.toFixed(0)}×${mini.height.toFixed(0)} px`);
  // A tap on the minimap's corner farthest from the view takes the view there.
  const before = await page.evaluate(() => [view.x, view.y, (view.x - view.full.x) / view.full.w, (view.y - view.full.y) / view.full.h]);
  const [fx, fy] = [before[2] < 0.5 ? 0.9 : 0.1, before[3] < 0.5 ? 0.9 : 0.1];
  await page.touchscreen.tap(mini.left + mini.width * fx, mini.top + mini.height * fy);
  await page.waitForTimeout(200);
  const after = await page.evaluate(() => [(view.x - view.full.x) / view.full.w, (view.y - view.full.y) / view.full.h]);
  check(Math.abs(after[0] - fx) < 0.15 && Math.abs(after[1] - fy) < 0.15,
    `a tap on the minimap at ${fx},${fy} of its width and height took the view to ${after.map((v) => v.toFixed(2))}`);
  check((await status(page)) === "Moves: 0", `a tap on the minimap made a move: ${await status(page)}`);
  noErrors(page);
  await page.close();

  page = await open(big);
  const zoomed = (await page.textContent("#zoom-level")).trim();
  const square = await page.evaluate(() => Math.round(CELL * pixelsPerUnit()));
  check(zoomed === `squares ${square} px`, `zoomed in, the zoom reads "${zoomed}"`);
  await page.keyboard.press("0");
  check((await page.textContent("#zoom-level")).trim() === "whole maze", `the whole maze's zoom reads "${await page.textContent("#zoom-level")}"`);
  await page.close();

  // A collection's page, its list beside the board, in walk mode.
  for (const width of [1280, 1024, 390]) {
    page = await open(file, { viewport: { width, height: 800 } });
    const lines = await page.evaluate(() => {
      const wrapped = [];
      // An arrow alone at the start of a line: its box's top below the
      // text before it.
      for (const element of document.querySelectorAll("#sign p, #goal, #hint, #status")) {
        const text = element.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE) continue;
        const at = text.data.search(/[↑→↓←]/);
        if (at <= 0) continue;
        const range = document.createRange();
        range.setStart(text, at - 1);
        range.setEnd(text, at);
        const before = range.getBoundingClientRect();
        range.setStart(text, at);
        range.setEnd(text, at + 1);
        const arrow = range.getBoundingClientRect();
        if (arrow.top > before.top + 2) wrapped.push(`"${text.data}"`);
      }
      const turns = [...document.querySelectorAll("#turns button")].filter((b) => b.getBoundingClientRect().height > 0);
      const tall = turns.filter((b) => b.getBoundingClientRect().height > 60 || b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent);
      return { wrapped, tall, turns: turns.length };
    });
    check(lines.turns === 3, `at ${width} px the walk shows ${lines.turns} turns`);
    check(lines.wrapped.length === 0, `at ${width} px an arrow wrapped alone onto a line in ${lines.wrapped.join(", ")}`);
    check(lines.tall.length === 0, `at ${width} px the turns ${lines.tall.join(", ")} wrap or spill`);
    noErrors(page);
    await page.close();
  }
  console.log(`small: the zoom reads "whole maze" or "squares ${square} px"; the phone's minimap ${mini.width.toFixed(0)} px, tapped to look; no arrow wrapped alone; the turns on one line`);
}

// Where a page stands: its maze, status, history and marks.
const stateOf = (page) => page.evaluate(() => ({
  name: GAME.maze.name, status: $("status").textContent, position, entries: entries.length,
  words: historyWords().join(" "), marks: JSON.stringify([...marks].sort()), at: current().at.join(","),
}));

// Some moves, marks, an undo; the link (the address, and "Copy link")
// opened in a fresh browser with nothing kept: the same maze, at the same
// move, the same marks, and the same history to undo and redo.
async function link(file) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await open(file, {}, context);
  await overview(page);
  // The largest maze of the list (not the first, on the pages here): the
  // link names it.
  await page.evaluate(() => {
    const area = (g) => g.size[0] * g.size[1];
    load(games.indexOf(games.reduce((a, b) => (area(b) > area(a) ? b : a))));
  });
  const played = [];
  for (let i = 0; i < 6; i++) {
    const d = await openDirection(page);
    if (!d) break;
    await page.keyboard.press(COMPASS[d]);
    played.push(d);
    if (i === 1 || i === 3) await page.keyboard.press("m");
  }
  await page.keyboard.press("m");
  await page.keyboard.press("u");
  const here = await stateOf(page);
  check(played.length >= 3, `only ${played.length} moves could be made`);
  check(here.marks !== "[]", "the marks made are not kept");
  await page.click("#copy-link");
  await page.waitForFunction(() => $("share-status").textContent.length > 0);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  check(copied === page.url(), `Copy link gave ${copied}, not the address ${page.url()}`);
  check(copied.includes("#maze="), `the link ${copied} does not name the maze`);
  // A written page's link is a file's, a served page's the local
  // server's: the page says where it opens.
  const said = await page.textContent("#share-status");
  check(!said.includes("anywhere") && said.includes("this computer"), `a file's page says of its link "${said}"`);
  // The keys are the game's still, after Copy link pressed from the
  // keyboard too (the field it shows the link in holds no key but copying).
  await page.focus("#copy-link");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => !$("link-text").hidden);
  await page.focus("#link-text");
  const before = await status(page);
  const next = await openDirection(page);
  await page.keyboard.press(COMPASS[next]);
  const after = await status(page);
  check(after !== before, `with the focus in the link's field, ${COMPASS[next]} did nothing ("${after}")`);
  await page.keyboard.press("u");
  await page.keyboard.press("Escape");
  check((await page.evaluate(() => document.activeElement.id)) !== "link-text", "Escape did not leave the link's field");
  noErrors(page);

  const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const other = await open(copied, {}, fresh);
  const there = await stateOf(other);
  for (const key of Object.keys(here)) check(here[key] === there[key], `the link opened ${key} ${there[key]}, not ${here[key]}`);
  // Its history is whole: undo to the start, redo to the end.
  await other.keyboard.press("r");
  check((await other.evaluate(() => position)) === here.position + 1, "the link's undone entry cannot be redone");
  for (let i = 0; i < here.entries; i++) await other.keyboard.press("u");
  check((await status(other)) === "Moves: 0", `undoing the link's history gave "${await status(other)}"`);
  check((await other.evaluate(() => marks.size)) === 0, "undoing the whole history left marks");
  // A reload right after a move, before the address is written, opens
  // the move, and puts the address right: a link copied then has it too.
  await overview(other);
  await other.keyboard.press(COMPASS[await openDirection(other)]);
  await other.reload();
  await other.waitForTimeout(400);
  check((await status(other)) === "Moves: 1", `a reload right after a move opened "${await status(other)}"`);
  const reopened = await open(other.url(), {}, await browser.newContext({ viewport: { width: 1280, height: 800 } }));
  check((await status(reopened)) === "Moves: 1", `the address after that reload opens "${await status(reopened)}"`);
  noErrors(other);
  // A link a hostile page could write: nonsense codes, a count of a
  // billion, a maze the page does not hold. None throws or hangs.
  const hostile = await open(`${copied.split("#")[0]}#maze=${encodeURIComponent(here.name)}&moves=N999999999(0,0t)(1,1q)%%%&at=-5`, {}, fresh);
  check((await status(hostile)).startsWith("Moves:"), `a hostile link gave "${await status(hostile)}"`);
  const nowhere = await open(`${copied.split("#")[0]}#maze=nothing-here&moves=N`, {}, fresh);
  check((await status(nowhere)).startsWith("Moves:"), `a link to no maze gave "${await status(nowhere)}"`);
  // Neither is taken in silence: the page says what it could not read.
  const told = (page) => page.evaluate(() => $("message").textContent);
  check(/^The link's moves stop after entry \d+/.test(await told(hostile)), `a link with moves that cannot be made says "${await told(hostile)}"`);
  check(/does not hold: 'nothing-here'|No maze for 'nothing-here'/.test(await told(nowhere)), `a link to no maze says "${await told(nowhere)}"`);
  const past = await open(`${copied.split("#")[0]}#maze=${encodeURIComponent(here.name)}&at=-1`, {}, fresh);
  check((await told(past)).includes("at=-1 names no entry"), `a link's at=-1 says "${await told(past)}"`);
  noErrors(hostile);
  noErrors(nowhere);
  // The README's example link, on the arrow sample's page.
  if (await other.evaluate(() => games.some((g) => g.maze.name === "SAMPLE"))) {
    const example = await open(`${copied.split("#")[0]}#maze=SAMPLE&moves=N2ES(2,2,St)E&at=5`, {}, fresh);
    const shown = await stateOf(example);
    check(shown.name === "SAMPLE" && shown.status === "Moves: 4" && shown.position === 5 && shown.entries === 7 && shown.marks === '[["2,2,S","tried"]]',
      `the README's link opened ${JSON.stringify(shown)}`);
  }
  console.log(`link: ${here.entries - 1} entries (${played.length} moves, marks, an undo) restored from ${copied.split("#")[1].length} characters in a fresh browser; hostile links harmless`);
  await context.close();
  await fresh.close();
}

// Marks: M where the walker stands, again for a dead end, again for none;
// a long press on another square; drawn on the board and the minimap;
// undone and redone as moves are; kept across a reload.
async function marks(file) {
  const page = await open(file);
  await overview(page);
  const d = await openDirection(page);
  await page.keyboard.press(COMPASS[d]);
  const drawn = () => page.evaluate(() => [...document.querySelectorAll("#stage .mark")].map((m) => `${m.dataset.place}=${m.classList[1]}`).sort().join(" "));
  await page.keyboard.press("m");
  const first = await drawn();
  check(/=tried$/.test(first), `M drew "${first}", not a mark "tried"`);
  await page.keyboard.press("m");
  check(/=dead$/.test(await drawn()), `M again drew "${await drawn()}", not a dead end`);
  check((await status(page)) === "Moves: 1", `marking changed the moves: "${await status(page)}"`);
  check((await page.textContent("#hint")).includes("dead end"), `marking said "${await page.textContent("#hint")}"`);
  // A long press on a square beside the walker marks it, and moves nothing.
  const target = await page.evaluate(() => {
    const at = current().at;
    const [rows, cols] = GAME.size;
    const to = [at[0] < rows ? at[0] + 1 : at[0] - 1, at[1]];
    const [x, y] = centre(to);
    const map = $("map");
    const box = map.getBoundingClientRect();
    const scale = pixelsPerUnit();
    return { to: to.join(","), x: box.left + map.clientLeft + map.clientWidth / 2 + (x - view.x) * scale,
      y: box.top + map.clientTop + map.clientHeight / 2 + (y - view.y) * scale };
  });
  const finger = { pointerId: 21, pointerType: "touch", isPrimary: true, clientX: target.x, clientY: target.y, bubbles: true };
  await page.dispatchEvent("#map", "pointerdown", finger);
  await page.waitForTimeout(800);
  await page.dispatchEvent("#map", "pointerup", finger);
  const pressed = await drawn();
  check(pressed.includes(`${target.to}=tried`), `a long press on ${target.to} drew "${pressed}"`);
  check((await status(page)) === "Moves: 1", `a long press made a move: "${await status(page)}"`);
  // Undo takes the long press's mark away, redo puts it back.
  await page.keyboard.press("u");
  check(!(await drawn()).includes(target.to), `undo left "${await drawn()}"`);
  await page.keyboard.press("r");
  check((await drawn()) === pressed, `redo drew "${await drawn()}", not "${pressed}"`);
  // Zoomed in, the minimap shows them too: its pixel at a mark is the mark's colour.
  await page.evaluate(() => { zoomTo(6, centre(current().at)); });
  await page.waitForTimeout(200);
  const onMinimap = await page.evaluate(() => {
    const mini = $("minimap");
    const ctx = mini.getContext("2d");
    const [rows, cols] = GAME.size;
    const ratio = window.devicePixelRatio || 1;
    const k = mini.width / cols;
    // The walker's dot lies over a mark on its own square.
    return markedSquares().filter(([r, c]) => !same([r, c], walker.at)).map(([r, c, value]) => {
      const d = ctx.getImageData(Math.floor((c - 0.5) * k), Math.floor((r - 0.5) * k), 1, 1).data;
      return { value, rgb: [d[0], d[1], d[2]], ratio };
    });
  });
  const colour = { tried: (rgb) => rgb[0] > 180 && rgb[1] > 120 && rgb[2] < 100, dead: (rgb) => rgb[0] > 120 && rgb[1] < 80 && rgb[2] < 80 };
  check(onMinimap.length >= 1 && onMinimap.every(({ value, rgb }) => colour[value](rgb)),
    `the minimap shows the marks as ${JSON.stringify(onMinimap)}`);
  // Kept across a reload.
  await page.waitForTimeout(500);
  await page.reload();
  await painted(page);
  check((await drawn()) === pressed, `after a reload the marks are "${await drawn()}", not "${pressed}"`);
  noErrors(page);
  console.log(`marks: M cycles tried, dead end, none where the walker stands; a long press marks a square; undo, redo, the minimap and a reload keep them (${pressed})`);
}

// The clock: still until the first move; counting after it; paused while
// the page is hidden; stopped at the win, whose moves and time are the
// best, kept across a reload.
async function clock(file) {
  const page = await open(file);
  const game = await gameOf(page);
  const spentNow = () => page.evaluate(() => spent());
  await page.waitForTimeout(1200);
  check((await spentNow()) === 0, `the clock ran before the first move: ${await spentNow()} ms`);
  await overview(page);
  const keys = compassKeys(game);
  await page.keyboard.press(keys[0]);
  await page.waitForTimeout(1100);
  const counted = await spentNow();
  check(counted >= 1000, `a second after the first move the clock reads ${counted} ms`);
  check((await page.textContent("#clock")).startsWith("Time 0:01"), `the clock shows "${await page.textContent("#clock")}"`);
  // Hidden, as a tab put behind another.
  const setVisibility = (state) => page.evaluate((state) => {
    Object.defineProperty(document, "visibilityState", { value: state, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
  await setVisibility("hidden");
  const hiddenFrom = await spentNow();
  await page.waitForTimeout(1500);
  const hiddenTo = await spentNow();
  check(hiddenTo - hiddenFrom < 50, `the clock ran ${hiddenTo - hiddenFrom} ms while the page was hidden`);
  await setVisibility("visible");
  await page.waitForTimeout(600);
  check((await spentNow()) - hiddenTo >= 500, "the clock did not run again once the page was seen");
  for (const key of keys.slice(1)) await page.keyboard.press(key);
  check((await status(page)).startsWith("Solved"), `the route gave "${await status(page)}"`);
  const won = await spentNow();
  await page.waitForTimeout(1100);
  check((await spentNow()) === won, "the clock ran on after the win");
  const best = await page.evaluate(() => progress.best);
  check(best && best.moves === game.shortest && Math.abs(best.time - won) < 50, `the best kept is ${JSON.stringify(best)}, not ${game.shortest} moves in ${won} ms`);
  const said = await page.textContent("#clock");
  check(said.includes(`best ${game.shortest} moves`), `the clock says "${said}"`);
  await page.reload();
  await painted(page);
  check((await page.textContent("#clock")).includes(`best ${game.shortest} moves`), `after a reload the clock says "${await page.textContent("#clock")}"`);
  noErrors(page);
  console.log(`clock: still before the first move, ${(counted / 1000).toFixed(1)} s after it, ${hiddenTo - hiddenFrom} ms while hidden; the best (${best.moves} moves, ${(best.time / 1000).toFixed(1)} s) kept across a reload`);
}

// The lesson: a first visit opens it once for each family; its frames are
// played on the board (the board shows each frame's state, one step of
// the Minotaur at a time, the die's net rolled, the arrival's sign read);
// Escape closes it and the board shows the game again; F1 and ? open it.
async function lesson(...files) {
  const report = [];
  // A link with a position, opened on a first visit, shows the position:
  // no lesson over it (How to play is a button away).
  {
    const first = await open(files[0], {}, await browser.newContext({ viewport: { width: 1280, height: 800 } }));
    await first.keyboard.press("Escape");
    await overview(first);
    await first.keyboard.press(COMPASS[await openDirection(first)]);
    const sent = await first.evaluate(() => link());
    const fresh = await open(sent, {}, await browser.newContext({ viewport: { width: 1280, height: 800 } }));
    check(!(await fresh.isVisible("#lesson")), "a link's position opened under the lesson");
    check((await status(fresh)) === "Moves: 1", `a link's position opened as "${await status(fresh)}"`);
    noErrors(fresh);
  }
  for (const file of files) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    let page = await open(file, {}, context);
    const family = await page.evaluate(() => GAME.maze.family);
    check(await page.isVisible("#lesson"), `${family}: a first visit did not open the lesson`);
    check((await page.textContent("#lesson-rules")).length > 40, `${family}: the lesson has no rules`);
    const frames = [];
    for (;;) {
      await page.waitForTimeout(150);
      frames.push(await page.evaluate(() => ({
        words: $("lesson-step").textContent, walker: walker.at.join(","),
        state: JSON.stringify(lessonFrame.state), panel: $("sign").textContent,
      })));
      if (await page.isDisabled("#lesson-next")) break;
      await page.click("#lesson-next");
    }
    check(frames.length >= 2, `${family}: the lesson has ${frames.length} frame`);
    check(new Set(frames.map((f) => f.state)).size === frames.length, `${family}: two frames show the same state`);
    check(frames[1].walker !== frames[0].walker, `${family}: the board did not play the lesson's move`);
    check(frames.every((f, i) => i === 0 || f.panel !== frames[i - 1].panel || f.state !== frames[i - 1].state), `${family}: the panel did not follow the frames`);
    const said = frames.map((f) => f.words).join(" ");
    const teaches = {
      minotaur: () => frames.length >= 4 && /First step/.test(said) && /Second step/.test(said) &&
        frames.slice(1, 4).map((f) => JSON.parse(f.state).minotaur.join(",")).length === 3,
      dice: () => /net/.test(said) && /on top now/.test(said),
      arrow: () => /sign for arriving heading/.test(said),
    };
    check(!teaches[family] || teaches[family](), `${family}: the lesson does not show what it should: ${said}`);
    if (family === "minotaur") {
      // The Minotaur's two steps one at a time: each frame one step on.
      const steps = frames.slice(1, 4).map((f) => JSON.parse(f.state).minotaur);
      const apart = (a, b) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);
      check(apart(steps[0], steps[1]) <= 1 && apart(steps[1], steps[2]) <= 1, `the Minotaur's steps are shown ${JSON.stringify(steps)}`);
    }
    await page.keyboard.press("Escape");
    check(!(await page.isVisible("#lesson")), `${family}: Escape left the lesson open`);
    const back = await page.evaluate(() => ({ walker: walker.at.join(","), at: current().at.join(","), status: $("status").textContent }));
    check(back.walker === back.at && back.status === "Moves: 0", `${family}: after the lesson the board shows ${back.walker}, the game ${back.at}, "${back.status}"`);
    // Closed, the page is where it was (the board on the screen) and the
    // keys are the game's: Space (a wait on a Theseus page) does not open
    // the lesson again.
    const scrolled = await page.evaluate(() => window.scrollY);
    check(scrolled === 0, `${family}: closing the first visit's lesson left the page scrolled ${scrolled} px`);
    await page.keyboard.press(" ");
    check(!(await page.isVisible("#lesson")), `${family}: Space just after closing the lesson opened it again`);
    // Seen once: a reload does not open it again; F1 and ? do.
    await page.reload();
    await painted(page);
    check(!(await page.isVisible("#lesson")), `${family}: the lesson opened again on a second visit`);
    await page.keyboard.press("F1");
    check(await page.isVisible("#lesson"), `${family}: F1 did not open the lesson`);
    await page.keyboard.press("?");
    check(!(await page.isVisible("#lesson")), `${family}: ? did not close the lesson`);
    await page.keyboard.press("?");
    check(await page.isVisible("#lesson"), `${family}: ? did not open the lesson`);
    // A move closes it and is played.
    const moves = Number((await status(page)).match(/Moves: (\d+)/)[1]);
    await overview(page);
    const d = await openDirection(page);
    await page.keyboard.press(COMPASS[d]);
    check(!(await page.isVisible("#lesson")) && (await status(page)) === `Moves: ${moves + 1}`, `${family}: a move with the lesson open gave "${await status(page)}"`);
    // Closed by its button, the page stays where it was (the focus given
    // back to "How to play", below the board, scrolled the page to it).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.keyboard.press("F1");
    await page.click("#lesson-close");
    const kept = await page.evaluate(() => window.scrollY);
    check(kept === 0, `${family}: closing the lesson by its button scrolled the page ${kept} px`);
    await page.keyboard.press(" ");
    check(!(await page.isVisible("#lesson")), `${family}: Space after closing the lesson by its button opened it again`);
    // Opened by a click and closed, Space is the game's too.
    await page.click("#help-button");
    await page.keyboard.press("Escape");
    await page.keyboard.press(" ");
    check(!(await page.isVisible("#lesson")), `${family}: Space after a click on "How to play" and Escape opened the lesson again`);
    noErrors(page);
    report.push(`${family} ${frames.length} frames`);
    await context.close();
  }
  console.log(`lesson: opened once on a first visit, played on the board a frame at a time, F1 and ? toggle it: ${report.join(", ")}`);
}

// A long game's move, in script alone: MOVES random moves played by the
// page's own functions, a mark every 50 moves, then 200 moves timed one by
// one (the script a move runs, its frame aside), and the address written
// (what keeping the link current costs, once per ADDRESS_MS at most). The
// same at move SHORT_GAME first, in the same run, for the test to hold the
// long game against: the milliseconds swing with the machine's load.
const SHORT_GAME = 1000;

async function cost(file, count) {
  const page = await open(file);
  await overview(page);
  const short = await costAt(page, SHORT_GAME);
  const long = await costAt(page, Number(count));
  noErrors(page);
  console.log(`${short}; ${long}`);
}

// Plays on to `moves` moves, then times a move's script and the address's
// writing there; says what it measured.
async function costAt(page, moves) {
  const played = await page.evaluate((moves) => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const openWays = () => DIRECTIONS.filter((d) => {
      const next = stepFrom(current(), d);
      return next && !FAMILY.solved(next);
    });
    while (entry().moves < moves) {
      const ways = openWays();
      if (ways.length) go(ways[Math.floor(random() * ways.length)]);
      else if (position > 0) undo();
      else return null;
      if (entry().moves % 50 === 0 && entry().kind === "move") markHere();
    }
    return { marks: marks.size, entries: entries.length };
  }, moves);
  check(played !== null, "no move from the start but onto the goal");
  await page.waitForTimeout(1000);
  const times = await page.evaluate(() => {
    let seed = 11;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const each = [];
    for (let i = 0; i < 200; i++) {
      const ways = DIRECTIONS.filter((d) => {
        const next = stepFrom(current(), d);
        return next && !FAMILY.solved(next);
      });
      const start = performance.now();
      if (ways.length) go(ways[Math.floor(random() * ways.length)]);
      else undo();
      each.push(performance.now() - start);
    }
    // The address after each of 9 more moves: its median.
    const writes = [];
    for (let i = 0; i < 9; i++) {
      if (position > 0) undo();
      const start = performance.now();
      writeAddress(true);
      writes.push(performance.now() - start);
    }
    const address = writes.sort((a, b) => a - b)[4];
    return { each, address, length: location.hash.length };
  });
  const sorted = [...times.each].sort((a, b) => a - b);
  const median = sorted[sorted.length >> 1];
  const mean = times.each.reduce((a, b) => a + b, 0) / times.each.length;
  // The address written every ADDRESS_MS at most: at one move a frame
  // (60 a second), its cost spread over the moves between two writes.
  const perMove = mean + times.address / 15;
  return (`cost at move ${moves} (${played.entries} entries, ${played.marks} marks): a move's script median ${median.toFixed(2)} ms, ` +
    `mean ${mean.toFixed(2)} ms; the address (${times.length} characters) written in ${times.address.toFixed(2)} ms; ` +
    `a move with the address kept ${perMove.toFixed(2)} ms`);
}

await runModes(browser, { fold, labels, small, link, marks, clock, lesson, cost }, mode, args);
