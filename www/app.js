// The page around the board: the wiring of its parts, the settings, saving and resuming,
// and which game the page opens with. The parts each own one job: the side panel
// (side-panel.js), online play (online-panel.js), the replay viewer (replay-viewer.js), the
// new-game dialog (new-game.js) and the bars (bars.js). Where a move goes and which move
// buttons show is the Table's to decide (controller.js). The game itself (rules, board
// drawing, input) is the WebAssembly module.
import { $, downloadJson, el } from "./dom.js";
import { serverAnswers } from "./online.js";
import { inspectCard } from "./inspect.js";
import { FINAL_STEP_MS, endsGame, finalScorings, playFinal } from "./results.js";
import { played } from "./sound.js";
import { Help } from "./help.js";
import { Table, readSave } from "./controller.js";
import { applyText, pickLanguage, translator } from "./text.js";
import { guideSource, loadLanguage } from "./packs.js";
import { keepSettings, loadSettings, wireSettings } from "./settings.js";
import { GuideRun, guideCard, guideProgress, keepProgress, say } from "./guide.js";
import { SidePanel, logLines } from "./side-panel.js";
import { OnlinePanel, roomLink } from "./online-panel.js";
import { ReplayViewer } from "./replay-viewer.js";
import { ReviewPanel, dropKeptReviews } from "./review.js";
import { COLORS, NewGameDialog } from "./new-game.js";
import { LobbyDialog } from "./lobby.js";
import { AccountDialog } from "./account.js";
import { LeaderboardDialog } from "./leaderboard.js";
import { Sheet, moreMenu, shareDialog } from "./bars.js";

const SAVE_KEY = "carcassonne.save.v1";

/** What the page's parts share. */
const page = {
  W: null, // the wasm bindings
  table: null, // the game on the board, its view and computers (controller.js)
  game: null, // table.game, kept at hand
  online: null, // the room's connection while one is open (online.js)
  guide: null, // the guided game being played, if any (guide.js)
  placeholder: null, // the page's first game (defaultGame), saved only once a move is made
  hasServer: false, // a game server answers beside this page
  card: guideCard(), // the guide's narration, over the board
  log: [],
  settings: loadSettings(),
  // Where the game is saved; null while an unreadable save could not be set aside, so
  // that it is never overwritten before it is safely copied.
  saveKey: SAVE_KEY,
  /** Square (x, y) named by what is beside it ("east of the start tile"). */
  placeName: (x, y) => { try { return page.game.placeName(x, y); } catch { return `(${x}, ${y})`; } },
  featureName: (x, y, at) => page.game.featureName(x, y, at) ?? null,
  /** What a move would do (its events), or null if the game cannot say. */
  preview: (a) => { try { return page.game.preview(a); } catch { return null; } },
  keepSettings: () => keepSettings(page.settings),
  notice(text) {
    const n = $("#notice");
    n.textContent = text;
    n.hidden = !text;
    if (text) setTimeout(() => { if (n.textContent === text) n.hidden = true; }, 12000);
  },
  save() {
    // An online game is kept by the server; the local save keeps the last local game.
    // A guided game is never saved over it either.
    if (!page.game || !page.saveKey || page.online || page.guide) return;
    if (page.game === page.placeholder && page.game.snapshot().actions === 0) return;
    // setItem replaces the old save in one step, or throws and leaves it as it was. Kept
    // reviews give way to the game when storage is full.
    const text = page.game.exportRecord();
    try { localStorage.setItem(page.saveKey, text); } catch {
      dropKeptReviews();
      try { localStorage.setItem(page.saveKey, text); } catch (e) { page.notice(page.t("notice.storage", { error: e.message })); }
    }
  },
  render: () => page.side.render(),
  attach, resume, startGuide,
  openNewGame: () => page.newGame.open(),
};
page.t = translator(pickLanguage(page.settings.lang, navigator.languages, navigator.language));
// The language's sentences (www/packs.js) come while the page's module starts.
const firstLanguage = loadLanguage(page.t.lang);

/** Put `game` on the board: `fresh` a new game, `remote` a room's (its moves go to the
 *  server), `guided` a guide's (the guide checks each move before it is played). */
