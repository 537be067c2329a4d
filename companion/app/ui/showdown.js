// Hitman's Showdown in the app: the week and whose turn, the action under way with its dice, verdict and
// question (each answer its own tap, told at once), every team's money, cards and pending penalties,
// the mafia cards to attack grouped by role, backup-plan rerolls, corrections, the week's text and the
// ledger. A step is headed by what matters to the table: a check's verdict or a duel with the money it
// moved, a penalty roll's result, a card taken.

import { InputError } from "../lib/engine.js";
import { rowFor, tableId } from "../showdown/penalties.js";
import { RuleError } from "../showdown/state.js";
import { conditionText } from "../showdown/talk.js";
import { newTable } from "../showdown/table.js";
import { clearUnfit, gatheredTaps, lineForm, tap } from "./controls.js";
import { fold, h } from "./dom.js";
import { buySeveral, useForms } from "./showdownforms.js";

/** @typedef {import("../showdown/table.js").ShowdownTable} ShowdownTable */
/** @typedef {import("./games.js").Ctx} Ctx */

// The event that heads a step, the first of these found (a penalty roll: the last, the one just made).
const HEADS = ["Won", "Checked", "Duel", "PenaltyRolled", "PenaltyCancelled", "Stole", "TeamOut", "Took", "Booked",
  "Rolled", "JustRolled", "DoubleSet", "MafiaAttacked", "TeamAttacked", "Passed", "SkippedTurn", "CardGiven"];
// Events after which a step's money moves are said in its headline.
const VERDICTS = new Set(["Checked", "Duel"]);
// The questions that roll on a penalty table (penalties.js): a face names a row.
const PENALTY_ROLLS = new Set(["penalty roll", "penalty roll {n} of {times}"]);

/**
 * One line on the table: the engine's events in the narration's words, the one that matters first.
 * @param {ShowdownTable} table
 * @param {string} line
 * @returns {import("./session.js").Step}
 */
function step(table, line) {
  const talk = table.talk;
  const before = table.engine.action;
  const asked = before?.question ?? null;
  const known = before ? before.answers.length : 0;
  let events;
  try {
    events = table.match.apply(table.match.parse(line));
  } catch (e) {
    if (e instanceof RuleError) throw new InputError(talk.refusal(e), e);
    throw e;
  }
  /** @type {string[]} */
  const told = [];
  /** @type {number[]} where each event's words begin in `told` (-1: it says nothing) */
  const starts = [];
  for (const event of events) {
    const said = talk.event(event).filter((s) => s.trim());
    starts.push(said.length ? told.length : -1);
    told.push(...said.map((s) => s.trim()));
  }
  const roll = asked !== null && !events.some((e) => e.type === "PenaltyRolled") ? answered(table, asked, known) : "";
  if (roll) {
    told.unshift(roll); // a roll the table asks more after is told at once, not when the last is in
    starts.forEach((at, i) => { if (at >= 0) starts[i] = at + 1; });
    if (!events.some((e) => HEADS.slice(0, 3).includes(e.type))) return { told, headline: 0 };
  }
  const found = HEADS.map((type) => {
    const at = events.map((e, i) => (e.type === type && starts[i] >= 0 ? i : -1)).filter((i) => i >= 0);
    return at.length ? at[type === "PenaltyRolled" ? at.length - 1 : 0] : -1;
  }).find((i) => i >= 0);
  if (found === undefined) return { told };
  const bookings = /** @type {any[]} */ (events.filter((e) => e.type === "Booked"));
  if (events[found].type === "Booked" && bookings.length > 1 && !events.some((e) => VERDICTS.has(e.type))) {
    // several bought at once: what they cost together and what is left, ahead of each booking
    const last = bookings[bookings.length - 1];
    const paid = bookings.reduce((total, b) => total + b.amount, 0);
    told.unshift(talk._("{team}: {sign}{amount} ({reason} ×{n}) → {balance}", { team: last.team, sign: paid >= 0 ? "+" : "−",
      amount: talk.money(Math.abs(paid)), reason: last.reason, n: bookings.length, balance: talk.money(last.balance) }));
    return { told, headline: 0 };
  }
  const headline = starts[found];
  if (VERDICTS.has(events[found].type)) {
    // the money the verdict moved, beside it: who gained or paid what
    const moved = events.filter((e) => e.type === "Booked").map((e) => {
      const b = /** @type {any} */ (e);
      return `${b.team} ${b.amount >= 0 ? "+" : "−"}${talk.money(Math.abs(b.amount))}`;
    });
    if (moved.length) told[headline] = `${told[headline]} · ${moved.join(talk._(", "))}`;
  }
  return { told, headline };
}

