// The page around the board: panels, the new-game dialog, saving and resuming.
// The game itself (rules, board drawing, input) is the WebAssembly module.
import { el } from "./dom.js";
import { levelsWon, markWon, actionLabel, outcomeText, reasonsText, renderTeam } from "./coop.js";
import { Online, myGames, serverAnswers, serverSocketUrl } from "./online.js";
import { inspectCard } from "./inspect.js";
import { renderTilesLeft, scoreChart } from "./panels.js";
import { FINAL_STEP_MS, endsGame, finalScorings, headline, playFinal, renderResults } from "./results.js";
import { played, unlock } from "./sound.js";
import { Help, TOPIC_OF } from "./help.js";
import { Table, drawnLabel, markOf, WHY_TOPIC, readSave, showMoves, touchScreen } from "./controller.js";
import { LANGUAGES, applyText, pickLanguage, translator } from "./text.js";
import { GuideRun, guideCard, guideProgress, guidesFor, keepProgress, say } from "./guide.js";

/** Square (x, y) named by what is beside it ("east of the start tile"). */
const placeName = (x, y) => { try { return game.placeName(x, y); } catch { return `(${x}, ${y})`; } };
const featureName = (x, y, at) => game.featureName(x, y, at) ?? null;

/** What a move would do (its events), or null if the game cannot say. */
const preview = (a) => { try { return game.preview(a); } catch { return null; } };

/** A button's label inside a sentence: its first letter in lower case, spots ("Nw") kept. */
const lowerFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);

const SAVE_KEY = "carcassonne.save.v1";
const COLORS = ["#d9342b", "#2f6fd6", "#2e9b4a", "#e8c21f", "#3a3a3a"]; // seat i's colour is named name.i
const $ = (sel) => document.querySelector(sel);

let W; // the wasm bindings
let table; // the game on the board, its view and computers (controller.js)
let game = null; // table.game, kept at hand (its view: table.view)
let online = null; // the room being played online, if any (online.js)
let hasServer = false; // a game server answers beside this page
let hideCard = () => {}; // hides the board's hover card (inspect.js)
let guide = null; // the guided game being played, if any (guide.js)
const card = guideCard(); // its narration, over the board
let guideList = null; // the built-in guides (W.Game.guides()), once read
// The player's settings, kept in this browser: animations (never under reduced motion),
// sound (off until turned on), colour-blind marks, and the language (at first the
// browser's).
const SETTINGS_KEY = "carcassonne.settings";
const settings = (() => {
  const plain = { motion: true, sound: false, marks: false, lang: null };
  try { return { ...plain, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") }; } catch { return plain; }
})();
/** Store the settings (on a full disk they last for this visit). */
function keepSettings() {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* full: kept for this visit */ }
}
let t = translator(pickLanguage(settings.lang, navigator.languages, navigator.language));
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
  // A guided game is never saved over it either.
  if (!game || !saveKey || online || guide) return;
  // setItem replaces the old save in one step, or throws and leaves it as it was.
  try { localStorage.setItem(saveKey, game.exportRecord()); }
  catch (e) { notice(t("notice.storage", { error: e.message })); }
}


// The lines of the log for some events (the opening draw of the start tile is not news).
// Log lines: the text and the help topic it belongs to (a "?" beside it opens that).
// A line whose event names a square (`at`) points at it on the board.
const logLines = (events) => events.filter((e) => e.type !== "tile_drawn" || e.player !== undefined)
  .map((e) => ({ text: e.text, topic: TOPIC_OF[e.type], at: Number.isInteger(e.x) && Number.isInteger(e.y) ? [e.x, e.y] : null }));
/** Outline a square a log line names on the board shown (`null`: the guide's marks, or none). */
function showPlace(at) {
  try {
    if (at) (replay.view || table.view)?.setHighlights([at]);
    else if (guide && !replay.active) guide.update(game.snapshot());
    else (replay.view || table.view)?.setHighlights([]);
  } catch { /* the view has gone */ }
}
let help = null; // the "How to play" drawer (help.js)
/** A log line, with a "?" that opens its rule in the help. A line about a square shows it
 *  on the board while the pointer or the focus rests on it, and centres the board on it
 *  when clicked (or Enter). */
const logItem = (line, attrs = {}) => el("li", { ...attrs, ...(line.at ? {
  tabindex: "0", class: `${attrs.class || ""} points`.trim(),
  onmouseenter: () => showPlace(line.at), onfocus: () => showPlace(line.at),
  onmouseleave: () => showPlace(null), onblur: () => showPlace(null),
  onclick: (e) => { if (!e.target.closest("button")) (replay.view || table.view)?.centreOn(...line.at); },
  onkeydown: (e) => { if (e.key === "Enter" && e.target === e.currentTarget) (replay.view || table.view)?.centreOn(...line.at); },
} : {}) }, line.text,
  ...(line.topic ? [" ", el("button", { type: "button", class: "why", "aria-label": t("why.log"), onclick: () => help.open((replay.game || game).snapshot(), line.topic) }, "?")] : []));

function attach(newGame, { fresh, remote = false, guided = false }) {
  replay.close({ resume: false });
  stopFinal();
  if ($("#results").open) $("#results").close();
  if (!guided && guide) { guide.stop(); guide = null; }
  // Online, the server plays the computers and the moves go to it (boardaction); in a
  // guided game the guide checks each move before it is played.
  table.attach(newGame, { remote: remote || guided });
  game = table.game;
  log.length = 0;
  // A game resumed (a reload, a room joined again) gets its log back from its events.
  let past = [];
  if (!guided && (!fresh || remote)) try { past = logLines(game.eventLog()); } catch { /* the log starts here */ }
  if (past.length) log.push({ text: t("log.begins") }, ...past);
  log.push({ text: guided ? t("guide.log", { title: say(guide.guide.title, t.lang) })
    : t(remote ? "log.online" : fresh ? "log.new" : "log.resumed") });
  const shown = table.begin();
  $("#board").focus();
  window.carc.game = game;
  window.carc.view = table.view;
  return shown;
}

// Stops the final scoring's play-out (a new game came meanwhile).
let stopFinal = () => {};

