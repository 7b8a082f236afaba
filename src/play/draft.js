// Nothing lost (logicmaze edit): the design against the file's version of
// it. Unsaved changes are marked, and a tab closed with them asks first.
// The unsaved design is kept in the browser at every edit (localStorage,
// by file and maze, a draft for each tab, so that two tabs or a draft set
// aside never write over another) and offered back, beside the file's
// version, when the editor's page opens again: after a reload, a closed
// tab, or a crash of the server started again on the same port. A save
// sends the version of the file the design was made on (a restored
// draft's, its own); over a file changed since, the server refuses, and
// the designer is asked.

// The design as the file holds it (its JSON text): loaded, or last saved;
// and the version of the file's bytes that holds it.
let savedDesign = null;
let fileVersion = EDITING.version;
// Where this tab's draft is kept: the file, the maze's name in it, and
// the tab (kept for the tab, which a reload keeps).
let draftKey = null;
// The draft offered back, and where it is kept, while the designer has
// not chosen.
let offered = null;
let offeredKey = null;
const MAX_DRAFTS = 10;

const tabId = (() => {
  const kept = tabStore.get("logicmaze:tab");
  if (typeof kept === "string") return kept;
  const made = Math.random().toString(36).slice(2, 10);
  tabStore.set("logicmaze:tab", made);
  return made;
})();
const draftsOf = (name) => `logicmaze:draft:${EDITING.file}#${name}#`;
// Each opening of the page writes a slot of its own: a draft of the tab's
// last opening is offered, never written over.
const opened = Date.now().toString(36);
const draftKeyOf = (name) => `${draftsOf(name)}${tabId}.${opened}`;
const unsaved = () => design !== null && savedDesign !== null && designText() !== savedDesign;

// After every edit: what an earlier save said, which speaks of another
// design, gone; then the design kept.
function editedSinceSave() {
  setText($("save-status"), "");
  setHidden($("save-conflict"), true);
  keepDraft();
}

// The mark and the title at once; the draft kept once the edit's proof
// is painted (prove() asks for it), no more than once a second while the
// edits come (the last one kept a second after it at most), or at once
// if the page is left first; dropped, back at the file's version, at
// once. A 30×30 design's draft written in the key's own task held its
// proof back a millisecond, and a 100×100 one's (a megabyte, the file's
// version with it) written while the next edit's proof was on its way
// held that back ten.
const DRAFT_EVERY_MS = 1000;
let draftDue = false;
let draftWritten = -Infinity;
let draftTimer = null;
function keepDraft() {
  const changed = unsaved();
  setHidden($("unsaved"), !changed);
  // Written only when it changes: a title set at every key is a message
  // to the browser at every key.
  const title = `${changed ? "• " : ""}${design.name} — edit — logicmaze`;
  if (document.title !== title) document.title = title;
  if (!draftKey) return;
  draftDue = true;
  if (!changed) writeDraft();
}

// The draft due, written after the next frame is painted, or a second
// after the last was.
function writeDraftSoon() {
  if (!draftDue || draftTimer !== null) return;
  const wait = draftWritten + DRAFT_EVERY_MS - performance.now();
  draftTimer = wait > 0 ? setTimeout(writeDraftNow, wait) : requestAnimationFrame(() => setTimeout(writeDraftNow, 0));
}

function writeDraft() {
  draftDue = false;
  draftWritten = performance.now();
  if (!draftKey || design === null) return;
  if (unsaved()) store.set(draftKey, { design: designText(), file: savedDesign, version: fileVersion, at: Date.now() });
  else store.remove(draftKey);
}
// What a draft waits for is written before the page goes.
const writeDraftNow = () => {
  draftTimer = null;
  if (draftDue) writeDraft();
};
window.addEventListener("pagehide", writeDraftNow);
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") writeDraftNow(); });

