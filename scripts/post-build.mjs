#!/usr/bin/env node
// The last step of every build (scripts/build.mjs runs it on its staging folder; by hand:
// node scripts/post-build.mjs [dist-dir]):
//  1. dist/carcassonne-offline.html: one self-contained file that plays the whole game
//     opened straight from disk (file://): the page, its styles, its scripts and the
//     whole WebAssembly module (base64: every language and guide inside) inlined, under a
//     Content-Security-Policy that allows exactly those inline parts (by their hashes).
//  2. dist/index.html: Trunk's inline loader moved to boot.js, and a strict
//     Content-Security-Policy (no inline script or style at all, as embed.html).
//  3. dist/carcassonne-element.js: the element in one classic script, the whole wasm
//     inlined.
//  4. dist/sw.js: the cache named after this build, so that the service worker never
//     mixes files of two versions; the build fails if its list misses a file.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

const dist = path.resolve(process.argv[2] || "dist");
const read = (f) => fs.readFileSync(path.join(dist, f), "utf8");

const OUT = "carcassonne-offline.html";

// The single files take the module whole (scripts/build.mjs: every language and guide
// inside, where the page's own fetches them): its wasm-bindgen exports become plain
// declarations in the one inline script.
const WHOLE = fs.existsSync(path.join(dist, "carcassonne-whole.js")) ? "carcassonne-whole" : "carcassonne";
const glue = read(`${WHOLE}.js`);
const names = [...glue.matchAll(/^export (?:class|function) (\w+)/gm)].map((m) => m[1]);
if (!names.includes("Game") || !glue.includes("export { initSync, __wbg_init as default };")) {
  throw new Error(`${WHOLE}.js does not look like wasm-bindgen's web glue; was dist/ built by scripts/build.mjs?`);
}
const plain = glue.replace(/^export (class|function) /gm, "$1 ").replace("export { initSync, __wbg_init as default };", "");

// The page's own modules, imports removed (they are all in this one script).
const local = (f) => {
  const text = read(f).replace(/^import .* from "\.\/[\w-]+\.js";\n/gm, "").replace(/^export (class|async function|function|const) /gm, "$1 ");
  // One export left would stop the whole inline script from parsing: fail the build instead.
  const left = text.match(/^(import|export) .*/m);
  if (left) throw new Error(`${f}: cannot inline "${left[0]}"`);
  return text;
};
const wasm = fs.readFileSync(path.join(dist, `${WHOLE}_bg.wasm`)).toString("base64");

// What www/packs.js fetches is inside the whole module: no pack to start (it speaks every
// language), and a guide is read by its id.
const PACKED = JSON.parse(read("packs.js").match(/^export const PACKED = (\[[^\]]*\]);$/m)?.[1] ?? "null");
if (!PACKED) throw new Error("packs.js: no `export const PACKED = [...]` to read the text packs from");
const inlineSource = `const SOURCE = {
  pack: async () => null,
  guide: async (id) => id,
};`;
const sourceBlock = /\/\/ SOURCE:begin[^\n]*\n[\s\S]*?\/\/ SOURCE:end\n/;
if (!sourceBlock.test(read("packs.js"))) throw new Error("packs.js: no SOURCE:begin … SOURCE:end block to put the inlined parts in");
// The copy the single files take in (removed at the end).
fs.writeFileSync(path.join(dist, "packs-inline.js"), read("packs.js").replace(sourceBlock, () => `${inlineSource}\n`));

const script = `
${plain}
await __wbg_init({ module_or_path: Uint8Array.from(atob("${wasm}"), (c) => c.charCodeAt(0)) });
window.wasmBindings = { ${names.join(", ")} };
{
${local("dom.js")}
${local("lang-en.js")}
${local("lang-nl.js")}
${local("lang-de.js")}
${local("lang-fr.js")}
${local("text.js")}
${local("packs-inline.js")}
${local("computers.js")}
${local("sound.js")}
${local("coop.js")}
${local("controller.js")}
${local("online.js")}
${local("clocks.js")}
${local("inspect.js")}
${local("panels.js")}
${local("results.js")}
${local("guide.js")}
${local("study.js")}
${local("help.js")}
${local("settings.js")}
${local("bars.js")}
${local("side-panel.js")}
${local("replay-viewer.js")}
${local("review.js")}
${local("lobby.js")}
${local("daily.js")}
${local("leaderboard.js")}
${local("account.js")}
${local("online-panel.js")}
${local("new-game.js")}
${local("app.js")}
}`;
// The modules share one scope here: two top-level names alike (a second `$`) would stop
// the whole page from parsing. Fail the build instead.
const check = path.join(os.tmpdir(), `carcassonne-single-${process.pid}.mjs`);
fs.writeFileSync(check, script);
const parsed = spawnSync(process.execPath, ["--check", check], { encoding: "utf8" });
fs.rmSync(check, { force: true });
if (parsed.status !== 0) throw new Error(`the single file's script does not parse:\n${parsed.stderr.split("\n").slice(0, 6).join("\n")}`);

