// Guided games (docs/guides.md): a short scripted game with a line of narration at each
// step, for the page and the element. The guide's record fixes the draw and every move;
// the learner plays their seat's moves on the board (the step's target is marked), the
// other seats' moves play themselves, and anything else the learner tries is refused with
// a hint and changes nothing. The board runs in remote mode (BoardView.setRemote): a move
// made on it comes here as a `boardaction` instead of being applied.
import { el } from "./dom.js";

/** Where this browser keeps which guides are finished, whether the first-visit offer was
 *  made, and the built-in guide in progress (`current`: its id and moves, so a reload goes
 *  on where the player was). */
export const GUIDES_KEY = "carcassonne.guides.v1";

/** What GUIDES_KEY holds (an unreadable value counts as nothing yet). */
export function guideProgress() {
  const plain = { done: [], offered: false, current: null };
  try {
    const v = JSON.parse(localStorage.getItem(GUIDES_KEY) || "{}");
    return { ...plain, ...v, done: Array.isArray(v.done) ? v.done.filter((x) => typeof x === "string") : [] };
  } catch { return plain; }
}

/** Change what GUIDES_KEY holds (storage off or full: kept for this visit only). */
export function keepProgress(change) {
  const p = { ...guideProgress(), ...change };
  try { localStorage.setItem(GUIDES_KEY, JSON.stringify(p)); } catch { /* kept for this visit */ }
  return p;
}

/** The built-in guides (`W.Game.guides()`) that teach a game of `sets` (the cooperative
 *  game: `coop`), in their order. */
export function guidesFor(all, sets, coop) {
  return all.filter((g) => (coop ? g.topic === "coop" : g.topic !== "coop" && (g.topic === "base" || sets.includes(g.topic))));
}

/** A guide's text in language `lang` (else English). */
export const say = (texts, lang) => texts?.[lang] ?? texts?.en ?? "";

