// The player's settings, kept in this browser: animations (never under reduced motion),
// sound (off until turned on), colour-blind marks, the figure's confirmation, the odds on
// the board (on until turned off), the language
// (at first the browser's) and the name last given online.
import { $, el } from "./dom.js";
import { LANGUAGES } from "./text.js";
import { unlock } from "./sound.js";

const SETTINGS_KEY = "carcassonne.settings";

/** The settings kept, or the plain ones. */
export function loadSettings() {
  const plain = { motion: true, sound: false, marks: false, lang: null };
  try { return { ...plain, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") }; } catch { return plain; }
}

/** Store `settings` (on a full disk they last for this visit). */
export function keepSettings(settings) {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* full: kept for this visit */ }
}

/** The settings' switches and the language list: a change is kept and shown at once
 *  (`looks()`: the boards take it; `speak(lang)`: the page speaks the language chosen). */
export function wireSettings(settings, lang, looks, speak) {
  for (const [id, key, on] of [["#set-motion", "motion", settings.motion !== false], ["#set-sound", "sound", settings.sound === true],
    ["#set-marks", "marks", settings.marks === true], ["#set-confirm", "confirm", settings.confirm !== false],
    ["#set-odds", "odds", settings.odds !== false]]) {
    $(id).checked = on;
    $(id).addEventListener("change", (e) => {
      settings[key] = e.target.checked;
      if (key === "sound" && settings.sound) unlock();
      looks();
      keepSettings(settings);
    });
  }
  const languages = $("#set-lang");
  languages.replaceChildren(...Object.entries(LANGUAGES).map(([code, l]) => el("option", { value: code, selected: code === lang }, l["lang.name"])));
  languages.addEventListener("change", (e) => { settings.lang = e.target.value; keepSettings(settings); speak(e.target.value); });
}
