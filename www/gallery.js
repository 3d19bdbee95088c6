// The tile gallery (gallery.html): every tile of the catalogue, drawn by the game's own
// renderer, with its id, its copies and its spots named as records name them (Game.tiles()),
// in the page's language (`?lang=`, else the browser's: text.js).
import init, { Game, drawTile } from "./carcassonne.js";
import { el } from "./dom.js";
import { LANGUAGES, applyText, pickLanguage, translator } from "./text.js";

const t = translator(pickLanguage(new URLSearchParams(location.search).get("lang"), navigator.languages, navigator.language));
document.documentElement.lang = t.lang;
applyText(document, t);
await init();
const sets = Game.sets();
const tiles = Game.tiles();
const main = document.getElementById("gallery");
const nav = document.getElementById("sets");

/** `text` with its `code` parts (between backticks) as <code>. */
const withCode = (text) => text.split("`").map((part, i) => (i % 2 ? el("code", {}, part) : part));
document.getElementById("intro").replaceChildren(...withCode(t("gallery.intro")));
document.getElementById("languages").replaceChildren(...Object.entries(LANGUAGES).map(([code, table]) =>
  el("a", { href: `?lang=${code}`, hreflang: code, lang: code, ...(code === t.lang ? { "aria-current": "page" } : {}) }, table["lang.name"])));

/** One line per spot: `N city (2 coats of arms)`, `building monastery`, `E river (no figure)`. */
function spotLine(spot) {
  const extra = [];
  if (spot.pennants) extra.push(t("gallery.arms", { n: spot.pennants }));
  if (!spot.figures) extra.push(t("gallery.noFigure"));
  if (spot.ports.length > 1) extra.push(t("gallery.ports", { ports: spot.ports.join(" ") }));
  const kind = t.has(`gallery.kind.${spot.kind}`) ? t(`gallery.kind.${spot.kind}`) : spot.kind;
  return el("li", {}, el("code", {}, spot.at), ` ${kind}${extra.length ? ` (${extra.join("; ")})` : ""}`);
}

/** A mist bank's line: `N mist bank, 1 spell circle`. */
function mistLine(m) {
  const parts = [t("gallery.mist"), m.circles && t("gallery.circles", { n: m.circles }), m.ghost_symbols && t("gallery.ghostSymbols", { n: m.ghost_symbols })];
  return el("li", {}, el("code", {}, m.at), ` ${parts.filter(Boolean).join(", ")}`);
}

function card(tile) {
  const canvas = el("canvas", { width: "128", height: "128", role: "img", "aria-label": t("gallery.tile", { id: tile.id }) });
  const art = el("div", { class: "art" }, canvas);
  for (const spot of tile.spots) {
    const label = el("span", { class: "spot", "aria-hidden": "true" }, spot.at === "building" ? "bldg" : spot.at);
    // CSSOM, not a style attribute: the page's policy allows no inline styles.
    label.style.left = `${spot.point[0] * 100}%`;
    label.style.top = `${spot.point[1] * 100}%`;
    art.append(label);
  }
  const facts = el("ul", { class: "facts" }, ...tile.spots.map(spotLine), ...tile.mist.map(mistLine));
  if (tile.tower) {
    const counts = t.has(`gallery.tower.${tile.tower}`) ? t(`gallery.tower.${tile.tower}`) : tile.tower;
    facts.append(el("li", {}, t("gallery.tower", { counts })));
  }
  const badges = [tile.start_tile && "gallery.start", tile.optional && "gallery.optional", tile.reconstructed && "gallery.reconstruction"]
    .filter(Boolean).map((key) => t(key));
  const item = el("li", { class: "tile", id: tile.id },
    art,
    el("div", {},
      el("div", {}, el("code", { class: "id" }, tile.id), el("span", { class: "count" }, ` × ${tile.count}`),
        ...badges.map((b) => el("span", { class: "badge" }, b))),
      facts));
  // Drawn once it is in the page (the canvas takes its size from CSS).
  queueMicrotask(() => drawTile(canvas, tile.id, 0));
  return item;
}

main.replaceChildren();
for (const set of sets) {
  const mine = tiles.filter((tile) => tile.set === set.name);
  if (!mine.length) continue;
  const copies = mine.reduce((n, tile) => n + tile.count, 0);
  const title = t.has(`set.${set.name}`) ? t(`set.${set.name}`) : set.title;
  nav.append(el("a", { href: `#set-${set.name}` }, title));
  main.append(
    el("h2", { id: `set-${set.name}` }, `${title} `, el("code", {}, set.name)),
    el("p", { class: "note" }, `${t("gallery.kinds", { n: mine.length })}, ${t("gallery.copies", { n: copies })}` +
      (set.reconstructed ? ` ${t("gallery.reconstructed")}` : "")),
    el("ul", { class: "grid" }, ...mine.map(card)));
}
main.removeAttribute("aria-busy");
document.documentElement.dataset.tiles = String(tiles.length);
