// Issue 38's rated games in the browser against the real `carc serve`: Ann (1280×800) and
// Bo (a phone, 390×844) make accounts with passkeys (Chromium's virtual authenticators),
// meet by rated quick play on a 5 + 3 s clock, Ann lets her time run out and loses, and the
// leaderboard shows both ratings changed (two newcomers at 1500: 1662 and 1338), with Ann's
// history and her account's rating. Screenshots in test-artifacts/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, passkeyDevice, shot, ready, startServer, violations } from "./harness.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-rating-"));
let server, browser, url;
before(async () => {
  server = await startServer({ db: path.join(dir, "rooms.db") });
  url = `http://localhost:${server.port}/`;
  browser = await launch();
});
after(async () => { await browser?.close(); server?.child.kill("SIGKILL"); fs.rmSync(dir, { recursive: true, force: true }); });

/** A page with a virtual platform authenticator, signed up as `name`. */
async function player(name, options) {
  const { page } = await passkeyDevice(browser, options);
  await page.goto(url);
  await ready(page);
  if (await page.locator("#new-game[open]").count() === 0) await page.click("#btn-new");
  await page.waitForFunction(() => !document.querySelector("#ng-lobby-box").hidden);
  await page.click("#ng-account");
  await page.fill("#acct-name", name);
  await page.click("#acct-sign-up");
  await page.waitForFunction((n) => document.querySelector("#acct-status").textContent.includes(n), name);
  await page.click("#acct-close");
  return page;
}

/** Rated quick play on base with a 5 + 3 s clock (added to the select, as lobby.test.mjs). */
async function ratedQuick(page) {
  await page.click("#btn-new");
  await page.click("#ng-lobby");
  await page.waitForSelector("#lobby[open]");
  assert.ok(await page.locator("#quick-rated-box").isVisible(), "signed in: rated play is offered");
  await page.selectOption("#quick-sets", "base");
  await page.evaluate(() => document.querySelector("#quick-clock").append(new Option("5 + 3 s", "5+3")));
  await page.selectOption("#quick-clock", "5+3");
  await page.check("#quick-rated");
  await page.click("#quick-go");
}

test("a rated game between two accounts changes both ratings on the leaderboard", async () => {
  const a = await player("Ann", { viewport: { width: 1280, height: 800 } });
  const b = await player("Bo", { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await ratedQuick(a);
  await a.waitForFunction(() => /Waiting for a player/.test(document.querySelector("#quick-status").textContent));
  await ratedQuick(b);
  for (const p of [a, b]) {
    await p.waitForFunction(() => window.carc.online?.room?.status === "playing" && window.carc.online.game, null, { timeout: 10000 });
  }
  assert.equal(await a.evaluate(() => window.carc.online.room.rated), "base");
  assert.match(await b.textContent("#on-room"), /rated: Base game/);
  assert.deepEqual(await a.evaluate(() => window.carc.online.room.seats.map((s) => s.name)), ["Ann", "Bo"]);
  // Ann, to play first, lets her 5 s run out: she loses (rated: no computer takes over).
  for (const p of [a, b]) {
    await p.waitForFunction(() => /Ann lost on time/.test(document.querySelector("#turn-line").textContent), null, { timeout: 15000 });
  }
  // The leaderboard: Bo 1662, Ann 1338 (two newcomers, 1500 ± 350 each, one game).
  await a.click("#btn-new");
  await a.click("#ng-lobby");
  await a.click("#lobby-ladder");
  await a.waitForFunction(() => document.querySelectorAll("#ladder-rows tr").length === 2);
  const rows = await a.$$eval("#ladder-rows tr", (trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.deepEqual(rows, [["1", "Bo", "1,662 ± 290", "1"], ["2", "Ann", "1,338 ± 290", "1"]]);
  assert.equal(await a.inputValue("#ladder-kind"), "base");
  await a.click("#ladder-rows tr:nth-child(2) button");
  await a.waitForFunction(() => !document.querySelector("#ladder-history-box").hidden);
  assert.match(await a.textContent("#ladder-history"), /lost to Bo → 1,338 ± 290/);
  assert.equal(await a.textContent("#ladder-history-title"), "Ann's rated games");
  await shot(a, "rating-leaderboard-1280");
  assert.deepEqual(await violations(a), [], "axe finds nothing in the leaderboard");
  await a.click("#ladder-close");
  // Bo's phone: his account says his rating, and the board is readable on a phone.
  await b.click("#btn-new");
  await b.click("#ng-account");
  await b.waitForFunction(() => document.querySelectorAll("#acct-ratings li").length === 1);
  assert.equal(await b.textContent("#acct-ratings li"), "Base game: 1,662 ± 290 (1 game)");
  await shot(b, "rating-account-390");
  await b.click("#acct-ladder");
  await b.waitForFunction(() => document.querySelectorAll("#ladder-rows tr").length === 2);
  await shot(b, "rating-leaderboard-390");
  assert.deepEqual(await violations(b), []);
  for (const p of [a, b]) assert.deepEqual(p.errors.filter((e) => !/Failed to load resource/.test(e)), []);
});
