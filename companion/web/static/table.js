// The pages' one helper (see docs/web.md): post a line with the version it was tapped on, follow
// changes made elsewhere, show answers and refusals, keep the screen awake on a game page.
"use strict";

const Table = (() => {
  const body = document.body;
  const game = body.dataset.game || null;
  const api = game ? `/api/games/${encodeURIComponent(game)}` : null;
  const POLL_MS = 700;
  let busy = false;

  function version() { return Number(body.dataset.version); }

  function show(lines, refused) {
    const box = document.getElementById("messages");
    if (!box || !lines || !lines.length) return;
    const note = document.createElement("div");
    note.className = "message" + (refused ? " refused" : "");
    note.setAttribute("role", refused ? "alert" : "status");
    const close = document.createElement("button");
    close.type = "button"; close.className = "close"; close.textContent = "×";
    close.setAttribute("aria-label", "close");
    close.addEventListener("click", () => note.remove());
    note.append(close, document.createTextNode(lines.join("\n")));  // text, never HTML
    box.replaceChildren(note);
  }

  async function json(response) {
    try { return await response.json(); } catch (e) { return { error: response.statusText }; }
  }

  // Re-render the board from the server (the page itself, so every board is drawn by one template).
  async function refresh() {
    const response = await fetch(location.href, { headers: { Accept: "text/html" }, cache: "no-store" });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    if (!response.ok) {  // e.g. the file was damaged meanwhile: say so, keep the last board in sight
      const said = page.querySelector("h1, p");
      show([said ? said.textContent : response.statusText], true);
      return;
    }
    for (const id of ["board", "table-tools"]) {  // the table's tools and sheets follow the board
      const fresh = page.getElementById(id);
      const old = document.getElementById(id);
      if (fresh && old) old.replaceWith(fresh);
    }
    body.dataset.version = page.body.dataset.version;
    document.dispatchEvent(new CustomEvent("table:refreshed", { detail: { version: version() } }));
  }

  // Apply one line as the terminal would; resolves to the API's answer {ok, messages, status}.
  async function post(line) {
    if (!api || busy) return null;
    busy = true;
    try {
      const response = await fetch(`${api}/lines`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ line, version: version() }),
      });
      const answer = await json(response);
      closeSheets();
      if (answer.error) { show([answer.error], true); return answer; }
      show(answer.messages, !answer.ok);
      if (answer.status && answer.status.version !== version()) await refresh();
      return answer;
    } catch (e) {
      show([document.documentElement.lang === "ja" ? "サーバーに届きませんでした" : "The server could not be reached"], true);
      return null;
    } finally {
      busy = false;
    }
  }

  async function poll() {
    if (!api || document.hidden || busy) return;
    try {
      const response = await fetch(`${api}/version`, { cache: "no-store" });
      if (!response.ok) return;
      const { version: now } = await response.json();
      if (now !== version() && !busy) await refresh();
    } catch (e) { /* offline for a moment: try again at the next tick */ }
  }

  async function keepAwake() {
    if (!("wakeLock" in navigator) || !body.hasAttribute("data-awake")) return;
    try { await navigator.wakeLock.request("screen"); } catch (e) { /* refused: battery saver etc. */ }
  }

  // A button with data-sheet="history-sheet" opens that sheet (a <dialog>); data-close closes it.
  function closeSheets() {
    document.querySelectorAll("dialog[open]").forEach((sheet) => sheet.close());
  }
  function openSheet(id) {
    const sheet = document.getElementById(id);
    if (sheet && !sheet.open) sheet.showModal();
    return sheet;
  }
  document.addEventListener("click", (event) => {
    const opener = event.target.closest("[data-sheet]");
    if (opener) { event.preventDefault(); openSheet(opener.dataset.sheet); return; }
    const closer = event.target.closest("[data-close]");
    if (closer) { event.preventDefault(); closer.closest("dialog").close(); return; }
    if (event.target.matches("dialog.sheet")) event.target.close();  // a tap beside the sheet
  });

  // Any element with data-line="take 3" posts that line when tapped.
  document.addEventListener("click", (event) => {
    const target = event.target.closest("[data-line]");
    if (!target || target.disabled) return;
    event.preventDefault();
    post(target.dataset.line);
  });

  // A form with data-line-form posts data-line-prefix followed by its fields' values, space-separated.
  document.addEventListener("submit", async (event) => {
    const form = event.target.closest("[data-line-form]");
    if (!form) return;
    event.preventDefault();
    const values = [...new FormData(form).values()].map(String).map((v) => v.trim()).filter(Boolean);
    const line = [form.dataset.linePrefix || "", ...values].join(" ").trim();
    if (!line) return;
    const answer = await post(line);
    if (answer && answer.ok) form.reset();
  });

  // A finished game's rematch: a new game with its setup, then that game's page.
  document.addEventListener("click", async (event) => {
    if (!api || !event.target.closest("[data-rematch]")) return;
    event.preventDefault();
    const response = await fetch(`${api}/rematch`, { method: "POST" });
    const answer = await json(response);
    if (response.ok) location.href = `/games/${encodeURIComponent(answer.name)}`;
    else show([answer.error], true);
  });

  // The home page's new-game forms: JSON to POST /api/games, then the new game's page.
  document.addEventListener("submit", async (event) => {
    const form = event.target.closest("[data-create]");
    if (!form) return;
    event.preventDefault();
    const data = new FormData(form);
    const options = {};
    for (const [key, value] of data.entries()) {
      if (key === "name" || key.startsWith("team_")) continue;
      options[key] = /^\d+$/.test(value) ? Number(value) : value;
    }
    const teams = [...form.querySelectorAll("[data-team]")]
      .map((row) => ({ name: row.querySelector("[name=team_name]").value.trim(),
                       faction: row.querySelector("[name=team_faction]").value }))
      .filter((team) => team.name);
    if (form.querySelector("[data-team]")) options.teams = teams;
    const name = String(data.get("name") || "").trim();
    const response = await fetch("/api/games", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: form.dataset.create, name, options }),
    });
    const answer = await json(response);
    if (response.ok) location.href = `/games/${encodeURIComponent(name)}`;
    else show([answer.error], true);
  });

  // Times are sent in UTC; show them in the viewer's own time and language.
  function localTimes(root) {
    root.querySelectorAll("time[data-local]").forEach((time) => {
      const when = new Date(time.getAttribute("datetime"));
      if (!isNaN(when)) {
        time.textContent = when.toLocaleString(document.documentElement.lang,
                                               { dateStyle: "medium", timeStyle: "short" });
      }
    });
  }
  localTimes(document);

  // The home page follows games started or played elsewhere (a terminal, another phone).
  let listed = null;
  async function followList() {
    if (document.hidden) return;
    try {
      const response = await fetch("/api/games", { cache: "no-store" });
      if (!response.ok) return;
      const { games } = await response.json();
      const now = JSON.stringify(games.map((g) => [g.name, g.version, g.problem]));
      if (listed !== null && now !== listed) {
        const page = new DOMParser().parseFromString(await (await fetch("/", { cache: "no-store" })).text(), "text/html");
        const fresh = page.getElementById("games");
        if (fresh) { localTimes(fresh); document.getElementById("games").replaceWith(fresh); }
      }
      listed = now;
    } catch (e) { /* try again at the next tick */ }
  }
  if (body.hasAttribute("data-home")) { followList(); setInterval(followList, 2000); }

  if (api) {
    setInterval(poll, POLL_MS);
    keepAwake();
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) { keepAwake(); poll(); }
    });
  }

  return { post, refresh, show, version, game, openSheet };
})();
window.Table = Table;
