// night.js — the club night page. /night: host a night (the agreement: game, limit, price per chip in öre, first
// buy-in, hands and/or minutes, bots, house rules) and the list of your nights. /night/TOKEN: the WebSocket client
// of /ws/nights/TOKEN (welcome, state, delta, error, pong; reconnecting after 1s, 2s, 4s ... at most 10s, so a restart of
// the server is ridden out): before the start the invite link and the seats taken (the host adds bots, starts or
// calls off the evening); during it the felt and the action bar of the table page (seats.js, actions.js,
// panels.js), rebuy / join / leave, the host's pause, deal on, end after the orbit, end now and house rules, the
// standings and the evening's log; at the end the cash-out sheet (who pays whom, in kronor) with its downloads.

import { renderActionBar, resetActionBar, setBusy, updateDrawButton } from "./actions.js";
import { roomPath, roomUrl, socketUrl } from "./base.js";
import { renderLog, renderResults } from "./panels.js";
import { layoutBets, renderCentre, renderSeats } from "./seats.js";
import { bindLanguageSwitch, gameName, hasMessage, limitName, loadLanguage, ruleName, t, translate } from "./i18n.js";
import { PROTOCOL, api, chips, el, gameById, loadMe, replace, takeState, tid, toast } from "./util.js";

const PING_MS = 20000;
const MAX_RETRY_MS = 10000;

const session = { player: null };
const token = (roomPath().match(/^night\/([A-Za-z0-9_-]+)/) || [])[1] || null;
const view = { ws: null, state: null, seq: 0, stateAt: 0, attempt: 0, retry: null, ping: null, gameKind: null, selected: new Set(), selectKey: null, names: null, rebuyKey: null };

const $ = (id) => document.getElementById(id);

/** A night's phase in words (night.phase.<phase>: "waiting for players", "playing", ...), else the id. */
function phaseText(phase) {
  const key = `night.phase.${phase}`;
  return hasMessage(key) ? t(key) : phase;
}

/** A count of chips with its word: "250 chips", "1 chip" (the number as chips() writes it). */
function chipCount(n) {
  return t("night.chip_count", { n, chips: chips(n) });
}

/** The agreed length: "50 hands or 150 minutes", "8 hands", "90 minutes". */
function lengthText(night) {
  const hands = night.hands ?? null;
  const minutes = night.minutes ?? null;
  if (hands !== null && minutes !== null) return t("night.length_both", { hands, minutes });
  if (hands !== null) return t("night.length_hands", { hands });
  if (minutes !== null) return t("night.length_minutes", { minutes });
  return night.length || "";
}

// ---------------------------------------------------------------- the session

function setSession(me) {
  session.player = me ? me.player : null;
  $("account").hidden = !me;
  $("who").textContent = me ? me.player : "";
}

function fetchMe() {
  return loadMe(setSession);
}

function bindAuthForm(formId, path, errorTestId) {
  const form = $(formId);
  const error = form.querySelector(`[data-testid="${errorTestId}"]`);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      setSession(await api("POST", path, { name: form.elements.name.value.trim(), password: form.elements.password.value }));
      try {
        localStorage.setItem("pokerroom_user", session.player);
      } catch {
        // storage refused: the lobby page asks the server instead
      }
      form.reset();
      route();
    } catch (err) {
      error.textContent = err.message;
    } finally {
      button.disabled = false;
    }
  });
}

function showOnly(id) {
  for (const v of ["auth-view", "host-view", "night-view"]) $(v).hidden = v !== id;
}

function route() {
  if (!session.player) {
    showOnly("auth-view");
    $("auth-intro").hidden = !token;
    return;
  }
  if (token) {
    showOnly("night-view");
    if (!view.ws) connect();
  } else {
    showOnly("host-view");
    loadMyNights();
  }
}

// ---------------------------------------------------------------- hosting

