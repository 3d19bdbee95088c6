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

const at = (a) => `(${a.x}, ${a.y})`;
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/** A button's text for a move of the cooperative game (record form). */
export function actionLabel(a) {
  if (a.pass) return "No more";
  if (a.meeple) return `A ${a.meeple} meeple at ${a.at}`;
  if (a.points) return `Take the points (meeple at ${at(a)})`;
  if (a.remove) return `Remove ghosts from (${a.from_x}, ${a.from_y}) instead`;
  if (a.bury && a.colour) return `Bury a ${a.colour} meeple from the supply`;
  if (a.bury) return `Bury the meeple at ${at(a)}`;
  if (a.with) return `The meeple at ${at(a)}`;
  if (a.clear) return `Remove up to 3 ghosts from ${at(a)}`;
  if (a.face_down) return `Face down at ${at(a)}`;
  if (a.choose) return `${a.choose} at ${at(a)}`;
  return JSON.stringify(a);
}

/** What the player on turn is asked, step by step. */
export function stepHint(s, name) {
  const w = s.phase.waits;
  return {
    meeple: `${name}: click a circle to place a meeple (choose its colour above), or “No meeple”.`,
    score: `${name}: a feature is complete: click its meeple to take the points, or click a square with ghosts to remove up to 3 of them instead (or use the buttons).`,
    bury: `${name}: a cemetery closed: click the meeple to bury there.`,
    fewer: `${name}: the tile extends a mist bank: click the mist region that places one ghost fewer.`,
    attract: `${name}: a spell circle draws a ghost: click one of the ringed ghosts around the tile.`,
    cemetery_ghost: `${name}: ghosts came from the supply: click the open cemetery that takes one more.`,
    mist_ghost: `${name}: the new cemetery haunts this square: click the mist region for its ghost.`,
    cat: `${name}: click the meeple Eloïse the cat goes with.`,
    hound: `${name}: click the meeple the hound goes with.`,
    removal: `${name}: the hound may chase ghosts: click a square around it to remove up to 3, or “No more”.`,
    face_down: `${name}: the haunted cemetery lays a tile face down: click the square beside an open cemetery.`,
  }[w] || `${name}: ${s.phase.expects}.`;
}

/** The end of a cooperative game in words: who won and why, and on which turn. */
export function outcomeText(coop) {
  const o = coop.outcome;
  if (!o) return "";
  if (o.won) return `The team reached the goal on turn ${o.turn}: victory!`;
  if (o.why === "pile") return `The ghosts win: on turn ${o.turn} the active pile had no tile left to draw.`;
  return `The ghosts win: on turn ${o.turn}, ${plural(o.needed, "ghost was", "ghosts were")} needed and only ${o.supply} ${o.supply === 1 ? "was" : "were"} left.`;
}

/** The team's panel: the track with the goal and the hounds, the ghosts left (running out
 *  loses, so it is always in view), the piles, and what happened to meeples and hounds. */
export function renderTeam(s, root) {
  const c = s.coop;
  const lowest = Math.min(...c.markers);
  const span = Math.max(c.goal, ...c.markers, 1);
  const track = root.querySelector("#team-track");
  const mark = (cls, value, label) => {
    const e = el("span", { class: cls, title: label });
    e.style.left = `${Math.min(100, (100 * value) / span)}%`;
    return e;
  };
  const fill = el("span", { class: "fill" });
  fill.style.width = `${Math.min(100, (100 * lowest) / span)}%`;
  track.replaceChildren(fill,
    ...c.hounds.map((h) => mark(`hound ${h.state}`, h.value, `${h.name} at ${h.value}`)),
    mark("goal", c.goal, `goal ${c.goal}`),
    ...(c.marker_colours ? c.markers.map((m, i) => {
      const e = mark("marker", m, `${Object.keys(COOP_COLOURS)[i]} ${m}`);
      e.style.backgroundColor = Object.values(COOP_COLOURS)[i];
      return e;
    }) : []));
  root.querySelector("#team-title").textContent = `The team · level ${c.level}`;
  root.querySelector("#team-score").textContent = c.marker_colours
    ? `Every colour needs ${c.goal}: ${c.markers.map((m, i) => `${Object.keys(COOP_COLOURS)[i]} ${m}`).join(", ")}`
    : `${c.markers[0]} of ${c.goal} points`;
  const supply = c.supply + c.cat_pile;
  const ghosts = root.querySelector("#team-ghosts");
  ghosts.textContent = `${plural(supply, "ghost", "ghosts")} left in the supply` +
    (c.cat === "pile" ? ` (${c.cat_pile} on Eloïse's pile)` : "") + ` · ${c.ghosts_on_board} on the board`;
  ghosts.classList.toggle("low", supply <= 3);
  const piles = c.piles.length > 1
    ? `Pile ${c.active_pile} of ${c.piles.length} active: ${plural(c.piles[c.active_pile - 1], "tile", "tiles")} left` +
      (c.active_pile < c.piles.length ? ` (then ${c.piles.slice(c.active_pile).join(" and ")} in the piles a hound opens)` : "")
    : `${plural(c.piles[0], "tile", "tiles")} left in the stack`;
  const facts = [piles,
    ...c.hounds.map((h) => `${h.name} (${h.value}): ` + (h.state === "track" ? "waiting on the track"
      : h.state === "with" ? `with the ${h.with.colour} meeple at (${h.with.x}, ${h.with.y})` : "out of the game")),
    c.cat === null ? null : `Eloïse: ${c.cat === "pile" ? "beside her pile" : c.cat === "waiting" ? "waits for the next meeple" : `with the ${c.cat.colour} meeple`}`,
    c.buried.length ? `Buried: ${c.buried.map((b) => b.colour).join(", ")}` : null,
    c.face_down.length ? `${plural(c.face_down.length, "tile", "tiles")} face down` : null];
  root.querySelector("#team-facts").replaceChildren(...facts.filter(Boolean).map((t) => el("li", {}, t)));
}
