// panels.js — the side panels of the table view: the current hand's events as readable lines ("Seat 3 raises to
// 40", named by who sat there when the hand was dealt), the results of the last hands (the board, winners per pot
// and share, shown hands with their names, net chips) and the player's hand history from /api/hands?table=ID with
// a "Download PHH" link per hand that is over.

import { cardsEl, cardsText } from "./cards.js";
import { seatName } from "./seats.js";
import { api, chips, el, replace, signed, tid } from "./util.js";

// ---------------------------------------------------------------- the hand log

function cardsPart(cards) {
  return cards && cards.length ? ` [${cardsText(cards)}]` : "";
}

function allIn(e) {
  return e.all_in ? " and is all-in" : "";
}

function winnersText(winners, name) {
  return (winners || []).map(([seat, amount]) => `${name(seat) || `Seat ${seat}`} wins ${chips(amount)}`).join(", ");
}

/** " (timed out)" when the clock made the move. */
function timedOut(e) {
  return e.text && /timed out/i.test(e.text) ? " (timed out)" : "";
}

function dealText(e, who) {
  const hidden = (e.cards || []).every((c) => c === "??");
  const n = (e.cards || []).length;
  if (hidden) return `${who} is dealt ${n} card${n === 1 ? "" : "s"}`;
  return `${who} is dealt${cardsPart(e.cards)}`;
}

function drawText(e, who) {
  const n = (e.cards || []).length;
  if (n === 0) return `${who} stands pat${timedOut(e)}`;
  const hidden = e.cards.every((c) => c === "??");
  return `${who} discards ${n}${hidden ? "" : cardsPart(e.cards)}${timedOut(e)}`;
}

function protectedText(e, who) {
  const amount = e.to ?? e.amount;
  return `${who} is all-in by disconnect protection${amount ? ` for ${chips(amount)}` : ""}`;
}

const TEXTS = {
  post_ante: (e, who) => `${who} posts ante ${chips(e.amount)}`,
  post_blind: (e, who) => `${who} posts ${e.text ? `${e.text} ` : "blind "}${chips(e.amount)}`,
  post_dead: (e, who) => `${who} posts dead ${chips(e.amount)}`,
  deal_hole: dealText,
  deal_up: (e, who) => `${who} is dealt face up${cardsPart(e.cards)}`,
  deal_board: (e, who, game) => `${game === "telesina" ? "Vela" : "Board"}:${cardsPart(e.cards)}`,
  bring_in: (e, who) => `${who} brings in for ${chips(e.amount)}${allIn(e)}`,
  draw: drawText,
  split: (e, who) => `${who} splits${cardsPart(e.cards)}`,
  fold: (e, who) => `${who} folds${timedOut(e)}`,
  check: (e, who) => `${who} checks${timedOut(e)}`,
  call: (e, who) => `${who} calls ${chips(e.amount)}${allIn(e)}`,
  bet: (e, who) => `${who} bets ${chips(e.to ?? e.amount)}${allIn(e)}`,
  raise: (e, who) => `${who} raises to ${chips(e.to ?? e.amount)}${allIn(e)}`,
  artificial_all_in: protectedText,
  protected: protectedText,
  uncalled_bet_returned: (e, who) => `Uncalled bet of ${chips(e.amount)} returned to ${who}`,
  show: (e, who) => `${who} shows${cardsPart(e.cards)}${e.text ? ` (${e.text})` : ""}`,
  muck: (e, who) => `${who} mucks`,
  rake: (e) => `Rake ${chips(e.amount)}`,
  pot: (e, who, game, name) => `Pot ${chips(e.amount)}${e.text ? ` (${e.text})` : ""}: ${winnersText(e.winners, name)}`,
  win: (e, who) => `${who} wins ${chips(e.amount)}${e.text ? ` (${e.text})` : ""}`,
  hand_end: () => "Hand over",
};

/** One event as a readable line: "Seat 3 raises to 40"; `name(seat)` names the winners of a pot. */
export function eventText(e, game, name = () => null) {
  const who = e.seat === undefined || e.seat === null ? "Table" : `Seat ${e.seat}`;
  const make = TEXTS[e.type];
  return make ? make(e, who, game, name) : `${who} ${e.type.replaceAll("_", " ")}${timedOut(e)}`;
}

/** The current (or last) hand's events, oldest first, scrolled to the newest. */
export function renderLog(ctx) {
  const hand = ctx.state.hand;
  const list = document.getElementById("event-log");
  const events = hand ? hand.events : [];
  replace(
    list,
    events.map((e) => {
      const name = seatName(ctx, e.seat);
      return el(
        "li",
        tid("event", { class: `ev ev-${e.type}`, title: name || "" }),
        name ? el("span", { class: "ev-name" }, name) : null,
        eventText(e, hand.game, (seat) => seatName(ctx, seat)),
      );
    }),
  );
  list.scrollTop = list.scrollHeight;
}

