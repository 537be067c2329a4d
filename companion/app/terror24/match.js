// A game of 24 from its first setup answer to the last check, on the engine protocol (whose move,
// the legal actions, a line → an action, apply → events, the outcome), as companion/terror24/match.py
// and moves.py play it. Randomness — the NPC's detective and virtual deck, a `draw` in the check —
// comes from the saved seed, one stream per purpose, seeded from strings exactly as CPython does.

import { Random } from "../lib/random.js";
import { isWhole, signed, whole } from "../lib/numbers.js";
import { ActionRecord, CHANCE, NOBODY, PLAYER, compareKeys, pySplit as split, pyStrip as strip, ranked } from "../lib/engine.js";
import { WHITESPACE, chars, isAlpha, rstripChar } from "../lib/pystr.js";
import { Listed, RuleError } from "./refusal.js";
import { Game, Rulebook, npcStyle, text as said, timeInFront } from "./rules.js";

/**
 * @typedef {import("./rules.js").Terror24Data} Terror24Data
 * @typedef {import("./rules.js").Seat} Seat
 * @typedef {import("./rules.js").Style} Style
 * @typedef {import("./rules.js").RoundResult} RoundResult
 * @typedef {import("./rules.js").Check} Check
 * @typedef {{type: "Answered", step: string} | {type: "Started", npc: number | null}
 *   | {type: "Revealed", round: number, suits: string[]}
 *   | {type: "Laid", seat: number, cards: number[], npc: boolean}
 *   | {type: "Resolved", result: RoundResult, next_round: boolean} | {type: "Checked", check: Check}
 *   | {type: "Adjusted", seat: number, vp: number, total: number} | {type: "Ended"}} Event
 * @typedef {{kind: "player" | "chance" | "nobody", who: string}} Mover
 * @typedef {{who: string, place: number, score: number}} Place
 * @typedef {{how: string, winners: string[], figures: Record<string, number>, ranking: Place[]}} Outcome
 * @typedef {{players?: [string, string][], styles?: Style[], npc?: {detective: string, after: string},
 *            chief?: string, grid?: (string | null)[][]}} Answers
 */

export const HIDDEN = "?";
export const NPC = "NPC"; // the virtual player's seat name (no player may take it)
const SETUP = /** @type {const} */ (["players", "styles", "npc", "chief", "grid"]);
// The table's own commands (companion/table.py): a player named so could never lay a bid.
export const TABLE_WORDS = ["quit", "help", "status", "history", "undo"];
const PLAYER_ENTRY = new RegExp(`([^=${WHITESPACE}][^=]*?)=([^${WHITESPACE}]+)`, "g");

// ---- actions: each a record with the line the terminal takes -------------------------------------


export class Players extends ActionRecord {
  /** @param {[string, string][]} players NAME, detective id, clockwise */
  constructor(players) {
    super("Players");
    this.players = players;
  }

  line() {
    return this.players.map(([name, detective]) => `${name}=${detective}`).join(" ");
  }
}

export class Styles extends ActionRecord {
  /** @param {string[]} letters */
  constructor(letters) {
    super("Styles");
    this.letters = letters;
  }

  line() {
    return this.letters.join(" ");
  }
}

export class NpcSeat extends ActionRecord {
  /** @param {string} detective @param {string} after */
  constructor(detective, after) {
    super("NpcSeat");
    this.detective = detective;
    this.after = after;
  }

  line() {
    return `${this.detective} after ${this.after}`;
  }
}

export class Chief extends ActionRecord {
  /** @param {string} name */
  constructor(name) {
    super("Chief");
    this.name = name;
  }

  line() {
    return this.name;
  }
}

export class Grid extends ActionRecord {
  /** @param {string[]} columns */
  constructor(columns) {
    super("Grid");
    this.columns = columns;
  }

  line() {
    return this.columns.join(" ");
  }
}

export class Reveal extends ActionRecord {
  /** @param {string} letters */
  constructor(letters) {
    super("Reveal");
    this.letters = letters;
  }

  line() {
    return this.letters;
  }
}

export class Bid extends ActionRecord {
  /** @param {string} name @param {number[]} cards */
  constructor(name, cards) {
    super("Bid");
    this.name = name;
    this.cards = cards;
  }

