// Shared helpers for the browser tests: serve dist/ on loopback, drive Debian's Chromium
// through playwright-core (no browser downloads), and save screenshots as artefacts.
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chromium } from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const DIST = path.join(root, "dist");
export const ARTIFACTS = path.join(root, "test-artifacts");
/** The release `carc` with online play (scripts/test.sh builds it before these tests). */
/** The `carc` the tests serve with: `CARC_BIN`, else the release build. scripts/test.sh
 *  points it at the native tests' own build (the same code with `--features server`), so
 *  the suite compiles the server once. */
export const CARC = process.env.CARC_BIN || path.join(root, "target/release/carc");
/** The throwaway PostgreSQL cluster's program (examples/pgcluster.rs), chosen the same way. */
export const PGCLUSTER = process.env.CARC_PGCLUSTER || path.join(root, "target/release/examples/pgcluster");
fs.mkdirSync(ARTIFACTS, { recursive: true });

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css",
  ".json": "application/json", ".png": "image/png", ".svg": "image/svg+xml", ".webmanifest": "application/manifest+json" };

/** Serve a folder on 127.0.0.1 (a free port); resolves to { url, close }. `headers(file)`
 *  may add or change response headers per file. */
export function serve(dir = DIST, { headers = () => ({}) } = {}) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, "http://x");
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir)) { res.writeHead(403).end(); return; }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, "index.html");
    fs.readFile(file, (err, data) => {
      if (err) { res.writeHead(404).end("not found"); return; }
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] || "application/octet-stream", "cache-control": "no-cache",
        ...headers(path.relative(dir, file)) });
      res.end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => {
    resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((r) => server.close(r)) });
  }));
}

/** Start `carc serve` on 127.0.0.1 serving dist/ with its rooms in `db`: `port` 0 takes a
 *  free one, `args` adds flags (e.g. `--allow-origin`). Resolves to { url, port, child }. */
export function startServer({ db, port = 0, args = [] }) {
  const child = spawn(CARC, ["serve", "--port", String(port), "--dist", DIST, "--db", db, "--bot-delay-ms", "0", ...args],
    { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`carc serve exited (${code})`)));
    child.stdout.on("data", (d) => {
      const m = String(d).match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (m) resolve({ url: m[0], port: Number(m[1]), child });
    });
  });
}

/** A port for a server that must start again on the same port: below the kernel's
 *  ephemeral range, so that while it is down no outgoing connection and no port-0
 *  listener of a test file running alongside can take it ("Address already in use"). */
function portBelowEphemeral() {
  let low = 32768;
  try { low = Number(fs.readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || low; } catch { /* not Linux */ }
  const top = Math.max(Math.min(low, 32768), 12000);
  return 10000 + Math.floor(Math.random() * (top - 10000));
}

/** `start()` until it resolves, `times` tries in all, `pauseMs` apart; the last failure
 *  is thrown. */
async function attempts(times, pauseMs, start) {
  for (let tries = 1; ; tries++) {
    try { return await start(); } catch (e) {
      if (tries === times) throw e;
      await new Promise((r) => setTimeout(r, pauseMs));
    }
  }
}

/** Start `carc serve` as `startServer` does, on a port below the ephemeral range (another
 *  one if that is taken), so that `restartServer` can start it again on the same port. */
export function startRestartableServer(options) {
  return attempts(5, 0, () => startServer({ ...options, port: portBelowEphemeral() }));
}

/** Kill `server` with SIGKILL (no chance to tidy up) and wait until its process is gone. */
export async function killServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const gone = new Promise((r) => server.child.once("exit", r));
  server.child.kill("SIGKILL");
  await gone;
}

/** Start a server from `startRestartableServer` again with `options` on the same port,
 *  killing it first if it still runs; the kernel may take a moment to free the port. */
export async function restartServer(server, options) {
  await killServer(server);
  return attempts(20, 250, () => startServer({ ...options, port: server.port }));
}

/** Ann makes an online room from the new-game screen at `url`: herself and a second seat,
 *  Bo invited by his own link (`second: "Bo"`) or an open seat (`"open"`). Returns the
 *  invite dialog's links, once the dialog is closed. */
