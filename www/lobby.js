// The page's lobby (issue 38; docs/online.md, "The lobby and quick play"): quick play (a
// name, tile sets and a clock; the server pairs two who ask for the same) and the public
// rooms, those waiting for players (take a seat) and the games being played (watch),
// read again every 5 seconds while the dialog is open.
import { $, el } from "./dom.js";
import { clockOf, ruleText } from "./clocks.js";
import { kindText } from "./leaderboard.js";

const LOBBY_EVERY_MS = 5000;

export class LobbyDialog {
  /** `page`: the page's shared state (app.js). */
  constructor(page) {
    this.page = page;
    this.timer = null;
    this.waiting = false;
    $("#ng-lobby").addEventListener("click", () => { $("#new-game").close(); this.open(); });
    $("#lobby-close").addEventListener("click", () => $("#lobby").close());
    $("#lobby").addEventListener("close", () => { clearInterval(this.timer); this.timer = null; });
    $("#quick-form").addEventListener("submit", (e) => { e.preventDefault(); this.ask(); });
    // Waiting no more: the page is the player's own again.
    $("#quick-cancel").addEventListener("click", () => {
      this.page.online?.quickCancel();
      this.show(false);
      // As the room's Leave button: the game saved here comes back (or a new one is chosen).
      this.page.onlinePanel.leave();
      if (!this.page.resume()) { $("#lobby").close(); this.page.openNewGame(); }
    });
  }

  /** The connection, with quick play's events heard once. */
  connection() {
    const o = this.page.onlinePanel.connect();
    if (!o.lobbyHeard) {
      o.lobbyHeard = true;
      o.addEventListener("quick", (e) => { this.show(e.detail.waiting, e.detail.error); if (this.page.game) this.page.render(); });
      o.addEventListener("paired", (e) => {
        this.show(false);
        $("#lobby").close();
        this.page.onlinePanel.enter(e.detail.room, e.detail.token);
      });
    }
    return o;
  }

  open() {
    const t = this.page.t, W = this.page.W;
    $("#quick-name").value = this.page.settings.name || "";
    // Base alone, or with one other set (The Spell Circles with the Ghosts it needs): the
    // few wishes most players share, so that they meet.
    const combos = [["base"], ...W.Game.sets().map((s) => s.name).filter((s) => s !== "base")
      .map((s) => (s === "spellcircles" ? ["base", "ghosts", s] : ["base", s]))]
      .filter((sets) => { try { new W.Game({ players: ["A", "B"], sets }).free?.(); return true; } catch { return false; } });
    const before = $("#quick-sets").value;
    $("#quick-sets").replaceChildren(...combos.map((sets) => el("option", { value: sets.join(",") }, sets.map((s) => t(`set.${s}`)).join(" + "))));
    if (before) $("#quick-sets").value = before;
    const clock = $("#quick-clock").value;
    $("#quick-clock").replaceChildren(...[...$("#ng-clock").options].filter((o) => o.value !== "custom").map((o) => o.cloneNode(true)));
    $("#quick-clock").value = clock || "300+3";
    this.show(this.waiting);
    this.syncRated();
    $("#lobby").showModal();
    this.refresh();
    clearInterval(this.timer);
    this.timer = setInterval(() => this.refresh(), LOBBY_EVERY_MS);
  }

  /** Rated quick play is offered to a signed-in player. */
  syncRated() {
    $("#quick-rated-box").hidden = !this.page.account?.account;
  }

  /** Ask for quick play with the form's choices. */
  ask() {
    const name = $("#quick-name").value.trim().slice(0, 24);
    if (!name) { $("#quick-name").focus(); return; }
    this.page.settings.name = name;
    this.page.keepSettings();
    const rated = !$("#quick-rated-box").hidden && $("#quick-rated").checked;
    this.connection().quick(name, $("#quick-sets").value.split(","), clockOf($("#quick-clock").value), rated);
    this.show(true);
    if (this.page.game) this.page.render();
  }

  /** Waiting (or not) for quick play, and why it stopped when refused. */
  show(waiting, error = "") {
    const t = this.page.t;
    this.waiting = waiting;
    $("#quick-go").hidden = waiting;
    $("#quick-cancel").hidden = !waiting;
    for (const id of ["#quick-name", "#quick-sets", "#quick-clock", "#quick-rated"]) $(id).disabled = waiting;
    $("#quick-status").textContent = error || (waiting ? t("quick.waiting") : "");
  }

  /** The public rooms again. */
  async refresh() {
    const t = this.page.t;
    let lobby;
    try { lobby = await this.connection().lobby(); } catch { return; }
    if (!$("#lobby").open) return;
    const line = (r, button) => el("li", {},
      el("span", { class: "names" }, r.seats.map((s) => (s.kind === "open" ? t("lobby.openSeat") : s.name)).join(", ")),
      el("span", { class: "state" }, [r.sets.map((s) => t(`set.${s}`)).join(" + "),
        r.clock ? ruleText(r.clock, t) : t("lobby.noClock"), r.rated ? t("lobby.rated", { kind: kindText(r.rated, t) }) : "",
        r.duplicate ? t("lobby.duplicate") : ""]
        .filter(Boolean).join(" · ")),
      el("span", { class: "muted" }, r.status === "playing" ? t("lobby.moves", { n: r.actions }) : ""),
      button);
    $("#lobby-waiting").replaceChildren(...lobby.waiting.map((r) => line(r,
      el("button", { type: "button", class: "primary", onclick: () => { $("#lobby").close(); this.page.onlinePanel.visit(r.room, true); } }, t("lobby.take")))));
    $("#lobby-live").replaceChildren(...lobby.live.map((r) => line(r,
      el("button", { type: "button", onclick: () => { $("#lobby").close(); this.page.onlinePanel.visit(r.room, false); } }, t("lobby.watch")))));
    $("#lobby-waiting-none").hidden = lobby.waiting.length > 0;
    $("#lobby-live-none").hidden = lobby.live.length > 0;
  }
}
