// The page on a phone (390×844, touch): the bar's other buttons in a "More" menu instead
// of a bar that scrolls sideways, hints that say "tap", a rotate button on the board, and
// every target a finger uses at least 44 px (WCAG 2.5.5). A desktop keeps its bar.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openGame, frame, snap, squarePoint, shot } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const MENU = ["#btn-help", "#btn-fit", "#btn-replay", "#btn-share", "#btn-export", 'label[for="import-file"]'];

/** Every visible button, choice and text box under `root` smaller than 44 px. */
const small = (page, root) => page.$$eval(`${root} :is(button, label.button, select, input[type=text])`, (es) => es
  .filter((e) => e.offsetParent !== null && getComputedStyle(e).visibility !== "hidden")
  .map((e) => [e.id || e.textContent.trim().slice(0, 20), Math.round(e.getBoundingClientRect().height)])
  .filter(([, h]) => h < 44));

test("a phone: More holds the bar's other buttons, hints say tap, a rotate button on the board, 44 px targets", async () => {
  const page = await openGame(browser, srv.url, PHONE);
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.V", "base.U"] }));
  await frame(page);
  // The bar fits: nothing hidden sideways, the other buttons behind More.
  const bar = await page.evaluate(() => { const b = document.querySelector(".bar-actions"); return [b.scrollWidth, b.clientWidth, innerWidth,
    Math.max(...[...b.children].filter((c) => c.offsetParent).map((c) => c.getBoundingClientRect().right))]; });
  assert.ok(bar[0] <= bar[1] && bar[3] <= bar[2], `the bar fits its ${bar[2]} px: ${bar}`);
  for (const b of MENU) assert.equal(await page.isVisible(b), false, `${b} waits in the menu`);
  await page.tap("#btn-more");
  assert.equal(await page.getAttribute("#btn-more", "aria-expanded"), "true");
  for (const b of MENU) assert.equal(await page.isVisible(b), true, `${b} in the menu`);
  assert.deepEqual(await small(page, "#more-menu"), []);
  await shot(page, "28-phone-menu-390");
  // A tap elsewhere closes it; Escape too.
  await page.tap("#turn-line");
  assert.equal(await page.isVisible("#btn-replay"), false);
  await page.tap("#btn-more");
  await page.keyboard.press("Escape");
  assert.equal(await page.isVisible("#btn-replay"), false);
  assert.equal(await page.getAttribute("#btn-more", "aria-expanded"), "false");
  // The hint speaks of taps; the board's own rotate button turns the tile in hand.
  assert.match(await page.textContent("#hint"), /^Ann: tap a highlighted square to try the tile there, tap it again to place it \(↻ turns it\)\.$/);
  assert.equal(await page.isVisible("#board-rotate"), true);
  const p = await squarePoint(page, 1, 0);
  const box = await page.locator("#board").boundingBox();
  await page.touchscreen.tap(box.x + p.x, box.y + p.y);
  const before = await page.evaluate(() => window.carc.view.previewRotation());
  await page.tap("#board-rotate");
  assert.notEqual(await page.evaluate(() => window.carc.view.previewRotation()), before, "↻ turned the tile");
  await page.touchscreen.tap(box.x + p.x, box.y + p.y);
  assert.equal((await snap(page)).phase.step, "figure");
  assert.equal(await page.isVisible("#board-rotate"), false, "no tile to turn now");
  // The figure's spots are fingertip targets: the board closes in on them until they lie
  // 44 px apart, and a tap 20 px off a spot's centre still takes it.
  await frame(page);
  const spots = await page.evaluate(() => window.carc.view.spotPoints());
  const gaps = spots.flatMap((a, i) => spots.slice(i + 1).map((b) => Math.hypot(a.x - b.x, a.y - b.y)));
  assert.ok(spots.length >= 2 && Math.min(...gaps) >= 43.5, `spots ${Math.min(...gaps).toFixed(1)} px apart`);
  await page.touchscreen.tap(box.x + spots[0].x + 20, box.y + spots[0].y);
  assert.deepEqual(await page.evaluate(() => window.carc.view.pending), spots[0].action, "the tap 20 px off took the spot");
  await shot(page, "28b-phone-spots-390");
  await page.locator("#btn-takeback").tap();
  assert.match(await page.textContent("#hint"), /^Ann: tap a circle to place a figure/);
  // The board takes the screen and the page does not scroll; the panel is a sheet that
  // shows the turn and its buttons, the rest pulled up by its handle.
  const layout = await page.evaluate(() => [document.querySelector("#board").getBoundingClientRect().height, innerHeight,
    document.scrollingElement.scrollHeight]);
  assert.ok(layout[0] >= 0.6 * layout[1], `the board is ${layout[0]} of ${layout[1]} px`);
  assert.ok(layout[2] <= layout[1] + 1, `the page does not scroll: ${layout}`);
  assert.equal(await page.isVisible("#btn-pass"), true, "the turn's buttons show");
  for (const hid of ["#players", "#log", "#set-lang"]) assert.equal(await page.isVisible(hid), false, `${hid} waits in the sheet`);
  await page.tap("#sheet-handle");
  assert.equal(await page.getAttribute("#sheet-handle", "aria-expanded"), "true");
  for (const shown of ["#players", "#log"]) assert.equal(await page.isVisible(shown), true, `${shown} pulled up`);
  assert.equal(await page.textContent("#sheet-handle"), "Back to the board");
  assert.ok(await page.evaluate(() => document.querySelector(".hint").getBoundingClientRect().bottom
    <= document.querySelector("#panel").getBoundingClientRect().top + 1), "the hint stays in sight above the sheet");
  await shot(page, "28c-phone-sheet-open-390");
  // A tap on the board lets the sheet down, and is no move.
  const pending = await page.evaluate(() => window.carc.view.pending);
  await page.touchscreen.tap(box.x + 20, box.y + 20);
  assert.equal(await page.getAttribute("#sheet-handle", "aria-expanded"), "false");
  assert.deepEqual(await page.evaluate(() => window.carc.view.pending), pending);
  // A swipe up on the handle pulls it up, a swipe down lets it down.
  const swipe = async (dy) => {
    const h = await page.locator("#sheet-handle").boundingBox();
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2 + dy, { steps: 4 });
    await page.mouse.up();
  };
  await swipe(-90);
  assert.equal(await page.getAttribute("#sheet-handle", "aria-expanded"), "true", "swiped up");
  await swipe(90);
  assert.equal(await page.getAttribute("#sheet-handle", "aria-expanded"), "false", "swiped down");
  // Every target in the panel at least 44 px high, the sheet pulled up.
  await page.tap("#sheet-handle");
  assert.deepEqual(await small(page, ".panel"), []);
  assert.deepEqual(await small(page, ".bar"), []);
  // And in the new-game dialog: its buttons, choices and boxes.
  await page.tap("#btn-new");
  assert.deepEqual(await small(page, "#new-game"), []);
  const boxes = await page.$$eval("#new-game :is(label:has(input[type=checkbox]), label:has(input[type=radio]))", (ls) => ls
    .filter((l) => l.offsetParent !== null).map((l) => [l.textContent.trim().slice(0, 20), Math.round(l.getBoundingClientRect().height)])
    .filter(([, h]) => h < 44));
  assert.deepEqual(boxes, [], "each box's label is a 44 px target");
  await shot(page, "29-phone-new-game-390");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a phone keeps things apart: the hint beside ↻, no legal square under the hint, a one-row replay bar, 44 px boxes", async () => {
  for (const lang of ["en", "de"]) {
    const page = await openGame(browser, srv.url, { ...PHONE, locale: lang === "de" ? "de-DE" : "en-GB" });
    // A board that fills the phone's width: its bottom row of legal squares nears the hint.
    await page.evaluate(() => {
      window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], seed: 3 });
      const g = window.carc.game;
      for (let i = 0; i < 24; i++) { const l = g.legalActions(); g.apply(l.find((a) => a.pass) || l[l.length - 1]); }
      window.carc.view.fit();
    });
    await frame(page);
    const layout = await page.evaluate(() => {
      const r = (q) => document.querySelector(q).getBoundingClientRect();
      const hint = r(".board-wrap .hint"), turn = r("#board-rotate"), canvas = r("#board");
      const v = window.carc.view, zoom = v.camera().zoom;
      const squares = window.carc.game.legalActions().filter((a) => a.tile).map((a) => v.screenPoint(a.x, a.y));
      const lowest = Math.max(...squares.map((p) => canvas.top + p.y + zoom / 2));
      return { hint: [hint.left, hint.right, hint.top, hint.bottom], turn: [turn.left, turn.right, turn.top, turn.bottom], lowest };
    });
    assert.ok(layout.hint[1] <= layout.turn[0] + 0.5, `the hint ends before ↻: ${JSON.stringify(layout)}`);
    assert.ok(layout.lowest <= layout.hint[2] + 1, `no legal square under the hint: ${JSON.stringify(layout)}`);
    await shot(page, `phone-hint-and-rotate-${lang}-390`);
    // The replay bar: one row, inside the screen.
    await page.tap("#btn-more");
    await page.tap("#btn-replay");
    await page.waitForSelector("#replay-bar:not([hidden])");
    const bar = await page.evaluate(() => {
      const b = document.querySelector("#replay-bar"), r = b.getBoundingClientRect();
      const visible = [...b.querySelectorAll("button, input")].filter((e) => e.offsetParent !== null);
      // Elements of one row share their middle line.
      const middles = visible.map((e) => { const q = e.getBoundingClientRect(); return (q.top + q.bottom) / 2; });
      const rows = middles.filter((m, i) => middles.slice(0, i).every((o) => Math.abs(o - m) > 12)).length;
      return { rows, height: r.height, left: r.left, right: r.right, width: innerWidth };
    });
    assert.equal(bar.rows, 1, `one row: ${JSON.stringify(bar)}`);
    assert.ok(bar.height < 60 && bar.left >= 0 && bar.right <= bar.width, JSON.stringify(bar));
    assert.deepEqual(await small(page, "#replay-bar"), []);
    await shot(page, `phone-replay-bar-${lang}-390`);
    await page.click("#rp-close");
    // The new-game screen: every box and round choice has a 44 px target (its label), and
    // is 24 px itself.
    await page.tap("#btn-new");
    await page.waitForSelector("#new-game[open]");
    const boxes = await page.$$eval("#new-game input[type=checkbox], #new-game input[type=radio]", (es) => es
      .filter((e) => e.offsetParent !== null)
      .map((e) => { const l = e.closest("label").getBoundingClientRect(), b = e.getBoundingClientRect();
        return [e.id || e.value, Math.round(l.width), Math.round(l.height), Math.round(b.width), Math.round(b.height)]; }));
    assert.ok(boxes.length >= 4, `${boxes.length} boxes`);
    for (const [id, lw, lh, bw, bh] of boxes) assert.ok(lw >= 44 && lh >= 44 && bw >= 24 && bh >= 24, `${id}: label ${lw}×${lh}, box ${bw}×${bh}`);
    await shot(page, `phone-new-game-${lang}-390`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test("a long press shows the card while the finger rests; lifting it hides the card and plays nothing", async () => {
  const page = await openGame(browser, srv.url, PHONE);
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.V", "base.U"] }));
  await frame(page);
  const cdp = await page.context().newCDPSession(page);
  const box = await page.locator("#board").boundingBox();
  const start = await squarePoint(page, 0, 0);
  const [x, y] = [box.x + start.x, box.y + start.y - 0.3 * (await page.evaluate(() => window.carc.view.camera().zoom))];
  const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
  const card = page.locator(".inspect-card");
  const before = await snap(page);
  // Down and resting: the card comes while the finger is still down.
  await touch("touchStart", [{ x, y }]);
  await page.waitForFunction(() => !document.querySelector(".inspect-card").hidden, null, { timeout: 3000 });
  assert.match(await card.innerText(), /City/, "the start tile's city");
  await shot(page, "28d-phone-long-press-390");
  // Lifted: the card goes, and the press was no tap.
  await touch("touchEnd", []);
  await frame(page);
  assert.equal(await card.isVisible(), false, "the card goes with the finger");
  assert.deepEqual(await snap(page), before, "a long press plays nothing");
  // A press that moves (a pan) never shows it; a short tap neither.
  await touch("touchStart", [{ x, y }]);
  await touch("touchMove", [{ x: x + 40, y }]);
  await page.waitForTimeout(700);
  assert.equal(await card.isVisible(), false, "a pan shows no card");
  await touch("touchEnd", []);
  await page.touchscreen.tap(x + 40, y);
  await page.waitForTimeout(700);
  assert.equal(await card.isVisible(), false, "a tap shows no card");
  // Pulling the sheet up hides a card shown (a keyboard's inspection on a phone with keys).
  await page.locator("#board").focus();
  await page.keyboard.press("i");
  await page.waitForFunction(() => !document.querySelector(".inspect-card").hidden);
  await page.tap("#sheet-handle");
  assert.equal(await card.isVisible(), false, "the sheet hides the card");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a desktop keeps every button in the bar and says click", async () => {
  const page = await openGame(browser, srv.url, { viewport: { width: 1280, height: 800 } });
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.U"] }));
  assert.equal(await page.isVisible("#btn-more"), false);
  for (const b of MENU) assert.equal(await page.isVisible(b), true, b);
  assert.equal(await page.isVisible("#board-rotate"), false);
  assert.match(await page.textContent("#hint"), /\(R or right-click rotates\)/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
