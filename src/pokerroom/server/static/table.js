// table.js — the table view: the WebSocket client of /ws/tables/ID (welcome, state, error, pong; reconnecting after
// 1s, 2s, 4s ... at most 10s), the local countdown of state.clock, the buy-in dialog, the seat controls (Leave,
// Sit out / Come back, Rebuy, Add bots) and the rendering of each state (seats.js, actions.js, panels.js). It keeps
// the players' names per seat from the start of the hand shown (for the log and the side pots after someone
// leaves) and fetches /api/me again when a sit, leave or rebuy shows in the state and after each hand you played.

import { currentPlayer, refreshAccount, sessionLost } from "./app.js";
import { renderActionBar, resetActionBar, setBusy, updateDrawButton } from "./actions.js";
import { loadHistory, renderLog, renderResults } from "./panels.js";
import { layoutBets, renderCentre, renderSeats } from "./seats.js";
import { chips, gameById, replace, toast } from "./util.js";

const PING_MS = 20000;
const MAX_RETRY_MS = 10000;

let view = null; // the table shown: {id, ws, info, state, ...}; null when no table is shown
let bound = false;

/** Open table `id`: connect and render its states until hideTable(). */
export function showTable(id) {
  if (view && view.id === id) return;
  if (view) hideTable();
  if (!bound) bindControls();
  view = {
    id,
    ws: null,
    info: null,
    state: null,
    stateAt: 0,
    gameKind: null,
    attempt: 0,
    retry: null,
    ping: null,
    closed: false,
    selected: new Set(),
    selectKey: null,
    lastResult: undefined,
    names: null, // {number, seats: {seat: name}}: who sat where when the hand shown was dealt
    pending: null, // a sit / leave / rebuy sent: {type, stack}; the account is fetched when the state shows it
  };
  clearView();
  document.getElementById("table-title").textContent = "Table";
  document.title = "pokerroom — table";
  setConn("connecting…");
  connect(view);
}

/** Close the connection and stop the timers (the view is hidden). */
export function hideTable() {
  if (!view) return;
  const v = view;
  view = null;
  v.closed = true;
  clearTimeout(v.retry);
  clearInterval(v.ping);
  if (v.ws) v.ws.close(1000, "leaving the view");
  closeBuyIn();
  resetActionBar();
  refreshAccount();
}

function clearView() {
  for (const id of ["seats", "board", "side-pots", "side-pots-below", "event-log", "results", "history"]) {
    replace(document.getElementById(id));
  }
  for (const id of ["pot", "hand-info", "board-label", "table-sub"]) document.getElementById(id).textContent = "";
  resetActionBar();
  renderControls(null);
}

// ---------------------------------------------------------------- the connection

