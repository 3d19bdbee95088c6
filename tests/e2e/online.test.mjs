// Online play in the browser against the real `carc serve` (built with --features server):
// two players in two browser contexts play a whole game by clicks on the canvas, one reloads
// mid-game and resumes, the server is killed and restarted mid-game and both pages carry
// on, and a third context watches. A static copy of the game (no server) hides online play.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve, launch, newPage, shot, ready, makeOnlineRoom, followInvite, startRestartableServer, killServer, restartServer, pullSheet } from "./harness.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-online-"));
const DB = path.join(dir, "rooms.db");

let server, browser;
before(async () => { server = await startRestartableServer({ db: DB }); browser = await launch(); });
after(async () => { await browser?.close(); server?.child.kill("SIGKILL"); fs.rmSync(dir, { recursive: true, force: true }); });

const snap = (page) => page.evaluate(() => window.carc.game.snapshot());

/** One move by clicks for the player whose page this is: the tile on its first legal
 *  square, then the first spot (every third turn) or “No meeple”. */
async function move(page) {
  const s = await snap(page);
  if (s.phase.step === "tile") {
    const legal = await page.evaluate(() => window.carc.game.legalActions());
    const p = await page.evaluate(([x, y]) => window.carc.view.screenPoint(x, y), [legal[0].x, legal[0].y]);
    const box = await page.locator("#board").boundingBox();
    await page.mouse.click(box.x + p.x, box.y + p.y);
  } else {
    const spots = await page.evaluate(() => window.carc.view.spotPoints());
    if (spots.length && s.turn % 3 === 0) {
      const box = await page.locator("#board").boundingBox();
      await page.mouse.click(box.x + spots[0].x, box.y + spots[0].y);
      // The figure waits for its confirmation: nothing is sent until the second click.
      assert.ok(await page.evaluate(() => !!window.carc.view.pending));
      await page.mouse.click(box.x + spots[0].x, box.y + spots[0].y);
    } else {
      await page.click("#btn-pass");
    }
  }
  await page.waitForFunction((n) => window.carc.game.snapshot().actions > n, s.actions, { timeout: 15000 });
}

test("a static copy without a server offers no online play", async () => {
  const srv = await serve();
  const page = await newPage(browser);
  await page.goto(srv.url);
  await ready(page);
  await page.waitForTimeout(300);
  assert.equal(await page.isVisible("#ng-online-box"), false);
  await page.context().close();
  await srv.close();
});

