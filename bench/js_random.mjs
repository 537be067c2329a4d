// The browser's port of CPython's random, in Node: how many of each call the engines make run per second.
//
//     node bench/js_random.mjs
//
// Each figure is the best of five rounds of about 0.2 s (other work on the machine only slows a round).
import { Random } from "../companion/app/lib/random.js";
import { sha512 } from "../companion/app/lib/sha512.js";

/**
 * Calls per second of `call`, the best of five rounds.
 * @param {(i: number) => unknown} call
 */
function perSecond(call) {
  let best = 0;
  for (let round = 0; round < 5; round++) {
    let count = 0;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < 200) {
      for (let i = 0; i < 1000; i++) call(count + i);
      count += 1000;
      elapsed = performance.now() - start;
    }
    best = Math.max(best, (count / elapsed) * 1000);
  }
  return best;
}

const dice = new Random(12345);
const floats = new Random(12345);
const deck = Array.from({ length: 40 }, (_, i) => i);
const cards = [3, 5, 7, 9];
const figures = {
  "randint(1, 6) (Showdown's dice)": perSecond(() => dice.randint(1, 6)),
  "random() (Famiglia's simulated draws)": perSecond(() => floats.random()),
  "Random(int) (a game's generator)": perSecond((i) => new Random(i)),
  "Random(str).choice (24's NPC and drawn card)": perSecond((i) => new Random(`1234:check:${i}`).choice(cards)),
  "Random(str).shuffle of 40 (24's NPC deck)": perSecond((i) => new Random(`1234:npc-deck:${i}`).shuffle(deck)),
  "fork() (trying an action on a copy)": perSecond(() => dice.fork()),
  "sha512 of a short string": perSecond((i) => sha512(`1234:check:${i}`)),
};
console.log(`Node ${process.version}`);
for (const [call, rate] of Object.entries(figures)) {
  console.log(`${call.padEnd(46)} ${Math.round(rate).toLocaleString("en").padStart(12)} /s`);
}