  line() {
    return [this.name, ...this.cards].join(" ");
  }
}

export class Draw extends ActionRecord {
  /** @param {number} card */
  constructor(card) {
    super("Draw");
    this.card = card;
  }

  line() {
    return String(this.card);
  }
}

export class Adjust extends ActionRecord {
  /** @param {string} name @param {number} vp */
  constructor(name, vp) {
    super("Adjust");
    this.name = name;
    this.vp = vp;
  }

  line() {
    return `adjust ${this.name} ${this.vp >= 0 ? "+" : ""}${this.vp}`;
  }
}

/** @typedef {Players | Styles | NpcSeat | Chief | Grid | Reveal | Bid | Draw | Adjust} Terror24Action */

/** @param {string} text */
const lower = (text) => text.toLowerCase();
/** @param {string} word */
const joinWords = (word) => split(word).join(" ");

export class Match {
  /**
   * @param {Terror24Data} data
   * @param {number} seed the game's seed
   * @param {boolean} physical the NPC's deck is real cards the table turns up
   */
  constructor(data, seed, physical) {
    this.book = data instanceof Rulebook ? data : new Rulebook(data);
    this.data = this.book.data;
    this.seed = seed;
    this.physical = physical;
    /** @type {Answers} */
    this.answers = {};
    /** @type {Game | null} */
    this.game = null;
  }

  /** An independent copy to try an action on. */
  clone() {
    const copy = new Match(this.book.data, this.seed, this.physical);
    copy.book = this.book;
    copy.answers = { ...this.answers };
    copy.game = this.game && this.game.clone();
    return copy;
  }

  // ---- whose move, what is legal ----

  setupSteps() {
    return SETUP.filter((s) => s !== "npc" || !("players" in this.answers) || this.withNpc());
  }

  /** @returns {"players" | "styles" | "npc" | "chief" | "grid" | null} */
  setupStep() {
    return this.setupSteps().find((s) => !(s in this.answers)) ?? null;
  }

  /** @returns {Mover} */
  toMove() {
    if (this.game === null) return { kind: PLAYER, who: "table" };
    const [kind, seat] = this.game.need();
    if (kind === "over") return { kind: NOBODY, who: "" };
    if (kind === "bid") return { kind: PLAYER, who: this.game.seats[/** @type {number} */ (seat)].name };
    return { kind: CHANCE, who: "card" }; // a reveal, the NPC's card turned up, or the card drawn in the check
  }

  /**
   * Every finite choice now. The players, styles and grid of setup, and a reveal, are forms.
   * @returns {Terror24Action[]}
   */
  legalActions() {
    const step = this.setupStep();
    if (step === "npc") {
      const names = this.playerNames();
      return this.unusedDetectives().flatMap((d) => names.map((after) => new NpcSeat(d, after)));
    }
    if (step === "chief") return this.playerNames().map((n) => new Chief(n));
    if (step !== null) return [];
    const game = /** @type {Game} */ (this.game);
    const [kind, seat] = game.need();
    if (kind === "bid") {
      const pending = game.bidders.filter((s) => !game.bids.has(s) && !game.seats[s].npc);
      return pending.flatMap((s) => this.pairs(s).map((cards) => new Bid(game.seats[s].name, cards)));
    }
    const distinct = () => [...new Set(game.seats[/** @type {number} */ (seat)].hand)].sort((a, b) => a - b);
    if (kind === "npc") return distinct().map((card) => new Bid(NPC, [card]));
    if (kind === "check") return distinct().map((card) => new Draw(card));
    return [];
  }

  /**
   * The event cards not yet in the grid, a letter each (a suit's letter as often as it has cards left).
   */
  eventsLeft() {
    const grid = this.game !== null ? this.game.grid : [];
    /** @type {Map<string, number>} */
    const used = new Map();
    for (const suit of grid.flat()) if (suit !== null) used.set(suit, (used.get(suit) ?? 0) + 1);
    return this.data.events.suits.flatMap((s) => Array(Math.max(0, s.cards - (used.get(s.id) ?? 0))).fill(s.letter));
  }

