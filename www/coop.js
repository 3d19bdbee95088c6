// The cooperative game (Mists over Carcassonne) on the page: the team's panel, the texts
// of its steps and choices, the end screen, and the levels won in this browser.
import { el } from "./dom.js";

/** The six colours of the cooperative game, as the board draws them. */
export const COOP_COLOURS = { red: "#d9342b", green: "#2e9b4a", blue: "#2f6fd6", yellow: "#e8c21f", black: "#3a3a3a", pink: "#e477b3" };

const WON_KEY = "carcassonne.coop.won.v1";

/** The levels this browser has won: `{ "3": true, "3+c": true }` ("+c": with the Spell Circles). */
export function levelsWon() {
  try {
    const v = JSON.parse(localStorage.getItem(WON_KEY) || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

/** Remember a level won (quietly: a full storage loses only this mark). */
export function markWon(level, circles) {
  const won = levelsWon();
  won[`${level}${circles ? "+c" : ""}`] = true;
  try { localStorage.setItem(WON_KEY, JSON.stringify(won)); } catch { /* nothing to lose */ }
}

/** The pace's key: a hound by name, else the goal (in a pile, or in the one stack). */
const paceKey = (base, pace, piles) => pace.mark !== "goal" ? base : piles > 1 ? `${base}.goal` : `${base}.stack`;

/** Why a hint's plan is worth playing (thinkTurn's `why`, src/ai/advice.rs), in words. */
export function reasonsText(why, piles, t) {
  const one = (r) => {
    switch (r.why) {
      case "closes_cemetery": return r.open ? t("hint.why.closes_cemetery.open", { n: r.open }) : t(`hint.why.closes_cemetery.${r.drain}`);
      case "scores": return t("hint.why.scores", { n: r.points });
      case "ghosts_back": return t("hint.why.ghosts_back", r);
      case "claims": return t("hint.why.claims", { ...r, feature: t(`hint.feature.${r.feature}`) });
      case "keeps_meeples": return t("hint.why.keeps_meeples", { n: r.left });
      case "lifts": return t(`hint.why.lifts${r.mark === "goal" ? ".goal" : ""}${r.too ? ".too" : ""}`,
        { n: r.away, mark: r.mark, colour: t(`colour.${r.colour}`), where: t(`hint.where.${r.feature}`) });
      case "shares": case "beside": return t(`hint.why.${r.why}.${r.feature}`,
        { ...r, colour: t(`colour.${r.colour}`), other: t(`colour.${r.other}`) });
      case "pace": return t(paceKey("hint.why.pace", r, piles), { ...r, n: r.tiles });
      default: return t(`hint.why.${r.why}`, r);
    }
  };
  return why.length ? t("hint.because", { list: why.map(one).join(t("hint.and")) }) : "";
}

/** The end of a cooperative game in words: who won and why, and on which turn. */
export function outcomeText(coop, t) {
  const o = coop.outcome;
  if (!o) return "";
  if (o.won) return t("outcome.won", o);
  if (o.why === "pile") return t("outcome.pile", o);
  return t("outcome.ghosts", { ...o, left: o.supply });
}

/** A hound in words: waiting, choosing its meeple, running with one (`where`: its square by
 *  its neighbour, Game.placeRelation), or what it did before it left the game. */
export function houndText(h, t, where = (x, y) => `(${x}, ${y})`) {
  if (h.state === "track") return t("team.hound.track", h);
  if (h.state === "choosing") return t("team.hound.choosing", h);
  if (h.state === "with") return t("team.hound.with", { ...h, colour: t(`colour.${h.with.colour}`), where: where(h.with.x, h.with.y) });
  const did = h.did || {};
  const deeds = [...(did.cleared ? [t("team.hound.cleared", { n: did.cleared })] : []),
    ...(did.scored !== null && did.scored !== undefined ? [t("team.hound.points", { n: did.scored })] : [])];
  if (did.scored !== null && did.scored !== undefined) return t("team.hound.scored", { ...h, list: deeds.join(", ") });
  if (deeds.length) return t("team.hound.lostAfter", { ...h, list: deeds.join(", ") });
  return t("team.hound.lost", h);
}

/** The team's panel: the track with the goal and the hounds, the ghosts left (running out
 *  loses, so it is always in view), the piles, and what happened to meeples and hounds.
 *  `where(x, y)`: a square by its neighbour (Game.placeRelation). */
export function renderTeam(s, root, t, where) {
  const c = s.coop;
  const lowest = Math.min(...c.markers);
  const span = Math.max(c.goal, ...c.markers, 1);
  const track = root.querySelector("#team-track");
  // Markers and meeples are per colour in play, in the order of `palette` (their names).
  const colour = (i) => t(`colour.${c.palette[i]}`);
  // Where a value lies on the track, in % of its width.
  const along = (value) => Math.min(100, (100 * value) / span);
  const put = (e, value) => { e.style.left = `${along(value)}%`; return e; };
  const mark = (cls, value, label) => put(el("span", { class: cls, title: label }), value);
  const fill = el("span", { class: "fill" });
  fill.style.width = `${along(lowest)}%`;
  // The ticks' labels under the track; one too close to the one before drops a row.
  const ticks = [...c.hounds.map((h) => ({ cls: `hound ${h.state}`, value: h.value, text: t("team.tick.hound", h) })),
    { cls: "goal", value: c.goal, text: t("team.tick.goal", { value: c.goal }) }].sort((a, b) => a.value - b.value);
  let last = -Infinity, row = 0;
  const labels = ticks.map((k) => {
    row = along(k.value) - last < 24 ? 1 - row : 0;
    last = along(k.value);
    return put(el("span", { class: `tick-label row${row}${last > 85 ? " end" : ""}` }, k.text), k.value);
  });
  // The markers: the team's one (its score above it), or each colour's at level 6.
  const markers = c.marker_colours ? c.markers.map((m, i) => {
    const e = mark("marker", m, `${colour(i)} ${m}`);
    e.style.backgroundColor = COOP_COLOURS[c.palette[i]];
    return e;
  }) : [mark("marker team", c.markers[0], t("team.score", { score: c.markers[0], goal: c.goal })),
    put(el("span", { class: "marker-label" }, String(c.markers[0])), c.markers[0])];
  track.replaceChildren(fill,
    ...ticks.map((k) => mark(k.cls, k.value, k.text)), ...labels, ...markers);
  root.querySelector("#team-title").textContent = t("team.title", c);
  root.querySelector("#team-score").textContent = c.marker_colours
    ? t("team.every", { goal: c.goal, list: c.markers.map((m, i) => `${colour(i)} ${m}`).join(", ") })
    : t("team.score", { score: c.markers[0], goal: c.goal });
  const supply = c.supply + c.cat_pile;
  const ghosts = root.querySelector("#team-ghosts");
  ghosts.textContent = [t("team.supply", { n: supply }), ...(c.cat === "pile" ? [t("team.catPile", { n: c.cat_pile })] : [])].join(" ") +
    ` · ${t("team.onBoard", { n: c.ghosts_on_board })}`;
  ghosts.classList.toggle("low", supply <= 3);
  const piles = c.piles.length > 1
    ? t("team.piles", { k: c.active_pile, piles: c.piles.length, n: c.piles[c.active_pile - 1] }) +
      (c.active_pile < c.piles.length ? ` ${t("team.pilesThen", { list: c.piles.slice(c.active_pile).join(` ${t("team.and")} `) })}` : "")
    : t("team.stack", { n: c.piles[0] });
  const pace = root.querySelector("#team-pace");
  pace.replaceChildren(...(c.pace ? [el("span", {}, t(paceKey("team.pace", c.pace, c.piles.length), { ...c.pace, n: c.pace.tiles })),
    ...(c.pace.behind ? [el("strong", { class: "behind" }, ` ${t("team.behind")}`)] : [])] : []));
  pace.hidden = !c.pace;
  pace.classList.toggle("behind", !!c.pace?.behind);
  const drain = root.querySelector("#team-drain");
  drain.textContent = c.drain?.open ? t(`team.drain.${c.drain.per}`, { n: c.drain.open }) : "";
  drain.hidden = !c.drain?.open;
  const facts = [piles,
    ...c.hounds.map((h) => houndText(h, t, where)),
    c.cat === null ? null : c.cat === "pile" ? t("team.cat.pile") : c.cat === "waiting" ? t("team.cat.waiting")
      : t("team.cat.with", { colour: t(`colour.${c.cat.colour}`) }),
    c.buried.length ? t("team.buried", { list: c.buried.map((b) => t(`colour.${b.colour}`)).join(", ") }) : null,
    c.face_down.length ? t("team.faceDown", { n: c.face_down.length }) : null];
  root.querySelector("#team-facts").replaceChildren(...facts.filter(Boolean).map((x) => el("li", {}, x)));
}
