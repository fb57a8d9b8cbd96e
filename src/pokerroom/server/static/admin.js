// admin.js — the operators' page (/admin, admin.html; issue 20). Log in with the room's log-in; a player who is
// not an operator (/api/me "operator": false) sees "operators only" and a link to the lobby. For an operator:
// who is online and where, and the lobby's tables with Pause / Resume / Close / Void hand, both refreshed every
// 5 s; a player's suspension (for N hours), ban, reinstatement and password reset (the generated password shown
// once, with a copy button); one hand with every card (GET /api/admin/hands/ID, and its PHH download); and the
// audit log's latest 50 rows, newest first. Every action is the operators' API (docs/server.md "Operators") and
// its answer shows in a toast: a sentence in the page's language saying what was done, or the server's error
// detail. A hand is named as players know it, "hand #21" at its table, with the store's id beside it; every time
// shows in UTC ("2026-12-04 17:27:34 UTC").

import { cardsEl } from "./cards.js";
import { handLines } from "./handtext.js";
import { bindLanguageSwitch, gameName, limitName, loadLanguage, stakesName, t, translate } from "./i18n.js";
import { roomUrl } from "./base.js";
import { api, chips, el, loadMe, replace, signed, tid, toast } from "./util.js";

const REFRESH_MS = 5000; // who is online and the tables, while the page is open
const AUDIT_ROWS = 50;
const REMEMBER = "pokerroom_user"; // the lobby page's flag of a log-in (app.js)

const session = { player: null, operator: false };
let timer = null;
let tables = []; // the last GET /api/tables, for the online list's table names

function $(id) {
  return document.getElementById(id);
}

function remember(player) {
  try {
    if (player) localStorage.setItem(REMEMBER, player);
    else localStorage.removeItem(REMEMBER);
  } catch {
    // storage refused: only the lobby page's shortcut
  }
}

// ---------------------------------------------------------------- the session

function setSession(me) {
  session.player = me ? me.player : null;
  session.operator = Boolean(me && me.operator);
  $("account").hidden = !me;
  $("who").textContent = me ? me.player : "";
}

function fetchMe() {
  return loadMe(setSession);
}

function showOnly(id) {
  for (const v of ["auth-view", "denied-view", "admin-view"]) $(v).hidden = v !== id;
}

function route() {
  clearInterval(timer);
  timer = null;
  if (!session.player) {
    showOnly("auth-view");
    return;
  }
  if (!session.operator) {
    showOnly("denied-view");
    return;
  }
  showOnly("admin-view");
  refresh();
  loadAudit();
  timer = setInterval(refresh, REFRESH_MS);
}

/** An API error: a lost session (401) or a lost role (403) takes the page back to the log-in or the refusal. */
function failed(err) {
  toast(err.message);
  if (err.status === 401) {
    setSession(null);
    route();
  } else if (err.status === 403 && session.operator) {
    fetchMe().then(route);
  }
}

function bindLogin() {
  const form = $("login-form");
  const error = form.querySelector('[data-testid="login-error"]');
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      await api("POST", "/api/login", { name: form.elements.name.value.trim(), password: form.elements.password.value });
      await fetchMe(); // the log-in's answer does not say whether the player is an operator; /api/me does
      remember(session.player);
      form.reset();
      route();
    } catch (err) {
      error.textContent = err.message;
    } finally {
      button.disabled = false;
    }
  });
  $("logout").addEventListener("click", async () => {
    try {
      await api("POST", "/api/logout");
    } catch (err) {
      toast(err.message);
    }
    remember(null);
    setSession(null);
    route();
  });
}

// ---------------------------------------------------------------- actions and their answers

