// The iframe page (embed.html): the options come from the URL, and the host page talks
// to the game only through postMessage, from the one origin named in `origin=`.
//
// Host → frame: {type: "carcassonne:get", id}            → {type: "carcassonne:state", id, snapshot, record}
//               {type: "carcassonne:legal", id}          → {type: "carcassonne:legal", id, actions}
//               {type: "carcassonne:new", id, options}   → {type: "carcassonne:done", id}, then :change and :turn
//               {type: "carcassonne:load", id, record}   → {type: "carcassonne:done", id}, then :change (and :turn)
//               {type: "carcassonne:apply", id, action}  → {type: "carcassonne:done", id, events}, then :change …
//               {type: "carcassonne:undo", id}           → {type: "carcassonne:done", id, undone}
//               {type: "carcassonne:lang", id, lang}     → {type: "carcassonne:done", id, lang}
//               {type: "carcassonne:move", id, move}     → {type: "carcassonne:done", id, move} (a replay)
//               {type: "carcassonne:highlight", id, squares} → {type: "carcassonne:done", id}
//               any of them refused                      → {type: "carcassonne:failed", id, message}
//               (apply and undo on a computer's turn too: the computer plays it)
// Frame → host: {type: "carcassonne:ready"}, {type: "carcassonne:change", events, snapshot},
//               {type: "carcassonne:turn", seat, name, turn, computer, step},
//               {type: "carcassonne:over", winners, tie, scores} (co-op: {coop, won, why, scores}),
//               {type: "carcassonne:failed", message}
const params = new URLSearchParams(location.search);
const element = document.querySelector("carcassonne-game");

// Every option goes onto the element before its module is loaded, so that it starts with
// them (its language among them): the element is defined only by the import below.
for (const name of ["sets", "players", "seed", "options", "theme", "lang", "save", "move", "autoplay", "highlight", "bars", "odds"]) {
  if (params.has(name)) element.setAttribute(name, params.get(name));
}
for (const flag of ["readonly", "marks"]) {
  if (params.has(flag) && params.get(flag) !== "false") element.setAttribute(flag, "");
}
// A record in the URL is data (JSON or a share code), never a URL to fetch: a framing page
// must not make this page read other files of its site with the visitor's cookies.
if (params.has("record")) {
  const record = params.get("record").trim();
  if (record.startsWith("{") || /^c\d+\./.test(record)) element.setAttribute("record", record);
  else console.error("embed.html: record= takes a record (JSON) or a share code, not a URL");
}
// A study likewise: its JSON text only.
if (params.has("study")) {
  const study = params.get("study").trim();
  if (study.startsWith("{")) element.setAttribute("study", study);
  else console.error("embed.html: study= takes a study's JSON text, not a URL");
}
// A room of the game server this page comes from (never another server: the page's CSP
// allows connections to its own origin only): `room=…#token=…` plays a seat, `room=…`
// watches. The token belongs in the fragment, which is never sent to a server (in the query,
// as older links have it, it still works).
if (params.has("room")) {
  const token = new URLSearchParams(location.hash.slice(1)).get("token") ?? params.get("token");
  element.setAttribute("server", new URL(".", location.href).href);
  element.setAttribute("room", params.get("room"));
  if (token) element.setAttribute("token", token);
}
if (params.has("lang")) document.documentElement.lang = params.get("lang");

// The host's origin, exactly as `scheme://host[:port]`; anything else disables messages.
const host = (() => {
  const o = params.get("origin");
  try { return o && new URL(o).origin === o ? o : null; } catch { return null; }
})();
if (params.has("origin") && !host) console.warn(`embed.html: origin=${params.get("origin")} is not an origin like https://example.org; messages are off`);

const send = (message) => { if (host && parent !== window) parent.postMessage(message, host); };
// While a request is answered, what the element tells (change, turn…) waits until the
// answer has gone: a host always hears `done` (or `failed`) first, then what followed.
let held = null;
const tell = (message) => (held ? held.push(message) : send(message));

