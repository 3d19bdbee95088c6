#!/usr/bin/env node
// Build one self-contained HTML file that plays the whole game opened straight from disk
// (file://): the page, its styles, its scripts and the WebAssembly (base64) inlined.
// Reads the release build in dist/ (run `trunk build --release` first) and writes
// dist/carcassonne-offline.html. Trunk runs it after every build (Trunk.toml); by hand:
// node scripts/single-file.mjs [dist-dir]
import fs from "node:fs";
import path from "node:path";

// Under trunk (a post_build hook) the build is still in its staging folder.
const dist = path.resolve(process.argv[2] || process.env.TRUNK_STAGING_DIR || "dist");
const read = (f) => fs.readFileSync(path.join(dist, f), "utf8");
const OUT = "carcassonne-offline.html";

// The wasm-bindgen module's exports become plain declarations in the one inline module.
const glue = read("carcassonne.js");
const names = [...glue.matchAll(/^export (?:class|function) (\w+)/gm)].map((m) => m[1]);
if (!names.includes("Game") || !glue.includes("export { initSync, __wbg_init as default };")) {
  throw new Error("carcassonne.js does not look like wasm-bindgen's web glue; was dist/ built by trunk?");
}
const plain = glue.replace(/^export (class|function) /gm, "$1 ").replace("export { initSync, __wbg_init as default };", "");

// The page's own modules, imports removed (they are all in this one script).
const local = (f) => read(f).replace(/^import .* from "\.\/[\w-]+\.js";\n/gm, "").replace(/^export (class|function|const) /gm, "$1 ");
const wasm = fs.readFileSync(path.join(dist, "carcassonne_bg.wasm")).toString("base64");

const script = `
${plain}
await __wbg_init({ module_or_path: Uint8Array.from(atob("${wasm}"), (c) => c.charCodeAt(0)) });
window.wasmBindings = { ${names.join(", ")} };
{
${local("dom.js")}
${local("computers.js")}
${local("app.js")}
}`;

let html = read("index.html");
// Trunk's loader, preloads, the manifest and the separate files give way to inline copies.
html = html.replace(/<script type="module">[\s\S]*?<\/script>/, "")
  .replace(/<link rel="(modulepreload|preload|manifest)"[^>]*>/g, "")
  .replace(/<link rel="(icon|apple-touch-icon)" href="icons\/icon-192\.png">/g,
    (_, rel) => `<link rel="${rel}" href="data:image/png;base64,${fs.readFileSync(path.join(dist, "icons/icon-192.png")).toString("base64")}">`)
  .replace(/<link rel="stylesheet" href="\.\/style\.css"[^>]*>/, () => `<style>\n${read("style.css")}</style>`)
  .replace(/<script type="module" src="app\.js"><\/script>/, () => `<script type="module">${script.replaceAll("</script", "<\\/script")}</script>`);
const left = html.match(/<(script|link)[^>]*(src|href)="(?!data:)[^"]*"/);
if (left) throw new Error(`a file reference is left in the single file: ${left[0]}`);
fs.writeFileSync(path.join(dist, OUT), html);
console.log(`${path.join(dist, OUT)}: ${(html.length / 1024).toFixed(0)} KB`);
