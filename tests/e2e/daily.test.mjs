// Issue 38's daily deck in the browser, from a static copy (no game server: it plays offline
// too). Ann (1280×800) plays today's deck against the hard computer and shares the result;
// her friend Bo (390×844), who played the same deck, opens her link: it shows her game and
// margin, and sets it beside his own on compare.html, move by move. Screenshots in
// test-artifacts/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, newPage, ready, serve, shot, violations } from "./harness.mjs";
import { dailyDay, dailyOf, dailySeed } from "../../www/daily.js";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

test("a day's seed is the same for everyone, and only that day's", () => {
  assert.equal(dailySeed("2026-12-06"), dailySeed("2026-12-06"));
  assert.notEqual(dailySeed("2026-12-06"), dailySeed("2026-12-07"));
  assert.match(dailySeed("2026-12-06"), /^\d+$/);
  assert.ok(BigInt(dailySeed("2026-12-06")) < 2n ** 53n, "exact as a JavaScript number");
  const setup = (seed, sets = ["base"], bot = "hard") => ({ players: [{ name: "Ann" }, { name: "C", computer: bot }], sets, seed });
  const now = new Date("2026-12-06T10:00:00Z");
  assert.equal(dailyDay(now), "2026-12-06");
  assert.equal(dailyOf(setup(dailySeed("2026-12-06")), now), "2026-12-06");
  assert.equal(dailyOf(setup(Number(dailySeed("2026-11-30"))), now), "2026-11-30", "a number seed too");
  assert.equal(dailyOf(setup(dailySeed("2026-12-06"), ["base", "river"]), now), null, "base alone");
  assert.equal(dailyOf(setup(dailySeed("2026-12-06"), ["base"], "easy"), now), null, "against the hard computer");
  assert.equal(dailyOf(setup("12345"), now), null);
});

/** Play the page's game to its end: the person's turns by the first legal action, the
 *  computer's by itself (without the pause between its steps). */
async function playOut(page) {
  await page.evaluate(() => { window.carc.bots.stepMs = 0; });
  for (let i = 0; i < 400; i++) {
    const s = await page.evaluate(() => window.carc.game.snapshot());
    if (s.over) return;
    if (s.current_player === 0) {
      await page.evaluate(() => {
        const g = window.carc.game, legal = g.legalActions();
        if (g.snapshot().current_player === 0 && legal.length) g.apply(legal[0]);
      });
    }
    await page.waitForFunction((n) => window.carc.game.snapshot().over
      || (window.carc.game.snapshot().actions > n && window.carc.game.snapshot().current_player === 0), s.actions, { timeout: 20000 });
  }
  throw new Error("the game did not end");
}

test("Ann plays today's deck against the hard computer, shares it, and Bo compares it with his", async () => {
  const a = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await a.goto(srv.url);
  await ready(a);
  if (await a.locator("#new-game[open]").count() === 0) await a.click("#btn-new");
  assert.match(await a.textContent("#ng-daily-date"), /\d{4}/);
  await a.fill("#ng-daily-name", "Ann");
  await a.click("#ng-daily");
  const setup = await a.evaluate(() => JSON.parse(window.carc.game.exportRecord()).setup);
  const today = dailyDay();
  assert.equal(String(setup.seed), dailySeed(today), "today's seed");
  assert.deepEqual(setup.players.map((p) => p.computer ?? null), [null, "hard"]);
  assert.deepEqual(setup.sets, ["base"]);
  await playOut(a);
  await a.waitForFunction(() => document.querySelector("#results").open, null, { timeout: 30000 });
  const s = await a.evaluate(() => window.carc.game.snapshot());
  const [me, bot] = s.players.map((p) => p.score);
  const line = await a.textContent("#final-outcome");
  assert.match(line, me === bot ? /drew with the hard computer/ : new RegExp(`${me > bot ? "won" : "lost"} by ${Math.abs(me - bot)} points?`));
  assert.match(line, /^Daily deck of \w+ \d+, \d{4}: Ann /);
  assert.ok(await a.locator("#results-daily").isVisible(), "the result may be shared");
  assert.ok(!(await a.locator("#results-compare").isVisible()), "nothing to compare with in one's own game");
  await shot(a, "daily-result-1280");
  assert.deepEqual(await violations(a), []);
  await a.click("#results-daily");
  await a.waitForSelector("#share[open]");
  const link = await a.inputValue("#share-link");
  assert.match(link, /#r=/);

  // Bo played the same deck on his phone (here: by random moves, kept as the page keeps it).
  const b = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await b.goto(srv.url);
  await ready(b);
  const bos = await b.evaluate((seed) => {
    const g = new window.carc.bindings.Game({ players: [{ name: "Bo" }, { name: "Hard computer", computer: "hard" }], sets: ["base"], seed });
    let r = 1;
    while (!g.snapshot().over) {
      const legal = g.legalActions();
      r = (r * 48271) % 2147483647;
      g.apply(legal[r % legal.length]);
    }
    return g.shareCode();
  }, dailySeed(today));
  await b.evaluate(({ day, code }) => localStorage.setItem("carcassonne-daily", JSON.stringify({ [day]: code })), { day: today, code: bos });
  // Ann's link: her game at its end, and her margin.
  await b.goto("about:blank");
  await b.goto(link);
  await ready(b);
  await b.waitForFunction(() => window.carc.replayGame?.snapshot().over);
  await b.evaluate(() => document.querySelector("#results").showModal());
  assert.equal(await b.textContent("#final-outcome"), line, "the margin, as Ann saw it");
  assert.ok(await b.locator("#results-compare").isVisible(), "Bo's own game of the day is beside it");
  await shot(b, "daily-shared-390");
  await b.click("#results-compare");
  await b.waitForFunction(() => window.compare?.ready);
  assert.match(await b.textContent("#cmp-title"), /^Two games of the daily deck of \w+ \d+, \d{4}$/);
  assert.match(await b.textContent("#cmp-a-title"), /^Bo: \d+ against \d+$/);
  assert.match(await b.textContent("#cmp-b-title"), new RegExp(`^Ann: ${me} against ${bot}$`));
  // Move by move: after the first turn both boards hold the same first tile.
  await b.click("#cmp-first");
  await b.click("#cmp-forward");
  const first = await b.evaluate(() => window.compare.sides.map((s) => s.game.snapshot().board.map((q) => q.tile)));
  assert.equal(first[0].length, 2);
  assert.deepEqual(first[0], first[1], "the same tile on both boards");
  assert.match(await b.textContent("#cmp-move"), /^Turn 1 of \d+: Bo: \d+ against \d+ · Ann: \d+ against \d+$/);
  await shot(b, "daily-compare-390");
  assert.deepEqual(await violations(b), []);
  // The same page on a desktop.
  const c = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await c.goto(b.url());
  await c.waitForFunction(() => window.compare?.ready);
  await c.fill("#cmp-slider", "30");
  await c.waitForFunction(() => window.compare.turn() === 30);
  await shot(c, "daily-compare-1280");
  // A link that is no pair of one day's games says so.
  await c.goto("about:blank");
  await c.goto(`${srv.url}compare.html#a=${bos}&b=nonsense`);
  await c.waitForFunction(() => window.compare?.ready);
  assert.ok(await c.locator("#cmp-error").isVisible());
  for (const p of [a, b, c]) assert.deepEqual(p.errors.filter((e) => !/Failed to load resource/.test(e)), []);
});
