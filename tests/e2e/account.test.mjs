// Issue 38's accounts with passkeys in the browser against the real `carc serve`, with
// Chromium's virtual authenticators (the DevTools protocol's WebAuthn domain): Ann makes an
// account on her desktop (1280×800), the session survives a reload in an HttpOnly cookie
// the page cannot read; her phone (390×844) holds the same passkey, as a synced one would,
// and signs in by her name, then adds a passkey of its own; a refused verification says so;
// the desktop deletes the account with a passkey, and the phone is signed out by it.
// Screenshots in test-artifacts/.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, passkeyDevice, shot, ready, startServer, violations } from "./harness.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-account-"));
let server, browser, url;
before(async () => {
  server = await startServer({ db: path.join(dir, "rooms.db") });
  // A passkey's relying party is a name: the page is opened as localhost, not 127.0.0.1.
  url = `http://localhost:${server.port}/`;
  browser = await launch();
});
after(async () => { await browser?.close(); server?.child.kill("SIGKILL"); fs.rmSync(dir, { recursive: true, force: true }); });

const device = (options) => passkeyDevice(browser, options);

async function openAccount(page) {
  await page.goto(url);
  await ready(page);
  if (await page.locator("#new-game[open]").count() === 0) await page.click("#btn-new");
  await page.waitForFunction(() => !document.querySelector("#ng-lobby-box").hidden);
  await page.click("#ng-account");
  await page.waitForSelector("#account[open]");
}

const status = (page, re) => page.waitForFunction((s) => new RegExp(s).test(document.querySelector("#acct-status").textContent), re.source);

test("a passkey account is made, used on a second device, given a second passkey and deleted", async () => {
  const desk = await device({ viewport: { width: 1280, height: 800 } });
  const a = desk.page;
  await openAccount(a);
  assert.ok(await a.locator("#acct-out").isVisible(), "signed out at first");
  await shot(a, "account-signed-out-1280");
  assert.deepEqual(await violations(a), [], "axe finds nothing in the account dialog");
  await a.fill("#acct-name", "Ann Tiler");
  await a.click("#acct-sign-up");
  await status(a, /Welcome, Ann Tiler\./);
  assert.equal(await a.textContent("#acct-who"), "Signed in as Ann Tiler");
  assert.equal(await a.textContent("#acct-passkeys"), "1 passkey");
  const made = (await desk.cdp.send("WebAuthn.getCredentials", { authenticatorId: desk.id })).credentials;
  assert.equal(made.length, 1, "the authenticator holds the new passkey");
  assert.equal(made[0].rpId, "localhost");
  await shot(a, "account-signed-in-1280");
  assert.deepEqual(await violations(a), []);

  // The session is an HttpOnly, SameSite=Strict cookie: it survives a reload, the page's
  // script never sees it, and no credential is in the address.
  const [cookie] = (await a.context().cookies()).filter((c) => c.name === "carc_session");
  assert.ok(cookie.httpOnly && cookie.sameSite === "Strict" && !cookie.secure, JSON.stringify(cookie));
  assert.ok(!(await a.evaluate(() => document.cookie)).includes("carc_session"));
  await openAccount(a);
  await a.waitForFunction(() => !document.querySelector("#acct-in").hidden);
  assert.equal(await a.textContent("#acct-who"), "Signed in as Ann Tiler");
  assert.ok(!a.url().includes("ceremony") && !a.url().includes("carc_session"), a.url());

  // Her phone holds the same passkey (as a synced passkey would) and signs in by her name.
  const phone = await device({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const b = phone.page;
  await phone.cdp.send("WebAuthn.addCredential", { authenticatorId: phone.id, credential: made[0] });
  await openAccount(b);
  await b.fill("#acct-name", "ann tiler");
  await b.click("#acct-sign-in");
  await status(b, /Welcome, Ann Tiler\./);
  await shot(b, "account-phone-signed-in-390");
  // Adding a passkey on a device that holds one is refused by the browser, and said so.
  await b.click("#acct-add");
  await status(b, /already holds a passkey/);
  // With the synced one gone, the phone makes a passkey of its own: two in all.
  await phone.cdp.send("WebAuthn.removeCredential", { authenticatorId: phone.id, credentialId: made[0].credentialId });
  await b.click("#acct-add");
  await status(b, /Passkey added\./);
  assert.equal(await b.textContent("#acct-passkeys"), "2 passkeys");
  await b.click("#acct-sign-out");
  await status(b, /Signed out\./);
  assert.ok(await b.locator("#acct-out").isVisible());
  // A passkey whose user is not verified signs nobody in.
  await phone.cdp.send("WebAuthn.setUserVerified", { authenticatorId: phone.id, isUserVerified: false });
  await b.click("#acct-sign-in");
  await status(b, /No passkey was used\.|not accepted/);
  assert.ok(await b.locator("#acct-out").isVisible(), "still signed out");
  await phone.cdp.send("WebAuthn.setUserVerified", { authenticatorId: phone.id, isUserVerified: true });
  await b.click("#acct-sign-in");
  await status(b, /Welcome, Ann Tiler\./);
  await shot(b, "account-phone-second-passkey-390");

  // A key for Ann's bot: shown once, and the account is a program's from then on.
  await a.click("#acct-bot");
  await a.click("#acct-bot-go");
  await status(a, /Copy the key now/);
  assert.match(await a.inputValue("#acct-bot-key"), /^[\w-]{44}$/);
  assert.equal(await a.textContent("#acct-who"), "Signed in as Ann Tiler (a program's account)");
  await shot(a, "account-bot-key-1280");
  // The desktop deletes the account, confirmed with its passkey.
  await a.click("#acct-delete");
  assert.ok(await a.locator("#acct-delete-box").isVisible());
  await shot(a, "account-delete-1280");
  await a.click("#acct-delete-go");
  await status(a, /The account is deleted\./);
  assert.ok(await a.locator("#acct-out").isVisible());
  // The phone's session went with it; the name is free again.
  await openAccount(b);
  await b.waitForFunction(() => !document.querySelector("#acct-out").hidden);
  await b.click("#acct-sign-in");
  await status(b, /No account has that name\./);
  for (const p of [a, b]) assert.deepEqual(p.errors.filter((e) => !/Failed to load resource/.test(e)), []);
});
