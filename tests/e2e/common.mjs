// What the browser scripts of tests/e2e share: the grid's directions, a
// route as the arrow keys that walk it in the overview, the checks, and
// the headless Chromium they drive.
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
