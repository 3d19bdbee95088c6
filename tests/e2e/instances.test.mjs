// Online play across two `carc serve` instances on one PostgreSQL, as behind a load
// balancer: a small TCP balancer on 127.0.0.1 hands each new WebSocket to the next live
// instance in turn (plain requests to the first live one), so Ann's page reaches instance 0,
// which makes and owns the room, and Bo's reaches instance 1, which forwards him to it. The owner is SIGKILLed mid-game and the balancer sends everything to the
// other: both pages reconnect by themselves, the other instance takes the room once its
// lease lapses, and the game goes on by clicks. The cluster is a throwaway one
// (examples/pgcluster.rs), gone when this test ends.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import net from "node:net";
import { PGCLUSTER, launch, newPage, shot, makeOnlineRoom, followInvite, startServer } from "./harness.mjs";

let cluster, servers = [], balancer, browser;
let sockets = 0; // WebSockets the balancer has handed on
const live = new Set([0, 1]);
const piped = [new Set(), new Set()];

before(async () => {
  cluster = spawn(PGCLUSTER, [], { stdio: ["pipe", "pipe", "inherit"] });
  const url = await new Promise((resolve, reject) => {
    cluster.on("exit", (c) => reject(new Error(`pgcluster exited (${c})`)));
    cluster.stdout.on("data", (d) => { const m = String(d).match(/postgres:\/\/\S+/); if (m) resolve(m[0]); });
  });
  for (let i = 0; i < 2; i++) servers.push(await startServer({ db: url, args: ["--lease-secs", "2"] }));
  // The balancer: a connection's first bytes say whether it opens the WebSocket.
  balancer = net.createServer((client) => {
    client.once("data", (first) => {
      const ids = [...live];
      const i = String(first).startsWith("GET /ws") ? ids[sockets++ % ids.length] : ids[0];
      const up = net.connect(servers[i].port, "127.0.0.1");
      piped[i].add(client);
      const end = () => { client.destroy(); up.destroy(); piped[i].delete(client); };
      up.write(first);
      client.pipe(up);
      up.pipe(client);
      for (const sock of [client, up]) { sock.on("close", end); sock.on("error", end); }
    });
    client.on("error", () => client.destroy());
  });
  await new Promise((r) => balancer.listen(0, "127.0.0.1", r));
  browser = await launch();
});
after(async () => {
  await browser?.close();
  balancer?.close();
  for (const s of servers) s.child.kill("SIGKILL");
  cluster?.stdin.end();
});

/** One move by clicks: the tile on its first legal square, then no meeple. */
async function move(page) {
  const s = await page.evaluate(() => window.carc.game.snapshot());
  if (s.phase.step === "tile") {
    const legal = await page.evaluate(() => window.carc.game.legalActions());
    const p = await page.evaluate(([x, y]) => window.carc.view.screenPoint(x, y), [legal[0].x, legal[0].y]);
    const box = await page.locator("#board").boundingBox();
    await page.mouse.click(box.x + p.x, box.y + p.y);
  } else {
    await page.click("#btn-pass");
  }
  await page.waitForFunction((n) => window.carc.game.snapshot().actions > n, s.actions, { timeout: 20000 });
}

/** Whoever's turn it is moves, until `n` actions are played in all. */
async function playUntil(pages, n) {
  for (;;) {
    const s = await pages[0].evaluate(() => window.carc.game.snapshot());
    if (s.actions >= n) return;
    const p = pages[s.current_player];
    await p.waitForFunction((k) => window.carc.game.snapshot().actions === k, s.actions, { timeout: 20000 });
    await move(p);
    await pages[0].waitForFunction((k) => window.carc.game.snapshot().actions > k, s.actions, { timeout: 20000 });
  }
}

test("two instances: players on both, the owner killed, the game goes on through the other", async () => {
  const base = `http://127.0.0.1:${balancer.address().port}/`;
  const a = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  const links = await makeOnlineRoom(a, base);
  const b = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await followInvite(b, links[0]);
  await a.waitForFunction(() => window.carc.online?.room?.seats.every((s) => s.connected));
  // Ann's WebSocket is on instance 0, Bo's on instance 1 (forwarded to the owner).
  assert.equal(sockets, 2, "two WebSockets, one on each instance");
  await a.click("#on-start");
  const pages = [a, b];
  await Promise.all(pages.map((p) => p.waitForFunction(() => window.carc.online?.game)));
  await playUntil(pages, 6);

  // Kill the instance that made the room (its owner); the balancer sends all to the other.
  const owner = 0;
  live.delete(owner);
  servers[owner].child.kill("SIGKILL");
  await Promise.all(pages.map((p) => p.waitForFunction(() => window.carc.online.status !== "online", null, { timeout: 15000 })));
  await Promise.all(pages.map((p) => p.waitForFunction(() => window.carc.online.status === "online" && window.carc.online.game, null, { timeout: 20000 })));
  assert.equal(piped[owner].size, 0, "nothing reaches the dead instance");
  await shot(b, "37-other-instance-phone");
  // The game goes on from where it was, by clicks, through the other instance.
  const at = await a.evaluate(() => window.carc.game.snapshot().actions);
  assert.ok(at >= 6, `the game kept its ${at} actions`);
  await playUntil(pages, at + 6);
  for (const p of pages) assert.equal(await p.evaluate(() => window.carc.online.seat), pages.indexOf(p));
  await shot(a, "38-other-instance");
  for (const p of pages) assert.deepEqual(p.errors, []);
});
