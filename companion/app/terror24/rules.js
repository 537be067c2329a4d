// 24 −共鳴するテロル−: the rules of a 3–5 player game with the 3-player virtual player (NPC), as
// companion/terror24/engine.py plays them. Pure rules: every number comes from the game data
// (data/terror24.json); chance enters as actions (a reveal, the NPC's card, the card drawn in the check).

import { RuleError } from "./refusal.js";

/**
 * Seats and their cards in the order the Python's dict keeps them; as JSON an object (`{"2": [1, 3]}`),
 * which JSON.stringify would reorder by number.
 * @extends {Map<number, number[]>}
 */
export class SeatCards extends Map {
  toJSON() {
    return Object.fromEntries(this);
  }
}

/**
 * @typedef {{ja: string, en: string}} Text
 * @typedef {"stand" | "coop"} Style
 * @typedef {{id: string, letter: string, colour: Text, name: Text, cards: number, stand_vp: number,
 *            coop_main_vp: number, coop_sub_vp: number}} Suit
 * @typedef {{id: string, name: Text, schedule: string}} Detective
 * @typedef {{name: Text, orientation: Text, letter: string}} StyleInfo
 * @typedef {{players: {min: number, max: number},
 *            rules: {bid_cards: number, returned_when_placed: number, death_card: number,
 *                    npc_at_players: number, npc_removes: number[], npc_cards_per_round: number},
 *            styles: Record<Style, StyleInfo>, schedule: {keep_mark: string, switch_mark: string},
 *            detectives: Detective[], time_cards: {values: number[]},
 *            events: {provisional: boolean, suits: Suit[]},
 *            grid: {round: number, places: number, face_down: boolean}[]}} Terror24Data
 * @typedef {{name: string, detective: string, style: Style, hand: number[], npc: boolean, kept: number[],
 *            events: string[], vp: number, dead: boolean}} Seat
 * Records carry their Python class's name as `type`, so their JSON is the Python's.
 * @typedef {{type: "Award", seat: number, vp: number, kind: string, suit: string, place: number}} Award
 * @typedef {{type: "Entry", seat: number, cards: number[], style: Style, time: number}} Entry
 * @typedef {{type: "RoundResult", round: number, coop_count: number, ranking: Entry[],
 *            placed: {type: "Placed", seat: number, suit: string}[], awards: Award[],
 *            back_to_hand: SeatCards, left_out: SeatCards, npc_to_bottom: number[], sitting_out: number[],
 *            chief: number, switches: {type: "Switch", seat: number, style: Style}[]}} RoundResult
 * @typedef {{type: "Check", seat: number, card: number | null, dead: boolean}} Check
 * @typedef {"reveal" | "bid" | "npc" | "check" | "over"} Need
 */

/** The game data with the look-ups the rules make (tabletop/data/terror24.py). */
export class Rulebook {
  /** @param {Terror24Data} data */
  constructor(data) {
    this.data = data;
    this.rules = data.rules;
    this.rounds = data.grid.length;
    /** @type {Style[]} */
    this.styles = /** @type {Style[]} */ (Object.keys(data.styles));
  }

  /** @param {string} id */
  suit(id) {
    return /** @type {Suit} */ (this.data.events.suits.find((s) => s.id === id));
  }

  /** @param {string} letter */
  suitByLetter(letter) {
    const upper = letter.toUpperCase();
    return this.data.events.suits.find((s) => s.letter === upper) ?? null;
  }

  /** @param {string} id */
  detective(id) {
    return /** @type {Detective} */ (this.data.detectives.find((d) => d.id === id));
  }

  /** @param {Detective} detective @param {number} round */
  switches(detective, round) {
    return Array.from(detective.schedule)[round - 1] === this.data.schedule.switch_mark;
  }

  npcCards() {
    const cards = [...this.data.time_cards.values];
    for (const value of this.rules.npc_removes) {
      const at = cards.indexOf(value);
      if (at >= 0) cards.splice(at, 1);
    }
    return cards;
  }

