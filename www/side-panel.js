// The page's side panel and bars, drawn from a snapshot: the drawn tile, the turn line and
// hint, the move buttons (which show is the Table's to say: controller.js `buttons`), the
// figure or colour choices, the co-op choices and team, the players, the results, the
// unseen tiles and the log. Also the co-op teammate's hint.
import { $, el } from "./dom.js";
import { markWon, outcomeText, reasonsText, renderTeam } from "./coop.js";
import { renderTilesLeft, scoreChart } from "./panels.js";
import { headline, matchText, renderResults } from "./results.js";
import { compareLink, dailyOf, dailyText, keepDaily, keptDailies } from "./daily.js";
import { TOPIC_OF } from "./help.js";
import { drawBoxTile, drawnLabel, markOf, touchScreen, WHY_TOPIC } from "./controller.js";
import { ClockTicker, clockSpan } from "./clocks.js";


/** The lines of the log for some events (the opening draw of the start tile is not news):
 *  the text, the help topic it belongs to (a "?" beside it opens that), and the square it
 *  names (`at`), which it points at on the board. */
export const logLines = (events) => events.filter((e) => e.type !== "tile_drawn" || e.player !== undefined)
  .map((e) => ({ text: e.text, topic: TOPIC_OF[e.type], at: Number.isInteger(e.x) && Number.isInteger(e.y) ? [e.x, e.y] : null }));

export class SidePanel {
  /** `page`: the page's shared state (app.js). */
  constructor(page) {
    this.page = page;
    // A room's clocks beside the players' names, counting down between renders.
    this.clocks = new ClockTicker(document, () => page.online, (text) => { $("#announce").textContent = text; }, (k, p) => page.t(k, p));
    $("#btn-hint").addEventListener("click", () => this.askTeammate());
    // A hint longer than the board leaves it (a phone's sheet pulled up) scrolls, and a region
    // that scrolls takes the keyboard's focus, so that every reader can scroll it too.
    const hint = document.querySelector(".hint");
    const fit = () => {
      if (hint.scrollHeight > hint.clientHeight + 1) hint.setAttribute("tabindex", "0");
      else hint.removeAttribute("tabindex");
    };
    new MutationObserver(fit).observe(hint, { childList: true, characterData: true, subtree: true });
    new ResizeObserver(fit).observe(hint.parentElement);
  }

  /** The board shown: a replay's, or the game in play's. */
  get view() { return this.page.replay.view || this.page.table.view; }

  /** Outline a square a log line names on the board shown (`null`: the guide's marks, or none). */
  showPlace(at) {
    const { guide, replay, game } = this.page;
    try {
      if (at) this.view?.setHighlights([at]);
      else if (guide && !replay.active) guide.update(game.snapshot());
      else this.view?.setHighlights([]);
    } catch { /* the view has gone */ }
  }

  /** A log line, with a "?" that opens its rule in the help. A line about a square shows it
   *  on the board while the pointer or the focus rests on it, and centres the board on it
   *  when clicked (or Enter). */
  logItem(line, attrs = {}) {
    const page = this.page;
    return el("li", { ...attrs, ...(line.at ? {
      tabindex: "0", class: `${attrs.class || ""} points`.trim(),
      onmouseenter: () => this.showPlace(line.at), onfocus: () => this.showPlace(line.at),
      onmouseleave: () => this.showPlace(null), onblur: () => this.showPlace(null),
      onclick: (e) => { if (!e.target.closest("button")) this.view?.centreOn(...line.at); },
      onkeydown: (e) => { if (e.key === "Enter" && e.target === e.currentTarget) this.view?.centreOn(...line.at); },
    } : {}) }, line.text,
    ...(line.topic ? [" ", el("button", { type: "button", class: "why", "aria-label": page.t("why.log"),
      onclick: () => page.help.open((page.replay.game || page.game).snapshot(), line.topic) }, "?")] : []));
  }

