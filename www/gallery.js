// The tile gallery (gallery.html): every tile of the catalogue, drawn by the game's own
// renderer, with its id, its copies and its spots named as records name them (Game.tiles()).
import init, { Game, drawTile } from "./carcassonne.js";
import { el } from "./dom.js";

await init();
const sets = Game.sets();
const tiles = Game.tiles();
const main = document.getElementById("gallery");
const nav = document.getElementById("sets");

/** One line per spot: `N city (2 coats of arms)`, `building monastery`, `E river (no figure)`. */
function spotLine(spot) {
  const extra = [];
  if (spot.pennants) extra.push(`${spot.pennants} coat${spot.pennants > 1 ? "s" : ""} of arms`);
  if (!spot.figures) extra.push("no figure");
  if (spot.ports.length > 1) extra.push(`ports ${spot.ports.join(" ")}`);
  return el("li", {}, el("code", {}, spot.at), ` ${spot.kind}${extra.length ? ` (${extra.join("; ")})` : ""}`);
}

function card(tile) {
  const canvas = el("canvas", { width: "128", height: "128", role: "img", "aria-label": `Tile ${tile.id}` });
  const art = el("div", { class: "art" }, canvas);
  for (const spot of tile.spots) {
    const label = el("span", { class: "spot", "aria-hidden": "true" }, spot.at === "building" ? "bldg" : spot.at);
    // CSSOM, not a style attribute: the page's policy allows no inline styles.
    label.style.left = `${spot.point[0] * 100}%`;
    label.style.top = `${spot.point[1] * 100}%`;
    art.append(label);
  }
  const facts = el("ul", { class: "facts" }, ...tile.spots.map(spotLine),
    ...tile.mist.map((m) => el("li", {}, el("code", {}, m.at), ` mist bank${m.circles ? `, ${m.circles} spell circle${m.circles > 1 ? "s" : ""}` : ""}${m.ghost_symbols ? `, ${m.ghost_symbols} ghost symbol${m.ghost_symbols > 1 ? "s" : ""}` : ""}`)));
  if (tile.tower) facts.append(el("li", {}, `watchtower: ${tile.tower}`));
  const badges = [tile.start_tile && "start tile", tile.optional && "optional", tile.reconstructed && "reconstruction"].filter(Boolean);
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
  const mine = tiles.filter((t) => t.set === set.name);
  if (!mine.length) continue;
  const copies = mine.reduce((n, t) => n + t.count, 0);
  nav.append(el("a", { href: `#set-${set.name}` }, set.title));
  main.append(
    el("h2", { id: `set-${set.name}` }, `${set.title} `, el("code", {}, set.name)),
    el("p", { class: "note" }, `${mine.length} kinds of tile, ${copies} tiles in all.` +
      (set.reconstructed ? " These layouts are reconstructions: the official per-tile layouts are not public." : "")),
    el("ul", { class: "grid" }, ...mine.map(card)));
}
main.removeAttribute("aria-busy");
document.documentElement.dataset.tiles = String(tiles.length);
