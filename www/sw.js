// The service worker that makes the installed game work offline. At install it stores
// the game's own files (and nothing else) in a cache named after this build (the build
// writes its id over __BUILD__), so the module and its WebAssembly always come from one
// version; activating a new build deletes the old caches. Requests go to the network
// first (a new version shows at once) and fall back to that cache when there is none.
// A response marked `Cache-Control: no-store` is never stored.
const CACHE = "carcassonne-__BUILD__";
// scripts/post-build.mjs checks that this names every file the game loads (and names the
// build after them).
const FILES = ["./", "index.html", "boot.js", "app.js", "side-panel.js", "online-panel.js", "replay-viewer.js", "review.js", "new-game.js", "bars.js", "settings.js", "computers.js", "dom.js", "coop.js", "online.js", "clocks.js", "lobby.js", "account.js", "leaderboard.js", "daily.js", "compare.js", "compare.html", "inspect.js", "panels.js", "results.js", "sound.js", "help.js", "guide.js", "study.js", "controller.js", "text.js", "lang-en.js", "lang-nl.js", "lang-de.js", "lang-fr.js", "style.css", "carcassonne.js",
  "carcassonne_bg.wasm", "bot-worker.js", "carcassonne-bot.js", "carcassonne-bot_bg.wasm", "manifest.webmanifest", "icons/icon-192.png", "icons/icon-512.png",
  "icons/maskable-512.png", "packs.js", "carcassonne-text-nl.js", "carcassonne-text-nl_bg.wasm", "carcassonne-text-de.js", "carcassonne-text-de_bg.wasm",
  "carcassonne-text-fr.js", "carcassonne-text-fr_bg.wasm", "guides/base.json", "guides/farmers.json", "guides/ghosts.json", "guides/spellcircles.json",
  "guides/eloise.json", "guides/watchtowers.json", "guides/shrines.json", "guides/coop-1.json", "guides/coop-3.json"];
const OURS = new Set(FILES.map((f) => new URL(f, self.registration.scope).href));

// The page asks this whether a game server is there (www/online.js); with none reachable
// the answer is "no", never a network error on the page.
const PROBE = new URL("server.json", self.registration.scope).href;

const storable = (response) => response.ok && !/no-store/i.test(response.headers.get("cache-control") || "");

self.addEventListener("install", (e) => {
  e.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      // Past the browser's HTTP cache, so that every file is this build's.
      const responses = await Promise.all(FILES.map((f) => fetch(new Request(f, { cache: "reload" }))));
      await Promise.all(responses.map((r, i) => storable(r) ? cache.put(FILES[i], r) : null));
    } catch (err) {
      // The old build's worker stays (the browser tries again on a later visit); a
      // half-filled cache of this build would otherwise stay until the next build.
      await caches.delete(CACHE);
      throw err;
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("carcassonne-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  const request = e.request;
  const url = new URL(request.url);
  url.search = "";
  if (request.method !== "GET") return;
  if (url.href === PROBE) {
    e.respondWith(fetch(request).catch(() => new Response('{"server": false}', { headers: { "content-type": "application/json" } })));
    return;
  }
  // Only the game's own files; the rest of the site is none of this worker's business.
  if (!OURS.has(url.href)) return;
  e.respondWith(fetch(request).catch(async () =>
    (await caches.match(url.href, { cacheName: CACHE })) || Response.error()));
});
