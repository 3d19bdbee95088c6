// The documentation pages made from the page's own texts, so that they say what the game
// says: docs/rules.md (the rules in short, the "How to play" texts, in every language: the
// reference a guide writer works out `expect`s from) and docs/labels.md (the interface's
// labels in every language, for narration that names a button). `node
// scripts/texts-docs.mjs` writes both; tests/e2e/lang.test.mjs fails when either is stale.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The labels a narration may name, by what they are. */
const LABELS = [
  ["Moves", ["btn.rotate", "btn.pass", "btn.noMore", "btn.end", "btn.takeBack", "btn.undo", "btn.undoTurn", "btn.hint"]],
  ["Figures (the figure buttons)", ["figure.meeple", "figure.guard", "figure.abbot"]],
  ["Colours (the co-op colour buttons)", ["colour.red", "colour.green", "colour.blue", "colour.yellow", "colour.black", "colour.pink"]],
  ["The bar", ["btn.new", "btn.help", "btn.fit", "btn.replay", "btn.share", "btn.export", "btn.import", "btn.more"]],
  ["Computer levels", ["level.easy", "level.medium", "level.hard"]],
  ["The guide's card", ["guide.next", "guide.leave", "guide.finish"]],
];

const cell = (s) => String(s).replace(/\u00a0/g, " ").replace(/\|/g, "\\|").replace(/\{(\w+)\}/g, "‹$1›");
const text = (v) => (Array.isArray(v) ? v[1] : v);

/** docs/rules.md: each topic's rules and its boards' captions, in every language. */
export function rulesPage(LANGUAGES, TOPICS) {
  const codes = Object.keys(LANGUAGES);
  const out = ["# The rules in short", "",
    "What *How to play* says, in every language the game speaks: the reference a guide's narration and its",
    "`expect`s are worked out from ([guides.md](guides.md)). The full rules, with their IDs, are the project's",
    "rules specification (RULES.md, COOP.md). Made by `node scripts/texts-docs.mjs` from `www/lang-*.js`; a test",
    "keeps it up to date.", ""];
  for (const topic of TOPICS) {
    const title = (code) => (topic.coop ? LANGUAGES[code]["ng.coop"].split(/[:\u00a0]/)[0] : LANGUAGES[code][`set.${topic.set || "base"}`]);
    out.push(`## ${title("en")}`, "");
    for (const code of codes) {
      out.push(`**${LANGUAGES[code]["lang.name"]}** (${title(code)})`, "");
      for (let i = 1; i <= topic.rules; i++) out.push(`- ${text(LANGUAGES[code][`help.${topic.id}.${i}`])}`);
      for (const b of topic.boards || []) out.push(`- *${text(LANGUAGES[code][`help.${topic.id}.${b.key}`])}*`);
      out.push("");
    }
  }
  return out.join("\n").replace(/\u00a0/g, " ");
}

/** docs/labels.md: the labels a narration names, in every language. */
export function labelsPage(LANGUAGES) {
  const codes = Object.keys(LANGUAGES);
  const out = ["# The interface's labels in every language", "",
    "For guide writers ([guides.md](guides.md)): a narration that names a button (\"choose No meeple\")",
    "should use the label the page shows in that language. The co-op step's buttons are worded by the",
    "engine from the board (`Game.choiceLabels`: \"Take 4 points: the city\", numbered as the board",
    "numbers their targets); `carc guide FILE` prints the summary at each step to check a narration",
    "against. Made by `node scripts/texts-docs.mjs` from `www/lang-*.js`; a test keeps it up to date.", ""];
  for (const [heading, keys] of LABELS) {
    out.push(`## ${heading}`, "", `| key | ${codes.map((c) => LANGUAGES[c]["lang.name"]).join(" | ")} |`, `|---|${codes.map(() => "---|").join("")}`);
    for (const key of keys) out.push(`| \`${key}\` | ${codes.map((c) => cell(text(LANGUAGES[c][key]))).join(" | ")} |`);
    out.push("");
  }
  return out.join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { LANGUAGES } = await import(path.join(root, "www/text.js"));
  const { TOPICS } = await import(path.join(root, "www/help.js"));
  fs.writeFileSync(path.join(root, "docs/rules.md"), rulesPage(LANGUAGES, TOPICS));
  fs.writeFileSync(path.join(root, "docs/labels.md"), labelsPage(LANGUAGES));
  console.log("docs/rules.md and docs/labels.md written");
}
