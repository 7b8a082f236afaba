// What the browser scripts of tests/e2e share: the grid's directions, a
// route as the arrow keys that walk it in the overview, the checks, and
// the headless Chromium they drive.
import path from "node:path";
import { chromium } from "playwright-core";

export const STEP = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
export const DIRECTIONS = ["N", "E", "S", "W"];
export const COMPASS = { N: "ArrowUp", E: "ArrowRight", S: "ArrowDown", W: "ArrowLeft" };
export const directionOf = (from, to) =>
  DIRECTIONS.find((d) => from[0] + STEP[d][0] === to[0] && from[1] + STEP[d][1] === to[1]);
// The route as compass keys, pressed in the overview (or on dice pages).
export const compassKeys = (game) => game.route.slice(1).map((to, i) => COMPASS[directionOf(game.route[i], to)]);

export function check(condition, message) {
  if (!condition) throw new Error(message);
}

// Chromium, headless, from $CHROMIUM or Debian's. Its pages have seen the
// lesson a first visit opens (the checks of the lesson itself launch with
// { lesson: true }), so that it covers nothing the other checks press.
export async function launch({ lesson = false } = {}) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  if (lesson) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(() => {
      try { localStorage.setItem("logicmaze:taught", JSON.stringify(["arrow", "dice", "minotaur"])); } catch { /* no storage here */ }
    });
    return context;
  };
  browser.newPage = async (options) => (await browser.newContext(options)).newPage();
  return browser;
}

// Waits until the page has painted its maze's drawing for the view shown.
export async function painted(page) {
  await page.waitForFunction(() => typeof GAME !== "undefined" && GAME && mapCanvas && mapCanvas.width > 0 && !paintDue &&
    !mapCanvas.pending);
}

// A page at `file` (a path, or an address) in `context`, or in a new
// context at 1280×800 with `options`; its script errors kept in
// page.errors.
export async function openPage(browser, file, options = {}, context = null) {
  const owner = context || await browser.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  const page = await owner.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.errors = errors;
  await page.goto(file.includes("://") ? file : "file://" + path.resolve(file));
  return page;
}

// A direction the page's game can move in now without ending the game
// (won, or lost where the game can be).
export const openDirection = (page) => page.evaluate(() => DIRECTIONS.find((d) => {
  const next = stepFrom(current(), d);
  return next && !FAMILY.solved(next) && !(FAMILY.lost && FAMILY.lost(next));
}));

// Runs the check `mode` of a script's `modes` with `args`: prints why it
// failed, if it did, closes the browser, and exits 1 on a failure.
export async function runModes(browser, modes, mode, args) {
  let failed = false;
  try {
    check(modes[mode], `unknown mode ${mode}`);
    await modes[mode](...args);
  } catch (error) {
    failed = true;
    console.error(`FAILED ${mode}: ${error.message}`);
  }
  await browser.close();
  process.exit(failed ? 1 : 0);
}

// The middle value of `values` (the upper one of an even count).
export const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

// A key pressed on `page`, then the frame it makes: the milliseconds of
// its script, style, layout and paint.
export const keyFrame = (page, key) => page.evaluate(async (key) => {
  const start = performance.now();
  document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return performance.now() - start;
}, key);

// The first game of a page's data, and the status line's words.
export const gameOf = async (page) => JSON.parse(await page.textContent("#data")).games[0];
export const status = async (page) => (await page.textContent("#status")).trim();

// Into the overview, where the arrow keys are compass directions.
export const overview = (page) => page.keyboard.press("o");
