// The example bot of docs/online.md ("A bot"), run as a bot writer would run it: the
// program is read from the page, saved as a file and started with Node.js against a real
// server on loopback. It must play a whole game against the easy computer from the `legal`
// lists alone, each of its moves taken (no error), and say how the game ended.
// Run: node --test tests/e2e/bot.test.mjs (after a release build of carc with the server).
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "./harness.mjs";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "carc-bot-"));
let server;
after(() => { server?.child.kill(); fs.rmSync(dir, { recursive: true, force: true }); });

/** The fenced block after `<!-- bot: example -->` in docs/online.md. */
function documentedBot() {
  const doc = fs.readFileSync(new URL("../../docs/online.md", import.meta.url), "utf8");
  const at = doc.indexOf("<!-- bot: example -->");
  assert.ok(at >= 0, "the page shows the bot");
  const block = doc.slice(at).split("```")[1];
  return block.slice(block.indexOf("\n") + 1);
}

test("the documented bot plays a whole game against the server", async () => {
  server = await startServer({ db: path.join(dir, "rooms.db") });
  const file = path.join(dir, "bot.mjs");
  fs.writeFileSync(file, documentedBot());
  // Node 22 has WebSocket built in; 20 needs the flag, which 22 still accepts.
  const child = spawn(process.execPath, ["--experimental-websocket", file, `ws://127.0.0.1:${server.port}/ws`],
    { stdio: ["ignore", "pipe", "pipe"] });
  let out = "", err = "";
  child.stdout.on("data", (d) => { out += d; });
  child.stderr.on("data", (d) => { err += d; });
  const code = await new Promise((resolve) => {
    const timer = setTimeout(() => { child.kill(); resolve("timed out"); }, 60000);
    child.on("exit", (c) => { clearTimeout(timer); resolve(c); });
  });
  assert.equal(code, 0, `${out}\n${err}`);
  // A base game is 71 tiles, each a tile step and a figure step at least.
  const m = out.match(/^over after (\d+) actions$/m);
  assert.ok(m && Number(m[1]) >= 142, out);
  // No move was refused (the bot prints every error's message), and Node said nothing
  // but its note that WebSocket is experimental.
  assert.equal(err.split("\n").filter((l) => l.trim() && !/ExperimentalWarning|--trace-warnings/.test(l)).join("\n"), "");
});