/** An ISO time as "2026-12-04 17:27:34 UTC" (the room's books are in UTC; "—" for none). */
function utc(iso) {
  if (!iso) return "—";
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? String(iso) : `${at.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** A hand as players know it with the store's id beside it, "#21 (id 57)" ("id 57" when the number is not
 *  known), for a message's {hand} after its word for a hand. */
function handRef(id, number) {
  return Number.isInteger(number) ? t("admin.hand_ref", { number, id }) : t("admin.hand_ref_id", { id });
}

/** "hand #21 (id 57)", on its own. */
function handName(id, number) {
  return t("admin.hand_named", { hand: handRef(id, number) });
}

/** The audit's action names in the page's language (an action this page does not know shows as it is). */
const ACTION_KEYS = {
  suspend: "admin.action.suspend",
  ban: "admin.action.ban",
  reinstate: "admin.action.reinstate",
  password: "admin.action.password",
  pause: "admin.action.pause",
  resume: "admin.action.resume",
  close: "admin.action.close",
  void: "admin.action.void",
  hand: "admin.action.hand",
  create: "admin.action.create",
};

function actionName(action) {
  return ACTION_KEYS[action] ? t(ACTION_KEYS[action]) : action;
}

/** What the server did, as sentences: "Table #2 Duo paused; the hand being played (id 15) plays on."
 *  `out` is the API's {"audit": row, "applied": {...}}; `hand` the number of the hand a void names, when known. */
function answerText(out, hand) {
  const row = out.audit;
  const done = out.applied || {};
  const table = /^\d+$/.test(row.target) ? tableLabel(Number(row.target)) : row.target;
  if (done.done === false) return t("admin.done.not_applied", { action: actionName(row.action), target: table, why: done.why || "—" });
  const player = row.target;
  const sockets = Number(done.sockets_closed) || 0;
  const stood = Array.isArray(done.stood_up_at) && done.stood_up_at.length ? ` ${t("admin.done.stood_up", { tables: done.stood_up_at.map(tableLabel).join(", ") })}` : "";
  switch (row.action) {
    case "pause":
      return Number.isInteger(done.hand_playing)
        ? t("admin.done.pause_hand", { table, id: done.hand_playing })
        : t("admin.done.pause", { table });
    case "resume":
      return t("admin.done.resume", { table });
    case "close":
      return done.closed_at_once ? t("admin.done.close", { table }) : t("admin.done.close_after", { table });
    case "void":
      return t("admin.done.void", { hand: handRef(done.hand ?? row.detail.hand, hand), table });
    case "suspend":
      return t("admin.done.suspend", { player, until: utc(row.detail.until), n: sockets }) + stood;
    case "ban":
      return t("admin.done.ban", { player, n: sockets }) + stood;
    case "reinstate":
      return t("admin.done.reinstate", { player });
    case "password":
      return t("admin.done.password", { player, n: sockets });
    default:
      return t("admin.done.other", { action: actionName(row.action), target: row.target });
  }
}

/** Run one action: POST `path` with `body`; its answer in a toast, the lists refreshed. Returns the answer or
 *  null when refused. `hand`: the number of the hand a void names (for the toast). */
async function act(path, body, hand = null) {
  try {
    const out = await api("POST", path, body);
    toast(answerText(out, hand), "info");
    refresh();
    loadAudit();
    return out;
  } catch (err) {
    failed(err);
    loadAudit();
    return null;
  }
}

// ---------------------------------------------------------------- online and tables, every 5 s

async function refresh() {
  if (!session.operator) return;
  try {
    const [online, rows] = await Promise.all([api("GET", "/api/admin/online"), api("GET", "/api/tables")]);
    tables = rows;
    renderTables(rows);
    renderOnline(online.players);
  } catch (err) {
    failed(err);
  }
}

function tableLabel(id) {
  const row = tables.find((r) => r.id === id);
  return row ? t("admin.table_label", { id, name: row.name }) : t("admin.table_id", { id });
}

/** Where `p` sits: "#1 Duo", "#1 Duo (away)" where no socket of theirs is open. */
function seatedText(p) {
  const away = new Set(p.away || []);
  return p.seated.map((id) => (away.has(id) ? t("admin.away", { table: tableLabel(id) }) : tableLabel(id))).join(", ");
}

function renderOnline(players) {
  $("online-count").textContent = t("admin.online_count", { n: players.length });
  $("online-empty").hidden = players.length > 0;
  replace(
    $("online-rows"),
    players.map((p) =>
      el(
        "tr",
        { dataset: { testid: "online-row", player: p.player } },
        el("td", { class: "t-name" }, p.player),
        el("td", tid("online-seated"), seatedText(p) || "—"),
        el("td", tid("online-watching"), p.watching.map(tableLabel).join(", ") || "—"),
      ),
    ),
  );
}

function tableButton(testid, key, handler, cls = "secondary") {
  return el("button", tid(testid, { type: "button", class: cls, onclick: handler }), t(key));
}

function renderTables(rows) {
  $("tables-empty").hidden = rows.length > 0;
  replace(
    $("table-rows"),
    rows.map((row) => {
      const path = `/api/admin/tables/${row.id}`;
      const hand = Number.isInteger(row.hand_id) ? row.hand_id : null; // the store's id of the hand being played
      const number = Number.isInteger(row.hand_number) ? row.hand_number : null;
      const buttons = [
        row.paused
          ? tableButton("admin-resume", "admin.resume", () => act(`${path}/resume`))
          : tableButton("admin-pause", "admin.pause", () => act(`${path}/pause`)),
        tableButton(
          "admin-close",
          "admin.close",
          () => {
            if (confirm(t("admin.confirm_close", { table: tableLabel(row.id) }))) act(`${path}/close`);
          },
          "danger",
        ),
      ];
      if (hand !== null) {
        buttons.push(
          tableButton(
            "admin-void",
            "admin.void",
            () => {
              if (confirm(t("admin.confirm_void", { hand: handRef(hand, number), table: tableLabel(row.id) }))) act(`${path}/void`, { hand }, number);
            },
            "danger",
          ),
        );
      }
      const players = row.players.filter((p) => p !== null);
      return el(
        "tr",
        { dataset: { testid: "admin-table-row", table: String(row.id) } },
        el(
          "td",
          { class: "t-name" },
          tableLabel(row.id),
          " ",
          el("span", { class: `kind kind-${row.kind}` }, t(`lobby.kind.${row.kind}`)),
          row.paused ? el("span", tid("admin-table-paused", { class: "admin-paused" }), t("admin.paused")) : null,
        ),
        el(
          "td",
          {},
          `${gameName(row.game, row.game_name)} · ${limitName(row.limit)} · ${stakesName(row.stakes)}`,
          hand !== null ? el("div", tid("admin-table-hand", { class: "hint" }), handName(hand, number)) : null,
        ),
        el("td", {}, `${row.taken}/${row.seats}`, players.length ? ` · ${players.join(", ")}` : ""),
        el("td", { class: "admin-buttons" }, buttons),
      );
    }),
  );
}

// ---------------------------------------------------------------- players

function playerName() {
  const name = $("player-form").elements.name.value.trim();
  if (!name) toast(t("admin.name_needed"));
  return name;
}

function playerPath(name, action) {
  return `/api/admin/players/${encodeURIComponent(name)}/${action}`;
}

function bindPlayers() {
  const form = $("player-form");
  form.addEventListener("submit", (ev) => ev.preventDefault());
  const reason = () => form.elements.reason.value.trim();
  $("suspend").addEventListener("click", () => {
    const name = playerName();
    if (!name) return;
    const hours = Number(form.elements.hours.value);
    if (!Number.isInteger(hours) || hours < 1) {
      toast(t("admin.hours_needed"));
      return;
    }
    act(playerPath(name, "suspend"), { seconds: hours * 3600, reason: reason() });
  });
  $("ban").addEventListener("click", () => {
    const name = playerName();
    if (name && confirm(t("admin.confirm_ban", { player: name }))) act(playerPath(name, "ban"), { reason: reason() });
  });
  $("reinstate").addEventListener("click", () => {
    const name = playerName();
    if (name) act(playerPath(name, "reinstate"));
  });
  $("reset-password").addEventListener("click", async () => {
    const name = playerName();
    if (!name || !confirm(t("admin.confirm_password", { player: name }))) return;
    $("new-password").hidden = true;
    const out = await act(playerPath(name, "password"), {});
    if (out && out.password) {
      $("new-password-label").textContent = t("admin.new_password", { player: name });
      $("new-password-text").textContent = out.password;
      $("new-password").hidden = false;
    }
  });
  $("copy-password").addEventListener("click", () => copy($("new-password-text")));
}

/** Copy `node`'s text: the clipboard API where the page may use it (HTTPS, localhost), else the selection. */
async function copy(node) {
  const text = node.textContent;
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    if (!document.execCommand("copy")) {
      toast(t("admin.copy_failed"));
      return;
    }
  }
  toast(t("admin.copied"), "info");
}

// ---------------------------------------------------------------- one hand, every card

/** Look hand `id` up (an audit-logged action): every card, the table and its number; the lists refreshed. */
async function lookUp(id) {
  try {
    const out = await api("GET", `/api/admin/hands/${id}`);
    renderHand(out);
    const setup = out.record.setup;
    toast(t("admin.hand_found", { hand: handRef(id, setup.number), table: setup.table_name || "—", status: t(`history.status.${out.status}`) }), "info");
  } catch (err) {
    $("hand-out").hidden = true;
    failed(err);
  }
  loadAudit();
}

function bindHand() {
  $("hand-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const id = Number($("hand-form").elements.hand.value);
    if (!Number.isInteger(id) || id < 1) {
      toast(t("admin.hand_needed"));
      return;
    }
    lookUp(id);
  });
}

/** A link that looks hand `id` up (the audit's rows naming a hand). */
function handLink(id, text) {
  return el(
    "a",
    tid("audit-hand-link", {
      href: "#hand-form",
      dataset: { hand: String(id) },
      onclick: (ev) => {
        ev.preventDefault();
        $("hand-form").elements.hand.value = String(id);
        $("hand-form").scrollIntoView({ block: "start" });
        lookUp(id);
      },
    }),
    text,
  );
}

function renderHand(out) {
  const record = out.record;
  const setup = record.setup;
  const seats = setup.seats; // [table seat, player, starting stack]; an event's seat is the index in this list
  const name = (k) => (seats[k] ? seats[k][1] : t("hh.seat", { seat: k }));
  const dealt = seats.map(() => []);
  const board = [];
  for (const e of record.events) {
    if ((e.type === "deal_hole" || e.type === "deal_up") && dealt[e.seat]) dealt[e.seat].push(...(e.cards || []));
    if (e.type === "deal_board") board.push(...(e.cards || []));
  }
  const final = record.result ? record.result.final : null;
  const head = t("admin.hand_head", {
    hand: handRef(out.hand_id, setup.number),
    table: setup.table_name || "—",
    started: utc(setup.started_at),
  });
  const link = el(
    "a",
    tid("admin-phh", { href: roomUrl(`/api/admin/hands/${out.hand_id}?format=phh`), download: `hand-${out.hand_id}.phh` }),
    t("admin.download_phh"),
  );
  replace(
    $("hand-out"),
    el("p", {}, el("b", tid("admin-hand-head"), head), " · ", el("span", tid("admin-hand-status"), t(`history.status.${out.status}`)), " · ", link),
    record.reason ? el("p", { class: "hint" }, record.reason) : null,
    el(
      "div",
      { class: "table-scroll" },
      el(
        "table",
        { class: "admin-list" },
        el(
          "thead",
          {},
          el("tr", {}, ...["admin.col.seat", "admin.col.player", "admin.col.stack", "admin.col.cards", "admin.col.net"].map((k) => el("th", {}, t(k)))),
        ),
        el(
          "tbody",
          {},
          seats.map(([seat, player, stack], k) =>
            el(
              "tr",
              { dataset: { testid: "admin-hand-player", player } },
              el("td", {}, seat + 1),
              el("td", { class: "t-name" }, player),
              el("td", { class: "num" }, chips(stack)),
              el("td", {}, cardsEl(dealt[k], { small: true })),
              el("td", { class: "num" }, final ? signed(final[k] - stack) : "—"),
            ),
          ),
        ),
      ),
    ),
    el("p", tid("admin-board"), `${t("admin.board")}: `, board.length ? cardsEl(board, { small: true }) : "—"),
    el("h4", {}, t("admin.actions")),
    el("ol", { class: "admin-actions" }, handLines(record.events, name).map((line) => el("li", {}, line.text))),
  );
  $("hand-out").hidden = false;
}

// ---------------------------------------------------------------- the audit log

async function loadAudit() {
  if (!session.operator) return;
  let rows;
  try {
    rows = await api("GET", `/api/admin/audit?limit=${AUDIT_ROWS}`);
  } catch (err) {
    failed(err);
    return;
  }
  $("audit-empty").hidden = rows.length > 0;
  replace(
    $("audit-rows"),
    rows.map((r) =>
      el(
        "tr",
        { dataset: { testid: "audit-row", action: r.action, target: r.target } },
        el("td", tid("audit-when"), utc(r.at)),
        el("td", {}, r.operator),
        el("td", tid("audit-action"), actionName(r.action)),
        el("td", {}, auditTarget(r)),
        el("td", tid("audit-detail", { class: "admin-detail" }), auditDetail(r)),
        el("td", {}, r.applied_at ? utc(r.applied_at) : t("admin.not_applied")),
      ),
    ),
  );
}

/** An audit row's target: a table by its label, a hand looked up as a link to its look-up, a player's name. */
function auditTarget(r) {
  if (r.action === "hand" && /^\d+$/.test(r.target)) return handLink(Number(r.target), handName(Number(r.target), null));
  if (["pause", "resume", "close", "void"].includes(r.action) && /^\d+$/.test(r.target)) return tableLabel(Number(r.target));
  return r.target;
}

/** An audit row's details as short text: "reason: chip dumping · 1 session ended · 1 socket closed". */
function auditDetail(r) {
  const d = r.detail || {};
  const done = d.applied && typeof d.applied === "object" ? d.applied : {};
  const parts = [];
  if (d.until) parts.push(t("admin.detail.until", { until: utc(d.until) }));
  if (d.reason) parts.push(t("admin.detail.reason", { reason: d.reason }));
  if (d.was) parts.push(t("admin.detail.was", { was: d.was === "banned" ? t("admin.detail.was_banned") : t("admin.detail.was_suspended") }));
  if (r.action === "password") parts.push(t(d.generated ? "admin.detail.generated" : "admin.detail.given"));
  if (r.action === "hand" && d.format) parts.push(t("admin.detail.format", { format: String(d.format).toUpperCase() }));
  if (Number.isInteger(d.hand)) parts.push(handLink(d.hand, handName(d.hand, null)));
  if (Number.isInteger(d.sessions_ended)) parts.push(t("admin.detail.sessions", { n: d.sessions_ended }));
  if (done.done === false) parts.push(t("admin.detail.not_done", { why: done.why || "—" }));
  if (Number.isInteger(done.sockets_closed)) parts.push(t("admin.detail.sockets", { n: done.sockets_closed }));
  if (Array.isArray(done.stood_up_at) && done.stood_up_at.length) parts.push(t("admin.detail.stood_up", { tables: done.stood_up_at.map(tableLabel).join(", ") }));
  if (Number.isInteger(done.hand_playing)) parts.push(handLink(done.hand_playing, t("admin.detail.hand_playing", { id: done.hand_playing })));
  if (done.closed_at_once === true) parts.push(t("admin.detail.closed_now"));
  if (done.closed_at_once === false) parts.push(t("admin.detail.closed_after"));
  if (!parts.length) return "—";
  return parts.flatMap((p, k) => (k ? [" · ", p] : [p]));
}

// ---------------------------------------------------------------- start

async function start() {
  await loadLanguage();
  translate();
  document.title = t("admin.page_title");
  bindLanguageSwitch($("lang-switch"));
  bindLogin();
  bindPlayers();
  bindHand();
  $("audit-refresh").addEventListener("click", loadAudit);
  await fetchMe();
  route();
}

start();
