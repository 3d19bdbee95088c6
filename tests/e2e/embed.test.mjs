// Embedding: the <carcassonne-game> element (twice on one page) and the iframe page
// under a strict Content-Security-Policy talking to its host by postMessage only.
// Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve, launch, newPage, shot, frame } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

const bothReady = (page) => page.waitForFunction(
  () => [...document.querySelectorAll("carcassonne-game")].every((e) => e.game), null, { timeout: 15000 });
const state = (page, id) => page.evaluate((id) => {
  const e = document.getElementById(id);
  return { s: e.game.snapshot(), canvas: e.shadowRoot.querySelector("canvas.board").getBoundingClientRect().toJSON(),
    box: e.getBoundingClientRect().toJSON() };
}, id);
/** Where square (x, y) of an element's board is, in the viewport of `target` (a page or
 *  a frame); `selector` finds the element. */
const squareIn = (target, selector, x, y) => target.evaluate(([selector, x, y]) => {
  const e = document.querySelector(selector);
  const r = e.shadowRoot.querySelector("canvas.board").getBoundingClientRect();
  const q = e.view.screenPoint(x, y);
  return { x: r.left + q.x, y: r.top + q.y };
}, [selector, x, y]);

/** Click a square of the board of the element with id `id`. */
async function clickSquare(page, id, x, y) {
  // Its board has drawn (and fitted its camera) before the click is aimed.
  await page.waitForFunction((id) => document.getElementById(id).view.stats().frames > 0, id);
  await frame(page);
  const p = await squareIn(page, `#${id}`, x, y);
  await page.mouse.click(p.x, p.y);
}