/**
 * What a die typed or rolled for a question said, when the engine asks for more before it settles
 * (a faction's second penalty roll, the money dice): the faces, and a penalty roll's row of its table.
 * @param {ShowdownTable} table
 * @param {any} asked the question answered
 * @param {number} known the answers given before this one
 */
function answered(table, asked, known) {
  const e = table.engine;
  const action = e.action;
  if (action === null) return "";
  const faces = action.answers.slice(known);
  if (!faces.length) return "";
  const talk = table.talk;
  const fields = asked.fields ?? {};
  const what = fields.what;
  const team = e.teams[fields.team];
  if (team && action.loser === team.name && faces.length === 1 && PENALTY_ROLLS.has(what?.message ?? what?.said)) {
    const penalties = table.book.data.penalty_tables[tableId(table.book.data, e.faction(team), action.kind)];
    const row = rowFor(penalties, faces[0]);
    return talk._("{team}: {what}: rolled {face} → {text}", { team: team.name, what, face: faces[0], text: row.text });
  }
  return talk._("{team}: {what}: rolled {faces}", { team: fields.team, what, faces: faces.join(" ") });
}

/**
 * A held or attacked card: its index and title.
 * @param {ShowdownTable} table
 * @param {string} id
 */
function cardChip(table, id) {
  const card = table.book.card(id);
  const red = card.suit === "H" || card.suit === "D" || id === "JOKER-COLOR";
  const used = table.engine.uses.get(id);
  return h("span", { class: `pcard${red ? " red" : ""}${used ? " used" : ""}`, title: card.title[table.lang] },
    h("b", null, card.index), " ", card.title[table.lang]);
}

/**
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 */
function board(ctx, table) {
  const _ = ctx._;
  const e = table.engine;
  const out = [];
  out.push(h("p", { class: "meta" }, _("Week %(week)s of %(weeks)s", { week: e.week, weeks: table.book.data.weeks.length }),
    e.over ? "" : ` · ${_("%(team)s to act", { team: e.current.name })}`));
  const cleared = clearUnfit(ctx, (pad, taps) => rollFits(table, pad, taps), (_pad, taps) => taps.join(" "));
  if (cleared) out.push(cleared);
  const choices = table.choices();
  if (e.action) out.push(action(ctx, table, choices));
  else if (!e.over) out.push(turn(ctx, table, choices));
  out.push(...rerolls(ctx, table));
  out.push(teams(ctx, table));
  if (e.showdown) {
    out.push(h("section", { class: "card" }, h("h2", null, _("The showdown")), showdownLines(table).map((l) => h("p", null, l))));
  }
  if (!e.over) out.push(corrections(ctx, table));
  out.push(fold({ class: "card" }, _("This week"), () => h("p", null, e.weekData().text[table.lang])));
  out.push(ledger(ctx, table));
  return out;
}

/**
 * The action under way: who attacks what, the verdict as the dice stand, the question with its answers,
 * then what may be done now (buy, use, roll, ready, settle), then each side's dice.
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 * @param {import("../showdown/table.js").Choice[]} choices
 */
