// The end of a game: the final scoring played out on the board feature by feature (any
// input skips it), then the results screen: the winner first, the places with points
// (a tie as BASE-END-3 says), the points by category and the chart with labels that never
// overlap; in English and Dutch, on a desktop screen and a phone.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, newPage, openGame, frame, snap, shot } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

/** A 3-player base game (seed 21) played by its first legal actions, a figure whenever one
 *  may be placed, up to its last tile; the last action is left to the test. */
async function nearTheEnd(page, stepMs) {
  return page.evaluate((stepMs) => {
    window.carc.finalStepMs = stepMs;
    window.carc.bots.stepMs = 0;
    window.carc.newGame({ players: ["Ann", "Bo", "Cy"], sets: ["base"], seed: 21 });
    const g = window.carc.game;
    for (let s = g.snapshot(); !(s.tiles_left === 0 && s.phase.step === "figure"); s = g.snapshot()) {
      const l = g.legalActions();
      g.apply(l.find((a) => a.figure) || l[0]);
    }
    return g.snapshot();
  }, stepMs);
}

/** The chart's end labels: each one's box, in page pixels. */
const labelBoxes = (page) => page.$$eval("#final-chart text.end", (ts) => ts.map((e) => {
  const r = e.getBoundingClientRect();
  return { top: r.top, bottom: r.bottom, text: e.textContent };
}));

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`the final scoring plays out feature by feature, then the results at ${size.width}×${size.height}`, async () => {
    const page = await openGame(browser, srv.url, { viewport: size });
    await nearTheEnd(page, 60000);
    const events = await page.evaluate(() => window.carc.game.apply({ pass: true }));
    // Every feature that gives points (a field beside no completed city is left out).
    const finals = events.filter((e) => e.type === "scored" && !e.complete && e.shares.some((sh) => sh.points));
    assert.ok(finals.length >= 3, `several features to count (${finals.length})`);
    // The first feature: outlined on the board, told above it.
    await frame(page);
    assert.equal(await page.isVisible("#final-caption"), true);
    assert.match(await page.textContent("#final-caption"), new RegExp(`^1 of ${finals.length} Final scoring: `));
    assert.ok((await page.textContent("#final-caption")).includes(finals[0].text));
    assert.deepEqual(await page.evaluate(() => window.carc.view.spotlight),
      { x: finals[0].x, y: finals[0].y, part: finals[0].part });
    assert.equal(await page.isVisible("#results"), false, "the results wait for the play-out");
    await shot(page, `23-final-scoring-${size.width}`);
    // A key skips to the end: the results, the board's outline gone.
    await page.keyboard.press("Space");
    await page.locator("#results").waitFor({ state: "visible" });
    assert.equal(await page.isVisible("#final-caption"), false);
    assert.equal(await page.evaluate(() => window.carc.view.spotlight), null);
    const s = await snap(page);
    const order = [0, 1, 2].sort((a, b) => s.scores[b] - s.scores[a] || a - b);
    // The winner first, then every place with its points.
    const best = s.players[order[0]];
    assert.ok(s.scores[order[0]] > s.scores[order[1]], "this seed has one winner");
    assert.equal(await page.textContent("#results-title"), `${best.name} wins with ${best.score} points`);
    const rows = await page.$$eval("#results .places li", (ls) => ls.map((l) => [...l.querySelectorAll("span:not(.swatch)")].map((x) => x.textContent)));
    assert.deepEqual(rows.map((r) => r[1]), order.map((i) => s.players[i].name));
    assert.deepEqual(rows.map((r) => r[2]), order.map((i) => `${s.scores[i]} points`));
    assert.equal(rows[0][0], "1.");
    // The points by category add up to each total.
    const totals = await page.$$eval("#final-table tr.total td", (tds) => tds.map((t) => Number(t.textContent)));
    assert.deepEqual(totals, s.scores);
    const sums = await page.$$eval("#final-table tbody tr:not(.total)", (trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((t) => Number(t.textContent))));
    assert.deepEqual([0, 1, 2].map((i) => sums.reduce((n, r) => n + r[i], 0)), s.scores);
    assert.match(await page.textContent("#final-table"), /Unfinished|Fields|Farmers/i);
    // The chart's end labels never overlap.
    const boxes = (await labelBoxes(page)).sort((a, b) => a.top - b.top);
    assert.equal(boxes.length, 3);
    for (let i = 1; i < boxes.length; i++) assert.ok(boxes[i].top >= boxes[i - 1].bottom - 0.5, JSON.stringify(boxes));
    // The screen fits: no sideways scroll, the buttons reachable.
    const fits = await page.evaluate(() => {
      const d = document.querySelector("#results").getBoundingClientRect();
      return d.left >= 0 && d.right <= innerWidth && document.querySelector("#results-body").scrollWidth <= document.querySelector("#results-body").clientWidth;
    });
    assert.ok(fits, "the results fit the screen's width");
    assert.equal(await page.isVisible("#results-new"), true);
    await shot(page, `24-results-${size.width}`);
    // Back to the board; the panel keeps the winner and opens the results again.
    await page.click("#results-board");
    assert.equal(await page.isVisible("#results"), false);
    assert.equal(await page.textContent("#final-winner"), `${best.name} wins with ${best.score} points`);
    assert.match(await page.textContent("#turn-line"), /^Game over: /);
    // A finished game has no stack to count: no "0 tiles left" beside the winner.
    assert.equal(await page.textContent("#tiles-left"), "");
    assert.equal(await page.isVisible("#drawn"), false, "no empty drawn-tile box");
    assert.doesNotMatch(await page.textContent(".turn"), /tiles? left/);
    await page.locator("#btn-results").scrollIntoViewIfNeeded();
    await page.click("#btn-results");
    assert.equal(await page.isVisible("#results"), true);
    // New game from the results.
    await page.click("#results-new");
    assert.equal(await page.isVisible("#new-game"), true);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test("the play-out runs by itself; a tie shares the victory; in Dutch", async () => {
  const page = await openGame(browser, srv.url, { locale: "nl-NL" });
  await nearTheEnd(page, 150);
  await page.evaluate(() => window.carc.game.apply({ pass: true }));
  // Every feature in turn, then the results, with no input.
  await page.locator("#results").waitFor({ state: "visible", timeout: 20000 });
  assert.equal(await page.evaluate(() => window.carc.view.spotlight), null);
  assert.match(await page.textContent("#results-title"), /^\S+ wint met \d+ punten$|delen de overwinning/);
  assert.match(await page.textContent("#final-table caption"), /Punten per soort/);
  // A tie: nobody scores (one tile, no meeple): both share the victory, both first.
  await page.evaluate(() => {
    window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.E"] });
    const g = window.carc.game;
    g.apply(g.legalActions()[0]);
    g.apply({ pass: true });
  });
  await page.locator("#results").waitFor({ state: "visible" });
  assert.equal(await page.textContent("#results-title"), "Ann en Bo delen de overwinning met 0 punten");
  const places = await page.$$eval("#results .places .place", (ps) => ps.map((p) => p.textContent));
  assert.deepEqual(places, ["1.", "1."]);
  await shot(page, "25-results-tie-nl");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`the element plays the final scoring out and shows compact results at ${size.width}×${size.height}`, async () => {
    const page = await newPage(browser, { viewport: size });
    await page.goto(srv.url + "element-example.html");
    await page.waitForFunction(() => customElements.get("carcassonne-game"));
    await page.evaluate(() => {
      document.body.innerHTML = '<carcassonne-game id="g" players="Ann, Bo, Cy" sets="base" seed="21" save="off"'
        + ' style="width: 100%; height: 90vh"></carcassonne-game>';
    });
    await page.waitForFunction(() => document.getElementById("g").game);
    const events = await page.evaluate(() => {
      const e = document.getElementById("g");
      e.finalStepMs = 60000;
      const g = e.game;
      for (let s = g.snapshot(); !(s.tiles_left === 0 && s.phase.step === "figure"); s = g.snapshot()) {
        const l = g.legalActions();
        g.apply(l.find((a) => a.figure) || l[0]);
      }
      return g.apply({ pass: true });
    });
    const n = events.filter((e) => e.type === "scored" && !e.complete && e.shares.some((sh) => sh.points)).length;
    const inside = (sel) => page.evaluate((sel) => {
      const x = document.getElementById("g").shadowRoot.querySelector(sel);
      return x && !x.hidden && x.offsetParent !== null ? x.textContent : null;
    }, sel);
    assert.match(await inside(".hint"), new RegExp(`^1 of ${n}: Final scoring: `));
    assert.equal(await inside(".results"), null, "the results wait for the play-out");
    await page.mouse.click(size.width / 2, size.height / 3);
    await page.waitForFunction(() => !document.getElementById("g").shadowRoot.querySelector(".results").hidden);
    const s = await page.evaluate(() => document.getElementById("g").game.snapshot());
    const order = [0, 1, 2].sort((a, b) => s.scores[b] - s.scores[a] || a - b);
    const text = await inside(".results");
    assert.ok(text.startsWith(`${s.players[order[0]].name} wins with ${s.scores[order[0]]} points`), text);
    assert.equal(await inside(".status"), `Game over: ${s.players[order[0]].name} wins with ${s.scores[order[0]]} points`);
    const names = await page.evaluate(() => [...document.getElementById("g").shadowRoot.querySelectorAll(".places .name")].map((x) => x.textContent));
    assert.deepEqual(names, order.map((i) => s.players[i].name));
    assert.equal(await inside(".results table"), null, "compact: no breakdown");
    assert.equal(await inside(".hint"), "");
    await shot(page, `26-element-results-${size.width}`);
    // Closed, it opens again from the bar; no move buttons once over.
    await page.evaluate(() => document.getElementById("g").shadowRoot.querySelector(".results .actions button").click());
    assert.equal(await inside(".results"), null);
    const buttons = await page.evaluate(() => [...document.getElementById("g").shadowRoot.querySelectorAll(".bottom button")]
      .filter((b) => b.offsetParent !== null).map((b) => b.textContent));
    assert.deepEqual(buttons, ["Results"]);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