test("the custom element sits twice on one page: each sizes to its box, plays or replays on its own, and resumes", async () => {
  const page = await newPage(browser);
  await page.goto(srv.url + "element-example.html");
  await bothReady(page);
  await frame(page);
  let play = await state(page, "play");
  const watch = await state(page, "watch");
  // Each fills its container (the example's 420 px slots).
  for (const { canvas, box } of [play, watch]) {
    assert.ok(Math.abs(canvas.height - 420) < 2 && Math.abs(canvas.width - box.width) < 2, JSON.stringify(canvas));
  }
  assert.equal(play.s.actions, 0);
  assert.deepEqual(play.s.players.map((p) => p.name), ["You", "Computer"]);
  assert.equal(watch.s.over, true, "the read-only one shows the finished sample game");

  // The board is operable from the keyboard: Tab to a legal place, Enter places the tile.
  await page.locator("#play >> canvas.board").focus();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  play = await state(page, "play");
  assert.equal(play.s.phase.step, "figure", "Tab and Enter placed the tile");
  assert.match(await page.locator("#play >> .sr").textContent(), /You placed a tile/, "the live region announces it");
  assert.ok((await page.locator("#play >> canvas.board").getAttribute("aria-label")).startsWith("Game board"));
  // "No meeple", then the computer (easy) plays its turn on its own.
  await page.locator("#play >> button", { hasText: "No meeple" }).click();
  await page.evaluate(() => { document.getElementById("play").computers.stepMs = 0; });
  await page.waitForFunction(() => { const s = document.getElementById("play").game.snapshot(); return s.actions >= 3 && s.current_player === 0; });
  // A second tile by mouse click.
  const legal = await page.evaluate(() => document.getElementById("play").game.legalActions());
  await clickSquare(page, "play", legal[0].x, legal[0].y);
  play = await state(page, "play");
  assert.equal(play.s.phase.step, "figure");

  // The other element is a replay, in Dutch and dark: step back; clicks play nothing.
  const label = () => page.locator("#watch >> .replay span").textContent();
  const n = (await state(page, "watch")).s.actions;
  assert.equal(await label(), `Zet ${n} van ${n}`);
  await page.locator("#watch >> button[aria-label='Zet terug']").click();
  await page.locator("#watch >> button[aria-label='Zet terug']").click();
  assert.equal(await label(), `Zet ${n - 2} van ${n}`);
  assert.equal(await page.locator("#watch >> .sr").textContent(), `Zet ${n - 2} van ${n}`, "the step is announced");
  assert.equal((await state(page, "watch")).s.actions, n - 2);
  await page.locator("#watch >> button[aria-label='Eerste zet']").click();
  const first = await state(page, "watch");
  assert.equal(first.s.actions, 0);
  await page.mouse.click(first.canvas.left + first.canvas.width / 2 + 40, first.canvas.top + first.canvas.height / 2);
  assert.equal((await state(page, "watch")).s.actions, 0, "a read-only board plays nothing");
  // …and the playable one was not touched by any of that.
  assert.equal((await state(page, "play")).s.actions, play.s.actions);
  await frame(page);
  await shot(page, "16-two-elements");

  // A reload resumes the game in progress (saved per element), and the replay starts over.
  const record = await page.evaluate(() => document.getElementById("play").exportRecord());
  await page.reload();
  await bothReady(page);
  assert.equal(await page.evaluate(() => document.getElementById("play").exportRecord()), record);
  assert.equal((await state(page, "watch")).s.actions, n);

  // Switched to Dutch: the buttons, and the events the live region reads out.
  await page.evaluate(() => document.getElementById("play").setAttribute("lang", "nl"));
  await page.locator("#play >> button", { hasText: "Geen meeple" }).click();
  assert.match(await page.locator("#play >> .sr").textContent(), /^You zette geen meeple\. Computer trok een tegel \(nog \d+ tegels\)/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a wrong attribute or a corrupt save is reported inside the element, and nothing is lost", async () => {
  const page = await newPage(browser);
  await page.goto(srv.url + "element-example.html");
  await bothReady(page);
  const message = await page.evaluate(() => new Promise((resolve) => {
    const e = document.getElementById("play");
    e.addEventListener("carcassonne-error", (ev) => resolve(ev.detail.message), { once: true });
    e.setAttribute("sets", "base,moon");
  }));
  assert.match(message, /moon/);
  assert.match(await page.locator("#play >> .hint").textContent(), /could not start: .*moon/);
  // The game shown before stays, and the other element is untouched.
  assert.equal(await page.evaluate(() => document.getElementById("watch").game.snapshot().over), true);

  // A corrupt save: a clear message, a new game, and the unreadable text kept aside.
  const key = "carcassonne.element:/element-example.html:play";
  await page.evaluate((key) => localStorage.setItem(key, "{oops"), key);
  await page.reload();
  await bothReady(page);
  assert.match(await page.locator("#play >> .hint").textContent(), /A new game was started: the saved game could not be loaded \(.*\); it was kept as “carcassonne\.element:\/element-example\.html:play\.corrupt\.\d+”/);
  const kept = await page.evaluate((key) => Object.keys(localStorage).filter((k) => k.startsWith(`${key}.corrupt.`)).map((k) => localStorage.getItem(k)), key);
  assert.deepEqual(kept, ["{oops"]);
  assert.equal(await page.evaluate(() => document.getElementById("play").game.snapshot().actions), 0);
  await page.context().close();
});

test("the element and the iframe page play The River from their sets attribute and URL option", async () => {
  const page = await newPage(browser);
  await page.goto(srv.url + "element-example.html");
  await bothReady(page);
  const s = await page.evaluate(() => new Promise((resolve) => {
    const e = document.createElement("carcassonne-game");
    e.id = "river";
    e.setAttribute("sets", "base,river,shrines");
    e.setAttribute("players", "Ann, Bo");
    e.style.cssText = "display:block;width:400px;height:300px";
    e.addEventListener("carcassonne-ready", () => resolve(e.game.snapshot()), { once: true });
    document.body.append(e);
  }));
  assert.deepEqual(s.sets, ["base", "river", "shrines"]);
  assert.equal(s.board[0].tile, "river.spring");
  assert.match(s.phase.tile, /^river\./);
  // A river tile is placed by clicking where the element says it fits.
  const legal = await page.evaluate(() => document.getElementById("river").game.legalActions());
  assert.ok(legal.every((a) => a.x === 1 && a.y === 0), "only at the river's open end");
  await clickSquare(page, "river", legal[0].x, legal[0].y);
  assert.equal(await page.evaluate(() => document.getElementById("river").game.snapshot().phase.step), "figure");
  // With the mist sets the element reports the rule instead of starting.
  const message = await page.evaluate(() => new Promise((resolve) => {
    const e = document.getElementById("river");
    e.addEventListener("carcassonne-error", (ev) => resolve(ev.detail.message), { once: true });
    e.setAttribute("sets", "base,river,ghosts");
  }));
  assert.match(message, /cannot be played with "ghosts".*DEC-15/);
  // The iframe page takes the sets from its URL.
  const framed = await newPage(browser);
  await framed.goto(srv.url + "embed.html?sets=base,river&players=Ann,Bo");
  await framed.waitForFunction(() => document.querySelector("carcassonne-game")?.game, null, { timeout: 15000 });
  const f = await framed.evaluate(() => document.querySelector("carcassonne-game").game.snapshot());
  assert.equal(f.board[0].tile, "river.spring");
  assert.deepEqual([...page.errors, ...framed.errors], []);
  await page.context().close();
  await framed.context().close();
});

/** A folder with one host page that frames embed.html from the game's origin. */
async function hostSite(name, frameUrl) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `carc-${name}-`));
  fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><title>${name}</title>
<iframe id="game" src="${frameUrl}" width="720" height="520"></iframe>
<script>
  window.got = [];
  addEventListener("message", (e) => got.push({ origin: e.origin, data: e.data }));
  window.ask = (message) => document.getElementById("game").contentWindow.postMessage(message, ${JSON.stringify(new URL(srv.url).origin)});
