// Computer players think here, off the page's thread, so the page answers clicks while
// a search runs. Message in: {id, record, level, seed}; out: {id, actions, ms, thinkMs, …}
// or {id, error}. A review (docs/review.md): in {id, review: {record, settings}}; out
// {id, progress: {done, total}} after each turn, then {id, review} or {id, error}; the page
// cancels it by ending the worker. The module is the computers' own (carcassonne-bot.js:
// thinkTurn and reviewGame, built for speed; scripts/post-build.mjs), not the page's (built
// for size).
import init, { thinkTurn, reviewGame } from "./carcassonne-bot.js";

const ready = init();

onmessage = async (e) => {
  const { id, record, level, seed, review } = e.data;
  try {
    await ready;
    if (review) {
      const progress = (done, total) => postMessage({ id, progress: { done, total } });
      postMessage({ id, review: reviewGame(review.record, review.settings ?? null, progress) });
      return;
    }
    const start = performance.now();
    const answer = thinkTurn(record, level, seed);
    // The whole call (the record read and replayed, then the search), as the page times it.
    postMessage({ id, ...answer, thinkMs: performance.now() - start });
  } catch (err) {
    postMessage({ id, error: String(err?.message ?? err) });
  }
};
