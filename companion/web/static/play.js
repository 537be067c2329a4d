// The play pages' gathering of several taps into one line (table.js posts it): a number pad, the
// draw grid or the dice faces gather `data-count` keys; the entry shows what will be sent, can be
// corrected (⌫ takes the last key back, Clear all) and is sent with its Send button. A half-made entry
// survives another device's change to the game, unless that change made it impossible (it is then
// cleared, and the page says so). A setup form (24's wizard) builds its line from its fields.
(function () {
  "use strict";

  const words = () => (document.getElementById("composer-words") || { dataset: {} }).dataset;

  function chosenOf(box) { return JSON.parse(box.dataset.chosen || "[]"); }
  function setChosen(box, chosen) { box.dataset.chosen = JSON.stringify(chosen); paint(box); }
  function keyOf(box) { return box.dataset.prefix || ""; }
  function secret(box) { return box.dataset.secret !== undefined; }
  function shown(box, chosen) { return secret(box) ? "●".repeat(chosen.length) : chosen.join(" "); }

  function actions(box) {
    let bar = box.querySelector(".compose-actions");
    if (bar) return bar;
    bar = document.createElement("div");
    bar.className = "compose-actions";
    const back = document.createElement("button");
    back.type = "button"; back.className = "back"; back.textContent = "⌫";
    back.setAttribute("aria-label", words().back || "Remove the last");
    const send = document.createElement("button");
    send.type = "button"; send.className = "send main";
    bar.append(back, send);
    box.append(bar);
    return bar;
  }

  function paint(box) {
    const chosen = chosenOf(box);
    const count = Number(box.dataset.count);
    const out = box.querySelector(".chosen");
    // a bid on a phone passed round the table: the cards tapped are not shown, only how many
    if (out) out.textContent = shown(box, chosen) || "—";
    const owed = box.querySelector(".owed");
    if (owed) owed.textContent = String(count - chosen.length);
    box.querySelectorAll(".key").forEach((key) => {
      const used = chosen.filter((v) => v === key.dataset.value).length;
      key.disabled = chosen.length >= count ||
        (key.dataset.left !== undefined && used >= Number(key.dataset.left));
    });
    const bar = actions(box);
    bar.querySelector(".back").disabled = chosen.length === 0;
    const send = bar.querySelector(".send");
    send.disabled = chosen.length !== count;
    send.textContent = `${words().send || "Send"}${chosen.length ? ": " + shown(box, chosen) : ""}`;
  }

  async function send(box) {
    const chosen = chosenOf(box);
    if (chosen.length !== Number(box.dataset.count)) return;
    setChosen(box, []);  // sent: not an entry to keep through the refresh its answer brings
    await window.Table.post([box.dataset.prefix || "", ...chosen].join(" ").trim());
  }

  // Whether `chosen` can still be laid on the keys of a freshly drawn `box`.
  function fits(box, chosen) {
    if (chosen.length > Number(box.dataset.count)) return false;
    return chosen.every((value) => {
      const key = box.querySelector(`.key[data-value="${CSS.escape(value)}"]`);
      if (!key) return false;
      const used = chosen.filter((v) => v === value).length;
      return key.dataset.left === undefined || used <= Number(key.dataset.left);
    });
  }

  let kept = new Map();
  document.addEventListener("table:refreshing", () => {
    kept = new Map();
    document.querySelectorAll(".composer").forEach((box) => {
      const chosen = chosenOf(box);
      if (chosen.length) kept.set(keyOf(box), { chosen, secret: secret(box) });
    });
  });
  document.addEventListener("table:refreshed", () => {
    const lost = [];
    for (const [key, entry] of kept) {
      const box = [...document.querySelectorAll(".composer")].find((b) => keyOf(b) === key);
      if (box && fits(box, entry.chosen)) box.dataset.chosen = JSON.stringify(entry.chosen);
      else lost.push(entry.secret ? "●".repeat(entry.chosen.length) : entry.chosen.join(" "));
    }
    kept = new Map();
    document.querySelectorAll(".composer").forEach(paint);
    if (lost.length) window.Table.show([(words().cleared || "Cleared: {taps}").replace("{taps}", lost.join(" · "))], true);
  });

  // A field with data-glue joins the one before it ("Ann" "=" "scotch") and is left out with it
  // when that one is empty (an unused row of the players' form).
  function formLine(form) {
    const parts = [];
    let kept = false;
    form.querySelectorAll("[data-part]").forEach((field) => {
      const value = field.value.trim();
      if (field.dataset.glue === undefined) {
        kept = value !== "";
        if (kept) parts.push(value);
      } else if (kept && value) {
        parts[parts.length - 1] += field.dataset.glue + value;
      }
    });
    return parts.join(" ");
  }

  document.addEventListener("click", (event) => {
    const key = event.target.closest("button");
    const box = key && key.closest(".composer");
    if (!box || key.disabled) return;
    if (key.classList.contains("key")) setChosen(box, [...chosenOf(box), key.dataset.value]);
    else if (key.classList.contains("clear")) setChosen(box, []);
    else if (key.classList.contains("back")) setChosen(box, chosenOf(box).slice(0, -1));
    else if (key.classList.contains("send")) send(box);
  });

  // A line that may need more after it (data-try): tried as it is; if refused (the answer says what
  // is missing), it waits in the Help sheet's line box to be completed.
  document.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-try]");
    if (!button || button.disabled) return;
    const line = button.dataset.try;
    const answer = await window.Table.post(line);
    const box = document.querySelector("[data-line-form] [name=line]");
    if (answer && !answer.ok && box) {
      window.Table.openSheet("help-sheet");
      box.closest("details").open = true;
      box.value = line + " ";
      box.focus();
    }
  });

  // A form's refusal is said beside its button (and at the top), an empty form's before it is sent.
  document.addEventListener("submit", async (event) => {
    const form = event.target.closest(".compose-form");
    if (!form) return;
    event.preventDefault();
    const error = form.querySelector(".form-error");
    const line = formLine(form);
    if (!line) { if (error) error.textContent = form.dataset.empty || ""; return; }
    const answer = await window.Table.post(line);
    if (error && form.isConnected) error.textContent = answer && !answer.ok ? answer.messages[0] || "" : "";
  });

  // 24's event grid, laid as the table lays it: pick a suit, then tap each place one of its cards is
  // in (a tap on a place of that suit empties it again); each suit counts down the cards it has left.
  function gridPaint(form) {
    const used = {};
    form.querySelectorAll(".slot-value").forEach((input) => { used[input.value] = (used[input.value] || 0) + 1; });
    form.querySelectorAll(".suit-pick").forEach((pick) => {
      pick.querySelector(".left").textContent = String(Number(pick.dataset.cards) - (used[pick.dataset.letter] || 0));
    });
  }
  document.addEventListener("click", (event) => {
    const form = event.target.closest(".grid-taps");
    if (!form) return;
    const pick = event.target.closest(".suit-pick");
    if (pick) {
      form.querySelectorAll(".suit-pick").forEach((p) => p.setAttribute("aria-checked", String(p === pick)));
      return;
    }
    const slot = event.target.closest(".slot-tap");
    if (!slot) return;
    const chosen = form.querySelector('.suit-pick[aria-checked="true"]');
    const input = slot.previousElementSibling;
    const letter = chosen ? chosen.dataset.letter : "";
    const left = chosen ? Number(chosen.querySelector(".left").textContent) : 0;
    if (input.value === letter) { input.value = ""; }
    else if (left > 0) { input.value = letter; }
    else return;  // that suit has no card left to lay
    slot.textContent = input.value || "·";
    slot.classList.toggle("filled", Boolean(input.value));
    for (const property of ["--suit", "--ink"]) {
      slot.style.setProperty(property, input.value ? chosen.style.getPropertyValue(property) : "");
    }
    gridPaint(form);
  });

  document.querySelectorAll(".composer").forEach(paint);
})();
