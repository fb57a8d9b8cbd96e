// table.js — the table view: the WebSocket client of /ws/tables/ID (welcome, state, delta, error, pong; reconnecting after
// 1s, 2s, 4s ... at most 10s), the local countdown of state.clock, the buy-in dialog, the seat controls (Leave,
// Sit out / Come back, Rebuy, Add bots) and the rendering of each state (seats.js, actions.js, panels.js). It keeps
// the players' names per seat from the start of the hand shown (for the log and the side pots after someone
// leaves) and fetches /api/me again when a sit, leave or rebuy shows in the state and after each hand you played.
// The end of a hand is told on the felt (felt.js), a time-out that acted for you in a toast (notice timed_out),
// your turn in the tab's title and a beep while the page is hidden (alert.js); on narrow screens the side panels
// become tabs below the felt (whatever panels the side area holds). The deck's proof (the `proof` message after
// each hand, the commitments in each state) is checked by shuffle.js.

import { currentPlayer, refreshAccount, sessionLost } from "./app.js";
import { decisionKey, renderActionBar, resetActionBar, setBusy, updateDrawButton } from "./actions.js";
import { setSound, setTitle, soundOn, yourTurn } from "./alert.js";
import { socketUrl } from "./base.js";
import { chatMessage } from "./chat.js";
import { movePot, renderResultLine } from "./felt.js";
import { gameName, limitName, stakesName, t } from "./i18n.js";
import { forgetLog, isVoided, loadHistory, renderLog, renderResults } from "./panels.js";
import { layoutBets, renderCentre, renderSeats } from "./seats.js";
import { resetShuffle, shuffleError, shuffleProof, shuffleState, shuffleWelcome } from "./shuffle.js";
import { PROTOCOL, chips, el, gameById, lasting, replace, takeState, tid, toast } from "./util.js";
import { offeredSeat } from "./waitlist.js";

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
    seq: 0, // deltas merged since the last full state (util.js takeState)
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
    offline: false, // the connection dropped: the bar is disabled and the clock stands still until a welcome
    welcomed: false, // a welcome came once: the next one is a reconnect (maybe to a restarted server)
    reconnected: false, // the first state after a reconnect is still to come
    closedByRoom: false, // the table_closed notice came: the 4404 close that follows says nothing more
    seenResults: null, // the state.results entries seen (hand ids): a void among new ones is told once
  };
  clearView();
  resetShuffle();
  document.getElementById("table-title").textContent = t("felt.table_title");
  setTitle(t("felt.page_title"));
  setConn(t("felt.connecting"));
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
  for (const id of ["pot", "hand-info", "board-label", "table-sub", "felt-result"]) document.getElementById(id).textContent = "";
  resetActionBar();
  renderControls(null);
}

// ---------------------------------------------------------------- the connection

function wsUrl(id) {
  return socketUrl(`/ws/tables/${encodeURIComponent(id)}`);
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
  if (ev.code === 4401 || ev.code === 4423) {
    v.closed = true;
    sessionLost(ev.code === 4423, ev.reason);
    return;
  }
  if (ev.code === 4404) {
    v.closed = true;
    if (!v.closedByRoom) toast(t("felt.no_such_table"));
    location.hash = "#/lobby";
    return;
  }
  setOffline(v, true);
  const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** v.attempt);
  v.attempt += 1;
  setConn(t("felt.reconnecting"));
  v.retry = setTimeout(() => {
    if (!v.closed) connect(v);
  }, delay);
}

/** While the connection is down the action bar and pre-actions are disabled and the clocks stand still (a
 *  click could not reach the table, and the server's clock is unknown); a welcome lifts it. */
function setOffline(v, offline) {
  v.offline = offline;
  document.getElementById("table-view").classList.toggle("offline", offline);
  if (!offline) return;
  for (const input of document.querySelectorAll("#action-area button, #action-area input")) input.disabled = true;
  const next = document.getElementById("next-deal");
  if (next) next.textContent = "";
}

function setConn(text) {
  const node = document.getElementById("conn-status");
  node.textContent = text || "";
  node.hidden = !text;
}

