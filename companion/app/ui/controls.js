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

/** @type {WeakMap<Ctx, Map<string, number[]>>} */
const gathered = new WeakMap();

/**
 * The taps gathered so far for a line made of several (a bid, the faces of a roll), by the pad they are
 * tapped on: kept by the page, not the drawing, so a redraw — another phone's step coming in, a tap
 * elsewhere on the page — loses none of them.
 * @param {Ctx} ctx
 * @param {string} pad
 */
export function gatheredTaps(ctx, pad) {
  let pads = gathered.get(ctx);
  if (!pads) gathered.set(ctx, pads = new Map());
  let taps = pads.get(pad);
  if (!taps) pads.set(pad, taps = []);
  return taps;
}

/**
 * Half-made entries the game no longer has room for (the bid laid on another phone, a card no longer in
 * the hand), cleared; a line that says so, or null. `fits(pad, taps)` is the game's judgement, `shown`
 * how the taps are said (a bid as ● each, never its cards).
 * @param {Ctx} ctx
 * @param {(pad: string, taps: number[]) => boolean} fits
 * @param {(pad: string, taps: number[]) => string} shown
 */
export function clearUnfit(ctx, fits, shown) {
  const lost = [];
  for (const [pad, taps] of gathered.get(ctx) ?? []) {
    if (!taps.length || fits(pad, taps)) continue;
    lost.push(shown(pad, taps));
    taps.length = 0;
  }
  const _ = ctx._;
  return lost.length ? h("p", { class: "refused", role: "alert", "data-cleared": true }, _(
    "The game changed on another device; what you had tapped no longer fits and was cleared: {taps}",
    { taps: lost.join(" · ") })) : null;
}
