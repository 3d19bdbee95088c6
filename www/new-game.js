// The page's new-game dialog: players (names, colours, who plays them), competitive or
// cooperative, sets and rules or level and circles, the seed, online or here, the guided
// games for the game described, and "Your online games".
import { $, el } from "./dom.js";
import { levelsWon } from "./coop.js";
import { guideProgress, guidesFor, keepProgress, say } from "./guide.js";
import { clockOf } from "./clocks.js";
import { dailyGame, showDailyButton } from "./daily.js";

/** Seat i's colour, named `name.i` in the texts. */
export const COLORS = ["#d9342b", "#2f6fd6", "#2e9b4a", "#e8c21f", "#3a3a3a"];
const LEVELS = ["easy", "medium", "hard", "expert"];

const coopMode = () => document.querySelector('input[name="ng-mode"]:checked')?.value === "coop";

export class NewGameDialog {
  /** `page`: the page's shared state (app.js). */
  constructor(page) {
    this.page = page;
    this.guides = null; // the built-in guides (W.Game.guides()), once read
    $("#ng-add").addEventListener("click", () => {
      const n = $("#ng-players").children.length;
      if (n < 5) $("#ng-players").append(this.playerRow(n, page.t(`name.${n}`), COLORS[n]));
      this.syncRows();
      this.syncOnline();
    });
    $("#ng-cancel").addEventListener("click", () => $("#new-game").close());
    // Today's deck: a base game against the hard computer on the day's seed (offline too).
    $("#ng-daily").addEventListener("click", () => {
      // The name goes with the shared result: whoever opens it reads who played.
      const t = page.t, name = $("#ng-daily-name").value.trim() || t("daily.you");
      if ($("#ng-daily-name").value.trim()) { page.settings.name = name; page.keepSettings(); }
      page.onlinePanel.leave();
      page.attach(new page.W.Game({ ...dailyGame(name, t), lang: t.lang }), { fresh: true });
      $("#new-game").close();
    });
    for (const r of document.querySelectorAll('input[name="ng-mode"]')) r.addEventListener("change", () => this.syncMode());
    $("#ng-online").addEventListener("change", () => this.syncOnline());
    $("#ng-clock").addEventListener("change", () => this.syncOnline());
    $("#ng-form").addEventListener("submit", (e) => this.submit(e));
    $("#ng-guide-first").addEventListener("click", () => page.startGuide("base"));
  }

  playerRow(i, name, color, computer = "") {
    const t = this.page.t, n = i + 1;
    const li = el("li", {},
      el("input", { type: "text", value: name, "aria-label": t("ng.name", { n }), maxlength: 24, required: true }),
      el("select", { "aria-label": t("ng.colour", { n }) },
        ...COLORS.map((c, k) => el("option", { value: c, selected: c === color }, t(`name.${k}`)))),
      el("select", { class: "who", "aria-label": t("ng.who", { n }) },
        el("option", { value: "" }, t("ng.person")),
        el("option", { value: "open", class: "online-only", hidden: true, selected: computer === "open" }, t("ng.openSeat")),
        ...LEVELS.map((l) => el("option", { value: l, selected: l === computer }, t("ng.computer", { level: t(`level.${l}`) })))),
      el("button", { type: "button", "aria-label": t("ng.remove", { n }), onclick: () => { li.remove(); this.syncRows(); } }, "✕"));
    return li;
  }

  syncRows() {
    const rows = [...$("#ng-players").children];
    // The cooperative game may be played alone (4 colours); a competitive one needs two.
    const least = coopMode() ? 1 : 2;
    rows.forEach((r) => (r.querySelector("button").disabled = rows.length <= least));
    $("#ng-add").disabled = rows.length >= 5;
  }

