// "How to play": the rules in short for the base game and each set in the game, with small
// boards drawn by the game itself from real moves. Opened from the header, from the hint of
// a step ("why is a ghost coming?") and from the log lines, in the page's language.
import { el } from "./dom.js";
import { guideProgress } from "./guide.js";

// Each topic: its rules (help.<id>.1, .2, … in the text table), its title (the set's name)
// and little boards, each played by real moves (found by `cargo run --example
// find_help_boards`) with its caption (help.<id>.<key>). The cooperative game has its own
// topic instead of the competitive ghosts and circles.
export const TOPICS = [
  { id: "base", rules: 4, boards: [
    { key: "board", sets: ["base"], draw: ["base.E", "base.U"], moves: [{ tile: "base.E", x: 0, y: -1, rotation: 2 }, { pass: true }] }] },
  { id: "river", set: "river", rules: 1 },
  { id: "ghosts", set: "ghosts", rules: 4, boards: [
    { key: "board", sets: ["base", "ghosts"], draw: ["base.E", "base.U"], moves: [{ tile: "base.E", x: 2, y: 0, rotation: 1 }, { pass: true }] },
    // GHOST-SCARE-1: two ghosts beside Ann's meeple; a third scares it off.
    { key: "scare", sets: ["base", "ghosts"], draw: ["ghosts.23", "ghosts.28", "base.B"], moves: [
      { tile: "ghosts.23", x: -1, y: 0, rotation: 0 }, { figure: "meeple", at: "Es" },
      { tile: "ghosts.28", x: 2, y: 0, rotation: 2 }, { ghost: true, x: -1, y: 0, at: "Es" }, { figure: "meeple", at: "Ws" },
      { tile: "base.B", x: -1, y: 1, rotation: 0 }, { ghost: true, x: -1, y: 0, at: "Es" }] }] },
  { id: "spellcircles", set: "spellcircles", rules: 1, boards: [
    // SPELLC-A-3: the circles drew ghosts from the meeples beside them.
    { key: "board", sets: ["base", "ghosts", "spellcircles"], options: { spell_mode: "A", eloise: false },
      draw: ["spellcircles.08", "spellcircles.05"], moves: [
        { tile: "spellcircles.08", x: 2, y: 0, rotation: 2 }, { figure: "meeple", at: "Nw" },
        { tile: "spellcircles.05", x: 3, y: 0, rotation: 1 }, { ghost: true, x: 2, y: 0, at: "Nw" }] }] },
  { id: "watchtowers", set: "watchtowers", rules: 1, boards: [
    // TOWER-9: Ann's meeple on the tower tile's road, the turn before Bo completes it.
    { key: "board", sets: ["base", "watchtowers"], draw: ["watchtowers.FRRF_1R", "base.L", "base.R"], moves: [
      { tile: "watchtowers.FRRF_1R", x: 1, y: 0, rotation: 1 }, { figure: "meeple", at: "E" }] }] },
  { id: "shrines", set: "shrines", rules: 1, boards: [
    // SHRINE-CH-1: Bo's heretic on the shrine beside Ann's monk.
    { key: "board", sets: ["base", "shrines"], draw: ["base.B", "shrines.S", "base.K"], moves: [
      { tile: "base.B", x: 0, y: 1, rotation: 0 }, { figure: "meeple", at: "building" },
      { tile: "shrines.S", x: 1, y: 1, rotation: 0 }, { figure: "meeple", at: "building" }] }] },
  { id: "coop", coop: true, rules: 3, boards: [
    // COOP-SETUP-4: the start tile's three ghosts.
    { key: "board", sets: ["ghosts"], options: { coop: { level: 1 } }, seed: "1", moves: [] }] },
];

