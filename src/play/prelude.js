"use strict";
// The page's shared code, before the families' games: the data (from the
// JSON in #data: every maze's document, shortest route, drawing and what
// its family's game needs, and the drawing's geometry), the registry the
// games fill, and grid and SVG helpers.

const $ = (id) => document.getElementById(id);
const DATA = JSON.parse($("data").textContent);
const DIRECTIONS = ["N", "E", "S", "W"];
const NAMES = { N: "north", E: "east", S: "south", W: "west" };
const ARROWS = { N: "↑", E: "→", S: "↓", W: "←" };
// A direction in words and its glyph, kept on one line: "north ↑", never
// a glyph wrapped alone onto the next line.
const named = (d) => `${NAMES[d]}\u00a0${ARROWS[d]}`;
// The families' editors (logicmaze edit), by name: each family's script
// may add `EDITORS.name = { keys, shiftArrow, shiftWhat, resize,
// describe }`, what its keys do to a design's JSON document (see
// edit.js).
const EDITORS = {};
const STEP = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
const SVG = "http://www.w3.org/2000/svg";

// The families' games, by name: each family's script adds
// `GAMES.name = (maze, extra) => game` for a maze's document and the extra
// data its family's Rust side gives. A game holds:
//   start()             the first state; a state has `at`, its square
//   move(state, move)   { state } after the move, or { refused: "why" }
//   toward(state, d)    the move that heads in compass direction d (if
//                       moves are not directions themselves)
//   solved(state)       whether the state is the goal
//   goal                the goal's square, which the page helps find
//   place(state)        where a mark made at `state` goes ("ROW,COL" if
//                       absent; "ROW,COL,H" an arrival heading H)
//   lesson(start, move) the worked example of the help: frames, each
//                       { state, words }, from the start and its move
//   ring                the goal's ring, clear of the labels round it:
//                       { size } a circle's radius in squares (0.4 if
//                       absent), { size, corner } a rounded square
//   key(state)          a string naming the state for a hint's search
//                       (JSON.stringify(state) if absent)
//   rules               one sentence for the page's heading
//   panel(state, el)    fills the panel beside the board
//   mover               what the player moves, as the page's words name it
//                       ("the walker" if absent)
//   walker(state, cell) the SVG pieces of the walker (or die), drawn around
//                       (0, 0) and placed on its square (a disc if absent)
//   walk                a walk mode: { keys, buttons, help } of its turns
//   open(state)         the walk mode's turns open from the state
//   stay                a move that stays on the square (a wait):
//                       { move, label, glyph, keys }; a route repeats the
//                       square for it
//   lost(state)         why the state is lost (the game over without the
//                       goal), or null; Undo takes it back
//   markAt              where a mark of the player's goes on a square,
//                       from its centre as trailAt ([0.3, -0.3] if
//                       absent), clear of the walker standing there
//   trailAt             where the trail crosses a square, from its centre
//                       in shares of a square: [dx, dy] (its centre if
//                       absent), clear of what the square says
//   watched(state)      the squares of the other pieces, which the view
//                       keeps in sight beside the walker where they fit
//   pieces(layer, state, cell, centre)  draws the game's other pieces in
//                       a layer of their own (centre(at): a square's
//                       centre), animating them as it likes
// The maze's drawing is its family's board (board.js), whose layers say
// what walk mode hides; the pieces the game draws live are not on it.
const GAMES = {};

const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const step = (at, d) => [at[0] + STEP[d][0], at[1] + STEP[d][1]];
const show = (at) => `(${at[0]},${at[1]})`;
const opposite = (d) => DIRECTIONS[(DIRECTIONS.indexOf(d) + 2) % 4];
// The direction from one square to its neighbour.
const directionOf = (from, to) => DIRECTIONS.find((d) => same(step(from, d), to));

// An SVG element with attributes (and text), for the pieces on the board.
function svgElement(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

// Writes that are made only when they change something: a value written
// again as it was is a change to the page all the same, its style, layout
// and paint done again (an edit's proof in the editor wrote some sixty).
function setAttributes(element, attributes) {
  for (const [key, value] of Object.entries(attributes)) {
    const text = String(value);
    if (element.getAttribute(key) !== text) element.setAttribute(key, text);
  }
}
function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
function setHidden(element, hidden) {
  if (element.hidden !== hidden) element.hidden = hidden;
}
function setStyle(element, property, value) {
  if (element.style[property] !== value) element.style[property] = value;
}
