// One controller for the page (app.js) and the element (carcassonne-game.js): the game on
// a board view, its subscription, its computer players, saving and a corrupt save set
// aside, who may play now, the step's hint and the replay's stepping. Each host keeps only
// its own DOM: it renders, it says where the save goes, and it adds what only it has.
import { Computers } from "./computers.js";
import { COOP_COLOURS } from "./coop.js";
import { playEvents } from "./sound.js";

/** The colour-blind marks of the seats, in seat order (in the cooperative game: of the
 *  colours, in COOP_NAMES' order): the board draws the same shapes on the figures
 *  (render.rs `draw_mark`), so a colour is never the only difference. */
export const MARKS = ["●", "▲", "■", "◆", "✚", "○"];

/** The colours of the cooperative game by name, in the engine's order. */
export const COOP_NAMES = Object.keys(COOP_COLOURS);

/** Seat `i`'s mark in snapshot `s` (a co-op seat: its first colour's). */
export const markOf = (s, i) => MARKS[s.coop ? COOP_NAMES.indexOf(s.coop.colours[i][0]) : i % 5];

/**
 * A game at a table.
 *
 * `host`: `{ render() -> snapshot, save(game), announce(text), hideCard(), events?(events)
 * (before the render), changed?(events, s) (after it),
 * t (the translator), motion() / sound() / marks() / odds() (the settings), online() (the room, or null),
 * guide() (the guided game being played, or null), onError(message), workerUrl }`.
 *
 * The table alone decides where a move goes (`act`, `pass`: the guide, the server or the
 * game) and which move buttons a host shows (`buttons`); the hosts only draw them.
 */
export class Table {
  constructor(W, board, host) {
    this.W = W;
    this.board = board;
    this.host = host;
    this.game = null;
    this.view = null;
    this.subscription = 0;
    this.remote = false;
    this.locked = false;
    this.bots = new Computers(W, { workerUrl: host.workerUrl, onError: (m) => host.onError(host.t("computer.failed", { error: m })) });
    // A remote view (online, or a guided game) hands its moves here instead of playing them.
    board.addEventListener("boardaction", (e) => this.act(e.detail));
  }

  /** Play `action` where it goes: a guided game's guide checks it first, a room's server
   *  plays it for everyone, else the game here. A refusal goes to `host.onError`. */
  act(action) {
    const guide = this.host.guide?.(), online = this.host.online();
    if (guide) guide.offer(action);
    else if (online) online.act(action);
    else if (this.game) try { this.game.apply(action); } catch (e) { this.host.onError(e.message); }
  }

  /** Pass the step (no figure, no more removal), wherever moves go now. */
  pass() {
    if (this.host.guide?.() || this.host.online()) this.act({ pass: true });
    // The view passes so that a figure waiting for its confirmation goes first.
    else try { this.view?.pass(); } catch (e) { this.host.onError(e.message); }
  }

  /** Put `game` on the board (the old one's view and computers go): `remote` a room's game
   *  played through the server, `locked` one only watched. Call `begin()` once the host
   *  has its own bookkeeping done. */
  attach(game, { remote = false, locked = false } = {}) {
    this.detach();
    Object.assign(this, { game, remote, locked });
    this.languageChanged();
    this.show();
    this.host.hideCard();
    this.subscription = game.subscribe((events) => this.changed(events));
  }

  /** The game's view on the canvas, and its computers. */
  show() {
    this.view = this.viewFor(this.game);
    this.view.setRemote(this.remote);
    if (this.locked) this.view.setLocked(true);
    if (!this.remote && !this.locked) this.bots.attach(this.game, this.view);
  }

  /** A board view of `game` on this table's canvas, with the player's settings. */
  viewFor(game) {
    const view = new this.W.BoardView(this.board, game);
    this.settingsChanged(view);
    return view;
  }

  /** Save, render and let a computer play if one is on turn. Returns the snapshot. */
  begin() {
    this.host.save(this.game);
    const s = this.host.render();
    this.nextComputer(s);
    return s;
  }

  /** The view and the subscription go; the game stays (its owner frees it). */
  detach() {
    this.pause();
    if (this.game && this.subscription) this.game.unsubscribe(this.subscription);
    this.subscription = 0;
  }

  /** Give the canvas to something else (a replay): the view goes and the computers wait,
   *  while the game's moves (online) are still logged and saved. `resume()` brings it back. */
  pause() {
    this.bots.cancel();
    this.view?.destroy();
    this.view?.free?.();
    this.view = null;
  }

  /** The game on the board again after `pause()`; returns the snapshot. */
  resume() {
    this.show();
    return this.begin();
  }

