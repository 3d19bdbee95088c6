// A game's review (docs/review.md): it runs in a worker of its own (bot-worker.js's
// reviewGame), so the page answers while it runs, a bar shows how far it is, and Cancel
// ends it at once. Then: each player's points lost and draw luck, the expected margin over
// the game with the mistakes marked, and the decisions that lost the most, each opening the
// replay at its move with the better move outlined and said in words. A review is kept
// with the record it was made for (the last few across visits too), so it is not made twice.
import { $, downloadJson, el } from "./dom.js";
import { recordUpTo } from "./controller.js";

const SVG_NS = "http://www.w3.org/2000/svg";
/** How many of the costliest decisions are listed. */
const REVIEW_LISTED = 5;
/** Whether review `r` is of a co-op game: its values are the team's chance to win. */
const isTeamReview = (r) => r.unit === "chance";

/** Where reviews are kept across visits: the last few, by their record's hash. They are
 *  the first thing given up when storage is full (`dropKeptReviews`): a saved game comes
 *  first. */
const REVIEWS_KEY = "carcassonne.reviews.v1";
const REVIEWS_KEPT = 4;

/** A record's key among the kept reviews: 64 bits of FNV-1a over its text, notes left out
 *  (a study of a game is the same game). */
function reviewKey(text) {
  let record = text;
  try { const r = JSON.parse(text); if (r.notes) record = JSON.stringify({ ...r, notes: undefined }); } catch { /* as it is */ }
  let a = 0x811c9dc5, b = 0x01000193 ^ record.length;
  for (let i = 0; i < record.length; i++) {
    const c = record.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

/** The reviews kept across visits, newest last: `[[key, review], …]`. */
function keptReviews() {
  try {
    const list = JSON.parse(localStorage.getItem(REVIEWS_KEY) || "[]");
    // A review made before reviews said their unit (a co-op one was in points) is made again.
    return Array.isArray(list) ? list.filter((e) => Array.isArray(e) && typeof e[0] === "string" && Array.isArray(e[1]?.decisions)
      && typeof e[1].unit === "string") : [];
  } catch { return []; }
}

/** Forget the reviews kept across visits (storage is needed for a saved game). */
export function dropKeptReviews() {
  try { localStorage.removeItem(REVIEWS_KEY); } catch { /* nothing kept */ }
}

export class ReviewPanel {
  /** `page`: the page's shared state (app.js). */
  constructor(page) {
    this.page = page;
    this.worker = null;
    this.kept = new Map(); // record text → review
    $("#review-cancel").addEventListener("click", () => this.cancel());
    $("#review-close").addEventListener("click", () => { this.cancel(); $("#review").close(); });
    $("#review").addEventListener("close", () => this.cancel());
    $("#review-study").addEventListener("click", () => this.saveStudy());
  }

  /** Review the game of `text` (a record's JSON) and show it. */
  open(text) {
    const { t } = this.page;
    this.cancel();
    const dialog = $("#review");
    if (!dialog.open) dialog.showModal();
    $("#review-body").replaceChildren();
    $("#review-study").hidden = true;
    const key = reviewKey(text);
    const kept = this.kept.get(key) ?? keptReviews().find(([k]) => k === key)?.[1];
    if (kept) { this.done(text, kept); return; }
    const bar = $("#review-bar"), status = $("#review-status");
    bar.hidden = false;
    bar.value = 0;
    status.textContent = t("review.running");
    $("#review-cancel").hidden = false;
    // A page opened from disk starts no worker: the whole module reviews on the page then
    // (the page waits, and the review cannot be cancelled).
    if (location.protocol === "file:") {
      setTimeout(() => {
        try { this.done(text, this.page.W.reviewGame(text, null, () => {})); } catch (e) { this.failed(e.message); }
      }, 50);
      return;
    }
    const worker = this.worker = new Worker("bot-worker.js", { type: "module" });
    worker.onmessage = (e) => {
      if (worker !== this.worker) return;
      const { progress, review, error } = e.data;
      if (progress) {
        bar.max = progress.total;
        bar.value = progress.done;
        status.textContent = t("review.progress", { done: progress.done, total: progress.total });
        return;
      }
      this.stop();
      if (error) this.failed(error);
      else this.done(text, review);
    };
    worker.onerror = (e) => {
      e.preventDefault?.();
      if (worker !== this.worker) return;
      this.stop();
      this.failed(e.message ?? "");
    };
    worker.postMessage({ id: 1, review: { record: text } });
  }

  done(text, review) {
    this.stop();
    const key = reviewKey(text);
    this.kept.set(key, review);
    // Kept across visits too, the oldest given up first; a full storage keeps it for this
    // visit only.
    const list = keptReviews().filter(([k]) => k !== key);
    list.push([key, review]);
    try { localStorage.setItem(REVIEWS_KEY, JSON.stringify(list.slice(-REVIEWS_KEPT))); } catch { /* kept for this visit */ }
    this.show(text, review);
  }

  failed(error) {
    this.stop();
    $("#review-status").textContent = this.page.t("review.failed", { error });
  }

  /** End a review that runs (nothing happens when none does). */
  cancel() {
    if (!this.worker) return;
    this.stop();
    $("#review-status").textContent = this.page.t("review.cancelled");
  }

  stop() {
    this.worker?.terminate();
    this.worker = null;
    $("#review-bar").hidden = true;
    $("#review-cancel").hidden = true;
  }

  /** The review of the record `text`. */
  show(text, r) {
    const { t } = this.page;
    const record = JSON.parse(text);
    $("#review-status").textContent = t("review.done", { n: r.decisions.length });
    const players = el("ul", { class: "review-players" }, ...this.playerLines(r).map((line) => el("li", {}, line)));
    const worst = this.costliest(r);
    const list = el("ol", { class: "review-list" }, ...worst.map((d) => el("li", {}, el("button", {
      type: "button", class: `review-item ${d.class}`, "data-index": d.index,
      onclick: () => this.goTo(text, record, r, d),
    }, el("strong", {}, this.itemLine(r, d)), el("span", {}, t("review.better", { words: this.words(record, d) }))))));
    $("#review-body").replaceChildren(players, this.chart(r), el("h3", {}, t("review.costliest")),
      worst.length ? list : el("p", {}, t(isTeamReview(r) ? "review.noneTeam" : "review.none")));
    this.shown = { text, record, r };
    $("#review-study").hidden = false;
  }

  /** Each player's points lost (in the co-op game, the team's chance given up) and draw
   *  luck, in words. */
  playerLines(r) {
    const { t } = this.page, k = isTeamReview(r) ? "Team" : "";
    return r.players.map((p) => `${t(`review.player${k}`, { name: p.name, lost: p.points_lost.toFixed(1), n: p.decisions,
      average: p.accuracy.toFixed(2) })} ${t(p.draw_luck >= 0 ? `review.luckGood${k}` : `review.luckBad${k}`, { points: Math.abs(p.draw_luck).toFixed(1) })}`);
  }

  /** The decisions that lost the most, costliest first. */
  costliest(r) {
    return [...r.decisions].sort((a, b) => b.loss - a.loss || a.index - b.index).slice(0, REVIEW_LISTED).filter((d) => d.loss > 0);
  }

  /** "Move 25 · Ann · blunder · −11.0" (in the co-op game "−11.0%", the team's chance). */
  itemLine(r, d) {
    const { t } = this.page;
    return t("review.item", { k: d.index + 1, name: r.players[d.seat].name, what: t(`review.class.${d.class}`),
      loss: d.loss.toFixed(1) + (isTeamReview(r) ? "%" : "") });
  }

  /** The review shown saved as a study (docs/record-format.md): the record with a note at
   *  its start (each player's figures) and one at each costliest decision (what it lost,
   *  the better move suggested and its square outlined), in the page's language. */
  saveStudy() {
    if (!this.shown) return;
    const { t } = this.page, { record, r } = this.shown, lang = t.lang;
    const notes = [{ at: 0, text: { [lang]: `${t("review.title")}: ${this.playerLines(r).join(" ")}` } }];
    for (const d of this.costliest(r)) {
      const a = d.best_action;
      notes.push({ at: d.index, text: { [lang]: `${this.itemLine(r, d)}. ${t("review.better", { words: this.words(record, d) })}` },
        ...(a?.x !== undefined ? { squares: [[a.x, a.y]] } : {}), ...(a ? { suggest: a } : {}) });
    }
    downloadJson(JSON.stringify({ ...record, notes }, null, 1), `carcassonne-study-${new Date().toISOString().slice(0, 10)}.json`);
  }

  /** The better plan of decision `d` in words, as the page tells a plan. */
  words(record, d) {
    const { W, t } = this.page;
    const g = W.Game.fromRecord(recordUpTo(record, d.index), t.lang);
    try { return g.planWords(d.best_plan).join("; "); } finally { g.free?.(); }
  }

  /** The first seat's expected margin at each of its turns (the seat to play holds a tile,
   *  which is worth something: every seat's turns together would zigzag), or in the co-op
   *  game the team's chance to win at every turn (from 0 to 100%, the axis at 50%), each
   *  mistake and blunder marked on it, with a caption. */
  chart(r) {
    const { t } = this.page, team = isTeamReview(r);
    const points = r.draws.filter((d) => team || d.seat === 0).map((d) => ({ index: d.index, y: team ? d.expected - 50 : d.expected }));
    if (points.length < 2) return el("p", {});
    const last = r.draws[r.draws.length - 1].index || 1;
    const top = team ? 50 : Math.max(5, ...points.map((p) => Math.abs(p.y)));
    const [w, h] = [600, 160];
    const x = (index) => 10 + (w - 20) * index / last;
    const y = (v) => h / 2 - (h / 2 - 10) * v / top;
    const caption = t(team ? "review.chartTeam" : "review.chart", { name: r.players[0].name });
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("class", "review-chart");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", caption);
    const add = (tag, attrs) => {
      const e = document.createElementNS(SVG_NS, tag);
      for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
      svg.append(e);
      return e;
    };
    add("line", { x1: 10, x2: w - 10, y1: y(0), y2: y(0), class: "axis" });
    // The scale at the left: the chance's 100%, 50% and 0%, or the lead's top, 0 and bottom.
    const label = (v) => team ? `${v + 50}%` : v > 0 ? `+${v}` : v < 0 ? `−${-v}` : "0";
    for (const v of [top, 0, -top]) {
      add("text", { x: 14, y: (y(v) + (v === top ? 14 : -4)).toFixed(1), class: "scale" }).textContent = label(Math.round(v));
    }
    add("polyline", { points: points.map((p) => `${x(p.index).toFixed(1)},${y(p.y).toFixed(1)}`).join(" "), class: "margin" });
    for (const d of r.decisions.filter((d) => d.class === "mistake" || d.class === "blunder")) {
      const at = points.filter((p) => p.index <= d.index).pop() ?? points[0];
      add("circle", { cx: x(d.index).toFixed(1), cy: y(at.y).toFixed(1), r: d.class === "blunder" ? 6 : 4, class: `mark ${d.class}` });
    }
    return el("figure", { class: "review-figure" }, svg, el("figcaption", {}, caption));
  }

  /** The replay of `text` (`record`, read; `r` its review) at decision `d`, the move
   *  played and the better one side by side, and both said in words under the replay bar.
   *  A tile or a figure: the step before it, both drawn faint where they go (the better
   *  framed in gold, the one played in dashes), with an arrow from the tile played to the
   *  better square. Another choice: just after it, the turn's tile outlined. */
  goTo(text, record, r, d) {
    const { replay, t } = this.page;
    this.cancel();
    $("#review").close();
    try {
      const played = record.actions[d.index], best = d.best_action;
      const tiles = played?.x !== undefined && best?.x !== undefined;
      const moved = tiles && (played.x !== best.x || played.y !== best.y);
      // A better rotation on the same square: the better tile alone, not two on one square.
      const marks = [[played, false], [best, true]].filter(([a, better]) => a?.figure || (a?.x !== undefined && (moved || better)))
        .map(([action, better]) => ({ action, better }));
      const at = marks.length ? d.index : d.index + 1;
      const turnTile = record.actions.slice(0, d.index + 1).findLast((p) => p.tile && p.x !== undefined);
      const note = { at, text: { [t.lang]: `${this.itemLine(r, d)}. ${t("review.better", { words: this.words(record, d) })}` },
        squares: marks.length || !turnTile ? [] : [[turnTile.x, turnTile.y]],
        arrows: moved ? [[[played.x, played.y], [best.x, best.y]]] : [] };
      replay.open(text);
      replay.annotate([note]);
      replay.go(at);
      replay.view.setMarkedMoves(marks);
    } catch (e) { this.page.notice(e.message); }
  }
}
