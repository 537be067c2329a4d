// 24's steps told for the page, in sentences a player reads at the table: the terminal's narration
// (../terror24/talk.js, held to the Python line for line) writes for a console — "times: Ben 2+5 +2 coop
// = 9 · …", "NPC(Lloyd)", "── round 2 ──" — so the app tells a round, the setup answers and the seats
// in its own words, from the same events, and leaves everything else to the narration.

import { Narration } from "../terror24/talk.js";

/**
 * @typedef {import("../terror24/rules.js").RoundResult} RoundResult
 * @typedef {import("../terror24/rules.js").Style} Style
 */

/** @param {number[]} cards */
const cardList = (cards) => cards.join(" + ");

export class TableTalk extends Narration {
  /** The NPC by its detective's name, marked as the NPC in words. @param {number} seat */
  name(seat) {
    const s = this.game.seats[seat];
    if (!s.npc) return s.name;
    return this._("{detective} (NPC)", { detective: this.book.detective(s.detective).name[this.lang] });
  }

  /** @param {number} seat */
  seatLabel(seat) {
    const game = this.game;
    const s = game.seats[seat];
    const who = s.npc ? this.name(seat)
      : this._("{name} ({detective})", { name: s.name, detective: this.book.detective(s.detective).name[this.lang] });
    const label = this._("{seat}, {style}", { seat: who, style: this.style(s.style) });
    return seat === game.chief ? this._("{seat}, chief", { seat: label }) : label;
  }

  /** The setup answers as sentences. @param {string[]} steps */
  answered(steps) {
    const answers = /** @type {Record<string, any>} */ (this.match.answers);
    /** @param {string} d */
    const detective = (d) => this.book.detective(d).name[this.lang];
    /** @type {[string, string][]} */
    const players = answers.players ?? [];
    /** @type {Style[]} */
    const styles = answers.styles ?? [];
    /** @type {Record<string, () => string>} */
    const told = {
      players: () => this._("Players, clockwise: {players}", {
        players: this.listing(players.map(([name, d]) => this._("{name} ({detective})", { name, detective: detective(d) }))) }),
      styles: () => this._("Styles: {styles}", {
        styles: this.listing(styles.map((style, i) => this._("{name} {style}", { name: players[i][0], style: this.style(style) }))) }),
      npc: () => this._("The NPC plays {detective}, seated after {name}",
        { detective: detective(answers.npc.detective), name: answers.npc.after }),
      chief: () => this._("The chief: {name}", { name: answers.chief }),
    };
    return steps.filter((step) => step in told).map((step) => told[step]());
  }

  /**
   * The game's start: the seats, and the NPC with its deck in the app's words (the terminal's name the
   * companion's seed and say to type each card).
   * @param {number | null} npcSeat
   */
  started(npcSeat) {
    const game = this.game;
    const lines = [this._("seats clockwise: {seats}", { seats: game.seats.map((_s, i) => this.seatLabel(i)).join(" · ") })];
    if (npcSeat !== null) {
      const npc = game.seats[npcSeat];
      const cards = [...npc.hand].sort((a, b) => a - b).join(" ");
      lines.push(this._("NPC: {detective} plays {style} (the minority style), seated after {after}", {
        detective: this.book.detective(npc.detective).name[this.lang], style: this.style(npc.style),
        after: game.seats[npcSeat - 1].name,
      }), this.match.physical
        ? this._("Shuffle the NPC's real cards ({cards}) face down; each round, tap the card you turn up on its pad.", { cards })
        : this._("The app shuffles the NPC's deck ({cards}) and turns its cards each round.", { cards }));
    }
    return [...lines, ...this.roundStart()];
  }

  /** A new round is shown by the page itself; only who sits it out is said. */
  roundStart() {
    return super.roundStart().filter((line) => line.trim() && !line.includes("──"));
  }

  /** A round in the order the table settles it. @param {RoundResult} result */
  resolution(result) {
    const game = this.game;
    /** @param {number} seat */
    const who = (seat) => this.name(seat);
    const lines = result.ranking.map((e) => (e.style === "coop"
      ? this._("{name}: {cards} + {bonus} for the coop bidders = time {time}", {
        name: who(e.seat), cards: cardList(e.cards), bonus: result.coop_count, time: e.time })
      : this._("{name}: {cards} = time {time}", { name: who(e.seat), cards: cardList(e.cards), time: e.time })));
    game.grid[result.round - 1].forEach((suit, i) => {
      const place = i + 1;
      lines.push(place <= result.placed.length
        ? this._("Place {place}: {name} takes {event}", { place, name: who(result.placed[i].seat), event: this.eventName(suit) })
        : this._("Place {place}: nobody; the event stays unclaimed", { place }));
    });
    /** @type {Map<number, number>} */
    const placers = new Map(result.placed.map((p, i) => [i + 1, p.seat]));
    for (const a of result.awards) {
      lines.push(this._("{name} +{vp} VP: {reason}", { name: who(a.seat), vp: a.vp, reason: this.reason(a, placers, result.round) }));
    }
    // The players' cards by seat, each seat apart; the NPC's go with the event or under its deck.
    /** @param {Map<number, number[]>} cards */
    const held = (cards) => [...cards].filter(([s]) => !game.seats[s].npc)
      .map(([s, c]) => this._("{name} {cards}", { name: who(s), cards: this.listing(c) })).join(" · ");
    const back = held(result.back_to_hand);
    const out = held(result.left_out);
    if (back) lines.push(this._("Back to hand: {cards}", { cards: back }));
    if (out) lines.push(this._("Out in front: {cards}", { cards: out }));
    for (const [seat, cards] of result.left_out) {
      if (game.seats[seat].npc) {
        lines.push(this._("{name}: {cards} stays out with the event", { name: who(seat), cards: this.listing(cards) }));
      }
    }
    if (result.npc_to_bottom.length) {
      const npc = game.seats.findIndex((s) => s.npc);
      lines.push(this._("{name} puts {cards} at the bottom of its deck", { name: who(npc), cards: this.listing(result.npc_to_bottom) }));
    }
    if (result.sitting_out.length) {
      lines.push(this.sittingOut(result.sitting_out, "sitting out (one card left): {names}",
        "sitting out (fewer than {n} cards in hand): {names}"));
    }
    lines.push(this._("The new chief: {name}", { name: who(result.chief) }));
    for (const s of result.switches) {
      lines.push(this._("{name} switches to {style}", { name: who(s.seat), style: this.style(s.style) }));
    }
    if (!result.switches.length) lines.push(this._("No style switches"));
    lines.push(this.standings());
    return lines;
  }

  /** An event by its name and colour, without the grid's letter. @param {string | null} suitId */
  eventName(suitId) {
    if (suitId === null) return "?";
    const suit = this.book.suit(suitId);
    return this._("{event} ({colour})", { event: suit.name[this.lang], colour: suit.colour[this.lang] });
  }

  standings() {
    const scores = this.listing(this.game.seats.map((s, i) => this._("{name} {vp} VP", { name: this.name(i), vp: s.vp })));
    return this.data.events.provisional ? this._("Standings: {scores} (provisional event values)", { scores })
      : this._("Standings: {scores}", { scores });
  }
}
