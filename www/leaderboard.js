// The ratings' leaderboard (issue 38; docs/online.md, "Ratings"): a kind of game's top 100
// from the server, and a player's rated games in it, read from /ratings (public: names and
// ratings are what the board shows anyway).
import { $, el } from "./dom.js";

/** A kind of game in words: its sets, and the Abbot ("base+ghosts+abbot"). */
export function kindText(kind, t) {
  return kind.split("+").map((k) => (k === "abbot" ? t("kind.abbot") : t(`set.${k}`))).join(" + ");
}

/** A rating as shown: whole numbers, "1,562 ± 140". */
export function ratingText(rating, deviation, lang = "en") {
  const n = (x) => Math.round(x).toLocaleString(lang);
  return `${n(rating)} ± ${n(deviation)}`;
}

async function readJson(path) {
  const res = await fetch(path, { credentials: "same-origin" });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(json.message || res.statusText);
  return json;
}

export class LeaderboardDialog {
  /** `page`: the page's shared state (app.js). */
  constructor(page) {
    this.page = page;
    for (const b of ["#acct-ladder", "#lobby-ladder"]) {
      $(b).addEventListener("click", () => { b === "#lobby-ladder" ? $("#lobby").close() : $("#account").close(); this.open(); });
    }
    $("#ladder-close").addEventListener("click", () => $("#ladder").close());
    $("#ladder-kind").addEventListener("change", () => this.load());
  }

  async open(kind = $("#ladder-kind").value || "base") {
    const t = this.page.t;
    $("#ladder").showModal();
    let kinds = [];
    try { kinds = (await readJson("/ratings")).kinds.map((k) => k.kind); } catch { /* the board says why */ }
    if (!kinds.includes(kind)) kinds.unshift(kind);
    $("#ladder-kind").replaceChildren(...kinds.map((k) => el("option", { value: k }, kindText(k, t))));
    $("#ladder-kind").value = kind;
    await this.load();
  }

  /** The board of the chosen kind. */
  async load() {
    const t = this.page.t, kind = $("#ladder-kind").value;
    $("#ladder-history-box").hidden = true;
    let lines;
    try { lines = (await readJson(`/ratings/board?kind=${encodeURIComponent(kind)}`)).board; } catch (e) {
      $("#ladder-status").textContent = e.message;
      return;
    }
    $("#ladder-status").textContent = lines.length ? "" : t("ladder.none");
    $("#ladder-rows").replaceChildren(...lines.map((l, i) => el("tr", {},
      el("td", {}, String(i + 1)),
      el("td", {}, el("button", { type: "button", class: "link", onclick: () => this.history(l.name) }, l.name),
        l.bot ? el("span", { class: "muted" }, ` (${t("ladder.bot")})`) : ""),
      el("td", { class: "num" }, ratingText(l.rating, l.deviation, t.lang)),
      el("td", { class: "num" }, String(l.games)))));
    $("#ladder-table").hidden = !lines.length;
  }

  /** A player's rated games in the chosen kind, latest last. */
  async history(name) {
    const t = this.page.t, kind = $("#ladder-kind").value;
    let h;
    try { h = await readJson(`/ratings/history?kind=${encodeURIComponent(kind)}&name=${encodeURIComponent(name)}`); } catch (e) {
      $("#ladder-status").textContent = e.message;
      return;
    }
    $("#ladder-history-title").textContent = t("ladder.history", { name: h.name });
    $("#ladder-history").replaceChildren(...h.games.slice().reverse().map((g) => {
      const who = g.opponent ?? t("ladder.deleted");
      const how = g.score === 1 ? "ladder.won" : g.score === 0 ? "ladder.lost" : "ladder.drew";
      return el("li", {}, el("span", { class: "muted" }, new Date(g.at).toLocaleDateString(t.lang)), " ",
        t(how, { name: who }), " → ", el("strong", {}, ratingText(g.rating, g.deviation, t.lang)));
    }));
    $("#ladder-history-box").hidden = false;
    $("#ladder-history-box").scrollIntoView?.({ block: "nearest" });
  }
}
