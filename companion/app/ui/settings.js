// What this device keeps of the app's settings: the theme, the text size (and the language, which
// ui/main.js reads). Each is applied to the whole page before it is painted; localStorage refused
// (private mode) keeps a choice for this visit only.

export const THEMES = ["auto", "light", "dark"];
export const THEME_MARKS = /** @type {Record<string, string>} */ ({ auto: "◐", light: "☀", dark: "☾" });

// Three steps of the root font size: every size in app.css is in rem or em, so the whole app grows.
export const TEXT_SIZES = ["normal", "large", "largest"];
export const TEXT_SIZE_MARKS = /** @type {Record<string, string>} */ ({ normal: "A", large: "A+", largest: "A++" });

/** @param {string} key */
export function kept(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode): this visit only
  }
}

/** @param {string} key @param {string} value */
export function keep(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* this visit only */
  }
}

/**
 * The next of `steps` after the one kept under `key` (the first if none), kept.
 * @param {string} key @param {string[]} steps
 */
export function keepNext(key, steps) {
  const now = steps.indexOf(kept(key) ?? steps[0]);
  keep(key, steps[(now + 1) % steps.length]);
}

export function textSize() {
  const size = kept("textSize") ?? "normal";
  return TEXT_SIZES.includes(size) ? size : "normal";
}

/** The theme and the text size this device keeps (or the device's own theme), set on the page. */
export function applySettings() {
  const theme = kept("theme") ?? "auto";
  const root = document.documentElement;
  if (theme === "auto") delete root.dataset.theme;
  else root.dataset.theme = theme;
  const dark = theme === "dark" || (theme === "auto" && matchMedia("(prefers-color-scheme: dark)").matches);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", dark ? "#0f1115" : "#ebe7de");
  const size = textSize();
  if (size === "normal") delete root.dataset.textSize;
  else root.dataset.textSize = size;
}
