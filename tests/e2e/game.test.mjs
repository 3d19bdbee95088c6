// End-to-end tests of the built game (dist/) in headless Chromium: real clicks on the
// real canvas, state read back through the page's API. Screenshots and measured
// figures go to test-artifacts/. Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { serve, launch, newPage, openGame, ready, shot, clickCanvas, frame, rng, snap, squarePoint, randomClick, playToEloiseStep } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => {
  await browser?.close();
  await srv?.close();
});

const freshPage = (options) => openGame(browser, srv.url, options);
const newGame = async (page, opts) => { await page.evaluate((o) => window.carc.newGame(o), opts); await frame(page); };

test("right-click and R rotate through legal rotations; Escape takes the tile back", async () => {
  const page = await freshPage();
  await newGame(page, { players: ["Red", "Blue"], sets: ["base"], draw: ["base.V"] });
  const p = await squarePoint(page, 1, 0);
  const box = await page.locator("#board").boundingBox();
  await page.mouse.move(box.x + p.x, box.y + p.y);
  const rot = () => page.evaluate(() => window.carc.view.previewRotation());
  // The curve fits east of the start in two looks: road west–south (0) and west–north (1).
  assert.equal(await rot(), 0);
  await clickCanvas(page, p.x, p.y, "right");
  assert.equal(await rot(), 1);
  await page.keyboard.press("r");
  assert.equal(await rot(), 0);
  await page.keyboard.press("r");
  await clickCanvas(page, p.x, p.y);
  let s = await snap(page);
  assert.equal(s.board[1].rotation, 1);
  assert.equal(s.can_undo, true);
  await page.keyboard.press("Escape");
  s = await snap(page);
  assert.equal(s.board.length, 1);
  assert.equal(s.phase.step, "tile");
  // The board fits itself again after the take-back: aim once it has settled (a loaded
  // machine clicked mid-move once, beside the square).
  await page.waitForFunction(() => window.carc.view.animating() === 0, null, { timeout: 5000 });
  const again = await squarePoint(page, 1, 0);
  await clickCanvas(page, again.x, again.y);
  assert.equal((await snap(page)).phase.step, "figure");
  await page.keyboard.press("Enter"); // confirm without a meeple
  s = await snap(page);
  assert.equal(s.over, true);
  assert.equal(s.can_undo, false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** One random legal action, by clicks on the canvas (or the pass button). With `keep`,
 * a figure is placed only a third of the time, so meeples stay in hand for features
 * that complete. */
test("a whole game played by random legal clicks reaches the final scores", async () => {
  const page = await freshPage();
  await newGame(page, { players: [{ name: "Ann" }, { name: "Bo" }], sets: ["base"], seed: 99 });
  const r = rng(7);
  let actions = 0;
  while (!(await snap(page)).over && actions < 400) {
    await randomClick(page, r);
    actions++;
  }
  const s = await snap(page);
  assert.equal(s.over, true);
  assert.ok(actions >= 140, `a base game takes two actions per tile (${actions})`);
  assert.ok(s.scores.some((x) => x > 0));
  assert.equal(await page.isVisible("#final"), true);
  const totals = await page.$$eval("#final-table tr.total td", (tds) => tds.map((t) => Number(t.textContent)));
  assert.deepEqual(totals, s.scores);
  assert.match(await page.textContent("#log"), /Game over/);
  await frame(page);
  await shot(page, "03-game-over");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("Ghosts, Castles & Cemeteries by clicks: ghosts placed on meeples, features scored", async () => {
  const page = await freshPage();
  // The new-game screen offers the set and says its tiles are reconstructed.
  await page.click("#btn-new");
  assert.match(await page.textContent("#ng-sets"), /Ghosts, Castles & Cemeteries[\s\S]*reconstructed/);
  await page.check('#ng-sets input[value="ghosts"]');
  // Two people at one screen (the second seat is offered as a computer player first).
  await page.selectOption("#ng-players li:nth-child(2) select.who", "");
  await page.fill("#ng-seed", "4");
  await page.click("#ng-start");
  let s = await snap(page);
  assert.equal(s.board.length, 4, "the 2×2 start tile");
  assert.equal(s.ghosts, 15);
  assert.deepEqual(s.players.map((p) => [p.supply.meeple, p.supply.guard, p.guard_reserve]), [[5, 2, 3], [5, 2, 3]]);
  await page.evaluate(() => { window.__events = []; window.carc.game.subscribe((ev) => window.__events.push(...ev)); });
  const r = rng(11);
  let ghostClicks = 0, actions = 0;
  const scored = () => page.evaluate(() => window.__events.some((e) => e.type === "scored" && e.complete));
  while (actions < 400 && !s.over) {
    const before = await snap(page);
    s = await randomClick(page, r, true);
    actions++;
    if (before.phase.step === "ghost") ghostClicks++;
    if (ghostClicks >= 2 && (await scored())) break;
  }
  const texts = await page.evaluate(() => window.__events.map((e) => e.text));
  assert.ok(ghostClicks >= 2, `ghosts placed by clicking meeples (${ghostClicks})`);
  assert.ok(texts.some((t) => /(extended|limited) the mist: a ghost haunts/.test(t)), "the log says why a ghost came");
  assert.ok(await scored(), "a feature was scored");
  assert.match(await page.textContent("#log"), /scored/);
  const onBoard = s.figures.reduce((n, f) => n + f.ghosts, 0);
  assert.equal(onBoard + s.ghosts, 15, "every ghost accounted for");
  await frame(page);
  await shot(page, "06-ghosts");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a game in progress survives a reload", async () => {
  const page = await freshPage();
  await newGame(page, { players: ["Ann", "Bo", "Cy"], sets: ["base"], seed: 5 });
  await page.evaluate(() => {
    const g = window.carc.game;
    for (let i = 0; i < 16; i++) { const l = g.legalActions(); g.apply(l[(i * 7) % l.length]); }
  });
  const before = await snap(page);
  await page.reload();
  await ready(page);
  assert.equal(await page.locator("#new-game[open]").count(), 0, "no new-game dialog over a resumed game");
  const s = await snap(page);
  for (const k of ["board", "figures", "scores", "turn", "phase", "players", "tiles_left", "current_player"]) {
    assert.deepEqual(s[k], before[k], k);
  }
  assert.match(await page.textContent("#log"), /resumed/);
  await page.context().close();
});

test("a corrupt save is reported and kept aside, and the page still works", async () => {
  const page = await freshPage();
  const bad = '{"format":"carcassonne-record","version":1,"setup":{"players":["A","B"],"seed":1},"actions":[{"tile":"base.X","x":9,"y":9,"rotation":0}]}';
  await page.evaluate((b) => localStorage.setItem("carcassonne.save.v1", b), bad);
  await page.reload();
  await ready(page);
  const text = await page.textContent("#notice");
  assert.match(text, /could not be loaded/);
  assert.match(text, /action 1/);
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("carcassonne.corrupt.")).map((k) => localStorage.getItem(k)));
  assert.deepEqual(kept, [bad]);
  assert.equal(await page.locator("#new-game[open]").count(), 1);
  await page.click("#ng-start");
  assert.equal((await snap(page)).phase.step, "tile");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("on a 360 px phone: the layout fits and two taps place a tile", async () => {
  const page = await freshPage({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await newGame(page, { players: ["Red", "Blue"], sets: ["base"], draw: ["base.U"] });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= 360), "no sideways scrolling");
  const p = await squarePoint(page, 1, 0);
  const box = await page.locator("#board").boundingBox();
  await page.touchscreen.tap(box.x + p.x, box.y + p.y);
  assert.equal((await snap(page)).phase.step, "tile", "the first tap previews");
  await page.touchscreen.tap(box.x + p.x, box.y + p.y);
  assert.equal((await snap(page)).phase.step, "figure", "the second tap places");
  const size = await page.evaluate(() => { const c = document.querySelector("#board"); return [c.width, c.clientWidth]; });
  assert.equal(size[0], size[1] * 2, "the canvas is drawn at the device's pixel ratio");
  await frame(page);
  await shot(page, "04-phone");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the API example page runs as documented", async () => {
  const page = await newPage(browser);
  await page.goto(srv.url + "api-example.html");
  await page.waitForFunction(() => window.example && window.example.ready);
  await page.click("#random");
  await page.click("#illegal");
  const out = await page.textContent("#out");
  assert.match(out, /Refused: (not now|.*does not touch)/);
  assert.match(out, /Ann placed a tile/);
  assert.equal(await page.evaluate(() => window.example.game.snapshot().tiles_placed), 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("Watchtowers and Heretics & Shrines: tower bonus and challenge shown apart in log and breakdown", async () => {
  const page = await freshPage();
  // TEST-46: the city tower pays 5, then the city 10.
  await newGame(page, { players: ["Red", "Blue"], sets: ["base", "watchtowers"],
    draw: ["base.F", "base.G", "base.E", "base.E", "base.E", "base.U", "watchtowers.CFRF_1C"] });
  await page.evaluate(() => {
    const g = window.carc.game;
    const turns = [["base.F", 0, -1, 1], ["base.G", 0, -2, 1], ["base.E", -1, -2, 3], ["base.E", 1, -2, 1], ["base.E", -1, -3, 0], ["base.U", 1, 0, 0]];
    for (const [tile, x, y, rotation] of turns) { g.apply({ tile, x, y, rotation }); g.apply({ pass: true }); }
    g.apply({ tile: "watchtowers.CFRF_1C", x: 0, y: -3, rotation: 2 });
    g.apply({ figure: "meeple", at: "N" });
  });
  const log = await page.textContent("#log");
  assert.match(log, /Red's watchtower counts 5 tiles with a city: 5/);
  assert.match(log, /Red scored a city of 4 tiles with 1 pennant: 10/);
  const rows = await page.$$eval("#final-table tr", (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(rows.find((r) => r[0] === "Watchtower bonuses"), ["Watchtower bonuses", "5", "0"]);
  assert.deepEqual(rows.find((r) => r[0] === "Cities"), ["Cities", "10", "0"]);
  await frame(page);
  await shot(page, "07-watchtower");

  // TEST-58 with the house rule: a challenge, marked on the board, then won.
  await newGame(page, { players: ["Red", "Blue"], sets: ["base", "shrines"], options: { shrine_house_rule: true },
    draw: ["base.U", "base.B", "shrines.S", "base.U", "base.E", "base.E", "base.E", "base.E"] });
  let s = await page.evaluate(() => {
    const g = window.carc.game;
    g.apply({ tile: "base.U", x: 1, y: 0, rotation: 0 }); g.apply({ pass: true });
    g.apply({ tile: "base.B", x: 0, y: 1, rotation: 0 }); g.apply({ figure: "meeple", at: "building" });
    g.apply({ tile: "shrines.S", x: 1, y: 1, rotation: 0 }); g.apply({ figure: "meeple", at: "building" });
    return g.snapshot();
  });
  assert.deepEqual(s.challenges, [{ shrine: { x: 1, y: 1 }, monastery: { x: 0, y: 1 } }]);
  assert.match(await page.textContent("#log"), /Challenge! Red's heretic against Blue's monk/);
  await frame(page);
  await shot(page, "08-challenge");
  s = await page.evaluate(() => {
    const g = window.carc.game;
    for (const [tile, x, y, rotation] of [["base.U", 2, 0, 0], ["base.E", 2, 1, 1], ["base.E", 0, 2, 2], ["base.E", 1, 2, 2], ["base.E", 2, 2, 2]]) {
      g.apply({ tile, x, y, rotation }); g.apply({ pass: true });
    }
    return g.snapshot();
  });
  assert.deepEqual(s.challenges, []);
  assert.match(await page.textContent("#log"), /Red wins the challenge with the shrine and takes 6 for the other building; Blue gets nothing/);
  const rows2 = await page.$$eval("#final-table tr", (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  assert.deepEqual(rows2.find((r) => r[0] === "Challenges won"), ["Challenges won", "9", "0"]);
  assert.equal(rows2.find((r) => r[0] === "Shrines"), undefined, "the shrine's 9 is the challenge's");
  assert.deepEqual(rows2.find((r) => r[0] === "Challenge bonuses (house rule)"), ["Challenge bonuses (house rule)", "6", "0"]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("The River: chosen on the new-game screen (not with the mist sets), played by clicks from the spring to the lake", async () => {
  const page = await freshPage();
  await page.click("#btn-new");
  assert.match(await page.textContent("#ng-sets"), /The River[\s\S]*river tiles first/);
  // Ticking the River rules out the mist sets, and the other way round (DEC-15).
  await page.check('#ng-sets input[value="river"]');
  assert.equal(await page.isDisabled('#ng-sets input[value="ghosts"]'), true);
  assert.equal(await page.isDisabled('#ng-sets input[value="spellcircles"]'), true);
  await page.uncheck('#ng-sets input[value="river"]');
  await page.check('#ng-sets input[value="spellcircles"]');
  assert.equal(await page.isChecked('#ng-sets input[value="ghosts"]'), true, "the Spell Circles bring Ghosts");
  assert.equal(await page.isDisabled('#ng-sets input[value="river"]'), true);
  await page.uncheck('#ng-sets input[value="spellcircles"]');
  await page.uncheck('#ng-sets input[value="ghosts"]');
  await page.check('#ng-sets input[value="river"]');
  await page.check('#ng-sets input[value="watchtowers"]');
  await page.selectOption("#ng-players li:nth-child(2) select.who", "");
  await page.fill("#ng-seed", "12");
  await page.click("#ng-start");
  let s = await snap(page);
  assert.deepEqual(s.sets, ["base", "river", "watchtowers"]);
  assert.deepEqual(s.board, [{ x: 0, y: 0, tile: "river.spring", rotation: 0 }]);
  assert.match(s.phase.tile, /^river\./, "a river tile is drawn first");
  // Eleven river turns by clicks (tile, then a figure or a pass): the lake comes last.
  const r = rng(5);
  while ((await snap(page)).board.length < 12) await randomClick(page, r, true);
  await page.click("#btn-pass");
  s = await snap(page);
  assert.ok(s.board.slice(1, 11).every((b) => b.tile.startsWith("river.") && b.tile !== "river.lake"));
  assert.equal(s.board[11].tile, "river.lake");
  assert.equal(s.river_end, undefined, "the lake closes the river");
  assert.ok(s.figures.every((f) => f.feature !== "river"), "nobody stands on the river");
  assert.match(s.phase.tile ?? "", /^(base|watchtowers)\./, "then land tiles");
  await page.evaluate(() => window.carc.view.fit());
  await frame(page);
  await shot(page, "08b-river");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("The Spell Circles: mode chosen on the new-game screen, Eloïse placed by a click", async () => {
  const page = await freshPage();
  await page.click("#btn-new");
  assert.match(await page.textContent("#new-game"), /mode B \(default\): a tile with n circles brings n ghosts/);
  assert.match(await page.textContent("#new-game"), /mode A: circles draw ghosts from the meeples around and trap them/);
  await page.check('#ng-sets input[value="ghosts"]');
  await page.check('#ng-sets input[value="spellcircles"]');
  await page.check('input[name="ng-spell"][value="A"]');
  await page.click("#ng-start");
  let s = await snap(page);
  assert.equal(s.cat_pile, 7, "mode A with Eloïse: 7 ghosts on her pile");

  // Empty her pile (7 circles) while Blue has a meeple out: the cat step asks for a meeple.
  s = await playToEloiseStep(page);
  assert.equal(s.phase.step, "cat");
  assert.equal(s.cat_pile, 0);
  assert.equal(s.ghosts_in_circles, 7);
  await frame(page);
  assert.match(await page.textContent("#hint"), /put Eloïse the cat next to a ringed meeple/);
  const spots = await page.evaluate(() => window.carc.view.spotPoints());
  assert.deepEqual(spots.map((p) => p.action), [{ cat: true, x: 3, y: 1, at: "E" }]);
  await shot(page, "09-eloise-step");
  await clickCanvas(page, spots[0].x, spots[0].y);
  s = await snap(page);
  assert.equal(s.phase.step, "figure", "then Red's figure step");
  assert.match(await page.textContent("#log"), /Eloïse the cat sits by Blue's meeple/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a game is saved to a file and opened again; a broken file is refused and nothing is lost", async () => {
  const page = await freshPage();
  await newGame(page, { players: ["Ann", "Bo"], sets: ["base"], seed: 8 });
  await page.evaluate(() => { const g = window.carc.game; for (let i = 0; i < 10; i++) { const l = g.legalActions(); g.apply(l[i % l.length]); } });
  const before = await snap(page);
  assert.ok((await page.textContent("#announce")).length > 0, "the live region announces the events");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#btn-export")]);
  const saved = fs.readFileSync(await download.path(), "utf8");
  assert.match(saved, /"format": "carcassonne-record"/);
  // A broken file: a clear message, the game unchanged.
  await page.setInputFiles("#import-file", { name: "broken.json", mimeType: "application/json", buffer: Buffer.from("{oops") });
  // The file is read asynchronously: wait for its answer.
  await page.waitForFunction(() => document.querySelector("#notice").textContent.includes("broken.json"));
  assert.match(await page.textContent("#notice"), /“broken.json” could not be opened: .*not JSON/);
  assert.deepEqual((await snap(page)).board, before.board);
  // A new game, then the saved file brings the old one back.
  await newGame(page, { players: ["X", "Y"], sets: ["base"], seed: 1 });
  await page.setInputFiles("#import-file", { name: "saved.json", mimeType: "application/json", buffer: Buffer.from(saved) });
  await page.waitForFunction((n) => window.carc.game.snapshot().actions === n, before.actions);
  const after = await snap(page);
  for (const k of ["board", "figures", "scores", "turn", "players"]) assert.deepEqual(after[k], before[k], k);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