/** Send one message ({"v": PROTOCOL} is added); false when the connection is not open. */
function send(msg) {
  const ws = view && view.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    if (msg.type !== "ping") toast(t("felt.not_connected"));
    return false;
  }
  ws.send(JSON.stringify({ v: PROTOCOL, ...msg }));
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
  if (msg.type === "state" || msg.type === "delta") {
    msg = takeState(v, msg, send); // a delta as the whole state it makes (util.js); null: resync asked for
    if (!msg) return;
  }
  if (chatMessage(msg, send)) return; // the chat's own messages and errors (chat.js)
  if (msg.type === "welcome") onWelcome(v, msg);
  else if (msg.type === "state") onState(v, msg);
  else if (msg.type === "proof") shuffleProof(msg, v.state); // the hand's openings, checked (shuffle.js)
  else if (msg.type === "error" && !shuffleError(msg)) onError(msg);
  else if (msg.type === "notice") onNotice(v, msg);
}

/** A notice to you alone: `timed_out` says the clock acted for you ({action, bank}: seconds of bank left);
 *  `rebuy_queued` that a rebuy asked for during the hand is made when it ends; `table_closed` that the room closed
 *  the table ({chips}: what went back to your account; absent for a spectator): said lastingly, then the lobby. */
function onNotice(v, msg) {
  if (msg.code === "table_closed") {
    v.closedByRoom = true;
    const seated = msg.chips !== null && msg.chips !== undefined;
    lasting(seated ? t("felt.table_closed_chips", { amount: chips(msg.chips) }) : t("felt.table_closed"));
    refreshAccount();
    location.hash = "#/lobby";
    return;
  }
  if (msg.code === "rebuy_queued") {
    toast(t("felt.rebuy_queued", { amount: chips(msg.amount) }), "info");
    return;
  }
  if (msg.code !== "timed_out") return;
  const action = ["fold", "check", "draw", "muck"].includes(msg.action) ? msg.action : "other";
  const text = t("alert.timed_out", { action });
  toast(msg.bank === 0 ? `${text} ${t("alert.bank_spent")}` : text, "info");
}

async function onWelcome(v, msg) {
  shuffleWelcome(); // before any state: a restarted server shows the next hand with another seed hash
  v.attempt = 0;
  setConn(null);
  if (v.welcomed) {
    v.reconnected = true;
    resetActionBar(); // the next state builds the bar afresh (enabled)
  }
  v.welcomed = true;
  setOffline(v, false);
  v.info = msg.table;
  renderHeader(v);
  loadHistory(v.id);
  const game = await gameById(v.info.game);
  if (view !== v) return;
  v.gameKind = game ? game.family : null;
  if (v.state) render(v);
}

function onError(msg) {
  toast(msg.message || msg.code || t("felt.refused"));
  setBusy(false);
}

