// The team panel and the hint of the cooperative game, in English and in Dutch, on a
// desktop screen and a phone: the track's labelled ticks and the team's marker, the pace
// with its warning, the drain of open cemeteries, and a hint that says why.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openGame, frame, snap, shot, pullSheet } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

// Level 3 as the built-in table has it, and one with Rufus far off (40) so that the
// first pile cannot reach him at 1.5 points a tile: the panel warns.
const LEVEL3 = { level: 3, castles: true, cemeteries: true, piles: 3, ghosts: 15, hounds: [15, 50], goal: 100,
  markers: "team", cemetery_closes: "sides", cemetery_ghost: "one-open", hound_removal: "at-once", face_down: false };
const FAR = { ...LEVEL3, hounds: [40, 60] };

/** A solo game of `rules`, played by the first legal moves until a cemetery lies open,
 *  then reloaded so that the page shows it (the moves went round the page). */
async function gameWithAnOpenCemetery(page, rules) {
  await page.evaluate((rules) => {
    window.carc.bots.stepMs = 0;
    window.carc.newGame({ players: [{ name: "Ann" }], sets: ["ghosts"], seed: 5, options: { coop: { level: 3, rules } } });
    const g = window.carc.game;
    for (let i = 0; i < 400 && !(g.snapshot().coop.drain?.open > 0 && g.snapshot().phase.step === "tile"); i++) {
      const legal = g.legalActions();
      g.apply(legal.find((a) => a.pass) || legal[0]);
    }
  }, rules);
  await page.reload();
  await page.waitForFunction(() => window.carc?.game && window.carc.view);
  await frame(page);
  const s = await snap(page);
  assert.ok(s.coop.drain.open > 0 && !s.over, "a cemetery lies open and the game goes on");
  return s;
}

/** The hint, once the computer has thought. */
async function hint(page, pattern) {
  await page.click("#btn-hint");
  await page.waitForFunction((p) => new RegExp(p).test(document.querySelector("#hint").textContent), pattern.source,
    { timeout: 60000 });
  return page.textContent("#hint");
}

