// The play pages' gathering of several taps into one line (table.js posts it): a number pad, the
// draw grid or the dice faces send "PREFIX v1 v2 …" once `data-count` keys are tapped; a setup form
// (24's wizard) builds its line from its fields.
(function () {
  "use strict";

  function chosenOf(box) { return JSON.parse(box.dataset.chosen || "[]"); }

  function paint(box) {
    const chosen = chosenOf(box);
    const out = box.querySelector(".chosen");
    // a bid on a phone passed round the table: the cards tapped are not shown, only how many
    if (out) out.textContent = (box.dataset.secret !== undefined ? "●".repeat(chosen.length) : chosen.join(" ")) || "—";
    const owed = box.querySelector(".owed");
    if (owed) owed.textContent = String(Number(box.dataset.count) - chosen.length);
    box.querySelectorAll(".key").forEach((key) => {
      const used = chosen.filter((v) => v === key.dataset.value).length;
      key.disabled = key.dataset.left !== undefined && used >= Number(key.dataset.left);
    });
  }

  async function tapKey(box, key) {
    const chosen = chosenOf(box);
    chosen.push(key.dataset.value);
    box.dataset.chosen = JSON.stringify(chosen);
    paint(box);
    if (chosen.length === Number(box.dataset.count)) {
      const answer = await window.Table.post([box.dataset.prefix || "", ...chosen].join(" ").trim());
      if (!answer || !answer.ok) { box.dataset.chosen = "[]"; paint(box); }  // refused: start again
    }
  }

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
    if (key.classList.contains("key")) tapKey(box, key);
    else if (key.classList.contains("clear")) { box.dataset.chosen = "[]"; paint(box); }
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

  document.addEventListener("submit", (event) => {
    const form = event.target.closest(".compose-form");
    if (!form) return;
    event.preventDefault();
    const line = formLine(form);
    if (line) window.Table.post(line);
  });

  const paintAll = () => document.querySelectorAll(".composer").forEach(paint);
  document.addEventListener("table:refreshed", paintAll);
  paintAll();
})();