function onState(v, msg) {
  const reconnected = v.reconnected;
  v.reconnected = false;
  if (reconnected && !msg.hand) forgetLog(); // the hand shown before the break is gone (a restart voids it)
  v.state = msg;
  v.stateAt = performance.now();
  const offered = offeredSeat(v.id); // "Take seat" of the waiting list opened this table: its buy-in at once
  if (offered !== null) openBuyIn(offered);
  keepNames(v);
  resetSelection(v);
  render(v);
  shuffleState(msg, send); // the deck's commitments, the cards seen, a client seed before the deal
  const results = msg.results || [];
  const newest = results.length ? results[results.length - 1] : null;
  const last = newest ? newest.hand_id : null;
  let account = accountChanged(v) || reconnected; // after a break (a restart) the balances may have moved
  tellVoids(v, results);
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

/** A toast for each voided hand among the results not seen before (none for those of the first state: they are
 *  the table's past); after a reconnect the voids of the break show, such as a restart's crashed hand. */
function tellVoids(v, results) {
  const key = (r) => String(r.hand_id ?? `#${r.number}`);
  if (v.seenResults === null) {
    v.seenResults = new Set(results.map(key));
    return;
  }
  for (const r of results) {
    if (v.seenResults.has(key(r))) continue;
    v.seenResults.add(key(r));
    if (isVoided(r)) toast(t("felt.hand_voided", { number: r.number }), "info");
  }
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
  const info = v.info;
  document.getElementById("table-title").textContent = info.name;
  document.getElementById("table-sub").textContent = t("felt.table_sub", {
    game: gameName(info.game, info.game_name),
    stakes: stakesName(info.stakes),
    limit: limitName(info.limit),
    kind: info.kind,
  });
  setTitle(t("felt.page_title_table", { table: info.name }));
}

function render(v) {
  const ctx = context(v);
  renderSeats(ctx);
  renderCentre(ctx);
  layoutBets();
  renderResultLine(v.state);
  movePot(v.state);
  renderActionBar(ctx);
  renderControls(v.state);
  renderLog(ctx);
  renderResults(ctx);
  const turn = decisionKey(v.state);
  document.getElementById("table-view").classList.toggle("your-turn", turn !== null);
  if (v.info) setTitle(`${turn !== null ? "● " : ""}${t("felt.page_title_table", { table: v.info.name })}`);
  yourTurn(turn);
  tickTimer();
}

function toggleCard(v, code) {
  const legal = v.state && v.state.hand && v.state.hand.legal;
  if (!legal || legal.draw === undefined || legal.draw === null) return;
  if (v.selected.has(code)) v.selected.delete(code);
  else if (v.selected.size < legal.draw) v.selected.add(code);
  else {
    toast(t("felt.discard_max", { n: legal.draw }), "info");
    return;
  }
  const ctx = context(v);
  renderSeats(ctx);
  layoutBets();
  updateDrawButton(ctx);
  tickTimer();
}

// ---------------------------------------------------------------- the clock

function percent(left, full) {
  return `${Math.min(100, (100 * left) / Math.max(full, 1)).toFixed(1)}%`;
}

/** Count the clock down locally from state.clock (called every 100 ms): the action time first, then the time
 *  bank (servers without the split: `remaining` as one bar); and the seconds to the next deal. */
function tickTimer() {
  if (!view || !view.state || view.offline) return; // offline: the clock shown stands still
  const gone = (performance.now() - view.stateAt) / 1000;
  tickNextDeal(view.state, gone);
  const clock = view.state.clock;
  const node = document.querySelector('[data-testid="timer"]');
  if (!clock || !node) return;
  const wrap = node.parentElement;
  const fill = wrap.querySelector(".timer-fill");
  if (clock.action === undefined || clock.action === null) {
    const left = Math.max(0, clock.remaining - gone);
    node.textContent = t("felt.seconds", { seconds: Math.ceil(left) });
    node.classList.toggle("timer-low", left <= 5);
    if (!view.clockFull || view.clockSeat !== clock.seat || clock.remaining > view.clockFull) {
      view.clockFull = Math.max(clock.remaining, 1);
      view.clockSeat = clock.seat;
    }
    if (fill) fill.style.width = percent(left, view.clockFull);
    return;
  }
  const action = Math.max(0, clock.action - gone);
  const bank = Math.max(0, (clock.bank || 0) - Math.max(0, gone - clock.action));
  const onBank = action <= 0 && clock.bank > 0;
  node.textContent = t("felt.seconds", { seconds: Math.ceil(onBank ? bank : action) });
  node.classList.toggle("timer-low", onBank || action <= 5);
  wrap.classList.toggle("on-bank", onBank);
  if (fill) fill.style.width = percent(action, clock.action_total || clock.action);
  const bankFill = wrap.querySelector(".bank-fill");
  if (bankFill) bankFill.style.width = percent(bank, clock.bank_total || clock.bank);
  const bankText = wrap.querySelector('[data-testid="time-bank"]');
  if (bankText) bankText.textContent = t("felt.bank", { seconds: Math.ceil(bank) });
}

/** "Next hand in 3s" on the felt while state.next_deal counts down (the server sends none when no deal can
 *  happen: too few players, a pause); "Paused by the room" while an operator holds the table (state.paused). */
function tickNextDeal(state, gone) {
  const node = document.getElementById("next-deal");
  if (!node) return;
  const due = state.next_deal;
  const left = due === null || due === undefined ? null : Math.max(0, Math.ceil(due - gone));
  let text = left === null || left <= 0 ? "" : t("felt.next_deal", { seconds: left });
  if (state.paused) text = t("felt.paused"); // the hand being played plays on; the next one waits
  node.classList.toggle("paused", Boolean(state.paused) && text !== "");
  if (node.textContent !== text) node.textContent = text;
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
    toggle.textContent = me.sitting_out ? t("felt.come_back") : t("felt.sit_out");
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
    input.title = most === null ? t("felt.no_maximum") : t("felt.up_to", { amount: chips(most) });
  }
  rebuyKey = key;
  const empty = state ? state.seats.filter((s) => !s).length : 0;
  // a real-money table never takes the house's bots (the server refuses): no button to be refused by
  document.getElementById("add-bots").parentElement.hidden = Boolean(view && view.info && view.info.kind === "real");
  const count = document.getElementById("bots-count");
  count.max = String(Math.max(1, empty));
  document.getElementById("add-bots").disabled = !state || empty === 0;
  const sound = document.getElementById("sound-toggle");
  if (sound) sound.checked = soundOn();
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
    if (amount === null) toast(t("felt.rebuy_enter"));
    else send({ type: "rebuy", amount });
  });
  document.getElementById("add-bots").addEventListener("click", () => {
    const count = positiveInt(document.getElementById("bots-count").value) || 1;
    send({ type: "bots", count });
  });
  const sound = document.getElementById("sound-toggle");
  if (sound) sound.addEventListener("change", () => setSound(sound.checked));
  bindBuyIn();
  bindPanelTabs();
}