// Saves the design over the file's version it was made on (`overwrite`:
// over whatever the file holds now, once the designer said so).
async function save(overwrite = false) {
  $("save-status").textContent = "Saving…";
  $("save-conflict").hidden = true;
  const text = designText();
  const name = design.name;
  try {
    const query = `save?base=${encodeURIComponent(fileVersion)}${overwrite ? "&overwrite=yes" : ""}`;
    const answer = await askServer(query, text);
    savedDesign = text;
    fileVersion = answer.version;
    store.remove(draftKey);
    // The file now holds the maze under its new name: a reload opens it.
    draftKey = draftKeyOf(name);
    $("save-status").textContent = `${answer.saved[0].toUpperCase()}${answer.saved.slice(1)}.`;
  } catch (error) {
    $("save-status").textContent = `Not saved: ${error.message}.`;
    // Asked, the safe answer first: Enter keeps the file.
    if (error.status === 409) {
      $("save-conflict").hidden = false;
      $("keep-file").focus();
    }
  } finally {
    keepDraft();
    writeDraftSoon();
  }
}

// The drafts kept of this file's maze, by key: those the same as the
// file's version dropped, the oldest past MAX_DRAFTS too.
function keptDrafts() {
  const prefix = draftsOf(design.name);
  const drafts = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith(prefix)) continue;
    const kept = store.get(key);
    if (!kept || typeof kept.design !== "string" || kept.design === savedDesign) store.remove(key);
    else drafts.push({ key, kept });
  }
  drafts.sort((a, b) => (b.kept.at || 0) - (a.kept.at || 0));
  for (const { key } of drafts.splice(MAX_DRAFTS)) store.remove(key);
  return drafts;
}

// A draft of an earlier visit (this tab's first, else the newest), if any
// differs from the file's version: offered beside it, to restore or to
// drop. Set aside (Escape), it stays kept.
function offerDraft() {
  let drafts;
  try { drafts = keptDrafts(); } catch { return; /* no storage here */ }
  const found = drafts.find((d) => d.key.startsWith(`${draftsOf(design.name)}${tabId}.`)) || drafts[0];
  if (!found) return;
  const { kept } = found;
  offered = kept;
  offeredKey = found.key;
  const when = new Date(kept.at);
  $("draft-when").textContent = Number.isNaN(when.getTime()) ? "" : when.toLocaleString();
  $("draft-moved").hidden = typeof kept.version === "string" ? kept.version === fileVersion : kept.file === savedDesign;
  picture($("draft-mine"), kept.design);
  picture($("draft-file"), savedDesign);
  $("draft").showModal();
  $("draft-restore").focus();
}

// The drawing of a design (its JSON text) in `image`, or why there is none.
async function picture(image, text) {
  try {
    const drawing = await askServer("svg", text);
    image.src = URL.createObjectURL(new Blob([drawing], { type: "image/svg+xml" }));
  } catch (error) {
    image.alt = `(no drawing: ${error.message})`;
  }
}

// The draft restored: one edit from the file's version, undone as one.
// Made on an older version of the file, it is saved as made there: a
// save over the changes since asks first.
function restoreDraft() {
  const { design: text, version } = offered;
  const from = offeredKey;
  closeOffer();
  if (typeof version === "string") fileVersion = version;
  store.remove(from);
  edit((doc) => {
    for (const key of Object.keys(doc)) delete doc[key];
    Object.assign(doc, JSON.parse(text));
  });
  $("design-name").value = design.name;
}

function dropDraft() {
  const from = offeredKey;
  closeOffer();
  store.remove(from);
  keepDraft();
  writeDraftSoon();
}

function closeOffer() {
  offered = null;
  offeredKey = null;
  if ($("draft").open) $("draft").close();
}

function keepDesign() {
  savedDesign = designText();
  draftKey = draftKeyOf(design.name);
  $("save-conflict").hidden = true;
  $("overwrite").addEventListener("click", () => save(true));
  const keepFile = () => {
    $("save-conflict").hidden = true;
    $("save-status").textContent = "Not saved: the design is kept in this browser.";
  };
  $("keep-file").addEventListener("click", keepFile);
  $("save-conflict").addEventListener("keydown", (event) => {
    if (event.key === "Escape") keepFile();
  });
  $("draft-restore").addEventListener("click", restoreDraft);
  $("draft-drop").addEventListener("click", dropDraft);
  // Closed without a choice (Escape): the draft stays kept.
  $("draft").addEventListener("close", () => { offered = null; offeredKey = null; });
  window.addEventListener("beforeunload", (event) => {
    writeDraftNow();
    if (!unsaved()) return;
    event.preventDefault();
    event.returnValue = "";
  });
  offerDraft();
}
