// The board's hover card, for the page and the element alike: the board view tells what
// the pointer rests on (a `boardinspect` event: a feature and the mist bank there, each
// with a title and lines in the game's language) and this card shows it beside the
// pointer, inside the board. A long press does the same on a touch screen.
import { el } from "./dom.js";

/** Show cards for the board on `canvas` in `box` (the positioned element around it); what
 *  the keyboard asked for (`I`) is also read out in the live region `announce`.
 *  Returns a function that hides the card (call it when the game changes). */
export function inspectCard(canvas, box, announce = null) {
  const card = el("div", { class: "inspect-card", role: "tooltip", hidden: true });
  box.append(card);
  const section = (info) => el("div", { class: "inspect-part" }, el("strong", {}, info.title),
    ...info.lines.map((line) => el("div", {}, line)));
  canvas.addEventListener("boardinspect", (e) => {
    const d = e.detail;
    if (!d || (!d.feature && !d.mist)) { card.hidden = true; return; }
    card.replaceChildren(...[d.feature, d.mist].filter(Boolean).map(section));
    card.hidden = false;
    if (d.keyboard && announce) {
      announce.textContent = [d.feature, d.mist].filter(Boolean).map((i) => [i.title, ...i.lines].join(". ")).join(". ");
    }
    // Beside the pointer, turned inward near the board's right and bottom edges.
    const [w, h, bw, bh] = [card.offsetWidth, card.offsetHeight, canvas.clientWidth, canvas.clientHeight];
    const x = d.x + 18 + w > bw ? Math.max(4, d.x - 18 - w) : d.x + 18;
    const y = d.y + 18 + h > bh ? Math.max(4, d.y - 18 - h) : d.y + 18;
    card.style.left = `${canvas.offsetLeft + x}px`;
    card.style.top = `${canvas.offsetTop + y}px`;
  });
  return () => { card.hidden = true; };
}
