// Hitman's Showdown's data as the rules read it (tabletop/data/hitmans_showdown.py's look-ups: a card's
// view, the deck, a typed card id), and finding cards, factions and preparation items from what players
// type, in either language (companion/showdown/cards.py). Every value comes from data/hitmans-showdown.json.

import { WHITESPACE, casefold, pyStrip } from "../lib/pystr.js";
import { RuleError } from "./state.js";

/**
 * @typedef {{ja: string, en: string}} Text
 * @typedef {{type: "Text", ja: string, en: string}} TypedText a data text as the Python's events write it
 * @typedef {{kind: string, [field: string]: any}} Op an effect operation or a condition atom, by its kind
 * @typedef {{text: Text, when: "any" | "attacking" | "always", ops: Op[], uses_per_week: number | null,
 *            uses_per_turn: number | null, pair: {ops: Op[]} | null, upgrade: {week: number, ops: Op[]} | null}} Effect
 * @typedef {{organisation: string, category: "faction" | "scout" | "mafia", name: Text, flavor: Text,
 *            stealable: boolean, penalty: boolean, reward: number | null, advance: number | null,
 *            condition: {any: {all: Op[]}[]} | null, effect: Effect | null}} Role
 * @typedef {{extra_dice: number, hitman_attack_extra_dice: number, hitman_attack_total_bonus: number,
 *            extra_cards_lost_on_failed_defence: number, reward_doublings: number, penalty_rolls: number,
 *            mafia_loss_table: string, hitman_loss_table: string}} Twists
 * @typedef {{name: Text, ability: Text, flavor: Text, twists: Twists}} Faction
 * @typedef {{faces: number[], effect: string, text: Text, amount: number | null, dice: number | null,
 *            times: number | null, value: number | null}} PenaltyRow
 * @typedef {{name: Text, rows: PenaltyRow[]}} PenaltyTable
 * @typedef {{id: string, name: Text, text: Text, price: number, hitman_attack_only: boolean, ops: Op[],
 *            price_further: number | null, max_per_turn: number | null}} PrepItem
 * @typedef {{week: number, actions: number, events: string[], text: Text}} Week
 * @typedef {{id: string, name: Text, text: Text, amount: number,
 *            who: {kind: "holds_role", role: string} | {kind: "most_cards", organisation: string, ties: string}}} Bonus
 * @typedef {{game: string, title: Text, money: Text,
 *            rules: {players_min: number, players_max: number, starting_money: number, starting_dice: number,
 *                    actions_per_week: number, eliminated_at: number, mafia_loss_table: string, advance: string},
 *            hitman_attack: {cards_taken: number, money_dice: number, money_times: number, ties: string, loss_table: string},
 *            preparation: PrepItem[], penalty_tables: Record<string, PenaltyTable>, weeks: Week[],
 *            showdown: {final_tie: string, text: Text, bonuses: Bonus[]}, factions: Record<string, Faction>,
 *            organisations: Record<string, {name: Text, suits: string[], joker: string | null}>,
 *            roles: Record<string, Role>, cards: {id: string, role: string, faction: string | null}[]}} ShowdownData
 * @typedef {{id: string, suit: string | null, rank: string | null, joker: string | null, role_id: string, role: Role,
 *            faction_id: string | null, faction: Faction | null, title: TypedText, index: string}} CardView
 */

const SUIT_SYMBOLS = /** @type {Record<string, string>} */ ({ H: "♡", D: "◇", C: "♣", S: "♠" });
const JOKERS = /** @type {Record<string, string>} */ ({ "JOKER-COLOR": "color", "JOKER-BLACK": "black" });
const ID = /^([HDCS])(A|[2-9]|10|J|Q|K)$/;
const SUIT_INPUT = /** @type {Record<string, string>} */ ({
  "♡": "H", "♥": "H", "◇": "D", "♦": "D", "♢": "D", "♣": "C", "♧": "C", "♠": "S", "♤": "S",
});
const RANK_INPUT = /** @type {Record<string, string>} */ ({ 1: "A", 11: "J", 12: "Q", 13: "K" });
const JOKER_INPUT = /** @type {Record<string, string>} */ ({
  "JOKER-COLOR": "JOKER-COLOR", "JOKER-COLOUR": "JOKER-COLOR", "JOKER-RED": "JOKER-COLOR", "JOKER-BLACK": "JOKER-BLACK",
});

/**
 * A data text as the Python's events and refusals carry it (a msgspec record: its class's name as `type`).
 * @param {Text} value
 * @returns {TypedText}
 */
export const text = (value) => ({ type: "Text", ja: value.ja, en: value.en });

/** An amount in the game's currency, written in whichever language reads it (the data's Money). */
export class Money {
  /** @param {number} amount @param {Text} unit */
  constructor(amount, unit) {
    this.type = "Money";
    this.amount = amount;
    this.unit = text(unit);
  }

  /** @param {string} lang */
  text(lang) {
    const number = lang === "en" ? String(this.amount).replace(/\B(?=(\d{3})+(?!\d))/g, ",") : String(this.amount);
    return (lang === "ja" ? this.unit.ja : this.unit.en).replace("{amount}", number);
  }
}

/** The game's data with its look-ups (HitmansShowdown's card, deck, cards_of_role, amount). */
export class Rulebook {
  /** @param {ShowdownData} data */
  constructor(data) {
    this.data = data;
    this.rules = data.rules;
    this.preparation = data.preparation;
    this.factions = data.factions;
    this.roles = data.roles;
    /** @type {Map<string, CardView>} */
    this.views = new Map(data.cards.map((card) => [card.id, view(data, card)]));
    this.cards = [...this.views.values()];
  }

