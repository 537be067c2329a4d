// The 24 game in words for the table, sentence for sentence as the Python says it
// (companion/terror24/talk.py and the table's narration in repl.py), in the language of `words`;
// and the game as plain data, the JSON of `status --json`.

import { Bid, Chief, NPC, NpcSeat } from "./match.js";
import { say, sayPlural } from "./refusal.js";
import { timeInFront } from "./rules.js";
import { helpLines } from "../lib/textwidth.js";

/**
 * @typedef {import("../lib/words.js").Words} Words
 * @typedef {import("./rules.js").Game} Game
 * @typedef {import("./rules.js").Style} Style
 * @typedef {import("./rules.js").Award} Award
 * @typedef {import("./rules.js").Check} Check
 * @typedef {import("./rules.js").RoundResult} RoundResult
 * @typedef {import("./match.js").Match} Match
 * @typedef {import("./match.js").Event} Event
 * @typedef {import("./match.js").Draw} Draw
 * @typedef {{kind: string, least: number, count: number, choices: string[], shape: number[]}} Form
 * @typedef {{line: string, label: string, group: string, form?: Form}} Choice
 */

/** @param {number[]} cards */
const cardsText = (cards) => cards.join(" ");

const NEXT = {
  players: "next: players", styles: "next: styles", npc: "next: npc", chief: "next: chief", grid: "next: events",
};
/** @type {Record<string, string>} */
const ASK = {
  players: "players, clockwise (NAME=DETECTIVE ...)", styles: "styles in seat order (s=stand c=coop)",
  npc: "NPC detective (random or a name; optional 'after NAME')", chief: "chief (a player's name)",
  grid: "events, columns 1-7 top to bottom ({letters}; ? = face down)",
};
// What the table's `help` says of the game (the table's own commands are the driver's).
const HELP = `setup (one answer per prompt):
  players   Aki=scotch Ben=wolf Chie=hibachi   clockwise; detectives: {detectives}
  styles    s c s            one per player in seat order (s=stand, c=coop)
  npc       random | lloyd | lloyd after Ben     (3 players only; default seat: after the last)
  chief     Aki
  events    RB YG RR BP ??? GY ???   columns 1-7, top (1st place) first; {letters}
            face-down columns may be left out: RB YG RR BP GY
each round:
  reveal    YGR              the face-down events of rounds 5 and 7, when turned up
  bid       3 5  (or 35)     the two cards each bidder laid, asked player by player;
            Ben 3 4          names the bidder, so bids may come in any order
  NPC card  4                only with --npc-deck physical: the card turned up
end:
  check     2  or  draw      the card drawn in the life-or-death check
any time:  adjust NAME +2    correct a score by hand`;
/** @type {Record<string, string>} */
const ANSWERED = {
  players: "players: {answer}", styles: "styles: {answer}", npc: "npc: {answer}", chief: "chief: {answer}",
};

export class Narration {
  /**
   * @param {Match} match
   * @param {Words} words
   */
  constructor(match, words) {
    this.match = match;
    this.book = match.book;
    this.data = match.book.data;
    this.words = words;
    /** @type {"ja" | "en"} */
    this.lang = words.lang === "ja" ? "ja" : "en";
  }

  /** @param {string} message @param {Record<string, unknown>} [fields] */
  _(message, fields) {
    return say(this.words, message, fields);
  }

  /** @param {Iterable<unknown>} items */
  listing(items) {
    return this.words.listing(items);
  }

  /** @param {unknown} label @param {unknown} text */
  label(label, text) {
    return this._("{label}: {text}", { label, text });
  }

  get game() {
    return /** @type {Game} */ (this.match.game);
  }

  /** @param {Style} style */
  style(style) {
    return this.data.styles[style].name[this.lang];
  }

  /** @param {string | null} suitId */
  event(suitId) {
    if (suitId === null) return "?";
    const suit = this.book.suit(suitId);
    return this._("{letter} {event}({colour})", { letter: suit.letter, event: suit.name, colour: suit.colour });
  }

  /** @param {number} seat */
  name(seat) {
    const s = this.game.seats[seat];
    return s.npc ? this._("{name}({detective})", { name: s.name, detective: this.book.detective(s.detective).name }) : s.name;
  }

  /** @param {number} seat */
  seatLabel(seat) {
    const game = this.game;
    const s = game.seats[seat];
    const chief = seat === game.chief ? this._(" [chief]") : "";
    const detective = s.npc ? "" : ` ${this.book.detective(s.detective).name[this.lang]}`;
    return `${this.name(seat)}${detective} ${this.style(s.style)}${chief}`;
  }