/** The game just ended: its final scoring played out on the board feature by feature
 *  (any input skips it), then the results. */
function gameEnded(events) {
  stopFinal();
  const caption = $("#final-caption");
  stopFinal = playFinal(table.view, finalScorings(events), {
    stepMs: window.carc.finalStepMs ?? FINAL_STEP_MS,
    show: (e, i, n) => {
      caption.hidden = !e;
      caption.replaceChildren(...(e ? [el("span", { class: "step" }, t("final.step", { i, n })), " ", e.text,
        el("span", { class: "skip" }, t("final.skip"))] : []));
    },
    done: () => { if (game?.snapshot().over && !$("#results").open) $("#results").showModal(); },
  });
}

// ---------------------------------------------------------------- online play

/** The room's connection, made once (reconnecting by itself). */
function goOnline() {
  if (online) return online;
  online = new Online(W, serverSocketUrl(), t);
  online.addEventListener("game", (e) => attach(e.detail, { fresh: true, remote: true }));
  online.addEventListener("room", () => { renderOnline(); renderChat(); if (game) render(); });
  online.addEventListener("status", () => { renderOnline(); if (game) render(); });
  online.addEventListener("final", () => render());
  online.addEventListener("error", (e) => notice(e.detail));
  online.addEventListener("chat", () => renderChat());
  window.carc.online = online;
  return online;
}

function leaveOnline() {
  if (!online) return;
  online.close();
  online = null;
  window.carc.online = null;
  table.remote = false;
  table.view?.setRemote(false);
  if (location.search || roomLink().room) history.replaceState(null, "", location.pathname);
  renderOnline();
}

const inviteKey = (room) => `carcassonne.online.invites.${room}`;
const SEATS_KEY = "carcassonne.online.seats.v1";
const MUTED_KEY = "carcassonne.online.muted.v1";

/** The seats this browser has muted in a room's chat (room → seat numbers). */
function mutedSeats(room) {
  try {
    const all = JSON.parse(localStorage.getItem(MUTED_KEY) || "{}");
    const seats = all && typeof all === "object" ? all[room] : null;
    return Array.isArray(seats) ? seats.filter(Number.isInteger) : [];
  } catch { return []; }
}
function toggleMute(room, seat) {
  let all;
  try { all = JSON.parse(localStorage.getItem(MUTED_KEY) || "{}"); } catch { all = {}; }
  if (!all || typeof all !== "object" || Array.isArray(all)) all = {};
  const now = mutedSeats(room);
  all[room] = now.includes(seat) ? now.filter((s) => s !== seat) : now.concat(seat);
  try { localStorage.setItem(MUTED_KEY, JSON.stringify(all)); } catch { /* full: muted for this visit */ }
  renderOnline();
  renderChat();
}

/** The room's chat: every line as text (never markup), but those of muted seats. */
function renderChat() {
  const r = online?.room;
  const log = $("#on-chat-log");
  if (!r) { log.replaceChildren(); return; }
  const muted = mutedSeats(r.room);
  const lines = online.chat.filter((l) => !muted.includes(l.seat));
  log.replaceChildren(...lines.map((l) => el("li", { title: new Date(l.at * 1000).toLocaleString() },
    el("b", {}, `${l.name}: `), el("span", {}, l.text))));
  log.scrollTop = log.scrollHeight;
  $("#on-chat-form").hidden = online.seat === null;
  // Lines the sheet hides on a phone are counted on its handle until it is pulled up.
  chatLines = lines.length;
  if ($("#panel").classList.contains("open") || !$("#sheet-handle").offsetParent) chatSeen = chatLines;
  sheetLabel();
}

let chatLines = 0, chatSeen = 0;

/** The sheet's handle (a phone's panel): what pulling it up shows, and how many chat
 *  lines wait there unread. */
function sheetLabel() {
  const h = $("#sheet-handle"), open = $("#panel").classList.contains("open");
  if (open) chatSeen = chatLines;
  h.dataset.t = open ? "sheet.less" : "sheet.more";
  const unread = chatLines - chatSeen;
  h.textContent = t(h.dataset.t) + (unread > 0 ? ` · ${t("sheet.unread", { n: unread })}` : "");
}

/** The seats this browser plays online: room → its seat's token. A token lives here, never
 *  in the address bar, where it would go with every page load into proxies' logs. */
function seatTokens() {
  try {
    const all = JSON.parse(localStorage.getItem(SEATS_KEY) || "{}");
    return all && typeof all === "object" && !Array.isArray(all) ? all : {};
  } catch { return {}; }
}
function rememberSeat(room, token) {
  const all = seatTokens();
  all[room] = { token, at: Date.now() };
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(all)); } catch { /* full: the link still holds it */ }
}

function forgetSeat(room) {
  const all = seatTokens();
  delete all[room];
  try { localStorage.setItem(SEATS_KEY, JSON.stringify(all)); } catch { /* nothing to free */ }
}

/** "Your online games" on the new-game screen: every room this browser holds a seat in,
 *  whose turn it is and when the last move was made, your turn first; Open goes back in.
 *  Rooms gone from the server are forgotten. */
async function renderMyGames() {
  const box = $("#ng-mine");
  const held = Object.entries(seatTokens()).filter(([, v]) => v && typeof v.token === "string");
  if (!hasServer || !held.length) { box.hidden = true; return; }
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
      ? el("button", { type: "button", onclick: () => { forgetSeat(g.room); renderMyGames(); } }, t("mine.forget"))
      : el("button", { type: "button", class: mine(g) ? "primary" : "", onclick: () => {
        $("#new-game").close();
        location.hash = `room=${g.room}`;
      } }, t("mine.open")))));
  box.hidden = !games.length;
}

/** A room link's parts, from the fragment (`#room=…&t=…`, `&open=…`), or from the query
 *  of links made before secrets moved to the fragment (`?room=…&t=…`, `&open`). */
function roomLink() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const q = hash.has("room") ? hash : new URLSearchParams(location.search);
  const room = q.get("room");
  return { room: room && /^[\w-]{1,64}$/.test(room) ? room : null, token: q.get("t"), open: q.has("open") ? q.get("open") : null };
}