function attach(game, { fresh, remote = false, guided = false }) {
  const { table, t, log } = page;
  page.replay.close({ resume: false });
  stopFinal();
  if ($("#results").open) $("#results").close();
  if (!guided && page.guide) { page.guide.stop(); page.guide = null; }
  table.attach(game, { remote: remote || guided });
  page.game = table.game;
  log.length = 0;
  // A game resumed (a reload, a room joined again) gets its log back from its events.
  let past = [];
  if (!guided && (!fresh || remote)) try { past = logLines(page.game.eventLog()); } catch { /* the log starts here */ }
  if (past.length) log.push({ text: t("log.begins") }, ...past);
  log.push({ text: guided ? t("guide.log", { title: say(page.guide.guide.title, t.lang) })
    : t(remote ? "log.online" : fresh ? "log.new" : "log.resumed") });
  const shown = table.begin();
  $("#board").focus();
  window.carc.game = page.game;
  window.carc.view = table.view;
  return shown;
}

// Stops the final scoring's play-out (a new game came meanwhile).
let stopFinal = () => {};

/** The game just ended: its final scoring played out on the board feature by feature
 *  (any input skips it), then the results. */
function gameEnded(events) {
  stopFinal();
  const caption = $("#final-caption"), t = page.t;
  stopFinal = playFinal(page.table.view, finalScorings(events), {
    stepMs: window.carc.finalStepMs ?? FINAL_STEP_MS,
    show: (e, i, n) => {
      caption.hidden = !e;
      caption.replaceChildren(...(e ? [el("span", { class: "step" }, t("final.step", { i, n })), " ", e.text,
        el("span", { class: "skip" }, t("final.skip"))] : []));
    },
    done: () => { if (page.game?.snapshot().over && !$("#results").open) $("#results").showModal(); },
  });
}

/** Play guide `id` (built in: guides/<id>.json) from its move `k`: the game in progress
 *  stays saved as it is and comes back when the guide is left or finished. Resolves to
 *  whether it started. */
async function startGuide(id, k = 0) {
  let data;
  try {
    data = page.W.Game.guide(await guideSource(id, page.W.Game.guides()));
  } catch (e) {
    keepProgress({ current: null }); // a guide this version does not have is not tried again
    page.notice(page.t("guide.failed", { error: e.message }));
    return false;
  }
  if ($("#new-game").open) $("#new-game").close();
  page.help.close();
  page.onlinePanel.leave();
  page.guide?.stop();
  page.guide = new GuideRun(page.W, data, {
    table: page.table, card: page.card, t: page.t, render: page.render,
    announce: (text) => { $("#announce").textContent = text; },
    attach: (g) => attach(g, { fresh: true, guided: true }),
    ended: () => {
      page.guide = null;
      if (!resume()) { attach(defaultGame(), { fresh: true }); page.openNewGame(); }
    },
    realGame: {
      label: (g) => realGame(g).label,
      play: (g) => {
        page.guide = null;
        attach(realGame(g).game(), { fresh: true });
      },
      // Finish brings the saved game back, or (none yet) opens the new-game screen.
      finish: () => page.t(hasSave() ? "guide.back" : "guide.choose"),
    },
  });
  page.guide.builtin = true;
  page.guide.start(k);
  return true;
}

