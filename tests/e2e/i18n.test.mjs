// Languages and colour-blind marks on the page: the page speaks the browser's language,
// every text of the table is the chosen language's, the switch is remembered, and every
// seat's colour also has a mark (the players' list, the board's figures, the chart).
// Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, newPage, openGame, shot, frame, ready, chooseLanguage } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

/** The texts under `data-t` that do not show their key's text in `code`'s table. */
const untranslated = (page, code) => page.evaluate(async (code) => {
  const table = (await import(`./lang-${code}.js`))[code];
  return [...document.querySelectorAll("[data-t]")].filter((e) => !e.textContent.includes(table[e.dataset.t].split("{")[0]))
    .map((e) => `${e.dataset.t}: ${e.textContent}`);
}, code);

test("a Dutch browser gets the page in Dutch (the rule books' terms); the switch to English is remembered", async () => {
  const page = await openGame(browser, srv.url, { locale: "nl-NL" });
  assert.equal(await page.evaluate(() => document.documentElement.lang), "nl");
  assert.deepEqual(await untranslated(page, "nl"), [], "every text of the page is the Dutch table's");
  assert.equal(await page.textContent("#btn-new"), "Nieuw spel");
  // The new-game screen, with the Dutch names of the sets.
  await page.click("#btn-new");
  assert.match(await page.textContent("#ng-sets"), /Spoken, Spookslotten en Kerkhoven[\s\S]*Cultusplaatsen & Ketters/);
  assert.equal(await page.locator("#ng-players select.who").first().locator("option").first().textContent(), "Persoon");
  assert.deepEqual(await page.$$eval("#ng-players input", (is) => is.map((i) => i.value)), ["Rood", "Blauw"]);
  await shot(page, "i18n-new-game-nl");
  await page.click("#ng-cancel");
  // A game with ghosts: the turn, the stack, the hint and the log in Dutch.
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base", "ghosts"], seed: 3 }));
  await frame(page);
  assert.equal(await page.textContent("#turn-line"), "Ann is aan de beurt");
  assert.match(await page.textContent("#tiles-left"), /^nog \d+ tegels op de stapel · \d+ spoken in de voorraad$/);
  assert.equal(await page.textContent("#mist-note"), "De tegels van de mistsets zijn reconstructies.");
  assert.match(await page.textContent("#hint"), /^Ann: leg de tegel op een gemarkeerd vak/);
  await page.evaluate(() => { const g = window.carc.game; g.apply(g.legalActions()[0]); });
  await frame(page);
  assert.match(await page.textContent("#log"), /Ann legde een tegel ten (noorden|oosten|zuiden|westen) van de starttegel: /);
  assert.match(await page.textContent("#players"), /meeples, \d+ bewakingsmeeples? \(\d+ in reserve\)/);
  await page.click("#btn-help");
  assert.deepEqual(await page.locator("#help h3").allTextContents(), ["Basisspel", "Spoken, Spookslotten en Kerkhoven"]);
  assert.match(await page.textContent("#help"), /mistbank is begrensd/);
  await shot(page, "i18n-nl");
  await page.click("#help .help-close");

  // Switch to English: the page, the hint and what the game says from now on.
  await chooseLanguage(page, "en");
  assert.equal(await page.evaluate(() => document.documentElement.lang), "en");
  assert.deepEqual(await untranslated(page, "en"), []);
  assert.match(await page.textContent("#hint"), /^Ann: click a circle to place a figure/);
  await page.click("#btn-pass");
  assert.match(await page.textContent("#log"), /Ann placed no meeple/);
  // The new-game screen too: its default names and choices.
  await page.click("#btn-new");
  assert.deepEqual(await page.$$eval("#ng-players input", (is) => is.map((i) => i.value)), ["Red", "Blue"]);
  assert.equal(await page.locator("#ng-players select.who").first().locator("option").first().textContent(), "Person");
  assert.equal(await page.textContent("#ng-players-legend"), "Players (2–5)");
  await page.click("#ng-cancel");
  // Remembered across a reload, over the browser's Dutch.
  await page.reload();
  await ready(page);
  assert.equal(await page.textContent("#btn-new"), "New game");
  assert.deepEqual(await untranslated(page, "en"), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("colour-blind marks: each seat's mark beside its name, on its figures on the board and on its chart line", async () => {
  const page = await openGame(browser, srv.url);
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo", "Cy"], sets: ["base"], seed: 2 }));
  await page.evaluate(() => window.carc.view.setMotion(false));
  // Ann places a tile and a meeple where the engine allows first.
  await page.evaluate(() => {
    const g = window.carc.game;
    g.apply(g.legalActions()[0]);
    g.apply(g.legalActions().find((a) => a.figure === "meeple"));
  });
  await frame(page);
  assert.ok((await page.evaluate(() => window.carc.game.snapshot().players[0].supply.meeple)) === 6, "Ann's meeple is on the board");
  const pixels = () => page.evaluate(() => {
    const c = document.querySelector("#board");
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let white = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] > 245 && d[i + 1] > 245 && d[i + 2] > 245) white++;
    return white;
  });
  const before = await pixels();
  assert.deepEqual(await page.$$eval("#players .swatch", (s) => s.map((e) => e.textContent)), ["", "", ""], "no marks until asked for");
  await page.check("#set-marks");
  await frame(page);
  assert.deepEqual(await page.$$eval("#players .swatch", (s) => s.map((e) => e.textContent)), ["●", "▲", "■"]);
  assert.ok(await pixels() > before, "the figure on the board carries its white mark");
  await shot(page, "marks");
  // The end: the chart's lines differ in their dashes too, and end in the marks.
  await page.evaluate(() => {
    const g = window.carc.game;
    while (!g.snapshot().over) {
      const s = g.snapshot();
      g.apply(s.phase.step === "tile" ? g.legalActions()[0] : { pass: true });
    }
  });
  await frame(page);
  const dashes = await page.$$eval("#final-chart polyline", (ls) => ls.map((l) => l.getAttribute("stroke-dasharray")));
  assert.equal(new Set(dashes).size, 3, `three different dash patterns: ${dashes}`);
  assert.match(await page.textContent("#final-chart"), /●[\s\S]*▲[\s\S]*■/);
  // Remembered.
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked("#set-marks"), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the element speaks its page's language unless told otherwise, and shows the marks when asked", async () => {
  const tab = await newPage(browser);
  // A page in Dutch: an element without `lang` follows it.
  await tab.goto(`${srv.url}element-example.html`);
  await tab.evaluate(() => {
    document.documentElement.lang = "nl-BE";
    const e = document.createElement("carcassonne-game");
    e.id = "extra";
    e.setAttribute("players", "Ann, Bo");
    e.setAttribute("save", "off");
    document.body.append(e);
  });
  await tab.waitForFunction(() => document.getElementById("extra").game, null, { timeout: 15000 });
  const status = () => tab.locator("#extra >> .status").textContent();
  assert.match(await status(), /^Ann is aan de beurt · nog \d+ tegels$/);
  // `lang` wins over the page's.
  await tab.evaluate(() => document.getElementById("extra").setAttribute("lang", "en"));
  assert.match(await status(), /^Ann to play · \d+ tiles left$/);
  // Colour-blind marks on the swatches (and the board's figures).
  const swatches = () => tab.locator("#extra >> .swatch").allTextContents();
  assert.deepEqual(await swatches(), ["", ""]);
  await tab.evaluate(() => document.getElementById("extra").setAttribute("marks", ""));
  assert.deepEqual(await swatches(), ["●", "▲"]);
  assert.deepEqual(tab.errors, []);
  await tab.context().close();
});

test("the log comes back after a reload, is told again on a language switch, and a replay speaks the page's language", async () => {
  const page = await openGame(browser, srv.url);
  await page.evaluate(() => {
    window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.X", "base.T", "base.E"] });
    const g = window.carc.game;
    g.apply({ tile: "base.X", x: 1, y: 0, rotation: 0 });
    g.apply({ figure: "meeple", at: "W" });
  });
  const first = await page.$$eval("#log li", (ls) => ls.map((l) => l.textContent));
  assert.ok(first.some((l) => l.startsWith("Ann placed a tile east of the start tile: a crossing of 4 roads")), first.join(" | "));
  // A reload: the same lines, and one saying the game goes on.
  await page.reload();
  await ready(page);
  const again = await page.$$eval("#log li", (ls) => ls.map((l) => l.textContent));
  for (const line of first.filter((l) => !/new game begins/.test(l))) assert.ok(again.includes(line), `${line} is back: ${again.join(" | ")}`);
  assert.match(again.join(" | "), /resumed/);
  // Dutch: every line of the game told again in Dutch.
  await chooseLanguage(page, "nl");
  const nl = await page.textContent("#log");
  assert.match(nl, /Ann legde een tegel ten oosten van de starttegel: een kruising van 4 wegen/);
  assert.doesNotMatch(nl, /placed a tile/);
  // A replay of the game on the Dutch page: its log is Dutch too.
  await page.click("#btn-replay");
  const replayed = await page.textContent("#log");
  assert.match(replayed, /Ann legde een tegel ten oosten van de starttegel/);
  assert.doesNotMatch(replayed, /placed a tile/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("on the Dutch page a refused file, a damaged link and an illegal move say why in Dutch", async () => {
  const page = await openGame(browser, srv.url);
  await chooseLanguage(page, "nl");
  // A record whose second action puts a tile where one lies: BASE-TILE-1 refuses it.
  const record = await page.evaluate(() => {
    window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.X", "base.T"] });
    const g = window.carc.game;
    g.apply({ tile: "base.X", x: 1, y: 0, rotation: 0 });
    g.apply({ pass: true });
    const r = JSON.parse(g.exportRecord());
    r.actions.push({ tile: "base.T", x: 1, y: 0, rotation: 0 });
    return JSON.stringify(r);
  });
  await page.setInputFiles("#import-file", { name: "kapot.json", mimeType: "application/json", buffer: Buffer.from(record) });
  const notice = page.locator("#notice");
  await notice.waitFor({ state: "visible" });
  assert.equal(await notice.textContent(), "“kapot.json” kon niet worden geopend: zet 3 kan niet worden gespeeld: op (1, 0) ligt al een tegel");
  await shot(page, "i18n-error-nl");
  // Not a record at all.
  await page.setInputFiles("#import-file", { name: "x.json", mimeType: "application/json", buffer: Buffer.from("{\"nope\": 1}") });
  // The file is read asynchronously: wait for its notice to replace the last one.
  await page.waitForFunction(() => document.querySelector("#notice").textContent.startsWith("“x.json”"));
  assert.match(await notice.textContent(), /kon niet worden geopend: dit is geen geldig spelverslag/);
  // A damaged share link.
  await page.evaluate(() => { location.hash = "r=c1.AAAA"; });
  await page.reload();
  await ready(page);
  assert.match(await page.textContent("#notice"), /^Het spel in deze link kon niet worden getoond: de deelcode is beschadigd$/);
  // Through the API: the game's language.
  const why = await page.evaluate(() => { try { window.carc.game.apply({ pass: true }); } catch (e) { return e.message; } });
  assert.match(why, /^nu niet: het spel wacht op het leggen van een tegel$/);
  for (const text of [await page.textContent("#notice"), why]) assert.doesNotMatch(text, /\b(the|not|tile|cannot|square)\b/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
