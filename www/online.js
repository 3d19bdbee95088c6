// Online play (docs/online.md): the WebSocket to `carc serve`, the room, and this player's
// copy of the game. The copy is made from the public record the server sends (the tiles
// drawn so far and the ones nobody has seen, never their order) and kept in step by the
// server's actions and the tiles it reveals; the page and the element draw and play it as
// a local game, except that moves go to the server. Reconnects by itself; a move is sent
// with the number of actions seen, so the server never applies it twice.

/** The WebSocket address of the server that served this page (or of `base`). */
export function serverSocketUrl(base = location.href) {
  const u = new URL("ws", base);
  u.protocol = u.protocol === "https:" ? "wss:" : "ws:";
  return u.href;
}

/** Whether a game server answers beside this page. A static copy ships `server.json`
 *  saying `{"server": false}` (so asking never logs a 404); `carc serve` answers it with
 *  `true` in front of the files. */
export async function serverAnswers(base = location.href) {
  if (!/^https?:$/.test(new URL(base).protocol)) return false;
  try {
    const r = await fetch(new URL("server.json", base), { cache: "no-store" });
    return r.ok && (await r.json()).server === true;
  } catch {
    return false;
  }
}

/** "My games": how the rooms this browser holds seats in stand. `entries`: `[{room, token}]`
 *  (at most 50). One short connection; resolves to the server's `games` list (rooms that do
 *  not exist are left out), rejects on an error or after `ms`. */
export function myGames(url, entries, ms = 8000) {
  return new Promise((resolve, reject) => {
    let ws;
    try { ws = new WebSocket(url); } catch (e) { reject(e); return; }
    const done = (f, v) => { clearTimeout(timer); ws.onclose = null; ws.close(); f(v); };
    const timer = setTimeout(() => done(reject, new Error("no answer")), ms);
    ws.onopen = () => ws.send(JSON.stringify({ type: "games", rooms: entries.slice(0, 50) }));
    ws.onmessage = (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch { return; }
      if (m.type === "games") done(resolve, m.games);
      else if (m.type === "error") done(reject, new Error(m.message));
    };
    ws.onclose = () => done(reject, new Error("closed"));
  });
}

export class Online extends EventTarget {
  /** `bindings`: the wasm module (for `Game`); `url`: the server's WebSocket address; `t`:
   *  the translator (text.js) for what the connection itself says (the host may set
   *  `online.t` again when the language changes). */
  constructor(bindings, url, t = (key) => key) {
    super();
    this.t = t;
    this.W = bindings;
    this.url = url;
    this.ws = null;
    this.status = "connecting";
    this.room = null; // the server's last "room" message
    this.seat = null;
    this.game = null; // the copy of the game
    this.clock = null; // the clocks as last told: {left, running, at: when told (performance.now())}
    this.joining = null; // the join message, sent again after every reconnect
    this.quickWish = null; // the quick-play request waiting, asked again after a reconnect
    this.chat = []; // the room's chat lines, oldest first, each once (by its number n)
    this.pending = []; // promises waiting for "created" / "claimed"
    this.retry = 250;
    this.closed = false;
    this.connect();
  }