const labels = (page) => page.$$eval("#team-track .tick-label", (es) => es.map((e) => e.textContent));

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`the team panel and the hint in English at ${size.width}×${size.height}`, async () => {
    const page = await openGame(browser, srv.url, { viewport: size });
    const s = await gameWithAnOpenCemetery(page, LEVEL3);
    assert.deepEqual(await labels(page), ["Rufus 15", "Ronja 50", "goal 100"]);
    assert.equal(await page.textContent("#team-track .marker-label"), String(s.coop.markers[0]), "the team's marker with its score");
    const left = s.coop.active_pile_left;
    assert.equal(await page.textContent("#team-pace"),
      `Rufus in ${15 - s.coop.markers[0]} points · ${left} tile${left === 1 ? "" : "s"} left in this pile`);
    const open = s.coop.drain.open;
    assert.equal(await page.textContent("#team-drain"), open === 1
      ? "1 open cemetery: 1 more ghost on it in each turn that brings ghosts"
      : `${open} open cemeteries: 1 more ghost on one of them in each turn that brings ghosts`);
    const words = await hint(page, /Why: .*Rufus is \d+ points away and \d+ tiles? (is|are) left in this pile\./);
    // Where, in words: beside which tile, not (x, y).
    // How the tile is turned, in words, never in degrees; then each step as a verb.
    assert.match(words, /^Hint: a hard teammate would place the tile (north|east|south|west) of .+, (without turning it|turned a quarter to the (right|left)|turned upside down)(, then (put|place|take|give|bury|send|remove|let|lay) [^,]+)*\./);
    assert.doesNotMatch(words, /°/, "no degrees");
    assert.doesNotMatch(words, /\(-?\d+, -?\d+\)/, "no coordinates");
    // The plan's later steps name the tile it places "the new tile" (its square is empty).
    assert.doesNotMatch(words, / on (north|east|south|west) of/);
    // The board fits above the hint, however long it grew.
    await frame(page);
    const clear = await page.evaluate(() => {
      const hint = document.querySelector(".board-wrap .hint").getBoundingClientRect().top;
      const canvas = document.querySelector("#board").getBoundingClientRect();
      const v = window.carc.view, zoom = v.camera().zoom;
      return window.carc.game.snapshot().board.every((q) => canvas.top + v.screenPoint(q.x, q.y).y + 0.5 * zoom <= hint + 1);
    });
    assert.ok(clear, "no tile under the hint");
    // A meeple's spot is named by its feature and side, never by a port's code ("at E").
    assert.doesNotMatch(words, / (at|on) (N|E|S|W|Nw|Ne|En|Es|Se|Sw|Ws|Wn)\b/i);
    if (/meeple/.test(words)) assert.match(words, /meeple on the (road|city|castle) on the (north|east|south|west) side/);
    // The panel, and the hint, are on screen on the phone too.
    await pullSheet(page);
    await page.locator("#team").scrollIntoViewIfNeeded();
    await shot(page, `21-coop-panel-en-${size.width}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test("het teampaneel en de tip in het Nederlands, met de waarschuwing dat het team achterloopt", async () => {
  for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const page = await openGame(browser, srv.url, { viewport: size, locale: "nl-NL" });
    const s = await gameWithAnOpenCemetery(page, FAR);
    assert.deepEqual(await labels(page), ["Rufus 40", "Ronja 60", "doel 100"]);
    const left = s.coop.active_pile_left;
    assert.ok(40 - s.coop.markers[0] > 1.5 * left, "behind the pace by the numbers");
    assert.equal(await page.textContent("#team-pace"),
      `Rufus over ${40 - s.coop.markers[0]} punten · nog ${left} tegel${left === 1 ? "" : "s"} op deze stapel` +
      " Achter op schema: dat vraagt meer dan 1,5 punt per tegel.");
    assert.match(await page.textContent("#team-drain"), /^\d+ open begraafplaats(en)?: 1 spook extra (erop|op een ervan) in elke beurt die spoken brengt$/);
    const words = await hint(page, /Waarom: .*Rufus is nog \d+ punten weg en er (ligt|liggen) nog \d+ tegels? op deze stapel\./);
    assert.match(words, /^Tip: een sterke teamgenoot zou de tegel ten (noorden|oosten|zuiden|westen) van .+ leggen, (zonder hem te draaien|een kwartslag naar (rechts|links) gedraaid|ondersteboven gedraaid)/);
    assert.doesNotMatch(words, /°/, "no degrees");
    assert.doesNotMatch(words, /points|tiles|ghosts? go/, "no English in the Dutch hint");
    assert.doesNotMatch(words, / op ten /, "the new tile, not an empty square, holds the meeple");
    await pullSheet(page);
    await page.locator("#team").scrollIntoViewIfNeeded();
    await shot(page, `21-coop-panel-nl-${size.width}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

// Level 6: every colour must pass each mark on its own marker (COOP-DEC-13), so the hint
// says which colour its plan moves on, and how far it is behind (src/ai/advice.rs, Lifts).
test("level 6: the hint names the colour that is behind its mark, in English and in Dutch", async () => {
  const cases = [
    ["en-GB", /the (red|green|blue|yellow) colour is \d+ points? behind Rufus: put \1 on this (road|city|castle)( too)?[;.]/],
    ["nl-NL", /de kleur (rood|groen|blauw|geel) staat \d+ punten? achter op Rufus: zet \1 (ook )?(op deze weg|in deze stad|in dit kasteel)[;.]/],
  ];
  for (const [locale, pattern] of cases) {
    const page = await openGame(browser, srv.url, { viewport: { width: 1280, height: 800 }, locale });
    await page.evaluate(() => {
      window.carc.bots.stepMs = 0;
      window.carc.newGame({ players: [{ name: "Ann" }, { name: "Bo" }], sets: ["ghosts"], seed: 3, options: { coop: { level: 6 } } });
    });
    await frame(page);
    const s = await snap(page);
    assert.deepEqual(s.coop.markers, [0, 0, 0, 0], "four colours, each on its own marker");
    await hint(page, pattern);
    await shot(page, `21-coop-level6-hint-${locale}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
