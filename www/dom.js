// The DOM helpers the page and the element share.

/** The page's first element that `sel` selects. */
export const $ = (sel) => document.querySelector(sel);

/** An element with attributes (`class`, `on…` listeners, others as attributes; `true`
 *  for a bare attribute, `false`/`null` for none) and children. */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== false && v != null) e.setAttribute(k, v === true ? "" : v);
  }
  e.append(...children);
  return e;
}

/** Offer `text` as a JSON file named `name` to download. */
export function downloadJson(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