  /**
   * The distinct sets of bid_cards cards a seat's hand can lay, in order.
   * @param {number} seat
   */
  pairs(seat) {
    const game = /** @type {Game} */ (this.game);
    const hand = [...game.seats[seat].hand].sort((a, b) => a - b);
    const size = this.book.rules.bid_cards;
    /** @type {Map<string, number[]>} */
    const found = new Map();
    /** @param {number} from @param {number[]} chosen */
    const pick = (from, chosen) => {
      if (chosen.length === size) {
        found.set(chosen.join(","), chosen);
        return;
      }
      for (let i = from; i < hand.length; i++) pick(i + 1, [...chosen, hand[i]]);
    };
    pick(0, []);
    return [...found.values()].sort(compareKeys);
  }

  playerNames() {
    return (this.answers.players ?? []).map(([name]) => name);
  }

  unusedDetectives() {
    const used = new Set((this.answers.players ?? []).map(([, d]) => d));
    return this.data.detectives.filter((d) => !used.has(d.id)).map((d) => d.id);
  }

  // ---- lines → actions ----

  /**
   * The action a typed line names, or RuleError saying what to type.
   * @param {string} line
   * @returns {Terror24Action}
   */
  parse(line) {
    const words = split(line);
    if (!words.length) throw new RangeError("an empty line"); // the table never passes one
    if (lower(words[0]) === "adjust") return this.parseAdjust(words.slice(1));
    const step = this.setupStep();
    if (step === "players") return this.parsePlayers(words);
    if (step === "styles") return this.parseStyles(words);
    if (step === "npc") return this.parseNpc(words);
    if (step === "chief") return this.parseChief(words);
    if (step === "grid") return this.parseGrid(words);
    const game = /** @type {Game} */ (this.game);
    const [kind, seat] = game.need();
    if (kind === "reveal") {
      return new Reveal(this.suits(words.join("")).map((s) => this.book.suit(s).letter).join(""));
    }
    if (kind === "bid" || kind === "npc") return this.parseBid(/** @type {number} */ (seat), line);
    if (kind === "check") return this.parseDraw(/** @type {number} */ (seat), line);
    throw new RuleError("the game is over");
  }

  /** @param {string[]} words */
  parsePlayers(words) {
    const text = words.join(" ");
    const pairs = [...text.matchAll(PLAYER_ENTRY)];
    const rest = strip(text.replace(PLAYER_ENTRY, " ")); // what no NAME=DETECTIVE accounts for
    if (rest || !pairs.length) {
      throw new RuleError("write each player as NAME=DETECTIVE, e.g. Aki=scotch (got {word!r})", { word: rest || text });
    }
    /** @type {[string, string][]} */
    const players = [];
    for (const pair of pairs) {
      const name = joinWords(pair[1]);
      if (lower(name) === lower(NPC)) {
        throw new RuleError("{npc!r} is the virtual player's name; choose another", { npc: NPC });
      }
      if (isWhole(name)) { // "3 5" must read as a bid, never as player 3 laying a 5
        throw new RuleError("a player's name cannot be a number ({name!r})", { name });
      }
      if (TABLE_WORDS.includes(lower(name))) { // "Quit 3 5" would end the session, not lay a bid
        throw new RuleError("a player's name cannot be a table command ({name!r}; not {words})",
          { name, words: new Listed(TABLE_WORDS) });
      }
      players.push([name, this.detectiveOf(pair[2])]);
    }
    const { min: lo, max: hi } = this.data.players;
    if (!(lo <= players.length && players.length <= hi)) {
      throw new RuleError("{lo}–{hi} players, got {got}", { lo, hi, got: players.length });
    }
    if (new Set(players.map(([n]) => lower(n))).size < players.length
        || new Set(players.map(([, d]) => d)).size < players.length) {
      throw new RuleError("every player needs their own name and detective");
    }
    return new Players(players);
  }

  /** @param {string} text */
  detectiveOf(text) {
    const key = lower(strip(text));
    const detectives = this.data.detectives;
    const exact = detectives.filter((d) => key === d.id || key === lower(d.name.en) || key === d.name.ja).map((d) => d.id);
    const found = exact.length ? exact : detectives.filter((d) => key && d.id.startsWith(key)).map((d) => d.id);
    if (found.length !== 1) {
      throw new RuleError("unknown detective {word!r} (one of: {known})",
        { word: text, known: new Listed(detectives.map((d) => said(d.name))) });
    }
    return found[0];
  }

