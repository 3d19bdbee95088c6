// The service worker that makes the installed game work offline. At install it caches
// every file the game needs; afterwards each request goes to the network first (so a
// new version shows at once, and the cache follows it) and falls back to the cache when
// there is no network.
const CACHE = "carcassonne-v1";
const FILES = ["./", "index.html", "app.js", "computers.js", "dom.js", "style.css", "carcassonne.js", "carcassonne_bg.wasm",
  "bot-worker.js", "manifest.webmanifest", "icons/icon-192.png", "icons/icon-512.png", "icons/maskable-512.png"];

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith("carcassonne-") && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (e) => {
  const request = e.request;
  if (request.method !== "GET" || new URL(request.url).origin !== location.origin) return;
  e.respondWith(fetch(request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      e.waitUntil(caches.open(CACHE).then((c) => c.put(request, copy)));
    }
    return response;
  }).catch(async () => {
    const hit = await caches.match(request, { ignoreSearch: request.mode === "navigate" });
    return hit || (request.mode === "navigate" && await caches.match("./")) || Response.error();
  }));
});
