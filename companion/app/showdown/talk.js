// What the Hitman's Showdown table is told: the engine's events, a side's dice, a check's verdict and the
// ledger's reasons, sentence for sentence as companion/showdown/talk.py words them, in the language of
// `words`.
//
// An event is `{type: ClassName, ...fields}` as the Python's events read as JSON. A value that is words
// (a reason, a question, a name, a refusal's argument) comes as one of: a Said (lib/speech.js) or its
// JSON `{said, fields, plural}`; game data in both languages `{ja, en}`; an amount of money
// `{amount, unit}` (cards.js's Money); words side by side (speech.Joined: `{parts, sep}`, as JSON
// `{joined, sep}`); a refusal (its `said()`); an array, said as a list.

import { str } from "../lib/format.js";
import { Said, Speech } from "../lib/speech.js";
import { N_ } from "../lib/words.js";
import { Money } from "./cards.js";

/**
 * @typedef {import("../lib/words.js").Words} Words
 * @typedef {import("../lib/engine.js").GameEvent} GameEvent
 * @typedef {{ja: string, en: string}} Text
 * @typedef {{kind: string, [field: string]: any}} Atom
 * @typedef {{any: {all: Atom[]}[]}} Condition
 * @typedef {{holds: boolean, kind: string, target: number, have: number, face: number}} AtomResult
 * @typedef {{success: boolean, total: number, alternatives: AtomResult[][]}} Verdict
 * @typedef {{change: string, why: unknown, n: number, faces: number[], gone: number[], old: number,
 *            new: number, kind: string}} Note
 * @typedef {{team: string, count: number, faces: number[] | null, bonus: number, backups: number,
 *            escape: boolean}} Dice
 * @typedef {{id: string, roll: number, text: Text, amount: number, money_roll: number[], value: number}} Effect
 * @typedef {import("./cards.js").Rulebook} Rulebook
 * @typedef {import("./cards.js").Role} Role
 * @typedef {{nextTotal: number, nextDice: number, skip: boolean, barred: Iterable<string>}} Pending
 */

/** settle.py's questions, as a page asks them (its buttons are the answers). */
/** @type {Record<string, string>} */
export const PAGE_QUESTIONS = {
  "{team}: {what} (1d6: type the face, or 'roll')": N_("{team}: {what} (1d6)"),
  "{team}: {what} (type the face, or 'roll')": N_("{team}: {what}"),
  "{team} takes a card from {victim} ({choices}): type its id": N_("{team} takes a card from {victim}"),
};

// A count of dice is said in words in English ("needs two 6s"); each word is in the catalog.
const NUMBERS = [N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"), N_("six"), N_("seven"),
  N_("eight"), N_("nine"), N_("ten"), N_("eleven"), N_("twelve")];

// A condition as the printed card words it (tabletop/data/hitmans_showdown.py), in both languages.
const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/**
 * @param {Atom} atom
 * @param {"ja" | "en"} lang
 */
function atomText(atom, lang) {
  if (atom.kind === "total_at_least") return lang === "ja" ? `出目合計値${atom.total}以上` : `total ≥ ${atom.total}`;
  if (atom.kind === "total_equals") return lang === "ja" ? `出目合計値ちょうど${atom.total}` : `total exactly ${atom.total}`;
  const count = /** @type {number} */ (atom.count);
  if (lang === "ja") return `${atom.face}の出目が${count}つ以上`;
  const word = count < NUMBER_WORDS.length ? NUMBER_WORDS[count] : String(count);
  return `at least ${word} ${atom.face}${count !== 1 ? "s" : ""}`;
}

/**
 * @param {Condition} condition
 * @param {"ja" | "en"} lang
 */
export function conditionText(condition, lang) {
  return condition.any.map((alt) => alt.all.map((atom) => atomText(atom, lang)).join(lang === "en" ? " and " : "かつ"))
    .join(lang === "en" ? ", or " : "、もしくは");
}

/**
 * Python's order of strings: by code point (JavaScript's sort compares UTF-16 units).
 * @param {string} a
 * @param {string} b
 */
