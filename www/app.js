// The page around the board: panels, the new-game dialog, saving and resuming.
// The game itself (rules, board drawing, input) is the WebAssembly module.
import { Computers } from "./computers.js";
import { el } from "./dom.js";
import { COOP_COLOURS, levelsWon, markWon, actionLabel, stepHint, outcomeText, renderTeam } from "./coop.js";
import { Online, serverAnswers, serverSocketUrl } from "./online.js";
import { inspectCard } from "./inspect.js";
import { renderTilesLeft, scoreChart } from "./panels.js";
import { playEvents, played, unlock } from "./sound.js";
import { Help, TOPIC_OF } from "./help.js";

const SAVE_KEY = "carcassonne.save.v1";
const COLORS = [["#d9342b", "Red"], ["#2f6fd6", "Blue"], ["#2e9b4a", "Green"], ["#e8c21f", "Yellow"], ["#3a3a3a", "Black"]];
const $ = (sel) => document.querySelector(sel);
// Score categories of the final breakdown, in the order they are shown.
const CATEGORY = {
  road: "Roads", city: "Cities", monastery: "Monasteries", shrine: "Shrines", castle: "Haunted castles",
  cemetery: "Cemeteries", garden: "Gardens", tower: "Watchtower bonuses", "challenge won": "Challenges won", "challenge bonus": "Challenge bonuses (house rule)",
  "final road": "Unfinished roads (end)", "final city": "Unfinished cities (end)",
  "final monastery": "Unfinished monasteries (end)", "final shrine": "Unfinished shrines (end)",
  "final castle": "Unfinished castles (end)", "final garden": "Unfinished gardens (end)", "final field": "Fields (end)",
  "final ghosts": "Ghosts (end)",
};