  /** After a move: sound, the live region, the save, the render, the next computer. */
  changed(events) {
    const host = this.host;
    this.bots.changed();
    host.hideCard();
    if (host.sound()) playEvents(events);
    host.announce(events.map((e) => e.text).join(". "));
    host.events?.(events);
    host.save(this.game);
    const s = host.render();
    host.changed?.(events, s);
    this.nextComputer(s);
  }

  /** Let a computer play if one is on turn (not while paused, remote or only watched). */
  nextComputer(s) {
    if (this.view && !this.remote && !this.locked && !this.host.online()) this.bots.next(s);
  }

  /** The player's settings (motion, marks, odds) into `view` (default: the table's). */
  settingsChanged(view = this.view) {
    view?.setMotion(this.host.motion());
    view?.setMarks?.(this.host.marks());
    view?.setOdds?.(this.host.odds?.() !== false);
    view?.setConfirm?.(this.host.confirm?.() !== false);
  }

  /** The language changed: the game's events are told in it from now on (in English if
   *  the engine has no sentences in it: src/text/). */
  languageChanged() {
    try { this.game?.setLanguage(this.host.t.lang); } catch { this.game?.setLanguage("en"); }
  }

  /**
   * Who may play now, for snapshot `s` (`replay`: a replay is shown): `computer` (its level)
   * on turn, `waiting` for another seat online, `offline` (the connection is lost),
   * `idle` (nobody here may play), `passes` (the step may be passed) and `passKey` (the
   * pass button's text), `colours` (the co-op meeple step's choices).
   */
  turn(s, { replay = false } = {}) {
    const online = this.host.online();
    const room = online?.room;
    const seat = room?.seats?.[s.current_player];
    const computer = replay || s.over ? null
      : online ? (seat?.kind === "computer" ? seat.level || "medium" : null) : this.bots.level(s);
    const waiting = !!online && !s.over && online.seat !== s.current_player;
    const offline = !!online && online.status !== "online";
    const lobby = room?.status === "lobby";
    // Online, before the room's first frame (a name asked, a connection on its way): no
    // game of the room to show yet.
    const joining = !!online && !room;
    // A seat that lost on time ended the game there (a clock whose rule is a loss).
    const lostOnTime = !replay && room?.status === "over" ? room.lost_on_time ?? null : null;
    // A guided game: the learner plays only their own moves; the others play themselves.
    const guide = this.host.guide?.();
    // Nobody plays in a room's lobby (the host has not started) or before its first frame.
    const idle = replay || this.locked || !!computer || waiting || offline || lobby || joining || lostOnTime !== null
      || (!!guide && !guide.learnerTurn(s.actions));
    const step = s.phase.step, waits = s.phase.waits;
    const passes = !!s.may_pass; // the engine's rule (Game::may_pass), never restated here
    const c = s.coop;
    const colours = !idle && c && step === "coop" && waits === "meeple"
      ? c.colours[s.current_player].filter((x) => c.meeples[c.palette.indexOf(x)] > 0) : [];
    // Waiting to be paired by quick play (no room yet).
    const quick = joining && !!online.quickWish;
    return { replay, computer, waiting, watching: !!online && online.seat === null, offline, lobby, joining, quick, lostOnTime, idle, passes,
      passKey: step === "coop" && waits === "removal" ? "btn.noMore" : "btn.pass", colours };
  }

  /**
   * Which move buttons show (`shown`) and may be pressed (`enabled`) for snapshot `s` and
   * `turn(s)`: `rotate`, `pass` (with `key`, its text), `undo` (the tile), `undoTurn` (a
   * whole turn, against computers), `end` and `takeBack` (a figure waiting for its
   * confirmation), `teammate` (the co-op hint) and `figures` (the figure kinds to pick
   * from). `watcher`: the host shows a board only watched (no move buttons at all).
   */
  buttons(s, turn, { watcher = false } = {}) {
    const over = s.over, idle = turn.idle, tileStep = s.phase.step === "tile";
    const none = watcher || turn.watching || over;
    // A figure waiting for its confirmation: End turn and Take back instead of the others.
    const pending = !turn.replay && !idle && !!this.view?.pending;
    const online = !!this.host.online(), guided = !!this.host.guide?.();
    const seats = s.computers || [];
    const kinds = s.figure_kinds || [];
    const button = (shown, enabled) => ({ shown: !!shown, enabled: !!shown && !!enabled });
    return {
      rotate: button(!none, tileStep && !idle),
      pass: { ...button(!none && !pending, turn.passes && !idle), key: turn.passKey },
      undo: button(!none && !pending && !online && !guided, s.can_undo && !idle),
      undoTurn: button(!none && !pending && !online && !guided && seats.some(Boolean) && !seats.every(Boolean),
        s.can_undo_turn && !turn.replay),
      end: button(pending, true),
      takeBack: button(pending, true),
      teammate: button(!!s.coop && !over && !idle && !online && !guided, true),
      figures: none || idle || s.phase.step !== "figure" || kinds.length < 2 ? [] : kinds,
      pending,
    };
  }

