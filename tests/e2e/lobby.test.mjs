// Issue 38's lobby and quick play in the browser against the real `carc serve`: Ann (1280×800)
// and Bo (a phone, 390×844) meet by quick play from the lobby on a 5 + 3 s clock, Ann lets
// her time run out and both pages show it; Wim finds the game in the lobby and watches it;
// Cy's public room waits in the lobby and Dee takes its open seat from there. Screenshots in
// test-artifacts/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, newPage, shot, ready, startServer, violations } from "./harness.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-lobby-"));
let server, browser;
before(async () => { server = await startServer({ db: path.join(dir, "rooms.db") }); browser = await launch(); });
after(async () => { await browser?.close(); server?.child.kill("SIGKILL"); fs.rmSync(dir, { recursive: true, force: true }); });

/** Open the lobby from the new-game screen. */
async function openLobby(page) {
  await page.goto(server.url);
  await ready(page);
  if (await page.locator("#new-game[open]").count() === 0) await page.click("#btn-new");
  await page.waitForFunction(() => !document.querySelector("#ng-lobby-box").hidden);
  await page.click("#ng-lobby");
  await page.waitForSelector("#lobby[open]");
}

/** Ask for quick play as `name` on base alone with a 5 + 3 s clock. The page offers real
 *  clocks only (the shortest 5 + 3 minutes); the test adds a 5 + 3 s choice to the same
 *  select so that a clock runs out within the test. */
async function quick(page, name) {
  await openLobby(page);
  await page.fill("#quick-name", name);
  await page.selectOption("#quick-sets", "base");
  await page.evaluate(() => document.querySelector("#quick-clock").append(new Option("5 + 3 s", "5+3")));
  await page.selectOption("#quick-clock", "5+3");
  await page.click("#quick-go");
}

test("two players meet by quick play, one lets time run out, a watcher finds the game in the lobby", async () => {
  const a = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  const b = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await quick(a, "Ann");
  await a.waitForFunction(() => /Waiting for a player/.test(document.querySelector("#quick-status").textContent));
  assert.ok(await a.locator("#quick-cancel").isVisible());
  await shot(a, "lobby-quick-waiting-1280");
  // Closed, the lobby leaves Ann waiting: the page says so.
  await a.click("#lobby-close");
  assert.match(await a.textContent("#turn-line"), /Waiting for a player who wants the same game/);
  await a.click("#btn-new");
  await a.click("#ng-lobby");
  assert.ok(await a.locator("#quick-cancel").isVisible(), "still waiting");
  await a.click("#lobby-close");
  assert.deepEqual(await violations(a), [], "axe finds nothing in the lobby");
  await quick(b, "Bo");
  // Paired: both pages are in the room, whose game has begun with Ann's clock running.
  for (const p of [a, b]) {
    await p.waitForFunction(() => window.carc.online?.room?.status === "playing" && window.carc.online.game, null, { timeout: 10000 });
    await p.waitForFunction(() => document.querySelectorAll("#players .clock").length === 2);
  }
  assert.equal(await a.evaluate(() => window.carc.online.seat), 0);
  assert.equal(await b.evaluate(() => window.carc.online.seat), 1);
  assert.ok(await a.locator("#lobby").evaluate((d) => !d.open), "the lobby closed once paired");
  assert.deepEqual(await b.evaluate(() => window.carc.online.room.seats.map((s) => s.name)), ["Ann", "Bo"]);
  assert.match(await b.textContent("#on-room"), /Clock: 5 s \+ 3 s a move/);
  await shot(b, "lobby-paired-390");

  // Wim finds the game in the lobby and watches it.
  const w = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await openLobby(w);
  await w.waitForFunction(() => document.querySelectorAll("#lobby-live li").length === 1, null, { timeout: 8000 });
  assert.match(await w.textContent("#lobby-live li"), /Ann, Bo.*Base game · 5 s \+ 3 s a move/);
  await shot(w, "lobby-live-1280");
  await w.click("#lobby-live li button");
  await w.waitForFunction(() => window.carc.online?.room?.status === "playing" && window.carc.online.game);
  assert.equal(await w.evaluate(() => window.carc.online.seat), null, "a watcher");

  // Ann lets her 5 s run out: both players' pages say so and show a computer in her seat
  // (the watcher, who may have come after it ran out, sees the computer).
  for (const p of [a, b]) {
    await p.waitForFunction(() => /Ann ran out of time: a computer plays the seat now/.test(document.querySelector("#notice").textContent),
      null, { timeout: 15000 });
  }
  for (const p of [a, b, w]) await p.waitForFunction(() => window.carc.online.room.seats[0].kind === "computer", null, { timeout: 15000 });
  await shot(a, "lobby-timeout-1280");
  await shot(b, "lobby-timeout-390");
  for (const p of [a, b, w]) assert.deepEqual(p.errors, []);
  for (const p of [a, b, w]) await p.context().close();
});

test("a public room waits in the lobby and its open seat is taken from there", async () => {
  const c = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await c.goto(server.url);
  await ready(c);
  if (await c.locator("#new-game[open]").count() === 0) await c.click("#btn-new");
  await c.waitForFunction(() => !document.querySelector("#ng-online-box").hidden);
  await c.check("#ng-online");
  await c.check("#ng-public");
  await c.fill("#ng-players li:nth-child(1) input", "Cy");
  await c.selectOption("#ng-players li:nth-child(2) select.who", "open");
  await c.click("#ng-start");
  await c.waitForSelector("#invite[open]");
  await c.click("#invite button[type=submit]");
  await c.waitForFunction(() => window.carc.online?.room?.public === true);

  const d = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await openLobby(d);
  await d.waitForFunction(() => document.querySelectorAll("#lobby-waiting li").length === 1, null, { timeout: 8000 });
  assert.match(await d.textContent("#lobby-waiting li"), /Cy, \(open seat\)/);
  await shot(d, "lobby-waiting-390");
  await d.click("#lobby-waiting li button");
  await d.waitForSelector("#claim[open]");
  await d.fill("#claim-name", "Dee");
  await d.click("#claim-take");
  await d.waitForFunction(() => window.carc.online?.seat === 1);
  await c.waitForFunction(() => window.carc.online.room.seats[1].name === "Dee" && window.carc.online.room.seats[1].kind === "person");
  for (const p of [c, d]) assert.deepEqual(p.errors, []);
  for (const p of [c, d]) await p.context().close();
});

test("a player who stops waiting is paired no more and has the page to themselves again", async () => {
  const e = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await quick(e, "Eve");
  await e.waitForFunction(() => window.carc.online?.quickWish);
  await e.click("#quick-cancel");
  await e.waitForFunction(() => !window.carc.online);
  const f = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await quick(f, "Fay");
  await f.waitForFunction(() => /Waiting for a player/.test(document.querySelector("#quick-status").textContent));
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(await f.evaluate(() => window.carc.online.room), null, "Eve's cancelled wish paired nobody");
  for (const p of [e, f]) assert.deepEqual(p.errors, []);
  for (const p of [e, f]) await p.context().close();
});
