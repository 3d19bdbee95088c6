// A room's clocks on the page and in the element (issue 38; docs/online.md, Clocks): each
// seat's time as the server last told it, the running one counted down from the moment that
// frame came, never below zero and never while the connection is down (then it shows the
// last time it was told). Low time is marked; a player's own clock is announced at 60 s and
// 10 s left. The server alone decides when time is up.
import { el } from "./dom.js";

/** A clock choice of the page's selects (`"300+3"`: base + increment seconds, `"day"`: a day a
 *  move with at most 3 banked, `""`: none) as `create` and `quick` take it. */
export function clockOf(value, timeout = "computer") {
  if (!value) return null;
  if (value === "day") return { base: 86400, increment: 86400, max: 259200, timeout };
  const [base, increment] = value.split("+").map(Number);
  return { base, increment, timeout };
}

/** Time left below which a clock is marked low: a minute, or a fifth of a short clock's base. */
export function lowAt(rule) {
  return Math.max(10_000, Math.min(60_000, (rule?.base ?? 300) * 200));
}

/** Milliseconds `seat` has left at `now` (performance.now()), from the server's last word
 *  (`clock`: `{left, running, at}`, `at` when it came); `live`: the connection is up. */
export function clockLeft(clock, seat, now = performance.now(), live = true) {
  const left = clock?.left?.[seat];
  if (typeof left !== "number") return null;
  return clock.running === seat && live ? Math.max(0, left - (now - clock.at)) : left;
}

/** A clock's time for the eye: "4:59", "1:02:03", or "2 d 03 h" for days. Rounded up, so
 *  "0:00" is shown only once the time is really up. */
export function formatClock(ms) {
  const s = Math.ceil(ms / 1000);
  const two = (n) => String(n).padStart(2, "0");
  if (s >= 86_400) return `${Math.floor(s / 86_400)} d ${two(Math.floor((s % 86_400) / 3600))} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
  return `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/** A room's clock rule in words: "5 min + 3 s a move", "1 day a move (at most 3 banked)". */
export function ruleText(rule, t) {
  if (!rule) return "";
  const time = (secs) => (secs % 86_400 === 0 ? t("clock.days", { n: secs / 86_400 })
    : secs % 60 === 0 ? t("clock.minutes", { n: secs / 60 }) : t("clock.seconds", { n: secs }));
  const base = rule.increment ? t("clock.plus", { base: time(rule.base), inc: time(rule.increment) }) : t("clock.each", { base: time(rule.base) });
  return rule.max ? `${base} ${t("clock.max", { max: time(rule.max) })}` : base;
}

/** A seat's clock as shown beside its name (kept counting by a ClockTicker): the time, with
 *  "time left" before it for screen readers. */
export function clockSpan(seat, t, srClass = "sr-only") {
  return el("span", { class: "clock", "data-clock-seat": String(seat), role: "timer" },
    el("span", { class: srClass }, `${t("clock.left")} `), el("span", { class: "clock-time" }, ""));
}

/** Keeps the clock spans under `root` up to date while a room has a clock: `online()` gives
 *  the room's connection (online.js), `announce(text)` says a line to screen readers, `t`
 *  translates. Call `update()` after each render; it ticks by itself while a clock runs. */
export class ClockTicker {
  constructor(root, online, announce, t) {
    Object.assign(this, { root, online, announce, t });
    this.timer = null;
    this.said = new Set(); // thresholds already announced for the clock frame told last
    this.frame = null;
  }

  update() {
    const o = this.online(), clock = o?.clock;
    if (clock !== this.frame) {
      // A new frame from the server: thresholds it puts time back above may be said again.
      this.frame = clock;
      const mine = clock && o.seat !== null ? clockLeft(clock, o.seat) : null;
      for (const at of [...this.said]) if (mine === null || mine > at) this.said.delete(at);
    }
    this.tick();
    const running = clock && clock.running !== null && o.status === "online";
    if (running && !this.timer) this.timer = setInterval(() => this.tick(), 250);
    if (!running && this.timer) { clearInterval(this.timer); this.timer = null; }
  }

  tick() {
    const o = this.online(), clock = o?.clock, live = o?.status === "online";
    const low = lowAt(o?.room?.clock);
    for (const span of this.root.querySelectorAll("[data-clock-seat]")) {
      const seat = Number(span.dataset.clockSeat), ms = clockLeft(clock, seat, performance.now(), live);
      span.hidden = ms === null;
      if (ms === null) continue;
      span.querySelector(".clock-time").textContent = formatClock(ms);
      span.classList.toggle("low", ms <= low);
      span.classList.toggle("running", clock.running === seat);
    }
    // The player's own clock, said once at each threshold while it runs.
    if (!clock || o.seat === null || clock.running !== o.seat || !live) return;
    const mine = clockLeft(clock, o.seat);
    for (const [at, key] of [[60_000, "clock.sr60"], [10_000, "clock.sr10"]]) {
      if (mine <= at && mine > 0 && !this.said.has(at)) {
        this.said.add(at);
        if (mine > at - 5_000) this.announce(this.t(key)); // not when the frame came already below it
      }
    }
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
