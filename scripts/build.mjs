#!/usr/bin/env node
// Build the static site into dist/: node scripts/build.mjs [--dev]
//
// index.html names what the site is made of with `<link data-trunk …>` tags (the form Trunk
// reads; this script replaced Trunk, whose own build took a fresh machine 8 to 16 minutes
// to compile before the first test could run):
//  - rel="rust": the crate's library for wasm32 in `data-cargo-profile` (release builds)
//    with `data-cargo-features`, through wasm-bindgen (`--target web`, `--weak-refs` with
//    `data-weak-refs`) and wasm-opt (`-O<data-wasm-opt>`, npm's binaryen); in its place the
//    inline loader, and preloads of the module and the .wasm at the end of <head>, with
//    their hashes. Then each of `data-text-packs`' languages as a text pack of its own
//    (`--features pack-<lang>`: carcassonne-text-<lang>.js and _bg.wasm, www/packs.js);
//  - rel="css": the stylesheet, linked with its hash;
//  - rel="copy-file" and rel="copy-dir": copied as they are, by their base names.
// With it the computers' module (below), and scripts/post-build.mjs makes the offline file, the
// element bundle, boot.js with the page's strict policy, and the service worker's build id.
// Everything is built in a staging folder that replaces dist/ only once it is whole.
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const release = !process.argv.includes("--dev");
const dist = path.join(root, "dist");
const staging = path.join(root, "target", "dist-staging");
fs.rmSync(staging, { recursive: true, force: true });
fs.mkdirSync(staging, { recursive: true });

const sha384 = (file) => `sha384-${crypto.createHash("sha384").update(fs.readFileSync(file)).digest("base64")}`;
const attributes = (text) =>
  Object.fromEntries([...text.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((m) => [m[1], m[2] ?? true]));

let cargoRuns = 0;
/** Build the crate's library for wasm32 in `profile`; resolves to the .wasm cargo wrote.
 *  cargo's messages go to a file, read when it ends: a pipe could fill while this script
 *  waits on the other build. */
function cargoWasm(profile, { features = [], targetDir = null } = {}) {
  const args = ["build", "--profile", profile, "--target", "wasm32-unknown-unknown", "--lib",
    "--message-format", "json-render-diagnostics", ...features];
  if (targetDir) args.push("--target-dir", targetDir);
  const messages = path.join(staging, `.cargo-${profile}-${++cargoRuns}.json`);
  const out = fs.openSync(messages, "w");
  const child = spawn("cargo", args, { cwd: root, stdio: ["ignore", out, "inherit"] });
  fs.closeSync(out);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      const lines = fs.readFileSync(messages, "utf8").split("\n");
      fs.rmSync(messages);
      if (code !== 0) return reject(new Error(`cargo build --profile ${profile} failed (exit ${code})`));
      const wasm = lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line))
        .filter((m) => m.reason === "compiler-artifact" && m.target?.name === "carcassonne")
        .flatMap((m) => m.filenames).find((f) => f.endsWith(".wasm"));
      if (wasm) resolve(wasm);
      else reject(new Error(`cargo built no carcassonne.wasm in profile ${profile}`));
    });
  });
}

