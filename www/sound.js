// Sounds for placing, scoring and ghosts, synthesised with the Web Audio API (no recorded
// files), off until the player turns them on. `played` lists the cues for the tests.
let audio = null;
export const played = [];

function tone(at, { type = "sine", from, to = from, length, volume = 0.2, wobble = 0 }) {
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(from, at);
  osc.frequency.exponentialRampToValueAtTime(to, at + length);
  if (wobble) {
    // A slow vibrato: the ghost's wail.
    const lfo = audio.createOscillator();
    const depth = audio.createGain();
    lfo.frequency.value = 7;
    depth.gain.value = wobble;
    lfo.connect(depth).connect(osc.frequency);
    lfo.start(at);
    lfo.stop(at + length);
  }
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

const CUES = {
  // A wooden knock.
  tile: (t) => tone(t, { type: "triangle", from: 180, to: 70, length: 0.12, volume: 0.35 }),
  // A figure set down: a light tap.
  figure: (t) => tone(t, { type: "triangle", from: 420, to: 300, length: 0.07, volume: 0.18 }),
  // Points: three rising notes.
  score: (t) => [523.3, 659.3, 784].forEach((f, i) => tone(t + i * 0.07, { from: f, length: 0.22, volume: 0.16 })),
  // A ghost: a falling, wavering wail.
  ghost: (t) => tone(t, { from: 520, to: 260, length: 0.6, volume: 0.12, wobble: 25 }),
};

const CUE_OF = { tile_placed: "tile", figure_placed: "figure", meeple_placed: "figure", scored: "score", team_scored: "score",
  ghost_placed: "ghost", ghosts_placed: "ghost", figure_scared: "ghost" };

/** Play the cues of one move's events (each cue once). Call only when sound is on; the
 *  first call must come from a click or key (browsers start audio only then). */
export function playEvents(events) {
  const cues = [...new Set(events.map((e) => CUE_OF[e.type]).filter(Boolean))];
  if (!cues.length) return;
  audio ??= new AudioContext();
  if (audio.state === "suspended") audio.resume();
  let t = audio.currentTime + 0.01;
  for (const c of cues) {
    CUES[c](t);
    played.push(c);
    t += 0.12;
  }
}

/** Get audio ready (call from the click that turns sound on). */
export function unlock() {
  audio ??= new AudioContext();
  if (audio.state === "suspended") audio.resume();
}
