// Two views for the side panel: the tiles nobody has seen yet (the count of each kind is
// public in the physical game too) and the score after each turn, drawn as SVG.
import { el } from "./dom.js";
import { MARKS } from "./controller.js";

// The lines' dash patterns under colour-blind marks, in seat order (the first is solid).
const DASHES = ["none", "8 4", "2 3", "10 3 2 3", "5 5"];

const SVG = "http://www.w3.org/2000/svg";
function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

/** Fill `box` with the unseen tiles (`game.unseenTiles()`), small pictures with their
 *  counts, grouped by set (`sets`: `Game.sets()`, titled); `drawTile(canvas, id, rotation)`;
 *  `t` the translator. */
export function renderTilesLeft(box, unseen, sets, drawTile, t) {
  const title = Object.fromEntries(sets.map((s) => [s.name, s.title]));
  const groups = new Map();
  for (const t of unseen) groups.set(t.set, [...(groups.get(t.set) || []), t]);
  box.replaceChildren(...[...groups].map(([set, tiles]) => el("section", { class: "tl-set" },
    el("h3", {}, `${title[set] || set}: ${tiles.reduce((n, t) => n + t.count, 0)}`),
    el("ul", { class: "tl-tiles" }, ...tiles.map((t) => el("li", { "data-tile": t.tile, "data-count": String(t.count),
      title: `${t.text || t.tile} ×${t.count}`, "aria-label": `${t.text || t.tile} ×${t.count}` },
    el("canvas", { "aria-hidden": "true" }), el("span", { "aria-hidden": "true" }, `×${t.count}`)))))));
  if (!unseen.length) box.append(el("p", { class: "muted" }, t("unseen.none")));
  // Drawn once in the page (a canvas takes its size from CSS).
  for (const li of box.querySelectorAll("li[data-tile]")) drawTile(li.querySelector("canvas"), li.dataset.tile, 0);
}

/** The score after each turn (`rows`: `game.scoreTimeline()`), one line per player in
 *  their colour, as an SVG element with a text alternative. With `marks` (colour-blind
 *  marks) each line also has its own dash pattern and ends in the seat's mark. */
export function scoreChart(rows, names, colors, t, marks = false) {
  const [W, H, left, right, top, bottom] = [320, 170, 30, 44, 8, 20];
  const turns = Math.max(1, rows.length - 1);
  const max = Math.max(10, ...rows.flat());
  const x = (i) => left + (i / turns) * (W - left - right);
  const y = (v) => top + (1 - v / max) * (H - top - bottom);
  const finals = rows[rows.length - 1] || [];
  const label = t("chart.label", { list: names.map((n, p) => `${n} ${finals[p] ?? 0}`).join(", ") });
  const chart = svg("svg", { class: "score-chart", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label },
    svg("title", {}, label),
    svg("line", { x1: left, y1: y(0), x2: W - right, y2: y(0), class: "axis" }),
    svg("line", { x1: left, y1: top, x2: left, y2: y(0), class: "axis" }),
    svg("text", { x: left - 4, y: y(max) + 4, "text-anchor": "end", class: "tick" }, String(max)),
    svg("text", { x: left - 4, y: y(0) + 4, "text-anchor": "end", class: "tick" }, "0"),
    svg("text", { x: W - right, y: H - 4, "text-anchor": "end", class: "tick" }, t("chart.turn", { n: turns })));
  const ends = endLabels(names.map((_, p) => y(finals[p] ?? 0)), 14, top + 8, y(0) + 4);
  names.forEach((name, p) => {
    const points = rows.map((r, i) => `${x(i).toFixed(1)},${y(r[p] ?? 0).toFixed(1)}`).join(" ");
    const dash = marks ? { "stroke-dasharray": DASHES[p % DASHES.length] } : {};
    chart.append(svg("polyline", { points, fill: "none", stroke: colors[p], "stroke-width": 2.5, "data-player": String(p), ...dash },
      svg("title", {}, name)));
    chart.append(svg("text", { x: W - right + 4, y: ends[p].toFixed(1), class: "end", fill: colors[p] },
      `${String(finals[p] ?? 0)}${marks ? ` ${MARKS[p % MARKS.length]}` : ""}`));
  });
  return chart;
}

/** Where each line's end label sits: at its line's height (`ys`, plus 4 for the text's
 *  baseline), moved apart so that no two are closer than `gap`, within `low`…`high`. */
export function endLabels(ys, gap, low, high) {
  const order = ys.map((y, i) => ({ i, y: Math.min(high, Math.max(low, y + 4)) })).sort((a, b) => a.y - b.y || a.i - b.i);
  // Push down from the top, then back up from the bottom if the last ran past it.
  for (let k = 1; k < order.length; k++) order[k].y = Math.max(order[k].y, order[k - 1].y + gap);
  if (order.length) order[order.length - 1].y = Math.min(order[order.length - 1].y, high);
  for (let k = order.length - 2; k >= 0; k--) order[k].y = Math.min(order[k].y, order[k + 1].y - gap);
  const out = [];
  for (const o of order) out[o.i] = o.y;
  return out;
}
