// <carcassonne-game>: the whole game in one element, for pages that embed it.
//
//   <script type="module" src="https://example.org/carcassonne/carcassonne-game.js"></script>
//   <carcassonne-game sets="base,ghosts" players="Ann, Computer:medium" seed="7"></carcassonne-game>
//
// Attributes (docs/embedding.md): sets, players, seed, options, record, readonly, move,
// autoplay, highlight, theme, bars, lang, marks, save, guide (and server, room, token online).
// Every element has its own game, board and computer players; several can sit on one
// page. Works under a strict Content-Security-Policy: no inline styles or scripts (the
// styles are a constructed style sheet). Its look is themable from the page through the
// --carcassonne-* custom properties and ::part().
import init, { Game, BoardView, drawTile, playerColor, thinkTurn } from "./carcassonne.js";
import { el } from "./dom.js";
import { Online, serverSocketUrl } from "./online.js";
import { inspectCard } from "./inspect.js";
import { Table, drawBoxTile, drawnLabel, markOf, readSave, showMoves, touchScreen } from "./controller.js";
import { LANGUAGES, pickLanguage, translator } from "./text.js";
import { guideSource, loadLanguage } from "./packs.js";
import { GuideRun, guideCard } from "./guide.js";
import { showNote } from "./study.js";
import { endsGame, finalScorings, headline, playFinal, renderResults } from "./results.js";
import { outcomeText } from "./coop.js";
import { ClockTicker, clockSpan } from "./clocks.js";

const W = { Game, BoardView, drawTile, playerColor, thinkTurn };

/** Resolves once the WebAssembly module is ready (one instance for every element). */
export const ready = init();

const STYLE = `
:host { display: block; position: relative; width: 100%; height: 100%; min-height: 280px; aspect-ratio: 4 / 3;
  contain: content; container-type: size; font: var(--carcassonne-font, 14px/1.3 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif);
  --_board: #26352b; --_bar: #f6f1e4ee; --_ink: #2a241b; --_muted: #6e6556; --_button: #fffaf0; --_edge: #9f927a; --_now: #fff3cf; }
:host([theme="light"]) { --_board: #e6eddc; }
:host([theme="dark"]) { --_board: #0f1511; --_bar: #232a26ee; --_ink: #efe8d8; --_muted: #b5ab98; --_button: #38413b;
  --_edge: #6c7a70; --_now: #4a4227; }
/* The page's own colours win over the theme's (docs/embedding.md). */
* { --board: var(--carcassonne-board, var(--_board)); --bar: var(--carcassonne-bar, var(--_bar));
  --ink: var(--carcassonne-ink, var(--_ink)); --muted: var(--carcassonne-muted, var(--_muted));
  --button: var(--carcassonne-button, var(--_button)); --edge: var(--carcassonne-edge, var(--_edge));
  --now: var(--carcassonne-now, var(--_now)); box-sizing: border-box; }
:host([hidden]) { display: none; }
[hidden] { display: none !important; }
.inspect-card { position: absolute; z-index: 5; max-width: 17rem; pointer-events: none; padding: .4rem .55rem;
  background: #fffaf0f2; color: #2a241b; border: 1px solid #9f927a; border-radius: .4rem; box-shadow: 0 2px 10px #0006;
  font-size: .85rem; line-height: 1.3; }
.inspect-part + .inspect-part { margin-top: .35rem; padding-top: .35rem; border-top: 1px solid #d6ccb8; }
.board { position: absolute; inset: 0; width: 100%; height: 100%; display: block; touch-action: none; background: var(--board); }
.board:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid #ffd54a; outline-offset: -3px; }
.bar { position: absolute; left: .4rem; right: .4rem; display: flex; flex-wrap: wrap; gap: .35rem; align-items: center;
  background: var(--bar); color: var(--ink); border-radius: .45rem; padding: .3rem .45rem; box-shadow: 0 1px 6px #0005; }
/* The bars share a small box with the board (docs/embedding.md: no legal square under a bar,
   even in a 300 px box): the top one (a guide's narration) scrolls within 45% of the box,
   the bottom one within 30%; below 360 px its hint keeps to two lines beside the
   buttons, and below 480 px a guide's narration to three. */
.top { top: .4rem; max-height: 45%; overflow-y: auto; }
.bottom { bottom: .4rem; max-height: 30%; overflow-y: auto; }
@container (max-height: 359px) {
  .hint:not(.error) { flex: 1 1 0; min-width: 5rem; display: -webkit-box; -webkit-box-orient: vertical;
    -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
}
@container (max-height: 479px) {
  .guide-title, .guide-progress { display: none; }
  /* The narration scrolls, so that its buttons (Next, Leave) stay in sight. */
  .guide-say { max-height: 3.9em; overflow-y: auto; }
}
.players { display: flex; flex-wrap: wrap; gap: .3rem; margin: 0; padding: 0; list-style: none; flex: 1; }
.players li { display: flex; gap: .3rem; align-items: center; padding: .1rem .4rem; border-radius: .3rem; }
.players li.current { background: var(--now); box-shadow: inset 0 -2px 0 #d8a600; }
.swatch { width: .8rem; height: .8rem; border-radius: 50%; border: 1px solid #0006; display: inline-grid; place-items: center;
  font-size: .5rem; line-height: 1; color: #fff; text-shadow: 0 0 2px #000; }
.score { font-weight: 700; font-variant-numeric: tabular-nums; }
/* A room's clock: the running one framed, low time red and bold (not by colour alone). */
.clock { font-variant-numeric: tabular-nums; padding: 0 .25rem; border-radius: .3rem; border: 1px solid transparent; }
.clock.running { border-color: currentColor; }
.clock.low { color: #b3261e; font-weight: 700; }
.status { font-weight: 600; }
/* A study's note: the whole width of the top bar, scrolling past five lines. */
.study { flex-basis: 100%; max-height: 7.5em; overflow-y: auto; font-size: .92rem; line-height: 1.3; }
.study p { margin: .1rem 0; }
.study .suggest { font-style: italic; }
/* Fingers: every button at least 44 px (WCAG 2.5.5). */
@media (pointer: coarse) { button { min-height: 44px; min-width: 44px; } }
.results { position: absolute; z-index: 6; left: 50%; top: 50%; transform: translate(-50%, -50%);
  width: min(22rem, calc(100% - 1rem)); max-height: calc(100% - 1rem); overflow: auto; padding: .7rem .8rem;
  background: var(--bar); color: var(--ink); border-radius: .6rem; box-shadow: 0 6px 24px #0009; }
.results h2 { margin: 0 0 .3rem; font-size: 1.15rem; }
.results .outcome { margin: 0 0 .4rem; font-weight: 600; }
.results .places { list-style: none; margin: .2rem 0 .5rem; padding: 0; }
.results .places li { display: grid; grid-template-columns: 1.6rem .9rem 1fr auto; gap: .4rem; align-items: center;
  padding: .2rem 0; border-bottom: 1px solid #0002; }
.results .places li.first { font-weight: 700; }
.results .actions { display: flex; justify-content: flex-end; gap: .4rem; }
.results .actions button { min-height: 44px; }
.drawn { width: 44px; height: 44px; border-radius: .25rem; background: #ddd; flex: none; }
.hint { flex: 1 1 12rem; color: var(--muted); }
.note { flex-basis: 100%; font-size: .8em; color: var(--muted); }
button { font: inherit; padding: .25rem .55rem; border-radius: .35rem; border: 1px solid var(--edge);
  background: var(--button); color: var(--ink); cursor: pointer; }
button:disabled { opacity: .45; cursor: default; }
input[type=range] { flex: 1 1 6rem; min-width: 4rem; }
.sr, .sr-text { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.error { color: #b3261e; }
/* A guided game's narration (guide="…"), in the top bar. */
.guide-card { flex-basis: 100%; border-top: 1px solid var(--edge); padding-top: .3rem; }
.guide-card h2 { font-size: 1em; margin: 0; }
.guide-progress { margin: 0; font-size: .8em; color: var(--muted); }
.guide-say { margin: .2rem 0; }
.guide-feedback { margin: 0; font-weight: 600; }
.guide-buttons { display: flex; gap: .35rem; justify-content: flex-end; }
.guide-buttons button { min-height: 36px; }
/* bars="compact": one slim line each; bars="none": the board alone. */
:host([bars="compact"]) .bar { font-size: .8em; padding: .15rem .3rem; gap: .25rem; }
:host([bars="compact"]) .note, :host([bars="compact"]) .hint:not(.error) { display: none; }
:host([bars="compact"]) .drawn { width: 30px; height: 30px; }
:host([bars="compact"]) button { padding: .1rem .4rem; }
:host([bars="none"]) .bar { display: none; }
`;

