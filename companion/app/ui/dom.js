// Building the page: one small element helper, so every module draws with the same few lines and no
// text ever goes through innerHTML (a name typed at the table is text, never markup).

/**
 * @typedef {string | number | Node | null | undefined | false} Child
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
  for (const [name, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") {
      node.addEventListener(name.slice(2), value);
    } else {
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "object" ? child : String(child));
  }
  return node;
}

/**
 * Paragraphs of text, one a line (an empty line is left out).
 * @param {string[]} lines
 * @param {Attrs | null} [attrs]
 */
export function paragraphs(lines, attrs) {
  return lines.filter((line) => line.trim()).map((line) => h("p", attrs, line.trim()));
}
