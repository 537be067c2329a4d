// Hitman's Showdown at the table: teams, the money ledger, weeks and turns, the action under way and the
// showdown, as companion/showdown/engine.py plays them. Pure rules over the card data (data/hitmans-showdown.json):
// no words, no input. Every verb returns typed events (`{type: ClassName, ...fields}`, as the Python's
// events.py records) or throws RuleError. Chance enters as faces: typed by the players, or rolled by the
// seeded generator when they ask for it, so replaying the same lines rebuilds the same game.

import { isWhole } from "../lib/numbers.js";
import { Joined, Said } from "../lib/speech.js";
import { casefold, pySplit, pyStrip } from "../lib/pystr.js";
import { Rulebook, findCard, findItem, itemDoing, text } from "./cards.js";
import { evaluate, kindOf } from "./conditions.js";
import { DiceError, TableRandom, parseFaces, roll } from "./dice.js";
import { AGAINST } from "./ops.js";
import { Pool, PoolError, note } from "./pool.js";
import { settle } from "./settle.js";
import { Attacked, Fight, RuleError, Side, Stage, Team } from "./state.js";
import { applyUse, parseReroll, parseUse } from "./uses.js";

/**
 * @typedef {{type: string} & Record<string, unknown>} GameEvent an event as the Python's record: its class's name, its fields
 * @typedef {{type: "Dice", team: string, count: number, faces: number[] | null, bonus: number, backups: number,
 *            escape: boolean}} Dice one side's dice as they stand (`faces` null before the roll)
 * @typedef {import("./state.js").Booking} Booking
 * @typedef {{bonuses: {bonus: string, team: string, amount: number}[], money: Record<string, number>,
 *            winners: string[]}} ShowdownResult
 */

export const MAX_PURCHASE = 99; // items in one purchase: more than any table buys, and a bound on what a line can build
// A team's money after a correction: far beyond any table's, and far enough below the largest whole number
// these numbers hold exactly (lib/numbers.js) that no game's rewards carry it past.
export const MAX_MONEY = 10 ** 12;

// The companion's rulings, by version: a game keeps the version it was started under (saved with its
// options as "rules"; none saved: 1), so a later ruling never changes what a saved line did.
//   1  the first rulings
//   2  a purchase that can have no effect is refused; a penalty answer gives exactly the faces asked
//   3  a use that can have no effect is refused; no robbery roll is asked of a victim left with nothing
export const RULES_VERSION = 3;

const STAGE_HINTS = /** @type {Record<string, string>} */ ({
  defend: "the defender is preparing: buy, use, then ready",
  roll: "roll the dice first",
  after: "the dice are rolled: use cards, reroll, or done",
  settle: "answer the question first",
});

const REFUSED = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u;
const SURROGATE = /\p{Cs}/u;

/** @param {string} character */
const shown = (character) => `U+${/** @type {number} */ (character.codePointAt(0)).toString(16).toUpperCase().padStart(4, "0")}`;

/**
 * Teams as [name, faction id]: as many as the rules allow, each with its own name and faction.
 * @param {import("./cards.js").ShowdownData["rules"]} rules
 * @param {[string, string][]} teams
 */
export function checkTeams(rules, teams) {
  if (!(rules.players_min <= teams.length && teams.length <= rules.players_max)) {
    throw new RuleError("name {min}-{max} teams with --team NAME=FACTION (not {n})",
      { min: rules.players_min, max: rules.players_max, n: teams.length });
  }
  if (new Set(teams.map(([, f]) => f)).size !== teams.length
      || new Set(teams.map(([n]) => casefold(n))).size !== teams.length) {
    throw new RuleError("each team needs its own name and its own faction");
  }
  for (const [name] of teams) {
    const stray = [...name].find((c) => REFUSED.test(c));
    if (stray && SURROGATE.test(stray)) { // bytes from a command line in another encoding
      throw new RuleError("a team's name is not UTF-8 text ({character})", { character: shown(stray) });
    }
    if (stray) { // the name is shown at every terminal that resumes the game
      throw new RuleError("a team's name cannot hold a control character or line break ({character})",
        { character: shown(stray) });
    }
  }
}

/** @param {number[]} faces */
const sum = (faces) => faces.reduce((a, b) => a + b, 0);

