// Building the page: one small element helper, so every module draws with the same few lines and no
// text ever goes through innerHTML (a name typed at the table is text, never markup).

/**
 * @typedef {string | number | Node | null | undefined | false} Child
 * @typedef {Child | Children[]} Children a child, or children in arrays (at any depth)
 * @typedef {Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>} Attrs
 */

/**
 * An element: `attrs` are attributes ("on…" a listener, `true` a bare attribute, null/false left out),
 * `children` text or nodes, arrays flattened.
 * @param {string} tag
 * @param {Attrs | null} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  if (attrs) {
    for (const name in attrs) {
      const value = attrs[name];
      if (value === null || value === undefined || value === false) continue;
      if (typeof value === "function") {
        node.addEventListener(name.slice(2), value);
      } else {
        node.setAttribute(name, value === true ? "" : String(value));
      }
    }
  }
  return add(node, children);
}

/**
 * `children` appended to `node` as `h` takes them: text or nodes, arrays flattened, nothing left out.
 * (Loops rather than `Object.entries` and `flat`: a page is hundreds of elements made anew at every tap.)
 * @template {HTMLElement} E
 * @param {E} node
 * @param {Children[]} children
 * @returns {E}
 */
function add(node, children) {
  for (const child of children) {
    if (Array.isArray(child)) add(node, child);
    else if (child !== null && child !== undefined && child !== false) node.append(typeof child === "object" ? child : String(child));
  }
  return node;
}

/**
 * A fold (<details>) whose contents are made the first time it is opened. A page is drawn anew after
 * every tap, and what stays folded — corrections, a ledger — should cost that tap nothing. Its summary's
 * tap fills it before the browser opens it (so it never shows empty); a fold opened another way is
 * filled when it opens.
 * @param {Attrs | null} attrs
 * @param {string} summary
 * @param {() => Children} contents
 */
export function fold(attrs, summary, contents) {
  let filled = false;
  const fill = () => {
    if (filled) return;
    filled = true;
    add(details, [contents()]);
  };
  const details = h("details", attrs, h("summary", { onclick: fill }, summary));
  details.addEventListener("toggle", fill);
  if (attrs?.open) fill();
  return details;
}

/**
 * Show `sheet` (a <dialog> with an id) over the page, modal, in place of one of that id shown before;
 * it is gone once closed.
 * @param {HTMLDialogElement} sheet
 */
export function showOver(sheet) {
  sheet.addEventListener("close", () => sheet.remove());
  document.getElementById(sheet.id)?.remove();
  document.body.append(sheet);
  sheet.showModal();
}

/**
 * Paragraphs of text, one a line (an empty line is left out).
 * @param {string[]} lines
 * @param {Attrs | null} [attrs]
 */
export function paragraphs(lines, attrs) {
  return lines.filter((line) => line.trim()).map((line) => h("p", attrs, line.trim()));
}
