// Annotated studies (issue 37, docs/record-format.md "Notes", docs/embedding.md `study`):
// a fan site's element shows the hand-written study of the docs (tests/data/study.json) from
// a URL in English at 1280×800 and inline in Dutch at 390×844: each position's note in the
// top bar, its arrows and squares on the board, the suggested move in words; a hostile
// study is refused whole with the note named. The page's replay viewer shows the same
// study opened as a file.
// Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve, launch, newPage, openGame, shot, DIST, frame, chooseLanguage, pullSheet, violations } from "./harness.mjs";

const STUDY = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "../data/study.json"), "utf8");
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const DESK = { viewport: { width: 1280, height: 800 } };

let srv, browser, dir;
before(async () => {
  srv = await serve();
  browser = await launch();
  dir = fs.mkdtempSync(path.join(DIST, "study-site-"));
  fs.writeFileSync(path.join(dir, "study.json"), STUDY);
  const hostile = JSON.parse(STUDY);
  hostile.notes[1].squares = [[0, 0], [100000, 0]];
  const attr = (text) => text.replaceAll("&", "&amp;").replaceAll("'", "&#39;");
  fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Club</title><link rel="icon" href="data:,">
<script type="module" src="../carcassonne-game.js"></script>
<style>body { margin: 0; } h1 { position: absolute; left: -9999px; } carcassonne-game { display: block; width: 100vw; height: 100vh; }</style></head><body><main>
<h1>Club studies</h1>
<carcassonne-game id="a" study="study.json"></carcassonne-game>
<carcassonne-game id="b" lang="nl" study='${attr(JSON.stringify(JSON.parse(STUDY)))}'></carcassonne-game>
<carcassonne-game id="c" study='${attr(JSON.stringify(hostile))}' style="height: 300px"></carcassonne-game>
</main></body></html>`);
});
after(async () => {
  await browser?.close();
  await srv?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** What element `id` shows now: the move, the note's lines, the squares and arrows drawn. */
const shown = (page, id) => page.evaluate((id) => {
  const e = document.getElementById(id), box = e.shadowRoot.querySelector(".study");
  return { move: e.shown, actions: e.game.snapshot().actions, lines: box.hidden ? [] : [...box.querySelectorAll("p")].map((p) => p.textContent),
    squares: e.view.highlights, arrows: e.view.arrows };
}, id);

test("the element shows a study from its URL, note by note, as the reader steps (English, 1280×800)", async () => {
  const page = await newPage(browser, DESK);
  await page.goto(`${srv.url}${path.basename(dir)}/`);
  await page.waitForFunction(() => document.getElementById("a").game && document.getElementById("a").view);
  // It opens at the first note: move 0, before Red's tile.
  let s = await shown(page, "a");
  assert.deepEqual([s.move, s.actions], [0, 0], "the board before Red's tile");
  assert.equal(s.lines[0], "Red lays the crossing east of the start tile: the road west of it runs through the start tile.");
  assert.match(s.lines[1], /^Suggested: place the tile .*east of the start tile/);
  assert.deepEqual(s.squares, [[1, 0], [1, 0]], "the note's square and the suggested tile's");
  assert.deepEqual(s.arrows, [[0, 0, 1, 0]]);
  await frame(page);
  await shot(page, "study-element-1280");
  // One move forward, by the replay bar's button: no note there.
  const forward = page.locator("#a").getByRole("button", { name: "One move forward" });
  await forward.click();
  s = await shown(page, "a");
  assert.deepEqual([s.move, s.actions, s.lines, s.squares, s.arrows], [1, 1, [], [], []]);
  await forward.click();
  s = await shown(page, "a");
  assert.equal(s.move, 2);
  assert.deepEqual(s.lines, ["Blue closes Red's road with a city in the west: 3 points for Red."]);
  assert.deepEqual(s.arrows, [[1, 0, -1, 0]]);
  assert.deepEqual(s.squares, [[-1, 0], [0, 0], [1, 0]]);
  // The screen reader hears the note with the move.
  assert.match(await page.locator("#a").locator(".sr").innerText(), /Move 2 of 4: Blue closes/);
  // The last position: a plain string is English.
  await page.locator("#a").getByRole("button", { name: "Last move" }).click();
  assert.deepEqual((await shown(page, "a")).lines, ["The draw is exhausted: the game ends 3 to 0."]);
  // A study is read, never played: no move buttons, nothing saved.
  assert.equal(await page.evaluate(() => document.getElementById("a").readonly), true);
  // The hostile study is refused whole, the note and the reason named.
  const hint = await page.locator("#c").locator(".hint").innerText();
  assert.match(hint, /note 2: a square's coordinates are whole numbers from -256 to 256/);
  assert.equal(await page.evaluate(() => document.getElementById("c").game), null);
  await page.locator("#a").getByRole("button", { name: "First move" }).click();
  assert.deepEqual(await violations(page), [], "the fan site with its studies, a note shown");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the element shows an inline study in Dutch on a phone (390×844)", async () => {
  const page = await newPage(browser, PHONE);
  await page.goto(`${srv.url}${path.basename(dir)}/`);
  await page.waitForFunction(() => document.getElementById("b").game && document.getElementById("b").view);
  await page.locator("#b").scrollIntoViewIfNeeded();
  const s = await shown(page, "b");
  assert.equal(s.move, 0);
  assert.equal(s.lines[0], "Rood legt de kruising oost van de starttegel: de weg ten westen ervan loopt door de starttegel.");
  assert.match(s.lines[1], /^Voorgesteld: de tegel ten oosten van de starttegel leggen/);
  // The note stays inside the element, above the board's legal squares: within the top bar.
  const [bar, box] = await page.evaluate(() => {
    const root = document.getElementById("b").shadowRoot;
    return [root.querySelector(".top"), root.querySelector(".study")].map((n) => n.getBoundingClientRect().toJSON());
  });
  assert.ok(box.bottom <= bar.bottom + 1 && box.width > 200, JSON.stringify({ bar, box }));
  await frame(page);
  await page.locator("#b").screenshot({ path: path.join("test-artifacts", "study-element-390-nl.png") });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the page's replay viewer shows a study opened as a file (Dutch, 1280×800 and 390×844)", async () => {
  for (const [options, name] of [[DESK, "1280"], [PHONE, "390"]]) {
    const page = await openGame(browser, srv.url, options);
    // On a phone the language is in the sheet: pulled up, then let down again.
    await pullSheet(page);
    await chooseLanguage(page, "nl");
    if (await page.getAttribute("#sheet-handle", "aria-expanded") === "true") await page.click("#sheet-handle");
    const file = path.join(dir, "study.json");
    await page.locator("#import-file").setInputFiles(file);
    await page.locator("#rp-note").waitFor({ state: "visible" });
    assert.equal(await page.locator("#replay-bar").isVisible(), true, "a study opens in the replay viewer");
    assert.match(await page.locator("#rp-note").innerText(), /^Rood legt de kruising/);
    assert.deepEqual(await page.evaluate(() => window.carc.replayGame.snapshot().actions), 0);
    await frame(page);
    await shot(page, `study-page-${name}-nl`);
    assert.deepEqual(await violations(page), [], "the replay with a study's note");
    await page.locator("#rp-forward").click();
    assert.equal(await page.locator("#rp-note").isHidden(), true);
    await page.locator("#rp-close").click();
    assert.equal(await page.locator("#rp-note").isHidden(), true);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