  /** @param {string[]} words */
  parseStyles(words) {
    const players = (this.answers.players ?? []).length;
    if (words.length === 1 && chars(words[0]).length === players) words = chars(words[0]); // "scs"
    if (words.length !== players) throw new RuleError("one style per player ({n}), e.g. s c s", { n: players });
    return new Styles(words.map((w) => this.data.styles[this.styleOf(w)].letter));
  }

  /**
   * @param {string} word
   * @returns {Style}
   */
  styleOf(word) {
    for (const style of this.book.styles) {
      const info = this.data.styles[style];
      const w = lower(word);
      if ([style, info.letter, lower(info.name.en), info.name.ja, info.orientation.ja].includes(w)) return style;
    }
    throw new RuleError("unknown style {word!r} (s = stand, c = coop)", { word });
  }

  /** @param {string[]} words */
  parseNpc(words) {
    const names = this.playerNames();
    let after = names[names.length - 1];
    if (words.length >= 3 && lower(words[1]) === "after") {
      after = this.player(words.slice(2).join(" "), names);
      words = words.slice(0, 1);
    }
    if (words.length !== 1) {
      throw new RuleError("answer random, or a detective, optionally followed by 'after NAME'");
    }
    const unused = this.unusedDetectives();
    if (lower(words[0]) === "random" || lower(words[0]) === "ランダム") {
      return new NpcSeat(new Random(`${this.seed}:npc-detective`).choice(unused), after);
    }
    const detective = this.detectiveOf(words[0]);
    if (!unused.includes(detective)) {
      throw new RuleError("{detective} is a player's detective; the NPC takes an unused one: {unused}",
        { detective: said(this.book.detective(detective).name),
          unused: new Listed(unused.map((d) => said(this.book.detective(d).name))) });
    }
    return new NpcSeat(detective, after);
  }

  /** @param {string} word @param {string[]} names */
  player(word, names) {
    word = joinWords(word); // a name may have spaces: "Ann Marie"
    const found = names.filter((n) => lower(n) === lower(word));
    if (!found.length) {
      throw new RuleError("no player called {word!r} (players: {names})", { word, names: new Listed(names) });
    }
    return found[0];
  }

  /** @param {string[]} words */
  parseChief(words) {
    if (!words.length) throw new RuleError("the chief's name");
    return new Chief(this.player(words.join(" "), this.playerNames()));
  }

  /** @param {string[]} words */
  parseGrid(words) {
    const columns = this.data.grid;
    if (words.length === columns.filter((c) => !c.face_down).length) {
      let next = 0;
      words = columns.map((c) => (c.face_down ? HIDDEN.repeat(c.places) : words[next++]));
    }
    if (words.length !== columns.length) {
      throw new RuleError("{n} columns, e.g. RB YG RR BP ??? GY ??? (got {got})", { n: columns.length, got: words.length });
    }
    const shown = columns.map((column, i) => {
      const word = words[i];
      if (column.face_down && chars(word).every((c) => c === HIDDEN || c === "-")) return HIDDEN.repeat(column.places);
      return this.suits(word).map((s) => this.book.suit(s).letter).join("");
    });
    return new Grid(shown);
  }

  /**
   * The suit ids of a word of event letters.
   * @param {string} word
   */
  suits(word) {
    return chars(word).map((letter) => {
      const suit = this.book.suitByLetter(letter);
      if (suit === null) {
        throw new RuleError("unknown event letter {letter!r} (known: {known})",
          { letter, known: new Listed(this.data.events.suits.map((s) => s.letter)) });
      }
      return suit.id;
    });
  }

  /** @param {number} seat @param {string} line */
  parseBid(seat, line) {
    const game = /** @type {Game} */ (this.game);
    const first = rstripChar(split(line)[0], ":");
    const named = this.namedSeat(line);
    if (named !== null) { // "Ben 3 4", "Ann Marie 3 4": bids may come in any order
      [seat, line] = named;
    } else if (isAlpha(first)) {
      throw new RuleError("no player called {word!r}; type the cards (e.g. 3 5) or NAME 3 5 (players: {names})",
        { word: split(line)[0], names: new Listed(game.seats.map((s) => s.name)) });
    }
    let words = split(line.split(",").join(" ").split("+").join(" "));
    if (words.length === 1 && isWhole(words[0])) words = chars(words[0]); // "35" = 3 and 5 (every card is one digit)
    const cards = words.map(whole);
    if (!cards.length || cards.includes(null)) {
      throw new RuleError("type the cards as numbers, e.g. 3 5 (got {line!r})", { line });
    }
    return new Bid(game.seats[seat].name, /** @type {number[]} */ (cards));
  }

