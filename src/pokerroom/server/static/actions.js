// actions.js — the action bar, shown only while state.hand.legal is set: one button per legal kind (Fold, Check,
// Call N, Bet/Raise to X, Bring-in N, Split, Show, Muck), the bet slider + amount input bounded by legal.bet or
// legal.raise (snapped to legal.amounts when given) with Min / ½ Pot / Pot / All-in presets (the last one "Max" when
// the range ends below your stack; a bet, raise or call that puts in your last chip says "(all-in)"), and in draw
// phases the "Discard N / Stand pat" button for the cards picked on your seat.

import { chips, el, replace, tid } from "./util.js";
import { handPlayer } from "./seats.js";

let shownKey = null; // the decision the bar was built for (kept while the same decision is shown)
let bar = null; // {range, amounts, amount, allIn, slider, input, betButton, drawButton}
let busyTimer = null;
const BUSY_MS = 4000; // the bar is enabled again if no new decision arrives in this time

/** A key naming one decision: the same hand, event count and legal set keep the bar (and its amount) as is. */
export function decisionKey(state) {
  const hand = state.hand;
  if (!hand || !hand.legal) return null;
  return `${hand.number}:${hand.events.length}:${JSON.stringify(hand.legal)}`;
}

// ---------------------------------------------------------------- amounts

/** The bet/raise range [min, max] and the kind ("bet" or "raise"), or null. */
function betRange(legal) {
  if (legal.actions.includes("bet") && legal.bet) return { kind: "bet", min: legal.bet[0], max: legal.bet[1] };
  if (legal.actions.includes("raise") && legal.raise) return { kind: "raise", min: legal.raise[0], max: legal.raise[1] };
  return null;
}

/** Clamp to [min, max]; with legal.amounts, the nearest legal total. */
function snap(value, range, amounts) {
  let v = Math.round(Number(value));
  if (!Number.isFinite(v)) v = range.min;
  v = Math.min(range.max, Math.max(range.min, v));
  if (amounts && amounts.length) {
    v = amounts.reduce((best, a) => (Math.abs(a - v) < Math.abs(best - v) ? a : best), amounts[0]);
  }
  return v;
}

/** The total for this round that puts every chip you hold in (stack behind + your bet), or null. */
function allInTotal(ctx) {
  const me = handPlayer(ctx.state.hand, ctx.state.you);
  return me ? me.stack + me.bet : null;
}

/** Raise-to totals for the presets: a pot-sized raise is the current bet + (pot + the call); pot already holds
 *  this round's bets. */
function presetTotals(ctx, range) {
  const hand = ctx.state.hand;
  const me = handPlayer(hand, ctx.state.you);
  const myBet = me ? me.bet : 0;
  const top = Math.max(0, ...hand.players.map((p) => p.bet));
  const toCall = Math.max(0, top - myBet);
  const afterCall = hand.pot + toCall;
  return {
    min: range.min,
    half: top + Math.floor(afterCall / 2),
    pot: top + afterCall,
    max: range.max,
  };
}

// ---------------------------------------------------------------- sending

function act(ctx, action, extra = {}) {
  const hand = ctx.state.hand;
  // seq: the events seen when choosing; a double click sent twice is refused the second time (stale_hand).
  const msg = { type: "act", action, hand: hand.number, seq: hand.events.length, ...extra };
  if (ctx.state.you !== null && ctx.state.you !== undefined) msg.seat = ctx.state.you;
  if (!ctx.send(msg)) return;
  setBusy(true);
  clearTimeout(busyTimer);
  busyTimer = setTimeout(() => setBusy(false), BUSY_MS);
}

/** Disable the bar after an action is sent (until the next state); enable it again after an error. */
export function setBusy(busy) {
  const node = document.querySelector('[data-testid="action-bar"]');
  if (!node) return;
  node.classList.toggle("busy", busy);
  for (const input of node.querySelectorAll("button, input")) input.disabled = busy;
}

// ---------------------------------------------------------------- buttons

function button(testid, label, onclick, cls = "", title = undefined) {
  return el("button", tid(testid, { type: "button", class: `act ${cls}`, onclick, title }), label);
}

function simpleButtons(ctx, legal) {
  const out = [];
  const has = (k) => legal.actions.includes(k);
  if (has("fold")) out.push(button("action-fold", "Fold", () => act(ctx, "fold"), "act-fold"));
  if (has("check")) out.push(button("action-check", "Check", () => act(ctx, "check")));
  if (has("call")) {
    const me = handPlayer(ctx.state.hand, ctx.state.you);
    const allIn = me && legal.call && legal.call >= me.stack ? " (all-in)" : "";
    out.push(button("action-call", `Call ${chips(legal.call)}${allIn}`, () => act(ctx, "call")));
  }
  if (has("bring-in")) {
    const label = legal.bring_in ? `Bring-in ${chips(legal.bring_in)}` : "Bring-in";
    out.push(button("action-bring-in", label, () => act(ctx, "bring-in")));
  }
  if (has("split")) {
    const title = "Propose splitting the pot (every player left must agree)";
    out.push(button("action-split", "Split", () => act(ctx, "split"), "", title));
  }
  if (has("show")) out.push(button("action-show", "Show", () => act(ctx, "show")));
  if (has("muck")) out.push(button("action-muck", "Muck", () => act(ctx, "muck"), "act-fold"));
  return out;
}

