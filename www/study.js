// A study's notes (docs/record-format.md, "Notes"): the replay viewer and the element show
// the notes of the move shown, their text in the reader's language, their arrows and
// squares on the board, and a suggested move outlined and told in words. The notes come
// checked from the engine (`Game.recordNotes`), which bounds what a stranger can write.
import { el } from "./dom.js";

/** The notes at replay position `k` (after `k` actions), merged into one, or null. */
export function noteAt(notes, k) {
  const here = (notes ?? []).filter((n) => n.at === k);
  if (!here.length) return null;
  return {
    texts: here.map((n) => n.text).filter(Boolean),
    arrows: here.flatMap((n) => n.arrows ?? []),
    squares: here.flatMap((n) => n.squares ?? []),
    suggest: here.map((n) => n.suggest).find(Boolean) ?? null,
  };
}

/** A note's text in `lang`: that language, its base language (`de` for `de-CH`), English,
 *  or else the first the note has. */
export function textIn(texts, lang) {
  const base = lang.split("-")[0];
  const langs = Object.keys(texts);
  const pick = langs.find((l) => l === lang) ?? langs.find((l) => l.split("-")[0] === base)
    ?? langs.find((l) => l === "en") ?? langs[0];
  return pick === undefined ? "" : texts[pick];
}

/** Show the note at the position `game` stands at (`k`) on `view` and in `box` (hidden
 *  when there is none); `squares` are outlined besides the note's own. Returns the note's
 *  words (for a screen reader's announcement), or "". */
export function showNote({ notes, k, game, view, box, lang, t, squares = [] }) {
  const note = noteAt(notes, k);
  const suggest = note?.suggest;
  // The suggested move told as the page tells a plan; nothing when it does not fit here.
  let words = "";
  if (suggest) {
    try { words = game.planWords([suggest]).join("; "); } catch { words = ""; }
  }
  const lines = (note?.texts ?? []).map((texts) => textIn(texts, lang)).filter(Boolean);
  if (words) lines.push(t("study.suggest", { words }));
  box.replaceChildren(...lines.map((line, i) => el("p", { class: words && i === lines.length - 1 ? "suggest" : "" }, line)));
  box.hidden = !lines.length;
  const outline = [...squares, ...(note?.squares ?? [])];
  if (words && suggest.x !== undefined) outline.push([suggest.x, suggest.y]);
  view.setHighlights(outline);
  view.setArrows((note?.arrows ?? []).map(([a, b]) => [...a, ...b]));
  return lines.join(" ");
}