  /**
   * The card with this id, or undefined.
   * @param {string} id
   */
  find(id) {
    return this.views.get(id);
  }

  /** @param {string} id */
  card(id) {
    const card = this.views.get(id);
    if (card === undefined) throw new RangeError(`no card ${id}`);
    return card;
  }

  deck() {
    return this.cards;
  }

  /** @param {string} roleId */
  cardsOfRole(roleId) {
    return this.cards.filter((c) => c.role_id === roleId);
  }

  /** @param {number} amount */
  amount(amount) {
    return new Money(amount, this.data.money);
  }
}

/**
 * @param {ShowdownData} data
 * @param {{id: string, role: string, faction: string | null}} card
 * @returns {CardView}
 */
function view(data, card) {
  const [suit, rank, joker] = /** @type {[string | null, string | null, string | null]} */ (parseCardId(card.id));
  const role = data.roles[card.role];
  const faction = card.faction ? data.factions[card.faction] : null;
  return {
    id: card.id, suit, rank, joker, role_id: card.role, role, faction_id: card.faction, faction,
    title: text(faction ? faction.name : role.name), index: joker ? "JOKER" : `${SUIT_SYMBOLS[/** @type {string} */ (suit)]}${rank}`,
  };
}

/**
 * "HK" → ["H", "K", null]; "JOKER-COLOR" → [null, null, "color"]; null if malformed.
 * @param {string} id
 */
function parseCardId(id) {
  if (id in JOKERS) return [null, null, JOKERS[id]];
  const m = ID.exec(id);
  return m ? [m[1], m[2], null] : null;
}

/**
 * A card as a user types it ("hk", "♡K", "♥13", "c1", "joker-colour") → its id; null if not one.
 * @param {string} typed
 */
export function normaliseCardId(typed) {
  const raw = pyStrip(typed).toUpperCase().split(" ").join("");
  if (raw in JOKER_INPUT) return JOKER_INPUT[raw];
  const first = Array.from(raw)[0] ?? "";
  const suit = SUIT_INPUT[first] ?? first;
  const rest = raw.slice(first.length);
  const rank = RANK_INPUT[rest] ?? rest;
  return parseCardId(suit + rank) ? suit + rank : null;
}

/** Nothing (or too much) matches; the message lists what would. */
export class NotFound extends RuleError {}

const SEPARATORS = new RegExp(`[${WHITESPACE}_\\-、,.・]`, "g");

/** @param {string} typed */
const key = (typed) => casefold(typed.replace(SEPARATORS, ""));

/**
 * A card by id ("SQ", "♡K", "joker-black") → [it]; a role by name ("Mob", "モブ") → all its cards.
 * @param {Rulebook} book
 * @param {string} typed
 * @returns {CardView[]}
 */
export function findCards(book, typed) {
  const exact = book.find(typed); // an id as the companion writes it (every line it lists)
  if (exact) return [exact];
  const id = normaliseCardId(typed);
  const normalised = id === null ? undefined : book.find(id);
  if (normalised) return [normalised];
  const want = key(typed);
  for (const [roleId, role] of Object.entries(book.roles)) {
    const names = new Set([key(roleId), key(role.name.ja), key(role.name.en)]);
    for (const part of `${role.name.ja},${role.name.en}`.split(/[、,]/)) names.add(key(part));
    if (names.has(want)) return book.cardsOfRole(roleId);
  }
  for (const card of book.deck()) {
    if (card.faction && card.faction_id !== null
        && [key(card.faction_id), key(card.faction.name.ja), key(card.faction.name.en)].includes(want)) {
      return [card];
    }
  }
  throw new NotFound("no card called {text!r} (type an id like SQ, ♡K, H10, JOKER-COLOR, or a name like Mob)",
    { text: typed });
}

/**
 * @param {Rulebook} book
 * @param {string} typed
 */
export function findCard(book, typed) {
  const cards = findCards(book, typed);
  if (cards.length > 1) {
    throw new NotFound("{text!r} is {n} cards ({ids}): name one",
      { text: typed, n: cards.length, ids: cards.map((c) => c.id).join(" ") });
  }
  return cards[0];
}

/**
 * @param {Rulebook} book
 * @param {string} typed
 */
export function findFaction(book, typed) {
  const want = key(typed);
  for (const [fid, faction] of Object.entries(book.factions)) {
    const card = /** @type {CardView} */ (book.deck().find((c) => c.faction_id === fid));
    if ([key(fid), key(faction.name.ja), key(faction.name.en), key(card.id), key(card.index)].includes(want)) {
      return fid;
    }
  }
  const known = Object.entries(book.factions).map(([fid, f]) => `${fid} (${f.name.en} / ${f.name.ja})`);
  throw new NotFound("no faction {text!r}; factions: {known}", { text: typed, known });
}

/**
 * The preparation item whose effect is `kind` (e.g. the one that cancels a penalty).
 * @param {Rulebook} book
 * @param {string} kind
 */
export function itemDoing(book, kind) {
  return /** @type {PrepItem} */ (book.preparation.find((i) => i.ops.some((op) => op.kind === kind)));
}

/**
 * @param {Rulebook} book
 * @param {string} typed
 */
export function findItem(book, typed) {
  const exact = book.preparation.find((item) => item.id === typed);
  if (exact) return exact; // an id as the companion writes it
  const want = key(typed);
  for (const item of book.preparation) {
    if ([key(item.id), key(item.name.ja), key(item.name.en), ...item.id.split("_").map(key)].includes(want)) return item;
  }
  throw new NotFound("no preparation item {text!r}; items: {known}",
    { text: typed, known: book.preparation.map((i) => i.id) });
}
