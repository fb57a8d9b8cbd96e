// panels.js — the side panels of the table view: the current hand's events as hand-history lines in players' names
// ("bob: raises 6 to 8", handtext.js; named by who sat there when the hand was dealt; the last hand's kept until
// the next deal), the results of the last hands (the board, winners per pot and share, shown hands with their
// names, net chips) and the player's hand history from /api/hands?table=ID: each hand that is over links to its
// replay (#/hands/ID) and its PHH download.

import { roomUrl } from "./base.js";
import { cardsEl } from "./cards.js";
import { handName } from "./felt.js";
import { handLines } from "./handtext.js";
import { streetName, t } from "./i18n.js";
import { seatName } from "./seats.js";
import { api, chips, el, replace, signed, tid } from "./util.js";

// ---------------------------------------------------------------- the hand log

let kept = null; // the last hand's log {table, number, events, names}: shown until the next hand is dealt

/** The current (or last) hand's events as history lines in players' names ("bob: raises 6 to 8", the text
 *  history's shapes: handtext.js), oldest first, scrolled to the newest. The last hand's lines stay until the
 *  next hand is dealt. */
export function renderLog(ctx) {
  const hand = ctx.state.hand;
  if (hand) {
    const names = {};
    for (const p of hand.players) names[p.seat] = seatName(ctx, p.seat);
    const result = (ctx.state.results || []).find((r) => r.number === hand.number && (!hand.hand_id || r.hand_id === hand.hand_id));
    kept = { table: ctx.state.table, number: hand.number, events: hand.events, names, shown: result ? shownNames(result, ctx.tableGame) : {} };
  } else if (kept && kept.table !== ctx.state.table) {
    kept = null; // another table: its own log
  }
  const list = document.getElementById("event-log");
  const events = kept ? kept.events : [];
  const name = (seat) => (kept && kept.names[seat]) || seatName(ctx, seat) || t("hh.seat", { seat });
  replace(
    list,
    handLines(events, name, (seat) => kept && kept.shown[seat]).map(({ event, text }) =>
      el("li", tid("event", { class: `ev ev-${event.type}`, dataset: { seat: event.seat ?? "" } }), text),
    ),
  );
  list.scrollTop = list.scrollHeight;
}

/** Forget the last hand's log (a reconnect found it gone: the server restarted or the hand was voided). */
export function forgetLog() {
  kept = null;
}

/** Whether `result` (a state.results entry) is a voided hand. */
export function isVoided(result) {
  return Boolean(result && result.voided);
}

// ---------------------------------------------------------------- results

function resultNames(result) {
  const names = {};
  for (const [seat, name] of result.players) names[seat] = name;
  return names;
}

/** Each shown hand's name by table seat in the page's language: result.hands (a hand per share, each named by
 *  felt.js handName, joined by "; "); the server's English hand_names for a seat it lacks. */
export function shownNames(result, game) {
  const out = { ...(result.hand_names || {}) };
  for (const [seat, hands] of Object.entries(result.hands || {})) {
    if (hands && hands.length) out[seat] = hands.map((h) => handName(h, game)).join("; ");
  }
  return out;
}

/** A pot's `text` in the page's language: "split" (agreed), "3 carried to the next hand" (club odd chips). */
function potText(text) {
  if (!text) return "";
  if (text === "split") return t("felt.pot_split");
  const carried = /^(\d+) carried to the next hand$/.exec(text);
  return carried ? t("felt.pot_carried", { amount: chips(Number(carried[1])) }) : text;
}

function potLine(amount, label, winners, names) {
  const paid = (winners || []).map(([seat, chipsWon]) => t("felt.takes", { player: names[seat] || t("hh.seat", { seat }), amount: chips(chipsWon) }));
  const text = label ? ` (${label})` : "";
  const who = paid.length ? paid.join(", ") : t("felt.no_winner");
  return el("li", tid("result-pot"), t("felt.result_pot", { amount: chips(amount), label: text, winners: who }));
}

/** A pot's lines: one per share when it was divided (high / low), else one; its `text` names it. */
function potLines(pot, names) {
  const shares = Array.isArray(pot.shares) ? pot.shares.filter((share) => share && share.winners) : [];
  if (shares.length) {
    return shares.map((share) =>
      potLine(pot.amount, [potText(pot.text), t("felt.share_name", { share: share.share })].filter(Boolean).join(", "), share.winners, names),
    );
  }
  return [potLine(pot.amount, potText(pot.text), pot.winners, names)];
}