export async function makeOnlineRoom(page, url, second = "Bo") {
  await page.goto(url);
  await ready(page);
  if (await page.locator("#new-game[open]").count() === 0) await page.click("#btn-new");
  await page.waitForFunction(() => !document.querySelector("#ng-online-box").hidden);
  await page.check("#ng-online");
  await page.fill("#ng-players li:nth-child(1) input", "Ann");
  if (second === "open") {
    await page.selectOption("#ng-players li:nth-child(2) select.who", "open");
  } else {
    await page.fill("#ng-players li:nth-child(2) input", second);
    await page.selectOption("#ng-players li:nth-child(2) select.who", "");
  }
  await page.click("#ng-start");
  await page.waitForSelector("#invite[open]");
  const links = await page.$$eval("#invite-links input", (is) => is.map((i) => i.value));
  await page.click("#invite button[type=submit]");
  return links;
}

/** Follow an invitation's link on `page` for the first time: the page asks the name the
 *  others will see; give `name`, or keep the host's (null). */
export async function followInvite(page, link, name = null) {
  await page.goto(link);
  await page.waitForSelector("#claim[open]");
  if (name === null) { await page.click("#claim-watch"); return; }
  await page.fill("#claim-name", name);
  await page.click("#claim-take");
}

const AXE = path.join(root, "node_modules/axe-core/axe.min.js");

/** The best-practice rules axe must also find clean. */
const BEST = ["region", "landmark-one-main", "heading-order", "aria-allowed-role", "empty-table-header", "page-has-heading-one"];

/** axe-core's WCAG 2.1 A and AA violations in `target` (a page or a frame), and those of
 *  its best-practice rules that issue 21 asks for (BEST), as "rule: target (help)" lines. A page that forbids inline scripts needs a context that bypasses
 *  its CSP (`newPage(browser, { bypassCSP: true })`) for axe alone. */
