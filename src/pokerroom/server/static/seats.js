// seats.js — rendering of the felt: the seats placed around the oval (name, stack, tags, dealer button or stud's
// box, cards fanned when there are five or more, turn highlight with the countdown timer, "Sit here" on empty
// seats), each seat's bet chip placed between the seat and the centre without covering either (layoutBets), and
// the centre (board or Telesina's Vela, pot total, side pots by player name, hand number and street). Each seat
// shows its last action (events.js) and, once a hand is over, the winners' seats light up with their winning cards
// raised (felt.js). Rows with up cards are never fanned: up cards raised, the down cards only you see lowered and
// marked.

import { cardsEl } from "./cards.js";
import { lastActions } from "./events.js";
import { markBoard, winners } from "./felt.js";
import { language, streetName, t } from "./i18n.js";
import { chips, el, replace, tid } from "./util.js";

/** The hand's entry for a table seat (undefined when the seat was not dealt in). */
export function handPlayer(hand, seat) {
  return hand ? hand.players.find((p) => p.seat === seat) : undefined;
}

/** Whether a hand is being played (not the last one shown until the next deal). */
export function handRunning(hand) {
  return Boolean(hand) && hand.phase !== "complete" && hand.phase !== "void"; // "void": a replay's refund step
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

/** The bet chip's first place, on an inner oval between the seat and the centre (layoutBets() then measures). */
function betStyle(pos) {
  const left = 50 + 27 * pos.cos;
  const top = 50 + 26 * pos.sin;
  return `left:${left.toFixed(1)}%;top:${top.toFixed(1)}%`;
}

/** The name of the player at `seat` for the hand shown (kept from the hand's start), else the seat's occupant. */
export function seatName(ctx, seat) {
  if (seat === undefined || seat === null) return null;
  const kept = ctx.names ? ctx.names[seat] : undefined;
  if (kept) return kept;
  const info = ctx.state.seats[seat];
  return info ? info.player : null;
}

// ---------------------------------------------------------------- one seat

function emptySeat(ctx, n, pos) {
  const { state } = ctx;
  const canSit = state.you === null || state.you === undefined;
  return el(
    "div",
    tid("seat", { class: "seat seat-empty", dataset: { seat: String(n) }, style: seatStyle(pos) }),
    canSit
      ? el("button", tid("sit-button", { type: "button", class: "sit-button", onclick: () => ctx.openBuyIn(n) }), t("felt.sit_here"))
      : el("span", { class: "seat-open" }, t("felt.seat_open")),
    el("span", { class: "seat-number" }, t("hh.seat", { seat: n + 1 })),
  );
}

function seatTags(ctx, info, player) {
  const tags = [];
  if (info.bot) tags.push(el("span", tid("bot-tag", { class: "tag tag-bot" }), t("felt.tag.bot")));
  if (!info.connected) tags.push(el("span", tid("away-tag", { class: "tag tag-away" }), t("felt.tag.away")));
  if (info.sitting_out) tags.push(el("span", tid("sitting-out-tag", { class: "tag tag-out" }), t("felt.tag.sitting_out")));
  if (info.timed_out) tags.push(el("span", tid("timed-out-tag", { class: "tag tag-away" }), t("felt.timed_out_tag")));
  if (player && player.folded && handRunning(ctx.state.hand)) tags.push(el("span", { class: "tag tag-fold" }, t("felt.tag.folded")));
  if (info.protected && handRunning(ctx.state.hand)) {
    // all-in by disconnect protection: the stack shown is the chips set aside for the player until the hand ends
    tags.push(el("span", tid("protected-tag", { class: "tag tag-allin tag-protected", title: t("hh.protected", { player: info.player }) }), t("felt.tag.allin")));
  } else if (player && !player.folded && player.stack === 0 && handRunning(ctx.state.hand)) {
    tags.push(el("span", { class: "tag tag-allin" }, t("felt.tag.allin")));
  }
  return tags;
}

function seatCards(ctx, n, player) {
  if (!player || !player.cards.length) return null;
  const mine = ctx.state.you === n;
  if (player.folded && !mine) return null;
  const legal = ctx.state.hand && ctx.state.hand.legal;
  const picking = mine && legal && legal.draw !== undefined && legal.draw !== null;
  // five or more cards are fanned; your own draw hand stays spread out, for picking the discards
  const count = player.cards.length;
  // rows with up cards (stud, Telesina) stay spread: which cards are up and which down must show
  const upCards = (player.up || []).some(Boolean);
  const many = !upCards && (mine && ctx.gameKind === "draw" ? count >= 7 : count >= 5);
  const best = ctx.won.best[n];
  const row = cardsEl(player.cards, {
    up: player.up,
    down: upCards && mine ? player.up.map((up) => !up) : null,
    best: best && best.size ? best : null,
    fan: many,
    selected: picking ? ctx.selected : null,
    onClick: picking ? (code) => ctx.toggleCard(code) : undefined,
  });
  row.classList.add("seat-cards");
  if (upCards) row.classList.add("cards-stud");
  if (!mine) row.classList.add("seat-cards-other");
  if (player.folded) row.classList.add("cards-folded");
  return row;
}

/** The dealer button's corner: away from the seats below it (your cards), towards the centre above. */
function dealerSide(pos) {
  if (Math.abs(pos.cos) < 0.2) return "right";
  const left = pos.cos < 0;
  return pos.sin > 0.2 ? (left ? "left" : "right") : left ? "right" : "left";
}

function dealerButton(ctx, n, pos) {
  const hand = ctx.state.hand;
  const button = hand ? hand.button : ctx.state.button;
  if (button !== n) return null;
  const stud = ctx.gameKind === "stud";
  const classes = ["dealer-button"];
  if (stud) classes.push("dealer-box");
  if (dealerSide(pos) === "left") classes.push("dealer-left");
  const title = stud ? t("felt.dealer_box") : t("felt.dealer_button");
  return el("span", tid("dealer-button", { class: classes.join(" "), title }), stud ? t("felt.dealer_box_short") : t("felt.dealer_button_short"));
}

/** The clock of the seat to act: the action time as a bar with its seconds, the time bank as a second bar
 *  (filled by table.js's tick) with "bank 30s". */
function timerEl(ctx, n) {
  const clock = ctx.state.clock;
  if (!clock || clock.seat !== n) return null;
  const bank = clock.bank !== undefined && clock.bank !== null;
  return el(
    "div",
    { class: "timer-wrap" },
    el("span", tid("timer", { class: "timer" }), t("felt.seconds", { seconds: Math.ceil(clock.action ?? clock.remaining) })),
    el("span", { class: "timer-bar" }, el("span", { class: "timer-fill" })),
    bank
      ? el(
          "span",
          { class: "bank-wrap" },
          el("span", { class: "timer-bar bank-bar" }, el("span", { class: "timer-fill bank-fill" })),
          el("span", tid("time-bank", { class: "bank" }), t("felt.bank", { seconds: Math.ceil(clock.bank) })),
        )
      : null,
  );
}

function betEl(n, player, pos) {
  if (!player || !player.bet) return null;
  return el(
    "span",
    tid("seat-bet", { class: "seat-bet", dataset: { seat: String(n) }, style: betStyle(pos), title: t("felt.bet_title", { amount: chips(player.bet) }) }),
    chips(player.bet),
  );
}

function takenSeat(ctx, n, info, pos) {
  const hand = ctx.state.hand;
  const player = handPlayer(hand, n);
  // a protected seat's hand stack is 0; the state's stack counts the chips set aside for it (RULES §3.7)
  const stack = player && handRunning(hand) && !info.protected ? player.stack : info.stack;
  const toAct = (hand && handRunning(hand) && hand.to_act === n) || (ctx.state.clock && ctx.state.clock.seat === n);
  const classes = ["seat", "seat-taken"];
  if (toAct) classes.push("seat-to-act");
  if (ctx.state.you === n) classes.push("seat-you");
  if (!info.connected) classes.push("seat-away");
  if (info.sitting_out) classes.push("seat-out");
  if (player && player.folded && handRunning(hand)) classes.push("seat-folded");
  if (ctx.won.seats.has(n)) classes.push("seat-winner");
  // at the felt's left and right ends a wide row of cards grows towards the centre, not off the table
  if (pos.cos < -0.6) classes.push("seat-end-left");
  else if (pos.cos > 0.6) classes.push("seat-end-right");
  const last = ctx.lastActions[n];
  return el(
    "div",
    tid("seat", { class: classes.join(" "), dataset: { seat: String(n), player: info.player }, style: seatStyle(pos) }),
    seatCards(ctx, n, player),
    el(
      "div",
      { class: "seat-plate" },
      el("span", tid("seat-name", { class: "seat-name", title: t("hh.seat", { seat: n + 1 }) }), info.player),
      el("span", tid("seat-stack", { class: "seat-stack" }), chips(stack)),
      el("span", { class: "seat-tags" }, seatTags(ctx, info, player)),
      last ? el("span", tid("last-action", { class: "last-action" }), last) : null,
      timerEl(ctx, n),
    ),
    dealerButton(ctx, n, pos),
  );
}

/** Draw every seat of state.seats around the felt. */
export function renderSeats(ctx) {
  const { state } = ctx;
  ctx.won = winners(state);
  ctx.lastActions = state.hand ? lastActions(state.hand) : {};
  const count = state.seats.length;
  const anchor = state.you === null || state.you === undefined ? 0 : state.you;
  const box = document.getElementById("seats");
  box.dataset.count = String(count);
  const bets = [];
  replace(
    box,
    state.seats.map((info, n) => {
      const pos = seatPosition(n, count, anchor);
      if (!info) return emptySeat(ctx, n, pos);
      const player = handPlayer(state.hand, n);
      if (handRunning(state.hand)) bets.push(betEl(n, player, pos));
      return takenSeat(ctx, n, info, pos);
    }),
    bets,
  );
}

// ---------------------------------------------------------------- bet chips between seat and centre

const CHIP_GAP = 4; // px kept free around a chip
const CHIP_REACH = 34; // px: how far past its seat's edge a chip goes when there is room

function localRect(node, origin) {
  const r = node.getBoundingClientRect();
  if (!r.width || !r.height) return null;
  return { left: r.left - origin.left, top: r.top - origin.top, right: r.right - origin.left, bottom: r.bottom - origin.top };
}

function union(rects) {
  const list = rects.filter(Boolean);
  if (!list.length) return null;
  return {
    left: Math.min(...list.map((r) => r.left)),
    top: Math.min(...list.map((r) => r.top)),
    right: Math.max(...list.map((r) => r.right)),
    bottom: Math.max(...list.map((r) => r.bottom)),
  };
}

function grow(r, dx, dy) {
  return { left: r.left - dx, top: r.top - dy, right: r.right + dx, bottom: r.bottom + dy };
}

/** The ray p + t·d (p inside r) leaves r at this t. */
function exitAt(p, d, r) {
  const tx = d.x > 0 ? (r.right - p.x) / d.x : d.x < 0 ? (r.left - p.x) / d.x : Infinity;
  const ty = d.y > 0 ? (r.bottom - p.y) / d.y : d.y < 0 ? (r.top - p.y) / d.y : Infinity;
  return Math.min(tx, ty);
}

/** The ray p + t·d enters r (which holds p + d) at this t. */
function entryAt(p, d, r) {
  const tx = d.x > 0 ? (r.left - p.x) / d.x : d.x < 0 ? (r.right - p.x) / d.x : -Infinity;
  const ty = d.y > 0 ? (r.top - p.y) / d.y : d.y < 0 ? (r.bottom - p.y) / d.y : -Infinity;
  return Math.max(tx, ty);
}

/** What the centre shows (board, pot, side pots, hand line), as one rectangle in the felt's coordinates. */
function centreRect(origin) {
  const parts = [];
  const board = document.getElementById("board");
  if (board && board.querySelector(".card")) parts.push(localRect(board.parentElement, origin));
  for (const id of ["pot", "hand-info"]) {
    const node = document.getElementById(id);
    if (node && node.textContent) parts.push(localRect(node, origin));
  }
  for (const li of document.querySelectorAll("#side-pots li")) parts.push(localRect(li, origin));
  return union(parts);
}

function overlaps(a, b) {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Where a chip (half extents hw, hh) may go beside its seat when the line to the centre has no room: the side
 *  towards the centre first, from the end nearest the centre along the seat's height. */
function besideSeat(seatRect, c, hw, hh) {
  const towardsTop = c.y < (seatRect.top + seatRect.bottom) / 2;
  const ys = [];
  for (let y = seatRect.top + hh; y <= seatRect.bottom - hh; y += 4) ys.push(y);
  if (!towardsTop) ys.reverse();
  const side = (x) => ys.map((y) => ({ x, y }));
  const right = side(seatRect.right + hw);
  const left = side(seatRect.left - hw);
  return c.x >= (seatRect.left + seatRect.right) / 2 ? [...right, ...left] : [...left, ...right];
}

/**
 * Place each bet chip on the line from its seat towards the centre: past the seat's plate and cards and short of
 * the board, pot and labels (measured, so it holds for any number of cards and at any width); where that line has
 * no room (a crowded centre), beside the seat. Called after each render and when the felt changes size.
 */
export function layoutBets() {
  const box = document.getElementById("seats");
  if (!box) return;
  const chipsShown = box.querySelectorAll(".seat-bet");
  if (!chipsShown.length) return;
  const origin = box.getBoundingClientRect();
  if (!origin.width || !origin.height) return;
  const centre = centreRect(origin);
  const c = centre
    ? { x: (centre.left + centre.right) / 2, y: (centre.top + centre.bottom) / 2 }
    : { x: origin.width / 2, y: origin.height / 2 };
  const seatRects = new Map();
  for (const node of box.querySelectorAll(".seat")) {
    const parts = [node.querySelector(".seat-plate, .sit-button, .seat-open"), ...node.querySelectorAll(".card, .dealer-button")];
    const rect = union(parts.filter(Boolean).map((n) => localRect(n, origin)));
    if (rect) seatRects.set(node.dataset.seat, rect);
  }
  const placed = [];
  for (const chip of chipsShown) {
    const seatRect = seatRects.get(chip.dataset.seat);
    if (!seatRect) continue;
    const hw = chip.offsetWidth / 2 + CHIP_GAP;
    const hh = chip.offsetHeight / 2 + CHIP_GAP;
    const p = { x: (seatRect.left + seatRect.right) / 2, y: (seatRect.top + seatRect.bottom) / 2 };
    const d = { x: c.x - p.x, y: c.y - p.y };
    const len = Math.hypot(d.x, d.y);
    if (len < 1) continue;
    const out = exitAt(p, d, grow(seatRect, hw, hh));
    const inn = centre ? entryAt(p, d, grow(centre, hw, hh)) : 1;
    const clamp = (q) => ({
      x: Math.min(origin.width - hw, Math.max(hw, q.x)),
      y: Math.min(origin.height - hh, Math.max(hh, q.y)),
    });
    const free = (q) => {
      const r = { left: q.x - hw, right: q.x + hw, top: q.y - hh, bottom: q.y + hh };
      if (centre && overlaps(r, centre)) return false;
      for (const other of seatRects.values()) if (overlaps(r, other)) return false;
      return !placed.some((o) => overlaps(r, o));
    };
    // room between the seat and the centre: go a little way into it; none: beside the seat, else at its edge
    const along = { x: p.x + out * d.x, y: p.y + out * d.y };
    let at = clamp(along);
    if (inn > out) {
      const t = out + Math.min((inn - out) / 2, CHIP_REACH / len);
      at = clamp({ x: p.x + t * d.x, y: p.y + t * d.y });
    } else {
      const spot = besideSeat(seatRect, c, hw, hh).map(clamp).find(free);
      if (spot) at = spot;
    }
    placed.push({ left: at.x - hw, right: at.x + hw, top: at.y - hh, bottom: at.y + hh });
    chip.style.left = `${((100 * at.x) / origin.width).toFixed(2)}%`;
    chip.style.top = `${((100 * at.y) / origin.height).toFixed(2)}%`;
  }
}

// ---------------------------------------------------------------- the centre

function potLabel(ctx, pot, i) {
  const names = (pot.eligible || []).map((seat) => seatName(ctx, seat) || t("hh.seat", { seat }));
  const who = names.length ? ` (${new Intl.ListFormat(language(), { type: "unit" }).format(names)})` : "";
  return `${i === 0 ? t("felt.main_pot", { amount: chips(pot.amount) }) : t("felt.side_pot", { n: i, amount: chips(pot.amount) })}${who}`;
}

/** The board (labelled Vela in Telesina), pot total, side pots and the hand line. */
export function renderCentre(ctx) {
  const hand = ctx.state.hand;
  const board = hand ? hand.board : [];
  replace(document.getElementById("board"), cardsEl(board));
  markBoard(ctx.won || winners(ctx.state));
  const vela = hand && hand.game === "telesina" && board.length > 0;
  document.getElementById("board-label").textContent = vela ? streetName("vela") : "";
  const running = handRunning(hand);
  const potText = running ? t("felt.pot", { amount: chips(hand.pot) }) : "";
  document.getElementById("pot").textContent = potText;
  const pots = running && hand.pots.length > 1 ? hand.pots : [];
  replace(
    document.getElementById("side-pots"),
    pots.map((p, i) => el("li", tid("side-pot"), potLabel(ctx, p, i))),
  );
  replace(
    document.getElementById("side-pots-below"),
    pots.map((p, i) => el("li", {}, potLabel(ctx, p, i))),
  );
  const stage = running ? streetName(hand.street) : t("felt.hand_complete");
  const info = hand ? t("felt.hand_info", { number: hand.number, street: stage }) : t("felt.waiting");
  document.getElementById("hand-info").textContent = info;
}
