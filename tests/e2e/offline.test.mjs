// Offline play: the single-file build opened from file://, and the installable web app
// whose service worker serves the game with the server gone.
// Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve, launch, newPage, ready, shot, dismissDialog, rng, snap, randomClick, DIST, chooseLanguage, frame } from "./harness.mjs";

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

test("the single-file build, alone in a folder and opened from file://, plays to a score and resumes", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-offline-"));
  const file = path.join(dir, "carcassonne.html");
  fs.copyFileSync(path.join(DIST, "carcassonne-offline.html"), file);
  const page = await newPage(browser);
  const fetched = [];
  page.on("request", (r) => fetched.push(r.url()));
  await page.goto(`file://${file}`);
  await ready(page);
  await dismissDialog(page);
  await page.evaluate(() => { window.carc.bots.stepMs = 0; });
  // A person against a computer player, which thinks on the page (no workers from disk).
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", { name: "Cee", computer: "easy" }], sets: ["base"], seed: 31 }));
  const r = rng(5);
  let s = await snap(page);
  for (let guard = 0; guard < 300 && Math.max(...s.scores) === 0; guard++) {
    if (s.computers[s.current_player]) {
      await page.waitForFunction((n) => window.carc.game.snapshot().actions > n, s.actions, { timeout: 10000 });
      s = await snap(page);
    } else {
      s = await randomClick(page, r);
    }
  }
  assert.ok(Math.max(...s.scores) > 0, `a feature was scored (${s.scores})`);
  assert.match(await page.textContent("#log"), /scored/);
  await shot(page, "18-single-file");
  // Whole: every language's sentences and every guide are inside.
  for (const [lang, label] of [["de", "Das gezogene Plättchen: eine gerade Straße"], ["fr", "La tuile piochée\u00a0: une route droite"], ["nl", "De getrokken tegel: een rechte weg"]]) {
    await chooseLanguage(page, lang);
    await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.U", "base.X"] }));
    await frame(page);
    assert.equal(await page.getAttribute("#drawn", "aria-label"), label);
  }
  await chooseLanguage(page, "en");
  assert.equal((await page.evaluate(() => window.carc.guide("coop-3"))).id, "coop-3");
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", { name: "Cee", computer: "easy" }], sets: ["base"], seed: 31 }));
  // Nothing was fetched but the file itself (and data: URLs).
  assert.deepEqual(fetched.filter((u) => !u.startsWith("data:") && u !== `file://${file}`), []);
  assert.equal(await page.isVisible("#offline-link"), false, "no download link in the downloaded file");
  // The game survives a reload, from disk too.
  const record = await page.evaluate(() => window.carc.game.exportRecord());
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => window.carc.game.exportRecord()), record);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the installable web app: manifest and icons, and a second visit works with the server gone", async () => {
  const srv = await serve();
  const page = await newPage(browser);
  try {
    await page.goto(srv.url);
    await ready(page);
    await dismissDialog(page);
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector("link[rel=manifest]").href;
      const m = await (await fetch(href)).json();
      const icons = await Promise.all(m.icons.map(async (i) => {
        const img = new Image();
        img.src = new URL(i.src, href).href;
        await img.decode();
        return { sizes: i.sizes, purpose: i.purpose, size: `${img.naturalWidth}x${img.naturalHeight}` };
      }));
      return { m, icons };
    });
    assert.equal(manifest.m.display, "standalone");
    assert.equal(manifest.m.start_url, "./");
    for (const i of manifest.icons) assert.equal(i.size, i.sizes, "each icon has the size it claims");
    assert.ok(manifest.icons.some((i) => i.sizes === "512x512" && i.purpose === "maskable"));
    // The worker installs, caches every file, and takes charge of the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 15000 });
    await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base", "ghosts"], seed: 2 }));
    await page.evaluate(() => { const g = window.carc.game; for (let i = 0; i < 5; i++) g.apply(g.legalActions()[0]); });
  } finally {
    await srv.close();
  }
  // The server is gone: a reload still starts the game, with the game in progress.
  const record = await page.evaluate(() => window.carc.game.exportRecord());
  await page.reload();
  await ready(page);
  assert.equal(await page.evaluate(() => window.carc.game.exportRecord()), record);
  assert.equal(await page.evaluate(() => typeof window.carc.bindings.thinkTurn), "function");
  // The languages and the guides came with it: German sentences from its pack, a guide.
  await chooseLanguage(page, "de");
  await page.evaluate(() => window.carc.newGame({ players: ["Anna", "Bruno"], sets: ["base"], draw: ["base.U", "base.X"] }));
  await frame(page);
  assert.equal(await page.getAttribute("#drawn", "aria-label"), "Das gezogene Plättchen: eine gerade Straße");
  assert.equal((await page.evaluate(() => window.carc.guide("ghosts"))).id, "ghosts");
  await chooseLanguage(page, "en");
  // Computer players work offline too (their worker script came from the cache).
  await page.evaluate(() => { window.carc.bots.stepMs = 0; });
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", { name: "Cee", computer: "easy" }], sets: ["base"], seed: 4 }));
  await page.evaluate(() => { const g = window.carc.game; g.apply(g.legalActions()[0]); g.apply(g.legalActions().at(-1)); });
  await page.waitForFunction(() => { const s = window.carc.game.snapshot(); return s.current_player === 0 && s.actions >= 3; }, null, { timeout: 15000 });
  await shot(page, "19-offline-second-visit");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the service worker caches only the game's own files, per build, and never a no-store file", async () => {
  // A copy of the build, served with style.css marked no-store.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-sw-"));
  fs.cpSync(DIST, dir, { recursive: true });
  const srv = await serve(dir, { headers: (f) => (f === "style.css" ? { "cache-control": "no-store" } : {}) });
  const page = await newPage(browser);
  const cached = () => page.evaluate(async () => {
    const out = {};
    for (const k of await caches.keys()) out[k] = (await (await caches.open(k)).keys()).map((r) => new URL(r.url).pathname.split("/").pop()).sort();
    return out;
  });
  try {
    await page.goto(srv.url);
    await ready(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller, null, { timeout: 15000 });
    const build = fs.readFileSync(path.join(dir, "sw.js"), "utf8").match(/const CACHE = "(carcassonne-[0-9a-f]{16})"/)[1];
    let c = await cached();
    assert.deepEqual(Object.keys(c), [build], "one cache, named after this build");
    assert.deepEqual(c[build], ["", "account.js", "app.js", "bars.js", "base.json", "boot.js", "bot-worker.js", "carcassonne-bot.js", "carcassonne-bot_bg.wasm",
      "carcassonne-text-de.js", "carcassonne-text-de_bg.wasm", "carcassonne-text-fr.js", "carcassonne-text-fr_bg.wasm", "carcassonne-text-nl.js",
      "carcassonne-text-nl_bg.wasm", "carcassonne.js", "carcassonne_bg.wasm", "clocks.js", "compare.html", "compare.js", "computers.js", "controller.js", "coop-1.json", "coop-3.json", "coop.js",
      "daily.js", "dom.js", "eloise.json", "farmers.json", "ghosts.json", "guide.js", "help.js", "icon-192.png", "icon-512.png", "index.html", "inspect.js",
      "lang-de.js", "lang-en.js", "lang-fr.js", "lang-nl.js", "leaderboard.js", "lobby.js", "manifest.webmanifest", "maskable-512.png", "new-game.js", "online-panel.js", "online.js",
      "packs.js", "panels.js", "replay-viewer.js", "results.js", "review.js", "settings.js", "shrines.json", "side-panel.js", "sound.js", "spellcircles.json", "study.js", "text.js",
      "watchtowers.json"],
      "the game's own files, without the no-store style sheet");
    // Other files of the site pass by: fetched, never stored.
    await page.evaluate(() => fetch("sample-game.json").then((r) => r.text()));
    assert.deepEqual((await cached())[build], c[build]);
    // A new build: its worker takes over with a cache of its own and deletes the old one.
    const next = build.replace(/.$/, (d) => (d === "0" ? "1" : "0"));
    fs.writeFileSync(path.join(dir, "sw.js"), fs.readFileSync(path.join(dir, "sw.js"), "utf8").replace(build, next));
    // Wait for the new worker to settle (activated, or redundant if its install failed)
    // rather than for a fixed time: beside other browser tests its install once took over
    // 60 s. Its activation deletes the old cache before it is "activated".
    const state = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      await r.update();
      const w = r.installing || r.waiting || r.active;
      return new Promise((done) => {
        const check = () => { if (w.state === "activated" || w.state === "redundant") done(w.state); };
        w.addEventListener("statechange", check);
        check();
        setTimeout(() => done(`${w.state} after 180 s`), 180000);
      });
    });
    assert.equal(state, "activated", "the new build's worker took over");
    c = await cached();
    assert.deepEqual(Object.keys(c), [next]);
  } finally {
    await srv.close();
    await page.context().close();
  }
});
