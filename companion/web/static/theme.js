// The page's theme before it is painted: the one the bar's switch keeps on this device, else the
// device's own (light or dark). Loaded in <head> without defer, so no page flashes the other theme.
"use strict";
(function () {
  const THEMES = ["auto", "light", "dark"];
  const root = document.documentElement;

  function chosen() {
    try { return localStorage.getItem("theme") || "auto"; } catch (e) { return "auto"; }
  }
  function apply(theme) {
    if (theme === "auto") delete root.dataset.theme; else root.dataset.theme = theme;
    const dark = theme === "dark" || (theme === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.content = dark ? "#0f1115" : "#ebe7de";
    const button = document.querySelector(".theme-switch");
    if (button) {
      button.textContent = { auto: "◐", light: "☀", dark: "☾" }[theme];
      button.setAttribute("aria-label", button.dataset[theme] || theme);
      button.title = button.dataset[theme] || theme;
    }
  }
  apply(chosen());
  document.addEventListener("DOMContentLoaded", () => {
    apply(chosen());
    const button = document.querySelector(".theme-switch");
    if (!button) return;
    button.addEventListener("click", () => {
      const next = THEMES[(THEMES.indexOf(chosen()) + 1) % THEMES.length];
      try { localStorage.setItem("theme", next); } catch (e) { /* private mode: this page only */ }
      apply(next);
    });
  });
})();
