// Replays, share links and taking back a turn, in the built page (dist/) in headless
// Chromium. Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openGame, ready, shot, clickCanvas, frame, snap, squarePoint } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

const position = (s) => ({ board: s.board, figures: s.figures, scores: s.scores, phase: s.phase, tiles_left: s.tiles_left });

test("a share link replays the game; stepping back shows each earlier position with its log; nothing is lost", async () => {
  const page = await openGame(browser, srv.url);
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base", "ghosts"], seed: 12 }));
  // 30 actions; the position and the log lines after each one are kept to compare.
  const history = await page.evaluate(() => {
    const g = window.carc.game, out = [];
    for (let i = 0; i < 30; i++) {
      const l = g.legalActions();
      const events = g.apply(l[(i * 5) % l.length]);
      out.push({ snapshot: g.snapshot(), texts: events.filter((e) => e.type !== "tile_drawn" || e.player !== undefined).map((e) => e.text) });
    }
    return out;
  });
  const record = await page.evaluate(() => window.carc.game.exportRecord());
  await page.click("#btn-share");
  const link = await page.inputValue("#share-link");
  assert.match(link, /#r=c1\.[A-Za-z0-9_-]+$/);
  assert.ok(link.length < 800, `a short link (${link.length} characters)`);
  await page.click("#share button[type=submit]");

  // The link, opened in another tab of the same browser (same saved game).
  const other = await page.context().newPage();
  other.errors = [];
  other.on("pageerror", (e) => other.errors.push(String(e)));
  await other.goto(link);
  await ready(other);
  await other.waitForFunction(() => window.carc.replayGame);
  assert.equal(await other.isVisible("#replay-bar"), true);
  assert.equal(await other.textContent("#rp-label .wide-only"), "Move 30 of 30");
  assert.deepEqual(position(await snap(other, "replayGame")), position(history[29].snapshot));
  assert.equal(await other.locator("#new-game[open]").count(), 0, "no new-game screen over the replay");
  // The player's own game is untouched by opening a link.
  assert.equal(await other.evaluate(() => window.carc.game.exportRecord()), record);

  // Step back ten moves with the button, then the keyboard; the log shows that move's lines.
  for (let i = 0; i < 10; i++) await other.click("#rp-back");
  assert.equal(await other.textContent("#rp-label .wide-only"), "Move 20 of 30");
  assert.deepEqual(position(await snap(other, "replayGame")), position(history[19].snapshot));
  const now = await other.$$eval("#log li.now", (lis) => lis.map((li) => li.textContent).reverse());
  assert.deepEqual(now, history[19].texts);
  assert.equal(await other.textContent("#announce"), `Move 20 of 30: ${history[19].texts.join(". ")}`, "screen readers hear the move");
  await other.locator("#board").focus();
  await other.keyboard.press("ArrowLeft");
  assert.deepEqual(position(await snap(other, "replayGame")), position(history[18].snapshot));
  await other.keyboard.press("Home");
  const start = await snap(other, "replayGame");
  assert.equal(start.actions, 0);
  assert.equal(start.board.length, history[0].snapshot.board.length - 1, "move 0: the 2×2 start tile alone");
  assert.equal(await other.isDisabled("#rp-back"), true);
  await other.keyboard.press("End");
  assert.deepEqual(position(await snap(other, "replayGame")), position(history[29].snapshot));
  await frame(other);
  await shot(other, "15-replay");
  // A click on the board during a replay plays nothing.
  const box = await other.locator("#board").boundingBox();
  await clickCanvas(other, box.width / 2, box.height / 2);
  assert.equal((await snap(other, "replayGame")).actions, 30);

  // Closing the replay returns to the game in progress.
  await other.click("#rp-close");
  assert.equal(await other.isVisible("#replay-bar"), false);
  assert.equal(new URL(other.url()).hash, "");
  assert.equal(await other.evaluate(() => window.carc.game.exportRecord()), record);
  assert.deepEqual(other.errors, []);

  // A damaged link: a clear message, and the game in progress is kept.
  await other.goto(link.replace(/#r=c1\..{12}/, "#r=c1.@@@@"));
  await ready(other);
  await other.waitForSelector("#notice:not([hidden])");
  assert.match(await other.textContent("#notice"), /The game in this link could not be shown: .*damaged/);
  assert.equal(await other.evaluate(() => window.carc.game.exportRecord()), record);
  assert.equal(await other.evaluate(() => window.carc.replayGame), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the replay button steps through the game being played, then play goes on", async () => {
  const page = await openGame(browser, srv.url);
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], seed: 3 }));
  assert.equal(await page.isDisabled("#btn-replay"), true, "nothing to replay before the first move");
  await page.evaluate(() => { const g = window.carc.game; for (let i = 0; i < 6; i++) g.apply(g.legalActions()[0]); });
  await page.click("#btn-replay");
  assert.equal(await page.textContent("#rp-label .wide-only"), "Move 6 of 6");
  await page.fill("#rp-slider", "2");
  assert.equal((await snap(page, "replayGame")).actions, 2);

  assert.equal(await page.isDisabled("#btn-pass"), true, "no playing in a replay");
  await page.click("#rp-close");
  // Play goes on by clicks where it was.
  const s = await snap(page);
  assert.equal(s.actions, 6);
  const legal = await page.evaluate(() => window.carc.game.legalActions());
  const p = await squarePoint(page, legal[0].x, legal[0].y);
  await clickCanvas(page, p.x, p.y);
  assert.equal((await snap(page)).actions, 7);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("against a computer a person takes back a whole turn; points go and no new tile is shown", async () => {
  const page = await openGame(browser, srv.url);
  await page.evaluate(() => { window.carc.bots.stepMs = 0; });
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", { name: "Cee", computer: "easy" }], sets: ["base"], seed: 5 }));
  assert.equal(await page.isVisible("#btn-undo-turn"), true);
  assert.equal(await page.isDisabled("#btn-undo-turn"), true, "no turn played yet");
  const first = await snap(page);

  // Undo within the turn: the tile comes back and the tile in hand is still the same.
  const legal = await page.evaluate(() => window.carc.game.legalActions());
  const at = () => squarePoint(page, legal[0].x, legal[0].y);
  let p = await at();
  await clickCanvas(page, p.x, p.y);
  assert.equal((await snap(page)).phase.step, "figure");
  await page.click("#btn-undo");
  assert.deepEqual((await snap(page)).phase, first.phase);

  // Place the tile and a figure (the first spot), then the computer plays its turn.
  p = await at();
  await clickCanvas(page, p.x, p.y);
  const spots = await page.evaluate(() => window.carc.view.spotPoints());
  await clickCanvas(page, spots[0].x, spots[0].y);
  await page.waitForFunction(() => { const s = window.carc.game.snapshot(); return s.current_player === 0 && !window.carc.bots.busy; });
  const mid = await snap(page);
  assert.ok(mid.actions >= 3);
  assert.equal(mid.players[0].supply.meeple, 6);
  assert.equal(await page.isDisabled("#btn-undo-turn"), false);

  await page.click("#btn-undo-turn");
  const back = await snap(page);
  assert.equal(back.actions, 0);
  assert.deepEqual(back.scores, [0, 0]);
  assert.equal(back.players[0].supply.meeple, 7);
  assert.deepEqual(back.phase, first.phase, "the tile in hand is the one Ann had");
  assert.equal(back.current_player, 0);
  assert.match(await page.textContent("#log"), /Ann took back their turn/);
  // The save follows, so a reload keeps the taken-back position.
  await page.reload();
  await ready(page);
  assert.equal((await snap(page)).actions, 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a replay's board fits between the replay bar and the hint line: on a phone, a tall board's rows are under neither", async () => {
  const page = await openGame(browser, srv.url, { viewport: { width: 390, height: 844 } });
  // A column six tiles high: the camera fits it by its height.
  await page.evaluate(() => {
    window.carc.finalStepMs = 0; // the game ends: straight to the results
    window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.E", "base.B", "base.B", "base.B", "base.B"] });
    const g = window.carc.game;
    for (const [tile, x, y, rotation] of [["base.E", 0, -1, 2], ["base.B", 0, -2, 0], ["base.B", 0, -3, 0], ["base.B", 0, -4, 0], ["base.B", 0, 1, 0]]) {
      g.apply({ tile, x, y, rotation });
      g.apply({ pass: true });
    }
  });
  await page.click("#results-replay"); // the results' own Replay
  await frame(page);
  await frame(page);
  const { bar, top, hint, bottom } = await page.evaluate(() => {
    const canvas = document.querySelector("#board").getBoundingClientRect();
    const v = window.carc.replay.view;
    const zoom = v.camera().zoom;
    return { bar: document.querySelector("#replay-bar").getBoundingClientRect().bottom,
      top: canvas.top + v.screenPoint(0, -4).y - 0.5 * zoom,
      hint: document.querySelector(".board-wrap .hint").getBoundingClientRect().top,
      bottom: canvas.top + v.screenPoint(0, 1).y + 0.5 * zoom };
  });
  assert.ok(top >= bar, `the top row (its edge at ${top.toFixed(0)} px) lies below the bar (${bar.toFixed(0)} px)`);
  // And the bottom row above the hint line over the board's foot.
  assert.ok(bottom <= hint, `the bottom row (its edge at ${bottom.toFixed(0)} px) lies above the hint (${hint.toFixed(0)} px)`);
  await shot(page, "15b-replay-tall");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
