// The app's service worker: every file of the app is kept at install, so after the first visit the app
// opens and plays with no network. Nothing else is ever fetched. `companion app export` writes the
// list of files and a version (a hash of their contents) into BUILD below: a changed app is a changed
// worker, fetched in the background and taken at the next start, never in the middle of a game (no
// skipWaiting: the old worker serves every open tab until they are all closed).
// @ts-nocheck: a worker's globals (self, caches, FetchEvent); the browser code's type check knows the page's
"use strict";
const BUILD = { version: "source", files: [] };
const CACHE = `tabletop-app-${BUILD.version}`;
const SCOPE = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(["./", ...BUILD.files])));
});

self.addEventListener("activate", (event) => {
  // an older version's cache, and the one the server's former pages kept ("tabletop-" and 12 hex digits)
  const old = (n) => (n.startsWith("tabletop-app-") && n !== CACHE) || /^tabletop-[0-9a-f]{12}$/.test(n);
  event.waitUntil(caches.keys().then((names) => Promise.all(names.filter(old).map((n) => caches.delete(n)))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const path = url.pathname.slice(SCOPE.pathname.length);
  // a page opened with a query string is for the server (companion serve's access token, which it
  // trades for a pass and a key): it goes to the network, and nothing is ever put in the cache after
  // the install
  if (request.mode === "navigate" && (url.search || (path !== "" && path !== "index.html"))) return;
  // only the app's own files: whatever else lies under the folder (companion serve's API and its
  // links to a game, served at the root beside the app) never passes through the worker
  if (request.mode !== "navigate" && !BUILD.files.includes(path)) return;
  // one entry a file whatever its query string; the app's page is kept as its folder
  const key = request.mode === "navigate" ? SCOPE.href : url.origin + url.pathname;
  event.respondWith(caches.open(CACHE).then(async (cache) => {
    const kept = await cache.match(key, { ignoreSearch: true });
    return kept ?? fetch(request);
  }));
});