// ---------------------------------------------------------------- results

function resultNames(result) {
  const names = {};
  for (const [seat, name] of result.players) names[seat] = name;
  return names;
}

function potLine(amount, label, winners, names) {
  const paid = (winners || []).map(([seat, chipsWon]) => `${names[seat] || `Seat ${seat}`} wins ${chips(chipsWon)}`);
  const text = label ? ` (${label})` : "";
  return el("li", tid("result-pot"), `Pot ${chips(amount)}${text}: ${paid.join(", ") || "no winner"}`);
}

/** A pot's lines: one per share when it was divided (high / low), else one; its `text` names it. */
function potLines(pot, names) {
  const shares = Array.isArray(pot.shares) ? pot.shares.filter((share) => share && share.winners) : [];
  if (shares.length) {
    return shares.map((share) => potLine(pot.amount, [pot.text, share.share].filter(Boolean).join(", "), share.winners, names));
  }
  return [potLine(pot.amount, pot.text, pot.winners, names)];
}

function shownLines(result, names) {
  const handNames = result.hand_names || {};
  return Object.entries(result.shown || {}).map(([seat, cards]) =>
    el(
      "li",
      tid("result-shown", { class: "shown" }),
      el("span", {}, `${names[seat] || `Seat ${seat}`} shows `),
      cardsEl(cards, { small: true }),
      handNames[seat] ? el("span", tid("result-hand-name", { class: "hand-name" }), handNames[seat]) : null,
    ),
  );
}

function boardLine(result, game) {
  const board = Array.isArray(result.board) ? result.board : [];
  if (!board.length) return null;
  const label = game === "telesina" ? "Vela" : "Board";
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
  const head = `Hand #${result.number}${result.voided ? " (voided)" : ""}`;
  return el(
    "article",
    tid("result", { class: "result", dataset: { hand: String(result.number) } }),
    el("h4", {}, head),
    boardLine(result, game),
    el("ul", { class: "result-pots" }, result.pots.flatMap((p) => potLines(p, names))),
    el("ul", { class: "result-shown" }, shownLines(result, names)),
    el("ul", { class: "result-nets" }, netLines(result)),
    result.rake ? el("p", { class: "rake" }, `Rake ${chips(result.rake)}`) : null,
  );
}

/** The last results, newest first (state.results holds them newest last). */
export function renderResults(ctx) {
  const results = ctx.state.results || [];
  const box = document.getElementById("results");
  if (!results.length) {
    replace(box, el("p", { class: "empty-note" }, "No hands finished yet."));
    return;
  }
  replace(box, [...results].reverse().map((r) => resultEl(r, ctx.tableGame)));
}

// ---------------------------------------------------------------- hand history

const STATUS_TEXT = { incomplete: "in progress", complete: "settled", voided: "void" };

function historyItem(h) {
  const net = typeof h.net === "number" ? signed(h.net) : "";
  const over = h.status === "complete" || h.status === "voided";
  return el(
    "li",
    tid("history-item", { dataset: { handId: String(h.id), status: h.status } }),
    el("span", { class: "h-number" }, `Hand #${h.number}`),
    el("span", { class: "h-status" }, STATUS_TEXT[h.status] || String(h.status || "").replaceAll("_", " ")),
    el("span", { class: `h-net ${h.net > 0 ? "net-up" : h.net < 0 ? "net-down" : ""}` }, net),
    // a hand is written as PHH once it is over, settled or voided (the server answers 409 while it is played);
    // its file name is the server's (hand-TABLE-NUMBER.phh)
    over
      ? el(
          "a",
          tid("phh-link", { href: `/api/hands/${encodeURIComponent(h.id)}/phh`, download: `hand-${h.table}-${h.number}.phh` }),
          "Download PHH",
        )
      : null,
  );
}

/** Load and list the player's hands at this table (newest first). */
export async function loadHistory(tableId) {
  const list = document.getElementById("history");
  try {
    const hands = await api("GET", `/api/hands?table=${encodeURIComponent(tableId)}`);
    if (!hands.length) replace(list, el("li", { class: "empty-note" }, "No hands played here yet."));
    else replace(list, hands.map(historyItem));
  } catch (err) {
    replace(list, el("li", { class: "form-error" }, `Could not load the history: ${err.message}`));
  }
}
