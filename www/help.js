// "How to play": the rules in short for the base game and each set in the game, with small
// boards drawn by the game itself from real moves. Opened from the header, from the hint of
// a step ("why is a ghost coming?") and from the log lines, in the page's language.
import { el } from "./dom.js";

// Each topic: its rules (help.<id>.1, .2, … in the text table), its title (the set's name)
// and, for some, a little board played by real moves with its caption (help.<id>.board).
const TOPICS = [
  { id: "base", rules: 3, board: { sets: ["base"], draw: ["base.E", "base.U"], moves: [{ tile: "base.E", x: 0, y: -1, rotation: 2 }, { pass: true }] } },
  { id: "river", set: "river", rules: 1 },
  { id: "ghosts", set: "ghosts", rules: 4,
    board: { sets: ["base", "ghosts"], draw: ["base.E", "base.U"], moves: [{ tile: "base.E", x: 2, y: 0, rotation: 1 }, { pass: true }] } },
  { id: "spellcircles", set: "spellcircles", rules: 1 },
  { id: "watchtowers", set: "watchtowers", rules: 1 },
  { id: "shrines", set: "shrines", rules: 1 },
];

/** Which help topic a log event belongs to, if any. */
export const TOPIC_OF = { scored: "base", figure_returned: "base", ghost_placed: "ghosts", ghost_skipped: "ghosts",
  figure_scared: "ghosts", ghost_penalty: "ghosts", guard_rewarded: "ghosts", tower_scored: "watchtowers",
  challenge_started: "shrines", challenge_won: "shrines", challenge_ended: "shrines", circle_filled: "spellcircles",
  cat_placed: "spellcircles", cat_scored: "spellcircles" };

/** The help drawer: `open(sets, topic?)` shows the base game and `sets`' topics (scrolled
 *  to `topic`), with their boards drawn by `W` (the wasm bindings); `close()`. */
export class Help {
  constructor(W, drawer, t) {
    this.W = W;
    this.t = t; // the translator (the page sets a new one when the language changes)
    this.drawer = drawer;
    this.views = [];
    drawer.querySelector(".help-close").addEventListener("click", () => this.close());
    drawer.addEventListener("keydown", (e) => { if (e.key === "Escape") this.close(); });
  }

  open(sets, topic) {
    this.close();
    const list = this.drawer.querySelector(".help-topics");
    const shown = TOPICS.filter((t) => !t.set || sets.includes(t.set));
    const t = this.t;
    list.replaceChildren(...shown.map((x) => el("section", { id: `help-${x.id}`, class: "help-topic" },
      el("h3", { tabindex: "-1" }, t(`set.${x.id}`)),
      ...Array.from({ length: x.rules }, (_, i) => el("p", {}, t(`help.${x.id}.${i + 1}`))),
      ...(x.board ? [el("figure", {}, el("canvas", { class: "help-board", "data-topic": x.id, role: "img", "aria-label": t(`help.${x.id}.board`) }),
        el("figcaption", {}, t(`help.${x.id}.board`)))] : []))));
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