function action(ctx, table, choices) {
  const _ = ctx._;
  const e = table.engine;
  const a = /** @type {import("../showdown/state.js").Fight} */ (e.action);
  const talk = table.talk;
  const target = a.kind === "mafia" ? talk.card(a.target) : a.target;
  const parts = [h("h2", null, `${a.sides[0].team} → ${target}`)];
  const wins = e.attackerWins();
  // where the dice stand: told under the question's answers, above the buttons otherwise
  const standing = [];
  if (a.kind === "mafia") {
    standing.push(h("p", { class: "condition" }, _("Success:"), " ",
      conditionText(/** @type {any} */ (table.book.card(a.target).role.condition), table.lang)));
  }
  if (wins !== null) {
    const word = a.kind === "mafia" ? (wins ? _("Success") : _("Failure"))
      : _(wins ? "{team} wins" : "{team} holds", { team: a.sides[wins ? 0 : 1].team });
    standing.push(h("p", { class: `verdict ${wins ? "success" : "failure"}` }, h("b", null, `${wins ? "✓" : "✗"} ${word}`)));
  }
  if (a.question !== null) {
    // the answers come first, so the next roll's keys stay in view under "Just now"
    parts.push(h("p", { class: "question" }, question(table, a.question)));
    const faces = choices.filter((c) => c.group === "answer" && /^\d+$/.test(c.line));
    const others = choices.filter((c) => c.group === "answer" && !/^\d+$/.test(c.line));
    if (faces.length) parts.push(h("div", { class: "pad six" }, faces.map((c) => tap(ctx, c.label, c.line, "num die-key"))));
    parts.push(h("div", { class: "buttons" }, others.map((c) => tap(ctx, c.line === "roll" ? _("Roll it for me") : c.label,
      c.line, c.line === "roll" ? "main wide" : ""))));
    parts.push(...standing);
  } else {
    parts.push(...standing);
    const preparing = a.stage === "prepare" || a.stage === "defend" ? a.sides[a.stage === "prepare" ? 0 : 1] : null;
    if (preparing) parts.push(h("p", { class: "question" }, _("%(team)s prepares: buy, use, then go on", { team: preparing.team })));
    const roll = choices.find((c) => c.group === "roll" && c.form);
    const buys = choices.filter((c) => c.group === "buy" && c.line).map((c) => {
      const item = /** @type {any} */ (table.book.preparation.find((i) => `buy ${i.id}` === c.line));
      const price = preparing && item ? talk.money(e.price(preparing, item)) : "";
      return tap(ctx, item ? _("Buy {item} ({price})", { item: item.name[table.lang], price }) : c.label, c.line);
    });
    const uses = choices.filter((c) => c.group === "use" && c.line).map((c) => tap(ctx, c.label, c.line));
    const double = choices.filter((c) => c.group === "double" && wins !== false).map((c) => tap(ctx, c.label, c.line));
    const then = choices.filter((c) => c.group === "ready" || c.group === "done").map((c) =>
      tap(ctx, c.group === "done" ? _("Done: settle the attack") : c.label, c.line, "main"));
    const goOn = then.length ? [h("div", { class: "buttons then" }, then)] : [];
    /** @type {HTMLElement[]} */
    const extras = [];
    if (buys.length || uses.length || double.length) extras.push(h("div", { class: "buttons" }, buys, uses, double));
    if (choices.some((c) => c.group === "use" && c.form)) extras.push(...useForms(ctx, table));
    const several = choices.find((c) => c.group === "buy" && c.form);
    const folded = several?.form ? [buySeveral(ctx, table, several.form.choices)] : [];
    // before the roll, in the order it is played: buy and use, then the dice, then go on; after it,
    // going on first, so it stays in view under "Just now" (the uses and doubling still open below)
    if (roll?.form) parts.push(...extras, dicePad(ctx, table, roll.form.count), ...goOn, ...folded);
    else parts.push(...goOn, ...extras, ...folded);
  }
  for (const s of a.sides) {
    const pool = s.pool;
    parts.push(h("div", { class: "side" }, h("b", null, s.team), " ",
      pool.rolled ? [h("span", { class: "dice" }, (pool.faces ?? []).map((f) => h("span", { class: "die" }, f))), " = ", h("b", null, pool.total)]
        : _("%(n)s dice to roll", { n: pool.count }),
      pool.bonus ? h("small", null, ` (${pool.bonus > 0 ? "+" : ""}${pool.bonus})`) : null,
      s.backups ? h("small", null, ` · ${_("backup plans %(n)s", { n: s.backups })}`) : null,
      s.escape ? h("small", null, ` · ${_("escape route")}`) : null));
  }
  return h("section", { class: "card action", id: "action" }, parts);
}

