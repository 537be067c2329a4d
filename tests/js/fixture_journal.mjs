// A saved-game fixture as the app keeps it, for the browser tests to put on a device: its options,
// seed and journal entries (the lines as the app groups them), what each entry brought about (the
// reminders' moments) and, if it ends, its outcome.
// node tests/js/fixture_journal.mjs FIXTURE.json → one line of JSON
import { ui as famiglia } from "../../companion/app/ui/famiglia.js";
import { moments } from "../../companion/app/ui/reminders.js";
import { ui as showdown } from "../../companion/app/ui/showdown.js";
import { ui as terror24 } from "../../companion/app/ui/terror24.js";
import { playFixture } from "./fixture_game.mjs";

/** @type {Record<string, import("../../companion/app/ui/games.js").GameUI>} */
const UIS = { famiglia, terror24, "hitmans-showdown": showdown };
const name = process.argv[2];
const game = name.startsWith("famiglia") ? "famiglia" : name.startsWith("terror24") ? "terror24" : "hitmans-showdown";
const played = await playFixture(UIS[game], name, "en");
// each entry's moments, the journal replayed entry by entry
/** @type {string[][]} */
const said = [];
played.replay();
const entries = played.journal.entries.map((e) => e.slice());
played.journal.entries.length = 0;
played.replay();
for (const entry of entries) {
  played.journal.entries.push(entry);
  played.story.push(played.playEntry(entry));
  said.push(moments(game, played.before, played.table.status(), played.data));
}
process.stdout.write(`${JSON.stringify({ game, options: played.saved.options, seed: played.saved.seed, entries, said,
  outcome: played.table.outcome() })}\n`);
