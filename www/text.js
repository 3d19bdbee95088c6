// The one text table of the page and the element: every visible text is a key looked up
// in the language in use. A language is a file (lang-en.js, lang-nl.js, lang-de.js,
// lang-fr.js) listed here.
import { en } from "./lang-en.js";
import { nl } from "./lang-nl.js";
import { de } from "./lang-de.js";
import { fr } from "./lang-fr.js";

/** The languages, by their two-letter code, in the order the page lists them. */
export const LANGUAGES = { en, nl, de, fr };

const rules = {};
/** The plural category of `n` in `lang` (CLDR's, by `Intl.PluralRules`: "one" is 1 in
 *  English, Dutch and German, 0 and 1 in French); the Rust texts use the same categories
 *  (`text::Lang::plural`). */
export function pluralOf(lang, n) {
  try {
    rules[lang] ??= new Intl.PluralRules(lang);
    return rules[lang].select(n);
  } catch {
    return n === 1 ? "one" : "other";
  }
}

/** The first of `wanted` (codes like "nl-BE", in order of preference) that the game speaks,
 *  else English. */
export function pickLanguage(...wanted) {
  for (const w of wanted.flat()) {
    const code = String(w || "").slice(0, 2).toLowerCase();
    if (LANGUAGES[code]) return code;
  }
  return "en";
}

/** The text of `key` in `lang`, with `{name}` filled from `params`; a pair [one, other] is
 *  picked by the plural category of `params.n` in `lang` (a number without one is
 *  "other"). A key missing in `lang` falls back to English (the tests make sure none is). */
export function text(lang, key, params = {}) {
  let entry = LANGUAGES[lang]?.[key] ?? en[key];
  if (entry === undefined) return key;
  if (Array.isArray(entry)) entry = entry[typeof params.n === "number" && pluralOf(lang, params.n) === "one" ? 0 : 1];
  return entry.replace(/\{(\w+)\}/g, (m, name) => (params[name] !== undefined ? String(params[name]) : m));
}

/** `t(key, params)` for one language (`t.lang` names it). */
export function translator(lang) {
  const t = (key, params) => text(lang, key, params);
  t.lang = LANGUAGES[lang] ? lang : "en";
  /** Whether the table has `key` (in this language or in English). */
  t.has = (key) => (LANGUAGES[lang]?.[key] ?? en[key]) !== undefined;
  return t;
}

/** Put the texts into the page under `root`: `data-t` sets an element's first text (its
 *  `<kbd>` and other children stay), `data-t-label` its aria-label, `data-t-title` its
 *  title, `data-t-placeholder` its placeholder. */
export function applyText(root, t) {
  for (const e of root.querySelectorAll("[data-t]")) {
    const value = t(e.dataset.t);
    const first = [...e.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
    if (!e.children.length) e.textContent = value;
    else if (first) first.textContent = first.textContent.replace(/\S(.*\S)?/s, value); // keeps the spaces around
    else e.prepend(`${value} `);
  }
  for (const [attr, name] of [["data-t-label", "aria-label"], ["data-t-title", "title"], ["data-t-placeholder", "placeholder"]]) {
    for (const e of root.querySelectorAll(`[${attr}]`)) e.setAttribute(name, t(e.getAttribute(attr)));
  }
}
