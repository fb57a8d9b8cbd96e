// base.js — where the room is: every URL of the server (scripts, styles, the API, the sockets) is relative to
// the page's base (<base href>, set by the server to the room's path, e.g. /poker/ behind a reverse proxy).

/** The page's base URL: its <base href>, else its own address (a page module run outside a browser: the root). */
function pageBase() {
  if (typeof document !== "undefined" && document.baseURI) return document.baseURI;
  if (typeof location !== "undefined" && location.href) return location.href;
  return "http://localhost/";
}

/** The room's path of a server path, from the host's root: roomUrl("/api/me") -> "/poker/api/me" under
 * https://example.org/poker/ (a leading slash is the room's root, not the host's); for fetch, links and
 * location. */
export function roomUrl(path) {
  const url = new URL(String(path).replace(/^\/+/, ""), pageBase());
  return url.pathname + url.search + url.hash;
}

/** The WebSocket URL of a server path: socketUrl("/ws/tables/3") -> "wss://example.org/poker/ws/tables/3". */
export function socketUrl(path) {
  const url = new URL(roomUrl(path), location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  return url.href;
}

/** The page's path below the room's base: "night/abc" for https://example.org/poker/night/abc. */
export function roomPath() {
  const base = new URL(pageBase()).pathname;
  const here = location.pathname;
  return here.startsWith(base) ? here.slice(base.length) : here.replace(/^\/+/, "");
}