/** A game's state and the rules' verbs (the protocol is match.js's Match). */
export class Game {
  /**
   * @param {Rulebook} rulebook
   * @param {[string, string][]} teams
   * @param {number} seed
   * @param {number} [rulesVersion]
   */
  constructor(rulebook, teams, seed, rulesVersion = RULES_VERSION) {
    const rules = rulebook.rules;
    checkTeams(rules, teams);
    this.rulesVersion = rulesVersion;
    this.rulebook = rulebook;
    this.rng = new TableRandom(seed);
    /** @type {Record<string, Team>} by name, in seat order */
    this.teams = Object.fromEntries(teams.map(([name, faction]) => [name, new Team(name, faction, rules.starting_money)]));
    this.order = teams.map(([name]) => name);
    this.turn = 0;
    this.week = rulebook.data.weeks[0].week;
    this.board = rulebook.deck().filter((c) => c.role.category === "mafia").map((c) => c.id);
    /** @type {Set<string>} */
    this.rewarded = new Set();
    /** @type {Map<string, number>} card id → uses this week */
    this.uses = new Map();
    /** @type {Fight | null} */
    this.action = null;
    this.over = false;
    /** @type {ShowdownResult | null} */
    this.showdown = null;
    /** @type {readonly Booking[]} */
    this.ledger = this.order.map((n) => ({ week: this.week, team: n, amount: rules.starting_money,
      balance: rules.starting_money, reason: new Said("starting money") }));
  }

  /** An independent copy of the state (the card data is shared): what the protocol tries an action on. */
  clone() {
    const twin = /** @type {Game} */ (Object.assign(Object.create(Game.prototype), this));
    twin.rng = this.rng.fork();
    twin.teams = Object.fromEntries(Object.entries(this.teams).map(([name, t]) => [name, t.copy()]));
    twin.board = [...this.board];
    twin.rewarded = new Set(this.rewarded);
    twin.uses = new Map(this.uses);
    // the ledger is shared: a booking makes a new one
    if (this.showdown !== null) twin.showdown = structuredClone(this.showdown);
    if (this.action !== null) twin.action = this.action.copy();
    return twin;
  }

  // ---- reading the state ----

  /** @param {string} cardId */
  cardName(cardId) {
    const card = this.rulebook.card(cardId);
    return new Said("{id} {title}", { id: card.id, title: card.title });
  }

  /** @param {number} amount */
  amount(amount) {
    return this.rulebook.amount(amount);
  }

  get current() {
    return this.teams[this.order[this.turn]];
  }

  alive() {
    return this.order.map((n) => this.teams[n]).filter((t) => !t.out);
  }

  /** @param {string} typed */
  findTeam(typed) {
    const wanted = casefold(typed);
    return Object.values(this.teams).find((team) => casefold(team.name) === wanted) ?? null;
  }

  /** @param {string} typed */
  team(typed) {
    const team = this.findTeam(typed);
    if (team !== null) return team;
    throw new RuleError("no team {text!r}; teams: {teams}", { text: typed, teams: [...this.order] });
  }

  /** @param {string} cardId */
  holder(cardId) {
    return Object.values(this.teams).find((t) => t.cards.includes(cardId)) ?? null;
  }

  /** @param {Team} team */
  faction(team) {
    return this.rulebook.factions[team.faction];
  }

  /** @param {number | null} [week] */
  weekData(week = null) {
    return this.rulebook.data.weeks[(week || this.week) - 1];
  }

  /** @param {string} event */
  firstWeekWith(event) {
    return this.rulebook.data.weeks.find((w) => w.events.includes(event))?.week ?? 0;
  }

  /**
   * @param {Side} side
   * @returns {Dice}
   */
  dice(side) {
    const pool = side.pool;
    return { type: "Dice", team: side.team, count: pool.count, faces: pool.faces === null ? null : [...pool.faces],
      bonus: pool.bonus, backups: side.backups, escape: side.escape };
  }

  /** Whether a mafia attack's rolled dice meet its card's condition now. */
  verdict() {
    const action = this.action;
    if (action === null || action.kind !== "mafia" || !action.attacker.pool.rolled) return null;
    const pool = action.attacker.pool;
    const condition = /** @type {{any: {all: {kind: string}[]}[]}} */ (this.rulebook.card(action.target).role.condition);
    return evaluate(condition.any.map((a) => a.all), /** @type {number[]} */ (pool.faces), pool.bonus);
  }

