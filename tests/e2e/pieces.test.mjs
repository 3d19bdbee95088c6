// Pieces you can see: at the zoom a game opens with, and at the smaller zoom a mid-game board
// of 40 tiles fits to, every expansion piece (ghost, ghost in a spell circle, Eloïse, a
// hound, an empty spell circle) is at least 16 CSS px each way,
// measured from the pixels the board's own drawing code paints; a shrine and a monastery
// have different shapes. At 1280×800 and on a 390×844 phone.
// Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openGame, frame, shot, snap, clickCanvas, playToEloiseStep } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const PIECES = ["ghost", "trapped", "cat", "hound", "circle"];

/** Draw each piece with the game's `drawPiece` at `zoom` px a square into a canvas of its
 *  own (shown on the page, for the screenshot) and measure the box of the pixels it paints. */
const measure = (page, zoom) => page.evaluate(async ([names, zoom]) => {
  const { drawPiece } = await import("/carcassonne.js");
  const legend = document.createElement("div");
  legend.id = "pieces-legend";
  Object.assign(legend.style, { position: "fixed", left: "8px", top: "8px", zIndex: 99, display: "flex", gap: "6px",
    background: "#8fbf5a", padding: "6px", border: "2px solid #333" });
  document.body.append(legend);
  const out = {};
  for (const name of names) {
    const c = document.createElement("canvas");
    Object.assign(c.style, { width: "64px", height: "64px" });
    legend.append(c);
    drawPiece(c, name, zoom);
    const { width, height } = c;
    const data = c.getContext("2d").getImageData(0, 0, width, height).data;
    let [x0, y0, x1, y1] = [width, height, -1, -1];
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
      if (data[(y * width + x) * 4 + 3] > 40) { x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y); }
    }
    const k = width / 64;
    out[name] = { w: (x1 - x0 + 1) / k, h: (y1 - y0 + 1) / k, inside: x0 > 0 && y0 > 0 && x1 < width - 1 && y1 < height - 1 };
  }
  return out;
}, [PIECES, zoom]);

for (const [label, options] of [["1280×800", undefined], ["390×844", PHONE]]) {
  test(`every expansion piece is at least 16 px each way at the opening zoom (${label})`, async () => {
    const page = await openGame(browser, srv.url, options);
    await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base", "ghosts", "spellcircles", "watchtowers", "shrines"], seed: 4 }));
    await frame(page);
    const zoom = await page.evaluate(() => window.carc.view.camera().zoom);
    assert.ok(zoom >= 60 && zoom <= 140, `the opening zoom, ${zoom} px a square`);
    const sizes = await measure(page, zoom);
    for (const name of PIECES) {
      const { w, h, inside } = sizes[name];
      assert.ok(inside, `${name} fits its canvas`);
      assert.ok(w >= 16 && h >= 16, `${name} is ${w.toFixed(1)}×${h.toFixed(1)} px at ${zoom} px a square`);
    }
    // A sanity check of the measure itself: above the zoom where pieces start to grow, a
    // piece doubles with the zoom.
    const [near, far] = [await measure(page, 100), await measure(page, 200)];
    assert.ok(far.ghost.w > near.ghost.w * 1.8, "the measure follows the zoom");
    await shot(page, `pieces-legend-${options ? "390" : "1280"}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

for (const [label, options] of [["1280×800", undefined], ["390×844", PHONE]]) {
  test(`every piece stays at least 16 px each way at the zoom a 40-tile board fits to (${label})`, async () => {
    const page = await openGame(browser, srv.url, options);
    // A mid-game table: 40 tiles down by legal moves (the first listed, no figures).
    await page.evaluate(() => {
      window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base", "ghosts", "spellcircles"], seed: 11 });
      const g = window.carc.game;
      while ((g.snapshot().board.length < 43 || g.snapshot().phase.step !== "tile") && !g.snapshot().over) {
        const l = g.legalActions();
        g.apply(l.find((a) => a.pass) || l[Math.floor(l.length / 2)]);
      }
      window.carc.view.fit();
    });
    await frame(page);
    const zoom = await page.evaluate(() => window.carc.view.camera().zoom);
    assert.ok(zoom < 90, `a mid-game board fits at a smaller zoom than a game opens with (${zoom} px a square)`);
    const sizes = await measure(page, zoom);
    for (const name of PIECES) {
      const { w, h, inside } = sizes[name];
      assert.ok(inside, `${name} fits its canvas`);
      assert.ok(w >= 16 && h >= 16, `${name} is ${w.toFixed(1)}×${h.toFixed(1)} px at ${zoom.toFixed(1)} px a square`);
    }
    await shot(page, `pieces-mid-game-${options ? "390" : "1280"}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test("a shrine and a monastery have different shapes, not only colours", async () => {
  const page = await openGame(browser, srv.url);
  // The part of each tile that is not field: the building's silhouette.
  const masks = await page.evaluate(async () => {
    const { drawTile } = await import("/carcassonne.js");
    const out = [];
    for (const id of ["base.B", "shrines.S"]) {
      const c = document.createElement("canvas");
      Object.assign(c.style, { width: "110px", height: "110px" });
      document.body.append(c);
      drawTile(c, id, 0);
      const { width, height } = c;
      const data = c.getContext("2d").getImageData(0, 0, width, height).data;
      // The square's edge line aside (a tenth of the square in from each side).
      const mask = [];
      const m = Math.round(width / 10);
      for (let i = 0; i < width * height; i++) {
        const [x, y, r, g, b] = [i % width, Math.floor(i / width), data[i * 4], data[i * 4 + 1], data[i * 4 + 2]];
        const inner = x >= m && y >= m && x < width - m && y < height - m;
        mask.push(inner && Math.abs(r - 0x8f) + Math.abs(g - 0xbf) + Math.abs(b - 0x5a) > 60 ? 1 : 0);
      }
      out.push(mask);
    }
    return out;
  });
  await shot(page, "pieces-shrine-monastery");
  let [both, either] = [0, 0];
  for (let i = 0; i < masks[0].length; i++) {
    both += masks[0][i] & masks[1][i];
    either += masks[0][i] | masks[1][i];
  }
  // Identical silhouettes would overlap all but their anti-aliased rims (about 0.9); these
  // overlap 0.52 (a church beside a domed temple).
  assert.ok(both / either < 0.55, `the silhouettes overlap ${(both / either).toFixed(2)}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("on the board: spell circles with their ghosts and Eloïse beside a meeple, at the size measured", async () => {
  const page = await openGame(browser, srv.url);
  await playToEloiseStep(page);
  await frame(page);
  const spots = await page.evaluate(() => window.carc.view.spotPoints());
  await clickCanvas(page, spots[0].x, spots[0].y);
  const s = await snap(page);
  assert.equal(s.ghosts_in_circles, 7);
  assert.ok(s.cat, "Eloïse sits by Blue's meeple");
  await page.evaluate(() => window.carc.view.fit());
  await frame(page);
  await shot(page, "pieces-board");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