/**
 * A question as the page asks it: who rolls for what (the keys are the answers, so no word on typing).
 * @param {ShowdownTable} table
 * @param {any} asked
 */
function question(table, asked) {
  const dice = asked?.fields?.what !== undefined && !("victim" in asked.fields);
  return dice ? table.talk.words({ said: "{team}: {what}", fields: asked.fields }) : table.talk.pageQuestion(asked);
}

/**
 * The faces rolled at the table, tapped one by one (the roll is played at the last), or the
 * companion's own roll.
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 * @param {number} count
 */
function dicePad(ctx, table, count) {
  const _ = ctx._;
  const a = /** @type {import("../showdown/state.js").Fight} */ (table.engine.action);
  const side = /** @type {import("../showdown/state.js").Side} */ (a.sides.find((s) => !s.pool.rolled));
  const tapped = gatheredTaps(ctx, rollPad(side.team, count)); // kept through another phone's step
  const shown = h("output", { class: "chosen" }, "—");
  const show = () => { shown.textContent = tapped.length ? tapped.join(" ") : "—"; };
  show();
  const keys = [1, 2, 3, 4, 5, 6].map((face) => h("button", { type: "button", class: "key num die-key", "data-face": face,
    onclick: () => {
      tapped.push(face);
      show();
      if (tapped.length === count) {
        const line = `roll ${tapped.join(" ")}`;
        tapped.length = 0;
        show();
        void ctx.play(line);
      }
    } }, face));
  return h("div", { class: "composer", "data-roll": count },
    h("p", null, _("%(team)s: tap the %(n)s faces rolled", { team: side.team, n: count }), " · ", shown, " ",
      h("button", { type: "button", class: "small quiet", onclick: () => { tapped.length = 0; show(); } }, _("Clear"))),
    h("div", { class: "pad six" }, keys),
    tap(ctx, _("Roll virtual dice"), "roll", "main wide"));
}

/** The pad a side's faces are tapped on, by the side and how many dice it rolls. @param {string} team @param {number} count */
const rollPad = (team, count) => `roll ${count} ${team}`;

/**
 * Whether faces half tapped on `pad` can still make its roll: the same side rolls the same dice now.
 * @param {ShowdownTable} table
 * @param {string} pad
 * @param {number[]} taps
 */
function rollFits(table, pad, taps) {
  const a = table.engine.action;
  const roll = table.choices().find((c) => c.group === "roll" && c.form);
  const side = a?.sides.find((s) => !s.pool.rolled);
  return Boolean(roll?.form && side) && pad === rollPad(/** @type {any} */ (side).team, /** @type {any} */ (roll).form.count)
    && taps.length < /** @type {any} */ (roll).form.count;
}

/**
 * A team's turn with no action under way: the mafia cards it may attack, grouped by role (one
 * condition and stake a group), the teams it may attack, or pass.
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 * @param {import("../showdown/table.js").Choice[]} choices
 */
