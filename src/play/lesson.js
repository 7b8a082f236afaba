// Help that teaches (after keep.js): F1, "?" or the "How to play" button
// opens the family's rules with a worked example played on the board, a
// frame at a time: the first move of the maze open (of its shortest route
// where it has one), as the family tells it (FAMILY.lesson). The board and
// the panel show each frame's state; closing the lesson shows the game as
// it was. A first-time visitor sees it once for each family.

// The frame the board shows while the lesson is open, or null.
let lessonFrame = null;
let lessonFrames = [];
let lessonAt = 0;
const TAUGHT_KEY = "logicmaze:taught";

// The families whose lesson this browser has seen.
const taught = () => {
  const kept = store.get(TAUGHT_KEY);
  return Array.isArray(kept) ? kept : [];
};

// The worked example from the maze's start: its frames, each { state,
// words }. A family without a lesson of its own shows the start and the
// first move, in the panel's words.
function lessonOf() {
  const start = entries[0].state;
  const found = nextMoveFrom(start);
  const first = found && !found.tooBig ? found.direction
    : [...DIRECTIONS, "stay"].find((d) => stepFrom(start, d));
  if (!first) return [{ state: start, words: "From the start no move is open: this maze has no solution." }];
  const move = first === "stay" ? FAMILY.stay.move : moveToward(start, first);
  if (FAMILY.lesson) return FAMILY.lesson(start, move);
  const after = stepFrom(start, first);
  return [
    { state: start, words: `${mover()[0].toUpperCase()}${mover().slice(1)} starts here.` },
    { state: after, words: `One move ${named(first)}.` },
  ];
}

function openLesson() {
  if (!GAME) return;
  if (showing !== null) finishShowing();
  closeReveal();
  lessonFrames = lessonOf();
  lessonAt = 0;
  $("lesson-rules").textContent = FAMILY.rules;
  $("lesson-touch").textContent = walking() && FAMILY.walk
    ? "Tap or click the road to take, or press the turns under the board."
    : "Tap, click or swipe toward a square to move there; hold a finger on a square (or right-click it) to mark it, as M does where you stand.";
  $("lesson").show();
  showLessonFrame();
  $("lesson-next").focus();
  const seen = taught();
  if (!seen.includes(GAME.maze.family)) store.set(TAUGHT_KEY, [...seen, GAME.maze.family]);
}

function showLessonFrame() {
  lessonFrame = lessonFrames[lessonAt];
  $("lesson-step").textContent = lessonFrame.words;
  $("lesson-count").textContent = `Step ${lessonAt + 1} of ${lessonFrames.length}`;
  $("lesson-back").disabled = lessonAt === 0;
  $("lesson-next").disabled = lessonAt === lessonFrames.length - 1;
  drawPanel();
  drawBoard();
}

function stepLesson(by) {
  lessonAt = Math.min(Math.max(lessonAt + by, 0), lessonFrames.length - 1);
  showLessonFrame();
  // A button that disables itself gives the focus to the one beside it.
  if (document.activeElement && document.activeElement.disabled) $(by > 0 ? "lesson-close" : "lesson-next").focus();
}

// Closes the lesson: the board shows the game again, and the keys go back
// to it.
function closeLesson() {
  if (!$("lesson").open) return;
  const held = $("lesson").contains(document.activeElement);
  $("lesson").close();
  lessonFrame = null;
  drawPanel();
  drawBoard();
  if (held) $("help-button").focus();
}

const lessonOpen = () => $("lesson").open;

function setUpLesson() {
  $("help-button").addEventListener("click", () => (lessonOpen() ? closeLesson() : openLesson()));
  $("lesson-next").addEventListener("click", () => stepLesson(1));
  $("lesson-back").addEventListener("click", () => stepLesson(-1));
  $("lesson-close").addEventListener("click", closeLesson);
  $("lesson").addEventListener("cancel", (event) => {
    event.preventDefault();
    closeLesson();
  });
}

// A first visit opens the lesson of the family of the maze open, once.
function teachOnce() {
  // The editor's page (DATA.edit) plays nothing: its keys are listed on it.
  if (DATA.edit) return;
  if (GAME && !taught().includes(GAME.maze.family) && !lessonOpen()) openLesson();
}