/** The buttons of the bar and the board that act on the game shown. */
function wireGame() {
  const { table, W, replay } = page, board = $("#board");
  const shownView = () => replay.view || table.view;
  $("#btn-new").addEventListener("click", page.openNewGame);
  $("#btn-fit").addEventListener("click", () => shownView()?.fit());
  $("#btn-export").addEventListener("click", () => {
    downloadJson(page.game.exportRecord(), `carcassonne-${new Date().toISOString().slice(0, 10)}.json`);
  });
  $("#import-file").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    ev.target.value = "";
    if (!file) return;
    try {
      const text = await file.text();
      // A study (a record with notes) is read in the replay viewer; any other is played on.
      if (W.Game.recordNotes(text, page.t.lang).length) replay.open(text);
      else attach(W.Game.fromRecord(text, page.t.lang), { fresh: false });
      page.notice("");
    } catch (e) {
      page.notice(page.t("notice.file", { file: file.name, error: e.message })); // the game in progress is untouched
    }
  });
  // "Play from here" in a replay: the record up to there, played on (replay-viewer.js).
  page.playFrom = (text) => {
    try { attach(W.Game.fromRecord(text, page.t.lang), { fresh: false }); } catch (e) { page.notice(e.message); }
  };
  $("#btn-replay").addEventListener("click", () => {
    try { replay.open(page.game.exportRecord()); } catch (e) { page.notice(e.message); }
  });
  $("#btn-results").addEventListener("click", () => $("#results").showModal());
  $("#results-board").addEventListener("click", () => $("#results").close());
  $("#results-replay").addEventListener("click", () => { $("#results").close(); $("#btn-replay").click(); });
  $("#results-review").addEventListener("click", () => {
    $("#results").close();
    try { page.review.open(page.game.exportRecord()); } catch (e) { page.notice(e.message); }
  });
  $("#results-new").addEventListener("click", () => { $("#results").close(); page.openNewGame(); });
  // The daily deck: its result as a link (the share dialog), and a friend's beside one's own.
  $("#results-daily").addEventListener("click", () => { $("#results").close(); $("#btn-share").click(); });
  $("#results-compare").addEventListener("click", () => { location.href = $("#results-compare").dataset.href; });
  for (const id of ["#board-rotate", "#btn-rotate"]) $(id).addEventListener("click", () => { table.view?.rotate(); page.render(); });
  // A figure placed waits for End turn (or Enter, or a second click on it); Take back (or
  // Escape) lifts it again.
  board.addEventListener("figurepending", () => page.render());
  $("#btn-end").addEventListener("click", () => { table.view?.confirmPending(); board.focus(); });
  $("#btn-takeback").addEventListener("click", () => { table.view?.cancelPending(); board.focus(); });
  $("#btn-pass").addEventListener("click", () => table.pass());
  $("#btn-undo").addEventListener("click", () => table.view?.undo());
  $("#btn-undo-turn").addEventListener("click", () => {
    table.bots.cancel();
    try { page.game.undoTurn(); } catch (e) { page.notice(e.message); table.bots.next(); }
  });
  board.addEventListener("previewchange", () => page.game && page.render());
  // The keyboard reached a square the tile can take: say where it is, in words.
  board.addEventListener("boardfocus", (e) => {
    $("#announce").textContent = page.t("focus.square", { where: page.placeName(e.detail.x, e.detail.y), n: e.detail.rotations });
  });
  // A square the tile cannot take says why, until the next move.
  board.addEventListener("boardrefused", (e) => {
    $("#hint").textContent = page.t(`refused.${e.detail.why}`);
    page.side.keepClear();
    $("#announce").textContent = $("#hint").textContent;
  });
  $("#btn-help").addEventListener("click", () => page.help.open((replay.game || page.game).snapshot()));
  $("#hint-why").addEventListener("click", (e) => page.help.open((replay.game || page.game).snapshot(), e.target.dataset.topic));
  $("#tiles-left-panel").addEventListener("toggle", () => { delete $("#tiles-left-panel").dataset.shown; page.render(); });
}

async function start() {
  await firstLanguage;
  const W = page.W = window.wasmBindings;
  const hideCard = inspectCard($("#board"), $(".board-wrap"), $("#announce"));
  page.table = new Table(W, $("#board"), {
    t: page.t, render: page.render, save: page.save, hideCard,
    announce: (text) => { $("#announce").textContent = text; },
    events: (events) => page.log.push(...logLines(events)),
    changed: (events, s) => {
      if (page.online) page.onlinePanel.notifyTurn(s);
      // A guide ends with its own card, not with the results.
      if (endsGame(events) && !page.replay.active && !page.guide) gameEnded(events);
    },
    online: () => page.online, guide: () => page.guide,
    motion: () => page.settings.motion !== false, sound: () => page.settings.sound === true,
    marks: () => page.settings.marks === true, confirm: () => page.settings.confirm !== false,
    odds: () => page.settings.odds !== false,
    onError: page.notice,
    // A page opened from disk cannot start workers; the computers think on the page then.
    workerUrl: location.protocol === "file:" ? null : "bot-worker.js",
  });
  page.help = new Help(W, $("#help"), page.t, (id) => startGuide(id));
  page.side = new SidePanel(page);
  page.hideCard = hideCard;
  page.sheet = new Sheet(() => page.t, hideCard);
  page.onlinePanel = new OnlinePanel(page);
  page.replay = new ReplayViewer(page);
  page.review = new ReviewPanel(page);
  page.newGame = new NewGameDialog(page);
  page.lobby = new LobbyDialog(page);
  page.account = new AccountDialog(page);
  page.board = new LeaderboardDialog(page);
  $(".board-wrap").append(page.card.root);
  new ResizeObserver(() => page.side.keepClear()).observe(page.card.root);
  window.carc = { bindings: W, game: null, view: null, bots: page.table.bots, replay: page.replay, sound: played,
    newGame: (opts) => attach(new W.Game(opts), { fresh: true }),
    /** Built-in guide `id`, read and checked (`Game.guide` of guides/<id>.json). */
    guide: async (id) => W.Game.guide(await guideSource(id, W.Game.guides())) };
  wireSettings(page.settings, page.t.lang, () => {
    page.table.settingsChanged();
    page.table.settingsChanged(page.replay.view);
    if (page.game) page.render();
  }, speak);
  wireGame();
  moreMenu();
  shareDialog(() => (page.replay.game || page.game).shareCode(), () => page.t, page.notice);
  speakNow(page.t.lang);
  addEventListener("hashchange", () => {
    const code = new URLSearchParams(location.hash.slice(1)).get("r");
    if (code) page.replay.openShared(code);
    // A room's link pasted into this tab: open that room.
    else if (roomLink().room && roomLink().room !== page.online?.room?.room) {
      page.onlinePanel.leave();
      if (page.onlinePanel.openFromUrl()) attach(defaultGame(), { fresh: true, remote: true });
    }
  });

  // Installed or not, a second visit works offline (sw.js); a page from disk needs none.
  if (location.protocol.startsWith("http") && "serviceWorker" in navigator) {
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("no offline play:", e.message));
  }
  if (location.protocol === "file:") $(".offline").hidden = true;
  // Online play only where a game server answers (never in a static copy or the file).
  serverAnswers().then((yes) => { page.hasServer = yes; page.newGame.serverFound(yes); });
  // A room's link (#room=…) opens the room; the local game stays saved as it is.
  if (page.onlinePanel.openFromUrl()) {
    attach(defaultGame(), { fresh: true, remote: true });
    return;
  }
  // A shared link (#r=…) opens as a replay; the game in progress is kept as it is.
  const shared = new URLSearchParams(location.hash.slice(1)).get("r");
  // A guided game in progress goes on where the player left it (a reload).
  const current = guideProgress().current;
  if (!shared && current && await startGuide(current.id, current.k)) return;
  if (!resume()) {
    attach(defaultGame(), { fresh: true });
    if (!shared) page.openNewGame();
  }
  if (shared) page.replay.openShared(shared);
}

