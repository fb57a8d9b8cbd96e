// chat.js — the table chat panel (#chat-panel in index.html; protocol: docs/protocol.md "Table chat"). table.js hands
// every message of the table's socket to chatMessage(msg, send) first: welcome's chat fills the list, muted (after
// your mute or unmute) hides that player's messages and updates the muted list, chat adds one, chat_removed takes one away, chat_muted tells you or the operator who muted whom; the
// chat's errors show under the input (translated) instead of as toasts. Text is always put in with textContent (el() makes text nodes), never as
// HTML. Seated players write; a spectator's input is disabled with a note. Each other player's message has a mute
// button (the muted list below the messages has the unmute buttons); an operator also gets, per message, a remove
// button and a mute-for-10-minutes button. The table's hotkeys ignore keys typed into the input (actions.js).

import { currentPlayer } from "./app.js";
import { language, t } from "./i18n.js";
import { el, replace, tid } from "./util.js";

const OPERATOR_MUTE_MINUTES = 10; // what the operator's button asks for
const CHAT_ERRORS = new Set([
  "spectator", "chat_empty", "chat_too_long", "chat_rate", "chat_muted", "not_operator", "no_message",
  "no_player", "mute_limit", "mute_rate",
]);

const chat = {
  send: null, // the table's send(msg)
  operator: false,
  muted: [], // the players you muted
  seated: false,
  table: null, // the table whose chat is shown
  pending: "", // the text sent last, put back in the input when the server refuses it
};
let bound = false;

function node(id) {
  return document.getElementById(id);
}

/** Take one message of the table's socket; true when it was the chat's alone (table.js then ignores it). */
export function chatMessage(msg, send) {
  chat.send = send;
  if (!bound) bind();
  switch (msg.type) {
    case "welcome":
      if (msg.table && msg.table.id !== chat.table) resetChat();
      chat.table = msg.table ? msg.table.id : null;
      if (msg.chat) onHistory(msg.chat); // the last messages, whether you are an operator, whom you muted
      return false;
    case "state":
      chat.seated = msg.you !== null && msg.you !== undefined;
      renderInput();
      return false;
    case "muted":
      onMute(msg);
      return true;
    case "chat":
      addMessage(msg);
      if (msg.player === currentPlayer()) chat.pending = ""; // yours went through
      return true;
    case "chat_removed":
      onRemoved(msg.id);
      return true;
    case "chat_muted":
      onMuted(msg);
      return true;
    case "error":
      if (!CHAT_ERRORS.has(msg.code)) return false;
      onError(msg);
      return true;
    default:
      return false;
  }
}

/** Empty the panel (another table is shown). */
function resetChat() {
  chat.operator = false;
  chat.muted = [];
  chat.seated = false;
  chat.pending = "";
  if (!node("chat-panel")) return;
  replace(node("chat-messages"));
  replace(node("chat-muted"));
  node("chat-input").value = "";
  setNote("");
  renderInput();
}

// ---------------------------------------------------------------- rendering

function timeText(at) {
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) return "";
  return when.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
}

function actionButton(testid, label, title, onclick) {
  return el("button", tid(testid, { type: "button", class: "chat-act secondary", title, "aria-label": title, onclick }), label);
}

function messageItem(m) {
  const mine = m.player === currentPlayer();
  const buttons = [];
  if (!mine) {
    buttons.push(actionButton("chat-mute", t("chat.mute"), t("chat.mute_title", { player: m.player }), () => mute(m.player, true)));
  }
  if (chat.operator) {
    buttons.push(
      actionButton("chat-remove", t("chat.remove"), t("chat.remove_title"), () => chat.send({ type: "chat_remove", id: m.id })),
    );
    if (!mine) {
      const title = t("chat.op_mute_title", { player: m.player, minutes: OPERATOR_MUTE_MINUTES });
      const label = t("chat.op_mute", { minutes: OPERATOR_MUTE_MINUTES });
      buttons.push(
        actionButton("chat-op-mute", label, title, () =>
          chat.send({ type: "chat_mute", player: m.player, minutes: OPERATOR_MUTE_MINUTES }),
        ),
      );
    }
  }
  return el(
    "li",
    tid("chat-message", { class: mine ? "chat-message chat-mine" : "chat-message", dataset: { id: String(m.id), player: m.player } }),
    el("time", { class: "chat-time", datetime: m.at }, timeText(m.at)),
    el("span", { class: "chat-name" }, m.player),
    el("span", tid("chat-text", { class: "chat-text" }), m.text),
    buttons.length ? el("span", { class: "chat-buttons" }, buttons) : null,
  );
}