  /** Draw everything from the game shown; returns its snapshot. */
  render() {
    const page = this.page, { W, t, table, replay, guide, settings } = page;
    const shown = replay.game || page.game; // the game on the board: a replay's, or the one in play
    const s = shown.snapshot();
    const step = s.phase.step;
    const coop = s.coop;
    const me = s.players[s.current_player];
    const color = (i) => W.playerColor(shown, i); // a co-op seat: its first colour
    const turn = table.turn(s, { replay: replay.active });
    const b = table.buttons(s, turn);

    // The drawn tile, as the board previews it (then the tile just placed, until the turn
    // ends); none in a room's lobby, where no game has begun.
    const drawn = $("#drawn");
    const noGame = turn.lobby || turn.joining;
    if (noGame) drawn.getContext("2d").clearRect(0, 0, drawn.width, drawn.height);
    else drawBoxTile(W, drawn, s, step === "tile" ? this.view.previewRotation() : 0);
    drawn.setAttribute("aria-label", noGame ? t("drawn.label") : drawnLabel(shown, s, t));
    // A finished game has no tile to draw: no empty box beside the winner.
    drawn.hidden = !!s.over;

    $("#turn-line").textContent = s.over ? `${t("turn.over")}: ${headline(s, t)}` : t("turn.toPlay", { name: me.name });
    // The player's colour as a bar beside the text: any colour a player picks, the text
    // itself stays readable (WCAG contrast).
    $("#turn-line").style.borderLeftColor = s.over ? "transparent" : color(s.current_player);
    // What is left, while the game goes on (a finished game's panel names the winner only);
    // the mist sets' reconstruction is said once, on a line of its own.
    $("#mist-note").hidden = !s.sets.some((x) => x === "ghosts" || x === "spellcircles");
    $("#tiles-left").textContent = s.over || noGame ? "" : (coop
      ? [t("coop.left", { n: coop.supply + coop.cat_pile }), t("coop.pileLeft", { n: coop.active_pile_left })]
      : [t("stack.tiles", { n: s.tiles_left }),
        ...(s.ghosts !== undefined ? [t("stack.ghosts", { n: s.ghosts })] : []),
        ...(s.ghosts_in_circles !== undefined ? [t("stack.circles", { n: s.ghosts_in_circles }) +
          (s.cat_pile ? ` ${t("stack.catPile", { n: s.cat_pile })}` : "")] : [])]).join(" · ");
    $("#hint").textContent = guide?.finished(s) && !replay.active ? t("guide.done") : table.hint(s, turn);
    if (b.pending) $("#hint").textContent = t(touchScreen() ? "hint.pending.touch" : "hint.pending", { name: me.name });

    // Why is a ghost coming (or a circle calling, or the cat)? The rule, one click away.
    const why = WHY_TOPIC[step];
    $("#hint-why").hidden = !why || !!turn.computer || replay.active || s.over;
    $("#hint-why").dataset.topic = why || "";
    table.view?.setLocked(turn.idle);
    $("#board-rotate").hidden = !touchScreen() || !b.rotate.enabled || s.over;
    for (const [id, key] of [["#btn-rotate", "rotate"], ["#btn-pass", "pass"], ["#btn-undo", "undo"], ["#btn-undo-turn", "undoTurn"],
      ["#btn-end", "end"], ["#btn-takeback", "takeBack"]]) {
      $(id).hidden = !b[key].shown;
      $(id).disabled = !b[key].enabled;
    }
    $("#btn-hint").hidden = !b.teammate.shown; // disabled only while the teammate thinks
    $("#btn-pass").firstChild.textContent = `${t(b.pass.key)} `;
    // In the room's lobby the turn line waits for the host, and the seats are the room's
    // (its list), not a game's.
    $("#players").hidden = !!turn.lobby || !!turn.joining;
    const joining = turn.quick ? "quick.waiting" : "hint.joining";
    if (turn.lobby || turn.joining) $("#turn-line").textContent = t(turn.joining ? joining : "hint.lobby");
    if (turn.lostOnTime !== null) $("#turn-line").textContent = `${t("turn.over")}: ${t("clock.lostOnTime", { name: s.players[turn.lostOnTime]?.name ?? "?" })}`;
    $("#btn-replay").disabled = replay.active || s.actions === 0;

    this.renderChoices(s, turn, b);
    $("#team").hidden = !coop;
    if (coop) renderTeam(s, $("#team"), t, (x, y) => this.page.game.placeRelation(x, y));
    this.renderPlayers(s, color);
    this.clocks.update();

    // Once over: the winner in the panel, and the results (their own screen) kept up to date.
    $("#final").hidden = !s.over;
    if (s.over) {
      $("#final-title").textContent = t(coop ? (coop.outcome?.won ? "final.teamWon" : "final.ghostsWon") : "final.title");
      $("#final-winner").textContent = coop ? outcomeText(coop, t) : headline(s, t);
      if (coop?.outcome?.won && !replay.active) markWon(coop.level, s.sets.includes("spellcircles"));
      // An online duplicate match: its standing after either of its games. Which game is
      // shown is the record's to say (the room frame of a rematch comes before its game).
      const room = !replay.active && s.players.length === 2 ? this.page.online?.room : null;
      // The setup, where it decides the line: a duplicate match's game (its first player)
      // or a game that may be a daily deck (its seed). Games alike in all but these would
      // otherwise share a key.
      const daily = !coop && !room && s.players.length === 2 && s.computers?.[1] === "hard";
      const setup = room?.duplicate || daily ? JSON.parse(shown.exportRecord()).setup : null;
      const key = `${replay.active ? "r" : "g"}:${room?.game ?? ""}:${room?.duplicate?.game ?? ""}:${setup?.seed ?? ""}:`
        + `${setup?.options?.first_player ?? 0}:${s.actions}:${t.lang}:${settings.marks}`;
      const body = $("#results-body");
      if (body.dataset.shown !== key) {
        body.dataset.shown = key;
        const dup = room?.duplicate ? (setup?.options?.first_player === 1 ? room.duplicate : { game: 1 }) : null;
        // The daily deck: its line, this browser's own game kept, a friend's offered beside it.
        const day = daily ? dailyOf(setup) : null;
        const code = day ? shown.shareCode() : null, mine = day ? keptDailies()[day] : null;
        if (day && !replay.active) keepDaily(day, code);
        $("#results-daily").hidden = !day;
        $("#results-compare").hidden = !(day && replay.active && mine && mine !== code);
        if (mine && code) $("#results-compare").dataset.href = compareLink(mine, code);
        const outcome = coop ? outcomeText(coop, t) : dup ? matchText(dup, s, t) : day ? dailyText(day, s, t) : null;
        renderResults(body, s, { t, color, outcome,
          chart: coop ? null : scoreChart(shown.scoreTimeline(), s.players.map((p) => p.name),
            s.players.map((_, i) => color(i)), t, settings.marks) });
      }
    } else if ($("#results").open) $("#results").close();
    // The unseen tiles, drawn only while the panel is open and when the game moved on.
    const left = $("#tiles-left-panel");
    const unseen = shown.unseenTiles();
    left.querySelector("summary h2").textContent = t("unseen.title", { n: unseen.reduce((n, x) => n + x.count, 0) });
    if (left.open && (left.dataset.shown !== `${s.actions}` || left.dataset.lang !== t.lang)) {
      renderTilesLeft($("#tl-list"), unseen, W.Game.sets().map((x) => ({ ...x, title: t(`set.${x.name}`) })), W.drawTile, t);
      Object.assign(left.dataset, { shown: `${s.actions}`, lang: t.lang });
    }

    const list = $("#log");
    if (replay.active) {
      // The log in step with the replay: every move so far, this move's lines marked.
      const lines = replay.steps.slice(0, replay.k + 1).flatMap((texts, k) => texts.map((x) => [x, k === replay.k]));
      list.replaceChildren(...lines.slice(-200).reverse().map(([x, now]) => this.logItem(x, { class: now ? "now" : "" })));
    } else if (turn.lobby || turn.joining) {
      // The room has not begun, or is not joined yet: nothing of a game to tell yet.
      list.replaceChildren(this.logItem({ text: t(turn.joining ? joining : "log.lobby") }));
    } else {
      list.replaceChildren(...page.log.slice(-200).reverse().map((x) => this.logItem(x)));
    }
    if (guide && !replay.active) guide.update(s);
    this.keepClear();
    return s;
  }