/** Links for a room: one per invited seat (its token), the open link (its secret), the watch
 *  link. The secrets are in the fragment, which browsers never send to a server. */
function links(room, tokens, seats, open) {
  const base = location.href.split(/[?#]/)[0];
  const out = [];
  tokens.forEach((token, i) => { if (token && i > 0) out.push([t("online.seatOf", { name: seats[i].name }), `${base}#room=${room}&t=${token}`]); });
  if (seats.some((s) => s.kind === "open")) out.push([t("online.openLink"), `${base}#room=${room}&open=${open}`]);
  out.push([t("online.watch"), `${base}#room=${room}`]);
  return out;
}

/** Create a room from the new-game dialog's choices and join it as its first seat. */
async function createOnline(opts) {
  const o = goOnline();
  const seats = opts.players.map((p, i) => i === 0 || !p.computer ? { name: p.name, kind: "person" }
    : p.computer === "open" ? { name: p.name, kind: "open" } : { name: p.name, kind: "computer", level: p.computer });
  const created = await o.create({ seats, sets: opts.sets, options: opts.options });
  try { localStorage.setItem(inviteKey(created.room), JSON.stringify(links(created.room, created.tokens, seats, created.open))); } catch { /* full */ }
  rememberSeat(created.room, created.tokens[0]);
  history.replaceState(null, "", `${location.pathname}#room=${created.room}`);
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
      try { await navigator.clipboard.writeText(url); e.target.textContent = t("online.copied"); } catch { e.target.previousSibling.select(); }
    } }, t("online.copy")))));
  $("#invite").showModal();
}

/** The online panel: connection, room, seats (who is there), and the host's buttons. */
function renderOnline() {
  const box = $("#online");
  box.hidden = !online;
  if (!online) return;
  const r = online.room;
  // The heading says "Online"; its badge says how the connection is.
  $("#on-status").textContent = t(online.status === "online" ? "online.connected" : online.status === "connecting" ? "online.connecting" : "online.lost");
  $("#on-status").className = `on-status ${online.status}`;
  if (!r) return;
  const you = online.seat;
  $("#on-room").textContent = r.status === "lobby" ? t("online.lobby")
    : r.status === "over" ? t("online.over") : you === null ? t("online.watching") : "";
  $("#on-seats").replaceChildren(...r.seats.map((s, i) => el("li", {},
    el("span", { class: `dot ${s.connected || s.kind === "computer" ? "on" : "off"}`, "aria-hidden": "true" }),
    el("span", {}, `${s.name}${i === you ? t("online.you") : ""}${s.kind === "computer" ? t("online.computer", { level: t(`level.${s.level}`) }) : s.kind === "open" ? t("online.open") : ""}`),
    el("span", { class: "muted" }, s.kind === "computer" ? "" : s.connected ? t("online.connected")
      : s.kind === "open" && !s.came ? t("online.free") : !s.came ? t("online.invited") : t("online.away", { n: s.away_secs ?? 0 })),
    r.host && i > 0 && s.kind !== "computer" && !s.connected && s.away_secs != null && s.away_secs >= r.absent_secs && r.status === "playing"
      ? el("button", { type: "button", onclick: () => online.computer(i, "medium") }, t("online.takeOver")) : "",
    i !== you && s.kind === "person"
      ? el("button", { type: "button", class: "mute", "aria-pressed": String(mutedSeats(r.room).includes(i)),
        onclick: () => toggleMute(r.room, i) }, t(mutedSeats(r.room).includes(i) ? "chat.unmute" : "chat.mute")) : "")));
  $("#on-chat-form").hidden = you === null;
  $("#on-start").hidden = !(r.host && r.status === "lobby");
  $("#on-rematch").hidden = !(r.host && r.status === "over");
  $("#on-invites").hidden = !(r.host && localStorage.getItem(inviteKey(r.room)));
}

/** Tell a player whose tab is in the background that it is their turn. */
function notifyTurn(s) {
  const mine = online && online.seat === s.current_player && !s.over;
  document.title = mine && document.hidden ? t("online.yourTurn") : t("app.title");
  if (mine && document.hidden && "Notification" in window && Notification.permission === "granted") {
    try { new Notification(t("app.title"), { body: t("online.notify"), tag: "carcassonne-turn" }); } catch { /* not here */ }
  }
}

/** Whoever follows an open link says the name the others will see (the last one given,
 *  remembered, or nothing: no silent "Guest"), then takes the seat; or just watches. */
function askName(o, room, open) {
  const dialog = $("#claim"), input = $("#claim-name");
  input.value = settings.name || "";
  $("#claim-form").onsubmit = (e) => {
    e.preventDefault();
    const name = input.value.trim().slice(0, 24);
    if (!name) { input.focus(); return; }
    settings.name = name;
    keepSettings();
    dialog.close();
    o.claim(room, name, open || undefined).then((c) => {
      rememberSeat(room, c.token);
      o.join(room, c.token);
    }, (err) => { notice(t("notice.noSeat", { error: err.message })); o.join(room); });
  };
  $("#claim-watch").onclick = () => { dialog.close(); o.join(room); };
  dialog.oncancel = () => o.join(room);
  dialog.showModal();
  input.focus();
}

/** Open the room a link names: `#room=…&t=…` plays a seat, `&open=…` takes an open seat,
 *  neither watches (or plays the seat this browser holds there). A token is stored and the
 *  address keeps only `#room=…`. Returns whether there was one. */