  // ----- the table's narration of a line: its setup answer, then its events -----

  /**
   * What the table says after a line was accepted: the setup answer it gave (`asked`, the question
   * open before it), then its events.
   * @param {string | null} asked
   * @param {Event[]} events
   */
  said(asked, events) {
    return [...(asked ? this.answered([asked]) : []), ...this.narrate(events)];
  }

  /** @param {string[]} steps */
  answered(steps) {
    const answers = this.match.answers;
    /** @param {string} d */
    const detective = (d) => this.book.detective(d).name[this.lang];
    /** @type {Record<string, (value: any) => string>} */
    const shown = {
      players: (v) => this.listing(v.map(/** @param {[string, string]} p */ ([n, d]) => this._("{name} ({detective})", { name: n, detective: detective(d) }))),
      styles: (v) => v.map(/** @param {Style} s */ (s) => this.style(s)).join(" "),
      npc: (v) => this._("{detective}, after {name}", { detective: detective(v.detective), name: v.after }),
      chief: (v) => String(v),
    };
    /** @type {Record<string, unknown>} */
    const given = answers;
    return steps.filter((k) => k in ANSWERED).map((k) => this._(ANSWERED[k], { answer: shown[k](given[k]) }));
  }

  /** @param {Event[]} events */
  narrate(events) {
    const game = this.game;
    /** @type {string[]} */
    const lines = [];
    let resolved = false;
    for (const e of events) {
      if (e.type === "Started") {
        lines.push(...this.started(e.npc));
      } else if (e.type === "Revealed") {
        const shown = e.suits.map((s) => this.event(s)).join(" · ");
        lines.push(this._("round {round}'s events: {events}", { round: e.round, events: shown }));
      } else if (e.type === "Laid" && e.npc) {
        lines.push(this._("{name} turns up {cards}", { name: this.name(e.seat), cards: cardsText(e.cards) }));
      } else if (e.type === "Laid") { // face down: its cards are told when the round is resolved
        lines.push(sayPlural(this.words, "{name} lays {n} card face down", "{name} lays {n} cards face down",
          e.cards.length, { name: this.name(e.seat) }));
      } else if (e.type === "Resolved") {
        lines.push(...this.resolution(e.result));
        resolved = true;
      } else if (e.type === "Checked") {
        lines.push(...this.checks([e.check]));
      } else if (e.type === "Adjusted") {
        lines.push(this._("{name} {vp} VP ({reason}) → {total}", { name: game.seats[e.seat].name,
          vp: `${e.vp >= 0 ? "+" : ""}${e.vp}`, reason: this._("manual correction"), total: e.total }));
      }
    }
    if (resolved) { // the next round's header, or the start of the checks
      lines.push(...(game.round <= this.book.rounds ? this.roundStart() : this.checkStart()));
    }
    if (events.some((e) => e.type === "Ended")) lines.push(...this.final());
    return lines;
  }

  /** @param {number | null} npcSeat */
  started(npcSeat) {
    const game = this.game;
    const seating = game.seats.map((_, i) => this.seatLabel(i)).join(" · ");
    const lines = [this._("seats clockwise: {seats}", { seats: seating })];
    if (npcSeat !== null) {
      const npc = game.seats[npcSeat];
      const cards = [...npc.hand].sort((a, b) => a - b).join(" ");
      const deckSaid = this.match.physical
        ? this._("shuffle its real cards ({cards}) face down; type each card you turn up", { cards })
        : this._("its deck ({cards}) is shuffled by the companion (seed {seed})", { cards, seed: this.match.seed });
      lines.push(this._("NPC: {detective} plays {style} (the minority style), seated after {after}", {
        detective: this.book.detective(npc.detective).name[this.lang], style: this.style(npc.style),
        after: game.seats[npcSeat - 1].name,
      }), deckSaid);
    }
    return [...lines, ...this.roundStart()];
  }

  // ----- a round -----

  /**
   * Who sits out: with the bundled rules each holds just the 0 (one card left); with bigger bids in
   * edited data a seat may sit out holding more.
   * @param {number[]} seats
   * @param {string} oneLeft
   * @param {string} fewer
   */
  sittingOut(seats, oneLeft, fewer) {
    const names = this.listing(seats.map((i) => this.name(i)));
    if (seats.every((i) => this.game.seats[i].hand.length === 1)) return this._(oneLeft, { names });
    return this._(fewer, { n: this.data.rules.bid_cards, names });
  }