let html = read("index.html");
// The loader, preloads, the manifest and the separate files give way to inline copies.
html = html.replace(/<script type="module">[\s\S]*?<\/script>/, "")
  .replace(/<link rel="(modulepreload|preload|manifest)"[^>]*>/g, "")
  .replace(/<link rel="(icon|apple-touch-icon)" href="icons\/icon-192\.png">/g,
    (_, rel) => `<link rel="${rel}" href="data:image/png;base64,${fs.readFileSync(path.join(dist, "icons/icon-192.png")).toString("base64")}">`)
  .replace(/<link rel="stylesheet" href="\.\/style\.css"[^>]*>/, () => `<style>\n${read("style.css")}</style>`)
  .replace(/<script type="module" src="app\.js"><\/script>/, () => `<script type="module">${script.replaceAll("</script", "<\\/script")}</script>`);
const left = html.match(/<(script|link)[^>]*(src|href)="(?!data:)[^"]*"/);
if (left) throw new Error(`a file reference is left in the single file: ${left[0]}`);
// Its policy allows the one inline script and the one inline style, by their hashes.
const hash = (text) => `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
const inlineScript = html.match(/<script type="module">([\s\S]*?)<\/script>/)[1];
const inlineStyle = html.match(/<style>([\s\S]*?)<\/style>/)[1];
const offlinePolicy = `default-src 'none'; script-src ${hash(inlineScript)} 'wasm-unsafe-eval'; ` +
  `style-src ${hash(inlineStyle)}; img-src data: blob:; base-uri 'none'; form-action 'none'`;
html = html.replace("<head>", () => `<head>\n  <meta http-equiv="Content-Security-Policy" content="${offlinePolicy}">`);
fs.writeFileSync(path.join(dist, OUT), html);
console.log(`${path.join(dist, OUT)}: ${(html.length / 1024).toFixed(0)} KB`);

// 2. dist/carcassonne-element.js: the <carcassonne-game> element in one classic script
//    with the WebAssembly inlined, for a fan site's one <script src> tag (CDN style: a
//    classic script needs no CORS header, unlike a module). Its computers think on the page.
const ELEMENT = "carcassonne-element.js";
const elementModule = local("carcassonne-game.js").replace('const ready = init();', "const ready = __wbg_init({ module_or_path: WASM_BYTES });");
const workerLine = 'workerUrl: new URL("bot-worker.js", import.meta.url)';
if (!elementModule.includes("const ready = __wbg_init") || !elementModule.includes(workerLine)) {
  throw new Error("carcassonne-game.js: its ready promise or worker URL changed; update the element bundle");
}
// The element has no new-game screen, lobby, account, leaderboard, review, help pages,
// gallery or daily deck of its own: the page's texts for those (by their keys' first word,
// none of which the element's scripts use) stay out of its copy of the text tables, which
// keeps the one script within its size (tests/e2e/fansite.test.mjs).
const PAGE_ONLY = new Set(["account", "ladder", "daily", "compare", "match", "kind", "rated", "review", "help", "gallery",
  "lobby", "ng", "mine", "setnote"]);
const elementTables = {};
for (const lang of ["en", "nl", "de", "fr"]) {
  const table = (await import(pathToFileURL(path.join(dist, `lang-${lang}.js`)).href))[lang];
  if (!table) throw new Error(`lang-${lang}.js: no table \`${lang}\` to put in the element`);
  const kept = Object.entries(table).filter(([k]) => !PAGE_ONLY.has(k.split(".")[0]));
  elementTables[`lang-${lang}.js`] = `const ${lang} = ${JSON.stringify(Object.fromEntries(kept))};`;
}
const elementText = (f) => elementTables[f] ?? local(f);
const bundle = `/*! <carcassonne-game> in one file: <script src="${ELEMENT}"></script> (docs/embedding.md) */
(() => {
"use strict";
const WASM_BYTES = Uint8Array.from(atob("${wasm}"), (c) => c.charCodeAt(0));
${plain.replaceAll("import.meta.url", "document.baseURI") /* the bytes are given: never used */}
${["dom.js", "lang-en.js", "lang-nl.js", "lang-de.js", "lang-fr.js", "text.js", "packs-inline.js", "computers.js", "sound.js", "coop.js", "results.js", "controller.js", "online.js", "clocks.js", "inspect.js", "guide.js", "study.js"].map(elementText).join("\n")}
${elementModule.replace(workerLine, "workerUrl: null")}
window.CarcassonneGame = CarcassonneGame;
})();
`;
const moduleOnly = bundle.split("\n").find((line) => /import\.meta|^\s*(import|export) /.test(line));
if (moduleOnly) throw new Error(`${ELEMENT}: a module-only construct is left in the classic script: ${moduleOnly.slice(0, 120)}`);
fs.writeFileSync(path.join(dist, ELEMENT), bundle);
console.log(`${path.join(dist, ELEMENT)}: ${(bundle.length / 1024).toFixed(0)} KB`);

