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
