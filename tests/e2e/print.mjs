// Printing, in headless Chromium: the pages a Print asks for, printed to
// PDF as the browser prints them (the test renders the PDF to images).
//
//   node tests/e2e/print.mjs page PAGE.html OUT.pdf     a play page of several mazes:
//        Ctrl-P and the Print button ask; this maze alone, or every maze
//        and the solutions after
//   node tests/e2e/print.mjs booklet PAGE.html OUT.pdf  play --print: the pages on screen
//   node tests/e2e/print.mjs editor URL OUT.pdf         the editor prints its design
//
// Prints what it checked; exits 1 with the reason when a check fails.
import { check, launch, openPage, runModes, status } from "./common.mjs";

const [mode, ...args] = process.argv.slice(2);
const browser = await launch();

// What the page asked the browser to print: window.print is kept from
// opening the system's dialog, and counts its calls.
const stubPrint = (page) => page.evaluate(() => {
  window.printed = 0;
  window.print = () => { window.printed += 1; };
});
const printedNames = (page) => page.$$eval(".printed-page h2", (names) => names.map((n) => n.textContent));
const pdf = (page, out) => page.pdf({ path: out, format: "A4", preferCSSPageSize: true });

async function onPage(file, out) {
  const page = await openPage(browser, file);
  await page.keyboard.press("Escape"); // the first visit's lesson
  await stubPrint(page);
  const names = await page.evaluate(() => games.map((g) => g.maze.name));
  const open = await page.evaluate(() => GAME.maze.name);
  // Ctrl-P asks, and the game under the dialog keeps its keys: an arrow
  // in the dialog moves nothing; Escape puts it away.
  const before = await status(page);
  await page.keyboard.press("Control+p");
  check(await page.evaluate(() => $("print-dialog").open), "Ctrl-P did not open the Print dialog");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Escape");
  check(!(await page.evaluate(() => $("print-dialog").open)), "Escape left the Print dialog open");
  check((await status(page)) === before, `keys in the Print dialog played: "${before}" became "${await status(page)}"`);
  // This maze alone, by default.
  await page.click("#print-button");
  await page.click("#print-go");
  check((await page.evaluate(() => window.printed)) === 1, "Print did not print");
  const alone = await printedNames(page);
  check(alone.length === 1 && alone[0] === open, `this maze alone printed ${JSON.stringify(alone)}`);
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  check((await printedNames(page)).length === 0, "the printed pages stayed after printing");
  // The browser's own menu prints the maze open.
  await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
  check((await printedNames(page)).length === 1, "the browser's Print menu printed nothing");
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  // Every maze, and the solutions after them.
  await page.click("#print-button");
  await page.check("#print-every");
  await page.check("#print-solutions");
  await page.click("#print-go");
  const every = await printedNames(page);
  const wanted = [...names, ...names.map((n) => `${n}: the solution`)];
  check(JSON.stringify(every) === JSON.stringify(wanted), `every maze printed ${JSON.stringify(every)}, not ${JSON.stringify(wanted)}`);
  await pdf(page, out);
  check(page.errors.length === 0, `errors: ${page.errors.join("; ")}`);
  console.log(`printed: this maze alone, then ${every.length} pages: every maze and the solutions after`);
}

async function booklet(file, out) {
  for (const scheme of ["light", "dark"]) {
    const page = await openPage(browser, file, { colorScheme: scheme });
    const names = await printedNames(page);
    const games = await page.evaluate(() => games.length);
    check(names.length >= games, `the booklet shows ${names.length} pages of ${games} mazes`);
    check(await page.isVisible("#booklet-print"), "the booklet has no Print button on screen");
    check(!(await page.isVisible("#undo")), "the booklet shows the game's controls");
    check(!(await page.evaluate(() => $("lesson").open)), "the booklet opened the lesson");
    // On a dark screen too a sheet is paper, and printed in the dark the
    // paper stays white.
    const paper = await page.$eval(".printed-page", (sheet) => getComputedStyle(sheet).backgroundColor);
    check(paper === "rgb(255, 255, 255)", `${scheme}: a sheet on screen is ${paper}`);
    if (scheme === "dark") await pdf(page, out);
    check(page.errors.length === 0, `errors: ${page.errors.join("; ")}`);
  }
  console.log("booklet: every page on screen, printed");
}

async function editor(url, out) {
  const page = await openPage(browser, url);
  await page.waitForSelector("#proof[data-verdict]");
  await stubPrint(page);
  await page.click("#edit-print");
  check(await page.isHidden("#print-every-label"), "the editor offers to print every maze");
  await page.check("#print-solutions");
  await page.click("#print-go");
  const names = await printedNames(page);
  const name = await page.inputValue("#design-name");
  check(names.length === 2 && names[0] === name, `the editor printed ${JSON.stringify(names)}`);
  await pdf(page, out);
  check(page.errors.length === 0, `errors: ${page.errors.join("; ")}`);
  console.log("the editor printed its design and its solution");
}

await runModes(browser, { page: onPage, booklet, editor }, mode, args);