/** Run a program to its end, its output on this script's. */
const run = (program, args) => new Promise((resolve, reject) => {
  spawn(program, args, { cwd: root, stdio: "inherit" }).on("error", reject)
    .on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${program} ${args[0]}… failed (exit ${code})`))));
});

const wasmOpt = path.join(root, "node_modules/.bin/wasm-opt");
/** wasm-bindgen's module `name` (its .js and _bg.wasm in staging) from cargo's `wasm`, then
 *  wasm-opt at `level` in a release. Debian's wasm-opt is too old and breaks the module
 *  silently: only npm's (setup.sh). */
async function bindgen(wasm, name, { level = null, weakRefs = false } = {}) {
  const args = ["--target", "web", "--no-typescript", "--out-dir", staging, "--out-name", name];
  if (weakRefs) args.push("--weak-refs");
  await run("wasm-bindgen", [...args, wasm]);
  const wasmFile = path.join(staging, `${name}_bg.wasm`);
  if (release && level) {
    if (!fs.existsSync(wasmOpt)) throw new Error("node_modules/.bin/wasm-opt is missing: run scripts/setup.sh");
    await run(wasmOpt, [`-O${level}`, wasmFile, "-o", wasmFile]);
  }
  return wasmFile;
}

let html = fs.readFileSync(path.join(root, "index.html"), "utf8");
const rust = [...html.matchAll(/<link data-trunk ([^>]*)>/g)].map((m) => attributes(m[1])).find((a) => a.rel === "rust");
if (!rust) throw new Error("index.html: no <link data-trunk rel=\"rust\">");

// The page's module, and the computers': they think in a Web Worker with a module of their
// own, the same crate with only `thinkTurn` and `reviewGame` (`--features worker`) at opt-level 3 (the `bot`
// profile). Their search is where the browser spends its time, and the page's module, built
// for size, runs it about 3 times slower than native; this one about 1.5 times. The page's
// own module still thinks where no worker can start (file://, the one-script element).
// In a release both cargo builds end in a long single-threaded link-time optimisation, so
// they run side by side, the computers' in a target folder of its own (cargo locks one
// folder a build); a dev build shares the page's folder and dependencies, one after the other.
const worker = ["--features", "worker"];
const pageProfile = release ? rust["data-cargo-profile"] || "release" : "dev";
const pageFeatures = rust["data-cargo-features"] ? ["--features", rust["data-cargo-features"]] : [];
// The page's module, then its text packs, one after the other in the page's folder (they
// share its dependencies, and cargo writes each one's .wasm where the last one's was), and
// for the single files (post-build.mjs) the same library whole: its default features, every
// language and guide inside, smaller than the page's module and the packs together.
const packs = String(rust["data-text-packs"] || "").split(/\s+/).filter(Boolean);
const pageBuild = (async () => {
  const bound = { level: rust["data-wasm-opt"], weakRefs: !!rust["data-weak-refs"] };
  await bindgen(await cargoWasm(pageProfile, { features: pageFeatures }), rust["data-target-name"], bound);
  if (pageFeatures.length) await bindgen(await cargoWasm(pageProfile), `${rust["data-target-name"]}-whole`, bound);
  for (const lang of packs) {
    const file = await bindgen(await cargoWasm(pageProfile, { features: ["--features", `pack-${lang}`] }),
      `carcassonne-text-${lang}`, { level: rust["data-wasm-opt"] });
    console.log(`carcassonne-text-${lang}_bg.wasm: ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
  }
})();
const botBuild = release
  ? cargoWasm("bot", { features: worker, targetDir: path.join(root, "target", "bot-build") })
  : pageBuild.then(() => cargoWasm("dev", { features: worker }));
await Promise.all([
  pageBuild,
  botBuild.then(async (wasm) => {
    const botFile = await bindgen(wasm, "carcassonne-bot", { level: "3" });
    console.log(`carcassonne-bot_bg.wasm: ${(fs.statSync(botFile).size / 1024).toFixed(0)} KB`);
  }),
]);

let preloads = "";
html = html.replace(/[ \t]*<link data-trunk ([^>]*)>\n?/g, (tag, text) => {
  const a = attributes(text);
  const indent = tag.match(/^[ \t]*/)[0];
  switch (a.rel) {
    case "rust": {
      const name = a["data-target-name"];
      const wasmFile = path.join(staging, `${name}_bg.wasm`);
      const js = path.join(staging, `${name}.js`);
      preloads += `<link rel="modulepreload" href="./${name}.js" crossorigin="anonymous" integrity="${sha384(js)}">` +
        `<link rel="preload" href="./${name}_bg.wasm" crossorigin="anonymous" integrity="${sha384(wasmFile)}" as="fetch" type="application/wasm">`;
      // The loader: the page's scripts wait for the bindings (www/app.js).
      return `<script type="module">
import init, * as bindings from './${name}.js';
const wasm = await init({ module_or_path: './${name}_bg.wasm' });
window.wasmBindings = bindings;
dispatchEvent(new CustomEvent("TrunkApplicationStarted", {detail: {wasm}}));
</script>
`;
    }
    case "css": {
      const to = path.join(staging, path.basename(a.href));
      fs.copyFileSync(path.join(root, a.href), to);
      return `${indent}<link rel="stylesheet" href="./${path.basename(a.href)}" integrity="${sha384(to)}"/>\n`;
    }
    case "copy-file":
      fs.copyFileSync(path.join(root, a.href), path.join(staging, path.basename(a.href)));
      return "";
    case "copy-dir":
      fs.cpSync(path.join(root, a.href), path.join(staging, path.basename(a.href)), { recursive: true });
      return "";
    default:
      throw new Error(`index.html: a data-trunk link of an unknown kind: ${tag.trim()}`);
  }
});
html = html.replace("</head>", () => `${preloads}</head>`);
fs.writeFileSync(path.join(staging, "index.html"), html);

execFileSync("node", [path.join(root, "scripts/post-build.mjs"), staging], { cwd: root, stdio: "inherit" });
fs.rmSync(dist, { recursive: true, force: true });
fs.renameSync(staging, dist);
console.log(`${dist}: built (${release ? "release" : "dev"})`);
