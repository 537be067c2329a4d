// The pages' one helper (see docs/web.md): post a line with the version it was tapped on, follow
// changes made elsewhere, show answers and refusals, keep the screen awake on a game page.
"use strict";

const Table = (() => {
  const body = document.body;
  const game = body.dataset.game || null;
  const api = game ? `/api/games/${encodeURIComponent(game)}` : null;
  const POLL_MS = 700;
  let busy = false;
  let reachable = true;
  const QUEUE = `tabletop-queued:${game}`;  // a tap made while the server was out of reach

  function version() { return Number(body.dataset.version); }

  // Under --lan the API asks for a key (docs/web.md, "Safety"): the token's link or a pairing code brings
  // it in the address's fragment, which no server sees; it is kept in this origin's storage and the
  // fragment taken out of the address at once.
  const KEY = "tabletop-key";
  const given = location.hash.match(/^#key=([0-9a-f]+\.[0-9a-f]+)$/);
  if (given) {
    try { localStorage.setItem(KEY, given[1]); } catch (e) { /* no storage: this page only */ }
    history.replaceState(history.state, "", location.pathname + location.search);
  }
  const givenKey = given ? given[1] : null;
  function apiFetch(path, init = {}) {
    let key = givenKey;
    try { key = localStorage.getItem(KEY) || key; } catch (e) { /* storage refused: the key this page was given */ }
    const headers = { ...(init.headers || {}), ...(key ? { Authorization: `Bearer ${key}` } : {}) };
    return fetch(path, { ...init, headers });
  }

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

  // Re-render the board from the server (the page itself, so every board is drawn by one template);
  // a tap's answer brings the page with it (`html`), sparing the phone a second request.
  async function refresh(html) {
    let response = null;
    if (html === undefined) {
      response = await fetch(location.href, { headers: { Accept: "text/html" }, cache: "no-store" });
      html = await response.text();
    }
    const page = new DOMParser().parseFromString(html, "text/html");
    if (response && !response.ok) {  // e.g. the file was damaged meanwhile: say so, keep the last board in sight
      const said = page.querySelector("h1, p");
      show([said ? said.textContent : response.statusText], true);
      return;
    }
    document.dispatchEvent(new CustomEvent("table:refreshing"));  // half-made entries are kept (play.js)
    for (const id of ["board", "table-tools"]) {  // the table's tools and sheets follow the board
      const fresh = page.getElementById(id);
      const old = document.getElementById(id);
      if (fresh && old) old.replaceWith(fresh);
    }
    body.dataset.version = page.body.dataset.version;
    document.dispatchEvent(new CustomEvent("table:refreshed", { detail: { version: version() } }));
  }

  // Apply one line as the terminal would; resolves to the API's answer {ok, messages, status}.
  async function post(line, sentVersion) {
    if (!api || busy) return null;
    busy = true;
    const tapped = sentVersion === undefined ? version() : sentVersion;
    try {
      const response = await apiFetch(`${api}/lines`, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ line, version: tapped, page: true }),
      });
      const answer = await json(response);
      closeSheets();
      if (answer.error) { show([answer.error], true); return answer; }
      const moved = answer.status && answer.status.version !== version();
      // A step's words lead the board (#last-step); what changed nothing (a refusal, a typed "help")
      // is said in the messages box.
      if (!answer.ok || !moved) show(answer.messages, !answer.ok);
      if (answer.ok && navigator.vibrate) navigator.vibrate(12);  // a tick where the phone offers one
      if (moved) {
        await refresh(answer.page);
        if (answer.ok && document.getElementById("last-step")) window.scrollTo({ top: 0, behavior: "smooth" });
      }
      return answer;
    } catch (e) {
      // Out of reach: the tap waits, with the version it was made on, and is sent once the server is
      // back; if the game moved on meanwhile, the server refuses it (409) and the page says so.
      keep({ line, version: tapped });
      offline(true);
      return null;
    } finally {
      busy = false;
    }
  }

  function kept() {
    try { return JSON.parse(sessionStorage.getItem(QUEUE) || "null"); } catch (e) { return null; }
  }
  function keep(tap) {
    try {
      if (tap) sessionStorage.setItem(QUEUE, JSON.stringify(tap)); else sessionStorage.removeItem(QUEUE);
    } catch (e) { /* no storage: the tap waits in this page only */ }
    pending = tap;
    offline(!reachable);
  }
  let pending = kept();

  // The banner saying the server is out of reach (and what waits to be sent); empty when it is back.
  function offline(out) {
    reachable = !out;
    const box = document.getElementById("offline");
    if (!box) return;
    const words = [];
    if (out) words.push(box.dataset.away);
    if (pending) words.push(box.dataset.waiting);
    box.textContent = words.join(" ");
  }

  async function sendKept() {
    if (!pending || busy) return;
    const tap = pending;
    // The tap stays kept (and the banner says it waits) until the server has answered it: out of reach
    // again, `post` keeps it anew.
    const answer = await post(tap.line, tap.version);
    if (answer === null) return;
    keep(null);
    if (answer && answer.ok === false && answer.status && tap.version !== answer.status.version) {
      const box = document.getElementById("offline");
      show([box ? box.dataset.dropped : "The game changed meanwhile; your tap was not applied."], true);
    }
  }

  async function poll() {
    if (!api || document.hidden || busy) return;
    try {
      const response = await apiFetch(`${api}/version`, { cache: "no-store" });
      const back = !reachable;
      offline(false);
      if (!response.ok) return;
      if (pending) { await sendKept(); return; }
      const { version: now } = await response.json();
      if ((now !== version() || back) && !busy) await refresh();
    } catch (e) {
      offline(true);  // try again at the next tick
    }
  }

  // The screen stays on while a game is open: the Wake Lock API where the browser grants it (HTTPS or
  // localhost), else a silent video looping out of sight, which phones also keep the screen on for.
  // Its few frames are recorded here from a canvas, so no media file is shipped or fetched.
  let awakeVideo = null;
  async function keepAwake() {
    if (!body.hasAttribute("data-awake")) return;
    if ("wakeLock" in navigator && window.isSecureContext) {
      try { await navigator.wakeLock.request("screen"); return; } catch (e) { /* refused: use the video */ }
    }
    if (awakeVideo) { awakeVideo.play().catch(() => {}); return; }
    awakeVideo = await silentVideo();
    if (awakeVideo) awakeVideo.play().catch(() => {});  // needs a tap first: see the listener below
  }

  async function silentVideo() {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 2;
    if (!canvas.captureStream || !window.MediaRecorder) return null;
    const stream = canvas.captureStream(4);
    const recorder = new MediaRecorder(stream);
    const parts = [];
    recorder.ondataavailable = (event) => parts.push(event.data);
    const done = new Promise((resolve) => { recorder.onstop = resolve; });
    const paint = canvas.getContext("2d");
    recorder.start();
    for (let i = 0; i < 4; i++) {
      paint.fillStyle = i % 2 ? "#000" : "#010101";
      paint.fillRect(0, 0, 2, 2);
      await new Promise((r) => setTimeout(r, 250));
    }
    recorder.stop();
    await done;
    const video = document.createElement("video");
    video.className = "keep-awake";
    video.muted = true; video.loop = true; video.playsInline = true;
    video.setAttribute("muted", ""); video.setAttribute("playsinline", ""); video.setAttribute("aria-hidden", "true");
    video.src = URL.createObjectURL(new Blob(parts, { type: recorder.mimeType }));
    video.style.cssText = "position:fixed;width:1px;height:1px;opacity:0.01;pointer-events:none;bottom:0;left:0";
    body.append(video);
    return video;
  }
  document.addEventListener("click", () => { if (awakeVideo && awakeVideo.paused) awakeVideo.play().catch(() => {}); });

  // What the page cannot do over this connection, said once at the top (installing, working without
  // the server and the Wake Lock API need HTTPS or localhost).
  function sayLimits() {
    const box = document.getElementById("limits");
    if (box && !window.isSecureContext) box.textContent = box.dataset.insecure;
  }
  sayLimits();

  if ("serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => { /* the pages work without it */ });
    navigator.serviceWorker.ready.then((registration) => {
      if (registration.active) registration.active.postMessage({ keep: location.pathname + location.search });
    });
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

  // What the last step brought about leads the board until the player taps Continue (remembered for
  // this step in this tab); the next step brings it back with its own result.
  const DISMISSED = `tabletop-seen:${game}`;
  function showLastStep() {
    const card = document.getElementById("last-step");
    if (!card) return;
    let seen = null;
    try { seen = sessionStorage.getItem(DISMISSED); } catch (e) { /* no storage: always shown */ }
    card.hidden = seen === card.dataset.step;
  }
  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-dismiss-step]");
    if (!button) return;
    const card = button.closest("#last-step");
    try { sessionStorage.setItem(DISMISSED, card.dataset.step); } catch (e) { /* this page only */ }
    card.hidden = true;
  });
  document.addEventListener("table:refreshed", showLastStep);
  showLastStep();

  // An id for a request that makes a game: the same tap sent twice (a double tap, a retry) makes one.
  // From getRandomValues, which plain HTTP on the LAN has too (randomUUID needs a secure context).
  function requestId() {
    return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  // A finished game's rematch: a new game with its setup, then that game's page.
  const rematchId = requestId();
  document.addEventListener("click", async (event) => {
    if (!api || !event.target.closest("[data-rematch]")) return;
    event.preventDefault();
    const response = await apiFetch(`${api}/rematch`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ request: rematchId }),
    });
    const answer = await json(response);
    if (response.ok) location.href = `/games/${encodeURIComponent(answer.name)}`;
    else show([answer.error], true);
  });

  // The home page's "open on another phone": the link and its QR code, asked of the server each time
  // (with --lan it holds a pairing code that works once).
  document.addEventListener("click", async (event) => {
    const button = event.target.closest("[data-share]");
    if (!button) return;
    event.preventDefault();
    const sheet = document.getElementById("share-sheet");
    const response = await apiFetch(`/api/games/${encodeURIComponent(button.dataset.share)}/share`, { method: "POST" });
    const answer = await json(response);
    if (!response.ok) { show([answer.error], true); return; }
    sheet.querySelector(".share-game").textContent = button.dataset.share;
    const qr = sheet.querySelector(".share-qr"), link = sheet.querySelector(".share-link");
    const note = sheet.querySelector(".share-note");
    qr.hidden = link.hidden = !answer.url;
    if (answer.url) {
      qr.src = answer.qr;
      link.href = answer.url; link.textContent = answer.url;
      note.textContent = answer.minutes ? note.dataset.minutes.replace("{n}", answer.minutes) : note.dataset.plain;
    } else {
      note.textContent = answer.why;
    }
    sheet.showModal();
  });

  // The home page's new-game forms: JSON to POST /api/games, then the new game's page.
  const createId = requestId();
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
    const response = await apiFetch("/api/games", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ game: form.dataset.create, name, options, request: createId }),
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
      const response = await apiFetch("/api/games", { cache: "no-store" });
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

  if (pending) offline(false);
  return { post, refresh, show, version, game, openSheet, reachable: () => reachable };
})();
window.Table = Table;
