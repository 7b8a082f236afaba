// Nothing lost (logicmaze edit): the design against the file's version of
// it. Unsaved changes are marked, and a tab closed with them asks first.
// The unsaved design is kept in the browser at every edit (localStorage,
// by file and maze) and offered back, beside the file's version, when the
// editor's page opens again: after a reload, a closed tab, or a crash of
// the server started again on the same port. A save sends the version of
// the file the design was made on; over a file changed since, the server
// refuses, and the designer is asked.

// The design as the file holds it (its JSON text): loaded, or last saved;
// and the version of the file's bytes that holds it.
let savedDesign = null;
let fileVersion = EDITING.version;
// Where the draft is kept: the file and the maze's name in it.
let draftKey = null;
// The draft offered back, while the designer has not chosen: it is not
// written over meanwhile.
let offered = null;

const draftKeyOf = (name) => `logicmaze:draft:${EDITING.file}#${name}`;
const unsaved = () => design !== null && savedDesign !== null && designText() !== savedDesign;

// After every edit: what an earlier save said, which speaks of another
// design, gone; then the design kept.
function editedSinceSave() {
  $("save-status").textContent = "";
  $("save-conflict").hidden = true;
  keepDraft();
}

// The mark, the title, and the draft kept (or, back at the file's
// version, dropped).
function keepDraft() {
  const changed = unsaved();
  $("unsaved").hidden = !changed;
  document.title = `${changed ? "• " : ""}${design.name} — edit — logicmaze`;
  if (offered || !draftKey) return;
  if (changed) store.set(draftKey, { design: designText(), file: savedDesign, at: Date.now() });
  else store.remove(draftKey);
}

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
    $("save-status").textContent = `${answer.saved}.`;
  } catch (error) {
    $("save-status").textContent = `Not saved: ${error.message}`;
    if (error.status === 409) {
      $("save-conflict").hidden = false;
      $("overwrite").focus();
    }
  } finally {
    keepDraft();
  }
}

// The draft of an earlier visit, if it differs from the file's version:
// offered beside it, to restore or to drop.
function offerDraft() {
  const kept = store.get(draftKey);
  if (!kept || typeof kept.design !== "string") return;
  if (kept.design === savedDesign) {
    store.remove(draftKey);
    return;
  }
  offered = kept;
  const when = new Date(kept.at);
  $("draft-when").textContent = Number.isNaN(when.getTime()) ? "" : when.toLocaleString();
  $("draft-moved").hidden = kept.file === savedDesign;
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
function restoreDraft() {
  const text = offered.design;
  closeOffer();
  edit((doc) => {
    for (const key of Object.keys(doc)) delete doc[key];
    Object.assign(doc, JSON.parse(text));
  });
  $("design-name").value = design.name;
}

function dropDraft() {
  closeOffer();
  keepDraft();
}

function closeOffer() {
  offered = null;
  if ($("draft").open) $("draft").close();
}

function keepDesign() {
  savedDesign = designText();
  draftKey = draftKeyOf(design.name);
  $("save-conflict").hidden = true;
  $("overwrite").addEventListener("click", () => save(true));
  $("keep-file").addEventListener("click", () => {
    $("save-conflict").hidden = true;
    $("save-status").textContent = "Not saved: the design is kept in this browser.";
  });
  $("draft-restore").addEventListener("click", restoreDraft);
  $("draft-drop").addEventListener("click", dropDraft);
  // Closed without a choice (Escape): the draft stays kept until the
  // next edit.
  $("draft").addEventListener("close", () => { offered = null; });
  window.addEventListener("beforeunload", (event) => {
    if (!unsaved()) return;
    event.preventDefault();
    event.returnValue = "";
  });
  offerDraft();
}
