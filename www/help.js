// "How to play": the rules in short for the base game and each set in the game, with small
// boards drawn by the game itself from real moves. Opened from the header, from the hint of
// a step ("why is a ghost coming?") and from the log lines. English; the rule IDs are
// RULES.md's.
import { el } from "./dom.js";

const TOPICS = [
  { id: "base", title: "The base game", rules: [
    "Each turn: draw a tile and place it so that every edge matches its neighbours: roads to roads, cities to cities, fields to fields. Then you may put one meeple from your supply on a road, city, monastery or field of that tile, if nobody stands on that feature yet.",
    "A completed road scores 1 per tile, a completed city 2 per tile and 2 per coat of arms, a monastery with all 8 neighbours 9. Whoever has the most meeples on a feature scores it (a tie: all of them); its meeples go home.",
    "At the end, unfinished roads and cities score 1 per tile (and per coat of arms), monasteries 1 plus their neighbours, and each field 3 per completed city it touches, for the farmers' majority. Farmers stay on the board all game.",
  ], board: { sets: ["base"], draw: ["base.E", "base.U"], moves: [{ tile: "base.E", x: 0, y: -1, rotation: 2 }, { pass: true }],
    caption: "A two-tile city, completed: 4 points for the majority." } },
  { id: "river", set: "river", title: "The River", rules: [
    "The river comes first: from the spring, every river tile extends it, never turning back on itself twice the same way; the lake comes last. No meeple goes on the river, which separates fields. Not played with the mist sets.",
  ] },
  { id: "ghosts", set: "ghosts", title: "Ghosts, Castles & Cemeteries", rules: [
    "Mist floats over roads and fields: ignore it when placing a tile.",
    "Extending the mist (a misty edge against a misty edge) brings a ghost beside a meeple of another player; limiting it (a misty edge against a clear one, whichever tile has the mist) a ghost beside one of your own. Both: the other player's first. At most one ghost of each kind per turn, and none if nobody has a meeple for it.",
    "A third ghost beside a meeple scares it off the board, without points. When a feature is scored, each majority player loses 2 points per ghost beside their own meeples there; at the end each ghost beside your meeples costs 1. A score never goes below 0.",
    "Guard meeples never get ghosts. A completed cemetery (8 neighbours) gives its keeper a guard from the reserve; a haunted castle scores 2 per misty square in its 3×3 when surrounded (1 each at the end).",
  ], board: { sets: ["base", "ghosts"], draw: ["base.E", "base.U"], moves: [{ tile: "base.E", x: 2, y: 0, rotation: 1 }, { pass: true }],
    caption: "A clear edge against the mist: the bank is limited and can never be completed." } },
  { id: "spellcircles", set: "spellcircles", title: "The Spell Circles", rules: [
    "Spell circles in the mist either call more ghosts (mode B) or trap them with Eloïse the cat (mode A, chosen under Rules on the new-game screen).",
  ] },
  { id: "watchtowers", set: "watchtowers", title: "The Watchtowers", rules: [
    "A meeple may stand on a watchtower tile's road, city or field, never on the tower. When that road or city is completed, each meeple on the tower tile on it earns its owner the tower's bonus first (its symbol counts what stands in the 3×3 around it), whether or not that player has the majority. Farmers never do.",
  ] },
  { id: "shrines", set: "shrines", title: "Heretics & Shrines", rules: [
    "Shrines are placed and scored like monasteries, never beside more than one monastery. A heretic on a shrine next to a monk's monastery (or a monk next to a heretic) starts a challenge: whoever's building is completed first scores its 9, the other nothing, and both meeples go home. Completed by the same tile: both score.",
  ] },
];

/** Which help topic a log event belongs to, if any. */
export const TOPIC_OF = { scored: "base", figure_returned: "base", ghost_placed: "ghosts", ghost_skipped: "ghosts",
  figure_scared: "ghosts", ghost_penalty: "ghosts", guard_rewarded: "ghosts", tower_scored: "watchtowers",
  challenge_started: "shrines", challenge_won: "shrines", challenge_ended: "shrines", circle_filled: "spellcircles",
  cat_placed: "spellcircles", cat_scored: "spellcircles" };

/** The help drawer: `open(sets, topic?)` shows the base game and `sets`' topics (scrolled
 *  to `topic`), with their boards drawn by `W` (the wasm bindings); `close()`. */
export class Help {
  constructor(W, drawer) {
    this.W = W;
    this.drawer = drawer;
    this.views = [];
    drawer.querySelector(".help-close").addEventListener("click", () => this.close());
    drawer.addEventListener("keydown", (e) => { if (e.key === "Escape") this.close(); });
  }

  open(sets, topic) {
    this.close();
    const list = this.drawer.querySelector(".help-topics");
    const shown = TOPICS.filter((t) => !t.set || sets.includes(t.set));
    list.replaceChildren(...shown.map((t) => el("section", { id: `help-${t.id}`, class: "help-topic" },
      el("h3", { tabindex: "-1" }, t.title), ...t.rules.map((r) => el("p", {}, r)),
      ...(t.board ? [el("figure", {}, el("canvas", { class: "help-board", "data-topic": t.id, role: "img", "aria-label": t.board.caption }),
        el("figcaption", {}, t.board.caption))] : []))));
    this.drawer.hidden = false;
    // Each board is a little game played by its moves and drawn by the game's own view.
    for (const c of list.querySelectorAll("canvas.help-board")) {
      const b = TOPICS.find((t) => t.id === c.dataset.topic).board;
      const g = new this.W.Game({ players: ["Ann", "Bo"], sets: b.sets, draw: b.draw });
      for (const m of b.moves) g.apply(m);
      const v = new this.W.BoardView(c, g);
      v.setLocked(true);
      v.setMotion(false);
      this.views.push([v, g]);
    }
    const target = this.drawer.querySelector(`#help-${topic} h3`) || list.querySelector("h3");
    target?.scrollIntoView({ block: "start" });
    target?.focus();
  }

  close() {
    for (const [v, g] of this.views) { v.destroy(); v.free?.(); g.free?.(); }
    this.views = [];
    this.drawer.hidden = true;
  }
}