function turn(ctx, table, choices) {
  const _ = ctx._;
  const e = table.engine;
  const attacks = new Set(choices.filter((c) => c.group === "attack").map((c) => c.line));
  /** @type {Map<string, {card: any, buttons: HTMLElement[]}>} */
  const groups = new Map();
  for (const id of e.board) {
    const line = `attack ${id}`;
    if (!attacks.has(line)) continue; // e.g. its advance would put the team out of the game
    const card = table.book.card(id);
    if (!groups.has(card.role_id)) groups.set(card.role_id, { card, buttons: [] });
    const red = card.suit === "H" || card.suit === "D" || id === "JOKER-COLOR";
    /** @type {any} */ (groups.get(card.role_id)).buttons.push(tap(ctx, card.index, line, `index${red ? " red" : ""}`));
  }
  const teamsToAttack = e.alive().filter((t) => attacks.has(`attack ${t.name}`))
    .map((t) => tap(ctx, _("Attack team {team}", { team: t.name }), `attack ${t.name}`));
  const pass = choices.find((c) => c.group === "pass");
  return h("section", { class: "card", id: "turn" }, h("h2", null, _("%(team)s: choose an action", { team: e.current.name })),
    h("div", { class: "buttons" }, teamsToAttack, pass ? tap(ctx, _("Pass"), pass.line) : null),
    [...groups.values()].map(({ card, buttons }) => h("div", { class: "attack-group" },
      h("p", null, h("b", null, card.title[table.lang]), " ", h("small", null, conditionText(card.role.condition, table.lang)),
        h("br"), h("small", null, table.talk.stakes(card.role, e.rewarded.has(card.id)).join(" · "))),
      h("div", { class: "row" }, buttons))));
}

/**
 * After the roll, each side holding a backup plan: its dice, each to keep or to roll again.
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 */
function rerolls(ctx, table) {
  const _ = ctx._;
  const a = table.engine.action;
  if (a === null || a.question !== null || a.stage !== "after") return [];
  return a.sides.filter((s) => s.backups).map((s) => {
    const faces = s.pool.faces ?? [];
    const picks = faces.map((f, i) => h("select", { name: "die", "aria-label": _("Die %(n)s", { n: i + 1 }) },
      h("option", { value: "" }, _("keep %(face)s", { face: f })), h("option", { value: f }, _("roll %(face)s again", { face: f }))));
    return h("section", { class: "card" }, h("h2", null, _("%(team)s: a backup plan (%(n)s left)", { team: s.team, n: s.backups })),
      lineForm(ctx, [h("div", { class: "row" }, picks)], _("Roll them again"), (form) => {
        const chosen = new FormData(form).getAll("die").map(String).filter(Boolean);
        return chosen.length ? `reroll ${s.team} ${chosen.join(" ")}` : null;
      }, _("Choose at least one die to roll again.")));
  });
}

/**
 * Every team: name, faction, money, actions this week, cards held (used this week marked), and what a
 * penalty still does to it; a team out of the game said so in words.
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 */
function teams(ctx, table) {
  const _ = ctx._;
  const e = table.engine;
  const rows = e.order.map((name) => {
    const t = e.teams[name];
    const pending = table.talk.pending(t);
    const acting = !e.over && e.current.name === name;
    return h("div", { class: `team${acting ? " acting" : ""}${t.out ? " out" : ""}`, "data-team": name },
      h("p", null, h("b", null, t.name), t.out ? [" ", h("b", { class: "badge dead-badge" }, _("out"))] : null, " ",
        h("small", null, e.faction(t).name[table.lang]), " ", h("span", { class: "money" }, table.talk.money(t.money))),
      h("p", null, h("small", null, _("actions %(acted)s/%(actions)s", { acted: t.acted, actions: e.weekData().actions })), " ",
        t.cards.flatMap((c) => [" ", cardChip(table, c)])),
      pending.length ? h("p", { class: "pending" }, pending.flatMap((p, i) => [i ? " " : null, h("span", { class: "penalty" }, p)])) : null);
  });
  return h("section", { class: "card" }, h("h2", null, _("Teams")), rows);
}

