// 24's engine as the engine shape names it (lib/engine.js): a game from its data, a game file's options
// (`npc_deck`: "virtual", the default, or "physical") and its seed. The engine is match.js's Match.

import { Match } from "./match.js";

/**
 * @param {import("./rules.js").Terror24Data} data
 * @param {{npc_deck?: string}} options
 * @param {number} seed
 */
export function newGame(data, options, seed) {
  return new Match(data, seed, options.npc_deck === "physical");
}