  /**
   * The seat whose name starts `line` (the longest such name), with the rest of the line; null if none.
   * @param {string} line
   * @returns {[number, string] | null}
   */
  namedSeat(line) {
    const words = split(line);
    const seats = /** @type {Game} */ (this.game).seats.map((s, i) => /** @type {const} */ ([i, s]));
    seats.sort((a, b) => split(b[1].name).length - split(a[1].name).length);
    for (const [i, seat] of seats) {
      const size = split(seat.name).length;
      const given = words.slice(0, size).join(" ");
      if (lower(rstripChar(given, ":")) === lower(seat.name) && words.length >= size) {
        return [i, words.slice(size).join(" ")];
      }
    }
    return null;
  }

  /** @param {number} seat @param {string} line */
  parseDraw(seat, line) {
    const word = lower(strip(line));
    if (word === "draw" || word === "引く") {
      const hand = [.../** @type {Game} */ (this.game).seats[seat].hand].sort((a, b) => a - b);
      return new Draw(new Random(`${this.seed}:check:${seat}`).choice(hand));
    }
    const card = whole(word);
    if (card !== null) return new Draw(card);
    throw new RuleError("type the card drawn (e.g. 3), or 'draw' to let the companion pick one");
  }

  /** @param {string[]} words */
  parseAdjust(words) {
    if (this.game === null) throw new RuleError("scores can be corrected once the game has started");
    const change = words.length >= 2 ? signed(words[words.length - 1], true) : null;
    if (change === null) throw new RuleError("adjust NAME +N  or  adjust NAME -N");
    return new Adjust(this.player(words.slice(0, -1).join(" "), this.game.seats.map((s) => s.name)), change);
  }

  // ---- apply ----

  /**
   * Carry out `action` on a copy, kept only if every rule accepts it; or throw RuleError with nothing
   * changed.
   * @param {Terror24Action} action
   * @returns {Event[]}
   */
  apply(action) {
    const trial = this.clone();
    const events = trial.applyHere(action);
    this.answers = trial.answers;
    this.game = trial.game;
    return events;
  }

  /**
   * @param {Terror24Action} action
   * @returns {Event[]}
   */
  applyHere(action) {
    if (action instanceof Adjust) return this.adjust(action);
    const step = this.setupStep();
    if (step !== null) return this.answer(step, action);
    const game = /** @type {Game} */ (this.game);
    if (action instanceof Reveal) {
      const [turned, before, suits] = [game.round, game.results.length, this.suits(action.letters)];
      game.reveal(suits);
      return [{ type: "Revealed", round: turned, suits: [...suits] }, ...this.playOn(game, before)];
    }
    if (action instanceof Bid) return this.bid(action);
    if (action instanceof Draw) {
      const done = game.checks.length;
      game.check(action.card);
      /** @type {Event[]} */
      const events = game.checks.slice(done).map((check) => ({ type: "Checked", check }));
      return game.isOver() ? [...events, { type: "Ended" }] : events;
    }
    throw new TypeError(`not a 24 action now: ${action.type}`);
  }

  /**
   * @param {string} step
   * @param {Terror24Action} action
   * @returns {Event[]}
   */
  answer(step, action) {
    const a = this.answers;
    if (step === "grid" && action instanceof Grid) {
      const grid = action.columns.map((word) => (chars(word).every((c) => c === HIDDEN)
        ? Array(chars(word).length).fill(null) : this.suits(word)));
      const [seats, npc, chief] = this.seats();
      this.game = new Game(this.book, seats, chief, grid); // refuses a grid the rules cannot hold
      a.grid = grid;
      return [{ type: "Answered", step }, { type: "Started", npc }];
    }
    if (step === "players" && action instanceof Players) a.players = action.players.map(([n, d]) => [n, d]);
    else if (step === "styles" && action instanceof Styles) a.styles = action.letters.map((l) => this.styleOf(l));
    else if (step === "npc" && action instanceof NpcSeat) a.npc = { detective: action.detective, after: action.after };
    else if (step === "chief" && action instanceof Chief) a.chief = action.name;
    else throw new TypeError(`${action.type} does not answer the setup question ${step}`);
    return [{ type: "Answered", step }];
  }

