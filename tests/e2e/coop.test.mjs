// The cooperative game (Mists over Carcassonne) in the browser: chosen on the new-game
// screen, played by clicks on the real canvas with a computer teammate, through a "remove
// ghosts instead" choice and a hound, to the end screen; a hint; a reload; levels won.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, newPage, openGame, clickCanvas, frame, snap, squarePoint, shot } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

// Level 3 with the hounds near (Rufus at 2, Ronja at 10) and a goal of 20, as a corrected
// level file could give it: a short game that reaches both hounds.
const RULES = { level: 3, castles: true, cemeteries: true, piles: 3, ghosts: 15, hounds: [2, 10], goal: 20,
  markers: "team", cemetery_closes: "sides", cemetery_ghost: "one-open", hound_removal: "at-once", face_down: false };

test("the new-game screen offers the cooperative game: levels, Spell Circles, 1 to 5 players", async () => {
  const page = await openGame(browser, srv.url);
  await page.click("#btn-new");
  await page.check('input[name="ng-mode"][value="coop"]');
  assert.equal(await page.isVisible("#ng-coop"), true);
  assert.equal(await page.isVisible("#ng-sets-box"), false, "no tile sets to choose: the mist sets are the game");
  const levels = await page.$$eval("#ng-level option", (os) => os.map((o) => o.value));
  assert.deepEqual(levels, ["1", "2", "3", "4", "5", "6"]);
  // Alone: the one row left may not be removed.
  await page.click("#ng-players li:nth-child(2) button");
  assert.equal(await page.isDisabled("#ng-players li button"), true);
  await page.selectOption("#ng-level", "2");
  await page.check("#ng-circles");
  await page.click("#ng-start");
  const s = await snap(page);
  assert.equal(s.coop.level, 2);
  assert.deepEqual(s.sets, ["ghosts", "spellcircles"]);
  assert.deepEqual(s.coop.colours, [["red", "green", "blue", "yellow"]], "solo: four colours");
  assert.equal(s.coop.cat_pile, 7);
  // Level 2 plays to 75 (COOP-DEC-11, COOP.md v1.1).
  assert.match(await page.textContent("#team"), /0 of 75 points[\s\S]*12 ghosts left in the supply \(7 on Eloïse's pile\)/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a cooperative game by clicks with a computer teammate: a removal, a hound, the end screen", async () => {
  const page = await openGame(browser, srv.url);
  await page.evaluate((rules) => {
    window.carc.bots.seed = 5;
    window.carc.bots.stepMs = 0;
    window.carc.newGame({ players: [{ name: "Ann" }, { name: "Eas", computer: "easy" }], sets: ["ghosts"], seed: 14,
      options: { coop: { level: 3, rules } } });
  }, RULES);
  let s = await snap(page);
  assert.deepEqual(s.coop.colours, [["red", "green"], ["blue", "yellow"]]);
  assert.match(await page.textContent("#tiles-left"), /12 ghosts left/);

  // A hint: what a hard teammate would do, told in words.
  await page.click("#btn-hint");
  await page.waitForFunction(() => /Hint: a hard teammate would place the tile/.test(document.querySelector("#hint").textContent),
    null, { timeout: 60000 });

  let removals = 0, reloaded = false;
  const houndLines = new Set(); // the team panel's lines about the hounds, as they came
  const readHounds = async () => {
    for (const line of await page.$$eval("#team-facts li", (ls) => ls.map((l) => l.textContent))) if (/^(Rufus|Ronja)/.test(line)) houndLines.add(line);
  };
  for (let guard = 0; guard < 600; guard++) {
    s = await snap(page);
    await readHounds();
    if (s.over) break;
    if (s.computers[s.current_player]) {
      await page.waitForFunction((n) => { const t = window.carc.game.snapshot(); return t.actions > n || t.over; },
        s.actions, { timeout: 30000 });
      continue;
    }
    await frame(page);
    if (s.phase.step === "tile") {
      if (!reloaded && s.actions > 6) {
        // A co-op game in progress survives a reload.
        reloaded = true;
        await page.reload();
        await page.waitForFunction(() => window.carc?.game && window.carc.view);
        await page.evaluate(() => { window.carc.bots.seed = 5; window.carc.bots.stepMs = 0; });
        assert.equal((await snap(page)).actions, s.actions);
        await frame(page);
      }
      const legal = await page.evaluate(() => window.carc.game.legalActions());
      const p = await squarePoint(page, legal[0].x, legal[0].y);
      await clickCanvas(page, p.x, p.y);
      continue;
    }
    const spots = await page.evaluate(() => window.carc.view.spotPoints());
    let pick = spots[0];
    if (s.phase.waits === "score") {
      // "Ghosts instead": a square with ghosts, picked on the board; else the points.
      pick = (!removals && spots.find((x) => x.action.remove)) || spots.find((x) => x.action.points);
      if (pick.action.remove) removals++;
    }
    if (!pick) {
      await page.click("#btn-pass");
    } else {
      await clickCanvas(page, pick.x, pick.y);
    }
    assert.notEqual((await snap(page)).actions, s.actions, `a click answered the ${s.phase.waits} step`);
  }
  s = await snap(page);
  assert.equal(s.over, true, "the game came to an end");
  assert.equal(removals, 1, "the team gave up a scoring to remove ghosts, by a click on the board");
  const log = await page.textContent("#log");
  assert.match(log, /gives up the points of a (road|city|haunted castle) to drive ghosts away/);
  assert.match(log, /The team drives \d ghosts? away/);
  assert.match(log, /(Rufus|Ronja) (runs with the \w+ meeple|brings \d+ for the ghosts)/);
  assert.ok(s.coop.hounds.some((h) => h.state !== "track"), "a hound was reached");
  // The team panel says where a hound runs in words, and what it did once it has left.
  await readHounds();
  const lines = [...houndLines];
  console.log(`the hounds in the team panel: ${lines.join(" | ")}`);
  assert.ok(lines.some((l) => /^(Rufus|Ronja) \(\d+\): runs with the \w+ meeple, \S/.test(l)), lines.join(" | "));
  // This game's Rufus runs with a meeple, then scores (level 3: the hound's ghost removal at once).
  assert.ok(lines.some((l) => /^Rufus \(2\) scored: \d+ ghosts? cleared, \d+ points? for the ghosts on the board$/.test(l)), lines.join(" | "));
  for (const l of lines) {
    assert.doesNotMatch(l, /\(-?\d+, -?\d+\)/, `no square by coordinates: ${l}`);
    assert.doesNotMatch(l, /out of the game/, l);
  }
  assert.equal(await page.isVisible("#final-outcome"), true);
  assert.match(await page.textContent("#final-outcome"), /The team reached the goal on turn \d+: victory!|The ghosts win: on turn \d+/);
  await shot(page, "20-coop-end");
  // A level won is remembered and shown on the level picker.
  if (s.coop.outcome.won) {
    await page.click("#results-new"); // the results' own button
    await page.check('input[name="ng-mode"][value="coop"]');
    assert.match(await page.textContent("#ng-level"), /Level 3 ✓ won/);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a seat plays the colours its setup names: the panel, the colour picker, a click on the board", async () => {
  const page = await openGame(browser, srv.url);
  await page.evaluate(() => {
    window.carc.bots.stepMs = 0;
    window.carc.newGame({ players: [{ name: "Ann", colours: ["pink", "blue"] }, { name: "Bob" }], sets: ["ghosts"],
      seed: 14, options: { coop: { level: 6 } } });
  });
  let s = await snap(page);
  assert.deepEqual(s.coop.colours, [["pink", "blue"], ["red", "green"]], "Bob takes the first colours nobody named");
  assert.deepEqual(s.coop.palette, ["pink", "blue", "red", "green"]);
  assert.match(await page.textContent("#players li:nth-child(1)"), /pink: 3 meeples, blue: 3 meeples/);
  assert.match(await page.textContent("#players li:nth-child(2)"), /red: 3 meeples, green: 3 meeples/);
  // Ann's tile, by a click, then her meeple: the picker offers her two colours; blue, on the board.
  await frame(page);
  const legal = await page.evaluate(() => window.carc.game.legalActions());
  const p = await squarePoint(page, legal[0].x, legal[0].y);
  await clickCanvas(page, p.x, p.y);
  s = await snap(page);
  assert.equal(s.phase.waits, "meeple");
  assert.deepEqual(await page.$$eval("#figure-kinds button", (bs) => bs.map((b) => b.textContent)), ["pink", "blue"]);
  await page.click('#figure-kinds button[data-colour="blue"]');
  await frame(page);
  const spots = await page.evaluate(() => window.carc.view.spotPoints());
  assert.ok(spots.length > 0 && spots.every((x) => x.action.meeple === "blue"), JSON.stringify(spots));
  await clickCanvas(page, spots[0].x, spots[0].y);
  const record = JSON.parse(await page.evaluate(() => window.carc.game.exportRecord()));
  assert.deepEqual(record.actions[1], spots[0].action, "the blue meeple, as clicked");
  assert.deepEqual(record.setup.players[0].colours, ["pink", "blue"], "the record keeps the colours");
  s = await snap(page);
  assert.equal(s.coop.meeples[s.coop.palette.indexOf("blue")], 2, "one of blue's meeples is on the board");
  assert.match(await page.textContent("#players li:nth-child(1)"), /pink: 3 meeples, blue: 2 meeples/);
  await shot(page, "22-coop-named-colours");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the element plays the cooperative game too, in Dutch: team status, hints, a computer teammate", async () => {
  const page = await newPage(browser);
  await page.goto(srv.url + "element-example.html");
  await page.waitForFunction(() => [...document.querySelectorAll("carcassonne-game")].every((e) => e.game));
  await page.evaluate(() => {
    const e = document.createElement("carcassonne-game");
    e.id = "coop";
    e.setAttribute("sets", "ghosts");
    e.setAttribute("players", "Ann, Computer:easy");
    e.setAttribute("options", JSON.stringify({ coop: { level: 1 } }));
    e.setAttribute("seed", "3");
    e.setAttribute("lang", "nl");
    e.setAttribute("save", "off");
    e.style.height = "420px";
    document.body.prepend(e);
  });
  await page.waitForFunction(() => document.getElementById("coop").game);
  await frame(page);
  const text = (sel) => page.locator(`#coop >> ${sel}`).first().textContent();
  assert.match(await text(".status"), /Ann is aan de beurt · Team 0 van 50 · nog 12 spoken/);
  // Place the tile by a click on the element's board, then no meeple.
  const p = await page.evaluate(() => {
    const e = document.getElementById("coop");
    const a = e.game.legalActions()[0];
    const r = e.shadowRoot.querySelector("canvas.board").getBoundingClientRect();
    const q = e.view.screenPoint(a.x, a.y);
    return { x: r.left + q.x, y: r.top + q.y };
  });
  await page.mouse.click(p.x, p.y);
  assert.match(await text(".hint"), /Ann: klik op een cirkel om een meeple te zetten/);
  await page.locator("#coop >> button", { hasText: "Geen meeple" }).click();
  // The computer teammate (easy) plays its turn; the live region speaks Dutch.
  await page.waitForFunction(() => document.getElementById("coop").game.snapshot().current_player === 0, null, { timeout: 30000 });
  assert.match(await text(".sr"), /Computer (legde een tegel|zette)|spook|spoken/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
