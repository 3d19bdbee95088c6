// The game's measured figures in headless Chromium, in a file of their own so that the
// suite runs it alone (scripts/test.sh): a click's input-to-paint time, the first frame,
// panning a 150-tile board, the scoring animation, the wasm memory through a 5-player
// game, the .wasm sizes, and the page's answer while a computer thinks. The figures go to test-artifacts/metrics.json. Run: node --test tests/e2e/perf.test.mjs
// (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serve, launch, newPage, openGame, ready, shot, dismissDialog, clickCanvas, frame, rng, snap, squarePoint, randomClick, DIST, ARTIFACTS } from "./harness.mjs";

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

// 343 KB since the built-in catalogue is JSON (no TOML parser in it); 399 KB once the game
// spoke four languages (issue 39), until the page's module kept English only and each other
// language became a text pack, loaded when it is spoken (www/packs.js; docs/ARCHITECTURE.md,
// "Text packs"), and the guides files of their own: 344.3 KB (352,539 bytes). The expert's
// judge (src/ai/outlook.rs) and the level-6 hint's colours (issue 41) brought it to 349.7 KB
// (358,115 bytes): little room is left. Measured by `node scripts/build.mjs` and this test.
test("the release .wasm is at most 350 KB gzipped", () => {
  const bytes = fs.readFileSync(path.join(DIST, "carcassonne_bg.wasm"));
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  metrics.wasm_bytes = bytes.length;
  metrics.wasm_gzip_bytes = gz;
  assert.ok(gz <= 350 * 1024, `${gz} bytes gzipped`);
});

// A language's sentences, fetched only when it is spoken: 60 to 63 KB gzipped each.
test("each text pack's .wasm is at most 72 KB gzipped", () => {
  for (const lang of ["nl", "de", "fr"]) {
    const gz = zlib.gzipSync(fs.readFileSync(path.join(DIST, `carcassonne-text-${lang}_bg.wasm`)), { level: 9 }).length;
    metrics[`text_pack_${lang}_gzip_bytes`] = gz;
    assert.ok(gz <= 72 * 1024, `${lang}: ${gz} bytes gzipped`);
  }
});

test("the computers' .wasm (thinkTurn and reviewGame only, built for speed) is at most 256 KB gzipped", () => {
  const bytes = fs.readFileSync(path.join(DIST, "carcassonne-bot_bg.wasm"));
  const gz = zlib.gzipSync(bytes, { level: 9 }).length;
  metrics.bot_wasm_gzip_bytes = gz;
  // Only thinkTurn and reviewGame (and the panic hook's start) are exported: no Game class,
  // no board to draw.
  const glue = fs.readFileSync(path.join(DIST, "carcassonne-bot.js"), "utf8");
  assert.deepEqual([...glue.matchAll(/^export (?:class|function) (\w+)/gm)].map((m) => m[1]), ["reviewGame", "start", "thinkTurn"]);
  assert.ok(gz <= 256 * 1024, `${gz} bytes gzipped`);
});

