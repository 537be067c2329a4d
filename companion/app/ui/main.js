// The app: the bar (the games, the theme, the text size, the other language), the home page (the games on this
// device, a new game with its options) and a game's page (ui/play.js). Everything is addressed
// relative to this folder, so the app works at a host's root or under any subpath; the games live in
// IndexedDB (ui/store.js) and the service worker (sw.js) keeps the app's files for offline play.

import { APP_BASE } from "../lib/appfile.js";
import { Awake } from "./awake.js";
import { newGameId } from "../lib/gamefile.js";
import { loadWords, normalise } from "../lib/words.js";
import { h } from "./dom.js";
import { opened, readAtStart } from "./boot.js";
import { GAME_IDS, gameData, gameUI } from "./games.js";
import { PlayPage } from "./play.js";
import { recordsPage } from "./records.js";
import { wordsCtx } from "./text.js";
import { GameInPlay } from "./session.js";
import { applySettings, keep, keepNext, kept, textSize, TEXT_SIZE_MARKS, TEXT_SIZES, THEME_MARKS, THEMES } from "./settings.js";
import { Refused, arriving, fileOffer, receiveFile, receiveLink } from "./send.js";
import { freeName, listGames, loadGame, newSeed, saveGame, FORMAT, VERSION } from "./store.js";
import { Server } from "./sync.js";

export class Shell {
  /** @param {import("../lib/words.js").Words} words */
  constructor(words) {
    /** @type {import("./text.js").WordsCtx} */
    this.words = wordsCtx(words);
    this.lang = words.lang;
    this.setWords(words);
    // One live region for the whole visit, the only one of the app: a step's result is said there
    // (politely, after what the reader is saying). It stays in the page through every redraw, which
    // replaces only the view beside it, so screen readers keep listening to it.
    this.announcer = h("p", { class: "visually-hidden", id: "announcer", role: "status", "aria-live": "polite" });
    this.view = h("div", { class: "view" });
    document.body.replaceChildren(this.view, this.announcer);
    this.awake = new Awake();
    /** @type {Server | null} the server that keeps the games, when the app came from `companion serve` */
    this.server = null;
    /** @type {{text: string, refused: boolean} | null} said once, at the top of the next page drawn */
    this.notice = null;
    /** @type {{key: string, node: HTMLElement} | null} the bar last made, and the settings it shows */
    this.bar = null;
  }

  /**
   * How a game of this kind is built on a file kept nowhere (ui/sync.js rebuilds replicas with it).
   * @param {string} game
   * @returns {Promise<import("./sync.js").Open>}
   */
  async opener(game) {
    const ui = await gameUI(game);
    const data = await gameData(game);
    return (saved) => new GameInPlay(ui, saved, data, this.words.raw, async () => {});
  }

  /** @param {string} text said to a screen reader (said again if it is the same as the last) */
  announce(text) {
    this.announcer.textContent = "";
    requestAnimationFrame(() => { this.announcer.textContent = text; });
  }

  /** @param {import("../lib/words.js").Words} words */
  setWords(words) {
    this.lang = words.lang;
    this.words = wordsCtx(words);
    document.documentElement.lang = words.lang;
  }

  /** @param {any} data a game's data: its title in both languages */
  title(data) {
    return data.title[this.lang] ?? data.title.en;
  }

  /**
   * The page's frame: the bar and an empty <main> headed by `heading`; returns the <main>.
   * @param {string} heading
   * @param {string} [sub]
   */
  page(heading, sub = "") {
    const [bar, main] = this.frame(heading, sub);
    this.show(bar, main);
    return main;
  }

  /**
   * Show a page `frame` made. A bar already in place stays, untouched: a tap redraws only <main>, and
   * the browser lays out and paints only what is new.
   * @param {HTMLElement} bar
   * @param {HTMLElement} main
   */
  show(bar, main) {
    const shown = this.view;
    if (shown.firstElementChild === bar && shown.childElementCount === 2) shown.lastElementChild?.replaceWith(main);
    else shown.replaceChildren(bar, main);
  }

