// util.js — small shared helpers of the browser client: DOM building (el), the JSON API wrapper (api),
// error toasts (toast), chip formatting and the cached game list from /api/games.

import { roomUrl } from "./base.js";
import { language, t } from "./i18n.js";

/** The table protocol's version (pokerroom.server.protocol.VERSION), sent as "v" in every socket message. */
export const PROTOCOL = 4;

/** Build an element: el("button", {class: "x", dataset: {testid: "y"}, onclick: f}, "text", child, ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else if (key === "value") node.value = value;
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** A test id shortcut for el(): el("div", tid("pot")). */
export function tid(testid, extra = {}) {
  return { ...extra, dataset: { ...(extra.dataset || {}), testid } };
}

/** Replace every child of `node`. */
export function replace(node, ...children) {
  node.replaceChildren();
  append(node, children);
}

/** The text of an HTTP error body: {"detail": "..."} (or FastAPI's list of validation errors). */
function detailText(body, status) {
  const detail = body && body.detail;
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) return detail.map((d) => d.msg || JSON.stringify(d)).join("; ");
  return t("app.request_failed", { status });
}

/** An HTTP error with the server's detail and status. */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** Call the JSON API: api("POST", "/api/login", {name, password}) -> parsed body; throws ApiError. The path is
 * the room's (base.js): under /poker/ the call goes to /poker/api/login. */
export async function api(method, path, body) {
  const init = { method, credentials: "same-origin", headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(roomUrl(path), init);
  } catch (err) {
    throw new ApiError(t("app.network_error", { error: err.message }), 0);
  }
  const text = await response.text();
  let parsed = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) throw new ApiError(detailText(parsed, response.status), response.status);
  return parsed;
}

/** Show a short message at the bottom of the page (kind: "error" or "info"). */
export function toast(message, kind = "error") {
  const box = document.getElementById("toasts");
  if (!box) return;
  const item = el("div", tid("toast", { class: `toast toast-${kind}`, role: "alert" }), message);
  box.append(item);
  setTimeout(() => item.classList.add("toast-out"), 4000);
  setTimeout(() => item.remove(), 4600);
}

/** A message that stays until its × is clicked (what a toast's 4 s would lose: a table closed by the room); the
 *  same text is shown once. */
export function lasting(message, kind = "info") {
  const box = document.getElementById("toasts");
  if (!box) return;
  for (const old of box.querySelectorAll('[data-testid="lasting"]')) if (old.dataset.text === message) old.remove();
  const item = el(
    "div",
    tid("lasting", { class: `toast toast-${kind} lasting`, role: "alert", dataset: { text: message } }),
    el("span", {}, message),
    el("button", tid("lasting-close", { type: "button", class: "lasting-close", "aria-label": t("app.dismiss"), onclick: () => item.remove() }), "×"),
  );
  box.append(item);
}

/** Chips as text with the page's language's thousands separators: 12345 -> "12,345" (English), "12 345"
 *  (Swedish, Norwegian, Russian). */
export function chips(n) {
  return n === null || n === undefined ? "—" : Number(n).toLocaleString(language() === "en" ? "en-US" : language());
}

/** A signed chip amount: +40 / -20 / 0. */
export function signed(n) {
  return n > 0 ? `+${chips(n)}` : chips(n);
}

let gamesPromise = null;

/** The games of /api/games, fetched once: [{id, name, limits, default_limit, seats, kind}]. */
export function games() {
  if (!gamesPromise) {
    gamesPromise = api("GET", "/api/games").catch((err) => {
      gamesPromise = null;
      throw err;
    });
  }
  return gamesPromise;
}

/** One game by id (undefined when unknown or the list failed). */
export async function gameById(id) {
  try {
    return (await games()).find((g) => g.id === id);
  } catch {
    return undefined;
  }
}

/** GET /api/me and give the answer to `apply` (null when logged out or the request failed; a failure other than
 *  401 is shown as a toast). The pages with a log-in of their own (/night, /admin) start from it. */
export async function loadMe(apply) {
  try {
    apply(await api("GET", "/api/me"));
  } catch (err) {
    apply(null);
    if (err.status !== 401) toast(err.message);
  }
}

/** Protocol v4: the table's state after `msg`, a `state` (taken whole) or a `delta` merged into `holder.state`
 *  (docs/protocol.md: `set` over the state, `hand_set` over its hand, `events` appended; a new object, the one held
 *  is left as it was). `holder.seq` counts the deltas since the last state; a gap (or a delta with no state held)
 *  sends one {type: "resync"} through `send` and returns null, as does every delta until the full state comes. */
export function takeState(holder, msg, send) {
  if (msg.type === "state") {
    holder.seq = 0;
    return msg;
  }
  if (!holder.state || holder.seq < 0 || msg.seq !== holder.seq + 1) {
    if (holder.seq !== -1) send({ type: "resync" });
    holder.seq = -1; // waiting for the state the resync asked for
    return null;
  }
  holder.seq = msg.seq;
  const state = { ...holder.state, ...msg.set };
  if (Object.keys(msg.hand_set).length || msg.events.length) {
    const hand = { ...state.hand, ...msg.hand_set };
    hand.events = hand.events.concat(msg.events);
    state.hand = hand;
  }
  return state;
}
