// Computer players think here, off the page's thread, so the page answers clicks while
// a search runs. Message in: {id, record, level, seed}; out: {id, actions, ms, …} or
// {id, error}.
import init, { thinkTurn } from "./carcassonne.js";

const ready = init();

onmessage = async (e) => {
  const { id, record, level, seed } = e.data;
  try {
    await ready;
    postMessage({ id, ...thinkTurn(record, level, seed) });
  } catch (err) {
    postMessage({ id, error: String(err?.message ?? err) });
  }
};
