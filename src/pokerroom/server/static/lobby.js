// lobby.js — the lobby view: the table list from /api/tables (refreshed every few seconds while shown), each row
// with a Join button, and the create-table form (game, stakes, limit from the chosen game, money kind, seats, bots).

import { api, el, games, replace, tid, toast } from "./util.js";
import { sessionLost } from "./app.js";

const REFRESH_MS = 5000;
let timer = null;
let bound = false;
let gameList = [];

/** Show the lobby: load games and tables, refresh the list while the lobby is shown. */
export function showLobby() {
  if (!bound) bindForm();
  loadGames();
  loadTables();
  clearInterval(timer);
  timer = setInterval(loadTables, REFRESH_MS);
}

/** Stop refreshing (the lobby is hidden). */
export function hideLobby() {
  clearInterval(timer);
  timer = null;
}

function handleError(err) {
  if (err.status === 401) sessionLost();
  else toast(err.message);
}

// ---------------------------------------------------------------- table list

async function loadTables() {
  try {
    renderTables(await api("GET", "/api/tables"));
  } catch (err) {
    hideLobby();
    handleError(err);
  }
}

function renderTables(tables) {
  const body = document.getElementById("table-rows");
  replace(body, tables.map(tableRow));
  document.getElementById("no-tables").hidden = tables.length > 0;
}

function join(id) {
  location.hash = `#/table/${encodeURIComponent(id)}`;
}

function tableRow(t) {
  const full = t.taken >= t.seats;
  return el(
    "tr",
    tid("table-row", { dataset: { tableId: t.id }, class: full ? "full" : "" }),
    el("td", { class: "t-name" }, t.name),
    el("td", {}, t.game_name || t.game),
    el("td", {}, t.stakes),
    el("td", {}, t.limit),
    el("td", {}, el("span", { class: `kind kind-${t.kind}` }, t.kind)),
    el("td", { class: "t-seats" }, `${t.taken}/${t.seats}`),
    el(
      "td",
      {},
      el("button", tid("join-table", { type: "button", onclick: () => join(t.id) }), full ? "Watch" : "Join"),
    ),
  );
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
    gameList.map((g) => el("option", { value: g.id }, g.name)),
  );
  onGameChange();
}

function chosenGame() {
  const id = document.getElementById("create-form").elements.game.value;
  return gameList.find((g) => g.id === id);
}

/** Fill the limit select with the game's limits and bound the seat count by the game's [min, max]. */
function onGameChange() {
  const form = document.getElementById("create-form");
  const game = chosenGame();
  if (!game) return;
  replace(
    form.elements.limit,
    game.limits.map((limit) => el("option", { value: limit, selected: limit === game.default_limit }, limit)),
  );
  form.elements.limit.value = game.default_limit || game.limits[0];
  const [min, max] = game.seats || [2, 10];
  const seats = form.elements.seats;
  seats.min = String(min);
  seats.max = String(max);
  const wanted = Number(seats.value) || max;
  seats.value = String(Math.min(max, Math.max(min, wanted)));
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
    error.textContent = "The table needs a name.";
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

function bindForm() {
  bound = true;
  const form = document.getElementById("create-form");
  form.addEventListener("submit", onCreate);
  form.elements.game.addEventListener("change", onGameChange);
  document.getElementById("refresh-tables").addEventListener("click", loadTables);
}