function shownLines(result, names, game) {
  const handNames = shownNames(result, game);
  return Object.entries(result.shown || {}).map(([seat, cards]) =>
    el(
      "li",
      tid("result-shown", { class: "shown" }),
      el("span", {}, `${t("felt.result_shows", { player: names[seat] || t("hh.seat", { seat }) })} `),
      cardsEl(cards, { small: true }),
      handNames[seat] ? el("span", tid("result-hand-name", { class: "hand-name" }), handNames[seat]) : null,
    ),
  );
}

function boardLine(result, game) {
  const board = Array.isArray(result.board) ? result.board : [];
  if (!board.length) return null;
  const label = game === "telesina" ? streetName("vela") : t("felt.board");
  return el("p", tid("result-board", { class: "shown result-board" }), el("span", {}, `${label} `), cardsEl(board, { small: true }));
}

function netLines(result) {
  return result.players.map(([seat, name], i) => {
    const net = result.net[i] || 0;
    const cls = net > 0 ? "net-up" : net < 0 ? "net-down" : "net-even";
    return el("li", tid("result-net", { class: cls, dataset: { netSeat: String(seat) } }), `${name} ${signed(net)}`);
  });
}

function resultEl(result, game) {
  const names = resultNames(result);
  const head = isVoided(result) ? t("felt.result_voided", { number: result.number }) : t("history.hand", { number: result.number });
  return el(
    "article",
    tid("result", { class: "result", dataset: { hand: String(result.number) } }),
    el("h4", {}, head),
    boardLine(result, game),
    el("ul", { class: "result-pots" }, result.pots.flatMap((p) => potLines(p, names))),
    el("ul", { class: "result-shown" }, shownLines(result, names, game)),
    el("ul", { class: "result-nets" }, netLines(result)),
    result.rake ? el("p", { class: "rake" }, t("felt.rake", { amount: chips(result.rake) })) : null,
  );
}

/** The last results, newest first (state.results holds them newest last). */
export function renderResults(ctx) {
  const results = ctx.state.results || [];
  const box = document.getElementById("results");
  if (!results.length) {
    replace(box, el("p", { class: "empty-note" }, t("felt.no_results")));
    return;
  }
  replace(box, [...results].reverse().map((r) => resultEl(r, ctx.tableGame)));
}

// ---------------------------------------------------------------- hand history

function historyItem(h) {
  const net = typeof h.net === "number" ? signed(h.net) : "";
  const over = h.status === "complete" || h.status === "voided";
  const status = ["incomplete", "complete", "voided"].includes(h.status) ? t(`history.status.${h.status}`) : String(h.status || "");
  return el(
    "li",
    tid("history-item", { dataset: { handId: String(h.id), status: h.status } }),
    // a hand over (settled or voided) replays on the felt and is written as PHH (the server answers 409 while it
    // is played); the PHH file's name is the server's (hand-TABLE-NUMBER.phh)
    over
      ? el(
          "a",
          // a tab of its own: the table stays open (leaving it would sit you out and cost your blinds)
          tid("replay-link", {
            class: "h-number",
            href: `#/hands/${encodeURIComponent(h.id)}`,
            target: "_blank",
            rel: "noopener",
            title: t("history.replay"),
          }),
          t("history.hand", { number: h.number }),
        )
      : el("span", { class: "h-number" }, t("history.hand", { number: h.number })),
    el("span", { class: "h-status" }, status),
    el("span", { class: `h-net ${h.net > 0 ? "net-up" : h.net < 0 ? "net-down" : ""}` }, net),
    over
      ? el(
          "a",
          tid("phh-link", { href: roomUrl(`/api/hands/${encodeURIComponent(h.id)}/phh`), download: `hand-${h.table}-${h.number}.phh` }),
          t("history.download_phh"),
        )
      : null,
  );
}

/** Load and list the player's hands at this table (newest first). */
export async function loadHistory(tableId) {
  const list = document.getElementById("history");
  try {
    const hands = await api("GET", `/api/hands?table=${encodeURIComponent(tableId)}`);
    if (!hands.length) replace(list, el("li", { class: "empty-note" }, t("history.empty")));
    else replace(list, hands.map(historyItem));
  } catch (err) {
    replace(list, el("li", { class: "form-error" }, t("history.failed", { error: err.message })));
  }
}