function openRoomFromUrl() {
  const { room, token, open } = roomLink();
  if (!room) return false;
  if (token) rememberSeat(room, token);
  history.replaceState(null, "", `${location.pathname}#room=${room}`);
  const o = goOnline();
  const mine = seatTokens()[room]?.token;
  if (open !== null && !token) askName(o, room, open);
  else o.join(room, typeof mine === "string" ? mine : undefined);
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
    W.Game.fromRecord(text, t.lang).free?.(); // refuses a corrupt record before anything changes
    const record = JSON.parse(text);
    // In the page's language (one the engine has no sentences in: English).
    const g = W.Game.fromRecord(JSON.stringify({ ...record, actions: [] }), t.lang);
    const steps = [[{ text: t("log.begins") }]];
    const id = g.subscribe((events) => steps.push(logLines(events)));
    for (const a of record.actions) g.apply(a);
    g.unsubscribe(id);
    this.close({ resume: false });
    table.pause();
    Object.assign(this, { game: g, record, steps, k: record.actions.length });
    this.view = table.viewFor(g);
    this.view.setLocked(true);
    const slider = $("#rp-slider");
    slider.max = String(record.actions.length);
    $("#replay-bar").hidden = false;
    this.go(this.k);
    window.carc.replayGame = g;
  },

  /** Show the position after `k` moves. */
  go(k) {
    if (!this.game) return;
    this.k = k = showMoves(this.game, this.record, this.k, k);
    $("#rp-slider").value = String(k);
    $("#rp-label").textContent = t("replay.move", { k, n: this.record.actions.length });
    $("#announce").textContent = `${$("#rp-label").textContent}: ${this.steps[k].map((l) => l.text).join(". ")}`;
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
      table.resume();
      window.carc.view = table.view;
    }
  },
};

/** Show the game of a share code (from a link); a damaged one is refused, nothing lost. */
function openShared(code) {
  try {
    replay.open(W.Game.recordFromShareCode(code, t.lang));
  } catch (e) {
    notice(t("notice.shared", { error: e.message }));
  }
}

