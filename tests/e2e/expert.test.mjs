// The expert computer (issue 41): chosen on the new-game screen like every level, it plays
// a whole game against a person's clicks in the computers' worker; its seat is named by its
// level in the person's language.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openGame, shot, snap, rng, randomClick, squarePoint } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

/** A new game from the dialog: a person, then the expert. */
async function againstExpert(page) {
  await page.click("#btn-new");
  await page.selectOption("#ng-players li:nth-child(2) select.who", "expert");
  await page.click("#ng-start");
  await page.waitForFunction(() => window.carc.game.snapshot().players.length === 2);
}

test("a whole base game against the expert, by clicks, at 1280×800", async () => {
  const page = await openGame(browser, srv.url, { viewport: { width: 1280, height: 800 } });
  await againstExpert(page);
  const record = JSON.parse(await page.evaluate(() => window.carc.game.exportRecord()));
  assert.equal(record.setup.players[1].computer, "expert", "the seat is kept as expert in the record");
  await page.evaluate(() => { window.carc.bots.stepMs = 0; });
  const r = rng(41);
  // (The page's frames while a computer thinks are measured by perf.test, which runs alone:
  // beside other browser tests a frame's time says more about the machine than the page.)
  for (let guard = 0; guard < 600; guard++) {
    const s = await snap(page);
    if (s.over) break;
    if (s.current_player === 1) {
      await page.waitForFunction((n) => window.carc.game.snapshot().actions > n, s.actions, { timeout: 20000 });
    } else {
      await randomClick(page, r, true);
    }
  }
  const s = await snap(page);
  assert.equal(s.over, true, "the game reached its final scores");
  // Its turns, from the record: a base turn places one tile and the seats take turns, so
  // every second tile is the expert's. (Counted by watching, a fast turn could fall
  // between two looks.)
  const done = JSON.parse(await page.evaluate(() => window.carc.game.exportRecord()));
  const first = done.setup.options?.first_player ?? 0;
  const expertTurns = done.actions.filter((a) => "tile" in a).filter((_, i) => (first + i) % 2 === 1).length;
  assert.ok(expertTurns >= 30, `the expert played its turns (${expertTurns})`);
  // A person clicking at random loses to it.
  assert.ok(s.players[1].score > s.players[0].score, `expert ${s.players[1].score}, person ${s.players[0].score}`);
  await shot(page, "41-expert-game-1280");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the expert on a 390×844 phone in Dutch: its seat says so while it plays", async () => {
  // A Dutch phone: the page speaks the browser's language.
  const page = await openGame(browser, srv.url, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: "nl-NL" });
  await page.waitForFunction(() => document.documentElement.lang === "nl", null, { timeout: 15000 });
  await page.click("#btn-new");
  const offered = await page.$$eval("#ng-players li:nth-child(2) select.who option", (os) => os.map((o) => o.textContent));
  assert.ok(offered.some((t) => /expert/.test(t)), `the dialog offers the expert: ${offered.join(" | ")}`);
  await page.click("#ng-cancel");
  await againstExpert(page);
  await page.evaluate(() => { window.carc.bots.stepMs = 3000; });
  // The first turn by taps (one to try the tile on a square, one to place it), no figure;
  // then the expert's turn shows in the hint.
  const legal = await page.evaluate(() => window.carc.game.legalActions());
  const p = await squarePoint(page, legal[0].x, legal[0].y);
  const box = await page.locator("#board").boundingBox();
  await page.touchscreen.tap(box.x + p.x, box.y + p.y);
  await page.touchscreen.tap(box.x + p.x, box.y + p.y);
  assert.equal((await snap(page)).phase.step, "figure");
  await page.tap("#btn-pass");
  await page.waitForFunction(() => /expert/.test(document.querySelector("#hint").textContent), null, { timeout: 10000 });
  const hint = await page.textContent("#hint");
  assert.match(hint, /\(computer, expert\) speelt/);
  await shot(page, "41-expert-phone-nl");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
