// The page's online play (docs/online.md): the room's connection, its panel (seats, chat,
// the host's buttons), invitations and room links, the seats this browser holds, and the
// "Your online games" list. The connection itself is online.js; the board is the Table's.
import { $, el } from "./dom.js";
import { Online, myGames, serverSocketUrl } from "./online.js";
import { ruleText } from "./clocks.js";
import { kindText } from "./leaderboard.js";

const inviteKey = (room) => `carcassonne.online.invites.${room}`;
const SEATS_KEY = "carcassonne.online.seats.v1";
const MUTED_KEY = "carcassonne.online.muted.v1";

/** Read a JSON object kept under `key` (anything else, or nothing: `{}`). */
function stored(key) {
  try {
    const all = JSON.parse(localStorage.getItem(key) || "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  } catch { return {}; }
}

/** Keep `value` under `key` (on a full disk it lasts for this visit). */
function keep(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* full: kept for this visit */ }
}

/** The seats this browser has muted in a room's chat (room → seat numbers). */
function mutedSeats(room) {
  const seats = stored(MUTED_KEY)[room];
  return Array.isArray(seats) ? seats.filter(Number.isInteger) : [];
}

/** The seats this browser plays online: room → its seat's token. A token lives here, never
 *  in the address bar, where it would go with every page load into proxies' logs. */
const seatTokens = () => stored(SEATS_KEY);

function rememberSeat(room, token) {
  keep(SEATS_KEY, { ...seatTokens(), [room]: { token, at: Date.now() } });
}

function forgetSeat(room) {
  const all = seatTokens();
  delete all[room];
  keep(SEATS_KEY, all);
}

/** A room link's parts, from the fragment (`#room=…&t=…`, `&open=…`), or from the query
 *  of links made before secrets moved to the fragment (`?room=…&t=…`, `&open`). */
export function roomLink() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const q = hash.has("room") ? hash : new URLSearchParams(location.search);
  const room = q.get("room");
  return { room: room && /^[\w-]{1,64}$/.test(room) ? room : null, token: q.get("t"), open: q.has("open") ? q.get("open") : null };
}

/** Online play on the page. `page`: the page's shared state (app.js); `page.online` is
 *  the room's connection while there is one. */