  /** Whether the action's attacker would win if it were settled now (null before its roll). */
  attackerWins() {
    const action = this.action;
    if (action === null || !action.sides.every((s) => s.pool.rolled)) return null;
    if (action.kind === "mafia") return /** @type {import("./conditions.js").Verdict} */ (this.verdict()).success;
    const [a, d] = action.sides;
    const tiesToAttacker = this.rulebook.data.hitman_attack.ties === "attacker";
    return a.pool.total > d.pool.total || (a.pool.total === d.pool.total && tiesToAttacker);
  }

  /** @returns {GameEvent} */
  standing() {
    const action = /** @type {Fight} */ (this.action);
    return { type: "Standing", sides: action.sides.filter((s) => s.pool.rolled).map((s) => this.dice(s)),
      verdict: this.verdict() };
  }

  /** @param {Fight} action */
  cardsToSteal(action) {
    const victim = this.teams[action.target];
    const stealable = victim.cards.filter((c) => this.rulebook.card(c).role.stealable);
    const wanted = this.rulebook.data.hitman_attack.cards_taken
      + this.faction(victim).twists.extra_cards_lost_on_failed_defence;
    return Math.min(wanted, stealable.length);
  }

  /**
   * What the next of `item` costs `side` (after `more` bought in the same purchase): the first of the
   * turn at its price, the further ones at theirs.
   * @param {Side} side
   * @param {import("./cards.js").PrepItem} item
   * @param {number} [more]
   */
  price(side, item, more = 0) {
    return (side.bought.get(item.id) ?? 0) + more === 0 || item.price_further === null ? item.price : item.price_further;
  }

  // ---- money ----

  /**
   * @param {string} name
   * @param {number} amount
   * @param {unknown} reason
   * @returns {GameEvent[]}
   */
  book(name, amount, reason) {
    const team = this.teams[name];
    const paid = Math.max(amount, -team.money); // money never goes below zero
    team.money += paid;
    this.ledger = [...this.ledger, { week: this.week, team: name, amount: paid, balance: team.money, reason }];
    if (!amount) return [];
    /** @type {GameEvent[]} */
    const out = [{ type: "Booked", team: name, amount: paid, balance: team.money, reason }];
    if (!team.out && team.money <= this.rulebook.rules.eliminated_at) {
      team.out = true;
      out.push({ type: "TeamOut", team: name });
    }
    return out;
  }

  /** @param {Team} team @param {number} price @param {unknown} what */
  afford(team, price, what) {
    if (team.money - price <= this.rulebook.rules.eliminated_at) {
      throw new RuleError("{team} cannot pay {price} for {what}: {held} held, and reaching {out} means leaving the game",
        { team: team.name, price: this.amount(price), what, held: this.amount(team.money),
          out: this.amount(this.rulebook.rules.eliminated_at) });
    }
  }

  // ---- corrections ----

  /**
   * @param {string} name
   * @param {number} amount
   * @param {string} reason
   * @returns {GameEvent[]}
   */
  adjust(name, amount, reason) {
    const team = this.team(name);
    if (team.out) throw new RuleError("{team} is out of the game", { team: team.name });
    if (this.action !== null && team.money + amount <= this.rulebook.rules.eliminated_at) {
      throw new RuleError("a correction that puts a team out must wait until the action is settled");
    }
    if (team.money + amount > MAX_MONEY) {
      throw new RuleError("a correction cannot take a team's money above {most}", { most: this.amount(MAX_MONEY) });
    }
    const out = this.book(team.name, amount, new Said("correction: {why}", { why: reason }));
    if (this.alive().length < 2) return [...out, ...this.finish("one_left")];
    if (this.current.out && this.action === null) return [...out, ...this.endTurn()];
    return out;
  }

  /**
   * Manual correction: move a card to a team or back to the board.
   * @param {string} cardText
   * @param {string} to
   * @returns {GameEvent[]}
   */
  give(cardText, to) {
    const card = findCard(this.rulebook, cardText);
    if (card.role.category === "faction") throw new RuleError("faction cards stay with their team");
    if (this.action !== null && this.action.kind === "mafia" && this.action.target === card.id) {
      throw new RuleError("{card} is under attack: finish the attack (or undo it) before moving the card",
        { card: this.cardName(card.id) });
    }
    const receiver = casefold(to) === "board" ? null : this.team(to);
    const holder = this.holder(card.id);
    if (holder) holder.cards.splice(holder.cards.indexOf(card.id), 1);
    else if (this.board.includes(card.id)) this.board.splice(this.board.indexOf(card.id), 1);
    if (receiver === null) {
      if (card.role.category === "mafia") this.board.push(card.id);
      return [{ type: "CardGiven", card: card.id, to: null }];
    }
    receiver.cards.push(card.id);
    return [{ type: "CardGiven", card: card.id, to: receiver.name }];
  }