function render() {
  const shown = replay.game || game; // the game on the board: a replay's, or the one in play
  const s = shown.snapshot();
  const shownView = replay.view || table.view;
  const step = s.phase.step;
  const coop = s.coop;
  const me = s.players[s.current_player];
  const color = (i) => W.playerColor(shown, i); // a co-op seat: its first colour
  const turn = table.turn(s, { replay: replay.active });
  // Nobody here may play now (in a guided game: only on the learner's own moves).
  const idle = turn.idle || (!!guide && !replay.active && !guide.learnerTurn(s.actions));

  // The drawn tile, as the board previews it.
  const drawn = $("#drawn");
  if (step === "tile") W.drawTile(drawn, s.phase.tile, shownView.previewRotation());
  else drawn.getContext("2d").clearRect(0, 0, drawn.width, drawn.height);
  drawn.setAttribute("aria-label", drawnLabel(shown, s, t));

  $("#turn-line").textContent = s.over ? `${t("turn.over")}: ${headline(s, t)}` : t("turn.toPlay", { name: me.name });
  // The player's colour as a bar beside the text: any colour a player picks, the text
  // itself stays readable (WCAG contrast).
  $("#turn-line").style.borderLeftColor = s.over ? "transparent" : color(s.current_player);
  const mist = s.sets.some((x) => x === "ghosts" || x === "spellcircles") ? [t("stack.reconstructed")] : [];
  $("#tiles-left").textContent = (coop
    ? [t("coop.left", { n: coop.supply + coop.cat_pile }), t("coop.pileLeft", { n: coop.active_pile_left })]
    : [t("stack.tiles", { n: s.tiles_left }),
      ...(s.ghosts !== undefined ? [t("stack.ghosts", { n: s.ghosts })] : []),
      ...(s.ghosts_in_circles !== undefined ? [t("stack.circles", { n: s.ghosts_in_circles }) +
        (s.cat_pile ? ` ${t("stack.catPile", { n: s.cat_pile })}` : "")] : [])]).concat(mist).join(" · ");
  $("#hint").textContent = guide?.finished(s) && !replay.active && !s.over ? t("guide.done") : table.hint(s, turn);

  // Why is a ghost coming (or a circle calling, or the cat)? The rule, one click away.
  const why = WHY_TOPIC[step];
  $("#hint-why").hidden = !why || !!turn.computer || replay.active || s.over;
  $("#hint-why").dataset.topic = why || "";
  table.view?.setLocked(idle);
  $("#btn-rotate").disabled = step !== "tile" || idle;
  $("#board-rotate").hidden = !touchScreen() || step !== "tile" || idle || s.over;
  $("#btn-pass").disabled = !turn.passes || idle;
  $("#btn-pass").firstChild.textContent = `${t(turn.passKey)} `;
  $("#btn-hint").hidden = !coop || s.over || idle || !!online || !!guide;
  $("#btn-undo").disabled = !s.can_undo || idle;
  $("#btn-undo").hidden = !!online || !!guide;
  // Against computer players a person may take back a whole turn.
  const seats = s.computers || [];
  $("#btn-undo-turn").hidden = !!online || !!guide || !(seats.some(Boolean) && !seats.every(Boolean));
  $("#btn-undo-turn").disabled = !s.can_undo_turn || replay.active;
  // Whoever only watches a room gets no move buttons at all; in the room's lobby the turn
  // line waits for the host, and the seats are the room's (its list), not a game's.
  if (turn.watching) {
    for (const b of ["#btn-rotate", "#btn-pass", "#btn-undo", "#btn-undo-turn", "#btn-hint"]) $(b).hidden = true;
  }
  $("#players").hidden = !!turn.lobby || !!turn.joining;
  if (turn.lobby || turn.joining) $("#turn-line").textContent = t(turn.joining ? "hint.joining" : "hint.lobby");
  // A figure waiting for its confirmation: End turn and Take back instead of the others.
  const pending = !replay.active && !idle && !!table.view?.pending;
  $("#btn-end").hidden = $("#btn-takeback").hidden = !pending;
  if (pending) $("#hint").textContent = t(touchScreen() ? "hint.pending.touch" : "hint.pending", { name: me.name });
  // Once over, no move buttons: the panel shows the winner and the results instead.
  $("#btn-rotate").hidden = s.over || turn.watching;
  $("#btn-pass").hidden = s.over || pending || turn.watching;
  if (s.over || pending) $("#btn-undo").hidden = $("#btn-undo-turn").hidden = true;
  $("#btn-replay").disabled = replay.active || s.actions === 0;

  const kinds = $("#figure-kinds");
  if (coop) {
    // The meeple step: which of the seat's colours the clicks place.
    const own = turn.colours;
    if (!own.includes(kinds.dataset.colour)) kinds.dataset.colour = own[0] || "";
    if (own.length) table.view.setColour(kinds.dataset.colour);
    kinds.setAttribute("aria-label", t("kinds.colour"));
    kinds.replaceChildren(...(own.length > 1 ? own : []).map((c) =>
      el("button", { type: "button", role: "radio", "aria-checked": String(c === kinds.dataset.colour), "data-colour": c,
        onclick: () => { kinds.dataset.colour = c; table.view.setColour(c); render(); } }, t(`colour.${c}`))));
  } else {
    kinds.setAttribute("aria-label", t("kinds.figure"));
    kinds.replaceChildren(...(s.figure_kinds.length > 1 && !idle ? s.figure_kinds : []).map((k) =>
      el("button", { type: "button", role: "radio", "aria-checked": String(k === (kinds.dataset.kind || "meeple")), "data-kind": k,
        onclick: () => { kinds.dataset.kind = k; table.view.setFigure(k); render(); } }, t(`figure.${k}`))));
  }
  // Every choice of a cooperative step as a button too (keyboard, screen readers).
  const choices = $("#coop-choices");
  const listed = coop && step === "coop" && !idle && !["meeple"].includes(s.phase.waits)
    ? game.legalActions().filter((a) => !a.pass) : [];
  choices.hidden = !listed.length;
  choices.replaceChildren(...listed.slice(0, 24).map((a) =>
    el("button", { type: "button", onclick: () => {
      if (guide) { guide.offer(a); return; }
      if (online) { online.act(a); return; }
      try { game.apply(a); } catch (e) { notice(e.message); }
    } }, actionLabel(a, t, a.points || a.remove ? preview(a) : null, placeName, featureName, (at) => game.spotName(at) ?? null))));
  $("#team").hidden = !coop;
  if (coop) renderTeam(s, $("#team"), t);

  // A swatch of the seat's colour, with its mark when colour-blind marks are on.
  const swatch = (i) => {
    const e = el("span", { class: "swatch", "aria-hidden": "true" }, settings.marks ? markOf(s, i) : "");
    e.style.backgroundColor = color(i);
    return e;
  };
  const who = (p, i) => el("span", {}, s.computers?.[i] ? t("player.computer", { name: p.name, level: t(`level.${s.computers[i]}`) }) : p.name);
  const row = (p, i, ...rest) => el("li", { class: i === s.current_player && !s.over ? "current" : "" }, swatch(i), who(p, i), ...rest);
  if (coop) {
    // Seats and the colours they play, with the meeples each colour has left.
    $("#players").replaceChildren(...s.players.map((p, i) => row(p, i, el("span", { class: "score" }, ""),
      el("span", { class: "supply" }, coop.colours[i].map((c) =>
        t("supply.colour", { colour: t(`colour.${c}`), n: coop.meeples[coop.palette.indexOf(c)] })).join(", ")))));
  } else $("#players").replaceChildren(...s.players.map((p, i) => row(p, i,
    // The number shown, and words for screen readers (an aria-label on a span is not read).
    el("span", { class: "score" }, el("span", { "aria-hidden": "true" }, String(p.score)), el("span", { class: "sr-only" }, t("points", { n: p.score }))),
    el("span", { class: "supply" }, [t("supply.meeples", { n: p.supply.meeple }),
      ...(p.supply.abbot ? [t("supply.abbot")] : []),
      ...(s.ghosts !== undefined ? [t("supply.guards", { n: p.supply.guard, reserve: p.guard_reserve })] : [])].join(", ")))));

  // Once over: the winner in the panel, and the results (their own screen) kept up to date.
  $("#final").hidden = !s.over;
  if (s.over) {
    $("#final-title").textContent = t(coop ? (coop.outcome?.won ? "final.teamWon" : "final.ghostsWon") : "final.title");
    $("#final-winner").textContent = coop ? outcomeText(coop, t) : headline(s, t);
    if (coop?.outcome?.won && !replay.active) markWon(coop.level, s.sets.includes("spellcircles"));
    const key = `${replay.active ? "r" : "g"}:${s.actions}:${t.lang}:${settings.marks}`;
    const body = $("#results-body");
    if (body.dataset.shown !== key) {
      body.dataset.shown = key;
      renderResults(body, s, { t, color, outcome: coop ? outcomeText(coop, t) : null,
        chart: coop ? null : scoreChart(shown.scoreTimeline(), s.players.map((p) => p.name),
          s.players.map((_, i) => color(i)), t, settings.marks) });
    }
  } else if ($("#results").open) $("#results").close();
  // The unseen tiles, drawn only while the panel is open and when the game moved on.
  const left = $("#tiles-left-panel");
  const unseen = shown.unseenTiles();
  left.querySelector("summary h2").textContent = t("unseen.title", { n: unseen.reduce((n, x) => n + x.count, 0) });
  if (left.open && (left.dataset.shown !== `${s.actions}` || left.dataset.lang !== t.lang)) {
    renderTilesLeft($("#tl-list"), unseen, W.Game.sets().map((x) => ({ ...x, title: t(`set.${x.name}`) })), W.drawTile, t);
    Object.assign(left.dataset, { shown: `${s.actions}`, lang: t.lang });
  }

  const list = $("#log");
  if (replay.active) {
    // The log in step with the replay: every move so far, this move's lines marked.
    const lines = replay.steps.slice(0, replay.k + 1).flatMap((texts, k) => texts.map((x) => [x, k === replay.k]));
    list.replaceChildren(...lines.slice(-200).reverse().map(([x, now]) => logItem(x, { class: now ? "now" : "" })));
  } else if (turn.lobby || turn.joining) {
    // The room has not begun, or is not joined yet: nothing of a game to tell yet.
    list.replaceChildren(logItem({ text: t(turn.joining ? "hint.joining" : "log.lobby") }));
  } else {
    list.replaceChildren(...log.slice(-200).reverse().map((x) => logItem(x)));
  }
  if (guide && !replay.active) guide.update(s);
  keepClear();
  return s;
}

/** The board fits itself below the guide's card, so that the step's target is never under it. */
function keepClear() {
  // The hint line lies over the board's foot: the board fits above it.
  const hint = $(".board-wrap .hint");
  const bottom = hint.offsetHeight ? hint.offsetHeight + 12 : 0;
  table.view?.setInsets(card.root.hidden ? 0 : card.root.offsetHeight + 12, 0, bottom, 0);
  // A replay's board fits below its bar, so that no early move hides under it.
  const bar = $("#replay-bar");
  if (replay.view && !bar.hidden) replay.view.setInsets(bar.offsetTop + bar.offsetHeight + 8, 0, bottom, 0);
}