function number(text) {
  const typed = String(text || "").trim();
  return typed === "" ? null : Number(typed);
}

/** "ante=2\nblinds=5,10" -> {ante: "2", blinds: "5,10"}: the server reads each value by its rule's kind. */
function parseRules(text) {
  const rules = {};
  for (const line of String(text || "").split(/[\n;]+/)) {
    const rule = line.trim();
    if (!rule) continue;
    const at = rule.indexOf("=");
    if (at < 1) throw new Error(t("night.rule_format", { text: rule }));
    rules[rule.slice(0, at).trim()] = rule.slice(at + 1).trim();
  }
  return rules;
}

function hostDefaults() {
  const form = $("host-form");
  const holdem = form.elements.game.value === "club-holdem";
  form.elements.limit.disabled = holdem;
  const noLimit = holdem || form.elements.limit.value === "no";
  const price = holdem || noLimit ? 10 : 20;
  form.elements.price.placeholder = String(price);
  form.elements.buyin.placeholder = String(5000 / price);
  $("host-default").textContent = t("night.default", { chips: chips(5000 / price), price });
}

async function createNight(ev) {
  ev.preventDefault();
  const form = ev.target;
  const error = form.querySelector('[data-testid="host-error"]');
  error.textContent = "";
  let body;
  try {
    body = {
      game: form.elements.game.value,
      no_limit: form.elements.game.value === "club-holdem" || form.elements.limit.value === "no",
      price_per_chip: number(form.elements.price.value),
      first_buyin: number(form.elements.buyin.value),
      hands: number(form.elements.hands.value),
      minutes: number(form.elements.minutes.value),
      bots: number(form.elements.bots.value) || 0,
      house_rules: parseRules(form.elements.rules.value),
    };
  } catch (err) {
    error.textContent = err.message;
    return;
  }
  try {
    const night = await api("POST", "/api/nights", body);
    location.href = roomUrl(night.url);
  } catch (err) {
    error.textContent = err.message;
  }
}

async function loadMyNights() {
  const list = $("my-nights");
  try {
    const nights = await api("GET", "/api/nights");
    if (!nights.length) replace(list, el("li", { class: "empty-note" }, t("night.none")));
    else
      replace(
        list,
        nights.map((n) =>
          el(
            "li",
            tid("my-night"),
            el("a", { href: roomUrl(n.url) }, gameName(n.game, n.game_name)),
            t("night.my_line", { phase: phaseText(n.phase), host: n.host, players: n.players.join(", ") }),
          ),
        ),
      );
  } catch (err) {
    replace(list, el("li", { class: "form-error" }, err.message));
  }
}

// ---------------------------------------------------------------- the connection

function connect() {
  const ws = new WebSocket(socketUrl(`/ws/nights/${encodeURIComponent(token)}`));
  view.ws = ws;
  ws.addEventListener("open", () => {
    clearInterval(view.ping);
    view.ping = setInterval(() => send({ type: "ping" }), PING_MS);
  });
  ws.addEventListener("message", (ev) => {
    if (view.ws === ws) onMessage(ev.data);
  });
  ws.addEventListener("close", (ev) => {
    if (view.ws === ws) onClose(ev);
  });
}

function onClose(ev) {
  clearInterval(view.ping);
  if (ev.code === 4401 || ev.code === 4423) {
    view.ws = null;
    setSession(null);
    if (ev.code === 4423) toast(t("app.account_held"));
    route();
    return;
  }
  if (ev.code === 4404) {
    setConn(t("night.no_such"));
    return;
  }
  const delay = Math.min(MAX_RETRY_MS, 1000 * 2 ** view.attempt);
  view.attempt += 1;
  setConn(t("night.reconnecting"));
  view.retry = setTimeout(connect, delay);
}

function setConn(text) {
  $("conn-status").textContent = text || "";
  $("conn-status").hidden = !text;
}

