// app.js — entry point of the browser client: the session (sign up, log in, log out, /api/me), the account bar
// with balances and the play-chip top-up, the account dialog (password change, log out everywhere), and routing
// by location hash between the views: #/login (sign up / log in), #/lobby (lobby.js), #/table/ID (table.js) and
// #/hands/ID (the replayer, replay.js). The page asks /api/me on opening only when a log-in was remembered
// (localStorage "pokerroom_user"), so a visitor's first page shows no failed request.

import { api, chips, el, tid, toast } from "./util.js";
import { bindLanguageSwitch, loadLanguage, t, translate } from "./i18n.js";
import { showLobby, hideLobby } from "./lobby.js";
import { showTable, hideTable } from "./table.js";
import { showReplay, hideReplay } from "./replay.js";
import { startWaitlist, stopWaitlist } from "./waitlist.js";

const session = { player: null, balances: null };
const REMEMBER = "pokerroom_user"; // set while logged in: the session cookie is HttpOnly, so the page keeps a flag

function remembered() {
  try {
    return Boolean(localStorage.getItem(REMEMBER));
  } catch {
    return true; // no storage: ask the server
  }
}

function remember(player) {
  try {
    if (player) localStorage.setItem(REMEMBER, player);
    else localStorage.removeItem(REMEMBER);
  } catch {
    // storage refused (private mode): the flag is only an optimisation
  }
}
let current = null; // the view shown: "auth" | "lobby" | "table"

/** The player logged in (null before log-in). */
export function currentPlayer() {
  return session.player;
}

/** Show the balances {play, real} in the account bar. */
export function setBalances(balances) {
  if (!balances) return;
  session.balances = balances;
  document.getElementById("balance-play").textContent = chips(balances.play);
  document.getElementById("balance-real").textContent = chips(balances.real);
}

/** Fetch /api/me again (after a table, a top-up ...); returns false when logged out. */
export async function refreshAccount() {
  if (!session.player) return false;
  return fetchMe();
}

async function fetchMe() {
  try {
    const me = await api("GET", "/api/me");
    setSession(me);
    return true;
  } catch (err) {
    if (err.status === 401) {
      setSession(null);
      return false;
    }
    toast(err.message);
    return Boolean(session.player);
  }
}

function setSession(me) {
  session.player = me ? me.player : null;
  remember(session.player);
  document.getElementById("account").hidden = !me;
  document.getElementById("who").textContent = me ? me.player : "";
  document.getElementById("admin-link").hidden = !(me && me.operator); // /api/me says operator: the operators' page
  if (me) startWaitlist(); // the waiting lists' offers show on every page
  else stopWaitlist();
  if (me) setBalances(me.balances);
  if (me) heldNote(""); // logged in again: the hold is over
}

/** Called by views when the server says the session is gone (HTTP 401, WebSocket 4401; 4423 when an operator
 * suspended or banned the account: `held`, with the close's `reason`, "bob is suspended until 2026-12-04 18:28 UTC").
 * A hold stays written on the log-in screen (heldNote) until a log-in succeeds. */
export function sessionLost(held = false, reason = "") {
  setSession(null);
  if (held) heldNote(t("app.account_held_reason", { reason: reason || t("app.account_held") }));
  else toast(t("app.log_in_again"));
  route();
}

/** The lasting line above the log-in form saying why the session ended (empty text: removed). */
function heldNote(text) {
  const form = document.getElementById("login-form");
  let node = document.getElementById("held-note");
  if (!text) {
    if (node) node.remove();
    return;
  }
  if (!node) {
    node = el("p", tid("account-held", { id: "held-note", class: "form-error held-note", role: "alert" }));
    const title = form.querySelector("h2");
    if (title) title.after(node);
    else form.prepend(node);
  }
  node.textContent = text;
}

// ---------------------------------------------------------------- sign up / log in

function bindAuthForm(formId, path, errorTestId) {
  const form = document.getElementById(formId);
  const error = form.querySelector(`[data-testid="${errorTestId}"]`);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const me = await api("POST", path, {
        name: form.elements.name.value.trim(),
        password: form.elements.password.value,
      });
      setSession(me);
      form.reset();
      afterLogin();
    } catch (err) {
      error.textContent = err.message;
    } finally {
      button.disabled = false;
    }
  });
}

function afterLogin() {
  const wanted = parseHash();
  if (wanted.view === "table" || wanted.view === "lobby" || wanted.view === "hand") route();
  else location.hash = "#/lobby";
}

