// Two Showdown steps that take more than a tap, as forms: a card use whose effect asks for choices (the
// face an extra die shows, a die to set and its new face, the face of a die added or copied — in the
// order the card's operations consume them, ../showdown/ops.js), and buying several of one item at once.
// Each form writes the line the terminal would take; the rules check it and a refusal is said in words.

import { kindOf } from "../showdown/conditions.js";
import { findCard } from "../showdown/cards.js";
import { SIDES } from "../showdown/dice.js";
import { Use } from "../showdown/moves.js";
import { parseUse } from "../showdown/uses.js";
import { lineForm } from "./controls.js";
import { fold, h } from "./dom.js";

/** @typedef {import("../showdown/table.js").ShowdownTable} ShowdownTable */
/** @typedef {import("./games.js").Ctx} Ctx */
/** @typedef {{label: string, options: [string, string][], join?: boolean}} Field one token's select */

const FACES = Array.from({ length: SIDES }, (_unused, i) => i + 1);
// What the rules say when a use is right but its choices are not typed yet (../showdown/ops.js).
const CHOICES_MISSING = "missing: {what} (type after the card: {sig})";

/**
 * The selects a card's operations ask for, in the order they consume them. `faces` are the faces the
 * own dice show now; a die added before a choice may show any face, so the choice then offers all six.
 * @param {Pick<Ctx, "_">} ctx
 * @param {readonly {kind: string, [field: string]: any}[]} ops
 * @param {number[]} faces
 * @returns {Field[]}
 */
export function choiceFields(ctx, ops, faces) {
  const _ = ctx._;
  /** @type {(list: readonly number[]) => [string, string][]} */
  const options = (list) => list.map((f) => [String(f), String(f)]);
  let shown = [...new Set(faces)].sort((a, b) => a - b);
  /** @type {Field[]} */
  const fields = [];
  let extra = 0;
  let added = 0;
  for (const op of ops) {
    const kind = kindOf(op);
    for (let i = 0; i < (kind === "copy_die" ? 1 : op.count ?? 0); i++) {
      if (kind === "add_dice") {
        extra += 1;
        fields.push({ label: _("Extra die %(n)s: the face rolled", { n: extra }),
          options: [["?", _("Roll it for me")], ...options(FACES)] });
      } else if (kind === "set_die") {
        fields.push({ label: _("A die showing"), options: options(shown) },
          { label: _("is set to"), options: options(FACES), join: true });
      } else if (kind === "add_dice_of_face") {
        added += 1;
        fields.push({ label: _("Face of added die %(n)s", { n: added }), options: options(FACES) });
      } else if (kind === "copy_die") {
        fields.push({ label: _("The die to copy"), options: options(shown) });
      }
    }
    if (kind === "add_dice" || kind === "add_dice_of_face") shown = [...FACES];
  }
  return fields;
}

/**
 * The tokens typed after the card, from the fields' values: `A>B` for a die set, else each value.
 * @param {Field[]} fields
 * @param {string[]} values
 */
export function choiceTokens(fields, values) {
  /** @type {string[]} */
  const tokens = [];
  fields.forEach((field, i) => {
    if (field.join) tokens[tokens.length - 1] += `>${values[i]}`;
    else tokens.push(values[i]);
  });
  return tokens;
}

/**
 * A form for each use the rules accept once its choices are given: each held card of a team in the
 * action, alone or with a second card of its role.
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 * @returns {HTMLElement[]}
 */
export function useForms(ctx, table) {
  const e = table.engine;
  const action = /** @type {import("../showdown/state.js").Fight} */ (e.action);
  const forms = [];
  for (const side of action.sides) {
    const held = e.teams[side.team].cards;
    const role = (/** @type {string} */ card) => table.book.card(card).role_id;
    for (const card of held) {
      const tries = [[card], ...held.filter((other) => other > card && role(other) === role(card)).map((other) => [card, other])];
      for (const tokens of tries) {
        if (table.match.refusal(new Use(tokens))?.key !== CHOICES_MISSING) continue;
        const { ops } = parseUse(tokens, (typed) => findCard(table.book, typed), e.week);
        const fields = choiceFields(ctx, ops, side.pool.faces ?? []);
        const name = tokens.map((t) => table.talk.card(t)).join(" + ");
        forms.push(useForm(ctx, side.team, name, tokens, fields));
      }
    }
  }
  return forms;
}

/**
 * @param {Ctx} ctx
 * @param {string} team
 * @param {string} name
 * @param {string[]} cards
 * @param {Field[]} fields
 */
function useForm(ctx, team, name, cards, fields) {
  const _ = ctx._;
  const selects = fields.map((field, i) => h("label", { class: field.join ? "joined" : "" }, field.label, " ",
    h("select", { name: `choice${i}` }, field.options.map(([value, shown]) => h("option", { value }, shown)))));
  const form = lineForm(ctx, [h("h3", null, _("%(team)s uses %(card)s", { team, card: name })), h("div", { class: "row" }, selects)],
    _("Use it"), (filled) => {
      const values = fields.map((_field, i) => String(new FormData(filled).get(`choice${i}`) ?? ""));
      return `use ${[...cards, ...choiceTokens(fields, values)].join(" ")}`;
    });
  form.classList.add("use-form");
  return form;
}

/**
 * Buying several of one item in one step (`buy ITEM N`): the items the team may buy now, and how many.
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 * @param {string[]} items the items a single purchase of is legal now
 */
export function buySeveral(ctx, table, items) {
  const _ = ctx._;
  const names = new Map(table.book.preparation.map((i) => [i.id, i.name[table.lang]]));
  return fold({ class: "card buy-several" }, _("Buy several at once"), () => lineForm(ctx, [h("div", { class: "row" },
    h("label", null, _("Item"), " ", h("select", { name: "item" }, items.map((id) => h("option", { value: id }, names.get(id) ?? id)))),
    h("label", null, _("How many"), " ", h("input", { name: "times", type: "number", min: 2, max: 9, value: 2, inputmode: "numeric", required: true })))],
  _("Buy them"), (filled) => {
    const given = new FormData(filled);
    const times = Number(given.get("times"));
    return Number.isInteger(times) && times >= 1 ? `buy ${given.get("item")} ${times}` : null;
  }, _("Say how many to buy.")));
}