function send(msg) {
  const ws = view.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    if (msg.type !== "ping") toast(t("night.not_connected"));
    return false;
  }
  ws.send(JSON.stringify({ v: PROTOCOL, ...msg }));
  return true;
}

function onMessage(text) {
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    return;
  }
  if (msg.type === "welcome") {
    view.attempt = 0;
    setConn(null);
  } else if (msg.type === "state" || msg.type === "delta") {
    const state = takeState(view, msg, send); // a delta as the whole state it makes (util.js); null: resync asked
    if (state) onState(state);
  }
  else if (msg.type === "error") {
    toast(msg.message || msg.code || t("night.refused"));
    setBusy(false);
  }
}

async function onState(msg) {
  view.state = msg;
  view.stateAt = performance.now();
  const night = msg.night;
  if (night && !view.gameKind) {
    const game = await gameById(night.game);
    view.gameKind = game ? game.family : night.game === "club-lowball" ? "draw" : "board";
  }
  keepNames();
  resetSelection();
  render();
}

/** Each dealt seat's player from the first state of a hand (a player who leaves keeps their name in the log). */
function keepNames() {
  const state = view.state;
  const hand = state.hand;
  if (!hand) return;
  if (!view.names || view.names.number !== hand.number) view.names = { number: hand.number, seats: {} };
  for (const p of hand.players) {
    const info = state.seats[p.seat];
    if (!(p.seat in view.names.seats) && info) view.names.seats[p.seat] = info.player;
  }
}

function resetSelection() {
  const hand = view.state.hand;
  const drawing = hand && hand.legal && hand.legal.draw !== undefined && hand.legal.draw !== null;
  const key = drawing ? `${hand.number}:${hand.street}:${hand.events.length}` : null;
  if (key !== view.selectKey) view.selected.clear();
  view.selectKey = key;
}

// ---------------------------------------------------------------- rendering

/** The state with the seats cut to the night's players (they sit at seats 0..n-1), so they spread round the felt. */
function feltState(state) {
  let last = -1;
  state.seats.forEach((s, i) => {
    if (s) last = i;
  });
  return { ...state, seats: state.seats.slice(0, Math.max(2, last + 1)) };
}

function context() {
  const state = feltState(view.state);
  return {
    state,
    gameKind: view.gameKind,
    tableGame: view.state.night ? view.state.night.game : null,
    names: view.names && state.hand && view.names.number === state.hand.number ? view.names.seats : null,
    selected: view.selected,
    send,
    openBuyIn: () => {},
    toggleCard: (code) => toggleCard(code),
  };
}

function toggleCard(code) {
  const legal = view.state && view.state.hand && view.state.hand.legal;
  if (!legal || legal.draw === undefined || legal.draw === null) return;
  if (view.selected.has(code)) view.selected.delete(code);
  else if (view.selected.size < legal.draw) view.selected.add(code);
  else return toast(t("night.discard_max", { n: legal.draw }), "info");
  const ctx = context();
  renderSeats(ctx);
  layoutBets();
  updateDrawButton(ctx);
}

function me(night) {
  return night.players.find((p) => p.name === session.player) || null;
}

