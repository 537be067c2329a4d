// Records: each finished game kept on this device (IndexedDB, ui/store.js) — the game, when it ended,
// its ranking with the scores, who won, its options (Famiglia's level) — and a plain summary: games
// played per game, wins per player, the best scores. Nothing is sent anywhere.

import { h } from "./dom.js";
import { GAME_IDS, gameData } from "./games.js";
import { clearRecords, listRecords, loadRecord, saveRecord } from "./store.js";

/**
 * @typedef {import("./store.js").GameRecord} GameRecord
 * @typedef {import("./store.js").SavedGame} SavedGame
 * @typedef {import("./text.js").WordsCtx} WordsCtx
 */

/**
 * A game's record is keyed by its name and seed: a reload finds the same record, a rematch (a new
 * name and seed) makes its own.
 * @param {SavedGame} saved
 */
export const recordId = (saved) => `${saved.name}#${saved.seed}`;

/**
 * The record of a finished game, in no language (names as typed, Famiglia's sides as "player" and
 * "robot"); null while it is not over. A robot or NPC row is marked `bot`: it ranks, but never wins.
 * @param {SavedGame} saved
 * @param {import("./session.js").Table} table
 * @param {number} now
 * @returns {GameRecord | null}
 */
export function recordOf(saved, table, now) {
  const outcome = table.outcome();
  if (!outcome) return null;
  const status = table.status();
  const bots = new Set(saved.game === "famiglia" ? ["robot"]
    : (status.seats ?? []).filter((/** @type {any} */ s) => s.npc).map((/** @type {any} */ s) => s.name));
  const { lang: _lang, ...options } = saved.options; // the language it was played in is not the game's
  return {
    id: recordId(saved), game: saved.game, name: saved.name, finished: now, options,
    ranking: outcome.ranking.map((/** @type {{place: number, who: string, score: number}} */ p) =>
      ({ place: p.place, who: p.who, score: p.score, bot: bots.has(p.who) })),
    winners: [...outcome.winners], figures: { ...outcome.figures },
  };
}

/**
 * Keep a finished game's record once: a reload or a second look at the end screen writes nothing;
 * a game played to a different end after an undo replaces its record.
 * @param {SavedGame} saved
 * @param {import("./session.js").Table} table
 */
export async function keepRecord(saved, table) {
  const record = recordOf(saved, table, Date.now());
  if (!record) return;
  const kept = await loadRecord(record.id);
  if (kept && JSON.stringify(kept.ranking) === JSON.stringify(record.ranking)
    && JSON.stringify(kept.winners) === JSON.stringify(record.winners)) return;
  await saveRecord(record);
}

/**
 * What the summary shows of one game's records: how many were played and drawn, each player's wins
 * and games, the best scores (a robot's or NPC's left out), the latest first.
 * @param {GameRecord[]} records
 */
export function summarise(records) {
  /** @type {Map<string, {wins: number, played: number}>} */
  const players = new Map();
  /** @type {{who: string, score: number, finished: number, record: GameRecord}[]} */
  const scores = [];
  let draws = 0;
  for (const record of records) {
    if (!record.winners.length) draws += 1;
    for (const row of record.ranking) {
      const player = players.get(row.who) ?? { wins: 0, played: 0 };
      player.played += 1;
      if (record.winners.includes(row.who)) player.wins += 1;
      players.set(row.who, player);
      if (!row.bot) scores.push({ who: row.who, score: row.score, finished: record.finished, record });
    }
  }
  scores.sort((a, b) => b.score - a.score || a.finished - b.finished);
  const wins = [...players].map(([who, p]) => ({ who, ...p }))
    .sort((a, b) => b.wins - a.wins || b.played - a.played || (a.who < b.who ? -1 : a.who > b.who ? 1 : 0));
  return { played: records.length, draws, wins, best: scores.slice(0, 3) };
}

/**
 * A score as the game counts it: VP, or Hitman's Showdown's money.
 * @param {WordsCtx} words
 * @param {any} data
 * @param {number} score
 */
function scoreText(words, data, score) {
  if (data.money) return (data.money[words.lang] ?? data.money.en).replace("{amount}", score.toLocaleString("en-US"));
  return words._("{n} VP", { n: score });
}

/**
 * A name as the page says it: Famiglia's sides in the page's language, every other as typed.
 * @param {WordsCtx} words
 * @param {string} game
 * @param {string} who
 */
function whoText(words, game, who) {
  if (game !== "famiglia") return who;
  return who === "robot" ? words._("Robot") : words._("You");
}