/**
 * A team's money or who holds a card, put right by hand, folded away under "Corrections".
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 */
function corrections(ctx, table) {
  const _ = ctx._;
  return fold({ class: "card corrections" }, _("Corrections"), () => {
    const e = table.engine;
    const names = e.alive().map((t) => h("option", { value: t.name }, t.name));
    const attacked = e.action !== null && e.action.kind === "mafia" ? e.action.target : null;
    const cards = table.book.deck().filter((c) => c.role.category !== "faction" && c.id !== attacked);
    const money = lineForm(ctx, [
      h("h2", null, _("A team's money")),
      h("label", null, _("Team"), " ", h("select", { name: "team" }, names)),
      h("div", { class: "row" },
        h("select", { name: "sign", "aria-label": _("Add or take away") }, h("option", { value: "+" }, "+"), h("option", { value: "-" }, "−")),
        h("input", { name: "amount", type: "number", min: 1, step: 1, inputmode: "numeric", "aria-label": _("Amount"), placeholder: _("Amount") })),
      h("label", null, _("Why"), " ", h("input", { name: "why", maxlength: 60, placeholder: _("e.g. a payment forgotten") })),
    ], _("Correct the money"), (form) => {
      const given = new FormData(form);
      const amount = String(given.get("amount")).trim();
      const why = String(given.get("why")).trim();
      return /^[1-9][0-9]*$/.test(amount) && why ? `adjust ${given.get("team")} ${given.get("sign")}${amount} ${why}` : null;
    }, _("Give an amount and why."));
    const holder = lineForm(ctx, [
      h("h2", null, _("Who holds a card")),
      h("label", null, _("Card"), " ", h("select", { name: "card" }, cards.map((c) => h("option", { value: c.id }, `${c.id} ${c.title[table.lang]}`)))),
      h("label", null, _("Now held by"), " ", h("select", { name: "to" }, e.alive().map((t) => h("option", { value: t.name }, t.name)),
        h("option", { value: "board" }, _("the board")))),
    ], _("Move the card"), (form) => {
      const given = new FormData(form);
      return `give ${given.get("card")} ${given.get("to")}`;
    });
    return [money, holder];
  });
}

/**
 * Each team's money in and out, and every booking, the latest first.
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 */
function ledger(ctx, table) {
  const _ = ctx._;
  return fold({ class: "card" }, _("Ledger"), () => ledgerTables(ctx, table));
}

/**
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 */
function ledgerTables(ctx, table) {
  const _ = ctx._;
  const e = table.engine;
  const talk = table.talk;
  const totals = e.order.map((name) => {
    const amounts = e.ledger.filter((b) => b.team === name).map((b) => b.amount);
    const gained = amounts.filter((a) => a > 0).reduce((x, y) => x + y, 0);
    const spent = -amounts.filter((a) => a < 0).reduce((x, y) => x + y, 0);
    return h("tr", null, h("td", null, name), h("td", { class: "num" }, talk.money(gained)), h("td", { class: "num" }, talk.money(spent)),
      h("td", { class: "num" }, h("b", null, talk.money(e.teams[name].money))));
  });
  const entries = e.ledger.slice().reverse().map((b) => h("li", null,
    h("span", { class: "when" }, _("W%(week)s", { week: b.week })), " ", h("b", { class: "who" }, b.team), " ",
    h("span", { class: `num ${b.amount >= 0 ? "gain" : "loss"}` }, `${b.amount >= 0 ? "+" : "−"}${talk.money(Math.abs(b.amount))}`), " ",
    h("span", { class: "num balance" }, `→ ${talk.money(b.balance)}`), " ", h("small", { class: "why" }, talk.words(b.reason))));
  return [
    h("table", { class: "ledger totals" }, h("tr", null, h("th", null, _("Team")), h("th", { class: "num" }, _("In")),
      h("th", { class: "num" }, _("Out")), h("th", { class: "num" }, _("Now"))), totals),
    h("ol", { class: "entries" }, entries)];
}

/**
 * The showdown's bonuses and its verdict.
 * @param {ShowdownTable} table
 */
function showdownLines(table) {
  const e = table.engine;
  const sd = /** @type {any} */ (e.showdown);
  const awards = sd.bonuses.map((/** @type {any} */ award) => {
    const bonus = table.book.data.showdown.bonuses.find((b) => b.id === award.bonus);
    return `${bonus?.name[table.lang]}: ${award.team} +${table.talk.money(award.amount)}`;
  });
  return [...awards, table.talk.verdict(sd.winners)];
}