  connect() {
    if (this.closed) return;
    this.setStatus("connecting");
    let ws;
    try { ws = new WebSocket(this.url); } catch { this.later(); return; }
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 250;
      this.setStatus("online");
      if (this.joining) this.raw(this.joining);
      else if (this.quickWish) this.raw(this.quickWish);
    };
    ws.onmessage = (e) => { try { this.handle(JSON.parse(e.data)); } catch (err) { this.emit("error", err.message); } };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.setStatus("offline");
      this.later();
    };
  }

  /** Try again after a while (doubling up to 5 s). */
  later() {
    if (this.closed) return;
    setTimeout(() => this.connect(), this.retry);
    this.retry = Math.min(this.retry * 2, 5000);
  }

  close() {
    this.closed = true;
    this.ws?.close();
  }

  /** Connect again at once (signed in or out: the server reads the cookie when the
   *  socket opens); the room joined, or the quick-play wish, is asked again. */
  renew() {
    if (this.closed || !this.ws) return;
    const old = this.ws;
    this.ws = null;
    old.close();
    this.connect();
  }

  setStatus(s) {
    this.status = s;
    this.emit("status", s);
  }

  emit(type, detail) { this.dispatchEvent(new CustomEvent(type, { detail })); }

  raw(msg) {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** A request answered by one kind of message (or an error). */
  ask(msg, kind) {
    return new Promise((resolve, reject) => {
      const send = () => {
        this.pending.push({ kind, resolve, reject });
        if (!this.raw(msg)) {
          this.pending.pop();
          this.addEventListener("status", () => setTimeout(send, 0), { once: true });
        }
      };
      send();
    });
  }

  /** The public lobby: resolves to `{waiting, live}` (docs/online.md). */
  lobby() { return this.ask({ type: "lobby" }, "lobby"); }

  /** Wait to be paired with the next player who asks for the same sets and clock (asked
   *  again after a reconnection until paired or cancelled); "paired" tells the room. */
  quick(name, sets, clock, rated = false) {
    // The server leaves the room this connection was in.
    this.joining = null;
    this.room = null;
    this.seat = null;
    this.quickWish = { type: "quick", name, sets, ...(clock ? { clock } : {}), ...(rated ? { rated } : {}) };
    this.raw(this.quickWish);
    this.emit("room", null);
  }

  quickCancel() {
    this.quickWish = null;
    this.raw({ type: "quick_cancel" });
  }

  /** Create a room; resolves to `{room, tokens}` (the first token is this player's). */
  create(setup) { return this.ask({ type: "create", ...setup }, "created"); }

  /** Take an open seat with the open link's `secret`; resolves to `{room, seat, token}`. */
  claim(room, name, secret) { return this.ask(secret ? { type: "claim", room, name, secret } : { type: "claim", room, name }, "claimed"); }

  /** Say a line in the room's chat (players only; the server refuses watchers). */
  say(text) {
    if (!this.raw({ type: "chat", text })) this.emit("error", this.t("online.notSent"));
  }

  /** Follow a room, as a seat (with its token, and the `name` its player chose) or
   *  watching. A reconnection sends the same join (the same name again changes nothing). */
  join(room, token, name) {
    if (this.joining?.room !== room) this.chat = [];
    this.quickWish = null; // the server stops waiting for a connection that joins a room
    this.joining = token ? { type: "join", room, token, ...(name ? { name } : {}) } : { type: "join", room };
    this.raw(this.joining);
  }

  start() { this.raw({ type: "start" }); }
  rematch() { this.raw({ type: "rematch" }); }
  computer(seat, level) { this.raw({ type: "computer", seat, level }); }

  /** Play a move (record form) for this player's seat. Refused at once when offline:
   *  nothing is queued that could arrive twice. */
  act(action) {
    if (!this.game) return false;
    const sent = this.raw({ type: "act", n: this.game.snapshot().actions, action });
    if (!sent) this.emit("error", this.t("online.notSent"));
    else this.lastAct = action;
    return sent;
  }

  /** A server's refusal in the page's own words: `refusal.<code>` with its numbers; an
   *  illegal move is explained by this page's copy of the game (Game.whyNot, in its
   *  language, squares in words); a code the page does not know keeps the server's English. */
  refusalText(m) {
    if (m.code === "illegal_action" && m.re === "act" && this.lastAct && this.game) {
      try {
        const why = this.game.whyNot(this.lastAct);
        return why ? this.t("refusal.illegal_action", { why }) : this.t("refusal.illegal_action.other");
      } catch { /* the move no longer reads on this copy: the general words below */ }
    }
    if (m.code === "illegal_action") return this.t("refusal.illegal_action.other");
    // A rated game's reason, in the page's words.
    if (m.code === "rated" && this.t.has?.(`rated.${m.params?.reason}`)) return this.t(`rated.${m.params.reason}`);
    const key = `refusal.${m.code}`;
    if (!m.code || !this.t.has?.(key)) return m.message;
    return this.t(key, { why: m.params?.detail ?? m.message, ...(m.params || {}) });
  }

  /** The clocks a frame tells (none in a room without a clock), kept with when they came. */
  tellClock(clock) {
    this.clock = clock ? { left: clock.left, running: clock.running, at: performance.now() } : null;
    this.emit("clock", this.clock);
  }

  handle(m) {
    if (m.type === "state" || m.type === "action" || m.type === "timeout") this.tellClock(m.clock);
    switch (m.type) {
      case "timeout":
        // A seat's time ran out: a computer plays it, or it lost (the room frame follows).
        this.emit("timeout", { seat: m.seat, rule: m.rule });
        break;
      case "room":
        // Every room frame says this connection's own seat (`you`) and whether it hosts.
        this.seat = m.you;
        this.room = m;
        this.emit("room", this.room);
        break;
      case "chat": {
        // On joining the last lines, then each new one; a line seen twice (a rejoin) once.
        const seen = new Set(this.chat.map((l) => l.n));
        this.chat = this.chat.concat(m.lines.filter((l) => !seen.has(l.n))).sort((a, b) => a.n - b.n).slice(-100);
        this.emit("chat", this.chat);
        break;
      }
      case "watchers":
        // Watchers come and go without a whole room frame: only their count, now and then.
        if (this.room) {
          this.room = { ...this.room, watchers: m.watchers };
          this.emit("room", this.room);
        }
        break;
      case "state": {
        // The same game as here (a rejoin, or the game over with its whole record, which
        // the copy does not need): kept, with its view and log.
        if (this.game && this.game.snapshot().actions === m.n) break;
        this.game = this.W.Game.fromRecord(JSON.stringify(m.record));
        this.emit("game", this.game);
        break;
      }
      case "action": {
        if (!this.game || m.n !== this.game.snapshot().actions) {
          // Out of step (a message lost while reconnecting): ask for the whole state.
          if (this.joining) this.raw(this.joining);
          break;
        }
        // All or nothing (the engine's Record::follow): a message that does not fit leaves
        // the copy as it was, and the whole state is asked for again.
        try { this.game.follow(m); } catch { if (this.joining) this.raw(this.joining); }
        break;
      }
      case "quick":
        this.emit("quick", { waiting: m.waiting });
        break;
      case "paired":
        // Quick play found a player: the room's game has begun; its seat is this token's.
        this.quickWish = null;
        this.emit("paired", { room: m.room, seat: m.seat, token: m.token });
        break;
      case "lobby":
      case "created":
      case "claimed": {
        const i = this.pending.findIndex((p) => p.kind === m.type);
        if (i >= 0) this.pending.splice(i, 1)[0].resolve(m);
        break;
      }
      case "error": {
        const kind = { create: "created", claim: "claimed", lobby: "lobby" }[m.re];
        if (m.re === "quick") { this.quickWish = null; this.emit("quick", { waiting: false, error: this.refusalText(m) }); break; }
        const i = this.pending.findIndex((p) => p.kind === kind);
        if (i >= 0) this.pending.splice(i, 1)[0].reject(new Error(this.refusalText(m)));
        else this.emit("error", this.refusalText(m));
        break;
      }
      default:
        break;
    }
  }
}