let W; // the wasm bindings
let game = null;
let view = null;
let subscription = 0;
let bots; // computer players (computers.js), made once the bindings are there
let online = null; // the room being played online, if any (online.js)
let hasServer = false; // a game server answers beside this page
let hideCard = () => {}; // hides the board's hover card (inspect.js)
// The player's settings, kept in this browser: animations (never under reduced motion),
// sound (off until turned on).
const SETTINGS_KEY = "carcassonne.settings";
const settings = (() => {
  try { return { motion: true, sound: false, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") }; } catch { return { motion: true, sound: false }; }
})();
const log = [];
const LEVELS = ["easy", "medium", "hard"];

function notice(text) {
  const n = $("#notice");
  n.textContent = text;
  n.hidden = !text;
  if (text) setTimeout(() => { if (n.textContent === text) n.hidden = true; }, 12000);
}

// Where the game is saved; null while an unreadable save could not be set aside, so that
// it is never overwritten before it is safely copied.
let saveKey = SAVE_KEY;

function save() {
  // An online game is kept by the server; the local save keeps the last local game.
  if (!game || !saveKey || online) return;
  // setItem replaces the old save in one step, or throws and leaves it as it was.
  try { localStorage.setItem(saveKey, game.exportRecord()); }
  catch (e) { notice("This browser would not store the game: " + e.message); }
}

/** A colour from a snapshot, only if it is a plain #rgb / #rrggbb colour (the engine
 *  refuses others; this keeps the page safe even so). */
const plainColor = (c) => typeof c === "string" && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(c) ? c : null;

// The lines of the log for some events (the opening draw of the start tile is not news).
// Log lines: the text and the help topic it belongs to (a "?" beside it opens that).
const logLines = (events) => events.filter((e) => e.type !== "tile_drawn" || e.player !== undefined)
  .map((e) => ({ text: e.text, topic: TOPIC_OF[e.type] }));
let help = null; // the "How to play" drawer (help.js)
/** A log line, with a "?" that opens its rule in the help. */
const logItem = (line, attrs = {}) => el("li", attrs, line.text,
  ...(line.topic ? [" ", el("button", { type: "button", class: "why", "aria-label": "How this rule works", onclick: () => help.open((replay.game || game).snapshot().sets, line.topic) }, "?")] : []));

function attach(newGame, { fresh, remote = false }) {
  replay.close({ resume: false });
  bots.cancel();
  if (view) { view.destroy(); view.free?.(); view = null; }
  if (game && subscription) game.unsubscribe(subscription);
  game = newGame;
  log.length = 0;
  view = new W.BoardView($("#board"), game);
  // Online, the server plays the computers and the moves go to it (boardaction).
  view.setRemote(remote);
  view.setMotion(settings.motion !== false);
  if (!remote) bots.attach(game, view);
  hideCard();
  subscription = game.subscribe((events) => {
    hideCard();
    if (settings.sound === true && !replay.active) playEvents(events);
    log.push(...logLines(events));
    // Screen readers hear each turn's events.
    $("#announce").textContent = events.map((e) => e.text).join(". ");
    save();
    const s = render();
    if (online) notifyTurn(s);
    else bots.next(s);
  });
  log.push({ text: remote ? "The online game is on." : fresh ? "A new game begins." : "Your game was resumed." });
  save();
  const shown = render();
  $("#board").focus();
  window.carc.game = game;
  window.carc.view = view;
  if (!remote) bots.next(shown);
}

// ---------------------------------------------------------------- online play

/** The room's connection, made once (reconnecting by itself). */
function goOnline() {
  if (online) return online;
  online = new Online(W, serverSocketUrl());
  online.addEventListener("game", (e) => attach(e.detail, { fresh: true, remote: true }));
  online.addEventListener("room", () => { renderOnline(); if (game) render(); });
  online.addEventListener("status", () => { renderOnline(); if (game) render(); });
  online.addEventListener("final", () => render());
  online.addEventListener("error", (e) => notice(e.detail));
  window.carc.online = online;
  return online;
}

function leaveOnline() {
  if (!online) return;
  online.close();
  online = null;
  window.carc.online = null;
  view?.setRemote(false);
  if (location.search) history.replaceState(null, "", location.pathname + location.hash);
  renderOnline();
}

const inviteKey = (room) => `carcassonne.online.invites.${room}`;

/** Links for a room: one per invited seat (its token), the open link, the watch link. */
function links(room, tokens, seats) {
  const base = location.href.split(/[?#]/)[0];
  const out = [];
  tokens.forEach((t, i) => { if (t && i > 0) out.push([`${seats[i].name}'s seat`, `${base}?room=${room}&t=${t}`]); });
  if (seats.some((s) => s.kind === "open")) out.push(["An open seat (anyone with the link)", `${base}?room=${room}&open`]);
  out.push(["Watch the game", `${base}?room=${room}`]);
  return out;
}

/** Create a room from the new-game dialog's choices and join it as its first seat. */
async function createOnline(opts) {
  const o = goOnline();
  const seats = opts.players.map((p, i) => i === 0 || !p.computer ? { name: p.name, kind: "person" }
    : p.computer === "open" ? { name: p.name, kind: "open" } : { name: p.name, kind: "computer", level: p.computer });
  const created = await o.create({ seats, sets: opts.sets, options: opts.options });
  try { localStorage.setItem(inviteKey(created.room), JSON.stringify(links(created.room, created.tokens, seats))); } catch { /* full */ }
  history.replaceState(null, "", `?room=${created.room}&t=${created.tokens[0]}`);
  o.join(created.room, created.tokens[0]);
  if ("Notification" in window && Notification.permission === "default") Notification.requestPermission().catch(() => {});
  showInvites(created.room);
}

function showInvites(room) {
  let list = [];
  try { list = JSON.parse(localStorage.getItem(inviteKey(room)) || "[]"); } catch { /* none */ }
  $("#invite-links").replaceChildren(...list.map(([label, url]) => el("li", {},
    el("span", {}, label), el("input", { type: "text", readonly: true, value: url, "aria-label": label }),
    el("button", { type: "button", onclick: async (e) => {
      try { await navigator.clipboard.writeText(url); e.target.textContent = "Copied"; } catch { e.target.previousSibling.select(); }
    } }, "Copy"))));
  $("#invite").showModal();
}

/** The online panel: connection, room, seats (who is there), and the host's buttons. */
function renderOnline() {
  const box = $("#online");
  box.hidden = !online;
  if (!online) return;
  const r = online.room;
  $("#on-status").textContent = online.status === "online" ? "Online" : online.status === "connecting" ? "Connecting…" : "Connection lost: reconnecting…";
  $("#on-status").className = `on-status ${online.status}`;
  if (!r) return;
  const you = online.seat;
  $("#on-room").textContent = r.status === "lobby" ? "Waiting for the host to start the game."
    : r.status === "over" ? "The game is over." : you === null ? "You are watching." : "";
  $("#on-seats").replaceChildren(...r.seats.map((s, i) => el("li", {},
    el("span", { class: `dot ${s.connected || s.kind === "computer" ? "on" : "off"}`, "aria-hidden": "true" }),
    el("span", {}, `${s.name}${i === you ? " (you)" : ""}${s.kind === "computer" ? ` (computer, ${s.level})` : s.kind === "open" ? " (open seat)" : ""}`),
    el("span", { class: "muted" }, s.kind === "computer" ? "" : s.connected ? "connected" : s.away_secs != null ? `away ${s.away_secs} s` : "not here yet"),
    r.host && i > 0 && s.kind !== "computer" && !s.connected && s.away_secs != null && s.away_secs >= r.absent_secs && r.status === "playing"
      ? el("button", { type: "button", onclick: () => online.computer(i, "medium") }, "Let a computer play") : "")));
  $("#on-start").hidden = !(r.host && r.status === "lobby");
  $("#on-rematch").hidden = !(r.host && r.status === "over");
  $("#on-invites").hidden = !(r.host && localStorage.getItem(inviteKey(r.room)));
}

/** Tell a player whose tab is in the background that it is their turn. */
function notifyTurn(s) {
  const mine = online && online.seat === s.current_player && !s.over;
  document.title = mine && document.hidden ? "● Your turn · Carcassonne" : "Carcassonne";
  if (mine && document.hidden && "Notification" in window && Notification.permission === "granted") {
    try { new Notification("Carcassonne", { body: "It is your turn.", tag: "carcassonne-turn" }); } catch { /* not here */ }
  }
}

/** Open the room a link names: `?room=…&t=…` plays a seat, `&open` takes an open seat,
 *  neither watches. Returns whether there was one. */
function openRoomFromUrl() {
  const q = new URLSearchParams(location.search);
  const room = q.get("room");
  if (!room) return false;
  const o = goOnline();
  if (q.get("t")) o.join(room, q.get("t"));
  else if (q.has("open")) {
    const name = (prompt("Your name for this game:", "Guest") || "Guest").trim().slice(0, 24) || "Guest";
    o.claim(room, name).then((c) => {
      history.replaceState(null, "", `?room=${room}&t=${c.token}`);
      o.join(room, c.token);
    }, (e) => notice(`No seat: ${e.message}`));
  } else o.join(room);
  renderOnline();
  return true;
}

// ---------------------------------------------------------------- replays

// A replay shows a record move by move on the board, with the log in step. The game
// being played is left alone (and its computers wait) until the replay is closed.
const replay = {
  game: null,
  view: null,
  record: null,
  steps: [], // steps[k]: the log lines of move k (steps[0]: the opening)
  k: 0,

  get active() { return !!this.game; },

  /** Show a record (JSON text); throws with the reason if it does not replay. */
  open(text) {
    W.Game.fromRecord(text).free?.(); // refuses a corrupt record before anything changes
    const record = JSON.parse(text);
    const g = W.Game.fromRecord(JSON.stringify({ ...record, actions: [] }));
    const steps = [["The game begins."]];
    const id = g.subscribe((events) => steps.push(logLines(events)));
    for (const a of record.actions) g.apply(a);
    g.unsubscribe(id);
    this.close({ resume: false });
    bots.cancel();
    if (view) { view.destroy(); view.free?.(); view = null; }
    Object.assign(this, { game: g, record, steps, k: record.actions.length });
    this.view = new W.BoardView($("#board"), g);
    this.view.setLocked(true);
    this.view.setMotion(settings.motion !== false);
    const slider = $("#rp-slider");
    slider.max = String(record.actions.length);
    $("#replay-bar").hidden = false;
    this.go(this.k);
    window.carc.replayGame = g;
  },

  /** Show the position after `k` moves. */
  go(k) {
    if (!this.game) return;
    k = Math.max(0, Math.min(this.record.actions.length, k));
    const jump = () => this.game.loadRecord(JSON.stringify({ ...this.record, actions: this.record.actions.slice(0, k) }));
    // One move forward is played, so it animates as it did in the game; any jump is loaded.
    if (k === this.k + 1) {
      try { this.game.apply(this.record.actions[this.k]); } catch { jump(); }
    } else if (k !== this.k) {
      jump();
    }
    this.k = k;
    $("#rp-slider").value = String(k);
    $("#rp-label").textContent = `Move ${k} of ${this.record.actions.length}`;
    $("#announce").textContent = `Move ${k}: ${this.steps[k].map((l) => l.text).join(". ")}`;
    $("#rp-first").disabled = $("#rp-back").disabled = k === 0;
    $("#rp-last").disabled = $("#rp-forward").disabled = k === this.record.actions.length;
    render();
  },

  /** Back to the game being played (`resume`: rebuild its board and wake its computers). */
  close({ resume = true } = {}) {
    if (!this.game) return;
    this.view.destroy();
    this.view.free?.();
    this.game.free?.();
    Object.assign(this, { game: null, view: null, record: null, steps: [], k: 0 });
    window.carc.replayGame = null;
    $("#replay-bar").hidden = true;
    if (location.hash.startsWith("#r=")) history.replaceState(null, "", location.href.split("#")[0]);
    if (resume && game) {
      view = new W.BoardView($("#board"), game);
      view.setMotion(settings.motion !== false);
      window.carc.view = view;
      bots.attach(game, view);
      bots.next(render());
    }
  },
};

/** Show the game of a share code (from a link); a damaged one is refused, nothing lost. */
function openShared(code) {
  try {
    replay.open(W.Game.recordFromShareCode(code));
  } catch (e) {
    notice(`The game in this link could not be shown: ${e.message}`);
  }
}

function render() {
  const shown = replay.game || game; // the game on the board: a replay's, or the one in play
  const s = shown.snapshot();
  const shownView = replay.view || view;
  const step = s.phase.step;
  const coop = s.coop;
  const me = s.players[s.current_player];
  const color = (i) => coop ? COOP_COLOURS[coop.colours[i][0]] : plainColor(s.colors[i]) || COLORS[i % 5][0];

  // The drawn tile, as the board previews it.
  const drawn = $("#drawn");
  if (step === "tile") W.drawTile(drawn, s.phase.tile, shownView.previewRotation());
  else drawn.getContext("2d").clearRect(0, 0, drawn.width, drawn.height);

  $("#turn-line").textContent = s.over ? "Game over" : `${me.name} to play`;
  // The player's colour as a bar beside the text: any colour a player picks, the text
  // itself stays readable (WCAG contrast).
  $("#turn-line").style.borderLeftColor = s.over ? "transparent" : color(s.current_player);
  if (coop) {
    const left = coop.supply + coop.cat_pile;
    $("#tiles-left").textContent = `${left} ghost${left === 1 ? "" : "s"} left · ${coop.active_pile_left} tile${coop.active_pile_left === 1 ? "" : "s"} left in the active pile` +
      " · the mist sets' tile layouts are reconstructions";
  } else $("#tiles-left").textContent = `${s.tiles_left} tile${s.tiles_left === 1 ? "" : "s"} left in the stack` +
    (s.ghosts !== undefined ? ` · ${s.ghosts} ghost${s.ghosts === 1 ? "" : "s"} in the supply` : "") +
    (s.ghosts_in_circles !== undefined ? ` · ${s.ghosts_in_circles} in spell circles` +
      (s.cat_pile ? ` (${s.cat_pile} on Eloïse's pile)` : "") : "") +
    (s.sets.some((x) => x === "ghosts" || x === "spellcircles") ? " · the mist sets' tile layouts are reconstructions" : "");
  const r = online?.room;
  const onlineSeat = online ? r?.seats?.[s.current_player] : null;
  const computer = replay.active ? null : online ? (onlineSeat?.kind === "computer" ? onlineSeat.level : null) : bots.level(s);
  const waiting = online && !s.over && online.seat !== s.current_player; // another's turn, or watching
  $("#hint").textContent = replay.active ? "Replay: step through the moves with the buttons or the ← → keys."
    : s.over ? "Game over. Start a new game from the menu."
    : online && r?.status === "lobby" ? "Waiting for the host to start the game."
    : computer ? `${me.name} (computer, ${computer}) is playing…`
    : waiting ? (online.seat === null ? `Watching: ${me.name} is playing.` : `Waiting for ${me.name}…`)
    : step === "tile" ? `${me.name}: place the tile on a highlighted square (R or right-click rotates).`
    : step === "coop" ? stepHint(s, me.name)
    : step === "circle" ? `${me.name}: a spell circle draws a ghost: click a ringed meeple beside the tile.`
    : step === "cat" ? `${me.name}: put Eloïse the cat next to a ringed meeple.`
    : step === "ghost" ? (s.phase.case === "extend"
      ? `${me.name} extended the mist: click a ringed meeple of another player to haunt it.`
      : `${me.name} limited the mist: click one of your own ringed meeples to haunt it.`)
    : `${me.name}: click a circle to place a figure, or choose “No meeple”.`;

  // Why is a ghost coming (or a circle calling, or the cat)? The rule, one click away.
  const why = { ghost: "ghosts", circle: "spellcircles", cat: "spellcircles" }[step];
  $("#hint-why").hidden = !why || !!computer || replay.active || s.over;
  $("#hint-why").dataset.topic = why || "";
  const idle = !!computer || replay.active || waiting || (online && online.status !== "online"); // nobody here may play now
  view?.setLocked(idle);
  $("#btn-rotate").disabled = step !== "tile" || idle;
  const passes = step === "figure" || (step === "coop" && ["meeple", "removal"].includes(s.phase.waits));
  $("#btn-pass").disabled = !passes || idle;
  $("#btn-pass").firstChild.textContent = step === "coop" && s.phase.waits === "removal" ? "No more " : "No meeple ";
  $("#btn-hint").hidden = !coop || s.over || idle || !!online;
  $("#btn-undo").disabled = !s.can_undo || idle;
  $("#btn-undo").hidden = !!online;
  // Against computer players a person may take back a whole turn.
  const seats = s.computers || [];
  $("#btn-undo-turn").hidden = !!online || !(seats.some(Boolean) && !seats.every(Boolean));
  $("#btn-undo-turn").disabled = !s.can_undo_turn || replay.active;
  $("#btn-replay").disabled = replay.active || s.actions === 0;

  const kinds = $("#figure-kinds");
  if (coop) {
    // The meeple step: which of the seat's colours the clicks place.
    const names = Object.keys(COOP_COLOURS);
    const own = step === "coop" && s.phase.waits === "meeple" && !idle
      ? coop.colours[s.current_player].filter((c) => coop.meeples[names.indexOf(c)] > 0) : [];
    if (!own.includes(kinds.dataset.colour)) kinds.dataset.colour = own[0] || "";
    if (own.length) view.setColour(kinds.dataset.colour);
    kinds.setAttribute("aria-label", "Colour of the meeple");
    kinds.replaceChildren(...(own.length > 1 ? own : []).map((c) =>
      el("button", { type: "button", role: "radio", "aria-checked": String(c === kinds.dataset.colour),
        onclick: () => { kinds.dataset.colour = c; view.setColour(c); render(); } }, c)));
  } else {
    kinds.setAttribute("aria-label", "Figure to place");
    kinds.replaceChildren(...(s.figure_kinds.length > 1 && !idle ? s.figure_kinds : []).map((k) =>
      el("button", { type: "button", role: "radio", "aria-checked": String(k === (kinds.dataset.kind || "meeple")),
        onclick: () => { kinds.dataset.kind = k; view.setFigure(k); render(); } }, k)));
  }
  // Every choice of a cooperative step as a button too (keyboard, screen readers).
  const choices = $("#coop-choices");
  const listed = coop && step === "coop" && !idle && !["meeple"].includes(s.phase.waits)
    ? game.legalActions().filter((a) => !a.pass) : [];
  choices.hidden = !listed.length;
  choices.replaceChildren(...listed.slice(0, 24).map((a) =>
    el("button", { type: "button", onclick: () => {
      if (online) { online.act(a); return; }
      try { game.apply(a); } catch (e) { notice(e.message); }
    } }, actionLabel(a))));
  $("#team").hidden = !coop;
  if (coop) renderTeam(s, $("#team"));

  const swatch = (i) => { const e = el("span", { class: "swatch" }); e.style.backgroundColor = color(i); return e; };
  if (coop) {
    // Seats and the colours they play, with the meeples each colour has left.
    const names = Object.keys(COOP_COLOURS);
    $("#players").replaceChildren(...s.players.map((p, i) => el("li", { class: i === s.current_player && !s.over ? "current" : "" },
      swatch(i),
      el("span", {}, p.name + (s.computers?.[i] ? ` (computer, ${s.computers[i]})` : "")),
      el("span", { class: "score" }, ""),
      el("span", { class: "supply" }, coop.colours[i].map((c) =>
        `${c}: ${coop.meeples[names.indexOf(c)]} meeple${coop.meeples[names.indexOf(c)] === 1 ? "" : "s"}`).join(", ")))));
  } else $("#players").replaceChildren(...s.players.map((p, i) => el("li", { class: i === s.current_player && !s.over ? "current" : "" },
    swatch(i),
    el("span", {}, p.name + (s.computers?.[i] ? ` (computer, ${s.computers[i]})` : "")),
    el("span", { class: "score", "aria-label": `${p.score} points` }, String(p.score)),
    el("span", { class: "supply" }, `${p.supply.meeple} meeple${p.supply.meeple === 1 ? "" : "s"}` +
      (p.supply.abbot ? ", abbot" : "") + (s.ghosts !== undefined
        ? `, ${p.supply.guard} guard${p.supply.guard === 1 ? "" : "s"} (${p.guard_reserve} in reserve)` : "")))));

  const final = $("#final");
  final.hidden = !s.over;
  const outcome = $("#final-outcome");
  outcome.hidden = !(s.over && coop);
  $("#final-table").hidden = !!coop;
  $("#final-title").textContent = coop ? (coop.outcome?.won ? "The team won" : "The ghosts won") : "Final scores";
  if (s.over && coop) {
    outcome.textContent = outcomeText(coop);
    outcome.classList.toggle("won", !!coop.outcome?.won);
    if (coop.outcome?.won && !replay.active) markWon(coop.level, s.sets.includes("spellcircles"));
  } else if (s.over) {
    const order = Object.keys(CATEGORY);
    const cats = [...new Set(s.tally.flatMap((t) => Object.keys(t)))]
      .sort((a, b) => (order.indexOf(a) + 1 || 99) - (order.indexOf(b) + 1 || 99));
    const head = el("tr", {}, el("th", {}, ""), ...s.players.map((p) => el("th", {}, p.name)));
    const rows = cats.map((c) => el("tr", {}, el("td", {}, CATEGORY[c] || c), ...s.tally.map((t) => el("td", {}, String(t[c] || 0)))));
    const total = el("tr", { class: "total" }, el("td", {}, "Total"), ...s.players.map((p) => el("td", {}, String(p.score))));
    $("#final-table").replaceChildren(head, ...rows, total);
  }
  // The score after each turn, once a competitive game is over.
  const chart = $("#final-chart");
  chart.hidden = !(s.over && !coop);
  if (!chart.hidden) $("#final-chart-svg").replaceChildren(scoreChart(shown.scoreTimeline(), s.players.map((p) => p.name), s.players.map((_, i) => color(i))));
  // The unseen tiles, drawn only while the panel is open and when the game moved on.
  const left = $("#tiles-left-panel");
  const unseen = shown.unseenTiles();
  left.querySelector("summary").textContent = `Tiles not yet seen (${unseen.reduce((n, t) => n + t.count, 0)})`;
  if (left.open && left.dataset.shown !== `${s.actions}`) {
    renderTilesLeft($("#tl-list"), unseen, W.Game.sets(), W.drawTile);
    left.dataset.shown = `${s.actions}`;
  }

  const list = $("#log");
  if (replay.active) {
    // The log in step with the replay: every move so far, this move's lines marked.
    const lines = replay.steps.slice(0, replay.k + 1).flatMap((texts, k) => texts.map((t) => [t, k === replay.k]));
    list.replaceChildren(...lines.slice(-200).reverse().map(([t, now]) => logItem(t, { class: now ? "now" : "" })));
  } else {
    list.replaceChildren(...log.slice(-200).reverse().map((t) => logItem(t)));
  }
  return s;
}

// ---------------------------------------------------------------- new game dialog

function playerRow(i, name, color, computer = "") {
  const li = el("li", {},
    el("input", { type: "text", value: name, "aria-label": `Player ${i + 1} name`, maxlength: 24, required: true }),
    el("select", { "aria-label": `Player ${i + 1} colour` },
      ...COLORS.map(([c, n]) => el("option", { value: c, selected: c === color }, n))),
    el("select", { class: "who", "aria-label": `Player ${i + 1}: person or computer` },
      el("option", { value: "" }, "Person"),
      el("option", { value: "open", class: "online-only", hidden: true }, "Open seat (anyone with the link)"),
      ...LEVELS.map((l) => el("option", { value: l, selected: l === computer }, `Computer (${l})`))),
    el("button", { type: "button", "aria-label": `Remove player ${i + 1}`, onclick: () => { li.remove(); syncRows(); } }, "✕"));
  return li;
}

const coopMode = () => document.querySelector('input[name="ng-mode"]:checked')?.value === "coop";

function syncRows() {
  const rows = [...$("#ng-players").children];
  // The cooperative game may be played alone (4 colours); a competitive one needs two.
  const least = coopMode() ? 1 : 2;
  rows.forEach((r) => (r.querySelector("button").disabled = rows.length <= least));
  $("#ng-add").disabled = rows.length >= 5;
}

/** Online: the seats may also be open to anyone with a link. */
function syncOnline() {
  const on = hasServer && $("#ng-online").checked;
  for (const o of $("#ng-players").querySelectorAll("option.online-only")) {
    o.hidden = !on;
    if (!on && o.selected) o.parentElement.value = "";
  }
  $("#ng-seed").closest("label").hidden = on;
}

/** Show the choices of the kind of game picked: levels and circles, or sets and rules. */
function syncMode() {
  const coop = coopMode();
  $("#ng-coop").hidden = !coop;
  $("#ng-sets-box").hidden = coop;
  $("#ng-rules-box").hidden = coop;
  $("#ng-players-legend").textContent = coop ? "Players (1–5): the team" : "Players (2–5)";
  // Colours are the team's own in the cooperative game: handed out by seat.
  for (const s of $("#ng-players").querySelectorAll("select:not(.who)")) s.hidden = coop;
  const won = levelsWon();
  const level = $("#ng-level");
  const chosen = level.value || "1";
  level.replaceChildren(...[1, 2, 3, 4, 5, 6].map((n) => el("option", { value: String(n), selected: String(n) === chosen },
    `Level ${n}` + (won[n] || won[`${n}+c`] ? " ✓ won" : ""))));
  syncRows();
}

const SET_TITLES = { base: "Base game", river: "The River", ghosts: "Ghosts, Castles & Cemeteries",
  spellcircles: "The Spell Circles", watchtowers: "The Watchtowers", shrines: "Heretics & Shrines" };
const SET_NOTES = {
  base: "72 land tiles: roads, cities, monasteries and fields with farmers (3rd edition).",
  river: "12 river tiles first, from the spring to the lake. Not with the mist sets.",
  ghosts: "Mist brings ghosts that scare meeples off; guards, haunted castles, cemeteries.",
  spellcircles: "Circles in the mist call more ghosts (mode B) or trap them, with Eloïse the cat (mode A, under Rules). Needs Ghosts, Castles & Cemeteries.",
  watchtowers: "A meeple on a tower tile earns its bonus when the road or city is completed.",
  shrines: "Shrines and heretics challenge monasteries and monks.",
};

/** Keep the set choices legal: a set's `needs` are ticked with it, and its `excludes`
 * cannot be ticked beside it (the engine would refuse them with a message anyway). */
function syncSets(all) {
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
}

function openNewGame() {
  const list = $("#ng-players");
  if (!list.children.length) {
    list.append(playerRow(0, "Red", COLORS[0][0]), playerRow(1, "Blue", COLORS[1][0], "medium"));
  }
  const sets = $("#ng-sets");
  const all = W.Game.sets();
  sets.replaceChildren(...all.map((s) => el("div", {},
    el("label", {}, el("input", { type: "checkbox", value: s.name, checked: s.name === "base",
      disabled: s.name === "base", onchange: () => syncSets(all) }), " " + (SET_TITLES[s.name] || s.title)),
    el("div", { class: "set-note" }, [SET_NOTES[s.name],
      s.reconstructed ? "Its tile layouts are reconstructed: the official ones are not public." : ""].filter(Boolean).join(" ")))));
  syncSets(all);
  syncMode();
  $("#ng-online-box").hidden = !hasServer;
  syncOnline();
  $("#ng-error").textContent = "";
  $("#ng-cancel").hidden = !game;
  $("#new-game").showModal();
}

function startFromDialog(ev) {
  ev.preventDefault();
  const players = [...$("#ng-players").children].map((li) => {
    const who = li.querySelector("select.who").value;
    return { name: li.querySelector("input").value.trim() || "Player", color: li.querySelector("select").value,
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
  if (hasServer && $("#ng-online").checked) {
    // Online: the server picks the seed and plays the computers.
    createOnline(opts).then(() => $("#new-game").close(), (e) => { $("#ng-error").textContent = e.message; });
    return;
  }
  if (seedText) {
    if (!/^\d+$/.test(seedText)) { $("#ng-error").textContent = "The seed is a whole number (or empty for a random game)."; return; }
    opts.seed = seedText;
  }
  try {
    const local = new W.Game(opts);
    leaveOnline();
    attach(local, { fresh: true });
    $("#new-game").close();
  } catch (e) {
    $("#ng-error").textContent = e.message;
  }
}

// ---------------------------------------------------------------- start

function start() {
  hideCard = inspectCard($("#board"), $(".board-wrap"));
  $("#btn-help").addEventListener("click", () => help.open((replay.game || game).snapshot().sets));
  $("#hint-why").addEventListener("click", (e) => help.open((replay.game || game).snapshot().sets, e.target.dataset.topic));
  $("#set-motion").checked = settings.motion !== false;
  $("#set-sound").checked = settings.sound === true;
  const keep = () => { try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* full: kept for this visit */ } };
  $("#set-motion").addEventListener("change", (e) => { settings.motion = e.target.checked; view?.setMotion(settings.motion); keep(); });
  $("#set-sound").addEventListener("change", (e) => { settings.sound = e.target.checked; if (settings.sound) unlock(); keep(); });
  $("#tiles-left-panel").addEventListener("toggle", () => { delete $("#tiles-left-panel").dataset.shown; render(); });
  W = window.wasmBindings;
  help = new Help(W, $("#help"));
  // A page opened from disk cannot start workers; the computers think on the page then.
  bots = new Computers(W, { workerUrl: location.protocol === "file:" ? null : "bot-worker.js", onError: notice });
  window.carc = { bindings: W, game: null, view: null, bots, replay, sound: played,
    newGame: (opts) => attach(new W.Game(opts), { fresh: true }) };

  $("#btn-new").addEventListener("click", openNewGame);
  $("#btn-fit").addEventListener("click", () => view?.fit());
  $("#btn-export").addEventListener("click", () => {
    const url = URL.createObjectURL(new Blob([game.exportRecord()], { type: "application/json" }));
    const a = el("a", { href: url, download: `carcassonne-${new Date().toISOString().slice(0, 10)}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  $("#import-file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    ev.target.value = "";
    if (!file) return;
    try {
      attach(W.Game.fromRecord(await file.text()), { fresh: false });
      notice("");
    } catch (e) {
      // The game in progress is untouched.
      notice(`“${file.name}” could not be opened: ${e.message}`);
    }
  });
  $("#btn-replay").addEventListener("click", () => {
    try { replay.open(game.exportRecord()); } catch (e) { notice(e.message); }
  });
  $("#btn-share").addEventListener("click", () => {
    let code;
    try { code = (replay.game || game).shareCode(); } catch (e) { notice(e.message); return; }
    $("#share-link").value = `${location.href.split("#")[0]}#r=${code}`;
    $("#share-status").textContent = "";
    $("#share").showModal();
    $("#share-link").select();
  });
  $("#share-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("#share-link").value);
      $("#share-status").textContent = "Copied.";
    } catch {
      $("#share-link").select();
      $("#share-status").textContent = "Select the link and copy it (Ctrl+C).";
    }
  });
  $("#rp-first").addEventListener("click", () => replay.go(0));
  $("#rp-back").addEventListener("click", () => replay.go(replay.k - 1));
  $("#rp-forward").addEventListener("click", () => replay.go(replay.k + 1));
  $("#rp-last").addEventListener("click", () => replay.go(Infinity));
  $("#rp-slider").addEventListener("input", (e) => replay.go(Number(e.target.value)));
  $("#rp-close").addEventListener("click", () => replay.close());
  document.addEventListener("keydown", (e) => {
    if (!replay.active || e.target.matches?.("input, select, textarea") || e.altKey || e.ctrlKey || e.metaKey) return;
    const to = { ArrowLeft: replay.k - 1, ArrowRight: replay.k + 1, Home: 0, End: Infinity }[e.key];
    if (to !== undefined) { e.preventDefault(); replay.go(to); }
  });
  addEventListener("hashchange", () => {
    const code = new URLSearchParams(location.hash.slice(1)).get("r");
    if (code) openShared(code);
  });
  $("#btn-undo-turn").addEventListener("click", () => {
    bots.cancel();
    try { game.undoTurn(); } catch (e) { notice(e.message); bots.next(); }
  });
  $("#btn-rotate").addEventListener("click", () => { view.rotate(); render(); });
  $("#btn-pass").addEventListener("click", () => {
    if (online) { online.act({ pass: true }); return; }
    try { view.pass(); } catch (e) { notice(e.message); }
  });
  // Online: the board's moves go to the server, which applies them for everyone.
  $("#board").addEventListener("boardaction", (e) => online?.act(e.detail));
  $("#on-start").addEventListener("click", () => online?.start());
  $("#on-rematch").addEventListener("click", () => online?.rematch());
  $("#on-invites").addEventListener("click", () => online?.room && showInvites(online.room.room));
  $("#on-leave").addEventListener("click", () => { leaveOnline(); if (!resume()) openNewGame(); });
  addEventListener("visibilitychange", () => { if (!document.hidden) document.title = "Carcassonne"; });
  $("#btn-undo").addEventListener("click", () => view.undo());
  $("#board").addEventListener("previewchange", () => game && render());
  $("#ng-add").addEventListener("click", () => {
    const n = $("#ng-players").children.length;
    if (n < 5) $("#ng-players").append(playerRow(n, COLORS[n][1], COLORS[n][0]));
    syncRows();
  });
  $("#ng-cancel").addEventListener("click", () => $("#new-game").close());
  for (const r of document.querySelectorAll('input[name="ng-mode"]')) r.addEventListener("change", syncMode);
  $("#ng-online").addEventListener("change", syncOnline);
  $("#ng-add").addEventListener("click", syncOnline);
  $("#btn-hint").addEventListener("click", async () => {
    // What a hard teammate would do: thought about off the page, then told in words.
    const btn = $("#btn-hint");
    btn.disabled = true;
    const at = game.snapshot().actions;
    try {
      const answer = await bots.think({ id: `hint-${at}`, record: game.exportRecord(), level: "hard" });
      if (answer.error) throw new Error(answer.error);
      if (game.snapshot().actions !== at) return; // the game moved on meanwhile
      const words = answer.actions.map((a) => a.tile ? `place the tile at (${a.x}, ${a.y}) turned ${a.rotation * 90}°`
        : a.pass ? "place no meeple" : actionLabel(a).toLowerCase());
      $("#hint").textContent = `Hint: a hard teammate would ${words.join(", then ")}.`;
    } catch (e) {
      notice(`No hint: ${e.message}`);
    } finally {
      btn.disabled = false;
    }
  });
  $("#ng-form").addEventListener("submit", startFromDialog);

  // Installed or not, a second visit works offline (sw.js); a page from disk needs none.
  if (location.protocol.startsWith("http") && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("no offline play:", e.message));
  }
  if (location.protocol === "file:") $(".offline").hidden = true;

  // Online play only where a game server answers (never in a static copy or the file).
  serverAnswers().then((yes) => {
    hasServer = yes;
    $("#ng-online-box").hidden = !yes;
    syncOnline();
  });
  // A room's link (?room=…) opens the room; the local game stays saved as it is.
  if (openRoomFromUrl()) {
    attach(new W.Game({ players: [{ name: "Red", color: COLORS[0][0] }, { name: "Blue", color: COLORS[1][0] }], sets: ["base"] }), { fresh: true, remote: true });
    return;
  }
  // A shared link (#r=…) opens as a replay; the game in progress is kept as it is.
  const shared = new URLSearchParams(location.hash.slice(1)).get("r");
  if (!resume()) {
    attach(new W.Game({ players: [{ name: "Red", color: COLORS[0][0] }, { name: "Blue", color: COLORS[1][0] }], sets: ["base"] }), { fresh: true });
    if (!shared) openNewGame();
  }
  if (shared) openShared(shared);
}

/** Resume the saved game, if there is one that loads. */
function resume() {
  const saved = localStorage.getItem(SAVE_KEY);
  if (!saved) return false;
  try {
    attach(W.Game.fromRecord(saved), { fresh: false });
    return true;
  } catch (e) {
    // Never lose a player's data: copy the unreadable save under another key, and only
    // once the copy is stored let the new game save over it.
    const key = `carcassonne.corrupt.${Date.now()}`;
    try {
      localStorage.setItem(key, saved);
      notice(`Your saved game could not be loaded (${e.message}). It was kept aside as “${key}”.`);
    } catch {
      saveKey = null;
      notice(`Your saved game could not be loaded (${e.message}), and the browser's storage is too full to keep a copy of it: it stays where it is, and this game will not be saved until there is room.`);
    }
    return false;
  }
}

if (window.wasmBindings) start();
else addEventListener("TrunkApplicationStarted", start);