  // ---- turns and weeks ----

  needTurn() {
    if (this.over) throw new RuleError("the game is over");
    if (this.action !== null) {
      throw new RuleError("finish the current action first ({hint}), or undo to take it back",
        { hint: this.stageHint(this.action.stage) });
    }
  }

  /** @returns {GameEvent[]} */
  passTurn() {
    this.needTurn();
    return [{ type: "Passed", team: this.current.name }, ...this.endTurn()];
  }

  /** @returns {GameEvent[]} */
  endTurn() {
    this.action = null;
    this.current.acted += 1;
    return this.advance();
  }

  /** @returns {GameEvent[]} */
  advance() {
    /** @type {GameEvent[]} */
    const out = [];
    if (this.alive().length < 2) return [...out, ...this.finish("one_left")];
    for (;;) {
      const next = this.nextSeat();
      if (next === null) {
        out.push(...this.newWeek());
        if (this.over) return out;
        continue;
      }
      this.turn = next;
      const team = this.current;
      if (team.skip) {
        team.skip = false;
        team.acted += 1;
        out.push({ type: "SkippedTurn", team: team.name });
        continue;
      }
      return out;
    }
  }

  nextSeat() {
    const limit = this.weekData().actions;
    const n = this.order.length;
    // Seats take turns in order; the first seat that still owes an action this week goes next.
    const start = (this.turn + 1) % n;
    for (let i = 0; i < n; i++) {
      const seat = (start + i) % n;
      const team = this.teams[this.order[seat]];
      if (!team.out && team.acted < limit) return seat;
    }
    return null;
  }

  /** @returns {GameEvent[]} */
  newWeek() {
    this.week += 1;
    this.uses.clear();
    for (const team of Object.values(this.teams)) {
      team.acted = 0;
      team.barred = new Set();
    }
    const data = this.weekData();
    /** @type {GameEvent[]} */
    const out = [{ type: "WeekBegan", week: this.week, text: text(data.text) }];
    if (data.events.includes("deal_scouts")) {
      for (const team of this.alive()) {
        const scout = this.scoutOf(team);
        team.cards.push(scout);
        out.push({ type: "ScoutDealt", team: team.name, card: scout });
      }
    }
    if (data.events.includes("showdown") || data.actions === 0) out.push(...this.finish("showdown"));
    else this.turn = this.order.length - 1; // the next seat found is the first one
    return out;
  }

  /** @param {Team} team */
  scoutOf(team) {
    const deck = this.rulebook.deck();
    const suit = /** @type {import("./cards.js").CardView} */ (deck.find((c) => c.faction_id === team.faction)).suit;
    return /** @type {import("./cards.js").CardView} */ (deck.find((c) => c.role.category === "scout" && c.suit === suit)).id;
  }

  // ---- the showdown ----

  /**
   * @param {"showdown" | "one_left"} why
   * @returns {GameEvent[]}
   */
  finish(why) {
    this.over = true;
    this.action = null;
    /** @type {GameEvent[]} */
    const out = [{ type: "GameEnded", why }];
    const awards = [];
    for (const bonus of this.rulebook.data.showdown.bonuses) {
      for (const team of this.bonusWinners(bonus)) {
        out.push(...this.book(team.name, bonus.amount, text(bonus.name)));
        awards.push({ bonus: bonus.id, team: team.name, amount: bonus.amount });
      }
    }
    const alive = this.alive();
    const top = alive.length ? Math.max(...alive.map((t) => t.money)) : 0;
    const winners = alive.filter((t) => t.money === top).map((t) => t.name);
    this.showdown = { bonuses: awards, money: Object.fromEntries(Object.values(this.teams).map((t) => [t.name, t.money])),
      winners };
    const standing = [...alive].sort((a, b) => b.money - a.money).map((t) => [t.name, t.money]);
    return [...out, { type: "FinalMoney", standing }, { type: "Won", winners: [...winners] }];
  }

