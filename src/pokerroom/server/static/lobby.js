// lobby.js — the lobby view: the table list from /api/tables (refreshed every few seconds while shown) with each
// table's figures (average pot, players per flop, hands per hour), filtered by game, limit and stakes, full and
// empty tables hidden on request, sorted by clicking a column header (aria-sort shows which way); filters and sort
// kept in localStorage "pokerroom_lobby". Each row has Join (Watch when full) and, at a full table, the waiting
// list (waitlist.js). Below, the create-table form: no-limit hold'em 1/2 by default, the limit select following
// the chosen game's limits.

import { api, chips, el, games, replace, tid, toast } from "./util.js";
import { gameName, language, limitName, stakesName, t, translate } from "./i18n.js";
import { sessionLost } from "./app.js";
import { joinWaitlist, leaveWaitlist, onWaitlistChange, placeText, waitlistEntry } from "./waitlist.js";

const REFRESH_MS = 5000;
const SAVED = "pokerroom_lobby";
const DEFAULT_GAME = "holdem"; // create-table defaults: no-limit hold'em 1/2
const DEFAULT_LIMIT = "no";
let timer = null;
let bound = false;
let gameList = [];
let rows = []; // the last /api/tables answer
let shown = false;

const view = loadView(); // {game, limit, stake, hideFull, hideEmpty, sort, dir}

/** Show the lobby: load games and tables, refresh the list while the lobby is shown. */
export function showLobby() {
  if (!bound) bind();
  shown = true;
  loadGames();
  loadTables();
  clearInterval(timer);
  timer = setInterval(loadTables, REFRESH_MS);
}

/** Stop refreshing (the lobby is hidden). */
export function hideLobby() {
  shown = false;
  clearInterval(timer);
  timer = null;
}

function handleError(err) {
  if (err.status === 401) sessionLost();
  else toast(err.message);
}

// ---------------------------------------------------------------- filters and sort (remembered)

function loadView() {
  const empty = { game: "", limit: "", stake: "", hideFull: false, hideEmpty: false, sort: "", dir: "asc" };
  try {
    return { ...empty, ...JSON.parse(localStorage.getItem(SAVED) || "{}") };
  } catch {
    return empty;
  }
}

function saveView() {
  try {
    localStorage.setItem(SAVED, JSON.stringify(view));
  } catch {
    // not remembered: the filters still apply for this visit
  }
}

/** The sort key of each column: a string or a number (null: no figure yet, always last). */
const SORT_KEYS = {
  name: (r) => r.name.toLowerCase(),
  game: (r) => shownGame(r).toLocaleLowerCase(language()),
  stakes: (r) => r.stake,
  players: (r) => r.taken,
  "avg-pot": (r) => r.stats.avg_pot,
  "players-flop": (r) => r.stats.players_per_flop,
  "hands-hour": (r) => r.stats.hands_per_hour,
};

function compare(a, b) {
  const key = SORT_KEYS[view.sort];
  const x = key(a);
  const y = key(b);
  const xNone = x === null || x === undefined;
  const yNone = y === null || y === undefined;
  if (xNone || yNone) return xNone === yNone ? a.id - b.id : xNone ? 1 : -1; // no figure yet: last either way
  const order = typeof x === "string" ? x.localeCompare(y, language()) : x - y;
  return (view.dir === "desc" ? -order : order) || a.id - b.id;
}

function visible(r) {
  if (view.game && r.game !== view.game) return false;
  if (view.limit && r.limit !== view.limit) return false;
  if (view.stake && r.stake !== Number(view.stake)) return false;
  if (view.hideFull && r.taken >= r.seats) return false;
  if (view.hideEmpty && r.taken === 0) return false;
  return true;
}

function onSort(column) {
  if (view.sort === column) view.dir = view.dir === "asc" ? "desc" : "asc";
  else {
    view.sort = column;
    view.dir = "asc";
  }
  saveView();
  renderTables();
}

function onFilter() {
  const f = document.getElementById("lobby-filters").elements;
  view.game = f.game.value;
  view.limit = f.limit.value;
  view.stake = f.stake.value;
  view.hideFull = f.hideFull.checked;
  view.hideEmpty = f.hideEmpty.checked;
  saveView();
  renderTables();
}

