// The end of a game, for the page and the element: the final scoring played out on the
// board feature by feature (any input skips it), then the results: the winner first
// (tied players share the victory, BASE-END-3), the places with their points, the points
// by category and the score after each turn.
import { el } from "./dom.js";

/** How long the final scoring shows each feature (ms); 0 skips the play-out. */
export const FINAL_STEP_MS = 1200;

/** Score categories of the breakdown, in the order they are shown (named cat.*). */
export const CATEGORIES = ["road", "city", "monastery", "shrine", "castle", "cemetery", "garden", "tower", "challenge won",
  "challenge bonus", "final road", "final city", "final monastery", "final shrine", "final castle", "final garden",
  "final field", "final ghosts"];

/** Each seat's place by its score, best first: equal scores share a place (1, 1, 3). */
export function places(scores) {
  const order = scores.map((score, seat) => ({ seat, score })).sort((a, b) => b.score - a.score || a.seat - b.seat);
  return order.map((r) => ({ ...r, place: 1 + order.filter((o) => o.score > r.score).length }));
}

/** "Ann", "Ann and Bo", "Ann, Bo and Cy". */
export function joinNames(names, t) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} ${t("team.and")} ${names[names.length - 1]}`;
}

/** Who won, in a few words: a seat, seats sharing the victory, the team or the ghosts. */
export function headline(s, t) {
  if (s.coop) return t(s.coop.outcome?.won ? "final.teamWon" : "final.ghostsWon");
  const top = places(s.players.map((p) => p.score)).filter((r) => r.place === 1);
  const names = top.map((r) => s.players[r.seat].name);
  const points = t("results.points", { n: top[0]?.score ?? 0 });
  return names.length === 1 ? t("results.wins", { name: names[0], points })
    : t("results.share", { names: joinNames(names, t), points });
}

/** The final scoring's features that give points, in the order the engine scored them (a
 *  field beside no completed city, worth nothing, is left out). */
export const finalScorings = (events) => events.filter((e) => e.type === "scored" && !e.complete
  && e.shares.some((sh) => sh.points !== 0));

/** Whether `events` end the game (a competitive or a cooperative one). */
export const endsGame = (events) => events.some((e) => ["game_over", "team_won", "team_lost"].includes(e.type));

/**
 * Play the final scoring out on `view`: each feature outlined in turn with `show(event, i,
 * n)` telling it, then `done()`. Any key, click or touch skips to the end. Returns a
 * function that stops it at once (without `done`), for a new game started meanwhile.
 */
export function playFinal(view, steps, { show, done, stepMs = FINAL_STEP_MS, target = window }) {
  let i = 0, timer = 0, over = false;
  const kinds = ["keydown", "pointerdown"];
  const stop = () => {
    if (over) return false;
    over = true;
    clearTimeout(timer);
    for (const k of kinds) target.removeEventListener(k, skip, true);
    try { view?.setSpotlight(null); } catch { /* the view has gone */ }
    show(null);
    return true;
  };
  const finish = () => { if (stop()) done(); };
  const skip = (e) => { if (e.type !== "keydown" || !["Shift", "Control", "Alt", "Meta", "Tab"].includes(e.key)) finish(); };
  const next = () => {
    if (i >= steps.length || !stepMs) return finish();
    const e = steps[i++];
    try { view.setSpotlight({ x: e.x, y: e.y, part: e.part }); } catch { return finish(); }
    show(e, i, steps.length);
    timer = setTimeout(next, stepMs);
  };
  for (const k of kinds) target.addEventListener(k, skip, true);
  // The whole board in view, so that every feature's frame shows.
  if (steps.length && stepMs) try { view.fit(); } catch { /* no view */ }
  next();
  return stop;
}

/**
 * The results into `root` (emptied first): the headline, the places, and unless `compact`
 * the points by category and `chart` (an element, or null). `color(i)` is seat i's colour,
 * `t` the translator.
 */
export function renderResults(root, s, { t, color, chart = null, compact = false, outcome = null }) {
  const title = el("h2", { class: "results-title", id: "results-title" }, headline(s, t));
  const parts = [title];
  if (outcome) parts.push(el("p", { class: `outcome${s.coop?.outcome?.won ? " won" : ""}`, id: "final-outcome" }, outcome));
  if (!s.coop) {
    const swatch = (i) => {
      const e = el("span", { class: "swatch", "aria-hidden": "true" });
      e.style.background = color(i);
      return e;
    };
    parts.push(el("ol", { class: "places", "aria-label": t("results.places") }, ...places(s.players.map((p) => p.score)).map((r) =>
      el("li", { class: r.place === 1 ? "first" : "" },
        el("span", { class: "place" }, `${r.place}.`), swatch(r.seat),
        el("span", { class: "name" }, s.players[r.seat].name),
        el("span", { class: "points" }, t("points", { n: r.score }))))));
    if (!compact) parts.push(breakdown(s, t));
  }
  if (chart) parts.push(el("figure", { class: "final-chart", id: "final-chart" }, chart, el("figcaption", {}, t("final.chart"))));
  root.replaceChildren(...parts);
}

/**
 * A duplicate match's line for the results (docs/online.md, "Duplicate matches"): after its
 * first game, that the second deals the same tiles with the other seat first; after the
 * second, the match: the sum of both games' margins. `dup` is the room frame's `duplicate`,
 * `s` the game's snapshot (two players).
 */
export function matchText(dup, s, t) {
  const names = s.players.map((p) => p.name), now = s.players.map((p) => p.score);
  if (dup.game !== 2 || !dup.first) return t("match.first", { name: names[1] });
  const m1 = dup.first[0] - dup.first[1], m2 = now[0] - now[1], total = m1 + m2;
  const signed = (m) => (m > 0 ? `+${m}` : m < 0 ? `\u2212${-m}` : "0");
  if (total === 0) return t("match.draw", { a: signed(m1), b: signed(m2) });
  const w = total > 0 ? 0 : 1, k = w === 0 ? 1 : -1;
  return t("match.won", { name: names[w], n: Math.abs(total), a: signed(k * m1), b: signed(k * m2) });
}

/** The points by category: a row per category, a column per seat, the totals last. */
function breakdown(s, t) {
  const cats = [...new Set(s.tally.flatMap((x) => Object.keys(x)))]
    .sort((a, b) => (CATEGORIES.indexOf(a) + 1 || 99) - (CATEGORIES.indexOf(b) + 1 || 99));
  const head = el("tr", {}, el("th", { scope: "col" }, t("results.category")),
    ...s.players.map((p) => el("th", { scope: "col" }, p.name)));
  const rows = cats.map((c) => el("tr", {}, el("th", { scope: "row" }, CATEGORIES.includes(c) ? t(`cat.${c}`) : c),
    ...s.tally.map((x) => el("td", {}, String(x[c] || 0)))));
  const total = el("tr", { class: "total" }, el("th", { scope: "row" }, t("final.total")),
    ...s.players.map((p) => el("td", {}, String(p.score))));
  return el("table", { class: "breakdown", id: "final-table" },
    el("caption", {}, t("results.breakdown")), el("thead", {}, head), el("tbody", {}, ...rows, total));
}