  /** @param {import("./cards.js").Bonus} bonus */
  bonusWinners(bonus) {
    const who = bonus.who;
    if (who.kind === "holds_role") {
      return this.alive().filter((t) => t.cards.some((c) => this.rulebook.card(c).role_id === who.role));
    }
    /** @type {Map<string, number>} */
    const counts = new Map(this.alive().map((t) => [t.name, t.cards.filter((c) => {
      const role = this.rulebook.card(c).role;
      return role.organisation === who.organisation && role.category === "mafia";
    }).length]));
    const best = counts.size ? Math.max(...counts.values()) : 0;
    const tied = [...counts].filter(([, k]) => k === best && best > 0).map(([n]) => this.teams[n]);
    return tied.length === 1 || who.ties === "all_tied" ? tied : [];
  }

  // ---- starting an action ----

  /**
   * @param {string} target
   * @returns {GameEvent[]}
   */
  attack(target) {
    this.needTurn();
    const actor = this.current;
    const defender = this.findTeam(target);
    if (defender !== null) return this.attackTeam(actor, defender);
    const card = findCard(this.rulebook, target);
    if (!this.board.includes(card.id)) {
      const holder = this.holder(card.id);
      const where = holder ? new Said("held by {team}", { team: holder.name }) : new Said("not on the board");
      throw new RuleError("{card} is {where}; attack a card on the board", { card: this.cardName(card.id), where });
    }
    /** @type {GameEvent[]} */
    const out = [];
    const advance = card.role.advance;
    if (advance) {
      const paid = this.rulebook.rules.advance === "paid";
      if (paid) this.afford(actor, advance, new Said("the advance on {id}", { id: card.id }));
      out.push(...this.book(actor.name, paid ? -advance : advance,
        new Said("advance for {card}", { card: this.cardName(card.id) })));
    }
    this.action = new Fight(Attacked.MAFIA, card.id, [this.side(actor, false)]);
    out.push({ type: "MafiaAttacked", team: actor.name, card: card.id, rewarded: this.rewarded.has(card.id) });
    return [...out, { type: "Prepared", team: actor.name, notes: [...this.action.attacker.pool.notes] }];
  }

  /**
   * @param {Team} actor
   * @param {Team} defender
   * @returns {GameEvent[]}
   */
  attackTeam(actor, defender) {
    const opens = this.firstWeekWith("open_hitman_attacks");
    if (this.week < opens) throw new RuleError("hitman teams can be attacked from week {week} on", { week: opens });
    if (defender === actor) throw new RuleError("a team cannot attack itself");
    if (defender.out) throw new RuleError("{team} cannot be attacked", { team: defender.name });
    if (actor.barred.has(defender.name)) {
      throw new RuleError("{team} may not attack {target} again until the week changes",
        { team: actor.name, target: defender.name });
    }
    this.action = new Fight(Attacked.HITMAN, defender.name, [this.side(actor, true), this.side(defender, false)]);
    return [{ type: "TeamAttacked", team: actor.name, target: defender.name },
      ...this.action.sides.map((s) => ({ type: "Prepared", team: s.team, notes: [...s.pool.notes] }))];
  }

  /**
   * @param {Team} team
   * @param {boolean} hitmanAttack
   */
  side(team, hitmanAttack) {
    const twists = this.faction(team).twists;
    const pool = new Pool(this.rulebook.rules.starting_dice);
    pool.notes.push(note("start", null, { n: pool.count }));
    const label = text(this.faction(team).name);
    if (twists.extra_dice) pool.moreDice(twists.extra_dice, label);
    if (hitmanAttack && twists.hitman_attack_extra_dice) pool.moreDice(twists.hitman_attack_extra_dice, label);
    if (hitmanAttack && twists.hitman_attack_total_bonus) pool.addToTotal(twists.hitman_attack_total_bonus, label);
    const lastPenalty = new Said("last penalty");
    if (team.nextDice) pool.moreDice(team.nextDice, lastPenalty);
    if (team.nextTotal) pool.addToTotal(team.nextTotal, lastPenalty);
    team.nextDice = 0;
    team.nextTotal = 0;
    return new Side(team.name, pool);
  }

  // ---- during an action ----

  /** @param {...string} stages */
  needAction(...stages) {
    if (this.action === null) throw new RuleError("no action under way; start one with attack (or pass)");
    if (!stages.includes(this.action.stage)) throw RuleError.from(this.stageHint(this.action.stage));
    return this.action;
  }

