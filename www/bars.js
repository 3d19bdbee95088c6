// The page's layout controls: the bar's "More" menu on a narrow screen, the side panel as
// a sheet on a phone (its handle counts unread chat lines), and the share dialog.
import { $ } from "./dom.js";

/** The bar's other buttons in a menu, closed by a choice, by Escape or by a tap elsewhere. */
export function moreMenu() {
  const more = $("#more-menu"), toggle = $("#btn-more");
  const showMore = (open) => { more.classList.toggle("open", open); toggle.setAttribute("aria-expanded", String(open)); };
  toggle.addEventListener("click", () => {
    showMore(!more.classList.contains("open"));
    if (more.classList.contains("open")) more.querySelector("button")?.focus();
  });
  more.addEventListener("click", (e) => { if (e.target.closest("button, label")) showMore(false); });
  addEventListener("keydown", (e) => {
    if (e.key === "Escape" && more.classList.contains("open")) { showMore(false); toggle.focus(); }
  });
  addEventListener("pointerdown", (e) => { if (!e.target.closest("#more-menu, #btn-more")) showMore(false); }, true);
}

/** The panel as a sheet on a phone: its handle pulls it up (a tap, or a swipe up) and lets
 *  it down (a tap, a swipe down, Escape, or a tap on the board above it). */
export class Sheet {
  /** `t()`: the translator now; `hideCard()` hides the board's card (a sheet pulled up or
   *  let down would leave it over the wrong things). */
  constructor(t, hideCard = () => {}) {
    this.t = t;
    this.hideCard = hideCard;
    this.lines = 0; // chat lines shown in the panel
    this.seen = 0; // of which seen (the sheet was up, or there is no sheet)
    const panel = $("#panel"), handle = $("#sheet-handle");
    let pulled = null, swiped = false;
    handle.addEventListener("pointerdown", (e) => { pulled = e.clientY; swiped = false; handle.setPointerCapture?.(e.pointerId); });
    handle.addEventListener("pointerup", (e) => {
      const dy = pulled === null ? 0 : e.clientY - pulled;
      pulled = null;
      if (Math.abs(dy) > 20) { swiped = true; this.show(dy < 0); }
    });
    handle.addEventListener("click", () => {
      if (swiped) { swiped = false; return; }
      this.show(!panel.classList.contains("open"));
    });
    addEventListener("keydown", (e) => {
      if (e.key === "Escape" && panel.classList.contains("open") && !document.querySelector("dialog[open]")) { this.show(false); handle.focus(); }
    });
    $(".board-wrap").addEventListener("pointerdown", (e) => {
      if (!panel.classList.contains("open")) return;
      this.show(false);
      e.stopPropagation();
      e.preventDefault();
    }, true);
  }

  show(open) {
    const panel = $("#panel");
    this.hideCard();
    panel.classList.toggle("open", open);
    $("#sheet-handle").setAttribute("aria-expanded", String(open));
    this.label();
    if (!open) panel.scrollTop = 0;
  }

  /** The chat shows `n` lines: those the sheet hides are counted until it is pulled up. */
  chat(n) {
    this.lines = n;
    if ($("#panel").classList.contains("open") || !$("#sheet-handle").offsetParent) this.seen = n;
    this.label();
  }

  /** The handle says what pulling it up shows, and how many chat lines wait there unread. */
  label() {
    const h = $("#sheet-handle"), open = $("#panel").classList.contains("open"), t = this.t();
    if (open) this.seen = this.lines;
    h.dataset.t = open ? "sheet.less" : "sheet.more";
    const unread = this.lines - this.seen;
    h.textContent = t(h.dataset.t) + (unread > 0 ? ` · ${t("sheet.unread", { n: unread })}` : "");
  }
}

/** The share dialog: a link to the game shown (`code()` its share code, or throws). */
export function shareDialog(code, t, notice) {
  $("#btn-share").addEventListener("click", () => {
    let c;
    try { c = code(); } catch (e) { notice(e.message); return; }
    $("#share-link").value = `${location.href.split("#")[0]}#r=${c}`;
    $("#share-status").textContent = "";
    $("#share").showModal();
    $("#share-link").select();
  });
  $("#share-copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("#share-link").value);
      $("#share-status").textContent = t()("share.copied");
    } catch {
      $("#share-link").select();
      $("#share-status").textContent = t()("share.select");
    }
  });
}
