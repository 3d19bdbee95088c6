// compare.html (issue 38): two players' games of one daily deck side by side, move by move.
// Each game comes from its share code in the fragment (#a=…&b=…), so the page needs no
// server and works offline; both boards step together, a turn at a time (a turn is one
// tile and what follows it, so the same tile is on both boards).
import init, { Game, BoardView } from "./carcassonne.js";
import { recordUpTo, showMoves } from "./controller.js";
import { applyText, pickLanguage, translator } from "./text.js";
import { dailyOf, dayText } from "./daily.js";
import { $ } from "./dom.js";
import { loadSettings } from "./settings.js";

await init();
const t = translator(pickLanguage(loadSettings().lang, navigator.languages, navigator.language));
document.documentElement.lang = t.lang;
applyText(document, t);

/** One side: its record, its game shown after `k` moves, its view, and where each of its
 *  turns (each tile placed) starts. */
function side(code, canvas) {
  const record = JSON.parse(Game.recordFromShareCode(code));
  const game = Game.fromRecord(recordUpTo(record, 0));
  const view = new BoardView(canvas, game);
  view.setLocked(true);
  const turns = record.actions.flatMap((a, i) => (a.tile ? [i] : []));
  return { record, game, view, turns, k: 0 };
}

const params = new URLSearchParams(location.hash.slice(1));
let sides;
try {
  sides = [side(params.get("a") ?? "", $("#cmp-a")), side(params.get("b") ?? "", $("#cmp-b"))];
  const days = sides.map((s) => dailyOf(s.record.setup));
  if (!days[0] || days[0] !== days[1]) throw new Error(t("compare.notDaily"));
  $("#cmp-title").textContent = t("compare.titleOf", { date: dayText(days[0], t.lang) });
  document.title = `Carcassonne: ${$("#cmp-title").textContent}`;
} catch (e) {
  $("#cmp-error").textContent = e.message || t("compare.notDaily");
  $("#cmp-error").hidden = false;
  sides = null;
}

const turnsOf = () => Math.max(...sides.map((s) => s.turns.length));
let turn = 0;

/** Both games after `n` of their turns (all of a turn's steps). */
function go(n) {
  turn = Math.max(0, Math.min(turnsOf(), n));
  for (const s of sides) {
    const k = turn < s.turns.length ? s.turns[turn] : s.record.actions.length;
    s.k = showMoves(s.game, s.record, s.k, k);
  }
  const shown = sides.map((s, i) => {
    const snap = s.game.snapshot();
    const [me, bot] = snap.players.map((p) => p.score);
    const title = t("compare.side", { name: snap.players[0].name, me, bot });
    $(`#cmp-${"ab"[i]}-title`).textContent = title;
    return title;
  });
  $("#cmp-slider").value = String(turn);
  $("#cmp-move").textContent = `${t("compare.turn", { k: turn, n: turnsOf() })}: ${shown.join(" · ")}`;
  $("#cmp-first").disabled = $("#cmp-back").disabled = turn === 0;
  $("#cmp-last").disabled = $("#cmp-forward").disabled = turn === turnsOf();
}

if (sides) {
  $("#cmp-slider").max = String(turnsOf());
  $("#cmp-first").addEventListener("click", () => go(0));
  $("#cmp-back").addEventListener("click", () => go(turn - 1));
  $("#cmp-forward").addEventListener("click", () => go(turn + 1));
  $("#cmp-last").addEventListener("click", () => go(turnsOf()));
  $("#cmp-slider").addEventListener("input", () => go(Number($("#cmp-slider").value)));
  go(turnsOf());
}
window.compare = { go, ready: true, turn: () => turn, sides };
