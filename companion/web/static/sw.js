// The pages' service worker: the shell (styles, scripts, icons) and every page seen are kept, so a
// game opens at once and, with the server out of reach, still shows its last board and says so
// (table.js). The API is never cached: a tap is the server's or nothing. __SHELL__ is the shell's
// content hash, filled in by the server, so a changed kit replaces the old cache.
"use strict";
const CACHE = "tabletop-__SHELL__";
const SHELL = ["/static/style.css", "/static/play.css", "/static/table.js", "/static/play.js",
               "/static/theme.js", "/static/icon.svg", "/static/icon-192.png", "/static/icon-512.png"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((n) => n.startsWith("tabletop-") && n !== CACHE)
                                       .map((n) => caches.delete(n))))
    .then(() => self.clients.claim()));
});

// One entry a page, whatever its query string: a page is kept as its path, so the cache holds one
// entry per game, not one per link that led there.
function pageKey(url) {
  const page = new URL(url, location.origin);
  return page.origin + page.pathname;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    // a page as the server last drew it; never an answer that carries or sets the access token
    if (response.ok && response.type === "basic" && !new URL(request.url).searchParams.has("token")) {
      await cache.put(pageKey(request.url), response.clone());
    }
    return response;
  } catch (e) {
    const kept = await cache.match(pageKey(request.url), { ignoreVary: true });
    if (kept) return kept;
    throw e;
  }
}

// A page opened before this worker took control asks to be kept too (table.js), so it opens without
// the server from its first visit on.
self.addEventListener("message", (event) => {
  const url = new URL(event.data && event.data.keep, location.origin);
  if (url.origin !== location.origin || url.searchParams.has("token") || url.pathname.startsWith("/api/")) return;
  event.waitUntil(caches.open(CACHE)
    .then((cache) => fetch(url.pathname + url.search).then((response) => response.ok && cache.put(pageKey(url), response)))
    .catch(() => {}));
});

async function cacheFirst(request) {
  const kept = await caches.match(request);
  return kept || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/static/")) event.respondWith(cacheFirst(request));
  else if (request.mode === "navigate") event.respondWith(networkFirst(request));
});
