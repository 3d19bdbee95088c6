// www/clocks.js without a browser: how a clock's time is written, the clock choices of the
// page's selects, a rule in words, and the countdown from the server's last frame (which
// never goes below zero, and stands still while the connection is down).
import { test } from "node:test";
import assert from "node:assert/strict";
import { clockLeft, clockOf, formatClock, lowAt, ruleText } from "../../www/clocks.js";

test("a clock's time for the eye, rounded up so that 0:00 means the time is up", () => {
  assert.equal(formatClock(300_000), "5:00");
  assert.equal(formatClock(299_001), "5:00");
  assert.equal(formatClock(9_400), "0:10");
  assert.equal(formatClock(1), "0:01");
  assert.equal(formatClock(0), "0:00");
  assert.equal(formatClock(3_723_000), "1:02:03");
  assert.equal(formatClock(86_400_000), "1 d 00 h");
  assert.equal(formatClock(3 * 86_400_000 - 1), "3 d 00 h");
  assert.equal(formatClock(2 * 86_400_000 + 5 * 3_600_000), "2 d 05 h");
});

test("the page's clock choices are the rules create and quick take", () => {
  assert.equal(clockOf(""), null);
  assert.deepEqual(clockOf("300+3"), { base: 300, increment: 3, timeout: "computer" });
  assert.deepEqual(clockOf("900+0", "loss"), { base: 900, increment: 0, timeout: "loss" });
  assert.deepEqual(clockOf("day"), { base: 86400, increment: 86400, max: 259200, timeout: "computer" });
});

test("a rule in words, and when a clock is low", () => {
  const words = { "clock.days": ["{n} day", "{n} days"], "clock.minutes": "{n} min", "clock.seconds": "{n} s",
    "clock.each": "{base} a player", "clock.plus": "{base} + {inc} a move", "clock.max": "(at most {max})" };
  // As text.js does: a [one, many] pair by `n`.
  const t = (k, p = {}) => [words[k]].flat()[p.n === 1 || !Array.isArray(words[k]) ? 0 : 1].replace(/\{(\w+)\}/g, (_, x) => p[x]);
  assert.equal(ruleText({ base: 900, increment: 0 }, t), "15 min a player");
  assert.equal(ruleText({ base: 300, increment: 3 }, t), "5 min + 3 s a move");
  assert.equal(ruleText({ base: 86400, increment: 86400, max: 259200 }, t), "1 day + 1 day a move (at most 3 days)");
  assert.equal(ruleText(null, t), "");
  assert.equal(lowAt({ base: 900 }), 60_000);
  assert.equal(lowAt({ base: 120 }), 24_000, "a fifth of a short clock");
  assert.equal(lowAt({ base: 12 }), 10_000, "never under ten seconds");
});

test("the running clock counts down from the frame, never below zero, not while offline", () => {
  const clock = { left: [60_000, 30_000], running: 0, at: 1_000 };
  assert.equal(clockLeft(clock, 0, 6_000), 55_000);
  assert.equal(clockLeft(clock, 1, 6_000), 30_000, "a stopped clock stands");
  assert.equal(clockLeft(clock, 0, 100_000), 0);
  assert.equal(clockLeft(clock, 0, 6_000, false), 60_000, "offline: the last time told");
  assert.equal(clockLeft(clock, 2, 6_000), null, "no such seat");
  assert.equal(clockLeft(null, 0, 6_000), null);
});
