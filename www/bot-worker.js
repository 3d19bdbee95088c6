// Computer players think here, off the page's thread, so the page answers clicks while
// a search runs. Message in: {id, record, level, seed}; out: {id, actions, ms, thinkMs, …}
// or {id, error}. The module is the computers' own (carcassonne-bot.js: thinkTurn only,
// built for speed; scripts/post-build.mjs), not the page's (built for size).
import init, { thinkTurn } from "./carcassonne-bot.js";

const ready = init();

onmessage = async (e) => {
  const { id, record, level, seed } = e.data;
  try {
    await ready;
    const start = performance.now();
    const answer = thinkTurn(record, level, seed);
    // The whole call (the record read and replayed, then the search), as the page times it.
    postMessage({ id, ...answer, thinkMs: performance.now() - start });
  } catch (err) {
    postMessage({ id, error: String(err?.message ?? err) });
  }
};