let sheet; // one constructed style sheet shared by every element (CSP-safe)

/** Parse `players="3"` or `players="Ann, Bob:medium"` into the API's player list. */
export function parsePlayers(text, names) {
  const t = (text ?? "").trim() || "2";
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    if (n < 2 || n > 5) throw new Error(`players="${t}": a game has 2 to 5 players`);
    return names.slice(0, n).map((name) => ({ name }));
  }
  return t.split(",").map((p) => {
    const [name, level] = p.split(":").map((s) => s.trim());
    if (!name) throw new Error(`players="${t}": a player has no name`);
    return level ? { name, computer: level } : { name };
  });
}

export class CarcassonneGame extends HTMLElement {
  static observedAttributes = ["sets", "players", "seed", "options", "record", "readonly", "lang", "theme", "server", "room", "token",
    "marks", "move", "autoplay", "highlight", "bars", "guide", "confirm", "odds", "study"];

  constructor() {
    super();
    const root = this.attachShadow({ mode: "open" });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLE);
    }
    root.adoptedStyleSheets = [sheet];
    const $ = (cls, tag = "div", props = {}, ...children) => el(tag, { class: cls, ...props }, ...children);
    // `part` names what a page may style with ::part() (docs/embedding.md).
    const button = (part = "button") => $("", "button", { type: "button", part });
    this.ui = {
      board: $("board", "canvas", { tabindex: "0", part: "board" }),
      players: $("players", "ol", { part: "players" }),
      status: $("status", "span", { part: "status" }),
      drawn: $("drawn", "canvas", { width: "88", height: "88", role: "img", part: "drawn" }),
      hint: $("hint", "span", { part: "hint" }),
      rotate: button(),
      // Hidden until a game says what it does (no nameless button in an element that failed).
      pass: $("", "button", { type: "button", hidden: true, part: "button" }),
      colour: $("", "button", { type: "button", hidden: true, part: "button" }),
      figure: $("", "button", { type: "button", hidden: true, part: "button" }),
      undo: button(),
      end: $("", "button", { type: "button", hidden: true, part: "button" }),
      note: $("note", "span", { part: "note" }),
      study: $("study", "div", { role: "note", part: "study", hidden: true }),
      top: $("bar top", "div", { part: "bar top-bar" }),
      replay: $("bar bottom replay", "div", { role: "toolbar", part: "bar bottom-bar replay-bar" }),
      slider: $("", "input", { type: "range", min: "0", max: "0", value: "0", part: "slider" }),
      first: button(), back: button(), play: button(), forward: button(), last: button(),
      move: $("", "span", { part: "move" }),
      results: $("results", "section", { role: "dialog", "aria-labelledby": "results-title", part: "results", hidden: true }),
      resultsBody: $("", "div"),
      resultsClose: button(),
      resultsOpen: $("", "button", { type: "button", hidden: true, part: "button" }),
      announce: $("sr", "div", { "aria-live": "polite" }),
    };
    const u = this.ui;
    u.first.textContent = "«"; u.back.textContent = "◀"; u.forward.textContent = "▶"; u.last.textContent = "»";
    u.bottom = el("div", { class: "bar bottom", part: "bar bottom-bar" }, u.drawn, u.hint, u.rotate, u.colour, u.figure, u.pass, u.end, u.undo,
      u.resultsOpen, u.note);
    u.results.append(u.resultsBody, el("div", { class: "actions" }, u.resultsClose));
    this.card = guideCard(); // in the top bar while a guide is played (guide="…")
    u.top.append(u.players, u.status, u.study);
    u.replay.append(u.play, u.first, u.back, u.slider, u.forward, u.last, u.move);
    u.replay.hidden = true; // until a replay is shown (also when the game cannot start)
    root.append(u.board, u.top, u.bottom, u.replay, u.results, u.announce);
    u.resultsClose.addEventListener("click", () => { u.results.hidden = true; u.board.focus(); });
    u.resultsOpen.addEventListener("click", () => this.showResults());
    // A room's clocks beside the players' names, counting down between renders.
    this.clocks = new ClockTicker(root, () => this.online, (text) => { u.announce.textContent = text; }, (k, p) => this.t(k, p));
    this.stopFinal = () => {};
    // The board fits itself into what the bars leave free (a small box's legal squares
    // are never under a bar).
    this.bars = new ResizeObserver(() => this.keepClear());
    for (const bar of [u.top, u.bottom, u.replay]) this.bars.observe(bar);
    u.rotate.addEventListener("click", () => { this.view?.rotate(); this.render(); });
    // Where a move goes (the guide, the server or the game) is the Table's to say.
    u.pass.addEventListener("click", () => this.table.pass());
    this.hideCard = inspectCard(u.board, root, u.announce);
    // Undo lifts a figure waiting for its confirmation first, then the tile.
    u.undo.addEventListener("click", () => { if (!this.view?.cancelPending()) this.view?.undo(); });
    u.end.addEventListener("click", () => this.view?.confirmPending());
    u.board.addEventListener("figurepending", () => this.render());
    u.board.addEventListener("boardrefused", (e) => { u.hint.textContent = this.t(`refused.${e.detail.why}`); u.announce.textContent = u.hint.textContent; });
    // The cooperative game: which of the seat's colours the next meeple is (cycles).
    u.colour.addEventListener("click", () => {
      const own = this.lastTurn?.colours || [];
      this.colour = own[(own.indexOf(this.colour) + 1) % own.length];
      this.view?.setColour(this.colour);
      this.render();
    });
    // With guards or an abbot: which figure the next click places (cycles).
    u.figure.addEventListener("click", () => {
      const kinds = this.game?.snapshot().figure_kinds || [];
      this.figure = kinds[(kinds.indexOf(this.figure ?? "meeple") + 1) % kinds.length];
      this.view?.setFigure(this.figure);
      this.render();
    });
    u.board.addEventListener("previewchange", () => this.render());
    // A person's step stops the replay playing on its own.
    const manual = (k) => { this.pause(); this.step(k); };
    u.first.addEventListener("click", () => manual(0));
    u.back.addEventListener("click", () => manual(this.shown - 1));
    u.forward.addEventListener("click", () => manual(this.shown + 1));
    u.last.addEventListener("click", () => manual(Infinity));
    u.slider.addEventListener("input", () => manual(Number(u.slider.value)));
    u.play.addEventListener("click", () => (this.playing ? this.pause() : this.play()));
    this.table = new Table(W, u.board, {
      t: translator("en"),
      render: () => this.render(),
      save: () => this.save(),
      announce: (text) => { u.announce.textContent = text; },
      hideCard: () => this.hideCard(),
      changed: (events, snapshot) => this.changed(events, snapshot),
      online: () => this.online,
      guide: () => this.guideRun,
      // Motion follows the reader's system setting (the view checks it); `marks` adds the
      // colour-blind marks; an element makes no sound.
      motion: () => true, sound: () => false, marks: () => this.hasAttribute("marks"),
      odds: () => this.getAttribute("odds") !== "off",
      // A figure waits for End turn unless the page says confirm="off".
      confirm: () => this.getAttribute("confirm") !== "off",
      onError: (m) => this.fail(new Error(m)),
      // A worker from another origin than the page's cannot start: they think on the page then.
      workerUrl: new URL("bot-worker.js", import.meta.url),
    });
    this.full = null; // the record being watched (read-only with a record: a replay)
    this.notes = []; // its notes (a study's), checked by the engine
    this.shown = 0;
    this.started = false;
  }

  /** The language in use: the `lang` attribute's if the game speaks it, else the page's
   *  (`<html lang>`), else English. */
  get language() { return pickLanguage(this.getAttribute("lang"), this.closest("[lang]")?.getAttribute("lang")); }

  /** `t(key, params)` in the element's language (text.js). */
  get t() { return this.table.host.t; }

  get game() { return this.table.game; }

  get view() { return this.table.view; }

  /** The computer players (computers.js). */
  get computers() { return this.table.bots; }

  /** The first key this element's games are saved under (`save="off"`: not saved). */
  get saveBase() {
    const save = this.getAttribute("save");
    if (save === "off" || this.readonly || this.hasAttribute("record")) return null;
    const index = [...document.querySelectorAll("carcassonne-game")].indexOf(this);
    return `carcassonne.element:${location.pathname}:${save || this.id || index}`;
  }

  /** Claim the save slot for these attributes, one that no other element or frame of this
   *  site holds (a Web Lock, kept while this element lives): first a slot holding a game made
   *  for them (free now, else the first such one once the page going away in a reload lets
   *  go of it, waiting up to 2 s), else the first slot of `base`, `base#2`, … that is empty
   *  or unreadable. A slot holding another configuration's game is never written: two
   *  iframes of embed.html with other options each keep their own. */
  async claimSlot() {
    this.releaseSlot();
    const base = this.saveBase;
    if (!base) return null;
    const keys = Array.from({ length: 32 }, (_, i) => (i === 0 ? base : `${base}#${i + 1}`));
    const state = (key) => {
      const text = localStorage.getItem(key);
      if (!text) return "empty";
      try { return JSON.parse(text).signature === this.signature ? "mine" : "other"; } catch { return "unreadable"; }
    };
    const take = async (key, wanted, waitMs) => {
      if (!wanted.includes(state(key)) || !(await this.lock(key, waitMs))) return false;
      if (wanted.includes(state(key))) return true; // still so, now that it is held
      this.releaseSlot();
      return false;
    };
    for (const [wanted, waitMs] of [[["mine"], 0], [["mine"], 2000], [["empty", "unreadable"], 0]]) {
      for (const key of keys) if (await take(key, wanted, waitMs)) return key;
    }
    return null;
  }

  /** Hold the Web Lock for a slot while this element lives; false if another holds it (after
   *  waiting up to `waitMs` for it). */
  lock(key, waitMs = 0) {
    if (!navigator.locks) return Promise.resolve(true);
    return new Promise((got) => {
      const options = waitMs ? { signal: AbortSignal.timeout(waitMs) } : { ifAvailable: true };
      navigator.locks.request(`carcassonne-save:${key}`, options, (lock) => {
        got(!!lock);
        if (lock) return new Promise((release) => { this.unlock = release; });
      }).catch(() => got(false));
    });
  }

  // The key is never kept in `slot`: that is the DOM's own property, reflected as the
  // `slot` attribute, and a slotted element with a wrong slot vanishes from its parent.
  releaseSlot() { this.unlock?.(); this.unlock = null; this.saveKey = null; }

  /** What the attributes ask for; a save made for other attributes is not resumed. */
  get signature() {
    return ["sets", "players", "seed", "options"].map((a) => this.getAttribute(a) ?? "").join("|");
  }

  async connectedCallback() {
    if (!this.resizer) {
      this.resizer = new ResizeObserver(() => this.view?.redraw());
      this.resizer.observe(this);
    }
    if (this.started) {
      // Back on the page after a move in the DOM: its save slot again, the computers go on.
      if (this.game) this.claimSlot().then((key) => { this.saveKey = key; this.save(); });
      if (this.game) this.table.nextComputer();
      return;
    }
    this.started = true;
    this.table.host.t = translator(this.language);
    this.ui.hint.textContent = this.t("loading");
    await Promise.all([ready, loadLanguage(this.language)]);
    if (this.isConnected) this.restart();
  }

  disconnectedCallback() {
    // Off the page, nobody watches: computer players stop until it comes back.
    this.table.bots.cancel();
    this.pause();
    this.releaseSlot();
    this.resizer?.disconnect();
    this.resizer = null;
    this.clocks.stop();
  }

  attributeChangedCallback(name, old, value) {
    if (!this.started || old === value) return;
    if (name === "lang") {
      // Once the language's sentences have come (www/packs.js); the last change wins.
      const lang = this.language;
      loadLanguage(lang).then(() => { if (this.language === lang) this.speak(); });
      return;
    }
    if (!this.game) return;
    if (name === "theme") { this.applyLook(); return; }
    if (name === "bars") { this.render(); return; }
    if (name === "marks" || name === "confirm" || name === "odds") { this.table.settingsChanged(); this.render(); return; }
    if (name === "highlight") { this.applyLook(); return; }
    if (name === "move" && this.full) { this.pause(); this.step(this.startMove()); return; }
    if (name === "autoplay" && this.full) { if (value === null) this.pause(); else this.play(); return; }
    if (name === "move" || name === "autoplay") return;
    this.restart();
  }

  /** Speak the language of the attributes from now on. */
  speak() {
    if (this.guideRun) this.guideRun.host.t = translator(this.language);
    // Also before the game is up (embed.html sets it after the element has started).
    this.table.host.t = translator(this.language);
    if (!this.game) return;
    this.table.languageChanged();
    this.labels();
    this.render();
  }

  /** Start (or restart) from the attributes; errors are shown in the element. */
  async restart() {
    // The attributes may have changed since the element started (embed.html sets them
    // from its URL after): the language is the one they say now.
    await loadLanguage(this.language);
    this.table.host.t = translator(this.language);
    this.labels();
    this.pause();
    this.guideRun?.stop();
    this.guideRun = null;
    this.card.root.remove();
    try {
      this.online?.close();
      this.online = null;
      const guide = this.getAttribute("guide");
      if (guide) {
        await this.playGuide(guide);
        this.dispatchEvent(new CustomEvent("carcassonne-ready", { detail: { game: this.game } }));
        return;
      }
      const server = this.getAttribute("server"), room = this.getAttribute("room");
      if (server && room) {
        // A room of a game server (which must allow this page's origin): join its seat
        // with `token`, or watch without.
        const o = new Online({ Game }, serverSocketUrl(new URL(server, document.baseURI).href), this.t);
        this.online = o;
        o.addEventListener("game", (e) => { this.attach(e.detail, { remote: true }); this.announceTurn(this.render()); });
        o.addEventListener("room", () => this.render());
        o.addEventListener("status", () => this.render());
        o.addEventListener("clock", () => this.clocks.update());
        o.addEventListener("timeout", (e) => {
          const name = o.room?.seats?.[e.detail.seat]?.name ?? "?";
          this.ui.hint.textContent = this.t(e.detail.rule === "loss" ? "clock.timeoutLoss" : "clock.timeoutComputer", { name });
          this.ui.announce.textContent = this.ui.hint.textContent;
        });
        o.addEventListener("error", (e) => this.fail(new Error(e.detail)));
        o.join(room, this.getAttribute("token") || undefined);
        this.dispatchEvent(new CustomEvent("carcassonne-ready", { detail: { online: o } }));
        return;
      }
      const record = this.getAttribute("record"), study = this.getAttribute("study");
      this.saveKey = await this.claimSlot();
      if (study) {
        // A study is read, never played on: its notes follow the move shown.
        await this.showRecord(study, { urls: true, study: true });
      } else if (record) {
        await this.showRecord(record, { urls: true });
      } else {
        const { game, problem } = this.resume();
        this.attach(game || new Game({ ...this.options(), lang: this.language }));
        if (problem) this.fail(new Error(problem), this.t("el.fresh"));
      }
      this.dispatchEvent(new CustomEvent("carcassonne-ready", { detail: { game: this.game } }));
      this.announceTurn(this.game.snapshot());
    } catch (e) {
      this.fail(e);
    }
  }

  /** Play a guided game (docs/guides.md): a built-in one by its name (`base`), a guide's
   *  JSON text, or the URL of a guide file. Leaving or finishing it starts the game the
   *  other attributes describe, and tells the page (`carcassonne-guide-end`). */
  async playGuide(source) {
    let text = String(source).trim();
    if (/^[a-z0-9-]{1,40}$/.test(text)) text = await guideSource(text, Game.guides());
    else if (!text.startsWith("{")) {
      const response = await fetch(new URL(text, document.baseURI));
      if (!response.ok) throw new Error(`the guide ${text} could not be fetched (${response.status})`);
      text = await response.text();
    }
    const data = Game.guide(text);
    const run = new GuideRun(W, data, {
      table: this.table, card: this.card, t: this.t,
      render: () => this.render(),
      announce: (line) => { this.ui.announce.textContent = line; },
      attach: (game) => this.attach(game, { guided: true }),
      ended: (finished) => {
        this.guideRun = null;
        this.card.root.remove();
        this.dispatchEvent(new CustomEvent("carcassonne-guide-end", { detail: { id: data.id, finished } }));
        // The free game starts as the element's game does: ready (with the new game), then
        // the change and the first turn, as after newGame.
        this.attach(new Game({ ...this.options(), lang: this.language }));
        this.dispatchEvent(new CustomEvent("carcassonne-ready", { detail: { game: this.game } }));
        this.told();
      },
    });
    this.guideRun = run;
    this.ui.top.append(this.card.root);
    run.start();
  }

  /** The saved game for these attributes, if any. An unreadable save is never deleted:
   * it is kept under another key (controller.js), and `problem` says so. */
  resume() {
    const key = this.saveKey;
    if (!key) return {};
    const r = readSave(key, (text) => {
      const saved = JSON.parse(text);
      return saved.signature === this.signature ? Game.fromRecord(saved.record, this.language) : null;
    });
    if (r.aside) return { problem: this.t("el.corrupt", { error: r.error, key: r.aside }) };
    if (r.full) {
      this.releaseSlot();
      return { problem: this.t("el.corruptFull", { error: r.error }) };
    }
    return { game: r.game };
  }

  /** The `new Game` options the attributes describe. */
  options() {
    const opts = {
      players: parsePlayers(this.getAttribute("players"), [0, 1, 2, 3, 4].map((i) => this.t(`name.${i}`))),
      sets: (this.getAttribute("sets") || "base").split(",").map((s) => s.trim()).filter(Boolean),
    };
    const seed = this.getAttribute("seed");
    if (seed) opts.seed = seed.trim();
    const options = this.getAttribute("options");
    if (options) {
      try { opts.options = JSON.parse(options); } catch { throw new Error(`options="${options}" is not a JSON object`); }
    }
    return opts;
  }

  /** A record to show: JSON text, a share code (c1.…), or (`urls`: only from the page's
   *  own `record` and `study` attributes) the URL of a record file. A replay (`readonly`,
   *  or a `study`) shows the record's notes as it is stepped through. */
  async showRecord(source, { urls = false, study = false } = {}) {
    let text = String(source).trim();
    if (/^c\d+\./.test(text)) text = Game.recordFromShareCode(text, this.language);
    else if (!text.startsWith("{")) {
      if (!urls) throw new Error("a record is JSON text or a share code (c1.…); URLs are read only from the record attribute");
      const response = await fetch(new URL(text, document.baseURI));
      if (!response.ok) throw new Error(`the record ${text} could not be fetched (${response.status})`);
      text = await response.text();
    }
    const game = Game.fromRecord(text, this.language);
    const notes = Game.recordNotes(text, this.language);
    this.pause();
    this.full = this.readonly ? JSON.parse(text) : null;
    this.notes = this.full ? notes : [];
    this.attach(game);
    if (this.full) {
      // The game read stands at the record's end.
      this.shown = this.full.actions.length;
      this.step(this.startMove());
      if (this.hasAttribute("autoplay")) this.play();
    }
  }

  /** The move a replay opens at: `move` (clamped to the record; negative counts from the
   *  end), else the first with `autoplay`, else the last. */
  startMove() {
    const n = this.full?.actions.length ?? 0;
    const move = this.getAttribute("move");
    if (move !== null && /^\s*-?\d+\s*$/.test(move)) {
      const k = Number(move);
      return Math.max(0, Math.min(n, k < 0 ? n + k : k));
    }
    // A study opens at its first note.
    if (this.notes?.length) return Math.min(n, this.notes[0].at);
    return this.hasAttribute("autoplay") ? 0 : n;
  }

  /** Seconds between moves when a replay plays on its own (`autoplay="2"`; 0.2 to 60,
   *  1.5 by default). */
  get autoplaySeconds() {
    const v = Number(this.getAttribute("autoplay"));
    return Number.isFinite(v) && v >= 0.2 ? Math.min(v, 60) : 1.5;
  }

  /** Play the replay on its own from the move shown (from the first if at the end). */
  play() {
    if (!this.full) return;
    this.pause();
    if (this.shown >= this.full.actions.length) this.step(0);
    this.playing = setInterval(() => {
      if (this.full) this.step(this.shown + 1);
      if (!this.full || this.shown >= this.full.actions.length) this.pause();
    }, this.autoplaySeconds * 1000);
    this.render();
  }

  /** Stop playing the replay on its own. */
  pause() {
    if (!this.playing) return;
    clearInterval(this.playing);
    this.playing = null;
    this.render();
  }

  /** The theme's board colour (or the page's --carcassonne-board) on the canvas, and the
   *  squares `highlight` names. */
  applyLook() {
    if (!this.view) return;
    this.view.setBackground(getComputedStyle(this.ui.board).backgroundColor);
    try {
      this.showNote();
    } catch (e) {
      this.fail(e);
    }
  }

  /** The squares `highlight` names, and the notes of the move shown (a study's); returns
   *  the notes' words. */
  showNote() {
    const squares = parseSquares(this.getAttribute("highlight"));
    if (!this.full) {
      this.view.setHighlights(squares);
      this.ui.study.hidden = true;
      return "";
    }
    return showNote({ notes: this.notes, k: this.shown, game: this.game, view: this.view, box: this.ui.study,
      lang: this.language, t: this.t, squares });
  }

  /** Tell the board which parts of it the bars cover, so that it fits itself between them. */
  keepClear() {
    if (!this.view) return;
    const box = this.getBoundingClientRect();
    const shown = (bar) => bar.offsetParent !== null && bar.offsetHeight > 0;
    const u = this.ui;
    const top = shown(u.top) ? u.top.getBoundingClientRect().bottom - box.top : 0;
    const bottoms = [u.bottom, u.replay].filter(shown).map((b) => box.bottom - b.getBoundingClientRect().top);
    this.view.setInsets(Math.max(0, top), 0, Math.max(0, ...bottoms), 0);
  }

  /** After every move: the page hears of the change, of whose turn it is, and of the end. */
  changed(events, snapshot) {
    this.dispatchEvent(new CustomEvent("carcassonne-change", { detail: { events, snapshot } }));
    this.announceTurn(snapshot);
    if (endsGame(events) && !this.full && !this.guideRun) this.gameEnded(events);
  }

  /** The game just ended: its final scoring played out on the board (any input skips it),
   *  told in the hint line, then the results. */
  gameEnded(events) {
    this.stopFinal();
    const hint = this.ui.hint;
    this.stopFinal = playFinal(this.view, finalScorings(events), {
      stepMs: this.finalStepMs,
      show: (e, i, n) => { hint.textContent = e ? `${this.t("final.step", { i, n })}: ${e.text}` : ""; },
      done: () => this.showResults(),
    });
  }

  /** The results over the board (compact: the winner, the places). */
  showResults() {
    const s = this.game?.snapshot();
    if (!s?.over) return;
    const u = this.ui, t = this.t;
    renderResults(u.resultsBody, s, { t, compact: true, color: (i) => playerColor(this.game, i),
      outcome: s.coop ? outcomeText(s.coop, t) : null });
    u.resultsClose.textContent = t("results.board");
    u.results.hidden = false;
    u.resultsClose.focus();
  }

  /** `carcassonne-turn` when another player (or another turn) is up, `carcassonne-over`
   *  once when the game ends; not while a replay is stepped through, and no end for a
   *  guided game. */
  announceTurn(s) {
    if (!s || this.full) return;
    // A guided game's end is the guide's (carcassonne-guide-end), not a game the page keeps.
    if (s.over && this.guideRun) return;
    const key = s.over ? "over" : `${s.turn}:${s.current_player}`;
    if (key === this.turnKey) return;
    this.turnKey = key;
    if (s.over) {
      this.dispatchEvent(new CustomEvent("carcassonne-over", { detail: outcome(s) }));
      return;
    }
    const seat = s.current_player;
    this.dispatchEvent(new CustomEvent("carcassonne-turn", {
      detail: { seat, name: s.players[seat].name, turn: s.turn, computer: this.lastTurn?.computer ?? null, step: s.phase.step },
    }));
  }

  /** Play (or watch) `game` in this element (`remote`: a room's game, played through the
   *  server). */
  attach(game, { remote = false, guided = false } = {}) {
    this.turnKey = null;
    this.stopFinal();
    this.ui.results.hidden = true;
    if (!guided && this.guideRun) { this.guideRun.stop(); this.guideRun = null; this.card.root.remove(); }
    // A guided game's moves are checked by the guide before they are played.
    this.table.attach(game, { remote: remote || guided, locked: this.readonly });
    this.labels();
    this.applyLook();
    this.table.begin();
    this.keepClear();
  }

  /** Watch only: `readonly`, or a study (read, never played on). */
  get readonly() { return this.hasAttribute("readonly") || this.hasAttribute("study"); }

  save() {
    if (this.online || this.guideRun) return; // the server keeps a room's game; a guide is never saved
    const key = this.saveKey;
    if (!key || !this.game) return;
    try { localStorage.setItem(key, JSON.stringify({ signature: this.signature, record: this.game.exportRecord() })); } catch { /* storage off or full */ }
  }

  /** Watch the recorded game after `k` of its moves (read-only with a record). */
  step(k) {
    if (!this.full) return;
    this.shown = showMoves(this.game, this.full, this.shown, k);
    this.render();
    let said = "";
    try { said = this.showNote(); } catch (e) { this.fail(e); }
    const move = this.t("replay.move", { k: this.shown, n: this.full.actions.length });
    this.ui.announce.textContent = said ? `${move}: ${said}` : move;
  }

  labels() {
    const t = this.t, u = this.ui;
    u.board.setAttribute("aria-label", t("board.label"));
    u.rotate.textContent = t("btn.rotate");
    u.undo.textContent = t("btn.undoShort");
    u.end.textContent = t("btn.end");
    u.replay.setAttribute("aria-label", t("replay.label"));
    u.drawn.setAttribute("aria-label", t("drawn.label"));
    for (const [b, key] of [[u.first, "replay.first"], [u.back, "replay.back"], [u.forward, "replay.forward"], [u.last, "replay.last"]]) b.setAttribute("aria-label", t(key));
    this.labelPlay();
    u.slider.setAttribute("aria-label", t("replay.label"));
  }

  /** The replay's play button says what it does now. */
  labelPlay() {
    const u = this.ui;
    u.play.textContent = this.playing ? "❚❚" : "▷";
    u.play.setAttribute("aria-label", this.t(this.playing ? "replay.pause" : "replay.play"));
  }

  render() {
    if (!this.game) return null;
    const s = this.game.snapshot(), t = this.t, u = this.ui;
    const me = s.players[s.current_player];
    const turn = this.table.turn(s);
    // Whoever only watches (a room without a seat, a read-only board) gets no move buttons.
    const b = this.table.buttons(s, turn, { watcher: this.readonly });
    this.lastTurn = turn;
    u.hint.classList.remove("error");
    this.view.setLocked(turn.idle);
    const marks = this.hasAttribute("marks");
    const clocked = !!this.online?.room?.clock;
    u.players.replaceChildren(...s.players.map((p, i) => {
      const swatch = el("span", { class: "swatch" }, marks ? markOf(s, i) : "");
      swatch.style.background = playerColor(this.game, i); // a co-op seat: its first colour
      return el("li", { class: i === s.current_player && !s.over ? "current" : "" }, swatch,
        el("span", {}, p.name), el("span", { class: "score" },
          el("span", { "aria-hidden": "true" }, String(p.score)), el("span", { class: "sr-text" }, t("points", { n: p.score }))),
        ...(clocked ? [clockSpan(i, t, "sr-text")] : []));
    }));
    this.clocks.update();
    const c = s.coop;
    if (c) {
      // One team: its score and the ghosts left (running out loses) instead of each score.
      for (const li of u.players.querySelectorAll(".score")) li.textContent = "";
      u.status.textContent = c.outcome ? outcomeText(c, t)
        : `${t("turn.toPlay", { name: me.name })} · ${t("team.status", { score: Math.min(...c.markers), goal: c.goal, ghosts: t("el.ghostsLeft", { n: c.supply + c.cat_pile }) })}`;
    } else u.status.textContent = s.over ? `${t("turn.over")}: ${headline(s, t)}`
      : `${t("turn.toPlay", { name: me.name })} · ${t("el.tiles", { n: s.tiles_left })}`;
    u.bottom.hidden = !!this.full;
    u.replay.hidden = !this.full;
    if (this.full) {
      const n = this.full.actions.length;
      u.slider.max = String(n);
      u.slider.value = String(this.shown);
      u.move.textContent = t("replay.move", { k: this.shown, n });
      u.slider.setAttribute("aria-valuetext", u.move.textContent);
      u.first.disabled = u.back.disabled = this.shown === 0;
      u.last.disabled = u.forward.disabled = this.shown === n;
      this.labelPlay();
    }
    drawBoxTile(W, u.drawn, s, s.phase.step === "tile" ? this.view.previewRotation() : 0);
    u.drawn.setAttribute("aria-label", drawnLabel(this.game, s, t));
    u.hint.textContent = s.over ? "" : this.guideRun?.finished(s) ? t("guide.done") : this.table.hint(s, turn);
    const show = (button, { shown, enabled }) => { button.hidden = !shown; button.disabled = !enabled; };
    show(u.rotate, b.rotate);
    show(u.pass, b.pass);
    u.pass.textContent = t(b.pass.key);
    // One Undo here: it lifts a figure waiting for its confirmation, else the tile.
    show(u.undo, b.takeBack.shown ? b.takeBack : b.undo);
    show(u.end, b.end);
    const own = turn.colours;
    if (own.length && !own.includes(this.colour)) { this.colour = own[0]; this.view.setColour(this.colour); }
    u.colour.hidden = own.length < 2;
    u.colour.textContent = own.length ? t("el.colour", { colour: t(`colour.${this.colour}`) }) : "";
    const kinds = s.figure_kinds || [];
    this.figure ??= "meeple"; // the view's own default
    if (kinds.length && !kinds.includes(this.figure)) { this.figure = "meeple"; this.view.setFigure("meeple"); }
    u.figure.hidden = !b.figures.length;
    u.figure.textContent = t("el.figure", { figure: t(`figure.${this.figure}`) });
    if (b.pending) u.hint.textContent = t(touchScreen() ? "hint.pending.touch" : "hint.pending", { name: me.name });
    u.resultsOpen.hidden = !s.over || !!this.full;
    u.resultsOpen.textContent = t("results.show");
    u.note.textContent = s.sets?.some((x) => x === "ghosts" || x === "spellcircles") ? t("el.reconstructed") : "";
    this.guideRun?.update(s);
    return s;
  }

  /** Show a problem inside the element (after `lead`) and tell the page. */
  fail(e, lead = this.t("el.error")) {
    const message = e?.message || String(e);
    this.ui.hint.textContent = `${lead}: ${message}`;
    this.ui.hint.classList.add("error");
    this.dispatchEvent(new CustomEvent("carcassonne-error", { detail: { message } }));
  }

  // ---- the programmatic interface (docs/embedding.md)

  /** Start a new game with `new Game` options (players, sets, options, seed); the page
   *  then hears `carcassonne-change` (no events) and `carcassonne-turn`. Throws, changing
   *  nothing, on wrong options. */
  newGame(options) {
    const game = new Game({ lang: this.language, ...options });
    this.pause();
    this.full = null;
    this.attach(game);
    this.told();
  }

  /** After newGame or loadRecord: the page hears of the new game as of a move (no events). */
  told() { this.changed([], this.game.snapshot()); }

  /** The languages the element speaks (`lang` attribute): codes and names. */
  static get languages() { return Object.fromEntries(Object.entries(LANGUAGES).map(([code, l]) => [code, l["lang.name"]])); }

  /** Show a record (JSON text or share code): a replay when `readonly` (at `move`, else
   *  the last move), else play on; the page then hears `carcassonne-change` (no events). */
  async loadRecord(text) {
    await this.showRecord(text);
    this.told();
  }

  /** Show the replay after `k` of its moves (read-only with a record); returns the move shown. */
  showMove(k) { this.pause(); this.step(k); return this.shown; }

  /** The game so far as a record (JSON text). */
  exportRecord() { return this.game?.exportRecord(); }

  /** The game so far as a share code. */
  shareCode() { return this.game?.shareCode(); }
}

/** `highlight="0,0 1,0"` (or `"0,0;1,0"`): the squares to outline, as `[[x, y], …]`. */
export function parseSquares(text) {
  const t = (text ?? "").trim();
  if (!t) return [];
  return t.split(/[\s;]+/).map((pair) => {
    const m = pair.match(/^(-?\d+),(-?\d+)$/);
    if (!m) throw new Error(`highlight="${t}": squares are x,y pairs such as "0,0 1,0"`);
    return [Number(m[1]), Number(m[2])];
  });
}

/** Who won a finished game (snapshot `s`): the seats with the most points (a tie shares the
 *  win, BASE-END-3), or the team's outcome in the cooperative game. */
export function outcome(s) {
  const scores = s.players.map((p) => p.score);
  if (s.coop) return { coop: true, won: !!s.coop.outcome?.won, why: s.coop.outcome?.why ?? null, scores };
  const best = Math.max(...scores);
  const winners = s.players.flatMap((p, seat) => (p.score === best ? [{ seat, name: p.name, score: p.score }] : []));
  return { winners, tie: winners.length > 1, scores };
}

if (!customElements.get("carcassonne-game")) customElements.define("carcassonne-game", CarcassonneGame);