export async function violations(target) {
  await target.evaluate(fs.readFileSync(AXE, "utf8"));
  const results = await target.evaluate(async (best) => [
    await window.axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] }),
    await window.axe.run(document, { runOnly: { type: "rule", values: best } }),
  ], BEST);
  return results.flatMap((r) => r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} (${v.help})`)));
}

/** Launch headless Chromium from Debian. */
export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
      "--disable-component-update", "--no-first-run", "--disable-sync"],
  });
}

/** A new page that records console errors and page errors into `errors`. */
export async function newPage(browser, options = {}) {
  // English unless a test asks for another language (the page follows the browser's).
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 }, locale: "en-US", ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") page.errors.push(m.text()); });
  return page;
}

/** A new page with a virtual platform authenticator (Chromium's WebAuthn domain; the user
 *  verified as by a fingerprint): `{page, cdp, id}`, the authenticator's id for `cdp`. */
export async function passkeyDevice(browser, options = {}) {
  const page = await newPage(browser, options);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", { options: {
    protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true,
    isUserVerified: true, automaticPresenceSimulation: true } });
  return { page, cdp, id: authenticatorId };
}

/** Wait until the app has started and exposes window.carc.game. */
export async function ready(page) {
  await page.waitForFunction(() => window.carc && window.carc.game && window.carc.view, null, { timeout: 15000 });
}

/** Choose `lang` in the settings and wait until the page speaks it: a language other than
 *  English comes when its text pack has (www/packs.js). */
export async function chooseLanguage(page, lang) {
  await page.selectOption("#set-lang", lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang, { timeout: 15000 });
}

/** Close the new-game dialog if it is open (a first visit opens it). */
export async function dismissDialog(page) {
  if (await page.locator("#new-game[open]").count()) await page.click("#ng-start");
}

/** A new page on the game at `url`, started, with the new-game dialog closed. */
export async function openGame(browser, url, options) {
  const page = await newPage(browser, options);
  await page.goto(url);
  await ready(page);
  await dismissDialog(page);
  return page;
}

export async function shot(page, name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** Mode A of The Spell Circles played until Eloïse's pile is empty (7 ghosts in circles)
 *  while Blue has a meeple out: Red's cat step. Returns the snapshot. */
export function playToEloiseStep(page) {
  return page.evaluate(() => {
    window.carc.newGame({ players: ["Red", "Blue"], sets: ["base", "ghosts", "spellcircles"], options: { spell_mode: "A" },
      draw: ["spellcircles.04", "spellcircles.01", "spellcircles.03", "base.U", "spellcircles.07"] });
    const g = window.carc.game;
    g.apply({ tile: "spellcircles.04", x: 2, y: 0, rotation: 0 }); g.apply({ pass: true });
    g.apply({ tile: "spellcircles.01", x: 2, y: 1, rotation: 0 }); g.apply({ pass: true });
    g.apply({ tile: "spellcircles.03", x: -1, y: 0, rotation: 3 }); g.apply({ pass: true });
    g.apply({ tile: "base.U", x: 3, y: 1, rotation: 0 }); g.apply({ figure: "meeple", at: "E" });
    g.apply({ tile: "spellcircles.07", x: 0, y: 2, rotation: 0 });
    return g.snapshot();
  });
}

/** On a phone the panel is a sheet: pull it up (a tap on its handle) to see the players,
 *  the team, the log and the settings. Nothing to do where it is not a sheet. */
export async function pullSheet(page) {
  if (!(await page.isVisible("#sheet-handle"))) return;
  if (await page.getAttribute("#sheet-handle", "aria-expanded") === "true") return;
  await page.click("#sheet-handle");
  await page.waitForFunction(() => document.querySelector("#panel").classList.contains("open"));
}

/** Click at canvas-relative CSS pixel coordinates. */
export async function clickCanvas(page, x, y, button = "left") {
  const box = await page.locator("#board").boundingBox();
  await page.mouse.click(box.x + x, box.y + y, { button });
  // A figure waits for its confirmation (on by default): a second click on it places it,
  // as a player does. tests/e2e/confirm.test.mjs tests the waiting itself.
  // (A replay's board is another view, and the game's may be freed meanwhile.)
  const waits = await page.evaluate(() => { try { return !!window.carc?.view?.pending; } catch { return false; } });
  if (!waits) return;
  // Where the waiting figure is now: the board may have moved to keep clear of a card
  // that grew (a guide's next line), as a player sees it move.
  await frame(page);
  const at = await page.evaluate(() => {
    const v = window.carc.view, p = JSON.stringify(v.pending);
    return v.spotPoints().find((s) => JSON.stringify(s.action) === p) ?? null;
  });
  await page.mouse.click(box.x + (at?.x ?? x), box.y + (at?.y ?? y), { button });
}

/** Let the board draw (the camera follows the board in its animation frame). */
export const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** mulberry32: the same "random" clicks every run. */
export function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The page's game (or `window.carc[which]`, e.g. the replay's), as a plain snapshot. */
export const snap = (page, which = "game") => page.evaluate((w) => window.carc[w].snapshot(), which);

/** Where a board square is on the canvas, in canvas CSS pixels. */
export async function squarePoint(page, x, y) {
  // A new board (after a new game, a replay, a reload) fits its camera in its first frame:
  // aim only after it has drawn.
  await page.waitForFunction(() => window.carc.view.stats().frames > 0);
  await frame(page);
  return page.evaluate(([x, y]) => window.carc.view.screenPoint(x, y), [x, y]);
}

/** One random legal click of the page's game (`keep`: pass more often, to keep meeples). */
export async function randomClick(page, r, keep = false) {
  const s = await snap(page);
  await frame(page);
  if (s.phase.step === "tile") {
    const legal = await page.evaluate(() => window.carc.game.legalActions());
    const a = legal[Math.floor(r() * legal.length)];
    const p = await squarePoint(page, a.x, a.y);
    const box = await page.locator("#board").boundingBox();
    await page.mouse.move(box.x + p.x, box.y + p.y);
    await page.mouse.click(box.x + p.x, box.y + p.y);
  } else if (s.phase.step === "ghost") {
    const spots = await page.evaluate(() => window.carc.view.spotPoints());
    const i = Math.floor(r() * spots.length);
    await clickCanvas(page, spots[i].x, spots[i].y);
  } else {
    const spots = await page.evaluate(() => window.carc.view.spotPoints());
    const i = keep && r() < 2 / 3 ? spots.length : Math.floor(r() * (spots.length + 1));
    if (i === spots.length) await page.click("#btn-pass");
    else await clickCanvas(page, spots[i].x, spots[i].y);
  }
  const after = await snap(page);
  assert.notEqual(JSON.stringify(after), JSON.stringify(s), "a click changed nothing");
  return after;
}