function nearBottom(list) {
  return list.scrollHeight - list.scrollTop - list.clientHeight < 24;
}

function addMessage(m) {
  const list = node("chat-messages");
  const follow = nearBottom(list);
  list.append(messageItem(m));
  while (list.children.length > 200) list.firstElementChild.remove(); // as many as the table keeps
  if (follow) list.scrollTop = list.scrollHeight;
}

function onHistory(msg) {
  chat.operator = Boolean(msg.operator);
  chat.muted = msg.muted || [];
  const list = node("chat-messages");
  replace(list, (msg.messages || []).map(messageItem));
  list.scrollTop = list.scrollHeight;
  node("chat-panel").classList.toggle("chat-operator", chat.operator);
  renderMuted();
}

/** Your mute (on) or unmute of msg.player took effect: a mute hides their messages, an unmute's answer brings the
 * last messages again (theirs among them). */
function onMute(msg) {
  chat.muted = chat.muted.filter((p) => p !== msg.player);
  if (msg.on) {
    chat.muted = [...chat.muted, msg.player].sort();
    for (const item of node("chat-messages").querySelectorAll(".chat-message")) {
      if (item.dataset.player === msg.player) item.remove();
    }
  } else if (msg.messages) {
    const list = node("chat-messages");
    replace(list, msg.messages.map(messageItem));
    list.scrollTop = list.scrollHeight;
  }
  renderMuted();
}

function onRemoved(id) {
  for (const item of node("chat-messages").querySelectorAll(".chat-message")) {
    if (item.dataset.id === String(id)) item.remove();
  }
}

function onMuted(msg) {
  const time = msg.until ? timeText(msg.until) : null;
  if (msg.player === currentPlayer()) setNote(time ? t("chat.you_muted", { time }) : t("chat.you_unmuted"));
  else setNote(time ? t("chat.player_muted", { player: msg.player, time }) : t("chat.player_unmuted", { player: msg.player }));
}

function renderMuted() {
  const box = node("chat-muted");
  if (!chat.muted.length) {
    replace(box);
    return;
  }
  replace(
    box,
    el("span", { class: "chat-muted-label" }, t("chat.muted_list")),
    chat.muted.map((player) =>
      el("button", tid("chat-unmute", { type: "button", class: "chat-act secondary", onclick: () => mute(player, false) }), t("chat.unmute", { player })),
    ),
  );
}

function renderInput() {
  if (!node("chat-panel")) return;
  const input = node("chat-input");
  const allowed = chat.seated;
  input.disabled = !allowed;
  node("chat-send").disabled = !allowed;
  node("chat-spectator").hidden = allowed;
}

function setNote(text) {
  const note = node("chat-note");
  note.textContent = text;
  note.hidden = !text;
}

// ---------------------------------------------------------------- what you do

function errorText(msg) {
  const allowed = msg.allowed || {};
  if (msg.code === "chat_too_long") return t("chat.error.chat_too_long", { max: allowed.max_chars });
  if (msg.code === "chat_rate") return t("chat.error.chat_rate", { seconds: allowed.retry_after });
  if (msg.code === "mute_rate") return t("chat.error.mute_rate", { seconds: allowed.retry_after });
  if (msg.code === "mute_limit") return t("chat.error.mute_limit", { max: allowed.max_mutes });
  if (msg.code === "chat_muted") return t("chat.error.chat_muted", { time: timeText(allowed.until) });
  return t(`chat.error.${msg.code}`);
}

function onError(msg) {
  setNote(errorText(msg));
  const input = node("chat-input");
  if (chat.pending && input.value === "" && !input.disabled) input.value = chat.pending; // to shorten or resend
  chat.pending = "";
}

function mute(player, on) {
  if (chat.send) chat.send({ type: on ? "mute" : "unmute", player });
}

function submit(ev) {
  ev.preventDefault();
  const input = node("chat-input");
  const text = input.value;
  if (!text.trim() || !chat.send) return;
  if (chat.send({ type: "chat", text })) {
    chat.pending = text;
    input.value = "";
    setNote("");
  }
}

function bind() {
  bound = true;
  if (!node("chat-panel")) return;
  node("chat-form").addEventListener("submit", submit);
  renderInput();
}