// ---------------------------------------------------------------- guided games

/** Play guide `id` (built in) from its move `k`: the game in progress stays saved as it
 *  is and comes back when the guide is left or finished. */
function startGuide(id, k = 0) {
  let data;
  try {
    data = W.Game.guide(id);
  } catch (e) {
    keepProgress({ current: null }); // a guide this version does not have is not tried again
    notice(t("guide.failed", { error: e.message }));
    return false;
  }
  if ($("#new-game").open) $("#new-game").close();
  help.close();
  leaveOnline();
  guide?.stop();
  guide = new GuideRun(W, data, {
    table, card, t, render,
    announce: (text) => { $("#announce").textContent = text; },
    attach: (g) => attach(g, { fresh: true, guided: true }),
    ended: () => {
      guide = null;
      if (!resume()) { attach(defaultGame(), { fresh: true }); openNewGame(); }
    },
  });
  guide.builtin = true;
  guide.start(k);
  return true;
}

/** The guides for the game the new-game screen describes, each a button (ticked once
 *  finished); on a first visit, the offer of the first one above them. */
function renderGuides() {
  const sets = coopMode() ? [] : [...$("#ng-sets").querySelectorAll("input:checked")].map((i) => i.value);
  const done = guideProgress().done;
  guideList ??= W.Game.guides(); // the same list every time: read (and checked) once
  $("#ng-guide-list").replaceChildren(...guidesFor(guideList, sets, coopMode()).map((g) =>
    el("button", { type: "button", class: done.includes(g.id) ? "guide-done" : "", "data-guide": g.id,
      onclick: () => startGuide(g.id) }, (done.includes(g.id) ? "✓ " : "") + say(g.title, t.lang))));
}


// ---------------------------------------------------------------- new game dialog

function playerRow(i, name, color, computer = "") {
  const n = i + 1;
  const li = el("li", {},
    el("input", { type: "text", value: name, "aria-label": t("ng.name", { n }), maxlength: 24, required: true }),
    el("select", { "aria-label": t("ng.colour", { n }) },
      ...COLORS.map((c, k) => el("option", { value: c, selected: c === color }, t(`name.${k}`)))),
    el("select", { class: "who", "aria-label": t("ng.who", { n }) },
      el("option", { value: "" }, t("ng.person")),
      el("option", { value: "open", class: "online-only", hidden: true, selected: computer === "open" }, t("ng.openSeat")),
      ...LEVELS.map((l) => el("option", { value: l, selected: l === computer }, t("ng.computer", { level: t(`level.${l}`) })))),
    el("button", { type: "button", "aria-label": t("ng.remove", { n }), onclick: () => { li.remove(); syncRows(); } }, "✕"));
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
  $("#ng-players-legend").textContent = t(coop ? "ng.team" : "ng.players");
  // Colours are the team's own in the cooperative game: handed out by seat.
  for (const s of $("#ng-players").querySelectorAll("select:not(.who)")) s.hidden = coop;
  const won = levelsWon();
  const level = $("#ng-level");
  const chosen = level.value || "1";
  level.replaceChildren(...[1, 2, 3, 4, 5, 6].map((n) => el("option", { value: String(n), selected: String(n) === chosen },
    t("ng.levelN", { n }) + (won[n] || won[`${n}+c`] ? t("ng.won") : ""))));
  syncRows();
  renderGuides();
}

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
  renderGuides();
}

function openNewGame() {
  const list = $("#ng-players");
  if (!list.children.length) {
    list.append(playerRow(0, t("name.0"), COLORS[0]), playerRow(1, t("name.1"), COLORS[1], "medium"));
  }
  const sets = $("#ng-sets");
  const all = W.Game.sets();
  sets.replaceChildren(...all.map((s) => el("div", {},
    el("label", {}, el("input", { type: "checkbox", value: s.name, checked: s.name === "base",
      disabled: s.name === "base", onchange: () => syncSets(all) }), " " + t(`set.${s.name}`)),
    el("div", { class: "set-note" }, [t(`setnote.${s.name}`), s.reconstructed ? t("ng.reconstructed") : ""].filter(Boolean).join(" ")))));
  syncSets(all);
  syncMode();
  $("#ng-online-box").hidden = !hasServer;
  syncOnline();
  renderMyGames();
  $("#ng-error").textContent = "";
  $("#ng-cancel").hidden = !game;
  // The first visit offers the first guided game, once.
  const offered = guideProgress().offered;
  $("#ng-guide-offer").hidden = offered;
  if (!offered) keepProgress({ offered: true });
  $("#new-game").showModal();
}

function startFromDialog(ev) {
  ev.preventDefault();
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
  if (hasServer && $("#ng-online").checked) {
    // Online: the server picks the seed and plays the computers.
    createOnline(opts).then(() => $("#new-game").close(), (e) => { $("#ng-error").textContent = e.message; });
    return;
  }
  if (seedText) {
    if (!/^\d+$/.test(seedText)) { $("#ng-error").textContent = t("ng.badSeed"); return; }
    opts.seed = seedText;
  }
  try {
    const local = new W.Game({ ...opts, lang: t.lang });
    leaveOnline();
    attach(local, { fresh: true });
    $("#new-game").close();
  } catch (e) {
    $("#ng-error").textContent = e.message;
  }
}

// ---------------------------------------------------------------- start