test("two players online by clicks, a reload, a server restart, and a watcher", async () => {
  const a = await newPage(browser);
  await a.goto(server.url);
  await ready(a);
  if (await a.locator("#new-game[open]").count() === 0) await a.click("#btn-new");
  await a.waitForFunction(() => !document.querySelector("#ng-online-box").hidden);
  await a.check("#ng-online");
  await a.fill("#ng-players li:nth-child(1) input", "Ann");
  await a.fill("#ng-players li:nth-child(2) input", "Bo");
  await a.selectOption("#ng-players li:nth-child(2) select.who", "");
  await a.click("#ng-start");
  await a.waitForSelector("#invite[open]");
  const links = await a.$$eval("#invite-links input", (is) => is.map((i) => i.value));
  assert.equal(links.length, 2, "Bo's seat and the watch link");
  // Secrets travel in the fragment, which no server is ever sent (issue 22, defect 12).
  assert.match(links[0], /\/#room=[\w-]{22}&t=[\w-]{22}$/);
  await shot(a, "30-online-invite");
  await a.click("#invite button[type=submit]");
  assert.match(a.url(), /\/#room=[\w-]{22}$/, "the address names the room, not Ann's token (stored instead)");
  // Bo has not opened his link yet: invited, not "away 0 s".
  await a.waitForFunction(() => window.carc.online?.room?.seats.length === 2);
  assert.match(await a.textContent("#on-seats li:nth-child(2)"), /Boinvited/);
  assert.doesNotMatch(await a.textContent("#on-seats"), /away/);

  const b = await newPage(browser);
  await followInvite(b, links[0]);
  const watch = await newPage(browser);
  await watch.goto(links[1]);
  await a.waitForFunction(() => window.carc.online?.room?.seats.every((s) => s.connected));
  assert.match(await a.textContent("#on-seats"), /Ann \(you\)[\s\S]*connected[\s\S]*Bo[\s\S]*connected/);
  assert.equal(await b.isVisible("#on-start"), false, "only the host starts");
  // Behind the waiting room the host sees no game yet: no drawn tile, no stack, no Rotate.
  const lobby = await a.evaluate(() => {
    const c = document.querySelector("#drawn"), px = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    return { ink: px.some((v, i) => i % 4 === 3 && v > 0), left: document.querySelector("#tiles-left").textContent,
      rotate: document.querySelector("#btn-rotate").disabled || document.querySelector("#btn-rotate").offsetParent === null,
      turn: document.querySelector("#turn-line").textContent, label: document.querySelector("#drawn").getAttribute("aria-label") };
  });
  assert.deepEqual(lobby, { ink: false, left: "", rotate: true, turn: "Waiting for the host to start the game.", label: "The drawn tile" });
  await a.click("#on-start");
  const pages = [a, b];
  await Promise.all([...pages, watch].map((p) => p.waitForFunction(() => window.carc.online?.game)));
  const room = new URLSearchParams(new URL(links[1]).hash.slice(1)).get("room");
  assert.match(b.url(), /\/#room=[\w-]{22}$/, "Bo's token is taken out of the address bar");
  // The element and the iframe page join the room too (watching): a fan site's way in.
  const fan = await newPage(browser);
  await fan.goto(server.url + "element-example.html");
  await fan.evaluate(([url, room]) => {
    const e = document.createElement("carcassonne-game");
    e.id = "online";
    e.setAttribute("server", url);
    e.setAttribute("room", room);
    e.style.height = "300px";
    document.body.prepend(e);
  }, [server.url, room]);
  await fan.waitForFunction(() => document.getElementById("online").game);
  const framed = await newPage(browser);
  await framed.goto(`${server.url}embed.html?room=${room}`);
  await framed.waitForFunction(() => document.querySelector("carcassonne-game")?.game);

  let reloaded = false, restarted = false, moves = 0;
  for (;;) {
    const s = await snap(a);
    if (s.over) break;
    const p = pages[s.current_player];
    const other = pages[1 - s.current_player];
    // The other player cannot play for the one on turn: the board is locked for them.
    if (moves === 3) {
      const legal = await other.evaluate(() => window.carc.game.legalActions());
      if (legal[0]?.x !== undefined) {
        const q = await other.evaluate(([x, y]) => window.carc.view.screenPoint(x, y), [legal[0].x, legal[0].y]);
        const box = await other.locator("#board").boundingBox();
        await other.mouse.click(box.x + q.x, box.y + q.y);
        await other.waitForTimeout(200);
        assert.equal((await snap(a)).actions, s.actions, "a click on the other's turn plays nothing");
      }
    }
    if (moves === 12 && !reloaded) {
      // Bo reloads his page mid-game: back in his seat, at the same position.
      reloaded = true;
      await b.reload();
      await b.waitForFunction((n) => window.carc?.online?.game?.snapshot().actions === n, s.actions);
      assert.equal(await b.evaluate(() => window.carc.online.seat), 1);
    }
    if (moves === 24 && !restarted) {
      // The server is killed and started again on the same port and database: both
      // pages reconnect by themselves and carry on.
      restarted = true;
      await killServer(server);
      await a.waitForFunction(() => window.carc.online.status !== "online");
      server = await restartServer(server, { db: DB });
      await Promise.all(pages.map((q) => q.waitForFunction(() => window.carc.online.status === "online", null, { timeout: 15000 })));
      // While the server was down, a page's reconnection could be refused: Chromium logs
      // that itself (a loaded machine took long enough to restart). It is no page error.
      for (const q of [a, b, watch, fan, framed]) q.errors = q.errors.filter((e) => !/^WebSocket connection to '[^']*' failed: .*ERR_CONNECTION_REFUSED$/.test(e));
      await shot(a, "31-online-after-restart");
    }
    await move(p);
    moves++;
    await other.waitForFunction((n) => window.carc.game.snapshot().actions > n, s.actions, { timeout: 15000 });
  }
  const [sa, sb] = [await snap(a), await snap(b)];
  await watch.waitForFunction((n) => window.carc.game.snapshot().actions === n, sa.actions);
  const sw = await snap(watch);
  assert.equal(sa.over, true);
  assert.ok(reloaded && restarted && moves > 100, `moves ${moves}`);
  for (const s of [sb, sw]) {
    assert.deepEqual(s.scores, sa.scores);
    assert.deepEqual(s.board, sa.board);
  }
  // The element and the iframe followed every move, through the restart too.
  for (const [page, sel] of [[fan, "#online"], [framed, "carcassonne-game"]]) {
    await page.waitForFunction(([sel, n]) => document.querySelector(sel).game.snapshot().actions === n, [sel, sa.actions], { timeout: 20000 });
    assert.deepEqual(await page.evaluate((sel) => document.querySelector(sel).game.snapshot().scores, sel), sa.scores);
  }
  assert.equal(await a.isVisible("#final"), true);
  assert.match(await watch.textContent("#on-room"), /over/);
  assert.equal(await a.isVisible("#on-rematch"), true, "the host may ask for a rematch");
  await shot(a, "32-online-over");
  for (const p of [a, b, watch, fan, framed]) assert.deepEqual(p.errors, []);
});

test("an open seat is taken with the open link only; tokens stay out of the address bar", async () => {
  const a = await newPage(browser);
  await a.goto(server.url);
  await ready(a);
  if (await a.locator("#new-game[open]").count() === 0) await a.click("#btn-new");
  await a.waitForFunction(() => !document.querySelector("#ng-online-box").hidden);
  await a.check("#ng-online");
  await a.fill("#ng-players li:nth-child(1) input", "Ann");
  await a.selectOption("#ng-players li:nth-child(2) select.who", "open");
  await a.click("#ng-start");
  await a.waitForSelector("#invite[open]");
  const links = await a.$$eval("#invite-links input", (is) => is.map((i) => i.value));
  const open = links.find((l) => l.includes("&open="));
  const watchLink = links.find((l) => !l.includes("&"));
  assert.match(open, /\/#room=[\w-]{22}&open=[\w-]{22}$/, links.join(" "));
  await a.click("#invite button[type=submit]");
  // A watcher knows the room id; a claim needs the open link's secret (issue 22, defect 13).
  const room = new URLSearchParams(new URL(watchLink).hash.slice(1)).get("room");
  const w = await newPage(browser);
  await w.goto(watchLink);
  await w.waitForFunction(() => window.carc.online?.room);
  const refused = await w.evaluate((room) => window.carc.online.claim(room, "Eve").then(() => "claimed", (e) => e.message), room);
  assert.match(refused, /open link/);
  // Before anyone takes it, the open seat reads "free"; Ann's page says so.
  await a.waitForFunction(() => window.carc.online?.room?.seats[1]?.kind === "open");
  assert.match(await a.textContent("#on-seats li:nth-child(2)"), /\(open seat\)free/);
  // Gus follows the open link: the page asks his name (no silent "Guest"); an empty name
  // is not taken. He sits in seat 1.
  const g = await newPage(browser);
  await g.goto(open);
  await g.waitForSelector("#claim[open]");
  assert.equal(await g.inputValue("#claim-name"), "");
  // Behind the dialog no placeholder game: the room is being joined.
  assert.equal(await g.textContent("#turn-line"), "Joining the online room…");
  assert.equal(await g.isVisible("#players"), false);
  assert.doesNotMatch(await g.textContent("#log"), /Red|drew|online game is on/);
  await g.click("#claim-take");
  assert.equal(await g.isVisible("#claim"), true, "no name, no seat");
  await g.fill("#claim-name", "Gus");
  await shot(g, "online-claim-name");
  await g.click("#claim-take");
  await g.waitForFunction(() => window.carc.online?.seat === 1);
  assert.match(g.url(), /\/#room=[\w-]{22}$/, "neither the secret nor the new token stays in the address");
  await a.waitForFunction(() => window.carc.online.room.seats[1].name === "Gus" && window.carc.online.room.seats[1].kind === "person");
  // A reload plays the same seat, from the token this browser stored.
  await g.reload();
  await g.waitForFunction(() => window.carc?.online?.seat === 1);
  assert.equal(await g.evaluate(() => location.search), "");
  for (const p of [a, w, g]) assert.deepEqual(p.errors, []);
});

test("the server's refusals are said in the page's language, from their codes", async () => {
  for (const [locale, words] of [["de-DE", /^Diesen Raum gibt es nicht/], ["fr-FR", /^Ce salon n'existe pas/], ["nl-NL", /^Zo'n kamer bestaat niet/]]) {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale });
    await page.goto(`${server.url}#room=noSuchRoomHere1234`);
    await page.waitForFunction(() => !document.querySelector("#notice").hidden, null, { timeout: 15000 });
    const said = await page.textContent("#notice");
    assert.match(said, words, said);
    assert.doesNotMatch(said, /no such room/, "not the server's English");
    if (locale === "de-DE") await shot(page, "online-refusal-de-390");
    await page.context().close();
  }
});

test("players chat as text, a watcher reads, a mute hides a player and the room keeps the chat", async () => {
  const a = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  const links = await makeOnlineRoom(a, server.url, "open");
  const g = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await g.goto(links.find((l) => l.includes("&open=")));
  await g.waitForSelector("#claim[open]");
  await g.fill("#claim-name", "Gus");
  await shot(g, "online-claim-name-390");
  await g.tap("#claim-take");
  await g.waitForFunction(() => window.carc.online?.seat === 1);
  const w = await newPage(browser);
  await w.goto(links.find((l) => !l.includes("&")));
  await w.waitForFunction(() => window.carc.online?.room);

  const log = (p) => p.$$eval("#on-chat-log li", (ls) => ls.map((l) => l.textContent));
  // Markup is shown as the text it is, never run.
  const bait = `<img src=x onerror="window.pwned=1"> hi Gus`;
  await a.fill("#on-chat-text", bait);
  await a.press("#on-chat-text", "Enter");
  for (const p of [a, g, w]) await p.waitForFunction(() => document.querySelectorAll("#on-chat-log li").length === 1);
  for (const p of [a, g, w]) {
    assert.deepEqual(await log(p), [`Ann: ${bait}`]);
    assert.equal(await p.evaluate(() => document.querySelector("#on-chat-log img") === null && window.pwned === undefined), true);
  }
  assert.equal(await a.inputValue("#on-chat-text"), "", "the box empties once sent");
  // A watcher reads but has no box to write in, and no move buttons.
  assert.equal(await w.isVisible("#on-chat-form"), false);
  for (const b of ["#btn-rotate", "#btn-pass", "#btn-undo", "#btn-end"]) assert.equal(await w.isVisible(b), false, `a watcher sees no ${b}`);
  // The room has not begun: the turn line waits for the host, the page shows the room's
  // seats (not a placeholder game's "Red" and "Blue"), the log says the same, and the
  // connection's badge does not repeat the heading.
  for (const p of [a, w]) {
    assert.equal(await p.textContent("#turn-line"), "Waiting for the host to start the game.");
    assert.equal(await p.isVisible("#players"), false);
    assert.doesNotMatch(await p.textContent("#log"), /The online game is on/);
  }
  assert.equal(await a.textContent("#on-status"), "connected");
  // On Gus's phone the chat is in the sheet: its handle counts what he has not read.
  await g.waitForFunction(() => /1 new message/.test(document.querySelector("#sheet-handle").textContent));
  await pullSheet(g);
  assert.doesNotMatch(await g.textContent("#sheet-handle"), /new message/);
  await g.fill("#on-chat-text", "hello Ann");
  await g.click("#on-chat-form button[type=submit]");
  await a.waitForFunction(() => document.querySelectorAll("#on-chat-log li").length === 2);
  await g.locator("#online").scrollIntoViewIfNeeded();
  await shot(g, "33-online-chat-phone");
  await shot(a, "34-online-chat");
  // Gus mutes Ann: her lines are hidden on his page only, new ones too.
  await g.click("#on-seats li:nth-child(1) .mute");
  await g.waitForFunction(() => document.querySelectorAll("#on-chat-log li").length === 1);
  assert.equal(await g.getAttribute("#on-seats li:nth-child(1) .mute", "aria-pressed"), "true");
  await a.fill("#on-chat-text", "are you there?");
  await a.press("#on-chat-text", "Enter");
  await w.waitForFunction(() => document.querySelectorAll("#on-chat-log li").length === 3);
  assert.deepEqual(await log(g), ["Gus: hello Ann"]);
  // The room keeps the chat and this browser keeps the mute: after a reload, the same;
  // unmuted, all three lines.
  await g.reload();
  await g.waitForFunction(() => window.carc?.online?.chat?.length === 3);
  assert.deepEqual(await log(g), ["Gus: hello Ann"]);
  await g.click("#on-seats li:nth-child(1) .mute");
  await g.waitForFunction(() => document.querySelectorAll("#on-chat-log li").length === 3);
  assert.deepEqual(await log(g), [`Ann: ${bait}`, "Gus: hello Ann", "Ann: are you there?"]);
  for (const p of [a, g, w]) assert.deepEqual(p.errors, []);
});

test("my games: each browser lists the rooms it holds a seat in, whose turn it is, and goes back in", async () => {
  const a = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  const links = await makeOnlineRoom(a, server.url);
  const room = new URLSearchParams(new URL(links[0]).hash.slice(1)).get("room");
  const b = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await followInvite(b, links[0]);
  await a.waitForFunction(() => window.carc.online?.room?.seats.every((s) => s.connected));
  await a.click("#on-start");
  await a.waitForFunction(() => window.carc.online?.game);
  // Ann plays her turn (tile, then meeple or none); then it is Bo's.
  while (await a.evaluate(() => window.carc.game.snapshot().current_player) === 0) await move(a);
  // The replay of a game still played online offers no review (docs/review.md: once it
  // is over) and no playing on elsewhere.
  await a.click("#btn-replay");
  await a.locator("#replay-bar").waitFor({ state: "visible" });
  assert.deepEqual([await a.isVisible("#rp-review"), await a.isVisible("#rp-play")], [false, false]);
  await a.click("#rp-close");
  // Bo leaves the room, to come back when it is his turn.
  await b.waitForFunction(() => window.carc.online?.game?.snapshot().current_player === 1);
  await b.click("#on-leave");
  await b.waitForSelector("#new-game[open]");
  const row = `#ng-mine-list li:has-text("Bo (you)")`;
  await b.waitForSelector(row);
  assert.match(await b.textContent(row), /Ann, Bo \(you\)Your turnlast move (now|\d+ seconds? ago)/);
  assert.equal(await b.getAttribute(row, "class"), "yours");
  await shot(b, "35-my-games-phone");
  await b.click(`${row} button`);
  await b.waitForFunction((r) => window.carc.online?.room?.room === r && window.carc.online.seat === 1, room);
  assert.match(b.url(), new RegExp(`#room=${room}$`));
  await b.waitForFunction(() => window.carc.online?.game);
  await move(b);
  // Ann's list says it is Bo's turn, or hers again once he has played.
  await a.click("#btn-new");
  await a.waitForSelector(`#ng-mine-list li:has-text("Ann (you)")`);
  assert.match(await a.textContent(`#ng-mine-list li:has-text("Ann (you)")`), /Ann \(you\), Bo(Bo's turn|Your turn)last move/);
  await shot(a, "36-my-games");
  for (const p of [a, b]) assert.deepEqual(p.errors, []);
});
