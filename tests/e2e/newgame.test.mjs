// The new-game dialog: Start in view without scrolling at 1280×800 and on a 390×844 phone,
// whatever sets and seats are chosen, and no seat's choice cut off.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, openGame, shot } from "./harness.mjs";

let srv, browser;
before(async () => { srv = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); await srv?.close(); });

for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`Start stays in view and no seat's choice is cut off at ${size.width}×${size.height}`, async () => {
    const page = await openGame(browser, srv.url, { viewport: size });
    await page.click("#btn-new");
    const startInView = () => page.evaluate(() => {
      const b = document.querySelector("#ng-start").getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      return b.top >= 0 && b.bottom <= innerHeight && hit?.closest("#ng-start") !== null;
    });
    assert.equal(await startInView(), true, "the dialog as it opens");
    // The longest form: five seats, every set that may be chosen, the rules open.
    for (let i = 0; i < 3; i++) await page.click("#ng-add");
    for (const set of ["ghosts", "spellcircles", "watchtowers", "shrines"]) await page.check(`#ng-sets input[value="${set}"]`);
    await page.selectOption("#ng-players li:nth-child(5) select.who", { index: 3 });
    assert.equal(await startInView(), true, "five seats and every set");
    // Each seat's choice shows its whole text whichever is chosen ("Computer (medium)", not
    // "Computer (medi"): every choice the list offers, tried in turn.
    const cut = await page.evaluate(() => {
      const ctx = document.createElement("canvas").getContext("2d");
      return [...document.querySelectorAll("#ng-players select")].flatMap((s) => {
        const cs = getComputedStyle(s);
        ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20; // the arrow
        return [...s.options].filter((o) => !o.hidden && !o.disabled)
          .filter((o) => ctx.measureText(o.text).width > room).map((o) => `${o.text}: ${room.toFixed(0)} px`);
      });
    });
    assert.deepEqual(cut, []);
    await shot(page, `27-new-game-${size.width}`);
    // Start works from there.
    await page.click("#ng-start");
    const s = await page.evaluate(() => window.carc.game.snapshot());
    assert.equal(s.players.length, 5);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
