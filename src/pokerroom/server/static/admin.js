// admin.js — the operators' page (/admin, admin.html; issue 20). Log in with the room's log-in; a player who is
// not an operator (/api/me "operator": false) sees "operators only" and a link to the lobby. For an operator:
// who is online and where, and the lobby's tables with Pause / Resume / Close / Void hand, both refreshed every
// 5 s; a player's suspension (for N hours), ban, reinstatement and password reset (the generated password shown
// once, with a copy button); one hand with every card (GET /api/admin/hands/ID, and its PHH download); and the
// audit log's latest 50 rows, newest first. Every action is the operators' API (docs/server.md "Operators") and
// its answer, success or the server's error detail, shows in a toast.

import { cardsEl } from "./cards.js";
import { handLines } from "./handtext.js";
import { bindLanguageSwitch, gameName, language, limitName, loadLanguage, stakesName, t, translate } from "./i18n.js";
import { roomUrl } from "./base.js";
import { api, chips, el, replace, signed, tid, toast } from "./util.js";

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

async function fetchMe() {
  try {
    setSession(await api("GET", "/api/me"));
  } catch (err) {
    setSession(null);
    if (err.status !== 401) toast(err.message);
  }
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

/** The API's answer to an action as one line: "ban bob (audit 3): done" with what the server applied. */
function answerText(out) {
  const row = out && out.audit;
  const applied = out && out.applied && typeof out.applied === "object" ? out.applied : {};
  const parts = Object.entries(applied).map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return t("admin.answer", {
    action: row ? row.action : "",
    target: row ? row.target : "",
    id: row ? row.id : "",
    applied: parts.join(", ") || "—",
  });
}

/** Run one action: POST `path` with `body`; its answer in a toast, the lists refreshed. Returns the answer or
 *  null when refused. */
async function act(path, body) {
  try {
    const out = await api("POST", path, body);
    toast(answerText(out), "info");
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
        el("td", tid("online-seated"), p.seated.map(tableLabel).join(", ") || "—"),
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
      const hand = Number.isInteger(row.hand_id) ? row.hand_id : null; // shown only when the lobby's row gives it
      const buttons = [
        tableButton("admin-pause", "admin.pause", () => act(`${path}/pause`)),
        tableButton("admin-resume", "admin.resume", () => act(`${path}/resume`)),
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
              if (confirm(t("admin.confirm_void", { hand, table: tableLabel(row.id) }))) act(`${path}/void`, { hand });
            },
            "danger",
          ),
        );
      }
      const players = row.players.filter((p) => p !== null);
      return el(
        "tr",
        { dataset: { testid: "admin-table-row", table: String(row.id) } },
        el("td", { class: "t-name" }, tableLabel(row.id), " ", el("span", { class: `kind kind-${row.kind}` }, t(`lobby.kind.${row.kind}`))),
        el("td", {}, `${gameName(row.game, row.game_name)} · ${limitName(row.limit)} · ${stakesName(row.stakes)}`),
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

function bindHand() {
  $("hand-form").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const id = Number($("hand-form").elements.hand.value);
    if (!Number.isInteger(id) || id < 1) {
      toast(t("admin.hand_needed"));
      return;
    }
    try {
      const out = await api("GET", `/api/admin/hands/${id}`);
      renderHand(out);
      toast(t("admin.hand_found", { id, status: t(`history.status.${out.status}`) }), "info");
    } catch (err) {
      $("hand-out").hidden = true;
      failed(err);
    }
    loadAudit();
  });
}

function when(iso) {
  return iso ? new Date(iso).toLocaleString(language()) : "—";
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
    id: out.hand_id,
    table: setup.table_name || "—",
    number: setup.number ?? "—",
    started: when(setup.started_at),
  });
  const link = el(
    "a",
    tid("admin-phh", { href: roomUrl(`/api/admin/hands/${out.hand_id}?format=phh`), download: `hand-${out.hand_id}.phh` }),
    t("admin.download_phh"),
  );
  replace(
    $("hand-out"),
    el("p", {}, el("b", {}, head), " · ", el("span", tid("admin-hand-status"), t(`history.status.${out.status}`)), " · ", link),
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
        el("td", {}, when(r.at)),
        el("td", {}, r.operator),
        el("td", {}, r.action),
        el("td", {}, r.target),
        el("td", { class: "admin-detail" }, r.detail && Object.keys(r.detail).length ? JSON.stringify(r.detail) : "—"),
        el("td", {}, r.applied_at ? when(r.applied_at) : t("admin.not_applied")),
      ),
    ),
  );
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