  /**
   * What the action under way waits for.
   * @param {string} stage
   */
  stageHint(stage) {
    if (stage === "prepare") {
      return new Said("still preparing: buy, use, then {next}",
        { next: /** @type {Fight} */ (this.action).kind === "hitman" ? "ready" : "roll" });
    }
    return new Said(STAGE_HINTS[stage]);
  }

  preparing() {
    const action = this.needAction("prepare", "defend");
    return action.sides[action.stage === "prepare" ? 0 : 1];
  }

  /**
   * @param {string} itemText
   * @param {number} [times]
   * @returns {GameEvent[]}
   */
  buy(itemText, times = 1) {
    const side = this.preparing();
    const action = /** @type {Fight} */ (this.action);
    const item = findItem(this.rulebook, itemText);
    if (!(times >= 1 && times <= MAX_PURCHASE)) { // checked before anything is priced or built
      throw new RuleError("buy 1 to {max} at a time", { max: MAX_PURCHASE });
    }
    if (item.hitman_attack_only && action.kind !== "hitman") {
      throw new RuleError("{item} is for hitman attacks only", { item: text(item.name) });
    }
    if (this.rulesVersion >= 2) this.refuseUseless(item, side);
    const have = side.bought.get(item.id) ?? 0;
    if (item.max_per_turn !== null && have + times > item.max_per_turn) {
      throw new RuleError("at most {max} {item} per turn ({have} bought already)",
        { max: item.max_per_turn, item: text(item.name), have });
    }
    const prices = Array.from({ length: times }, (_, n) => this.price(side, item, n));
    const team = this.teams[side.team];
    this.afford(team, sum(prices), times > 1 ? new Joined([text(item.name), `×${times}`]) : text(item.name));
    /** @type {GameEvent[]} */
    const out = [];
    for (const price of prices) {
      side.bought.set(item.id, (side.bought.get(item.id) ?? 0) + 1);
      out.push(...this.book(team.name, -price, text(item.name)));
      out.push({ type: "DiceShown", dice: this.dice(this.itemEffect(item, side)) });
    }
    return out;
  }

  /**
   * An item whose only effect could not apply in this action is refused before it is paid for.
   * @param {import("./cards.js").PrepItem} item
   * @param {Side} side
   */
  refuseUseless(item, side) {
    if (!item.ops.some((op) => op.kind === "cancel_penalty")) return;
    const action = /** @type {Fight} */ (this.action);
    const name = text(item.name);
    if (side !== action.attacker) {
      throw new RuleError("{item} would do nothing: only the attacking team rolls a penalty", { item: name });
    }
    if (side.escape) {
      throw new RuleError("{item} would do nothing: one already cancels this action's penalty", { item: name });
    }
    if (action.kind === "mafia" && !this.rulebook.card(action.target).role.penalty) {
      throw new RuleError("{item} would do nothing: {card} carries no penalty",
        { item: name, card: this.cardName(action.target) });
    }
  }

  /**
   * Apply a bought item; the side whose dice it changed.
   * @param {import("./cards.js").PrepItem} item
   * @param {Side} side
   */
  itemEffect(item, side) {
    const name = text(item.name);
    for (const op of item.ops) {
      if (op.kind === "add_dice") {
        side.pool.moreDice(op.count, name);
      } else if (op.kind === "reroll") {
        side.backups += 1;
      } else if (op.kind === "cancel_penalty") {
        side.escape = true;
      } else if (op.kind === "opponent_total_minus") {
        const other = /** @type {Side} */ (/** @type {Fight} */ (this.action).other(side));
        other.pool.addToTotal(-op.value, name);
        return other;
      }
    }
    return side;
  }

  /** @returns {GameEvent[]} */
  ready() {
    const action = this.needAction("prepare", "defend");
    if (action.kind !== "hitman") throw new RuleError("ready is for hitman attacks; roll when you are prepared");
    if (action.stage === "prepare") {
      action.stage = Stage.DEFEND;
      return [{ type: "DefenderPrepares", team: action.sides[1].team }];
    }
    action.stage = Stage.ROLL;
    return [{ type: "ToRoll", team: action.attacker.team, count: action.attacker.pool.count }];
  }

