// Guided games (docs/guides.md, www/guide.js) in a real headless Chromium: every built-in
// guide is finished by the clicks it asks for (the board's squares and spots, Rotate, No
// meeple, the co-op choices, Continue), found from where players find them (the first
// visit's offer, the new-game screen, "How to play"); a wrong move is refused with its
// hint and changes nothing; a guide can be left, goes on after a reload, is ticked once
// finished, is played with the keyboard, and runs in the element from an attribute.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { launch, serve, newPage, ready, shot, frame, snap, squarePoint, clickCanvas, violations, DIST } from "./harness.mjs";

let browser, srv;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The guide being played: its data as the page has it. */
// The page's module reads a guide from its text (guides/<id>.json, www/packs.js).
const guideData = (page, id) => page.evaluate((id) => window.carc.guide(id), id);
const moves = (page) => snap(page).then((s) => s.actions);
const feedback = (page) => page.locator(".guide-card .guide-feedback").innerText();

/** Open the page fresh (nothing stored), in `lang`, at `viewport`. */
async function fresh(viewport = DESKTOP, locale = "en-US") {
  const page = await newPage(browser, { viewport, locale });
  await page.goto(srv.url);
  await ready(page);
  return page;
}

/** Start guide `id` from the new-game screen: its kind of game and sets ticked, then its button. */
async function fromNewGame(page, g) {
  if (!(await page.locator("#new-game[open]").count())) await page.click("#btn-new");
  await page.check(`input[name="ng-mode"][value="${g.topic === "coop" ? "coop" : "competitive"}"]`);
  for (const set of g.sets.filter((x) => x !== "base")) {
    if (g.topic !== "coop") await page.check(`#ng-sets input[value="${set}"]`);
  }
  await page.click(`#ng-guide-list button[data-guide="${g.id}"]`);
  await page.waitForFunction(() => !document.querySelector(".guide-card").hidden);
}

/** Make the learner's move `a` by the clicks a player makes. */
async function learnerMove(page, a) {
  await frame(page);
  if (a.tile) {
    const p = await squarePoint(page, a.x, a.y);
    const box = await page.locator("#board").boundingBox();
    await page.mouse.move(box.x + p.x, box.y + p.y);
    await frame(page);
    for (let i = 0; i < 4 && (await page.evaluate(() => window.carc.view.previewRotation())) !== a.rotation; i++) {
      await page.click("#btn-rotate");
    }
    await page.mouse.click(box.x + p.x, box.y + p.y);
    return;
  }
  if (a.pass) { await page.click("#btn-pass"); return; }
  // A guard or an abbot: choose the figure first (a meeple again after one).
  if (a.figure) {
    const b = page.locator(`#figure-kinds button[data-kind="${a.figure}"]`);
    if (await b.count() && (await b.getAttribute("aria-checked")) !== "true") { await b.click(); await frame(page); }
  }
  // A co-op meeple of another colour than the one chosen: choose it first.
  if (a.meeple) {
    const b = page.locator(`#figure-kinds button[data-colour="${a.meeple}"]`);
    if (await b.count()) { await b.click(); await frame(page); }
  }
  const spots = await page.evaluate(() => window.carc.view.spotPoints());
  const spot = spots.find((s) => JSON.stringify(s.action) === JSON.stringify(a));
  if (spot) { await clickCanvas(page, spot.x, spot.y); return; }
  // A co-op choice the board has no spot for: its button.
  const label = await page.evaluate((a) => {
    const list = window.carc.game.legalActions();
    return list.findIndex((x) => JSON.stringify(x) === JSON.stringify(a));
  }, a);
  assert.ok(label >= 0, `the move ${JSON.stringify(a)} is not legal on the page`);
  const buttons = page.locator("#coop-choices button");
  const listed = await page.evaluate(() => window.carc.game.legalActions().filter((x) => !x.pass));
  const i = listed.findIndex((x) => JSON.stringify(x) === JSON.stringify(a));
  assert.ok(i >= 0 && i < (await buttons.count()), `no way to click ${JSON.stringify(a)}`);
  await buttons.nth(i).click();
}

