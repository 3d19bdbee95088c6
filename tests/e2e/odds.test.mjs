// The odds on the board (issue 37): a feature's card says what the unseen tiles can
// complete, counted by hand from the catalogue (tiles/base.toml) for the boards built
// here; squares no tile still to come can fill are shaded and crossed out; the setting
// (page) and the `odds="off"` attribute (element) turn both off. At 1280×800 and 390×844,
// in English and Dutch.
// Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, newPage, openGame, shot, frame, chooseLanguage } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const DESK = { viewport: { width: 1280, height: 800 } };
// V in hand; unseen: E, E, F, J, U. E, E and J have a lone city cap that closes the start
// tile's city (BASE-CITY-1): 3 of 5, 60%.
const CLOSABLE = ["base.V", "base.E", "base.E", "base.F", "base.J", "base.U"];
// V in hand; unseen: B, U, U. No tile left has a city edge: the square north of the start
// can never be filled, and the city that needs it never closes.
const DEAD = ["base.V", "base.B", "base.U", "base.U"];

/** Where board point (wx, wy) is on the page's board, in canvas CSS pixels (x east, y
 *  south, in squares; the start tile's corner is 0, 0). */
async function point(page, wx, wy) {
  await page.waitForFunction(() => window.carc.view.stats().frames > 0);
  await frame(page);
  return page.evaluate(([wx, wy]) => {
    const cam = window.carc.view.camera(), c = document.querySelector("#board");
    return { x: (wx - cam.x) * cam.zoom + c.clientWidth / 2, y: (wy - cam.y) * cam.zoom + c.clientHeight / 2 };
  }, [wx, wy]);
}

/** The page's board pixel at board point (wx, wy), as [r, g, b]. */
async function pixel(page, wx, wy) {
  const p = await point(page, wx, wy);
  return page.evaluate((p) => {
    const c = document.querySelector("#board"), dpr = c.width / c.clientWidth;
    return [...c.getContext("2d").getImageData(Math.round(p.x * dpr), Math.round(p.y * dpr), 1, 1).data.slice(0, 3)];
  }, p);
}

/** The card of the start tile's city, shown as a player asks for it: the mouse resting on
 *  it, or (`touch`) a finger resting on it. */
async function cityCard(page, touch = false) {
  const card = page.locator(".board-wrap .inspect-card");
  const box = await page.locator("#board").boundingBox();
  const p = await point(page, 0.5, 0.12);
  if (touch) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: box.x + p.x, y: box.y + p.y }] });
    await page.waitForFunction(() => !document.querySelector(".inspect-card").hidden, null, { timeout: 3000 });
    const text = await card.innerText();
    return { text, lift: () => cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] }) };
  }
  await page.mouse.move(box.x + p.x + 30, box.y + p.y + 40);
  await page.mouse.move(box.x + p.x, box.y + p.y, { steps: 2 });
  await card.waitFor({ state: "visible" });
  return { text: await card.innerText(), lift: () => page.mouse.move(box.x + 2, box.y + 2) };
}

for (const [size, options] of [["1280", DESK], ["390", PHONE]]) {
  test(`a city's card gives the chance to close it, dead squares are crossed out, the setting hides both (${size})`, async () => {
    const page = await openGame(browser, srv.url, options);
    const phone = size === "390";
    await page.evaluate((draw) => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw }), CLOSABLE);
    let card = await cityCard(page, phone);
    assert.match(card.text, /3 of the 5 unseen tiles close this city: 60% on each draw/);
    const data = await page.evaluate(() => window.carc.game.inspect(0, 0, "N").odds);
    assert.deepEqual(data, { unseen: 5, needs: { last: { closers: 3 } } });
    await shot(page, `odds-city-${size}`);
    await card.lift();
    // The road across the start tile has two open ends: at least two tiles.
    const road = await page.evaluate(() => window.carc.game.inspect(0, 0, "E"));
    assert.match(road.lines.join(" · "), /Needs at least 2 more tiles/);

    // Nothing left fits north of the start: the square is shaded and crossed out, the
    // city's card says it never closes. The empty square north-east of the start (no tile
    // can go there yet) keeps the table's colour.
    await page.evaluate((draw) => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw }), DEAD);
    card = await cityCard(page, phone);
    assert.match(card.text, /No tile left can close this city/);
    await card.lift();
    await frame(page);
    const table = await pixel(page, 1.5, -0.85);
    const dead = await pixel(page, 0.5, -0.85);
    assert.ok(dead.reduce((a, b) => a + b) < table.reduce((a, b) => a + b) - 30, `the dead square ${dead} is darker than the table ${table}`);
    await shot(page, `odds-dead-${size}`);

    // Off: no shade, no line.
    if (phone) await page.evaluate(() => { document.querySelector("#set-odds").click(); });
    else await page.click("#set-odds");
    assert.deepEqual(await pixel(page, 0.5, -0.85), table, "no dead square drawn");
    card = await cityCard(page, phone);
    assert.doesNotMatch(card.text, /tile left|unseen/);
    await card.lift();
    // Kept for the next visit.
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem("carcassonne.settings")).odds), false);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test("the odds in Dutch on the page", async () => {
  const page = await openGame(browser, srv.url, DESK);
  await chooseLanguage(page, "nl");
  await page.evaluate((draw) => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw }), CLOSABLE);
  const card = await cityCard(page);
  assert.match(card.text, /3 van de 5 nog niet geziene tegels voltooien deze stad: 60% bij elke trekking/);
  await shot(page, "odds-city-nl-1280");
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the element's odds=\"off\" hides the odds, and taking it away shows them", async () => {
  const page = await newPage(browser, DESK);
  await page.goto(srv.url + "element-example.html");
  await page.waitForFunction(() => [...document.querySelectorAll("carcassonne-game")].every((e) => e.game), null, { timeout: 15000 });
  // The mouse on the start tile's city (the card goes with each change, so it moves off first).
  const lines = async () => {
    const p = await page.evaluate(() => {
      const e = document.getElementById("play"), c = e.shadowRoot.querySelector("canvas.board");
      const r = c.getBoundingClientRect(), cam = e.view.camera();
      return { x: r.left + (0.5 - cam.x) * cam.zoom + c.clientWidth / 2, y: r.top + (0.12 - cam.y) * cam.zoom + c.clientHeight / 2 };
    });
    await page.mouse.move(p.x + 30, p.y + 40);
    await page.mouse.move(p.x, p.y, { steps: 2 });
    const box = page.locator("#play >> .inspect-card");
    await box.waitFor({ state: "visible" });
    return (await box.innerText()).split("\n");
  };
  const on = await lines();
  assert.ok(on.some((l) => /unseen tile|tile left/.test(l)), `the card has the odds: ${on}`);
  await page.evaluate(() => document.getElementById("play").setAttribute("odds", "off"));
  await frame(page);
  const off = await lines();
  assert.ok(!off.some((l) => /unseen tile|tile left/.test(l)), `no odds: ${off}`);
  await page.evaluate(() => document.getElementById("play").removeAttribute("odds"));
  await frame(page);
  assert.ok((await lines()).some((l) => /unseen tile|tile left/.test(l)));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