  /** The round's header, and who sits out of it. */
  roundStart() {
    const game = this.game;
    const lines = ["", this._("── round {round} ──", { round: game.round })];
    const out = game.seats.map((_, i) => i).filter((i) => !game.bidders.includes(i));
    if (out.length) {
      lines.push(this.sittingOut(out, "sitting out this round (one card left): {names}",
        "sitting out this round (fewer than {n} cards in hand): {names}"));
    }
    return lines;
  }

  /** @param {RoundResult} result */
  resolution(result) {
    const game = this.game;
    /** @param {number} seat */
    const who = (seat) => this.name(seat);
    const lines = [this._("coop bidders: {n}", { n: result.coop_count })];
    const times = result.ranking.map((e) => {
      const coop = e.style === "coop" ? ` ${this._("+{n} coop", { n: result.coop_count })}` : "";
      return `${who(e.seat)} ${e.cards.join("+")}${coop} = ${e.time}`;
    });
    lines.push(this._("times: {times}", { times: times.join(" · ") }));
    const column = game.grid[result.round - 1];
    column.forEach((suit, i) => {
      const place = i + 1;
      if (place <= result.placed.length) {
        lines.push(`  ${this._("{place}. {name} → {event}", { place, name: who(result.placed[i].seat), event: this.event(suit) })}`);
      } else {
        lines.push(`  ${this._("{place}. nobody (event unclaimed)", { place })}`);
      }
    });
    /** @type {Map<number, number>} */
    const placers = new Map(result.placed.map((p, i) => [i + 1, p.seat]));
    for (const a of result.awards) {
      lines.push(`  ${this.label(`VP ${who(a.seat)} +${a.vp}`, this.reason(a, placers, result.round))}`);
    }
    for (const [said, cards] of /** @type {const} */ ([["back to hand: {cards}", result.back_to_hand],
      ["stay out in front: {cards}", result.left_out]])) {
      const human = [...cards].filter(([s]) => !game.seats[s].npc).map(([s, c]) => `${who(s)} ${cardsText(c)}`);
      if (human.length) lines.push(this._(said, { cards: human.join(" · ") }));
    }
    for (const [seat, cards] of result.left_out) {
      if (game.seats[seat].npc) {
        lines.push(this._("{name}: {cards} stays out with the event", { name: who(seat), cards: cardsText(cards) }));
      }
    }
    if (result.npc_to_bottom.length) {
      const npc = game.seats.findIndex((s) => s.npc);
      lines.push(this._("{name}: {cards} to the bottom of its deck", { name: who(npc), cards: cardsText(result.npc_to_bottom) }));
    }
    if (result.sitting_out.length) {
      lines.push(this.sittingOut(result.sitting_out, "sitting out (one card left): {names}",
        "sitting out (fewer than {n} cards in hand): {names}"));
    }
    lines.push(this._("new chief: {name}", { name: who(result.chief) }));
    for (const s of result.switches) {
      lines.push(this._("style switch: {name} → {style}", { name: who(s.seat), style: this.style(s.style) }));
    }
    if (!result.switches.length) lines.push(this._("no style switches"));
    lines.push(this.standings());
    return lines;
  }

  /**
   * @param {Award} award
   * @param {Map<number, number>} placers
   * @param {number} round
   */
  reason(award, placers, round) {
    const suit = this.book.suit(award.suit);
    const event = suit.name[this.lang];
    if (award.kind === "colour") {
      return this._("same-colour bonus ({colour}, round {round})", { colour: suit.colour[this.lang], round });
    }
    if (award.kind === "coop_sub") {
      return this._("coop sub VP for {placer}'s {event}", { placer: this.name(/** @type {number} */ (placers.get(award.place))), event });
    }
    if (award.kind === "coop_main") return this._("coop main VP for {event}", { event });
    return this._("stand VP for {event}", { event });
  }

  standings() {
    const scores = this.game.seats.map((s, i) => `${this.name(i)} ${s.vp}`).join(" · ");
    const flag = this.data.events.provisional ? `  ${this._("(provisional event values)")}` : "";
    return this._("standings: {scores}", { scores }) + flag;
  }

  // ----- the end -----

  checkStart() {
    const game = this.game;
    const order = game.checkOrder.map((i) => this._("{name} ({time})", { name: this.name(i), time: timeInFront(game.seats[i]) }))
      .join(" → ");
    return ["", this._("life-or-death order: {order}", { order }), ...this.checks(game.checks)];
  }

