// A fan site's author, working from docs/embedding.md alone: a page built from the snippets
// the document marks (`<!-- snippet: NAME -->`), with the game on another origin (a real
// `carc serve`), checked to do what the document says; and the embedding bugs a fan-site
// author met, each with the test that failed before its fix.
// Run: node --test tests/e2e/ (after node scripts/build.mjs and the release carc).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve, launch, newPage, shot, frame, startServer, violations } from "./harness.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const DOC = fs.readFileSync(path.join(root, "docs/embedding.md"), "utf8");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-fansite-"));
const site = path.join(dir, "site");
fs.mkdirSync(site);

let game, fans, plain, browser;
before(async () => {
  fans = await serve(site);
  game = await startServer({ db: path.join(dir, "rooms.db"), args: ["--allow-origin", new URL(fans.url).origin, "--bot-delay-ms", "120"] });
  plain = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await fans?.close();
  await plain?.close();
  game?.child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The code of the block docs/embedding.md marks `<!-- snippet: name -->`. */
function snippet(name) {
  const at = DOC.indexOf(`<!-- snippet: ${name} -->`);
  assert.ok(at >= 0, `embedding.md has no snippet ${name}`);
  return DOC.slice(at).split("```")[1].replace(/^\w*\n/, "");
}

/** The document's example addresses, as this test serves them. */
const ours = (text, room = "") => text
  .replaceAll("https://games.example.org/carcassonne/", game.url)
  .replaceAll("https://games.example.org/", game.url)
  .replaceAll("https://games.example.org", new URL(game.url).origin)
  .replaceAll("https://fans.example.org", new URL(fans.url).origin)
  .replaceAll("ROOM", room);

/** A room of computers only on the game server, made from a page of the fan site (an allowed
 *  origin) as online.md says: create with computer seats, join with the host token, start. */
async function showcase(page) {
  return page.evaluate((url) => new Promise((resolve, reject) => {
    const ws = new WebSocket(url.replace(/^http/, "ws") + "ws");
    ws.onopen = () => ws.send(JSON.stringify({ type: "create", sets: ["base"], options: {},
      seats: [{ name: "Easy", kind: "computer", level: "easy" }, { name: "Medium", kind: "computer", level: "easy" }] }));
    ws.onmessage = (e) => {
      const m = JSON.parse(e.data);
      if (m.type === "created") ws.send(JSON.stringify({ type: "join", room: (window.room = m.room), token: m.host }));
      if (m.type === "room" && m.host && m.status === "lobby" && !window.started) {
        window.started = true;
        ws.send(JSON.stringify({ type: "start" }));
      }
      if (m.type === "state") { ws.close(); resolve(window.room); }
      if (m.type === "error") reject(new Error(m.message));
    };
  }), game.url);
}

const elements = (page) => page.evaluate(() => [...document.querySelectorAll("carcassonne-game")].map((e) => {
  const s = e.game?.snapshot();
  const shown = (b) => b.offsetParent !== null;
  return {
    actions: s?.actions, over: s?.over, lang: e.language,
    status: e.shadowRoot.querySelector(".status").textContent,
    buttons: [...e.shadowRoot.querySelectorAll(".bar:not(.replay) button")].filter(shown).map((b) => b.textContent),
    move: e.shadowRoot.querySelector(".replay span").textContent,
  };
}));

test("a fan page built from embedding.md's snippets alone: two elements in Dutch, a replay at a move, an iframe driven by messages, a watched room", async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  fs.writeFileSync(path.join(site, "blank.html"), "<!doctype html><title>blank</title><link rel=\"icon\" href=\"data:,\">");
  await page.goto(fans.url + "blank.html");
  const room = await showcase(page);

  fs.writeFileSync(path.join(site, "index.html"), `<!doctype html>
<html lang="nl">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Carcassonne op onze fansite</title>
  <link rel="icon" href="data:,">
  ${ours(snippet("script"))}
  <style>
    body { font-family: Georgia, serif; margin: 0 auto; max-width: 1200px; padding: 0 1rem; background: #fbf7ee; }
    .two { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 1rem; }
    carcassonne-game { height: 340px; }
    iframe { width: 100%; max-width: 800px; height: 420px; border: 0; }
  </style>
</head>
<body>
  <main>
    <h1>Een artikel over Carcassonne</h1>
    <h2>Speel en kijk terug</h2>
    <div class="two">${ours(snippet("elements"))}</div>
    <h2>In een iframe</h2>
    ${ours(snippet("iframe"))}
    ${ours(snippet("iframe-script"))}
    <h2>Computers spelen online</h2>
    ${ours(snippet("watch"), room)}
  </main>
</body>
</html>`);
  await page.goto(fans.url);
  await page.waitForFunction(() => [...document.querySelectorAll("carcassonne-game")].every((e) => e.game), null, { timeout: 20000 });
  await page.waitForFunction(() => window.heard?.some((m) => m.type === "carcassonne:change"), null, { timeout: 20000 });

  // The two elements speak Dutch; the replay opened at move 60 of the sample game's 142.
  const [play, replay, watch] = await elements(page);
  assert.equal(play.lang, "nl");
  assert.match(play.status, /^Ann is aan de beurt/);
  assert.deepEqual(play.buttons, ["Draaien", "Geen meeple", "Terug"]);
  assert.equal(replay.actions, 60);
  assert.equal(replay.move, "Zet 60 van 142");
  assert.deepEqual(replay.buttons, [], "a replay has no move buttons");
  // Its highlighted squares are outlined in gold on the canvas (x 0 and 1, y 0).
  const gold = await page.evaluate(() => {
    const e = document.querySelectorAll("carcassonne-game")[1];
    const canvas = e.shadowRoot.querySelector("canvas.board");
    const { zoom } = e.view.camera();
    const dpr = canvas.width / canvas.clientWidth;
    return [0, 1].map((x) => {
      // The frame's north-west corner: no figure stands there.
      const c = e.view.screenPoint(x, 0);
      const px = canvas.getContext("2d").getImageData(Math.round((c.x - zoom * 0.44) * dpr), Math.round((c.y - zoom * 0.44) * dpr), 1, 1).data;
      return [...px.slice(0, 3)];
    });
  });
  for (const [r, g, b] of gold) assert.ok(r > 200 && g > 170 && b < 140, `gold outline: ${gold}`);

  // The iframe in Dutch: the host asked for the legal moves and applied the first; the answer
  // came before the change it set off, whose texts are Dutch; then Bo's turn.
  const heard = await page.evaluate(() => window.heard);
  const types = heard.map((m) => m.type);
  assert.equal(types[0], "carcassonne:ready");
  const legal = heard.find((m) => m.type === "carcassonne:legal");
  assert.ok(legal.actions.length > 0 && legal.actions.every((a) => "tile" in a), "every legal tile placement");
  const done = types.indexOf("carcassonne:done");
  assert.ok(done > 0 && types.indexOf("carcassonne:change") > done, types.join(" "));
  assert.match(heard.find((m) => m.type === "carcassonne:change").events[0].text, /^Ann legde een tegel/);
  assert.ok(heard.some((m) => m.type === "carcassonne:turn" && m.name === "Ann" && m.seat === 0));
  const framed = page.frames().find((f) => f.url().startsWith(game.url));
  assert.match(await framed.evaluate(() => document.querySelector("carcassonne-game").shadowRoot.querySelector(".hint").textContent), /^Ann: klik op een cirkel/);
  assert.equal(await framed.evaluate(() => document.documentElement.lang), "nl");

  // The watcher follows the computers' game as it is played, in Dutch, without move buttons.
  assert.deepEqual(watch.buttons, []);
  const seen = watch.actions;
  await page.waitForFunction((n) => document.querySelectorAll("carcassonne-game")[2].game.snapshot().actions > n + 2, seen, { timeout: 20000 });
  assert.match((await elements(page))[2].status, /is aan de beurt|Einde van het spel/);

  // axe: nothing on the whole fan page (WCAG 2.1 A and AA).
  assert.deepEqual(await violations(page), []);
  await frame(page);
  await shot(page, "fansite-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await frame(page);
  await shot(page, "fansite-390");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** A page of the plain static build with one element made by `attrs` in a box of `w`×`h`
 *  (inside `wrapper`: a tag to put around it). Resolves once its game is up. */
async function element(page, attrs, { w = 480, h = 360, wrapper = null } = {}) {
  await page.goto(plain.url + "element-example.html");
  await page.waitForFunction(() => [...document.querySelectorAll("carcassonne-game")].every((e) => e.game), null, { timeout: 15000 });
  await page.evaluate(([attrs, w, h, wrapper]) => new Promise((resolve) => {
    document.body.replaceChildren();
    const e = document.createElement("carcassonne-game");
    e.id = "x";
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    e.style.cssText = `display:block;width:${w}px;height:${h}px`;
    // What the element showed when it said it was ready: a replay playing on its own may
    // have moved on by the time the test reads it on a loaded machine.
    e.addEventListener("carcassonne-ready", () => { window.actionsAtReady = e.game?.snapshot().actions; resolve(); }, { once: true });
    if (wrapper) {
      // A card component as fan sites write them: a default <slot> in its shadow tree.
      customElements.define(wrapper, class extends HTMLElement {
        constructor() { super(); this.attachShadow({ mode: "open" }).innerHTML = "<div class=card><slot></slot></div>"; }
      });
      const box = document.createElement(wrapper);
      box.append(e);
      document.body.append(box);
    } else document.body.append(e);
  }), [attrs, w, h, wrapper]);
  await page.waitForFunction(() => document.getElementById("x").view.stats().frames > 0);
  await frame(page);
}

/** Element `x`'s bars (from the canvas's top) and the legal squares of the tile step that
 *  lie under one. */
const clearOfBars = (page) => page.evaluate(() => {
  const e = document.getElementById("x");
  const canvas = e.shadowRoot.querySelector("canvas.board").getBoundingClientRect();
  const top = e.shadowRoot.querySelector(".bar.top").getBoundingClientRect().bottom - canvas.top;
  const bottom = e.shadowRoot.querySelector(".bar.bottom").getBoundingClientRect().top - canvas.top;
  const { zoom } = e.view.camera();
  const squares = e.game.legalActions().filter((a) => a.x !== undefined).map((a) => e.view.screenPoint(a.x, a.y));
  return { top, bottom, zoom, under: squares.filter((p) => p.y - zoom / 2 < top - 0.5 || p.y + zoom / 2 > bottom + 0.5) };
});

/** The colour of the board's background at its left edge, half-way down. */
const backdrop = (page) => page.evaluate(() => {
  const canvas = document.getElementById("x").shadowRoot.querySelector("canvas.board");
  return [...canvas.getContext("2d").getImageData(2, Math.round(canvas.height / 2), 1, 1).data.slice(0, 3)];
});

test("the embedding bugs: the element keeps out of its slot attribute, the light theme's board, a small box's bars, watchers' buttons", async () => {
  const page = await newPage(browser);
  // Inside a card component with a default <slot>: the element stays visible (it used to
  // write its save key into its own `slot` attribute and vanish, 0 px high).
  await element(page, { players: "Ann, Bo" }, { wrapper: "fan-card" });
  const slotted = await page.evaluate(() => {
    const e = document.getElementById("x");
    return { slot: e.getAttribute("slot"), height: e.getBoundingClientRect().height, assigned: e.assignedSlot !== null };
  });
  assert.deepEqual(slotted, { slot: null, height: 360, assigned: true });

  // theme="light" lightens the board itself, "dark" darkens it, and the page's own
  // --carcassonne-board wins over both (an element of its own, so that each bug is shown
  // apart).
  await element(page, { players: "Ann, Bo" });
  const light = await backdrop(page).then(async (dflt) => {
    await page.evaluate(() => document.getElementById("x").setAttribute("theme", "light"));
    await frame(page);
    return [dflt, await backdrop(page)];
  });
  const lum = ([r, g, b]) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
  assert.ok(lum(light[1]) > 200 && lum(light[0]) < 80, `default ${light[0]}, light ${light[1]}`);
  // On the light table the legal squares are marked darker than it, so that they show.
  const legalSquare = await page.evaluate(() => {
    const e = document.getElementById("x");
    const canvas = e.shadowRoot.querySelector("canvas.board");
    const a = e.game.legalActions()[0];
    const p = e.view.screenPoint(a.x, a.y);
    const dpr = canvas.width / canvas.clientWidth;
    return [...canvas.getContext("2d").getImageData(Math.round(p.x * dpr), Math.round(p.y * dpr), 1, 1).data.slice(0, 3)];
  });
  assert.ok(lum(legalSquare) < lum(light[1]) - 10, `a legal square ${legalSquare} on the light table ${light[1]}`);
  await page.evaluate(() => document.getElementById("x").setAttribute("theme", "dark"));
  await frame(page);
  assert.ok(lum(await backdrop(page)) < lum(light[0]), "dark is darker than the default");
  await page.evaluate(() => {
    const e = document.getElementById("x");
    e.style.setProperty("--carcassonne-board", "rgb(250, 200, 100)");
    e.setAttribute("theme", "light"); // the colours are read again when the theme changes
  });
  await frame(page);
  assert.deepEqual(await backdrop(page), [250, 200, 100]);
  await shot(page, "element-light");

  // In a 400×300 box with three players, no legal square lies under a bar.
  await element(page, { players: "Annemarie, Bartholomeus, Cornelia", seed: "5" }, { w: 400, h: 300 });
  const clear = await clearOfBars(page);
  assert.ok(clear.bottom - clear.top > 100, JSON.stringify(clear));
  assert.deepEqual(clear.under, [], `legal squares under a bar: ${JSON.stringify(clear)}`);
  await shot(page, "element-300px");

  // A board nobody can play (readonly, no record) shows no move buttons; the online watcher
  // is in the fan-page test.
  await element(page, { players: "Ann, Bo", readonly: "" });
  const buttons = await page.evaluate(() => [...document.getElementById("x").shadowRoot.querySelectorAll(".bar button")]
    .filter((b) => b.offsetParent !== null).map((b) => b.textContent));
  assert.deepEqual(buttons, []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("embed.html?lang=nl speaks Dutch from the start, in the frame and in its messages", async () => {
  const page = await newPage(browser);
  await page.goto(plain.url + "embed.html?lang=nl&players=Ann,Bo&seed=3");
  await page.waitForFunction(() => document.querySelector("carcassonne-game")?.game, null, { timeout: 15000 });
  const said = await page.evaluate(() => {
    const e = document.querySelector("carcassonne-game");
    const events = e.game.apply(e.game.legalActions()[0]);
    return { hint: e.shadowRoot.querySelector(".hint").textContent, rotate: e.shadowRoot.querySelector("button").textContent,
      text: events[0].text, lang: document.documentElement.lang };
  });
  assert.equal(said.lang, "nl");
  assert.match(said.text, /^Ann legde een tegel/);
  assert.match(said.hint, /^Ann: klik op een cirkel/);
  assert.equal(said.rotate, "Draaien");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("German and French: the iframe and the module element speak them from the start and on a change, and so does the one-script element", async () => {
  const page = await newPage(browser);
  await page.goto(plain.url + "embed.html?lang=de&players=Anna,Bruno&seed=3");
  await page.waitForFunction(() => document.querySelector("carcassonne-game")?.game, null, { timeout: 15000 });
  const said = () => page.evaluate(() => {
    const e = document.querySelector("carcassonne-game");
    return { rotate: e.shadowRoot.querySelector("button").textContent, square: e.game.placeName(1, 0), lang: document.documentElement.lang };
  });
  const de = await said();
  assert.equal(de.lang, "de");
  assert.equal(de.rotate, "Drehen");
  assert.match(de.square, /Startplättchen/);
  assert.match(await page.evaluate(() => { const g = document.querySelector("carcassonne-game").game; return g.apply(g.legalActions()[0])[0].text; }), /^Anna legte ein Plättchen/);
  // Its lang changed to French: the buttons and the game's sentences, once they have come.
  await page.evaluate(() => document.querySelector("carcassonne-game").setAttribute("lang", "fr"));
  await page.waitForFunction(() => document.querySelector("carcassonne-game").shadowRoot.querySelector("button").textContent === "Tourner", null, { timeout: 15000 });
  const fr = await said();
  assert.match(fr.square, /tuile de départ/);
  assert.doesNotMatch(fr.square, /start tile|Startplättchen/);
  await shot(page, "embed-fr");
  assert.deepEqual(page.errors, []);
  await page.context().close();

  // The one-script element: every language inside, nothing fetched for it.
  const one = await newPage(browser);
  fs.writeFileSync(path.join(site, "one-script-fr.html"), `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Une partie</title>
<link rel="icon" href="data:,"><script src="${plain.url}carcassonne-element.js"></script></head>
<body><carcassonne-game players="Ann, Bo" seed="3" style="display:block;width:640px;height:480px"></carcassonne-game></body></html>`);
  const fetched = [];
  one.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await one.goto(fans.url + "one-script-fr.html");
  await one.waitForFunction(() => document.querySelector("carcassonne-game")?.game, null, { timeout: 15000 });
  const text = await one.evaluate(() => { const g = document.querySelector("carcassonne-game").game; return g.apply(g.legalActions()[0])[0].text; });
  assert.match(text, /^Ann a posé une tuile/);
  assert.deepEqual(fetched.filter((f) => /carcassonne-text|guides\//.test(f)), [], "no text pack or guide fetched");
  assert.deepEqual(one.errors, []);
  await one.context().close();
});

test("the element's replay opens at a move, plays on its own, and tells the page whose turn it is and who won", async () => {
  const page = await newPage(browser);
  const record = fs.readFileSync(path.join(root, "tests/data/sample-game.json"), "utf8");
  await element(page, { record, readonly: "", move: "-2", autoplay: "0.2", bars: "compact" });
  // move="-2" counts back from the end; autoplay plays on from there and stops at the end.
  assert.equal(await page.evaluate(() => window.actionsAtReady), 140);
  await page.waitForFunction(() => document.getElementById("x").game.snapshot().over, null, { timeout: 5000 });
  assert.equal(await page.evaluate(() => document.getElementById("x").shadowRoot.querySelector(".replay [part='button']:nth-of-type(1)").getAttribute("aria-label")), "Play the moves on their own");
  // A new move attribute shows that move.
  await page.evaluate(() => document.getElementById("x").setAttribute("move", "3"));
  assert.equal(await page.evaluate(() => document.getElementById("x").game.snapshot().actions), 3);

  // A short game: a turn event per turn, one end event naming the winner, and a change event
  // (no events) after newGame.
  const told = await page.evaluate(() => {
    const e = document.getElementById("x");
    e.removeAttribute("readonly");
    e.removeAttribute("record");
    const heard = [];
    for (const type of ["carcassonne-turn", "carcassonne-over", "carcassonne-change"]) {
      e.addEventListener(type, (ev) => heard.push([type, ev.detail]));
    }
    e.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.X", "base.T"] });
    for (const a of [{ tile: "base.X", x: 1, y: 0, rotation: 0 }, { figure: "meeple", at: "W" }, { tile: "base.T", x: -1, y: 0, rotation: 3 }, { pass: true }]) e.game.apply(a);
    return heard.map(([type, d]) => [type, type === "carcassonne-turn" ? `${d.name}:${d.turn}` : type === "carcassonne-over" ? d : d.events.length]);
  });
  const over = told.find(([type]) => type === "carcassonne-over")[1];
  assert.deepEqual(told.filter(([type]) => type === "carcassonne-turn").map(([, t]) => t), ["Ann:0", "Bo:1"]);
  assert.equal(told.filter(([type]) => type === "carcassonne-over").length, 1);
  assert.equal(over.tie, false);
  assert.deepEqual(over.winners.map((w) => w.name), ["Ann"]);
  // newGame tells the page of the new game (no events), then whose turn it is.
  assert.deepEqual(told.slice(0, 2), [["carcassonne-change", 0], ["carcassonne-turn", "Ann:0"]]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the tile gallery draws every tile of the catalogue with its id, copies and spots, under its strict policy", async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  await page.goto(plain.url + "gallery.html");
  await page.waitForFunction(() => document.documentElement.dataset.tiles, null, { timeout: 15000 });
  const seen = await page.evaluate(async () => {
    const { Game } = await import("./carcassonne.js");
    const cards = [...document.querySelectorAll("li.tile")];
    const d = document.getElementById("base.D");
    return {
      tiles: Game.tiles().length,
      cards: cards.length,
      ids: new Set(cards.map((c) => c.id)).size,
      sets: [...document.querySelectorAll("nav#sets a")].map((a) => a.textContent),
      d: [...d.querySelectorAll(".facts li")].map((li) => li.textContent),
      labels: [...d.querySelectorAll(".spot")].map((s) => s.textContent).sort(),
      count: d.querySelector(".count").textContent,
      // Every tile is drawn: its canvas has ink.
      blank: cards.filter((c) => {
        const canvas = c.querySelector("canvas");
        const px = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
        return !px.some((v, i) => i % 4 === 3 && v > 0);
      }).map((c) => c.id),
      reconstructed: document.getElementById("set-ghosts").nextElementSibling.textContent,
    };
  });
  assert.equal(seen.cards, seen.tiles);
  assert.equal(seen.ids, seen.tiles);
  assert.deepEqual(seen.blank, []);
  assert.equal(seen.sets.length, 6);
  // base.D (tiles/base.toml): a city on the north edge, a road east–west, a field each side.
  assert.deepEqual(seen.d, ["Nw city (ports Nw N Ne)", "E road (ports E W)", "En field (ports En Wn)", "Es field (ports Es Se S Sw Ws)"]);
  assert.deepEqual(seen.labels, ["E", "En", "Es", "Nw"]);
  assert.equal(seen.count, " × 4");
  assert.match(seen.reconstructed, /reconstructions/);
  await shot(page, "gallery");
  assert.deepEqual(page.errors, [], "the page keeps its own policy (a violation is a console error)");
  await page.context().close();
  // axe, in a context that lets its script in past the policy.
  const audit = await newPage(browser, { bypassCSP: true });
  await audit.goto(plain.url + "gallery.html");
  await audit.waitForFunction(() => document.documentElement.dataset.tiles, null, { timeout: 15000 });
  assert.deepEqual(await violations(audit), []);
  await audit.context().close();
});

// 600 KB until the game spoke four languages (issue 39): all four pages' texts and the
// whole module (every language's sentences and every guide inside, scripts/build.mjs) are
// in it; measured at 609 KB (zlib level 9).
test("the one script (carcassonne-element.js, the wasm inside) stays within 640 KB gzipped", async () => {
  const { gzipSync } = await import("node:zlib");
  const bytes = fs.readFileSync(path.join(root, "dist/carcassonne-element.js"));
  const gz = gzipSync(bytes, { level: 9 }).length;
  console.log(`carcassonne-element.js: ${bytes.length} bytes, ${gz} gzipped`);
  assert.ok(gz <= 640 * 1024, `${gz} bytes gzipped`);
  // A classic script: nothing of a module is left in it.
  assert.doesNotMatch(bytes.toString("utf8", 0, 4096), /^\s*(import|export) /m);
});

/** A host page on the fans' origin with `frames` (`{id: query}`) of embed.html, up and ready;
 *  `ask(id, message)` posts a request and resolves to its answer, and `heard[id]` keeps
 *  every message a frame sent. */
async function iframeHost(frames) {
  const frameUrl = (query) => `${plain.url}embed.html?origin=${encodeURIComponent(new URL(fans.url).origin)}&${query}`;
  const ids = Object.keys(frames);
  fs.writeFileSync(path.join(site, "host.html"), `<!doctype html><html lang="en"><title>host</title><link rel="icon" href="data:,">
${ids.map((id) => `<iframe id="${id}" title="${id}" src="${frameUrl(frames[id])}"></iframe>`).join("\n")}
<script>
  window.heard = Object.fromEntries(${JSON.stringify(ids)}.map((id) => [id, []]));
  addEventListener("message", (e) => {
    const which = [...document.querySelectorAll("iframe")].find((f) => f.contentWindow === e.source).id;
    window.heard[which].push(e.data);
  });
  let next = 100;
  window.ask = (which, message) => new Promise((resolve) => {
    const id = next++;
    const wait = setInterval(() => {
      const answer = window.heard[which].find((m) => m.id === id);
      if (answer) { clearInterval(wait); resolve(answer); }
    }, 20);
    document.getElementById(which).contentWindow.postMessage({ ...message, id }, ${JSON.stringify(new URL(plain.url).origin)});
  });
</script>`);
  const page = await newPage(browser);
  await page.goto(fans.url + "host.html");
  await page.waitForFunction((ids) => ids.every((id) => heard[id].some((m) => m.type === "carcassonne:ready")), ids, { timeout: 20000 });
  const ask = (which, message) => page.evaluate(([w, m]) => window.ask(w, m), [which, message]);
  return { page, ask };
}

test("the iframe answers legal, undo, lang, move and highlight, and refuses what it cannot do with a reason and no change", async () => {
  const record = fs.readFileSync(path.join(root, "tests/data/sample-game.json"), "utf8");
  const { page, ask } = await iframeHost({ play: "players=Ann,Bo&seed=9", replay: `readonly&record=${encodeURIComponent(record)}` });

  const legal = await ask("play", { type: "carcassonne:legal" });
  assert.equal(legal.type, "carcassonne:legal");
  const placed = await ask("play", { type: "carcassonne:apply", action: legal.actions[0] });
  assert.equal(placed.events[0].type, "tile_placed");
  assert.deepEqual(await ask("play", { type: "carcassonne:undo" }), { type: "carcassonne:done", undone: true, id: 102 });
  assert.equal((await ask("play", { type: "carcassonne:get" })).snapshot.actions, 0, "the tile went back");
  assert.deepEqual(await ask("play", { type: "carcassonne:lang", lang: "nl" }), { type: "carcassonne:done", lang: "nl", id: 104 });
  const dutch = await ask("play", { type: "carcassonne:apply", action: legal.actions[0] });
  assert.match(dutch.events[0].text, /^Ann legde een tegel/);
  // Refused, each with its reason, and nothing changes.
  for (const [message, reason] of [
    [{ type: "carcassonne:lang", lang: "es" }, /speaks en, nl, de, fr/],
    [{ type: "carcassonne:move", move: 3 }, /only a replay/],
    [{ type: "carcassonne:highlight", squares: [[0, "a"]] }, /\[x, y\]/],
    [{ type: "carcassonne:shout" }, /unknown message type/],
  ]) {
    const answer = await ask("play", message);
    assert.equal(answer.type, "carcassonne:failed", JSON.stringify(message));
    assert.match(answer.message, reason);
  }
  assert.equal((await ask("play", { type: "carcassonne:get" })).snapshot.actions, 1);
  assert.deepEqual(await ask("play", { type: "carcassonne:highlight", squares: [[0, 0], [0, -1]] }), { type: "carcassonne:done", id: 111 });

  // The replay opened at its last move; it goes to a move, and has no legal moves to offer.
  const replay = page.frames().find((f) => f.url().includes("readonly"));
  assert.equal(await replay.evaluate(() => document.querySelector("carcassonne-game").game.snapshot().actions), 142);
  assert.deepEqual(await ask("replay", { type: "carcassonne:move", move: 10 }), { type: "carcassonne:done", move: 10, id: 112 });
  assert.equal(await replay.evaluate(() => document.querySelector("carcassonne-game").game.snapshot().actions), 10);
  assert.deepEqual((await ask("replay", { type: "carcassonne:legal" })).actions, []);
  assert.match((await ask("replay", { type: "carcassonne:undo" })).message, /read-only/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("on a computer's turn the iframe refuses apply and undo with a reason; the computer plays its turn whole and the game goes on", async () => {
  const { page, ask } = await iframeHost({ play: "players=Hal:easy,Ann&seed=4" });
  const frameOf = page.frames().find((f) => f.url().includes("embed.html"));
  // Two seconds between the computer's tile and its figure: time enough for the requests.
  await frameOf.evaluate(() => { document.querySelector("carcassonne-game").computers.stepMs = 2000; });
  await page.waitForFunction(() => heard.play.some((m) => m.type === "carcassonne:change" && m.events.some((e) => e.type === "tile_placed")), null, { timeout: 15000 });
  const legal = await ask("play", { type: "carcassonne:legal" });
  assert.ok(legal.actions.length > 0, "the computer's figure step has moves");
  for (const message of [{ type: "carcassonne:undo" }, { type: "carcassonne:apply", action: legal.actions[0] }]) {
    const answer = await ask("play", message);
    assert.equal(answer.type, "carcassonne:failed", JSON.stringify(message));
    assert.match(answer.message, /^it is Hal's turn, a computer's \(easy\): wait for a carcassonne:turn that names a person$/);
  }
  assert.equal((await ask("play", { type: "carcassonne:get" })).snapshot.actions, 1, "the computer's tile is still there");
  // The computer ends its turn; then Ann's moves are taken, and her undo is hers.
  await page.waitForFunction(() => heard.play.some((m) => m.type === "carcassonne:turn" && m.name === "Ann" && m.computer === null), null, { timeout: 15000 });
  const mine = await ask("play", { type: "carcassonne:legal" });
  assert.equal((await ask("play", { type: "carcassonne:apply", action: mine.actions[0] })).type, "carcassonne:done");
  assert.deepEqual(await ask("play", { type: "carcassonne:undo" }), { type: "carcassonne:done", undone: true, id: 106 });
  assert.equal((await ask("play", { type: "carcassonne:get" })).snapshot.actions, 2, "Hal's whole turn stays");
  assert.ok(!(await page.evaluate(() => heard.play.some((m) => m.type === "carcassonne:failed" && m.id === undefined))), "no computer failed");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a script's undo on a computer's turn, even from inside the computer's own change event, makes the computer think again, not stop", async () => {
  const page = await newPage(browser);
  await element(page, { players: "Hal:easy, Ann", seed: "4" });
  const result = await page.evaluate(() => new Promise((resolve) => {
    const e = document.getElementById("x");
    const seen = { undone: [], errors: [], turns: [] };
    e.addEventListener("carcassonne-error", (ev) => seen.errors.push(ev.detail.message));
    e.addEventListener("carcassonne-change", (ev) => {
      // Twice: once while the computer's move is being told, once between its moves.
      if (ev.detail.events.some((x) => x.type === "tile_placed") && seen.undone.length === 0) seen.undone.push(e.game.undo());
      else if (ev.detail.events.some((x) => x.type === "tile_placed") && seen.undone.length === 1) setTimeout(() => seen.undone.push(e.game.undo()), 0);
    });
    e.addEventListener("carcassonne-turn", (ev) => {
      seen.turns.push(ev.detail.name);
      if (ev.detail.name === "Ann") resolve({ ...seen, actions: e.game.snapshot().actions });
    });
    e.newGame({ players: ["Hal", "Ann"].map((name, i) => (i === 0 ? { name, computer: "easy" } : { name })), seed: 4 });
    setTimeout(() => resolve({ ...seen, timedOut: true }), 20000);
  }));
  assert.equal(result.timedOut, undefined, JSON.stringify(result));
  assert.deepEqual(result.undone, [true, true], "both undos took the computer's tile back");
  assert.deepEqual(result.errors, [], "no computer failed");
  assert.deepEqual(result.turns, ["Hal", "Ann"]);
  assert.equal(result.actions, 2, "Hal's turn, played again from the start: a tile and a figure or a pass");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a guide in a small box on a phone: the bars never meet, no legal square is under one, the guide's buttons stay in sight", async () => {
  const page = await newPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  for (const h of [420, 300]) {
    await element(page, { guide: "base", save: "off" }, { w: 374, h }); // the page's width less its margins
    await page.waitForFunction(() => document.getElementById("x").view.animating() === 0, null, { timeout: 5000 });
    await frame(page);
    const clear = await clearOfBars(page);
    assert.ok(clear.top < clear.bottom, `the bars meet in a ${h} px box: ${JSON.stringify(clear)}`);
    assert.ok(clear.zoom >= 24, `the board is not squeezed away: ${JSON.stringify(clear)}`);
    assert.deepEqual(clear.under, [], `legal squares under a bar in a ${h} px box: ${JSON.stringify(clear)}`);
    const leave = await page.evaluate(() => {
      const root = document.getElementById("x").shadowRoot;
      const bar = root.querySelector(".bar.top").getBoundingClientRect();
      const button = root.querySelector(".guide-leave").getBoundingClientRect();
      return { bar: bar.bottom, button: button.bottom };
    });
    assert.ok(leave.button <= leave.bar + 0.5, `"Leave the guide" is scrolled out of the top bar: ${JSON.stringify(leave)}`);
    await shot(page, `element-guide-${h}px-390`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("another site may frame embed.html but not the full page", async () => {
  const page = await newPage(browser, { viewport: { width: 1280, height: 800 } });
  fs.writeFileSync(path.join(site, "frames.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>frames</title><link rel="icon" href="data:,"></head>
<body><main><h1>Frames</h1>
<iframe id="full" title="full" src="${game.url}" width="600" height="300"></iframe>
<iframe id="embed" title="embed" src="${game.url}embed.html?sets=base&players=Ann,Bo" width="600" height="300"></iframe>
</main></body></html>`);
  const refused = new Promise((resolve) => page.on("console", (m) => { if (/frame-ancestors/.test(m.text())) resolve(m.text()); }));
  await page.goto(fans.url + "frames.html");
  // The element in embed.html starts; the full page is refused by its policy.
  const embed = page.frames().find((f) => f.url().startsWith(`${game.url}embed.html`));
  await embed.waitForFunction(() => document.querySelector("carcassonne-game")?.game, null, { timeout: 20000 });
  const said = await refused;
  assert.match(said, /Framing '[^']*' violates .*"frame-ancestors 'self'"/);
  assert.ok(said.includes(`'${game.url}'`), `the full page is the one refused: ${said}`);
  const full = page.frames().find((f) => f !== page.mainFrame() && f !== embed);
  assert.equal(await full.evaluate(() => !!document.querySelector("#board")).catch(() => false), false, "no game in the refused frame");
  await page.context().close();
});
