// Issue 38's clocks in the browser against the real `carc serve` (built with --features
// server): a room made from the new-game screen with a preset clock shows it, and in a room
// with a 12 + 3 s clock Ann lets her time run out: both pages (1280×800 and a phone at
// 390×844) show the clocks counting down, mark low time, tell Ann's screen reader at ten
// seconds, and show that a computer took her seat. The element in a fan's page shows the
// clocks too. Screenshots in test-artifacts/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, newPage, shot, ready, followInvite, startServer, pullSheet, violations } from "./harness.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-clock-"));
let server, browser;
before(async () => { server = await startServer({ db: path.join(dir, "rooms.db") }); browser = await launch(); });
after(async () => { await browser?.close(); server?.child.kill("SIGKILL"); fs.rmSync(dir, { recursive: true, force: true }); });

/** Make a room of Ann and Bo with `clock` over a WebSocket from a page of its own on the
 *  server's origin; returns its id and tokens. The page is closed after: its favicon's 404
 *  can come late, and would land in a player's page errors. */
async function makeRoom(clock) {
  const page = await newPage(browser);
  await page.goto(server.url + "server.json");
  try { return await create(page, clock); } finally { await page.context().close(); }
}

/** The `create` message on a WebSocket from `page`: the room's id and tokens. */
function create(page, clock) {
  return page.evaluate((clock) => new Promise((resolve, reject) => {
    const ws = new WebSocket(new URL("ws", location.href).href.replace(/^http/, "ws"));
    ws.onopen = () => ws.send(JSON.stringify({ type: "create", sets: ["base"], options: {}, clock,
      seats: [{ name: "Ann", kind: "person" }, { name: "Bo", kind: "person" }] }));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "created") { ws.close(); resolve({ room: m.room, tokens: m.tokens }); }
      if (m.type === "error") reject(new Error(m.message));
    };
  }), clock);
}

/** Everything said to screen readers on `page` from now on (kept in window.said). */
const listen = (page) => page.evaluate(() => {
  window.said = [];
  new MutationObserver(() => window.said.push(document.querySelector("#announce").textContent))
    .observe(document.querySelector("#announce"), { childList: true, characterData: true, subtree: true });
});

/** The clocks shown in the players' list: [text, low, running] per seat. */
const clocks = (page) => page.$$eval("#players .clock", (cs) => cs.map((c) =>
  [c.querySelector(".clock-time").textContent, c.classList.contains("low"), c.classList.contains("running")]));

test("a preset clock from the new-game screen is the room's, shown beside the players", async () => {
  const a = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await a.goto(server.url);
  await ready(a);
  if (await a.locator("#new-game[open]").count() === 0) await a.click("#btn-new");
  await a.waitForFunction(() => !document.querySelector("#ng-online-box").hidden);
  assert.ok(await a.locator("#ng-clock-box").isHidden(), "a clock is for online games only");
  await a.check("#ng-online");
  await a.selectOption("#ng-clock", "300+3");
  assert.match(await a.textContent("#ng-clock-note"), /computer takes the seat/);
  await a.fill("#ng-players li:nth-child(1) input", "Ann");
  await a.fill("#ng-players li:nth-child(2) input", "Bo");
  await a.selectOption("#ng-players li:nth-child(2) select.who", "");
  await a.locator("#ng-clock-box").scrollIntoViewIfNeeded();
  await shot(a, "clock-new-game-1280");
  await a.click("#ng-start");
  await a.waitForSelector("#invite[open]");
  await a.click("#invite button[type=submit]");
  await a.waitForFunction(() => window.carc.online?.room?.clock);
  assert.deepEqual(await a.evaluate(() => window.carc.online.room.clock), { base: 300, increment: 3, timeout: "computer" });
  assert.match(await a.textContent("#on-room"), /Clock: 5 min \+ 3 s a move/);
  await a.click("#on-start");
  // The spans come with the players' list; their times with the server's first clock frame.
  await a.waitForFunction(() => document.querySelectorAll("#players .clock:not([hidden]) .clock-time:not(:empty)").length === 2);
  const [ann, bo] = await clocks(a);
  assert.ok(["5:00", "4:59"].includes(ann[0]) && ann[2] && !ann[1], `Ann's clock runs: ${ann}`);
  assert.deepEqual(bo, ["5:00", false, false]);
  assert.deepEqual(await violations(a), [], "axe finds nothing with the clocks shown");
  await a.context().close();
});