  /** @param {Check[]} checks */
  checks(checks) {
    const game = this.game;
    /** @type {string[]} */
    const lines = [];
    const death = this.book.rules.death_card;
    for (const c of checks) {
      const name = this.name(c.seat);
      if (c.card === null) {
        lines.push(c.dead ? this._("{name} holds only the {card}: dies", { name, card: death })
          : this._("{name} holds no {card}: survives", { name, card: death }));
      } else {
        const fate = c.dead ? this._("dies") : this._("survives");
        lines.push(this._("{name} draws {card}: {fate}", { name, card: c.card, fate }));
      }
      if (c.dead && game.checks.length < game.checkOrder.length) {
        lines.push(this._("the check stops at the first death; the others survive"));
      }
    }
    return lines;
  }

  final() {
    const game = this.game;
    const winners = game.winners();
    const names = this.listing(winners.map((i) => this.name(i)));
    let verdict;
    if (!winners.length) verdict = this._("no surviving player: nobody wins");
    else verdict = winners.length === 1 ? this._("winner: {names}", { names }) : this._("draw between {names}", { names });
    const lines = ["", this._("game over")];
    game.seats.forEach((s, i) => {
      const fate = s.dead ? ` · ${this._("dead")}` : "";
      lines.push(`  ${this._("{name}: {vp} VP, in front {time}", { name: this.name(i), vp: s.vp, time: timeInFront(s) })}${fate}`);
    });
    if (game.seats.some((s) => s.npc)) lines.push(this._("(the NPC cannot win)"));
    return [...lines, verdict];
  }

  // ----- what a page offers -----

  /**
   * The legal actions as the table names them, and forms for the answers too many to list
   * (repl.Terror24Table.choices; each as protocol.Choice.to_json()).
   * @returns {Choice[]}
   */
  choices() {
    const m = this.match;
    const step = m.setupStep();
    /** @type {(line: string, label: string, group: string, form?: Form) => Choice} */
    const choice = (line, label, group, form) => (form ? { line, label, group, form } : { line, label, group });
    /** @type {(kind: string, count: number, choices: string[], least?: number, shape?: number[]) => Form} */
    const form = (kind, count, choices, least = 1, shape = []) => ({ kind, least, count, choices, shape });
    if (step === "players") {
      return [choice("", this._("Players, clockwise: NAME=DETECTIVE each"), "setup",
        form("players", this.data.players.max, this.data.detectives.map((d) => d.id), this.data.players.min))];
    }
    if (step === "styles") {
      const players = (m.answers.players ?? []).length;
      return [choice("", this._("A style for each player, in seat order"), "setup",
        form("styles", players, this.book.styles.map((s) => this.data.styles[s].letter), players))];
    }
    if (step === "grid") {
      const faceUp = this.data.grid.filter((c) => !c.face_down).map((c) => c.places);
      const places = faceUp.reduce((a, b) => a + b, 0);
      return [choice("", this._("The face-up events, column by column, top first"), "setup",
        form("grid", places, m.eventsLeft(), places, faceUp))];
    }
    const listed = m.legalActions().map((action) => {
      const line = action.line();
      if (action instanceof NpcSeat) {
        return choice(line, this._("{detective}, seated after {name}",
          { name: action.after, detective: this.book.detective(action.detective).name[this.lang] }), "npc");
      }
      if (action instanceof Chief) return choice(line, action.name, "chief");
      if (action instanceof Bid && action.name === NPC) {
        return choice(line, this._("The NPC turns up {cards}", { cards: cardsText(action.cards) }), "npc");
      }
      if (action instanceof Bid) {
        return choice(line, this._("{name} lays {cards}", { name: action.name, cards: cardsText(action.cards) }), "bid");
      }
      const seat = /** @type {number} */ (this.game.need()[1]);
      return choice(line, this._("{name} draws {card}", { name: this.name(seat), card: /** @type {Draw} */ (action).card }),
        "check");
    });
    if (step === "npc") listed.push(choice("random", this._("A detective at random"), "npc"));
    if (step !== null) return listed;
    const game = this.game;
    const [kind] = game.need();
    if (kind === "reveal") {
      const places = game.grid[game.round - 1].length;
      listed.push(choice("", this._("The {n} events turned up, top to bottom", { n: places }), "reveal",
        form("events", places, m.eventsLeft(), places)));
    } else if (kind === "check") {
      listed.push(choice("draw", this._("Draw one at random"), "check"));
    }
    if (kind !== "over") {
      listed.push(choice("", this._("Correct a score"), "adjust", form("adjust", 1, game.seats.map((s) => s.name))));
    }
    return listed;
  }