/**
 * @param {Ctx} ctx
 * @param {any} data
 */
function options(ctx, data) {
  const _ = ctx._;
  const lang = ctx.lang === "ja" ? "ja" : "en";
  const factions = Object.entries(data.factions);
  const rows = Array.from({ length: data.rules.players_max }, (_unused, i) => h("div", { class: "row team-row" },
    h("input", { name: "team_name", "aria-label": _("Team name"), placeholder: `${_("Team name")} ${i + 1}`, autocomplete: "off", maxlength: 20 }),
    h("select", { name: "team_faction", "aria-label": _("Faction") }, factions.map(([id, f], n) => h("option",
      { value: id, selected: n === i }, /** @type {any} */ (f).name[lang])))));
  // a change of any team clears the last refusal, which would otherwise keep the form from being sent
  /** @param {Event} event */
  const allowAgain = (event) => {
    const first = /** @type {HTMLElement} */ (event.currentTarget).querySelector("input[name=team_name]");
    /** @type {HTMLInputElement} */ (first).setCustomValidity("");
  };
  return {
    fields: [h("fieldset", { oninput: allowAgain, onchange: allowAgain }, h("legend", null, _("Teams, in turn order ({min}–{max})",
      { min: data.rules.players_min, max: data.rules.players_max })), rows)],
    /** @param {HTMLFormElement} form */
    read(form) {
      const fields = new FormData(form);
      const names = fields.getAll("team_name").map((n) => String(n).trim());
      const chosen = fields.getAll("team_faction").map(String);
      const teams = names.map((name, i) => ({ name, faction: chosen[i] })).filter((t) => t.name);
      const first = /** @type {HTMLInputElement} */ (form.querySelector("input[name=team_name]"));
      let problem = "";
      if (teams.length < data.rules.players_min) {
        problem = _("Name at least {n} teams, one a row.", { n: data.rules.players_min });
      } else if (new Set(teams.map((t) => t.faction)).size < teams.length
        || new Set(teams.map((t) => t.name.toLowerCase())).size < teams.length) {
        problem = _("Each team needs its own name and its own faction.");
      }
      first.setCustomValidity(problem);
      if (problem) {
        first.reportValidity();
        return null;
      }
      return { teams };
    },
  };
}

/** @param {Ctx} ctx */
function help(ctx) {
  const _ = ctx._;
  return [
    _("On a team's turn, tap the mafia card it attacks (grouped by what it takes to succeed), another team, or Pass."),
    _("The attacking team buys and uses its cards, then rolls: tap the faces rolled at the table one by one, or let the app roll. The verdict shows as the dice stand; a backup plan rerolls the dice you choose. Settle the action when the table is done."),
    _("A penalty or a theft is asked one roll at a time: each roll's result leads the page at once. Money, cards held and each team's pending penalties are under Teams; every payment is in the Ledger."),
  ];
}

/**
 * The end: the showdown's ranking by money, the teams out last and said so.
 * @param {Ctx} ctx
 * @param {ShowdownTable} table
 */
function ending(ctx, table) {
  const _ = ctx._;
  const outcome = table.outcome();
  if (!outcome) return null;
  const e = table.engine;
  return {
    rows: outcome.ranking.map(/** @param {{place: number, who: string, score: number}} p */ (p) => ({
      place: p.place, who: p.who, score: table.talk.money(p.score), won: outcome.winners.includes(p.who),
      mark: e.teams[p.who]?.out ? _("out") : "" })),
    how: _("The most money wins the showdown; a team out of the game ranks last."),
    figures: e.showdown ? showdownLines(table) : [],
  };
}

/** @type {import("./games.js").GameUI} */
export const ui = {
  id: "hitmans-showdown",
  newTable: (data, options, words, seed) => /** @type {any} */ (newTable(data, /** @type {any} */ (options), words, seed)),
  step,
  options,
  board,
  help,
  ending,
  rematch: (saved) => ({ options: saved.options, entries: [] }),
};