async function logout() {
  try {
    await api("POST", "/api/logout");
  } catch (err) {
    toast(err.message);
  }
  setSession(null);
  location.hash = "#/login";
  route();
}

// ---------------------------------------------------------------- the account dialog

function openAccount() {
  const form = document.getElementById("password-form");
  form.reset();
  form.querySelector('[data-testid="password-error"]').textContent = "";
  document.getElementById("account-dialog").hidden = false;
  form.elements.old.focus();
}

function closeAccount() {
  document.getElementById("account-dialog").hidden = true;
}

/** POST /api/password: every other session ends (and its sockets close); this page gets a fresh session. */
async function changePassword(ev) {
  ev.preventDefault();
  const form = ev.target;
  const error = form.querySelector('[data-testid="password-error"]');
  const button = form.querySelector("button[type=submit]");
  error.textContent = "";
  button.disabled = true;
  try {
    const me = await api("POST", "/api/password", { old: form.elements.old.value, new: form.elements.new.value });
    setSession(me);
    closeAccount();
    toast(t("app.password_changed"), "info");
  } catch (err) {
    if (err.status === 401) {
      closeAccount();
      sessionLost();
    } else error.textContent = err.message;
  } finally {
    button.disabled = false;
  }
}

/** POST /api/logout-everywhere: every session of this player ends, on every device. */
async function logoutEverywhere() {
  try {
    await api("POST", "/api/logout-everywhere");
  } catch (err) {
    if (err.status !== 401) {
      toast(err.message);
      return;
    }
  }
  closeAccount();
  setSession(null);
  toast(t("app.logged_out_everywhere"), "info");
  location.hash = "#/login";
  route();
}

function bindAccount() {
  document.getElementById("account-open").addEventListener("click", openAccount);
  document.getElementById("account-close").addEventListener("click", closeAccount);
  document.getElementById("password-form").addEventListener("submit", changePassword);
  document.getElementById("logout-everywhere").addEventListener("click", logoutEverywhere);
  document.getElementById("account-dialog").addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") closeAccount();
  });
}

async function topUp() {
  try {
    const answer = await api("POST", "/api/play-chips");
    setBalances(answer.balances);
    toast(answer.added > 0 ? t("app.topped_up", { amount: chips(answer.added) }) : t("app.play_chips_full"), "info");
  } catch (err) {
    if (err.status === 401) sessionLost();
    else toast(err.message);
  }
}

// ---------------------------------------------------------------- routing

/** The route in location.hash: {view: "login"|"lobby"|"table"|"hand", id}. */
function parseHash() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  if (parts[0] === "table" && parts[1]) return { view: "table", id: decodeURIComponent(parts[1]) };
  if (parts[0] === "hands" && parts[1]) return { view: "hand", id: decodeURIComponent(parts[1]) };
  if (parts[0] === "login") return { view: "login" };
  return { view: "lobby" };
}

function showOnly(viewId) {
  for (const id of ["auth-view", "lobby-view", "table-view", "replay-view"]) {
    document.getElementById(id).hidden = id !== viewId;
  }
}

function leaveCurrent(next) {
  if (current === "lobby" && next !== "lobby") hideLobby();
  if (current === "table") hideTable();
  if (current === "hand" && next !== "hand") hideReplay();
}

/** Show the view the hash names (the sign-up / log-in view while logged out). */
export function route() {
  const wanted = parseHash();
  if (!session.player) {
    leaveCurrent("auth");
    current = "auth";
    showOnly("auth-view");
    document.title = t("app.title_login");
    return;
  }
  if (wanted.view === "login") {
    location.hash = "#/lobby";
    return;
  }
  leaveCurrent(wanted.view);
  current = wanted.view;
  if (wanted.view === "table") {
    showOnly("table-view");
    showTable(wanted.id);
  } else if (wanted.view === "hand") {
    showOnly("replay-view");
    showReplay(wanted.id);
  } else {
    showOnly("lobby-view");
    document.title = t("app.title_lobby");
    showLobby();
    refreshAccount();
  }
}

async function start() {
  await loadLanguage();
  translate();
  bindLanguageSwitch(document.getElementById("lang-switch"));
  bindAuthForm("login-form", "/api/login", "login-error");
  bindAuthForm("signup-form", "/api/signup", "signup-error");
  document.getElementById("logout").addEventListener("click", logout);
  document.getElementById("top-up").addEventListener("click", topUp);
  bindAccount();
  window.addEventListener("hashchange", route);
  if (remembered()) await fetchMe();
  route();
}

start();