function wsUrl(id) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(id)}`;
}

function connect(v) {
  const ws = new WebSocket(wsUrl(v.id));
  v.ws = ws;
  ws.addEventListener("open", () => {
    if (v.ws !== ws) return;
    clearInterval(v.ping);
    v.ping = setInterval(() => send({ type: "ping" }), PING_MS);
  });
  ws.addEventListener("message", (ev) => {
    if (v.ws === ws && !v.closed) onMessage(v, ev.data);
  });
  ws.addEventListener("close", (ev) => {
    if (v.ws === ws) onClose(v, ev);
  });
}

function onClose(v, ev) {
  clearInterval(v.ping);
  if (v.closed) return;
  if (ev.code === 4401) {
    v.closed = true;
    sessionLost();
    return;
  }
  if (ev.code === 4404) {
    v.closed = true;
    toast("There is no such table.");
    location.hash = "#/lobby";
    return;
  }
  const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** v.attempt);
  v.attempt += 1;
  setConn("reconnecting…");
  v.retry = setTimeout(() => {
    if (!v.closed) connect(v);
  }, delay);
}

function setConn(text) {
  const node = document.getElementById("conn-status");
  node.textContent = text || "";
  node.hidden = !text;
}

/** Send one message ({"v": 1} is added); false when the connection is not open. */
function send(msg) {
  const ws = view && view.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    if (msg.type !== "ping") toast("Not connected to the table; reconnecting…");
    return false;
  }
  ws.send(JSON.stringify({ v: 1, ...msg }));
  if (msg.type === "sit" || msg.type === "leave" || msg.type === "rebuy") {
    const me = mySeat(view.state);
    view.pending = { type: msg.type, stack: me ? me.stack : null };
  }
  return true;
}

function onMessage(v, text) {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    return;
  }
  if (msg.type === "welcome") onWelcome(v, msg);
  else if (msg.type === "state") onState(v, msg);
  else if (msg.type === "error") onError(msg);
}

async function onWelcome(v, msg) {
  v.attempt = 0;
  setConn(null);
  v.info = msg.table;
  renderHeader(v);
  loadHistory(v.id);
  const game = await gameById(v.info.game);
  if (view !== v) return;
  v.gameKind = game ? game.family : null;
  if (v.state) render(v);
}

function onError(msg) {
  toast(msg.message || msg.code || "The server refused that.");
  setBusy(false);
}

function onState(v, msg) {
  v.state = msg;
  v.stateAt = performance.now();
  keepNames(v);
  resetSelection(v);
  render(v);
  const results = msg.results || [];
  const newest = results.length ? results[results.length - 1] : null;
  const last = newest ? newest.hand_id : null;
  let account = accountChanged(v);
  if (v.lastResult !== undefined && last !== v.lastResult) {
    const me = currentPlayer();
    if (newest && newest.players.some(([, name]) => name === me)) {
      loadHistory(v.id);
      account = true;
    }
  }
  v.lastResult = last;
  if (account) refreshAccount();
}

/** Whether the sit / leave / rebuy sent last shows in this state (then the balance has changed). */
function accountChanged(v) {
  const p = v.pending;
  if (!p) return false;
  const me = mySeat(v.state);
  const done =
    (p.type === "sit" && me !== null) ||
    (p.type === "leave" && me === null) ||
    (p.type === "rebuy" && (me === null || me.stack !== p.stack));
  if (done) v.pending = null;
  return done;
}

/** Keep each dealt seat's player name from the first state of a hand (a player who leaves keeps their name). */
function keepNames(v) {
  const state = v.state;
  const hand = state.hand;
  if (!hand) return;
  if (!v.names || v.names.number !== hand.number) v.names = { number: hand.number, seats: {} };
  const seats = v.names.seats;
  for (const p of hand.players) {
    const info = state.seats[p.seat];
    if (!(p.seat in seats) && info) seats[p.seat] = info.player;
  }
  const result = (state.results || []).find((r) => r.number === hand.number && (!hand.hand_id || r.hand_id === hand.hand_id));
  if (result) for (const [seat, name] of result.players) seats[seat] = name;
}

/** Forget the picked cards when the draw decision changes. */
function resetSelection(v) {
  const hand = v.state.hand;
  const drawing = hand && hand.legal && hand.legal.draw !== undefined && hand.legal.draw !== null;
  const key = drawing ? `${hand.number}:${hand.street}:${hand.events.length}` : null;
  if (key !== v.selectKey) v.selected.clear();
  v.selectKey = key;
}

// ---------------------------------------------------------------- rendering

/** What the render modules need: the state and the callbacks that act on it. */
function context(v) {
  return {
    state: v.state,
    gameKind: v.gameKind,
    tableGame: v.info ? v.info.game : null,
    names: v.names && v.state.hand && v.names.number === v.state.hand.number ? v.names.seats : null,
    selected: v.selected,
    send,
    openBuyIn,
    toggleCard: (code) => toggleCard(v, code),
  };
}

function renderHeader(v) {
  const t = v.info;
  document.getElementById("table-title").textContent = t.name;
  document.getElementById("table-sub").textContent = `${t.game_name || t.game} · ${t.stakes} · ${t.limit} limit · ${t.kind} money`;
  document.title = `${t.name} — pokerroom`;
}

function render(v) {
  const ctx = context(v);
  renderSeats(ctx);
  renderCentre(ctx);
  layoutBets();
  renderActionBar(ctx);
  renderControls(v.state);
  renderLog(ctx);
  renderResults(ctx);
  const yourTurn = Boolean(v.state.hand && v.state.hand.legal);
  document.getElementById("table-view").classList.toggle("your-turn", yourTurn);
  if (v.info) document.title = `${yourTurn ? "● " : ""}${v.info.name} — pokerroom`;
  tickTimer();
}

function toggleCard(v, code) {
  const legal = v.state && v.state.hand && v.state.hand.legal;
  if (!legal || legal.draw === undefined || legal.draw === null) return;
  if (v.selected.has(code)) v.selected.delete(code);
  else if (v.selected.size < legal.draw) v.selected.add(code);
  else {
    toast(`You may discard at most ${legal.draw} card${legal.draw === 1 ? "" : "s"}.`, "info");
    return;
  }
  const ctx = context(v);
  renderSeats(ctx);
  layoutBets();
  updateDrawButton(ctx);
  tickTimer();
}

// ---------------------------------------------------------------- the clock

/** Count the clock down locally from state.clock.remaining (called every 100 ms). */
function tickTimer() {
  if (!view || !view.state || !view.state.clock) return;
  const node = document.querySelector('[data-testid="timer"]');
  if (!node) return;
  const clock = view.state.clock;
  const left = Math.max(0, clock.remaining - (performance.now() - view.stateAt) / 1000);
  node.textContent = `${Math.ceil(left)}s`;
  node.classList.toggle("timer-low", left <= 5);
  const fill = node.parentElement.querySelector(".timer-fill");
  if (fill) {
    if (!view.clockFull || view.clockSeat !== clock.seat || clock.remaining > view.clockFull) {
      view.clockFull = Math.max(clock.remaining, 1);
      view.clockSeat = clock.seat;
    }
    fill.style.width = `${Math.min(100, (100 * left) / view.clockFull).toFixed(1)}%`;
  }
}

setInterval(tickTimer, 100);

// ---------------------------------------------------------------- controls below the table

function mySeat(state) {
  if (!state || state.you === null || state.you === undefined) return null;
  return state.seats[state.you];
}

let rebuyKey = null; // the rebuy chance the input was last filled for

/** The rebuy amount offered: the most allowed, or (no maximum) up to the table's default buy-in. */
function defaultRebuy(state, me) {
  if (state.rebuy.max !== null && state.rebuy.max !== undefined) return state.rebuy.max;
  const range = state.buy_in || {};
  const want = Math.max((range.default || 0) - me.stack, (range.min || 0) - me.stack);
  return want > 0 ? want : range.min || 1;
}

function renderControls(state) {
  const me = mySeat(state);
  const toggle = document.getElementById("sit-toggle");
  toggle.hidden = !me;
  if (me) {
    toggle.textContent = me.sitting_out ? "Come back" : "Sit out";
    toggle.dataset.testid = me.sitting_out ? "come-back" : "sit-out";
  }
  document.getElementById("leave").hidden = !me;
  const rebuy = document.getElementById("rebuy-box");
  const allowed = Boolean(state && state.rebuy && state.rebuy.allowed);
  const most = allowed ? state.rebuy.max : null; // null: no maximum (fixed-limit tables)
  rebuy.hidden = !me || !allowed || most === 0;
  const key = me && allowed && most !== 0 ? `${state.you}:${state.hand_number}:${most}:${me.stack}` : null;
  if (key !== null) {
    const input = document.getElementById("rebuy-amount");
    if (most === null) input.removeAttribute("max");
    else input.max = String(most);
    // filled afresh each time a rebuy becomes possible (or what is possible changes); kept while you type
    if (key !== rebuyKey) input.value = String(defaultRebuy(state, me));
    else if (most !== null && Number(input.value) > most) input.value = String(most);
    input.title = most === null ? "no maximum" : `up to ${chips(most)}`;
  }
  rebuyKey = key;
  const empty = state ? state.seats.filter((s) => !s).length : 0;
  const count = document.getElementById("bots-count");
  count.max = String(Math.max(1, empty));
  document.getElementById("add-bots").disabled = !state || empty === 0;
}

function positiveInt(text) {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function bindControls() {
  bound = true;
  if (typeof ResizeObserver === "function") new ResizeObserver(() => layoutBets()).observe(document.getElementById("felt"));
  document.getElementById("leave").addEventListener("click", () => send({ type: "leave" }));
  document.getElementById("sit-toggle").addEventListener("click", () => {
    const me = view && mySeat(view.state);
    if (me) send({ type: me.sitting_out ? "come_back" : "sit_out" });
  });
  document.getElementById("rebuy").addEventListener("click", () => {
    const amount = positiveInt(document.getElementById("rebuy-amount").value);
    if (amount === null) toast("Enter the chips to add.");
    else send({ type: "rebuy", amount });
  });
  document.getElementById("add-bots").addEventListener("click", () => {
    const count = positiveInt(document.getElementById("bots-count").value) || 1;
    send({ type: "bots", count });
  });
  bindBuyIn();
}

// ---------------------------------------------------------------- buy-in dialog

let buyInSeat = null;

function openBuyIn(seat) {
  if (!view || !view.state) return;
  const range = view.state.buy_in;
  buyInSeat = seat;
  const input = document.getElementById("buyin-input");
  input.min = String(range.min);
  if (range.max) input.max = String(range.max);
  else input.removeAttribute("max");
  input.value = String(range.default);
  const most = range.max ? chips(range.max) : "no maximum";
  document.getElementById("buyin-title").textContent = `Buy in at seat ${seat}`;
  document.getElementById("buyin-range").textContent = `Min ${chips(range.min)} · Max ${most}`;
  document.getElementById("buyin-error").textContent = "";
  document.getElementById("buyin-dialog").hidden = false;
  input.focus();
  input.select();
}

function closeBuyIn() {
  buyInSeat = null;
  document.getElementById("buyin-dialog").hidden = true;
}

function confirmBuyIn(ev) {
  ev.preventDefault();
  if (!view || buyInSeat === null) return;
  const range = view.state.buy_in;
  const amount = positiveInt(document.getElementById("buyin-input").value);
  const error = document.getElementById("buyin-error");
  if (amount === null || amount < range.min || (range.max && amount > range.max)) {
    error.textContent = range.max
      ? `Buy in for ${chips(range.min)} to ${chips(range.max)}.`
      : `Buy in for at least ${chips(range.min)}.`;
    return;
  }
  if (send({ type: "sit", seat: buyInSeat, buy_in: amount })) closeBuyIn();
}

function bindBuyIn() {
  document.getElementById("buyin-form").addEventListener("submit", confirmBuyIn);
  document.getElementById("buyin-cancel").addEventListener("click", closeBuyIn);
  document.getElementById("buyin-dialog").addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") closeBuyIn();
  });
}