export function byCodePoints(a, b) {
  const x = Array.from(a, (c) => /** @type {number} */ (c.codePointAt(0)));
  const y = Array.from(b, (c) => /** @type {number} */ (c.codePointAt(0)));
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/** @param {number[] | null | undefined} faces */
export function fmt(faces) {
  return faces && faces.length ? faces.join(" ") : "—";
}

/**
 * @param {unknown} value
 * @returns {value is Text}
 */
function isText(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    && typeof (/** @type {any} */ (value).ja) === "string" && typeof (/** @type {any} */ (value).en) === "string";
}

export class Talk {
  /**
   * @param {Rulebook} book the game's data and its look-ups
   * @param {Words} words the table's language
   */
  constructor(book, words) {
    this.book = book;
    this.speech = new Speech(words);
    /** @type {"ja" | "en"} */
    this.lang = words.lang === "ja" ? "ja" : "en";
  }

  /**
   * `message` in this language, its fields said in it first (see `say`).
   * @param {string} message
   * @param {Record<string, unknown>} [fields]
   */
  _(message, fields) {
    return this.speech._(message, fields && this.filled(fields));
  }

  /**
   * @param {string} singular
   * @param {string} plural
   * @param {number} count
   * @param {Record<string, unknown>} [fields]
   */
  ngettext(singular, plural, count, fields = {}) {
    return this.speech.ngettext(singular, plural, count, this.filled(fields));
  }

  /** @param {unknown} label @param {unknown} text */
  label(label, text) {
    return this._("{label}: {text}", { label, text });
  }

  /** @param {Iterable<unknown>} items */
  listing(items) {
    return this.speech.listing(items);
  }

  /**
   * @param {Record<string, unknown>} fields
   * @returns {Record<string, unknown>}
   */
  filled(fields) {
    return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, this.said(v)]));
  }

  /**
   * A field in this language (speech._said): words as words, game data as this language's, an array
   * (a tuple) as a list; anything else as it is.
   * @param {unknown} value
   * @returns {unknown}
   */
  said(value) {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return this.listing(value.map((item) => str(this.said(item))));
    const v = /** @type {any} */ (value);
    if (isText(v)) return v[this.lang];
    if (typeof v.amount === "number" && isText(v.unit)) return new Money(v.amount, v.unit).text(this.lang);
    if (v instanceof Said && v.constructor !== Said) return v.text(this.speech); // words of their own (a usage line)
    const message = v instanceof Said ? v.message : v.said;
    if (typeof message === "string") {
      const fields = this.filled(v.fields ?? {});
      return v.plural ? this.speech.ngettext(message, v.plural[0], v.plural[1], fields) : this.speech._(message, fields);
    }
    if (typeof v.said === "function") return this.said(v.said()); // a refusal as a field: its words
    const parts = v.parts ?? v.joined;
    if (Array.isArray(parts)) return parts.map((/** @type {unknown} */ part) => str(this.said(part))).join(v.sep ?? " ");
    return value;
  }

  /**
   * A refusal in this language (SaidError.text): its message key and arguments, its plural if any.
   * @param {{key: string, args: Record<string, unknown>, plural?: [string, number] | null}} refusal
   */
  refusal(refusal) {
    return this.words({ said: refusal.key, fields: refusal.args, plural: refusal.plural ?? null });
  }

  // ---- names and numbers -----------------------------------------------------------------------

  /** @param {number} amount */
  money(amount) {
    return this.book.amount(amount).text(this.lang);
  }

  /** @param {string} cardId */
  card(cardId) {
    return `${cardId} ${this.book.card(cardId).title[this.lang]}`;
  }

  /**
   * A question as a page asks it: the taps offer the answers, so no word on how to type one.
   * @param {any} question
   */
  pageQuestion(question) {
    const message = question?.message ?? question?.said;
    const page = typeof message === "string" ? PAGE_QUESTIONS[message] : undefined;
    return this.words(page === undefined ? question : new Said(page, question.fields ?? {}));
  }

  /**
   * A reason, a question or a name: the data's text or the companion's words, in this language.
   * @param {unknown} value
   */
  words(value) {
    return str(this.said(value));
  }

  /** @param {string[]} winners */
  verdict(winners) {
    const teams = winners.join(this._(" and "));
    return winners.length > 1 ? this._("shared victory: {teams}", { teams }) : this._("winner: {teams}", { teams });
  }

  /**
   * What a team's last penalty still does: to its next action, its next turn, its targets.
   * @param {Pending} team
   */
  pending(team) {
    const pending = [];
    if (team.nextTotal) pending.push(this._("next total {n:+d}", { n: team.nextTotal }));
    if (team.nextDice) pending.push(this._("next {n:+d} die", { n: team.nextDice }));
    if (team.skip) pending.push(this._("skips next turn"));
    const barred = [...team.barred].sort(byCodePoints);
    if (barred.length) pending.push(this._("may not attack {teams}", { teams: barred }));
    return pending;
  }

  /**
   * What the printed card says is at stake: reward (until paid once), advance, penalty.
   * @param {Role} role
   * @param {boolean} rewarded
   */
  stakes(role, rewarded) {
    const labels = /** @type {{labels: Record<string, Text>}} */ (/** @type {unknown} */ (this.book.data)).labels;
    const stakes = rewarded ? [] : [this.label(labels.reward[this.lang], this.money(/** @type {number} */ (role.reward)))];
    if (role.advance) stakes.push(this.label(labels.advance[this.lang], this.money(role.advance)));
    if (role.penalty) stakes.push(labels.penalty_mark[this.lang]);
    return stakes;
  }

  // ---- dice ----------------------------------------------------------------------------------------

  /**
   * One change to a side's dice and why.
   * @param {Note} note
   */
  note(note) {
    const why = note.why;
    const n = Math.abs(note.n);
    switch (note.change) {
      case "start":
        return this.ngettext("{n} die to start", "{n} dice to start", n);
      case "dice":
        return this.ngettext("{why}: {n:+d} die", "{why}: {n:+d} dice", n, { why, n: note.n });
      case "extra_rolled":
        return this.ngettext("{why}: extra die rolled {faces}", "{why}: extra dice rolled {faces}", n,
          { why, faces: fmt(note.faces) });
      case "copied":
        return this.ngettext("{why}: {n} more die showing {face}", "{why}: {n} more dice showing {face}", n,
          { why, face: note.old });
      case "added":
        return this._("{why}: added {faces}", { why, faces: fmt(note.faces) });
      case "set":
        return this._("{why}: a {old} set to {new}", { why, old: note.old, new: note.new });
      case "rerolled":
        return this._("{why}: rerolled {old} -> {new}", { why, old: fmt(note.gone), new: fmt(note.faces) });
      case "taken_away":
        return this._("{why}: {gone} taken away", { why, gone: fmt(note.gone) });
      case "total":
        return this._("{why}: total {n:+d}", { why, n: note.n });
      case "lowered":
        return this._("{why}: highest die {old} -> {new}", { why, old: note.old, new: note.new });
      case "no_opponent":
        return this._("{why}: no opponent here, so its effect on the opponent does nothing", { why });
      case "cancels":
        return this._("{label}: cancels the penalty of a loss (no change to the dice)", { label: why });
      default:
        throw new Error(`a note of an unknown change: ${JSON.stringify(note.change)}`);
    }
  }

  /** @param {Dice} dice */
  diceLine(dice) {
    const extras = [];
    if (dice.bonus) extras.push(this._("total {n:+d}", { n: dice.bonus }));
    if (dice.backups) extras.push(this._("{n} reroll(s)", { n: dice.backups }));
    if (dice.escape) extras.push(this._("escape route"));
    const shown = dice.faces !== null ? fmt(dice.faces) : this.ngettext("{n} die to roll", "{n} dice to roll", dice.count);
    return shown + (extras.length ? this._(" ({extras})", { extras: this.listing(extras) }) : "");
  }

  /**
   * The rolled dice and totals; a mafia attack's with what its card's condition says of them.
   * @param {{sides: Dice[], verdict: Verdict | null}} standing
   */
  standing(standing) {
    /** @param {Dice} s */
    const total = (s) => (s.faces ?? []).reduce((a, b) => a + b, 0) + s.bonus;
    if (standing.verdict) {
      const [side] = standing.sides;
      return this.label(`${this.diceLine(side)} = ${total(side)}`, this.explain(standing.verdict));
    }
    return standing.sides.map((s) => `${s.team} ${this.diceLine(s)} = ${total(s)}`).join(this._(" vs "));
  }

  // ---- a check's verdict ---------------------------------------------------------------------------

  /** @param {number} n */
  number(n) {
    return n >= 0 && n < NUMBERS.length ? this._(NUMBERS[n]) : String(n);
  }

  /** @param {AtomResult} atom */
  need(atom) {
    if (atom.kind === "total_at_least") return this._("total ≥ {target}", { target: atom.target });
    if (atom.kind === "total_equals") return this._("total exactly {target}", { target: atom.target });
    return this.ngettext("{number} {face}", "{number} {face}s", atom.target,
      { number: this.number(atom.target), face: atom.face });
  }

  /** @param {AtomResult} atom */
  missing(atom) {
    const have = atom.kind === "face_count_at_least" ? this.number(atom.have) : atom.have;
    return this._("needs {need}, have {have}", { need: this.need(atom), have });
  }

  /**
   * A check's verdict: what the dice met, or what each alternative still misses.
   * @param {Verdict} verdict
   */
  explain(verdict) {
    if (verdict.success) {
      const held = /** @type {AtomResult[]} */ (verdict.alternatives.find((alt) => alt.every((a) => a.holds)));
      return this._("success: {met}", { met: held.map((a) => this.need(a)).join(this._(", ")) });
    }
    const parts = verdict.alternatives.map((alt) => alt.filter((a) => !a.holds).map((a) => this.missing(a))
      .join(this._("; ")));
    return this._("fails: {missing}", { missing: parts.join(this._(" — or — ")) });
  }

  // ---- events --------------------------------------------------------------------------------------

  /** @param {GameEvent[]} events */
  narrate(events) {
    return events.flatMap((e) => this.event(/** @type {any} */ (e)));
  }

  /**
   * @param {any} e
   * @returns {string[]}
   */
  event(e) {
    switch (e.type) {
      case "Booked":
        return [this._("{team}: {sign}{amount} ({reason}) → {balance}", {
          team: e.team, sign: e.amount >= 0 ? "+" : "−", amount: this.money(Math.abs(e.amount)), reason: e.reason,
          balance: this.money(e.balance),
        })];
      case "TeamOut":
        return [this._("{team} has no money left and is out of the game", { team: e.team })];
      case "CardGiven":
        return [e.to === null ? this._("{card} is back on the board", { card: this.card(e.card) })
          : this._("{card} now held by {team}", { card: this.card(e.card), team: e.to })];
      case "Passed":
        return [this._("{team} passes", { team: e.team })];
      case "SkippedTurn":
        return [this._("{team} skips this turn (penalty)", { team: e.team })];
      case "WeekBegan":
        return [this._("— week {week}: {text}", { week: e.week, text: e.text })];
      case "ScoutDealt":
        return [this._("{team} receives the scout {card}", { team: e.team, card: this.card(e.card) })];
      case "GameEnded": {
        const why = e.why === "one_left" ? this._("one team is left") : this._("the showdown");
        return [this._("— {why}: bonuses", { why })];
      }
      case "FinalMoney": {
        const standing = this.listing(e.standing.map((/** @type {[string, number]} */ [team, money]) => `${team} ${this.money(money)}`));
        return [this._("final money: {standing}", { standing })];
      }
      case "Won":
        return [this.verdict(e.winners)];
      case "JustRolled":
        return [this._("{dice}: {faces}  (total {total})", {
          dice: e.notation, faces: fmt(e.faces), total: e.faces.reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0),
        })];
      case "MafiaAttacked": {
        const { role } = this.book.card(e.card);
        const stakes = this.stakes(role, e.rewarded);
        return [this._("{team} attacks {card} — {condition}", {
          team: e.team, card: this.card(e.card), condition: conditionText(/** @type {Condition} */ (role.condition), this.lang),
        }), ...(stakes.length ? [`  ${stakes.join(" · ")}`] : [])];
      }
      case "TeamAttacked":
        return [this._("{team} attacks {target}: {team} prepares first, then {target}", { team: e.team, target: e.target })];
      case "Prepared":
        return [`  ${this.label(e.team, e.notes.map((/** @type {Note} */ n) => this.note(n)).join(this._("; ")))}`];
      case "DiceShown":
        return [`  ${this.label(e.dice.team, this.diceLine(e.dice))}`];
      case "Noted":
        return [this.label(e.team, this.note(e.note))];
      case "DefenderPrepares":
        return [this._("{team} defends and prepares now", { team: e.team })];
      case "ToRoll":
        return [this.ngettext("{team} rolls {n} die", "{team} rolls {n} dice", e.count, { team: e.team })];
      case "Rolled":
        return [this._("{team} rolled {faces}{by} — total {total}", {
          team: e.team, faces: fmt(e.faces), total: e.total, by: e.companion ? this._(" (companion)") : "",
        })];
      case "Standing":
        return [`  ${this.standing(e)}`];
      case "DoubleSet":
        return [this._("{team} will double the reward if this succeeds ({left} left after it)", { team: e.team, left: e.left })];
      case "Duel": {
        const who = e.won ? this._("{team} wins", { team: e.attacker }) : this._("{team} holds", { team: e.defender });
        return [this._("{a} {at} vs {d} {dt}: {who}", {
          a: e.attacker, at: e.attacker_total, d: e.defender, dt: e.defender_total, who,
        })];
      }
      case "Checked":
        return [this.label(this._("{team} vs {target}", { team: e.team, target: this.card(e.card) }), this.explain(e.verdict))];
      case "Took":
        return [this._("{team} takes {card}", { team: e.team, card: this.card(e.card) })];
      case "NoPenalty":
        return [this._("no penalty on this card")];
      case "Asked":
        return []; // the question is the prompt, and the page's
      case "PenaltyCancelled":
        return [this._("{team}: the {item} cancels the penalty", { team: e.team, item: e.item })];
      case "PenaltyRolled": {
        const effect = /** @type {Effect} */ (e.effect);
        const line = this._("{team}: {table}, rolled {roll} → {text}", {
          team: e.team, table: e.table, roll: effect.roll, text: effect.text,
        });
        return [line + (effect.money_roll.length ? this._(" (rolled {faces})", { faces: fmt(effect.money_roll) }) : "")];
      }
      case "Stole":
        return [this._("{team} takes {card} from {victim}", { team: e.team, card: this.card(e.card), victim: e.victim })];
      default:
        throw new Error(`not a Hitman's Showdown event: ${JSON.stringify(e.type)}`);
    }
  }
}