/** Which help topic a log event belongs to, if any. */
export const TOPIC_OF = { scored: "base", figure_returned: "base", ghost_placed: "ghosts", ghost_skipped: "ghosts",
  figure_scared: "ghosts", ghost_penalty: "ghosts", guard_rewarded: "ghosts", tower_scored: "watchtowers",
  challenge_started: "shrines", challenge_won: "shrines", challenge_ended: "shrines", circle_filled: "spellcircles",
  cat_placed: "spellcircles", cat_scored: "spellcircles",
  ghosts_placed: "coop", ghosts_released: "coop", ghosts_removed: "coop", ghost_attracted: "coop", team_scored: "coop",
  scoring_given_up: "coop", meeple_buried: "coop", hound_reached: "coop", hound_placed: "coop", hound_scored: "coop",
  pile_opened: "coop" };

/** The help drawer: `open(sets, topic?)` shows the base game and `sets`' topics (scrolled
 *  to `topic`), with their boards drawn by `W` (the wasm bindings) and a button for each
 *  guided game of the topic (`onGuide(id)` plays it); `close()`. */
export class Help {
  constructor(W, drawer, t, onGuide = null) {
    this.W = W;
    this.onGuide = onGuide;
    this.t = t; // the translator (the page sets a new one when the language changes)
    this.drawer = drawer;
    this.views = [];
    drawer.querySelector(".help-close").addEventListener("click", () => this.close());
    drawer.addEventListener("keydown", (e) => { if (e.key === "Escape") this.close(); });
  }

  /** Show the rules of the game of snapshot `s` (the cooperative game's, or the base
   *  game's and those of its sets), scrolled to `topic`. */
  open(s, topic) {
    this.close({ restore: false });
    // Where the focus goes back to when the drawer closes (the button that opened it).
    this.opener = document.activeElement;
    const list = this.drawer.querySelector(".help-topics");
    const coop = !!s.coop;
    const shown = TOPICS.filter((x) => (coop ? x.coop : !x.coop && (!x.set || s.sets.includes(x.set))));
    const t = this.t;
    const title = (x) => t(x.coop ? "ng.coop" : `set.${x.id}`).split(":")[0];
    this.guides ??= this.onGuide ? this.W.Game.guides() : [];
    const guides = this.guides;
    const done = guideProgress().done; // a finished guide is ticked
    const play = (x) => guides.filter((g) => g.topic === x.id).map((g) => el("button", { type: "button", class: "guide-play",
      "data-guide": g.id, onclick: () => this.onGuide(g.id) },
    (done.includes(g.id) ? "✓ " : "") + t("guide.play", { title: g.title[t.lang] ?? g.title.en })));
    list.replaceChildren(...shown.map((x) => el("section", { id: `help-${x.id}`, class: "help-topic" },
      el("h3", { tabindex: "-1" }, title(x)),
      ...Array.from({ length: x.rules }, (_, i) => el("p", {}, t(`help.${x.id}.${i + 1}`))),
      ...play(x),
      ...(x.boards || []).map((b) => el("figure", {},
        el("canvas", { class: "help-board", "data-topic": x.id, "data-board": b.key, role: "img", "aria-label": t(`help.${x.id}.${b.key}`) }),
        el("figcaption", {}, t(`help.${x.id}.${b.key}`)))))));
    this.drawer.hidden = false;
    // Each board is a little game played by its moves and drawn by the game's own view.
    for (const c of list.querySelectorAll("canvas.help-board")) {
      const b = TOPICS.find((x) => x.id === c.dataset.topic).boards.find((x) => x.key === c.dataset.board);
      const g = new this.W.Game({ players: ["Ann", "Bo"], sets: b.sets, options: b.options, draw: b.draw, seed: b.seed });
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

  /** Close the drawer; the focus goes back to what had it when it opened (`restore`). */
  close({ restore = true } = {}) {
    for (const [v, g] of this.views) { v.destroy(); v.free?.(); g.free?.(); }
    this.views = [];
    const open = !this.drawer.hidden;
    this.drawer.hidden = true;
    if (restore && open && this.opener?.isConnected) this.opener.focus();
    if (restore) this.opener = null;
  }
}
