#!/usr/bin/env node
// Build the static site into dist/: node scripts/build.mjs [--dev]
//
// index.html names what the site is made of with `<link data-trunk …>` tags (the form Trunk
// reads; this script replaced Trunk, whose own build took a fresh machine 8 to 16 minutes
// to compile before the first test could run):
//  - rel="rust": the crate's library for wasm32 in `data-cargo-profile` (release builds),
//    through wasm-bindgen (`--target web`, `--weak-refs` with `data-weak-refs`) and
//    wasm-opt (`-O<data-wasm-opt>`, npm's binaryen); in its place the inline loader, and
//    preloads of the module and the .wasm at the end of <head>, with their hashes;
//  - rel="css": the stylesheet, linked with its hash;
//  - rel="copy-file" and rel="copy-dir": copied as they are, by their base names.
// Then the computers' module (below), and scripts/post-build.mjs makes the offline file, the
// element bundle, boot.js with the page's strict policy, and the service worker's build id.
// Everything is built in a staging folder that replaces dist/ only once it is whole.
import { execFileSync } from "node:child_process";
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

/** The crate's library for wasm32 in `profile`: the .wasm cargo wrote. */
function cargoWasm(profile, features = []) {
  const args = ["build", "--profile", profile, "--target", "wasm32-unknown-unknown", "--lib",
    "--message-format", "json-render-diagnostics", ...features];
  const out = execFileSync("cargo", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 28 });
  const wasm = out.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line))
    .filter((m) => m.reason === "compiler-artifact" && m.target?.name === "carcassonne")
    .flatMap((m) => m.filenames).find((f) => f.endsWith(".wasm"));
  if (!wasm) throw new Error(`cargo built no carcassonne.wasm in profile ${profile}`);
  return wasm;
}

let html = fs.readFileSync(path.join(root, "index.html"), "utf8");
let preloads = "";
html = html.replace(/[ \t]*<link data-trunk ([^>]*)>\n?/g, (tag, text) => {
  const a = attributes(text);
  const indent = tag.match(/^[ \t]*/)[0];
  switch (a.rel) {
    case "rust": {
      const name = a["data-target-name"];
      const wasm = cargoWasm(release ? a["data-cargo-profile"] || "release" : "dev");
      const bindgen = ["--target", "web", "--no-typescript", "--out-dir", staging, "--out-name", name];
      if (a["data-weak-refs"]) bindgen.push("--weak-refs");
      execFileSync("wasm-bindgen", [...bindgen, wasm], { stdio: "inherit" });
      const wasmFile = path.join(staging, `${name}_bg.wasm`);
      const wasmOpt = path.join(root, "node_modules/.bin/wasm-opt");
      if (release && a["data-wasm-opt"]) {
        // Debian's wasm-opt is too old and breaks the module silently: only npm's (setup.sh).
        if (!fs.existsSync(wasmOpt)) throw new Error("node_modules/.bin/wasm-opt is missing: run scripts/setup.sh");
        execFileSync(wasmOpt, [`-O${a["data-wasm-opt"]}`, wasmFile, "-o", wasmFile], { stdio: "inherit" });
      }
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

// The computers think in a Web Worker with a module of their own: the same crate with only
// `thinkTurn` (`--features worker`), at opt-level 3 (the `bot` profile). Their search is
// where the browser spends its time, and the page's module, built for size, runs it about
// 3 times slower than native; this one about 1.5 times. The page's own module still thinks
// where no worker can start (file://, the one-script element).
{
  const wasm = cargoWasm(release ? "bot" : "dev", ["--features", "worker"]);
  execFileSync("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", staging, "--out-name", "carcassonne-bot", wasm], { stdio: "inherit" });
  const botWasm = path.join(staging, "carcassonne-bot_bg.wasm");
  if (release) execFileSync(path.join(root, "node_modules/.bin/wasm-opt"), ["-O3", botWasm, "-o", botWasm], { stdio: "inherit" });
  console.log(`carcassonne-bot_bg.wasm: ${(fs.statSync(botWasm).size / 1024).toFixed(0)} KB`);
}

execFileSync("node", [path.join(root, "scripts/post-build.mjs"), staging], { cwd: root, stdio: "inherit" });
fs.rmSync(dist, { recursive: true, force: true });
fs.renameSync(staging, dist);
console.log(`${dist}: built (${release ? "release" : "dev"})`);