  // ----- the table as `status` says it, and the prompt -----

  /** What `status` says: the setup answers so far and the next question, or the table. */
  describe() {
    const step = this.match.setupStep();
    if (this.match.game === null && step !== null) {
      // (the grid is the last answer: once given, the game has started)
      return [...this.answered(Object.keys(this.match.answers)), this._(NEXT[step])];
    }
    return this.table();
  }

  table() {
    const game = this.game;
    const rounds = this.book.rounds;
    const columns = game.grid.map((col) => col.map((s) => (s ? this.book.suit(s).letter : "?")).join("")).join(" ");
    const lines = [this._("round {round}/{rounds} · events: {columns}", { round: Math.min(game.round, rounds), rounds, columns })];
    const survived = new Set(game.checks.filter((c) => !c.dead).map((c) => c.seat));
    game.seats.forEach((s, i) => {
      const held = s.npc ? this._("deck {cards}", { cards: s.hand.length })
        : this._("hand {cards}", { cards: cardsText([...s.hand].sort((a, b) => a - b)) });
      const events = s.events.map((e) => this.book.suit(e).letter).join("") || "-";
      const laid = game.bids.get(i);
      lines.push(`  ${this._("{seat}: {vp} VP · events {events} · {held} · in front {time}",
        { seat: this.seatLabel(i), vp: s.vp, events, held, time: timeInFront(s) })}`
        + (laid ? ` · ${this._("laid {cards}", { cards: cardsText(laid) })}` : "")
        + (s.dead ? ` · ${this._("dead")}` : "")
        + (survived.has(i) ? ` · ${this._("survives")}` : ""));
    });
    return [...lines, this.standings()];
  }

  /** The game's commands, laid out in this language (the table's `help`). */
  help() {
    const detectives = this.data.detectives.map((d) => (this.lang === "en" ? d.id : d.name.ja)).join(" ");
    return helpLines(this.words, [HELP], { detectives, letters: this.letters() });
  }

  letters() {
    return this.data.events.suits.map((s) => `${s.letter}=${s.name[this.lang]}`).join(" ");
  }

  /** The question the table asks now. */
  prompt() {
    const game = this.match.game;
    if (game === null) return `${this._(ASK[/** @type {string} */ (this.match.setupStep())], { letters: this.letters() })} >`;
    const [kind, seat] = game.need();
    const r = game.round;
    if (kind === "reveal") {
      return `${this._("round {round}: turn up the {n} face-down events, top to bottom ({letters})",
        { round: r, n: game.grid[r - 1].length, letters: this.letters() })} >`;
    }
    if (kind === "over") return ">";
    const name = this.name(/** @type {number} */ (seat));
    if (kind === "bid") {
      return `${this._("round {round} · {name}'s {n} cards", { round: r, name, n: this.book.rules.bid_cards })} >`;
    }
    if (kind === "npc") return `${this._("round {round} · {name}: the card turned up", { round: r, name })} >`;
    return `${this._("life or death · {name} draws a card from hand (the card, or 'draw')", { name })} >`;
  }
}

/**
 * The game as `status --json` shows it (the same JSON as the Python's).
 * @param {Match} match
 */
export function status(match) {
  const data = match.book.data;
  const head = { game: "terror24", provisional_event_values: data.events.provisional };
  const game = match.game;
  if (game === null) return { ...head, phase: "setup", asking: match.setupStep(), answers: match.answers };
  const [kind, seat] = game.need();
  /** @param {number[]} cards */
  const sorted = (cards) => [...cards].sort((a, b) => a - b);
  return {
    ...head,
    phase: kind,
    asking: seat !== null ? game.seats[seat].name : null,
    round: Math.min(game.round, match.book.rounds),
    chief: game.seats[game.chief].name,
    npc_deck: match.physical ? "physical" : "virtual",
    grid: game.grid.map((col) => [...col]),
    seats: game.seats.map((s) => ({
      name: s.name, npc: s.npc, detective: s.detective, style: s.style, vp: s.vp,
      hand: !s.npc ? sorted(s.hand) : null,
      deck_left: s.npc ? sorted(s.hand) : null, // its contents, never its order
      in_front: s.kept, events: s.events, dead: s.dead,
    })),
    rounds_played: game.results.length,
    winners: kind === "over" ? game.winners().map((i) => game.seats[i].name) : null,
  };
}