test("Ann lets a 12 + 3 s clock run out: both pages see a computer take her seat", async () => {
  const a = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  const b = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { room, tokens } = await makeRoom({ base: 12, increment: 3, timeout: "computer" });
  await followInvite(a, `${server.url}#room=${room}&t=${tokens[0]}`);
  await followInvite(b, `${server.url}#room=${room}&t=${tokens[1]}`);
  await a.waitForFunction(() => window.carc.online?.room?.seats.every((s) => s.connected));
  await listen(a);
  await a.click("#on-start");
  await Promise.all([a, b].map((p) => p.waitForFunction(() => document.querySelectorAll("#players .clock").length === 2)));
  // Ann's clock counts down on both pages; Bo's stands.
  await a.waitForFunction(() => document.querySelector('#players .clock[data-clock-seat="0"] .clock-time').textContent === "0:10");
  const [ann, bo] = await clocks(a);
  assert.deepEqual([ann[1], ann[2]], [true, true], "Ann's is running and low");
  assert.deepEqual(bo, ["0:12", false, false]);
  await pullSheet(b);
  await b.waitForFunction(() => Number(document.querySelector('#players .clock[data-clock-seat="0"] .clock-time').textContent.slice(2)) <= 9);
  await shot(a, "clock-running-1280");
  await shot(b, "clock-running-390");
  await a.waitForFunction(() => window.said.includes("Ten seconds left on your clock."), null, { timeout: 5000 });
  // The server's word, not the page's: the seat goes to a computer, which plays on.
  for (const p of [a, b]) {
    await p.waitForFunction(() => window.carc.online.room.seats[0].kind === "computer", null, { timeout: 15000 });
    await p.waitForFunction(() => /Ann ran out of time: a computer plays the seat now/.test(document.querySelector("#notice").textContent));
    await p.waitForFunction(() => window.carc.online.clock?.running === 1);
  }
  assert.ok(await a.evaluate(() => window.said.some((s) => /Ann ran out of time/.test(s))), "said to Ann's screen reader");
  const after = await clocks(b);
  assert.deepEqual([after[0][0], after[0][2]], ["0:00", false], "Ann's time is up and stopped");
  assert.equal(after[1][2], true, "Bo's clock runs now");
  assert.match(await b.textContent("#on-seats"), /Ann.*computer/);
  await shot(a, "clock-timeout-1280");
  await shot(b, "clock-timeout-390");
  for (const p of [a, b]) assert.deepEqual(p.errors, []);
  await a.context().close();
  await b.context().close();
});

test("the element in a fan's page shows a room's clocks", async () => {
  const a = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  const { room, tokens } = await makeRoom({ base: 600, increment: 5 });
  await a.goto(server.url + "element-example.html");
  await a.evaluate(([url, room, token]) => {
    document.body.replaceChildren();
    const e = document.createElement("carcassonne-game");
    e.style.cssText = "display:block;width:900px;height:600px";
    Object.entries({ server: url, room, token }).forEach(([k, v]) => e.setAttribute(k, v));
    document.body.append(e);
  }, [server.url, room, tokens[0]]);
  const el = a.locator("carcassonne-game");
  await a.waitForFunction(() => document.querySelector("carcassonne-game").shadowRoot?.querySelector(".players"));
  // The host starts the game over its own connection (the element has no lobby buttons).
  // (The element makes its connection once its language has come: wait for it too.)
  await a.evaluate(() => new Promise((resolve) => {
    const go = () => {
      const o = document.querySelector("carcassonne-game").online;
      if (o?.room) { o.start(); resolve(); } else setTimeout(go, 50);
    };
    go();
  }));
  await a.waitForFunction(() => document.querySelector("carcassonne-game").shadowRoot.querySelectorAll(".clock").length === 2);
  const shown = await el.evaluate((e) => [...e.shadowRoot.querySelectorAll(".clock")].map((c) => c.textContent));
  assert.match(shown[0], /^time left (10:00|9:59)$/);
  assert.equal(shown[1], "time left 10:00");
  await shot(a, "clock-element-1280");
  await a.context().close();
});

test("with the rated rule the seat that runs out loses: both pages say so and nobody plays on", async () => {
  const a = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  const b = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { room, tokens } = await makeRoom({ base: 4, timeout: "loss" });
  await followInvite(a, `${server.url}#room=${room}&t=${tokens[0]}`);
  await followInvite(b, `${server.url}#room=${room}&t=${tokens[1]}`);
  await a.waitForFunction(() => window.carc.online?.room?.seats.every((s) => s.connected));
  await a.click("#on-start");
  for (const p of [a, b]) {
    await p.waitForFunction(() => /Ann ran out of time and loses/.test(document.querySelector("#notice").textContent), null, { timeout: 15000 });
    await p.waitForFunction(() => /Ann lost on time/.test(document.querySelector("#turn-line").textContent));
    assert.match(await p.textContent("#on-room"), /Ann lost on time/);
  }
  assert.equal(await a.textContent("#hint"), "Ann lost on time.", "the hint says so, not whose move it is");
  assert.ok(await a.locator("#on-rematch").isVisible(), "the host may ask for a rematch");
  await shot(a, "clock-lost-1280");
  await pullSheet(b);
  await shot(b, "clock-lost-390");
  for (const p of [a, b]) assert.deepEqual(p.errors, []);
  await a.context().close();
  await b.context().close();
});