function betLabel(kind, amount, allIn) {
  const label = kind === "bet" ? `Bet ${chips(amount)}` : `Raise to ${chips(amount)}`;
  return allIn !== null && allIn !== undefined && amount === allIn ? `${label} (all-in)` : label;
}

function setAmount(value) {
  if (!bar || !bar.range) return;
  bar.amount = snap(value, bar.range, bar.amounts);
  bar.slider.value = String(bar.amount);
  bar.input.value = String(bar.amount);
  bar.betButton.textContent = betLabel(bar.range.kind, bar.amount, bar.allIn);
}

function presetButtons(ctx, range) {
  const totals = presetTotals(ctx, range);
  const allIn = allInTotal(ctx);
  const preset = (testid, label, value) => button(testid, label, () => setAmount(value), "preset");
  return el(
    "div",
    { class: "presets" },
    preset("preset-min", "Min", totals.min),
    preset("preset-half", "½ Pot", totals.half),
    preset("preset-pot", "Pot", totals.pot),
    // the range's top is all-in only when it reaches your stack (spread and fixed limits stop short of it)
    preset("preset-allin", allIn !== null && totals.max < allIn ? "Max" : "All-in", totals.max),
  );
}

function betControls(ctx, legal, range) {
  const amounts = legal.amounts && legal.amounts.length ? [...legal.amounts].sort((a, b) => a - b) : null;
  const start = snap(range.min, range, amounts);
  const allIn = allInTotal(ctx);
  const betButton = button(`action-${range.kind}`, betLabel(range.kind, start, allIn), () => act(ctx, range.kind, { amount: bar.amount }), "act-bet");
  const slider = el("input", tid("amount-slider", { type: "range", min: range.min, max: range.max, step: 1, value: start, "aria-label": "Amount" }));
  const input = el("input", tid("amount-input", { type: "number", min: range.min, max: range.max, step: 1, value: start, "aria-label": "Amount", inputmode: "numeric" }));
  slider.addEventListener("input", () => setAmount(slider.value));
  input.addEventListener("change", () => setAmount(input.value));
  input.addEventListener("input", () => {
    const v = Number(input.value);
    if (Number.isFinite(v) && v >= range.min && v <= range.max && (!amounts || amounts.includes(v))) {
      bar.amount = v;
      slider.value = String(v);
      betButton.textContent = betLabel(range.kind, v, allIn);
    }
  });
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") {
      setAmount(input.value);
      betButton.click();
    }
  });
  bar = { ...bar, range, amounts, amount: start, allIn, slider, input, betButton };
  const fixed = range.min === range.max && (!amounts || amounts.length <= 1);
  const controls = fixed
    ? null
    : el("div", { class: "bet-controls" }, presetButtons(ctx, range), el("div", { class: "amount-row" }, slider, input));
  return { betButton, controls };
}

// ---------------------------------------------------------------- draw

function drawLabel(count) {
  return count > 0 ? `Discard ${count}` : "Stand pat";
}

/** Update the draw button after a card was picked or put back. */
export function updateDrawButton(ctx) {
  if (bar && bar.drawButton) bar.drawButton.textContent = drawLabel(ctx.selected.size);
}

function drawControls(ctx, legal) {
  const drawButton = button("action-draw", drawLabel(ctx.selected.size), () => act(ctx, "draw", { cards: [...ctx.selected] }), "act-draw");
  bar.drawButton = drawButton;
  const hint = legal.draw > 0 ? `Pick up to ${legal.draw} of your cards to discard.` : "You may not discard.";
  return el("div", { class: "draw-controls" }, el("span", tid("draw-hint", { class: "hint" }), hint), drawButton);
}

// ---------------------------------------------------------------- the bar

/** Build (or keep) the action bar for state.hand.legal; hide it when there is nothing to decide. */
export function renderActionBar(ctx) {
  const area = document.getElementById("action-area");
  const key = decisionKey(ctx.state);
  if (key === null) {
    shownKey = null;
    bar = null;
    replace(area);
    return;
  }
  if (key === shownKey && area.firstChild) return;
  shownKey = key;
  bar = {};
  const legal = ctx.state.hand.legal;
  const buttons = simpleButtons(ctx, legal);
  const parts = [];
  const range = betRange(legal);
  if (range) {
    const { betButton, controls } = betControls(ctx, legal, range);
    buttons.push(betButton);
    if (controls) parts.push(controls);
  }
  const drawing = legal.actions.includes("draw") || (legal.draw !== undefined && legal.draw !== null);
  if (drawing) parts.unshift(drawControls(ctx, legal));
  replace(
    area,
    el("div", tid("action-bar", { class: "action-bar", role: "group", "aria-label": "Your action" }), parts, el("div", { class: "action-buttons" }, buttons)),
  );
}

/** Forget the bar (leaving the table). */
export function resetActionBar() {
  shownKey = null;
  bar = null;
  const area = document.getElementById("action-area");
  if (area) replace(area);
}
