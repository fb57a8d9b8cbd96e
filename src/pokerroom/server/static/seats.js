// seats.js — rendering of the felt: the seats placed around the oval (name, stack, bet, tags, dealer button or
// stud's box, cards, turn highlight with the countdown timer, "Sit here" on empty seats) and the centre
// (board or Telesina's Vela, pot total, side pots, hand number and street).

import { cardsEl } from "./cards.js";
import { chips, el, replace, tid } from "./util.js";

/** The hand's entry for a table seat (undefined when the seat was not dealt in). */
export function handPlayer(hand, seat) {
  return hand ? hand.players.find((p) => p.seat === seat) : undefined;
}

/** Whether a hand is being played (not the last one shown until the next deal). */
export function handRunning(hand) {
  return Boolean(hand) && hand.phase !== "complete";
}

/** Where seat `seat` of `count` sits, in % of the felt, turned so that `anchor` (your seat) is at the bottom. */
function seatPosition(seat, count, anchor) {
  const angle = Math.PI / 2 + ((seat - anchor) * 2 * Math.PI) / count;
  return { cos: Math.cos(angle), sin: Math.sin(angle) };
}

function seatStyle(pos) {
  const left = 50 + 46 * pos.cos;
  const top = 50 + 44 * pos.sin;
  return `left:${left.toFixed(2)}%;top:${top.toFixed(2)}%`;
}

/** The bet chip sits between the seat and the centre. */
function betStyle(pos) {
  const left = 50 - 62 * pos.cos;
  const top = 50 - 95 * pos.sin;
  return `left:${left.toFixed(1)}%;top:${top.toFixed(1)}%`;
}

// ---------------------------------------------------------------- one seat

function emptySeat(ctx, n, pos) {
  const { state } = ctx;
  const canSit = state.you === null || state.you === undefined;
  return el(
    "div",
    tid("seat", { class: "seat seat-empty", dataset: { seat: String(n) }, style: seatStyle(pos) }),
    canSit
      ? el("button", tid("sit-button", { type: "button", class: "sit-button", onclick: () => ctx.openBuyIn(n) }), "Sit here")
      : el("span", { class: "seat-open" }, "Open"),
    el("span", { class: "seat-number" }, `Seat ${n}`),
  );
}

function seatTags(ctx, info, player) {
  const tags = [];
  if (info.bot) tags.push(el("span", tid("bot-tag", { class: "tag tag-bot" }), "bot"));
  if (!info.connected) tags.push(el("span", tid("away-tag", { class: "tag tag-away" }), "disconnected"));
  if (info.sitting_out) tags.push(el("span", tid("sitting-out-tag", { class: "tag tag-out" }), "sitting out"));
  if (player && player.folded && handRunning(ctx.state.hand)) tags.push(el("span", { class: "tag tag-fold" }, "folded"));
  if (player && !player.folded && player.stack === 0 && handRunning(ctx.state.hand)) {
    tags.push(el("span", { class: "tag tag-allin" }, "all-in"));
  }
  return tags;
}

function seatCards(ctx, n, player) {
  if (!player || !player.cards.length) return null;
  const mine = ctx.state.you === n;
  if (player.folded && !mine) return null;
  const legal = ctx.state.hand && ctx.state.hand.legal;
  const picking = mine && legal && legal.draw !== undefined && legal.draw !== null;
  const row = cardsEl(player.cards, {
    up: player.up,
    selected: picking ? ctx.selected : null,
    onClick: picking ? (code) => ctx.toggleCard(code) : undefined,
  });
  row.classList.add("seat-cards");
  if (player.folded) row.classList.add("cards-folded");
  return row;
}

function dealerButton(ctx, n) {
  const hand = ctx.state.hand;
  const button = hand ? hand.button : ctx.state.button;
  if (button !== n) return null;
  const stud = ctx.gameKind === "stud";
  return el(
    "span",
    tid("dealer-button", { class: stud ? "dealer-button dealer-box" : "dealer-button", title: stud ? "dealer box" : "dealer button" }),
    stud ? "box" : "D",
  );
}

function timerEl(ctx, n) {
  const clock = ctx.state.clock;
  if (!clock || clock.seat !== n) return null;
  return el(
    "div",
    { class: "timer-wrap" },
    el("span", tid("timer", { class: "timer" }), `${Math.ceil(clock.remaining)}s`),
    el("span", { class: "timer-bar" }, el("span", { class: "timer-fill" })),
  );
}

function betEl(player, pos) {
  if (!player || !player.bet) return null;
  return el("span", tid("seat-bet", { class: "seat-bet", style: betStyle(pos) }), chips(player.bet));
}

function takenSeat(ctx, n, info, pos) {
  const hand = ctx.state.hand;
  const player = handPlayer(hand, n);
  const stack = player && handRunning(hand) ? player.stack : info.stack;
  const toAct = (hand && handRunning(hand) && hand.to_act === n) || (ctx.state.clock && ctx.state.clock.seat === n);
  const classes = ["seat", "seat-taken"];
  if (toAct) classes.push("seat-to-act");
  if (ctx.state.you === n) classes.push("seat-you");
  if (!info.connected) classes.push("seat-away");
  if (info.sitting_out) classes.push("seat-out");
  if (player && player.folded && handRunning(hand)) classes.push("seat-folded");
  return el(
    "div",
    tid("seat", { class: classes.join(" "), dataset: { seat: String(n), player: info.player }, style: seatStyle(pos) }),
    seatCards(ctx, n, player),
    el(
      "div",
      { class: "seat-plate" },
      el("span", tid("seat-name", { class: "seat-name", title: `Seat ${n}` }), info.player),
      el("span", tid("seat-stack", { class: "seat-stack" }), chips(stack)),
      el("span", { class: "seat-tags" }, seatTags(ctx, info, player)),
      timerEl(ctx, n),
    ),
    dealerButton(ctx, n),
    betEl(player, pos),
  );
}

/** Draw every seat of state.seats around the felt. */
export function renderSeats(ctx) {
  const { state } = ctx;
  const count = state.seats.length;
  const anchor = state.you === null || state.you === undefined ? 0 : state.you;
  const box = document.getElementById("seats");
  box.dataset.count = String(count);
  replace(
    box,
    state.seats.map((info, n) => {
      const pos = seatPosition(n, count, anchor);
      return info ? takenSeat(ctx, n, info, pos) : emptySeat(ctx, n, pos);
    }),
  );
}

// ---------------------------------------------------------------- the centre

function potLabel(pot, i) {
  const who = pot.eligible && pot.eligible.length ? ` (seats ${pot.eligible.join(", ")})` : "";
  return `${i === 0 ? "Main pot" : `Side pot ${i}`}: ${chips(pot.amount)}${who}`;
}

/** The board (labelled Vela in Telesina), pot total, side pots and the hand line. */
export function renderCentre(ctx) {
  const hand = ctx.state.hand;
  const board = hand ? hand.board : [];
  replace(document.getElementById("board"), cardsEl(board));
  const vela = hand && hand.game === "telesina" && board.length > 0;
  document.getElementById("board-label").textContent = vela ? "Vela" : "";
  const running = handRunning(hand);
  const potText = running ? `Pot ${chips(hand.pot)}` : "";
  document.getElementById("pot").textContent = potText;
  const pots = running && hand.pots.length > 1 ? hand.pots : [];
  replace(
    document.getElementById("side-pots"),
    pots.map((p, i) => el("li", tid("side-pot"), potLabel(p, i))),
  );
  const info = hand ? `Hand #${hand.number} · ${running ? hand.street : "complete"}` : "Waiting for players…";
  document.getElementById("hand-info").textContent = info;
}