function render() {
  const state = view.state;
  const night = state.night;
  if (!night) return;
  const host = night.host === session.player;
  document.body.classList.toggle("is-host", host);
  const game = gameName(night.game, night.game_name);
  $("night-title").textContent = night.id ? t("night.title_id", { game, id: night.id }) : game;
  $("night-phase").textContent = phaseText(night.phase);
  $("night-phase").dataset.phase = night.phase;
  const rules = Object.entries(night.rules || {}).map(([k, v]) =>
    t("night.rule_item", { name: ruleName(k), rule: `${k}=${Array.isArray(v) ? v.join(",") : v}` }),
  );
  const sub = t("night.sub", {
    host: night.host,
    limit: limitName(night.limit),
    price: night.price_kr,
    buyin: chipCount(night.first_buyin),
    money: night.buyin_kr,
    length: lengthText(night),
  });
  $("night-sub").textContent = night.hand ? `${sub}${t("night.sub_hand", { hand: night.hand })}` : sub;
  $("night-rules").textContent = t("night.rules_now", { rules: rules.join(", ") || t("night.club_defaults") });
  document.title = `${state.hand && state.hand.legal ? "● " : ""}${t("night.page_title")}`;
  renderInvite(night, host);
  renderSheet(night);
  const playing = night.phase === "running" || night.phase === "paused";
  $("table-area").hidden = !playing;
  if (playing) {
    const ctx = context();
    renderSeats(ctx);
    renderCentre(ctx);
    layoutBets();
    renderActionBar(ctx);
    renderControls(night, host);
    if (!night.hand_running) {
      $("hand-info").textContent =
        night.phase === "paused"
          ? t("night.paused", { host: night.host })
          : night.next_dealer
            ? t("night.next_hand_dealer", { dealer: night.next_dealer })
            : t("night.next_hand");
    }
  } else resetActionBar();
  const ctx = context();
  renderLog(ctx);
  renderResults(ctx);
  renderStandings(night);
  for (const panel of document.querySelectorAll(".hand-panel")) panel.hidden = night.phase === "waiting";
  replace($("night-log"), [...night.log].reverse().map((line) => el("li", tid("night-line"), line)));
}

function renderInvite(night, host) {
  const waiting = night.phase === "waiting";
  $("invite-panel").hidden = !waiting;
  if (!waiting) return;
  $("invite-url").value = location.origin + roomUrl(`/night/${night.token}`);
  const seated = night.players.some((p) => p.name === session.player);
  $("take-seat").hidden = seated;
  $("stand-up").hidden = !seated;
  for (const id of ["add-bot", "start-night", "cancel-night"]) $(id).hidden = !host;
  $("start-night").disabled = night.players.length < 2;
  replace(
    $("waiting-players"),
    night.players.map((p) =>
      el(
        "li",
        tid("waiting-player", { dataset: { player: p.name } }),
        p.name,
        p.name === night.host ? el("span", { class: "tag" }, t("night.tag.host")) : null,
        p.bot ? el("span", { class: "tag tag-bot" }, t("night.tag.bot")) : null,
        host && p.bot ? el("button", { type: "button", class: "secondary small", onclick: () => send({ type: "remove_bot", name: p.name }) }, t("night.remove")) : null,
      ),
    ),
  );
}

function renderControls(night, host) {
  const mine = me(night);
  const seated = Boolean(mine && mine.seated);
  const between = !night.hand_running;
  const cap = mine ? mine.rebuy_max : null; // null: no cap
  $("rebuy-box").hidden = !seated || cap === 0;
  const note = [];
  if (seated && cap === 0) {
    if (night.rebuy_cap) note.push(t("night.rebuy_none_cap"));
    else if (night.limit === "no") note.push(t("night.rebuy_none_nl"));
    else note.push(t("night.rebuy_none"));
  }
  else if (seated && cap !== null && cap !== undefined) note.push(t(night.rebuy_cap ? "night.rebuy_up_to_cap" : "night.rebuy_up_to", { chips: chipCount(cap) }));
  if (seated && !between) note.push(t("night.rebuy_after_hand"));
  if (mine && mine.seated && mine.chips === 0 && between) note.push(t("night.no_chips"));
  $("rebuy-note").textContent = note.join(" ");
  const key = seated ? `${night.hand}:${cap}` : null;
  if (key && key !== view.rebuyKey) {
    const want = cap === null || cap === undefined ? night.first_buyin : Math.min(cap, night.first_buyin);
    $("rebuy-amount").value = String(Math.max(1, want));
  }
  view.rebuyKey = key;
  const canJoin = !seated && (night.phase === "running" || night.phase === "paused");
  $("join-box").hidden = !canJoin;
  $("join-chips").hidden = !night.rebuy_cap; // club hold'em: a late buy-in up to the cap; lowball: the evening's
  $("join-chips").placeholder = String(night.first_buyin);
  $("leave-night").hidden = !seated;
  $("rule-text").placeholder = night.game === "club-holdem" ? "blinds=10,20" : "ante=2";
  $("host-controls").hidden = !host;
  $("pause").hidden = night.phase !== "running";
  $("deal").hidden = night.hand_running;
  $("deal").textContent = night.phase === "paused" ? t("night.deal_on") : t("night.deal_now");
  $("end-orbit").disabled = Boolean(night.ending);
}