  /** @param {Style} style @returns {Style} */
  otherStyle(style) {
    return this.styles[1 - this.styles.indexOf(style)];
  }
}

/**
 * The style fewer humans chose (3–0: the one nobody chose).
 * @param {Style[]} humanStyles
 * @returns {Style}
 */
export function npcStyle(humanStyles) {
  const stands = humanStyles.filter((s) => s === "stand").length;
  return stands < humanStyles.length - stands ? "stand" : "coop";
}

/**
 * Game data in both languages as an argument of a refusal: its JSON names the Python's type.
 * @param {Text} value
 */
export const text = (value) => ({ type: "Text", ...value });

/** @param {number[]} cards */
const cardsText = (cards) => cards.join(" ");
/** @param {number[]} cards */
const sortedCards = (cards) => [...cards].sort((a, b) => a - b);
/** @param {number[]} cards */
const sum = (cards) => cards.reduce((a, b) => a + b, 0);

/**
 * How many of each item, in the order each first appears (Python's Counter).
 * @template T
 * @param {Iterable<T>} items
 */
function counter(items) {
  /** @type {Map<T, number>} */
  const counts = new Map();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

/** @param {Seat} seat */
export const timeInFront = (seat) => sum(seat.kept);

export class Game {
  /**
   * @param {Rulebook} book
   * @param {Seat[]} seats
   * @param {number} chief
   * @param {(string | null)[][]} grid
   * @param {boolean} [copy] an empty game for `clone` to fill
   */
  constructor(book, seats, chief, grid, copy = false) {
    this.book = book;
    this.seats = seats;
    this.chief = chief;
    this.grid = grid;
    this.round = 1;
    /** The bids of this round, in the order they were laid. @type {Map<number, number[]>} */
    this.bids = new Map();
    /** @type {RoundResult[]} */
    this.results = [];
    /** @type {Check[]} */
    this.checks = [];
    /** @type {number[]} */
    this.checkOrder = [];
    /** @type {number[]} */
    this.bidders = [];
    if (copy) return;
    this.validateSetup();
    this.bidders = this.eligible(); // fixed for the round: laying cards down does not change it
    this.skipEmptyRounds();
  }

  /** An independent copy (the data and past results are shared: they never change). */
  clone() {
    const seats = this.seats.map((s) => ({ ...s, hand: [...s.hand], kept: [...s.kept], events: [...s.events] }));
    const game = new Game(this.book, seats, this.chief, this.grid.map((c) => [...c]), true);
    game.round = this.round;
    game.bids = new Map(this.bids);
    game.results = [...this.results];
    game.checks = [...this.checks];
    game.checkOrder = [...this.checkOrder];
    game.bidders = [...this.bidders];
    return game;
  }

  // ----- what is asked now -----

  /** @returns {[Need, number | null]} */
  need() {
    if (this.round > this.book.rounds) {
      const pending = this.pendingCheck();
      return pending !== null ? ["check", pending] : ["over", null];
    }
    if (this.grid[this.round - 1].includes(null)) return ["reveal", null];
    const seat = /** @type {number} */ (this.bidders.find((s) => !this.bids.has(s)));
    return [this.seats[seat].npc ? "npc" : "bid", seat];
  }

  eligible() {
    const rules = this.book.rules;
    const n = this.seats.length;
    const order = Array.from({ length: n }, (_, k) => (this.chief + k) % n);
    const humans = order.filter((i) => !this.seats[i].npc && this.seats[i].hand.length >= rules.bid_cards);
    const npcs = order.filter((i) => this.seats[i].npc && this.seats[i].hand.length >= rules.npc_cards_per_round);
    return [...humans, ...npcs];
  }

  isOver() {
    return this.need()[0] === "over";
  }

  /** @param {number} seat */
  distanceFromChief(seat) {
    const n = this.seats.length;
    return (((seat - this.chief) % n) + n) % n;
  }

  npcTop() {
    const seat = /** @type {number} */ (this.need()[1]);
    return this.seats[seat].hand.slice(0, this.book.rules.npc_cards_per_round);
  }

  // ----- actions -----

  /** @param {string[]} suits */
  reveal(suits) {
    const column = this.grid[this.round - 1];
    if (this.need()[0] !== "reveal") {
      throw new RuleError("round {round} has no face-down events", { round: this.round });
    }
    if (suits.length !== column.length) {
      throw new RuleError("round {round} has {n} events to reveal, got {got}",
        { round: this.round, n: column.length, got: suits.length });
    }
    this.checkSuitCounts([...this.grid.slice(0, this.round - 1), suits, ...this.grid.slice(this.round)]);
    column.splice(0, column.length, ...suits);
    this.skipEmptyRounds();
  }

  /** @param {number} seat @param {number[]} cards */
  bid(seat, cards) {
    const [kind, expected] = this.need();
    const humansPending = this.bidders.filter((s) => !this.bids.has(s) && !this.seats[s].npc);
    if ((kind !== "bid" && kind !== "npc") || (seat !== expected && !humansPending.includes(seat))) {
      throw this.notNow(seat);
    }
    const player = this.seats[seat];
    const wanted = player.npc ? this.book.rules.npc_cards_per_round : this.book.rules.bid_cards;
    if (cards.length !== wanted) {
      throw new RuleError("{name} lays exactly {n} card(s), got {got}", { name: player.name, n: wanted, got: cards.length });
    }
    const held = counter(player.hand);
    const missing = [...counter(cards)].some(([card, n]) => n > (held.get(card) ?? 0));
    if (missing) {
      const said = player.npc ? "{name} cannot lay {cards}: the deck holds {held}"
        : "{name} cannot lay {cards}: the hand holds {held}";
      throw new RuleError(said, { name: player.name, cards: cardsText(cards), held: cardsText(sortedCards(player.hand)) });
    }
    for (const card of cards) player.hand.splice(player.hand.indexOf(card), 1);
    this.bids.set(seat, [...cards]);
    if (this.bids.size === this.bidders.length) this.resolve();
  }

  /** @param {number} card */
  check(card) {
    const [kind, seat] = this.need();
    if (kind !== "check" || seat === null) {
      throw new RuleError("the life-or-death check comes after the last round");
    }
    const hand = this.seats[seat].hand;
    if (!hand.includes(card)) {
      throw new RuleError("{name} has no {card} in hand (in hand: {held})",
        { name: this.seats[seat].name, card, held: cardsText(sortedCards(hand)) });
    }
    this.recordCheck(seat, card);
  }

  /** A manual correction of a score. @param {number} seat @param {number} vp */
  adjust(seat, vp) {
    this.seats[seat].vp += vp;
  }

  // ----- the round -----

  resolve() {
    const book = this.book;
    const r = this.round;
    const column = /** @type {string[]} */ (this.grid[r - 1]);
    const bidders = [...this.bids.keys()];
    const coops = bidders.filter((s) => this.seats[s].style === "coop");
    /** @type {Entry[]} */
    const entries = bidders.map((s) => {
      const cards = /** @type {number[]} */ (this.bids.get(s));
      return { type: "Entry", seat: s, cards, style: this.seats[s].style, time: sum(cards) + (coops.includes(s) ? coops.length : 0) };
    });
    const ranking = [...entries].sort((a, b) => b.time - a.time
      || this.distanceFromChief(a.seat) - this.distanceFromChief(b.seat));
    const placed = ranking.slice(0, column.length).map((e, place) => ({ type: /** @type {const} */ ("Placed"), seat: e.seat, suit: column[place] }));
    /** @type {Award[]} */
    const awards = [];
    placed.forEach(({ seat, suit: suitId }, i) => {
      const place = i + 1;
      const suit = book.suit(suitId);
      if (this.seats[seat].style === "stand") {
        awards.push({ type: "Award", seat, vp: suit.stand_vp, kind: "stand", suit: suitId, place });
      } else {
        awards.push({ type: "Award", seat, vp: suit.coop_main_vp, kind: "coop_main", suit: suitId, place });
        for (const other of coops) {
          if (other !== seat) awards.push({ type: "Award", seat: other, vp: suit.coop_sub_vp, kind: "coop_sub", suit: suitId, place });
        }
      }
      if (this.seats[seat].events.includes(suitId)) {
        awards.push({ type: "Award", seat, vp: r, kind: "colour", suit: suitId, place });
      }
      this.seats[seat].events.push(suitId);
    });
    for (const award of awards) this.seats[award.seat].vp += award.vp;
    const [back, out, toBottom] = this.returnCards(new Set(placed.map((p) => p.seat)));
    const chief = ranking.length ? ranking[0].seat : this.chief;
    /** @type {{type: "Switch", seat: number, style: Style}[]} */
    const switches = [];
    this.seats.forEach((seat, i) => {
      if (book.switches(book.detective(seat.detective), r)) {
        seat.style = book.otherStyle(seat.style);
        switches.push({ type: "Switch", seat: i, style: seat.style });
      }
    });
    /** @type {RoundResult} */
    const result = {
      type: "RoundResult", round: r, coop_count: coops.length, ranking, placed, awards, back_to_hand: back, left_out: out,
      npc_to_bottom: toBottom, sitting_out: this.seats.map((_, i) => i).filter((i) => !this.bids.has(i)), chief, switches,
    };
    this.results.push(result);
    this.chief = chief;
    this.bids = new Map();
    this.round = r + 1;
    this.bidders = this.eligible();
    if (this.round > book.rounds) this.startChecks();
    this.skipEmptyRounds();
    return result;
  }

  /** A round nobody can bid in (possible only with edited data) passes with its end phase alone. */
  skipEmptyRounds() {
    while (this.round <= this.book.rounds && !this.bidders.length && !this.grid[this.round - 1].includes(null)) {
      this.resolve();
    }
  }

  /**
   * @param {Set<number>} placed
   * @returns {[SeatCards, SeatCards, number[]]}
   */
  returnCards(placed) {
    /** @type {Map<number, number[]>} */
    const back = new Map();
    /** @type {Map<number, number[]>} */
    const out = new Map();
    /** @type {number[]} */
    let toBottom = [];
    const keepBack = this.book.rules.returned_when_placed;
    for (const [seat, cards] of this.bids) {
      const player = this.seats[seat];
      if (!placed.has(seat)) {
        back.set(seat, cards);
        player.hand.push(...cards); // for the NPC: to the bottom of its deck
        if (player.npc) toBottom = cards;
      } else if (player.npc) {
        out.set(seat, cards);
        player.kept.push(...cards);
      } else {
        const kept = cards.filter((c) => c === keepBack);
        const left = cards.filter((c) => c !== keepBack);
        back.set(seat, kept);
        out.set(seat, left);
        player.hand.push(...kept);
        player.kept.push(...left);
      }
    }
    /** @param {Map<number, number[]>} m */
    const nonEmpty = (m) => new SeatCards([...m].filter(([, c]) => c.length));
    return [nonEmpty(back), nonEmpty(out), toBottom];
  }

  // ----- the end -----

  startChecks() {
    const humans = this.seats.map((_, i) => i).filter((i) => !this.seats[i].npc);
    this.checkOrder = humans.sort((a, b) => timeInFront(this.seats[b]) - timeInFront(this.seats[a])
      || this.distanceFromChief(a) - this.distanceFromChief(b));
    this.autoChecks();
  }

  /** @returns {number | null} */
  pendingCheck() {
    if (this.checks.some((c) => c.dead) || this.checks.length === this.checkOrder.length) return null;
    return this.checkOrder[this.checks.length];
  }

  /** A hand of nothing but death cards needs no draw (and one without any cannot die). */
  autoChecks() {
    const death = this.book.rules.death_card;
    for (let seat = this.pendingCheck(); seat !== null; seat = this.pendingCheck()) {
      const hand = this.seats[seat].hand;
      if (hand.every((c) => c === death)) {
        this.checks.push({ type: "Check", seat, card: null, dead: true });
        this.seats[seat].dead = true;
      } else if (!hand.includes(death)) {
        this.checks.push({ type: "Check", seat, card: null, dead: false });
      } else {
        return;
      }
    }
  }

  /** @param {number} seat @param {number} card */
  recordCheck(seat, card) {
    /** @type {Check} */
    const result = { type: "Check", seat, card, dead: card === this.book.rules.death_card };
    this.checks.push(result);
    this.seats[seat].dead = result.dead;
    this.autoChecks();
  }

  /** Surviving humans with most VP, then most time in front; several means a draw. */
  winners() {
    const alive = this.seats.map((_, i) => i).filter((i) => !this.seats[i].npc && !this.seats[i].dead);
    if (!alive.length) return [];
    /** @param {number} i */
    const key = (i) => [this.seats[i].vp, timeInFront(this.seats[i])];
    const best = alive.map(key).reduce((a, b) => (b[0] > a[0] || (b[0] === a[0] && b[1] > a[1]) ? b : a));
    return alive.filter((i) => key(i)[0] === best[0] && key(i)[1] === best[1]);
  }

  // ----- checks -----

  /** @param {number} seat */
  notNow(seat) {
    const [kind] = this.need();
    const name = this.seats[seat].name;
    if (kind === "bid" || kind === "npc") {
      if (!this.bidders.includes(seat)) {
        return new RuleError("{name} sits out (fewer than {n} cards in hand)", { name, n: this.book.rules.bid_cards });
      }
      if (this.bids.has(seat)) return new RuleError("{name} has already bid this round", { name });
      return new RuleError("{name} turns a card after every player has bid", { name });
    }
    if (kind === "reveal") return new RuleError("turn up round {round}'s face-down events first", { round: this.round });
    if (kind === "check") return new RuleError("the rounds are over: the life-or-death check is on");
    return new RuleError("the game is over");
  }

  validateSetup() {
    const data = this.book.data;
    const humans = this.seats.filter((s) => !s.npc);
    if (!(data.players.min <= humans.length && humans.length <= data.players.max)) {
      throw new RuleError("{lo}–{hi} players, got {got}", { lo: data.players.min, hi: data.players.max, got: humans.length });
    }
    const npcs = this.seats.length - humans.length;
    if (npcs !== (humans.length === data.rules.npc_at_players ? 1 : 0)) {
      throw new RuleError("a virtual player joins exactly when {n} play", { n: data.rules.npc_at_players });
    }
    if (new Set(this.seats.map((s) => s.detective)).size !== this.seats.length) {
      throw new RuleError("every seat needs its own detective");
    }
    if (this.seats[this.chief].npc) throw new RuleError("the chief is one of the players");
    const shape = data.grid.map((c) => c.places);
    if (this.grid.length !== shape.length || this.grid.some((c, i) => c.length !== shape[i])) {
      throw new RuleError("the event grid has columns of {shape} places", { shape });
    }
    data.grid.forEach((spec, i) => {
      const column = this.grid[i];
      const hidden = column.includes(null);
      if (spec.face_down !== hidden || (spec.face_down && column.some((s) => s !== null))) {
        const said = spec.face_down ? "round {round}'s events are face down at the start"
          : "round {round}'s events are face up at the start";
        throw new RuleError(said, { round: spec.round });
      }
    });
    this.checkSuitCounts(this.grid);
  }

  /** @param {(string | null)[][]} grid */
  checkSuitCounts(grid) {
    const used = counter(grid.flat().filter((s) => s !== null));
    for (const [suitId, count] of used) {
      const suit = this.book.suit(/** @type {string} */ (suitId));
      if (count > suit.cards) {
        throw new RuleError("only {n} {suit} ({letter}) events exist, the grid shows {got}",
          { n: suit.cards, suit: text(suit.name), letter: suit.letter, got: count });
      }
    }
  }
}