/** A row's game as shown: its name in the page's language (gameName), the server's name as the fallback. */
function shownGame(r) {
  return gameName(r.game, r.game_name);
}

/** Fill a filter select with "all" and the values present (the saved one kept even when no table has it). */
function fillSelect(select, allKey, values, label, chosen) {
  const list = [...values];
  if (chosen && !list.some(([v]) => String(v) === chosen)) list.push([chosen, chosen]);
  replace(
    select,
    el("option", { value: "" }, t(allKey)),
    list.map(([value, text]) => el("option", { value: String(value) }, label(text))),
  );
  select.value = chosen;
}

function renderFilters() {
  const f = document.getElementById("lobby-filters").elements;
  const gamesShown = new Map(rows.map((r) => [r.game, shownGame(r)]));
  const sortedGames = [...gamesShown].sort((a, b) => a[1].localeCompare(b[1], language()));
  fillSelect(f.game, "lobby.filter.all_games", sortedGames, (x) => x, view.game);
  const limits = [...new Set(rows.map((r) => r.limit))].sort().map((l) => [l, l]);
  fillSelect(f.limit, "lobby.filter.all_limits", limits, limitName, view.limit);
  const stakes = [...new Set(rows.map((r) => r.stake))].sort((a, b) => a - b).map((s) => [s, s]);
  fillSelect(f.stake, "lobby.filter.all_stakes", stakes, (s) => t("lobby.filter.stake_option", { stake: chips(Number(s)) }), view.stake);
  f.hideFull.checked = view.hideFull;
  f.hideEmpty.checked = view.hideEmpty;
}

function renderHead() {
  for (const th of document.querySelectorAll("#lobby-head th[data-sort]")) {
    const on = th.dataset.sort === view.sort;
    th.setAttribute("aria-sort", on ? (view.dir === "desc" ? "descending" : "ascending") : "none");
  }
}

// ---------------------------------------------------------------- table list

async function loadTables() {
  try {
    rows = await api("GET", "/api/tables");
  } catch (err) {
    hideLobby();
    handleError(err);
    return;
  }
  if (shown) renderTables();
}

function renderTables() {
  renderFilters();
  renderHead();
  const list = rows.filter(visible);
  if (SORT_KEYS[view.sort]) list.sort(compare);
  replace(document.getElementById("table-rows"), list.map(tableRow));
  document.getElementById("no-tables").hidden = rows.length > 0;
  document.getElementById("no-match").hidden = !rows.length || list.length > 0;
}

function join(id) {
  location.hash = `#/table/${encodeURIComponent(id)}`;
}

function figure(value, text = (v) => chips(v)) {
  return value === null || value === undefined ? "—" : text(value);
}

function tableRow(r) {
  const full = r.taken >= r.seats;
  const s = r.stats;
  return el(
    "tr",
    tid("table-row", { dataset: { tableId: r.id, stake: r.stake }, class: full ? "full" : "" }),
    el("td", { class: "t-name" }, r.name),
    el("td", {}, shownGame(r)),
    el("td", { title: stakesName(r.stakes) }, stakesName(r.stakes)),
    el("td", {}, limitName(r.limit)),
    el("td", {}, el("span", { class: `kind kind-${r.kind}` }, t(`lobby.kind.${r.kind}`))),
    el(
      "td",
      { class: "t-seats" },
      `${r.taken}/${r.seats}`,
      r.waiting ? el("span", { class: "t-waiting" }, ` · ${t("lobby.waiting", { n: r.waiting })}`) : null,
    ),
    el("td", tid("stat-avg-pot", { class: "num" }), figure(s.avg_pot)),
    el("td", tid("stat-players-flop", { class: "num" }), figure(s.players_per_flop, (n) => t("lobby.percent", { n }))),
    el("td", tid("stat-hands-hour", { class: "num" }), figure(s.hands_per_hour)),
    el("td", { class: "t-actions" }, actions(r, full)),
  );
}