  /** What the player on turn is asked (one sentence), from `turn(s)`. */
  hint(s, turn) {
    const t = this.host.t, name = s.players[s.current_player]?.name ?? "";
    const step = s.phase.step;
    if (turn.replay) return t("hint.replay");
    if (s.over) return t("hint.over");
    if (turn.joining) return t(turn.quick ? "quick.waiting" : "hint.joining");
    if (turn.lostOnTime !== null) return t("clock.lostOnTime", { name: s.players[turn.lostOnTime]?.name ?? "?" });
    if (turn.lobby) return t("hint.lobby");
    if (this.locked) return t("hint.readonly");
    if (turn.computer) return t("hint.computer", { name, level: t(`level.${turn.computer}`) });
    if (turn.offline) return t("hint.offline");
    if (turn.waiting) return t(turn.watching ? "hint.watching" : "hint.waiting", { name });
    const key = step === "coop" ? `hint.coop.${s.phase.waits}`
      : step === "ghost" ? (s.phase.case === "extend" ? "hint.ghost.extend" : "hint.ghost.limit") : `hint.${step}`;
    // On a touch screen: "tap", and the rotate button instead of R or a right-click.
    return t(touchScreen() && t.has(`${key}.touch`) ? `${key}.touch` : key, { name });
  }
}

/** The drawn tile's label for screen readers (the picture is a canvas): what it shows, in
 *  words, during the tile step of snapshot `s` of `game`. */
export function drawnLabel(game, s, t) {
  const shown = boxTile(s);
  let told = "";
  if (shown) try { told = game.describeTile(shown.tile); } catch { /* an id the catalogue lacks */ }
  return told ? t(shown.placed ? "drawn.placed" : "drawn.tile", { tile: told }) : t("drawn.label");
}

/** The tile the drawn-tile box shows: the one drawn (as the board previews it, `rotation`
 *  null), or during the rest of the turn the one just placed, as it lies; none when the
 *  game is over or nothing is placed yet. */
export function boxTile(s) {
  if (s.phase.step === "tile") return { tile: s.phase.tile, rotation: null, placed: false };
  if (s.over || !s.last) return null;
  const q = s.board.find((b) => b.x === s.last.x && b.y === s.last.y && b.tile);
  return q ? { tile: q.tile, rotation: q.rotation, placed: true } : null;
}

/** Draw `boxTile(s)` on `canvas` (`preview`: the rotation the board previews the drawn tile in). */
export function drawBoxTile(W, canvas, s, preview) {
  const shown = boxTile(s);
  if (shown) W.drawTile(canvas, shown.tile, shown.rotation ?? preview);
  else canvas.getContext("2d").clearRect(0, 0, canvas.width, canvas.height);
}

/** Whether the main pointer is a finger (a phone or a tablet). */
export const touchScreen = () => typeof matchMedia === "function" && matchMedia("(pointer: coarse)").matches;

/** Which rule a step's "Why?" opens: a ghost coming, a circle calling, the cat. */
export const WHY_TOPIC = { ghost: "ghosts", circle: "spellcircles", cat: "spellcircles", coop: "coop" };

/**
 * Read the game saved under `key` with `load(text)`. An unreadable save is never lost: it
 * is copied to `aside` first (then the new game may save over it). Returns `{ game }`, `{}`
 * (nothing saved), `{ error, aside }` (kept aside) or `{ error, full: true }` (no room for
 * the copy: the save stays and must not be written over).
 */
export function readSave(key, load, aside = `${key}.corrupt.${Date.now()}`) {
  const text = localStorage.getItem(key);
  if (!text) return {};
  try {
    return { game: load(text) };
  } catch (e) {
    try {
      localStorage.setItem(aside, text);
      return { error: e.message, aside };
    } catch {
      return { error: e.message, full: true };
    }
  }
}

/** The JSON text of `record` (read) cut after `k` of its moves, its notes left out (they may
 *  belong to later positions, which the cut record has not). */
export function recordUpTo(record, k) {
  return JSON.stringify({ ...record, actions: record.actions.slice(0, k), notes: undefined });
}

/** Show `record` on `game` after `k` of its moves, from `from` shown now: one move forward
 *  is played (so it animates as in the game), any other jump is loaded. Returns the `k`
 *  shown (within the record). */
export function showMoves(game, record, from, k) {
  k = Math.max(0, Math.min(record.actions.length, k));
  if (k === from + 1) {
    try { game.apply(record.actions[from]); return k; } catch { /* loaded below */ }
  }
  if (k !== from) game.loadRecord(recordUpTo(record, k));
  return k;
}