function start() {
  hideCard = inspectCard($("#board"), $(".board-wrap"), $("#announce"));
  $("#btn-help").addEventListener("click", () => help.open((replay.game || game).snapshot()));
  $("#hint-why").addEventListener("click", (e) => help.open((replay.game || game).snapshot(), e.target.dataset.topic));
  $("#set-motion").checked = settings.motion !== false;
  $("#set-sound").checked = settings.sound === true;
  $("#set-marks").checked = settings.marks === true;
  $("#set-confirm").checked = settings.confirm !== false;
  const keep = keepSettings;
  const look = () => { table.settingsChanged(); table.settingsChanged(replay.view); if (game) render(); };
  $("#set-motion").addEventListener("change", (e) => { settings.motion = e.target.checked; look(); keep(); });
  $("#set-sound").addEventListener("change", (e) => { settings.sound = e.target.checked; if (settings.sound) unlock(); keep(); });
  $("#set-marks").addEventListener("change", (e) => { settings.marks = e.target.checked; look(); keep(); });
  $("#set-confirm").addEventListener("change", (e) => { settings.confirm = e.target.checked; look(); keep(); });
  const languages = $("#set-lang");
  languages.replaceChildren(...Object.entries(LANGUAGES).map(([code, l]) => el("option", { value: code, selected: code === t.lang }, l["lang.name"])));
  languages.addEventListener("change", (e) => { settings.lang = e.target.value; keep(); speak(e.target.value); });
  $("#tiles-left-panel").addEventListener("toggle", () => { delete $("#tiles-left-panel").dataset.shown; render(); });
  W = window.wasmBindings;
  help = new Help(W, $("#help"), t, (id) => startGuide(id));
  $(".board-wrap").append(card.root);
  new ResizeObserver(keepClear).observe(card.root);
  $("#ng-guide-first").addEventListener("click", () => startGuide("base"));
  table = new Table(W, $("#board"), {
    t, render, save, notice,
    announce: (text) => { $("#announce").textContent = text; },
    hideCard: () => hideCard(),
    events: (events) => log.push(...logLines(events)),
    changed: (events, s) => {
      if (online) notifyTurn(s);
      // A guide ends with its own card, not with the results.
      if (endsGame(events) && !replay.active && !guide) gameEnded(events);
    },
    online: () => online,
    motion: () => settings.motion !== false, sound: () => settings.sound === true, marks: () => settings.marks === true,
    confirm: () => settings.confirm !== false,
    onError: notice,
    // A page opened from disk cannot start workers; the computers think on the page then.
    workerUrl: location.protocol === "file:" ? null : "bot-worker.js",
  });
  speak(t.lang);
  window.carc = { bindings: W, game: null, view: null, bots: table.bots, replay, sound: played,
    newGame: (opts) => attach(new W.Game(opts), { fresh: true }) };

  $("#btn-new").addEventListener("click", openNewGame);
  $("#btn-fit").addEventListener("click", () => (replay.view || table.view)?.fit());
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
      attach(W.Game.fromRecord(await file.text(), t.lang), { fresh: false });
      notice("");
    } catch (e) {
      // The game in progress is untouched.
      notice(t("notice.file", { file: file.name, error: e.message }));
    }
  });
  $("#btn-replay").addEventListener("click", () => {
    try { replay.open(game.exportRecord()); } catch (e) { notice(e.message); }
  });
  $("#btn-results").addEventListener("click", () => $("#results").showModal());
  $("#board-rotate").addEventListener("click", () => { table.view?.rotate(); render(); });
  // A figure placed waits for End turn (or Enter, or a second click on it); Take back (or
  // Escape) lifts it again.
  $("#board").addEventListener("figurepending", () => render());
  // The keyboard reached a square the tile can take: say where it is, in words.
  $("#board").addEventListener("boardfocus", (e) => {
    $("#announce").textContent = t("focus.square", { where: placeName(e.detail.x, e.detail.y), n: e.detail.rotations });
  });
  // A square the tile cannot take says why, until the next move.
  $("#board").addEventListener("boardrefused", (e) => {
    $("#hint").textContent = t(`refused.${e.detail.why}`);
    keepClear();
    $("#announce").textContent = $("#hint").textContent;
  });
  $("#btn-end").addEventListener("click", () => { table.view?.confirmPending(); $("#board").focus(); });
  $("#btn-takeback").addEventListener("click", () => { table.view?.cancelPending(); $("#board").focus(); });
  // "More" on a narrow screen: the bar's other buttons in a menu, closed by a choice, by
  // Escape or by a tap elsewhere.
  const more = $("#more-menu"), toggle = $("#btn-more");
  const showMore = (open) => { more.classList.toggle("open", open); toggle.setAttribute("aria-expanded", String(open)); };
  toggle.addEventListener("click", () => {
    showMore(!more.classList.contains("open"));
    if (more.classList.contains("open")) more.querySelector("button")?.focus();
  });
  more.addEventListener("click", (e) => { if (e.target.closest("button, label")) showMore(false); });
  addEventListener("keydown", (e) => {
    if (e.key === "Escape" && more.classList.contains("open")) { showMore(false); toggle.focus(); }
  });
  addEventListener("pointerdown", (e) => { if (!e.target.closest("#more-menu, #btn-more")) showMore(false); }, true);
  // The panel as a sheet on a phone: its handle pulls it up (a tap, or a swipe up) and
  // lets it down (a tap, a swipe down, Escape, or a tap on the board above it).
  const panel = $("#panel"), handle = $("#sheet-handle");
  const showSheet = (open) => {
    panel.classList.toggle("open", open);
    handle.setAttribute("aria-expanded", String(open));
    sheetLabel();
    if (!open) panel.scrollTop = 0;
  };
  let pulled = null, swiped = false;
  handle.addEventListener("pointerdown", (e) => { pulled = e.clientY; swiped = false; handle.setPointerCapture?.(e.pointerId); });
  handle.addEventListener("pointerup", (e) => {
    const dy = pulled === null ? 0 : e.clientY - pulled;
    pulled = null;
    if (Math.abs(dy) > 20) { swiped = true; showSheet(dy < 0); }
  });
  handle.addEventListener("click", () => {
    if (swiped) { swiped = false; return; }
    showSheet(!panel.classList.contains("open"));
  });
  addEventListener("keydown", (e) => {
    if (e.key === "Escape" && panel.classList.contains("open") && !document.querySelector("dialog[open]")) { showSheet(false); handle.focus(); }
  });
  $(".board-wrap").addEventListener("pointerdown", (e) => {
    if (!panel.classList.contains("open")) return;
    showSheet(false);
    e.stopPropagation();
    e.preventDefault();
  }, true);
  $("#results-board").addEventListener("click", () => $("#results").close());
  $("#results-replay").addEventListener("click", () => { $("#results").close(); $("#btn-replay").click(); });
  $("#results-new").addEventListener("click", () => { $("#results").close(); openNewGame(); });
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
      $("#share-status").textContent = t("share.copied");
    } catch {
      $("#share-link").select();
      $("#share-status").textContent = t("share.select");
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
    // A room's link pasted into this tab: open that room.
    else if (roomLink().room && roomLink().room !== online?.room?.room) {
      leaveOnline();
      if (openRoomFromUrl()) attach(defaultGame(), { fresh: true, remote: true });
    }
  });
  $("#btn-undo-turn").addEventListener("click", () => {
    table.bots.cancel();
    try { game.undoTurn(); } catch (e) { notice(e.message); table.bots.next(); }
  });
  $("#btn-rotate").addEventListener("click", () => { table.view?.rotate(); render(); });
  $("#btn-pass").addEventListener("click", () => {
    if (guide) { guide.offer({ pass: true }); return; }
    if (online) { online.act({ pass: true }); return; }
    try { table.view?.pass(); } catch (e) { notice(e.message); }
  });
  // Online: the board's moves go to the server, which applies them for everyone.
  $("#board").addEventListener("boardaction", (e) => (guide ? guide.offer(e.detail) : online?.act(e.detail)));
  $("#on-start").addEventListener("click", () => online?.start());
  $("#on-rematch").addEventListener("click", () => online?.rematch());
  $("#on-invites").addEventListener("click", () => online?.room && showInvites(online.room.room));
  $("#on-leave").addEventListener("click", () => { leaveOnline(); if (!resume()) openNewGame(); });
  $("#on-chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("#on-chat-text").value.trim();
    if (!text || !online) return;
    online.say(text);
    $("#on-chat-text").value = "";
  });
  addEventListener("visibilitychange", () => { if (!document.hidden) document.title = t("app.title"); });
  $("#btn-undo").addEventListener("click", () => table.view?.undo());
  $("#board").addEventListener("previewchange", () => game && render());
  $("#ng-add").addEventListener("click", () => {
    const n = $("#ng-players").children.length;
    if (n < 5) $("#ng-players").append(playerRow(n, t(`name.${n}`), COLORS[n]));
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
      const answer = await table.bots.think({ id: `hint-${at}`, record: game.exportRecord(), level: "hard" });
      if (answer.error) throw new Error(answer.error);
      if (game.snapshot().actions !== at) return; // the game moved on meanwhile
      // The plan's later steps name the tile it places as "the new tile" (its square is
      // still empty now).
      const tile = answer.actions.find((a) => a.tile);
      const where = (x, y) => (tile && tile.x === x && tile.y === y ? t("hint.newTile") : placeName(x, y));
      const words = answer.actions.map((a) => a.tile ? t("hint.place", { where: placeName(a.x, a.y), deg: a.rotation * 90 })
        : a.pass ? t("hint.noMeeple")
        : lowerFirst(actionLabel(a, t, null, where, () => null, (at) => tile ? game.spotName(at, tile.tile, tile.rotation) ?? null : null)));
      const why = reasonsText(answer.why || [], game.snapshot().coop?.piles.length ?? 1, t);
      $("#hint").textContent = [t("hint.teammate", { steps: words.join(t("hint.then")) }), why].filter(Boolean).join(" ");
      keepClear(); // the board fits above the longer hint
    } catch (e) {
      notice(t("hint.none", { error: e.message }));
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
    if ($("#new-game").open) renderMyGames();
  });
  // A room's link (#room=…) opens the room; the local game stays saved as it is.
  if (openRoomFromUrl()) {
    attach(defaultGame(), { fresh: true, remote: true });
    return;
  }
  // A shared link (#r=…) opens as a replay; the game in progress is kept as it is.
  const shared = new URLSearchParams(location.hash.slice(1)).get("r");
  // A guided game in progress goes on where the player left it (a reload).
  const current = guideProgress().current;
  if (!shared && current && startGuide(current.id, current.k)) return;
  if (!resume()) {
    attach(defaultGame(), { fresh: true });
    if (!shared) openNewGame();
  }
  if (shared) openShared(shared);
}