  /**
   * The page's bar and its <main> as `page` makes them, not shown yet (a game's page is built while
   * its step is being saved, and shown once it is kept).
   * @param {string} heading
   * @param {string} [sub]
   * @returns {[HTMLElement, HTMLElement]}
   */
  frame(heading, sub = "") {
    const { _ } = this.words;
    const theme = kept("theme") ?? "auto";
    const size = textSize();
    const key = `${theme} ${size} ${this.lang}`;
    if (this.bar?.key !== key) this.bar = { key, node: this.makeBar(theme, size) };
    const main = h("main", null, h("h1", null, heading, sub ? h("small", { class: "sub" }, sub) : null));
    if (this.notice) {
      main.append(this.notice.refused ? h("p", { class: "refused", role: "alert", id: "notice" }, this.notice.text)
        : h("p", { class: "notice", role: "status", id: "notice" }, this.notice.text));
      this.notice = null;
    }
    if (!window.isSecureContext) {
      main.append(h("p", { class: "limits" }, _("Over this connection (not HTTPS) the app cannot be installed or open without the network; your games are still kept on this device.")));
    }
    this.server?.follow(null, null); // the home page's list follows the server while it shows, no longer
    return [this.bar.node, main];
  }

  /**
   * The bar: home, and the switches of theme, text size and language, showing the settings kept now.
   * @param {string} theme
   * @param {string} size
   */
  makeBar(theme, size) {
    const { _ } = this.words;
    /** @type {Record<string, string>} */
    const themeNames = { auto: _("Theme: as the device"), light: _("Theme: light"), dark: _("Theme: dark") };
    const other = this.lang === "ja" ? { code: "en", label: "English" } : { code: "ja", label: "日本語" };
    return h("header", { class: "bar" },
      h("a", { class: "bar-home", href: "./" }, _("Games")),
      h("span", { class: "bar-title" }),
      h("button", { type: "button", class: "theme-switch", "aria-label": themeNames[theme], title: themeNames[theme],
        onclick: () => { keepNext("theme", THEMES); applySettings(); this.route(); } },
      THEME_MARKS[theme]),
      h("button", { type: "button", class: "size-switch", "aria-label": _("Text size: %(size)s", { size: TEXT_SIZE_MARKS[size] }),
        onclick: () => { keepNext("textSize", TEXT_SIZES); applySettings(); this.route(); } },
      TEXT_SIZE_MARKS[size]),
      h("button", { type: "button", class: "lang-switch", lang: other.code, onclick: () => this.switchLanguage(other.code) }, other.label));
  }

  /** @param {string} code */
  async switchLanguage(code) {
    keep("lang", code);
    this.setWords(await loadWords(code, APP_BASE));
    await this.route();
  }

  /**
   * The page the address names: `#game=NAME` a game, `#records` the records, `#import=…` a game sent
   * here, else the home page.
   * @returns {Promise<void>}
   */
  async route() {
    if (location.hash === "#records") return recordsPage(this);
    if (arriving(location.hash)) return this.receive(() => receiveLink(this, location.hash));
    const name = new URLSearchParams(location.hash.slice(1)).get("game");
    if (name !== null) {
      let saved = await (readAtStart(name) ?? loadGame(name));
      if (!saved && this.server) { // a game of the server's this device has not seen yet
        await this.server.pull(loadGame, (game) => this.opener(game)).catch(() => {});
        saved = await loadGame(name);
      }
      if (saved) return this.play(saved);
    }
    return this.home();
  }

  /**
   * Take in a game sent to this device and open it (the address then names the game, so a reload does
   * not take it in again); a game that cannot be taken in is refused in one line on the home page.
   * @param {() => Promise<{name: string, told: string}>} take
   * @returns {Promise<void>}
   */
  async receive(take) {
    try {
      const { name, told } = await take();
      this.notice = { text: told, refused: false };
      history.replaceState(null, "", `#${new URLSearchParams({ game: name })}`);
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      this.notice = { text: e.message, refused: true };
      history.replaceState(null, "", location.pathname + location.search);
    }
    return this.route();
  }

  /** @param {string} name */
  open(name) {
    const hash = `#${new URLSearchParams({ game: name })}`;
    if (location.hash === hash) void this.route();
    else location.hash = hash;
  }

  /** @param {import("./store.js").SavedGame} saved */
  async play(saved) {
    const [ui, data] = await Promise.all([gameUI(saved.game), gameData(saved.game)]);
    const game = new GameInPlay(ui, saved, data, this.words.raw);
    const page = new PlayPage(this, game);
    page.render();
    opened(saved);
    void this.awake.want(true);
    if (saved.sync) this.server?.watch(page, await this.opener(saved.game));
    window.scrollTo(0, 0); // a game opens at its top, wherever the page that opened it was scrolled
  }