// ---------------------------------------------------------------- side panels as tabs (narrow screens)

/** A tab per panel of the side area (the panels' own ids; panels added later get theirs); on narrow screens
 *  (table.css) only the chosen panel shows, below the felt. */
function bindPanelTabs() {
  const side = document.querySelector("#table-view .side-panels");
  const bar = document.getElementById("panel-tabs");
  if (!side || !bar) return;
  const build = () => {
    const panels = [...side.children].filter((n) => n.tagName === "SECTION");
    const chosen = panels.find((p) => p.classList.contains("tab-chosen")) || panels[0];
    const choose = (panel) => {
      for (const p of panels) p.classList.toggle("tab-chosen", p === panel);
      for (const b of bar.children) {
        const on = b.dataset.panel === panel.id;
        b.setAttribute("aria-selected", on ? "true" : "false");
        b.tabIndex = on ? 0 : -1;
      }
    };
    replace(
      bar,
      panels.map((panel, i) => {
        if (!panel.id) panel.id = `side-panel-${i}`;
        const heading = panel.querySelector("h2, h3");
        const label = (heading && heading.textContent.trim()) || panel.getAttribute("aria-label") || panel.id;
        const attrs = { type: "button", role: "tab", class: "panel-tab", dataset: { panel: panel.id }, "aria-controls": panel.id };
        return el("button", tid("panel-tab", { ...attrs, onclick: () => choose(panel) }), label);
      }),
    );
    if (chosen) choose(chosen);
  };
  build();
  new MutationObserver((changes) => {
    if (changes.some((c) => [...c.addedNodes, ...c.removedNodes].some((n) => n.tagName === "SECTION"))) build();
  }).observe(side, { childList: true });
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
  const most = range.max ? chips(range.max) : t("felt.no_maximum");
  document.getElementById("buyin-title").textContent = t("felt.buyin_title", { seat: seat + 1 });
  document.getElementById("buyin-range").textContent = t("felt.buyin_range", { min: chips(range.min), max: most });
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
      ? t("felt.buyin_between", { min: chips(range.min), max: chips(range.max) })
      : t("felt.buyin_at_least", { min: chips(range.min) });
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