/** A two-player base game, the page's game before any other. It is not saved until a
 *  move is made: a first visit's guide ends on the new-game screen, not on "Red against
 *  Blue" resumed. */
function defaultGame() {
  const t = page.t;
  const game = new page.W.Game({ players: [{ name: t("name.0"), color: COLORS[0] }, { name: t("name.1"), color: COLORS[1] }], sets: ["base"] });
  page.placeholder = game;
  return game;
}

/** Whether a game is saved in this browser. */
function hasSave() {
  try { return !!localStorage.getItem(SAVE_KEY); } catch { return false; }
}

/** The game guide `g` taught, for real: its sets and rules, the learner's seat a person
 *  and the others easy computers, a new seed. `label` says what the offer plays. */
function realGame(g) {
  const t = page.t, setup = g.record.setup, coop = setup.options?.coop;
  const players = setup.players.map((p, i) => ({ name: t(`name.${i}`), ...(coop ? {} : { color: COLORS[i] }),
    ...(i === g.you ? {} : { computer: "easy" }) }));
  return {
    label: t(coop ? "guide.real.coop" : "guide.real", { level: coop?.level ?? 0 }),
    game: () => new page.W.Game({ players, sets: setup.sets, options: setup.options ?? {}, lang: t.lang }),
  };
}

/** Resume the saved game, if there is one that loads. Never lose a player's data: an
 *  unreadable save is copied aside (controller.js), and only once the copy is stored may
 *  the new game save over it. */
function resume() {
  const r = readSave(SAVE_KEY, (text) => page.W.Game.fromRecord(text, page.t.lang), `carcassonne.corrupt.${Date.now()}`);
  if (r.game) attach(r.game, { fresh: false });
  else if (r.aside) page.notice(page.t("notice.corrupt", { error: r.error, key: r.aside }));
  else if (r.full) {
    page.saveKey = null;
    page.notice(page.t("notice.corruptFull", { error: r.error }));
  }
  return !!r.game;
}

/** Speak `lang` from now on: the page's texts, the game's events, the help, the new-game
 *  screen's rows (a default name becomes the new language's). All of it changes at once,
 *  when the language's sentences have come (www/packs.js); of two changes in a row, the
 *  last one wins. */
let speaking = null;
async function speak(lang) {
  speaking = lang;
  await loadLanguage(lang);
  if (speaking === lang) speakNow(lang);
}

function speakNow(lang) {
  const before = page.t, t = page.t = translator(lang);
  page.newGame.relabel(before);
  page.table.host.t = t;
  if (page.online) page.online.t = t;
  document.documentElement.lang = t.lang;
  applyText(document, t);
  page.table.languageChanged();
  // The log told again in the new language, from the game's events.
  if (page.game && !page.guide) try { page.log.splice(0, page.log.length, { text: t("log.begins") }, ...logLines(page.game.eventLog())); } catch { /* kept */ }
  page.help.t = t;
  if (page.guide) page.guide.host.t = t;
  if (page.game) page.render();
}

if (window.wasmBindings) start();
else addEventListener("TrunkApplicationStarted", start);