  async home() {
    const { _ } = this.words;
    void this.awake.want(false);
    const main = this.page(_("Table companion"));
    document.title = _("Table companion");
    this.server?.watch(null, null);
    // the server's games, those changed since this device looked (offline: the copies kept here)
    await this.server?.pull(loadGame, (game) => this.opener(game)).catch(() => {});
    let list = await this.gameList();
    main.append(list);
    this.server?.follow(async () => {
      const fresh = await this.gameList();
      list.replaceWith(fresh);
      list = fresh;
    }, (game) => this.opener(game));
    const offers = [];
    for (const id of GAME_IDS) {
      const ui = await gameUI(id);
      const data = await gameData(id);
      const options = ui.options(this.words_ctx(data), data);
      const name = h("input", { name: "name", required: true, value: await freeName(id), autocomplete: "off", maxlength: 40 });
      const form = /** @type {HTMLFormElement} */ (h("form", { "data-create": id }, h("label", null, _("Name"), " ", name),
        options.fields, h("button", { type: "submit", class: "main" }, _("Start"))));
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const chosen = options.read(form); // null: the form says what is missing
        if (chosen === null) return;
        const wanted = String(new FormData(form).get("name")).trim() || id;
        if (this.server) {
          const made = await this.server.create(id, wanted, chosen, newSeed(), await this.opener(id))
            .catch(() => ({ error: _("The server could not be reached; try again once the network is back.") }));
          if ("error" in made) form.append(h("p", { class: "refused", role: "alert" }, made.error));
          else this.open(made.name);
          return;
        }
        const gameName = await freeName(wanted);
        await saveGame({ format: FORMAT, version: VERSION, game: id, id: newGameId(), options: { ...chosen, lang: this.lang },
          seed: newSeed(), revision: 0, entries: [], name: gameName, updated: Date.now(), seen: true });
        this.open(gameName);
      });
      offers.push(h("details", { class: "new-game" }, h("summary", null, this.title(data)), form));
    }
    main.append(h("section", { class: "card" }, h("h2", null, _("New game")), offers));
    main.append(fileOffer(this, (file) => void this.receive(() => receiveFile(this, file))));
    main.append(h("p", { class: "records-link" }, h("a", { href: "#records", id: "records-link" },
      _("Records: the games finished on this device"))));
  }

  /** The games on this device (a server's among them, as last taken), as the home page lists them. */
  async gameList() {
    const { _ } = this.words;
    const rows = [];
    for (const saved of await listGames()) {
      const data = await gameData(saved.game);
      rows.push(h("li", { class: "game-row" }, h("a", { class: "game-link", href: `#${new URLSearchParams({ game: saved.name })}` },
        h("span", { class: "game-name" }, saved.name),
        h("span", { class: "game-meta" }, this.title(data), saved.over ? ` · ${_("Game over")}` : ""))));
    }
    // a server's file it cannot read: said in its words, not a link (there is no game to open)
    for (const { name, problem } of this.server?.damaged ?? []) {
      rows.push(h("li", { class: "game-row" }, h("div", { class: "game-problem", "data-damaged": name },
        h("span", { class: "game-name" }, name), h("span", { class: "game-meta" }, problem))));
    }
    return h("section", { class: "card" }, h("h2", null, _("Saved games")),
      rows.length ? h("ul", { class: "games", id: "games" }, rows)
        : h("p", { class: "note" }, _("No saved game yet: start one below.")));
  }

  /** @param {unknown} data */
  words_ctx(data) {
    return { ...this.words, play: async () => {}, data };
  }
}

async function start() {
  applySettings();
  const lang = kept("lang") ?? normalise(navigator.language) ?? "en";
  const shell = new Shell(await loadWords(lang, APP_BASE));
  const server = Server.find(APP_BASE);
  if (server) shell.server = new Server(server.api, server.key, () => shell.lang);
  window.addEventListener("hashchange", () => void shell.route());
  await shell.route();
  document.documentElement.dataset.ready = "true";
  if ("serviceWorker" in navigator && window.isSecureContext) {
    // the new version of the app's files is fetched in the background and taken at the next start
    navigator.serviceWorker.register("sw.js").catch(() => {});
  }
}

void start();
