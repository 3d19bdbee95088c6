// What a hostile share link, a huge record, a full disk or a framing page can still do to
// the built game (dist/) in headless Chromium: nothing. Run: node --test tests/e2e/
// (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve, launch, newPage, openGame, ready, frame, snap, DIST } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

/** A share code holding only a setup (no moves): what a hostile link can write. */
function setupCode(setup) {
  const json = Buffer.from(JSON.stringify(setup));
  const bytes = [];
  for (let n = json.length; ; n >>= 7) { if (n < 0x80) { bytes.push(n); break; } bytes.push((n & 0x7f) | 0x80); }
  return "c1." + Buffer.concat([Buffer.from(bytes), json]).toString("base64url");
}

const HOSTILE = "red;position:fixed;inset:0;z-index:99;background:url(http://127.0.0.1:9/seen)";
const BIG_SEED = "18446744073709551557"; // 2^64 − 59: JavaScript numbers would round it

test("a share link with a hostile colour is refused, and the page runs under a strict policy", async () => {
  const page = await newPage(browser);
  const violations = [];
  await page.exposeFunction("violation", (v) => violations.push(v));
  await page.addInitScript(() => document.addEventListener("securitypolicyviolation", (e) => window.violation(e.violatedDirective)));
  const code = setupCode({ players: [{ name: "Evil", color: HOSTILE }, "Bo"], sets: ["base"], seed: 1 });
  await page.goto(`${srv.url}#r=${code}`);
  await ready(page);
  await page.waitForFunction(() => document.querySelector("#notice").textContent.length > 0);
  assert.match(await page.textContent("#notice"), /could not be shown: .*colour/);
  assert.ok(!(await page.evaluate(() => window.carc.replayGame)), "nothing was shown");
  // Nothing covers the page, and no element carries the hostile style.
  assert.equal(await page.evaluate(() => [...document.querySelectorAll("[style]")].some((e) => /fixed|url\(/.test(e.getAttribute("style")))), false);
  // The page's own policy: no inline script runs, and the game itself needs none.
  const policy = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content");
  assert.match(policy, /default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'/);
  await page.evaluate(() => { const s = document.createElement("script"); s.textContent = "window.injected = 1"; document.head.append(s); });
  await frame(page);
  assert.equal(await page.evaluate(() => window.injected), undefined, "an injected inline script does not run");
  assert.ok(violations.includes("script-src-elem"), JSON.stringify(violations));
  assert.deepEqual(violations.filter((v) => v !== "script-src-elem"), [], "the game causes no violation of its own");
  assert.deepEqual(page.errors.filter((e) => !/Content Security Policy/.test(e)), []);
  await page.context().close();
});

test("a full disk never costs a save: an unreadable save stays until it is copied", async () => {
  const page = await openGame(browser, srv.url);
  // The unreadable save, then a storage that refuses every new key (a full disk).
  await page.evaluate(() => localStorage.setItem("carcassonne.save.v1", "{unreadable"));
  await page.addInitScript(() => {
    const set = Storage.prototype.setItem;
    Storage.prototype.setItem = function (k, v) {
      if (this.getItem(k) === null) throw new DOMException("the quota is exceeded", "QuotaExceededError");
      return set.call(this, k, v);
    };
  });
  await page.reload();
  await ready(page);
  assert.match(await page.textContent("#notice"), /too full to keep a copy of it: it stays where it is/);
  // A new game and moves: the unreadable save is still there, untouched.
  await page.evaluate(() => window.carc.newGame({ players: ["A", "B"], sets: ["base"], seed: 3 }));
  await page.evaluate(() => { const g = window.carc.game; g.apply(g.legalActions()[0]); });
  assert.equal(await page.evaluate(() => localStorage.getItem("carcassonne.save.v1")), "{unreadable");
  await page.context().close();
});

/** A host page (another origin) framing embed.html twice, with two configurations. */
async function twoFrames() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-frames-"));
  const frame = (q) => `<iframe src="${srv.url}embed.html?${q}" width="520" height="420"></iframe>`;
  fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><title>two</title>
${frame("sets=base&players=Ann,Bo&seed=5")}${frame("sets=base,shrines&players=Cy,Di&seed=6")}`);
  return serve(dir);
}

const gameIn = (f) => f.evaluate(() => document.querySelector("carcassonne-game").game?.snapshot());

test("two iframes of embed.html with other options each keep their own saved game", async () => {
  const host = await twoFrames();
  const page = await newPage(browser);
  const play = async () => {
    const frames = page.frames().filter((f) => f.url().includes("embed.html"));
    for (const f of frames) await f.waitForFunction(() => document.querySelector("carcassonne-game")?.game, null, { timeout: 15000 });
    return frames;
  };
  await page.goto(host.url);
  let [a, b] = await play();
  // A move in each.
  for (const f of [a, b]) await f.evaluate(() => { const g = document.querySelector("carcassonne-game").game; g.apply(g.legalActions()[0]); });
  const before = [await gameIn(a), await gameIn(b)];
  assert.deepEqual(before.map((s) => s.actions), [1, 1]);
  assert.deepEqual(before.map((s) => s.players[0].name), ["Ann", "Cy"]);
  await page.reload();
  [a, b] = await play();
  const after = [await gameIn(a), await gameIn(b)];
  assert.deepEqual(after.map((s) => [s.actions, s.players[0].name, s.board]), before.map((s) => [s.actions, s.players[0].name, s.board]),
    "each frame resumed its own game");
  await page.context().close();
  await host.close();
});

test("the iframe loads record data only: a URL in a message or in its address is refused", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-host-"));
  fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><title>host</title>
<iframe id="game" src="" width="600" height="400"></iframe>
<script>window.got = []; addEventListener("message", (e) => got.push(e.data));
window.ask = (m) => document.getElementById("game").contentWindow.postMessage(m, ${JSON.stringify(new URL(srv.url).origin)});</script>`);
  const host = await serve(dir);
  const page = await newPage(browser);
  await page.goto(host.url);
  const requests = [];
  page.on("request", (r) => requests.push(r.url()));
  await page.evaluate((u) => { document.getElementById("game").src = u; },
    `${srv.url}embed.html?origin=${encodeURIComponent(new URL(host.url).origin)}&record=sample-game.json`);
  const f = () => page.frames().find((x) => x.url().includes("embed.html"));
  await page.waitForFunction(() => window.got.some((m) => m.type === "carcassonne:ready"), null, { timeout: 15000 });
  assert.ok(!requests.some((u) => u.endsWith("/sample-game.json")), "record= in the address is not fetched");
  await page.evaluate(() => window.ask({ type: "carcassonne:load", id: 1, record: "sample-game.json" }));
  await page.waitForFunction(() => window.got.some((m) => m.id === 1));
  const reply = await page.evaluate(() => window.got.find((m) => m.id === 1));
  assert.equal(reply.type, "carcassonne:failed");
  assert.match(reply.message, /JSON text or a share code/);
  assert.ok(!requests.some((u) => u.endsWith("/sample-game.json")), "a URL in a message is not fetched");
  // Record data works: the object itself.
  const sample = JSON.parse(fs.readFileSync(path.join(DIST, "sample-game.json"), "utf8"));
  await page.evaluate((r) => window.ask({ type: "carcassonne:load", id: 2, record: r }), sample);
  await page.waitForFunction(() => window.got.some((m) => m.id === 2));
  assert.equal((await page.evaluate(() => window.got.find((m) => m.id === 2))).type, "carcassonne:done");
  assert.equal((await gameIn(f())).over, true);
  await page.context().close();
  await host.close();
});

