// The text table (www/text.js, www/lang-*.js): every language has every key, with the same
// placeholders and the same one/many pairs, and every key the page, the element and their
// modules use is in the table. Runs in Node (no browser); the switch itself is tested in
// i18n.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const { LANGUAGES, text, pickLanguage } = await import(path.join(root, "www/text.js"));
const { TOPICS } = await import(path.join(root, "www/help.js"));

const placeholders = (v) => [...new Set((Array.isArray(v) ? v.join("|") : v).match(/\{\w+\}/g) || [])].sort();

/** The problems of `tables` against the first (English): keys missing or extra, a pair
 *  where the other has a string, placeholders that differ, empty texts. */
export function problems(tables) {
  const [base, ...rest] = Object.entries(tables);
  const out = [];
  for (const [code, table] of rest) {
    for (const key of Object.keys(base[1])) {
      if (!(key in table)) { out.push(`${code}: missing ${key}`); continue; }
      const [a, b] = [base[1][key], table[key]];
      if (Array.isArray(a) !== Array.isArray(b) || (Array.isArray(b) && b.length !== 2)) out.push(`${code}: ${key} must be ${Array.isArray(a) ? "a [one, many] pair" : "one text"}`);
      if (placeholders(a).join() !== placeholders(b).join()) out.push(`${code}: ${key} has ${placeholders(b)} instead of ${placeholders(a)}`);
    }
    for (const key of Object.keys(table)) if (!(key in base[1])) out.push(`${code}: ${key} is not in ${base[0]}`);
  }
  for (const [code, table] of Object.entries(tables)) {
    for (const [key, v] of Object.entries(table)) if ([v].flat().some((x) => typeof x !== "string" || !x.trim())) out.push(`${code}: ${key} is empty`);
  }
  return out;
}

test("every language has every key, with the same placeholders and pairs", () => {
  assert.deepEqual(Object.keys(LANGUAGES), ["en", "nl", "de", "fr"], "English, Dutch, German and French");
  assert.equal(Object.keys(LANGUAGES)[0], "en", "English is the reference");
  assert.deepEqual(problems(LANGUAGES), []);
});

test("the check fails when a key or a placeholder is missing", () => {
  const broken = structuredClone(LANGUAGES);
  delete broken.nl["btn.new"];
  broken.nl["turn.toPlay"] = "aan de beurt";
  broken.nl["stack.tiles"] = "tegels";
  assert.deepEqual(problems(broken).sort(), [
    "nl: missing btn.new", "nl: stack.tiles has  instead of {n}", "nl: stack.tiles must be a [one, many] pair",
    "nl: turn.toPlay has  instead of {name}"].sort());
});

// Keys made from a family and a name: every member must be in the table.
const FAMILIES = {
  level: ["easy", "medium", "hard", "expert"],
  colour: ["red", "green", "blue", "yellow", "black", "pink"],
  name: ["0", "1", "2", "3", "4"],
  set: ["base", "river", "ghosts", "spellcircles", "watchtowers", "shrines"],
  setnote: ["base", "river", "ghosts", "spellcircles", "watchtowers", "shrines"],
  figure: ["meeple", "abbot", "guard"],
  "hint.coop": ["meeple", "score", "bury", "fewer", "attract", "cemetery_ghost", "mist_ghost", "cat", "hound", "removal", "face_down"],
  hint: ["tile", "figure", "circle", "cat"],
  // src/ai/advice.rs's Reason::Lifts: a hound or the goal, alone or beside other colours;
  // Reason::Shares and Reason::Beside by feature.
  "hint.why": ["lifts", "lifts.too", "lifts.goal", "lifts.goal.too", "shares.road", "shares.city", "shares.castle", "beside.road", "beside.city"],
  "hint.where": ["road", "city", "castle"],
  refused: ["isolated", "fits", "river"],
  cat: ["road", "city", "monastery", "shrine", "castle", "cemetery", "garden", "tower", "challenge won", "challenge bonus",
    "final road", "final city", "final monastery", "final shrine", "final castle", "final garden", "final field", "final ghosts"],
};