// 3. The hosted page: the loader into a file of its own, and the policy of embed.html.
const POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'; " +
  "img-src 'self' data: blob:; worker-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'";
let page = read("index.html");
const loader = page.match(/<script type="module">([\s\S]*?)<\/script>/);
if (!loader) throw new Error("index.html has no inline loader: did scripts/build.mjs change how it loads the module?");
fs.writeFileSync(path.join(dist, "boot.js"), loader[1].trim() + "\n");
page = page.replace(loader[0], '<script type="module" src="boot.js"></script>')
  .replace("<head>", () => `<head>\n  <meta http-equiv="Content-Security-Policy" content="${POLICY}">`);
if (/<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle="/.test(page)) throw new Error("index.html still has inline script or style");
fs.writeFileSync(path.join(dist, "index.html"), page);

// 4. The service worker's cache, named after the files it holds: its list (www/sw.js) must
//    name every file the page loads, or an installed game would miss it offline.
fs.rmSync(path.join(dist, "packs-inline.js"));
// The whole module is inside the single files; the hosted page loads its own and the packs.
if (WHOLE !== "carcassonne") for (const f of [`${WHOLE}.js`, `${WHOLE}_bg.wasm`]) fs.rmSync(path.join(dist, f));
const sw = read("sw.js");
const listed = sw.match(/^const FILES = (\[[^\]]*\]);$/m);
if (!listed) throw new Error("sw.js: no `const FILES = [...]` list");
const files = JSON.parse(listed[1]).filter((f) => f !== "./");
// What the page loads: index.html, its loader and styles, the modules its scripts import,
// the computers' worker, the text packs and the guides.
const guideFiles = fs.readdirSync(path.join(dist, "guides")).filter((f) => f.endsWith(".json"));
const reached = new Set(["app.js"]);
for (const f of reached) for (const m of read(f).matchAll(/^import .* from "\.\/([\w-]+\.js)";$/gm)) reached.add(m[1]);
const needed = ["index.html", "boot.js", "style.css", "carcassonne_bg.wasm", "bot-worker.js", "carcassonne-bot.js", "carcassonne-bot_bg.wasm",
  ...reached, ...PACKED.flatMap((l) => [`carcassonne-text-${l}.js`, `carcassonne-text-${l}_bg.wasm`]), ...guideFiles.map((f) => `guides/${f}`)];
const missing = [...new Set(needed)].filter((f) => !files.includes(f));
if (missing.length) throw new Error(`sw.js's FILES does not name ${missing.join(", ")}: an installed game would miss them offline`);
const absent = files.filter((f) => !fs.existsSync(path.join(dist, f)));
if (absent.length) throw new Error(`sw.js's FILES names what the build has not: ${absent.join(", ")}`);
const build = crypto.createHash("sha256");
for (const f of files) build.update(fs.readFileSync(path.join(dist, f)));
const mark = '"carcassonne-__BUILD__"';
if (!sw.includes(mark)) throw new Error(`sw.js has no ${mark} for the build id`);
fs.writeFileSync(path.join(dist, "sw.js"), sw.replace(mark, `"carcassonne-${build.digest("hex").slice(0, 16)}"`));