  /** @returns {[Seat[], number | null, number]} */
  seats() {
    const a = /** @type {Required<Answers>} */ (this.answers);
    /** @type {(name: string, detective: string, style: Style, hand: number[], npc?: boolean) => Seat} */
    const seat = (name, detective, style, hand, npc = false) => ({
      name, detective, style, hand, npc, kept: [], events: [], vp: 0, dead: false,
    });
    const seats = a.players.map(([name, det], i) => seat(name, det, a.styles[i], [...this.data.time_cards.values]));
    let npc = null;
    if ("npc" in this.answers) {
      const deck = this.book.npcCards();
      if (!this.physical) new Random(`${this.seed}:npc-deck`).shuffle(deck);
      npc = seats.findIndex((s) => s.name === a.npc.after) + 1;
      seats.splice(npc, 0, seat(NPC, a.npc.detective, npcStyle(a.styles), deck, true));
    }
    return [seats, npc, seats.findIndex((s) => s.name === a.chief)];
  }

  /**
   * @param {Bid} action
   * @returns {Event[]}
   */
  bid(action) {
    const game = /** @type {Game} */ (this.game);
    const seat = game.seats.findIndex((s) => s.name === action.name);
    if (seat < 0) {
      throw new RuleError("no player called {word!r} (players: {names})",
        { word: action.name, names: new Listed(game.seats.map((s) => s.name)) });
    }
    const before = game.results.length;
    game.bid(seat, [...action.cards]);
    return [{ type: "Laid", seat, cards: [...action.cards], npc: game.seats[seat].npc }, ...this.playOn(game, before)];
  }

  /**
   * What follows by itself once a bid is laid or a round turned up: a virtual NPC turns its card when
   * it is asked (also in a round only it can bid in), and every round resolved since `before` (rounds
   * nobody can bid in pass at once) is told, and the end if it came.
   * @param {Game} game
   * @param {number} before
   * @returns {Event[]}
   */
  playOn(game, before) {
    const events = this.resolved(game, before);
    while (game.need()[0] === "npc" && !this.physical) {
      const npc = /** @type {number} */ (game.need()[1]);
      const top = game.npcTop();
      const done = game.results.length;
      game.bid(npc, [...top]);
      events.push({ type: "Laid", seat: npc, cards: top, npc: true }, ...this.resolved(game, done));
    }
    return game.isOver() ? [...events, { type: "Ended" }] : events;
  }

  /**
   * @param {Game} game
   * @param {number} before
   * @returns {Event[]}
   */
  resolved(game, before) {
    return game.results.slice(before).map((result) => ({ type: "Resolved", result, next_round: result.round < this.book.rounds }));
  }

  /**
   * @param {Adjust} action
   * @returns {Event[]}
   */
  adjust(action) {
    const game = this.game;
    if (game === null) throw new RuleError("scores can be corrected once the game has started");
    const seat = game.seats.findIndex((s) => s.name === action.name);
    if (seat < 0) {
      throw new RuleError("no player called {word!r} (players: {names})",
        { word: action.name, names: new Listed(game.seats.map((s) => s.name)) });
    }
    game.adjust(seat, action.vp);
    return [{ type: "Adjusted", seat, vp: action.vp, total: game.seats[seat].vp }];
  }

  // ---- the end ----

  /** @returns {Outcome | null} */
  outcome() {
    const game = this.game;
    if (game === null || !game.isOver()) return null;
    const seats = game.seats;
    // the living before the dead, then VP, then time in front (the winners' rule)
    const humans = seats.filter((s) => !s.npc).map((s) => /** @type {[string, number, number[]]} */ (
      [s.name, s.vp, [s.dead ? 0 : 1, s.vp, timeInFront(s)]]));
    return {
      how: seats.some((s) => s.dead) ? "survivors" : "score",
      winners: game.winners().map((i) => seats[i].name),
      figures: {},
      ranking: ranked(humans),
    };
  }

  withNpc() {
    return (this.answers.players ?? []).length === this.book.rules.npc_at_players;
  }
}
