// Every script of the page, the element and the workers parses (node --check), so that a
// slip in one file is named at once instead of as an element that never starts. No browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

test("every script in www/ and scripts/ parses", () => {
  const files = ["www", "scripts"].flatMap((d) => fs.readdirSync(path.join(root, d))
    .filter((f) => f.endsWith(".js") || f.endsWith(".mjs")).map((f) => path.join(root, d, f)));
  assert.ok(files.length > 20, `${files.length} scripts`);
  const broken = files.flatMap((f) => {
    const r = spawnSync(process.execPath, ["--check", f], { encoding: "utf8" });
    return r.status === 0 ? [] : [`${path.relative(root, f)}: ${r.stderr.split("\n").slice(0, 5).join(" ")}`];
  });
  assert.deepEqual(broken, []);
});
