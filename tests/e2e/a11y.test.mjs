// Accessibility: axe-core (WCAG 2 A and AA rules) on the page, the element and the iframe
// page, each in a state a player sees (the new-game screen, a game under way).
// Run: node --test tests/e2e/ (after node scripts/build.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, newPage, ready, frame, shot, dismissDialog, violations } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

test("axe finds nothing on the page: the new-game screen, a game under way, the final scores", async () => {
  const page = await newPage(browser, { bypassCSP: true });
  await page.goto(srv.url);
  await ready(page);
  await page.locator("#new-game[open]").waitFor();
  assert.deepEqual(await violations(page), [], "the new-game screen");
  await dismissDialog(page);
  await page.evaluate(() => window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base", "ghosts"], seed: 4 }));
  await frame(page);
  await page.locator("#tiles-left-panel summary").click();
  assert.deepEqual(await violations(page), [], "a game under way");
  await page.click("#btn-help");
  await frame(page);
  assert.deepEqual(await violations(page), [], "How to play, open");
  await page.click("#help .help-close");
  await page.evaluate(() => {
    window.carc.newGame({ players: ["Ann", "Bo"], sets: ["base"], draw: ["base.X", "base.T"] });
    const g = window.carc.game;
    for (const a of [{ tile: "base.X", x: 1, y: 0, rotation: 0 }, { figure: "meeple", at: "W" }, { tile: "base.T", x: -1, y: 0, rotation: 3 }, { pass: true }]) g.apply(a);
  });
  await page.locator("#final-chart").waitFor();
  assert.deepEqual(await violations(page), [], "the final scores and chart");
  await shot(page, "a11y-page");
  await page.context().close();
});

test("axe finds nothing in the element, the iframe page or the API example", async () => {
  const page = await newPage(browser, { bypassCSP: true });
  const audit = async (url, up, what) => {
    await page.goto(srv.url + url);
    await page.waitForFunction(up, null, { timeout: 15000 });
    await frame(page);
    assert.deepEqual(await violations(page), [], what);
  };
  const gameUp = () => [...document.querySelectorAll("carcassonne-game")].every((e) => e.game);
  await audit("element-example.html", gameUp, "the element (both on the example page)");
  await audit("embed.html", gameUp, "the iframe page");
  await audit("api-example.html", () => document.querySelector("canvas")?.width > 0, "the API example page");
  await audit("embed.html?theme=light&bars=compact&lang=nl", gameUp, "the iframe page, light and compact");
  await page.context().close();
});