  /** Online: the seats may also be open to anyone with a link. */
  syncOnline() {
    const on = this.page.hasServer && $("#ng-online").checked;
    for (const o of $("#ng-players").querySelectorAll("option.online-only")) {
      o.hidden = !on;
      if (!on && o.selected) o.parentElement.value = "";
    }
    $("#ng-seed").closest("label").hidden = on;
    // A clock is the server's to keep: online only.
    $("#ng-clock-box").hidden = !on;
    $("#ng-clock-own").hidden = !on || $("#ng-clock").value !== "custom";
    for (const i of $("#ng-clock-own").querySelectorAll("input")) i.disabled = $("#ng-clock-own").hidden;
    $("#ng-clock-note").hidden = !on || !$("#ng-clock").value;
    // Rated games are for accounts (signed in: the account dialog).
    $("#ng-rated-box").hidden = !on || !this.page.account?.account;
  }

  /** The clock chosen, as `create` takes it (docs/online.md, Clocks), or none. */
  clockChoice() {
    const v = $("#ng-clock").value;
    return clockOf(v !== "custom" ? v
      : `${Math.round(Number($("#ng-clock-min").value) * 60)}+${Math.round(Number($("#ng-clock-inc").value))}`);
  }

  /** Show the choices of the kind of game picked: levels and circles, or sets and rules. */
  syncMode() {
    const t = this.page.t, coop = coopMode();
    $("#ng-coop").hidden = !coop;
    $("#ng-sets-box").hidden = coop;
    $("#ng-rules-box").hidden = coop;
    $("#ng-players-legend").textContent = t(coop ? "ng.team" : "ng.players");
    // Colours are the team's own in the cooperative game: handed out by seat.
    for (const s of $("#ng-players").querySelectorAll("select:not(.who)")) s.hidden = coop;
    const won = levelsWon();
    const level = $("#ng-level");
    const chosen = level.value || "1";
    level.replaceChildren(...[1, 2, 3, 4, 5, 6].map((n) => el("option", { value: String(n), selected: String(n) === chosen },
      t("ng.levelN", { n }) + (won[n] || won[`${n}+c`] ? t("ng.won") : ""))));
    this.syncRows();
    this.renderGuides();
  }

  /** Keep the set choices legal: a set's `needs` are ticked with it, and its `excludes`
   *  cannot be ticked beside it (the engine would refuse them with a message anyway). */
  syncSets(all) {
    const box = (name) => $(`#ng-sets input[value="${name}"]`);
    for (const s of all) {
      if (box(s.name)?.checked) s.needs.forEach((n) => { if (box(n)) box(n).checked = true; });
    }
    for (const s of all) {
      if (s.name === "base") continue;
      const blocked = all.some((o) => box(o.name)?.checked &&
        (o.excludes.includes(s.name) || s.excludes.includes(o.name)));
      box(s.name).disabled = blocked;
      if (blocked) box(s.name).checked = false;
    }
    this.renderGuides();
  }

  /** The guides for the game the dialog describes, each a button (ticked once finished). */
  renderGuides() {
    const page = this.page;
    const sets = coopMode() ? [] : [...$("#ng-sets").querySelectorAll("input:checked")].map((i) => i.value);
    const done = guideProgress().done;
    this.guides ??= page.W.Game.guides(); // the same list every time: read (and checked) once
    $("#ng-guide-list").replaceChildren(...guidesFor(this.guides, sets, coopMode()).map((g) =>
      el("button", { type: "button", class: done.includes(g.id) ? "guide-done" : "", "data-guide": g.id,
        onclick: () => page.startGuide(g.id) }, (done.includes(g.id) ? "✓ " : "") + say(g.title, page.t.lang))));
  }