test("a seed above 2^53 survives every way a game travels; a hostile colour or a huge name is refused everywhere", async () => {
  const page = await openGame(browser, srv.url);
  const opts = { players: [{ name: "Ann", color: "#2f6fd6" }, "Bo"], sets: ["base"], seed: BIG_SEED };
  await page.evaluate((o) => window.carc.newGame(o), opts);
  await page.evaluate(() => { const g = window.carc.game; for (let i = 0; i < 6; i++) g.apply(g.legalActions()[i % 2]); });
  const record = await page.evaluate(() => window.carc.game.exportRecord());
  assert.match(record, new RegExp(`"seed":"${BIG_SEED}"`));
  const deck = (s) => JSON.stringify([s.board, s.phase, s.tiles_left]);
  const want = deck(await snap(page));
  // 1. The autosave, after a reload.
  await page.reload(); await ready(page);
  assert.equal(deck(await snap(page)), want, "autosave");
  assert.equal(await page.evaluate(() => window.carc.game.exportRecord()), record);
  // 2. A file: opened again.
  await page.evaluate(() => window.carc.newGame({ players: ["X", "Y"], sets: ["base"], seed: 1 }));
  await page.setInputFiles("#import-file", { name: "g.json", mimeType: "application/json", buffer: Buffer.from(record) });
  await page.waitForFunction((n) => window.carc.game.snapshot().actions === n, 6);
  assert.equal(deck(await snap(page)), want, "file");
  // 3. A share link, and 4. its replay (the last step is the game).
  const code = await page.evaluate(() => window.carc.game.shareCode());
  await page.goto(`${srv.url}#r=${code}`); await ready(page);
  await page.waitForFunction(() => window.carc.replayGame);
  assert.equal(deck(await snap(page, "replayGame")), want, "share link and replay");
  // 5. The element's attributes.
  await page.goto(srv.url + "element-example.html");
  await page.waitForFunction(() => document.getElementById("play")?.game);
  const viaElement = await page.evaluate(([seed, actions]) => new Promise((resolve) => {
    const e = document.getElementById("play");
    e.addEventListener("carcassonne-ready", () => {
      const g = e.game;
      for (const a of actions) g.apply(a);
      resolve(g.snapshot());
    }, { once: true });
    e.setAttribute("players", "Ann, Bo");
    e.setAttribute("seed", seed);
  }), [BIG_SEED, JSON.parse(record).actions]);
  assert.equal(deck(viaElement), want, "element attribute");
  // 6. An iframe message.
  const framed = await newPage(browser);
  await framed.goto(`${srv.url}embed.html?seed=${BIG_SEED}&players=Ann,Bo`);
  await framed.waitForFunction(() => document.querySelector("carcassonne-game")?.game);
  const viaFrame = await framed.evaluate((actions) => { const g = document.querySelector("carcassonne-game").game; for (const a of actions) g.apply(a); return g.snapshot(); }, JSON.parse(record).actions);
  assert.equal(deck(viaFrame), want, "iframe address");

  // A hostile colour or a 10,000-character name: refused with a message on every path.
  const bad = [{ players: [{ name: "A", color: HOSTILE }, "B"], sets: ["base"], seed: 1 },
    { players: ["x".repeat(10000), "B"], sets: ["base"], seed: 1 }];
  for (const setup of bad) {
    const e = await framed.evaluate((o) => { try { new (document.querySelector("carcassonne-game").game.constructor)(o); return null; } catch (err) { return err.message; } }, setup);
    assert.match(e, /colour|at most 64/, "new Game");
    const text = JSON.stringify({ format: "carcassonne-record", version: 1, setup, actions: [] });
    const fromFile = await framed.evaluate((t) => { try { document.querySelector("carcassonne-game").game.constructor.fromRecord(t); return null; } catch (err) { return err.message; } }, text);
    assert.match(fromFile, /colour|at most 64/, "record");
    const fromCode = await framed.evaluate((c) => { try { document.querySelector("carcassonne-game").game.constructor.recordFromShareCode(c); return null; } catch (err) { return err.message; } }, setupCode(setup));
    assert.match(fromCode, /colour|at most 64/, "share code");
  }
  // The element's players attribute with a huge name: reported inside the element.
  const message = await page.evaluate(() => new Promise((resolve) => {
    const e = document.getElementById("play");
    e.addEventListener("carcassonne-error", (ev) => resolve(ev.detail.message), { once: true });
    e.setAttribute("players", "x".repeat(10000) + ", Bo");
  }));
  assert.match(message, /at most 64/);
  await page.context().close();
  await framed.context().close();
});