/** Play guide `g` to its end by clicks; returns the texts it said. */
async function finish(page, g, { screenshots = null, finished = "Guide finished" } = {}) {
  const data = await guideData(page, g.id);
  const said = [];
  for (let guard = 0; guard < 400; guard++) {
    const k = await moves(page);
    said.push(await page.locator(".guide-card .guide-say").innerText());
    if (screenshots && screenshots.includes(k)) await shot(page, `guide-${g.id}-${k}-${page.viewportSize().width}`);
    if (k >= data.record.actions.length) break;
    if (data.actors[k] === data.you) {
      await learnerMove(page, data.record.actions[k]);
    } else if (await page.locator(".guide-card .guide-next").isVisible()) {
      await page.click(".guide-card .guide-next");
    }
    await page.waitForFunction((k) => window.carc.game.snapshot().actions > k, k, { timeout: 5000 }).catch(() => {});
    assert.notEqual(await moves(page), k, `${g.id}: stuck at move ${k}: ${await feedback(page)}`);
  }
  assert.equal(await moves(page), data.record.actions.length);
  assert.equal(await page.locator(".guide-card .guide-progress").innerText(), finished);
  return said;
}

test("the first visit offers the base guide once; every built-in guide is finished by clicks, and ticked", async () => {
  const page = await fresh();
  assert.ok(await page.locator("#ng-guide-offer").isVisible(), "the first visit offers the guided first game");
  assert.deepEqual(await violations(page), [], "axe on the new-game screen with its guides");
  const guides = await page.evaluate(() => window.carc.bindings.Game.guides());
  // What reading (and checking) them costs in the browser: the page does it once.
  const cost = await page.evaluate(async () => {
    const G = window.carc.bindings.Game, text = await (await fetch("guides/coop-3.json")).text(), t0 = performance.now();
    for (let i = 0; i < 10; i++) G.guides();
    const t1 = performance.now();
    for (let i = 0; i < 10; i++) G.guide(text);
    return { all_nine_ms: (t1 - t0) / 10, one_ms: (performance.now() - t1) / 10 };
  });
  console.log(`guides read and checked: all nine ${cost.all_nine_ms.toFixed(1)} ms, coop-3 alone ${cost.one_ms.toFixed(1)} ms`);
  assert.deepEqual(guides.map((g) => g.id), ["base", "farmers", "ghosts", "spellcircles", "eloise", "watchtowers", "shrines", "coop-1", "coop-3"]);
  await page.click("#ng-guide-first");
  await page.waitForFunction(() => !document.querySelector(".guide-card").hidden);
  assert.deepEqual(await violations(page), [], "axe with the guide's card on the board");
  const said = await finish(page, guides[0], { screenshots: [0, 4, 12] });
  assert.ok(said.some((x) => x.includes("4 points")), "the base guide says what the city scored");
  // The end of a first guide offers a real game, set up and ready; nothing is saved yet:
  // the page's placeholder game (Red against Blue) is never offered back as "your game".
  const card = page.locator(".guide-card");
  assert.equal(await card.locator(".guide-real").innerText(), "Play a real game against the computer (easy)");
  assert.equal(await card.locator(".guide-next").innerText(), "Choose another game");
  assert.equal(await card.locator(".guide-leave").isVisible(), false, "Finish is the one way out");
  await shot(page, "guide-base-end-1280");
  assert.equal(await page.evaluate(() => localStorage.getItem("carcassonne.save.v1")), null, "the guide saved nothing");
  await card.locator(".guide-real").click();
  await page.waitForFunction(() => document.querySelector(".guide-card").hidden);
  const real = await snap(page);
  assert.deepEqual([real.players.map((p) => p.name), real.computers], [["Red", "Blue"], [null, "easy"]]);
  assert.equal(real.actions, 0);
  assert.equal(await page.locator("#new-game[open]").count(), 0, "the game starts at once");
  assert.ok(await page.locator("#btn-rotate").isEnabled(), "Red (the learner) is to play");
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("carcassonne.save.v1")));
  assert.deepEqual([saved.setup.sets, saved.setup.options.farmers], [["base"], true], "the guide's game, saved");
  for (const g of guides.slice(1)) {
    await fromNewGame(page, g);
    await finish(page, g, { screenshots: [0] });
    assert.equal(await card.locator(".guide-next").innerText(), "Back to your game");
    if (g.id === "coop-3") assert.equal(await card.locator(".guide-real").innerText(), "Play level 3 for real");
    await page.click(".guide-card .guide-next");
    await page.waitForFunction(() => document.querySelector(".guide-card").hidden);
    assert.deepEqual((await snap(page)).computers, [null, "easy"], `${g.id}: the saved game is back`);
  }
  // Ticked, and the offer is not made again.
  await page.reload();
  await ready(page);
  if (!(await page.locator("#new-game[open]").count())) await page.click("#btn-new");
  assert.equal(await page.locator("#ng-guide-offer").isVisible(), false, "the offer is made once");
  assert.match(await page.locator('#ng-guide-list button[data-guide="base"]').innerText(), /^✓ /);
  await page.click("#ng-cancel");
  await page.click("#btn-help");
  assert.match(await page.locator('#help button[data-guide="farmers"]').innerText(), /^✓ Play the guided game: Farmers/);
  const done = await page.evaluate(() => JSON.parse(localStorage.getItem("carcassonne.guides.v1")).done);
  assert.deepEqual([...done].sort(), guides.map((g) => g.id).sort());
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a wrong move is refused with its hint and changes nothing; the right one plays", async () => {
  const page = await fresh();
  await page.click("#ng-guide-first");
  await page.waitForFunction(() => !document.querySelector(".guide-card").hidden);
  const before = JSON.stringify(await snap(page));
  // A legal square, but not the guide's: south of the start tile.
  const p = await squarePoint(page, 0, 1);
  await clickCanvas(page, p.x, p.y);
  await page.waitForFunction(() => document.querySelector(".guide-feedback").textContent !== "");
  assert.equal(await feedback(page), "Put the tile on the marked square, north of the start tile.");
  assert.equal(JSON.stringify(await snap(page)), before, "the refused move changed nothing");
  assert.equal(await page.locator("#announce").innerText(), "Put the tile on the marked square, north of the start tile.");
  await shot(page, "guide-refused-1280");
  // The right square: played, and the refusal is gone.
  const data = await guideData(page, "base");
  await learnerMove(page, data.record.actions[0]);
  await page.waitForFunction(() => window.carc.game.snapshot().actions === 1);
  assert.equal(await feedback(page), "");
  // The figure step: No meeple is refused too (this step puts a knight on the city).
  await page.click("#btn-pass");
  assert.equal(await feedback(page), "Click the city on the tile you just placed.");
  assert.equal(await moves(page), 1);
  await learnerMove(page, data.record.actions[1]);
  await page.waitForFunction(() => window.carc.game.snapshot().actions >= 2);
  assert.deepEqual((await snap(page)).scores, [4, 0]);
  // Bo's move waits for Continue (a new line of narration), then plays itself.
  assert.ok(await page.locator(".guide-next").isVisible());
  await page.click(".guide-next");
  await page.waitForFunction(() => window.carc.game.snapshot().actions === 4);
  // The crossroads on the right square but not turned as asked: the rotation hint.
  const cross = data.record.actions[4];
  const q = await squarePoint(page, cross.x, cross.y);
  const box = await page.locator("#board").boundingBox();
  await page.mouse.move(box.x + q.x, box.y + q.y);
  await frame(page);
  assert.notEqual(await page.evaluate(() => window.carc.view.previewRotation()), cross.rotation, "it opens turned another way");
  await page.mouse.click(box.x + q.x, box.y + q.y);
  assert.match(await feedback(page), /^Right square, but turned another way/);
  assert.equal(await moves(page), 4);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("leaving a guide brings the saved game back; a reload goes on in the guide", async () => {
  const page = await fresh();
  await page.click("#ng-start");
  await page.evaluate(() => { const a = window.carc.game.legalActions()[0]; window.carc.game.apply(a); });
  const saved = await page.evaluate(() => localStorage.getItem("carcassonne.save.v1"));
  assert.ok(saved, "the game in progress is saved");
  await page.click("#btn-help");
  await page.click('#help button[data-guide="farmers"]');
  await page.waitForFunction(() => !document.querySelector(".guide-card").hidden);
  const data = await guideData(page, "farmers");
  await learnerMove(page, data.record.actions[0]);
  await page.waitForFunction(() => window.carc.game.snapshot().actions === 1);
  await page.reload();
  await ready(page);
  await page.waitForFunction(() => !document.querySelector(".guide-card").hidden);
  assert.equal(await moves(page), 1, "the guide goes on where it was");
  assert.match(await page.locator(".guide-title").innerText(), /Farmers/);
  assert.equal(await page.evaluate(() => localStorage.getItem("carcassonne.save.v1")), saved, "the guide never saves over the game");
  await page.click(".guide-leave");
  await page.waitForFunction(() => document.querySelector(".guide-card").hidden);
  assert.equal(await page.evaluate(() => window.carc.game.exportRecord()), saved, "the game in progress is back");
  await page.reload();
  await ready(page);
  assert.ok(await page.locator(".guide-card").isHidden(), "a left guide does not come back");
  // A guide in progress that this version does not have: said once, and the game comes back.
  await page.evaluate(() => localStorage.setItem("carcassonne.guides.v1", JSON.stringify({ done: [], offered: true, current: { id: "gone", k: 3 } })));
  await page.reload();
  await ready(page);
  assert.match(await page.locator("#notice").innerText(), /This guided game cannot be played: no built-in guide is called "gone"/);
  assert.equal(await page.evaluate(() => window.carc.game.exportRecord()), saved);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("carcassonne.guides.v1")).current), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a guide is played with the keyboard, in Dutch, and on a phone", async () => {
  const page = await fresh(PHONE, "nl-NL");
  await page.click("#ng-guide-first");
  await page.waitForFunction(() => !document.querySelector(".guide-card").hidden);
  assert.match(await page.locator(".guide-say").innerText(), /^Welkom!/);
  assert.equal(await page.locator(".guide-leave").innerText(), "Gids verlaten");
  assert.match(await page.locator(".guide-progress").innerText(), /^Zet 1 van 12 · jij speelt Ann$/);
  await shot(page, "guide-base-0-390");
  // Tab moves between the legal squares, Enter places: a wrong one is refused, so go on
  // until the guide's square takes it.
  await page.focus("#board");
  for (let i = 0; i < 8 && (await moves(page)) === 0; i++) {
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await frame(page);
  }
  assert.equal(await moves(page), 1, "the tile went where the guide asked");
  // The knight by keyboard: Tab to the spot, Enter.
  for (let i = 0; i < 6 && (await moves(page)) === 1; i++) {
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await frame(page);
  }
  assert.deepEqual((await snap(page)).scores, [4, 0]);
  assert.match(await page.locator(".guide-say").innerText(), /4 punten/);
  // The card stays on the phone's screen, with buttons of at least 44 px.
  const box = await page.locator(".guide-card").boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, "the card fits the phone's width");
  for (const b of await page.locator(".guide-card button:visible").all()) {
    const r = await b.boundingBox();
    assert.ok(r.height >= 44, `a ${r.height} px button`);
  }
  await shot(page, "guide-base-2-390");
  assert.deepEqual(await violations(page), []);
  // To its end: on the phone too, the end offers a real game, set up and ready.
  await finish(page, { id: "base" }, { finished: "Gids voltooid" });
  const end = page.locator(".guide-card");
  assert.equal(await end.locator(".guide-real").innerText(), "Speel een echt spel tegen de computer (makkelijk)");
  const card = await end.boundingBox();
  assert.ok(card.x >= 0 && card.x + card.width <= PHONE.width && card.y >= 0 && card.y + card.height <= PHONE.height, "the end card is on the screen");
  for (const b of await end.locator("button:visible").all()) assert.ok((await b.boundingBox()).height >= 44, "a button of at least 44 px");
  // The hint agrees with the card: the guide is finished (not "start a new game from the menu").
  assert.equal(await page.textContent("#hint"), "Gids voltooid");
  await shot(page, "guide-base-end-390");
  assert.deepEqual(await violations(page), [], "axe on the guide's end");
  await end.locator(".guide-real").click();
  await page.waitForFunction(() => document.querySelector(".guide-card").hidden);
  const real = await snap(page);
  assert.deepEqual([real.computers, real.actions], [[null, "easy"], 0]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the element plays a guide from its attribute: a built-in name or a fan site's file", async () => {
  const dir = fs.mkdtempSync(path.join(DIST, "guide-site-"));
  const mine = JSON.parse(JSON.stringify((await (async () => {
    const p = await fresh();
    const g = await guideData(p, "base");
    await p.context().close();
    return g;
  })())));
  // A fan's own guide: the base guide's first two moves, with its own words.
  const own = { format: "carcassonne-guide", version: 1, id: "my-first", topic: "base", title: { en: "My guide" }, you: 0,
    record: { ...mine.record, actions: mine.record.actions.slice(0, 2), setup: { ...mine.record.setup, draw: ["base.E", "base.D"] } },
    steps: [{ at: 0, say: { en: "Put it north." } }, { at: 1, say: { en: "A knight!" } }, { at: 2, say: { en: "Well done." }, expect: { scores: [4, 0] } }] };
  fs.writeFileSync(path.join(dir, "my-guide.json"), JSON.stringify(own));
  const broken = { ...own, steps: [{ at: 2, say: { en: "You scored 5." }, expect: { scores: [5, 0] } }] };
  fs.writeFileSync(path.join(dir, "broken.json"), JSON.stringify(broken));
  fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fan</title><link rel="icon" href="data:,">
<script type="module" src="../carcassonne-game.js"></script></head><body><main>
<carcassonne-game id="a" guide="my-guide.json" style="width:640px;height:480px"></carcassonne-game>
<carcassonne-game id="b" guide="broken.json" style="width:400px;height:300px"></carcassonne-game>
<carcassonne-game id="c" guide="shrines" lang="nl" style="width:640px;height:480px"></carcassonne-game>
</main></body></html>`);
  try {
    const page = await newPage(browser, { viewport: DESKTOP });
    await page.goto(`${srv.url}${path.basename(dir)}/`);
    const inEl = (id, sel) => page.locator(`#${id}`).locator(sel);
    await inEl("a", ".guide-card:not([hidden])").waitFor();
    assert.equal(await inEl("a", ".guide-say").innerText(), "Put it north.");
    // Play it by clicks on the element's board.
    const point = (id, x, y) => page.evaluate(([id, x, y]) => document.getElementById(id).view.screenPoint(x, y), [id, x, y]);
    const board = await inEl("a", "canvas.board").boundingBox();
    const wrong = await point("a", 0, 1);
    await page.mouse.click(board.x + wrong.x, board.y + wrong.y);
    assert.equal(await inEl("a", ".guide-feedback").innerText(), "Not there: put the tile on the marked square.");
    const right = await point("a", 0, -1);
    await page.mouse.click(board.x + right.x, board.y + right.y);
    await page.waitForFunction(() => document.getElementById("a").game.snapshot().actions === 1);
    // The placed tile settles first: spots read while it moves can miss under load.
    await page.waitForFunction(() => document.getElementById("a").view.animating() === 0, null, { timeout: 5000 });
    const spots = await page.evaluate(() => document.getElementById("a").view.spotPoints());
    const city = spots.find((s) => s.action.at === "Nw");
    const ended = page.evaluate(() => new Promise((r) => document.getElementById("a").addEventListener("carcassonne-guide-end", (e) => r(e.detail), { once: true })));
    await page.mouse.click(board.x + city.x, board.y + city.y);
    // The figure waits on its spot; the guide hears of it only once it is confirmed.
    await page.waitForFunction(() => document.getElementById("a").view.pending !== null, null, { timeout: 5000 });
    assert.equal(await page.evaluate(() => document.getElementById("a").game.snapshot().actions), 1);
    // The confirming click goes where the spot is now: the guide's card may have changed
    // and the board refitted under it (this click missed once under load).
    await page.waitForFunction(() => document.getElementById("a").view.animating() === 0, null, { timeout: 5000 });
    const again = (await page.evaluate(() => document.getElementById("a").view.spotPoints())).find((s) => s.action.at === "Nw") ?? city;
    await page.mouse.click(board.x + again.x, board.y + again.y);
    await page.waitForFunction(() => document.getElementById("a").game.snapshot().actions === 2);
    assert.equal(await inEl("a", ".guide-say").innerText(), "Well done.");
    await shot(page, "guide-element-1280");
    // After the guide's end the free game starts as the element's game does.
    const told = page.evaluate(() => new Promise((r) => {
      const e = document.getElementById("a"), heard = [];
      for (const type of ["over", "ready", "change", "turn"]) e.addEventListener(`carcassonne-${type}`, () => heard.push(type));
      e.addEventListener("carcassonne-guide-end", () => {
        heard.push("guide-end");
        setTimeout(() => r({ heard, actions: e.game.snapshot().actions }), 0);
      }, { once: true });
    }));
    await inEl("a", ".guide-next").click();
    assert.deepEqual(await ended, { id: "my-first", finished: true });
    assert.deepEqual(await told, { heard: ["guide-end", "ready", "change", "turn"], actions: 0 });
    // A guide that says what its game does not show is refused, with the reason.
    assert.match(await inEl("b", ".hint").innerText(), /does not show what it says: scores\[0\] is 4, the guide says 5/);
    // A built-in guide by name, in the element's language.
    await inEl("c", ".guide-card:not([hidden])").waitFor();
    assert.match(await inEl("c", ".guide-title").innerText(), /Cultusplaats/i);
    assert.deepEqual(page.errors.filter((e) => !/broken/.test(e)), []);
    await page.context().close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the element plays the ghosts guide to its end by clicks: ghosts, a guard by its figure button, a castle, a cemetery", async () => {
  const page = await newPage(browser, { viewport: DESKTOP });
  await page.goto(`${srv.url}element-example.html`);
  // One element of our own, on the example page (the element's own module).
  await page.evaluate(() => {
    const e = document.createElement("carcassonne-game");
    e.id = "g";
    e.setAttribute("guide", "ghosts");
    e.setAttribute("save", "off");
    e.style.cssText = "width:900px;height:640px;display:block";
    document.body.prepend(e);
  });
  const el = page.locator("#g");
  await el.locator(".guide-card").waitFor();
  const data = await page.evaluate(() => window.customElements.get("carcassonne-game") && document.getElementById("g").game && null);
  assert.equal(data, null);
  const guide = await page.evaluate(async () =>
    document.getElementById("g").game.constructor.guide(await (await fetch("guides/ghosts.json")).text()));
  const k = () => page.evaluate(() => document.getElementById("g").game.snapshot().actions);
  const button = (text) => el.locator(".bottom button", { hasText: text });
  for (let guard = 0; guard < 100; guard++) {
    const at = await k();
    if (at >= guide.record.actions.length) break;
    const a = guide.record.actions[at];
    if (guide.actors[at] !== guide.you) {
      if (await el.locator(".guide-next").isVisible()) await el.locator(".guide-next").click();
    } else if (a.tile) {
      await frame(page);
      const p = await page.evaluate(([x, y]) => document.getElementById("g").view.screenPoint(x, y), [a.x, a.y]);
      const box = await el.locator("canvas.board").boundingBox();
      await page.mouse.move(box.x + p.x, box.y + p.y);
      for (let i = 0; i < 4 && (await page.evaluate(() => document.getElementById("g").view.previewRotation())) !== a.rotation; i++) {
        await button("Rotate").click();
      }
      await page.mouse.click(box.x + p.x, box.y + p.y);
    } else if (a.pass) {
      await button("No meeple").click();
    } else {
      if (a.figure) {
        // The figure button cycles meeple → guard: the one the script places.
        for (let i = 0; i < 3 && !(await button("Figure:").innerText()).endsWith(a.figure); i++) await button("Figure:").click();
      }
      await frame(page);
      const spots = await page.evaluate(() => document.getElementById("g").view.spotPoints());
      const spot = spots.find((s) => JSON.stringify(s.action) === JSON.stringify(a));
      assert.ok(spot, `no spot for ${JSON.stringify(a)} in the element: ${JSON.stringify(spots.map((x) => x.action))} ${await button("Figure:").innerText()}`);
      const box = await el.locator("canvas.board").boundingBox();
      await page.mouse.click(box.x + spot.x, box.y + spot.y);
      // A figure waits on its spot for its confirmation: a second click on it.
      if (await page.evaluate(() => !!document.getElementById("g").view.pending)) await page.mouse.click(box.x + spot.x, box.y + spot.y);
    }
    await page.waitForFunction((at) => document.getElementById("g").game.snapshot().actions > at, at, { timeout: 5000 }).catch(() => {});
    assert.notEqual(await k(), at, `stuck at move ${at}: ${await el.locator(".guide-feedback").innerText()}`);
  }
  const s = await page.evaluate(() => document.getElementById("g").game.snapshot());
  assert.equal(s.over, true);
  assert.deepEqual(s.scores, [5, 4]);
  assert.equal(s.players[0].supply.guard, 2, "the cemetery's extra guard");
  await shot(page, "guide-element-ghosts-1280");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
