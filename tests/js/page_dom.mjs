// A page drawn by a game's plug-in (companion/app/ui/<game>.js) under Node: just enough of a document for
// ui/dom.js's `h` (elements, attributes, text, listeners) and of FormData for its forms, so a test can
// read what a screen offers — the lines its buttons play, what its forms make once filled, its words —
// without a browser. Nothing here plays or judges a line: the plug-in and the engines are the app's own.

class Node {
  constructor() {
    /** @type {Node[]} */
    this.childNodes = [];
  }

  /** @returns {string} */
  get textContent() {
    return this.childNodes.map((child) => child.textContent).join("");
  }
}

class Text extends Node {
  /** @param {string} text */
  constructor(text) {
    super();
    this.text = text;
  }

  get textContent() {
    return this.text;
  }
}

export class Element extends Node {
  /** @param {string} tag */
  constructor(tag) {
    super();
    this.tagName = tag.toUpperCase();
    /** @type {Map<string, string>} */
    this.attributes = new Map();
    /** @type {Map<string, ((event: any) => void)[]>} */
    this.listeners = new Map();
    const element = this;
    this.classList = {
      /** @param {...string} names */
      add(...names) {
        const now = (element.getAttribute("class") ?? "").split(" ").filter(Boolean);
        element.setAttribute("class", [...now, ...names.filter((n) => !now.includes(n))].join(" "));
      },
      /** @param {string} name */
      contains: (name) => (element.getAttribute("class") ?? "").split(" ").includes(name),
    };
  }

  get textContent() {
    return super.textContent;
  }

  set textContent(text) {
    this.childNodes = [new Text(String(text))];
  }

  /** @param {string} name @param {string} value */
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  /** @param {string} name */
  getAttribute(name) {
    return this.attributes.get(name) ?? null;
  }

  /** @param {string} name */
  hasAttribute(name) {
    return this.attributes.has(name);
  }

  /** @param {string} type @param {(event: any) => void} listener */
  addEventListener(type, listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** @param {...(Node | string)} children */
  append(...children) {
    for (const child of children) this.childNodes.push(typeof child === "string" ? new Text(child) : child);
  }

  /** A tap, as a browser delivers it: the element's click listeners, with an event that stops nothing. */
  click() {
    this.dispatch("click");
  }

  /** A form sent (its submit button tapped). */
  submit() {
    this.dispatch("submit");
  }

  /** @param {string} type */
  dispatch(type) {
    for (const listener of this.listeners.get(type) ?? []) listener({ currentTarget: this, preventDefault() {} });
  }

  /**
   * A field filled in as a thumb would: a select's option chosen (by its value), an input typed.
   * @param {string} value
   */
  fill(value) {
    if (this.tagName === "SELECT") {
      const options = this.all().filter((e) => e.tagName === "OPTION");
      if (!options.some((o) => o.getAttribute("value") === value)) throw new Error(`no option ${value}`);
      for (const option of options) {
        if (option.getAttribute("value") === value) option.setAttribute("selected", "");
        else option.attributes.delete("selected");
      }
    } else {
      this.setAttribute("value", value);
    }
  }

  /** What a field sends: an input its value, a select its chosen option's (else its first). */
  get value() {
    if (this.tagName !== "SELECT") return this.getAttribute("value") ?? "";
    const options = this.all().filter((e) => e.tagName === "OPTION");
    const chosen = options.find((o) => o.hasAttribute("selected")) ?? options[0];
    return chosen?.getAttribute("value") ?? "";
  }

  /** @returns {Element[]} this element's descendants, in document order */
  all() {
    return this.childNodes.filter((c) => c instanceof Element)
      .flatMap((c) => [/** @type {Element} */ (c), .../** @type {Element} */ (c).all()]);
  }
}

/** A form's fields by name, as the browser's FormData reads them (inputs and selects; radios checked). */
class PageFormData {
  /** @param {Element} form */
  constructor(form) {
    /** @type {[string, string][]} */
    this.entries = form.all().filter((e) => (e.tagName === "INPUT" || e.tagName === "SELECT") && e.hasAttribute("name"))
      .filter((e) => e.getAttribute("type") !== "radio" || e.hasAttribute("checked"))
      .map((e) => [/** @type {string} */ (e.getAttribute("name")), e.value]);
  }

  /** @param {string} name */
  get(name) {
    return this.entries.find(([n]) => n === name)?.[1] ?? null;
  }

  /** @param {string} name */
  getAll(name) {
    return this.entries.filter(([n]) => n === name).map(([, value]) => value);
  }
}

/**
 * Install the document `h` draws into and the FormData its forms are read with (the plug-ins only ever
 * call `createElement`, and read a form by `get` and `getAll`).
 */
export function installDocument() {
  /** @type {any} */ (globalThis).document ??= { createElement: (/** @type {string} */ tag) => new Element(tag) };
  /** @type {any} */ (globalThis).FormData = PageFormData;
}

/**
 * Open every fold, as a thumb would tap its summary: a fold's contents are made when it is first opened,
 * and may hold folds of their own.
 * @param {Element} root
 */
function unfold(root) {
  const opened = new Set();
  for (;;) {
    const closed = root.all().filter((e) => e.tagName === "SUMMARY" && !opened.has(e));
    if (!closed.length) return;
    for (const summary of closed) {
      opened.add(summary);
      summary.click();
    }
  }
}

/**
 * Everything a board's elements hold, drawn by `board(ctx, table)`.
 * @param {any[]} parts what a plug-in's `board` (or `ending`'s caller) returned
 */
export function screen(parts) {
  const root = new Element("main");
  root.append(...parts);
  unfold(root);
  return {
    root,
    /** Every element, in document order. */
    elements: root.all(),
    /** The text a reader meets, folded-away parts included. */
    text: root.textContent,
    /** The lines the enabled buttons play (`data-line`), in order. */
    lines: root.all().filter((e) => e.tagName === "BUTTON" && e.hasAttribute("data-line") && !e.hasAttribute("disabled"))
      .map((e) => /** @type {string} */ (e.getAttribute("data-line"))),
    /**
     * Elements with this class.
     * @param {string} name
     */
    byClass: (name) => root.all().filter((e) => e.classList.contains(name)),
  };
}
