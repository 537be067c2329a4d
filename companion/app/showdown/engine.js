// Hitman's Showdown's engine as the engine shape names it (lib/engine.js): a game from its data, a game
// file's options (`teams`: [{name, faction}] in seat order; `rules`: the rulings' version it was started
// under, 1 when none is saved) and its seed. The engine is match.js's Match.

import { Rulebook } from "./cards.js";
import { Match } from "./match.js";
import { Game } from "./rules.js";

/**
 * @param {import("./cards.js").ShowdownData | Rulebook} data
 * @param {{teams: {name: string, faction: string}[], rules?: number}} options
 * @param {number} seed
 */
export function newGame(data, options, seed) {
  const rulebook = data instanceof Rulebook ? data : new Rulebook(data);
  const teams = options.teams.map((t) => /** @type {[string, string]} */ ([t.name, t.faction]));
  return new Match(new Game(rulebook, teams, seed, options.rules ?? 1));
}