test("every key the page and the element use is in the table", () => {
  const files = ["index.html", ...fs.readdirSync(path.join(root, "www")).filter((f) => f.endsWith(".js") && !f.startsWith("lang-")).map((f) => `www/${f}`)];
  const used = new Set();
  for (const f of files) {
    const src = fs.readFileSync(path.join(root, f), "utf8");
    for (const m of src.matchAll(/\bt\("([\w. -]+)"/g)) used.add(m[1]);
    for (const m of src.matchAll(/data-t(?:-label|-title|-placeholder)?="([\w. -]+)"/g)) used.add(m[1]);
    for (const m of src.matchAll(/"((?:btn|hint|replay|online|notice|el|final|outcome|team|ng|stack|coop|log|share|invite|results)\.[\w.]+)"/g)) if (!m[1].endsWith(".js")) used.add(m[1]);
  }
  for (const [family, names] of Object.entries(FAMILIES)) for (const n of names) used.add(`${family}.${n}`);
  // The help topics: the rules each topic lists, and their boards' captions.
  for (const x of TOPICS) {
    for (let i = 1; i <= x.rules; i++) used.add(`help.${x.id}.${i}`);
    for (const b of x.boards || []) used.add(`help.${x.id}.${b.key}`);
  }
  assert.ok(used.size > 150, `found ${used.size} keys in use`);
  const missing = [...used].filter((k) => !(k in LANGUAGES.en));
  assert.deepEqual(missing, [], "keys used but not in the table");
});

test("every reason the server can refuse with has its words in every language", () => {
  // The codes as the server names them (src/server/refusal.rs's `code`, and the socket's own).
  const src = ["src/server/refusal.rs", "src/server/socket.rs", "src/server/protocol.rs"]
    .map((f) => fs.readFileSync(path.join(root, f), "utf8")).join("\n");
  const body = src.slice(src.indexOf("pub fn code(&self)"), src.indexOf("pub fn params(&self)"));
  const codes = new Set([...body.matchAll(/=> "([a-z_]+)",/g)].map((m) => m[1]));
  for (const m of src.matchAll(/ServerMsg::error\("([a-z_]+)"/g)) codes.add(m[1]);
  for (const m of src.matchAll(/code: "([a-z_]+)"/g)) codes.add(m[1]);
  assert.ok(codes.size >= 35, `found ${codes.size} codes`);
  for (const code of [...codes, "illegal_action.other"]) {
    for (const [lang, table] of Object.entries(LANGUAGES)) assert.ok(`refusal.${code}` in table, `${lang}: refusal.${code}`);
  }
});

test("every language uses its rule books' terms (docs/glossary.json), and none of the words to avoid", () => {
  const glossary = JSON.parse(fs.readFileSync(path.join(root, "docs/glossary.json"), "utf8"));
  // A language's texts: its page table, its Rust sentences and its guides' narration.
  const guides = fs.readdirSync(path.join(root, "data/guides")).map((f) => JSON.parse(fs.readFileSync(path.join(root, "data/guides", f), "utf8")));
  const said = (x, lang) => (x && typeof x === "object" ? (Array.isArray(x) ? x.flatMap((v) => said(v, lang))
    : Object.entries(x).flatMap(([k, v]) => (k === lang && typeof v === "string" ? [v] : said(v, lang)))) : []);
  const texts = (lang) => [
    ...Object.values(LANGUAGES[lang]).flat(),
    fs.readFileSync(path.join(root, `src/text/${lang}.rs`), "utf8"),
    ...guides.flatMap((g) => said(g, lang)),
  ].join("\n").toLowerCase();
  const word = (w) => new RegExp(`(^|[^\\p{L}])${w.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u");
  assert.ok(glossary.terms.length >= 30, "the glossary lists the game's terms");
  for (const term of glossary.terms) {
    for (const lang of ["en", "nl", "de", "fr"]) {
      assert.ok(term[lang], `${term.concept}: a term in ${lang}`);
      if (lang === "en") continue;
      const why = term.source?.[lang] ? glossary.sources[term.source[lang]] : term.chosen?.[lang];
      assert.ok(why, `${term.concept} (${lang}): a source, or why the term was chosen`);
      assert.ok(texts(lang).includes(term[lang].toLowerCase()), `${lang} texts use "${term[lang]}" (${term.concept})`);
      for (const bad of term.avoid?.[lang] || []) assert.doesNotMatch(texts(lang), word(bad), `${lang}: "${bad}" is not the rule books' word for ${term.concept}`);
    }
  }
});

test("docs/rules.md and docs/labels.md say what the texts say (node scripts/texts-docs.mjs)", async () => {
  const { rulesPage, labelsPage } = await import(path.join(root, "scripts/texts-docs.mjs"));
  assert.equal(fs.readFileSync(path.join(root, "docs/rules.md"), "utf8"), rulesPage(LANGUAGES, TOPICS), "docs/rules.md is stale");
  assert.equal(fs.readFileSync(path.join(root, "docs/labels.md"), "utf8"), labelsPage(LANGUAGES), "docs/labels.md is stale");
});

test("texts fill placeholders, pick one or many, and the language falls back to English", () => {
  assert.equal(text("en", "stack.tiles", { n: 1 }), "1 tile left in the stack");
  assert.equal(text("en", "stack.tiles", { n: 0 }), "0 tiles left in the stack");
  assert.equal(text("nl", "stack.tiles", { n: 3 }), "nog 3 tegels op de stapel");
  assert.equal(text("nl", "turn.toPlay", { name: "Ann" }), "Ann is aan de beurt");
  assert.equal(pickLanguage(null, ["es-ES", "nl-BE", "en"]), "nl");
  assert.equal(pickLanguage(null, ["de-AT", "fr"]), "de");
  assert.equal(pickLanguage(null, ["fr-CA"]), "fr");
  assert.equal(pickLanguage(undefined, ["es"]), "en");
  // Plurals by the language's rule (CLDR, Intl.PluralRules): French counts 0 as one.
  assert.equal(text("fr", "stack.tiles", { n: 0 }), "encore 0 tuile dans la pioche");
  assert.equal(text("fr", "stack.tiles", { n: 2 }), "encore 2 tuiles dans la pioche");
  assert.equal(text("de", "stack.ghosts", { n: 1 }), "1 Geist im Vorrat");
  assert.equal(text("de", "stack.ghosts", { n: 0 }), "0 Geister im Vorrat");
  assert.equal(pickLanguage("en", ["nl"]), "en", "a remembered choice comes first");
});

test("a fifth language is one more table: picked, checked and spoken like the others", () => {
  const it = Object.fromEntries(Object.entries(LANGUAGES.en).map(([k, v]) => [k, Array.isArray(v) ? v.map((x) => `«${x}»`) : `«${v}»`]));
  LANGUAGES.it = it;
  try {
    assert.equal(pickLanguage(null, ["it-CH"]), "it");
    assert.equal(text("it", "turn.toPlay", { name: "Ann" }), "«Ann to play»");
    assert.deepEqual(problems(LANGUAGES), []);
    delete it["log.title"];
    assert.deepEqual(problems(LANGUAGES), ["it: missing log.title"]);
  } finally {
    delete LANGUAGES.it;
  }
});

test("level 5's joins in words: a colour beside another's road, two colours sharing a city (src/ai/advice.rs)", async () => {
  const { reasonsText } = await import(path.join(root, "www/coop.js"));
  // As thinkTurn's `why` sends them (serde: Reason::Beside, Reason::Shares).
  const why = [
    { why: "beside", colour: "blue", other: "red", feature: "road" },
    { why: "shares", colour: "red", other: "green", feature: "city", value: 6 },
  ];
  const words = (lang) => reasonsText(why, 3, (key, params) => text(lang, key, params));
  assert.equal(words("en"), text("en", "hint.because", { list: [
    "blue goes beside red's road: one tile can join them, and then it scores for both colours",
    "red and green now share this city: it scores for each colour (6 now)"].join(text("en", "hint.and")) }));
  assert.equal(words("nl"), text("nl", "hint.because", { list: [
    "blauw komt naast de weg van rood: één tegel kan ze verbinden, en dan telt die voor beide kleuren",
    "rood en groen delen nu deze stad: die telt voor elke kleur (6 nu)"].join(text("nl", "hint.and")) }));
  for (const lang of ["de", "fr"]) assert.doesNotMatch(words(lang), /\{|hint\./, `${lang}: every placeholder filled`);
});