  /**
   * @param {number[] | null} faces
   * @returns {GameEvent[]}
   */
  rollAction(faces) {
    const action = this.needAction("prepare", "defend", "roll");
    if (action.kind === "hitman" && action.stage !== "roll") throw new RuleError("both sides prepare first: type ready");
    const side = /** @type {Side} */ (action.sides.find((s) => !s.pool.rolled));
    const rolled = faces !== null ? faces : roll(this.rng, side.pool.count);
    try {
      side.pool.setRoll(rolled);
    } catch (e) {
      if (e instanceof PoolError) throw new RuleError("{team}: {error}", { team: side.team, error: e });
      throw e;
    }
    /** @type {GameEvent[]} */
    const out = [{ type: "Rolled", team: side.team, faces: [...rolled], companion: faces === null, total: side.pool.total }];
    const next = action.sides.find((s) => !s.pool.rolled);
    if (next) return [...out, { type: "ToRoll", team: next.team, count: next.pool.count }];
    action.stage = Stage.AFTER;
    return [...out, this.standing()];
  }

  /**
   * @param {string[]} tokens
   * @returns {GameEvent[]}
   */
  use(tokens) {
    const action = this.needAction("prepare", "defend", "roll", "after");
    const use = parseUse(tokens, (typed) => findCard(this.rulebook, typed), this.week);
    const owner = this.holder(use.cards[0].id);
    for (const card of use.cards) {
      if (this.holder(card.id) === null) {
        throw new RuleError("{card} is not held by any team", { card: this.cardName(card.id) });
      }
    }
    if (use.cards.some((c) => this.holder(c.id) !== owner)) {
      throw new RuleError("two cards used at once must be held by the same team");
    }
    const holder = /** @type {Team} */ (owner);
    const side = action.side(holder.name);
    if (side === null) throw new RuleError("{team} takes no part in this action", { team: holder.name });
    const effect = /** @type {import("./cards.js").Effect} */ (use.cards[0].role.effect);
    if (effect.when === "attacking" && side !== action.attacker) {
      throw new RuleError("{label} works only when attacking", { label: use.label });
    }
    for (const card of use.cards) {
      if (effect.uses_per_turn !== null && side.used.filter((c) => c === card.id).length >= effect.uses_per_turn) {
        throw new RuleError("{id} was already used this turn", { id: card.id });
      }
      const used = this.uses.get(card.id) ?? 0;
      if (effect.uses_per_week !== null && used >= effect.uses_per_week) {
        throw new RuleError("{id} has been used {n} time(s) this week (limit {limit})",
          { id: card.id, n: used, limit: effect.uses_per_week });
      }
    }
    const opponent = action.other(side);
    if (this.rulesVersion >= 3 && opponent === null && use.ops.every((op) => AGAINST.has(kindOf(op)))) {
      throw new RuleError("{label} would do nothing: it acts on the opposing dice, and a mafia attack has none",
        { label: use.label });
    }
    const before = [side.pool.notes.length, opponent ? opponent.pool.notes.length : 0];
    // An EffectError may leave the pools half-changed: the whole action is tried on a copy.
    applyUse(use, side.pool, opponent ? opponent.pool : null, this.rng);
    for (const card of use.cards) {
      side.used.push(card.id);
      this.uses.set(card.id, (this.uses.get(card.id) ?? 0) + 1);
    }
    /** @type {GameEvent[]} */
    const out = [];
    /** @type {Side[]} */
    const touched = [];
    for (const [who, start] of /** @type {[Side | null, number][]} */ ([[side, before[0]], [opponent, before[1]]])) {
      if (who !== null && who.pool.notes.length > start) {
        out.push(...who.pool.notes.slice(start).map((n) => ({ type: "Noted", team: who.team, note: n })));
        touched.push(who);
      }
    }
    if (touched.some((s) => s.pool.rolled)) return [...out, this.standing()];
    return [...out, ...touched.map((s) => ({ type: "DiceShown", dice: this.dice(s) }))];
  }