// Both sides come from the wasm API (the guide's canonical actions, the board's record
// form), whose objects keep one key order.
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The narration card: title, progress, what to do, the reply to a refused move, and the
 *  buttons (at the end, the host's offer of a real game; Continue; Leave). Each host puts
 *  `card.root` over its board. */
export function guideCard() {
  const card = {
    title: el("h2", { class: "guide-title", id: "guide-title" }),
    progress: el("p", { class: "guide-progress" }),
    say: el("p", { class: "guide-say", "aria-live": "polite" }),
    feedback: el("p", { class: "guide-feedback", role: "status" }),
    play: el("button", { type: "button", class: "guide-real primary", hidden: true }),
    next: el("button", { type: "button", class: "guide-next" }),
    leave: el("button", { type: "button", class: "guide-leave" }),
  };
  card.root = el("section", { class: "guide-card", "aria-labelledby": "guide-title", hidden: true, part: "guide" },
    card.title, card.progress, card.say, card.feedback, el("div", { class: "guide-buttons" }, card.play, card.next, card.leave));
  return card;
}

/**
 * A guide being played on a Table (controller.js).
 *
 * `host`: `{ table, card (guideCard()), t (translator), attach(game) (puts the guide's game
 * on the table, in remote mode), render(), announce(text), ended(finished) }`, and
 * optionally `realGame` (the page's offer at the end: `{ label(guide), play(guide),
 * finish() }`, the label of Finish).
 */
export class GuideRun {
  constructor(W, guide, host) {
    this.W = W;
    this.guide = guide;
    this.host = host;
    this.timer = 0;
    this.shownAt = -1;
    this.builtin = false; // a built-in guide (the page sets it) goes on after a reload
    const c = host.card;
    c.next.onclick = () => this.next();
    c.leave.onclick = () => this.leave();
    c.play.onclick = () => { this.stop(); host.realGame?.play(this.guide); };
  }

  get n() { return this.guide.record.actions.length; }

  /** The guide's game after `k` of its moves, with the players named in `lang`. */
  gameAt(k, lang) {
    const record = structuredClone(this.guide.record);
    const names = this.guide.names?.[lang] || this.guide.names?.en;
    if (names) record.setup.players.forEach((p, i) => { p.name = names[i] ?? p.name; });
    record.actions = record.actions.slice(0, k);
    return this.W.Game.fromRecord(JSON.stringify(record));
  }

  /** Put the guide's game on the table at move `k` (0: its start). */
  start(k = 0) {
    this.host.card.root.hidden = false;
    this.host.attach(this.gameAt(Math.max(0, Math.min(this.n, k)), this.host.t.lang));
  }

  /** Moves played so far. */
  get k() { return this.host.table.game?.snapshot().actions ?? 0; }

  /** Whether the script is played to its end (snapshot `s`): nobody moves any more. */
  finished(s) { return s.actions >= this.n; }

  /** Whether the learner is to move at move `k`. */
  learnerTurn(k = this.k) { return k < this.n && this.guide.actors[k] === this.guide.you; }

  /** The narration shown at move `k`: the last step at or before it. */
  stepAt(k) { return [...this.guide.steps].reverse().find((s) => s.at <= k); }

  /** The squares to mark at move `k`: the step's, and the learner's target. */
  marks(k, s) {
    const squares = [...(this.stepAt(k)?.show || [])];
    const a = this.guide.record.actions[k];
    if (this.learnerTurn(k) && a) {
      if (a.x !== undefined && a.y !== undefined) squares.push([a.x, a.y]);
      else if (s.last && !a.pass) squares.push([s.last.x, s.last.y]); // a figure: on the tile just placed
    }
    return squares;
  }

  /** After every render (snapshot `s`): the narration, the marks, the other seats' moves. */
  update(s) {
    const t = this.host.t, c = this.host.card, k = s.actions, lang = t.lang;
    const step = this.stepAt(k);
    c.title.textContent = say(this.guide.title, lang);
    const over = k >= this.n;
    c.progress.textContent = over ? t("guide.done")
      : t("guide.progress", { k: Math.min(k + 1, this.n), n: this.n, name: s.players[this.guide.you]?.name ?? "" });
    const text = say(step?.say, lang);
    if (c.say.textContent !== text) c.say.textContent = text;
    const moved = this.shownAt !== k;
    if (moved) c.feedback.textContent = "";
    this.shownAt = k;
    try { this.host.table.view?.setHighlights(this.marks(k, s)); } catch { /* a fan guide's odd squares: no marks */ }
    c.leave.textContent = t("guide.leave");
    clearTimeout(this.timer);
    // At the end, Finish is the way out (Leave would say the same), and a host may offer
    // the same game for real.
    const offer = over ? this.host.realGame : null;
    c.play.hidden = !offer;
    if (offer) c.play.textContent = offer.label(this.guide);
    c.leave.hidden = over;
    if (over) {
      c.next.hidden = false;
      c.next.textContent = offer?.finish() ?? t("guide.finish");
      if (moved) keepProgress({ done: [...new Set([...guideProgress().done, this.guide.id])], current: null });
      return;
    }
    if (this.builtin && moved) keepProgress({ current: { id: this.guide.id, k } });
    // Another seat's move: a new line of narration waits for Continue, else it plays on.
    const theirs = !this.learnerTurn(k);
    const waits = theirs && step?.at === k;
    c.next.hidden = !waits;
    c.next.textContent = t("guide.next");
    if (theirs && !waits) this.timer = setTimeout(() => this.play(k), 700);
  }

  /** Play the script's move `k` (another seat's, or the learner's once offered). */
  play(k) {
    if (this.k !== k || k >= this.n) return;
    try {
      this.host.table.game.apply(this.guide.record.actions[k]);
    } catch (e) {
      this.host.card.feedback.textContent = e.message;
    }
  }

  /** Continue: play the other seat's move now, or close a finished guide. */
  next() {
    const k = this.k;
    if (k >= this.n) { this.stop(); this.host.ended(true); return; }
    if (!this.learnerTurn(k)) this.play(k);
  }

  /** The learner's move (record form, from the board or a button): played if it is the
   *  script's, else refused with a hint and nothing changes. Returns whether it was played. */
  offer(action) {
    const k = this.k;
    if (!this.learnerTurn(k)) return false;
    const want = this.guide.record.actions[k];
    if (same(action, want)) { this.play(k); return true; }
    const hint = this.hint(k, want, action);
    this.host.card.feedback.textContent = hint;
    this.host.announce(hint);
    return false;
  }

  /** Why `got` is not the move step `k` asks for: the step's own hint, else one made from
   *  the two moves. */
  hint(k, want, got) {
    const t = this.host.t, step = this.guide.steps.find((s) => s.at === k);
    if (want.tile && got.tile && want.x === got.x && want.y === got.y) return t("guide.hint.rotate");
    if (want.figure && got.figure && want.figure !== got.figure && want.at === got.at) {
      return t("guide.hint.kind", { figure: t(`figure.${want.figure}`) });
    }
    if (step?.hint) return say(step.hint, t.lang);
    if (want.tile) return t("guide.hint.tile");
    if (want.pass) return t("guide.hint.pass");
    if (got.pass) return t("guide.hint.figure");
    return t("guide.hint.other");
  }

  /** Leave the guide (it can be started again any time). */
  leave() {
    this.stop();
    keepProgress({ current: null });
    this.host.ended(false);
  }

  /** Stop the other seats' moves and hide the card. */
  stop() {
    clearTimeout(this.timer);
    this.host.card.root.hidden = true;
    this.host.card.play.hidden = true;
    this.host.card.leave.hidden = false;
    try { this.host.table.view?.setHighlights([]); } catch { /* no view */ }
  }
}
