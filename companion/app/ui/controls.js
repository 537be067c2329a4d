// The two controls every game's page is made of: a button that plays one line, and a form whose fields
// make one line (a refusal said beside its button). Shared by the game plug-ins, so none leans on another.

import { h } from "./dom.js";

/** @typedef {import("./games.js").Ctx} Ctx */

/**
 * A button that plays `line`.
 * @param {Ctx} ctx
 * @param {string} label
 * @param {string} line
 * @param {string} [style]
 */
export function tap(ctx, label, line, style = "") {
  return h("button", { type: "button", class: `tap ${style}`.trim(), "data-line": line, onclick: () => ctx.play(line) }, label);
}

/**
 * A form whose fields make one line; `make` reads them, returns the line or null with what is missing.
 * @param {Ctx} ctx
 * @param {HTMLElement[]} fields
 * @param {string} submit
 * @param {(form: HTMLFormElement) => string | null} make
 * @param {string} [empty]
 */
export function lineForm(ctx, fields, submit, make, empty = "") {
  const error = h("p", { class: "form-error", role: "alert" });
  const form = /** @type {HTMLFormElement} */ (h("form", { class: "compose-form" }, fields, error,
    h("button", { type: "submit", class: "tap main wide" }, submit)));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const line = make(form);
    if (line === null) {
      error.textContent = empty;
      return;
    }
    ctx.play(line).catch((e) => { error.textContent = String(e.message ?? e); });
  });
  return form;
}
