// The daily deck (issue 38; docs/daily.md): each UTC day has one seed, the same for
// everyone, played against the hard computer in a base game, offline too (nothing here asks
// a server). Its result is a share link (#r=…) whose game and margin anyone can open, and
// compare.html sets two players' games of one day side by side, move by move.
import { $ } from "./dom.js";

/** The UTC day of `now` as YYYY-MM-DD. */
export function dailyDay(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

/** A day's seed: FNV-1a (64-bit) of "carcassonne-daily-" and the day, its low 53 bits (a
 *  record's seed stays exact in JavaScript), as decimal digits. Anyone can compute it. */
export function dailySeed(day) {
  let h = 0xcbf29ce484222325n;
  for (const c of new TextEncoder().encode(`carcassonne-daily-${day}`)) {
    h = ((h ^ BigInt(c)) * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return (h & 0x1fffffffffffffn).toString();
}

/** The day whose deck a record's setup is (base alone, a person against the hard computer,
 *  the day's seed, within the last 400 days of `now`), or null. */
export function dailyOf(setup, now = new Date()) {
  const p = setup?.players ?? [];
  const plain = JSON.stringify(setup?.sets) === '["base"]' && p.length === 2 && !p[0].computer && p[1].computer === "hard";
  if (!plain || setup.seed == null) return null;
  const seed = String(setup.seed);
  for (let i = 0; i <= 400; i++) {
    const day = dailyDay(new Date(now.getTime() - i * 86_400_000));
    if (dailySeed(day) === seed) return day;
  }
  return null;
}

/** The players' setup of a daily game: `name` against the hard computer. */
export function dailyGame(name, t, day = dailyDay()) {
  return { players: [{ name }, { name: t("daily.computer"), computer: "hard" }], sets: ["base"], options: {}, seed: dailySeed(day) };
}

/** A day in words, in the page's language ("6 December 2026"). */
export function dayText(day, lang) {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(lang, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

/** The line for a finished daily game: who won by how much against the hard computer. */
export function dailyText(day, s, t) {
  const [me, bot] = s.players.map((p) => p.score), name = s.players[0].name, date = dayText(day, t.lang);
  if (me === bot) return t("daily.draw", { date, name });
  return t(me > bot ? "daily.won" : "daily.lost", { date, name, n: Math.abs(me - bot) });
}

const DAILY_KEPT = "carcassonne-daily";

/** This browser's daily games: day → share code. */
export function keptDailies() {
  try { return JSON.parse(localStorage.getItem(DAILY_KEPT) || "{}"); } catch { return {}; }
}

/** Keep this browser's finished game of a day (the last 60 days are kept). */
export function keepDaily(day, code) {
  const all = { ...keptDailies(), [day]: code };
  const days = Object.keys(all).sort().slice(-60);
  try { localStorage.setItem(DAILY_KEPT, JSON.stringify(Object.fromEntries(days.map((d) => [d, all[d]])))); } catch { /* full */ }
}

/** The link that shows a finished game (the share code in the fragment: never sent to a
 *  server). */
export const gameLink = (code) => `${location.href.split("#")[0].replace(/compare\.html$/, "")}#r=${code}`;

/** The compare page for two games of one day. */
export const compareLink = (mine, theirs) =>
  `${location.href.split("#")[0].replace(/[^/]*$/, "")}compare.html#a=${mine}&b=${theirs}`;

/** Show the new-game screen's daily button with today's date. */
export function showDailyButton(t) {
  $("#ng-daily-date").textContent = dayText(dailyDay(), t.lang);
}
