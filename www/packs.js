// What the page's WebAssembly module leaves out, fetched when it is wanted (issue 39; docs/
// ARCHITECTURE.md, "Text packs"): each language's sentences, a module of their own
// (carcassonne-text-<lang>.js and its .wasm), and the guided games (guides/<id>.json). The
// page's module speaks English itself; for another language it asks that language's pack
// through `globalThis.carcSay`, and says the English sentence while the pack is not there.
// The offline file and the element bundle carry both inside, in the whole module (scripts/
// post-build.mjs puts the SOURCE that says so in place of this one).

/** The languages with a pack: every one but English. */
export const PACKED = ["nl", "de", "fr"];

// SOURCE:begin (scripts/post-build.mjs replaces this in the single-file builds)
const SOURCE = {
  /** A language's pack, started: its `say` (null where the module speaks it itself). */
  async pack(lang) {
    const module = await import(new URL(`./carcassonne-text-${lang}.js`, import.meta.url).href);
    await module.default({ module_or_path: new URL(`./carcassonne-text-${lang}_bg.wasm`, import.meta.url) });
    return module.say;
  },
  /** A guide's JSON text. */
  async guide(id) {
    const response = await fetch(new URL(`./guides/${id}.json`, import.meta.url));
    if (!response.ok) throw new Error(`guides/${id}.json could not be fetched (${response.status})`);
    return response.text();
  },
};
// SOURCE:end

const says = {}; // a language's `say` once its pack has started (null: the module speaks it)
const loading = {}; // a language's pack on its way

/** The page's module asks a pack here (src/web/speech.rs): the answer's bytes, or
 *  undefined while `lang` has no pack started (the module says English then). */
globalThis.carcSay = (lang, request) => says[lang]?.(request);

/** Start `lang`'s pack if it has one and it is not started: resolves once the game's
 *  sentences are in `lang`, or (the pack could not be had: offline before it was ever
 *  stored) in English, with a warning; it never rejects, and a failed pack is tried again
 *  the next time. */
export function loadLanguage(lang) {
  if (!PACKED.includes(lang) || lang in says) return Promise.resolve();
  loading[lang] ??= SOURCE.pack(lang).then(
    (say) => { says[lang] = say; },
    (e) => { console.warn(`the ${lang} sentences could not be loaded; the game's own are said in English:`, e.message); },
  ).finally(() => { delete loading[lang]; });
  return loading[lang];
}

/** What `Game.guide` reads for the built-in guide `id` (a name like `base`): its JSON text
 *  (or, in the single files, whose module has the guides inside, the id). `guides` is
 *  `Game.guides()`: a name it does not list is refused without asking the network. Rejects
 *  with the reason it could not be had. */
export function guideSource(id, guides) {
  if (!guides.some((g) => g.id === id)) return Promise.reject(new Error(`no built-in guide is called ${JSON.stringify(String(id).slice(0, 40))}`));
  return SOURCE.guide(id);
}