  /** The figure kinds (or, in the cooperative game, the seat's colours) the clicks place,
   *  and every choice of a cooperative step as a button too (keyboard, screen readers). */
  renderChoices(s, turn, b) {
    const page = this.page, { t, table } = page;
    const kinds = $("#figure-kinds");
    if (s.coop) {
      const own = turn.colours;
      if (!own.includes(kinds.dataset.colour)) kinds.dataset.colour = own[0] || "";
      if (own.length) table.view.setColour(kinds.dataset.colour);
      kinds.setAttribute("aria-label", t("kinds.colour"));
      kinds.replaceChildren(...(own.length > 1 ? own : []).map((c) =>
        el("button", { type: "button", role: "radio", "aria-checked": String(c === kinds.dataset.colour), "data-colour": c,
          onclick: () => { kinds.dataset.colour = c; table.view.setColour(c); page.render(); } }, t(`colour.${c}`))));
    } else {
      kinds.setAttribute("aria-label", t("kinds.figure"));
      kinds.replaceChildren(...b.figures.map((k) =>
        el("button", { type: "button", role: "radio", "aria-checked": String(k === (kinds.dataset.kind || "meeple")), "data-kind": k,
          onclick: () => { kinds.dataset.kind = k; table.view.setFigure(k); page.render(); } }, t(`figure.${k}`))));
    }
    // Each choice of a co-op step as a button, numbered as the board numbers its target;
    // the engine words them (Game.choiceLabels: the shortest names that tell them apart).
    const choices = $("#coop-choices");
    const listed = s.coop && s.phase.step === "coop" && !turn.idle ? page.game.choiceLabels() : [];
    choices.hidden = !listed.length;
    choices.replaceChildren(...listed.slice(0, 24).map((c, i) =>
      el("button", { type: "button", onclick: () => table.act(c.action) },
        el("span", { class: "choice-number", "aria-hidden": "true" }, String(i + 1)), ` ${c.label}`)));
  }