function cell(text, cls) {
  return el("td", cls ? { class: cls } : {}, text);
}

function renderStandings(night) {
  const head = el("tr", {}, ["player", "deals", "bought", "chips", "net"].map((h) => el("th", {}, t(`night.col.${h}`))));
  const rows = night.players.map((p) => {
    const tags = [];
    if (p.name === night.host) tags.push(el("span", { class: "tag" }, t("night.tag.host")));
    if (p.bot) tags.push(el("span", { class: "tag tag-bot" }, t("night.tag.bot")));
    if (p.fee_due) tags.push(el("span", { class: "tag", title: t("night.tag.fee_title") }, t("night.tag.fee")));
    if (night.phase !== "waiting" && night.phase !== "ended" && !p.seated) tags.push(el("span", { class: "tag tag-out" }, t("night.tag.left")));
    if (p.leaving) tags.push(el("span", { class: "tag tag-out" }, t("night.tag.leaving")));
    const net = p.net_kr === undefined ? "" : p.net_kr;
    const cls = p.net_ore > 0 ? "net-up" : p.net_ore < 0 ? "net-down" : "";
    return el(
      "tr",
      tid("standing", { dataset: { player: p.name } }),
      el("td", {}, p.name, ...tags),
      cell(p.deals === undefined ? "" : String(p.deals), "n"),
      cell(p.bought === undefined ? "" : chips(p.bought), "n"),
      cell(p.chips === undefined ? "" : chips(p.chips), "n"),
      cell(net, `n ${cls}`),
    );
  });
  replace($("standings"), el("thead", {}, head), el("tbody", {}, rows));
}

function renderSheet(night) {
  const sheet = night.sheet;
  $("sheet-panel").hidden = !sheet;
  if (!sheet) return;
  $("sheet-sub").textContent = t("night.sheet_sub", { hands: sheet.hands, price: sheet.price_kr });
  // Deals, Paid and Value give way on a phone (night.css): Player, Bought, Chips out and Net stay.
  const columns = [["player", ""], ["deals", "n wide"], ["bought", "n"], ["paid", "n wide"], ["chips_out", "n"], ["value", "n wide"], ["net", "n"]];
  const head = el("tr", {}, columns.map(([h, cls]) => el("th", { class: cls }, t(`night.col.${h}`))));
  const row = (values, net) => values.map((v, i) => cell(v, i === 6 ? `n ${net > 0 ? "net-up" : net < 0 ? "net-down" : ""}` : columns[i][1]));
  const body = sheet.rows.map((r) =>
    el(
      "tr",
      tid("sheet-row", { dataset: { player: r.name } }),
      row([r.name, String(r.deals), chips(r.chips_bought), r.paid_kr, chips(r.chips_out), r.value_kr, r.net_kr], r.net),
    ),
  );
  const sum = sheet.totals;
  const foot = el("tr", {}, row([t("night.total"), "", chips(sum.chips_bought), sum.paid_kr, chips(sum.chips_out), sum.value_kr, sum.net_kr], 0));
  replace(document.querySelector('[data-testid="sheet-table"]'), el("thead", {}, head), el("tbody", {}, body), el("tfoot", {}, foot));
  replace(
    $("sheet-transfers"),
    sheet.transfers.length
      ? sheet.transfers.map((x) => el("li", tid("sheet-transfer"), x.text))
      : [el("li", tid("sheet-transfer"), t("night.no_transfers"))],
  );
  $("sheet-csv").href = roomUrl(sheet.downloads.csv);
  $("sheet-json").href = roomUrl(sheet.downloads.json);
  $("sheet-html").href = roomUrl(sheet.downloads.html);
}