/**
 * A record's options as a line: Famiglia's level and who started; nothing for the others (their
 * players are in the ranking).
 * @param {WordsCtx} words
 * @param {GameRecord} record
 */
function optionsText(words, record) {
  if (record.game !== "famiglia") return "";
  const level = words._("Level {n}", { n: record.options.level ?? "" });
  const started = words._("the robot started");
  return record.options.first === "robot" ? [level, started].join(" · ") : level;
}

/** @param {number} when @param {string} lang */
const day = (when, lang) => new Date(when).toLocaleDateString(lang === "ja" ? "ja-JP" : "en-GB",
  { year: "numeric", month: "short", day: "numeric" });

/**
 * The summary page: per game, the games played, the wins per player, the best scores and the latest
 * games; then how to clear it all.
 * @param {import("./main.js").Shell} shell
 */
export async function recordsPage(shell) {
  const words = shell.words;
  const { _ } = words;
  const main = shell.page(_("Records"));
  document.title = _("Records");
  main.append(h("p", { class: "note" }, _("The games finished on this device. They are kept only here: nothing is sent anywhere.")));
  const records = await listRecords();
  if (!records.length) {
    main.append(h("section", { class: "card" }, h("p", { class: "note", id: "no-records" }, _("No finished game yet."))));
    return;
  }
  for (const game of GAME_IDS) {
    const mine = records.filter((r) => r.game === game);
    if (!mine.length) continue;
    const data = await gameData(game);
    const sum = summarise(mine);
    const won = _("wins");
    /** @param {{place: number, who: string, score: number}} row @param {boolean} winner */
    const rankText = (row, winner) => [`${row.place}.`, who(row.who), scoreText(words, data, row.score), winner ? `(${won})` : ""]
      .filter(Boolean).join(" ");
    const who = (/** @type {string} */ name) => whoText(words, game, name);
    const played = [words.ngettext("{n} game played", "{n} games played", sum.played, { n: sum.played })];
    if (sum.draws) played.push(words.ngettext("{n} draw", "{n} draws", sum.draws, { n: sum.draws }));
    main.append(h("section", { class: "card records", "data-records": game, "aria-labelledby": `records-${game}` },
      h("h2", { id: `records-${game}` }, shell.title(data)),
      h("p", { class: "played" }, played.join(" · ")),
      h("h3", null, _("Wins")),
      h("table", { class: "wins" },
        h("thead", null, h("tr", null, h("th", { scope: "col" }, _("Player")), h("th", { scope: "col", class: "n" }, _("Wins")),
          h("th", { scope: "col", class: "n" }, _("Played")))),
        h("tbody", null, sum.wins.map((p) => h("tr", { "data-who": p.who },
          h("th", { scope: "row" }, who(p.who)), h("td", { class: "n" }, p.wins), h("td", { class: "n" }, p.played))))),
      h("h3", null, _("Best scores")),
      h("ol", { class: "best" }, sum.best.map((b) => h("li", null,
        h("b", null, scoreText(words, data, b.score)), " ", who(b.who),
        h("span", { class: "note" }, ` · ${day(b.finished, words.lang)}`,
          optionsText(words, b.record) ? ` · ${optionsText(words, b.record)}` : "")))),
      h("details", null, h("summary", null, _("Every game")),
        h("ul", { class: "record-list" }, mine.map((r) => h("li", { "data-record": r.id },
          h("span", { class: "game-name" }, r.name), ` · ${day(r.finished, words.lang)}`,
          optionsText(words, r) ? ` · ${optionsText(words, r)}` : "",
          h("br"),
          r.ranking.map((row) => `${row.place}. ${who(row.who)} ${scoreText(words, data, row.score)}`
            + (r.winners.includes(row.who) ? ` (${_("wins")})` : "")).join(" · ")))))));
  }
  const dialog = h("dialog", { id: "clear-sheet", class: "sheet", "aria-labelledby": "clear-title" },
    h("h2", { id: "clear-title" }, _("Clear every record?")),
    h("p", null, _("The records of every finished game on this device are deleted. Your saved games stay.")),
    h("div", { class: "sheet-actions" },
      h("button", { type: "button", class: "main", "data-clear": true, onclick: async () => {
        await clearRecords();
        await recordsPage(shell);
      } }, _("Clear the records")),
      h("button", { type: "button", onclick: () => /** @type {HTMLDialogElement} */ (dialog).close() }, _("Keep them"))));
  main.append(h("section", { class: "card" },
    h("button", { type: "button", "data-tool": "clear-records",
      onclick: () => /** @type {HTMLDialogElement} */ (dialog).showModal() }, _("Clear the records…"))), dialog);
}
