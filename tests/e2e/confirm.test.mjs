// A figure waits for its confirmation: a first click shows it on its spot (nothing is
// played, so a mis-click ends no turn), End turn, Enter or a second click on it places it,
// Take back or Escape lifts it. A setting turns it off; the element has it too
// (confirm="off" turns it off there).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, newPage, openGame, frame, snap, squarePoint, shot } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

/** Red's tile placed east of the start; the figure step's spots. */
async function figureStep(page) {
  await page.evaluate(() => {
    window.carc.newGame({ players: [{ name: "Red" }, { name: "Blue" }], sets: ["base"], draw: ["base.U", "base.V"] });
    window.carc.game.apply({ tile: "base.U", x: 1, y: 0, rotation: 0 });
  });
  await frame(page);
  const box = await page.locator("#board").boundingBox();
  const spots = await page.evaluate(() => window.carc.view.spotPoints());
  const at = (name) => { const s = spots.find((x) => x.action.at === name); return { x: box.x + s.x, y: box.y + s.y, action: s.action }; };
  return { road: at("E"), field: at("Nw") };
}

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`a figure waits on its spot until End turn at ${size.width}×${size.height}`, async () => {
    const page = await openGame(browser, srv.url, { viewport: size });
    const { road, field } = await figureStep(page);
    // The drawn-tile box shows the tile just placed during the figure step.
    assert.equal(await page.getAttribute("#drawn", "aria-label"), "The tile just placed: a straight road");
    assert.ok(await page.evaluate(() => {
      const c = document.querySelector("#drawn"), px = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      return px.some((v, i) => i % 4 === 3 && v > 0);
    }), "the box is not empty");
    // A click on the field: shown there, not played.
    await page.mouse.click(field.x, field.y);
    assert.deepEqual(await page.evaluate(() => window.carc.view.pending), field.action);
    let s = await snap(page);
    assert.equal(s.phase.step, "figure");
    assert.deepEqual(s.figures, []);
    assert.equal(await page.isVisible("#btn-end"), true);
    assert.equal(await page.isVisible("#btn-takeback"), true);
    assert.equal(await page.isVisible("#btn-pass"), false);
    assert.match(await page.textContent("#hint"), /^Red: the figure waits on its spot: End turn \(Enter\) places it, Take back \(Escape\) lifts it\.$/);
    // The hover card shows the field as it will be once the figure is confirmed.
    await page.mouse.move(field.x + 30, field.y + 30, { steps: 2 });
    await page.mouse.move(field.x, field.y, { steps: 2 });
    const card = page.locator(".board-wrap .inspect-card");
    await card.waitFor({ state: "visible" });
    const text = (await card.textContent()).replace(/\s+/g, " ");
    assert.match(text, /If you confirm the figure:.*Red/, text);
    assert.doesNotMatch(text, /Nobody holds it/, text);
    await shot(page, `30-figure-card-${size.width}`);
    await page.mouse.move(5, 5);
    await page.locator("#btn-end").scrollIntoViewIfNeeded();
    await shot(page, `30-figure-waits-${size.width}`);
    // Escape lifts it: still Red's figure step, nothing played.
    await page.locator("#board").focus();
    await page.keyboard.press("Escape");
    assert.equal(await page.evaluate(() => window.carc.view.pending), null);
    assert.equal((await snap(page)).phase.step, "figure", "Escape took the figure back, not the tile");
    assert.equal(await page.isVisible("#btn-pass"), true);
    // Another spot, then End turn: placed there.
    await page.mouse.click(field.x, field.y);
    await page.mouse.click(road.x, road.y);
    assert.deepEqual(await page.evaluate(() => window.carc.view.pending), road.action, "the last spot clicked");
    await page.click("#btn-end");
    s = await snap(page);
    assert.deepEqual(s.figures.map((f) => [f.player, f.at]), [[0, "E"]]);
    assert.equal(s.current_player, 1);
    assert.equal(await page.isVisible("#btn-end"), false);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test("a second click or Enter confirms; Take back lifts; the setting turns it off and is kept", async () => {
  const page = await openGame(browser, srv.url);
  let { road } = await figureStep(page);
  await page.mouse.click(road.x, road.y);
  await page.mouse.click(road.x, road.y);
  assert.deepEqual((await snap(page)).figures.map((f) => f.at), ["E"], "a second click on it");
  ({ road } = await figureStep(page));
  await page.mouse.click(road.x, road.y);
  await page.click("#btn-takeback");
  assert.equal(await page.evaluate(() => window.carc.view.pending), null);
  await page.mouse.click(road.x, road.y);
  await page.locator("#board").focus();
  await page.keyboard.press("Enter");
  assert.deepEqual((await snap(page)).figures.map((f) => f.at), ["E"], "Enter");
  // No meeple needs no confirmation.
  ({ road } = await figureStep(page));
  await page.click("#btn-pass");
  assert.equal((await snap(page)).current_player, 1);
  // Off: one click places, and it stays off after a reload.
  await page.uncheck("#set-confirm");
  ({ road } = await figureStep(page));
  await page.mouse.click(road.x, road.y);
  assert.deepEqual((await snap(page)).figures.map((f) => f.at), ["E"], "one click with the setting off");
  await page.reload();
  await page.waitForFunction(() => window.carc?.view);
  assert.equal(await page.isChecked("#set-confirm"), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the element: End turn in its bar, Undo lifts the figure, confirm=\"off\" places at once", async () => {
  const page = await newPage(browser, { viewport: { width: 900, height: 700 } });
  await page.goto(srv.url + "element-example.html");
  await page.waitForFunction(() => customElements.get("carcassonne-game"));
  await page.evaluate(() => {
    document.body.innerHTML = '<carcassonne-game id="g" players="Red, Blue" sets="base" seed="3" save="off" style="width: 100%; height: 90vh"></carcassonne-game>';
  });
  await page.waitForFunction(() => document.getElementById("g").game);
  // The tile in hand placed, then (the board refitted) where its first spot is.
  const spot = async () => {
    await page.evaluate(() => { const g = document.getElementById("g").game; if (g.snapshot().phase.step === "tile") g.apply(g.legalActions()[0]); });
    await frame(page);
    return page.evaluate(() => {
      const e = document.getElementById("g");
      const r = e.shadowRoot.querySelector("canvas.board").getBoundingClientRect();
      const s = e.view.spotPoints()[0];
      return { x: r.left + s.x, y: r.top + s.y, action: s.action };
    });
  };
  let p = await spot();
  await page.mouse.click(p.x, p.y);
  const bar = () => page.evaluate(() => [...document.getElementById("g").shadowRoot.querySelectorAll(".bottom button")]
    .filter((b) => b.offsetParent !== null).map((b) => b.textContent));
  assert.deepEqual(await page.evaluate(() => document.getElementById("g").view.pending), p.action);
  assert.ok((await bar()).includes("End turn"), await bar());
  // Undo lifts the figure (not the tile).
  await page.evaluate(() => [...document.getElementById("g").shadowRoot.querySelectorAll(".bottom button")].find((b) => b.textContent === "Undo").click());
  assert.equal(await page.evaluate(() => document.getElementById("g").view.pending), null);
  assert.equal(await page.evaluate(() => document.getElementById("g").game.snapshot().phase.step), "figure");
  await page.mouse.click(p.x, p.y);
  await page.evaluate(() => [...document.getElementById("g").shadowRoot.querySelectorAll(".bottom button")].find((b) => b.textContent === "End turn").click());
  assert.equal(await page.evaluate(() => document.getElementById("g").game.snapshot().figures.length), 1);
  // confirm="off": one click.
  await page.evaluate(() => document.getElementById("g").setAttribute("confirm", "off"));
  await page.evaluate(() => { const g = document.getElementById("g").game; while (g.snapshot().current_player !== 0 || g.snapshot().phase.step !== "tile") g.apply(g.legalActions().find((a) => a.pass) || g.legalActions()[0]); });
  p = await spot();
  await page.mouse.click(p.x, p.y);
  assert.equal(await page.evaluate(() => document.getElementById("g").game.snapshot().figures.length), 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