function actions(r, full) {
  const out = [
    el(
      "button",
      tid("join-table", { type: "button", onclick: () => join(r.id) }),
      full ? t("lobby.watch") : t("lobby.join"),
    ),
  ];
  const entry = waitlistEntry(r.id);
  if (entry) {
    out.push(
      el("span", tid("waitlist-place", { class: "waitlist-place" }), placeText(entry.place)),
      el(
        "button",
        tid("waitlist-leave", { type: "button", class: "secondary", onclick: () => leave(r.id) }),
        t("lobby.waitlist.leave"),
      ),
    );
  } else if (full) {
    out.push(
      el(
        "button",
        tid("waitlist-join", { type: "button", class: "secondary", onclick: () => joinList(r) }),
        t("lobby.waitlist.join"),
      ),
    );
  }
  return out;
}

async function joinList(r) {
  try {
    await joinWaitlist(r.id);
    toast(t("lobby.waitlist.joined", { table: r.name }), "info");
  } catch (err) {
    handleError(err);
  }
}

async function leave(id) {
  try {
    await leaveWaitlist(id);
  } catch (err) {
    handleError(err);
  }
}

// ---------------------------------------------------------------- create-table form

async function loadGames() {
  if (gameList.length) return;
  try {
    gameList = await games();
  } catch (err) {
    handleError(err);
    return;
  }
  const select = document.getElementById("create-form").elements.game;
  replace(
    select,
    gameList.map((g) => el("option", { value: g.id }, gameName(g.id, g.name))),
  );
  if (gameList.some((g) => g.id === DEFAULT_GAME)) select.value = DEFAULT_GAME;
  onGameChange();
}

function chosenGame() {
  const id = document.getElementById("create-form").elements.game.value;
  return gameList.find((g) => g.id === id);
}

/** Fill the limit select with the game's limits (no limit at hold'em, else the game's default) and bound the
 *  seat count by the game's [min, max]. */
function onGameChange() {
  const form = document.getElementById("create-form");
  const game = chosenGame();
  if (!game) return;
  const wanted = game.id === DEFAULT_GAME && game.limits.includes(DEFAULT_LIMIT) ? DEFAULT_LIMIT : game.default_limit;
  replace(
    form.elements.limit,
    game.limits.map((limit) => el("option", { value: limit }, limitName(limit))),
  );
  form.elements.limit.value = wanted || game.limits[0];
  if (game.default_stakes) form.elements.stakes.value = game.default_stakes; // stud's ante and bring-in need 10/20
  const [min, max] = game.seats || [2, 10];
  const seats = form.elements.seats;
  seats.min = String(min);
  seats.max = String(max);
  const count = Number(seats.value) || max;
  seats.value = String(Math.min(max, Math.max(min, count)));
  form.elements.bots.max = String(max - 1);
}

function intOrUndefined(value) {
  const text = String(value).trim();
  return text === "" ? undefined : Number.parseInt(text, 10);
}

function formBody(form) {
  const f = form.elements;
  const body = {
    name: f.name.value.trim(),
    game: f.game.value,
    limit: f.limit.value || undefined,
    kind: f.kind.value,
    seats: intOrUndefined(f.seats.value),
    bots: intOrUndefined(f.bots.value),
    showdown: f.showdown.value,
  };
  const stakes = f.stakes.value.trim();
  if (stakes) body.stakes = stakes;
  return body;
}

async function onCreate(ev) {
  ev.preventDefault();
  const form = ev.currentTarget;
  const error = form.querySelector('[data-testid="create-error"]');
  error.textContent = "";
  const body = formBody(form);
  if (!body.name) {
    error.textContent = t("lobby.create.name_needed");
    return;
  }
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const info = await api("POST", "/api/tables", body);
    form.elements.name.value = "";
    join(info.id);
  } catch (err) {
    if (err.status === 401) sessionLost();
    else error.textContent = err.message;
  } finally {
    button.disabled = false;
  }
}

function bind() {
  bound = true;
  const form = document.getElementById("create-form");
  form.addEventListener("submit", onCreate);
  form.elements.game.addEventListener("change", onGameChange);
  document.getElementById("refresh-tables").addEventListener("click", loadTables);
  const filters = document.getElementById("lobby-filters");
  filters.addEventListener("change", onFilter);
  filters.addEventListener("submit", (ev) => ev.preventDefault());
  for (const th of document.querySelectorAll("#lobby-head th[data-sort]")) {
    th.querySelector("button").addEventListener("click", () => onSort(th.dataset.sort));
  }
  translate(filters);
  onWaitlistChange(() => {
    if (shown) renderTables();
  });
}
