// Issue 38's duplicate match in the browser against the real `carc serve`: two computers
// play a duplicate match, watched on a desktop (1280×800) and a phone (390×844); after the
// first game the results say the rematch deals the same tiles with the other seat first,
// after the second they give the match, the sum of both margins; the lobby marks duplicate
// rooms. Screenshots in test-artifacts/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, newPage, shot, ready, startServer, violations } from "./harness.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-duplicate-"));
let server, browser;
before(async () => { server = await startServer({ db: path.join(dir, "rooms.db") }); browser = await launch(); });
after(async () => { await browser?.close(); server?.child.kill("SIGKILL"); fs.rmSync(dir, { recursive: true, force: true }); });

/** A WebSocket client of the server in a page of its own (`page`), as a script would be:
 *  `send` a message, `until` one of a type comes (with `host` for a room frame to a host). */
async function client(page, name) {
  await page.evaluate(({ url, name }) => {
    const ws = new WebSocket(url.replace(/^http/, "ws") + "ws");
    const c = (window[name] = { ws, seen: [], open: new Promise((r) => { ws.onopen = r; }) });
    ws.onmessage = (e) => c.seen.push(JSON.parse(e.data));
  }, { url: server.url, name });
  return {
    send: (m) => page.evaluate(async ({ name, m }) => { await window[name].open; window[name].ws.send(JSON.stringify(m)); }, { name, m }),
    until: (type, host = false) => page.waitForFunction(({ name, type, host }) =>
      window[name].seen.find((m) => m.type === type && (!host || m.host)), { name, type, host }).then((h) => h.jsonValue()),
    close: () => page.evaluate((name) => window[name].ws.close(), name),
  };
}

async function watch(page, room) {
  await page.goto("about:blank"); // a new load, not a change of the fragment alone
  await page.goto(`${server.url}#room=${room}`);
  await ready(page);
  await page.evaluate(() => { window.carc.finalStepMs = 0; });
  await page.waitForFunction((r) => window.carc.online?.room?.room === r, room);
}

const outcome = (page) => page.waitForFunction(() => document.querySelector("#results")?.open
  && document.querySelector("#final-outcome")?.textContent, null, { timeout: 60000 }).then((h) => h.jsonValue());

test("two computers' duplicate match: the results give the first game's note, then the match", async () => {
  // A duplicate room waiting for a player is marked so in the lobby.
  const scripts = await newPage(browser);
  await scripts.goto(server.url + "server.json");
  const cy = await client(scripts, "cy");
  await cy.send({ type: "create", duplicate: true, public: true, sets: ["base"], options: {},
    seats: [{ name: "Cy", kind: "person" }, { name: "Open", kind: "open" }] });
  await cy.until("created");
  const a = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await a.goto(server.url);
  await ready(a);
  if (await a.locator("#new-game[open]").count() === 0) await a.click("#btn-new");
  await a.waitForFunction(() => !document.querySelector("#ng-lobby-box").hidden);
  await a.click("#ng-lobby");
  await a.waitForFunction(() => /Cy, \(open seat\)Base game · no clock · duplicate match/.test(document.querySelector("#lobby-waiting")?.textContent), null, { timeout: 8000 });
  await shot(a, "duplicate-lobby-1280");
  await a.click("#lobby-close");

  // Two computers' match, hosted from here, watched on both pages.
  const host = await client(scripts, "host");
  await host.send({ type: "create", duplicate: true, sets: ["base"], options: {},
    seats: [{ name: "Easy", kind: "computer", level: "easy" }, { name: "Medium", kind: "computer", level: "medium" }] });
  const made = await host.until("created");
  await host.send({ type: "join", room: made.room, token: made.host });
  await host.until("room", true);
  const b = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await watch(a, made.room);
  await watch(b, made.room);
  assert.match(await a.textContent("#on-room"), /duplicate match, game 1 of 2/);
  await host.send({ type: "start" });
  for (const p of [a, b]) assert.equal(await outcome(p), "Duplicate match, game 1 of 2: the rematch deals the same tiles, Medium first.");
  await shot(a, "duplicate-first-1280");
  const first = await a.evaluate(() => window.carc.online.game.snapshot().players.map((p) => p.score));
  // The rematch: the same tiles, Medium first; then the match.
  await host.send({ type: "rematch" });
  await a.waitForFunction(() => window.carc.online.room.duplicate?.game === 2 && !window.carc.online.game.snapshot().over, null, { timeout: 10000 });
  assert.deepEqual(await a.evaluate(() => window.carc.online.room.duplicate.first), first);
  // Medium begins the second game (the computers play at once: the record says who began).
  assert.equal(await a.evaluate(() => JSON.parse(window.carc.online.game.exportRecord()).setup.options.first_player), 1);
  const texts = [];
  for (const p of [a, b]) texts.push(await outcome(p));
  const second = await a.evaluate(() => window.carc.online.game.snapshot().players.map((p) => p.score));
  const total = (first[0] - first[1]) + (second[0] - second[1]);
  const sign = (m) => (m > 0 ? `+${m}` : m < 0 ? `\u2212${-m}` : "0");
  const k = total >= 0 ? 1 : -1;
  const expected = total === 0
    ? `Duplicate match over two games: a draw (game 1: ${sign(first[0] - first[1])}, game 2: ${sign(second[0] - second[1])}).`
    : `Duplicate match over two games: ${total > 0 ? "Easy" : "Medium"} by ${Math.abs(total)} points (game 1: ${sign(k * (first[0] - first[1]))}, game 2: ${sign(k * (second[0] - second[1]))}).`;
  assert.deepEqual(texts, [expected, expected]);
  await shot(a, "duplicate-match-1280");
  await shot(b, "duplicate-match-390");
  assert.deepEqual(await violations(a), []);
  await host.close();
  await cy.close();
  for (const p of [a, b]) assert.deepEqual(p.errors.filter((e) => !/Failed to load resource/.test(e)), []);
});