// ---------------------------------------------------------------- controls

function positiveInt(text) {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
}

function bindControls() {
  const click = (id, f) => $(id).addEventListener("click", f);
  click("take-seat", () => send({ type: "take_seat" }));
  click("stand-up", () => send({ type: "stand_up" }));
  click("add-bot", () => send({ type: "add_bot" }));
  click("host-add-bot", () => send({ type: "add_bot" }));
  click("start-night", () => send({ type: "start" }));
  click("cancel-night", () => {
    if (confirm(t("night.confirm_cancel"))) send({ type: "cancel" });
  });
  click("copy-link", async () => {
    const input = $("invite-url");
    try {
      await navigator.clipboard.writeText(input.value);
      toast(t("night.copied"), "info");
    } catch {
      input.select();
    }
  });
  click("rebuy", () => {
    const amount = positiveInt($("rebuy-amount").value);
    if (amount === null) toast(t("night.enter_chips"));
    else send({ type: "rebuy", amount });
  });
  click("join", () => {
    const typed = $("join-chips").hidden ? "" : $("join-chips").value.trim();
    const amount = typed === "" ? null : positiveInt(typed);
    if (typed !== "" && amount === null) return toast(t("night.enter_chips_join"));
    send(amount === null ? { type: "join" } : { type: "join", chips: amount });
  });
  click("leave-night", () => {
    if (confirm(t("night.confirm_leave"))) send({ type: "leave" });
  });
  click("pause", () => send({ type: "pause" }));
  click("deal", () => send({ type: "deal" }));
  click("end-orbit", () => send({ type: "end", now: false }));
  click("end-now", () => {
    if (confirm(t("night.confirm_end"))) send({ type: "end", now: true });
  });
  click("rule-set", () => {
    const text = $("rule-text").value.trim();
    const at = text.indexOf("=");
    if (at < 1) return toast(t("night.rule_hint"));
    if (send({ type: "rule", key: text.slice(0, at).trim(), value: text.slice(at + 1).trim() })) $("rule-text").value = "";
  });
  if (typeof ResizeObserver === "function") new ResizeObserver(() => layoutBets()).observe($("felt"));
}

// ---------------------------------------------------------------- the clock of the player to act

function tickTimer() {
  const state = view.state;
  if (!state || !state.clock) return;
  const node = document.querySelector('[data-testid="timer"]');
  if (!node) return;
  const left = Math.max(0, state.clock.remaining - (performance.now() - view.stateAt) / 1000);
  node.textContent = t("felt.seconds", { seconds: Math.ceil(left) });
  node.classList.toggle("timer-low", left <= 5);
}

async function start() {
  await loadLanguage();
  translate();
  document.title = t("night.page_title");
  bindLanguageSwitch($("lang-switch"));
  bindAuthForm("login-form", "/api/login", "login-error");
  bindAuthForm("signup-form", "/api/signup", "signup-error");
  $("logout").addEventListener("click", async () => {
    try {
      await api("POST", "/api/logout");
    } catch (err) {
      toast(err.message);
    }
    setSession(null);
    if (view.ws) view.ws.close(1000, "logged out");
    view.ws = null;
    route();
  });
  $("host-form").addEventListener("submit", createNight);
  $("host-form").elements.game.addEventListener("change", hostDefaults);
  $("host-form").elements.limit.addEventListener("change", hostDefaults);
  hostDefaults();
  bindControls();
  setInterval(tickTimer, 200);
  await fetchMe();
  route();
}

start();
