// The review of a game (issue 37, docs/review.md): from the results, the review runs in a
// worker with a progress bar, lists the decisions that lost the most with the better move
// in words, and a click opens the replay just after that move with the better move's
// square outlined beside it and both said in words under the replay bar, and the game can
// be played on from there against the computers; the review saves itself as a study,
// which opens again with its notes; a review can be cancelled. At
// 1280×800 and 390×844, in English and Dutch.
// Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { serve, launch, openGame, shot, frame } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const DESK = { viewport: { width: 1280, height: 800 } };

/** A short game played to its end, each turn the first placement and the first figure the
 *  engine lists: careless tiles and figures, which the review should call costly. */
async function playShortGame(page, draw) {
  await page.evaluate((draw) => {
    window.carc.finalStepMs = 0;
    window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw });
    const g = window.carc.game;
    while (!g.snapshot().over) {
      g.apply(g.legalActions()[0]);
      if (!g.snapshot().over && g.snapshot().phase.step !== "tile") g.apply(g.legalActions()[0]);
    }
  }, draw);
  await page.locator("#results[open]").waitFor({ timeout: 15000 });
}

const SHORT = ["base.E", "base.E", "base.K", "base.J", "base.U", "base.V", "base.E", "base.D"];

// Dutch as a Dutch browser asks for it (the phone's settings are in its sheet).
for (const [size, options, lang] of [["1280", DESK, "en"], ["390", { ...PHONE, locale: "nl-NL" }, "nl"]]) {
  test(`the review of a finished game, its costliest decision opened in the replay (${size}, ${lang})`, async () => {
    const page = await openGame(browser, srv.url, options);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 15000 });
    await playShortGame(page, SHORT);
    await page.click("#results-review");
    await page.locator("#review[open]").waitFor();
    const done = lang === "en" ? /decisions? judged/ : /beslissingen? beoordeeld/;
    await page.waitForFunction((src) => new RegExp(src).test(document.querySelector("#review-status").textContent), done.source, { timeout: 60000 });
    assert.equal(await page.isVisible("#review-bar"), false, "the bar goes when it is done");
    const players = await page.locator(".review-players li").allInnerTexts();
    assert.equal(players.length, 2);
    assert.match(players[0], lang === "en" ? /^Ann: [\d.]+ points lost in \d+ decisions?/ : /^Ann: [\d.]+ punten verloren in \d+ beslissingen?/);
    assert.equal(await page.locator(".review-chart").count(), 1, "the chart of the expected margin");
    const items = page.locator(".review-item");
    assert.ok(await items.count() >= 1, "at least one costly decision");
    const first = await items.first().innerText();
    // The better tile and figure, said in words.
    assert.match(first, lang === "en" ? /Better: place the tile .*; put a/ : /Beter: de tegel .*; een/);
    await shot(page, `review-${lang}-${size}`);
    // Saved as a study: the record with a note at the start and one at each costly decision.
    const saving = page.waitForEvent("download");
    await page.click("#review-study");
    const file = await (await saving).path();
    const study = JSON.parse(fs.readFileSync(file, "utf8"));
    assert.equal(study.format, "carcassonne-record");
    assert.match(study.notes[0].text[lang], lang === "en" ? /^Review of the game: Ann:/ : /^Analyse van het spel: Ann:/);
    assert.equal(study.notes.length, 1 + await items.count());
    // The costliest, a tile, opens the replay at its step with the move played and the
    // better one side by side, both said in words: the tile played and the better one on
    // their squares in their rotations, an arrow from the one to the other.
    const tileIndex = Number(await items.first().getAttribute("data-index"));
    await items.first().click();
    await page.locator("#replay-bar").waitFor({ state: "visible" });
    const [outlined, tileArrows, tileMarks, tilePlayed, tilePhase] = await page.evaluate((i) => [window.carc.replay.view.highlights,
      window.carc.replay.view.arrows, window.carc.replay.view.markedMoves, window.carc.replay.record.actions[i],
      window.carc.replayGame.snapshot().phase.step], tileIndex);
    assert.notEqual(tilePlayed.x, undefined, "the costliest here is a tile");
    assert.equal(Number(await page.inputValue("#rp-slider")), tileIndex, "the step before it");
    assert.equal(tilePhase, "tile");
    assert.deepEqual(outlined, [], "the tiles are framed, not the squares");
    const better = tileMarks.find((m) => m.better).action, own = tileMarks.find((m) => !m.better)?.action;
    assert.equal(better.tile, tilePlayed.tile, "the better tile is the tile drawn");
    if (tilePlayed.x !== better.x || tilePlayed.y !== better.y) {
      assert.deepEqual(own, tilePlayed, "the tile played beside it");
      assert.deepEqual(tileArrows, [[tilePlayed.x, tilePlayed.y, better.x, better.y]], "from the square played to the better");
    } else {
      assert.equal(own, undefined, "one square: the better rotation alone");
      assert.notEqual(tilePlayed.rotation, better.rotation);
    }
    const note = await page.locator("#rp-note").innerText();
    assert.match(note, lang === "en" ? /^Move \d+ · (Ann|Bo) · .* · −[\d.]+\. Better: / : /^Zet \d+ · (Ann|Bo) · .* · −[\d.]+\. Beter: /);
    await frame(page);
    await shot(page, `review-tile-${lang}-${size}`);
    // The replay offers the review too (a shared link's or an opened record's game): the
    // same game, kept, shows at once. Its costliest figure: the step before it, the figure
    // played and the better one on their spots.
    await page.click("#rp-review");
    await page.locator("#review[open] .review-item").first().waitFor({ timeout: 5000 });
    const figureItem = await page.evaluate(() => [...document.querySelectorAll(".review-item")]
      .map((e) => Number(e.dataset.index)).findIndex((i) => window.carc.replay.record.actions[i].x === undefined));
    assert.ok(figureItem >= 0, "a figure among the costliest");
    const index = Number(await items.nth(figureItem).getAttribute("data-index"));
    await items.nth(figureItem).click();
    await page.locator("#replay-bar").waitFor({ state: "visible" });
    const [squares, arrows, marked, played, phase] = await page.evaluate((i) => [window.carc.replay.view.highlights,
      window.carc.replay.view.arrows, window.carc.replay.view.markedMoves, window.carc.replay.record.actions[i],
      window.carc.replayGame.snapshot().phase.step], index);
    assert.equal(Number(await page.inputValue("#rp-slider")), index, "a figure: the step before it");
    assert.ok(marked.length >= 1 && marked.every((m) => m.action.figure), JSON.stringify(marked));
    assert.equal(marked.some((m) => !m.better), played.figure !== undefined, "the figure played, if one was");
    assert.deepEqual([squares, arrows, phase], [[], [], "figure"]);
    await frame(page);
    await shot(page, `review-figure-${lang}-${size}`);
    // Play from here: the game goes on from the position shown, the seat to play there a
    // person, the other seat a hard computer.
    const seat = await page.evaluate(() => window.carc.replayGame.snapshot().current_player);
    await page.click("#rp-play");
    await page.locator("#replay-bar").waitFor({ state: "hidden" });
    const game = await page.evaluate(() => { const s = window.carc.game.snapshot(); return { actions: s.actions, computers: s.computers, over: s.over }; });
    assert.equal(game.actions >= index, true, "from the position shown on (the computer may have played since)");
    assert.deepEqual(game.computers, seat === 0 ? [null, "hard"] : ["hard", null]);
    // The study opened again as a file: its first note at the start.
    await page.locator("#import-file").setInputFiles(file);
    await page.locator("#rp-note").waitFor({ state: "visible" });
    assert.equal(Number(await page.inputValue("#rp-slider")), 0);
    assert.match(await page.locator("#rp-note").innerText(), lang === "en" ? /^Review of the game/ : /^Analyse van het spel/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test("a review can be cancelled, and a second one of the same game is not made again, even after a reload", async () => {
  const page = await openGame(browser, srv.url, DESK);
  // Every worker the page starts is counted (the review's included), across reloads.
  await page.addInitScript(() => {
    const Real = window.Worker;
    window.workersMade = 0;
    window.Worker = class extends Real { constructor(...a) { super(...a); window.workersMade++; } };
  });
  // A whole base game: long enough to cancel while it runs.
  await page.evaluate(() => {
    window.carc.finalStepMs = 0;
    window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], seed: 7 });
    const g = window.carc.game;
    while (!g.snapshot().over) {
      g.apply(g.legalActions()[0]);
      if (!g.snapshot().over && g.snapshot().phase.step !== "tile") g.apply({ pass: true });
    }
  });
  await page.locator("#results[open]").waitFor({ timeout: 15000 });
  await page.click("#results-review");
  await page.waitForFunction(() => /move \d+ of \d+/.test(document.querySelector("#review-status").textContent), null, { timeout: 30000 });
  await page.click("#review-cancel");
  assert.equal(await page.textContent("#review-status"), "Review cancelled.");
  assert.equal(await page.isVisible("#review-bar"), false);
  assert.equal(await page.locator(".review-item").count(), 0);
  await page.waitForTimeout(500);
  assert.equal(await page.textContent("#review-status"), "Review cancelled.", "nothing comes after a cancel");
  await page.click("#review-close");
  // The page still answers.
  assert.equal(await page.evaluate(() => window.carc.game.snapshot().over), true);
  // Done once, shown again at once.
  await page.evaluate(() => { window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.E", "base.U"] }); });
  await playShortGame(page, ["base.E", "base.U", "base.V"]);
  await page.click("#results-review");
  await page.waitForFunction(() => /judged/.test(document.querySelector("#review-status").textContent), null, { timeout: 60000 });
  await page.click("#review-close");
  await page.click("#btn-results");
  const started = Date.now();
  await page.click("#results-review");
  await page.waitForFunction(() => /judged/.test(document.querySelector("#review-status").textContent), null, { timeout: 2000 });
  assert.ok(Date.now() - started < 2000);
  const judged = await page.textContent("#review-status");
  await page.click("#review-close");
  // Kept with the saved game: after a reload the review shows with no worker started.
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("carcassonne.reviews.v1")).length), 1,
    "the cancelled review is not kept; the finished one is");
  await page.reload();
  await page.waitForFunction(() => window.carc?.game?.snapshot().over === true, null, { timeout: 15000 });
  if (!(await page.isVisible("#results[open]"))) await page.click("#btn-results");
  const before = await page.evaluate(() => window.workersMade);
  await page.click("#results-review");
  await page.waitForFunction(() => /judged/.test(document.querySelector("#review-status").textContent), null, { timeout: 2000 });
  assert.equal(await page.textContent("#review-status"), judged);
  assert.equal(await page.evaluate(() => window.workersMade), before, "no worker: the kept review");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a cooperative game is reviewed by the team's chance to win", async () => {
  const page = await openGame(browser, srv.url, DESK);
  // Level 3 with a goal of 20, as a corrected level file could give it: a short game, two
  // easy computers playing it to its end.
  const rules = { level: 3, castles: true, cemeteries: true, piles: 3, ghosts: 15, hounds: [2, 10], goal: 20,
    markers: "team", cemetery_closes: "sides", cemetery_ghost: "one-open", hound_removal: "at-once", face_down: false };
  await page.evaluate((rules) => {
    window.carc.finalStepMs = 0;
    window.carc.bots.seed = 5;
    window.carc.bots.stepMs = 0;
    window.carc.newGame({ players: [{ name: "Ann", computer: "easy" }, { name: "Bo", computer: "easy" }], sets: ["ghosts"],
      seed: 14, options: { coop: { level: 3, rules } } });
  }, rules);
  await page.locator("#results[open]").waitFor({ timeout: 60000 });
  await page.click("#results-review");
  await page.waitForFunction(() => /decisions? judged/.test(document.querySelector("#review-status").textContent), null, { timeout: 120000 });
  const players = await page.locator(".review-players li").allInnerTexts();
  assert.equal(players.length, 2);
  assert.match(players[0], /^Ann: the team's chance to win lowered by [\d.]+ percentage points in \d+ decisions? \(on average [\d.]+\)\. Draws: the team's chance [\d.]+ percentage points (better|worse) than with an average draw\.$/);
  assert.equal(await page.textContent(".review-figure figcaption"), "The team's chance to win at every turn, from 0 to 100% (orange: a mistake, red: a blunder)");
  // Every turn is on the chart, each a chance between 0 and 100%: the line stays inside.
  const ys = await page.$$eval(".review-chart polyline", ([l]) => l.getAttribute("points").split(" ").map((p) => Number(p.split(",")[1])));
  assert.ok(ys.length >= 4 && ys.every((y) => y >= 10 && y <= 150), JSON.stringify(ys));
  for (const item of await page.locator(".review-item strong").allInnerTexts()) assert.match(item, /^Move \d+ · (Ann|Bo) · .* · −[\d.]+%$/);
  await shot(page, "review-coop-en-1280");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