test("against computer players: they think in a worker, the page stays responsive, the game ends", async () => {
  const page = await freshPage();
  // The new-game screen offers each seat as a person or a computer of a level.
  await page.click("#btn-new");
  const levels = await page.$$eval("#ng-players li select.who option", (os) => [...new Set(os.filter((o) => !o.hidden).map((o) => o.value))]);
  assert.deepEqual(levels, ["", "easy", "medium", "hard", "expert"]);
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
  // ahead with greedy teammates: each decision stays under 1 s too. At level 5 each plan
  // also chooses a face-down square, so the late game's decisions are the dearest; the
  // expert's co-op search is hard's.
  const coopTimed = (seed, level = 3, turns = 10, who = "hard") => page.evaluate(async ([seed, level, turns, who]) => {
    const B = window.carc.bindings;
    const g = new B.Game({ players: ["A", "B"], sets: ["ghosts"], seed, options: { coop: { level } } });
    // Turns of an easy team: a middle game with features, ghosts and a cemetery.
    for (let k = 0; k < turns && !g.snapshot().over; k++) {
      for (const a of B.thinkTurn(g.exportRecord(), "easy", k).actions) g.apply(a);
    }
    if (g.snapshot().over) throw new Error(`co-op game ${seed} ended before the timed decision`);
    const record = g.exportRecord();
    const { ms, answer } = window.timeThink(record, who);
    g.free();
    return { ms, simulations: answer.simulations, actions: answer.actions.length, memory: B.Game.memoryBytes(), level: `coop-${who}`, record };
  }, [seed, level, turns, who]);
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
  const medium = [], hard = [], coop = [], expert = [];
  for (let i = 0; i < 3; i++) medium.push(await inWorker(await timed("medium", 40 + i)));
  hard.push(await inWorker(await timed("hard", 40)));
  // The expert (issue 41): at most 1 s a move in the worker, where the page runs it.
  for (let i = 0; i < 3; i++) expert.push(await inWorker(await timed("expert", 40 + i)));
  for (let i = 0; i < 3; i++) coop.push(await inWorker(await coopTimed(50 + i)));
  const coop5 = [await inWorker(await coopTimed(60, 5, 20, "expert"))];
  const rate = (xs) => Math.round(xs.reduce((a, m) => a + m.simulations, 0) / xs.reduce((a, m) => a + m.ms, 0) * 1000);
  metrics.computer = { frame_lag_ms: +lag.toFixed(1), medium_move_ms: medium.map((m) => Math.round(m.ms)),
    hard_move_ms: Math.round(hard[0].ms), coop_hard_move_ms: coop.map((m) => Math.round(m.ms)),
    worker_medium_move_ms: medium.map((m) => Math.round(m.workerMs)), worker_hard_move_ms: Math.round(hard[0].workerMs),
    worker_coop_hard_move_ms: coop.map((m) => Math.round(m.workerMs)),
    worker_coop5_expert_move_ms: coop5.map((m) => Math.round(m.workerMs)),
    expert_move_ms: expert.map((m) => Math.round(m.ms)), worker_expert_move_ms: expert.map((m) => Math.round(m.workerMs)),
    sims_per_s_medium: rate(medium), sims_per_s_hard: rate(hard),
    wasm_memory_mb: +(Math.max(...medium.concat(hard).map((m) => m.memory)) / 2 ** 20).toFixed(1) };
  // The positions and their times, for the native side of the comparison
  // (`cargo run --release --example wasm_ratio`: the same thinkTurn natively, and the ratio).
  fs.writeFileSync(path.join(ARTIFACTS, "ai-positions.json"), JSON.stringify(medium.concat(hard, expert, coop, coop5)
    .map(({ level, record, ms, workerMs, simulations }) => ({ level, record, ms, worker_ms: workerMs, simulations })), null, 1));
  for (const m of medium.concat(hard, expert)) {
    assert.ok(m.actions >= 1 && m.simulations > 0, "a search ran and planned a turn");
    assert.ok(m.memory <= 64 * 2 ** 20, `wasm memory ${m.memory} bytes`);
  }
  for (const m of medium) assert.ok(m.ms <= 1000, `a medium move took ${m.ms.toFixed(0)} ms`);
  for (const m of coop) assert.ok(m.ms <= 1000, `a hard co-op decision took ${m.ms.toFixed(0)} ms`);
  for (const m of expert.concat(coop5)) assert.ok(m.workerMs <= 1000, `an expert move took ${m.workerMs.toFixed(0)} ms in the worker`);
  await shot(page, "14-against-computers");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a whole two-player base game is reviewed in the computers' worker within 30 s", async () => {
  const page = await freshPage({ viewport: { width: 1280, height: 800 } });
  // Every tile placed where the engine lists first; a figure on every fourth turn.
  const record = await page.evaluate(() => {
    window.carc.finalStepMs = 0;
    window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], seed: 3 });
    const g = window.carc.game;
    for (let turn = 0; !g.snapshot().over; turn++) {
      g.apply(g.legalActions()[0]);
      if (g.snapshot().over || g.snapshot().phase.step === "tile") continue;
      const figure = turn % 4 === 0 && g.legalActions().find((a) => a.figure);
      g.apply(figure || { pass: true });
    }
    return g.exportRecord();
  });
  const { ms, decisions } = await page.evaluate((record) => new Promise((resolve, reject) => {
    const worker = new Worker("bot-worker.js", { type: "module" });
    const start = performance.now();
    worker.onmessage = (e) => {
      if (e.data.progress) return;
      worker.terminate();
      if (e.data.error) reject(new Error(e.data.error));
      else resolve({ ms: performance.now() - start, decisions: e.data.review.decisions.length });
    };
    worker.postMessage({ id: 1, review: { record } });
  }), record);
  metrics.review_worker_ms = Math.round(ms);
  assert.ok(decisions > 30, `${decisions} decisions judged`);
  assert.ok(ms <= 30000, `the review took ${Math.round(ms)} ms`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