export class OnlinePanel {
  constructor(page) {
    this.page = page;
    $("#on-start").addEventListener("click", () => page.online?.start());
    $("#on-rematch").addEventListener("click", () => page.online?.rematch());
    $("#on-invites").addEventListener("click", () => page.online?.room && this.showInvites(page.online.room.room));
    $("#on-leave").addEventListener("click", () => { this.leave(); if (!page.resume()) page.openNewGame(); });
    $("#on-chat-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const text = $("#on-chat-text").value.trim();
      if (!text || !page.online) return;
      page.online.say(text);
      $("#on-chat-text").value = "";
    });
    addEventListener("visibilitychange", () => { if (!document.hidden) document.title = page.t("app.title"); });
  }

  /** The room's connection, made once (reconnecting by itself). */
  connect() {
    const page = this.page;
    if (page.online) return page.online;
    const o = page.online = new Online(page.W, serverSocketUrl(), page.t);
    o.addEventListener("game", (e) => page.attach(e.detail, { fresh: true, remote: true }));
    o.addEventListener("room", () => { this.render(); this.renderChat(); if (page.game) page.render(); });
    o.addEventListener("status", () => { this.render(); if (page.game) page.render(); });
    o.addEventListener("error", (e) => page.notice(e.detail));
    o.addEventListener("chat", () => this.renderChat());
    o.addEventListener("clock", () => page.side.clocks.update());
    o.addEventListener("timeout", (e) => {
      const r = o.room, name = r?.seats?.[e.detail.seat]?.name ?? "?";
      const text = page.t(e.detail.rule === "loss" ? "clock.timeoutLoss" : "clock.timeoutComputer", { name });
      page.notice(text);
      $("#announce").textContent = text;
    });
    window.carc.online = o;
    return o;
  }

  /** Leave the room: the connection closes and the board is the page's own again. */
  leave() {
    const page = this.page;
    if (!page.online) return;
    page.online.close();
    page.online = null;
    window.carc.online = null;
    page.table.remote = false;
    page.table.view?.setRemote(false);
    if (location.search || roomLink().room) history.replaceState(null, "", location.pathname);
    this.render();
  }

  toggleMute(room, seat) {
    const all = stored(MUTED_KEY), now = mutedSeats(room);
    all[room] = now.includes(seat) ? now.filter((s) => s !== seat) : now.concat(seat);
    keep(MUTED_KEY, all);
    this.render();
    this.renderChat();
  }

  /** The room's chat: every line as text (never markup), but those of muted seats. */
  renderChat() {
    const online = this.page.online, r = online?.room;
    const log = $("#on-chat-log");
    if (!r) { log.replaceChildren(); return; }
    const muted = mutedSeats(r.room);
    const lines = online.chat.filter((l) => !muted.includes(l.seat));
    log.replaceChildren(...lines.map((l) => el("li", { title: new Date(l.at * 1000).toLocaleString() },
      el("b", {}, `${l.name}: `), el("span", {}, l.text))));
    log.scrollTop = log.scrollHeight;
    $("#on-chat-form").hidden = online.seat === null;
    this.page.sheet.chat(lines.length); // counted on a phone's sheet handle until seen
  }

  /** "Your online games" on the new-game screen: every room this browser holds a seat in,
   *  whose turn it is and when the last move was made, your turn first; Open goes back in.
   *  Rooms gone from the server are forgotten. */
  async renderMyGames() {
    const t = this.page.t, box = $("#ng-mine");
    const held = Object.entries(seatTokens()).filter(([, v]) => v && typeof v.token === "string");
    if (!this.page.hasServer || !held.length) { box.hidden = true; return; }
    let games;
    try {
      games = await myGames(serverSocketUrl(), held.slice(-50).map(([room, v]) => ({ room, token: v.token })));
    } catch { box.hidden = true; return; }
    const found = new Set(games.map((g) => g.room));
    for (const [room] of held.slice(-50)) if (!found.has(room)) forgetSeat(room);
    const mine = (g) => g.status === "playing" && g.turn !== null && g.turn === g.seat;
    games.sort((a, b) => (mine(b) - mine(a)) || ((b.moved_at || 0) - (a.moved_at || 0)));
    const ago = (secs) => {
      const rtf = new Intl.RelativeTimeFormat(t.lang, { numeric: "auto" });
      const d = Math.round(secs - Date.now() / 1000);
      for (const [unit, n] of [["day", 86400], ["hour", 3600], ["minute", 60]]) if (Math.abs(d) >= n) return rtf.format(Math.round(d / n), unit);
      return rtf.format(d, "second");
    };
    const state = (g) => g.seat === null ? t("mine.handed") : g.status === "lobby" ? t("mine.lobby")
      : g.status === "over" ? t("mine.over") : mine(g) ? t("mine.yourTurn") : t("mine.turnOf", { name: g.names[g.turn] ?? "?" });
    $("#ng-mine-list").replaceChildren(...games.map((g) => el("li", { class: mine(g) ? "yours" : "" },
      el("span", { class: "names" }, g.names.map((n, i) => i === g.seat ? t("mine.you", { name: n }) : n).join(", ")),
      el("span", { class: "state" }, state(g)),
      el("span", { class: "muted" }, g.moved_at ? t("mine.lastMove", { when: ago(g.moved_at) }) : ""),
      g.seat === null
        ? el("button", { type: "button", onclick: () => { forgetSeat(g.room); this.renderMyGames(); } }, t("mine.forget"))
        : el("button", { type: "button", class: mine(g) ? "primary" : "", onclick: () => {
          $("#new-game").close();
          location.hash = `room=${g.room}`;
        } }, t("mine.open")))));
    box.hidden = !games.length;
  }

  /** Links for a room: one per invited seat (its token), the open link (its secret), the
   *  watch link. The secrets are in the fragment, which browsers never send to a server. */
  links(room, tokens, seats, open) {
    const t = this.page.t, base = location.href.split(/[?#]/)[0];
    const out = [];
    tokens.forEach((token, i) => { if (token && i > 0) out.push([t("online.seatOf", { name: seats[i].name }), `${base}#room=${room}&t=${token}`]); });
    if (seats.some((s) => s.kind === "open")) out.push([t("online.openLink"), `${base}#room=${room}&open=${open}`]);
    out.push([t("online.watch"), `${base}#room=${room}`]);
    return out;
  }

  /** Create a room from the new-game dialog's choices and join it as its first seat. */
  async create(opts) {
    const o = this.connect();
    const seats = opts.players.map((p, i) => i === 0 || !p.computer ? { name: p.name, kind: "person" }
      : p.computer === "open" ? { name: p.name, kind: "open" } : { name: p.name, kind: "computer", level: p.computer });
    const created = await o.create({ seats, sets: opts.sets, options: opts.options,
      ...(opts.clock ? { clock: opts.clock } : {}), ...(opts.public ? { public: true } : {}), ...(opts.rated ? { rated: true } : {}),
      ...(opts.duplicate ? { duplicate: true } : {}) });
    try { localStorage.setItem(inviteKey(created.room), JSON.stringify(this.links(created.room, created.tokens, seats, created.open))); } catch { /* full */ }
    rememberSeat(created.room, created.tokens[0]);
    history.replaceState(null, "", `${location.pathname}#room=${created.room}`);
    o.join(created.room, created.tokens[0]);
    if ("Notification" in window && Notification.permission === "default") Notification.requestPermission().catch(() => {});
    this.showInvites(created.room);
  }

  /** Play the seat `token` holds in `room` (quick play's pairing): kept, and joined. */
  enter(room, token) {
    rememberSeat(room, token);
    history.replaceState(null, "", `${location.pathname}#room=${room}`);
    this.connect().join(room, token);
    this.render();
  }

  /** A public room from the lobby: take one of its open seats (the name asked first; no
   *  secret needed) or watch it. */
  visit(room, take) {
    const o = this.connect();
    history.replaceState(null, "", `${location.pathname}#room=${room}`);
    if (take) this.askName(o, room, "");
    else o.join(room);
    this.render();
  }

  showInvites(room) {
    const t = this.page.t;
    let list = [];
    try { list = JSON.parse(localStorage.getItem(inviteKey(room)) || "[]"); } catch { /* none */ }
    $("#invite-links").replaceChildren(...list.map(([label, url]) => el("li", {},
      el("span", {}, label), el("input", { type: "text", readonly: true, value: url, "aria-label": label }),
      el("button", { type: "button", onclick: async (e) => {
        try { await navigator.clipboard.writeText(url); e.target.textContent = t("online.copied"); } catch { e.target.previousSibling.select(); }
      } }, t("online.copy")))));
    $("#invite").showModal();
  }

  /** The online panel: connection, room, seats (who is there), and the host's buttons. */
  render() {
    const online = this.page.online, t = this.page.t;
    const box = $("#online");
    box.hidden = !online;
    if (!online) return;
    const r = online.room;
    // The heading says "Online"; its badge says how the connection is.
    $("#on-status").textContent = t(online.status === "online" ? "online.connected" : online.status === "connecting" ? "online.connecting" : "online.lost");
    $("#on-status").className = `on-status ${online.status}`;
    if (!r) return;
    const you = online.seat;
    const lost = r.lost_on_time ?? null;
    $("#on-room").textContent = [r.status === "lobby" ? t("online.lobby")
      : lost !== null ? t("clock.lostOnTime", { name: r.seats[lost]?.name ?? "?" })
        : r.status === "over" ? t("online.over") : you === null ? t("online.watching") : "",
    r.clock ? t("clock.room", { rule: ruleText(r.clock, t) }) : "",
    r.rated ? t("lobby.rated", { kind: kindText(r.rated, t) }) : "",
    r.duplicate ? t("match.playing", { game: r.duplicate.game }) : ""].filter(Boolean).join(" · ");
    const muted = mutedSeats(r.room);
    $("#on-seats").replaceChildren(...r.seats.map((s, i) => el("li", {},
      el("span", { class: `dot ${s.connected || s.kind === "computer" ? "on" : "off"}`, "aria-hidden": "true" }),
      el("span", {}, `${s.name}${i === you ? t("online.you") : ""}${s.kind === "computer" ? t("online.computer", { level: t(`level.${s.level}`) }) : s.kind === "open" ? t("online.open") : ""}`),
      el("span", { class: "muted" }, s.kind === "computer" ? "" : s.connected ? t("online.connected")
        : s.kind === "open" && !s.came ? t("online.free") : !s.came ? t("online.invited") : t("online.away", { n: s.away_secs ?? 0 })),
      r.host && i > 0 && s.kind !== "computer" && !s.connected && s.away_secs != null && s.away_secs >= r.absent_secs && r.status === "playing"
        ? el("button", { type: "button", onclick: () => online.computer(i, "medium") }, t("online.takeOver")) : "",
      i !== you && s.kind === "person"
        ? el("button", { type: "button", class: "mute", "aria-pressed": String(muted.includes(i)),
          onclick: () => this.toggleMute(r.room, i) }, t(muted.includes(i) ? "chat.unmute" : "chat.mute")) : "")));
    $("#on-chat-form").hidden = you === null;
    $("#on-start").hidden = !(r.host && r.status === "lobby");
    $("#on-rematch").hidden = !(r.host && r.status === "over");
    $("#on-invites").hidden = !(r.host && localStorage.getItem(inviteKey(r.room)));
  }

  /** Tell a player whose tab is in the background that it is their turn. */
  notifyTurn(s) {
    const online = this.page.online, t = this.page.t;
    const mine = online && online.seat === s.current_player && !s.over;
    document.title = mine && document.hidden ? t("online.yourTurn") : t("app.title");
    if (mine && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification(t("app.title"), { body: t("online.notify"), tag: "carcassonne-turn" }); } catch { /* not here */ }
    }
  }

  /** Whoever follows an open link says the name the others will see (the last one given,
   *  remembered, or nothing: no silent "Guest"), then takes the seat; or just watches.
   *  Whoever follows an invitation (`token`) for the first time says it too, or keeps the
   *  name the host gave the seat; the name counts while the room is in its lobby. */
  askName(o, room, open, token = null) {
    const page = this.page, t = page.t, dialog = $("#claim"), input = $("#claim-name");
    const invited = !!token;
    $("#claim-title").textContent = t(invited ? "claim.invited.title" : "claim.title");
    $("#claim-text").textContent = t(invited ? "claim.invited.text" : "claim.text");
    $("#claim-take").textContent = t(invited ? "claim.invited.take" : "claim.take");
    $("#claim-watch").textContent = t(invited ? "claim.invited.keep" : "claim.watch");
    input.value = page.settings.name || "";
    const asIs = () => (invited ? o.join(room, token) : o.join(room));
    $("#claim-form").onsubmit = (e) => {
      e.preventDefault();
      const name = input.value.trim().slice(0, 24);
      if (!name) { input.focus(); return; }
      page.settings.name = name;
      page.keepSettings();
      dialog.close();
      if (invited) { o.join(room, token, name); return; }
      o.claim(room, name, open || undefined).then((c) => {
        rememberSeat(room, c.token);
        o.join(room, c.token);
      }, (err) => { page.notice(page.t("notice.noSeat", { error: err.message })); o.join(room); });
    };
    $("#claim-watch").onclick = () => { dialog.close(); asIs(); };
    dialog.oncancel = asIs;
    dialog.showModal();
    input.focus();
  }

  /** Open the room a link names: `#room=…&t=…` plays a seat, `&open=…` takes an open seat,
   *  neither watches (or plays the seat this browser holds there). A token is stored and
   *  the address keeps only `#room=…`. Returns whether there was one. */
  openFromUrl() {
    const { room, token, open } = roomLink();
    if (!room) return false;
    // An invitation followed for the first time here: its player names the seat.
    const firstTime = !!token && seatTokens()[room]?.token !== token;
    if (token) rememberSeat(room, token);
    history.replaceState(null, "", `${location.pathname}#room=${room}`);
    const o = this.connect();
    const mine = seatTokens()[room]?.token;
    if (open !== null && !token) this.askName(o, room, open);
    else if (firstTime) this.askName(o, room, null, token);
    else o.join(room, typeof mine === "string" ? mine : undefined);
    this.render();
    return true;
  }
}