test("the longest game a share link may hold opens in well under a second or two", async () => {
  const page = await openGame(browser, srv.url);
  // 1,000 tiles (the format's limit), every base tile kind, played to the end.
  const code = await page.evaluate(() => {
    const kinds = window.carc.game.constructor.sets ? null : null;
    const ids = ["base.A", "base.B", "base.C", "base.E", "base.F", "base.H", "base.I", "base.J", "base.K", "base.L",
      "base.M", "base.N", "base.O", "base.P", "base.R", "base.S", "base.U", "base.V", "base.W", "base.X"];
    const draw = Array.from({ length: 1000 }, (_, i) => ids[(i * 7 + (i >> 3)) % ids.length]);
    const G = window.carc.game.constructor;
    const g = new G({ players: ["A", "B"], sets: ["base"], draw, options: { unlimited_copies: true } });
    let n = 0;
    while (!g.snapshot().over) { const l = g.legalActions(); g.apply(l[(n++ * 13) % l.length]); }
    return g.shareCode();
  });
  const t0 = Date.now();
  await page.goto(`${srv.url}#r=${code}`);
  await ready(page);
  await page.waitForFunction(() => window.carc.replayGame, null, { timeout: 20000 });
  const ms = Date.now() - t0;
  const s = await snap(page, "replayGame");
  assert.equal(s.over, true);
  assert.ok(s.board.length > 900, `${s.board.length} squares`);
  assert.ok(ms < 5000, `opened in ${ms} ms`);
  console.log(`longest share link (${code.length} characters): opened in ${ms} ms`);
  await page.context().close();
});