</script>`);
  return serve(dir);
}

test("the iframe page works under a strict CSP and answers only its host's origin", async () => {
  const host = await hostSite("host", "");
  let stranger;
  try {
    const hostOrigin = new URL(host.url).origin;
    const frameUrl = `${srv.url}embed.html?origin=${encodeURIComponent(hostOrigin)}&sets=base,ghosts&players=Ann,Bo&seed=4`;
    const hostPage = await newPage(browser);
    await hostPage.goto(host.url);
    await hostPage.evaluate((u) => { document.getElementById("game").src = u; }, frameUrl);
    await hostPage.waitForFunction(() => got.some((m) => m.data.type === "carcassonne:ready"), null, { timeout: 15000 });
    const game = hostPage.frames().find((f) => f.url().startsWith(srv.url));

    // The policy is in force (an inline script is refused, and says so), yet the game ran:
    // it broke no rule of the policy, or the console would show it (hostPage.errors below).
    assert.match(await game.evaluate(() => document.querySelector("meta[http-equiv='Content-Security-Policy']").content), /script-src 'self' 'wasm-unsafe-eval'/);
    assert.deepEqual(await game.evaluate(() => new Promise((resolve) => {
      document.addEventListener("securitypolicyviolation", (e) => resolve([window.inlineRan ?? false, e.violatedDirective]), { once: true });
      document.head.append(Object.assign(document.createElement("script"), { textContent: "window.inlineRan = true" }));
    })), [false, "script-src-elem"]);
    hostPage.errors.length = 0; // that refusal was logged on purpose

    // The host asks for the state and gets it.
    await hostPage.evaluate(() => ask({ type: "carcassonne:get", id: 1 }));
    await hostPage.waitForFunction(() => got.some((m) => m.data.id === 1));
    const reply = await hostPage.evaluate(() => got.find((m) => m.data.id === 1));
    assert.equal(reply.origin, new URL(game.url()).origin);
    assert.equal(reply.data.type, "carcassonne:state");
    assert.deepEqual(reply.data.snapshot.sets, ["base", "ghosts"]);
    assert.deepEqual(reply.data.snapshot.players.map((p) => p.name), ["Ann", "Bo"]);

    // A click on the framed board places a tile; the host hears of the change.
    const legal = await game.evaluate(() => document.querySelector("carcassonne-game").game.legalActions());
    const at = await squareIn(game, "carcassonne-game", legal[0].x, legal[0].y);
    const box = await hostPage.locator("#game").boundingBox();
    await hostPage.mouse.click(box.x + at.x, box.y + at.y);
    await hostPage.waitForFunction(() => got.some((m) => m.data.type === "carcassonne:change"));
    const change = await hostPage.evaluate(() => got.find((m) => m.data.type === "carcassonne:change").data);
    assert.equal(change.events[0].type, "tile_placed");
    // A bad request gets a clear failure, and nothing changes.
    await hostPage.evaluate(() => ask({ type: "carcassonne:apply", id: 2, action: { tile: "base.A", x: 40, y: 40, rotation: 0 } }));
    await hostPage.waitForFunction(() => got.some((m) => m.data.id === 2));
    assert.equal(await hostPage.evaluate(() => got.find((m) => m.data.id === 2).data.type), "carcassonne:failed");
    assert.equal(await game.evaluate(() => document.querySelector("carcassonne-game").game.snapshot().actions), 1);
    await shot(hostPage, "17-iframe-host");

    // Another site framing the same page (naming the first host as the origin) is ignored.
    stranger = await hostSite("stranger", frameUrl);
    const strangerPage = await hostPage.context().newPage();
    await strangerPage.goto(stranger.url);
    const strangerFrame = () => strangerPage.frames().find((f) => f.url().startsWith(srv.url));
    await strangerPage.waitForFunction(() => document.getElementById("game").contentWindow, null);
    await strangerPage.waitForTimeout(200);
    await strangerFrame().waitForFunction(() => document.querySelector("carcassonne-game")?.game);
    const before = await strangerFrame().evaluate(() => document.querySelector("carcassonne-game").exportRecord());
    await strangerPage.evaluate(() => {
      ask({ type: "carcassonne:get", id: 9 });
      ask({ type: "carcassonne:new", id: 10, options: { players: ["X", "Y"], sets: ["base"] } });
    });
    await strangerPage.waitForTimeout(1000);
    assert.deepEqual(await strangerPage.evaluate(() => got), [], "no answer to another origin");
    assert.equal(await strangerFrame().evaluate(() => document.querySelector("carcassonne-game").exportRecord()), before);
    assert.deepEqual(hostPage.errors, []);
    await hostPage.context().close();
  } finally {
    await host.close();
    await stranger?.close();
  }
});