  /** The players: a swatch of the seat's colour (with its mark when colour-blind marks are
   *  on), the name, the score and what is left in the supply. */
  renderPlayers(s, color) {
    const { t, settings } = this.page, coop = s.coop;
    const swatch = (i) => {
      const e = el("span", { class: "swatch", "aria-hidden": "true" }, settings.marks ? markOf(s, i) : "");
      e.style.backgroundColor = color(i);
      return e;
    };
    const who = (p, i) => el("span", {}, s.computers?.[i] ? t("player.computer", { name: p.name, level: t(`level.${s.computers[i]}`) }) : p.name);
    // A room with a clock: each seat's time after its name (the room's clocks, not a replay's).
    const clocked = !!this.page.online?.room?.clock && !this.page.replay.active;
    const row = (p, i, ...rest) => el("li", { class: i === s.current_player && !s.over ? "current" : "" }, swatch(i), who(p, i),
      ...(clocked ? [clockSpan(i, t)] : []), ...rest);
    if (coop) {
      // Seats and the colours they play, with the meeples each colour has left.
      $("#players").replaceChildren(...s.players.map((p, i) => row(p, i, el("span", { class: "score" }, ""),
        el("span", { class: "supply" }, coop.colours[i].map((c) =>
          t("supply.colour", { colour: t(`colour.${c}`), n: coop.meeples[coop.palette.indexOf(c)] })).join(", ")))));
    } else $("#players").replaceChildren(...s.players.map((p, i) => row(p, i,
      // The number shown, and words for screen readers (an aria-label on a span is not read).
      el("span", { class: "score" }, el("span", { "aria-hidden": "true" }, String(p.score)), el("span", { class: "sr-only" }, t("points", { n: p.score }))),
      el("span", { class: "supply" }, [t("supply.meeples", { n: p.supply.meeple }),
        ...(p.supply.abbot ? [t("supply.abbot")] : []),
        ...(s.ghosts !== undefined ? [t("supply.guards", { n: p.supply.guard, reserve: p.guard_reserve })] : [])].join(", ")))));
  }

  /** The board fits itself below the guide's card, so that the step's target is never
   *  under it, and above the hint line that lies over its foot. */
  keepClear() {
    const { table, replay, card } = this.page;
    const hint = $(".board-wrap .hint");
    const bottom = hint.offsetHeight ? hint.offsetHeight + 12 : 0;
    table.view?.setInsets(card.root.hidden ? 0 : card.root.offsetHeight + 12, 0, bottom, 0);
    // A replay's board fits below its bar and its note, so that no move or mark hides
    // under them.
    const bar = $("#replay-bar"), note = $("#rp-note");
    const below = (note.hidden ? bar : note).getBoundingClientRect().bottom - $(".board-wrap").getBoundingClientRect().top;
    if (replay.view && !bar.hidden) replay.view.setInsets(below + 8, 0, bottom, 0);
  }

  /** The co-op hint: what a hard teammate would do, thought about off the page, then told
   *  in words. */
  async askTeammate() {
    const page = this.page, { t, table, game } = page;
    const btn = $("#btn-hint");
    btn.disabled = true;
    const at = game.snapshot().actions;
    try {
      const answer = await table.bots.think({ id: `hint-${at}`, record: game.exportRecord(), level: "hard" });
      if (answer.error) throw new Error(answer.error);
      if (game.snapshot().actions !== at) return; // the game moved on meanwhile
      // The engine tells the plan step by step, each step named on the board as the
      // plan leaves it ("place the tile north of the start tile, turned a quarter …").
      const words = game.planWords(answer.actions);
      const why = reasonsText(answer.why || [], game.snapshot().coop?.piles.length ?? 1, t);
      $("#hint").textContent = [t("hint.teammate", { steps: words.join(t("hint.then")) }), why].filter(Boolean).join(" ");
      this.keepClear(); // the board fits above the longer hint
    } catch (e) {
      page.notice(t("hint.none", { error: e.message }));
    } finally {
      btn.disabled = false;
    }
  }
}
