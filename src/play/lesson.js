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
// Where the keys and the page were when the lesson opened: closing it
// gives them back (a page scrolled to the lesson's buttons would leave
// the board off the screen; the focus left on "How to play" would make
// Space open the lesson again, where Space is a move).
let lessonOpener = null;
let lessonScroll = 0;
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

// `opener`: where the keys go back on closing (the body: to the game).
function openLesson(opener = document.activeElement) {
  if (!GAME) return;
  if (showing !== null) finishShowing();
  closeReveal();
  lessonFrames = lessonOf();
  lessonAt = 0;
  $("lesson-rules").textContent = FAMILY.rules;
  $("lesson-touch").textContent = walking() && FAMILY.walk
    ? "Tap or click the road to take, or press the turns under the board."
    : "Tap, click or swipe toward a square to move there; hold a finger on a square (or right-click it) to mark it, as M does where you stand.";
  lessonOpener = opener;
  lessonScroll = window.scrollY;
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
  // The keys back where they were: to the button that opened the lesson
  // from the keyboard, else to the game.
  if (held) {
    const opener = lessonOpener && lessonOpener !== document.body && lessonOpener.isConnected ? lessonOpener : null;
    if (opener) opener.focus({ preventScroll: true });
    else document.activeElement.blur();
  }
  window.scrollTo({ top: lessonScroll, behavior: "instant" });
}

const lessonOpen = () => $("lesson").open;

function setUpLesson() {
  // Clicked, the button gives the keys back to the game on closing;
  // pressed from the keyboard (no clicks counted), it takes them back.
  $("help-button").addEventListener("click", (event) => (lessonOpen() ? closeLesson()
    : openLesson(event.detail === 0 ? $("help-button") : document.body)));
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
  // A link's position is not covered by the lesson's example: How to play
  // is a button away.
  if (linkedPosition) return;
  if (GAME && !taught().includes(GAME.maze.family) && !lessonOpen()) openLesson();
}
