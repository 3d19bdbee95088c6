// What the page says about places and amounts: each seat's last tile framed in its colour,
// and the cooperative game's buttons that say how many points a scoring brings and how
// many ghosts a removal drives away.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openGame, frame, snap, shot, squarePoint, clickCanvas, chooseLanguage } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

test("each seat's last tile is framed in its colour, and follows an undo and a reload", async () => {
  const page = await openGame(browser, srv.url, { viewport: { width: 1280, height: 800 } });
  await page.evaluate(() => {
    window.carc.newGame({ players: ["Ann", "Bo", "Cy"], sets: ["base"], seed: 7 });
    const g = window.carc.game;
    for (let i = 0; i < 4; i++) { g.apply(g.legalActions()[0]); g.apply({ pass: true }); }
  });
  const board = (await snap(page)).board;
  // Turns: Ann, Bo, Cy, Ann: the start tile first, then one square a turn.
  assert.deepEqual(await page.evaluate(() => window.carc.game.lastTiles()),
    [[board[4].x, board[4].y], [board[2].x, board[2].y], [board[3].x, board[3].y]]);
  await frame(page);
  await shot(page, "31-last-tiles");
  // Bo places a tile and takes it back: his last tile is the earlier one again.
  await page.evaluate(() => window.carc.game.apply(window.carc.game.legalActions()[0]));
  const placed = (await snap(page)).board[5];
  assert.deepEqual((await page.evaluate(() => window.carc.game.lastTiles()))[1], [placed.x, placed.y]);
  await page.evaluate(() => window.carc.view.undo());
  assert.deepEqual((await page.evaluate(() => window.carc.game.lastTiles()))[1], [board[2].x, board[2].y]);
  // A reload rebuilds them from the record.
  await page.reload();
  await page.waitForFunction(() => window.carc?.game);
  assert.deepEqual(await page.evaluate(() => window.carc.game.lastTiles()),
    [[board[4].x, board[4].y], [board[2].x, board[2].y], [board[3].x, board[3].y]]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a co-op scoring's buttons say the points it brings and the ghosts a removal drives away", async () => {
  const page = await openGame(browser, srv.url);
  // Level 3, one seat, played by its first moves (a meeple whenever one may go) until a
  // completed feature waits to be scored with ghosts on the board to remove instead.
  const found = await page.evaluate(() => {
    window.carc.bots.stepMs = 0;
    for (let seed = 1; seed < 40; seed++) {
      window.carc.newGame({ players: ["Ann"], sets: ["ghosts"], seed, options: { coop: { level: 3 } } });
      const g = window.carc.game;
      for (let i = 0; i < 300 && !g.snapshot().over; i++) {
        const s = g.snapshot(), l = g.legalActions();
        if (s.phase.waits === "score" && l.some((a) => a.remove)) return seed;
        g.apply(l.find((a) => a.meeple) || l.find((a) => a.points) || l[0]);
      }
    }
    return null;
  });
  assert.ok(found, "a game with a scoring and ghosts to remove");
  await frame(page);
  // The buttons, one per choice, in the order of the legal actions, each numbered as the
  // board numbers its target.
  const buttons = await page.$$eval("#coop-choices button", (bs) => bs.map((b) => b.textContent));
  assert.deepEqual(buttons.map((b) => Number(b.match(/^(\d+) /)?.[1])), buttons.map((_, i) => i + 1), buttons.join(" | "));
  const labels = buttons.map((b) => b.replace(/^\d+ /, ""));
  const listed = await page.evaluate(() => window.carc.game.legalActions().filter((a) => !a.pass));
  const points = labels.map((l) => l.match(/^Take (\d+) points?: (.+)$/)).find(Boolean);
  const r = listed.findIndex((a) => a.remove);
  const removal = labels[r].match(/^Remove (\d+) ghosts? from (.+) instead( \(giving up .+\))?$/);
  assert.ok(points && removal, labels.join(" | "));
  // Places in words, by the shortest words that tell them apart: no coordinates, no two alike.
  for (const l of labels) assert.doesNotMatch(l, /\(-?\d+, -?\d+\)/, l);
  assert.equal(new Set(labels).size, labels.length, labels.join(" | "));
  // The feature scored is named by its kind, and by its meeples' colours where that tells it apart.
  assert.match(points[2], /^the ((red|green|blue|yellow)( and (red|green|blue|yellow))* meeples?'s? )?(road|city|castle)( (north|east|south|west) of .+)?$/, points[2]);
  // The board numbers the targets it shows as the buttons do.
  const numbered = await page.evaluate(() => window.carc.view.spotPoints().filter((p) => p.number));
  assert.ok(numbered.length > 0, "numbers on the board");
  for (const p of numbered) assert.deepEqual(listed[p.number - 1], p.action, `target ${p.number} is button ${p.number}`);
  await shot(page, "coop-numbered-choices-1280");
  // The removal's count is what is on that square, up to 3 (COOP-3a-2).
  const there = await page.evaluate((a) => window.carc.game.snapshot().coop.ghosts
    .filter((g) => g.x === a.from_x && g.y === a.from_y).reduce((n, g) => n + g.count, 0), listed[r]);
  assert.equal(Number(removal[1]), Math.min(3, there));
  // Taking the points moves the team's marker by as many.
  const before = (await snap(page)).coop.markers[0];
  await page.locator("#coop-choices button", { hasText: /^\d+ Take / }).first().click();
  assert.equal((await snap(page)).coop.markers[0] - before, Number(points[1]));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a click where the tile cannot go says why", async () => {
  const page = await openGame(browser, srv.url, { viewport: { width: 1280, height: 800 } });
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.U"] }));
  await frame(page);
  const click = async (x, y) => {
    const p = await squarePoint(page, x, y);
    await clickCanvas(page, p.x, p.y);
    return page.textContent("#hint");
  };
  // North of the start tile: its city takes a straight road in no rotation (BASE-TILE-2).
  assert.equal(await click(0, -1), "The tile fits there in no rotation: each edge must match the tile beside it.");
  // Two squares off: nothing beside it (BASE-TILE-1).
  assert.equal(await click(0, -2), "The tile must go next to a tile already on the board.");
  assert.equal(await page.textContent("#announce"), "The tile must go next to a tile already on the board.");
  assert.equal((await snap(page)).phase.step, "tile", "nothing was played");
  // The keyboard: Tab reaches a square the tile can take, and says where it is in words.
  await page.locator("#board").focus();
  await page.keyboard.press("Tab");
  assert.match(await page.textContent("#announce"), /^(north|east|south|west) of the start tile: fits in \d+ rotations?$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the drawn tile and the unseen tiles are told in words, not ids, in English and Dutch", async () => {
  const page = await openGame(browser, srv.url);
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.U", "base.X", "base.A"] }));
  await frame(page);
  assert.equal(await page.getAttribute("#drawn", "aria-label"), "The drawn tile: a straight road");
  // Each score is read out as words (a span's aria-label is not), its number shown.
  assert.deepEqual(await page.$$eval("#players .score .sr-only", (es) => es.map((e) => e.textContent)), ["0 points", "0 points"]);
  await page.locator("#tiles-left-panel summary").click();
  await page.waitForFunction(() => document.querySelectorAll("#tl-list li").length > 0);
  const titles = await page.$$eval("#tl-list li", (ls) => ls.map((l) => l.getAttribute("title")));
  // The draw's other two tiles, by what they show.
  assert.deepEqual(titles.sort(), ["a crossing of 4 roads ×1", "a monastery with a road ×1"]);
  assert.deepEqual(await page.$$eval("#tl-list li", (ls) => ls.map((l) => l.getAttribute("aria-label")).sort()), titles);
  await chooseLanguage(page, "nl");
  assert.equal(await page.getAttribute("#drawn", "aria-label"), "De getrokken tegel: een rechte weg");
  await page.waitForFunction(() => [...document.querySelectorAll("#tl-list li")].some((l) => l.title.startsWith("een")));
  const nl = await page.$$eval("#tl-list li", (ls) => ls.map((l) => l.getAttribute("title")));
  assert.ok(nl.includes("een kruising van 4 wegen ×1"), nl.join(" | "));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the log points: a line about a square shows it on the board and centres the board on it; a figure's spot tells its feature", async () => {
  const page = await openGame(browser, srv.url, { viewport: { width: 1280, height: 800 } });
  await page.evaluate(() => {
    window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.U", "base.U", "base.V"] });
    const g = window.carc.game;
    g.apply({ tile: "base.U", x: 1, y: 0, rotation: 0 }); g.apply({ figure: "meeple", at: "E" });
    g.apply({ tile: "base.U", x: -1, y: 0, rotation: 0 }); g.apply({ pass: true });
  });
  const line = page.locator("#log li.points", { hasText: "Ann placed a tile east of the start tile" });
  await line.hover();
  assert.deepEqual(await page.evaluate(() => window.carc.view.highlights), [[1, 0]]);
  await page.mouse.move(5, 400);
  assert.deepEqual(await page.evaluate(() => window.carc.view.highlights), []);
  // The keyboard too: focus shows it, Enter centres the board there.
  await line.focus();
  assert.deepEqual(await page.evaluate(() => window.carc.view.highlights), [[1, 0]]);
  await page.keyboard.press("Enter");
  const cam = await page.evaluate(() => window.carc.view.camera());
  assert.deepEqual([cam.x, cam.y], [1.5, 0.5]);
  await page.locator("#log li.points", { hasText: "Bo placed a tile west of the start tile" }).click();
  assert.deepEqual(await page.evaluate(() => { const c = window.carc.view.camera(); return [c.x, c.y]; }), [-0.5, 0.5]);
  // Ann's next tile, then her figure step: resting on the road's spot shows the road's
  // card (what it is worth now and completed), and the meeple there, faint.
  await page.evaluate(() => { window.carc.view.fit(); window.carc.game.apply({ tile: "base.V", x: 0, y: 1, rotation: 0 }); });
  await frame(page);
  const spots = await page.evaluate(() => window.carc.view.spotPoints()
    .map((s) => ({ ...s, kind: window.carc.game.inspect(0, 1, s.action.at)?.kind })));
  const road = spots.find((s) => s.kind === "road");
  assert.ok(road, JSON.stringify(spots.map((s) => s.action)));
  const box = await page.locator("#board").boundingBox();
  await page.mouse.move(box.x + road.x, box.y + road.y);
  await page.locator(".inspect-card").waitFor();
  assert.match(await page.textContent(".inspect-card"), /[Rr]oad/);
  await frame(page);
  await shot(page, "32-spot-card");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
