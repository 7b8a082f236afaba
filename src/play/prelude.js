"use strict";
// The page's shared code, before the family's game: the data (the maze's
// document, its shortest route, the drawing's geometry and what the
// family's game needs, from the JSON in #data) and grid helpers.

const DATA = JSON.parse(document.getElementById("data").textContent);
const MAZE = DATA.maze;
const DIRECTIONS = ["N", "E", "S", "W"];
const NAMES = { N: "north", E: "east", S: "south", W: "west" };
const STEP = { N: [-1, 0], E: [0, 1], S: [1, 0], W: [0, -1] };
const SVG = "http://www.w3.org/2000/svg";

const $ = (id) => document.getElementById(id);
const same = (a, b) => a[0] === b[0] && a[1] === b[1];
const step = (at, d) => [at[0] + STEP[d][0], at[1] + STEP[d][1]];
const show = (at) => `(${at[0]},${at[1]})`;

