// The page's replay viewer: a record shown move by move on the board, with the log in
// step, its bar (first, back, slider, forward, last, close) and the arrow keys. The game
// being played is left alone (and its computers wait) until the replay is closed.
import { $ } from "./dom.js";
import { recordUpTo, showMoves } from "./controller.js";
import { logLines } from "./side-panel.js";
import { showNote } from "./study.js";


export class ReplayViewer {
  /** `page`: the page's shared state (app.js). */
  constructor(page) {
    this.page = page;
    this.game = null;
    this.view = null;
    this.record = null;
    this.notes = []; // a study's notes, checked by the engine
    this.steps = []; // steps[k]: the log lines of move k (steps[0]: the opening)
    this.k = 0;
    $("#rp-first").addEventListener("click", () => this.go(0));
    $("#rp-back").addEventListener("click", () => this.go(this.k - 1));
    $("#rp-forward").addEventListener("click", () => this.go(this.k + 1));
    $("#rp-last").addEventListener("click", () => this.go(Infinity));
    $("#rp-slider").addEventListener("input", (e) => this.go(Number(e.target.value)));
    $("#rp-close").addEventListener("click", () => this.close());
    // The game shown reviewed: a replay, a shared link's, an opened record's.
    $("#rp-review").addEventListener("click", () => this.page.review.open(JSON.stringify(this.record)));
    $("#rp-play").addEventListener("click", () => this.playFromHere());
    document.addEventListener("keydown", (e) => {
      if (!this.active || e.target.matches?.("input, select, textarea") || e.altKey || e.ctrlKey || e.metaKey) return;
      const to = { ArrowLeft: this.k - 1, ArrowRight: this.k + 1, Home: 0, End: Infinity }[e.key];
      if (to !== undefined) { e.preventDefault(); this.go(to); }
    });
  }

  get active() { return !!this.game; }

  /** Show a record (JSON text); throws with the reason if it does not replay. */
  open(text) {
    const { W, t, table } = this.page;
    W.Game.fromRecord(text, t.lang).free?.(); // refuses a corrupt record before anything changes
    const record = JSON.parse(text);
    const notes = W.Game.recordNotes(text, t.lang);
    // In the page's language (one the engine has no sentences in: English).
    const g = W.Game.fromRecord(recordUpTo(record, 0), t.lang);
    const steps = [[{ text: t("log.begins") }]];
    const id = g.subscribe((events) => steps.push(logLines(events)));
    for (const a of record.actions) g.apply(a);
    g.unsubscribe(id);
    this.close({ resume: false });
    this.page.hideCard?.();
    table.pause();
    Object.assign(this, { game: g, record, notes, steps, k: record.actions.length });
    this.view = table.viewFor(g);
    this.view.setLocked(true);
    // In an online room: no review while its game is played (only once it is over, from
    // the results), and no playing on here (the room's game stays the page's).
    const online = this.page.online, live = online && this.page.game && !this.page.game.snapshot().over;
    $("#rp-review").hidden = !!live;
    $("#rp-play").hidden = !!online;
    $("#rp-slider").max = String(record.actions.length);
    $("#replay-bar").hidden = false;
    // A study opens at its first note, any other record at its end.
    this.go(notes.length ? notes[0].at : this.k);
    window.carc.replayGame = g;
  }

  /** Show `notes` (as a study's, `Game.recordNotes`) with the record shown, in place of
   *  its own: the review's judgement of a move. */
  annotate(notes) {
    if (!this.game) return;
    this.notes = notes;
    this.go(this.k);
  }

  /** Show the game of a share code (from a link); a damaged one is refused, nothing lost. */
  openShared(code) {
    const { W, t } = this.page;
    try {
      this.open(W.Game.recordFromShareCode(code, t.lang));
    } catch (e) {
      this.page.notice(t("notice.shared", { error: e.message }));
    }
  }

  /** Show the position after `k` moves. */
  go(k) {
    if (!this.game) return;
    const t = this.page.t, n = this.record.actions.length;
    this.k = k = showMoves(this.game, this.record, this.k, k);
    $("#rp-slider").value = String(k);
    // The move in words, and on a phone's one-row bar as "k/n".
    const [wide, narrow] = $("#rp-label").children;
    wide.textContent = t("replay.move", { k, n });
    narrow.textContent = `${k}/${n}`;
    const said = showNote({ notes: this.notes, k, game: this.game, view: this.view, box: $("#rp-note"), lang: t.lang, t });
    $("#announce").textContent = `${wide.textContent}: ${[...this.steps[k].map((l) => l.text), said].filter(Boolean).join(". ")}`;
    $("#rp-first").disabled = $("#rp-back").disabled = k === 0;
    $("#rp-play").disabled = this.game.snapshot().over;
    $("#rp-last").disabled = $("#rp-forward").disabled = k === n;
    this.page.render();
  }

  /** Play the game on from the position shown, as the seat to play there, against the
   *  computers: each other seat keeps its computer level, or plays as a hard computer.
   *  The game takes the place of the one in progress, as an opened file does. */
  playFromHere() {
    const { game, record, k } = this;
    if (!game || game.snapshot().over) return;
    const me = game.snapshot().current_player;
    const players = record.setup.players.map((p, seat) => {
      const { computer, ...rest } = typeof p === "string" ? { name: p } : p;
      return seat === me ? rest : { ...rest, computer: computer ?? "hard" };
    });
    this.page.playFrom(recordUpTo({ ...record, setup: { ...record.setup, players } }, k));
  }

  /** Back to the game being played (`resume`: rebuild its board and wake its computers). */
  close({ resume = true } = {}) {
    if (!this.game) return;
    this.view.destroy();
    this.view.free?.();
    this.game.free?.();
    Object.assign(this, { game: null, view: null, record: null, notes: [], steps: [], k: 0 });
    window.carc.replayGame = null;
    $("#replay-bar").hidden = true;
    $("#rp-note").hidden = true;
    if (location.hash.startsWith("#r=")) history.replaceState(null, "", location.href.split("#")[0]);
    if (resume && this.page.game) {
      this.page.table.resume();
      window.carc.view = this.page.table.view;
    }
  }
}