element.addEventListener("carcassonne-ready", () => tell({ type: "carcassonne:ready" }));
element.addEventListener("carcassonne-change", (e) => tell({ type: "carcassonne:change", events: e.detail.events, snapshot: e.detail.snapshot }));
element.addEventListener("carcassonne-turn", (e) => tell({ type: "carcassonne:turn", ...e.detail }));
element.addEventListener("carcassonne-over", (e) => tell({ type: "carcassonne:over", ...e.detail }));
element.addEventListener("carcassonne-error", (e) => tell({ type: "carcassonne:failed", message: e.detail.message }));

const { CarcassonneGame } = await import("./carcassonne-game.js");
const { loadLanguage } = await import("./packs.js");

/** The game, once it is up (a request before that is refused, not lost silently). */
const game = () => {
  if (!element.game) throw new Error("the game is not ready yet: wait for carcassonne:ready");
  return element.game;
};

/** What each request does; its result is added to the `done` answer. */
const REQUESTS = {
  "carcassonne:get": () => ({ type: "carcassonne:state", snapshot: game().snapshot(), record: element.exportRecord() }),
  // What the player on turn may do now, in the form `carcassonne:apply` takes.
  "carcassonne:legal": () => ({ type: "carcassonne:legal", actions: element.readonly ? [] : game().legalActions() }),
  "carcassonne:new": (data) => { element.newGame(data.options); },
  // Record data only (JSON text, a record object or a share code); never a URL.
  "carcassonne:load": (data) => element.loadRecord(typeof data.record === "object" ? JSON.stringify(data.record) : String(data.record)).then(() => {}),
  "carcassonne:apply": (data) => ({ events: playable().apply(data.action) }),
  "carcassonne:undo": () => ({ undone: playable().undo() }),
  "carcassonne:lang": async (data) => {
    const lang = String(data.lang ?? "");
    if (!(lang in CarcassonneGame.languages)) {
      throw new Error(`lang ${JSON.stringify(lang)}: the game speaks ${Object.keys(CarcassonneGame.languages).join(", ")}`);
    }
    element.setAttribute("lang", lang);
    document.documentElement.lang = lang;
    // Done once the element speaks it (its sentences may come in a text pack: www/packs.js).
    await loadLanguage(lang);
    return { lang };
  },
  "carcassonne:move": (data) => {
    if (!element.readonly || !(element.hasAttribute("record") || element.hasAttribute("study"))) {
      throw new Error("only a replay (readonly with a record, or a study) goes to a move");
    }
    if (!Number.isInteger(data.move)) throw new Error("move is a whole number");
    return { move: element.showMove(data.move) };
  },
  "carcassonne:highlight": (data) => {
    const squares = data.squares ?? [];
    if (!Array.isArray(squares) || squares.length > 512 || !squares.every((q) => Array.isArray(q) && q.length === 2 && q.every(Number.isInteger))) {
      throw new Error("squares is a list of [x, y] pairs of whole numbers (at most 512)");
    }
    element.setAttribute("highlight", squares.map(([x, y]) => `${x},${y}`).join(" "));
  },
};

/** The game, for the host's move: not a replay or a watched board, and not on a computer's
 *  turn (the computer is playing it: an undo would take its tile from under it). */
const playable = () => {
  if (element.readonly) throw new Error("this game is read-only");
  const g = game(), s = g.snapshot();
  const level = element.computers.level(s);
  if (level) {
    throw new Error(`it is ${s.players[s.current_player].name}'s turn, a computer's (${level}): wait for a carcassonne:turn that names a person`);
  }
  return g;
};

addEventListener("message", async (e) => {
  // Only the named host, and only from the window that holds this frame.
  if (!host || e.origin !== host || e.source !== parent) return;
  const { type, id } = e.data || {};
  const mine = held === null;
  if (mine) held = [];
  try {
    const request = Object.hasOwn(REQUESTS, type) ? REQUESTS[type] : null;
    if (!request) throw new Error(`unknown message type ${JSON.stringify(type)}`);
    send({ type: "carcassonne:done", ...(await request(e.data)), id });
  } catch (err) {
    send({ type: "carcassonne:failed", id, message: err?.message || String(err) });
  } finally {
    if (mine) {
      const after = held;
      held = null;
      after.forEach(send);
    }
  }
});
