// actions.js — the action bar, shown only while state.hand.legal is set: one button per legal kind (Fold, Check,
// Call N, Bet/Raise to X, Bring-in N, Split, Show, Muck), the bet slider + amount input bounded by legal.bet or
// legal.raise (snapped to legal.amounts when given) with Min / ½ Pot / Pot / All-in presets (the last one "Max" when
// the range ends below your stack; a bet, raise or call that puts in your last chip says "(all-in)"), and in draw
// phases the "Discard N / Stand pat" button for the cards picked on your seat. The amount box and the Bet/Raise
// button agree at every keystroke: the button shows, and a click sends, the legal amount nearest to what is typed.
// Hotkeys (F fold, C or K check/call, R raise or bet, B bet, 1-4 the presets) click the buttons that carry them
// (data-keys; shown as a small hint), never while typing in a field. Before your turn, pre-action boxes (Check/Fold,
// Check, Call N, Call any) act when your turn comes, through the same path as a click.

import { t } from "./i18n.js";
import { chips, el, replace, tid } from "./util.js";
import { handPlayer, handRunning } from "./seats.js";

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

/** Send one action for the decision in ctx.state (the events seen go along as `seq`) and disable the bar. */
export function act(ctx, action, extra = {}) {
  const hand = ctx.state.hand;
  // hand and seq (required, protocol v3): the hand and the events seen when choosing; a double click sent twice
  // is refused the second time (stale_hand) instead of acting on the next street.
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

/** A button of the bar; `keys`: its hotkeys ("C K"), the first shown as a hint. */
function button(testid, label, onclick, cls = "", title = undefined, keys = undefined) {
  const attrs = tid(testid, { type: "button", class: `act ${cls}`, onclick, title });
  if (keys) {
    attrs.dataset.keys = keys;
    attrs.dataset.hint = keys.split(" ")[0];
    attrs["aria-keyshortcuts"] = keys;
  }
  return el("button", attrs, label);
}

function simpleButtons(ctx, legal) {
  const out = [];
  const has = (k) => legal.actions.includes(k);
  if (has("fold")) out.push(button("action-fold", t("bar.fold"), () => act(ctx, "fold"), "act-fold", undefined, "F"));
  if (has("check")) out.push(button("action-check", t("bar.check"), () => act(ctx, "check"), "", undefined, "K C"));
  if (has("call")) {
    const me = handPlayer(ctx.state.hand, ctx.state.you);
    const amount = chips(legal.call);
    const label = me && legal.call && legal.call >= me.stack ? t("bar.call_allin", { amount }) : t("bar.call", { amount });
    out.push(button("action-call", label, () => act(ctx, "call"), "", undefined, "C K"));
  }
  if (has("bring-in")) {
    const label = legal.bring_in ? t("bar.bring_in", { amount: chips(legal.bring_in) }) : t("bar.bring_in_any");
    out.push(button("action-bring-in", label, () => act(ctx, "bring-in")));
  }
  if (has("split")) {
    out.push(button("action-split", t("bar.split"), () => act(ctx, "split"), "", t("bar.split_title")));
  }
  if (has("show")) out.push(button("action-show", t("bar.show"), () => act(ctx, "show")));
  if (has("muck")) out.push(button("action-muck", t("bar.muck"), () => act(ctx, "muck"), "act-fold"));
  return out;
}

function betLabel(kind, amount, allIn) {
  const label = kind === "bet" ? t("bar.bet", { amount: chips(amount) }) : t("bar.raise", { amount: chips(amount) });
  return allIn !== null && allIn !== undefined && amount === allIn ? t("bar.allin_suffix", { label }) : label;
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
  const preset = (testid, label, value, key) => button(testid, label, () => setAmount(value), "preset", undefined, key);
  return el(
    "div",
    { class: "presets" },
    preset("preset-min", t("bar.preset_min"), totals.min, "1"),
    preset("preset-half", t("bar.preset_half"), totals.half, "2"),
    preset("preset-pot", t("bar.preset_pot"), totals.pot, "3"),
    // the range's top is all-in only when it reaches your stack (spread and fixed limits stop short of it)
    preset("preset-allin", allIn !== null && totals.max < allIn ? t("bar.preset_max") : t("bar.preset_allin"), totals.max, "4"),
  );
}

function betControls(ctx, legal, range) {
  const amounts = legal.amounts && legal.amounts.length ? [...legal.amounts].sort((a, b) => a - b) : null;
  const start = snap(range.min, range, amounts);
  const allIn = allInTotal(ctx);
  const keys = range.kind === "bet" ? "B R" : "R B";
  const send = () => act(ctx, range.kind, { amount: bar.amount });
  const betButton = button(`action-${range.kind}`, betLabel(range.kind, start, allIn), send, "act-bet", undefined, keys);
  const label = t("bar.amount");
  const slider = el("input", tid("amount-slider", { type: "range", min: range.min, max: range.max, step: 1, value: start, "aria-label": label }));
  const input = el("input", tid("amount-input", { type: "number", min: range.min, max: range.max, step: 1, value: start, "aria-label": label, inputmode: "numeric" }));
  slider.addEventListener("input", () => setAmount(slider.value));
  input.addEventListener("change", () => setAmount(input.value));
  // every keystroke: the button shows the legal amount nearest to what is typed (the box is left as typed)
  input.addEventListener("input", () => {
    if (input.value.trim() === "") return;
    const v = snap(input.value, range, amounts);
    bar.amount = v;
    slider.value = String(v);
    betButton.textContent = betLabel(range.kind, v, allIn);
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
  return count > 0 ? t("bar.discard", { n: count }) : t("bar.stand_pat");
}

/** Update the draw button after a card was picked or put back. */
export function updateDrawButton(ctx) {
  if (bar && bar.drawButton) bar.drawButton.textContent = drawLabel(ctx.selected.size);
}

function drawControls(ctx, legal) {
  const drawButton = button("action-draw", drawLabel(ctx.selected.size), () => act(ctx, "draw", { cards: [...ctx.selected] }), "act-draw");
  bar.drawButton = drawButton;
  const hint = legal.draw > 0 ? t("bar.draw_hint", { n: legal.draw }) : t("bar.draw_none");
  return el("div", { class: "draw-controls" }, el("span", tid("draw-hint", { class: "hint" }), hint), drawButton);
}

// ---------------------------------------------------------------- the bar

/** Build (or keep) the action bar for state.hand.legal; hide it when there is nothing to decide. */
export function renderActionBar(ctx) {
  const area = document.getElementById("action-area");
  const key = decisionKey(ctx.state);
  if (key === null) {
    if (shownKey !== null) replace(area);
    shownKey = null;
    bar = null;
    renderPreActions(ctx, area);
    return;
  }
  if (key === shownKey && area.firstChild) return;
  shownKey = key;
  preKey = undefined; // the boxes are drawn afresh after this decision
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
    el("div", tid("action-bar", { class: "action-bar", role: "group", "aria-label": t("bar.your_action") }), parts, el("div", { class: "action-buttons" }, buttons)),
  );
  firePreAction(ctx);
}

/** Forget the bar and any pre-action (leaving the table). */
export function resetActionBar() {
  shownKey = null;
  bar = null;
  pre = null;
  preKey = undefined;
  const area = document.getElementById("action-area");
  if (area) replace(area);
}

// ---------------------------------------------------------------- pre-actions (before your turn)

let pre = null; // the box ticked: {kind: "check-fold"|"check"|"call"|"call-any", amount (Call N), hand}
let preKey; // the boxes shown: "hand:bet to you", null for none, undefined when the area was drawn over

/** What a pre-action box may offer now: {hand, toCall} while you are in a betting round and not to act. */
function preOptions(ctx) {
  const { state } = ctx;
  const hand = state.hand;
  if (!handRunning(hand) || hand.phase !== "betting" || hand.legal) return null;
  // nobody to act (the cards run out to the showdown, or the hand is settling): nothing to decide ahead
  if (hand.to_act === null || hand.to_act === undefined || hand.to_act === state.you) return null;
  const me = handPlayer(hand, state.you);
  if (!me || me.folded || me.stack === 0) return null;
  const top = Math.max(0, ...hand.players.map((p) => p.bet));
  return { hand: hand.number, toCall: Math.min(Math.max(0, top - me.bet), me.stack) };
}

/** Forget the ticked box when what it means has changed: a new hand; Check once someone bets; Call N once N
 *  changes. */
function keepPre(opts) {
  if (!pre) return;
  if (!opts || pre.hand !== opts.hand) pre = null;
  else if (pre.kind === "check" && opts.toCall > 0) pre = null;
  else if (pre.kind === "call" && opts.toCall !== pre.amount) pre = null;
}

function preBox(kind, label, opts) {
  const testid = `pre-${kind}`;
  const input = el("input", tid(testid, { type: "checkbox", checked: Boolean(pre && pre.kind === kind) }));
  input.addEventListener("change", () => {
    pre = input.checked ? { kind, amount: kind === "call" ? opts.toCall : null, hand: opts.hand } : null;
    for (const other of input.closest("[data-testid=pre-actions]").querySelectorAll("input")) {
      if (other !== input) other.checked = false;
    }
  });
  return el("label", { class: "pre-action" }, input, " ", label);
}

/** The pre-action boxes in the action area while it is not your turn (kept as they are while nothing changes). */
function renderPreActions(ctx, area) {
  const opts = preOptions(ctx);
  keepPre(opts);
  const key = opts ? `${opts.hand}:${opts.toCall}` : null;
  if (key === preKey) return;
  preKey = key;
  if (!opts) {
    replace(area);
    return;
  }
  const boxes = [preBox("check-fold", t("bar.pre_check_fold"), opts)];
  if (opts.toCall === 0) boxes.push(preBox("check", t("bar.pre_check"), opts));
  else boxes.push(preBox("call", t("bar.pre_call", { amount: chips(opts.toCall) }), opts));
  boxes.push(preBox("call-any", t("bar.pre_call_any"), opts));
  replace(area, el("div", tid("pre-actions", { class: "pre-actions", role: "group", "aria-label": t("bar.pre_label") }), boxes));
}

/** Your turn has come with a box ticked: act on it (or drop it when it no longer applies). */
function firePreAction(ctx) {
  const hand = ctx.state.hand;
  const legal = hand.legal;
  if (!pre || pre.hand !== hand.number) {
    pre = null;
    return;
  }
  if (legal.draw !== undefined && legal.draw !== null) return; // a draw decision: the box waits for the betting
  const has = (k) => legal.actions.includes(k);
  const kind = pre.kind;
  const amount = pre.amount;
  pre = null;
  preKey = undefined;
  let action = null;
  if (kind === "check-fold") action = has("check") ? "check" : has("fold") ? "fold" : null;
  else if (kind === "check") action = has("check") ? "check" : null;
  else if (kind === "call") action = has("call") && legal.call === amount ? "call" : null;
  else if (kind === "call-any") action = has("call") ? "call" : has("check") ? "check" : null;
  if (action) act(ctx, action);
}

// ---------------------------------------------------------------- hotkeys

function typing(target) {
  if (!target || !(target instanceof Element)) return false;
  return Boolean(target.closest("input, textarea, select, [contenteditable]:not([contenteditable=false])"));
}

/** F, C/K, R, B, 1-4: click the bar's button carrying that key (only with the table shown, never while typing). */
function onKey(ev) {
  if (ev.ctrlKey || ev.metaKey || ev.altKey || ev.repeat || typing(ev.target)) return;
  const view = document.getElementById("table-view");
  if (!view || view.hidden) return;
  const key = ev.key.length === 1 ? ev.key.toUpperCase() : null;
  if (!key || !/^[A-Z0-9]$/.test(key)) return;
  const area = document.getElementById("action-area");
  const buttons = [...area.querySelectorAll("button[data-keys]")].filter((b) => !b.disabled);
  // a button's own letter first (C: call before check), then any button that also takes the key
  const target =
    buttons.find((b) => b.dataset.keys.split(" ")[0] === key) || buttons.find((b) => b.dataset.keys.split(" ").includes(key));
  if (!target) return;
  ev.preventDefault();
  target.click();
}

document.addEventListener("keydown", onKey);