  /**
   * @param {string[]} tokens
   * @returns {GameEvent[]}
   */
  reroll(tokens) {
    const action = this.needAction("after");
    /** @type {Side | null} */
    let side = null;
    if (tokens.length && !isWhole(/** @type {string} */ (Array.from(tokens[0])[0]))) {
      side = action.side(this.team(tokens[0]).name);
      tokens = tokens.slice(1);
    }
    if (side === null) {
      const holding = action.sides.filter((s) => s.backups);
      if (holding.length > 1) throw new RuleError("both sides hold a backup plan: reroll TEAM FACES");
      side = holding.length ? holding[0] : action.attacker;
    }
    if (!side.backups) {
      throw new RuleError("{team} has no backup plan left (buy one while preparing)", { team: side.team });
    }
    const [old, next] = parseReroll(tokens, this.rng);
    side.pool.reroll(old, next, text(itemDoing(this.rulebook, "reroll").name));
    side.backups -= 1;
    return [{ type: "Noted", team: side.team, note: side.pool.notes[side.pool.notes.length - 1] }, this.standing()];
  }

  /** @returns {GameEvent[]} */
  double() {
    const action = this.needAction("prepare", "roll", "after");
    const team = this.teams[action.attacker.team];
    const allowed = this.faction(team).twists.reward_doublings;
    if (action.kind !== "mafia" || !allowed) throw new RuleError("doubling a reward is Blood Diamond's, on a mafia attack");
    if (team.doublingsUsed >= allowed) throw new RuleError("{team} has used all {n} doublings", { team: team.name, n: allowed });
    action.double = true;
    return [{ type: "DoubleSet", team: team.name, left: allowed - team.doublingsUsed - 1 }];
  }

  // ---- settling ----

  /** @returns {GameEvent[]} */
  done() {
    const action = this.needAction("after");
    action.stage = Stage.SETTLE;
    if (action.kind === "mafia") return this.settleMafia(action);
    const [a, d] = action.sides;
    const won = this.attackerWins();
    if (won) action.winner = a.team;
    else action.loser = a.team;
    return [{ type: "Duel", attacker: a.team, attacker_total: a.pool.total, defender: d.team,
      defender_total: d.pool.total, won }, ...settle(this)];
  }

  /**
   * @param {Fight} action
   * @returns {GameEvent[]}
   */
  settleMafia(action) {
    const card = this.rulebook.card(action.target);
    const side = action.attacker;
    const verdict = /** @type {import("./conditions.js").Verdict} */ (this.verdict());
    /** @type {GameEvent[]} */
    const out = [{ type: "Checked", team: side.team, card: card.id, verdict }];
    if (verdict.success) {
      const team = this.teams[side.team];
      this.board.splice(this.board.indexOf(card.id), 1);
      team.cards.push(card.id);
      out.push({ type: "Took", team: team.name, card: card.id });
      if (!this.rewarded.has(card.id)) {
        this.rewarded.add(card.id);
        const amount = /** @type {number} */ (card.role.reward) * (action.double ? 2 : 1);
        /** @type {Said | Joined} */
        let reason = new Said("reward for {card}", { card: this.cardName(card.id) });
        if (action.double) {
          team.doublingsUsed += 1;
          reason = new Joined([reason, new Said(" (doubled)")], "");
        }
        out.push(...this.book(team.name, amount, reason));
      }
      return [...out, ...this.endTurn()];
    }
    if (!card.role.penalty) return [...out, { type: "NoPenalty", card: card.id }, ...this.endTurn()];
    action.loser = side.team;
    return [...out, ...settle(this)];
  }

  /**
   * @param {string} line
   * @returns {GameEvent[]}
   */
  answer(line) {
    const action = /** @type {Fight} */ (this.action);
    const words = pySplit(line);
    if (action.winner && action.stolen.length < this.cardsToSteal(action)) {
      const card = findCard(this.rulebook, pyStrip(line));
      const victim = this.teams[action.target];
      if (!victim.cards.includes(card.id) || !card.role.stealable || action.stolen.includes(card.id)) {
        throw new RuleError("{id} is not a card {team} can lose", { id: card.id, team: victim.name });
      }
      action.stolen.push(card.id);
    } else if (words.length === 1 && words[0] === "roll") {
      action.answers.push(...roll(this.rng, this.rulesVersion >= 2 ? action.asked : 1));
    } else {
      let faces;
      try {
        faces = parseFaces(words);
      } catch (e) {
        if (e instanceof DiceError) throw new RuleError("{error}; {question}", { error: e, question: action.question });
        throw e;
      }
      if (this.rulesVersion >= 2 && faces.length > action.asked) {
        throw RuleError.ngettext("answer with {n} face; {question}", "answer with {n} faces; {question}", action.asked,
          { question: action.question });
      }
      action.answers.push(...faces);
    }
    action.question = null;
    return settle(this);
  }
}
