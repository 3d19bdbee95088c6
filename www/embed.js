// The iframe page (embed.html): the options come from the URL, and the host page talks
// to the game only through postMessage, from the one origin named in `origin=`.
//
// Host → frame: {type: "carcassonne:get", id}            → {type: "carcassonne:state", id, snapshot, record}
//               {type: "carcassonne:new", id, options}   → {type: "carcassonne:done", id} (or :failed)
//               {type: "carcassonne:load", id, record}   → {type: "carcassonne:done", id} (or :failed)
//               {type: "carcassonne:apply", id, action}  → {type: "carcassonne:done", id, events} (or :failed)
// Frame → host: {type: "carcassonne:ready"}, {type: "carcassonne:change", events, snapshot},
//               {type: "carcassonne:failed", id?, message}
import "./carcassonne-game.js";

const params = new URLSearchParams(location.search);
const element = document.querySelector("carcassonne-game");
for (const name of ["sets", "players", "seed", "options", "theme", "lang", "save"]) {
  if (params.has(name)) element.setAttribute(name, params.get(name));
}
// A record in the URL is data (JSON or a share code), never a URL to fetch: a framing page
// must not make this page read other files of its site with the visitor's cookies.
if (params.has("record")) {
  const record = params.get("record").trim();
  if (record.startsWith("{") || /^c\d+\./.test(record)) element.setAttribute("record", record);
  else console.error("embed.html: record= takes a record (JSON) or a share code, not a URL");
}
if (params.has("readonly") && params.get("readonly") !== "false") element.setAttribute("readonly", "");
// A room of the game server this page comes from (never another server: the page's CSP
// allows connections to its own origin only): `room=…&token=…` plays a seat, `room=…` watches.
if (params.has("room")) {
  element.setAttribute("server", new URL(".", location.href).href);
  element.setAttribute("room", params.get("room"));
  if (params.has("token")) element.setAttribute("token", params.get("token"));
}
if (params.has("lang")) document.documentElement.lang = params.get("lang");

// The host's origin, exactly as `scheme://host[:port]`; anything else disables messages.
const host = (() => {
  const o = params.get("origin");
  try { return o && new URL(o).origin === o ? o : null; } catch { return null; }
})();
if (params.has("origin") && !host) console.warn(`embed.html: origin=${params.get("origin")} is not an origin like https://example.org; messages are off`);

const tell = (message) => { if (host && parent !== window) parent.postMessage(message, host); };

element.addEventListener("carcassonne-ready", () => tell({ type: "carcassonne:ready" }));
element.addEventListener("carcassonne-change", (e) => tell({ type: "carcassonne:change", events: e.detail.events, snapshot: e.detail.snapshot }));
element.addEventListener("carcassonne-error", (e) => tell({ type: "carcassonne:failed", message: e.detail.message }));

addEventListener("message", async (e) => {
  // Only the named host, and only from the window that holds this frame.
  if (!host || e.origin !== host || e.source !== parent) return;
  const { type, id } = e.data || {};
  try {
    switch (type) {
      case "carcassonne:get":
        tell({ type: "carcassonne:state", id, snapshot: element.game?.snapshot(), record: element.exportRecord() });
        break;
      case "carcassonne:new":
        element.newGame(e.data.options);
        tell({ type: "carcassonne:done", id });
        break;
      case "carcassonne:load":
        // Record data only (JSON text, a record object or a share code); never a URL.
        await element.loadRecord(typeof e.data.record === "object" ? JSON.stringify(e.data.record) : String(e.data.record));
        tell({ type: "carcassonne:done", id });
        break;
      case "carcassonne:apply":
        if (element.readonly) throw new Error("this game is read-only");
        tell({ type: "carcassonne:done", id, events: element.game.apply(e.data.action) });
        break;
      default:
        throw new Error(`unknown message type ${JSON.stringify(type)}`);
    }
  } catch (err) {
    tell({ type: "carcassonne:failed", id, message: err?.message || String(err) });
  }
});