/** A two-player base game, the page's game before any other. */
function defaultGame() {
  return new W.Game({ players: [{ name: t("name.0"), color: COLORS[0] }, { name: t("name.1"), color: COLORS[1] }], sets: ["base"] });
}

/** Resume the saved game, if there is one that loads. Never lose a player's data: an
 *  unreadable save is copied aside (controller.js), and only once the copy is stored may
 *  the new game save over it. */
function resume() {
  const r = readSave(SAVE_KEY, (text) => W.Game.fromRecord(text, t.lang), `carcassonne.corrupt.${Date.now()}`);
  if (r.game) attach(r.game, { fresh: false });
  else if (r.aside) notice(t("notice.corrupt", { error: r.error, key: r.aside }));
  else if (r.full) {
    saveKey = null;
    notice(t("notice.corruptFull", { error: r.error }));
  }
  return !!r.game;
}

/** Speak `lang` from now on: the page's texts, the game's events, the help, the new-game
 *  screen's rows (a default name becomes the new language's). */
function speak(lang) {
  const before = t;
  t = translator(lang);
  for (const [i, li] of [...$("#ng-players").children].entries()) {
    const name = li.querySelector("input");
    const fresh = playerRow(i, name.value === before(`name.${i}`) ? t(`name.${i}`) : name.value,
      li.querySelector("select").value, li.querySelector("select.who").value);
    li.replaceWith(fresh);
  }
  syncMode();
  syncOnline();
  table.host.t = t;
  if (online) online.t = t;
  document.documentElement.lang = t.lang;
  applyText(document, t);
  table.languageChanged();
  // The log told again in the new language, from the game's events.
  if (game && !guide) try { log.splice(0, log.length, { text: t("log.begins") }, ...logLines(game.eventLog())); } catch { /* kept */ }
  help.t = t;
  if (guide) guide.host.t = t;
  if (game) render();
}

if (window.wasmBindings) start();
else addEventListener("TrunkApplicationStarted", start);