  open() {
    const page = this.page, t = page.t;
    const list = $("#ng-players");
    if (!list.children.length) {
      list.append(this.playerRow(0, t("name.0"), COLORS[0]), this.playerRow(1, t("name.1"), COLORS[1], "medium"));
    }
    const all = page.W.Game.sets();
    $("#ng-sets").replaceChildren(...all.map((s) => el("div", {},
      el("label", {}, el("input", { type: "checkbox", value: s.name, checked: s.name === "base",
        disabled: s.name === "base", onchange: () => this.syncSets(all) }), " " + t(`set.${s.name}`)),
      el("div", { class: "set-note" }, [t(`setnote.${s.name}`), s.reconstructed ? t("ng.reconstructed") : ""].filter(Boolean).join(" ")))));
    this.syncSets(all);
    this.syncMode();
    $("#ng-online-box").hidden = !page.hasServer;
    $("#ng-lobby-box").hidden = !page.hasServer;
    this.syncOnline();
    page.onlinePanel.renderMyGames();
    $("#ng-error").textContent = "";
    $("#ng-cancel").hidden = !page.game;
    // The first visit offers the first guided game, once.
    const offered = guideProgress().offered;
    $("#ng-guide-offer").hidden = offered;
    if (!offered) keepProgress({ offered: true });
    showDailyButton(page.t);
    if (!$("#ng-daily-name").value) $("#ng-daily-name").value = page.settings.name || "";
    $("#new-game").showModal();
  }

  /** A server answers (or not) beside the page: online play may be chosen. */
  serverFound(yes) {
    // Who is signed in decides whether rated games are offered.
    if (yes) this.page.account?.refresh();
    $("#ng-online-box").hidden = !yes;
    $("#ng-lobby-box").hidden = !yes;
    this.syncOnline();
    if ($("#new-game").open) this.page.onlinePanel.renderMyGames();
  }

  /** The rows again in a new language (a default name becomes the new language's), after
   *  `before` (the old translator). */
  relabel(before) {
    const t = this.page.t;
    for (const [i, li] of [...$("#ng-players").children].entries()) {
      const name = li.querySelector("input");
      li.replaceWith(this.playerRow(i, name.value === before(`name.${i}`) ? t(`name.${i}`) : name.value,
        li.querySelector("select").value, li.querySelector("select.who").value));
    }
    this.syncMode();
    this.syncOnline();
  }

  submit(ev) {
    ev.preventDefault();
    const page = this.page, t = page.t;
    const players = [...$("#ng-players").children].map((li) => {
      const who = li.querySelector("select.who").value;
      return { name: li.querySelector("input").value.trim() || t("ng.player"), color: li.querySelector("select").value,
        ...(who ? { computer: who } : {}) };
    });
    let sets = [...$("#ng-sets").querySelectorAll("input:checked")].map((i) => i.value);
    let options = { farmers: $("#ng-farmers").checked, abbot: $("#ng-abbot").checked,
      shrine_house_rule: $("#ng-house").checked,
      spell_mode: document.querySelector('input[name="ng-spell"]:checked').value, eloise: $("#ng-eloise").checked };
    if (coopMode()) {
      sets = $("#ng-circles").checked ? ["ghosts", "spellcircles"] : ["ghosts"];
      options = { coop: { level: Number($("#ng-level").value) } };
      players.forEach((p) => delete p.color);
    }
    const seedText = $("#ng-seed").value.trim();
    const opts = { players, sets, options };
    if (page.hasServer && $("#ng-online").checked) {
      // Online: the server picks the seed and plays the computers.
      const clock = this.clockChoice();
      const rated = !$("#ng-rated-box").hidden && $("#ng-rated").checked;
      const duplicate = $("#ng-duplicate").checked;
      page.onlinePanel.create({ ...opts, ...(clock ? { clock } : {}), public: $("#ng-public").checked, rated, duplicate }).then(() => $("#new-game").close(), (e) => { $("#ng-error").textContent = e.message; });
      return;
    }
    if (seedText) {
      if (!/^\d+$/.test(seedText)) { $("#ng-error").textContent = t("ng.badSeed"); return; }
      opts.seed = seedText;
    }
    try {
      const local = new page.W.Game({ ...opts, lang: t.lang });
      page.onlinePanel.leave();
      page.attach(local, { fresh: true });
      $("#new-game").close();
    } catch (e) {
      $("#ng-error").textContent = e.message;
    }
  }
}
